//! icebox: board games as data. See ARCHITECTURE.md for the map.
//!
//! # Embedding
//!
//! A game is loaded once ([`Game::load`], from a folder, a built-in id through
//! [`catalog::find`], or files in memory as [`GameFiles`]) and then drives cheap [`State`]
//! values with four calls: `start`, `legal_moves`, `play`, `undo`. Moves come from
//! `legal_moves` (or from text, `play_text`); what a move is and how it reads is the game's.
//!
//! ```
//! use icebox::{Game, GameFiles};
//!
//! let files: GameFiles = icebox::catalog::find("connect-four", &[])?;
//! let game = Game::load(&files, None, &[])?;
//! let mut s = game.start()?;
//! let moves = game.legal_moves(&s)?;
//! assert_eq!(moves.len(), 7); // one drop per column
//! let first = game.move_text(&s, &moves[0]);
//! let undo = game.play(&mut s, &moves[0])?;
//! assert_ne!(game.position_text(&s), game.position_text(&game.start()?));
//! game.undo(&mut s, undo);
//! assert_eq!(s, game.start()?);
//! # let _ = first;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The items re-exported here are the surface an embedder needs; the modules below hold the
//! rest, and the engine's working parts (attack, conditions, the dice turn, goals, groups,
//! legal, marks, moves; the script API's registration; board lowering helpers) are the
//! crate's own. `engine::generators` and `Game::tables` expose the engine's tables and native
//! generators for the benches and the reference tests: they follow the engine, not a
//! promise of stability.

pub mod ai;
pub mod board;
pub mod catalog;
#[cfg(feature = "cli")]
pub mod cli;
pub mod def;
pub mod diag;
pub mod engine;
pub(crate) mod fsio;
pub mod game;
mod lower;
pub mod notation;
pub mod record;
pub mod rules;
pub(crate) mod scaffold;
pub mod selfplay;
#[cfg(feature = "cli")]
pub(crate) mod serve;
pub mod stats;
pub mod testing;

pub use def::GameFiles;
pub use diag::Diagnostic;
pub use engine::{Move, Outcome, PlayerId, State};
pub use game::{Game, PlayError};
pub use rules::{RuleError, RuleErrorKind};
