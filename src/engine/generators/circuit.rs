//! Travel along circuits (`kind = "circuit"`): Surakarta's capture, round the corner arcs.

use super::*;

/// A circuit generator's settings.
#[derive(Clone, Debug)]
pub struct CircuitMoves {
    /// The circuits travelled (indices into `Tables::circuits`).
    pub circuits: Vec<usize>,
    /// Arcs a move must pass before it may stop.
    pub arcs: u32,
}

/// Every travel: from each of a movable top piece's places on each circuit, both ways, over
/// empty cells (its own start counting as empty) to the first occupied cell, which ends the
/// move if `land` takes it and enough arcs are behind; each target once per piece.
pub(super) fn generate(
    cx: &Ctx,
    pat: &Generator,
    moving: &Movement,
    cm: &CircuitMoves,
    out: &mut Vec<Move>,
) {
    let Ctx {
        t, s, player, only, ..
    } = *cx;
    let region = start_region(cx, pat);
    let cells = match only {
        Some(c) => BitCells::single(c),
        None => mover_cells(t, s, pat.mover, player),
    };
    let mut reached: SmallVec<[CellId; 8]> = SmallVec::new();
    for from in cells {
        let Some(piece) = mover_at(cx, pat, moving, region, from) else {
            continue;
        };
        let loc = Loc(from.0);
        reached.clear();
        for &ci in &cm.circuits {
            let Some(c) = t.circuits.get(ci) else {
                continue;
            };
            let n = c.points.len();
            for start in (0..n).filter(|&i| c.points[i] == from) {
                for forward in [true, false] {
                    if let Some(to) = travel(s, c, from, start, forward, cm.arcs)
                        && !reached.contains(&to)
                    {
                        reached.push(to);
                    }
                }
            }
        }
        for &to in &reached {
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
    }
}

/// The first occupied cell met travelling circuit `c` one way from its point `start`, if at
/// least `arcs` arcs lie behind by then; `None` when the way is round the whole loop and
/// back (every other point empty).
fn travel(
    s: &State,
    c: &crate::engine::Circuit,
    from: CellId,
    start: usize,
    forward: bool,
    arcs: u32,
) -> Option<CellId> {
    let n = c.points.len();
    let mut at = start;
    let mut passed = 0u32;
    for _ in 0..n {
        if forward {
            passed += u32::from(c.arc_after[at]);
            at = (at + 1) % n;
        } else {
            at = (at + n - 1) % n;
            passed += u32::from(c.arc_after[at]);
        }
        let cell = c.points[at];
        if cell == from || s.top_cell(cell).is_none() {
            continue;
        }
        return (passed >= arcs).then_some(cell);
    }
    None
}
