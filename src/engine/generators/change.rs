//! Pieces changed where they stand, anywhere in their stack: taken over (`kind = "seize"`,
//! Homeworlds' red action: an enemy ship becomes the mover's) or exchanged with a zone
//! (`kind = "exchange"`, the blue action: a ship traded for a bank piece). Written with the
//! cell and the piece after `=`, then a piece brought in after `+`: `s1=sbL`, `s1=gL+bL`.

use super::*;
use crate::engine::PieceSlot;

/// An in-place change's settings.
#[derive(Clone, Debug)]
pub struct Change {
    /// The cell must also hold such a piece, judged with the changed piece as the mover's
    /// (`beside`: the seizer's own ship as large).
    pub beside: Option<Conds>,
    /// For an exchange: the zone the new piece comes from and the old one goes to.
    pub zone: Option<String>,
}

/// Every seizure or exchange of `g` for the seat to move.
pub(super) fn generate(cx: &Ctx, g: &Generator, ch: &Change, out: &mut Vec<Move>) {
    let Ctx {
        t, s, player, only, ..
    } = *cx;
    let region = start_region(cx, g);
    // An exchange names its zone (checked at load); a seizure none.
    let zone = match &ch.zone {
        Some(z) => match t.zone_loc(z, Some(player)) {
            Some(loc) => Some(loc),
            None => return,
        },
        None => None,
    };
    for c in cells_from(t, only) {
        if region.is_some_and(|r| !r.contains(c)) {
            continue;
        }
        let at = Loc(c.0);
        let stack = s.stack(at);
        for (i, &p) in stack.iter().enumerate() {
            // Of equal pieces, the highest: each change once.
            if stack[i + 1..].contains(&p) {
                continue;
            }
            let info = t.info(p);
            if !g.moves_owner(info.owner, player) || g.kinds & (1 << info.kind.index()) == 0 {
                continue;
            }
            if let Some(b) = &ch.beside
                && !stack
                    .iter()
                    .enumerate()
                    .any(|(j, &q)| j != i && b.holds(t, Some(q), p, player))
            {
                continue;
            }
            let lift = (i + 1 < stack.len()).then_some(i as u8);
            match zone {
                None => {
                    if !g.land.holds(t, Some(p), p, player) {
                        continue;
                    }
                    let new = t.recast(p, info.kind, Some(player));
                    if new != p {
                        push(
                            out,
                            at,
                            lift,
                            p,
                            None,
                            &[Action::Replace { at, old: p, new }],
                        );
                    }
                }
                Some(z) => exchanges(t, s, g, player, (at, lift, p), z, out),
            }
        }
    }
}

/// The exchanges of `p` (on `at`, lifted from index `lift` when not on top) with each kind
/// of zone piece that `land` allows (judged with `p` as the mover's piece: `same-size
/// other-colour`); the new piece takes `p`'s owner, the old one goes to the zone (unowned
/// in a shared one).
fn exchanges(
    t: &Tables,
    s: &State,
    g: &Generator,
    player: PlayerId,
    (at, lift, p): (Loc, Option<u8>, Piece),
    zone: Loc,
    out: &mut Vec<Move>,
) {
    let info = t.info(p);
    // Off the board it stands, and in a shared zone it is nobody's.
    let shared = t.loc_zone(zone).is_some_and(|z| z.seat.is_none());
    let gone = t.recast(
        t.upright(p),
        info.kind,
        if shared { None } else { info.owner },
    );
    let pool = s.stack(zone);
    for (k, &q) in pool.iter().enumerate() {
        if (k > 0 && pool[k - 1] == q) || !g.land.holds(t, Some(q), p, player) {
            continue;
        }
        let new = t.recast(q, t.info(q).kind, info.owner);
        let mut acts = ActionList::new();
        acts.push(Action::Transfer {
            piece: p,
            from: at,
            to: zone,
        });
        if gone != p {
            acts.push(Action::Replace {
                at: zone,
                old: p,
                new: gone,
            });
        }
        acts.push(Action::Transfer {
            piece: q,
            from: zone,
            to: at,
        });
        if new != q {
            acts.push(Action::Replace { at, old: q, new });
        }
        push(out, at, lift, p, Some(q), &acts);
    }
}

/// A change of `p` on `at`: its actions, after rising from index `lift` and before sinking
/// back there, so the stack keeps its order.
fn push(
    out: &mut Vec<Move>,
    at: Loc,
    lift: Option<u8>,
    p: Piece,
    brought: Option<Piece>,
    acts: &[Action],
) {
    let m = crate::engine::moves::push_with(out, Move::pass);
    m.shape = Shape::Change;
    m.path.push(at);
    m.lifted = PieceSlot::of(p);
    m.brought = brought.map_or(PieceSlot::NONE, PieceSlot::of);
    if let Some(i) = lift {
        m.actions.push(Action::Rotate { at, i, up: true });
    }
    m.actions.extend(acts.iter().copied());
    if let Some(i) = lift {
        m.actions.push(Action::Rotate { at, i, up: false });
    }
}
