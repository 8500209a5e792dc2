//! The command line: the only module that prints or reads the terminal. Each command lowers
//! its flags into a loaded [`Game`] and settings first, then runs; every error reaches `main`
//! as a message and exit status 1 (usage errors exit 2, from clap).

mod input;
mod render;
mod svg;

use crate::engine::PlayerId;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use clap::{Args, Parser, Subcommand};

use crate::ai::Agent;
use crate::catalog;
use crate::def::GameFiles;
use crate::diag::{Diagnostic, Diagnostics};
use crate::engine::State;
use crate::engine::rng::Rng;
use crate::game::Game;
use crate::testing;

/// icebox: board games as data. Play, check and measure any game defined in TOML + Rhai.
#[derive(Parser, Debug)]
#[command(name = "icebox", version, about, long_about = None)]
pub struct Cli {
    /// Extra folders of user games (also read from ICEBOX_GAMES).
    #[arg(long = "games-dir", global = true, value_name = "DIR")]
    games_dir: Vec<PathBuf>,
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
        /// A seat and who plays it: `A=human`, `B=random|greedy|mcts[:N|:500ms|:2s]`;
        /// `all=random` sets every seat.
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
        /// Keep the game record in this file, rewritten safely after every move.
        #[arg(long, value_name = "FILE")]
        save: Option<PathBuf>,
        /// Colours: `auto` (on a terminal, unless NO_COLOR is set), `always`, `never`.
        #[arg(long, default_value = "auto", value_parser = ["auto", "always", "never"])]
        color: String,
        /// Dice: `auto` (thrown by the seeded generator) or `manual` (you type each throw, for
        /// a game with real dice on the table).
        #[arg(long, value_parser = ["auto", "manual"])]
        dice: Option<String>,
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
    /// Statistics over self-play results: win rates with 95% intervals, draws, lengths.
    Stats {
        /// JSON-lines files written by selfplay.
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Draw win rates and game lengths to this SVG file.
        #[arg(long, value_name = "FILE.svg")]
        chart: Option<PathBuf>,
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
    },
    /// Run a game's scenario tests and the conformance test.
    Test {
        /// A built-in game id, or a path to a game folder or game.toml.
        game: String,
        /// Random playouts for the conformance test.
        #[arg(long, default_value_t = 20)]
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
        /// List every legal move first, each with its own count (find where two engines differ).
        #[arg(long)]
        divide: bool,
    },
    /// Random playouts per second, moves per second and peak memory.
    Bench {
        #[command(flatten)]
        game: GameArgs,
        /// Number of playouts.
        #[arg(long, default_value_t = 2000)]
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
        #[arg(long, default_value_t = 5)]
        smoke: usize,
    },
    /// Print the JSON Schema of game files (or of variant files).
    Schema {
        /// The schema of variant files instead.
        #[arg(long)]
        variant: bool,
    },
}

#[derive(Args, Debug)]
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
    /// A seat and its agent: `A=random`, `B=mcts:200`, `all=greedy` (default: random).
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

fn run(cli: Cli) -> Res {
    let dirs = catalog::user_dirs(&cli.games_dir);
    match cli.command {
        Command::List { json } => list(&dirs, json),
        Command::Show { game } => show(&load(&game, &dirs)?),
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
            color,
            dice,
        } => {
            let color = match color.as_str() {
                "always" => true,
                "never" => false,
                _ => {
                    use std::io::IsTerminal;
                    std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
                        && std::io::stdout().is_terminal()
                }
            };
            let record = match &from {
                Some(f) => Some(read_record(f)?),
                None => None,
            };
            let header = |k: &str| {
                record
                    .as_ref()
                    .and_then(|r| r.header(k))
                    .map(str::to_string)
            };
            let args = GameArgs {
                game: game
                    .or_else(|| header("Game"))
                    .ok_or_else(|| "name a game (or --load a record)".to_string())?,
                variant: variant.or_else(|| header("Variant")),
                sets: if sets.is_empty() {
                    record
                        .as_ref()
                        .map(|r| {
                            r.sets()
                                .into_iter()
                                .map(|(k, v)| format!("{k}={v}"))
                                .collect()
                        })
                        .unwrap_or_default()
                } else {
                    sets
                },
            };
            let seed = seed
                .or_else(|| header("Seed").and_then(|v| v.parse().ok()))
                .unwrap_or(1);
            let g = load(&args, &dirs)?;
            play(
                &g,
                &PlayOpts {
                    args,
                    seat_flags: seats,
                    seed,
                    position,
                    quiet,
                    manual_dice: dice.as_deref() == Some("manual")
                        || (dice.is_none()
                            && record.as_ref().and_then(|r| r.header("Dice")) == Some("manual")),
                    record,
                    save,
                    color,
                },
            )
        }
        Command::Replay { file } => replay_cmd(&file, &dirs),
        Command::Selfplay {
            game,
            run,
            out,
            chart,
        } => selfplay_cmd(&game, &run, out.as_deref(), chart.as_deref(), &dirs),
        Command::Stats { files, chart } => {
            let mut all = Vec::new();
            for f in &files {
                all.extend(read_results(f)?);
            }
            let summary = crate::stats::summarize(&all);
            print!("{}", crate::stats::summary_text(&summary));
            if let Some(c) = chart {
                let lengths = all.iter().map(|r| r.plies).collect();
                write_chart(&c, &[("results", &summary, lengths)])?;
            }
            Ok(ExitCode::SUCCESS)
        }
        Command::Compare {
            game,
            base,
            with,
            run,
            chart,
        } => compare_cmd(&game, &base, &with, &run, chart.as_deref(), &dirs),
        Command::Render {
            game,
            position,
            record,
            at,
            svg: out,
        } => {
            let g = load(&game, &dirs)?;
            let s = match &record {
                Some(f) => {
                    let mut rec = read_record(f)?;
                    if let Some(n) = at {
                        if n > rec.moves.len() {
                            return Err(format!(
                                "--at {n}: the record has {} moves",
                                rec.moves.len()
                            )
                            .into());
                        }
                        rec.moves.truncate(n);
                    }
                    crate::record::replay(&g, &rec)
                        .map_err(|e| format!("{}: {e}", f.display()))?
                        .0
                }
                None => start(&g, position.as_deref())?,
            };
            let picture = svg::position_svg(&g, &s);
            if out.as_os_str() == "-" {
                print!("{picture}");
            } else {
                crate::record::save(&out, &picture)
                    .map_err(|e| format!("cannot write {}: {e}", out.display()))?;
                println!("wrote {}", out.display());
            }
            Ok(ExitCode::SUCCESS)
        }
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
                    mutation_test(&files, jobs, only.as_deref())
                } else {
                    test(&files, playouts, filter.as_deref(), seed)?
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
        } => perft_cmd(
            &load(&game, &dirs)?,
            depth,
            position.as_deref(),
            json,
            divide,
        ),
        Command::Bench {
            game,
            playouts,
            max_plies,
            position,
            seed,
            json,
        } => bench(
            &load(&game, &dirs)?,
            playouts,
            max_plies,
            position.as_deref(),
            seed,
            json,
        ),
        Command::Validate { paths, smoke } => validate(&paths, &dirs, smoke),
        Command::Schema { variant } => {
            print!(
                "{}",
                if variant {
                    crate::def::schema::variant_schema()
                } else {
                    crate::def::schema::game_schema()
                }
            );
            Ok(ExitCode::SUCCESS)
        }
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
    Failure::Diags(e.to_diagnostic(Some(&g.script)).into())
}

fn start(g: &Game, position: Option<&str>) -> Result<State, Failure> {
    match position {
        Some(p) => Ok(g.position(p)?),
        None => g.start().map_err(|e| rule_failure(g, e)),
    }
}

fn list(dirs: &[PathBuf], json: bool) -> Res {
    let mut rows = Vec::new();
    for (id, files) in catalog::all(dirs) {
        let loaded = crate::def::load(&files, None, &[]);
        let (name, seats, options) = match &loaded {
            Ok(l) => (
                l.def.game.name.clone(),
                l.def.players.seats.len(),
                l.def
                    .options
                    .iter()
                    .map(|(k, o)| serde_json::json!({"name": k, "default": o.default.to_string(), "description": o.description}))
                    .collect::<Vec<_>>(),
            ),
            Err(_) => ("(does not load: run icebox validate)".to_string(), 0, Vec::new()),
        };
        let variants: Vec<serde_json::Value> = files
            .variant_names()
            .into_iter()
            .map(|v| {
                let text = files.get(&format!("variants/{v}.toml")).unwrap_or_default();
                let description = toml::from_str::<crate::def::VariantDef>(text)
                    .map(|d| d.description)
                    .unwrap_or_default();
                serde_json::json!({"name": v, "description": description})
            })
            .collect();
        rows.push(serde_json::json!({"id": id, "name": name, "seats": seats, "variants": variants, "options": options}));
    }
    if json {
        println!(
            "{}",
            serde_json::to_string_pretty(&rows).unwrap_or_default()
        );
        return Ok(ExitCode::SUCCESS);
    }
    for r in &rows {
        println!(
            "{:<14} {} ({} players)",
            r["id"].as_str().unwrap_or(""),
            r["name"].as_str().unwrap_or(""),
            r["seats"]
        );
        for v in r["variants"].as_array().into_iter().flatten() {
            println!(
                "    variant {:<20} {}",
                v["name"].as_str().unwrap_or(""),
                v["description"].as_str().unwrap_or("")
            );
        }
        for o in r["options"].as_array().into_iter().flatten() {
            println!(
                "    option  {:<20} {} (default {})",
                o["name"].as_str().unwrap_or(""),
                o["description"].as_str().unwrap_or(""),
                o["default"].as_str().unwrap_or("")
            );
        }
    }
    Ok(ExitCode::SUCCESS)
}

fn show(g: &Game) -> Res {
    let m = &g.def.game;
    println!("{} ({})", m.name, m.id);
    if !m.authors.is_empty() {
        println!(
            "by {}{}",
            m.authors.join(", "),
            m.year.map(|y| format!(", {y}")).unwrap_or_default()
        );
    }
    if let Some(s) = &m.source {
        println!("rules: {s}");
    }
    if let Some(v) = &g.variant {
        println!("variant: {v}");
    }
    if let Some(s) = &m.summary {
        println!("\n{}\n", s.trim());
    }
    let seats: Vec<&str> = g.tables.seats.iter().map(|s| s.name.as_str()).collect();
    println!("seats: {}", seats.join(", "));
    if !g.def.options.is_empty() {
        println!("options:");
        for (k, o) in &g.def.options {
            println!(
                "  {k} = {}  ({}; default {})",
                g.options[k], o.description, o.default
            );
        }
    }
    let variants = g.files.variant_names();
    if !variants.is_empty() {
        println!("variants: {}", variants.join(", "));
    }
    let s = start(g, None)?;
    println!("\nstart position: {}\n", g.position_text(&s));
    print!("{}", render::board_text(g, &s));
    Ok(ExitCode::SUCCESS)
}

/// Turns a rule-set string like `--variant v --set a=1` into game arguments.
fn rules_args(game: &str, flags: &str) -> Result<GameArgs, Failure> {
    let mut args = GameArgs {
        game: game.to_string(),
        variant: None,
        sets: Vec::new(),
    };
    let mut words = flags.split_whitespace();
    while let Some(w) = words.next() {
        let (flag, inline) = match w.split_once('=') {
            Some((f, v)) if f.starts_with("--") => (f, Some(v.to_string())),
            _ => (w, None),
        };
        let mut value = || {
            inline
                .clone()
                .or_else(|| words.next().map(str::to_string))
                .ok_or_else(|| Failure::Message(format!("`{flag}` needs a value in \"{flags}\"")))
        };
        match flag {
            "--variant" => args.variant = Some(value()?),
            "--set" => args.sets.push(value()?),
            other => {
                return Err(format!(
                    "`{other}` in \"{flags}\": a rule set is made of --variant NAME and --set KEY=VALUE"
                )
                .into());
            }
        }
    }
    Ok(args)
}

fn plan(
    args: &GameArgs,
    run: &RunArgs,
    dirs: &[PathBuf],
) -> Result<crate::selfplay::Plan, Failure> {
    let files = catalog::find(&args.game, dirs)?;
    let sets = parse_sets(&args.sets)?;
    // Load once here so a bad rule set is reported before any thread starts.
    let g = Game::load(&files, args.variant.as_deref(), &sets)?;
    let mut seats = std::collections::BTreeMap::new();
    for f in &run.seats {
        let (seat, kind) = f
            .split_once('=')
            .ok_or_else(|| format!("--seat wants SEAT=AGENT, got `{f}`"))?;
        let agent: Agent = kind.parse()?;
        if agent == Agent::Human {
            return Err("selfplay seats are automatic: random, greedy or mcts"
                .to_string()
                .into());
        }
        if seat == "all" {
            for s in &g.tables.seats {
                seats.insert(s.name.clone(), agent);
            }
        } else if g.tables.seat(seat).is_some() {
            seats.insert(seat.to_string(), agent);
        } else {
            return Err(format!("`{seat}` is not a seat of {}", g.id()).into());
        }
    }
    let seeds: Vec<u64> = match &run.seed_range {
        Some(r) => {
            let (a, b) = r
                .split_once("..")
                .and_then(|(a, b)| {
                    Some((a.trim().parse::<u64>().ok()?, b.trim().parse::<u64>().ok()?))
                })
                .filter(|(a, b)| a < b)
                .ok_or_else(|| format!("--seed-range wants A..B with A < B, got `{r}`"))?;
            (a..b).collect()
        }
        None => (run.seed..run.seed.saturating_add(run.games)).collect(),
    };
    Ok(crate::selfplay::Plan {
        files,
        variant: args.variant.clone(),
        sets,
        seats,
        seeds,
        jobs: run.jobs,
    })
}

fn progress(n: usize) -> indicatif::ProgressBar {
    use std::io::IsTerminal;
    if !std::io::stderr().is_terminal() {
        return indicatif::ProgressBar::hidden();
    }
    let bar = indicatif::ProgressBar::new(n as u64);
    bar.set_style(
        indicatif::ProgressStyle::with_template(
            "{bar:40} {pos}/{len} games  {per_sec}  {elapsed} elapsed, {eta} left",
        )
        .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    bar
}

fn read_results(path: &std::path::Path) -> Result<Vec<crate::selfplay::GameResult>, Failure> {
    let name = path.display().to_string();
    let text = std::fs::read_to_string(path)
        .map_err(|e| Diagnostic::error(&name, format!("cannot read: {e}")))?;
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let r = serde_json::from_str(line).map_err(|e| {
            Diagnostic::error(
                &name,
                format!("line {} is not a selfplay result: {e}", i + 1),
            )
            .at_line_col(&text, i + 1, e.column().max(1))
        })?;
        out.push(r);
    }
    Ok(out)
}

fn write_chart(
    path: &std::path::Path,
    sets: &[(&str, &crate::stats::Summary, Vec<u32>)],
) -> Result<(), Failure> {
    crate::record::save(path, &crate::stats::chart_svg(sets))
        .map_err(|e| Failure::Message(format!("cannot write {}: {e}", path.display())))?;
    println!("chart: {}", path.display());
    Ok(())
}

fn selfplay_cmd(
    args: &GameArgs,
    run: &RunArgs,
    out: Option<&std::path::Path>,
    chart: Option<&std::path::Path>,
    dirs: &[PathBuf],
) -> Res {
    let mut plan = plan(args, run, dirs)?;
    let mut previous = Vec::new();
    if let Some(o) = out.filter(|o| o.exists()) {
        previous = read_results(o)?;
        let done: std::collections::BTreeSet<u64> = previous.iter().map(|r| r.seed).collect();
        plan.seeds.retain(|s| !done.contains(s));
        if !done.is_empty() {
            eprintln!(
                "{}: {} games already there, {} to play",
                o.display(),
                done.len(),
                plan.seeds.len()
            );
        }
    }
    let bar = progress(plan.seeds.len());
    let t0 = Instant::now();
    let results = crate::selfplay::run(&plan, &|| bar.inc(1)).map_err(Failure::Message)?;
    bar.finish_and_clear();
    let secs = t0.elapsed().as_secs_f64();
    if let Some(o) = out {
        use std::io::Write as _;
        let mut f = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(o)
            .map_err(|e| format!("cannot write {}: {e}", o.display()))?;
        let mut text = String::new();
        for r in &results {
            text.push_str(&serde_json::to_string(r).map_err(|e| e.to_string())?);
            text.push('\n');
        }
        f.write_all(text.as_bytes())
            .map_err(|e| format!("cannot write {}: {e}", o.display()))?;
    }
    println!(
        "played {} games in {secs:.2}s ({:.1} games/s, {} threads)",
        results.len(),
        results.len() as f64 / secs.max(1e-9),
        rayon_threads(run.jobs)
    );
    let mut all = previous;
    all.extend(results);
    let summary = crate::stats::summarize(&all);
    print!("{}", crate::stats::summary_text(&summary));
    if let Some(c) = chart {
        let lengths = all.iter().map(|r| r.plies).collect();
        write_chart(c, &[("results", &summary, lengths)])?;
    }
    Ok(ExitCode::SUCCESS)
}

fn rayon_threads(jobs: usize) -> usize {
    if jobs > 0 {
        jobs
    } else {
        std::thread::available_parallelism().map_or(1, |n| n.get())
    }
}

fn compare_cmd(
    game: &str,
    base: &str,
    with: &str,
    run: &RunArgs,
    chart: Option<&std::path::Path>,
    dirs: &[PathBuf],
) -> Res {
    let base_plan = plan(&rules_args(game, base)?, run, dirs)?;
    let with_plan = plan(&rules_args(game, with)?, run, dirs)?;
    let bar = progress(base_plan.seeds.len() * 2);
    let a = crate::selfplay::run(&base_plan, &|| bar.inc(1)).map_err(Failure::Message)?;
    let b = crate::selfplay::run(&with_plan, &|| bar.inc(1)).map_err(Failure::Message)?;
    bar.finish_and_clear();
    let (sa, sb) = (crate::stats::summarize(&a), crate::stats::summarize(&b));
    let base_label = if base.trim().is_empty() {
        "base rules"
    } else {
        base
    };
    println!("== base: {base_label}");
    print!("{}", crate::stats::summary_text(&sa));
    println!("== with: {with}");
    print!("{}", crate::stats::summary_text(&sb));
    println!("== differences (with - base), same seeds and agents:");
    print!(
        "{}",
        crate::stats::compare_text(&crate::stats::compare(&sa, &sb))
    );
    if let Some(c) = chart {
        write_chart(
            c,
            &[
                (base_label, &sa, a.iter().map(|r| r.plies).collect()),
                (with, &sb, b.iter().map(|r| r.plies).collect()),
            ],
        )?;
    }
    Ok(ExitCode::SUCCESS)
}

/// What `play` was asked for.
struct PlayOpts {
    args: GameArgs,
    seat_flags: Vec<String>,
    seed: u64,
    position: Option<String>,
    quiet: bool,
    /// A record to resume.
    record: Option<crate::record::Record>,
    /// Where to keep the record.
    save: Option<PathBuf>,
    /// ANSI colours on the board.
    color: bool,
    /// The players type each throw of the dice.
    manual_dice: bool,
}

fn read_record(path: &std::path::Path) -> Result<crate::record::Record, Failure> {
    let name = path.display().to_string();
    let text = std::fs::read_to_string(path)
        .map_err(|e| Diagnostic::error(&name, format!("cannot read: {e}")))?;
    Ok(crate::record::Record::parse(&name, &text)?)
}

fn replay_cmd(path: &std::path::Path, dirs: &[PathBuf]) -> Res {
    let rec = read_record(path)?;
    let args = GameArgs {
        game: rec
            .header("Game")
            .ok_or_else(|| {
                format!(
                    "{}: the record has no [Game \"...\"] header",
                    path.display()
                )
            })?
            .to_string(),
        variant: rec.header("Variant").map(str::to_string),
        sets: rec
            .sets()
            .into_iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect(),
    };
    let g = load(&args, dirs)?;
    match crate::record::replay(&g, &rec) {
        Ok((s, _)) => {
            let result = match s.outcome() {
                Some(o) => format!("game over: {}", outcome_text(&g, o)),
                None => format!(
                    "game in progress, {} to move",
                    g.tables.seats[s.turn().index()].name
                ),
            };
            if let Some(claimed) = rec.header("Result")
                && claimed != "*"
                && s.outcome().map(|o| result_header(&g, o)).as_deref() != Some(claimed)
            {
                println!(
                    "{}: the Result header says `{claimed}` but the moves give: {result}",
                    path.display()
                );
                return Ok(ExitCode::from(1));
            }
            println!("ok: {} moves, {result}", rec.moves.len());
            Ok(ExitCode::SUCCESS)
        }
        Err(e) => {
            println!("{}: {e}", path.display());
            Ok(ExitCode::from(1))
        }
    }
}

/// The `Result` header for an outcome: the winners' names joined by `+`, or `draw`.
fn result_header(g: &Game, o: &crate::engine::Outcome) -> String {
    if o.is_draw() {
        "draw".into()
    } else {
        o.winners()
            .iter()
            .map(|p| g.tables.seats[p.index()].name.clone())
            .collect::<Vec<_>>()
            .join("+")
    }
}

fn outcome_text(g: &Game, o: &crate::engine::Outcome) -> String {
    format!("{} ({})", result_header(g, o), o.reason)
}

/// A record of the game so far, with its headers.
fn record_of(
    g: &Game,
    opts: &PlayOpts,
    agents: &[Agent],
    s: &State,
    moves: &[crate::record::Entry],
) -> crate::record::Record {
    let mut r = crate::record::Record::default();
    r.set_header("Game", g.id());
    if let Some(v) = &opts.args.variant {
        r.set_header("Variant", v.clone());
    }
    if !opts.args.sets.is_empty() {
        r.set_header("Set", opts.args.sets.join(" "));
    }
    let seats: Vec<String> = g
        .tables
        .seats
        .iter()
        .zip(agents)
        .map(|(seat, a)| format!("{}={}", seat.name, agent_name(*a)))
        .collect();
    r.set_header("Seats", seats.join(" "));
    r.set_header("Seed", opts.seed.to_string());
    r.set_header("Dice", if opts.manual_dice { "manual" } else { "seeded" });
    if let Ok(d) = std::process::Command::new("date").arg("+%Y-%m-%d").output() {
        let d = String::from_utf8_lossy(&d.stdout).trim().to_string();
        if !d.is_empty() {
            r.set_header("Date", d);
        }
    }
    if let Some(p) = opts.position.clone().or_else(|| {
        opts.record
            .as_ref()
            .and_then(|r| r.header("Position").map(str::to_string))
    }) {
        r.set_header("Position", p);
    }
    r.set_header(
        "Result",
        s.outcome().map_or("*".to_string(), |o| result_header(g, o)),
    );
    r.moves = moves.to_vec();
    r
}

fn agent_name(a: Agent) -> String {
    match a {
        Agent::Human => "human".into(),
        Agent::Random => "random".into(),
        Agent::Greedy => "greedy".into(),
        Agent::Mcts(crate::ai::Budget::Playouts(n)) => format!("mcts:{n}"),
        Agent::Mcts(crate::ai::Budget::Time(t)) => format!("mcts:{}ms", t.as_millis()),
    }
}

fn play(g: &Game, opts: &PlayOpts) -> Res {
    let t = &g.tables;
    let seat_flags = &opts.seat_flags;
    let quiet = opts.quiet;
    let mut style = render::Style {
        color: opts.color,
        last: Vec::new(),
    };
    let mut agents = vec![Agent::Human; t.player_count()];
    let any_seat_flag = !seat_flags.is_empty();
    for f in seat_flags {
        let (seat, kind) = f
            .split_once('=')
            .ok_or_else(|| format!("--seat wants SEAT=KIND, got `{f}`"))?;
        let agent: Agent = kind.parse()?;
        if seat == "all" {
            agents.iter_mut().for_each(|a| *a = agent);
        } else {
            let p = t.seat(seat).ok_or_else(|| {
                let names: Vec<&str> = t.seats.iter().map(|s| s.name.as_str()).collect();
                format!(
                    "`{seat}` is not a seat of {} (seats: {})",
                    t.id,
                    names.join(", ")
                )
            })?;
            agents[p.index()] = agent;
        }
    }
    if !any_seat_flag {
        eprintln!(
            "(no --seat given: every seat is played at this terminal; try --seat all=random)"
        );
    }
    let mut rng = Rng::new(opts.seed);
    let mut history: Vec<crate::engine::Undo> = Vec::new();
    let mut entries: Vec<crate::record::Entry> = Vec::new();
    let mut s = match &opts.record {
        Some(rec) => {
            let (s, undos) = crate::record::replay(g, rec)
                .map_err(|e| format!("the record does not replay: {e}"))?;
            history = undos;
            entries = rec.moves.clone();
            // The random stream continues as if these moves had been chosen here.
            for _ in 0..entries.len() {
                rng.next_u64();
            }
            println!("resumed after {} moves", entries.len());
            s
        }
        None => start(g, opts.position.as_deref())?,
    };
    let mut saved_to: Option<PathBuf> = opts.save.clone();
    let mut dirty = false;
    // Entries taken back by `undo`, latest last, for `redo`.
    let mut redo: Vec<crate::record::Entry> = Vec::new();
    let save_now = |path: &std::path::Path,
                    s: &State,
                    entries: &[crate::record::Entry]|
     -> Result<(), Failure> {
        let rec = record_of(g, opts, &agents, s, entries);
        crate::record::save(path, &rec.to_text())
            .map_err(|e| Failure::Message(format!("cannot save {}: {e}", path.display())))
    };
    let mut input = input::Input::new();
    let interactive = agents.contains(&Agent::Human);
    if interactive || !quiet {
        print!("{}", render::board_text_styled(g, &s, &style));
    }
    let mut number = 0usize;
    while !s.is_over() {
        let who = s.turn();
        let moves = g.legal_moves(&s).map_err(|e| rule_failure(g, e))?;
        let m = match agents[who.index()] {
            _ if crate::ai::is_chance(&moves) && !opts.manual_dice => {
                crate::ai::chance_move(&moves, &mut rng)
                    .cloned()
                    .ok_or_else(|| "no throw of the dice".to_string())?
            }
            _ if crate::ai::is_chance(&moves) => {
                input.complete_with(Vec::new());
                let prompt = format!(
                    "{}'s throw (the dice, like 3 5)> ",
                    t.seats[who.index()].name
                );
                let Some(line) = input.ask(&prompt) else {
                    println!("\n(end of input: game abandoned)");
                    return Ok(ExitCode::SUCCESS);
                };
                let line = line.trim();
                let text = if line.starts_with("roll") {
                    line.to_string()
                } else {
                    format!("roll {line}")
                };
                match crate::notation::resolve(t, &moves, who, &text) {
                    Ok(m) => m,
                    Err(_) => {
                        println!(
                            "not a throw of this game's dice: type the pips of each die, like {}",
                            moves
                                .first()
                                .map(|m| g.move_text(&s, m).trim_start_matches("roll ").to_string())
                                .unwrap_or_default()
                        );
                        continue;
                    }
                }
            }
            agent @ (Agent::Random | Agent::Greedy | Agent::Mcts(_)) => {
                crate::ai::choose(g, &s, &moves, agent, &mut rng)
                    .map_err(|e| rule_failure(g, e))?
                    .ok_or_else(|| "no legal move in a live game".to_string())?
            }
            Agent::Human => {
                let mut words: Vec<String> = moves.iter().map(|m| g.move_text(&s, m)).collect();
                words.extend(
                    [
                        "moves", "hint", "undo", "redo", "board", "position", "save ", "resign",
                        "help", "quit",
                    ]
                    .map(String::from),
                );
                words.extend(g.agreements().iter().map(|a| format!("propose {a}")));
                input.complete_with(words);
                let Some(line) = input.ask(&format!("{} to move> ", t.seats[who.index()].name))
                else {
                    println!("\n(end of input: game abandoned)");
                    return Ok(ExitCode::SUCCESS);
                };
                let line = line.trim();
                match line {
                    "" => continue,
                    "quit" | "exit" => {
                        if dirty && saved_to.is_none() {
                            let sure = input.yes(
                                "the game is not saved (save FILE keeps it); quit anyway? (yes/no) ",
                            );
                            if !sure {
                                continue;
                            }
                        }
                        return Ok(ExitCode::SUCCESS);
                    }
                    cmd if cmd == "save" || cmd.starts_with("save ") => {
                        let path = cmd.strip_prefix("save").map(str::trim).unwrap_or_default();
                        let path = if path.is_empty() {
                            match &saved_to {
                                Some(p) => p.clone(),
                                None => {
                                    println!("save where? type: save FILE");
                                    continue;
                                }
                            }
                        } else {
                            PathBuf::from(path)
                        };
                        match save_now(&path, &s, &entries) {
                            Ok(()) => {
                                println!("saved to {}", path.display());
                                saved_to = Some(path);
                                dirty = false;
                            }
                            Err(Failure::Message(m)) => println!("{m}"),
                            Err(_) => println!("cannot save"),
                        }
                        continue;
                    }
                    "help" => {
                        let offers: String = g
                            .agreements()
                            .iter()
                            .map(|a| format!(", {a} (propose it)"))
                            .collect();
                        println!(
                            "type a move (like {}; a partial move lists its completions), or: moves, hint, undo, redo, board, position, save FILE, resign{offers}, quit",
                            moves
                                .first()
                                .map(|m| g.move_text(&s, m))
                                .unwrap_or_default()
                        );
                        continue;
                    }
                    "moves" => {
                        let texts: Vec<String> = moves.iter().map(|m| g.move_text(&s, m)).collect();
                        println!("{}", texts.join(" "));
                        continue;
                    }
                    "board" => {
                        print!("{}", render::board_text_styled(g, &s, &style));
                        continue;
                    }
                    "position" => {
                        println!("{}", g.position_text(&s));
                        continue;
                    }
                    text if g.agreements().iter().any(|a| {
                        text == a || text.strip_prefix("propose ").map(str::trim) == Some(a)
                    }) =>
                    {
                        let what = text.trim_start_matches("propose ").trim().to_string();
                        if propose(g, &s, who, &what, &agents, &mut input)? {
                            let u = g.agree(&mut s, &what).map_err(|e| rule_failure(g, e))?;
                            history.push(u);
                            entries.push(crate::record::Entry {
                                number: entries.len() as u32 + 1,
                                seat: t.seats[who.index()].name.clone(),
                                text: format!("agree {what}"),
                                comment: None,
                            });
                            println!("{what}: agreed by every player");
                            if let Some(o) = s.outcome() {
                                println!("game over: {}", outcome_text(g, o));
                            }
                            if let Some(p) = &saved_to {
                                save_now(p, &s, &entries)?;
                            }
                            break;
                        }
                        continue;
                    }
                    "undo" => {
                        match history.pop() {
                            Some(u) => {
                                g.undo(&mut s, u);
                                redo.extend(entries.pop());
                                dirty = true;
                                number = number.saturating_sub(1);
                                print!("{}", render::board_text_styled(g, &s, &style));
                            }
                            None => println!("nothing to undo"),
                        }
                        continue;
                    }
                    "redo" => {
                        let Some(e) = redo.pop() else {
                            println!("nothing to redo");
                            continue;
                        };
                        match g.play_text(&mut s, &e.text) {
                            Ok((m, u)) => {
                                history.push(u);
                                println!("{}. {}: {}", entries.len() + 1, e.seat, e.text);
                                entries.push(e);
                                style.last = m.path.iter().filter_map(|l| t.loc_cell(*l)).collect();
                                dirty = true;
                                print!("{}", render::board_text_styled(g, &s, &style));
                            }
                            Err(err) => println!("cannot redo {}: {err}", e.text),
                        }
                        continue;
                    }
                    "hint" => {
                        let mut hint_rng = Rng::new(opts.seed ^ (entries.len() as u64) << 20);
                        let agent = Agent::Mcts(crate::ai::Budget::Time(
                            std::time::Duration::from_millis(1000),
                        ));
                        match crate::ai::choose(g, &s, &moves, agent, &mut hint_rng) {
                            Ok(Some(m)) => println!("hint: {}", g.move_text(&s, &m)),
                            Ok(None) => println!("no hint: there is no move"),
                            Err(e) => println!("no hint: {e}"),
                        }
                        continue;
                    }
                    "resign" => {
                        let u = g.resign(&mut s, who).map_err(|e| rule_failure(g, e))?;
                        history.push(u);
                        entries.push(crate::record::Entry {
                            number: entries.len() as u32 + 1,
                            seat: t.seats[who.index()].name.clone(),
                            text: "resign".into(),
                            comment: None,
                        });
                        if let Some(o) = s.outcome() {
                            println!("game over: {}", outcome_text(g, o));
                        }
                        if let Some(p) = &saved_to {
                            save_now(p, &s, &entries)?;
                        }
                        break;
                    }
                    text => match crate::notation::resolve(t, &moves, who, text) {
                        Ok(m) => {
                            redo.clear();
                            m
                        }
                        Err(e) => {
                            println!("{e}");
                            if let Some(why) = why_illegal(g, &s, &moves, text) {
                                println!("{why}");
                            }
                            continue;
                        }
                    },
                }
            }
        };
        number += 1;
        let text = g.move_text(&s, &m);
        println!(
            "{}. {}: {text}",
            entries.len() + 1,
            t.seats[who.index()].name
        );
        entries.push(crate::record::Entry {
            number: entries.len() as u32 + 1,
            seat: t.seats[who.index()].name.clone(),
            text,
            comment: None,
        });
        let u = g.play(&mut s, &m).map_err(|e| rule_failure(g, e))?;
        history.push(u);
        style.last = m.path.iter().filter_map(|l| t.loc_cell(*l)).collect();
        dirty = true;
        if let Some(p) = &saved_to {
            save_now(p, &s, &entries)?;
            dirty = false;
        }
        if interactive || !quiet {
            print!("{}", render::board_text_styled(g, &s, &style));
        }
    }
    if quiet && !interactive {
        print!("{}", render::board_text_styled(g, &s, &style));
    }
    Ok(ExitCode::SUCCESS)
}

/// What the rules can tell about a move text that is not legal: the moves it begins (a
/// partial move), or what the named piece may do.
fn why_illegal(g: &Game, s: &State, moves: &[crate::engine::Move], text: &str) -> Option<String> {
    let t = &g.tables;
    let texts: Vec<String> = moves.iter().map(|m| g.move_text(s, m)).collect();
    let started: Vec<&String> = texts.iter().filter(|m| m.starts_with(text)).collect();
    if !started.is_empty() {
        let list: Vec<&str> = started.iter().take(12).map(|m| m.as_str()).collect();
        return Some(format!(
            "completions: {}{}",
            list.join(" "),
            if started.len() > 12 { " ..." } else { "" }
        ));
    }
    // `from-to`: judge the piece on `from`.
    let from = text
        .split(['-', ':', '/'])
        .next()
        .filter(|f| !f.is_empty() && f.len() < text.len())?;
    let cell = t.board.cell(from)?;
    let here: Vec<&String> = moves
        .iter()
        .zip(&texts)
        .filter(|(m, _)| m.from().and_then(|l| t.loc_cell(l)) == Some(cell))
        .map(|(_, x)| x)
        .collect();
    let who = s.turn();
    if !here.is_empty() {
        let list: Vec<&str> = here.iter().take(12).map(|m| m.as_str()).collect();
        return Some(format!(
            "from {from} the legal moves are: {}",
            list.join(" ")
        ));
    }
    Some(match s.top(cell.into()) {
        None => format!("{from} is empty"),
        Some(p) if t.info(p).owner.is_some_and(|o| o != who) => {
            format!("the piece on {from} is not {}'s", t.seats[who.index()].name)
        }
        Some(_) if moves.iter().all(|m| m.is_capture()) && !moves.is_empty() => {
            format!("the piece on {from} cannot move: a capture is compulsory elsewhere")
        }
        Some(_) => format!("the piece on {from} has no legal move now"),
    })
}

/// Asks every other seat whether it accepts `what`. A person answers at the terminal; an AI
/// seat accepts when the agreed ending would not rank it below anyone.
fn propose(
    g: &Game,
    s: &State,
    who: PlayerId,
    what: &str,
    agents: &[Agent],
    input: &mut input::Input,
) -> Result<bool, Failure> {
    let t = &g.tables;
    let mut trial = s.clone();
    g.agree(&mut trial, what).map_err(|e| rule_failure(g, e))?;
    let outcome = trial.outcome().cloned();
    for p in (0..t.player_count()).map(|i| PlayerId(i as u8)) {
        if p == who {
            continue;
        }
        let name = &t.seats[p.index()].name;
        let yes = match agents[p.index()] {
            Agent::Human => input.yes(&format!(
                "{name}: {} proposes {what}; accept? (yes/no) ",
                t.seats[who.index()].name
            )),
            _ => outcome.as_ref().is_some_and(|o| o.ranks[p.index()] == 0),
        };
        if !yes {
            println!("{name} declines {what}");
            return Ok(false);
        }
    }
    Ok(true)
}

fn test(files: &GameFiles, playouts: usize, filter: Option<&str>, seed: u64) -> Res {
    let report = testing::run_scenarios(files, filter);
    for (file, name, msg) in &report.failed {
        println!("FAIL {file}: {name}\n  {}", msg.replace('\n', "\n  "));
    }
    let mut failed = report.failed.len();
    println!(
        "scenarios: {} passed, {} failed",
        report.passed,
        report.failed.len()
    );
    if filter.is_none() {
        let mut variants: Vec<Option<String>> = vec![None];
        variants.extend(files.variant_names().into_iter().map(Some));
        for v in variants {
            let label = v.as_deref().unwrap_or("(base)");
            match Game::load(files, v.as_deref(), &[]) {
                Ok(g) => match testing::conformance(&g, playouts, seed) {
                    Ok(r) => println!(
                        "conformance {label}: ok ({} playouts, {} positions, {} moves undone, longest {} plies)",
                        r.playouts, r.positions, r.moves_checked, r.longest
                    ),
                    Err(e) => {
                        failed += 1;
                        println!("FAIL conformance {label}: {e}");
                    }
                },
                Err(d) => {
                    failed += 1;
                    println!("FAIL {label} does not load:\n{d}");
                }
            }
        }
    }
    Ok(if failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

fn mutation_test(files: &GameFiles, jobs: usize, only: Option<&str>) -> ExitCode {
    let t0 = Instant::now();
    let r = testing::run_mutants(files, jobs, only);
    for m in &r.survived {
        println!("SURVIVED {}", m.id);
        println!("  at {}:{}", files.path_of(&m.file), m.line);
        if !m.rule.is_empty() {
            println!("  rule: {}", m.rule);
        }
    }
    for id in &r.stale {
        println!("STALE equivalence mark (no such mutant now): {id}");
    }
    println!(
        "mutants: {} made, {} killed, {} equivalent, {} survived, {} no longer load ({:.1}s)",
        r.generated,
        r.killed,
        r.equivalent.len(),
        r.survived.len(),
        r.invalid,
        t0.elapsed().as_secs_f64()
    );
    if r.survived.is_empty() && r.stale.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

/// Counts leaf nodes of the move tree (a finished game is a leaf at any depth).
pub fn perft(g: &Game, s: &mut State, depth: u32) -> Result<u64, crate::rules::RuleError> {
    if depth == 0 {
        return Ok(1);
    }
    let moves = g.legal_moves(s)?;
    if depth == 1 {
        return Ok(moves.len() as u64);
    }
    let mut n = 0;
    for m in &moves {
        let u = g.play(s, m)?;
        n += perft(g, s, depth - 1)?;
        g.undo(s, u);
    }
    Ok(n)
}

fn perft_cmd(g: &Game, depth: u32, position: Option<&str>, json: bool, divide: bool) -> Res {
    let mut s = start(g, position)?;
    if divide && depth > 0 {
        let moves = g.legal_moves(&s).map_err(|e| rule_failure(g, e))?;
        let mut lines: Vec<(String, u64)> = Vec::new();
        for m in &moves {
            let text = g.move_text(&s, m);
            let u = g.play(&mut s, m).map_err(|e| rule_failure(g, e))?;
            let n = perft(g, &mut s, depth - 1).map_err(|e| rule_failure(g, e))?;
            g.undo(&mut s, u);
            lines.push((text, n));
        }
        lines.sort();
        for (text, n) in lines {
            println!("{text}: {n}");
        }
    }
    let t0 = Instant::now();
    let nodes = perft(g, &mut s, depth).map_err(|e| rule_failure(g, e))?;
    let secs = t0.elapsed().as_secs_f64();
    if json {
        println!(
            "{}",
            serde_json::json!({"game": g.id(), "depth": depth, "nodes": nodes, "seconds": secs})
        );
    } else {
        println!(
            "perft {} depth {depth}: {nodes} nodes in {secs:.3}s ({:.0} nodes/s)",
            g.id(),
            nodes as f64 / secs.max(1e-9)
        );
    }
    Ok(ExitCode::SUCCESS)
}

/// Peak resident memory of this process, from /proc (Linux); 0 where unknown.
pub fn peak_rss_bytes() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmHWM:"))
                .and_then(|l| l.split_whitespace().nth(1))
                .and_then(|kb| kb.parse::<u64>().ok())
        })
        .map_or(0, |kb| kb * 1024)
}

fn bench(
    g: &Game,
    playouts: usize,
    max_plies: u32,
    position: Option<&str>,
    seed: u64,
    json: bool,
) -> Res {
    let start_state = start(g, position)?;
    let mut rng = Rng::new(seed);
    let mut moves_total = 0u64;
    let mut decided = 0usize;
    let mut moves = Vec::new();
    let t0 = Instant::now();
    for _ in 0..playouts {
        let mut s = start_state.clone();
        moves = g.legal_moves(&s).map_err(|e| rule_failure(g, e))?;
        let mut plies = 0u32;
        while !moves.is_empty() && (max_plies == 0 || plies < max_plies) {
            let i = if crate::ai::is_chance(&moves) {
                crate::ai::chance_index(&moves, &mut rng).unwrap_or(0)
            } else {
                rng.below(moves.len() as u64) as usize
            };
            let m = moves.swap_remove(i);
            g.play_fast(&mut s, &m, &mut moves)
                .map_err(|e| rule_failure(g, e))?;
            plies += 1;
        }
        moves_total += plies as u64;
        if s.outcome().is_some_and(|o| !o.is_draw()) {
            decided += 1;
        }
    }
    drop(moves);
    let secs = t0.elapsed().as_secs_f64().max(1e-9);
    let pps = playouts as f64 / secs;
    let mps = moves_total as f64 / secs;
    let rss = peak_rss_bytes();
    let avg = moves_total as f64 / playouts.max(1) as f64;
    if json {
        println!(
            "{}",
            serde_json::json!({"game": g.id(), "playouts": playouts, "seconds": secs, "playouts_per_sec": pps,
                "moves_per_sec": mps, "average_length": avg, "decided": decided, "peak_rss_bytes": rss})
        );
    } else {
        println!(
            "bench {}: {playouts} playouts in {secs:.3}s: {pps:.0} playouts/s, {mps:.0} moves/s, average {avg:.1} plies, {decided} decided, peak RSS {:.1} MiB",
            g.id(),
            rss as f64 / 1048576.0
        );
    }
    Ok(ExitCode::SUCCESS)
}

fn validate(paths: &[String], dirs: &[PathBuf], smoke: usize) -> Res {
    let mut errors = 0usize;
    let mut all = Vec::new();
    for p in paths {
        match catalog::find_many(p, dirs) {
            Ok(f) => all.extend(f),
            Err(d) => {
                eprint!("{d}");
                errors += 1;
            }
        }
    }
    for files in all {
        let mut variants: Vec<Option<String>> = vec![None];
        variants.extend(files.variant_names().into_iter().map(Some));
        let mut ok = true;
        for v in &variants {
            match Game::load(&files, v.as_deref(), &[]) {
                Ok(g) => {
                    if smoke > 0 {
                        if let Err(e) = testing::smoke(&g, smoke, 7) {
                            eprint!("{}", e.to_diagnostic(Some(&g.script)));
                            ok = false;
                        } else if let Err(e) = testing::conformance(&g, smoke, 7) {
                            eprintln!(
                                "error: {}: smoke play{} failed: {e}",
                                files.path_of("game.toml"),
                                v.as_ref()
                                    .map(|v| format!(" of variant {v}"))
                                    .unwrap_or_default()
                            );
                            ok = false;
                        }
                    }
                }
                Err(d) => {
                    eprint!("{d}");
                    ok = false;
                }
            }
        }
        for rel in files.test_files() {
            let text = files.get(&rel).unwrap_or_default();
            if let Err(e) = toml::from_str::<testing::scenario::ScenarioFile>(text) {
                eprint!("{}", crate::def::toml_error(&files.path_of(&rel), text, &e));
                ok = false;
            }
        }
        if ok {
            println!(
                "ok: {} ({} variant{})",
                files.label,
                variants.len() - 1,
                if variants.len() == 2 { "" } else { "s" }
            );
        } else {
            errors += 1;
        }
    }
    Ok(if errors == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}
