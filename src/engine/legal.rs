//! The legal moves of a position, put together from their parts in one order: the dice
//! turn's stages, the generators in force (tier by tier), the script's `moves` hook, the
//! forbidden moves and the duty to release, the passes the rules allow, the royal rule, the
//! castling and en passant marks.
//!
//! The engine knows nothing of scripts, so the hook is a closure: `Game` passes the rules'
//! `moves` hook, and a look-ahead a script holds (`p.legal_moves()`) passes the same hook run
//! on that look-ahead. Both get the same moves from one function, so a look-ahead's legal
//! moves are the game's.

use super::dice_turn::{self as turn, Stage};
use super::{Move, Shape, State, Tables};

/// Fills `out` with the moves of the player to move, the script's hook (`script`, when the
/// game has one) run between the generators and the filters.
pub fn generate<E>(
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
                super::generators::generate(&cx, &t.generators[p], out);
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
    super::marks::decorate(t, s, out);
    Ok(())
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
