//! Race moves along a track, one die at a time: the backgammon family (and Ludo, Pachisi...).
//! Each seat has its own ordered course of cells; a piece enters it from a zone (the bar, a
//! reserve) onto the cell the die names, runs along it by the die's pips, and leaves it into a
//! zone (bearing off) past the last cell. Every move uses up the die it was made with, so a
//! turn is a series of moves, one per die, and the rules see the dice left between them.

use smallvec::SmallVec;

use super::{Action, Loc, Move, Piece, PlayerId, Shape, State, Tables};
use crate::board::CellId;
use crate::def::{CaptureTakes, CellCond, ZoneOf};

/// A compiled track: each seat's course, and where each cell lies on it.
#[derive(Clone, Debug)]
pub struct Track {
    /// Its name (`[tracks.NAME]`).
    pub name: String,
    /// Per seat, the cells in the order a piece runs them.
    pub course: Vec<Vec<CellId>>,
    /// Per seat, per cell: its index on the course (`u16::MAX` when off it).
    pub index: Vec<Vec<u16>>,
}

/// When a piece that would run past the end of its course may leave it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
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
}

/// Whether a landing on `at` is allowed, and if so whether it captures there.
fn landing(
    t: &Tables,
    s: &State,
    pat: &super::Pattern,
    player: PlayerId,
    piece: Piece,
    at: CellId,
) -> Option<bool> {
    let loc = Loc(at.0);
    let stack = s.stack(loc);
    let top = stack.last().copied();
    let lone_enemy = pat.land.has(CellCond::LoneEnemy)
        && stack.len() == 1
        && top.is_some_and(|p| t.info(p).owner.is_some_and(|o| !t.same_team(o, player)));
    if !lone_enemy && !pat.land.holds(t, top, piece, player) {
        return None;
    }
    let capture = pat.capture != crate::def::CaptureMode::None
        && top.is_some_and(|p| {
            pat.capture_if.map_or(
                t.info(p).owner.is_some_and(|o| !t.same_team(o, player)),
                |c| c.holds(t, Some(p), piece, player),
            )
        });
    Some(capture)
}

/// The move of `piece` from `from` to `to` (a cell or a zone) with the die at `die`.
#[allow(clippy::too_many_arguments)]
fn push(
    t: &Tables,
    s: &State,
    pat: &super::Pattern,
    player: PlayerId,
    piece: Piece,
    from: Loc,
    to: Loc,
    capture: bool,
    die: (u8, u8),
    out: &mut Vec<Move>,
) {
    let mut actions: SmallVec<[Action; 4]> = SmallVec::new();
    let mut taken = 0u16;
    if capture {
        let stack = s.stack(to);
        let take = match pat.takes {
            CaptureTakes::Stack => stack.len(),
            CaptureTakes::Top => 1,
        };
        for &p in stack.iter().rev().take(take) {
            let zone_seat = match pat.capture_zone_of {
                ZoneOf::Mover => Some(player),
                ZoneOf::Owner => t.info(p).owner,
            };
            let Some(z) = pat
                .capture_to
                .as_deref()
                .and_then(|z| t.zone_loc(z, zone_seat))
            else {
                return;
            };
            actions.push(Action::Transfer {
                piece: p,
                from: to,
                to: z,
            });
            taken += 1;
        }
    }
    actions.push(Action::Transfer { piece, from, to });
    actions.push(Action::Die {
        at: die.0,
        value: die.1,
        used: true,
    });
    out.push(Move {
        shape: Shape::Path,
        path: SmallVec::from_slice(&[from, to]),
        taken,
        suffix: None,
        actions,
        chance: 0,
    });
}

/// Appends the moves of `pat` for `player` with each distinct die left (or only `only_die`).
pub fn generate(
    t: &Tables,
    s: &State,
    pat: &super::Pattern,
    tm: &TrackMoves,
    player: PlayerId,
    only_die: Option<u8>,
    out: &mut Vec<Move>,
) {
    let mut seen = 0u32;
    for (at, v) in s.dice().values().enumerate() {
        if seen & (1 << v) != 0 || only_die.is_some_and(|d| d != v) {
            continue;
        }
        seen |= 1 << v;
        with_die(t, s, pat, tm, player, (at as u8, v), out);
    }
}

fn with_die(
    t: &Tables,
    s: &State,
    pat: &super::Pattern,
    tm: &TrackMoves,
    player: PlayerId,
    die: (u8, u8),
    out: &mut Vec<Move>,
) {
    let track = &t.tracks[tm.track];
    let course = &track.course[player.index()];
    let n = course.len();
    let v = die.1 as usize;
    let mine = |p: Piece| {
        let info = t.info(p);
        info.owner == Some(player) && pat.kinds & (1 << info.kind.index()) != 0
    };
    let zone = |name: &str| t.zone_loc(name, Some(player));
    let must_enter = tm
        .enter_first
        .iter()
        .filter_map(|z| zone(z))
        .any(|z| s.stack(z).iter().any(|p| mine(*p)));
    // Entering: one move per distinct kind waiting in each zone.
    for name in &tm.enter_from {
        if must_enter && !tm.enter_first.contains(name) {
            continue;
        }
        let Some(z) = zone(name) else { continue };
        let mut last = None;
        for &p in s.stack(z) {
            if last == Some(p) || !mine(p) {
                continue;
            }
            last = Some(p);
            if v <= n
                && let Some(capture) = landing(t, s, pat, player, p, course[v - 1])
            {
                push(
                    t,
                    s,
                    pat,
                    player,
                    p,
                    z,
                    Loc(course[v - 1].0),
                    capture,
                    die,
                    out,
                );
            }
        }
    }
    if must_enter {
        return;
    }
    let index = &track.index[player.index()];
    let off = tm.off.as_deref().and_then(zone);
    let may_leave = off.is_some() && home_ok(t, s, tm, player);
    // The furthest-back own piece on the course, for `Overshoot::Furthest`.
    let furthest = course
        .iter()
        .position(|c| s.stack(Loc(c.0)).iter().any(|p| mine(*p)));
    for (i, &c) in course.iter().enumerate() {
        let from = Loc(c.0);
        let Some(piece) = s.top(from).filter(|p| mine(*p)) else {
            continue;
        };
        debug_assert_eq!(index[c.index()] as usize, i);
        let j = i + v;
        if j < n {
            if let Some(capture) = landing(t, s, pat, player, piece, course[j]) {
                push(
                    t,
                    s,
                    pat,
                    player,
                    piece,
                    from,
                    Loc(course[j].0),
                    capture,
                    die,
                    out,
                );
            }
            continue;
        }
        if let Some(off) = off.filter(|_| may_leave) {
            let ok = j == n
                || match tm.overshoot {
                    Overshoot::Exact => false,
                    Overshoot::Any => true,
                    Overshoot::Furthest => furthest == Some(i),
                };
            if ok {
                push(t, s, pat, player, piece, from, off, false, die, out);
            }
        }
        // Running on from the start: the place past the end is where entering starts from.
        if tm.wrap && j > n && j - n - 1 < n {
            let k = j - n - 1;
            if let Some(capture) = landing(t, s, pat, player, piece, course[k]) {
                push(
                    t,
                    s,
                    pat,
                    player,
                    piece,
                    from,
                    Loc(course[k].0),
                    capture,
                    die,
                    out,
                );
            }
        }
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
