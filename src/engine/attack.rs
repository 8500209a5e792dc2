//! Attack queries: could a generator of a seat move onto a cell (check, in chess)? Asked for
//! every candidate move of a game with a royal piece, so it must not build the attackers'
//! move lists. The answer is found from the cell: walking back along each direction of a ray
//! generator (or each leap path, reversed) finds the few pieces that could stand at the start
//! of such a move, and only those are asked, by the ordinary generator from that one cell. The
//! walk back only finds candidates; the forward check decides, so the answer is the one the
//! generators give, whatever their settings.

use super::generators::{self, Ctx, Generator, Kind};
use super::{CellId, Loc, Move, PlayerId, State, Tables};
use crate::def::{CellCond, Chain};

/// A generator context for `player`'s moves in `s` whose castling asks [`threatened`]: what
/// every caller above the generators uses, so castling's `safe` holds wherever moves are
/// generated (the attack test itself asks without it: castling never attacks).
pub fn ctx<'a>(t: &'a Tables, s: &'a State, player: PlayerId) -> Ctx<'a> {
    Ctx {
        threat: Some(threatened),
        ..Ctx::new(t, s, player)
    }
}

/// A plain ray's reach in steps from its piece to the cell it lands on: fewest (`over_min`
/// + 1) and most (`over_max` + 1; `None`: as far as the line goes).
fn ray_steps(r: &generators::Ray) -> (usize, Option<usize>) {
    let least = match r.over_min {
        generators::Amount::Fixed(n) => n as usize + 1,
        _ => 1,
    };
    let most = match r.over_max {
        generators::Amount::Fixed(n) => Some(n as usize + 1),
        _ => None,
    };
    (least, most)
}

/// Whether a move of `pat` for seat `by` ends on `target` in `s`. `buf` is scratch space.
pub fn reaches(
    t: &Tables,
    s: &State,
    pat: &Generator,
    by: PlayerId,
    target: CellId,
    buf: &mut Vec<Move>,
) -> bool {
    match &pat.kind {
        Kind::Ray(r) if r.chain == Chain::None => {
            // Only empty cells may be passed over: the first piece met going back is the only
            // one that could come this way.
            let first_only = r.over.is_only(CellCond::Empty);
            let (least, bound) = ray_steps(r);
            for &d in &r.dirs[by.index()] {
                let Some(back) = t.board.reverse(d) else {
                    return lands_on(t, s, pat, by, None, target, buf);
                };
                let mut cur = target;
                let mut steps = 0usize;
                while let Some(c) = t.board.step(cur, back) {
                    steps += 1;
                    if bound.is_some_and(|b| steps > b) {
                        break;
                    }
                    // The way back must be the way forward too (on a listed board a reverse
                    // link may have no forward one).
                    if pat.plain && t.board.step(c, d) != Some(cur) {
                        break;
                    }
                    if s.top_cell(c).is_some() {
                        // A plain ray's first piece met decides: it comes this way or none
                        // does.
                        if pat.plain {
                            if steps >= least && pat.plain_reaches(t, s, by, c, target) {
                                return true;
                            }
                            break;
                        }
                        if lands_on(t, s, pat, by, Some(c), target, buf) {
                            return true;
                        }
                        if first_only {
                            break;
                        }
                    }
                    cur = c;
                }
            }
            false
        }
        Kind::Leap(l) => {
            for path in &l.leaps[by.index()] {
                let Some(at) = leap_origin(t, path, target) else {
                    return lands_on(t, s, pat, by, None, target, buf);
                };
                if let Some(origin) = at
                    && s.top_cell(origin).is_some()
                    && (if pat.plain {
                        path.iter().try_fold(origin, |c, &d| t.board.step(c, d)) == Some(target)
                            && pat.plain_reaches(t, s, by, origin, target)
                    } else {
                        lands_on(t, s, pat, by, Some(origin), target, buf)
                    })
                {
                    return true;
                }
            }
            false
        }
        _ => lands_on(t, s, pat, by, None, target, buf),
    }
}

/// Whether one of `rays` (generator, least and most steps) brings `by`'s piece on `c`, `steps`
/// cells back along their direction, onto a target whose top is `onto`: what the first piece
/// met on a walk back is asked.
fn rays_land(
    t: &Tables,
    s: &State,
    rays: &[Ray],
    by: PlayerId,
    c: CellId,
    steps: usize,
    onto: Option<super::Piece>,
) -> bool {
    rays.iter().any(|&(g, least, bound)| {
        steps >= least
            && bound.is_none_or(|b| steps <= b)
            && t.generators[g].plain_lands(t, s, by, c, onto)
    })
}

/// Whether the step back to `c` from `cur` is a `d` link taken back (always, where `exact`:
/// [`crate::board::Board::reverse_exact`]); a walk back stops counting pieces past one
/// that is not.
#[inline]
fn comes_back(t: &Tables, exact: bool, c: CellId, d: crate::board::DirId, cur: CellId) -> bool {
    exact || t.board.step(c, d) == Some(cur)
}

/// Whether the leap along `path` from `origin`, found by walking back from `target`, lands
/// on `target` going forward: always, when every direction's opposite leads back only along
/// its own links ([`crate::board::Board::reverse_exact`], every grid); else walked.
fn leaps_onto(t: &Tables, path: &[crate::board::DirId], origin: CellId, target: CellId) -> bool {
    path.iter().all(|&d| t.board.reverse_exact(d))
        || path.iter().try_fold(origin, |c, &d| t.board.step(c, d)) == Some(target)
}

/// Where a leap along `path` that lands on `target` starts: `Some(None)` off the board,
/// `None` when a direction of the path has no reverse (the walk back cannot tell).
fn leap_origin(t: &Tables, path: &[crate::board::DirId], target: CellId) -> Option<Option<CellId>> {
    let mut at = Some(target);
    for &d in path.iter().rev() {
        let back = t.board.reverse(d)?;
        at = at.and_then(|c| t.board.step(c, back));
    }
    Some(at)
}

/// Whether one of the generator's moves from `from` (from anywhere: `None`, for chains,
/// placements, races...) ends on `target`.
fn lands_on(
    t: &Tables,
    s: &State,
    pat: &Generator,
    by: PlayerId,
    from: Option<CellId>,
    target: CellId,
    buf: &mut Vec<Move>,
) -> bool {
    buf.clear();
    generators::generate(&Ctx::new(t, s, by).only(from), pat, buf);
    buf.iter().any(|m| m.to() == Some(Loc(target.0)))
}

/// One ray attacker along a direction: its generator, fewest and most steps.
type Ray = (usize, usize, Option<usize>);

/// One seat's plain attack generators, the rays grouped by direction: one walk back from the
/// target along each direction finds the first piece, and each ray of that direction is asked
/// about it at once, where a walk per generator went along each line up to four times
/// (chess's queen, rook or bishop, king and pawn share their lines). Leaps are asked as
/// before, one origin each.
#[derive(Clone, Debug, Default)]
pub struct RayLines {
    /// Per forward direction: the farthest any of its rays reaches (`None`: no limit), and
    /// the rays along it, each (generator, fewest steps, most steps).
    dirs: Vec<(crate::board::DirId, Option<usize>, Vec<Ray>)>,
    /// The leap generators.
    leaps: Vec<usize>,
    /// Per target cell, each leap path's origin for a landing there, found at load by
    /// walking the path back ([`leap_origin`]), the path taken forward checked once
    /// ([`leaps_onto`]): a check test asked every knight path's walk back at each cell it
    /// asked about (a castling king's crossing cells, the royal cell).
    leap_from: crate::board::CellLists<LeapFrom>,
}

/// A leap that may land on a cell ([`RayLines::leap_from`]).
#[derive(Clone, Copy, Debug)]
struct LeapFrom {
    /// Where it starts.
    origin: CellId,
    /// Its generator.
    generator: usize,
    /// Whether its path taken forward from `origin` does land there (on a listed board a
    /// reverse link may have no forward one): only then can it attack.
    lands: bool,
}

impl RayLines {
    /// Each seat's lines for the attack generators `pats`; `None` unless every one is a plain
    /// ray or leap (another generator is asked by generating its moves).
    pub fn of_seats(t: &Tables, pats: &[usize]) -> Option<Vec<RayLines>> {
        (0..t.player_count())
            .map(|o| {
                let mut lines = RayLines::default();
                for &i in pats {
                    let pat = &t.generators[i];
                    if !pat.plain {
                        return None;
                    }
                    match &pat.kind {
                        Kind::Ray(r) if r.chain == Chain::None => {
                            let (least, bound) = ray_steps(r);
                            for &d in r.dirs.get(o)? {
                                t.board.reverse(d)?;
                                match lines.dirs.iter_mut().find(|(x, _, _)| *x == d) {
                                    Some((_, most, rays)) => {
                                        *most = most.zip(bound).map(|(a, b)| a.max(b));
                                        rays.push((i, least, bound));
                                    }
                                    None => lines.dirs.push((d, bound, vec![(i, least, bound)])),
                                }
                            }
                        }
                        // A leap whose path has no way back is asked by generating.
                        Kind::Leap(l) => {
                            for d in l.leaps.get(o)?.iter().flatten() {
                                t.board.reverse(*d)?;
                            }
                            lines.leaps.push(i);
                        }
                        _ => return None,
                    }
                }
                lines.index_leaps(t, o);
                Some(lines)
            })
            .collect()
    }

    /// Fills [`RayLines::leap_from`] for seat `o`'s leaps (every path has a way back).
    fn index_leaps(&mut self, t: &Tables, o: usize) {
        let leaps = &self.leaps;
        self.leap_from = crate::board::CellLists::build(t.board.cells(), |target| {
            let mut from = Vec::new();
            for &i in leaps {
                let Kind::Leap(l) = &t.generators[i].kind else {
                    continue;
                };
                for path in l.leaps.get(o).into_iter().flatten() {
                    if let Some(Some(origin)) = leap_origin(t, path, target) {
                        from.push(LeapFrom {
                            origin,
                            generator: i,
                            lands: leaps_onto(t, path, origin, target),
                        });
                    }
                }
            }
            from
        });
    }

    /// Marks in `line` (per cell) every cell whose contents these attackers' answer for
    /// `target` depends on: each direction's whole line back from it, as far as its longest
    /// ray reaches (occupied or not: a piece leaving it may open it), with the index of that
    /// direction, and each leap's origin with [`LEAP`]; a cell on two lines, or on a line and
    /// a leap's origin, is marked [`SEVERAL`]. Unmarked cells keep [`NO_LINE`]. In `near`,
    /// the cells of each line up to its first piece in `s` are [`NEAR`], and so is that
    /// piece's cell if it is pinned (with it gone, the line's next piece would attack);
    /// an unpinned first piece's cell is [`FREE`]. The first piece shields the cells behind
    /// it: a move that leaves it opens nothing there, whatever it does behind, and one that
    /// takes a free piece away opens nothing unless it changes the cells behind too.
    /// Returns whether these attackers reach `target` in `s`.
    #[allow(clippy::too_many_arguments)]
    fn cells_behind(
        &self,
        t: &Tables,
        s: &State,
        by: PlayerId,
        target: CellId,
        line: &mut [u8],
        near: &mut [u8],
    ) -> bool {
        // A cell on one line keeps its index, and a leap's origin alone is [`LEAP`]; any
        // other overlap is [`SEVERAL`] (so the marks do not depend on the order they come in).
        let mut mark = |c: CellId, i: u8| {
            if let Some(m) = line.get_mut(c.index()) {
                *m = match (*m, i) {
                    (NO_LINE, i) | (LEAP, i @ LEAP) => i,
                    _ => SEVERAL,
                };
            }
        };
        let mut set_near = |c: CellId, v: u8| {
            if let Some(n) = near.get_mut(c.index()) {
                *n = (*n).max(v);
            }
        };
        let mut attacked = false;
        let onto = s.top_cell(target);
        for (i, &(d, most, ref rays)) in self.dirs.iter().enumerate() {
            let Some(back) = t.board.reverse(d) else {
                continue;
            };
            let at = u8::try_from(i)
                .ok()
                .filter(|&i| i < LEAP)
                .unwrap_or(SEVERAL);
            // One walk answers what `reach_along` (the first piece met attacks) and
            // `reach_along_after` without it (the second one does: the first is pinned)
            // would each walk again: a piece decides only while the way back is the way
            // forward too, as `walk_back` requires.
            let attacks = |c: CellId, steps: usize| rays_land(t, s, rays, by, c, steps, onto);
            let (mut cur, mut steps, mut first) = (target, 0usize, None);
            let (mut forward, mut hit, mut behind) = (true, false, None);
            let exact = t.board.reverse_exact(d);
            while let Some(c) = t.board.step(cur, back) {
                steps += 1;
                if most.is_some_and(|m| steps > m) {
                    break;
                }
                mark(c, at);
                forward = forward && comes_back(t, exact, c, d, cur);
                if s.top_cell(c).is_some() {
                    match first {
                        None => {
                            first = Some(c);
                            hit = forward && attacks(c, steps);
                        }
                        Some(_) if behind.is_none() => behind = Some(forward && attacks(c, steps)),
                        Some(_) => {}
                    }
                } else if first.is_none() {
                    set_near(c, NEAR);
                }
                cur = c;
            }
            attacked |= hit;
            if let Some(f) = first {
                let pinned = hit || behind == Some(true);
                set_near(f, if pinned { NEAR } else { FREE });
            }
        }
        // Each leap's origin, asked as `reach_onto` asks it, in the loop that marks it.
        for l in self.leap_from.get(target) {
            mark(l.origin, LEAP);
            attacked = attacked
                || (l.lands && t.generators[l.generator].plain_lands(t, s, by, l.origin, onto));
        }
        attacked
    }

    /// Whether one of seat `by`'s plain rays along direction line `i` (of `dirs`) reaches
    /// `target` in `s`: the first piece met walking back from it decides.
    fn reach_along(&self, t: &Tables, s: &State, by: PlayerId, target: CellId, i: usize) -> bool {
        let onto = s.top_cell(target);
        self.walk_back(t, s, by, target, onto, i, |c| s.top_cell(c).map(|_| true))
    }

    /// [`RayLines::reach_along`] after a move, unplayed, that leaves the cells `emptied`
    /// with no piece and `filled` with one that is not `by`'s on top, and changes no other
    /// cell of the line nor `target`: the first piece met is then one the move left alone, or
    /// a blocker.
    #[allow(clippy::too_many_arguments)]
    fn reach_along_after(
        &self,
        t: &Tables,
        s: &State,
        by: PlayerId,
        target: CellId,
        i: usize,
        emptied: &[CellId],
        filled: &[CellId],
    ) -> bool {
        let onto = s.top_cell(target);
        self.walk_back(t, s, by, target, onto, i, |c| {
            if filled.contains(&c) {
                Some(false)
            } else if emptied.contains(&c) {
                None
            } else {
                s.top_cell(c).map(|_| true)
            }
        })
    }

    /// The walk back from `target`, whose top is `onto`, along direction line `i`, a cell's
    /// contents told by `occupant`: `None` empty, `Some(true)` a piece of `s` that may be an
    /// attacker, `Some(false)` a blocker.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn walk_back(
        &self,
        t: &Tables,
        s: &State,
        by: PlayerId,
        target: CellId,
        onto: Option<super::Piece>,
        i: usize,
        occupant: impl Fn(CellId) -> Option<bool>,
    ) -> bool {
        let Some(&(d, most, ref rays)) = self.dirs.get(i) else {
            return false;
        };
        let Some(back) = t.board.reverse(d) else {
            return false;
        };
        let (mut cur, mut steps) = (target, 0usize);
        let exact = t.board.reverse_exact(d);
        while let Some(c) = t.board.step(cur, back) {
            steps += 1;
            // The way back must be the way forward too (a listed board's reverse link may
            // have no forward one; on a grid it always is); past the longest ray, nothing
            // comes this way.
            if most.is_some_and(|m| steps > m) || !comes_back(t, exact, c, d, cur) {
                return false;
            }
            if let Some(may_attack) = occupant(c) {
                // The first piece met decides for every ray of this direction.
                return may_attack && rays_land(t, s, rays, by, c, steps, onto);
            }
            cur = c;
        }
        false
    }

    /// Whether seat `by`'s plain attackers reach `target` in `s`, were its top `onto` and
    /// every other cell's contents as `occupant` tells (see [`RayLines::walk_back`]).
    fn reach_onto(
        &self,
        t: &Tables,
        s: &State,
        by: PlayerId,
        target: CellId,
        onto: Option<super::Piece>,
        occupant: impl Fn(CellId) -> Option<bool> + Copy,
    ) -> bool {
        if (0..self.dirs.len()).any(|i| self.walk_back(t, s, by, target, onto, i, occupant)) {
            return true;
        }
        // Every leap's directions have a way back (`of_seats`): its origins are listed.
        self.leap_from.get(target).iter().any(|l| {
            l.lands
                && occupant(l.origin) == Some(true)
                && t.generators[l.generator].plain_lands(t, s, by, l.origin, onto)
        })
    }
}

/// A cell's contents for [`RayLines::walk_back`] as they are in `s`: any piece may attack.
fn on_board(s: &State) -> impl Fn(CellId) -> Option<bool> + Copy + '_ {
    |c| s.top_cell(c).map(|_| true)
}

/// The royal piece's attackers grouped by line, when `pats` are they and all are plain.
fn royal_lines<'t>(t: &'t Tables, pats: &[usize]) -> Option<&'t [RayLines]> {
    t.royal
        .as_ref()
        .filter(|r| r.attacks[..] == pats[..])
        .and_then(|r| r.lines.as_deref())
}

/// Whether an opponent of `p` (a seat not on its team) could move onto one of `cells` with
/// one of the generators `pats`.
pub fn attacked_by_opponents(
    t: &Tables,
    s: &State,
    p: PlayerId,
    pats: &[usize],
    cells: &[CellId],
    buf: &mut Vec<Move>,
) -> bool {
    let lines = royal_lines(t, pats);
    (0..t.player_count())
        .map(|o| PlayerId(o as u8))
        .filter(|o| !t.same_team(*o, p))
        .any(|o| match lines.and_then(|l| l.get(o.index())) {
            Some(l) => cells
                .iter()
                .any(|&c| l.reach_onto(t, s, o, c, s.top_cell(c), on_board(s))),
            None => pats.iter().any(|&i| {
                cells
                    .iter()
                    .any(|&c| reaches(t, s, &t.generators[i], o, c, buf))
            }),
        })
}

/// The cells where seat `p`'s piece of kind `royal` is on top.
pub fn royal_cells(
    t: &Tables,
    s: &State,
    p: PlayerId,
    royal: super::KindId,
) -> smallvec::SmallVec<[CellId; 2]> {
    let piece = t.piece(royal, Some(p));
    // Only the cells whose top `p` owns can have it on top.
    crate::board::BitCells::new(s.owned_cells(t, Some(p)))
        .filter(|c| s.top_cell(*c) == Some(piece))
        .collect()
}

/// Keeps only the moves of `moves` after which no opponent of `p` could move onto `p`'s
/// piece of kind `royal` with the generators `pats` (no move into check). Each move is
/// applied to one scratch copy and taken back: no state is cloned per move.
pub fn keep_safe(
    t: &Tables,
    s: &State,
    moves: &mut Vec<Move>,
    p: PlayerId,
    royal: super::KindId,
    pats: &[usize],
) {
    if moves.is_empty() {
        return;
    }
    keep_safe_on(
        t,
        s,
        &mut super::scratch::Scratch::new(s),
        moves,
        p,
        royal,
        pats,
    );
}

/// [`keep_safe`], with `scratch` giving a copy of `s` to play moves on.
fn keep_safe_on(
    t: &Tables,
    s: &State,
    scratch: &mut super::scratch::Scratch,
    moves: &mut Vec<Move>,
    p: PlayerId,
    royal: super::KindId,
    pats: &[usize],
) {
    let mut buf = Vec::new();
    // Where the royal piece stands now: the board is scanned again only after a move that
    // could change that (most moves leave the king where it is).
    let home = royal_cells(t, s, p, royal);
    let piece = t.piece(royal, Some(p));
    // Out of check, a move that leaves the royal piece alone and empties no cell an attack
    // on it depends on (nor gives one to an opponent) cannot put it in check: most moves are
    // kept without being played (`opened`). One that empties cells of a single line to it
    // is asked about that line alone.
    let opponents: smallvec::SmallVec<[PlayerId; 2]> = (0..t.player_count())
        .map(|o| PlayerId(o as u8))
        .filter(|&o| !t.same_team(o, p))
        .collect();
    // The one opponent, its lines and the royal cell, when there is one of each.
    let single = match (royal_lines(t, pats), &opponents[..], &home[..]) {
        (Some(seats), [o], [king]) => seats.get(o.index()).map(|l| (*o, l, *king)),
        _ => None,
    };
    let watch = royal_lines(t, pats)
        .filter(|_| !home.is_empty())
        .and_then(|seats| {
            let mut line: WatchMarks = smallvec::smallvec![NO_LINE; t.board.len()];
            let mut near: WatchMarks = smallvec::smallvec![0; t.board.len()];
            let mut attacked = false;
            for &o in &opponents {
                for &king in &home {
                    let lines = seats.get(o.index())?;
                    attacked |= lines.cells_behind(t, s, o, king, &mut line, &mut near);
                }
            }
            // In check, every move is played and asked.
            if attacked {
                return None;
            }
            // The royal cells too, so that one look at the marks ([`quiet`]) tells a move
            // that touches none of them.
            for &king in &home {
                if let Some(m) = line.get_mut(king.index()) {
                    *m = SEVERAL;
                }
            }
            Some(Watch { line, near })
        });
    moves.retain(|m| {
        if let Some(w) = &watch
            && quiet(t, s, m, p, piece, w)
        {
            return true;
        }
        let alone = leaves_royal_alone(t, s, m, piece, &home);
        if let Some(w) = &watch
            && alone
        {
            match opened(t, m, &w.line, p) {
                Opened::Nothing => return true,
                Opened::Emptied { emptied, filled } => {
                    if let Some((o, l, king)) = single {
                        let along: smallvec::SmallVec<[u8; 2]> = emptied
                            .iter()
                            .map(|c| w.line.get(c.index()).copied().unwrap_or(SEVERAL))
                            .collect();
                        if along.iter().all(|&i| i <= LEAP) {
                            // Known without playing it: each line is walked as the move
                            // leaves it, and a leap's origin left bare holds no attacker.
                            if clears(s, m, &emptied) {
                                return !along.iter().filter(|&&i| i != LEAP).any(|&i| {
                                    l.reach_along_after(
                                        t, s, o, king, i as usize, &emptied, &filled,
                                    )
                                });
                            }
                            // A piece may show below: played, and its lines asked (on a
                            // leap's origin, it may be a leaper: the full test asks).
                            if !along.contains(&LEAP) {
                                let scratch = scratch.get();
                                let n = super::apply_actions(t, scratch, &m.actions);
                                let hit = along
                                    .iter()
                                    .any(|&i| l.reach_along(t, scratch, o, king, i as usize));
                                super::unapply_actions(t, scratch, &m.actions, n);
                                return !hit;
                            }
                        }
                    }
                }
                Opened::Other => {}
            }
        }
        // The royal piece steps, taking what stood where it lands, its own pieces moving
        // beside it if at all (castling): that cell is asked with the piece there, its old
        // cell empty and the others' moves made, unplayed (in check too).
        if !alone
            && let Some((o, l, king)) = single
            && let Some(step) = royal_step(t, s, m, piece, king)
        {
            let occupant = |c: CellId| step.occupant(s, king, c);
            return !l.reach_onto(t, s, o, step.to, Some(piece), occupant);
        }
        let scratch = scratch.get();
        let n = super::apply_actions(t, scratch, &m.actions);
        let moved;
        let cells = if alone {
            &home
        } else {
            moved = royal_cells(t, scratch, p, royal);
            &moved
        };
        let safe = !attacked_by_opponents(t, scratch, p, pats, cells, &mut buf);
        super::unapply_actions(t, scratch, &m.actions, n);
        safe
    });
}

/// A cell of no line to the royal piece (`RayLines::cells_behind`).
const NO_LINE: u8 = u8::MAX;
/// A cell on two lines to the royal piece, or on a line and a leap's origin, or a royal
/// cell: asked about everything.
const SEVERAL: u8 = u8::MAX - 1;
/// A leap's origin on no line: a leap passes over nothing, so only a piece there can make
/// the attack, and a move that leaves the cell bare or blocks it opens nothing.
const LEAP: u8 = u8::MAX - 2;
/// [`Watch::near`]: a cell of a line before its first piece, or a pinned first piece's.
const NEAR: u8 = 2;
/// [`Watch::near`]: the cell of a line's first piece, not pinned.
const FREE: u8 = 1;

/// What the check test watches out of check: per cell, the line to the royal piece it lies on
/// (`RayLines::cells_behind`; [`NO_LINE`]: no attack on it depends on the cell).
struct Watch {
    line: WatchMarks,
    /// Per cell, [`NEAR`] on a line between the royal piece and the line's first piece or
    /// on that piece if it is pinned, [`FREE`] on a first piece that is not pinned, else 0
    /// (`RayLines::cells_behind`).
    near: WatchMarks,
}

/// A mark per cell, on the stack for boards up to 128 cells (chess, shogi, xiangqi): two
/// arrays allocated and freed for every position were 1% of chess perft.
type WatchMarks = smallvec::SmallVec<[u8; 128]>;

/// What a move that leaves the royal piece alone does to the watched cells (see [`opened`]).
enum Opened {
    /// Nothing that could open an attack: it is kept unplayed.
    Nothing,
    /// It empties the watched cells `emptied`, and leaves `filled` with a piece that is not
    /// an opponent's on top (a blocker).
    Emptied {
        emptied: smallvec::SmallVec<[CellId; 2]>,
        filled: smallvec::SmallVec<[CellId; 2]>,
    },
    /// It gives a cell to an opponent or changes one in another way: asked about everything.
    Other,
}

/// What `m`, a move of seat `p` that leaves its royal piece alone, played when that piece is
/// not attacked, does to the cells the plain attackers' answer depends on (those `line`
/// marks, see [`Watch`]): each of them the move touches is judged by how the move leaves it. Plain rays pass only over
/// empty cells and plain attackers are the opponents' own pieces, so a cell filled with any
/// other piece can only block a line: a capture on a line or a piece stepping onto one is
/// kept without being played. A cell emptied may open a line (or show what is below); one
/// given an opponent's piece, or changed in another way, may do anything. A transform or a
/// change of layers counts as changing every cell.
fn opened(t: &Tables, m: &Move, line: &[u8], p: PlayerId) -> Opened {
    use super::Action;
    const FILLED: u8 = 0;
    const EMPTIED: u8 = 1;
    const OTHER: u8 = 2;
    // The watched cells touched so far, each with how it is left.
    let mut touched: smallvec::SmallVec<[(CellId, u8); 4]> = smallvec::SmallVec::new();
    let opponent = |q: super::Piece| t.info(q).owner.is_some_and(|o| !t.same_team(o, p));
    // `keep`: only a first touch sets the state (a piece replaced in place stays a blocker
    // unless it becomes an opponent's).
    let mut note = |l: Loc, how: u8, keep: bool| {
        if let Some(c) = t.loc_cell(l)
            && line.get(c.index()).is_some_and(|&i| i != NO_LINE)
        {
            match touched.iter_mut().find(|(x, _)| *x == c) {
                Some(e) if !keep => e.1 = how,
                Some(_) => {}
                None => touched.push((c, how)),
            }
        }
    };
    for a in &m.actions {
        match *a {
            Action::Transfer { piece, from, to } => {
                note(from, EMPTIED, false);
                note(to, if opponent(piece) { OTHER } else { FILLED }, false);
            }
            Action::Replace { at, new, .. } => {
                if opponent(new) {
                    note(at, OTHER, false);
                } else {
                    note(at, FILLED, true);
                }
            }
            Action::Carry { from, to, .. } => {
                note(from, OTHER, false);
                note(to, OTHER, false);
            }
            Action::Rotate { at, .. } | Action::Mark { at, .. } => note(at, OTHER, false),
            Action::Transform { .. } | Action::Bits { .. } => return Opened::Other,
            _ => {}
        }
    }
    if touched.iter().any(|&(_, how)| how == OTHER) {
        return Opened::Other;
    }
    let cells = |want: u8| {
        touched
            .iter()
            .filter(|&&(_, how)| how == want)
            .map(|&(c, _)| c)
            .collect::<smallvec::SmallVec<[CellId; 2]>>()
    };
    let emptied = cells(EMPTIED);
    if emptied.is_empty() {
        Opened::Nothing
    } else {
        Opened::Emptied {
            emptied,
            filled: cells(FILLED),
        }
    }
}

/// Whether `m`, a move of seat `p` out of check, surely leaves its royal `piece` safe at one
/// look at the marks of `w`: it moves no royal piece and changes the cells an attack depends
/// on only where that cannot open one, by transfers and actions off the board. A transfer
/// may not touch a royal cell, a cell on two lines, or a cell of a line before its first
/// piece ([`NEAR`]); it may take a first piece that is not pinned ([`FREE`]) off a cell it
/// leaves bare, if the move changes nothing behind it on that line; behind a first piece a
/// cell may change at will while that piece stays (it shields the cell); a leap's origin
/// may be left bare, or given a piece that is not an opponent's. Most moves are such; the
/// others are judged by [`leaves_royal_alone`] and [`opened`].
#[inline]
fn quiet(t: &Tables, s: &State, m: &Move, p: PlayerId, piece: super::Piece, w: &Watch) -> bool {
    use super::Action;
    // Bit `i`: a free first piece of line `i` taken away; a cell behind it on that line
    // emptied, or given an opponent's piece.
    let (mut freed, mut behind) = (0u64, 0u64);
    let bit = |i: u8| 1u64.checked_shl(u32::from(i));
    for a in &m.actions {
        match *a {
            Action::Transfer { piece: q, from, to } => {
                let below = s.stack(from);
                if q == piece || below.contains(&piece) {
                    return false;
                }
                if let Some(c) = t.loc_cell(from) {
                    let (i, n) = (w.line.get(c.index()), w.near.get(c.index()));
                    match (i.copied(), n.copied()) {
                        (Some(NO_LINE), _) => {}
                        (Some(LEAP), _) if below.len() == 1 => {}
                        (Some(i), Some(FREE)) if i < LEAP && below.len() == 1 => {
                            let Some(b) = bit(i) else { return false };
                            freed |= b;
                        }
                        (Some(i), Some(0)) if i < LEAP => {
                            let Some(b) = bit(i) else { return false };
                            behind |= b;
                        }
                        _ => return false,
                    }
                }
                if let Some(c) = t.loc_cell(to) {
                    let opponent = t.info(q).owner.is_some_and(|o| !t.same_team(o, p));
                    let (i, n) = (w.line.get(c.index()), w.near.get(c.index()));
                    match (i.copied(), n.copied()) {
                        (Some(NO_LINE), _) => {}
                        (Some(LEAP), _) if !opponent => {}
                        (Some(i), Some(0)) if i < LEAP => {
                            if opponent {
                                let Some(b) = bit(i) else { return false };
                                behind |= b;
                            }
                        }
                        _ => return false,
                    }
                }
            }
            ref a if reshapes(a) => return false,
            _ => {}
        }
    }
    freed & behind == 0
}

/// Where the royal `piece` on `king` lands when `m` moves it, and the cells the move's other
/// pieces leave and take ([`royal_step`]).
struct RoyalStep {
    to: CellId,
    /// Cells an own piece leaves bare.
    emptied: smallvec::SmallVec<[CellId; 2]>,
    /// Empty cells an own piece steps onto (blockers, never attackers).
    filled: smallvec::SmallVec<[CellId; 2]>,
}

impl RoyalStep {
    /// What a cell holds after the move, as [`RayLines::walk_back`] reads it: the royal
    /// piece's old cell and the cells its companions leave are empty, the cells they and
    /// it step onto hold blockers, and every other cell is as in `s`.
    fn occupant(&self, s: &State, king: CellId, c: CellId) -> Option<bool> {
        if c == self.to || self.filled.contains(&c) {
            Some(false)
        } else if c == king || self.emptied.contains(&c) {
            None
        } else {
            s.top_cell(c).map(|_| true)
        }
    }
}

/// Where the royal `piece` on `king` lands when `m` moves it: its one transfer is from
/// `king`, where nothing lies below it, to a cell whose whole stack the move sends off the
/// board (a capture); besides, the move may only move the mover's own pieces, each alone on
/// its cell, onto empty cells (castling's rook). `None` for any other move.
fn royal_step(
    t: &Tables,
    s: &State,
    m: &Move,
    piece: super::Piece,
    king: CellId,
) -> Option<RoyalStep> {
    use super::Action;
    let mut to = None;
    let mut taken: smallvec::SmallVec<[Loc; 2]> = smallvec::SmallVec::new();
    let (mut emptied, mut filled) = (smallvec::SmallVec::new(), smallvec::SmallVec::new());
    let owner = t.info(piece).owner;
    for a in &m.actions {
        match *a {
            Action::Transfer {
                piece: q,
                from,
                to: dest,
            } if q == piece => {
                if from != Loc(king.0) || to.is_some() {
                    return None;
                }
                to = Some(t.loc_cell(dest)?);
            }
            Action::Transfer { from, to: dest, .. } if t.loc_cell(dest).is_none() => {
                taken.push(from);
            }
            // A companion: one of the mover's pieces, alone on a cell, onto an empty one.
            Action::Transfer {
                piece: q,
                from,
                to: dest,
            } => {
                let (Some(a), Some(b)) = (t.loc_cell(from), t.loc_cell(dest)) else {
                    return None;
                };
                let alone = s.stack(from).len() == 1 && s.stack(dest).is_empty();
                if !alone || t.info(q).owner != owner || owner.is_none() {
                    return None;
                }
                emptied.push(a);
                filled.push(b);
            }
            Action::Replace { at, .. } | Action::Rotate { at, .. } | Action::Mark { at, .. }
                if t.loc_cell(at).is_some() =>
            {
                return None;
            }
            Action::Carry { .. } | Action::Transform { .. } | Action::Bits { .. } => return None,
            _ => {}
        }
    }
    let to = to?;
    let whole = taken.len() == s.stack(Loc(to.0)).len();
    // A companion leaves or takes neither the royal piece's cells nor a captured one.
    let apart = |c: &CellId| *c != to && *c != king && !taken.contains(&Loc(c.0));
    (whole
        && taken.iter().all(|&l| l == Loc(to.0))
        && s.stack(Loc(king.0)).len() == 1
        && emptied.iter().chain(&filled).all(apart))
    .then_some(RoyalStep {
        to,
        emptied,
        filled,
    })
}

/// Whether `a` changes a cell other than by moving a piece off or onto it (replacing,
/// carrying, rotating, drawing, transforming, changing layers): what the unplayed judgements
/// ([`quiet`], [`clears`]) cannot follow.
fn reshapes(a: &super::Action) -> bool {
    use super::Action;
    matches!(
        a,
        Action::Replace { .. }
            | Action::Carry { .. }
            | Action::Rotate { .. }
            | Action::Mark { .. }
            | Action::Transform { .. }
            | Action::Bits { .. }
    )
}

/// Whether `m` changes the board by transfers alone and leaves each of `emptied` with no
/// piece at all (not one showing from below): then what the move leaves on a watched cell is
/// known without playing it (see [`RayLines::reach_along_after`]).
fn clears(s: &State, m: &Move, emptied: &[CellId]) -> bool {
    use super::Action;
    let mut left: smallvec::SmallVec<[usize; 2]> =
        emptied.iter().map(|c| s.stack(Loc(c.0)).len()).collect();
    for a in &m.actions {
        match *a {
            Action::Transfer { from, to, .. } => {
                for (c, n) in emptied.iter().zip(left.iter_mut()) {
                    if Loc(c.0) == from {
                        *n = n.wrapping_sub(1);
                    } else if Loc(c.0) == to {
                        *n = n.wrapping_add(1);
                    }
                }
            }
            ref a if reshapes(a) => return false,
            _ => {}
        }
    }
    left.iter().all(|&n| n == 0)
}

/// Whether `m` surely leaves the royal `piece` on top of exactly the cells `home` in `s`: it
/// moves, replaces, covers or uncovers no royal piece and touches none of those cells (a
/// carried or rotated stack might, so those count as changes). A piece leaving a stack that
/// holds a royal piece below it may uncover it: a king under a piece of its own is no royal
/// cell, and is one again once the piece above has gone.
fn leaves_royal_alone(
    t: &Tables,
    s: &State,
    m: &Move,
    piece: super::Piece,
    home: &[CellId],
) -> bool {
    use super::Action;
    let at = |l: Loc| home.iter().any(|c| Loc(c.0) == l);
    let covers_royal = |l: Loc| {
        t.loc_cell(l)
            .is_some_and(|c| s.stack(Loc(c.0)).contains(&piece))
    };
    m.actions.iter().all(|a| match *a {
        Action::Transfer { piece: q, from, to } => {
            q != piece && !at(from) && !at(to) && !covers_royal(from)
        }
        Action::Replace { at: l, old, new } => old != piece && new != piece && !at(l),
        // A piece drawn onto a royal cell covers the royal piece.
        Action::Mark { at: l, .. } => !at(l),
        Action::Carry { .. } | Action::Rotate { .. } => false,
        _ => true,
    })
}

/// Whether seat `p`'s royal piece (`[rules] royal`) is attacked: in check.
pub fn in_check(t: &Tables, s: &State, p: PlayerId) -> bool {
    let Some(r) = &t.royal else { return false };
    let cells = royal_cells(t, s, p, r.kind);
    !cells.is_empty() && attacked_by_opponents(t, s, p, &r.attacks, &cells, &mut Vec::new())
}

/// The cells from which a one-leg ray of seat `by` may end its move on `target`: each of its
/// directions walked back as far as the ray reaches. `None` when that cannot be told: a walk
/// of several legs or along the piece's facing, a reach not fixed in cells, or a direction
/// whose way back is not exactly its way forward taken back
/// ([`crate::board::Board::reverse_exact`]).
fn ray_origins(
    t: &Tables,
    r: &generators::Ray,
    by: PlayerId,
    target: CellId,
) -> Option<smallvec::SmallVec<[CellId; 8]>> {
    if r.chain != Chain::None || r.along_facing {
        return None;
    }
    let most = ray_steps(r).1?;
    let mut cells = smallvec::SmallVec::new();
    for &d in r.dirs.get(by.index())? {
        let back = t.board.reverse(d)?;
        if !t.board.reverse_exact(d) {
            return None;
        }
        let mut at = target;
        for _ in 0..most {
            let Some(c) = t.board.step(at, back) else {
                break;
            };
            if c != target && !cells.contains(&c) {
                cells.push(c);
            }
            at = c;
        }
    }
    Some(cells)
}

/// Whether seat `by` attacks cell `c`: could one of `pats` move onto it if one of `by`'s
/// opponents had its royal piece there? An empty cell gets that piece on a copy first, so
/// a pawn that only moves diagonally onto enemies attacks the empty squares a king would
/// cross (castling's "not through check").
pub fn attacks_cell(
    t: &Tables,
    s: &State,
    by: PlayerId,
    pats: &[usize],
    c: CellId,
    royal: super::KindId,
) -> bool {
    let mut buf = Vec::new();
    let top = s.top_cell(c);
    let defender = (0..t.player_count())
        .map(|o| PlayerId(o as u8))
        .find(|o| !t.same_team(*o, by));
    // Plain attackers are asked from the cell, the royal piece supposed there: no copy.
    if let Some(lines) = royal_lines(t, pats).and_then(|l| l.get(by.index())) {
        let onto = top.or_else(|| defender.map(|d| t.piece(royal, Some(d))));
        return onto.is_some() && lines.reach_onto(t, s, by, c, onto, on_board(s));
    }
    if top.is_some() {
        return pats
            .iter()
            .any(|&i| reaches(t, s, &t.generators[i], by, c, &mut buf));
    }
    let Some(defender) = defender else {
        return false;
    };
    let mut probe = s.clone();
    let probe_piece = t.piece(royal, Some(defender));
    probe.board ^= super::piece_key(Loc(c.0), 0, probe_piece);
    probe.stacks[c.index()].push(probe_piece);
    probe.set_top(t, c.index(), Some(probe_piece));
    pats.iter()
        .any(|&i| reaches(t, &probe, &t.generators[i], by, c, &mut buf))
}

/// Whether the seat to move has a legal en passant capture of the cell passed over: a move
/// of an `en_passant` generator landing there, safe for its royal piece. Only then does the
/// cell stay part of the position (two positions differ by it only when it can be used).
pub fn en_passant_possible(t: &Tables, s: &State) -> bool {
    let Some(p) = s.passed else { return false };
    let mut moves = Vec::new();
    let cx = Ctx::new(t, s, s.turn());
    for pat in t.generators.iter().filter(|pat| pat.en_passant()) {
        // Only the pieces that could end a move on the cell are asked (a pawn beside it),
        // where every piece's moves were made to find one landing there (3% of chess perft).
        let origins = match &pat.kind {
            Kind::Ray(r) => ray_origins(t, r, s.turn(), p.over),
            _ => None,
        };
        match origins {
            Some(cells) => {
                for c in cells {
                    generators::generate(&cx.only(Some(c)), pat, &mut moves);
                }
            }
            None => generators::generate(&cx, pat, &mut moves),
        }
    }
    moves.retain(|m| m.to() == Some(Loc(p.over.0)) && m.is_capture());
    if let Some(r) = &t.royal {
        super::attack::keep_safe(t, s, &mut moves, s.turn(), r.kind, &r.attacks);
    }
    !moves.is_empty()
}

/// Whether an opponent of `p` could move onto cell `c` (for an empty cell: if `p`'s piece of
/// `kind` stood there): by the royal piece's attackers, or else by every generator that may
/// land on an enemy piece. Castling's `safe` asks it (handed to the generators as a
/// [`Threat`](super::generators::Threat)).
pub fn threatened(t: &Tables, s: &State, p: PlayerId, c: CellId, kind: super::KindId) -> bool {
    let all: Vec<usize>;
    let pats = match &t.royal {
        Some(r) => &r.attacks[..],
        None => {
            all = (0..t.generators.len())
                .filter(|&i| t.generators[i].land.has(crate::def::CellCond::Enemy))
                .collect();
            &all[..]
        }
    };
    (0..t.player_count())
        .map(|o| PlayerId(o as u8))
        .filter(|o| !t.same_team(*o, p))
        .any(|o| attacks_cell(t, s, o, pats, c, kind))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Action;

    /// `keep_safe`'s shortcuts (moves kept unplayed, lines walked as a move leaves them, the
    /// kept scratch copy) against the rule itself: every pseudo-legal move played on a copy,
    /// its mover's royal pieces looked for on the whole board and the check test asked. Over
    /// random games of every shipped game with a royal piece (drops, promotions in place,
    /// en passant and castling included), the moves kept must be the same.
    #[test]
    fn keep_safe_keeps_exactly_the_moves_that_leave_the_royal_piece_unattacked() {
        let mut games: Vec<(&str, crate::def::GameFiles)> =
            ["chess", "crazyhouse", "shogi", "xiangqi"]
                .into_iter()
                .map(|name| (name, crate::catalog::find(name, &[]).expect("built in")))
                .collect();
        games.push(("stacked", stacked_royal()));
        for (name, files) in games {
            let g = crate::Game::load(&files, None, &[]).expect("loads");
            let t = g.tables();
            let r = t.royal.as_ref().expect("a royal piece");
            let mut rng = crate::engine::rng::Rng::new(7);
            let mut positions = 0;
            for _ in 0..12 {
                let mut s = g.start().expect("start");
                for _ in 0..120 {
                    if s.is_over() {
                        break;
                    }
                    let p = s.turn();
                    let mut pseudo = Vec::new();
                    let cx = ctx(t, &s, p);
                    for tier in t.tiers(s.phase()) {
                        for &i in tier {
                            generators::generate(&cx, &t.generators[i], &mut pseudo);
                        }
                        if !pseudo.is_empty() {
                            break;
                        }
                    }
                    let mut kept = pseudo.clone();
                    keep_safe(t, &s, &mut kept, p, r.kind, &r.attacks);
                    let safe: Vec<Move> = pseudo
                        .into_iter()
                        .filter(|m| {
                            let mut after = s.clone();
                            super::super::apply_actions(t, &mut after, &m.actions);
                            let home = royal_cells(t, &after, p, r.kind);
                            !attacked_by_opponents(t, &after, p, &r.attacks, &home, &mut Vec::new())
                        })
                        .collect();
                    if kept != safe {
                        let only = |a: &[Move], b: &[Move]| -> Vec<Vec<Action>> {
                            a.iter()
                                .filter(|m| !b.contains(m))
                                .map(|m| m.actions.to_vec())
                                .collect()
                        };
                        panic!(
                            "{name}, ply {}: kept but unsafe {:?}; safe but dropped {:?}",
                            s.ply(),
                            only(&kept, &safe),
                            only(&safe, &kept)
                        );
                    }
                    positions += 1;
                    let legal = g.legal_moves(&s).expect("moves");
                    let Some(m) = legal.get(rng.below(legal.len().max(1) as u64) as usize) else {
                        break;
                    };
                    g.play(&mut s, m).expect("plays");
                }
            }
            assert!(positions > 500, "{name}: {positions} positions");
        }
    }

    /// Rooks and knights that may stack on any piece and move the top one, and royal kings:
    /// a rook leaving a stack on the king's line, or a knight leaving one where a knight
    /// would attack the king, shows the piece below. The start has a white rook on a black
    /// one next to White's king and a white knight on a black one a knight's leap from it,
    /// and random play builds more stacks.
    fn stacked_royal() -> crate::def::GameFiles {
        let toml = r#"
[game]
id = "stacked-royal"
name = "Stacked royal"
max_plies = 200
[players]
seats = [
  { name = "White", colours = ["white"], forward = "n" },
  { name = "Black", colours = ["black"], forward = "s" },
]
[board]
grid = { files = 5, ranks = 5 }
[pieces.K]
name = "king"
[pieces.R]
name = "rook"
[pieces.N]
name = "knight"
[setup]
rows = ["bK1bR2", "5", "(wRbR)3bN", "(bRwR)1(bNwN)wR1", "wK4"]
[generators.knight]
kind = "leap"
kinds = ["N"]
leaps = [
  ["n", "n", "e"], ["n", "n", "w"], ["s", "s", "e"], ["s", "s", "w"],
  ["e", "e", "n"], ["e", "e", "s"], ["w", "w", "n"], ["w", "w", "s"],
]
land = ["empty", "own", "enemy"]
[generators.rook]
kinds = ["R"]
directions = ["n", "e", "s", "w"]
over_max = "any"
land = ["empty", "own", "enemy"]
[generators.king]
kinds = ["K"]
directions = ["n", "ne", "e", "se", "s", "sw", "w", "nw"]
land = ["empty", "enemy"]
capture = "land"
[rules]
generators = ["rook", "knight", "king"]
royal = "K"
"#;
        crate::def::GameFiles {
            label: "stacked-royal".into(),
            files: [("game.toml".to_string(), toml.to_string())].into(),
        }
    }

    /// The chess tables, and black's lines onto White's king on e1.
    fn chess_lines() -> (crate::Game, Vec<u8>) {
        let files = crate::catalog::find("chess", &[]).expect("chess is built in");
        let g = crate::Game::load(&files, None, &[]).expect("chess loads");
        let t = g.tables();
        let royal = t.royal.as_ref().expect("chess has a royal piece");
        let seats = royal_lines(t, &royal.attacks).expect("chess's attackers are plain");
        let e1 = t.board.cell("e1").expect("e1");
        let mut line = vec![NO_LINE; t.board.len()];
        let start = g.start().expect("start");
        let mut near = vec![0; t.board.len()];
        seats[1].cells_behind(t, &start, PlayerId(1), e1, &mut line, &mut near);
        (g, line)
    }

    fn transfer(t: &Tables, kind: &str, owner: u8, from: Loc, to: &str) -> Action {
        Action::Transfer {
            piece: t.piece(t.kind_text(kind).expect("kind"), Some(PlayerId(owner))),
            from,
            to: Loc(t.board.cell(to).expect("cell").0),
        }
    }

    fn one(a: Action) -> Move {
        Move::one(crate::engine::Shape::Path, smallvec::SmallVec::new(), a)
    }

    /// A move onto a line only blocks it, unless the piece put there is an opponent's; a move
    /// off a line, or a piece there changed into an opponent's, is played and asked.
    #[test]
    fn only_cells_left_empty_or_given_to_an_opponent_can_open_a_line() {
        let (g, lines) = chess_lines();
        let t = g.tables();
        let white = PlayerId(0);
        let cell = |n: &str| Loc(t.board.cell(n).expect("cell").0);
        let judged = |m: &Move| match opened(t, m, &lines, white) {
            Opened::Nothing => "nothing".to_string(),
            Opened::Emptied { emptied, .. } => format!("emptied {}", t.board.name(emptied[0])),
            Opened::Other => "other".to_string(),
        };
        // e4 is on the e-file above the king; h5 is on no line from e1.
        let watched = |n: &str| lines[t.board.cell(n).expect("cell").index()] != NO_LINE;
        assert!(watched("e4"));
        assert!(!watched("h5"));
        let onto = one(transfer(t, "N", 0, cell("f6"), "e4"));
        assert_eq!(judged(&onto), "nothing", "a knight onto e4 blocks");
        let enemy = one(transfer(t, "R", 1, cell("a4"), "e4"));
        assert_eq!(judged(&enemy), "other", "a black rook put on e4");
        let off = one(transfer(t, "N", 0, cell("e4"), "f6"));
        assert_eq!(judged(&off), "emptied e4", "a knight leaving e4");
        let elsewhere = one(transfer(t, "N", 0, cell("g7"), "h5"));
        assert_eq!(judged(&elsewhere), "nothing", "a move off every line");
        let turned = one(Action::Replace {
            at: cell("e4"),
            old: t.piece(t.kind_text("N").expect("N"), Some(white)),
            new: t.piece(t.kind_text("R").expect("R"), Some(PlayerId(1))),
        });
        assert_eq!(judged(&turned), "other", "a knight on e4 turned black");
        // A capture on the line: the captured piece leaves e4 and the capturer lands there.
        let mut capture = one(Action::Transfer {
            piece: t.piece(t.kind_text("P").expect("P"), Some(PlayerId(1))),
            from: cell("e4"),
            to: Loc(t.zone_loc("captured", Some(white)).expect("zone").0),
        });
        capture.actions.push(transfer(t, "N", 0, cell("f6"), "e4"));
        assert_eq!(judged(&capture), "nothing", "a capture on e4 still blocks");
    }
}
