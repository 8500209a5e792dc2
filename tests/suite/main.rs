//! The whole integration suite, one module per subject, built as one test binary: one link
//! instead of one per file, which is most of the time a fresh `cargo test` spends.

mod agreements;
mod ai;
mod api;
mod backgammon;
mod cli;
mod compact;
mod conditions;
mod dice_turn;
mod drops_and_xiangqi;
mod games;
mod garbage;
mod generators;
mod go_amazons;
mod helpers;
mod history;
mod hostile;
mod icegammon;
mod morris_mancala;
mod moscow_ice;
mod native_icesickle;
mod perft;
mod placement_games;
mod pty;
mod records;
mod results;
mod rounds;
mod schema;
mod selfplay;
mod serve;
mod slurm;
