//! Native move generators, one file per kind: "every move of this shape" in one call. A rule
//! script composes a few of these instead of looping over cells itself, because each helper
//! call from Rhai costs hundreds of times a native step (see ARCHITECTURE.md, "Speed").
//!
//! [`Generator`] holds what every kind shares (whose pieces, which kinds, landing conditions,
//! captures, conversions) and [`Kind`] the settings of its kind; [`generate`] hands a
//! [`Ctx`] (tables, state, seat, the one cell asked about) to the kind's own file. What the
//! generators read is precomputed at load by `crate::lower::prepare`.
//!
//! This module is public for the benches and the reference tests (`benches/icesickle.rs`
//! times a generator alone; `tests/suite/generators.rs` compares pruned and unpruned walks):
//! it follows the engine and makes no promise of stability to embedders, who use `Game`.

pub mod castle;
mod change;
mod circuit;
mod conds;
mod draw;
mod fly;
mod land;
mod leap;
mod place;
mod ray;
mod remove;
pub mod sow;
pub mod track;
mod transform;
mod turn;

use land::{Capturing, Landing, conversions, finish, one_leg};
use place::drop_at;

pub use castle::Castle;
pub use change::Change;
pub use circuit::CircuitMoves;
pub use conds::*;
pub use fly::Flight;
pub use leap::{Leap, leap_ends};
pub use place::{Limit, Near, Place, Surround};
pub use ray::{Ray, Walk};
pub use remove::Remove;
pub use sow::Sow;
pub use track::TrackMoves;
pub use turn::orient;

use smallvec::SmallVec;

use crate::board::{BitCells, CellId, DirId};
use crate::def::{
    CaptureMode, CaptureTakes, CellCond, Chain, ConvertBy, Heading, Mover, NewOwner, ScoreMode,
    TurnTo, ZoneOf,
};
use crate::engine::{
    Action, ActionList, ColourId, KindId, Loc, Move, Passed, Piece, PlayerId, Shape, State, Tables,
};

/// A compiled move generator (from a `[generators.NAME]` table): what every kind shares, and the
/// settings of its kind. A key that belongs to another kind cannot be written here: the
/// lowering (`crate::lower`) refuses it with the kind it belongs to.
#[derive(Clone, Debug)]
pub struct Generator {
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
    pub kind: Kind,
    /// Per seat, per cell: bit `r` set when the cell is in region rule `r`'s region (the
    /// seat's part), so a landing is judged by bit tests.
    pub rule_cells: Vec<Vec<u32>>,
    /// Per kind: bit `r` set when region rule `r` binds the kind (`Generator::prepare_rules`).
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
    /// `chain_stop`, as masks.
    pub masks: Vec<[CondMask; 3]>,
    /// The facings a moving piece may have (`when_facing`), as [`Facing::bit`]s; all bits:
    /// any.
    pub when_facing: u64,
    /// How the piece stands when the move ends (`turn_to`).
    pub turn_to: TurnTo,
    /// Its moves end a turn of several actions (`ends_turn`).
    pub ends_turn: bool,
    /// `once_a_turn`: its bit in the var of the generators used this turn
    /// ([`super::Actions::used`]).
    pub once: Option<u8>,
    /// Any piece of a stack may move, not only the top (`from_inside`).
    pub from_inside: bool,
    /// The colour whose power its moves need where they act (`power`).
    pub power: Option<crate::engine::ColourId>,
    /// Its moves are not one of the turn's actions (`free`).
    pub free: bool,
    /// Its moves give actions of the removed piece's colour (`grants`).
    pub grants: bool,
    /// The turn's grants, free moves, its power or its `when` condition decide whether it
    /// makes moves ([`turn_gate`]): set at load, so other games pay one test.
    pub gated: bool,
    /// Moves only while this condition (an index of `Tables::conditions`) holds for the
    /// mover (`when`).
    pub when: Option<usize>,
    /// The generator (index) whose moves follow each of this one's as a second part
    /// (`then`): composed by `engine::legal`, which can ask the `[end]` goals.
    pub then: Option<usize>,
    /// Only moves landing in the block of a grid of grids the last move chose (`in_block`).
    pub in_block: Option<crate::def::InBlock>,
    /// Only moves near the last landing (`near_last`).
    pub near_last: Option<NearLast>,
    /// It has `in_block`, `near_last` or `in_region` (set at load).
    pub kept: bool,
    /// Only moves in the region a var names (`in_region`): the var and the regions' indices.
    pub in_region: Option<(usize, Vec<usize>)>,
    /// It starts from the mover's pieces of its kinds only, looked for in the kind sets
    /// ([`start_cells`]): [`Generator::by_kind`] in a game that keeps them (set at load).
    pub starts_by_kind: bool,
    /// A step along a board's lines draws the line (`draws`): this piece, nobody's, is
    /// drawn on it, and a drawn line cannot be travelled.
    pub draws: Option<Piece>,
    /// When its moves give the mover the next ply too (`again`).
    pub again: Option<crate::def::Again>,
    /// A placement on a line that completes a box draws the mover's piece of this kind in
    /// the box (`completes`).
    pub completes: Option<KindId>,
}

impl Generator {
    /// Whether a plain generator's piece on `from`, `steps` cells from `target` along the
    /// generator's own line, lands on `target` (see [`Generator::plain`]): the piece is `by`'s
    /// and of `kinds`, and the target's top satisfies `land`.
    pub fn plain_reaches(
        &self,
        t: &Tables,
        s: &State,
        by: PlayerId,
        from: CellId,
        target: CellId,
    ) -> bool {
        self.plain_lands(t, s, by, from, s.top_cell(target))
    }

    /// [`Generator::plain_reaches`] onto a target whose top is `onto` (the check test asks
    /// it of an empty cell with a royal piece supposed there).
    pub fn plain_lands(
        &self,
        t: &Tables,
        s: &State,
        by: PlayerId,
        from: CellId,
        onto: Option<Piece>,
    ) -> bool {
        let Some(piece) = s.top_cell(from) else {
            return false;
        };
        let info = t.info(piece);
        info.owner == Some(by)
            && self.kinds & (1 << info.kind.index()) != 0
            && self.masks_for(t, piece, by)[0].holds(onto)
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

/// Keeps the moves from index `from` on that land in the block the last move chose
/// (`in_block`), unless none does: a full block sends nowhere, and neither does the first move.
#[inline(never)]
fn keep_to_block(cx: &Ctx, mode: crate::def::InBlock, from: usize, out: &mut Vec<Move>) {
    let (Some(blocks), Some(v)) = (&cx.t.board.blocks, cx.t.last_var) else {
        return;
    };
    let last = cx.s.var(v);
    let Some(c) = usize::try_from(last - 1)
        .ok()
        .filter(|c| *c < blocks.of.len())
    else {
        return;
    };
    let target = match mode {
        crate::def::InBlock::Sent => blocks.sends[c],
        crate::def::InBlock::Same => blocks.of[c],
    };
    let inside = |m: &Move| {
        m.to()
            .and_then(|l| cx.t.loc_cell(l))
            .is_some_and(|c| blocks.of[c.index()] == target)
    };
    if out[from..].iter().any(inside) {
        let kept: Vec<Move> = out.drain(from..).filter(inside).collect();
        out.extend(kept);
    }
}

/// A compiled `near_last`.
#[derive(Clone, Copy, Debug)]
pub struct NearLast {
    /// The line through the last landing a landing must be on.
    pub line: Option<crate::def::NearLine>,
    /// The most steps from the last landing.
    pub within: Option<u32>,
}

/// The filters on where a generator's moves land, chosen by the state (`in_block`,
/// `near_last`, `in_region`): one test in the hot path for every generator without them.
#[inline(never)]
fn keep_landings(cx: &Ctx, g: &Generator, before: usize, out: &mut Vec<Move>) {
    if let Some(mode) = g.in_block {
        keep_to_block(cx, mode, before, out);
    }
    if let Some(near) = &g.near_last {
        keep_near_last(cx, near, before, out);
    }
    if let Some((var, regions)) = &g.in_region {
        keep_in_region(cx, *var, regions, before, out);
    }
}

/// Keeps the moves from index `from` on whose landing is a `filter` landing, unless none
/// is: then every move stands (a region full, the first move).
fn keep_landing(cx: &Ctx, from: usize, out: &mut Vec<Move>, filter: impl Fn(CellId) -> bool) {
    let inside = |m: &Move| m.to().and_then(|l| cx.t.loc_cell(l)).is_some_and(&filter);
    if out[from..].iter().any(inside) {
        let kept: Vec<Move> = out.drain(from..).filter(inside).collect();
        out.extend(kept);
    }
}

/// Keeps the moves from index `from` on that land near the last landing (`near_last`).
#[inline(never)]
fn keep_near_last(cx: &Ctx, near: &NearLast, from: usize, out: &mut Vec<Move>) {
    let Some(v) = cx.t.last_var else {
        return;
    };
    let Some(last) = usize::try_from(cx.s.var(v) - 1)
        .ok()
        .filter(|c| *c < cx.t.board.len())
        .map(|c| CellId(c as u16))
    else {
        return;
    };
    let (lf, lr) = cx.t.board.coord(last);
    keep_landing(cx, from, out, |c| {
        let (f, r) = cx.t.board.coord(c);
        let on_line = match near.line {
            None => true,
            Some(crate::def::NearLine::File) => f == lf,
            Some(crate::def::NearLine::Rank) => r == lr,
            Some(crate::def::NearLine::FileOrRank) => f == lf || r == lr,
        };
        let steps = (f - lf).unsigned_abs().max((r - lr).unsigned_abs());
        on_line && near.within.is_none_or(|w| steps <= u64::from(w))
    });
}

/// Keeps the moves from index `from` on that land in the region var `var` names
/// (`in_region`).
#[inline(never)]
fn keep_in_region(cx: &Ctx, var: usize, regions: &[usize], from: usize, out: &mut Vec<Move>) {
    let Some(&r) = usize::try_from(cx.s.var(var) - 1)
        .ok()
        .and_then(|k| regions.get(k))
    else {
        return;
    };
    let region = cx.t.board.region_at(r).for_seat(cx.player.index());
    keep_landing(cx, from, out, |c| region.contains(c));
}

/// The kinds of generator.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub enum Kind {
    /// Along straight lines of a direction: steps, slides, jumps, chains.
    Ray(Ray),
    /// To the end of fixed paths of directions (a knight).
    Leap(Leap),
    /// A piece from a zone onto a cell.
    Place(Place),
    /// Along a race course, one die at a time.
    Track(track::TrackMoves),
    /// A piece taken off the board.
    Remove(Remove),
    /// A top piece moved to any cell (on a star map: a linked system, or a new one).
    Fly(Movement, fly::Flight),
    /// A pit's pieces sown along a course.
    Sow(sow::Sow),
    /// Castling: a piece and its partner move together.
    Castle(castle::Castle),
    /// A piece turned in place.
    Turn,
    /// A piece changed where it stands (seized, exchanged).
    Change(change::Change),
    /// Blocks of cells turned or reflected: indices into `Tables::transforms`.
    Transform(Vec<u16>),
    /// Along circuits, round their arcs.
    Circuit(Movement, CircuitMoves),
    /// A line drawn on a board of dots and lines.
    Draw,
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
    /// What capturing each piece value does for each captor (index `seat * pieces + piece`),
    /// worked out at load by [`Capture::fate_of`] ([`Capture::prepare_fates`]): a captured
    /// piece is then one lookup instead of asking its facing, owner, zone, new owner and
    /// points in turn (about half of IceSickle's capturing landings).
    pub fates: Vec<Fate>,
    /// The length of a seat's row of `fates`: the game's piece values when it was built.
    pub fate_row: usize,
}

/// What capturing one piece value does for one captor: the actions
/// [`land::take_captured`] writes for it, decided in advance.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fate {
    /// The piece stood up on its cell first, when it has a facing (off the board every
    /// piece stands): the piece that then leaves.
    pub upright: Option<Piece>,
    /// Where it goes: the capture zone (none: it stays where it is).
    pub to: Option<Loc>,
    /// The piece it becomes in the zone when it changes hands (`capture_owner`,
    /// `captured_as`).
    pub becomes: Option<Piece>,
    /// What it scores for the captor.
    pub points: i64,
}

impl Capture {
    /// What a captured piece scores for the captor (`score`).
    #[inline]
    pub fn points(&self, t: &Tables, p: Piece) -> i64 {
        match self.score {
            ScoreMode::None => 0,
            ScoreMode::Pips => t.info(p).size,
            ScoreMode::Count => 1,
        }
    }

    /// What capturing `p` does for `player`: from the table when it was built.
    #[inline(always)]
    pub fn fate(&self, t: &Tables, player: PlayerId, p: Piece) -> Fate {
        let row = self.fate_row;
        match self.fates.get(player.index() * row + p.index()) {
            Some(&f) if p.index() < row => f,
            _ => self.fate_of(t, player, p),
        }
    }

    /// What capturing `p` does for `player`, worked out.
    pub fn fate_of(&self, t: &Tables, player: PlayerId, p: Piece) -> Fate {
        let upright = t.info(p).facing.is_some().then(|| t.upright(p));
        let leaves = upright.unwrap_or(p);
        let seat = match self.zone_of {
            ZoneOf::Mover => Some(player),
            ZoneOf::Owner => t.info(leaves).owner,
        };
        let to = self.zone(seat);
        Fate {
            upright,
            to,
            becomes: to.and_then(|_| self.becomes(t, player, leaves)),
            points: self.points(t, leaves),
        }
    }

    /// Fills the table of [`Capture::fate_of`] for every seat and piece value (at load).
    pub fn prepare_fates(&mut self, t: &Tables) {
        let fates = (0..t.player_count())
            .flat_map(|seat| (0..t.pieces.len()).map(move |p| (seat, p)))
            .map(|(seat, p)| self.fate_of(t, PlayerId(seat as u8), Piece(p as u8)))
            .collect();
        self.fates = fates;
        self.fate_row = t.pieces.len();
    }

    /// The piece `p` becomes in the zone it was captured into by `player`: into the captor's
    /// hand it changes hands (and may revert, `captured_as`); into a shared bank it is
    /// nobody's (`capture_owner`). `None` when it stays as it is.
    pub fn becomes(&self, t: &Tables, player: PlayerId, p: Piece) -> Option<Piece> {
        let owner = match self.owner {
            NewOwner::Keep => return None,
            NewOwner::Mover => Some(player),
            NewOwner::None => None,
        };
        let info = t.info(p);
        let kind = t.kinds[info.kind.index()].captured_as.unwrap_or(info.kind);
        let new = t.recast(p, kind, owner);
        (new != p).then_some(new)
    }

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
    /// The pieces left behind flow out along the move (a ray's `flow`).
    pub flow: Option<Flow>,
}

/// A compiled `flow`: the pieces a move leaves on its starting cell flow out past its
/// landing, one cell farther each.
#[derive(Clone, Copy, Debug)]
pub struct Flow {
    /// Where a flowing piece may land; the flow stops at the first cell that does not do.
    pub land: Conds,
    /// A flowing piece landing on such a top is captured (the flowing piece as the mover).
    pub capture_if: Option<Conds>,
    /// A move that made something flow ends a turn of several actions.
    pub ends_turn: bool,
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

impl Promote {
    /// Whether a move of `player`'s from `from` to `to` promotes: it lands in the region (the
    /// seat's part), or leaves it when a move that starts there may promote.
    pub(super) fn applies(&self, t: &Tables, player: PlayerId, from: Loc, to: Loc) -> bool {
        within(t, self.region, player, to) || (self.leaving && within(t, self.region, player, from))
    }
}

/// Whether `l` is a cell of region `region` (`player`'s part of it).
pub(super) fn within(t: &Tables, region: usize, player: PlayerId, l: Loc) -> bool {
    t.loc_cell(l).is_some_and(|c| {
        t.board
            .region_at(region)
            .for_seat(player.index())
            .contains(c)
    })
}

/// A compiled `[generators.X.land_rules]` entry.
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
    pub(crate) fn heading(&self, player: PlayerId, from: CellId, to: CellId) -> Option<Heading> {
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

impl Generator {
    /// Whether this generator, of a game with `kinds` kinds, starts from the mover's pieces
    /// of some kinds only, looked for by kind ([`start_cells`]): a ray or a leap of the
    /// mover's own pieces, not of every kind.
    pub fn by_kind(&self, kinds: usize) -> bool {
        let all = u64::MAX
            .checked_shr(64u32.saturating_sub(kinds as u32))
            .unwrap_or(0);
        matches!(self.kind, Kind::Ray(_) | Kind::Leap(_))
            && self.mover == Mover::Own
            && self.kinds & all != all
    }

    /// Whether this generator captures en passant.
    pub fn en_passant(&self) -> bool {
        matches!(&self.kind, Kind::Ray(r) if r.en_passant)
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
    pub(crate) fn captures(&self, t: &Tables, top: Piece, piece: Piece, player: PlayerId) -> bool {
        self.capture
            .only
            .is_none_or(|c| c.holds(t, Some(top), piece, player))
    }

    /// Whether `piece`, the top of a stack whose bottom is `base`, is one this generator moves
    /// for `player`.
    #[inline(always)]
    fn moves_piece(
        &self,
        t: &Tables,
        piece: Piece,
        base: Piece,
        moving: &Movement,
        player: PlayerId,
    ) -> bool {
        let info = t.info(piece);
        self.moves_owner(info.owner, player)
            && self.kinds & (1 << info.kind.index()) != 0
            && moving.base_kinds & (1 << t.info(base).kind.index()) != 0
            && self.faces_ok(info.facing)
    }

    /// Whether the generator moves (or places) a piece of this owner for `player`
    /// (`pieces`: own, neutral or any).
    #[inline(always)]
    fn moves_owner(&self, owner: Option<PlayerId>, player: PlayerId) -> bool {
        match self.mover {
            Mover::Own => owner == Some(player),
            Mover::Neutral => owner.is_none(),
            Mover::Any => true,
        }
    }

    /// Whether a piece facing so may move (`when_facing`).
    #[inline(always)]
    fn faces_ok(&self, facing: Option<DirId>) -> bool {
        self.when_facing == u64::MAX
            || self.when_facing & crate::engine::Facing::of(facing).bit() != 0
    }
}

/// A partly built move during a chain search.
struct Leg {
    path: SmallVec<[Loc; 4]>,
    captured: SmallVec<[CellId; 8]>,
    /// Legs so far that broke the generator's `legs` heading.
    broken: u32,
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
        Mover::Any => t.all_cells.iter(),
        Mover::Own => BitCells::new(s.owned_cells(t, Some(player))),
        Mover::Neutral => BitCells::new(s.owned_cells(t, None)),
    }
}

/// The cells a moving generator (a ray, a leap) may start from: [`mover_cells`], and for
/// the mover's own pieces of some kinds only, the cells whose top is of one of them (the
/// owner's set and the kinds' sets a word at a time, in `buf`): a piece of another kind
/// costs nothing, where chess's eight generators each looked at all sixteen pieces.
fn start_cells<'a>(
    t: &'a Tables,
    s: &'a State,
    g: &Generator,
    player: PlayerId,
    buf: &'a mut SmallVec<[u64; 4]>,
) -> BitCells<'a> {
    if !g.starts_by_kind {
        return mover_cells(t, s, g.mover, player);
    }
    let own = s.owned_cells(t, Some(player));
    // The generator's kinds, one by one.
    let mut bits = g.kinds;
    let kinds = std::iter::from_fn(move || {
        if bits == 0 {
            return None;
        }
        let k = KindId(bits.trailing_zeros() as u8);
        bits &= bits - 1;
        Some(k)
    });
    // A board of at most 64 cells (most games) needs no buffer: the owner's cells whose top
    // is of one of the kinds, as one word.
    let words = t.cell_words();
    if words == 1 {
        let x = kinds.fold(0, |x, k| {
            x | s.kind_cells(t, k).first().copied().unwrap_or(0)
        });
        return BitCells::single_word(0, x & own.first().copied().unwrap_or(0));
    }
    buf.clear();
    buf.resize(words, 0);
    for k in kinds {
        for (w, x) in buf.iter_mut().zip(s.kind_cells(t, k)) {
            *w |= x;
        }
    }
    for (w, x) in buf.iter_mut().zip(own) {
        *w &= x;
    }
    BitCells::new(buf)
}

/// A castling generator's `safe` test: whether an opponent of the seat could move onto the
/// cell (for an empty one: if the seat's piece of the kind stood there). It is given by the
/// layer above (`engine::attack`, which generates moves itself) rather than imported from
/// it, so the generators depend on nothing that depends on them.
pub type Threat = fn(&Tables, &State, PlayerId, CellId, KindId) -> bool;

/// What a generator is asked: the game's tables, the position, the seat whose moves, and
/// optionally the one cell to move from (the attack test asks a million times a perft).
#[derive(Clone, Copy)]
pub struct Ctx<'a> {
    /// The game's tables.
    pub t: &'a Tables,
    /// The position.
    pub s: &'a State,
    /// Whose moves.
    pub player: PlayerId,
    /// Only the moves from this cell.
    pub only: Option<CellId>,
    /// The test castling's `safe` asks; without it (the attack test itself), castling is
    /// generated without it.
    pub threat: Option<Threat>,
    /// Asked for a piece rotated up from inside its stack (`from_inside`): no further lift.
    pub inside: bool,
}

impl<'a> Ctx<'a> {
    /// The moves of `player` in `s`, from every cell, without a threat test.
    pub fn new(t: &'a Tables, s: &'a State, player: PlayerId) -> Ctx<'a> {
        Ctx {
            t,
            s,
            player,
            only: None,
            threat: None,
            inside: false,
        }
    }

    /// The same question about the moves from `cell` alone (every cell for `None`).
    pub fn only(self, cell: Option<CellId>) -> Ctx<'a> {
        Ctx { only: cell, ..self }
    }
}

/// Appends every move of `g` asked for by `cx` to `out`.
#[inline]
pub fn generate(cx: &Ctx, g: &Generator, out: &mut Vec<Move>) {
    // A generator used once this turn (`once_a_turn`) makes no more moves until the next.
    if let Some(bit) = g.once
        && let Some(var) = cx.t.actions.as_ref().and_then(|a| a.used)
        && cx.s.var(var) & (1 << bit) != 0
    {
        return;
    }
    // A turn's grants and free moves, and the power a move needs, decide (out of line): what
    // is left to do to the moves made, 0 for every generator of most games.
    let after = if g.gated {
        match turn_gate(cx, g) {
            Some(after) => after,
            None => return,
        }
    } else {
        0
    };
    let before = out.len();
    match &g.kind {
        Kind::Ray(r) => ray::generate(cx, g, r, out),
        Kind::Leap(l) => leap::generate(cx, g, l, out),
        Kind::Place(pl) => place::generate(cx, g, pl, out),
        Kind::Track(tm) => {
            let before = out.len();
            track::generate(cx.t, cx.s, g, tm, cx.player, None, out);
            if let Some(c) = cx.only {
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
        }
        Kind::Remove(r) => remove::generate(cx, g, r, out),
        Kind::Sow(sw) => sow::generate(cx, g, sw, out),
        Kind::Fly(mv, fl) => fly::generate(cx, g, mv, fl, out),
        Kind::Castle(c) => castle::generate(cx, g, c, out),
        Kind::Turn => turn::generate(cx, g, out),
        Kind::Change(ch) => change::generate(cx, g, ch, out),
        Kind::Transform(list) => transform::generate(cx, list, out),
        Kind::Circuit(mv, cm) => circuit::generate(cx, g, mv, cm, out),
        Kind::Draw => draw::generate(cx, g, out),
    }
    if g.kept {
        keep_landings(cx, g, before, out);
    }
    // How the piece is left (`turn_to`): one move per facing, made apart from the walk so a
    // game without facings pays one test.
    if g.turn_to != TurnTo::Keep && !matches!(g.kind, Kind::Turn) {
        orient(cx.t, g.turn_to, before, out);
    }
    if g.from_inside && !cx.inside {
        from_inside(cx, g, out);
    }
    if after != 0 {
        powered(cx, g, after & CHECK_POWER != 0, before, out);
    }
    if g.ends_turn {
        for m in &mut out[before..] {
            m.part = crate::engine::TurnPart::Ends;
        }
    }
    if let Some(bit) = g.once {
        for m in &mut out[before..] {
            m.once = bit + 1;
        }
    }
}

/// [`turn_gate`]'s answer: the moves need their power checked.
const CHECK_POWER: u8 = 1;
/// [`turn_gate`]'s answer: the moves are free or grant actions.
const MARK: u8 = 2;

/// Whether `g` makes moves now, in a turn of several actions with grants or free moves, or
/// with a `power`: `None` = none; else what is left to do to its moves ([`CHECK_POWER`],
/// [`MARK`]; nothing for a piece lifted from inside a stack, whose outer call does it). Once
/// the turn's actions are spent only free moves are left; while a grant lasts, only the
/// granted colour's generators (needing no power) and free ones; a grant only as the turn's
/// first action ("sacrificing is done instead of taking a basic action").
#[cold]
#[inline(never)]
fn turn_gate(cx: &Ctx, g: &Generator) -> Option<u8> {
    if let Some(c) = g.when
        && !cx
            .t
            .conditions
            .get(c)
            .is_some_and(|c| crate::engine::situation::holds_here(cx.t, cx.s, c, cx.player))
    {
        return None;
    }
    if cx.inside {
        return Some(0);
    }
    let mark = if g.free || g.grants { MARK } else { 0 };
    let check = if g.power.is_some() { CHECK_POWER } else { 0 };
    let Some(a) = &cx.t.actions else {
        return Some(check | mark);
    };
    let done = cx.s.var(a.var);
    if g.free {
        return Some(check | mark);
    }
    if done >= a.limit(cx.s) {
        return None;
    }
    match a.granted(cx.s) {
        Some(c) => (g.power == Some(c)).then_some(mark),
        None if g.grants && done > 0 => None,
        None => Some(check | mark),
    }
}

/// Keeps only the moves (from `before`) made where the mover has the generator's power, when
/// `check`; marks free moves, and gives each grant its vars.
#[cold]
#[inline(never)]
fn powered(cx: &Ctx, g: &Generator, check: bool, before: usize, out: &mut Vec<Move>) {
    let Ctx { t, s, player, .. } = *cx;
    if check && let Some(colour) = g.power {
        let mut kept = before;
        for i in before..out.len() {
            if out[i]
                .path
                .first()
                .is_some_and(|&l| has_power(t, s, l, colour, player))
            {
                out.swap(kept, i);
                kept += 1;
            }
        }
        out.truncate(kept);
    }
    if !(g.free || g.grants) {
        return;
    }
    let grant = t.actions.as_ref().and_then(|a| a.grant);
    for m in &mut out[before..] {
        if g.free {
            m.part = crate::engine::TurnPart::Free;
        }
        // A grant is the turn's first action, and gives as many more as the piece's size.
        if let (true, Some((budget, colour))) = (g.grants, grant) {
            let given = m.actions.iter().find_map(|a| match *a {
                Action::Transfer { piece, .. } => Some(t.info(piece)),
                _ => None,
            });
            let Some(info) = given else { continue };
            let tint = info.colour.map_or(0, |c| i64::from(c.0) + 1);
            let actions = info.size.clamp(1, 1 << 20) + 1;
            for (var, new) in [(budget, actions), (colour, tint)] {
                let old = s.var(var);
                if let (true, Ok(i)) = (old != new, u8::try_from(var)) {
                    m.actions.push(Action::Var { i, flip: old ^ new });
                }
            }
        }
    }
}

/// Whether `player` has `colour`'s power on `at`: an unowned piece of it there, or one of
/// theirs.
pub fn has_power(t: &Tables, s: &State, at: Loc, colour: ColourId, player: PlayerId) -> bool {
    s.stack(at).iter().any(|&p| {
        let i = t.info(p);
        i.colour == Some(colour) && i.owner.is_none_or(|o| o == player)
    })
}

/// `from_inside`: the moves of each piece below the top of a stack, made as if it were the
/// top (on a scratch copy with it rotated up), each then starting with that rotation and
/// naming its piece. Of equal pieces the highest moves (the top's value is the top's move).
#[cold]
#[inline(never)]
fn from_inside(cx: &Ctx, g: &Generator, out: &mut Vec<Move>) {
    let t = cx.t;
    let mut scratch = crate::engine::scratch::Scratch::new(cx.s);
    for c in cells_from(t, cx.only) {
        let at = Loc(c.0);
        let stack = cx.s.stack(at);
        let Some((&top, below)) = stack.split_last() else {
            continue;
        };
        for i in (0..below.len()).rev() {
            let p = below[i];
            if p == top || below[i + 1..].contains(&p) {
                continue;
            }
            // Stacks are at most MAX_PIECES high: the index fits.
            let i = i as u8;
            let up = Action::Rotate { at, i, up: true };
            let s = scratch.get();
            crate::engine::moves::apply_action(t, s, &up);
            let n = out.len();
            let only = Ctx {
                s,
                only: Some(c),
                inside: true,
                ..*cx
            };
            generate(&only, g, out);
            for m in &mut out[n..] {
                m.actions.insert(0, up);
                m.lifted = crate::engine::PieceSlot::of(p);
            }
            crate::engine::moves::apply_action(t, s, &Action::Rotate { at, i, up: false });
        }
    }
}

/// `g`'s region (the seat's part), which the moving piece must start from.
#[inline(always)]
fn start_region<'a>(cx: &Ctx<'a>, g: &Generator) -> Option<&'a crate::board::CellSet> {
    g.region
        .map(|r| cx.t.board.region_at(r).for_seat(cx.player.index()))
}

/// The top piece of `from` when `g` moves it (with `moving`'s settings) from there. The moving
/// kinds call it for the one cell asked about or for each of the mover's cells
/// ([`mover_cells`]), each call with the walk inlined after it: the shape that was fastest
/// (a callback or an iterator of starts cost 3% to 14% of a xiangqi perft).
#[inline(always)]
fn mover_at(
    cx: &Ctx,
    g: &Generator,
    moving: &Movement,
    region: Option<&crate::board::CellSet>,
    from: CellId,
) -> Option<Piece> {
    let Ctx { t, s, player, .. } = *cx;
    let piece = s.top_cell(from)?;
    // The bottom piece matters only to a generator that names its kinds.
    let base = if moving.base_kinds == u64::MAX {
        piece
    } else {
        s.stack(Loc(from.0))[0]
    };
    (g.moves_piece(t, piece, base, moving, player) && region.is_none_or(|r| r.contains(from)))
        .then_some(piece)
}

/// A move's path as a `SmallVec`, copied element by element when it fits inline: a slice
/// copy of a few bytes is a call to `memcpy`, which costs more than the copy.
#[inline]
fn short_path(p: &[Loc]) -> SmallVec<[Loc; 4]> {
    if p.len() <= 4 {
        // Four fixed reads, not a copy loop: the loop became a call to `memcpy`, whose
        // narrow stores the wide read of the path right after waited for (a seventh of
        // IceSickle's capturing landings, `land::finish`).
        let at = |i: usize| p.get(i).copied().unwrap_or(Loc(0));
        SmallVec::from_buf_and_len([at(0), at(1), at(2), at(3)], p.len())
    } else {
        SmallVec::from_slice(p)
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
