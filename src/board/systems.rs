//! `[board.systems]`: a star map. Its cells are each seat's home system and a pool of
//! systems `s1` to `sN`, with no links: which systems are linked is a rule over the pieces
//! standing in them (`engine::systems`), so it changes as they do. Lowered to the explicit
//! form (cells and rows) that every listed board goes through, like a numbered track: the
//! homes in a row of their own at the top and the bottom, the pool in rows of four between.

use crate::def::{BoardDef, CellDef, SystemsDef};
use crate::diag::Problem;

/// Systems per drawn row.
const PER_ROW: u32 = 4;
/// Cells of a star map at most: far more than any set of pieces can make systems of.
pub const MAX_SYSTEMS: u32 = 1000;
/// The region made of each seat's home system.
pub const HOME: &str = "home";

/// The name of the `i`-th pool system (from 0).
pub fn pool_name(i: u32) -> String {
    format!("s{}", i + 1)
}

/// The explicit board a star map stands for.
pub(crate) fn lower(bd: &BoardDef, sys: &SystemsDef) -> Result<BoardDef, Problem> {
    if bd.grid.is_some()
        || bd.numbered.is_some()
        || !bd.cells.is_empty()
        || !bd.links.is_empty()
        || !bd.rows.is_empty()
    {
        return Err(Problem::at(
            &["board", "systems"],
            "a star map makes its own cells: write no `grid`, `numbered`, `cells`, `links` or `rows` beside it",
        ));
    }
    if sys.count == 0 || sys.count > MAX_SYSTEMS {
        return Err(Problem::at(
            &["board", "systems", "count"],
            format!(
                "count = {}: a star map has 1 to {MAX_SYSTEMS} systems besides the homes",
                sys.count
            ),
        ));
    }
    let pool: Vec<String> = (0..sys.count).map(pool_name).collect();
    if let Some(h) = sys.homes.iter().find(|h| pool.contains(h)) {
        return Err(Problem::at(
            &["board", "systems", "homes"],
            format!(
                "`{h}` is the name of a pool system (`s1` to `s{}`): name the homes otherwise",
                sys.count
            ),
        ));
    }
    let rows_between = sys.count.div_ceil(PER_ROW);
    // Systems sit three rows' heights apart across (a system's pieces lie side by side).
    let mid = i64::from(PER_ROW - 1) * 15;
    let mut cells = Vec::new();
    let mut rows: Vec<Vec<String>> = Vec::new();
    // The first home at the top, the second at the bottom, any others beside the first.
    let top: Vec<&String> = sys
        .homes
        .iter()
        .enumerate()
        .filter(|(i, _)| *i != 1)
        .map(|(_, h)| h)
        .collect();
    let bottom: Vec<&String> = sys.homes.get(1).into_iter().collect();
    let home_row = |hs: &[&String], y: i64, cells: &mut Vec<CellDef>| {
        let w = hs.len() as i64;
        for (i, h) in hs.iter().enumerate() {
            cells.push(CellDef {
                name: (*h).clone(),
                x: mid + (i as i64 * 2 - (w - 1)) * 15,
                y,
            });
        }
    };
    let top_y = i64::from(rows_between + 1) * 10;
    home_row(&top, top_y, &mut cells);
    if !top.is_empty() {
        rows.push(top.iter().map(|h| (*h).clone()).collect());
    }
    for r in 0..rows_between {
        let mut row = Vec::new();
        for c in 0..PER_ROW {
            let k = r * PER_ROW + c;
            if k >= sys.count {
                break;
            }
            cells.push(CellDef {
                name: pool_name(k),
                x: i64::from(c) * 30,
                y: top_y - i64::from(r + 1) * 10,
            });
            row.push(pool_name(k));
        }
        rows.push(row);
    }
    home_row(&bottom, 0, &mut cells);
    if !bottom.is_empty() {
        rows.push(bottom.iter().map(|h| (*h).clone()).collect());
    }
    Ok(BoardDef {
        cells,
        rows,
        ..BoardDef::default()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_homes_are_at_the_top_and_bottom_and_the_pool_in_rows_of_four_between() {
        let sys = SystemsDef {
            homes: vec!["north".into(), "south".into()],
            count: 6,
            link: Default::default(),
            bank: "bank".into(),
        };
        let b = lower(&BoardDef::default(), &sys).expect("a valid map");
        assert_eq!(
            b.rows,
            vec![
                vec!["north".to_string()],
                vec!["s1".into(), "s2".into(), "s3".into(), "s4".into()],
                vec!["s5".into(), "s6".into()],
                vec!["south".to_string()],
            ]
        );
        let bad = SystemsDef {
            homes: vec!["s2".into()],
            ..sys
        };
        let e = lower(&BoardDef::default(), &bad).expect_err("a home named like the pool");
        assert!(
            e.message.contains("`s2` is the name of a pool system"),
            "{}",
            e.message
        );
    }
}
