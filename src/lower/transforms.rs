//! Blocks of cells turned or reflected (`kind = "transform"`): each block's cells paired with
//! their images, and each direction with its image, found from the board's coordinates (the
//! first file on the left, the first rank at the bottom).

use crate::board::{CellId, DirId};
use crate::def::{self, TransformWord};
use crate::diag::Problem;
use crate::engine::{Tables, Transform};

/// The image of a vector under the transform's linear part.
fn turn(w: TransformWord, (x, y): (i64, i64)) -> (i64, i64) {
    match w {
        TransformWord::Cw => (y, -x),
        TransformWord::Ccw => (-y, x),
        TransformWord::Half => (-x, -y),
        TransformWord::FlipFiles => (-x, y),
        TransformWord::FlipRanks => (x, -y),
        TransformWord::FlipDiagonal => (y, x),
        TransformWord::FlipAntidiagonal => (-y, -x),
        // A word added later without a case here maps nothing: the lowering refuses it.
        #[allow(unreachable_patterns)]
        _ => (i64::MIN, i64::MIN),
    }
}

/// Each direction's step as a vector, from the first cell that has a neighbour that way.
fn dir_vectors(t: &Tables) -> Vec<Option<(i64, i64)>> {
    t.board
        .dirs()
        .map(|d| {
            t.board.cells().find_map(|c| {
                let n = t.board.step(c, d)?;
                let (a, b) = (t.board.coord(c), t.board.coord(n));
                Some((b.0 - a.0, b.1 - a.1))
            })
        })
        .collect()
}

/// A permutation (each cell with its image) as cycles, each cell once.
fn cycles(pairs: &[(CellId, CellId)]) -> Vec<Vec<CellId>> {
    let mut done: Vec<CellId> = Vec::new();
    let mut out = Vec::new();
    for &(start, _) in pairs {
        if done.contains(&start) {
            continue;
        }
        let mut cycle = vec![start];
        done.push(start);
        let mut at = start;
        while let Some(&(_, next)) = pairs.iter().find(|(c, _)| *c == at) {
            if next == start || done.contains(&next) {
                break;
            }
            cycle.push(next);
            done.push(next);
            at = next;
        }
        out.push(cycle);
    }
    out
}

/// The transforms of one `transform` generator, a block by a transform each, in the order
/// written; every problem at its key.
pub(super) fn lower(
    t: &Tables,
    name: &str,
    m: &def::GeneratorDef,
    problems: &mut Vec<Problem>,
) -> Vec<Transform> {
    let key = |k: &[&str]| -> Vec<String> {
        ["generators", name]
            .iter()
            .chain(k)
            .map(|s| s.to_string())
            .collect()
    };
    let at = |k: &[&str], msg: String| {
        let path = key(k);
        let refs: Vec<&str> = path.iter().map(String::as_str).collect();
        Problem::at(&refs, msg)
    };
    if m.blocks.is_empty() {
        problems.push(at(
            &[],
            "a `transform` generator turns blocks of cells: name their regions, like `blocks = [\"nw\", \"ne\", \"sw\", \"se\"]`".into(),
        ));
    }
    if m.transforms.is_empty() {
        problems.push(at(
            &[],
            "a `transform` generator needs `transforms`, how a block turns: `cw`, `ccw`, `half`, `flip_files`, `flip_ranks`, `flip_diagonal` or `flip_antidiagonal`".into(),
        ));
    }
    let vectors = dir_vectors(t);
    let mut out = Vec::new();
    for (b, block) in m.blocks.iter().enumerate() {
        let index = b.to_string();
        let Some(r) = t.board.region_index(block) else {
            problems.push(
                at(&["blocks", &index], format!("`{block}` is not a region"))
                    .suggesting(block, t.board.regions().iter().map(|x| x.name.as_str())),
            );
            continue;
        };
        let region = t.board.region_at(r);
        if region.per_seat {
            problems.push(at(
                &["blocks", &index],
                format!("`{block}` is a region per seat; a block is one set of cells"),
            ));
            continue;
        }
        let cells: Vec<CellId> = region.for_seat(0).iter().collect();
        let coords: Vec<(i64, i64)> = cells.iter().map(|c| t.board.coord(*c)).collect();
        let (Some(x0), Some(x1), Some(y0), Some(y1)) = (
            coords.iter().map(|c| c.0).min(),
            coords.iter().map(|c| c.0).max(),
            coords.iter().map(|c| c.1).min(),
            coords.iter().map(|c| c.1).max(),
        ) else {
            problems.push(at(
                &["blocks", &index],
                format!("block `{block}` has no cells"),
            ));
            continue;
        };
        for (k, &w) in m.transforms.iter().enumerate() {
            // About the block's centre, in doubled coordinates so a centre between cells
            // stays whole.
            let image = |(x, y): (i64, i64)| -> Option<CellId> {
                let (u, v) = turn(w, (2 * x - x0 - x1, 2 * y - y0 - y1));
                let (x2, y2) = (u + x0 + x1, v + y0 + y1);
                if x2 % 2 != 0 || y2 % 2 != 0 {
                    return None;
                }
                coords
                    .iter()
                    .position(|c| *c == (x2 / 2, y2 / 2))
                    .map(|i| cells[i])
            };
            let mut pairs = Vec::with_capacity(cells.len());
            for (&c, &xy) in cells.iter().zip(&coords) {
                match image(xy) {
                    Some(d) => pairs.push((c, d)),
                    None => {
                        problems.push(at(
                            &["transforms", &k.to_string()],
                            format!(
                                "`{}` does not map block `{block}` onto itself: {} has no image in it (a quarter turn or a diagonal reflection needs a square block)",
                                w.name(),
                                t.board.name(c)
                            ),
                        ));
                        break;
                    }
                }
            }
            if pairs.len() != cells.len() {
                continue;
            }
            let dirs: Vec<Option<DirId>> = vectors
                .iter()
                .map(|v| {
                    let want = turn(w, (*v)?);
                    vectors
                        .iter()
                        .position(|x| *x == Some(want))
                        .map(|i| DirId(i as u8))
                })
                .collect();
            for kind in &t.kinds {
                if let Some(d) = kind.facings.iter().find(|d| dirs[d.index()].is_none()) {
                    problems.push(at(
                        &["transforms", &k.to_string()],
                        format!(
                            "`{}` turns a piece of kind `{}` lying along `{}` to a direction the board does not have",
                            w.name(),
                            kind.symbol,
                            t.board.dir_name(*d)
                        ),
                    ));
                }
            }
            let mut back = vec![None; dirs.len()];
            for (k, d) in dirs.iter().enumerate() {
                if let Some(d) = d
                    && let Some(b) = back.get_mut(d.index())
                {
                    *b = Some(DirId(k as u8));
                }
            }
            out.push(Transform {
                text: format!("{block}[{}]", w.name()),
                region: r,
                word: w,
                cycles: cycles(&pairs),
                cells: pairs,
                dirs,
                back,
                turns_pieces: t.kinds.iter().any(|k| !k.facings.is_empty()),
            });
        }
    }
    out
}
