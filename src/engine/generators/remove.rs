//! Removals (`kind = "remove"`): a piece taken off the board (a mill's removal).

use super::*;

/// A removal generator's settings.
#[derive(Clone, Debug)]
pub struct Remove {
    /// Pieces in such lines are spared unless every candidate is in one.
    pub spare: Option<crate::engine::Line>,
    /// Every piece of a colour goes, from a cell holding at least this many of it.
    pub whole_colour: Option<u32>,
}

/// Every removal: a top piece satisfying `land` taken into the capture zone, sparing pieces
/// in lines unless every candidate is in one.
pub(super) fn generate(cx: &Ctx, pat: &Generator, r: &Remove, out: &mut Vec<Move>) {
    let Ctx {
        t, s, player, only, ..
    } = *cx;
    if let Some(n) = r.whole_colour {
        purges(cx, pat, n, out);
        return;
    }
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
        let fate = pat.capture.fate(t, player, top);
        // The capture zone exists for every seat (made at load when not declared).
        if fate.to.is_none() {
            continue;
        }
        let m = crate::engine::moves::push_with(out, Move::pass);
        m.shape = Shape::Remove;
        m.path.push(Loc(c.0));
        m.taken = 1;
        super::land::push_fate(fate, top, Loc(c.0), &mut m.actions);
    }
}

/// Every purge: for each cell (of the region) and each colour it holds at least `n` pieces
/// of, a move taking all of them (top first, each lifted from inside the stack) into the
/// capture zone of whoever the generator says (unowned in a shared one).
fn purges(cx: &Ctx, pat: &Generator, n: u32, out: &mut Vec<Move>) {
    let Ctx {
        t, s, player, only, ..
    } = *cx;
    let region = pat
        .region
        .map(|x| t.board.region_at(x).for_seat(player.index()));
    for c in cells_from(t, only) {
        if region.is_some_and(|x| !x.contains(c)) {
            continue;
        }
        let at = Loc(c.0);
        let stack = s.stack(at);
        // A game has at most 255 piece values, so its colours fit a byte.
        for colour in (0..t.colours.len()).map(|k| ColourId(k as u8)) {
            let count = stack
                .iter()
                .filter(|&&p| t.info(p).colour == Some(colour))
                .count();
            if count < n as usize {
                continue;
            }
            let m = crate::engine::moves::push_with(out, Move::pass);
            m.shape = Shape::Purge(colour);
            m.path.push(at);
            // Top first: a piece inside rises to the top before it goes.
            let mut height = stack.len();
            for (i, &p) in stack.iter().enumerate().rev() {
                if t.info(p).colour != Some(colour) {
                    continue;
                }
                let fate = pat.capture.fate(t, player, p);
                // The capture zone exists for every seat (made at load when not declared).
                if fate.to.is_none() {
                    continue;
                }
                height -= 1;
                if i < height {
                    m.actions.push(Action::Rotate {
                        at,
                        i: i as u8,
                        up: true,
                    });
                }
                super::land::push_fate(fate, p, at, &mut m.actions);
                m.taken += 1;
            }
        }
    }
}
