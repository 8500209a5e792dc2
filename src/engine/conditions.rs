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

use super::{Action, Loc, Move, PlayerId, State, Tables};
use crate::board::CellId;
use crate::def::{ForbidMoves, ForbidSeats};

/// A compiled `[conditions.NAME]`.
#[derive(Clone, Debug)]
pub struct Condition {
    /// Its name.
    pub name: String,
    /// Per seat, the cells every loose piece of the seat must stand on (its parts of the
    /// `only_in` regions, together).
    pub only_in: Option<Vec<crate::board::CellSet>>,
    /// A piece of the seat is held down (or none is).
    pub held_down: Option<bool>,
    /// Region index the seat has no move into.
    pub cannot_enter: Option<usize>,
}

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

/// A few cells.
type Cells = SmallVec<[CellId; 8]>;

/// At most this many stray pieces are listed: a move touches few cells, and a seat with
/// more strays than that cannot be brought into the condition by one move.
const STRAYS: usize = 8;

/// The cells where a loose piece of `p` stands outside the condition's regions (`only_in`),
/// at most [`STRAYS`] and one more; none when the condition has no `only_in`.
fn strays(t: &Tables, s: &State, c: &Condition, p: PlayerId) -> SmallVec<[CellId; 8]> {
    let Some(allowed) = &c.only_in else {
        return SmallVec::new();
    };
    let allowed = &allowed[p.index()];
    let mut out = SmallVec::new();
    for x in t.board.cells() {
        if !allowed.contains(x) && s.top(Loc(x.0)).is_some_and(|q| t.info(q).owner == Some(p)) {
            out.push(x);
            if out.len() > STRAYS {
                break;
            }
        }
    }
    out
}

/// Whether a loose piece of `p` stands outside the condition's regions.
fn has_stray(t: &Tables, s: &State, c: &Condition, p: PlayerId) -> bool {
    let Some(allowed) = &c.only_in else {
        return false;
    };
    let allowed = &allowed[p.index()];
    t.board.cells().any(|x| {
        !allowed.contains(x) && s.top(Loc(x.0)).is_some_and(|q| t.info(q).owner == Some(p))
    })
}

/// Whether a piece of `p` lies under another seat's top piece somewhere.
fn is_held_down(t: &Tables, s: &State, p: PlayerId) -> bool {
    t.board.cells().any(|x| {
        let stack = s.stack(Loc(x.0));
        stack.len() > 1 && {
            let (top, below) = stack.split_last().unwrap_or((&stack[0], &[]));
            t.info(*top).owner != Some(p) && below.iter().any(|q| t.info(*q).owner == Some(p))
        }
    })
}

/// The cells where a piece of `p` lies under another seat's top piece.
pub fn held_down(t: &Tables, s: &State, p: PlayerId) -> SmallVec<[CellId; 8]> {
    t.board
        .cells()
        .filter(|&x| {
            let stack = s.stack(Loc(x.0));
            let Some((top, below)) = stack.split_last() else {
                return false;
            };
            t.info(*top).owner != Some(p) && below.iter().any(|q| t.info(*q).owner == Some(p))
        })
        .collect()
}

/// Whether condition `c` holds for seat `p` in `s`.
pub fn holds(t: &Tables, s: &State, c: &Condition, p: PlayerId) -> bool {
    if has_stray(t, s, c, p) {
        return false;
    }
    if let Some(want) = c.held_down
        && is_held_down(t, s, p) != want
    {
        return false;
    }
    if let Some(r) = c.cannot_enter {
        let cells = t.board.region_at(r).for_seat(p.index());
        let inside = |l: Option<Loc>| {
            l.and_then(|l| t.loc_cell(l))
                .is_some_and(|x| cells.contains(x))
        };
        // Only the seat's pieces outside the region can enter it: each is asked on its own,
        // and the first move in ends the search.
        let mut moves = Vec::new();
        let outside = t.board.cells().filter(|&x| {
            !cells.contains(x) && s.top(Loc(x.0)).is_some_and(|q| t.info(q).owner == Some(p))
        });
        for from in outside {
            for &i in t.tiers(s.phase()).iter().flatten() {
                moves.clear();
                super::movegen::generate(t, s, &t.patterns[i], p, Some(from), &mut moves);
                if moves.iter().any(|m| inside(m.to())) {
                    return false;
                }
            }
        }
        // Placements start in a zone: outside the region too.
        for &i in t.tiers(s.phase()).iter().flatten() {
            if matches!(t.patterns[i].kind, super::movegen::GenKind::Place(_)) {
                moves.clear();
                super::movegen::generate(t, s, &t.patterns[i], p, None, &mut moves);
                if moves.iter().any(|m| inside(m.to())) {
                    return false;
                }
            }
        }
    }
    true
}

/// The board cells a move's actions touch: the only cells whose top pieces it changes.
fn touched(t: &Tables, m: &Move) -> SmallVec<[CellId; 4]> {
    let mut out: SmallVec<[CellId; 4]> = SmallVec::new();
    for a in &m.actions {
        let locs = match *a {
            Action::Transfer { from, to, .. } | Action::Carry { from, to, .. } => {
                [Some(from), Some(to)]
            }
            Action::Replace { at, .. } | Action::Rotate { at, .. } => [Some(at), None],
            _ => [None, None],
        };
        for c in locs.into_iter().flatten().filter_map(|l| t.loc_cell(l)) {
            if !out.contains(&c) {
                out.push(c);
            }
        }
    }
    out
}

/// `[rules.forbid]`: removes the judged moves after which the condition holds for a seat it
/// names.
pub fn forbid(t: &Tables, s: &State, out: &mut Vec<Move>) {
    let me = s.turn();
    for f in &t.forbid {
        let c = &t.conditions[f.cond];
        let seats: SmallVec<[PlayerId; 8]> = (0..t.player_count())
            .map(|q| PlayerId(q as u8))
            .filter(|&q| match f.seats {
                ForbidSeats::Any => true,
                ForbidSeats::Mover => q == me,
                ForbidSeats::Others => q != me,
            })
            .collect();
        // Each seat's stray loose pieces now; a move that leaves one of them untouched
        // leaves the condition false for that seat, and a seat with more strays than a move
        // touches is out of reach.
        let (seats, strays): (SmallVec<[PlayerId; 8]>, SmallVec<[Cells; 8]>) = seats
            .iter()
            .map(|&q| (q, strays(t, s, c, q)))
            .filter(|(_, st)| st.len() <= STRAYS)
            .unzip();
        if seats.is_empty() {
            continue;
        }
        let mut scratch: Option<State> = None;
        out.retain(|m| {
            if f.moves == ForbidMoves::OntoPiece
                && !m
                    .to()
                    .is_some_and(|l| t.loc_cell(l).is_some() && s.top(l).is_some())
            {
                return true;
            }
            let hit = touched(t, m);
            let open: SmallVec<[PlayerId; 8]> = seats
                .iter()
                .zip(&strays)
                .filter(|(_, st)| st.iter().all(|x| hit.contains(x)))
                .map(|(q, _)| *q)
                .collect();
            if open.is_empty() {
                return true;
            }
            let sc = scratch.get_or_insert_with(|| s.clone());
            let n = super::apply_actions(t, sc, &m.actions);
            let bad = open.iter().any(|&q| holds(t, sc, c, q));
            super::unapply_actions(t, sc, &m.actions, n);
            !bad
        });
    }
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
            .filter(|h| s.top(Loc(h.0)).is_some_and(|q| t.info(q).owner == Some(me)))
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
            .any(|h| s.top(Loc(h.0)).is_some_and(|q| t.info(q).owner == Some(p)))
        {
            return Some(p);
        }
        p = t.next_seat(p);
    }
    None
}
