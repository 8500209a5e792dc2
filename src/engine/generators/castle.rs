//! Castling (`kind = "castle"`): an unmoved piece moves toward an unmoved partner, which lands
//! on the cell it crossed last. The unmoved marks themselves are kept by `engine::marks`.

use smallvec::SmallVec;

use super::*;
use crate::board::{BitCells, CellId, DirId};

/// A castling generator's settings.
#[derive(Clone, Debug)]
pub struct Castle {
    /// Directions looked along for the partner, per seat.
    pub dirs: Vec<Vec<DirId>>,
    /// The partner's kinds (mask).
    pub partner: u64,
    /// Cells the piece moves toward its partner.
    pub steps: u32,
    /// Not out of, through or into a cell an opponent could move onto.
    pub safe: bool,
}

/// Appends the castling moves of `pat` for `player`.
pub(super) fn generate(cx: &Ctx, pat: &Generator, c: &Castle, out: &mut Vec<Move>) {
    let Ctx {
        t, s, player, only, ..
    } = *cx;
    // Only an unmoved piece of the seat's castles: its cells, a word at a time (the whole
    // board was 2% of chess perft).
    let mine: SmallVec<[u64; 2]> = s
        .unmoved
        .iter()
        .zip(s.owned_cells(t, Some(player)))
        .map(|(u, o)| u & o)
        .collect();
    let starts = match only {
        Some(c) => BitCells::single(c),
        None => BitCells::new(&mine),
    };
    for from in starts {
        if !s.is_unmoved(from) {
            continue;
        }
        let Some(piece) = s.top_cell(from) else {
            continue;
        };
        let info = t.info(piece);
        if info.owner != Some(player) || pat.kinds & (1 << info.kind.index()) == 0 {
            continue;
        }
        // Whether the castling piece stands attacked, asked once for all its directions
        // (kiwipete's castlings spent a sixth of their time asking it twice).
        let mut home_threatened: Option<bool> = None;
        let threat = |x: CellId| cx.threat.is_some_and(|f| f(t, s, player, x, info.kind));
        for &d in &c.dirs[player.index()] {
            // The cells toward the partner, every one of them empty.
            let mut between: SmallVec<[CellId; 8]> = SmallVec::new();
            let mut at = from;
            let partner = loop {
                let Some(next) = t.board.step(at, d) else {
                    break None;
                };
                if s.top_cell(next).is_some() {
                    break Some(next);
                }
                between.push(next);
                at = next;
            };
            let Some(partner) = partner else { continue };
            let Some(mate) = s.top_cell(partner) else {
                continue;
            };
            let mi = t.info(mate);
            let steps = c.steps as usize;
            if mi.owner != Some(player)
                || c.partner & (1 << mi.kind.index()) == 0
                || !s.is_unmoved(partner)
                || between.len() < steps
                || steps == 0
            {
                continue;
            }
            let to = between[steps - 1];
            let mate_to = if steps >= 2 { between[steps - 2] } else { from };
            if c.safe
                && (*home_threatened.get_or_insert_with(|| threat(from))
                    || between[..steps].iter().any(|&x| threat(x)))
            {
                continue;
            }
            let mut m = Move::pass();
            m.shape = Shape::Path;
            m.path.push(Loc(from.0));
            m.path.push(Loc(to.0));
            m.actions.push(Action::Transfer {
                piece,
                from: Loc(from.0),
                to: Loc(to.0),
            });
            m.actions.push(Action::Transfer {
                piece: mate,
                from: Loc(partner.0),
                to: Loc(mate_to.0),
            });
            out.push(m);
        }
    }
}
