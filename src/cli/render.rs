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
        for row in t.board.rows() {
            let items: Vec<String> = row
                .iter()
                .map(|&c| format!("{}:{}", t.board.name(c), cell_text(c)))
                .collect();
            out.push_str(&items.join("  "));
            out.push('\n');
        }
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
