//! Commands that check and measure a game: `test` (scenarios and conformance, or mutation
//! testing), `validate`, `perft` and `bench`.

use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use super::{Failure, Res, rule_failure, start};
use crate::catalog;
use crate::def::GameFiles;
use crate::engine::State;
use crate::engine::rng::Rng;
use crate::game::Game;
use crate::testing;

pub(super) fn test(
    files: &GameFiles,
    playouts: usize,
    filter: Option<&str>,
    seed: u64,
) -> ExitCode {
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
    if failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

pub(super) fn mutation_test(files: &GameFiles, jobs: usize, only: Option<&str>) -> ExitCode {
    let t0 = Instant::now();
    let r = match testing::run_mutants(files, jobs, only) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("error: {}: {e}", files.label);
            return ExitCode::from(1);
        }
    };
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

/// How long `validate` plays one definition (all its variants) at most.
const SMOKE_BUDGET: std::time::Duration = std::time::Duration::from_secs(10);

/// The deepest perft asked for: far beyond what finishes in a lifetime for any real game.
const MAX_PERFT_DEPTH: u32 = 32;

pub(super) fn perft_cmd(
    g: &Game,
    depth: u32,
    position: Option<&str>,
    json: bool,
    divide: bool,
) -> Res {
    if depth > MAX_PERFT_DEPTH {
        return Err(format!("--depth {depth}: at most {MAX_PERFT_DEPTH}").into());
    }
    let mut s = start(g, position)?;
    let stop = super::interrupt::watch();
    let bar = counting_bar(None);
    bar.set_message("counting");
    // The root moves' texts, only where they are shown (writing them costs more than a
    // small count).
    let texts: Vec<String> = if divide || !bar.is_hidden() {
        let moves = g.legal_moves(&s).map_err(|e| rule_failure(g, e))?;
        moves.iter().map(|m| g.move_text(&s, m)).collect()
    } else {
        Vec::new()
    };
    // At a terminal, --divide prints each root move as its count is done (a deep count
    // shows its way); elsewhere they come sorted at the end, as before.
    let live = divide && !bar.is_hidden() && std::io::stdout().is_terminal();
    let t0 = Instant::now();
    let mut report = |p: testing::PerftProgress<'_>| match p {
        testing::PerftProgress::Root {
            index, of, nodes, ..
        } => {
            bar.set_length(of as u64);
            bar.inc(1);
            if let Some(text) = texts.get(index) {
                bar.set_message(format!("{text}: {nodes}"));
                if live {
                    bar.suspend(|| println!("{text}: {nodes}"));
                }
            }
        }
        testing::PerftProgress::Nodes(n) => bar.set_message(format!("{n} nodes so far")),
    };
    let count = testing::perft_watched(g, &mut s, depth, stop, &mut report)
        .map_err(|e| rule_failure(g, e))?;
    bar.finish_and_clear();
    let secs = t0.elapsed().as_secs_f64();
    let nodes = count.nodes;
    if divide && !live {
        let mut lines: Vec<(&String, &u64)> = texts.iter().zip(&count.divide).collect();
        lines.sort();
        for (text, n) in lines {
            println!("{text}: {n}");
        }
    }
    if json {
        println!(
            "{}",
            serde_json::json!({"game": g.id(), "depth": depth, "nodes": nodes, "seconds": secs,
                "complete": count.complete})
        );
    } else if count.complete {
        println!(
            "perft {} depth {depth}: {nodes} nodes in {secs:.3}s ({:.0} nodes/s)",
            g.id(),
            nodes as f64 / secs.max(1e-9)
        );
    } else {
        println!(
            "perft {} depth {depth}: interrupted after {secs:.3}s: {nodes} nodes counted so far, {} of {} root moves in full",
            g.id(),
            count.divide.len(),
            count.roots
        );
    }
    Ok(if count.complete {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(super::interrupt::EXIT)
    })
}

/// A progress bar on stderr for a count a person waits on (`perft`, `bench`), hidden when
/// stderr is not a terminal so that piped and redirected output stays as it was. `len`:
/// the work in all, when known.
fn counting_bar(len: Option<u64>) -> indicatif::ProgressBar {
    if !std::io::stderr().is_terminal() {
        return indicatif::ProgressBar::hidden();
    }
    let bar = match len {
        Some(n) => indicatif::ProgressBar::new(n),
        None => indicatif::ProgressBar::no_length(),
    };
    bar.set_style(
        indicatif::ProgressStyle::with_template(
            "{spinner} {bar:30} {pos}/{len} {msg}  {elapsed} (Ctrl-C stops and prints the count so far)",
        )
        .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    bar.enable_steady_tick(std::time::Duration::from_millis(200));
    bar
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

pub(super) fn bench(
    g: &Game,
    playouts: usize,
    max_plies: u32,
    position: Option<&str>,
    seed: u64,
    json: bool,
) -> Res {
    let start_state = start(g, position)?;
    let mut rng = Rng::new(seed);
    let stop = super::interrupt::watch();
    let bar = counting_bar(Some(playouts as u64));
    let run = random_playouts(
        g,
        &start_state,
        Until::Count(playouts as u64),
        max_plies,
        &mut rng,
        (stop, &bar),
    )?;
    bar.finish_and_clear();
    let (playouts, decided, secs) = (run.playouts as usize, run.decided, run.secs);
    let moves_total = run.plies;
    let pps = playouts as f64 / secs;
    let mps = moves_total as f64 / secs;
    let rss = peak_rss_bytes();
    let avg = moves_total as f64 / playouts.max(1) as f64;
    if json {
        println!(
            "{}",
            serde_json::json!({"game": g.id(), "playouts": playouts, "seconds": secs, "playouts_per_sec": pps,
                "moves_per_sec": mps, "average_length": avg, "decided": decided, "peak_rss_bytes": rss,
                "complete": run.complete})
        );
    } else {
        println!(
            "bench {}: {}{playouts} playouts in {secs:.3}s: {pps:.0} playouts/s, {mps:.0} moves/s, average {avg:.1} plies, {decided} decided, peak RSS {:.1} MiB",
            g.id(),
            if run.complete {
                ""
            } else {
                "interrupted after "
            },
            rss as f64 / 1048576.0
        );
    }
    Ok(if run.complete {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(super::interrupt::EXIT)
    })
}

/// How long `random_playouts` goes on.
enum Until {
    /// This many playouts.
    Count(u64),
    /// About this many seconds (at least one playout).
    Seconds(f64),
}

/// What a run of random playouts did.
struct Playouts {
    /// Playouts played to the end.
    playouts: u64,
    /// Of those, the ones with a winner.
    decided: usize,
    /// Plies played in them.
    plies: u64,
    /// Seconds taken.
    secs: f64,
    /// Whether the run went as long as asked (not stopped by Ctrl-C).
    complete: bool,
}

/// Random playouts from `start` (throws picked by weight), stopping early when `stop` is set
/// (Ctrl-C: the playout under way is not counted) and counting finished ones on `bar`.
fn random_playouts(
    g: &Game,
    start: &State,
    until: Until,
    max_plies: u32,
    rng: &mut Rng,
    (stop, bar): (&std::sync::atomic::AtomicBool, &indicatif::ProgressBar),
) -> Result<Playouts, Failure> {
    let (mut n, mut decided, mut plies) = (0u64, 0usize, 0u64);
    let t0 = Instant::now();
    let mut complete = true;
    // One list for every playout: a new one would grow from nothing each time.
    let mut moves = Vec::new();
    while match until {
        Until::Count(c) => n < c,
        Until::Seconds(secs) => n == 0 || t0.elapsed().as_secs_f64() < secs,
    } {
        let mut s = start.clone();
        g.legal_moves_into(&s, &mut moves)
            .map_err(|e| rule_failure(g, e))?;
        let mut p = 0u32;
        while !moves.is_empty() && (max_plies == 0 || p < max_plies) {
            let i = if crate::ai::is_chance(&moves) {
                crate::ai::chance_index(&moves, rng).unwrap_or(0)
            } else {
                rng.below(moves.len() as u64) as usize
            };
            let m = moves.swap_remove(i);
            g.play_fast(&mut s, &m, &mut moves)
                .map_err(|e| rule_failure(g, e))?;
            p += 1;
        }
        // Looked at once a playout (a playout takes well under a second in every game), so
        // the ply loop stays as it was.
        if stop.load(std::sync::atomic::Ordering::Relaxed) {
            complete = false;
            break;
        }
        n += 1;
        bar.inc(1);
        plies += u64::from(p);
        if s.outcome().is_some_and(|o| !o.is_draw()) {
            decided += 1;
        }
    }
    Ok(Playouts {
        playouts: n,
        decided,
        plies,
        secs: t0.elapsed().as_secs_f64().max(1e-9),
        complete,
    })
}

/// `bench --all` stopped by Ctrl-C in the row of `name`: the rows printed so far stand.
fn interrupted(bar: &indicatif::ProgressBar, name: &str) -> ExitCode {
    bar.finish_and_clear();
    println!("interrupted in {name}: the rows above are complete");
    ExitCode::from(super::interrupt::EXIT)
}

/// `bench --all`: one row per built-in game and variant.
pub(super) fn bench_all(seconds: f64, max_plies: u32, seed: u64, json: bool) -> Res {
    if !(seconds.is_finite() && (0.01..=600.0).contains(&seconds)) {
        return Err(Failure::Message(format!(
            "--seconds {seconds}: give 0.01 to 600 seconds per game"
        )));
    }
    if !json {
        println!(
            "{:<34} {:>11} {:>11} {:>9} {:>6} {:>12}",
            "game (variant)", "playouts/s", "moves/s", "plies", "perft", "nodes/s"
        );
    }
    let stop = super::interrupt::watch();
    let all = catalog::builtin();
    let rows: usize = all.iter().map(|f| 1 + f.variant_names().len()).sum();
    let bar = counting_bar(Some(rows as u64));
    let hidden = indicatif::ProgressBar::hidden();
    for files in all {
        let mut variants: Vec<Option<String>> = vec![None];
        variants.extend(files.variant_names().into_iter().map(Some));
        for v in variants {
            let g = Game::load(&files, v.as_deref(), &[])?;
            let start = g.start().map_err(|e| rule_failure(&g, e))?;
            let mut rng = Rng::new(seed);
            let name = match &v {
                Some(v) => format!("{} ({v})", g.id()),
                None => g.id().to_string(),
            };
            bar.set_message(name.clone());
            let run = random_playouts(
                &g,
                &start,
                Until::Seconds(seconds),
                max_plies,
                &mut rng,
                (stop, &hidden),
            )?;
            if !run.complete {
                return Ok(interrupted(&bar, &name));
            }
            let (n, plies, secs) = (run.playouts, run.plies, run.secs);
            // The deepest perft that took at most about `seconds`, and its rate.
            let (mut depth, mut rate) = (0u32, 0.0f64);
            for d in 1..=12u32 {
                let mut s = start.clone();
                let t0 = Instant::now();
                let count = testing::perft_watched(&g, &mut s, d, stop, &mut |_| {})
                    .map_err(|e| rule_failure(&g, e))?;
                if !count.complete {
                    return Ok(interrupted(&bar, &name));
                }
                let nodes = count.nodes;
                let took = t0.elapsed().as_secs_f64().max(1e-9);
                (depth, rate) = (d, nodes as f64 / took);
                // The next depth would take about branching times as long.
                if took * (nodes as f64).max(1.0).powf(1.0 / f64::from(d)) > seconds || nodes == 0 {
                    break;
                }
            }
            let (pps, mps, avg) = (
                n as f64 / secs,
                plies as f64 / secs,
                plies as f64 / n as f64,
            );
            if json {
                println!(
                    "{}",
                    serde_json::json!({"game": g.id(), "variant": v, "playouts_per_sec": pps,
                        "moves_per_sec": mps, "average_length": avg, "perft_depth": depth,
                        "perft_nodes_per_sec": rate})
                );
            } else {
                bar.suspend(|| {
                    println!(
                        "{name:<34} {pps:>11.0} {mps:>11.0} {avg:>9.1} {depth:>6} {rate:>12.0}"
                    );
                });
            }
            bar.inc(1);
        }
    }
    bar.finish_and_clear();
    if !json {
        println!(
            "peak RSS {:.1} MiB (the largest of all rows)",
            peak_rss_bytes() as f64 / 1048576.0
        );
    }
    Ok(ExitCode::SUCCESS)
}

pub(super) fn validate(paths: &[String], dirs: &[PathBuf], smoke: usize) -> Res {
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
        // The smoke play of one definition, every variant included, gets a time budget: a
        // script just under its limits in every call, or a huge board, would otherwise keep
        // validation busy for minutes.
        let checked = testing::validate(&files, smoke, Some(Instant::now() + SMOKE_BUDGET));
        let mut ok = checked.problems.is_empty();
        for d in &checked.problems {
            eprint!("{d}");
        }
        let cut = checked.cut_short;
        let variants = checked.variants;
        for rel in files.test_files() {
            let text = files.get(&rel).unwrap_or_default();
            if let Err(e) = toml::from_str::<testing::scenario::ScenarioFile>(text) {
                eprint!("{}", crate::def::toml_error(&files.path_of(&rel), text, &e));
                ok = false;
            }
        }
        if cut {
            eprintln!(
                "note: {}: the smoke play stopped at its {} s budget (a slow script or a large board)",
                files.label,
                SMOKE_BUDGET.as_secs()
            );
        }
        if ok {
            println!(
                "ok: {} ({} variant{})",
                files.label,
                variants,
                if variants == 1 { "" } else { "s" }
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
