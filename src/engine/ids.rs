//! The small copyable names of things (seats, kinds, pieces, locations) and the engine's
//! size limits, which the rest of the engine relies on to fit its numbers in few bits.

use crate::board::CellId;

/// The most pieces a cell may hold in a game with layers (one layer bit per stack index).
pub const MAX_LAYERED_STACK: usize = 31;

/// The most pieces a game may have in all (so any stack's height fits a `u16`).
pub const MAX_PIECES: usize = 60_000;

/// The most cells a board may have (cells and zones share 16-bit locations): the board's own
/// bound, which the engine's location numbers rely on.
pub use crate::board::MAX_CELLS;

/// The longest `max_plies` a definition may ask for.
pub const MAX_PLIES: u32 = 1_000_000;

/// The most vars, words or phases a definition may declare (each is stored in 8 bits).
pub const MAX_NAMES: usize = 256;

/// Whether the piece at stack index `k` lies beside the one below it, by a cell's layer bits.
#[inline]
pub fn beside(bits: u32, k: usize) -> bool {
    k > 0 && k <= MAX_LAYERED_STACK && bits & (1 << k) != 0
}

/// How many pieces form the top layer of a stack of `n` with these layer bits.
#[inline]
pub fn layer_size(bits: u32, n: usize) -> usize {
    let mut k = n.min(1);
    while k < n && beside(bits, n - k) {
        k += 1;
    }
    k
}

/// A seat at the table, 0-based in turn order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PlayerId(pub(crate) u8);

impl PlayerId {
    /// The seat index.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// A piece kind (small, pawn, king...).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct KindId(pub(crate) u8);

impl KindId {
    /// The kind index.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// A colour pieces have apart from their owner (`[pieces.X] colours`): an index into
/// [`super::Tables::colours`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ColourId(pub(crate) u8);

impl ColourId {
    /// The colour's index.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// A piece: a kind with an owner (or none). Pieces of the same kind and owner are
/// interchangeable, so a piece is a small value, not an identity.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Piece(pub(crate) u8);

impl Piece {
    /// The piece's index in [`Tables::pieces`].
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// A piece or none, in one byte: a game has at most 255 piece values (0 to 254), so 255
/// means none. A move names two such pieces (one lifted from inside a stack, one brought
/// from a zone) and stays 128 bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PieceSlot(u8);

impl PieceSlot {
    /// No piece.
    pub const NONE: PieceSlot = PieceSlot(u8::MAX);

    /// The slot holding `p`.
    pub fn of(p: Piece) -> PieceSlot {
        PieceSlot(p.0)
    }

    /// The piece, if any.
    pub fn get(self) -> Option<Piece> {
        (self.0 != u8::MAX).then_some(Piece(self.0))
    }
}

/// How a move leaves its piece standing: upright, or lying along a direction (the `[ne]` of
/// `a1-a5[ne]` and of a turn `c3[ne]`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Facing {
    /// Standing upright: `[up]`.
    Up,
    /// Lying pointing along a direction.
    Along(crate::board::DirId),
}

impl Facing {
    /// The facing of a piece lying along `d`, or standing for `None`.
    pub fn of(d: Option<crate::board::DirId>) -> Facing {
        d.map_or(Facing::Up, Facing::Along)
    }

    /// The direction it points along (`None` upright).
    pub fn dir(self) -> Option<crate::board::DirId> {
        match self {
            Facing::Up => None,
            Facing::Along(d) => Some(d),
        }
    }

    /// The bit of this facing in a set of facings (`Generator::when_facing`): bit 0 upright,
    /// bit `1 + d` along direction `d` (directions past 62 share the last bit).
    pub fn bit(self) -> u64 {
        match self {
            Facing::Up => 1,
            Facing::Along(d) => 1 << (1 + d.index()).min(63),
        }
    }
}

/// A place that holds pieces: a board cell or an off-board zone instance.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Loc(pub(crate) u16);

impl Loc {
    /// The location index (cells first, then zones).
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

impl From<CellId> for Loc {
    fn from(c: CellId) -> Loc {
        Loc(c.0)
    }
}
