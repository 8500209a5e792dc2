//! Native move generators: "every move of this shape" in one call. A rule script composes a few
//! of these instead of looping over cells itself, because each helper call from Rhai costs
//! hundreds of times a native step (see ARCHITECTURE.md, "Speed").
//!
//! A ray pattern walks from each movable top piece along each allowed direction, passing over
//! `over_min..=over_max` cells that satisfy `over`, and lands on the next cell if it satisfies
//! `land`. Steps, slides, leaps and jumps (captures over, captures on landing, multi-leg chains)
//! are all settings of the one walk.

use smallvec::SmallVec;

use super::{Action, KindId, Loc, Move, Piece, PlayerId, Shape, State, Tables};
use crate::board::{BitCells, CellId, DirId};
use crate::def::{
    CaptureMode, CaptureTakes, CellCond, Chain, ConvertBy, Heading, Mover, NewOwner, ScoreMode,
    ZoneOf,
};

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

    fn resolve(self, size: i64, stack: i64) -> u32 {
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

/// A compiled move generator (from a `[moves.NAME]` table): what every kind shares, and the
/// settings of its kind. A key that belongs to another kind cannot be written here: the
/// lowering (`crate::lower`) refuses it with the kind it belongs to.
#[derive(Clone, Debug)]
pub struct Pattern {
    /// Its name.
    pub name: String,
    /// Whose pieces move (or are placed).
    pub mover: Mover,
    /// Bitmask of kinds allowed to move (all bits set = any).
    pub kinds: u64,
    /// Region the piece moves from (ray, leap) or onto (place).
    pub region: Option<usize>,
    /// Condition on the landing cell.
    pub land: Conds,
    /// Landing rules by region.
    pub region_rules: Vec<RegionRule>,
    /// What a move captures, and where it goes.
    pub capture: Capture,
    /// Pieces a landing converts to the mover's side in place.
    pub convert: Option<Convert>,
    /// The kind's own settings.
    pub kind: GenKind,
    /// Per seat, per cell: bit `r` set when the cell is in region rule `r`'s region (the
    /// seat's part), so a landing is judged by bit tests.
    pub rule_cells: Vec<Vec<u32>>,
    /// Per kind: bit `r` set when region rule `r` binds the kind (`Pattern::prepare_rules`).
    pub rule_kinds: Vec<u32>,
    /// Bit `r` set when region rule `r` binds the cells outside its region.
    pub outside_rules: u32,
    /// The var (index) that each of its moves sets to the mover's seat (`mover_var`).
    pub mover_var: Option<u8>,
    /// A plain ray or leap: one leg, the mover's own pieces of `kinds`, no region, land rules,
    /// heading, conversion, drops or stack carrying, fixed distances, only empty cells passed
    /// over (a leap: nothing asked of them). Whether such a generator lands on a cell is
    /// decided by the piece found walking back from it, without generating its moves.
    pub plain: bool,
    /// Per seat and moving piece (`seat * pieces + piece`): `land`, and a ray's `over` and
    /// `chain_stop`, as masks (empty when the game has more than 64 piece values).
    pub masks: Vec<[CondMask; 3]>,
}

impl Pattern {
    /// Computes [`Pattern::plain`] (at load).
    pub fn prepare_plain(&mut self) {
        let moving_plain = |m: &Movement| {
            m.base_kinds == u64::MAX && !m.carry_stack && m.toward.is_none() && m.legs.is_any()
        };
        let shape = match &self.kind {
            GenKind::Ray(r) => {
                r.chain == Chain::None
                    && r.over == Conds::of(&[CellCond::Empty])
                    && r.over_occupied_min == 0
                    && r.drops.is_none()
                    && matches!(r.over_min, Amount::Fixed(_))
                    && matches!(r.over_max, Amount::Fixed(_) | Amount::Unlimited)
                    && moving_plain(&r.moving)
            }
            GenKind::Leap(l) => l.over.is_none() && moving_plain(&l.moving),
            _ => false,
        };
        self.plain = shape
            && self.mover == Mover::Own
            && self.region.is_none()
            && self.region_rules.is_empty()
            && self.convert.is_none();
    }

    /// Whether a plain generator's piece on `from`, `steps` cells from `target` along the
    /// generator's own line, lands on `target` (see [`Pattern::plain`]): the piece is `by`'s
    /// and of `kinds`, and the target's top satisfies `land`.
    pub fn plain_reaches(
        &self,
        t: &Tables,
        s: &State,
        by: PlayerId,
        from: CellId,
        target: CellId,
    ) -> bool {
        let Some(piece) = s.top_cell(from) else {
            return false;
        };
        let info = t.info(piece);
        info.owner == Some(by)
            && self.kinds & (1 << info.kind.index()) != 0
            && self.masks_for(t, piece, by)[0].holds(t, s.top_cell(target), piece, by)
    }

    /// Computes [`Pattern::rule_kinds`] and [`Pattern::outside_rules`] (at load; at most 32
    /// region rules, checked by the lowering).
    pub fn prepare_rules(&mut self, t: &Tables) {
        let rules = &self.region_rules[..self.region_rules.len().min(32)];
        self.rule_kinds = (0..t.kinds.len())
            .map(|k| {
                rules
                    .iter()
                    .enumerate()
                    .filter(|(_, r)| r.kinds & (1 << k) != 0)
                    .fold(0u32, |m, (i, _)| m | (1 << i))
            })
            .collect();
        self.outside_rules = rules
            .iter()
            .enumerate()
            .filter(|(_, r)| r.outside)
            .fold(0u32, |m, (i, _)| m | (1 << i));
    }

    /// Computes [`Ray::open`] (at load): for each seat and cell, the directions in which some
    /// cell the ray can reach lies on a heading every leg may take. A leg's heading is judged
    /// from where the leg starts to where it lands, and nothing else along a direction can
    /// make a move, so a direction with no such cell is one the walk never needs.
    pub fn prepare_dirs(&mut self, t: &Tables) {
        let GenKind::Ray(r) = &mut self.kind else {
            return;
        };
        let mv = &r.moving;
        if mv.toward.is_none() || mv.legs.is_any() || !mv.unless_net.is_any() {
            return;
        }
        if r.dirs.iter().any(|d| d.len() > 64) {
            return;
        }
        let reach = match r.over_max {
            // At most `n` cells passed over, then the landing.
            Amount::Fixed(n) => (n as usize).saturating_add(1),
            _ => usize::MAX,
        };
        let cells = t.board.len();
        // Long lines on a big board could make this quadratic: past a budget of steps the
        // walk keeps every direction (pruning is only a saving).
        let mut budget: u32 = 1 << 22;
        let mut open = Vec::with_capacity(r.dirs.len());
        for (p, dirs) in r.dirs.iter().enumerate() {
            let p = PlayerId(p as u8);
            let mut per_cell = Vec::with_capacity(cells);
            for c in 0..cells {
                let from = CellId(c as u16);
                let mut mask = 0u64;
                for (i, &d) in dirs.iter().enumerate() {
                    let (mut cur, mut steps) = (from, 0usize);
                    // A board's lines may loop: no ray is longer than the board.
                    while steps < reach.min(cells) {
                        let Some(next) = t.board.step(cur, d) else {
                            break;
                        };
                        let Some(left) = budget.checked_sub(1) else {
                            return;
                        };
                        budget = left;
                        if mv.heading(p, from, next).is_some_and(|h| mv.legs.allows(h)) {
                            mask |= 1 << i;
                            break;
                        }
                        cur = next;
                        steps += 1;
                    }
                }
                per_cell.push(mask);
            }
            open.push(per_cell);
        }
        r.open = open;
    }

    /// Computes [`Pattern::masks`] (at load).
    pub fn prepare_masks(&mut self, t: &Tables) {
        let (over, stop) = match &self.kind {
            GenKind::Ray(r) => (r.over, r.chain_stop),
            _ => (Conds::default(), Conds::default()),
        };
        if t.pieces.len() > 64 {
            // One entry that judges cell by cell, for every seat and piece.
            self.masks = vec![[
                CondMask::wide(self.land),
                CondMask::wide(over),
                CondMask::wide(stop),
            ]];
            return;
        }
        // Conditions a generator does not have hold nowhere: no need to ask piece by piece.
        let mask = |c: Conds, q: Piece, p: PlayerId| {
            if c == Conds::default() {
                CondMask {
                    empty: false,
                    pieces: 0,
                    wide: None,
                }
            } else {
                CondMask::of(t, c, q, p)
            }
        };
        self.masks = (0..t.player_count())
            .flat_map(|p| (0..t.pieces.len()).map(move |q| (PlayerId(p as u8), Piece(q as u8))))
            .map(|(p, q)| [mask(self.land, q, p), mask(over, q, p), mask(stop, q, p)])
            .collect();
    }

    /// The masks of `land`, `over` and `chain_stop` for `piece` moved by `player`.
    #[inline]
    fn masks_for(&self, t: &Tables, piece: Piece, player: PlayerId) -> &[CondMask; 3] {
        let i = if self.masks.len() == 1 {
            0
        } else {
            player.index() * t.pieces.len() + piece.index()
        };
        &self.masks[i]
    }
}

/// A condition precomputed for one moving piece of one seat: which top pieces satisfy it, as
/// a bit per piece value (games with at most 64 piece values), and whether an empty cell
/// does. Built once per game (`Pattern::prepare_masks`) instead of judging each cell with
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

/// Pieces a landing converts in place (`convert`).
#[derive(Clone, Debug)]
pub struct Convert {
    /// Lines closed by one of the mover's pieces, or the landing cell's neighbours.
    pub by: crate::def::ConvertBy,
    /// Directions looked along, per seat.
    pub dirs: Vec<Vec<DirId>>,
    /// Which top pieces are converted.
    pub pieces: Conds,
    /// Kinds converted (mask; all bits = any).
    pub kinds: u64,
    /// Only moves converting something are legal.
    pub required: bool,
}

/// The kinds of generator.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub enum GenKind {
    /// Along straight lines of a direction: steps, slides, jumps, chains.
    Ray(Ray),
    /// To the end of fixed paths of directions (a knight).
    Leap(Leap),
    /// A piece from a zone onto a cell.
    Place(Place),
    /// Along a race course, one die at a time.
    Track(super::track::TrackMoves),
    /// A piece taken off the board.
    Remove(Remove),
    /// A top piece moved to any cell.
    Fly(Movement),
    /// A pit's pieces sown along a course.
    Sow(super::sow::Sow),
    /// Castling: a piece and its partner move together.
    Castle(super::castle::Castle),
}

/// A removal generator's settings.
#[derive(Clone, Debug)]
pub struct Remove {
    /// Pieces in such lines are spared unless every candidate is in one.
    pub spare: Option<super::Line>,
}

/// What captures take and where the pieces go.
#[derive(Clone, Debug)]
pub struct Capture {
    /// What is captured.
    pub mode: CaptureMode,
    /// How much of a captured stack.
    pub takes: CaptureTakes,
    /// Only tops satisfying this are captured (`None` = any).
    pub only: Option<Conds>,
    /// Zone name receiving captures.
    pub to: Option<String>,
    /// Mover's or owner's instance of a per-seat capture zone.
    pub zone_of: ZoneOf,
    /// Scoring of captures.
    pub score: ScoreMode,
    /// Who owns a captured piece in its zone: its owner, or the captor (a hand).
    pub owner: NewOwner,
    /// The capture zone's location for each seat (index `seat + 1`) and for no seat (index
    /// 0), found once at load rather than by name for every captured piece.
    pub locs: Vec<Option<Loc>>,
}

impl Capture {
    /// Where a piece captured for `seat` (the mover or the owner, by `zone_of`) goes.
    #[inline]
    pub fn zone(&self, seat: Option<PlayerId>) -> Option<Loc> {
        self.locs
            .get(seat.map_or(0, |p| p.index() + 1))
            .copied()
            .flatten()
    }
}

/// What moving generators (ray, leap) share: the piece that moves and how far it may go.
#[derive(Clone, Debug)]
pub struct Movement {
    /// Kinds the bottom piece of the moving stack must be (mask; all bits = any).
    pub base_kinds: u64,
    /// The whole stack moves, not only its top piece.
    pub carry_stack: bool,
    /// Promotion on reaching a region.
    pub promote: Option<Promote>,
    /// How far each cell is from the goal, per seat then per cell: distance to the `toward`
    /// region, minus distance to the `away_from` region if there is one.
    pub toward: Option<Vec<Vec<i32>>>,
    /// Headings every leg may take, as a [`Headings`] mask.
    pub legs: Headings,
    /// Headings of the whole move that excuse a leg breaking `legs`.
    pub unless_net: Headings,
}

/// A ray generator's walk.
#[derive(Clone, Debug)]
pub struct Ray {
    /// The moving piece.
    pub moving: Movement,
    /// Directions per seat.
    pub dirs: Vec<Vec<DirId>>,
    /// Fewest cells passed over.
    pub over_min: Amount,
    /// Most cells passed over.
    pub over_max: Amount,
    /// Condition on cells passed over.
    pub over: Conds,
    /// Fewest occupied cells passed over.
    pub over_occupied_min: u32,
    /// Most occupied cells passed over.
    pub over_occupied_max: u32,
    /// Multi-leg moves.
    pub chain: Chain,
    /// A leg landing on a cell satisfying this ends the move (empty = never).
    pub chain_stop: Conds,
    /// A capturing chain may land on cells it visited before.
    pub revisit: bool,
    /// Each landing puts a piece from this zone there instead of moving the walker.
    pub drops: Option<String>,
    /// The cell passed over may be taken en passant next move.
    pub passable: bool,
    /// Lands on the cell an opponent's passable move passed over, capturing that piece.
    pub en_passant: bool,
    /// Per seat, per cell: bit `i` set when `dirs[seat][i]` has a landing whose heading the
    /// generator's `legs` allow (a backward direction of a forward-only piece has none), so
    /// the walk skips the others without looking at a cell. Empty when every direction is
    /// open (no heading rule, an excuse by `unless_net`, or more than 64 directions). Built
    /// at load by [`Pattern::prepare_dirs`].
    pub open: Vec<Vec<u64>>,
}

/// A leap generator's paths.
#[derive(Clone, Debug)]
pub struct Leap {
    /// The moving piece.
    pub moving: Movement,
    /// Leap paths per seat.
    pub leaps: Vec<Vec<Vec<DirId>>>,
    /// What the cells a path passes through (all but its last) must satisfy: a xiangqi
    /// horse's leg, an elephant's eye (`None`: anything, a knight).
    pub over: Option<Conds>,
}

/// A placement generator's source and conditions.
#[derive(Clone, Debug)]
pub struct Place {
    /// The zone pieces come from (the mover's instance of a per-seat zone).
    pub zone: String,
    /// Only next to such a piece.
    pub near: Option<Near>,
    /// The direction pieces fall in, per seat: only cells whose next cell that way is off
    /// the board or occupied are landings.
    pub gravity: Option<Vec<DirId>>,
    /// At most so many of the mover's pieces of some kinds on a line through the landing.
    pub limit: Option<Limit>,
    /// The placed piece must then have a move of one of these generators (indices).
    pub must_move_with: Vec<usize>,
    /// Groups left without liberties are captured.
    pub surround: Option<Surround>,
}

/// Capture by surrounding (`surround`).
#[derive(Clone, Debug)]
pub struct Surround {
    /// Directions that connect pieces and liberties.
    pub dirs: Vec<DirId>,
    /// The zone captured pieces go to.
    pub capture_to: String,
    /// Suicide is played (its group captured) rather than illegal.
    pub suicide: bool,
    /// The ban on boards coming back.
    pub ko: crate::def::Ko,
}

/// Placement only near a piece (`near`).
#[derive(Clone, Debug)]
pub struct Near {
    /// Which pieces count.
    pub pieces: Conds,
    /// Directions, per seat.
    pub dirs: Vec<Vec<DirId>>,
    /// Steps away at most.
    pub within: u32,
}

/// A per-line limit of placements (`limit`).
#[derive(Clone, Debug)]
pub struct Limit {
    /// Kinds counted and bound (mask).
    pub kinds: u64,
    /// The line's directions from the landing cell, per seat.
    pub dirs: Vec<Vec<DirId>>,
    /// The most the line may hold after the placement.
    pub max: u32,
}

/// A compiled `promote` table.
#[derive(Clone, Debug)]
pub struct Promote {
    /// Region index (the mover's instance).
    pub region: usize,
    /// The kinds the piece may become, one move each.
    pub to: Vec<KindId>,
    /// The unpromoted move stays legal.
    pub optional: bool,
    /// A move that starts in the region may promote too.
    pub leaving: bool,
    /// Region index where an optional promotion is forced.
    pub forced: Option<usize>,
    /// The new piece comes from this zone (the mover's) and the old one goes there.
    pub zone: Option<String>,
    /// The new piece is the mover's (not the old one's owner).
    pub to_mover: bool,
}

/// A set of [`Heading`]s; the empty set means "any".
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Headings(u8);

impl Headings {
    /// From a list.
    pub fn of(list: &[Heading]) -> Headings {
        Headings(list.iter().fold(0, |m, h| m | (1 << (*h as u8))))
    }

    fn allows(self, h: Heading) -> bool {
        self.0 == 0 || self.0 & (1 << (h as u8)) != 0
    }

    /// Whether every heading is allowed.
    pub fn is_any(self) -> bool {
        self.0 == 0
    }
}

/// A compiled `[[moves.X.region_rules]]` entry.
#[derive(Clone, Debug)]
pub struct RegionRule {
    /// Region index on the board.
    pub region: usize,
    /// Kinds bound by the rule (mask; all bits = every kind).
    pub kinds: u64,
    /// Extra landing conditions (`None` = no demand).
    pub land: Option<Conds>,
    /// Kinds the landing cell's top must be (0 = no demand).
    pub on_kinds: u64,
    /// Kinds the landing cell's bottom piece must be (0 = no demand).
    pub on_base_kinds: u64,
    /// The rule binds landings outside the region.
    pub outside: bool,
    /// A move may end in the region only on cells satisfying this.
    pub end_on: Option<Conds>,
    /// The move may end here.
    pub stop: bool,
    /// A piece from outside may land here.
    pub enter: bool,
    /// A piece from inside may land outside.
    pub leave: bool,
    /// Landing here ends the chain.
    pub ends_chain: bool,
}

/// What the heading and region rules say about one landing.
struct Verdict {
    /// The leg breaks the `legs` heading (allowed only if the whole move is excused).
    breaks: bool,
    /// The move may end here.
    stop: bool,
    /// Further legs may follow.
    chain: bool,
}

impl Movement {
    fn heading(&self, player: PlayerId, from: CellId, to: CellId) -> Option<Heading> {
        let d = &self.toward.as_ref()?[player.index()];
        let (a, b) = (d[from.index()], d[to.index()]);
        Some(match b.cmp(&a) {
            std::cmp::Ordering::Less => Heading::Closer,
            std::cmp::Ordering::Equal => Heading::Level,
            std::cmp::Ordering::Greater => Heading::Farther,
        })
    }

    /// Whether a leg from `at` to `to` breaks the `legs` heading; `None` when it may not be
    /// taken at all (no excuse by `unless_net` can come later).
    #[inline]
    fn breaks(&self, player: PlayerId, at: CellId, to: CellId) -> Option<bool> {
        let breaks = self
            .heading(player, at, to)
            .is_some_and(|h| !self.legs.allows(h));
        if breaks && self.unless_net.is_any() {
            return None;
        }
        Some(breaks)
    }

    /// Whether a move from `origin` to `to` with `broken` rule-breaking legs is excused.
    fn net_ok(&self, player: PlayerId, origin: CellId, to: CellId, broken: u32) -> bool {
        broken == 0
            || self
                .heading(player, origin, to)
                .is_some_and(|h| self.unless_net.0 & (1 << (h as u8)) != 0)
    }
}

impl Pattern {
    /// Whether this generator captures en passant.
    pub fn en_passant(&self) -> bool {
        matches!(&self.kind, GenKind::Ray(r) if r.en_passant)
    }

    /// Whether a piece that has stood on `been` so far this move (its origin, then every
    /// landing; nothing for a placement) may land on `to` with a leg from `at`, and what may
    /// follow; `None` = it may not land there. `top` is the landing cell's top as the move
    /// sees it; its bottom piece is read from `s` only when a rule asks for it.
    #[allow(clippy::too_many_arguments)]
    fn judge(
        &self,
        t: &Tables,
        s: &State,
        moving: Option<&Movement>,
        top: Option<Piece>,
        piece: Piece,
        player: PlayerId,
        been: &[Loc],
        at: CellId,
        to: CellId,
    ) -> Option<Verdict> {
        let breaks = match moving {
            Some(mv) => mv.breaks(player, at, to)?,
            None => false,
        };
        let mut v = Verdict {
            breaks,
            stop: true,
            chain: true,
        };
        if self.region_rules.is_empty() {
            return Some(v);
        }
        let cells = &self.rule_cells[player.index()];
        let to_mask = cells[to.index()];
        // Where the piece has stood, as masks over the rules: in some rule's region (any), in
        // it all along (all), and whether a zone was among them (a zone is in no region).
        let (mut any, mut all, mut zone) = (0u32, u32::MAX, false);
        for l in been {
            match t.loc_cell(*l) {
                Some(c) => {
                    let m = cells[c.index()];
                    any |= m;
                    all &= m;
                }
                None => zone = true,
            }
        }
        // A landing outside every rule's region, by a piece that has been in none, meets no
        // rule (unless a rule binds the cells outside its region).
        if to_mask == 0 && any == 0 && self.outside_rules == 0 {
            return Some(v);
        }
        // Only the rules that bind this kind and can matter here: those whose region the
        // landing or an earlier stand is in, and every `outside` rule (a rule whose region
        // the piece has neither been in nor lands in asks nothing).
        let kind = t.info(piece).kind.index();
        let mut bits = (to_mask | any | self.outside_rules) & self.rule_kinds[kind];
        while bits != 0 {
            let i = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let r = &self.region_rules[i];
            let bit = 1u32 << i;
            // "Inside" a rule: in its region, or out of it for an `outside` rule.
            let (any_inside, all_inside) = if r.outside {
                (all & bit == 0, !zone && any & bit == 0)
            } else {
                (any & bit != 0, !zone && all & bit != 0)
            };
            if (to_mask & bit != 0) == r.outside {
                // "Once it has entered ... it may not leave": judged against every cell the
                // piece has stood on this move, so a series cannot slip out and back.
                if !r.leave && any_inside {
                    return None;
                }
                continue;
            }
            if (!r.enter && !all_inside)
                || r.land.is_some_and(|c| !c.holds(t, top, piece, player))
                || (r.on_kinds != 0
                    && top.is_none_or(|p| r.on_kinds & (1 << t.info(p).kind.index()) == 0))
                || (r.on_base_kinds != 0
                    && s.stack(Loc(to.0))
                        .first()
                        .is_none_or(|p| r.on_base_kinds & (1 << t.info(*p).kind.index()) == 0))
            {
                return None;
            }
            v.stop &= r.stop && r.end_on.is_none_or(|c| c.holds(t, top, piece, player));
            v.chain &= !r.ends_chain;
        }
        Some(v)
    }

    /// Whether a capture takes a cell whose top is `top`.
    fn captures(&self, t: &Tables, top: Piece, piece: Piece, player: PlayerId) -> bool {
        self.capture
            .only
            .is_none_or(|c| c.holds(t, Some(top), piece, player))
    }

    /// Whether `piece`, the top of a stack whose bottom is `base`, is one this generator moves
    /// for `player`.
    fn moves_piece(
        &self,
        t: &Tables,
        piece: Piece,
        base: Piece,
        moving: &Movement,
        player: PlayerId,
    ) -> bool {
        let info = t.info(piece);
        let movable = match self.mover {
            Mover::Own => info.owner == Some(player),
            Mover::Neutral => info.owner.is_none(),
            Mover::Any => true,
        };
        movable
            && self.kinds & (1 << info.kind.index()) != 0
            && moving.base_kinds & (1 << t.info(base).kind.index()) != 0
    }
}

/// A partly built move during a chain search.
struct Leg {
    path: SmallVec<[Loc; 4]>,
    captured: SmallVec<[CellId; 8]>,
    /// Legs so far that broke the generator's `legs` heading.
    broken: u32,
    /// The cell a `passable` move passes over last, when it is finished.
    passing: Option<CellId>,
    /// The land rules whose region some cell of `path` is in (a walk's; 0 elsewhere).
    rules_any: u32,
}

/// The cells a generator looks at: every cell of the board, or only `only`. A half-open
/// range (an inclusive one costs a check per step).
pub(crate) fn cells_from(t: &Tables, only: Option<CellId>) -> impl Iterator<Item = CellId> {
    let (lo, hi) = match only {
        Some(c) => (c.0, c.0 + 1),
        None => (0, t.board.len() as u16),
    };
    (lo..hi).map(CellId)
}

/// The cells a generator moving `mover`'s pieces starts from: the cells whose top piece the
/// mover (or nobody, for neutral pieces) owns, off the state's bitsets, so the empty and the
/// others' cells cost nothing (not even a mispredicted branch each); every cell for a
/// generator that moves anybody's pieces.
fn mover_cells<'a>(t: &'a Tables, s: &'a State, mover: Mover, player: PlayerId) -> BitCells<'a> {
    match mover {
        Mover::Any => BitCells::new(&t.all_cells),
        Mover::Own => BitCells::new(s.owned_cells(t, Some(player))),
        Mover::Neutral => BitCells::new(s.owned_cells(t, None)),
    }
}

/// Appends every move of `pat` for `player` to `out`, optionally only from the cell `only`.
pub fn generate(
    t: &Tables,
    s: &State,
    pat: &Pattern,
    player: PlayerId,
    only: Option<CellId>,
    out: &mut Vec<Move>,
) {
    let (moving, ray, leaps) = match &pat.kind {
        GenKind::Place(pl) => return place(t, s, pat, pl, player, only, out),
        GenKind::Track(tm) => {
            let before = out.len();
            super::track::generate(t, s, pat, tm, player, None, out);
            if let Some(c) = only {
                let at = Loc(c.0);
                let mut i = before;
                while i < out.len() {
                    if out[i].from() == Some(at) {
                        i += 1;
                    } else {
                        out.swap_remove(i);
                    }
                }
            }
            return;
        }
        GenKind::Ray(r) => (&r.moving, Some(r), None),
        GenKind::Leap(l) => (
            &l.moving,
            None,
            Some((l.leaps[player.index()].as_slice(), l.over)),
        ),
        GenKind::Remove(r) => return remove(t, s, pat, r, player, only, out),
        GenKind::Sow(sw) => return super::sow::generate(t, s, pat, sw, player, only, out),
        GenKind::Fly(mv) => return fly(t, s, pat, mv, player, only, out),
        GenKind::Castle(c) => return super::castle::generate(t, s, pat, c, player, only, out),
    };
    let region = pat
        .region
        .map(|r| t.board.region_at(r).for_seat(player.index()));
    // One cell asked about is looked at directly (the attack test asks a million times a
    // perft); otherwise the cells of the mover's pieces.
    match only {
        Some(from) => from_cell(t, s, pat, moving, ray, leaps, region, player, from, out),
        None => {
            for from in mover_cells(t, s, pat.mover, player) {
                from_cell(t, s, pat, moving, ray, leaps, region, player, from, out);
            }
        }
    }
}

/// The moves of `pat` by the top piece of `from`, if it is one `pat` moves.
#[inline(always)]
#[allow(clippy::too_many_arguments)]
fn from_cell(
    t: &Tables,
    s: &State,
    pat: &Pattern,
    moving: &Movement,
    ray: Option<&Ray>,
    leaps: Option<(&[Vec<DirId>], Option<Conds>)>,
    region: Option<&crate::board::CellSet>,
    player: PlayerId,
    from: CellId,
    out: &mut Vec<Move>,
) {
    let loc = Loc(from.0);
    let Some(piece) = s.top_cell(from) else {
        return;
    };
    // The bottom piece matters only to a generator that names its kinds.
    let base = if moving.base_kinds == u64::MAX {
        piece
    } else {
        s.stack(loc)[0]
    };
    if !pat.moves_piece(t, piece, base, moving, player) || region.is_some_and(|r| !r.contains(from))
    {
        return;
    }
    if let Some((paths, over)) = leaps {
        leap(t, s, pat, moving, paths, over, player, piece, from, out);
        return;
    }
    let Some(ray) = ray else { return };
    // Only a distance counted in the stack's pips needs them. (Sizes are 0..=99 and
    // stacks at most MAX_PIECES high: no overflow.)
    let by_stack = |a: Amount| matches!(a, Amount::Stack(_));
    let stack_pips: i64 = if by_stack(ray.over_min) || by_stack(ray.over_max) {
        s.stack(loc).iter().map(|p| t.info(*p).size).sum()
    } else {
        0
    };
    let rule_cells = pat
        .rule_cells
        .get(player.index())
        .map_or(&[][..], Vec::as_slice);
    let mut leg = Leg {
        path: short_path(&[loc]),
        captured: SmallVec::new(),
        broken: 0,
        passing: None,
        rules_any: rule_cells.get(from.index()).copied().unwrap_or(0),
    };
    let size = t.info(piece).size;
    let w = Walker {
        t,
        s,
        pat,
        ray,
        player,
        piece,
        masks: pat.masks_for(t, piece, player),
        origin: from,
        omin: ray.over_min.resolve(size, stack_pips),
        omax: ray.over_max.resolve(size, stack_pips),
        // Only en passant looks at the passed cell; only captures over the line and
        // `passable` need the cells passed over.
        passed_cell: s.passed.filter(|_| ray.en_passant),
        keep_over: pat.capture.mode == CaptureMode::Over || ray.passable,
        capturing: pat.capture.mode != CaptureMode::None,
        rule_cells,
    };
    w.walk(from, &mut leg, out);
}

/// One piece's walk along a ray generator's lines, leg after leg.
struct Walker<'a> {
    t: &'a Tables,
    s: &'a State,
    pat: &'a Pattern,
    ray: &'a Ray,
    player: PlayerId,
    piece: Piece,
    /// Where the piece started (vacated during the walk).
    origin: CellId,
    /// The generator's `land`, `over` and `chain_stop` for this piece.
    masks: &'a [CondMask; 3],
    /// Cells passed over at least and at most on a leg, for this piece.
    omin: u32,
    omax: u32,
    /// The cell passed over by the last move, for en passant (only).
    passed_cell: Option<super::Passed>,
    /// The cells passed over are kept (captures over the line, `passable`).
    keep_over: bool,
    /// The generator captures (a series cannot meet a cell it captured).
    capturing: bool,
    /// Per cell, the land rules whose region it is in, for this seat (empty: no rules).
    rule_cells: &'a [u32],
}

impl Walker<'_> {
    /// The top of a cell as the walk sees it: the origin has lost the moving piece, captured
    /// cells are still occupied (they block, and cannot be captured twice).
    #[inline]
    fn top_of(&self, c: CellId) -> Option<Piece> {
        if c == self.origin {
            let stack = self.s.stack(Loc(c.0));
            if self.ray.moving.carry_stack {
                None
            } else {
                stack.len().checked_sub(2).map(|i| stack[i])
            }
        } else {
            self.s.top_cell(c)
        }
    }

    /// [`Pattern::judge`] for a landing of this walk: the common landing, with no land
    /// rule's region in play (neither the path so far, kept in `leg`, nor `to` is in one),
    /// is judged here by its heading alone, without the call.
    #[inline(always)]
    fn judge(&self, leg: &Leg, seen: Option<Piece>, at: CellId, to: CellId) -> Option<Verdict> {
        let pat = self.pat;
        let here = self.rule_cells.get(to.index()).copied().unwrap_or(0);
        if pat.outside_rules != 0 || leg.rules_any | here != 0 {
            return pat.judge(
                self.t,
                self.s,
                Some(&self.ray.moving),
                seen,
                self.piece,
                self.player,
                &leg.path,
                at,
                to,
            );
        }
        Some(Verdict {
            breaks: self.ray.moving.breaks(self.player, at, to)?,
            stop: true,
            chain: true,
        })
    }

    /// Explores every leg from `at`.
    fn walk(&self, at: CellId, leg: &mut Leg, out: &mut Vec<Move>) {
        let (t, pat, ray, player, piece) = (self.t, self.pat, self.ray, self.player, self.piece);
        let (omin, omax, passed_cell) = (self.omin, self.omax, self.passed_cell);
        let (keep_over, capturing) = (self.keep_over, self.capturing);
        // Some only when the seat has at most 64 directions.
        let open = ray.open.get(player.index()).map(|cells| cells[at.index()]);
        for d in OpenDirs::new(&ray.dirs[player.index()], open) {
            let mut cur = at;
            let mut passed = 0u32;
            let mut occupied = 0u32;
            let mut over_cells: SmallVec<[CellId; 8]> = SmallVec::new();
            while let Some(next) = t.board.step(cur, d) {
                let top = self.top_of(next);
                // En passant: the cell just passed over is landed on as if the piece that
                // passed stood there, and that piece is the one taken.
                let (seen, taken_at) = match passed_cell {
                    Some(p) if p.over == next && top.is_none() => {
                        (self.s.top_cell(p.piece_at), p.piece_at)
                    }
                    _ => (top, next),
                };
                if passed >= omin
                    && occupied >= ray.over_occupied_min
                    && !(capturing && leg.captured.contains(&next))
                    && (ray.revisit || !leg.path.contains(&Loc(next.0)))
                    && self.masks[0].holds(t, seen, piece, player)
                    && let Some(verdict) = self.judge(leg, seen, at, next)
                {
                    let before = (
                        leg.path.len(),
                        leg.captured.len(),
                        leg.broken,
                        leg.rules_any,
                    );
                    leg.broken += verdict.breaks as u32;
                    leg.path.push(Loc(next.0));
                    leg.rules_any |= self.rule_cells.get(next.index()).copied().unwrap_or(0);
                    let jumped = occupied > 0;
                    let mut captured_any = false;
                    match pat.capture.mode {
                        CaptureMode::Over => {
                            for &c in &over_cells {
                                if self
                                    .top_of(c)
                                    .is_some_and(|p| pat.captures(t, p, piece, player))
                                {
                                    leg.captured.push(c);
                                    captured_any = true;
                                }
                            }
                        }
                        CaptureMode::Land => {
                            if seen.is_some_and(|p| pat.captures(t, p, piece, player)) {
                                leg.captured.push(taken_at);
                                captured_any = true;
                            }
                        }
                        CaptureMode::None => {}
                    }
                    let can_chain = ray.chain != Chain::None
                        && verdict.chain
                        && !self.masks[2].holds(t, top, piece, player)
                        && (if pat.capture.mode == CaptureMode::None {
                            jumped
                        } else {
                            captured_any
                        });
                    let mut deeper = false;
                    if can_chain {
                        let n_before = out.len();
                        self.walk(next, leg, out);
                        deeper = out.len() > n_before;
                    }
                    if verdict.stop
                        && ray.moving.net_ok(player, self.origin, next, leg.broken)
                        && !(ray.chain == Chain::Required && deeper)
                    {
                        leg.passing = over_cells.last().copied().filter(|_| ray.passable);
                        match &ray.drops {
                            Some(zone) => drop_at(t, self.s, zone, player, next, out),
                            None => finish(t, self.s, pat, &ray.moving, player, piece, leg, out),
                        }
                        leg.passing = None;
                    }
                    leg.path.truncate(before.0);
                    leg.captured.truncate(before.1);
                    leg.broken = before.2;
                    leg.rules_any = before.3;
                }
                if passed >= omax {
                    break;
                }
                // `next` becomes a cell passed over.
                if !self.masks[1].holds(t, top, piece, player)
                    || (capturing && leg.captured.contains(&next))
                {
                    break;
                }
                if top.is_some() {
                    occupied += 1;
                    if occupied > ray.over_occupied_max {
                        break;
                    }
                }
                if keep_over {
                    over_cells.push(next);
                }
                passed += 1;
                cur = next;
            }
        }
    }
}

/// The directions a walk tries from a cell: those whose bit is set in `open` (all without
/// it), as set bits, so a closed direction costs no branch of its own.
struct OpenDirs<'a> {
    dirs: &'a [DirId],
    /// The open directions not yet given (when there are at most 64).
    bits: u64,
    /// Past 64 directions (never pruned): the next one to give.
    next: usize,
}

impl<'a> OpenDirs<'a> {
    #[inline]
    fn new(dirs: &'a [DirId], open: Option<u64>) -> OpenDirs<'a> {
        // The low `dirs.len()` bits (none for no direction: a shift by 64 is refused).
        let all = u64::MAX
            .checked_shr(64u32.saturating_sub(dirs.len() as u32))
            .unwrap_or(0);
        OpenDirs {
            dirs,
            bits: if dirs.len() <= 64 {
                open.unwrap_or(all) & all
            } else {
                0
            },
            next: if dirs.len() <= 64 { dirs.len() } else { 0 },
        }
    }
}

impl Iterator for OpenDirs<'_> {
    type Item = DirId;

    #[inline]
    fn next(&mut self) -> Option<DirId> {
        if self.bits != 0 {
            let i = self.bits.trailing_zeros() as usize;
            self.bits &= self.bits - 1;
            return self.dirs.get(i).copied();
        }
        let d = self.dirs.get(self.next).copied();
        self.next += 1;
        d
    }
}

/// A move's path as a `SmallVec`, copied element by element when it fits inline: a slice
/// copy of a few bytes is a call to `memcpy`, which costs more than the copy.
#[inline]
fn short_path(p: &[Loc]) -> SmallVec<[Loc; 4]> {
    if p.len() <= 4 {
        let mut buf = [Loc(0); 4];
        for (b, l) in buf.iter_mut().zip(p) {
            *b = *l;
        }
        SmallVec::from_buf_and_len(buf, p.len())
    } else {
        SmallVec::from_slice(p)
    }
}

/// Turns a finished path into moves (one, or one per promotion choice): captures first (so a
/// landing capture clears the cell), then the moving piece's transfer, then scores.
#[allow(clippy::too_many_arguments)]
fn finish(
    t: &Tables,
    s: &State,
    pat: &Pattern,
    moving: &Movement,
    player: PlayerId,
    piece: Piece,
    leg: &Leg,
    out: &mut Vec<Move>,
) {
    // The plain step (most moves of most games): one transfer, nothing else to work out.
    if leg.captured.is_empty()
        && !moving.carry_stack
        && leg.passing.is_none()
        && pat.mover_var.is_none()
        && pat.convert.is_none()
        && moving.promote.is_none()
    {
        let from = leg.path[0];
        let to = *leg.path.last().unwrap_or(&from);
        let transfer = Action::Transfer { piece, from, to };
        super::moves::push_with(out, || {
            Move::one(Shape::Path, short_path(&leg.path), transfer)
        });
        return;
    }
    // Built in the list (see `push_with`); taken back out if it turns out not to be a move.
    let m = super::moves::push_with(out, || {
        Move::of(Shape::Path, short_path(&leg.path), SmallVec::new())
    });
    let actions = &mut m.actions;
    let mut points = 0i64;
    let mut taken = 0u16;
    for &c in &leg.captured {
        let loc = Loc(c.0);
        let stack = s.stack(loc);
        let take = match pat.capture.takes {
            CaptureTakes::Stack => stack.len(),
            CaptureTakes::Top => 1,
        };
        for &p in stack.iter().rev().take(take) {
            let owner = t.info(p).owner;
            let zone_seat = match pat.capture.zone_of {
                ZoneOf::Mover => Some(player),
                ZoneOf::Owner => owner,
            };
            let to = pat.capture.zone(zone_seat).unwrap_or(loc);
            actions.push(Action::Transfer {
                piece: p,
                from: loc,
                to,
            });
            // Into the captor's hand: the piece changes hands (and may revert, `captured_as`).
            if pat.capture.owner == NewOwner::Mover && to != loc {
                let info = t.info(p);
                let kind = t.kinds[info.kind.index()].captured_as.unwrap_or(info.kind);
                let new = t.piece(kind, Some(player));
                if new != p {
                    actions.push(Action::Replace {
                        at: to,
                        old: p,
                        new,
                    });
                }
            }
            taken += 1;
            points += match pat.capture.score {
                ScoreMode::None => 0,
                ScoreMode::Pips => t.info(p).size,
                ScoreMode::Count => 1,
            };
        }
    }
    let from = leg.path[0];
    let to = *leg.path.last().unwrap_or(&from);
    if moving.carry_stack {
        // A series that ends where it began moves nothing (its captures are the move).
        if to != from {
            // Stacks are at most MAX_PIECES high (checked at load), so this fits.
            let count = s.stack(from).len() as u16;
            actions.push(Action::Carry { from, to, count });
        }
    } else {
        actions.push(Action::Transfer { piece, from, to });
    }
    if points != 0 {
        actions.push(Action::Score {
            player,
            delta: points,
        });
    }
    if let (Some(over), Some(at)) = (leg.passing, t.loc_cell(to)) {
        actions.push(super::castle::passing(s, over, at));
    }
    if let Some(i) = pat.mover_var {
        let old = s.var(i as usize);
        let new = player.index() as i64;
        if old != new {
            actions.push(Action::Var { i, flip: old ^ new });
        }
    }
    if let Some(conv) = &pat.convert
        && let Some(at) = t.loc_cell(to)
    {
        let before = actions.len();
        let vacated = t.loc_cell(from);
        let view = |c: CellId| {
            if leg.captured.contains(&c) {
                None
            } else if Some(c) == vacated && c != at {
                let st = s.stack(Loc(c.0));
                if moving.carry_stack {
                    None
                } else {
                    st.len().checked_sub(2).map(|i| st[i])
                }
            } else {
                s.top_cell(c)
            }
        };
        conversions(t, conv, player, piece, at, &view, actions);
        if conv.required && actions.len() == before {
            out.pop();
            return;
        }
    }
    m.taken = taken;
    let within = |region: usize, l: Loc| {
        t.loc_cell(l).is_some_and(|c| {
            t.board
                .region_at(region)
                .for_seat(player.index())
                .contains(c)
        })
    };
    let Some(pr) = moving
        .promote
        .as_ref()
        .filter(|pr| within(pr.region, to) || (pr.leaving && within(pr.region, from)))
    else {
        return;
    };
    // Promotion: one move per choice, from the plain one (a rare path: pushed as usual).
    let Some(plain) = out.pop() else { return };
    let mut promoted = false;
    for &k in &pr.to {
        // The new piece has the old one's owner (a neutral piece stays neutral), unless
        // the game gives it to the mover.
        let owner = if pr.to_mover {
            Some(player)
        } else {
            t.info(piece).owner
        };
        let new = t.piece(k, owner);
        let mut m = plain.clone();
        m.suffix = Some(k);
        match pr.zone.as_deref().and_then(|z| t.zone_loc(z, Some(player))) {
            Some(zone) => {
                if !s.stack(zone).contains(&new) {
                    continue;
                }
                m.actions.push(Action::Transfer {
                    piece,
                    from: to,
                    to: zone,
                });
                m.actions.push(Action::Transfer {
                    piece: new,
                    from: zone,
                    to,
                });
            }
            None => m.actions.push(Action::Replace {
                at: to,
                old: piece,
                new,
            }),
        }
        out.push(m);
        promoted = true;
    }
    let forced = promoted && pr.forced.is_some_and(|r| within(r, to));
    if (pr.optional && !forced) || !promoted {
        out.push(plain);
    }
}

impl Place {
    /// The placement conditions judged on the position as it is: gravity, nearness, the
    /// per-line limit.
    fn fits(&self, t: &Tables, s: &State, player: PlayerId, piece: Piece, c: CellId) -> bool {
        if let Some(g) = &self.gravity
            && t.board
                .step(c, g[player.index()])
                .is_some_and(|below| s.top_cell(below).is_none())
        {
            return false;
        }
        if let Some(n) = &self.near {
            let found = n.dirs[player.index()].iter().any(|&d| {
                let mut at = c;
                (0..n.within).any(|_| match t.board.step(at, d) {
                    Some(x) => {
                        at = x;
                        s.top_cell(x)
                            .is_some_and(|p| n.pieces.holds(t, Some(p), piece, player))
                    }
                    None => false,
                })
            });
            if !found {
                return false;
            }
        }
        if let Some(l) = &self.limit
            && l.kinds & (1 << t.info(piece).kind.index()) != 0
        {
            let mut count = 1u32;
            for &d in &l.dirs[player.index()] {
                let mut at = c;
                while let Some(x) = t.board.step(at, d) {
                    at = x;
                    count += s
                        .stack(Loc(x.0))
                        .iter()
                        .filter(|p| {
                            let i = t.info(**p);
                            i.owner == Some(player) && l.kinds & (1 << i.kind.index()) != 0
                        })
                        .count() as u32;
                }
            }
            if count > l.max {
                return false;
            }
        }
        true
    }
}

/// Whether the piece a placement puts on `c` then has a move of one of the generators
/// `must_move_with` (tried on a copy).
fn then_movable(
    t: &Tables,
    s: &State,
    pl: &Place,
    player: PlayerId,
    actions: &[Action],
    c: CellId,
) -> bool {
    let mut after = s.clone();
    super::apply_actions(t, &mut after, actions);
    let mut buf = Vec::new();
    pl.must_move_with.iter().any(|&i| {
        buf.clear();
        generate(t, &after, &t.patterns[i], player, Some(c), &mut buf);
        !buf.is_empty()
    })
}

/// The captures of a placement on `c` by surrounding, appended to `actions` (and counted in
/// `taken`); false when the placement is illegal (suicide, or a board the ko rule bans).
#[allow(clippy::too_many_arguments)]
fn surround(
    t: &Tables,
    s: &State,
    sr: &Surround,
    groups: &super::groups::Groups,
    key: u64,
    player: PlayerId,
    piece: Piece,
    c: CellId,
    actions: &mut SmallVec<[Action; 4]>,
    taken: &mut u16,
) -> bool {
    let (captured, suicide) = groups.placing(t, c, player, &sr.dirs);
    let mut gone: SmallVec<[u16; 4]> = captured;
    if suicide {
        if !sr.suicide {
            return false;
        }
        gone = groups.own_next_to(t, c, player, &sr.dirs);
    }
    // Captured pieces go to the mover's zone (its prisoners), a suicide's included.
    let Some(zone) = t.zone_loc(&sr.capture_to, Some(player)) else {
        return false;
    };
    // The board key after the move: the placed piece, minus every captured top.
    let mut after = key ^ super::cell_key(c, &[piece]);
    for &g in &gone {
        for &x in groups.cells(g) {
            let st = s.stack(Loc(x.0));
            let Some((&top, below)) = st.split_last() else {
                continue;
            };
            actions.push(Action::Transfer {
                piece: top,
                from: Loc(x.0),
                to: zone,
            });
            *taken += 1;
            after ^= super::cell_key(x, st) ^ super::cell_key(x, below);
        }
    }
    if suicide {
        // The placed piece goes too.
        actions.push(Action::Transfer {
            piece,
            from: Loc(c.0),
            to: zone,
        });
        *taken += 1;
        after ^= super::cell_key(c, &[piece]);
    }
    let history = s.history();
    match sr.ko {
        crate::def::Ko::None => true,
        crate::def::Ko::Simple => history
            .len()
            .checked_sub(2)
            .is_none_or(|i| history[i].board != after),
        crate::def::Ko::Positional => !history.iter().any(|h| h.board == after),
    }
}

/// Appends the conversions a landing of `piece` on `at` makes, as replacements of top
/// pieces by the same kinds of the mover's; `view` gives a cell's top as the move sees it.
fn conversions(
    t: &Tables,
    conv: &Convert,
    player: PlayerId,
    piece: Piece,
    at: CellId,
    view: &dyn Fn(CellId) -> Option<Piece>,
    out: &mut SmallVec<[Action; 4]>,
) {
    let turns = |p: Piece| {
        conv.pieces.holds(t, Some(p), piece, player)
            && conv.kinds & (1 << t.info(p).kind.index()) != 0
    };
    let mut convert = |c: CellId, p: Piece| {
        let new = t.piece(t.info(p).kind, Some(player));
        if new != p {
            out.push(Action::Replace {
                at: Loc(c.0),
                old: p,
                new,
            });
        }
    };
    for &d in &conv.dirs[player.index()] {
        match conv.by {
            ConvertBy::Adjacent => {
                if let Some(n) = t.board.step(at, d)
                    && let Some(p) = view(n)
                    && turns(p)
                {
                    convert(n, p);
                }
            }
            ConvertBy::Enclose => {
                let mut run: SmallVec<[(CellId, Piece); 8]> = SmallVec::new();
                let mut cur = at;
                let closed = loop {
                    let Some(n) = t.board.step(cur, d) else {
                        break false;
                    };
                    match view(n) {
                        Some(p) if turns(p) => run.push((n, p)),
                        Some(p) => break t.info(p).owner == Some(player),
                        None => break false,
                    }
                    cur = n;
                };
                if closed {
                    for (c, p) in run {
                        convert(c, p);
                    }
                }
            }
        }
    }
}

/// A drop from `zone` (the mover's) onto `at`: where a shooting walker lands (an arrow).
fn drop_at(t: &Tables, s: &State, zone: &str, player: PlayerId, at: CellId, out: &mut Vec<Move>) {
    let Some(z) = t.zone_loc(zone, Some(player)) else {
        return;
    };
    let Some(&piece) = s.stack(z).first() else {
        return;
    };
    // Built in the list (see `push_with`).
    let m = super::moves::push_with(out, Move::pass);
    m.shape = Shape::Place(piece);
    m.path.push(Loc(at.0));
    m.actions.push(Action::Transfer {
        piece,
        from: z,
        to: Loc(at.0),
    });
}

/// Every removal: a top piece satisfying `land` taken into the capture zone, sparing pieces
/// in lines unless every candidate is in one.
fn remove(
    t: &Tables,
    s: &State,
    pat: &Pattern,
    r: &Remove,
    player: PlayerId,
    only: Option<CellId>,
    out: &mut Vec<Move>,
) {
    let region = pat
        .region
        .map(|x| t.board.region_at(x).for_seat(player.index()));
    let mut found: Vec<(CellId, Piece, bool)> = Vec::new();
    for c in cells_from(t, only) {
        if region.is_some_and(|x| !x.contains(c)) {
            continue;
        }
        let Some(top) = s.top_cell(c) else { continue };
        if pat.kinds & (1 << t.info(top).kind.index()) == 0
            || !pat.land.holds(t, Some(top), top, player)
        {
            continue;
        }
        let in_line = r.spare.as_ref().is_some_and(|line| {
            t.info(top)
                .owner
                .is_some_and(|o| super::goals::line_through(t, s, line, o, c).is_some())
        });
        found.push((c, top, in_line));
    }
    let all_in_lines = found.iter().all(|f| f.2);
    for (c, top, in_line) in found {
        if in_line && !all_in_lines {
            continue;
        }
        let seat = match pat.capture.zone_of {
            ZoneOf::Mover => Some(player),
            ZoneOf::Owner => t.info(top).owner,
        };
        let Some(to) = pat.capture.zone(seat) else {
            continue;
        };
        let m = super::moves::push_with(out, Move::pass);
        m.shape = Shape::Remove;
        m.path.push(Loc(c.0));
        m.taken = 1;
        m.actions.push(Action::Transfer {
            piece: top,
            from: Loc(c.0),
            to,
        });
    }
}

/// Every flight: a movable top piece to any cell satisfying `land` (and the land rules).
fn fly(
    t: &Tables,
    s: &State,
    pat: &Pattern,
    moving: &Movement,
    player: PlayerId,
    only: Option<CellId>,
    out: &mut Vec<Move>,
) {
    let region = pat
        .region
        .map(|r| t.board.region_at(r).for_seat(player.index()));
    let cells = match only {
        Some(c) => BitCells::single(c),
        None => mover_cells(t, s, pat.mover, player),
    };
    for from in cells {
        let loc = Loc(from.0);
        let Some(piece) = s.top_cell(from) else {
            continue;
        };
        if region.is_some_and(|r| !r.contains(from))
            || !pat.moves_piece(t, piece, s.stack(loc)[0], moving, player)
        {
            continue;
        }
        for to in t.board.cells() {
            if to == from {
                continue;
            }
            let top = s.top_cell(to);
            if !pat.masks_for(t, piece, player)[0].holds(t, top, piece, player) {
                continue;
            }
            match pat.judge(t, s, Some(moving), top, piece, player, &[loc], from, to) {
                Some(v) if v.stop && moving.net_ok(player, from, to, v.breaks as u32) => {}
                _ => continue,
            }
            let mut leg = Leg {
                path: short_path(&[loc, Loc(to.0)]),
                captured: SmallVec::new(),
                broken: 0,
                passing: None,
                rules_any: 0,
            };
            if pat.capture.mode == CaptureMode::Land
                && top.is_some_and(|p| pat.captures(t, p, piece, player))
            {
                leg.captured.push(to);
            }
            finish(t, s, pat, moving, player, piece, &leg, out);
        }
    }
}

fn place(
    t: &Tables,
    s: &State,
    pat: &Pattern,
    pl: &Place,
    player: PlayerId,
    only: Option<CellId>,
    out: &mut Vec<Move>,
) {
    let Some(zone) = t.zone_loc(&pl.zone, Some(player)) else {
        return;
    };
    let region = pat
        .region
        .map(|r| t.board.region_at(r).for_seat(player.index()));
    // Groups and the board key once per position: each placement is then a lookup.
    let groups = pl.surround.as_ref().map(|sr| {
        (
            sr,
            super::groups::Groups::of(t, s, &sr.dirs),
            s.board_key(t),
        )
    });
    // A placement that converts, surrounds or must be followed by a move needs the general
    // assembly; any other is one transfer.
    let plain = pat.convert.is_none() && groups.is_none() && pl.must_move_with.is_empty();
    let mut last: Option<Piece> = None;
    for &piece in s.stack(zone) {
        if last == Some(piece) {
            continue;
        }
        last = Some(piece);
        let info = t.info(piece);
        let usable = match pat.mover {
            Mover::Own => info.owner == Some(player),
            Mover::Neutral => info.owner.is_none(),
            Mover::Any => true,
        };
        if !usable || pat.kinds & (1 << info.kind.index()) == 0 {
            continue;
        }
        let land = &pat.masks_for(t, piece, player)[0];
        for c in cells_from(t, only) {
            if region.is_some_and(|r| !r.contains(c)) {
                continue;
            }
            let loc = Loc(c.0);
            let top = s.top_cell(c);
            if !land.holds(t, top, piece, player) {
                continue;
            }
            // Land rules bind placements too (nothing was stood on before).
            if !pat.region_rules.is_empty() {
                match pat.judge(t, s, None, top, piece, player, &[], c, c) {
                    Some(v) if v.stop => {}
                    _ => continue,
                }
            }
            if !pl.fits(t, s, player, piece, c) {
                continue;
            }
            let transfer = Action::Transfer {
                piece,
                from: zone,
                to: loc,
            };
            if plain {
                // The common placement: built in the list (see `push_with`).
                super::moves::push_with(out, || {
                    Move::one(
                        Shape::Place(piece),
                        SmallVec::from_buf_and_len([loc; 4], 1),
                        transfer,
                    )
                });
                continue;
            }
            let path = SmallVec::from_buf_and_len([loc; 4], 1);
            let mut actions = SmallVec::new();
            actions.push(transfer);
            if let Some(conv) = &pat.convert {
                conversions(t, conv, player, piece, c, &|x| s.top_cell(x), &mut actions);
                if conv.required && actions.len() == 1 {
                    continue;
                }
            }
            let mut taken = 0u16;
            if let Some((sr, groups, key)) = &groups
                && !surround(
                    t,
                    s,
                    sr,
                    groups,
                    *key,
                    player,
                    piece,
                    c,
                    &mut actions,
                    &mut taken,
                )
            {
                continue;
            }
            if !pl.must_move_with.is_empty() && !then_movable(t, s, pl, player, &actions, c) {
                continue;
            }
            out.push(Move {
                shape: Shape::Place(piece),
                path,
                taken,
                suffix: None,
                on_top: false,
                die: 0,
                actions,
                chance: 0,
            });
        }
    }
}

/// Kinds bitmask for a list of kinds (empty list = every kind).
pub fn kind_mask(kinds: &[KindId]) -> u64 {
    if kinds.is_empty() {
        u64::MAX
    } else {
        kinds.iter().fold(0, |m, k| m | (1 << k.index()))
    }
}

/// Every leap of a leap generator from one cell: follow each direction path to its end and land
/// there if the landing condition holds (capturing on landing if the generator captures).
#[allow(clippy::too_many_arguments)]
fn leap(
    t: &Tables,
    s: &State,
    pat: &Pattern,
    moving: &Movement,
    paths: &[Vec<DirId>],
    over: Option<Conds>,
    player: PlayerId,
    piece: Piece,
    from: CellId,
    out: &mut Vec<Move>,
) {
    let land = &pat.masks_for(t, piece, player)[0];
    'paths: for path in paths {
        let mut at = from;
        for (k, &d) in path.iter().enumerate() {
            match t.board.step(at, d) {
                Some(n) => at = n,
                None => continue 'paths,
            }
            // A cell passed through (not the landing) must let the leap by.
            if k + 1 < path.len()
                && let Some(c) = over
                && !c.holds(t, s.top_cell(at), piece, player)
            {
                continue 'paths;
            }
        }
        if at == from {
            continue;
        }
        let top = s.top_cell(at);
        if !land.holds(t, top, piece, player) {
            continue;
        }
        match pat.judge(
            t,
            s,
            Some(moving),
            top,
            piece,
            player,
            &[Loc(from.0)],
            from,
            at,
        ) {
            Some(v) if v.stop && moving.net_ok(player, from, at, v.breaks as u32) => {}
            _ => continue,
        }
        let mut leg = Leg {
            path: short_path(&[Loc(from.0), Loc(at.0)]),
            captured: SmallVec::new(),
            broken: 0,
            passing: None,
            rules_any: 0,
        };
        if pat.capture.mode == CaptureMode::Land
            && top.is_some_and(|p| pat.captures(t, p, piece, player))
        {
            leg.captured.push(at);
        }
        finish(t, s, pat, moving, player, piece, &leg, out);
    }
}
