//! Conditions on cells and distances, as written and as precomputed per moving piece: what
//! every kind of generator asks of a cell it passes over or lands on.

use super::*;

/// A distance bound, resolved against the moving piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Amount {
    /// A fixed count.
    Fixed(u32),
    /// The moving piece's pips plus an offset.
    Size(i64),
    /// The pips of the moving piece's whole stack plus an offset.
    Stack(i64),
    /// No limit.
    Unlimited,
}

impl Amount {
    /// Parses `3`, `size`, `size-1`, `stack+2`, `any`.
    pub fn parse(s: &str) -> Option<Amount> {
        let s = s.trim();
        if s == "any" {
            return Some(Amount::Unlimited);
        }
        for (word, make) in [
            ("size", Amount::Size as fn(i64) -> Amount),
            ("stack", Amount::Stack),
        ] {
            if let Some(rest) = s.strip_prefix(word) {
                let rest = rest.trim();
                if rest.is_empty() {
                    return Some(make(0));
                }
                let (sign, num) = rest.split_at(1);
                let n: i64 = num.trim().parse().ok()?;
                return match sign {
                    "+" => Some(make(n)),
                    "-" => Some(make(-n)),
                    _ => None,
                };
            }
        }
        s.parse().ok().map(Amount::Fixed)
    }

    pub(super) fn resolve(self, size: i64, stack: i64) -> u32 {
        // Offsets are the author's numbers: saturate rather than overflow.
        let clamp = |v: i64| v.clamp(0, i64::from(u32::MAX)) as u32;
        match self {
            Amount::Fixed(n) => n,
            Amount::Size(o) => clamp(size.saturating_add(o)),
            Amount::Stack(o) => clamp(stack.saturating_add(o)),
            Amount::Unlimited => u32::MAX,
        }
    }
}

/// A set of [`CellCond`]s, any of which may hold, and up to [`Conds::TERMS`] conjunctions
/// (`"enemy lying"`: an enemy piece lying down), each of which holds when all its
/// conditions do.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Conds {
    /// Conditions written alone, one bit each.
    any: u16,
    /// Conjunctions, one bit per condition each (0 = unused).
    all: [u16; Conds::TERMS],
}

/// One condition's bit.
const fn bit(c: CellCond) -> u16 {
    1 << (c as u16)
}

impl Conds {
    /// The most conjunctions a condition list may hold (the definition refuses more).
    pub const TERMS: usize = crate::def::MAX_CONJUNCTIONS;

    /// From a list of conditions, any of which may hold.
    pub fn of(list: &[CellCond]) -> Conds {
        Conds {
            any: list.iter().fold(0, |m, c| m | bit(*c)),
            all: [0; Conds::TERMS],
        }
    }

    /// From a definition's list: conditions alone, and conjunctions (reading the definition
    /// refuses more than [`Conds::TERMS`] of those).
    pub fn from_def(c: &crate::def::Conds) -> Conds {
        let mut out = Conds::of(&c.alone());
        for (slot, term) in out.all.iter_mut().zip(c.conjunctions()) {
            *slot = term.iter().fold(0, |m, c| m | bit(*c));
        }
        out
    }

    /// Whether the conditions are `c` alone.
    #[inline]
    pub fn is_only(self, c: CellCond) -> bool {
        self.any == bit(c) && self.all[0] == 0
    }

    /// Whether an entry joins several conditions.
    pub fn joins(self) -> bool {
        self.all[0] != 0
    }

    /// Whether condition `c` is among those written alone.
    pub fn has(self, c: CellCond) -> bool {
        self.any & bit(c) != 0
    }

    /// Whether a cell whose top is `top` satisfies the conditions, for `player` moving `mover`.
    #[inline]
    pub fn holds(self, t: &Tables, top: Option<Piece>, mover: Piece, player: PlayerId) -> bool {
        // Conjunctions fill the slots in order: a list without one costs one test.
        any_of(self.any, t, top, mover, player)
            || (self.all[0] != 0
                && self
                    .all
                    .iter()
                    .any(|&term| term != 0 && every_of(term, t, top, mover, player)))
    }
}

/// Whether any condition of the bits holds for a cell whose top is `top`: the common case
/// (a plain list), judged with a bit test per condition and one look at the top piece.
#[inline(always)]
fn any_of(bits: u16, t: &Tables, top: Option<Piece>, mover: Piece, player: PlayerId) -> bool {
    let has = |c: CellCond| bits & bit(c) != 0;
    let Some(top) = top else {
        return has(CellCond::Empty) || has(CellCond::Any);
    };
    if has(CellCond::Any) || has(CellCond::Occupied) {
        return true;
    }
    let ti = t.info(top);
    // Sizes and facings are asked by few games: one test each skips them.
    const SIZES: u16 = bit(CellCond::Smaller)
        | bit(CellCond::NotLarger)
        | bit(CellCond::Larger)
        | bit(CellCond::SameSize);
    const FACINGS: u16 = bit(CellCond::Upright) | bit(CellCond::Lying);
    const COLOURS: u16 = bit(CellCond::SameColour) | bit(CellCond::OtherColour);
    (has(CellCond::Own) && ti.owner == Some(player))
        || (has(CellCond::Friend) && ti.owner.is_some_and(|o| t.same_team(o, player)))
        || (has(CellCond::Enemy) && ti.owner.is_some_and(|o| !t.same_team(o, player)))
        || (has(CellCond::Neutral) && ti.owner.is_none())
        || (bits & SIZES != 0 && {
            let size = t.info(mover).size;
            (has(CellCond::Smaller) && ti.size < size)
                || (has(CellCond::NotLarger) && ti.size <= size)
                || (has(CellCond::Larger) && ti.size > size)
                || (has(CellCond::SameSize) && ti.size == size)
        })
        || (bits & FACINGS != 0
            && ((has(CellCond::Upright) && ti.facing.is_none())
                || (has(CellCond::Lying) && ti.facing.is_some())))
        || (bits & COLOURS != 0 && {
            let mine = t.info(mover).colour;
            (has(CellCond::SameColour) && ti.colour.is_some() && ti.colour == mine)
                || (has(CellCond::OtherColour) && ti.colour.is_some() && ti.colour != mine)
        })
}

/// Whether every condition of the bits holds for a cell whose top is `top` (a conjunction).
fn every_of(bits: u16, t: &Tables, top: Option<Piece>, mover: Piece, player: PlayerId) -> bool {
    let mut rest = bits;
    while rest != 0 {
        let i = rest.trailing_zeros();
        rest &= rest - 1;
        if !any_of(bit(CellCond::ALL[i as usize]), t, top, mover, player) {
            return false;
        }
    }
    true
}

/// A condition precomputed for one moving piece of one seat: which top pieces satisfy it, as
/// a bit per piece value, and whether an empty cell does. Built once per game
/// (`Generator::prepare_masks`) instead of judging each cell with [`Conds::holds`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CondMask {
    empty: bool,
    /// Bit `p` (of 256: a piece value is a byte) set when a top piece `p` satisfies it.
    pieces: [u64; 4],
}

impl CondMask {
    /// The mask of `c` for `mover` moved by `player`.
    pub fn of(t: &Tables, c: Conds, mover: Piece, player: PlayerId) -> CondMask {
        let mut pieces = [0u64; 4];
        for i in 0..t.pieces.len().min(256) {
            if c.holds(t, Some(Piece(i as u8)), mover, player) {
                pieces[i / 64] |= 1 << (i % 64);
            }
        }
        CondMask {
            empty: c.holds(t, None, mover, player),
            pieces,
        }
    }

    /// A condition nothing satisfies: what a generator without the condition asks.
    pub const NEVER: CondMask = CondMask {
        empty: false,
        pieces: [0; 4],
    };

    /// Keeps of the cells `words` (a bitset over the board: cell `c` is bit `c % 64` of word
    /// `c / 64`) those whose top satisfies the condition: for a condition only an empty cell
    /// satisfies by word operations on the state's bitsets, for any other cell by cell. What
    /// a placement asks once a position rather than at each cell for each piece.
    pub(crate) fn retain_cells(&self, t: &Tables, s: &State, words: &mut [u64]) {
        let only_empty = self.pieces == [0; 4];
        for (w, word) in words.iter_mut().enumerate() {
            *word = match (only_empty, self.empty) {
                (true, true) => *word & !s.occupied_word(t, w),
                (true, false) => 0,
                (false, _) => crate::board::BitCells::single_word(w, *word)
                    .filter(|&c| self.holds(s.top_cell(c)))
                    .fold(0, |kept, c| kept | 1 << (c.index() % 64)),
            };
        }
    }

    /// The same condition, not satisfied by a top piece `p`.
    pub fn without(mut self, p: Piece) -> CondMask {
        self.pieces[p.index() >> 6] &= !(1 << (p.0 & 63));
        self
    }

    /// Whether a cell whose top is `top` satisfies the condition.
    #[inline]
    pub fn holds(&self, top: Option<Piece>) -> bool {
        match top {
            None => self.empty,
            Some(p) => self.pieces[p.index() >> 6] & (1 << (p.0 & 63)) != 0,
        }
    }
}

/// A set of [`Heading`]s; the empty set means "any".
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Headings(pub(super) u8);

impl Headings {
    /// From a list.
    pub fn of(list: &[Heading]) -> Headings {
        Headings(list.iter().fold(0, |m, h| m | (1 << (*h as u8))))
    }

    pub(crate) fn allows(self, h: Heading) -> bool {
        self.0 == 0 || self.0 & (1 << (h as u8)) != 0
    }

    /// Whether every heading is allowed.
    pub fn is_any(self) -> bool {
        self.0 == 0
    }
}
