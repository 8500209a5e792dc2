//! Race moves along a track, one die at a time: the backgammon family (and Ludo, Pachisi...).
//! Each seat has its own ordered course of cells; a piece enters it from a zone (the bar, a
//! reserve) onto the cell the die names, runs along it by the die's pips, and leaves it into a
//! zone (bearing off) past the last cell. Every move uses up the die it was made with, so a
//! turn is a series of moves, one per die, and the rules see the dice left between them.

use smallvec::SmallVec;

use crate::board::CellId;
use crate::def::{CaptureTakes, CellCond, ZoneOf};
use crate::engine::{Action, ActionList, Loc, Move, Piece, PlayerId, Shape, State, Tables};

/// A compiled track: each seat's course.
#[derive(Clone, Debug)]
pub struct Track {
    /// Its name (`[tracks.NAME]`).
    pub name: String,
    /// Per seat, the cells in the order a piece runs them.
    pub course: Vec<Vec<CellId>>,
}

/// When a piece that would run past the end of its course may leave it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub enum Overshoot {
    /// Only with the exact number.
    #[default]
    Exact,
    /// A larger number too, if no own piece is further back on the course (backgammon).
    Furthest,
    /// Any larger number.
    Any,
}

/// The track settings of a move generator.
#[derive(Clone, Debug)]
pub struct TrackMoves {
    /// Index into the tables' tracks.
    pub track: usize,
    /// Zones (per seat: the mover's) whose pieces enter the course: a die of n puts one on the
    /// course's n-th cell.
    pub enter_from: Vec<String>,
    /// Zones whose pieces must all have entered before anything else moves (the bar).
    pub enter_first: Vec<String>,
    /// The zone pieces leave into past the end of the course.
    pub off: Option<String>,
    /// Pieces may only leave once every own piece is inside this region (a home board).
    pub home: Option<usize>,
    /// Leaving with more than the exact number.
    pub overshoot: Overshoot,
    /// Instead of leaving, a piece may run on from the start of its course (IceGammon's
    /// re-entering, rule 17).
    pub wrap: bool,
    /// Cells hold layers (IceGammon's pinning): see `def::GeneratorDef::layers`.
    pub layers: bool,
    /// Pieces leave smallest first.
    pub smallest_first: bool,
}

/// How a piece lands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Landing {
    /// On an empty cell, or (without layers) onto its own pieces.
    Plain,
    /// Taking what is there (without layers: the stack; with layers: the top layer).
    Capture,
    /// Beside its own top layer, joining it (layers).
    Beside,
    /// On top of the top layer, pinning it (layers).
    OnTop,
}

/// The ways `piece` may land on `at` (none when it may not).
fn landings(
    t: &Tables,
    s: &State,
    pat: &super::Generator,
    tm: &TrackMoves,
    player: PlayerId,
    piece: Piece,
    at: CellId,
) -> SmallVec<[Landing; 2]> {
    let loc = Loc(at.0);
    let stack = s.stack(loc);
    let Some(top) = stack.last().copied() else {
        return if pat.land.holds(t, None, piece, player) {
            SmallVec::from_slice(&[Landing::Plain])
        } else {
            SmallVec::new()
        };
    };
    let enemy = t.info(top).owner.is_some_and(|o| !t.same_team(o, player));
    if tm.layers {
        if stack.len() >= crate::engine::MAX_LAYERED_STACK {
            return SmallVec::new();
        }
        // IceGammon rules 10, 12, 14: only a piece worth at least the top layer's pips taken
        // together may land there; on its own layer it joins it or pins it, on an opponent's
        // it captures it or pins it.
        let k = s.top_layer(loc);
        let worth: i64 = stack[stack.len() - k..]
            .iter()
            .map(|p| t.info(*p).size)
            .sum();
        let outweighs = t.info(piece).size >= worth;
        let mine = t.info(top).owner == Some(player);
        let mut out = SmallVec::new();
        if mine {
            out.push(Landing::Beside);
            if outweighs {
                out.push(Landing::OnTop);
            }
        } else if outweighs {
            if enemy && pat.capture.mode != crate::def::CaptureMode::None {
                out.push(Landing::Capture);
            }
            out.push(Landing::OnTop);
        }
        return out;
    }
    let lone_enemy = pat.land.has(CellCond::LoneEnemy) && stack.len() == 1 && enemy;
    if !lone_enemy && !pat.land.holds(t, Some(top), piece, player) {
        return SmallVec::new();
    }
    let capture = pat.capture.mode != crate::def::CaptureMode::None
        && pat
            .capture
            .only
            .map_or(enemy, |c| c.holds(t, Some(top), piece, player));
    SmallVec::from_slice(&[if capture {
        Landing::Capture
    } else {
        Landing::Plain
    }])
}

/// Layer bits after the piece at stack index `i` leaves a stack of `n`: the bits above move
/// down one, and the piece that takes index `i` starts a layer unless the leaver lay beside
/// the one below it.
fn bits_without(bits: u32, i: usize) -> u32 {
    let low = bits & ((1u32 << i) - 1);
    let high = (bits >> (i + 1)) << i;
    let joined = crate::engine::beside(bits, i);
    let moved = low | high;
    if joined { moved } else { moved & !(1 << i) }
}

/// Layer bits after a piece is put in at stack index `j` of a stack of `n`, joining the top
/// layer that starts at `base`: it lies beside what is below it (unless it starts the layer),
/// and whatever it pushed up lies beside it.
fn bits_with(bits: u32, j: usize, n: usize, base: usize) -> u32 {
    let low = bits & ((1u32 << j) - 1);
    let high = (bits >> j) << (j + 1);
    let mut b = low | high;
    if j > base {
        b |= 1 << j;
    }
    if j < n {
        b |= 1 << (j + 1);
    }
    b
}

/// The stack indices of the pieces free to move in a layered stack, topmost first: every
/// piece of the top layer, and every piece the layer right above it does not pin. IceGammon
/// rule 12 and RULINGS: a pin holds only while the pieces on top are worth at least the piece
/// they cover, so when a pinner leaves and what stays on top is smaller, the piece below is
/// free again (and what lies on it stays on the point).
fn free_pieces(t: &Tables, stack: &[Piece], bits: u32) -> SmallVec<[usize; 4]> {
    let mut free = SmallVec::new();
    let mut end = stack.len();
    // The worth of the layer above the one being looked at (none above the top layer).
    let mut above: Option<i64> = None;
    while end > 0 {
        let start = end - crate::engine::layer_size(bits, end);
        for i in (start..end).rev() {
            if above.is_none_or(|w| t.info(stack[i]).size > w) {
                free.push(i);
            }
        }
        above = Some(stack[start..end].iter().map(|p| t.info(*p).size).sum());
        end = start;
    }
    free
}

/// Where the moving piece comes from: a zone, or a cell's stack index.
#[derive(Clone, Copy)]
struct Source {
    loc: Loc,
    /// The stack index, for a cell.
    index: Option<usize>,
}

/// One call's generation: the settings and the facts every die shares, worked out once.
struct Gen<'a> {
    t: &'a Tables,
    s: &'a State,
    pat: &'a super::Generator,
    tm: &'a TrackMoves,
    player: PlayerId,
    course: &'a [CellId],
    /// A piece waits in an `enter_first` zone: nothing else may move.
    must_enter: bool,
    /// The zone pieces leave into, when leaving is allowed at all now.
    off: Option<Loc>,
    /// The furthest-back own piece's course index (`Overshoot::Furthest`).
    furthest: Option<usize>,
    /// With `smallest_first`, the least size among own pieces not yet off.
    smallest: Option<i64>,
}

impl<'a> Gen<'a> {
    fn new(
        t: &'a Tables,
        s: &'a State,
        pat: &'a super::Generator,
        tm: &'a TrackMoves,
        player: PlayerId,
    ) -> Gen<'a> {
        let course = &t.tracks[tm.track].course[player.index()];
        let mut g = Gen {
            t,
            s,
            pat,
            tm,
            player,
            course,
            must_enter: false,
            off: None,
            furthest: None,
            smallest: None,
        };
        g.must_enter = tm
            .enter_first
            .iter()
            .filter_map(|z| g.zone(z))
            .any(|z| s.stack(z).iter().any(|p| g.mine(*p)));
        if g.must_enter {
            return g;
        }
        g.off = tm
            .off
            .as_deref()
            .and_then(|z| g.zone(z))
            .filter(|_| home_ok(t, s, tm, player));
        if g.off.is_some() {
            if tm.overshoot == Overshoot::Furthest {
                g.furthest = course
                    .iter()
                    .position(|c| s.stack(Loc(c.0)).iter().any(|p| g.mine(*p)));
            }
            if tm.smallest_first {
                g.smallest = t
                    .board
                    .cells()
                    .map(|c| Loc(c.0))
                    .chain(tm.enter_from.iter().filter_map(|z| g.zone(z)))
                    .flat_map(|l| s.stack(l).iter())
                    .filter(|p| t.info(**p).owner == Some(player))
                    .map(|p| t.info(*p).size)
                    .min();
            }
        }
        g
    }

    fn mine(&self, p: Piece) -> bool {
        let info = self.t.info(p);
        info.owner == Some(self.player) && self.pat.kinds & (1 << info.kind.index()) != 0
    }

    fn zone(&self, name: &str) -> Option<Loc> {
        self.t.zone_loc(name, Some(self.player))
    }

    /// Every way `piece` may land on the course cell `to`.
    fn land(&self, piece: Piece, src: Source, to: CellId, die: (u8, u8), out: &mut Vec<Move>) {
        let (t, s, pat, tm, player) = (self.t, self.s, self.pat, self.tm, self.player);
        for l in landings(t, s, pat, tm, player, piece, to) {
            self.push(piece, src, Loc(to.0), l, die, false, out);
        }
    }

    /// The move of `piece` from `src` to `to` (a cell or a zone) with the die at `die`.
    #[allow(clippy::too_many_arguments)]
    fn push(
        &self,
        piece: Piece,
        src: Source,
        to: Loc,
        landing: Landing,
        die: (u8, u8),
        shown: bool,
        out: &mut Vec<Move>,
    ) {
        let (t, s, pat, tm, player) = (self.t, self.s, self.pat, self.tm, self.player);
        let mut actions: ActionList = SmallVec::new();
        let from = src.loc;
        // Leaving: a piece inside the top layer first rises to the top of the stack.
        if let Some(i) = src.index {
            if i + 1 != s.stack(from).len() {
                actions.push(Action::Rotate {
                    at: from,
                    i: i as u8,
                    up: true,
                });
            }
            if tm.layers {
                let old = s.layer_bits(from);
                let new = bits_without(old, i);
                if new != old {
                    actions.push(Action::Bits { at: from, old, new });
                }
            }
        }
        let mut taken = 0u16;
        let dest = s.stack(to);
        let mut dest_len = dest.len();
        let mut dest_bits = s.layer_bits(to);
        if landing == Landing::Capture {
            let take = if tm.layers {
                s.top_layer(to)
            } else {
                match pat.capture.takes {
                    CaptureTakes::Stack => dest.len(),
                    CaptureTakes::Top => 1,
                }
            };
            for &p in dest.iter().rev().take(take) {
                let zone_seat = match pat.capture.zone_of {
                    ZoneOf::Mover => Some(player),
                    ZoneOf::Owner => t.info(p).owner,
                };
                let Some(z) = pat.capture.zone(zone_seat) else {
                    return;
                };
                actions.push(Action::Transfer {
                    piece: p,
                    from: to,
                    to: z,
                });
                taken += 1;
            }
            dest_len -= take;
            if tm.layers {
                let new = dest_bits & ((1u32 << dest_len) - 1);
                if new != dest_bits {
                    actions.push(Action::Bits {
                        at: to,
                        old: dest_bits,
                        new,
                    });
                    dest_bits = new;
                }
            }
        }
        actions.push(Action::Transfer { piece, from, to });
        // A capture that uncovers the mover's own layer frees it: the piece joins it (rule 14,
        // "free the green piece in the stack by capturing the top yellow piece").
        let joins = landing == Landing::Beside
            || (tm.layers
                && landing == Landing::Capture
                && dest_len > 0
                && t.info(dest[dest_len - 1]).owner == Some(player));
        if joins {
            // Joining the top layer: kept in piece order, so equal layers are equal states.
            let base = dest_len - crate::engine::layer_size(dest_bits, dest_len);
            let j = base
                + dest[base..dest_len]
                    .iter()
                    .take_while(|q| **q <= piece)
                    .count();
            if j != dest_len {
                actions.push(Action::Rotate {
                    at: to,
                    i: j as u8,
                    up: false,
                });
            }
            let new = bits_with(dest_bits, j, dest_len, base);
            if new != dest_bits {
                actions.push(Action::Bits {
                    at: to,
                    old: dest_bits,
                    new,
                });
            }
        }
        actions.push(Action::Die {
            at: die.0,
            value: die.1,
            used: true,
        });
        crate::engine::moves::push_with(out, || Move {
            shape: Shape::Path,
            path: SmallVec::from_slice(&[from, to]),
            taken,
            suffix: tm.layers.then(|| t.info(piece).kind),
            facing: None,
            part: crate::engine::TurnPart::Action,
            once: 0,
            lifted: crate::engine::PieceSlot::NONE,
            brought: crate::engine::PieceSlot::NONE,
            on_top: landing == Landing::OnTop,
            die: if shown { die.1 } else { 0 },
            actions,
            chance: 0,
        });
    }

    /// The moves with one die.
    fn with_die(&self, die: (u8, u8), out: &mut Vec<Move>) {
        let (s, tm) = (self.s, self.tm);
        let n = self.course.len();
        let v = die.1 as usize;
        // Entering: one move per distinct kind waiting in each zone.
        for name in &tm.enter_from {
            if self.must_enter && !tm.enter_first.contains(name) {
                continue;
            }
            let Some(z) = self.zone(name).filter(|_| v <= n) else {
                continue;
            };
            let mut last = None;
            for &p in s.stack(z) {
                if last != Some(p) && self.mine(p) {
                    last = Some(p);
                    let src = Source {
                        loc: z,
                        index: None,
                    };
                    self.land(p, src, self.course[v - 1], die, out);
                }
            }
        }
        if self.must_enter {
            return;
        }
        for (i, &c) in self.course.iter().enumerate() {
            let from = Loc(c.0);
            let stack = s.stack(from);
            // The pieces that may move: the top one, or with layers each piece no layer pins,
            // topmost first (so of two equal pieces the upper one moves).
            let movable = if tm.layers {
                free_pieces(self.t, stack, s.layer_bits(from))
            } else {
                stack.len().checked_sub(1).into_iter().collect()
            };
            let mut tried: SmallVec<[Piece; 4]> = SmallVec::new();
            for at in movable {
                let piece = stack[at];
                if !self.mine(piece) || tried.contains(&piece) {
                    continue;
                }
                tried.push(piece);
                let src = Source {
                    loc: from,
                    index: Some(at),
                };
                let j = i + v;
                if j < n {
                    self.land(piece, src, self.course[j], die, out);
                    continue;
                }
                if let Some(off) = self.off {
                    let far_enough = j == n
                        || match tm.overshoot {
                            Overshoot::Exact => false,
                            Overshoot::Any => true,
                            Overshoot::Furthest => self.furthest == Some(i),
                        };
                    let in_order = self.smallest.is_none_or(|m| self.t.info(piece).size <= m);
                    if far_enough && in_order {
                        // A larger die than needed is written: `5/off(6)`.
                        self.push(piece, src, off, Landing::Plain, die, j != n, out);
                    }
                }
                // Running on from the start: past the end is where entering starts from.
                if tm.wrap && j > n && j - n - 1 < n {
                    self.land(piece, src, self.course[j - n - 1], die, out);
                }
            }
        }
    }
}

/// Appends the moves of `pat` for `player` with each distinct die left (or only `only_die`).
pub fn generate(
    t: &Tables,
    s: &State,
    pat: &super::Generator,
    tm: &TrackMoves,
    player: PlayerId,
    only_die: Option<u8>,
    out: &mut Vec<Move>,
) {
    let g = Gen::new(t, s, pat, tm, player);
    let mut seen = 0u32;
    for (at, v) in s.dice().values().enumerate() {
        if seen & (1 << v) != 0 || only_die.is_some_and(|d| d != v) {
            continue;
        }
        seen |= 1 << v;
        g.with_die((at as u8, v), out);
    }
}

/// Whether every own piece is home (on the home region or already off), so pieces may leave.
fn home_ok(t: &Tables, s: &State, tm: &TrackMoves, player: PlayerId) -> bool {
    let Some(h) = tm.home else { return true };
    let home = t.board.region_at(h).for_seat(player.index());
    let own = |p: &Piece| t.info(*p).owner == Some(player);
    let cells_ok = t
        .board
        .cells()
        .all(|c| home.contains(c) || !s.stack(Loc(c.0)).iter().any(own));
    let zones_ok = tm
        .enter_from
        .iter()
        .filter_map(|z| t.zone_loc(z, Some(player)))
        .all(|z| !s.stack(z).iter().any(own));
    cells_ok && zones_ok
}
