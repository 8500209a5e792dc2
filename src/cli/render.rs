//! Plain text drawing of a position: the board with coordinates, then zones and scores.

use crate::engine::State;
use crate::game::Game;

/// Draws the board row by row with cell contents as piece text (`aS`, `(SML)`), then the
/// zones, scores and whose turn it is.
pub fn board_text(g: &Game, s: &State) -> String {
    let t = &g.tables;
    let mut out = String::new();
    let cell_text = |c: crate::board::CellId| -> String {
        let stack = s.stack(c.into());
        match stack.len() {
            0 => ".".into(),
            1 => t.piece_text(stack[0]),
            _ => stack
                .iter()
                .map(|p| t.piece_text(*p))
                .collect::<Vec<_>>()
                .join(""),
        }
    };
    let width = t
        .board
        .cells()
        .map(|c| cell_text(c).chars().count())
        .max()
        .unwrap_or(1)
        .max(2);
    if let Some((files, _)) = t.board.grid {
        for row in t.board.rows() {
            let rank = row
                .first()
                .map(|c| {
                    t.board
                        .name(*c)
                        .trim_start_matches(|ch: char| ch.is_ascii_alphabetic())
                        .to_string()
                })
                .unwrap_or_default();
            out.push_str(&format!("{rank:>3} "));
            let mut f = 0;
            for &c in row {
                let (x, _) = t.board.coord(c);
                while f < x {
                    out.push_str(&format!(" {:width$}", ""));
                    f += 1;
                }
                out.push_str(&format!(" {:width$}", cell_text(c)));
                f += 1;
            }
            out.push('\n');
        }
        out.push_str("    ");
        for f in 0..files {
            let name = t.board.names().iter().find(|n| {
                t.board
                    .cell(n)
                    .is_some_and(|c| t.board.coord(c).0 == f as i64)
            });
            let file: String = name
                .map(|n| n.chars().take_while(|c| c.is_ascii_alphabetic()).collect())
                .unwrap_or_default();
            out.push_str(&format!(" {file:width$}"));
        }
        out.push('\n');
    } else {
        out.push_str(&canvas(g, s, &cell_text));
    }
    for (i, z) in t.zones.iter().enumerate() {
        let stack = s.stack(crate::engine::Loc((t.board.len() + i) as u16));
        let name = match z.seat {
            Some(p) => format!("{} {}", t.seats[p.index()].name, z.name),
            None => z.name.clone(),
        };
        let content = if stack.is_empty() {
            "-".to_string()
        } else {
            crate::notation::format_pieces(t, stack).replace(',', " ")
        };
        out.push_str(&format!("{name}: {content}\n"));
    }
    let scores: Vec<String> = t
        .seats
        .iter()
        .enumerate()
        .map(|(i, seat)| format!("{} {}", seat.name, s.scores()[i]))
        .collect();
    out.push_str(&format!("score: {}", scores.join(", ")));
    if t.phases.len() > 1 {
        out.push_str(&format!("   phase: {}", t.phases[s.phase()]));
    }
    if s.round() > 1 {
        out.push_str(&format!("   round: {}", s.round()));
    }
    out.push('\n');
    match s.outcome() {
        Some(o) => out.push_str(&format!(
            "game over: {} ({})\n",
            crate::testing::scenario::result_text(g, s),
            o.reason
        )),
        None => out.push_str(&format!("to move: {}\n", t.seats[s.turn().index()].name)),
    }
    out
}

/// Draws a listed board where its cells' `x`/`y` put them: an empty cell shows its name (so a
/// player can type it), an occupied one its pieces. Cells that would overlap are nudged right.
fn canvas(g: &Game, s: &State, cell_text: &dyn Fn(crate::board::CellId) -> String) -> String {
    let b = &g.tables.board;
    let _ = s;
    let cells: Vec<crate::board::CellId> = b.cells().collect();
    if cells.is_empty() {
        return String::new();
    }
    let coords: Vec<(f64, f64)> = cells
        .iter()
        .map(|c| {
            let (x, y) = b.coord(*c);
            (x as f64, y as f64)
        })
        .collect();
    let mut step = f64::MAX;
    for c in &cells {
        for d in b.dirs() {
            if let Some(n) = b.step(*c, d) {
                let (p, q) = (coords[c.index()], coords[n.index()]);
                let dist = ((p.0 - q.0).powi(2) + (p.1 - q.1).powi(2)).sqrt();
                if dist > 0.0 {
                    step = step.min(dist);
                }
            }
        }
    }
    if step == f64::MAX {
        // No links or no coordinates: one row in listing order.
        let items: Vec<String> = cells
            .iter()
            .map(|&c| format!("{}:{}", b.name(c), cell_text(c)))
            .collect();
        return format!("{}\n", items.join("  "));
    }
    let label = |c: crate::board::CellId| {
        let t = cell_text(c);
        if t == "." { b.name(c).to_string() } else { t }
    };
    let width = cells
        .iter()
        .map(|c| label(*c).chars().count())
        .max()
        .unwrap_or(1);
    let min_x = coords.iter().map(|p| p.0).fold(f64::MAX, f64::min);
    let max_y = coords.iter().map(|p| p.1).fold(f64::MIN, f64::max);
    let mut placed: Vec<(usize, usize, String)> = cells
        .iter()
        .map(|c| {
            let (x, y) = coords[c.index()];
            let col = ((x - min_x) / step * (width as f64 + 1.0)).round() as usize;
            let line = ((max_y - y) / step).round() as usize;
            (line, col, label(*c))
        })
        .collect();
    placed.sort();
    let lines = placed.iter().map(|p| p.0).max().unwrap_or(0) + 1;
    let mut rows: Vec<String> = vec![String::new(); lines];
    for (line, col, text) in placed {
        let row = &mut rows[line];
        let len = row.chars().count();
        let at = if len > 0 { col.max(len + 1) } else { col };
        row.push_str(&" ".repeat(at - len));
        row.push_str(&format!("{text:^width$}"));
    }
    let mut out = String::new();
    for r in rows {
        out.push_str(r.trim_end());
        out.push('\n');
    }
    out
}
