//! Rays (`kind = "ray"`): a piece walks from its cell along each allowed direction, passing
//! over `over_min..=over_max` cells that satisfy `over`, and lands on the next cell if it
//! satisfies `land`. Steps, slides, jumps (captures over, captures on landing, multi-leg chains)
//! are all settings of the one walk.

use smallvec::SmallVec;

use super::*;

/// A ray generator's walk.
#[derive(Clone, Debug)]
pub struct Ray {
    /// The moving piece.
    pub moving: Movement,
    /// The piece moves along where it points (`directions = ["facing"]`), not along `dirs`:
    /// a standing piece does not move.
    pub along_facing: bool,
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
    /// A region every cell passed over lies in (the mover's part, if per seat): Jungle's
    /// leap over the water.
    pub over_region: Option<usize>,
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
    /// Per seat, per cell: bit `i` set when `dirs[seat][i]` has a landing at all: a cell past
    /// the fewest cells passed over (none off the board's edge, none for IceSickle's jump
    /// one cell from it) on a heading the generator's `legs` allow (none backward for a
    /// forward-only piece), so the walk skips the others without looking at a cell. Empty
    /// when every direction is open (more than 64 directions, or a board too large to
    /// work it out). Built at load (`lower::prepare::dirs`).
    pub open: Vec<Vec<u64>>,
    /// Which walk its moves take ([`Walk`]). Set at load (`lower::prepare`).
    pub walk: Walk,
}

/// The most cells a [`Walk::Line`] walk passes over (a piece that may pass over more walks in
/// full): its captures are kept in an array this long.
const LINE_OVER: usize = 8;

/// How a ray's piece walks: the full walk keeps a leg (path, captures, headings, land
/// rules) and may chain; most rays need none of it, and the two line walks go along each
/// direction keeping only counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Walk {
    /// [`Walker::walk`]: chains, land rules, headings, drops, `over_region`, `draws`.
    Full,
    /// One leg over empty cells, capturing on landing (en passant too) if at all: a chess
    /// piece's, or a draughts man's step ([`Walker::walk_line`] without pieces passed over).
    Straight,
    /// One leg that may pass over pieces (`over`, `over_occupied_min`/`max`) and capture
    /// what it passes (`capture = "over"`): IceSickle's jump ([`Walker::walk_line`]), for a
    /// piece that passes over at most [`LINE_OVER`] cells.
    Line,
}

/// Every move of the ray generator `g`.
#[inline]
pub(super) fn generate(cx: &Ctx, g: &Generator, ray: &Ray, out: &mut Vec<Move>) {
    let region = start_region(cx, g);
    match cx.only {
        Some(from) => {
            if let Some(piece) = mover_at(cx, g, &ray.moving, region, from) {
                walk_from(cx, g, ray, from, piece, out);
            }
        }
        None => {
            let mut buf = SmallVec::new();
            for from in start_cells(cx.t, cx.s, g, cx.player, &mut buf) {
                if let Some(piece) = mover_at(cx, g, &ray.moving, region, from) {
                    walk_from(cx, g, ray, from, piece, out);
                }
            }
        }
    }
}

/// The moves of `piece`, the top of `from`, along `ray`'s lines.
#[inline(always)]
fn walk_from(
    cx: &Ctx,
    pat: &Generator,
    ray: &Ray,
    from: CellId,
    piece: Piece,
    out: &mut Vec<Move>,
) {
    let Ctx { t, s, player, .. } = *cx;
    let loc = Loc(from.0);
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
    match ray.walk {
        // En passant in its own copy of the walk, so that the other positions pay nothing.
        Walk::Straight if w.passed_cell.is_some() => return w.walk_line::<false, true>(out),
        Walk::Straight => return w.walk_line::<false, false>(out),
        // A piece that may pass over more cells than the line walk keeps walks in full, as
        // does en passant over pieces while there is a cell to take on.
        Walk::Line if w.omax <= LINE_OVER as u32 && w.passed_cell.is_none() => {
            return w.walk_line::<true, false>(out);
        }
        Walk::Line | Walk::Full => {}
    }
    let mut leg = Leg {
        path: short_path(&[loc]),
        captured: SmallVec::new(),
        broken: 0,
        rules_any: rule_cells.get(from.index()).copied().unwrap_or(0),
    };
    // Two walks, so that a ray without `over_region` or `draws` (every shipped game) pays
    // nothing for them in its inner loop.
    if ray.over_region.is_some() || pat.draws.is_some() {
        w.walk::<true>(from, &mut leg, out);
    } else {
        w.walk::<false>(from, &mut leg, out);
    }
}

/// One piece's walk along a ray generator's lines, leg after leg.
struct Walker<'a> {
    t: &'a Tables,
    s: &'a State,
    pat: &'a Generator,
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
    passed_cell: Option<crate::engine::Passed>,
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

    /// [`Generator::judge`] for a landing of this walk: the common landing, with no land
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

    /// [`Walker::walk`] for a ray of one leg ([`Walk::Straight`], [`Walk::Line`]): along
    /// each direction, landing where `land` allows, each landing made by [`one_leg`] (or by
    /// [`finish`] when it captures what it passed over). What the full walk keeps per leg
    /// (the path, the cells captured and passed over, broken headings, land rules) has
    /// nothing to say here, and costs a third of chess's walk. `OVER`: the ray may pass over
    /// pieces, so they are counted and kept for a capture over the line; without it the
    /// cells passed over are empty (`Walk::Straight`) and neither is needed. `EN_PASSANT`: a
    /// straight ray's piece may take on the cell the last move passed over.
    fn walk_line<const OVER: bool, const EN_PASSANT: bool>(&self, out: &mut Vec<Move>) {
        let (t, ray, player, from) = (self.t, self.ray, self.player, self.origin);
        let (pat, moving, piece) = (self.pat, &ray.moving, self.piece);
        let open = ray
            .open
            .get(player.index())
            .and_then(|cells| cells.get(from.index()).copied());
        let (land, over) = (&self.masks[0], &self.masks[1]);
        let takes_over = OVER && pat.capture.mode == CaptureMode::Over;
        let (occupied_min, occupied_max) = (ray.over_occupied_min, ray.over_occupied_max);
        // What the landings that take what they passed over share, once for the piece.
        let capturing = if takes_over {
            Capturing::of(self.s, pat, moving, ray.passable, player)
        } else {
            None
        };
        for d in OpenDirs::new(&ray.dirs[player.index()], open) {
            let (mut cur, mut passed, mut occupied) = (from, 0u32, 0u32);
            // The cells passed over whose piece a landing would capture: at most `omax`.
            let (mut taken, mut n) = ([CellId(0); LINE_OVER], 0usize);
            while let Some(next) = t.board.step(cur, d) {
                let top = self.top_of(next);
                // En passant (a straight ray only): the cell just passed over is landed on
                // as if the piece that passed stood there, and that piece is the one taken.
                let passer = match self.passed_cell {
                    Some(p) if EN_PASSANT && p.over == next && top.is_none() => Some(p.piece_at),
                    _ => None,
                };
                let seen = passer.map_or(top, |at| self.s.top_cell(at));
                // A ray around a closed board may come back: it lands on its own cell only
                // with `revisit`.
                if passed >= self.omin
                    && (!OVER || occupied >= occupied_min)
                    && (ray.revisit || next != from)
                    && land.holds(seen)
                {
                    // A `passable` move passes over the cell before its landing.
                    let over = (ray.passable && passed > 0).then_some(cur);
                    // What the landing captures besides its own cell: the piece that
                    // passed (en passant), or the pieces passed over; none for a plain
                    // landing, which `one_leg` makes.
                    let passer_taken;
                    let captured: Option<&[CellId]> = match passer {
                        Some(at) => {
                            passer_taken = [at];
                            let takes = pat.capture.mode == CaptureMode::Land
                                && seen.is_some_and(|p| pat.captures(t, p, piece, player));
                            Some(if takes { &passer_taken } else { &[] })
                        }
                        None => (OVER && n > 0).then_some(&taken[..n]),
                    };
                    match (captured, capturing) {
                        (Some(captured), Some(c)) => {
                            let path = (Loc(from.0), Loc(next.0));
                            c.push(t, self.s, pat, player, piece, path, captured, out);
                        }
                        (Some(captured), None) => {
                            let path = [Loc(from.0), Loc(next.0)];
                            let leg = Landing {
                                path: &path,
                                captured,
                                passing: over,
                            };
                            finish(t, self.s, pat, moving, player, piece, leg, out);
                        }
                        (None, _) => {
                            let cells = (from, next);
                            one_leg(t, self.s, pat, moving, player, piece, cells, top, over, out);
                        }
                    }
                }
                if passed >= self.omax || !over.holds(top) {
                    break;
                }
                if OVER && let Some(p) = top {
                    occupied += 1;
                    if occupied > occupied_max {
                        break;
                    }
                    if takes_over
                        && pat.captures(t, p, piece, player)
                        && let Some(slot) = taken.get_mut(n)
                    {
                        *slot = next;
                        n += 1;
                    }
                }
                passed += 1;
                cur = next;
            }
        }
    }

    /// Explores every leg from `at`; `RARE`: the ray has an `over_region` or draws lines
    /// (`draws`), settings a single game each uses, checked only in this copy of the walk.
    fn walk<const RARE: bool>(&self, at: CellId, leg: &mut Leg, out: &mut Vec<Move>) {
        let (t, pat, ray, player, piece) = (self.t, self.pat, self.ray, self.player, self.piece);
        let over_region = if RARE {
            ray.over_region
                .map(|r| t.board.region_at(r).for_seat(player.index()))
        } else {
            None
        };
        let (omin, omax, passed_cell) = (self.omin, self.omax, self.passed_cell);
        let (keep_over, capturing) = (self.keep_over, self.capturing);
        // Some only when the seat has at most 64 directions.
        let open = ray.open.get(player.index()).map(|cells| cells[at.index()]);
        let facing;
        let dirs = if ray.along_facing {
            facing = t.info(piece).facing;
            facing.as_slice()
        } else {
            &ray.dirs[player.index()][..]
        };
        for d in OpenDirs::new(dirs, open.filter(|_| !ray.along_facing)) {
            let mut cur = at;
            let mut passed = 0u32;
            let mut occupied = 0u32;
            let mut over_cells: SmallVec<[CellId; 8]> = SmallVec::new();
            while let Some(next) = t.board.step(cur, d) {
                // A step that draws its line needs the line there and not yet drawn.
                let line = match pat.draws.filter(|_| RARE) {
                    Some(_) => match drawable(t, self.s, cur, d) {
                        Some(l) => Some(l),
                        None => break,
                    },
                    None => None,
                };
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
                    && self.masks[0].holds(seen)
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
                        && !self.masks[2].holds(top)
                        && (if pat.capture.mode == CaptureMode::None {
                            jumped
                        } else {
                            captured_any
                        });
                    let mut deeper = false;
                    if can_chain {
                        let n_before = out.len();
                        self.walk::<RARE>(next, leg, out);
                        deeper = out.len() > n_before;
                    }
                    if verdict.stop
                        && ray.moving.net_ok(player, self.origin, next, leg.broken)
                        && !(ray.chain == Chain::Required && deeper)
                    {
                        let made = out.len();
                        match &ray.drops {
                            Some(zone) => drop_at(t, self.s, zone, player, next, out),
                            None => {
                                let landing = Landing {
                                    path: &leg.path,
                                    captured: &leg.captured,
                                    passing: over_cells.last().copied().filter(|_| ray.passable),
                                };
                                finish(t, self.s, pat, &ray.moving, player, piece, landing, out);
                            }
                        }
                        if let (Some(l), Some(drawn)) = (line, pat.draws) {
                            draw_line(t, self.s, pat, l, drawn, next, &mut out[made..]);
                        }
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
                if !self.masks[1].holds(top)
                    || (capturing && leg.captured.contains(&next))
                    || over_region.is_some_and(|r| !r.contains(next))
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

/// The line from point `c` along `d` on a board of dots and lines, if there is one and it is
/// not drawn yet.
#[inline]
fn drawable(t: &Tables, s: &State, c: CellId, d: DirId) -> Option<CellId> {
    let l = t.board.lattice.as_ref()?.line(c, d, t.board.dir_count())?;
    s.top_cell(l).is_none().then_some(l)
}

/// Makes the moves just made along line `l` draw it (`draws`), and gives their mover the
/// next ply when the point they end on had a line drawn before (`again = "touched"`:
/// paper soccer's bounce).
#[inline(never)]
fn draw_line(
    t: &Tables,
    s: &State,
    pat: &Generator,
    l: CellId,
    drawn: Piece,
    end: CellId,
    moves: &mut [Move],
) {
    let again = pat.again == Some(crate::def::Again::Touched)
        && t.board.lattice.as_ref().is_some_and(|x| {
            x.lines_at(end)
                .iter()
                .any(|&other| s.top_cell(other).is_some())
        });
    for m in moves {
        m.actions.push(Action::Mark {
            at: Loc(l.0),
            piece: drawn,
            on: true,
        });
        if again {
            m.part = crate::engine::TurnPart::Again;
        }
    }
}
