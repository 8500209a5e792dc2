//! A star map (`[board.systems]`, Homeworlds): cells made of the pieces on them. A system's
//! stars are its unowned pieces, its ships the owned ones; a cell with no star is no system.
//! Which systems are linked is a rule over their stars (`linked`), read off the position, so
//! it changes as systems appear and vanish. A system a move takes a piece from, leaving it
//! with stars and no ship (or ships and no star), returns everything on it to the bank,
//! unowned: [`settle`] adds that to the move as transfers of its own, so undo, look-ahead,
//! perft and records need nothing new.

use smallvec::SmallVec;

use super::{Action, ActionList, Loc, Move, PlayerId, State, Tables};
use crate::board::CellId;
use crate::def::SystemLink;

/// A compiled star map.
#[derive(Clone, Debug)]
pub struct Systems {
    /// The bank (a shared zone).
    pub bank: Loc,
    /// When two systems are linked.
    pub link: SystemLink,
    /// Each seat's home system.
    pub homes: Vec<CellId>,
}

impl Systems {
    /// Whether `c` is some seat's home.
    pub fn is_home(&self, c: CellId) -> bool {
        self.homes.contains(&c)
    }

    /// A seat's home system.
    pub fn home(&self, p: PlayerId) -> Option<CellId> {
        self.homes.get(p.index()).copied()
    }

    /// The first cell free for a new system (no piece, not a home), in cell order: a
    /// discovery always takes it, so no two discoveries differ only by where they land.
    pub fn free_cell(&self, t: &Tables, s: &State) -> Option<CellId> {
        t.board
            .cells()
            .find(|&c| s.stack(Loc(c.0)).is_empty() && !self.is_home(c))
    }
}

/// The sizes of the stars (unowned pieces) on `c`, a bit per size (sizes past 63 share the
/// last bit); 0 when it is no system.
pub fn star_sizes(t: &Tables, s: &State, c: CellId) -> u64 {
    s.stack(Loc(c.0))
        .iter()
        .map(|&p| t.info(p))
        .filter(|i| i.owner.is_none())
        .fold(0, |m, i| m | size_bit(i.size))
}

/// The bit of a size in [`star_sizes`].
pub fn size_bit(size: i64) -> u64 {
    1 << size.clamp(0, 63)
}

/// Whether a system whose stars have the sizes `a` links with one whose stars have `b`
/// (both systems: neither 0).
pub fn links(link: SystemLink, a: u64, b: u64) -> bool {
    match link {
        SystemLink::SizesDiffer => a != 0 && b != 0 && a & b == 0,
    }
}

/// The cells a move takes pieces from, each once: only a departure can leave a system without
/// its star or its last ship (a homeworld's stars placed before its first ship stay).
fn left_cells(t: &Tables, actions: &[Action]) -> SmallVec<[CellId; 4]> {
    let mut out: SmallVec<[CellId; 4]> = SmallVec::new();
    for a in actions {
        if let Action::Transfer { from, .. } | Action::Carry { from, .. } = *a
            && let Some(c) = t.loc_cell(from)
            && !out.contains(&c)
        {
            out.push(c);
        }
    }
    out
}

/// Adds to each move the return to the bank of every system it takes a piece from and leaves
/// without a star or without a ship (judged on the position after it, on one scratch copy of
/// `s`).
pub fn settle(t: &Tables, s: &State, sys: &Systems, moves: &mut [Move]) {
    // Made on the first move that leaves a system: the placements that open a game (and every
    // move from the bank alone) leave none, and need neither the copy nor the trial.
    let mut scratch = super::scratch::Scratch::new(s);
    for m in moves.iter_mut() {
        let left = left_cells(t, &m.actions);
        if left.is_empty() {
            continue;
        }
        let scratch = scratch.get();
        let done = super::apply_actions(t, scratch, &m.actions);
        let mut extra: ActionList = SmallVec::new();
        for c in left {
            let at = Loc(c.0);
            let stack = scratch.stack(at);
            let ships = stack.iter().filter(|&&p| t.info(p).owner.is_some()).count();
            if stack.is_empty() || (ships != 0 && ships != stack.len()) {
                continue;
            }
            // Top first, each unowned in the bank.
            for &p in stack.iter().rev() {
                extra.push(Action::Transfer {
                    piece: p,
                    from: at,
                    to: sys.bank,
                });
                let info = t.info(p);
                let bare = t.recast(t.upright(p), info.kind, None);
                if bare != p {
                    extra.push(Action::Replace {
                        at: sys.bank,
                        old: p,
                        new: bare,
                    });
                }
            }
        }
        super::unapply_actions(t, scratch, &m.actions, done);
        m.actions.extend(extra);
    }
}
