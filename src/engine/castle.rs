//! Castling (`kind = "castle"`), the moves that depend on what happened earlier in a game:
//! the unmoved pieces (castling rights) and the cell a move passed over (en passant). Both
//! are part of the state (`State::unmoved`, `State::passed`) and change only through
//! actions, which [`decorate`] adds to every move a position generates, so undo and
//! look-ahead restore them like any piece.

use smallvec::SmallVec;

use super::movegen::{GenKind, Pattern};
use super::{Action, Loc, Move, Passed, PlayerId, Shape, State, Tables};
use crate::board::{CellId, DirId};

/// A castling generator's settings.
#[derive(Clone, Debug)]
pub struct Castle {
    /// Directions looked along for the partner, per seat.
    pub dirs: Vec<Vec<DirId>>,
    /// The partner's kinds (mask).
    pub partner: u64,
    /// Cells the piece moves toward its partner.
    pub steps: u32,
    /// Not out of, through or into a cell an opponent could move onto.
    pub safe: bool,
}

/// Appends the castling moves of `pat` for `player`.
pub fn generate(
    t: &Tables,
    s: &State,
    pat: &Pattern,
    c: &Castle,
    player: PlayerId,
    only: Option<CellId>,
    out: &mut Vec<Move>,
) {
    for from in super::movegen::cells_from(t, only) {
        if !s.is_unmoved(from) {
            continue;
        }
        let Some(piece) = s.top_cell(from) else {
            continue;
        };
        let info = t.info(piece);
        if info.owner != Some(player) || pat.kinds & (1 << info.kind.index()) == 0 {
            continue;
        }
        for &d in &c.dirs[player.index()] {
            // The cells toward the partner, every one of them empty.
            let mut between: SmallVec<[CellId; 8]> = SmallVec::new();
            let mut at = from;
            let partner = loop {
                let Some(next) = t.board.step(at, d) else {
                    break None;
                };
                if s.top_cell(next).is_some() {
                    break Some(next);
                }
                between.push(next);
                at = next;
            };
            let Some(partner) = partner else { continue };
            let Some(mate) = s.top_cell(partner) else {
                continue;
            };
            let mi = t.info(mate);
            let steps = c.steps as usize;
            if mi.owner != Some(player)
                || c.partner & (1 << mi.kind.index()) == 0
                || !s.is_unmoved(partner)
                || between.len() < steps
                || steps == 0
            {
                continue;
            }
            let to = between[steps - 1];
            let mate_to = if steps >= 2 { between[steps - 2] } else { from };
            if c.safe {
                let mut crossed = std::iter::once(from).chain(between[..steps].iter().copied());
                if crossed.any(|x| attacked(t, s, player, x, info.kind)) {
                    continue;
                }
            }
            let mut m = Move::pass();
            m.shape = Shape::Path;
            m.path.push(Loc(from.0));
            m.path.push(Loc(to.0));
            m.actions.push(Action::Transfer {
                piece,
                from: Loc(from.0),
                to: Loc(to.0),
            });
            m.actions.push(Action::Transfer {
                piece: mate,
                from: Loc(partner.0),
                to: Loc(mate_to.0),
            });
            out.push(m);
        }
    }
}

/// Whether an opponent of `p` could move onto cell `c` (for an empty cell: if `p`'s piece of
/// `kind` stood there): by the royal piece's attackers, or else by every generator that may
/// land on an enemy piece.
fn attacked(t: &Tables, s: &State, p: PlayerId, c: CellId, kind: super::KindId) -> bool {
    let all: Vec<usize>;
    let pats = match &t.royal {
        Some(r) => &r.attacks[..],
        None => {
            all = (0..t.patterns.len())
                .filter(|&i| t.patterns[i].land.has(crate::def::CellCond::Enemy))
                .collect();
            &all[..]
        }
    };
    (0..t.player_count())
        .map(|o| PlayerId(o as u8))
        .filter(|o| !t.same_team(*o, p))
        .any(|o| super::attack::attacks_cell(t, s, o, pats, c, kind))
}

/// Adds to each of a position's moves the actions that keep castling rights and the en
/// passant cell: every cell a move touches loses its unmoved mark, and the cell the last
/// move passed over is forgotten (a `passable` move has set the new one itself).
pub fn decorate(t: &Tables, s: &State, moves: &mut [Move]) {
    let tracked = t.unmoved.is_some();
    if !tracked && s.passed.is_none() {
        return;
    }
    for m in moves {
        if tracked {
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

/// The cell a `passable` move passes over (the last cell before its landing), as the
/// action that records it.
pub fn passing(s: &State, over: CellId, piece_at: CellId) -> Action {
    Action::Passed {
        old: s.passed,
        new: Some(Passed { over, piece_at }),
    }
}

/// Whether the seat to move has a legal en passant capture of the cell passed over: a move
/// of an `en_passant` generator landing there, safe for its royal piece. Only then does the
/// cell stay part of the position (two positions differ by it only when it can be used).
pub fn en_passant_possible(t: &Tables, s: &State) -> bool {
    let Some(p) = s.passed else { return false };
    let mut moves = Vec::new();
    for pat in t.patterns.iter().filter(|pat| pat.en_passant()) {
        super::movegen::generate(t, s, pat, s.turn(), None, &mut moves);
    }
    moves.retain(|m| m.to() == Some(Loc(p.over.0)) && m.is_capture());
    if let Some(r) = &t.royal {
        super::attack::keep_safe(t, s, &mut moves, s.turn(), r.kind, &r.attacks);
    }
    !moves.is_empty()
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
    for pat in &t.patterns {
        let GenKind::Castle(c) = &pat.kind else {
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
