//! Leaps (`kind = "leap"`): to the end of fixed paths of directions, whatever lies between
//! (a knight).

use super::*;
use crate::board::CellLists;

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
    /// Per seat, where each path from each cell ends, for a leap with no `over` (where
    /// nothing between matters): filled at load (`lower::prepare`, [`leap_ends`]), empty
    /// until then.
    pub ends: Vec<CellLists<CellId>>,
}

/// Where `paths` end from each cell of the board, in path order, those that leave the board
/// or come back to their cell left out: a knight's moves are found by reading a row, not by
/// walking three steps per path (a step off the board is a branch no processor can guess).
pub fn leap_ends(board: &crate::board::Board, paths: &[Vec<DirId>]) -> CellLists<CellId> {
    CellLists::build(board.cells(), |from| {
        paths.iter().filter_map(move |path| {
            path.iter()
                .try_fold(from, |c, &d| board.step(c, d))
                .filter(|&to| to != from)
        })
    })
}

/// Every move of the leap generator `g`.
#[inline]
pub(super) fn generate(cx: &Ctx, g: &Generator, lp: &Leap, out: &mut Vec<Move>) {
    let paths = lp.leaps[cx.player.index()].as_slice();
    let region = start_region(cx, g);
    let (t, s, player, moving) = (cx.t, cx.s, cx.player, &lp.moving);
    // Filled at load only for a leap with no `over`; absent (a generator not lowered), the
    // paths are walked.
    let ends = lp.ends.get(player.index()).filter(|_| lp.over.is_none());
    let from_cell = |from: CellId, out: &mut Vec<Move>| {
        let Some(piece) = mover_at(cx, g, moving, region, from) else {
            return;
        };
        match ends {
            Some(e) => {
                // The landing condition once per piece, not once per path.
                let mask = &g.masks_for(t, piece, player)[0];
                for &at in e.get(from) {
                    land(t, s, g, moving, mask, player, piece, from, at, out);
                }
            }
            None => leap(t, s, g, moving, paths, lp.over, player, piece, from, out),
        }
    };
    match cx.only {
        Some(from) => from_cell(from, out),
        None => {
            let mut buf = SmallVec::new();
            for from in start_cells(t, s, g, player, &mut buf) {
                from_cell(from, out);
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
    let mask = &pat.masks_for(t, piece, player)[0];
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
        land(t, s, pat, moving, mask, player, piece, from, at, out);
    }
}

/// The leap of `piece` from `from` that ends on `at`, if it may land there (`mask`: the
/// generator's landing condition for this piece).
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn land(
    t: &Tables,
    s: &State,
    pat: &Generator,
    moving: &Movement,
    mask: &CondMask,
    player: PlayerId,
    piece: Piece,
    from: CellId,
    at: CellId,
    out: &mut Vec<Move>,
) {
    let top = s.top_cell(at);
    if !mask.holds(top) {
        return;
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
        _ => return,
    }
    one_leg(t, s, pat, moving, player, piece, (from, at), top, None, out);
}
