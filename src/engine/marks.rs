//! The marks a position keeps of what happened earlier in a game: the unmoved pieces
//! (castling rights) and the cell a move passed over (en passant). Both are part of the state
//! (`State::unmoved`, `State::passed`) and change only through actions, which [`decorate`]
//! adds to every move a position generates, so undo and look-ahead restore them like any
//! piece.

use smallvec::SmallVec;

use super::generators::Kind;
use super::{Action, Move, State, Tables};
use crate::board::CellId;

/// Adds to each of a position's moves the actions that keep castling rights and the en
/// passant cell: every cell a move touches loses its unmoved mark, and the cell the last
/// move passed over is forgotten (a `passable` move has set the new one itself).
pub fn decorate(t: &Tables, s: &State, moves: &mut [Move]) {
    let tracked = t.unmoved.is_some();
    if !tracked && s.passed.is_none() {
        return;
    }
    // Most moves touch no unmoved piece: one look at the cells they name decides, before
    // the touched cells are listed in order.
    // On a board of at most 64 cells the marks are one word, read once: the test of a
    // location is then a shift (marks are only ever set on cells, so a zone's location,
    // whatever its number, finds no bit).
    let word = (t.board.len() <= 64).then(|| s.unmoved.first().copied().unwrap_or(0));
    let unmoved_at = |l: super::Loc| match word {
        Some(w) => w & 1u64.checked_shl(u32::from(l.0)).unwrap_or(0) != 0,
        None => t.loc_cell(l).is_some_and(|c| s.is_unmoved(c)),
    };
    let names_unmoved = |a: &Action| match *a {
        Action::Transfer { from, to, .. } => unmoved_at(from) || unmoved_at(to),
        Action::Transform { .. } => true,
        ref a => super::moves::action_locs(a)
            .into_iter()
            .flatten()
            .any(unmoved_at),
    };
    let tracked = tracked && s.unmoved.iter().any(|&w| w != 0);
    for m in moves {
        if tracked && m.actions.iter().any(names_unmoved) {
            let touched = super::moves::touched_cells(t, &m.actions);
            for at in touched.into_iter().filter(|&c| s.is_unmoved(c)) {
                m.actions.push(Action::Moved { at, moved: true });
            }
        }
        if s.passed.is_some() && !m.actions.iter().any(|a| matches!(a, Action::Passed { .. })) {
            m.actions.push(Action::Passed {
                old: s.passed,
                new: None,
            });
        }
    }
}

/// The unmoved marks that can still change a legal move: a castling piece's, while an
/// unmoved partner of its owner stands further along one of its castling lines, and a
/// partner's, while such a castling piece stands behind it. Repetition compares positions by
/// what the players can do (FIDE 9.2.2: "the possible moves of all the pieces of both players
/// are the same"), so a mark no castling can use any more (a rook's, once its king has moved)
/// must not tell two positions apart. The pieces between may still move away, so they do not
/// matter here.
pub(crate) fn live_marks(t: &Tables, s: &State) -> SmallVec<[u64; 2]> {
    let mut live: SmallVec<[u64; 2]> = s.unmoved.iter().map(|_| 0).collect();
    let mark = |live: &mut SmallVec<[u64; 2]>, c: CellId| {
        if let Some(w) = live.get_mut(c.index() / 64) {
            *w |= 1 << (c.index() % 64);
        }
    };
    for pat in &t.generators {
        let Kind::Castle(c) = &pat.kind else {
            continue;
        };
        for (w, &word) in s.unmoved.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                let from = CellId((w * 64 + bits.trailing_zeros() as usize) as u16);
                bits &= bits - 1;
                let Some(piece) = s.top_cell(from) else {
                    continue;
                };
                let info = t.info(piece);
                let Some(owner) = info.owner else { continue };
                if pat.kinds & (1 << info.kind.index()) == 0 {
                    continue;
                }
                for &d in c.dirs.get(owner.index()).map_or(&[][..], |v| &v[..]) {
                    let mut at = from;
                    while let Some(next) = t.board.step(at, d) {
                        at = next;
                        let partner = s.is_unmoved(at)
                            && s.top_cell(at).is_some_and(|p| {
                                let pi = t.info(p);
                                pi.owner == Some(owner) && c.partner & (1 << pi.kind.index()) != 0
                            });
                        if partner {
                            mark(&mut live, from);
                            mark(&mut live, at);
                        }
                    }
                }
            }
        }
    }
    live
}
