//! `[board.numbered]`: a track of cells named `1` to `count`, linked in order, laid out in
//! rows the numbering snakes through. Lowered to the explicit form (cells, links, rows) that
//! every listed board goes through, so the rest of the board code knows nothing of it.

use crate::def::{BoardDef, CellDef, Corner, LinkDef, NumberedDef};
use crate::diag::Problem;

/// The direction towards the next higher number, and back.
pub const NEXT: &str = "next";
/// The direction towards the next lower number.
pub const PREVIOUS: &str = "previous";

/// The explicit board a numbered track stands for.
pub(crate) fn lower(bd: &BoardDef, n: &NumberedDef) -> Result<BoardDef, Problem> {
    let at = |key: &str| Problem::at(&["board", "numbered", key], String::new());
    if bd.grid.is_some() || !bd.cells.is_empty() || !bd.links.is_empty() || !bd.rows.is_empty() {
        return Err(Problem::at(
            &["board", "numbered"],
            "a board is a `grid`, a `numbered` track or a list of `cells`: only one of them",
        ));
    }
    if n.count == 0 || n.count as usize > crate::board::MAX_CELLS {
        return Err(Problem {
            message: format!(
                "count = {}: a numbered track has 1 to {} cells",
                n.count,
                crate::board::MAX_CELLS
            ),
            ..at("count")
        });
    }
    if n.rows == 0 || !n.count.is_multiple_of(n.rows) {
        return Err(Problem {
            message: format!(
                "rows = {}: the {} cells must fill the rows equally",
                n.rows, n.count
            ),
            ..at("rows")
        });
    }
    let per_row = n.count / n.rows;
    let (from_bottom, from_right) = match n.start {
        Corner::BottomRight => (true, true),
        Corner::BottomLeft => (true, false),
        Corner::TopLeft => (false, false),
        Corner::TopRight => (false, true),
    };
    let column = |k: u32| -> u32 {
        let (r, j) = (k / per_row, k % per_row);
        // Even rows (counted from the start) run away from the start side, odd ones back.
        if from_right != (r % 2 == 1) {
            per_row - 1 - j
        } else {
            j
        }
    };
    let row_up = |k: u32| -> u32 {
        let r = k / per_row;
        if from_bottom { r } else { n.rows - 1 - r }
    };
    let x = |col: u32| -> i64 {
        let gaps = col.checked_div(n.gap_every).unwrap_or(0);
        i64::from(col + gaps) * 10
    };
    let cells: Vec<CellDef> = (0..n.count)
        .map(|k| CellDef {
            name: (k + 1).to_string(),
            x: x(column(k)),
            y: i64::from(row_up(k)) * 30,
        })
        .collect();
    let links = (1..n.count)
        .map(|k| LinkDef {
            from: k.to_string(),
            to: (k + 1).to_string(),
            dir: NEXT.to_string(),
            back: Some(PREVIOUS.to_string()),
        })
        .collect();
    // Rows for position text: top row first, each left to right.
    let mut rows: Vec<Vec<(u32, String)>> = vec![Vec::new(); n.rows as usize];
    for k in 0..n.count {
        let top_down = (n.rows - 1 - row_up(k)) as usize;
        rows[top_down].push((column(k), (k + 1).to_string()));
    }
    let rows = rows
        .into_iter()
        .map(|mut row| {
            row.sort();
            row.into_iter().map(|(_, name)| name).collect()
        })
        .collect();
    Ok(BoardDef {
        cells,
        links,
        rows,
        ..BoardDef::default()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn numbered(count: u32, rows: u32, start: Corner, gap: u32) -> BoardDef {
        let n = NumberedDef {
            count,
            rows,
            start,
            gap_every: gap,
        };
        lower(&BoardDef::default(), &n).expect("a valid track")
    }

    #[test]
    fn two_rows_from_the_bottom_right_go_round_like_a_backgammon_board() {
        let b = numbered(24, 2, Corner::BottomRight, 6);
        let top: Vec<&str> = b.rows[0].iter().map(String::as_str).collect();
        let bottom: Vec<&str> = b.rows[1].iter().map(String::as_str).collect();
        assert_eq!(
            top,
            [
                "13", "14", "15", "16", "17", "18", "19", "20", "21", "22", "23", "24"
            ]
        );
        assert_eq!(
            bottom,
            [
                "12", "11", "10", "9", "8", "7", "6", "5", "4", "3", "2", "1"
            ]
        );
        // Point 1 bottom right, point 12 bottom left, 13 top left; the bar after six points.
        let at = |name: &str| {
            let c = b.cells.iter().find(|c| c.name == name).expect("a cell");
            (c.x, c.y)
        };
        assert_eq!(at("1"), (120, 0));
        assert_eq!(at("7"), (50, 0));
        assert_eq!(at("6"), (70, 0));
        assert_eq!(at("12"), (0, 0));
        assert_eq!(at("13"), (0, 30));
        assert_eq!(at("24"), (120, 30));
        assert_eq!(b.links.len(), 23);
        assert_eq!(
            (b.links[0].from.as_str(), b.links[0].to.as_str()),
            ("1", "2")
        );
    }

    #[test]
    fn ten_rows_from_the_bottom_left_snake_upwards() {
        let b = numbered(100, 10, Corner::BottomLeft, 0);
        assert_eq!(b.rows[9][0], "1");
        assert_eq!(b.rows[9][9], "10");
        assert_eq!(b.rows[8][9], "11");
        assert_eq!(b.rows[0][0], "100");
    }

    #[test]
    fn counts_that_do_not_fill_the_rows_are_refused() {
        let n = NumberedDef {
            count: 25,
            rows: 2,
            start: Corner::BottomRight,
            gap_every: 0,
        };
        let e = lower(&BoardDef::default(), &n).expect_err("25 cells in 2 rows");
        assert!(e.message.contains("fill the rows equally"), "{}", e.message);
        let n = NumberedDef { count: 0, ..n };
        assert!(lower(&BoardDef::default(), &n).is_err());
    }
}
