//! Flights (`kind = "fly"`): a top piece to any cell satisfying `land` (Nine Men's
//! Morris' flying).

use super::*;

/// Every flight: a movable top piece to any cell satisfying `land` (and the land rules).
pub(super) fn generate(cx: &Ctx, pat: &Generator, moving: &Movement, out: &mut Vec<Move>) {
    let Ctx {
        t, s, player, only, ..
    } = *cx;
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
            if !pat.masks_for(t, piece, player)[0].holds(top) {
                continue;
            }
            match pat.judge(t, s, Some(moving), top, piece, player, &[loc], from, to) {
                Some(v) if v.stop && moving.net_ok(player, from, to, v.breaks as u32) => {}
                _ => continue,
            }
            one_leg(t, s, pat, moving, player, piece, (from, to), top, out);
        }
    }
}
