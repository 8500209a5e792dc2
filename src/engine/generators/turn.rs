//! Pieces that point (`facings`): turning one in place (`kind = "turn"`), and the choice of
//! how a moved piece ends up standing (`turn_to`), which any moving generator may make.

use super::*;
use crate::engine::Facing;

/// The facings a piece of this kind may take on the board: upright first (if its kind may
/// stand), then its directions in the order its `facings` list them.
fn facings_of(t: &Tables, piece: Piece) -> impl Iterator<Item = Facing> + '_ {
    let k = &t.kinds[t.info(piece).kind.index()];
    k.upright
        .then_some(Facing::Up)
        .into_iter()
        .chain(k.facings.iter().map(|d| Facing::Along(*d)))
}

/// The facings `turn_to` offers a piece: every one of its kind's, or upright (when its kind
/// may stand).
fn offered(t: &Tables, turn_to: TurnTo, piece: Piece) -> SmallVec<[Facing; 12]> {
    match turn_to {
        TurnTo::Up => facings_of(t, piece)
            .take(1)
            .filter(|f| *f == Facing::Up)
            .collect(),
        _ => facings_of(t, piece).collect(),
    }
}

/// Every turn in place of `g` (`kind = "turn"`): the mover's top pieces of `g`'s kinds,
/// facing as `when_facing` allows, each to every other facing `turn_to` offers.
pub(super) fn generate(cx: &Ctx, g: &Generator, out: &mut Vec<Move>) {
    let Ctx { t, s, player, .. } = *cx;
    let region = start_region(cx, g);
    let mut one = |from: CellId| {
        let Some(piece) = s.top_cell(from) else {
            return;
        };
        let info = t.info(piece);
        if !g.moves_owner(info.owner, player)
            || g.kinds & (1 << info.kind.index()) == 0
            || !g.faces_ok(info.facing)
            || region.is_some_and(|r| !r.contains(from))
        {
            return;
        }
        let now = Facing::of(info.facing);
        for f in offered(t, g.turn_to, piece) {
            if f == now {
                continue;
            }
            let Some(new) = t.face(piece, f.dir()) else {
                continue;
            };
            let at = Loc(from.0);
            let m = crate::engine::moves::push_with(out, || {
                Move::one(
                    Shape::Turn,
                    short_path(&[at]),
                    Action::Replace {
                        at,
                        old: piece,
                        new,
                    },
                )
            });
            m.facing = Some(f);
        }
    };
    match cx.only {
        Some(c) => one(c),
        None => {
            for c in mover_cells(t, s, g.mover, player) {
                one(c);
            }
        }
    }
}

/// Makes each move from index `from` on into one move per facing `turn_to` offers its piece
/// where it lands (`a1-a5[ne]`), the piece replaced by the one lying (or standing) so; a
/// move whose piece is offered none (`"up"` for a kind that may not stand) is dropped. A
/// kind that does not point, or a move whose landing piece cannot be told (a stack carried
/// whole), is left as it is.
#[inline(never)]
pub fn orient(t: &Tables, turn_to: TurnTo, from: usize, out: &mut Vec<Move>) {
    let made: Vec<Move> = out.drain(from..).collect();
    for m in made {
        // The piece that ends the move on its landing: the last one put there.
        let landed = m.to().and_then(|to| {
            m.actions.iter().rev().find_map(|a| match *a {
                Action::Transfer { piece, to: at, .. } if at == to => Some((piece, to)),
                Action::Replace { at, new, .. } if at == to => Some((new, to)),
                _ => None,
            })
        });
        let Some((piece, to)) =
            landed.filter(|(p, _)| !t.kinds[t.info(*p).kind.index()].facings.is_empty())
        else {
            out.push(m);
            continue;
        };
        for f in offered(t, turn_to, piece) {
            let Some(new) = t.face(piece, f.dir()) else {
                continue;
            };
            let mut v = m.clone();
            if new != piece {
                v.actions.push(Action::Replace {
                    at: to,
                    old: piece,
                    new,
                });
            }
            v.facing = Some(f);
            out.push(v);
        }
    }
}
