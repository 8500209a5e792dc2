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

/// A set of [`CellCond`]s, any of which may hold.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Conds(u16);

impl Conds {
    /// From a list of conditions.
    pub fn of(list: &[CellCond]) -> Conds {
        Conds(list.iter().fold(0, |m, c| m | (1 << (*c as u16))))
    }

    /// Whether the set holds condition `c`.
    pub fn has(self, c: CellCond) -> bool {
        self.0 & (1 << (c as u16)) != 0
    }

    /// Whether a cell whose top is `top` satisfies any condition, for `player` moving `mover`.
    #[inline]
    pub fn holds(self, t: &Tables, top: Option<Piece>, mover: Piece, player: PlayerId) -> bool {
        let Some(top) = top else {
            return self.has(CellCond::Empty) || self.has(CellCond::Any);
        };
        if self.has(CellCond::Any) || self.has(CellCond::Occupied) {
            return true;
        }
        let ti = t.info(top);
        let size = t.info(mover).size;
        (self.has(CellCond::Own) && ti.owner == Some(player))
            || (self.has(CellCond::Friend) && ti.owner.is_some_and(|o| t.same_team(o, player)))
            || (self.has(CellCond::Enemy) && ti.owner.is_some_and(|o| !t.same_team(o, player)))
            || (self.has(CellCond::Neutral) && ti.owner.is_none())
            || (self.has(CellCond::Smaller) && ti.size < size)
            || (self.has(CellCond::NotLarger) && ti.size <= size)
            || (self.has(CellCond::Larger) && ti.size > size)
    }
}

/// A condition precomputed for one moving piece of one seat: which top pieces satisfy it, as
/// a bit per piece value (games with at most 64 piece values), and whether an empty cell
/// does. Built once per game (`Generator::prepare_masks`) instead of judging each cell with
/// [`Conds::holds`].
#[derive(Clone, Copy, Debug)]
pub struct CondMask {
    empty: bool,
    pieces: u64,
    /// The piece values do not fit: ask `Conds::holds`.
    wide: Option<Conds>,
}

impl CondMask {
    /// The mask of `c` for `mover` moved by `player`.
    pub fn of(t: &Tables, c: Conds, mover: Piece, player: PlayerId) -> CondMask {
        if t.pieces.len() > 64 {
            return CondMask {
                empty: c.holds(t, None, mover, player),
                pieces: 0,
                wide: Some(c),
            };
        }
        let pieces = (0..t.pieces.len())
            .filter(|&i| c.holds(t, Some(Piece(i as u8)), mover, player))
            .fold(0u64, |m, i| m | (1 << i));
        CondMask {
            empty: c.holds(t, None, mover, player),
            pieces,
            wide: None,
        }
    }

    /// A condition nothing satisfies: what a generator without the condition asks.
    pub const NEVER: CondMask = CondMask {
        empty: false,
        pieces: 0,
        wide: None,
    };

    /// A condition judged cell by cell (no mask).
    pub fn wide(c: Conds) -> CondMask {
        CondMask {
            empty: c.has(CellCond::Empty) || c.has(CellCond::Any),
            pieces: 0,
            wide: Some(c),
        }
    }

    /// Whether a cell whose top is `top` satisfies the condition.
    #[inline]
    pub fn holds(&self, t: &Tables, top: Option<Piece>, mover: Piece, player: PlayerId) -> bool {
        match (top, self.wide) {
            (None, _) => self.empty,
            (Some(p), None) => self.pieces & (1 << p.0) != 0,
            (Some(p), Some(c)) => c.holds(t, Some(p), mover, player),
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
