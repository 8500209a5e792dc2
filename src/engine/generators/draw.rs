//! Lines drawn (`kind = "draw"`): on a board of dots and lines, any line not yet drawn gets
//! a piece, nobody's; a box whose fourth line it is gets the mover's piece and a point
//! (`completes`), and the mover may play again (`again = "completes"`): dots and boxes.

use super::*;

/// Every line the mover may draw: the empty lines of the generator's region (every line
/// without one), in board order.
pub(super) fn generate(cx: &Ctx, g: &Generator, out: &mut Vec<Move>) {
    let (t, s, player) = (cx.t, cx.s, cx.player);
    let (Some(lat), Some(drawn)) = (t.board.lattice.as_ref(), g.draws) else {
        return;
    };
    let region = g
        .region
        .map(|r| t.board.region_at(r).for_seat(player.index()));
    for l in lat.first_line..lat.first_box {
        let line = CellId(l as u16);
        if s.top_cell(line).is_some() || region.is_some_and(|r| !r.contains(line)) {
            continue;
        }
        let mut actions: ActionList = SmallVec::new();
        actions.push(Action::Mark {
            at: Loc(line.0),
            piece: drawn,
            on: true,
        });
        let mut closed = 0i64;
        if let Some(kind) = g.completes {
            let initials = t.piece(kind, Some(player));
            for &bx in lat.boxes_of(line) {
                let others_drawn = lat.sides_of(bx).is_some_and(|sides| {
                    sides.iter().all(|&x| x == line || s.top_cell(x).is_some())
                });
                if others_drawn && s.top_cell(bx).is_none() {
                    actions.push(Action::Mark {
                        at: Loc(bx.0),
                        piece: initials,
                        on: true,
                    });
                    closed += 1;
                }
            }
            if closed > 0 {
                actions.push(Action::Score {
                    player,
                    delta: closed,
                });
            }
        }
        let mut m = Move::of(
            Shape::Place(drawn),
            SmallVec::from_slice(&[Loc(line.0)]),
            actions,
        );
        if closed > 0 && g.again == Some(crate::def::Again::Completes) {
            m.part = crate::engine::TurnPart::Again;
        }
        out.push(m);
    }
}
