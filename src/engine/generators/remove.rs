//! Removals (`kind = "remove"`): a piece taken off the board (a mill's removal).

use super::*;

/// A removal generator's settings.
#[derive(Clone, Debug)]
pub struct Remove {
    /// Pieces in such lines are spared unless every candidate is in one.
    pub spare: Option<crate::engine::Line>,
}

/// Every removal: a top piece satisfying `land` taken into the capture zone, sparing pieces
/// in lines unless every candidate is in one.
pub(super) fn generate(cx: &Ctx, pat: &Generator, r: &Remove, out: &mut Vec<Move>) {
    let Ctx {
        t, s, player, only, ..
    } = *cx;
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
                .is_some_and(|o| crate::engine::goals::line_through(t, s, line, o, c).is_some())
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
        let m = crate::engine::moves::push_with(out, Move::pass);
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
