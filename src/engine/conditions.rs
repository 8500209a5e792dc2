//! Conditions on a seat (`[conditions.NAME]`) and the rules that use them: moves made
//! illegal by the situation they lead to (`[rules.forbid]`) and the duty to release a piece
//! one holds down (`[rules.release]`). Moscow Ice's Stalemate Move Rule is the two together:
//! a player "stalled" (only pieces on the 7th rank left, one of them frozen, no way into the
//! Finish line) must be released, and no freeze may stall anybody.
//!
//! Judging a move means playing it on a scratch copy and evaluating the condition there, so
//! it must be cheap: a condition with `only_in` is first ruled out without playing the move
//! when a loose piece of the seat stands outside those regions on a cell the move does not
//! touch (one move changes the top pieces of the cells it touches, and of no other).

use smallvec::SmallVec;

use super::situation::{Cells, few_enough, has_stray, held_at, holds_here};
pub use super::situation::{Condition, held_down};
use super::{Action, Loc, Move, PlayerId, State, Tables};
use crate::board::CellId;
use crate::def::{ForbidMoves, ForbidSeats};

/// A compiled `[rules.forbid.LABEL]`.
#[derive(Clone, Debug)]
pub struct Forbid {
    /// Which moves are judged.
    pub moves: ForbidMoves,
    /// The condition's index.
    pub cond: usize,
    /// Whose condition.
    pub seats: ForbidSeats,
}

/// The board as it would be after a move, without playing it: the stacks of the cells the
/// move touches, changed by its actions, over the position's own. Conditions on the pieces
/// read it; only `cannot_enter`, which generates moves, needs the move really played.
struct After<'a> {
    s: &'a State,
    changed: SmallVec<[(CellId, super::Stack); 4]>,
}

impl<'a> After<'a> {
    /// The position `s` after move `m` (cells only: zones do not matter to conditions).
    fn of(t: &Tables, s: &'a State, m: &Move) -> After<'a> {
        let mut a = After {
            s,
            changed: SmallVec::new(),
        };
        for act in &m.actions {
            match *act {
                Action::Transfer { piece, from, to } => {
                    if let Some(c) = t.loc_cell(from) {
                        a.cell(c).pop();
                    }
                    if let Some(c) = t.loc_cell(to) {
                        a.cell(c).push(piece);
                    }
                }
                Action::Carry { from, to, count } => {
                    if let (Some(f), Some(d)) = (t.loc_cell(from), t.loc_cell(to)) {
                        let src = a.cell(f);
                        let n = (count as usize).min(src.len());
                        let moving: super::Stack = src.drain(src.len() - n..).collect();
                        a.cell(d).extend(moving);
                    }
                }
                Action::Replace { at, new, .. } => {
                    if let Some(c) = t.loc_cell(at)
                        && let Some(top) = a.cell(c).last_mut()
                    {
                        *top = new;
                    }
                }
                Action::Rotate { at, i, up } => {
                    if let Some(c) = t.loc_cell(at) {
                        let st = a.cell(c);
                        let i = i as usize;
                        if up && i < st.len() {
                            let p = st.remove(i);
                            st.push(p);
                        } else if !up
                            && i < st.len()
                            && let Some(p) = st.pop()
                        {
                            st.insert(i, p);
                        }
                    }
                }
                Action::Mark { at, piece, on } => {
                    if let Some(c) = t.loc_cell(at) {
                        if on {
                            a.cell(c).push(piece);
                        } else {
                            a.cell(c).pop();
                        }
                    }
                }
                _ => {}
            }
        }
        a
    }

    /// The stack of cell `c`, taken into the changed cells.
    fn cell(&mut self, c: CellId) -> &mut super::Stack {
        let i = match self.changed.iter().position(|(x, _)| *x == c) {
            Some(i) => i,
            None => {
                let st = self.s.stack(Loc(c.0)).iter().copied().collect();
                self.changed.push((c, st));
                self.changed.len() - 1
            }
        };
        &mut self.changed[i].1
    }

    /// The stack of cell `c` after the move.
    fn stack(&self, c: CellId) -> &[super::Piece] {
        match self.changed.iter().find(|(x, _)| *x == c) {
            Some((_, st)) => st,
            None => self.s.stack(Loc(c.0)),
        }
    }
}

/// Whether the top `top` of cell `x` is a loose piece of `p` standing outside `allowed`.
fn is_stray(
    t: &Tables,
    allowed: &crate::board::CellSet,
    top: Option<super::Piece>,
    p: PlayerId,
    x: CellId,
) -> bool {
    !allowed.contains(x) && top.is_some_and(|q| t.info(q).owner == Some(p))
}

/// The cells where a loose piece of `p` stands outside the condition's regions (`only_in`),
/// at most `cap` and one more; none when the condition has no `only_in`.
fn strays(t: &Tables, s: &State, c: &Condition, p: PlayerId, cap: usize) -> Cells {
    let mut out = Cells::new();
    let Some(allowed) = &c.only_in else {
        return out;
    };
    out.extend(
        crate::board::cells_of_words(s.owned_outside(t, p, &allowed[p.index()]))
            .take(cap.saturating_add(1)),
    );
    out
}

/// Whether condition `c` holds for seat `p` in `s`.
pub fn holds(t: &Tables, s: &State, c: &Condition, p: PlayerId) -> bool {
    holds_here(t, s, c, p) && cannot_enter(t, s, c, p)
}

/// `cannot_enter`: the seat has no move into the region (true without the key).
fn cannot_enter(t: &Tables, s: &State, c: &Condition, p: PlayerId) -> bool {
    if let Some(r) = c.cannot_enter {
        let cells = t.board.region_at(r).for_seat(p.index());
        let inside = |l: Option<Loc>| {
            l.and_then(|l| t.loc_cell(l))
                .is_some_and(|x| cells.contains(x))
        };
        // Only the seat's pieces outside the region can enter it: each is asked on its own,
        // and the first move in ends the search.
        let mut moves = Vec::new();
        let outside: Cells = crate::board::cells_of_words(s.owned_outside(t, p, cells)).collect();
        for from in outside {
            for &i in t.tiers(s.phase()).iter().flatten() {
                moves.clear();
                super::generators::generate(
                    &super::attack::ctx(t, s, p).only(Some(from)),
                    &t.generators[i],
                    &mut moves,
                );
                if moves.iter().any(|m| inside(m.to())) {
                    return false;
                }
            }
        }
        // Placements start in a zone: outside the region too.
        for &i in t.tiers(s.phase()).iter().flatten() {
            if matches!(t.generators[i].kind, super::generators::Kind::Place(_)) {
                moves.clear();
                super::generators::generate(
                    &super::attack::ctx(t, s, p),
                    &t.generators[i],
                    &mut moves,
                );
                if moves.iter().any(|m| inside(m.to())) {
                    return false;
                }
            }
        }
    }
    true
}

/// `[rules.forbid]`: removes the judged moves after which the condition holds for a seat it
/// names.
pub fn forbid(t: &Tables, s: &State, out: &mut Vec<Move>) {
    let me = s.turn();
    for f in &t.forbid {
        let c = &t.conditions[f.cond];
        let judged = |m: &Move| {
            f.moves == ForbidMoves::Any
                || m.to()
                    .and_then(|l| t.loc_cell(l))
                    .is_some_and(|c| s.top_cell(c).is_some())
        };
        // A move changes the top pieces of the cells it touches and of no other: a seat with
        // a stray loose piece outside them stays out of the condition. So a seat with more
        // strays than any judged move can touch (two cells an action at most) is out of
        // reach.
        // No move is judged: nothing to forbid.
        let Some(reach) = out
            .iter()
            .filter(|m| judged(m))
            .map(|m| 2 * m.actions.len())
            .max()
        else {
            continue;
        };
        let (seats, strays): (SmallVec<[PlayerId; 8]>, SmallVec<[Cells; 8]>) = (0..t
            .player_count())
            .map(|q| PlayerId(q as u8))
            .filter(|&q| match f.seats {
                ForbidSeats::Any => true,
                ForbidSeats::Mover => q == me,
                ForbidSeats::Others => q != me,
            })
            .map(|q| (q, strays(t, s, c, q, reach)))
            .filter(|(_, st)| st.len() <= reach)
            .unzip();
        if seats.is_empty() {
            continue;
        }
        // Where each candidate seat is held down now (found once, when first needed).
        let mut held: SmallVec<[Option<Cells>; 8]> = seats.iter().map(|_| None).collect();
        let mut scratch: Option<State> = None;
        out.retain(|m| {
            if !judged(m) {
                return true;
            }
            let hit = super::moves::touched_cells(t, &m.actions);
            let mut after: Option<After> = None;
            let mut bad: SmallVec<[PlayerId; 8]> = SmallVec::new();
            for (k, (&q, st)) in seats.iter().zip(&strays).enumerate() {
                if !st.iter().all(|x| hit.contains(x)) {
                    continue;
                }
                // Only the touched cells change: the condition after the move is read off
                // them and what was already known of the others.
                let a = after.get_or_insert_with(|| After::of(t, s, m));
                if stray_on(t, a, c, q, &hit) {
                    continue;
                }
                if let Some(want) = c.held_down {
                    let was = held[k].get_or_insert_with(|| held_down(t, s, q));
                    let still = was.iter().any(|x| !hit.contains(x))
                        || hit.iter().any(|&x| held_at(t, a.stack(x), q));
                    if still != want {
                        continue;
                    }
                }
                bad.push(q);
            }
            if bad.is_empty() || (c.cannot_enter.is_none() && c.pieces_max.is_none()) {
                return bad.is_empty();
            }
            let sc = scratch.get_or_insert_with(|| s.clone());
            let n = super::apply_actions(t, sc, &m.actions);
            let stalled = bad
                .iter()
                .any(|&q| few_enough(t, sc, c, q) && cannot_enter(t, sc, c, q));
            super::unapply_actions(t, sc, &m.actions, n);
            !stalled
        });
    }
}

/// Whether a loose piece of `p` stands outside the condition's regions on one of `cells`.
fn stray_on(t: &Tables, a: &After, c: &Condition, p: PlayerId, cells: &[CellId]) -> bool {
    c.only_in.as_ref().is_some_and(|allowed| {
        cells
            .iter()
            .any(|&x| is_stray(t, &allowed[p.index()], a.stack(x).last().copied(), p, x))
    })
}

/// `[rules.release]`: while a seat is in the condition, the first seat after it in turn
/// order whose top piece holds one of its pieces down must move one of those pieces, if any
/// such move is left; the player to move keeps only those moves when it is that seat.
pub fn release(t: &Tables, s: &State, cond: usize, out: &mut Vec<Move>) {
    let me = s.turn();
    let c = &t.conditions[cond];
    for x in (0..t.player_count()).map(|q| PlayerId(q as u8)) {
        if x == me || has_stray(t, s, c, x) {
            continue;
        }
        let held = held_down(t, s, x);
        let Some(by) = releaser(t, s, x, &held) else {
            continue;
        };
        if by != me || !holds(t, s, c, x) {
            continue;
        }
        let mine: SmallVec<[Loc; 8]> = held
            .iter()
            .filter(|h| s.top_cell(**h).is_some_and(|q| t.info(q).owner == Some(me)))
            .map(|h| Loc(h.0))
            .collect();
        if out
            .iter()
            .any(|m| m.from().is_some_and(|l| mine.contains(&l)))
        {
            out.retain(|m| m.from().is_some_and(|l| mine.contains(&l)));
        }
    }
}

/// "If the pieces are frozen by more than one player then it is the next to play who must
/// release one": the first seat after `x` whose top piece is on one of `held`.
fn releaser(t: &Tables, s: &State, x: PlayerId, held: &[CellId]) -> Option<PlayerId> {
    let mut p = t.next_seat(x);
    while p != x {
        if held
            .iter()
            .any(|h| s.top_cell(*h).is_some_and(|q| t.info(q).owner == Some(p)))
        {
            return Some(p);
        }
        p = t.next_seat(p);
    }
    None
}
