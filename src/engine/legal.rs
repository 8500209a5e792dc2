//! The legal moves of a position, put together from their parts in one order: the dice
//! turn's stages, the generators in force (tier by tier), the script's `moves` hook, the
//! forbidden moves and the duty to release, the passes the rules allow, the royal rule, the
//! majority capture, the castling and en passant marks.
//!
//! The engine knows nothing of scripts, so the hook is a closure: `Game` passes the rules'
//! `moves` hook, and a look-ahead a script holds (`p.legal_moves()`) passes the same hook run
//! on that look-ahead. Both get the same moves from one function, so a look-ahead's legal
//! moves are the game's.

use super::dice_turn::{self as turn, Stage};
use super::{Action, Move, Shape, State, Tables};

/// Fills `out` with the moves of the player to move, the script's hook (`script`, when the
/// game has one) run between the generators and the filters; of moves with the same effect
/// only the first when the rules say so (`one_move_per_effect`).
pub fn generate<E>(
    t: &Tables,
    s: &State,
    out: &mut Vec<Move>,
    script: Option<impl FnOnce(&State, &mut Vec<Move>) -> Result<(), E>>,
) -> Result<(), E> {
    // A script's moves may do anything: each is played to learn its effect.
    let scripted = script.is_some();
    every_move(t, s, out, script)?;
    if t.one_move_per_effect {
        if scripted {
            one_per_effect_every(t, s, out);
        } else {
            one_per_effect(t, s, out);
        }
    }
    Ok(())
}

/// The same, every move generated, moves of the same effect too: what a move text may name
/// (`Game::resolve` finds the legal move that stands for it).
pub fn every_move<E>(
    t: &Tables,
    s: &State,
    out: &mut Vec<Move>,
    script: Option<impl FnOnce(&State, &mut Vec<Move>) -> Result<(), E>>,
) -> Result<(), E> {
    // A dice turn the engine runs gives the moves of its stages itself; the generators play
    // the dice.
    let stage = t.turn.as_ref().map(|dt| turn::moves(t, dt, s, out));
    if matches!(stage, None | Some(Stage::Play)) {
        let cx = super::attack::ctx(t, s, s.turn());
        for tier in t.tiers(s.phase()) {
            for &p in tier {
                let g = &t.generators[p];
                let start = out.len();
                super::generators::generate(&cx, g, out);
                if let Some(next) = g.then {
                    then_parts(t, s, &t.generators[next], start, out);
                }
            }
            if !out.is_empty() {
                break;
            }
        }
    }
    if let (Some(dt), Some(Stage::Play)) = (&t.turn, stage) {
        turn::keep_usable(t, dt, s, out);
    }
    if let Some(hook) = script {
        hook(s, out)?;
    }
    if !t.forbid.is_empty() {
        super::conditions::forbid(t, s, out);
    }
    if let Some(c) = t.release {
        super::conditions::release(t, s, c, out);
    }
    if let (Some(dt), Some(Stage::Play)) = (&t.turn, stage)
        && out.is_empty()
        && dt.unusable == crate::def::Unusable::Pass
    {
        // "When neither number can be used, the player loses his turn."
        out.push(Move::pass());
    }
    if t.may_pass && !out.iter().any(|m| m.shape == Shape::Pass) {
        out.push(Move::pass());
    }
    if let Some(sw) = &t.swap
        && s.ply == 1
        && let Some(m) = swap_move(t, s, sw)
    {
        out.push(m);
    }
    // A turn of several actions may end early, once it has made enough.
    if let Some(a) = &t.actions
        && let Some(w) = a.end
        && s.var(a.var) >= i64::from(a.least_in(s.phase()))
    {
        out.push(Move::of(
            Shape::Word(w),
            smallvec::SmallVec::new(),
            smallvec::SmallVec::new(),
        ));
    }
    if let Some(r) = &t.royal {
        super::attack::keep_safe(t, s, out, s.turn(), r.kind, &r.attacks);
    }
    if let Some(sys) = &t.systems {
        super::systems::settle(t, s, sys, out);
    }
    if t.most_captures {
        keep_most_taken(out);
    }
    super::marks::decorate(t, s, out);
    Ok(())
}

/// Keeps the moves that capture the most pieces (`[rules] most_captures`), once every
/// other rule has had its say: the majority is among the moves that are legal.
#[inline(never)]
fn keep_most_taken(out: &mut Vec<Move>) {
    let most = out.iter().map(|m| m.taken).max().unwrap_or(0);
    if most > 0 {
        out.retain(|m| m.taken == most);
    }
}

/// The key of what move `m` changes in `s` (see [`State::effect_key`]).
pub fn effect_of(t: &Tables, s: &State, m: &Move) -> u64 {
    effect_key(t, &mut s.clone(), m)
}

/// The key of what move `m` changes, played on `scratch` and taken back. A block's
/// transform at the end of the move (Pentago's twist) is not made but reckoned: what it
/// would do to the board's key, which changes nothing else.
fn effect_key(t: &Tables, scratch: &mut State, m: &Move) -> u64 {
    let actions = match m.actions.split_last() {
        Some((Action::Parts { .. }, rest)) => rest,
        _ => &m.actions[..],
    };
    let (played, last_turn) = match actions.split_last() {
        Some((&Action::Transform { i, inverse: false }, rest)) => (rest, Some(usize::from(i))),
        _ => (actions, None),
    };
    let n = super::apply_actions(t, scratch, played);
    let turned = last_turn.map_or(0, |i| super::moves::transform_key_change(t, scratch, i));
    let key = scratch.effect_key_on(scratch.board_key(t) ^ turned, zone_change(t, played));
    super::unapply_actions(t, scratch, played, n);
    key
}

/// Keeps the first of the moves that leave the same position (`[rules]
/// one_move_per_effect`): each is played on a scratch state and known by the key of what it
/// changed (64 bits: two different positions among one position's moves sharing a key is
/// about as likely as a cosmic ray flipping a bit).
///
/// Only moves that could share an effect are played: where every move is a path of one
/// part the engine made (a draughts position), see [`could_share`]; the rest are kept
/// unplayed. The conformance test
/// checks this against playing every move ([`one_per_effect_every`]).
#[inline(never)]
fn one_per_effect(t: &Tables, s: &State, out: &mut Vec<Move>) {
    if out.len() < 2 {
        return;
    }
    let Some(suspect) = could_share(out) else {
        return one_per_effect_every(t, s, out);
    };
    if !suspect.iter().any(|&b| b) {
        return;
    }
    let mut scratch = s.clone();
    let mut seen: std::collections::HashSet<u64, std::hash::BuildHasherDefault<super::KeyHasher>> =
        std::collections::HashSet::with_capacity_and_hasher(out.len(), Default::default());
    let mut i = 0;
    out.retain(|m| {
        i += 1;
        !suspect[i - 1] || seen.insert(effect_key(t, &mut scratch, m))
    });
}

/// [`one_per_effect`] playing every move: what it must agree with.
pub fn one_per_effect_every(t: &Tables, s: &State, out: &mut Vec<Move>) {
    if out.len() < 2 {
        return;
    }
    let mut scratch = s.clone();
    let mut seen: std::collections::HashSet<u64, std::hash::BuildHasherDefault<super::KeyHasher>> =
        std::collections::HashSet::with_capacity_and_hasher(out.len(), Default::default());
    out.retain(|m| seen.insert(effect_key(t, &mut scratch, m)));
}

/// Per move, whether it could share its effect with another, when every move is a path of
/// one part made by the engine (None otherwise: any may). A path's piece lands on its end,
/// so two paths that end apart leave different boards, unless one comes back to where it
/// started. Two that end together differ too when both are plain (a piece lifted from its
/// start and nothing captured) and start apart: one empties a cell the other leaves alone.
fn could_share(moves: &[Move]) -> Option<Vec<bool>> {
    // (end, start, plain), per move.
    let mut ends: Vec<(u16, u16, bool)> = Vec::with_capacity(moves.len());
    for m in moves {
        let one_part = !matches!(m.actions.last(), Some(Action::Parts { .. }));
        let (Shape::Path, Some(from), Some(to), true) = (m.shape, m.from(), m.to(), one_part)
        else {
            return None;
        };
        let lifted = m
            .actions
            .iter()
            .any(|a| matches!(*a, Action::Transfer { from: f, .. } if f == from));
        ends.push((to.0, from.0, m.taken == 0 && lifted));
    }
    let mut sorted = ends.clone();
    sorted.sort_unstable();
    Some(
        ends.iter()
            .map(|&(to, from, _)| {
                let lo = sorted.partition_point(|e| e.0 < to);
                let hi = sorted.partition_point(|e| e.0 <= to);
                let group = &sorted[lo..hi];
                from == to
                    || (group.len() > 1
                        && (group.iter().any(|e| !e.2)
                            || group.iter().filter(|e| e.1 == from).count() > 1))
            })
            .collect(),
    )
}

/// Makes each move from index `start` on into one move for each move of `next` on the
/// position it leaves, the second written after `&` (`then`: Pentago's placement and
/// twist). A first part that wins by `[end]` stands alone: the game is over before the
/// second; so does one after which `next` has no move.
#[inline(never)]
fn then_parts(t: &Tables, s: &State, next: &super::Generator, start: usize, out: &mut Vec<Move>) {
    if out.len() == start {
        return;
    }
    let firsts: Vec<Move> = out.drain(start..).collect();
    let mover = s.turn();
    let mut scratch = s.clone();
    let mut seconds = Vec::new();
    for m in firsts {
        let n = super::apply_actions(t, &mut scratch, &m.actions);
        scratch.refresh_joins(t);
        seconds.clear();
        let wins = || {
            let placed = super::goals::placed_cells(t, &m);
            super::goals::after_move(t, &scratch, &t.end, mover, &placed)
                .is_some_and(|o| !o.is_draw() && o.winners().contains(&mover))
        };
        if n == m.actions.len() && !(t.end.checks_after_move() && wins()) {
            let cx = super::attack::ctx(t, &scratch, mover);
            super::generators::generate(&cx, next, &mut seconds);
        }
        super::unapply_actions(t, &mut scratch, &m.actions, n);
        if seconds.is_empty() {
            out.push(m);
            continue;
        }
        for second in &seconds {
            let mut both = m.clone();
            let own = match second.actions.split_last() {
                Some((Action::Parts { .. }, rest)) => rest,
                _ => &second.actions[..],
            };
            both.add_part(false, own);
            both.taken = both.taken.saturating_add(second.taken);
            out.push(both);
        }
    }
}

/// The change a move makes to the zones, as a sum of keys (a piece into a zone adds its
/// key there, one out of a zone takes it away): equal for moves that leave the zones alike,
/// whatever order they list their pieces in.
fn zone_change(t: &Tables, actions: &[Action]) -> u64 {
    let key = |l: super::Loc, p: super::Piece| super::piece_key(l, 0, p);
    let mut sum = 0u64;
    for a in actions {
        match *a {
            Action::Transfer { piece, from, to } => {
                if t.loc_cell(from).is_none() {
                    sum = sum.wrapping_sub(key(from, piece));
                }
                if t.loc_cell(to).is_none() {
                    sum = sum.wrapping_add(key(to, piece));
                }
            }
            Action::Replace { at, old, new } if t.loc_cell(at).is_none() => {
                sum = sum.wrapping_add(key(at, new)).wrapping_sub(key(at, old));
            }
            _ => {}
        }
    }
    sum
}

/// The legal moves as a player sees them: none once the game is over, and a pass when the
/// rules say a player with no move passes (`no_moves = "pass"`).
pub fn legal<E>(
    t: &Tables,
    s: &State,
    out: &mut Vec<Move>,
    script: Option<impl FnOnce(&State, &mut Vec<Move>) -> Result<(), E>>,
) -> Result<(), E> {
    out.clear();
    if s.is_over() {
        return Ok(());
    }
    generate(t, s, out, script)?;
    if out.is_empty() && t.no_moves == super::NoMoves::Pass {
        out.push(Move::pass());
        super::marks::decorate(t, s, out);
    }
    Ok(())
}

/// Whether the seat to move has a move of a `free` generator in force in this phase (a turn
/// whose actions are spent goes on while it does).
pub fn free_moves_left(t: &Tables, s: &State) -> bool {
    let Some(a) = &t.actions else {
        return false;
    };
    let cx = super::generators::Ctx::new(t, s, s.turn());
    let mut out = Vec::new();
    t.tiers(s.phase())
        .iter()
        .flatten()
        .filter(|g| a.free.contains(g))
        .any(|&g| {
            super::generators::generate(&cx, &t.generators[g], &mut out);
            !out.is_empty()
        })
}

/// The swap (`[rules.swap]`) when the board holds exactly one piece: it becomes the seat to
/// move's, on its mirror cell.
fn swap_move(t: &Tables, s: &State, sw: &super::Swap) -> Option<super::Move> {
    use super::{Action, Loc, Move, Shape};
    let mut found = None;
    for c in t.board.cells() {
        match s.stack(Loc(c.0)) {
            [] => {}
            [p] if found.is_none() => found = Some((c, *p)),
            _ => return None,
        }
    }
    let (from, piece) = found?;
    let to = sw.mirror[from.index()];
    let info = t.info(piece);
    let new = t.recast(piece, info.kind, Some(s.turn()));
    let mut actions = smallvec::SmallVec::new();
    if to != from {
        actions.push(Action::Transfer {
            piece,
            from: Loc(from.0),
            to: Loc(to.0),
        });
    }
    if new != piece {
        actions.push(Action::Replace {
            at: Loc(to.0),
            old: piece,
            new,
        });
    }
    Some(Move::of(
        Shape::Word(sw.word),
        smallvec::SmallVec::new(),
        actions,
    ))
}
