//! The command line: the only module that prints or reads the terminal. Each command lowers
//! its flags into a loaded [`Game`] and settings first, then runs; every error reaches `main`
//! as a message and exit status 1 (usage errors exit 2, from clap).
//!
//! One file per group of commands: `info` (list, show, schema), `play` (the session at the
//! terminal), `records` (replay, render), `experiments` (selfplay, stats, compare), `check`
//! (test, validate, perft, bench), `serve` (the page in a browser); `input`, `render` and
//! `svg` serve them.

mod check;
mod experiments;
mod info;
mod input;
mod interrupt;
mod play;
mod records;
mod render;
mod serve;
mod svg;

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand};

use crate::catalog;
use crate::diag::{Diagnostic, Diagnostics};
use crate::engine::State;
use crate::game::Game;

pub use crate::testing::perft;

/// icebox: board games as data. Play, check and measure any game defined in TOML + Rhai.
#[derive(Parser, Debug)]
#[command(name = "icebox", version, about, long_about = None)]
pub struct Cli {
    /// Extra folders of user games (also read from ICEBOX_GAMES).
    #[arg(long = "games-dir", global = true, value_name = "DIR")]
    games_dir: Vec<PathBuf>,
    /// Show what game scripts print (`print`, `debug`) on stderr.
    #[arg(long, global = true)]
    trace: bool,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// List the games, their variants and options.
    List {
        /// Print JSON: a list of objects with id, name, variants, options.
        #[arg(long)]
        json: bool,
    },
    /// Describe a game and draw its start position.
    Show {
        #[command(flatten)]
        game: GameArgs,
    },
    /// Play a game; with no human seat it plays to the end and prints every move.
    Play {
        /// A built-in game id, or a path to a game folder or game.toml (with --load: the
        /// record's game when left out).
        game: Option<String>,
        /// A variant of the game (games/<id>/variants/<name>.toml).
        #[arg(long)]
        variant: Option<String>,
        /// Set an option: `--set key=value` (repeatable).
        #[arg(long = "set", value_name = "KEY=VALUE")]
        sets: Vec<String>,
        /// A seat and who plays it: `A=human`, `B=random|greedy|mcts[:N|:500ms|:2s]|ab[:N|:500ms|:2s]`
        /// (mcts:N playouts, ab:N plies deep); `all=random` sets every seat.
        #[arg(long = "seat", value_name = "SEAT=KIND")]
        seats: Vec<String>,
        /// Seed for AI seats and dice (default 1, or the loaded record's).
        #[arg(long)]
        seed: Option<u64>,
        /// Start from this position instead of the set-up.
        #[arg(long)]
        position: Option<String>,
        /// Do not draw the board after each move (AI-only games).
        #[arg(long)]
        quiet: bool,
        /// Resume the game recorded in this file (every move is checked again).
        #[arg(long, value_name = "FILE")]
        load: Option<PathBuf>,
        /// Keep the game record in this file: each move is appended and synced to disk as it
        /// is played. An existing file is refused (unless it is the --load record, which is
        /// continued) so another game's record is never overwritten; see --overwrite.
        #[arg(long, value_name = "FILE")]
        save: Option<PathBuf>,
        /// Let --save replace an existing file.
        #[arg(long, requires = "save")]
        overwrite: bool,
        /// Colours: `auto` (on a terminal, unless NO_COLOR is set), `always`, `never`.
        #[arg(long, value_enum, default_value_t = play::Colour::Auto)]
        color: play::Colour,
        /// Dice: `auto` (thrown by the seeded generator) or `manual` (you type each throw, for
        /// a game with real dice on the table).
        #[arg(long, value_enum)]
        dice: Option<play::DiceFlag>,
    },
    /// Play many games between automatic agents, in parallel; one JSON line per game.
    Selfplay {
        #[command(flatten)]
        game: GameArgs,
        #[command(flatten)]
        run: RunArgs,
        /// Append each game's result to this JSON-lines file; games already in it are skipped
        /// (resume), so runs split by seed range can be merged by concatenation.
        #[arg(long, value_name = "FILE.jsonl")]
        out: Option<PathBuf>,
        /// Draw win rates and game lengths to this SVG file.
        #[arg(long, value_name = "FILE.svg")]
        chart: Option<PathBuf>,
    },
    /// A round robin between agents: every pair plays --games games, half in each seat order
    /// (each seat order a self-play experiment with its own results file in --out, resumable
    /// and shardable like selfplay), then Elo ratings with 95% intervals, the first agent at 0.
    Ladder {
        #[command(flatten)]
        game: GameArgs,
        /// The agents, separated by commas: "random,greedy,mcts:1s" (the first is the Elo
        /// anchor, rated 0).
        #[arg(long, required = true)]
        agents: String,
        /// Games per pair of agents, half in each seat order.
        #[arg(long, default_value_t = 40)]
        games: u64,
        /// First seed (each seat order plays seeds S, S+1, ...).
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Worker threads (default: all cores).
        #[arg(long, default_value_t = 0)]
        jobs: usize,
        /// Play only shard K of N of each pairing's seeds: `K/N`, or `auto` (`--shard` alone)
        /// under a Slurm job array. Each shard writes its own files in --out.
        #[arg(long, value_name = "K/N", num_args = 0..=1, default_missing_value = "auto")]
        shard: Option<String>,
        /// A folder for the results: one JSON-lines file per pair and seat order; games
        /// already there are skipped (resume).
        #[arg(long, value_name = "DIR")]
        out: Option<PathBuf>,
        /// Play nothing: rate the results already in --out, every shard's included (after a
        /// sharded run on a cluster).
        #[arg(long)]
        rate: bool,
        /// Draw the ratings and their intervals to this SVG file.
        #[arg(long, value_name = "FILE.svg")]
        chart: Option<PathBuf>,
    },
    /// Statistics over self-play results: win rates with 95% intervals, draws, lengths. Many
    /// files (shards, resumed runs; quoted patterns like "runs.*.jsonl" too) merge into one
    /// experiment: they must share its configuration; missing and repeated seeds are named.
    Stats {
        /// JSON-lines files written by selfplay.
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Draw win rates and game lengths to this SVG file.
        #[arg(long, value_name = "FILE.svg")]
        chart: Option<PathBuf>,
        /// Also write the merged results, one per seed in seed order, to this file.
        #[arg(long, value_name = "FILE.jsonl")]
        merged: Option<PathBuf>,
    },
    /// Play the same seeds and agents under two rule sets and report what changed.
    Compare {
        /// A built-in game id, or a path to a game folder or game.toml.
        game: String,
        /// The base rules, as flags: "--variant four-player --set x=1" (empty: the game).
        #[arg(long, default_value = "", allow_hyphen_values = true)]
        base: String,
        /// The changed rules, as flags: "--set backward_jumps=true".
        #[arg(long = "with", allow_hyphen_values = true)]
        with: String,
        #[command(flatten)]
        run: RunArgs,
        /// Draw both rule sets' win rates and lengths to this SVG file.
        #[arg(long, value_name = "FILE.svg")]
        chart: Option<PathBuf>,
    },
    /// Draw a position as an SVG picture.
    Render {
        #[command(flatten)]
        game: GameArgs,
        /// The position to draw (default: the start).
        #[arg(long, conflicts_with = "record")]
        position: Option<String>,
        /// Draw a position of this game record...
        #[arg(long, value_name = "FILE")]
        record: Option<PathBuf>,
        /// ... after this many of its moves (default: all).
        #[arg(long, requires = "record")]
        at: Option<usize>,
        /// Where to write the SVG (`-` for standard output).
        #[arg(long, value_name = "OUT")]
        svg: PathBuf,
    },
    /// Check a game record move by move; stop at the first illegal move with its number.
    Replay {
        /// The record file.
        file: PathBuf,
        /// The game to replay it with, when the record's `Game` id is not enough: a path to
        /// the game's folder (a user game elsewhere), or an id.
        #[arg(long)]
        game: Option<String>,
    },
    /// Run a game's scenario tests and the conformance test.
    Test {
        /// A built-in game id, or a path to a game folder or game.toml.
        game: String,
        /// Random playouts for the conformance test.
        #[arg(long, default_value_t = 20, value_parser = playout_count)]
        playouts: usize,
        /// Only scenarios whose file or name contains this.
        #[arg(long)]
        filter: Option<String>,
        /// Seed for the conformance playouts.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Mutation testing: break the definition one rule at a time and report every
        /// mutant no scenario fails on (instead of the scenarios and conformance).
        #[arg(long)]
        mutants: bool,
        /// With --mutants: only mutants whose name contains this.
        #[arg(long, requires = "mutants")]
        only: Option<String>,
        /// With --mutants: worker threads (0 = one per core).
        #[arg(long, default_value_t = 0)]
        jobs: usize,
    },
    /// Count the move tree to a depth (move generation check and benchmark).
    Perft {
        #[command(flatten)]
        game: GameArgs,
        /// Depth in plies.
        #[arg(long, default_value_t = 3)]
        depth: u32,
        /// Start from this position.
        #[arg(long)]
        position: Option<String>,
        /// Print JSON (depth, nodes, seconds).
        #[arg(long)]
        json: bool,
        /// List every legal move with its own count (find where two engines differ): sorted, or
        /// at a terminal each as its count is done.
        #[arg(long)]
        divide: bool,
    },
    /// Random playouts per second, moves per second and peak memory.
    Bench {
        /// A built-in game id, or a path to a game folder or game.toml.
        #[arg(required_unless_present = "all")]
        game: Option<String>,
        /// A variant of the game (games/<id>/variants/<name>.toml).
        #[arg(long)]
        variant: Option<String>,
        /// Set an option: `--set key=value` (repeatable).
        #[arg(long = "set", value_name = "KEY=VALUE")]
        sets: Vec<String>,
        /// Every built-in game and variant, one row each: playouts/s and moves/s over
        /// `--seconds` of random playouts, and perft nodes/s at the deepest depth that takes
        /// at most about that long (rates to compare across runs on one machine).
        #[arg(long, conflicts_with_all = ["game", "variant", "sets", "position"])]
        all: bool,
        /// With --all: seconds of playouts (and of perft) per game and variant.
        #[arg(long, default_value_t = 1.0, requires = "all")]
        seconds: f64,
        /// Number of playouts.
        #[arg(long, default_value_t = 2000, value_parser = playout_count)]
        playouts: usize,
        /// Stop each playout after this many plies (0: play to the end).
        #[arg(long, default_value_t = 0)]
        max_plies: u32,
        /// Start from this position.
        #[arg(long)]
        position: Option<String>,
        /// Seed.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Print JSON (playouts_per_sec, moves_per_sec, peak_rss_bytes, ...).
        #[arg(long)]
        json: bool,
    },
    /// Check game definitions: structure, references, script, hooks and a short random play.
    Validate {
        /// Game folders, game.toml files or built-in ids.
        #[arg(required = true)]
        paths: Vec<String>,
        /// Random playouts in the smoke play.
        #[arg(long, default_value_t = 5, value_parser = playout_count)]
        smoke: usize,
    },
    /// Play in a web browser: a local server for a page that lists every game, draws the
    /// position, and plays by clicks (people, AI seats, undo, records).
    Serve {
        /// The game the page opens first: an id, or a path to a game folder.
        game: Option<String>,
        /// Its variant.
        #[arg(long)]
        variant: Option<String>,
        /// Its options: `--set key=value` (repeatable).
        #[arg(long = "set", value_name = "KEY=VALUE")]
        sets: Vec<String>,
        /// Seats the page proposes: `B=mcts`, `all=random` (repeatable).
        #[arg(long = "seat", value_name = "SEAT=KIND")]
        seats: Vec<String>,
        /// Port to listen on (0: any free port).
        #[arg(long, default_value_t = 8080)]
        port: u16,
        /// Address to listen on. Only this machine by default; another address lets other
        /// machines in (there is no login).
        #[arg(long, default_value = "127.0.0.1")]
        host: String,
        /// Most games open at once.
        #[arg(long, default_value_t = 32, value_parser = clap::value_parser!(u16).range(1..=1000))]
        max_games: u16,
        /// Stop after this many seconds without a request (for scripts and tests).
        #[arg(long, value_name = "SECONDS", hide = true)]
        idle_exit: Option<u64>,
    },
    /// Start a new game: a folder that validates and plays at once (the tutorial game, or a
    /// copy of another game with --from), with its id taken from the folder's name.
    New {
        /// The new game's folder (its name is the game's id: `my-game`).
        folder: PathBuf,
        /// Start from this game (a built-in id or a game folder) instead of the tutorial game.
        #[arg(long)]
        from: Option<String>,
    },
    /// Print the reference of every function a rule script can call (Markdown), or with
    /// --rhai the definitions file the Rhai language server reads for completion and hover.
    Api {
        /// Print `.d.rhai` definitions instead.
        #[arg(long)]
        rhai: bool,
    },
    /// Print the JSON Schema of game files (or of variant files).
    Schema {
        /// The schema of variant files instead.
        #[arg(long)]
        variant: bool,
        /// The format reference (Markdown, docs/format.md) instead: every table and key with
        /// its values, default, meaning and an example from a shipped game.
        #[arg(long, conflicts_with = "variant")]
        reference: bool,
    },
}

#[derive(Args, Clone, Debug)]
struct GameArgs {
    /// A built-in game id, or a path to a game folder or game.toml.
    game: String,
    /// A variant of the game (games/<id>/variants/<name>.toml).
    #[arg(long)]
    variant: Option<String>,
    /// Set an option: `--set key=value` (repeatable).
    #[arg(long = "set", value_name = "KEY=VALUE")]
    sets: Vec<String>,
}

/// How many games, with whom, on how many threads.
#[derive(Args, Clone, Debug)]
struct RunArgs {
    /// Number of games (seeds S, S+1, ...).
    #[arg(long, default_value_t = 100)]
    games: u64,
    /// A seat and its agent: `A=random`, `B=mcts:200`, `B=ab:4`, `all=greedy` (default: random).
    #[arg(long = "seat", value_name = "SEAT=AGENT")]
    seats: Vec<String>,
    /// First seed.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Play exactly the seeds A..B (B excluded) instead of --games/--seed.
    #[arg(long, value_name = "A..B")]
    seed_range: Option<String>,
    /// Worker threads (default: all cores).
    #[arg(long, default_value_t = 0)]
    jobs: usize,
    /// Play only shard K of N of the seeds (0-based, disjoint, together all of them): `K/N`,
    /// or `auto` (`--shard` alone) to read K and N from a Slurm job array, or `auto/N` with a
    /// Kubernetes Indexed Job's index. Each shard writes its own --out file.
    #[arg(long, value_name = "K/N", num_args = 0..=1, default_missing_value = "auto")]
    shard: Option<String>,
}

/// A failure to report: diagnostics or a plain message.
enum Failure {
    Diags(Diagnostics),
    Message(String),
}

impl From<Diagnostics> for Failure {
    fn from(d: Diagnostics) -> Self {
        Failure::Diags(d)
    }
}
impl From<Diagnostic> for Failure {
    fn from(d: Diagnostic) -> Self {
        Failure::Diags(d.into())
    }
}
impl From<String> for Failure {
    fn from(s: String) -> Self {
        Failure::Message(s)
    }
}
impl<K> From<crate::diag::Failure<K>> for Failure {
    fn from(f: crate::diag::Failure<K>) -> Self {
        Failure::Message(f.message)
    }
}
impl From<&str> for Failure {
    fn from(s: &str) -> Self {
        Failure::Message(s.to_string())
    }
}

type Res = Result<ExitCode, Failure>;

/// Runs the command line and returns the exit status.
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli) {
        Ok(code) => code,
        Err(Failure::Diags(d)) => {
            eprint!("{d}");
            ExitCode::from(1)
        }
        Err(Failure::Message(m)) => {
            eprintln!("error: {m}");
            ExitCode::from(1)
        }
    }
}

/// The most playouts one command plays (a bound on its time, with a clear message).
const MAX_PLAYOUTS: usize = 10_000_000;

/// A count of playouts, from 0 to [`MAX_PLAYOUTS`].
fn playout_count(s: &str) -> Result<usize, String> {
    let n: usize = s
        .parse()
        .map_err(|_| format!("`{s}` is not a whole number"))?;
    if n > MAX_PLAYOUTS {
        return Err(format!("{n} playouts: at most {MAX_PLAYOUTS} in one run"));
    }
    Ok(n)
}

fn run(cli: Cli) -> Res {
    if cli.trace {
        crate::rules::trace::set_sink(Some(Box::new(|line| eprintln!("script: {line}"))));
    }
    let dirs = catalog::user_dirs(&cli.games_dir);
    for w in catalog::dir_warnings(&dirs) {
        eprint!("{w}");
    }
    match cli.command {
        Command::List { json } => info::list(&dirs, json),
        Command::Show { game } => info::show(&load(&game, &dirs)?),
        Command::Schema { variant, reference } => info::schema(variant, reference),
        Command::Api { rhai } => info::api(rhai),
        Command::New { folder, from } => info::new_game(&folder, from.as_deref(), &dirs),
        Command::Play {
            game,
            variant,
            sets,
            seats,
            seed,
            position,
            quiet,
            load: from,
            save,
            overwrite,
            color,
            dice,
        } => play::command(
            play::Flags {
                game,
                variant,
                sets,
                seats,
                seed,
                position,
                quiet,
                load: from,
                save,
                overwrite,
                color,
                dice,
            },
            &dirs,
        ),
        Command::Replay { file, game } => records::replay(&file, game.as_deref(), &dirs),
        Command::Render {
            game,
            position,
            record,
            at,
            svg: out,
        } => records::render(
            &game,
            position.as_deref(),
            record.as_deref(),
            at,
            &out,
            &dirs,
        ),
        Command::Selfplay {
            game,
            run,
            out,
            chart,
        } => experiments::selfplay(&game, &run, out.as_deref(), chart.as_deref(), &dirs),
        Command::Ladder {
            game,
            agents,
            games,
            seed,
            jobs,
            shard,
            out,
            rate,
            chart,
        } => experiments::ladder(
            &game,
            &agents,
            games,
            seed,
            jobs,
            shard.as_deref(),
            (out.as_deref(), rate),
            chart.as_deref(),
            &dirs,
        ),
        Command::Stats {
            files,
            chart,
            merged,
        } => experiments::stats(&files, chart.as_deref(), merged.as_deref()),
        Command::Compare {
            game,
            base,
            with,
            run,
            chart,
        } => experiments::compare(&game, &base, &with, &run, chart.as_deref(), &dirs),
        Command::Test {
            game,
            playouts,
            filter,
            seed,
            mutants,
            only,
            jobs,
        } => {
            let mut code = ExitCode::SUCCESS;
            for files in catalog::find_many(&game, &dirs)? {
                println!("== {}", files.label);
                let result = if mutants {
                    check::mutation_test(&files, jobs, only.as_deref())
                } else {
                    check::test(&files, playouts, filter.as_deref(), seed)
                };
                if result != ExitCode::SUCCESS {
                    code = ExitCode::from(1);
                }
            }
            Ok(code)
        }
        Command::Perft {
            game,
            depth,
            position,
            json,
            divide,
        } => check::perft_cmd(
            &load(&game, &dirs)?,
            depth,
            position.as_deref(),
            json,
            divide,
        ),
        Command::Bench {
            all: true,
            seconds,
            max_plies,
            seed,
            json,
            ..
        } => check::bench_all(seconds, max_plies, seed, json),
        Command::Bench {
            game,
            variant,
            sets,
            playouts,
            max_plies,
            position,
            seed,
            json,
            ..
        } => check::bench(
            &load(
                &GameArgs {
                    game: game.unwrap_or_default(),
                    variant,
                    sets,
                },
                &dirs,
            )?,
            playouts,
            max_plies,
            position.as_deref(),
            seed,
            json,
        ),
        Command::Serve {
            game,
            variant,
            sets,
            seats,
            port,
            host,
            max_games,
            idle_exit,
        } => serve::command(
            serve::Flags {
                game,
                variant,
                sets,
                seats,
                host,
                port,
                max_games: usize::from(max_games),
                idle_exit,
            },
            &dirs,
        ),
        Command::Validate { paths, smoke } => check::validate(&paths, &dirs, smoke),
    }
}

fn parse_sets(sets: &[String]) -> Result<Vec<(String, String)>, Failure> {
    sets.iter()
        .map(|kv| match kv.split_once('=') {
            Some((k, v)) if !k.trim().is_empty() => {
                Ok((k.trim().to_string(), v.trim().to_string()))
            }
            _ => Err(Failure::Message(format!(
                "--set wants KEY=VALUE, got `{kv}`"
            ))),
        })
        .collect()
}

fn load(a: &GameArgs, dirs: &[PathBuf]) -> Result<Game, Failure> {
    let files = catalog::find(&a.game, dirs)?;
    let sets = parse_sets(&a.sets)?;
    Ok(Game::load(&files, a.variant.as_deref(), &sets)?)
}

fn rule_failure(g: &Game, e: crate::rules::RuleError) -> Failure {
    Failure::Diags(g.rule_diagnostic(&e).into())
}

fn start(g: &Game, position: Option<&str>) -> Result<State, Failure> {
    match position {
        Some(p) => Ok(g.position(p)?),
        None => g.start().map_err(|e| rule_failure(g, e)),
    }
}

/// Reads a game record file (bounded, a regular file only), keeping its text for a writer
/// that goes on with it.
fn read_record(
    path: &Path,
) -> Result<(crate::record::Record, String, crate::record::Layout), Failure> {
    let name = path.display().to_string();
    let mut text = crate::fsio::read_text(path, crate::fsio::MAX_RECORD_BYTES)?;
    let (rec, layout) = crate::record::Record::parse_with_ends(&name, &text)?;
    if let Some(cut) = layout.cut {
        cut_short(&name, &mut text, cut);
    }
    Ok((rec, text, layout))
}

/// Says that a record's last line was cut short and leaves it out of `text`.
fn cut_short(name: &str, text: &mut String, cut: usize) {
    let (line, _, _) = crate::diag::line_col(text, cut);
    eprintln!(
        "warning: {name}:{line}: the last line is cut short (a write was interrupted): left out"
    );
    text.truncate(cut);
}

/// Replays a record read by [`read_record`]; a last move cut short by a crash is left out
/// (with a warning) rather than refused.
fn replay_read(
    g: &Game,
    name: &str,
    read: &mut (crate::record::Record, String, crate::record::Layout),
) -> Result<(crate::engine::State, Vec<crate::engine::Undo>), crate::record::ReplayError> {
    let (rec, text, layout) = read;
    let done = crate::record::replay_repairing(g, rec, layout)?;
    if let Some(cut) = layout.cut
        && cut < text.len()
    {
        cut_short(name, text, cut);
    }
    Ok(done)
}

/// Writes a file the user asked for (a picture, a chart) atomically.
fn write_out(path: &Path, text: &str) -> Result<(), Failure> {
    crate::fsio::write_atomic(path, text.as_bytes())
        .map_err(|e| Failure::Message(format!("cannot write {}: {e}", path.display())))
}
