//! Flights (`kind = "fly"`): a top piece to any cell satisfying `land` (Nine Men's
//! Morris' flying); on a star map, to a linked system or a new one (Homeworlds' travel and
//! discovery).

use super::*;
use crate::engine::systems;

/// A flight's star-map settings.
#[derive(Clone, Copy, Debug, Default)]
pub struct Flight {
    /// Only to a system linked with the one left.
    pub linked: bool,
    /// Also to a new system, with a star from the bank.
    pub discover: bool,
}

/// Every flight: a movable top piece to any cell satisfying `land` (and the land rules).
pub(super) fn generate(
    cx: &Ctx,
    pat: &Generator,
    moving: &Movement,
    fl: &Flight,
    out: &mut Vec<Move>,
) {
    let Ctx {
        t, s, player, only, ..
    } = *cx;
    let map = t.systems.as_ref().filter(|_| fl.linked);
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
        let stars = map.map_or(0, |_| systems::star_sizes(t, s, from));
        for to in t.board.cells() {
            if to == from {
                continue;
            }
            if let Some(sys) = map
                && !systems::links(sys.link, stars, systems::star_sizes(t, s, to))
            {
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
            one_leg(t, s, pat, moving, player, piece, (from, to), top, None, out);
        }
        if let Some(sys) = map
            && fl.discover
        {
            discover(t, s, pat, moving, player, piece, (from, stars), sys, out);
        }
    }
}

/// The discoveries from `from` (whose stars have the sizes `stars`): to the first free cell,
/// one move per kind of bank piece whose size links it with `from`, the star transferred
/// there before the piece lands.
#[allow(clippy::too_many_arguments)]
fn discover(
    t: &Tables,
    s: &State,
    pat: &Generator,
    moving: &Movement,
    player: PlayerId,
    piece: Piece,
    (from, stars): (CellId, u64),
    sys: &systems::Systems,
    out: &mut Vec<Move>,
) {
    let Some(new) = sys.free_cell(t, s) else {
        return;
    };
    let bank = s.stack(sys.bank);
    for (i, &star) in bank.iter().enumerate() {
        // The bank is kept sorted: each kind of piece once.
        if (i > 0 && bank[i - 1] == star)
            || !systems::links(sys.link, stars, systems::size_bit(t.info(star).size))
        {
            continue;
        }
        let n = out.len();
        one_leg(
            t,
            s,
            pat,
            moving,
            player,
            piece,
            (from, new),
            None,
            None,
            out,
        );
        for m in &mut out[n..] {
            m.brought = crate::engine::PieceSlot::of(star);
            m.actions.insert(
                0,
                Action::Transfer {
                    piece: star,
                    from: sys.bank,
                    to: Loc(new.0),
                },
            );
        }
    }
}
