//! What a landing does: a finished path turned into moves (captures, the transfer,
//! promotion choices, scores, the passed cell) and the conversions it makes.

use smallvec::SmallVec;

use super::*;

/// The move of one leg from `from` to `to` (whose top is `top`), capturing there when the
/// generator captures on landing: what a leap and a flight make of each landing they allow.
#[inline]
#[allow(clippy::too_many_arguments)]
pub(super) fn one_leg(
    t: &Tables,
    s: &State,
    pat: &Generator,
    moving: &Movement,
    player: PlayerId,
    piece: Piece,
    (from, to): (CellId, CellId),
    top: Option<Piece>,
    passing: Option<CellId>,
    out: &mut Vec<Move>,
) {
    let captures = pat.capture.mode == CaptureMode::Land
        && top.is_some_and(|p| pat.captures(t, p, piece, player));
    // The plain step, made at once (no leg to build): nothing taken, no passed cell, and
    // no promotion where it lands or leaves.
    if !captures
        && passing.is_none()
        && bare(pat, moving)
        && moving
            .promote
            .as_ref()
            .is_none_or(|pr| !pr.applies(t, player, Loc(from.0), Loc(to.0)))
    {
        let (from, to) = (Loc(from.0), Loc(to.0));
        let transfer = Action::Transfer { piece, from, to };
        crate::engine::moves::push_with(out, || {
            Move::one(Shape::Path, short_path(&[from, to]), transfer)
        });
        return;
    }
    let path = [Loc(from.0), Loc(to.0)];
    let captured: &[CellId] = if captures { &[to] } else { &[] };
    let leg = Landing {
        path: &path,
        captured,
        passing,
    };
    finish(t, s, pat, moving, player, piece, leg, out);
}

/// A finished leg as [`finish`] reads it: the path (from, then every landing), the cells
/// whose pieces it captures, and the cell a `passable` move passes over last.
#[derive(Clone, Copy)]
pub(super) struct Landing<'a> {
    pub(super) path: &'a [Loc],
    pub(super) captured: &'a [CellId],
    pub(super) passing: Option<CellId>,
}

/// Whether a landing of `pat` moving so does nothing but move its piece, whatever it takes
/// and wherever it lands: no stack carried, no var set, no conversion, no flow. (A
/// promotion depends on where it lands.)
#[inline(always)]
fn bare(pat: &Generator, moving: &Movement) -> bool {
    !moving.carry_stack && pat.mover_var.is_none() && pat.convert.is_none() && moving.flow.is_none()
}

/// What every capturing landing of one piece shares when its generator's landings do nothing
/// but take the captured pieces, move the piece and score: no stack carried, no flow, no
/// passed cell, no conversion, no promotion (IceSickle's jump, a draughts capture). Worked
/// out once per piece, so that each landing is written without asking again (the line walk's
/// landings spent a third of their time in [`finish`] asking).
#[derive(Clone, Copy)]
pub(super) struct Capturing {
    /// The mover's var the landing sets, as its action (none when it already holds the mover).
    var: Option<Action>,
}

impl Capturing {
    /// The shared part of `pat`'s landings by `player`, if they are this simple.
    #[inline]
    pub(super) fn of(
        s: &State,
        pat: &Generator,
        moving: &Movement,
        passable: bool,
        player: PlayerId,
    ) -> Option<Capturing> {
        if moving.carry_stack
            || moving.flow.is_some()
            || passable
            || pat.convert.is_some()
            || moving.promote.is_some()
        {
            return None;
        }
        Some(Capturing {
            var: pat.mover_var.and_then(|i| var_set(s, i, player)),
        })
    }

    /// The move of `piece` from `from` to `to` taking the tops (or stacks) of `captured`: as
    /// [`finish`] makes it, captures first, then the transfer, the score and the var.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    pub(super) fn push(
        self,
        t: &Tables,
        s: &State,
        pat: &Generator,
        player: PlayerId,
        piece: Piece,
        (from, to): (Loc, Loc),
        captured: &[CellId],
        out: &mut Vec<Move>,
    ) {
        let m = crate::engine::moves::push_with(out, || {
            Move::of(Shape::Path, short_path(&[from, to]), SmallVec::new())
        });
        let actions = &mut m.actions;
        let (taken, points) = take_captured(t, s, pat, player, captured, actions);
        actions.push(Action::Transfer { piece, from, to });
        if points != 0 {
            actions.push(Action::Score {
                player,
                delta: points,
            });
        }
        if let Some(var) = self.var {
            actions.push(var);
        }
        m.taken = taken;
    }
}

/// The action that sets var `i` to the mover, `player`: none when it holds the mover already.
fn var_set(s: &State, i: u8, player: PlayerId) -> Option<Action> {
    let old = s.var(i as usize);
    let new = player.index() as i64;
    (old != new).then_some(Action::Var { i, flip: old ^ new })
}

/// Turns a finished path into moves (one, or one per promotion choice): captures first (so a
/// landing capture clears the cell), then the moving piece's transfer, then scores.
#[allow(clippy::too_many_arguments)]
pub(super) fn finish(
    t: &Tables,
    s: &State,
    pat: &Generator,
    moving: &Movement,
    player: PlayerId,
    piece: Piece,
    leg: Landing,
    out: &mut Vec<Move>,
) {
    // The plain step (most moves of most games): one transfer, nothing else to work out.
    if leg.captured.is_empty()
        && leg.passing.is_none()
        && bare(pat, moving)
        && moving.promote.is_none()
    {
        let from = leg.path[0];
        let to = *leg.path.last().unwrap_or(&from);
        let transfer = Action::Transfer { piece, from, to };
        crate::engine::moves::push_with(out, || {
            Move::one(Shape::Path, short_path(leg.path), transfer)
        });
        return;
    }
    // Built in the list (see `push_with`); taken back out if it turns out not to be a move.
    let m = crate::engine::moves::push_with(out, || {
        Move::of(Shape::Path, short_path(leg.path), SmallVec::new())
    });
    let actions = &mut m.actions;
    let (mut taken, mut points) = take_captured(t, s, pat, player, leg.captured, actions);
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
    let mut flowed = false;
    if let Some(flow) = &moving.flow
        && let Some(n) = leg.path.len().checked_sub(2)
    {
        let (caught, pips, any) =
            flow_out(t, s, pat, flow, player, (leg.path[n], from, to), actions);
        taken += caught;
        points += pips;
        flowed = any && flow.ends_turn;
    }
    if flowed {
        m.part = crate::engine::TurnPart::Ends;
    }
    if points != 0 {
        actions.push(Action::Score {
            player,
            delta: points,
        });
    }
    if let (Some(over), Some(at)) = (leg.passing, t.loc_cell(to)) {
        actions.push(passing(s, over, at));
    }
    if let Some(var) = pat.mover_var.and_then(|i| var_set(s, i, player)) {
        actions.push(var);
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
    let Some(pr) = moving
        .promote
        .as_ref()
        .filter(|pr| pr.applies(t, player, from, to))
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
        let new = t.recast(piece, k, owner);
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
    let forced = promoted && pr.forced.is_some_and(|r| within(t, r, player, to));
    if (pr.optional && !forced) || !promoted {
        out.push(plain);
    }
}

/// The actions that take the captured cells' pieces (each stood up if it lay pointing, sent
/// to its capture zone, changing hands as `capture_owner` says: its [`Fate`]), and how many
/// pieces and points they take.
#[inline(always)]
fn take_captured(
    t: &Tables,
    s: &State,
    pat: &Generator,
    player: PlayerId,
    captured: &[CellId],
    actions: &mut ActionList,
) -> (u16, i64) {
    let mut points = 0i64;
    let mut taken = 0u16;
    for &c in captured {
        let loc = Loc(c.0);
        let stack = s.stack(loc);
        // The pieces taken, top first: the stack's, or its top's alone.
        let taken_pieces = match pat.capture.takes {
            CaptureTakes::Stack => stack,
            CaptureTakes::Top => stack.last().map_or(&[][..], std::slice::from_ref),
        };
        for &p in taken_pieces.iter().rev() {
            let fate = pat.capture.fate(t, player, p);
            push_fate(fate, p, loc, actions);
            taken += 1;
            points += fate.points;
        }
    }
    (taken, points)
}

/// The actions that capture `p` from `at` as its `fate` says: stood up first if it lay
/// pointing, sent to its capture zone (or left where it is, without one), and changing hands
/// there. What every capture writes for each piece it takes: a landing's, a removal's, a
/// purge's.
#[inline(always)]
pub(super) fn push_fate(fate: Fate, p: Piece, at: Loc, actions: &mut ActionList) {
    let p = match fate.upright {
        Some(up) => {
            actions.push(Action::Replace {
                at,
                old: p,
                new: up,
            });
            up
        }
        None => p,
    };
    let to = fate.to.unwrap_or(at);
    actions.push(Action::Transfer {
        piece: p,
        from: at,
        to,
    });
    if let Some(new) = fate.becomes {
        actions.push(Action::Replace {
            at: to,
            old: p,
            new,
        });
    }
}

/// Off the board every piece stands: the top piece `p` of `at`, if it lies pointing, is stood
/// up (the action pushed) before it leaves; the piece that leaves.
pub(super) fn stood_up(t: &Tables, p: Piece, at: Loc, actions: &mut ActionList) -> Piece {
    if t.info(p).facing.is_none() {
        return p;
    }
    let up = t.upright(p);
    actions.push(Action::Replace {
        at,
        old: p,
        new: up,
    });
    up
}

/// The direction that leads from `a` to `b` in a straight line, if one does.
fn line_between(t: &Tables, a: CellId, b: CellId) -> Option<DirId> {
    t.board.dirs().find(|&d| {
        let mut cur = a;
        for _ in 0..t.board.len() {
            match t.board.step(cur, d) {
                Some(n) if n == b => return true,
                Some(n) => cur = n,
                None => return false,
            }
        }
        false
    })
}

/// The pieces left on `origin` by a move whose last leg ran from `leg_from` to `landing`
/// flow out along that leg's direction, top first, the k-th landing k cells past the
/// landing, while each may (`flow.land`, the board's edge); one that lands on a top
/// satisfying `flow.capture_if` is captured into the generator's capture zone. Returns how
/// many were captured, their points, and whether anything flowed.
fn flow_out(
    t: &Tables,
    s: &State,
    pat: &Generator,
    flow: &Flow,
    player: PlayerId,
    (leg_from, origin, landing): (Loc, Loc, Loc),
    actions: &mut ActionList,
) -> (u16, i64, bool) {
    let (Some(a), Some(b)) = (t.loc_cell(leg_from), t.loc_cell(landing)) else {
        return (0, 0, false);
    };
    let Some(d) = line_between(t, a, b) else {
        return (0, 0, false);
    };
    let stack = s.stack(origin);
    // The moving piece has left: what flows is what was under it, top first.
    let left = stack.len().saturating_sub(1);
    let (mut caught, mut points, mut any) = (0u16, 0i64, false);
    let mut at = b;
    for &p in stack[..left].iter().rev() {
        let Some(next) = t.board.step(at, d) else {
            break;
        };
        let top = s.top_cell(next);
        // Nothing lands on a piece that is not `stackable` (Volcano's caps).
        if !flow.land.holds(t, top, p, player)
            || top.is_some_and(|q| !t.kinds[t.info(q).kind.index()].stackable)
        {
            break;
        }
        let captured = top.is_some() && flow.capture_if.is_some_and(|c| c.holds(t, top, p, player));
        let zone = pat.capture.zone(Some(player)).filter(|_| captured);
        match zone {
            Some(z) => {
                let p = stood_up(t, p, origin, actions);
                actions.push(Action::Transfer {
                    piece: p,
                    from: origin,
                    to: z,
                });
                caught += 1;
                points += pat.capture.points(t, p);
            }
            None => actions.push(Action::Transfer {
                piece: p,
                from: origin,
                to: Loc(next.0),
            }),
        }
        any = true;
        at = next;
    }
    (caught, points, any)
}

/// Appends the conversions a landing of `piece` on `at` makes, as replacements of top
/// pieces by the same kinds of the mover's; `view` gives a cell's top as the move sees it.
pub(super) fn conversions(
    t: &Tables,
    conv: &Convert,
    player: PlayerId,
    piece: Piece,
    at: CellId,
    view: &dyn Fn(CellId) -> Option<Piece>,
    out: &mut ActionList,
) {
    let turns = |p: Piece| {
        conv.pieces.holds(t, Some(p), piece, player)
            && conv.kinds & (1 << t.info(p).kind.index()) != 0
    };
    let mut convert = |c: CellId, p: Piece| {
        let new = t.recast(p, t.info(p).kind, Some(player));
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

/// The cell a `passable` move passes over (the last cell before its landing), as the
/// action that records it.
fn passing(s: &State, over: CellId, piece_at: CellId) -> Action {
    Action::Passed {
        old: s.passed,
        new: Some(Passed { over, piece_at }),
    }
}
