//! IceSickle, interpreted (TOML + Rhai on the icebox engine) against hand-written native Rust
//! (tests/common/native_icesickle.rs): random playouts of whole two-round matches on one
//! thread, then where the interpreted move generation spends its time (the engine's native
//! generator, and the legal-move list around it).
//!
//! Run: `cargo bench --bench icesickle`. `ICESICKLE_PLAYOUTS=N` sets the interpreted playouts
//! (default 10000); the native side plays 20 times as many. `ICESICKLE_ROUNDS=R` (default 5)
//! splits both into R rounds taken in turn, and the ratio printed is the median round's.

#[path = "../tests/common/native_icesickle.rs"]
mod native;

use std::hint::black_box;
use std::time::Instant;

use icebox::Game;
use icebox::engine::generators::{Ctx, generate};
use icebox::engine::rng::Rng;
use icebox::engine::{Move, State};
use native::{NMove, Native};

/// Exits with a message (the benchmark's only failure path: the built-in game must load).
fn fail(msg: String) -> ! {
    eprintln!("icesickle bench: {msg}");
    std::process::exit(1);
}

fn load() -> Game {
    let files = icebox::catalog::find("icesickle", &[])
        .unwrap_or_else(|d| fail(format!("icesickle is not built in:\n{d}")));
    Game::load(&files, None, &[]).unwrap_or_else(|d| fail(format!("icesickle loads:\n{d}")))
}

/// `n` random playouts of the interpreted game, as `icebox bench` plays them; returns plies.
fn interpreted_playouts(g: &Game, n: usize, seed: u64) -> u64 {
    let start = g.start().unwrap_or_else(|e| fail(format!("start: {e}")));
    let mut rng = Rng::new(seed);
    let mut plies = 0u64;
    let mut moves = Vec::new();
    for _ in 0..n {
        let mut s = start.clone();
        g.legal_moves_into(&s, &mut moves)
            .unwrap_or_else(|e| fail(format!("moves: {e}")));
        while !moves.is_empty() {
            let i = rng.below(moves.len() as u64) as usize;
            let m = moves.swap_remove(i);
            g.play_fast(&mut s, &m, &mut moves)
                .unwrap_or_else(|e| fail(format!("play: {e}")));
            plies += 1;
        }
        black_box(s.scores());
    }
    plies
}

/// `n` random playouts of the native game, the same way; returns plies.
fn native_playouts(n: usize, seed: u64) -> u64 {
    let mut rng = Rng::new(seed);
    let mut plies = 0u64;
    let mut moves: Vec<NMove> = Vec::with_capacity(75);
    for _ in 0..n {
        let mut s = Native::new(2);
        s.settle(&mut moves);
        while !moves.is_empty() {
            let i = rng.below(moves.len() as u64) as usize;
            let m = moves.swap_remove(i);
            s.play(m, &mut moves);
            plies += 1;
        }
        black_box(s.scores);
    }
    plies
}

/// The positions of `n` random matches, interpreted and native side by side.
fn sample_positions(g: &Game, n: u64) -> Vec<(State, Native)> {
    let mut out = Vec::new();
    for seed in 0..n {
        let mut rng = Rng::new(seed);
        let mut s = g.start().unwrap_or_else(|e| fail(format!("start: {e}")));
        let mut ns = Native::new(2);
        let mut nmoves = Vec::new();
        ns.settle(&mut nmoves);
        loop {
            let moves = g
                .legal_moves(&s)
                .unwrap_or_else(|e| fail(format!("moves: {e}")));
            if moves.is_empty() {
                break;
            }
            out.push((s.clone(), ns.clone()));
            let m = &moves[rng.below(moves.len() as u64) as usize];
            let text = g.move_text(&s, m);
            let Some(nm) = nmoves.iter().copied().find(|x| x.text() == text) else {
                fail(format!(
                    "the native game lacks {text} in {}",
                    g.position_text(&s)
                ));
            };
            g.play(&mut s, m)
                .unwrap_or_else(|e| fail(format!("play: {e}")));
            ns.play(nm, &mut nmoves);
        }
    }
    out
}

/// Seconds per call of `f` over every sampled position, repeated `reps` times.
fn per_call(positions: usize, reps: usize, mut f: impl FnMut() -> usize) -> (f64, usize) {
    let t0 = Instant::now();
    let mut moves = 0;
    for _ in 0..reps {
        moves += f();
    }
    let secs = t0.elapsed().as_secs_f64();
    (secs / (positions * reps) as f64, moves)
}

fn main() {
    let n: usize = std::env::var("ICESICKLE_PLAYOUTS")
        .ok()
        .and_then(|v| v.parse().ok())
        .filter(|&v| v > 0)
        .unwrap_or(10_000);
    let n_native = n * 20;
    let g = load();
    let seed = 1;

    // Warm-up, then the timed runs: rounds of both in turn, the ratio taken round by round,
    // so that a shared machine's drift during the run moves both sides of a ratio alike
    // (one interpreted run against one native run read 3.4x to 5.3x on the same build).
    let rounds: usize = std::env::var("ICESICKLE_ROUNDS")
        .ok()
        .and_then(|v| v.parse().ok())
        .filter(|&v| v > 0)
        .unwrap_or(5);
    let (per_i, per_n) = (n.div_ceil(rounds), n_native.div_ceil(rounds));
    interpreted_playouts(&g, n / 10 + 1, seed + 1);
    native_playouts(n_native / 10 + 1, seed + 1);
    let (mut secs_i, mut secs_n, mut plies_i, mut plies_n) = (0.0, 0.0, 0u64, 0u64);
    let mut ratios = Vec::with_capacity(rounds);
    for r in 0..rounds as u64 {
        let t0 = Instant::now();
        plies_i += interpreted_playouts(&g, per_i, seed + r);
        let si = t0.elapsed().as_secs_f64().max(1e-9);
        let t0 = Instant::now();
        plies_n += native_playouts(per_n, seed + r);
        let sn = t0.elapsed().as_secs_f64().max(1e-9);
        ratios.push((si / per_i as f64) / (sn / per_n as f64));
        (secs_i, secs_n) = (secs_i + si, secs_n + sn);
    }
    ratios.sort_by(f64::total_cmp);
    let (n, n_native) = (per_i * rounds, per_n * rounds);
    let pps_i = n as f64 / secs_i;
    let pps_n = n_native as f64 / secs_n;
    println!("icesickle random playouts (two-round matches, one thread)");
    println!(
        "  interpreted: {n:>8} playouts in {secs_i:7.3}s: {pps_i:>10.0} playouts/s, {:>11.0} plies/s, {:.1} plies/match",
        plies_i as f64 / secs_i,
        plies_i as f64 / n as f64
    );
    println!(
        "  native:      {n_native:>8} playouts in {secs_n:7.3}s: {pps_n:>10.0} playouts/s, {:>11.0} plies/s, {:.1} plies/match",
        plies_n as f64 / secs_n,
        plies_n as f64 / n_native as f64
    );
    println!(
        "  interpreted/native time ratio: {:.1}x (median of {rounds} rounds taken in turn; min {:.1}x, max {:.1}x)",
        ratios[ratios.len() / 2],
        ratios[0],
        ratios[ratios.len() - 1]
    );

    // Move generation alone, on the positions of 300 matches: the whole interpreted path
    // (`legal_moves`, a new list each call), the engine's generator of the phase called
    // directly into a reused list, and the native generator.
    let sample = sample_positions(&g, 300);
    let t = g.tables();
    let pat_of = |name: &str| {
        t.generator(name)
            .map(|i| &t.generators[i])
            .unwrap_or_else(|| fail(format!("no `{name}` generator")))
    };
    let (place, jump) = (pat_of("place"), pat_of("jump"));
    let reps = 5;
    let mut out: Vec<Move> = Vec::new();
    let (t_legal, m_legal) = per_call(sample.len(), reps, || {
        sample
            .iter()
            .map(|(s, _)| g.legal_moves(s).map_or(0, |v| v.len()))
            .sum()
    });
    let (t_gen, m_gen) = per_call(sample.len(), reps, || {
        let mut total = 0;
        for (s, _) in &sample {
            let pat = if s.phase() == 0 { place } else { jump };
            out.clear();
            generate(&Ctx::new(t, s, s.turn()), pat, &mut out);
            total += out.len();
        }
        total
    });
    let mut nout: Vec<NMove> = Vec::with_capacity(75);
    let (t_nat, m_nat) = per_call(sample.len(), reps * 20, || {
        let mut total = 0;
        for (_, ns) in &sample {
            ns.legal_moves(&mut nout);
            total += nout.len();
        }
        total
    });
    if m_legal != m_gen || m_gen * 20 != m_nat {
        fail(format!(
            "move counts differ: legal_moves {m_legal}, generate {m_gen}, native {m_nat} / 20"
        ));
    }
    let (place_n, jump_n) = sample.iter().fold((0, 0), |(p, j), (s, _)| {
        if s.phase() == 0 {
            (p + 1, j)
        } else {
            (p, j + 1)
        }
    });
    let ns = |secs: f64| secs * 1e9;
    println!(
        "move generation on {} positions ({place_n} placement, {jump_n} jumping), {:.1} moves each:",
        sample.len(),
        m_gen as f64 / (sample.len() * reps) as f64
    );
    println!(
        "  Game::legal_moves (a new list per call):          {:>8.0} ns/position",
        ns(t_legal)
    );
    println!(
        "  engine generator alone (generators::generate):      {:>8.0} ns/position ({:.0}% of legal_moves)",
        ns(t_gen),
        100.0 * t_gen / t_legal
    );
    println!(
        "  the difference (a new list grown per call, the legal-move filters): {:>8.0} ns/position",
        ns(t_legal - t_gen)
    );
    println!(
        "  native generator:                                 {:>8.0} ns/position (engine generator / native {:.1}x)",
        ns(t_nat),
        t_gen / t_nat
    );
    // The same two generators phase by phase: where the distance to native code lies.
    for (phase, name, pat) in [(0, "placement", place), (1, "jumping", jump)] {
        let of_phase: Vec<_> = sample.iter().filter(|(s, _)| s.phase() == phase).collect();
        let (t_e, m_e) = per_call(of_phase.len(), reps, || {
            let mut total = 0;
            for (s, _) in &of_phase {
                out.clear();
                generate(&Ctx::new(t, s, s.turn()), pat, &mut out);
                total += out.len();
            }
            total
        });
        let (t_n, _) = per_call(of_phase.len(), reps * 20, || {
            let mut total = 0;
            for (_, ns) in &of_phase {
                ns.legal_moves(&mut nout);
                total += nout.len();
            }
            total
        });
        println!(
            "  {name:<9} {:.1} moves each: engine {:>6.0} ns, native {:>5.0} ns/position ({:.1}x)",
            m_e as f64 / (of_phase.len() * reps).max(1) as f64,
            ns(t_e),
            ns(t_n),
            t_e / t_n
        );
    }
    // A playout's ply, for scale. The generator figures above are not parts of it: they read
    // 15,000 positions spread over memory, each cold in the cache, where a playout works on
    // one position kept warm (they came to more than the whole ply, "-19% for the rest").
    let per_ply_i = secs_i / plies_i as f64;
    println!(
        "  per interpreted ply in the playouts: {:.0} ns (generation, the move, hooks, bookkeeping)",
        ns(per_ply_i)
    );
}
