//! A block of cells turned or reflected as one (`kind = "transform"`: Pentago's twist).

use super::*;

/// Every transform of `g`: one move each, whatever its block holds. A transform is no
/// piece's move, so a question about one cell (`Ctx::only`: an attack) gets none.
pub(super) fn generate(cx: &Ctx, list: &[u16], out: &mut Vec<Move>) {
    if cx.only.is_some() {
        return;
    }
    for &i in list {
        let Some(first) =
            cx.t.transforms
                .get(usize::from(i))
                .and_then(|x| x.cells.first())
        else {
            continue;
        };
        let at = Loc(first.0.0);
        crate::engine::moves::push_with(out, || {
            Move::one(
                Shape::Transform(i),
                short_path(&[at]),
                Action::Transform { i, inverse: false },
            )
        });
    }
}
