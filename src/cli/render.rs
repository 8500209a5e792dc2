//! Plain text drawing of a position: the board with coordinates, then zones and scores.

use crate::board::CellId;
use crate::engine::{State, Tables};
use crate::game::Game;

/// How to dress the text board.
#[derive(Clone, Debug, Default)]
pub struct Style {
    /// ANSI colours for pieces (each seat's colour) and the last move.
    pub color: bool,
    /// Cells of the last move, shown highlighted (or in brackets without colour).
    pub last: Vec<CellId>,
}

/// The ANSI code for a colour word.
fn ansi(colour: &str) -> &'static str {
    match colour {
        "red" => "31",
        "green" => "32",
        "yellow" => "33",
        "blue" => "34",
        "purple" | "magenta" => "35",
        "cyan" => "36",
        "white" => "97",
        "black" => "90",
        "orange" => "38;5;208",
        _ => "39",
    }
}

/// The colour of the top piece of a cell's owner, if any.
fn top_colour(t: &Tables, s: &State, c: CellId) -> Option<&'static str> {
    let top = *s.stack(c.into()).last()?;
    let info = t.info(top);
    let kind = &t.kinds[info.kind.index()];
    let name = match info.owner {
        Some(o) => t.seats[o.index()].colours.get(kind.colour)?.as_str(),
        None => kind.neutral_colour.as_deref()?,
    };
    Some(ansi(name))
}

/// Draws the board row by row with cell contents as piece text (`aS`, `(SML)`), then the
/// zones, scores and whose turn it is.
pub fn board_text(g: &Game, s: &State) -> String {
    board_text_styled(g, s, &Style::default())
}

/// [`board_text`] with colours and the last move marked.
pub fn board_text_styled(g: &Game, s: &State, style: &Style) -> String {
    let t = &g.tables();
    // Pads plain text to the column width first, then dresses it, so escapes never
    // disturb the alignment.
    let dress = |c: CellId, padded: String| -> String {
        let last = style.last.contains(&c);
        if style.color {
            let fg = top_colour(t, s, c).unwrap_or("39");
            let bg = if last { ";48;5;238" } else { "" };
            format!("\x1b[{fg}{bg}m{padded}\x1b[0m")
        } else if last {
            let trimmed = padded.trim_end();
            let pad = padded.len() - trimmed.len();
            if pad > 0 {
                format!("*{trimmed}{}", " ".repeat(pad - 1))
            } else {
                padded
            }
        } else {
            padded
        }
    };
    let mut out = String::new();
    let cell_text = |c: crate::board::CellId| -> String {
        let stack = s.stack(c.into());
        match stack.len() {
            0 => ".".into(),
            1 => piece_shown(t, stack[0]),
            _ => stack
                .iter()
                .map(|p| piece_shown(t, *p))
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
    if let (Some(lat), Some((files, ranks))) = (&t.board.lattice, t.board.grid) {
        out.push_str(&lattice_text(t, s, lat, files, ranks, &cell_text));
    } else if let Some((files, ranks)) = t.board.grid {
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
            if t.board.is_hex_grid() {
                // Each rank half a cell right of the one above: hexagons' neighbours touch.
                let below = row.first().map_or(0, |c| t.board.coord(*c).1);
                let shift = (ranks as i64 - 1 - below).max(0) as usize * (width + 1) / 2;
                out.push_str(&" ".repeat(shift));
            }
            let mut f = 0;
            for &c in row {
                let (x, _) = t.board.coord(c);
                while f < x {
                    out.push_str(&format!(" {:width$}", ""));
                    f += 1;
                }
                out.push(' ');
                out.push_str(&dress(c, format!("{:width$}", cell_text(c))));
                f += 1;
            }
            out.push('\n');
        }
        out.push_str("    ");
        if t.board.is_hex_grid() {
            out.push_str(&" ".repeat((ranks as usize).saturating_sub(1) * (width + 1) / 2));
        }
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
    } else if let Some(text) = columns(g, s, style) {
        out.push_str(&text);
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
    if !s.dice().is_empty() {
        let dice: Vec<String> = s.dice().values().map(|d| d.to_string()).collect();
        out.push_str(&format!("dice: {}\n", dice.join(" ")));
    }
    // The rules' own state, where it differs from the start (a doubling cube, castling
    // rights): what a player at the table would see.
    let vars: Vec<String> = t
        .vars
        .iter()
        .enumerate()
        .filter(|(i, _)| s.var(*i) != t.var_defaults[*i] && t.repetition_vars[*i])
        .map(|(i, name)| format!("{name}={}", crate::notation::var_text(t, s, i)))
        .collect();
    if !vars.is_empty() {
        out.push_str(&format!("state: {}\n", vars.join(" ")));
    }
    let mut facts: Vec<String> = g.score_line(s).into_iter().collect();
    if t.phases.len() > 1 {
        facts.push(format!("phase: {}", t.phases[s.phase()]));
    }
    if s.round() > 1 {
        facts.push(format!("round: {}", s.round()));
    }
    if !facts.is_empty() {
        out.push_str(&facts.join("   "));
        out.push('\n');
    }
    match s.outcome() {
        Some(o) => out.push_str(&format!("game over: {}\n", g.outcome_text(o, s.scores()))),
        None => out.push_str(&format!("to move: {}\n", t.seats[s.turn().index()].name)),
    }
    out
}

/// Most pieces drawn in one column before the rest is counted (`+7`).
const COLUMN_HEIGHT: usize = 6;

/// Draws a board of two rows of cells that hold many pieces each (a backgammon board) as
/// columns: the top row's stacks hang down from their names, the bottom row's rise up to
/// theirs, bottom piece at the edge, and a gap in the x coordinates (the bar) as `|`. Pieces
/// side by side in one layer are marked `+`. `None` for any other board.
fn columns(g: &Game, s: &State, style: &Style) -> Option<String> {
    let t = &g.tables();
    let b = &t.board;
    let rows = b.rows();
    if rows.len() != 2 || t.tracks.is_empty() {
        return None;
    }
    let width = b
        .cells()
        .map(|c| {
            b.name(c).len().max(
                s.stack(c.into())
                    .iter()
                    .map(|p| t.piece_text(*p).len() + 1)
                    .max()
                    .unwrap_or(0),
            )
        })
        .max()
        .unwrap_or(2)
        .max(3);
    // Columns in x order; a jump of more than one step in x is the bar.
    let layout = |row: &[CellId]| -> Vec<Option<CellId>> {
        let mut cells: Vec<CellId> = row.to_vec();
        cells.sort_by_key(|c| b.coord(*c).0);
        let step = cells
            .windows(2)
            .map(|w| b.coord(w[1]).0 - b.coord(w[0]).0)
            .filter(|d| *d > 0)
            .min()
            .unwrap_or(1);
        let mut out = Vec::new();
        for (i, c) in cells.iter().enumerate() {
            if i > 0 && b.coord(*c).0 - b.coord(cells[i - 1]).0 > step {
                out.push(None);
            }
            out.push(Some(*c));
        }
        out
    };
    // Each line of a column: its text and the piece it shows (for its colour).
    let piece_lines = |c: CellId| -> Vec<(String, Option<crate::engine::Piece>)> {
        let stack = s.stack(c.into());
        let bits = s.layer_bits(c.into());
        let mut lines: Vec<(String, Option<crate::engine::Piece>)> = stack
            .iter()
            .enumerate()
            .map(|(k, p)| {
                let beside = crate::engine::beside(bits, k);
                let text = format!("{}{}", if beside { "+" } else { "" }, t.piece_text(*p));
                (text, Some(*p))
            })
            .collect();
        if lines.len() > COLUMN_HEIGHT {
            let more = lines.len() - (COLUMN_HEIGHT - 1);
            lines.truncate(COLUMN_HEIGHT - 1);
            lines.push((format!("+{more}"), None));
        }
        lines
    };
    let paint = |text: String, piece: Option<crate::engine::Piece>, last: bool| -> String {
        if !style.color {
            return text;
        }
        let fg = piece
            .and_then(|p| {
                let info = t.info(p);
                let kind = &t.kinds[info.kind.index()];
                match info.owner {
                    Some(o) => t.seats[o.index()].colours.get(kind.colour).map(|c| ansi(c)),
                    None => kind.neutral_colour.as_deref().map(ansi),
                }
            })
            .unwrap_or("39");
        let bg = if last { ";48;5;238" } else { "" };
        format!("\x1b[{fg}{bg}m{text}\x1b[0m")
    };
    type Line<'a> = &'a dyn Fn(CellId) -> (String, Option<crate::engine::Piece>);
    let draw_row = |cols: &[Option<CellId>], line: Line| -> String {
        let mut o = String::new();
        for col in cols {
            match col {
                None => o.push_str(" |"),
                Some(c) => {
                    let (text, piece) = line(*c);
                    let last = style.last.contains(c);
                    let padded = if last && !style.color && piece.is_none() && !text.is_empty() {
                        format!("{:^width$}", format!("*{text}"))
                    } else {
                        format!("{text:^width$}")
                    };
                    o.push(' ');
                    o.push_str(&paint(padded, piece, last && piece.is_none()));
                }
            }
        }
        o.trim_end().to_string() + "\n"
    };
    let top = layout(&rows[0]);
    let bottom = layout(&rows[1]);
    let name = |c: CellId| (b.name(c).to_string(), None);
    let mut out = draw_row(&top, &name);
    let height = |cols: &[Option<CellId>]| {
        cols.iter()
            .flatten()
            .map(|c| piece_lines(*c).len())
            .max()
            .unwrap_or(0)
            .max(1)
    };
    for k in 0..height(&top) {
        out.push_str(&draw_row(&top, &|c| {
            piece_lines(c)
                .get(k)
                .cloned()
                .unwrap_or((String::new(), None))
        }));
    }
    let rule: String = top
        .iter()
        .map(|c| match c {
            None => "-+".to_string(),
            Some(_) => "-".repeat(width + 1),
        })
        .collect();
    out.push_str(&rule);
    out.push('\n');
    let hb = height(&bottom);
    for k in (0..hb).rev() {
        out.push_str(&draw_row(&bottom, &|c| {
            piece_lines(c)
                .get(k)
                .cloned()
                .unwrap_or((String::new(), None))
        }));
    }
    out.push_str(&draw_row(&bottom, &name));
    Some(out)
}

/// Draws a listed board where its cells' `x`/`y` put them: an empty cell shows its name (so a
/// player can type it), an occupied one its pieces. Cells that would overlap are nudged right.
fn canvas(g: &Game, s: &State, cell_text: &dyn Fn(crate::board::CellId) -> String) -> String {
    let b = &g.tables().board;
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

/// A piece as the board shows it: its text, with an arrow for a piece lying along a compass
/// direction (`aL↗` for `aL[ne]`); other directions keep their bracketed name.
/// A board of dots and lines as pencil on paper: each point its piece or `.`, four columns
/// apart and a row between ranks; a drawn line `---`, `|`, `/` or `\\` (two crossing
/// diagonals `X`) between its points; a box's piece in its middle.
fn lattice_text(
    t: &crate::engine::Tables,
    s: &State,
    lat: &crate::board::Lattice,
    files: u32,
    ranks: u32,
    cell_text: &dyn Fn(CellId) -> String,
) -> String {
    let (w, h) = (files as usize * 4, ranks as usize * 2 - 1);
    let mut grid = vec![vec![' '; w]; h];
    // The drawing's column and row of a point at grid coordinates (f, r).
    let at = |(f, r): (i64, i64)| (f as usize * 4 + 1, (ranks as i64 - 1 - r) as usize * 2);
    let put = |grid: &mut Vec<Vec<char>>, x: usize, y: usize, text: &str| {
        for (i, ch) in text.chars().enumerate() {
            if let Some(cell) = grid.get_mut(y).and_then(|row| row.get_mut(x + i)) {
                *cell = ch;
            }
        }
    };
    for (i, &(a, z)) in lat.ends.iter().enumerate() {
        let line = CellId((lat.first_line + i) as u16);
        if s.stack(line.into()).is_empty() {
            continue;
        }
        let ((fa, ra), (fz, rz)) = (t.board.coord(a), t.board.coord(z));
        let (x, y) = at((fa.min(fz), ra.max(rz)));
        match (fz - fa, rz - ra) {
            (_, 0) => put(&mut grid, x + 1, y, "---"),
            (0, _) => put(&mut grid, x, y + 1, "|"),
            (df, dr) => {
                let ch = if (df > 0) == (dr > 0) { '/' } else { '\\' };
                let old = grid[y + 1][x + 2];
                let both = (old == '/' && ch == '\\') || (old == '\\' && ch == '/');
                grid[y + 1][x + 2] = if both { 'X' } else { ch };
            }
        }
    }
    for (i, sides) in lat.sides.iter().enumerate() {
        let bx = CellId((lat.first_box + i) as u16);
        if s.stack(bx.into()).is_empty() {
            continue;
        }
        // The box's first side runs east from its bottom left point.
        let Some((corner, _)) = lat.ends_of(sides[0]) else {
            continue;
        };
        let (x, y) = at(t.board.coord(corner));
        put(
            &mut grid,
            x + 1,
            y.saturating_sub(1),
            &format!("{:^3}", cell_text(bx)),
        );
    }
    for c in (0..lat.first_line).map(|c| CellId(c as u16)) {
        let (x, y) = at(t.board.coord(c));
        put(&mut grid, x, y, &cell_text(c));
    }
    let mut out = String::new();
    for (y, row) in grid.iter().enumerate() {
        let label = if y % 2 == 0 {
            format!("{:>3} ", ranks as usize - y / 2)
        } else {
            "    ".to_string()
        };
        let line: String = row.iter().collect();
        out.push_str(&format!("{label}{}\n", line.trim_end()));
    }
    out.push_str("    ");
    for f in 0..files {
        out.push_str(&format!(" {:<3}", crate::board::file_name(f)));
    }
    out.push('\n');
    out
}

fn piece_shown(t: &crate::engine::Tables, p: crate::engine::Piece) -> String {
    const ARROWS: [(&str, char); 8] = [
        ("n", '↑'),
        ("ne", '↗'),
        ("e", '→'),
        ("se", '↘'),
        ("s", '↓'),
        ("sw", '↙'),
        ("w", '←'),
        ("nw", '↖'),
    ];
    let text = t.piece_text(p);
    let Some(d) = t.info(p).facing else {
        return text;
    };
    let name = t.board.dir_name(d);
    match ARROWS.iter().find(|(n, _)| *n == name) {
        Some((_, arrow)) => {
            let mut shown = text[..text.len() - name.len() - 2].to_string();
            shown.push(*arrow);
            shown
        }
        None => text,
    }
}
