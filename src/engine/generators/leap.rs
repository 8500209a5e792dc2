//! Leaps (`kind = "leap"`): to the end of fixed paths of directions, whatever lies between
//! (a knight).

use super::*;

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

/// Every move of the leap generator `g`.
#[inline]
pub(super) fn generate(cx: &Ctx, g: &Generator, lp: &Leap, out: &mut Vec<Move>) {
    let paths = lp.leaps[cx.player.index()].as_slice();
    let region = start_region(cx, g);
    let (t, s, player, moving) = (cx.t, cx.s, cx.player, &lp.moving);
    match cx.only {
        Some(from) => {
            if let Some(piece) = mover_at(cx, g, moving, region, from) {
                leap(t, s, g, moving, paths, lp.over, player, piece, from, out);
            }
        }
        None => {
            let mut buf = SmallVec::new();
            for from in start_cells(t, s, g, player, &mut buf) {
                if let Some(piece) = mover_at(cx, g, moving, region, from) {
                    leap(t, s, g, moving, paths, lp.over, player, piece, from, out);
                }
            }
        }
    }
}

/// Every leap of a leap generator from one cell: follow each direction path to its end and land
/// there if the landing condition holds (capturing on landing if the generator captures).
#[allow(clippy::too_many_arguments)]
fn leap(
    t: &Tables,
    s: &State,
    pat: &Generator,
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
        if !land.holds(top) {
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
        one_leg(t, s, pat, moving, player, piece, (from, at), top, None, out);
    }
}
