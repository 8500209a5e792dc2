//! The conformance test every game must pass, built-in or user-written: random playouts that
//! check, at every step, the engine's promises about that game.

use std::time::Instant;

use crate::engine::rng::Rng;
use crate::engine::{Move, State};
use crate::game::Game;
use crate::notation;

/// Plays `playouts` random games calling every hook the script has (`evaluate` for every
/// seat at every position too), so a script error surfaces with its hook and position.
pub fn smoke(g: &Game, playouts: usize, seed: u64) -> Result<(), crate::rules::RuleError> {
    smoke_until(g, playouts, seed, None).map(|_| ())
}

/// [`smoke`], stopping at `until` if it comes first; returns whether every playout was run.
pub fn smoke_until(
    g: &Game,
    playouts: usize,
    seed: u64,
    until: Option<Instant>,
) -> Result<bool, crate::rules::RuleError> {
    let mut rng = Rng::new(seed);
    for _ in 0..playouts {
        let mut s = g.start()?;
        while !s.is_over() {
            if until.is_some_and(|u| Instant::now() >= u) {
                return Ok(false);
            }
            if g.has_evaluate() {
                for p in 0..g.tables().player_count() {
                    g.evaluate(&s, crate::engine::PlayerId(p as u8))?;
                }
            }
            let moves = g.legal_moves(&s)?;
            let Some(m) = crate::ai::random_move(&moves, &mut rng) else {
                break;
            };
            g.play(&mut s, m)?;
        }
    }
    Ok(true)
}

/// What a conformance run saw.
#[derive(Debug, Default)]
pub struct ConformanceReport {
    /// Playouts run.
    pub playouts: usize,
    /// Positions checked.
    pub positions: usize,
    /// Moves whose undo and text round trip were checked.
    pub moves_checked: usize,
    /// Longest game, in plies.
    pub longest: u32,
    /// Games decided (not drawn).
    pub decided: usize,
    /// The time budget ran out before every playout was played.
    pub cut_short: bool,
}

/// What a conformance run found wrong.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ConformanceErrorKind {
    /// A rule script failed (the message has the playout, ply and position).
    Rules,
    /// A property every game must keep does not hold (a clone, a key, text, undo, the end).
    Broken,
}

/// A conformance failure.
pub type ConformanceError = crate::diag::Failure<ConformanceErrorKind>;

/// The same failure, as a rule script's.
fn by_rules(f: ConformanceError) -> ConformanceError {
    ConformanceError {
        kind: ConformanceErrorKind::Rules,
        ..f
    }
}

/// Plays `playouts` random games from the start, checking at each position that:
/// a clone equals the original; the incremental board key equals the one computed from the
/// pieces; the position text reads back to the same state; every legal
/// move's text is unique and resolves to that move; playing a move and undoing it restores the
/// state exactly; a live game has a legal move and a finished one has none; the outcome ranks
/// every seat; and the game ends within `max_plies`.
pub fn conformance(
    g: &Game,
    playouts: usize,
    seed: u64,
) -> Result<ConformanceReport, ConformanceError> {
    conformance_until(g, playouts, seed, None)
}

/// [`conformance`], stopping at `until` if it comes first (the report says so).
pub fn conformance_until(
    g: &Game,
    playouts: usize,
    seed: u64,
    until: Option<Instant>,
) -> Result<ConformanceReport, ConformanceError> {
    let mut rng = Rng::new(seed);
    let mut r = ConformanceReport::default();
    let t = &g.tables();
    for game_no in 0..playouts {
        let mut s = g
            .start()
            .map_err(|e| ConformanceError::new(ConformanceErrorKind::Rules, e.to_string()))?;
        let at = |s: &State, what: String| {
            ConformanceError::new(
                ConformanceErrorKind::Broken,
                format!(
                    "playout {game_no}, ply {}: {what}\n  position: {}",
                    s.ply(),
                    g.position_text(s)
                ),
            )
        };
        loop {
            if until.is_some_and(|u| Instant::now() >= u) {
                r.cut_short = true;
                return Ok(r);
            }
            r.positions += 1;
            let clone = s.clone();
            if clone != s {
                return Err(at(&s, "a clone differs from the original".into()));
            }
            if !s.tops_agree(t) {
                return Err(at(
                    &s,
                    "the kept top pieces differ from the tops of the stacks".into(),
                ));
            }
            if !s.joins_agree(t) {
                return Err(at(
                    &s,
                    "the kept groups of the connection goal differ from groups built afresh".into(),
                ));
            }
            if s.board_key(t) != s.board_key_full(t) {
                return Err(at(
                    &s,
                    "the incremental board key differs from the one computed from the pieces"
                        .into(),
                ));
            }
            let text = g.position_text(&s);
            let back = g
                .position(&text)
                .map_err(|d| at(&s, format!("the position text does not read back: {d}")))?;
            if back != s {
                return Err(at(
                    &s,
                    format!(
                        "the position text reads back differently: {}",
                        g.position_text(&back)
                    ),
                ));
            }
            let moves = g
                .legal_moves(&s)
                .map_err(|e| by_rules(at(&s, e.to_string())))?;
            if g.has_evaluate() {
                for p in 0..t.player_count() {
                    g.evaluate(&s, crate::engine::PlayerId(p as u8))
                        .map_err(|e| by_rules(at(&s, e.to_string())))?;
                }
            }
            if s.is_over() {
                let o = s.outcome().cloned().unwrap_or_else(|| unreachable!());
                if o.ranks.len() != t.player_count() {
                    return Err(at(&s, "the outcome does not rank every seat".into()));
                }
                if !moves.is_empty() {
                    return Err(at(&s, "the game is over but there are legal moves".into()));
                }
                if !o.is_draw() {
                    r.decided += 1;
                }
                break;
            }
            if moves.is_empty() {
                return Err(at(
                    &s,
                    "the game is not over but there is no legal move".into(),
                ));
            }
            if s.ply() > t.max_plies {
                return Err(at(
                    &s,
                    format!("the game is longer than max_plies = {}", t.max_plies),
                ));
            }
            let mut seen = std::collections::HashSet::with_capacity(moves.len());
            if let Some(twice) = moves.iter().find(|m| !seen.insert(*m)) {
                return Err(at(
                    &s,
                    format!(
                        "the move `{}` is listed twice: two generators (or the script) make the same move, so perft and playouts count it twice and its text names two moves; keep them apart (a condition, a region, `kinds`)",
                        notation::format_move(t, twice, s.turn())
                    ),
                ));
            }
            if t.one_move_per_effect {
                check_effects(g, &s, &moves).map_err(|e| at(&s, e))?;
            }
            let mut texts: Vec<String> = Vec::with_capacity(moves.len());
            for (i, m) in moves.iter().enumerate() {
                let mt = notation::format_move(t, m, s.turn());
                let resolved = notation::resolve(t, &moves, s.turn(), &mt)
                    .map_err(|e| at(&s, format!("move {mt}: {e}")))?;
                if &resolved != m {
                    return Err(at(&s, format!("the text `{mt}` resolves to another move")));
                }
                texts.push(mt);
                // Undo is checked on a sample of moves to keep long games affordable.
                if i < 12 || i % 7 == 0 {
                    let before = s.clone();
                    let u = g
                        .play(&mut s, m)
                        .map_err(|e| by_rules(at(&before, e.to_string())))?;
                    g.undo(&mut s, u);

                    if s != before || s.board_key(t) != before.board_key(t) || !s.joins_agree(t) {
                        return Err(at(
                            &before,
                            format!(
                                "undoing `{}` does not restore the position: {}",
                                texts[i],
                                g.position_text(&s)
                            ),
                        ));
                    }
                    r.moves_checked += 1;
                }
            }
            let Some(pick) = crate::ai::random_move(&moves, &mut rng) else {
                break;
            };
            g.play(&mut s, pick)
                .map_err(|e| by_rules(at(&s, e.to_string())))?;
        }
        r.longest = r.longest.max(s.ply());
        r.playouts += 1;
    }
    Ok(r)
}

/// Where moves are known by their effect (`[rules] one_move_per_effect`): the quick
/// deduplication keeps the moves that playing every move keeps, and each move's text as
/// players see it (a path by its ends, when they tell it apart) names that move.
fn check_effects(g: &Game, s: &State, moves: &[Move]) -> Result<(), String> {
    let t = g.tables();
    let every = g.legal_by_every_effect(s).map_err(|e| e.to_string())?;
    if every != moves {
        let texts = |l: &[Move]| {
            l.iter()
                .map(|m| notation::format_move(t, m, s.turn()))
                .collect::<Vec<_>>()
                .join(" ")
        };
        return Err(format!(
            "moves of the same effect: the quick way keeps {}, playing every move keeps {}",
            texts(moves),
            texts(&every)
        ));
    }
    for m in moves {
        let text = g.move_text(s, m);
        let back = g
            .resolve(s, moves, &text)
            .map_err(|e| format!("move {text}: {e}"))?;
        if &back != m {
            return Err(format!("the text `{text}` resolves to another move"));
        }
    }
    Ok(())
}
