//! SVG pictures of a position, from the definition alone: cells where the board puts them
//! (grid files and ranks, or the `x`/`y` of listed cells), pyramids as nested triangles sized
//! by pips in their owner's colour, coordinates on the margins, zones and scores below.

use std::fmt::Write;

use crate::engine::{Piece, State, Tables};
use crate::game::Game;

/// Pixels between neighbouring cell centres.
const CELL: f64 = 56.0;
const MARGIN: f64 = 28.0;

fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// The fill colour of a piece: its own colour (`[pieces.X] colours`), else its owner's colour
/// for its slot, or the kind's neutral colour.
fn colour(t: &Tables, p: Piece) -> String {
    let info = t.info(p);
    if let Some(c) = info.colour {
        return safe_colour(Some(t.colours[c.index()].fill.clone()));
    }
    owner_colour(t, p)
}

/// The outline of a piece: its owner's colour for a piece with a colour of its own and an
/// owner (a Homeworlds ship), black otherwise.
fn outline(t: &Tables, p: Piece) -> String {
    let info = t.info(p);
    if info.colour.is_some() && info.owner.is_some() {
        owner_colour(t, p)
    } else {
        "black".into()
    }
}

/// A piece's owner's colour for its slot, or the kind's neutral colour.
fn owner_colour(t: &Tables, p: Piece) -> String {
    let info = t.info(p);
    let kind = &t.kinds[info.kind.index()];
    let c = match info.owner {
        Some(o) => t.seats[o.index()]
            .colours
            .get(kind.colour)
            .or_else(|| t.seats[o.index()].colours.first())
            .cloned(),
        None => kind.neutral_colour.clone(),
    };
    safe_colour(c)
}

/// Only plain colour words or #hex reach the SVG.
fn safe_colour(c: Option<String>) -> String {
    c.filter(|c| c.chars().all(|ch| ch.is_ascii_alphanumeric() || ch == '#'))
        .unwrap_or_else(|| "gray".into())
}

/// Cell centres in pixels, and the picture's board size.
fn layout(t: &Tables) -> (Vec<(f64, f64)>, f64, f64) {
    let b = &t.board;
    let hex = b.is_hex_grid();
    let raw: Vec<(f64, f64)> = b
        .cells()
        .map(|c| {
            let (x, y) = b.coord(c);
            if hex {
                // Hexagon centres: each rank half a cell left of the one below.
                (x as f64 - y as f64 / 2.0, y as f64 * 3f64.sqrt() / 2.0)
            } else {
                (x as f64, y as f64)
            }
        })
        .collect();
    // Scale so the closest linked cells are one CELL apart.
    let mut step = f64::MAX;
    for c in b.cells() {
        for d in b.dirs() {
            if let Some(n) = b.step(c, d) {
                let (a, z) = (raw[c.index()], raw[n.index()]);
                let dist = ((a.0 - z.0).powi(2) + (a.1 - z.1).powi(2)).sqrt();
                if dist > 0.0 {
                    step = step.min(dist);
                }
            }
        }
    }
    if step == f64::MAX && b.len() <= 1000 {
        // No links (a star map): the closest cells are one CELL apart.
        for c in b.cells() {
            for n in b.cells().filter(|n| n.index() > c.index()) {
                let (a, z) = (raw[c.index()], raw[n.index()]);
                let dist = ((a.0 - z.0).powi(2) + (a.1 - z.1).powi(2)).sqrt();
                if dist > 0.0 {
                    step = step.min(dist);
                }
            }
        }
    }
    if step == f64::MAX {
        step = 1.0;
    }
    let k = CELL / step;
    // A star map's systems are bands wider than a cell.
    let pad = if t.systems.is_some() { CELL } else { 0.0 };
    let min_x = raw.iter().map(|p| p.0).fold(f64::MAX, f64::min);
    let max_y = raw.iter().map(|p| p.1).fold(f64::MIN, f64::max);
    let pts: Vec<(f64, f64)> = raw
        .iter()
        .map(|(x, y)| {
            (
                pad + MARGIN + CELL / 2.0 + (x - min_x) * k,
                MARGIN + CELL / 2.0 + (max_y - y) * k,
            )
        })
        .collect();
    let w = pts.iter().map(|p| p.0).fold(0.0, f64::max) + CELL / 2.0 + MARGIN + pad;
    let h = pts.iter().map(|p| p.1).fold(0.0, f64::max) + CELL / 2.0 + MARGIN;
    (pts, w, h)
}

/// A board of dots and lines: every line a point may be drawn to, faint and wide enough to
/// click (`icebox serve` draws a line so), and the lines drawn, in ink.
fn lattice_svg(out: &mut String, s: &State, lat: &crate::board::Lattice, pts: &[(f64, f64)]) {
    for (i, &(a, z)) in lat.ends.iter().enumerate() {
        let line = lat.first_line + i;
        let ((x1, y1), (x2, y2)) = (pts[a.index()], pts[z.index()]);
        let drawn = !s.stack(crate::board::CellId(line as u16).into()).is_empty();
        let (colour, width) = if drawn {
            ("#1a1a6a", 3)
        } else {
            ("#e4d8c4", 1)
        };
        let _ = writeln!(
            out,
            r##"<line x1="{x1:.1}" y1="{y1:.1}" x2="{x2:.1}" y2="{y2:.1}" stroke="{colour}" stroke-width="{width}" stroke-linecap="round"/>"##
        );
        let _ = writeln!(
            out,
            r##"<line x1="{x1:.1}" y1="{y1:.1}" x2="{x2:.1}" y2="{y2:.1}" stroke="transparent" stroke-width="10" data-loc="{line}"/>"##
        );
    }
}

/// Draws the stack on a cell: each piece a triangle sized by its pips, largest behind, the
/// top piece outlined and lettered.
fn stack_svg(out: &mut String, t: &Tables, stack: &[Piece], cx: f64, cy: f64) {
    let Some(&top) = stack.last() else { return };
    let mut order: Vec<(usize, Piece)> = stack.iter().copied().enumerate().collect();
    order.sort_by_key(|(i, p)| (-t.info(*p).size, *i));
    for (_, p) in &order {
        let size = t.info(*p).size.clamp(1, 4) as f64;
        let h = CELL * (0.28 + 0.16 * size);
        let w = h * 0.8;
        let base = cy + h / 2.0 - 2.0;
        let stroke = if *p == top { 2.2 } else { 1.0 };
        let line = outline(t, *p);
        if let Some(d) = t.info(*p).facing {
            let (ux, uy) = pointing(t, d);
            // Lying down, seen from above: the tip points along its direction.
            let (len, half) = (h * 0.95, h * 0.2);
            let (tx, ty) = (cx + ux * len * 0.55, cy + uy * len * 0.55);
            let (bx, by) = (cx - ux * len * 0.45, cy - uy * len * 0.45);
            let _ = writeln!(
                out,
                r#"<polygon points="{:.1},{:.1} {:.1},{:.1} {:.1},{:.1}" fill="{}" fill-opacity="0.85" stroke="{line}" stroke-width="{stroke}" data-facing="{}"/>"#,
                tx,
                ty,
                bx - uy * half,
                by + ux * half,
                bx + uy * half,
                by - ux * half,
                colour(t, *p),
                esc(t.board.dir_name(d))
            );
            continue;
        }
        let _ = writeln!(
            out,
            r#"<polygon points="{:.1},{:.1} {:.1},{:.1} {:.1},{:.1}" fill="{}" fill-opacity="0.85" stroke="{line}" stroke-width="{stroke}"/>"#,
            cx,
            base - h,
            cx - w / 2.0,
            base,
            cx + w / 2.0,
            base,
            colour(t, *p)
        );
    }
    // A kind named by more than one letter is drawn without the brackets text needs
    // (`bLion`), smaller as the name is longer, to stay inside its cell.
    let label = t.piece_text(top).replace(['<', '>'], "");
    let size = (11.0 * 5.0 / label.chars().count().max(5) as f64).max(6.0);
    let _ = writeln!(
        out,
        r#"<text x="{cx:.1}" y="{:.1}" font-size="{size:.1}" text-anchor="middle" font-family="sans-serif" fill="black">{}</text>"#,
        cy + CELL * 0.36,
        esc(&label)
    );
    // Pieces of one size hide each other (a backgammon point): say how many there are.
    let mut sizes: Vec<i64> = stack.iter().map(|p| t.info(*p).size).collect();
    sizes.sort_unstable();
    sizes.dedup();
    if stack.len() > sizes.len() {
        let _ = writeln!(
            out,
            r#"<text x="{:.1}" y="{:.1}" font-size="12" font-weight="bold" text-anchor="end" font-family="sans-serif" fill="black">{}</text>"#,
            cx + CELL * 0.46,
            cy - CELL * 0.2,
            stack.len()
        );
    }
}

/// Draws a star system: its stars standing, largest first, then its ships lying, each
/// pointing away from its owner's home ("your pieces always point away from you").
fn system_svg(
    out: &mut String,
    t: &Tables,
    sys: &crate::engine::systems::Systems,
    pts: &[(f64, f64)],
    stack: &[Piece],
    (cx, cy): (f64, f64),
) {
    let mut stars: Vec<Piece> = stack
        .iter()
        .copied()
        .filter(|p| t.info(*p).owner.is_none())
        .collect();
    stars.sort_by_key(|p| -t.info(*p).size);
    let ships = stack.iter().copied().filter(|p| t.info(*p).owner.is_some());
    let mid_y = pts.iter().map(|p| p.1).sum::<f64>() / pts.len().max(1) as f64;
    let mut x = cx - CELL * 1.2;
    let base = cy + CELL * 0.38;
    for p in stars {
        let h = CELL * (0.3 + 0.16 * t.info(p).size.clamp(1, 4) as f64);
        let w = h * 0.8;
        let _ = writeln!(
            out,
            r#"<polygon points="{:.1},{:.1} {:.1},{:.1} {:.1},{:.1}" fill="{}" stroke="white" stroke-width="1"/>"#,
            x + w / 2.0,
            base - h,
            x,
            base,
            x + w,
            base,
            colour(t, p)
        );
        x += w + 3.0;
    }
    x += 4.0;
    for p in ships {
        let info = t.info(p);
        let h = CELL * (0.3 + 0.16 * info.size.clamp(1, 4) as f64) * 0.9;
        let half = h * 0.28;
        // Down when its owner's home is above the middle of the map, up otherwise.
        let home_y = info
            .owner
            .and_then(|o| sys.home(o))
            .map_or(mid_y, |c| pts[c.index()].1);
        let down = home_y < mid_y;
        let (tip, back) = if down {
            (cy + h / 2.0, cy - h / 2.0)
        } else {
            (cy - h / 2.0, cy + h / 2.0)
        };
        let _ = writeln!(
            out,
            r#"<polygon points="{:.1},{tip:.1} {:.1},{back:.1} {:.1},{back:.1}" fill="{}" stroke="{}" stroke-width="2"/>"#,
            x + half,
            x,
            x + 2.0 * half,
            colour(t, p),
            owner_colour(t, p)
        );
        x += 2.0 * half + 3.0;
    }
}

/// The arcs of the circuits (`[circuits]`): a three-quarter circle round the corner between
/// a line's last cell and the next line's first, outside the board (Surakarta's loops).
/// Returns how far beyond the board the loops reach.
fn circuit_arcs(out: &mut String, t: &Tables, pts: &[(f64, f64)]) -> f64 {
    let mut reach: f64 = 0.0;
    if t.circuits.is_empty() || pts.is_empty() {
        return reach;
    }
    let n = pts.len() as f64;
    let middle = (
        pts.iter().map(|p| p.0).sum::<f64>() / n,
        pts.iter().map(|p| p.1).sum::<f64>() / n,
    );
    for c in &t.circuits {
        let len = c.points.len();
        for i in (0..len).filter(|&i| c.arc_after[i]) {
            let (p, q) = (
                pts[c.points[i].index()],
                pts[c.points[(i + 1) % len].index()],
            );
            // The corner: of the two points level with one and plumb with the other, the
            // one farther from the middle of the board.
            let far = |a: (f64, f64)| (a.0 - middle.0).hypot(a.1 - middle.1);
            let centre = if far((p.0, q.1)) >= far((q.0, p.1)) {
                (p.0, q.1)
            } else {
                (q.0, p.1)
            };
            let r = (p.0 - centre.0).hypot(p.1 - centre.1);
            if r < 1.0 {
                continue;
            }
            reach = reach.max(r - CELL / 2.0 + 4.0);
            let cross = (p.0 - centre.0) * (q.1 - centre.1) - (p.1 - centre.1) * (q.0 - centre.0);
            let sweep = u8::from(cross <= 0.0);
            let _ = writeln!(
                out,
                r##"<path d="M {:.1} {:.1} A {r:.1} {r:.1} 0 1 {sweep} {:.1} {:.1}" fill="none" stroke="#7a5a3a" stroke-width="2"/>"##,
                p.0, p.1, q.0, q.1
            );
        }
    }
    reach
}

/// The unit vector on the picture (y down) of a direction a piece lies along: the compass
/// names by their bearing, any other direction by the way its links run on the drawing.
fn pointing(t: &Tables, d: crate::board::DirId) -> (f64, f64) {
    const COMPASS: [&str; 8] = ["n", "ne", "e", "se", "s", "sw", "w", "nw"];
    let b = &t.board;
    if let Some(i) = COMPASS.iter().position(|c| *c == b.dir_name(d)) {
        let a = std::f64::consts::FRAC_PI_4 * i as f64;
        return (a.sin(), -a.cos());
    }
    let (pts, _, _) = layout(t);
    for c in b.cells() {
        if let Some(n) = b.step(c, d) {
            let (dx, dy) = (
                pts[n.index()].0 - pts[c.index()].0,
                pts[n.index()].1 - pts[c.index()].1,
            );
            let len = (dx * dx + dy * dy).sqrt();
            if len > 0.0 {
                return (dx / len, dy / len);
            }
        }
    }
    (0.0, -1.0)
}

/// A zone's location number and the text of each of its pieces.
type ZoneLine = (usize, Vec<String>);

/// The whole picture.
pub fn position_svg(g: &Game, s: &State) -> String {
    let t = &g.tables();
    let b = &t.board;
    let (pts, w, board_h) = layout(t);
    // Each line below the board: its text, and for a zone its location number and pieces,
    // drawn as pieces a click can find (`data-loc`, for `icebox serve`).
    let mut lines: Vec<(String, Option<ZoneLine>)> = Vec::new();
    for (i, z) in t.zones.iter().enumerate() {
        let loc = crate::engine::Loc((b.len() + i) as u16);
        let stack = s.stack(loc);
        if stack.is_empty() {
            continue;
        }
        let name = match z.seat {
            Some(p) => format!("{}.{}", z.name, t.seats[p.index()].name),
            None => z.name.clone(),
        };
        let pieces: Vec<String> = stack.iter().map(|p| t.piece_text(*p)).collect();
        lines.push((format!("{name}: "), Some((loc.index(), pieces))));
    }
    if !s.dice().is_empty() {
        let dice: Vec<String> = s.dice().values().map(|d| d.to_string()).collect();
        lines.push((format!("dice: {}", dice.join(" ")), None));
    }
    if let Some(line) = g.score_line(s) {
        lines.push((line, None));
    }
    lines.push((
        match s.outcome() {
            Some(o) => format!("game over: {}", o.reason),
            None => format!("to move: {}", t.seats[s.turn().index()].name),
        },
        None,
    ));
    let h = board_h + 18.0 * lines.len() as f64 + 8.0;
    let w = w.max(320.0);
    // Room round the board for the circuits' loops.
    let pad = circuit_arcs(&mut String::new(), t, &pts);
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{:.0}" height="{:.0}" viewBox="{:.0} {:.0} {:.0} {:.0}">"#,
        w + 2.0 * pad,
        h + 2.0 * pad,
        0.0 - pad,
        0.0 - pad,
        w + 2.0 * pad,
        h + 2.0 * pad
    );
    let _ = writeln!(
        out,
        r#"<title>{}</title><rect width="100%" height="100%"{} fill="white"/>"#,
        esc(&g.tables().id),
        if pad > 0.0 {
            format!(r#" x="{:.0}" y="{:.0}""#, -pad, -pad)
        } else {
            String::new()
        }
    );
    let grid = b.grid.is_some() && !b.is_hex_grid() && !b.points;
    if let Some(lat) = &b.lattice {
        lattice_svg(&mut out, s, lat, &pts);
    } else if b.grid.is_none() || b.points {
        // Listed boards and grids of points show their links: the lines pieces move along
        // (a mill board, alquerque).
        for c in b.cells() {
            for d in b.dirs() {
                if let Some(n) = b.step(c, d).filter(|n| n.index() > c.index()) {
                    let ((x1, y1), (x2, y2)) = (pts[c.index()], pts[n.index()]);
                    let _ = writeln!(
                        out,
                        r##"<line x1="{x1:.1}" y1="{y1:.1}" x2="{x2:.1}" y2="{y2:.1}" stroke="#7a5a3a" stroke-width="2"/>"##
                    );
                }
            }
        }
    }
    // A board of dots and lines draws its points, lines and boxes itself.
    let shown = b.lattice.as_ref().map_or(b.len(), |l| l.first_line);
    for c in b.cells().take(shown) {
        let (x, y) = pts[c.index()];
        if b.lattice.is_some() {
            let _ = writeln!(
                out,
                r##"<circle cx="{x:.1}" cy="{y:.1}" r="{:.1}" fill="#7a5a3a" data-loc="{}"/>"##,
                CELL * 0.08,
                c.index()
            );
        } else if b.is_hex_grid() {
            let r = CELL / 3f64.sqrt();
            let corners: Vec<String> = (0..6)
                .map(|i| {
                    let a = std::f64::consts::PI / 3.0 * f64::from(i) + std::f64::consts::PI / 6.0;
                    format!("{:.1},{:.1}", x + r * a.cos(), y + r * a.sin())
                })
                .collect();
            let _ = writeln!(
                out,
                r##"<polygon points="{}" fill="#f0d9b5" stroke="#7a5a3a" stroke-width="0.8" data-loc="{}"/>"##,
                corners.join(" "),
                c.index()
            );
        } else if grid {
            let (f, r) = b.coord(c);
            let fill = if (f + r) % 2 == 0 {
                "#b58863"
            } else {
                "#f0d9b5"
            };
            let _ = writeln!(
                out,
                r##"<rect x="{:.1}" y="{:.1}" width="{CELL}" height="{CELL}" fill="{fill}" stroke="#7a5a3a" stroke-width="0.5" data-loc="{}"/>"##,
                x - CELL / 2.0,
                y - CELL / 2.0,
                c.index()
            );
        } else if let Some(sys) = &t.systems {
            // A system: a band for its pieces, named; a pool system not on the map is faint.
            let on_map = !s.stack(c.into()).is_empty() || sys.is_home(c);
            let _ = writeln!(
                out,
                r##"<rect x="{:.1}" y="{:.1}" width="{:.1}" height="{:.1}" rx="8" fill="{}" stroke="#7a5a3a" stroke-dasharray="{}" data-loc="{}"/>"##,
                x - CELL * 1.4,
                y - CELL * 0.45,
                CELL * 2.8,
                CELL * 0.9,
                if on_map { "#0b1530" } else { "#f4f4f4" },
                if on_map { "none" } else { "4 3" },
                c.index()
            );
            let _ = writeln!(
                out,
                r##"<text x="{:.1}" y="{:.1}" font-size="9" font-family="sans-serif" fill="{}">{}</text>"##,
                x - CELL * 1.32,
                y - CELL * 0.3,
                if on_map { "#c8d0e0" } else { "#999999" },
                esc(b.name(c))
            );
        } else {
            let _ = writeln!(
                out,
                r##"<circle cx="{x:.1}" cy="{y:.1}" r="{:.1}" fill="#f0d9b5" stroke="#7a5a3a" data-loc="{}"/>"##,
                CELL * 0.47,
                c.index()
            );
            let _ = writeln!(
                out,
                r##"<text x="{x:.1}" y="{:.1}" font-size="9" text-anchor="middle" font-family="sans-serif" fill="#7a5a3a">{}</text>"##,
                y - CELL * 0.3,
                esc(b.name(c))
            );
        }
    }
    let _ = circuit_arcs(&mut out, t, &pts);
    if grid {
        // The blocks a transform turns (Pentago's quarters) and those of a grid of grids,
        // outlined.
        let mut blocks: Vec<Vec<crate::board::CellId>> = Vec::new();
        let mut drawn: Vec<usize> = Vec::new();
        for tr in &t.transforms {
            if !drawn.contains(&tr.region) {
                drawn.push(tr.region);
                blocks.push(tr.cells.iter().map(|(c, _)| *c).collect());
            }
        }
        if let Some(bl) = &b.blocks {
            let count = bl
                .of
                .iter()
                .copied()
                .max()
                .map_or(0, |m| usize::from(m) + 1);
            for k in 0..count {
                blocks.push(
                    b.cells()
                        .filter(|c| usize::from(bl.of[c.index()]) == k)
                        .collect(),
                );
            }
        }
        for cells in blocks {
            let centres = cells.iter().map(|c| pts[c.index()]);
            let (mut x0, mut y0, mut x1, mut y1) = (f64::MAX, f64::MAX, f64::MIN, f64::MIN);
            for (x, y) in centres {
                (x0, y0, x1, y1) = (x0.min(x), y0.min(y), x1.max(x), y1.max(y));
            }
            let _ = writeln!(
                out,
                r##"<rect x="{:.1}" y="{:.1}" width="{:.1}" height="{:.1}" fill="none" stroke="#3a2a1a" stroke-width="3"/>"##,
                x0 - CELL / 2.0,
                y0 - CELL / 2.0,
                x1 - x0 + CELL,
                y1 - y0 + CELL
            );
        }
    }
    if let Some((files, ranks)) = b.grid.filter(|_| !b.is_hex_grid()) {
        // Coordinates on the margins.
        for f in 0..files {
            let x = MARGIN + CELL / 2.0 + f as f64 * CELL;
            let name: String = b
                .cells()
                .find(|c| b.coord(*c).0 == f as i64)
                .map(|c| {
                    b.name(c)
                        .trim_end_matches(|ch: char| ch.is_ascii_digit())
                        .to_string()
                })
                .unwrap_or_default();
            let _ = writeln!(
                out,
                r#"<text x="{x:.1}" y="{:.1}" font-size="12" text-anchor="middle" font-family="sans-serif">{}</text>"#,
                board_h - MARGIN / 2.0 + 4.0,
                esc(&name)
            );
        }
        for r in 0..ranks {
            let y = MARGIN + CELL / 2.0 + (ranks - 1 - r) as f64 * CELL;
            let _ = writeln!(
                out,
                r#"<text x="{:.1}" y="{:.1}" font-size="12" text-anchor="middle" font-family="sans-serif">{}</text>"#,
                MARGIN / 2.0,
                y + 4.0,
                r + 1
            );
        }
    }
    for c in b.cells() {
        let (x, y) = match &b.lattice {
            // A line's piece is the drawn line itself; a box's sits in its middle.
            Some(lat) if c.index() >= lat.first_box => {
                let Some(sides) = lat.sides_of(c) else {
                    continue;
                };
                let ends = |l: crate::board::CellId| lat.ends_of(l);
                match (ends(sides[0]), ends(sides[3])) {
                    (Some((a, _)), Some((_, z))) => {
                        let (p, q) = (pts[a.index()], pts[z.index()]);
                        ((p.0 + q.0) / 2.0, (p.1 + q.1) / 2.0)
                    }
                    _ => continue,
                }
            }
            Some(lat) if c.index() >= lat.first_line => continue,
            _ => pts[c.index()],
        };
        let stack = s.stack(c.into());
        if !stack.is_empty() {
            // The pieces name their cell too, so a click on a piece finds it (`icebox serve`).
            let _ = writeln!(out, r#"<g data-loc="{}">"#, c.index());
            match &t.systems {
                Some(sys) => system_svg(&mut out, t, sys, &pts, stack, (x, y)),
                None => stack_svg(&mut out, t, stack, x, y),
            }
            out.push_str("</g>\n");
        }
    }
    for (i, (text, zone)) in lines.iter().enumerate() {
        let y = board_h + 16.0 + 18.0 * i as f64;
        match zone {
            None => {
                let _ = writeln!(
                    out,
                    r#"<text x="{MARGIN}" y="{y:.1}" font-size="13" font-family="sans-serif">{}</text>"#,
                    esc(text)
                );
            }
            Some((loc, pieces)) => {
                let spans: Vec<String> = pieces
                    .iter()
                    .map(|p| format!(r#"<tspan data-loc="{loc}:{0}">{0}</tspan>"#, esc(p)))
                    .collect();
                let _ = writeln!(
                    out,
                    r#"<text x="{MARGIN}" y="{y:.1}" font-size="13" font-family="sans-serif" data-loc="{loc}">{}{}</text>"#,
                    esc(text),
                    spans.join(" ")
                );
            }
        }
    }
    out.push_str("</svg>\n");
    out
}
