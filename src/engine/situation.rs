//! A seat's situation as the board shows it, for `[conditions.NAME]`: where its loose pieces
//! stand (`only_in`), whether one is held down, how many it has (`pieces_max`). Nothing here
//! asks for moves, so the generators can ask it (a generator's `when`) without a circle: the
//! one test that does ask for moves, `cannot_enter`, is `conditions`' own.

use smallvec::SmallVec;

use super::{Loc, PlayerId, State, Tables};
use crate::board::CellId;

/// A few cells.
pub(super) type Cells = SmallVec<[CellId; 8]>;

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
    /// The most pieces the seat may have on the board (`pieces_max`).
    pub pieces_max: Option<u32>,
}

/// Whether condition `c` holds for seat `p` in `s`, all but `cannot_enter` (which asks the
/// generators, and which a generator's `when` condition may not use).
pub fn holds_here(t: &Tables, s: &State, c: &Condition, p: PlayerId) -> bool {
    few_enough(t, s, c, p)
        && !has_stray(t, s, c, p)
        && c.held_down
            .is_none_or(|want| held_down(t, s, p).is_empty() != want)
}

/// Whether a loose piece of `p` stands outside the condition's regions.
pub(super) fn has_stray(t: &Tables, s: &State, c: &Condition, p: PlayerId) -> bool {
    c.only_in
        .as_ref()
        .is_some_and(|allowed| s.owned_outside(t, p, &allowed[p.index()]).any(|w| w != 0))
}

/// The cells where a piece of `p` lies under another seat's top piece. Only a cell topped
/// by another owner's piece can hold one down: the owners' bitsets give those cells, and
/// only their stacks are read.
pub fn held_down(t: &Tables, s: &State, p: PlayerId) -> Cells {
    let mut others: SmallVec<[u64; 4]> = SmallVec::from_elem(0, t.cell_words());
    let owners = (0..t.player_count())
        .filter(|&q| q != p.index())
        .map(|q| Some(PlayerId(q as u8)))
        .chain([None]);
    for owner in owners {
        for (o, w) in others.iter_mut().zip(s.owned_cells(t, owner)) {
            *o |= w;
        }
    }
    crate::board::BitCells::new(&others)
        .filter(|&x| held_at(t, s.stack(Loc(x.0)), p))
        .collect()
}

/// `pieces_max`: the seat has no more pieces on the board (true without the key).
pub(super) fn few_enough(t: &Tables, s: &State, c: &Condition, p: PlayerId) -> bool {
    c.pieces_max
        .is_none_or(|most| pieces_on_board(t, s, p) <= most)
}

/// The pieces `p` has on the board, every piece of every stack counted (the script's
/// `s.pieces_of`, `pieces_max`, `[end.too_few]`).
pub fn pieces_on_board(t: &Tables, s: &State, p: PlayerId) -> u32 {
    t.board
        .cells()
        .map(|c| owned_in(t, s.stack(Loc(c.0)), p))
        .sum()
}

/// How many pieces of `p` a cell's stack or a zone holds.
pub fn owned_in(t: &Tables, pieces: &[super::Piece], p: PlayerId) -> u32 {
    pieces
        .iter()
        .filter(|q| t.info(**q).owner == Some(p))
        .count() as u32
}

/// Whether a piece of `p` lies under another seat's top piece in this stack.
pub(super) fn held_at(t: &Tables, stack: &[super::Piece], p: PlayerId) -> bool {
    match stack.split_last() {
        Some((top, below)) if !below.is_empty() => {
            t.info(*top).owner != Some(p) && below.iter().any(|q| t.info(*q).owner == Some(p))
        }
        _ => false,
    }
}
