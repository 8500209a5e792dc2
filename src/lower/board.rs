//! Lowering a board: `[board]` (a grid, a numbered track, or listed cells and links), the
//! player-relative `[directions]` and the `[regions]` into a `Board`, every problem at its key
//! path. The board keeps what play reads (cells, the dense neighbour table, regions, rows, the
//! graph); building it from a definition is a pass of the lowering like the others.

use petgraph::graph::{DiGraph, NodeIndex};

use crate::board::{
    Board, CellId, CellSet, DirId, MAX_COORD, NONE, Region, facing, file_name, numbered, systems,
};
use crate::def::{BoardDef, GameDef, GridDef, RegionDef, SystemsDef};
use crate::diag::Problem;

/// A link read from the definition: from, to, direction name.
type Link = (CellId, CellId, String);

/// Builds and checks the board, its directions and regions. Reports every problem found.
pub(crate) fn board(def: &GameDef) -> Result<Board, Vec<Problem>> {
    let mut problems = Vec::new();
    let seats: Vec<&str> = def.players.seats.iter().map(|s| s.name.as_str()).collect();
    let mut b = Board::empty();
    let mut links: Vec<Link> = Vec::new();
    let generated;
    let lowered = match (&def.board.numbered, &def.board.systems) {
        (Some(_), Some(_)) => {
            return Err(vec![Problem::at(
                &["board", "systems"],
                "a board is a `numbered` track or a star map (`systems`), not both",
            )]);
        }
        (Some(n), None) => Some(numbered::lower(&def.board, n)),
        (None, Some(sys)) => Some(systems::lower(&def.board, sys)),
        (None, None) => None,
    };
    let bd: &BoardDef = match lowered {
        Some(Ok(listed)) => {
            generated = listed;
            &generated
        }
        Some(Err(p)) => return Err(vec![p]),
        None => &def.board,
    };
    match (&bd.grid, bd.cells.is_empty()) {
        (Some(_), false) => problems.push(Problem::at(
            &["board", "cells"],
            "a board is either a `grid` or a list of `cells`, not both",
        )),
        (None, true) => problems.push(Problem::at(
            &["board"],
            "the board has no cells: give `grid`, `numbered` or `cells`",
        )),
        _ => {}
    }
    let cells = match &bd.grid {
        Some(g) => grid(g, &mut b, &mut links, &mut problems),
        None => listed(bd, &mut b, &mut links, &mut problems),
    };
    if cells.is_none() {
        return Err(problems);
    }
    if b.names.len() >= NONE as usize {
        problems.push(Problem::at(&["board"], "too many cells (at most 65534)"));
        return Err(problems);
    }
    let Some(graph) = neighbours(&mut b, &links, &mut problems) else {
        return Err(problems);
    };
    lattice_links(&mut b);
    // A board may be in separate parts (islands, several small boards side by side): no link
    // joins them, so no generator walks from one to another, and nothing else needs one part.
    // It used to be refused as "not connected"; tests/suite/islands.rs plays such boards.
    relative(def, &mut b, &seats, &mut problems);
    regions(def, &mut b, &seats, &mut problems);
    if let Some(sys) = &def.board.systems {
        home_region(sys, &mut b, &seats, &mut problems);
    }
    facing::derive(&mut b, def, &mut problems);
    if problems.is_empty() {
        let nd = b.dir_names.len();
        b.undirected = graph.clone().into_edge_type();
        b.graph = graph;
        b.reverse = (0..nd).map(|d| b.find_reverse(DirId(d as u8))).collect();
        b.reverse_exact = (0..nd)
            .map(|d| {
                let d = DirId(d as u8);
                b.reverse(d).is_some_and(|back| b.only_links_back(d, back))
            })
            .collect();
        Ok(b)
    } else {
        Err(problems)
    }
}

/// A grid's cells (less `removed`, only one colour with `only`), its compass directions and
/// links, and its rows top first. `None` when the grid's size is out of range.
fn grid(
    g: &GridDef,
    b: &mut Board,
    links: &mut Vec<Link>,
    problems: &mut Vec<Problem>,
) -> Option<()> {
    if g.files == 0 || g.ranks == 0 || g.files > 52 || g.ranks > 99 {
        problems.push(Problem::at(
            &["board", "grid"],
            "a grid needs 1..=52 files and 1..=99 ranks",
        ));
        return None;
    }
    b.grid = Some((g.files, g.ranks));
    let all: Vec<(u32, u32, String)> = (0..g.ranks)
        .flat_map(|r| (0..g.files).map(move |f| (f, r)))
        .map(|(f, r)| (f, r, format!("{}{}", file_name(f), r + 1)))
        .collect();
    // On a board of dots and lines `removed` may name lines too (`lattice` takes them out).
    let removed = grid_cells(&all, &g.removed, "removed", g.lines.is_some(), problems);
    let diagonal_points = match &g.diagonals {
        Some(crate::def::DiagonalsDef::Cells(cells)) => {
            Some(grid_cells(&all, cells, "diagonals", false, problems))
        }
        _ => None,
    };
    if g.diagonals.is_some() {
        if g.only.is_some() {
            problems.push(Problem::at(
                &["board", "grid", "diagonals"],
                "`diagonals` picks the points of a board of points and lines that diagonal lines run through; `only` keeps the squares of one colour: write one of them",
            ));
        }
        let hex = g.directions.len() == 6;
        let diagonal = ["ne", "se", "sw", "nw"];
        if hex
            || (!g.directions.is_empty()
                && !g.directions.iter().any(|d| diagonal.contains(&d.as_str())))
        {
            problems.push(Problem::at(
                &["board", "grid", "diagonals"],
                "`diagonals` says where the diagonal links of a square grid run, but this grid links no diagonal direction (or is a grid of hexagons): list `ne`, `se`, `sw` and `nw` in `directions`, or leave `directions` out",
            ));
        }
        b.points = true;
    }
    // Whether a diagonal link may join two points: both on the named colour or in the list.
    let on_diagonal = |f: i64, r: i64, name: &str| match &g.diagonals {
        None => true,
        Some(crate::def::DiagonalsDef::Colour(crate::def::SquareColour::Dark)) => (f + r) % 2 == 0,
        Some(crate::def::DiagonalsDef::Colour(crate::def::SquareColour::Light)) => (f + r) % 2 == 1,
        Some(crate::def::DiagonalsDef::Cells(_)) => diagonal_points
            .as_ref()
            .is_some_and(|p| p.iter().any(|x| x == name)),
    };
    let coloured = |f: u32, r: u32| match g.only {
        None => true,
        Some(crate::def::SquareColour::Dark) => (f + r).is_multiple_of(2),
        Some(crate::def::SquareColour::Light) => (f + r) % 2 == 1,
    };
    for (f, r, name) in &all {
        if !removed.contains(name) && coloured(*f, *r) {
            let id = CellId(b.names.len() as u16);
            b.index.insert(name.clone(), id);
            b.names.push(name.clone());
            b.coords.push((*f as i64, *r as i64));
        }
    }
    const DIRS: [(&str, i64, i64); 8] = [
        ("n", 0, 1),
        ("ne", 1, 1),
        ("e", 1, 0),
        ("se", 1, -1),
        ("s", 0, -1),
        ("sw", -1, -1),
        ("w", -1, 0),
        ("nw", -1, 1),
    ];
    // A grid has the eight compass directions (even where no link uses one), or the
    // ones `directions` lists.
    for (i, d) in g.directions.iter().enumerate() {
        if !DIRS.iter().any(|x| x.0 == d) {
            problems.push(Problem::at(
                &["board", "grid", "directions", &i.to_string()],
                format!("`{d}` is not a compass direction: use n, ne, e, se, s, sw, w or nw"),
            ));
        } else if g.directions[..i].contains(d) {
            problems.push(Problem::at(
                &["board", "grid", "directions", &i.to_string()],
                format!("`{d}` is listed twice"),
            ));
        }
    }
    let dirs: Vec<(&str, i64, i64)> = DIRS
        .into_iter()
        .filter(|x| g.directions.is_empty() || g.directions.iter().any(|d| d == x.0))
        .collect();
    b.dir_names.extend(dirs.iter().map(|d| d.0.to_string()));
    let block_size = blocks(g, b, problems);
    let apart = |f: i64, r: i64, nf: i64, nr: i64| {
        block_size.is_some_and(|(bf, br)| f / bf != nf / bf || r / br != nr / br)
    };
    for (name, df, dr) in dirs {
        for c in 0..b.names.len() {
            let (f, r) = b.coords[c];
            let (nf, nr) = (f + df, r + dr);
            if nf < 0 || nr < 0 || nf >= g.files as i64 || nr >= g.ranks as i64 {
                continue;
            }
            if apart(f, r, nf, nr) {
                continue;
            }
            let n = format!("{}{}", file_name(nf as u32), nr + 1);
            if df != 0 && dr != 0 && !(on_diagonal(f, r, &b.names[c]) && on_diagonal(nf, nr, &n)) {
                continue;
            }
            if let Some(&to) = b.index.get(&n) {
                links.push((CellId(c as u16), to, name.to_string()));
            }
        }
    }
    for r in (0..g.ranks as i64).rev() {
        let row: Vec<CellId> = (0..g.files as i64)
            .filter_map(|f| {
                b.index
                    .get(&format!("{}{}", file_name(f as u32), r + 1))
                    .copied()
            })
            .collect();
        if !row.is_empty() {
            b.rows.push(row);
        }
    }
    match (g.lines, g.boxes) {
        (Some(kind), _) => lattice(g, kind, b, links, problems),
        (None, true) => problems.push(Problem::at(
            &["board", "grid", "boxes"],
            "boxes lie between lines: give `lines = \"orthogonal\"` (or `\"all\"`) too",
        )),
        (None, false) => {}
    }
    Some(())
}

/// A board of dots and lines (`grid.lines`, `grid.boxes`): a cell for each line between two
/// linked points (named by its points, `a1.b1`) and for each box (`box_a1`), after the
/// points, with rows of their own for positions (the lines whose first point is on a rank,
/// top rank first; then the boxes the same way) and the regions `dots`, `lines` and
/// `boxes`. Lines and boxes get no links; the point-to-line table waits for the links
/// ([`lattice_links`]).
fn lattice(
    g: &GridDef,
    kind: crate::def::GridLines,
    b: &mut Board,
    links: &[Link],
    problems: &mut Vec<Problem>,
) {
    if g.blocks.is_some() {
        problems.push(Problem::at(
            &["board", "grid", "lines"],
            "a grid of grids (`blocks`) has no lines as cells: write `blocks` or `lines`, not both",
        ));
        return;
    }
    let dots = b.names.len();
    let orthogonal = ["n", "e", "s", "w"];
    let mut pairs: Vec<(CellId, CellId)> = links
        .iter()
        .filter(|(a, z, d)| {
            a.index() < z.index()
                && (kind == crate::def::GridLines::All || orthogonal.contains(&d.as_str()))
        })
        .map(|(a, z, _)| (*a, *z))
        .collect();
    pairs.sort_unstable();
    pairs.dedup();
    // Lines cut out by name (`removed = ["c2.d1"]`: a diagonal that would leave the field).
    for (i, item) in g.removed.iter().enumerate() {
        let Some((x, y)) = item.split_once('.').filter(|_| is_line_name(item)) else {
            continue;
        };
        let ends = (
            b.index.get(x.trim()).copied(),
            b.index.get(y.trim()).copied(),
        );
        let found = match ends {
            (Some(x), Some(y)) => pairs.iter().position(|&p| p == (x.min(y), x.max(y))),
            _ => None,
        };
        match found {
            Some(k) => {
                pairs.remove(k);
            }
            None => problems.push(Problem::at(
                &["board", "grid", "removed", &i.to_string()],
                format!("`{item}` is not a line of the board: a line is named by its two neighbouring points, `a1.b2`"),
            )),
        }
    }
    let mut lat = crate::board::Lattice {
        first_line: dots,
        at: vec![smallvec::SmallVec::new(); dots],
        ..Default::default()
    };
    let mut by_pair: std::collections::HashMap<(CellId, CellId), CellId> =
        std::collections::HashMap::new();
    let add = |b: &mut Board, name: String, coord: (i64, i64)| -> Option<CellId> {
        if b.names.len() >= NONE as usize - 1 {
            return None;
        }
        let id = CellId(b.names.len() as u16);
        b.index.insert(name.clone(), id);
        b.names.push(name);
        b.coords.push(coord);
        Some(id)
    };
    for &(a, z) in &pairs {
        let name = format!("{}.{}", b.names[a.index()], b.names[z.index()]);
        let coord = b.coords[a.index()];
        let Some(l) = add(b, name, coord) else {
            problems.push(Problem::at(
                &["board", "grid", "lines"],
                "too many cells (at most 65534)",
            ));
            return;
        };
        by_pair.insert((a, z), l);
        lat.ends.push((a, z));
        lat.boxes_of.push(smallvec::SmallVec::new());
        lat.at[a.index()].push(l);
        lat.at[z.index()].push(l);
    }
    lat.first_box = b.names.len();
    if g.boxes {
        let at = |b: &Board, f: i64, r: i64| -> Option<CellId> {
            b.index
                .get(&format!("{}{}", file_name(f as u32), r + 1))
                .copied()
        };
        let line = |x: CellId, y: CellId| by_pair.get(&(x.min(y), x.max(y))).copied();
        for c in 0..dots {
            let (f, r) = b.coords[c];
            let c = CellId(c as u16);
            let corners = (at(b, f + 1, r), at(b, f, r + 1), at(b, f + 1, r + 1));
            let (Some(e), Some(n), Some(ne)) = corners else {
                continue;
            };
            let (Some(s1), Some(s2), Some(s3), Some(s4)) =
                (line(c, e), line(c, n), line(e, ne), line(n, ne))
            else {
                continue;
            };
            let name = format!("box_{}", b.names[c.index()]);
            let coord = b.coords[c.index()];
            let Some(bx) = add(b, name, coord) else {
                problems.push(Problem::at(
                    &["board", "grid", "boxes"],
                    "too many cells (at most 65534)",
                ));
                return;
            };
            lat.sides.push([s1, s2, s3, s4]);
            for s in [s1, s2, s3, s4] {
                if let Some(v) = lat.boxes_of.get_mut(s.index() - dots) {
                    v.push(bx);
                }
            }
        }
    }
    // Rows: the lines by their first point's rank, then the boxes by theirs, top first.
    for (first, last) in [(dots, lat.first_box), (lat.first_box, b.names.len())] {
        for r in (0..g.ranks as i64).rev() {
            let row: Vec<CellId> = (first..last)
                .filter(|&c| b.coords[c].1 == r)
                .map(|c| CellId(c as u16))
                .collect();
            if !row.is_empty() {
                b.rows.push(row);
            }
        }
    }
    let n = b.names.len();
    for (name, range) in [
        ("dots", 0..dots),
        ("lines", dots..lat.first_box),
        ("boxes", lat.first_box..n),
    ] {
        let mut set = CellSet::new(n);
        for c in range {
            set.insert(CellId(c as u16));
        }
        b.regions.push(Region {
            name: name.into(),
            sets: vec![set],
            per_seat: false,
        });
    }
    b.points = true;
    b.lattice = Some(lat);
}

/// Whether an item of a list of cells names a line (`a1.b2`: two points and one dot) rather
/// than points (`a1`, a range `a1..c3`).
fn is_line_name(item: &str) -> bool {
    item.contains('.') && !item.contains("..")
}

/// The point-to-line table of a board of dots and lines, once the links are known: the
/// line each point reaches along each direction.
fn lattice_links(b: &mut Board) {
    let nd = b.dir_names.len();
    let Some(lat) = b.lattice.as_ref() else {
        return;
    };
    let mut between = vec![NONE; lat.first_line * nd];
    for (i, &(a, z)) in lat.ends.iter().enumerate() {
        let line = (lat.first_line + i) as u16;
        for (from, to) in [(a, z), (z, a)] {
            for d in 0..nd {
                if b.next.get(from.index() * nd + d) == Some(&to.0) {
                    between[from.index() * nd + d] = line;
                }
            }
        }
    }
    if let Some(lat) = b.lattice.as_mut() {
        lat.between = between;
    }
}

/// A grid of grids (`grid.blocks`): each cell's block and the block it sends to, a region
/// per block (`block_a1`...), and the block's size for cutting the links across its edges;
/// `None` without blocks or when they do not tile the grid.
fn blocks(g: &GridDef, b: &mut Board, problems: &mut Vec<Problem>) -> Option<(i64, i64)> {
    let size = g.blocks?;
    if size.files == 0
        || size.ranks == 0
        || !g.files.is_multiple_of(size.files)
        || !g.ranks.is_multiple_of(size.ranks)
    {
        problems.push(Problem::at(
            &["board", "grid", "blocks"],
            format!(
                "blocks of {} x {} do not tile a grid of {} files and {} ranks: each of the grid's sides must be a whole number of blocks",
                size.files, size.ranks, g.files, g.ranks
            ),
        ));
        return None;
    }
    let (bf, br) = (i64::from(size.files), i64::from(size.ranks));
    let across = i64::from(g.files) / bf;
    let up = i64::from(g.ranks) / br;
    let n = b.names.len();
    let block = |x: i64, y: i64| (y * across + x) as u16;
    let of: Vec<u16> = b
        .coords
        .iter()
        .map(|&(f, r)| block(f / bf, r / br))
        .collect();
    let sends: Vec<u16> = b
        .coords
        .iter()
        .map(|&(f, r)| {
            let (x, y) = (f % bf, r % br);
            if x < across && y < up {
                block(x, y)
            } else {
                NONE
            }
        })
        .collect();
    for y in 0..up {
        for x in 0..across {
            let mut set = CellSet::new(n);
            for (c, k) in of.iter().enumerate() {
                if *k == block(x, y) {
                    set.insert(CellId(c as u16));
                }
            }
            b.regions.push(Region {
                name: format!("block_{}{}", file_name(x as u32), y + 1),
                sets: vec![set],
                per_seat: false,
            });
        }
    }
    b.blocks = Some(crate::board::Blocks { of, sends });
    Some((bf, br))
}

/// The cells a grid's list names (`removed`, `diagonals`), ranges expanded; an item that is
/// not a cell of the grid, or not a range of its cells, is reported at its index.
fn grid_cells(
    all: &[(u32, u32, String)],
    items: &[String],
    key: &str,
    lines: bool,
    problems: &mut Vec<Problem>,
) -> Vec<String> {
    let mut names = Vec::new();
    for (i, item) in items.iter().enumerate() {
        // A point's name has no dot: `a1.b2` names a line, left to `lattice`.
        let at = ["board", "grid", key, &i.to_string()];
        if is_line_name(item) {
            if !lines {
                problems.push(Problem::at(
                    &at,
                    format!("`{item}` names a line, and only a board of dots and lines has lines as cells: give the grid `lines = \"orthogonal\"` or `\"all\"`, or name points here"),
                ));
            }
            continue;
        }
        match crate::board::ranges::expand_item(item) {
            Err(e) => problems.push(Problem::at(&at, e)),
            Ok(expanded) => {
                let pattern = expanded.pattern;
                let before = names.len();
                for name in expanded.names {
                    if all.iter().any(|(_, _, n)| *n == name) {
                        names.push(name);
                    } else if !pattern {
                        problems.push(
                            Problem::at(&at, format!("`{name}` is not a cell of the grid"))
                                .suggesting(&name, all.iter().map(|(_, _, n)| n.as_str())),
                        );
                    }
                }
                if pattern && names.len() == before {
                    problems.push(Problem::at(
                        &at,
                        format!("`{item}` selects no cell of the grid"),
                    ));
                }
            }
        }
    }
    names
}

/// Listed cells, their links and rows. `None` when there are too many cells.
fn listed(
    bd: &BoardDef,
    b: &mut Board,
    links: &mut Vec<Link>,
    problems: &mut Vec<Problem>,
) -> Option<()> {
    if bd.cells.len() > crate::board::MAX_CELLS {
        problems.push(Problem::at(
            &["board", "cells"],
            format!(
                "{} cells: a board has at most {}",
                bd.cells.len(),
                crate::board::MAX_CELLS
            ),
        ));
        return None;
    }
    for (i, c) in bd.cells.iter().enumerate() {
        for (key, v) in [("x", c.x), ("y", c.y)] {
            if v.unsigned_abs() > MAX_COORD {
                problems.push(Problem::at(
                    &["board", "cells", &i.to_string(), key],
                    format!("{key} = {v}: drawing positions are -{MAX_COORD} to {MAX_COORD}"),
                ));
            }
        }
        let ok = !c.name.is_empty()
            && c.name
                .chars()
                .all(|ch| ch.is_ascii_alphanumeric() || ch == '_');
        if !ok {
            problems.push(Problem::at(
                &["board", "cells", &i.to_string(), "name"],
                format!("cell name `{}` must be letters, digits or `_`", c.name),
            ));
        }
        if b.index.contains_key(&c.name) {
            problems.push(Problem::at(
                &["board", "cells", &i.to_string(), "name"],
                format!("cell `{}` is listed twice", c.name),
            ));
            continue;
        }
        let id = CellId(b.names.len() as u16);
        b.index.insert(c.name.clone(), id);
        b.names.push(c.name.clone());
        b.coords.push((c.x, c.y));
    }
    for (i, l) in bd.links.iter().enumerate() {
        let idx = i.to_string();
        let from = b.lookup(&l.from, &["board", "links", &idx, "from"], problems);
        let to = b.lookup(&l.to, &["board", "links", &idx, "to"], problems);
        if let (Some(from), Some(to)) = (from, to) {
            links.push((from, to, l.dir.clone()));
            if let Some(back) = &l.back {
                links.push((to, from, back.clone()));
            }
        }
    }
    if bd.rows.is_empty() {
        b.rows
            .push((0..b.names.len()).map(|i| CellId(i as u16)).collect());
    } else {
        let mut seen = vec![false; b.names.len()];
        for (r, row) in bd.rows.iter().enumerate() {
            let mut cells = Vec::new();
            for (i, name) in row.iter().enumerate() {
                if let Some(c) = b.lookup(
                    name,
                    &["board", "rows", &r.to_string(), &i.to_string()],
                    problems,
                ) {
                    if seen[c.index()] {
                        problems.push(Problem::at(
                            &["board", "rows", &r.to_string(), &i.to_string()],
                            format!("`{name}` is in two rows"),
                        ));
                    }
                    seen[c.index()] = true;
                    cells.push(c);
                }
            }
            b.rows.push(cells);
        }
        if let Some(missing) = seen.iter().position(|s| !s) {
            problems.push(Problem::at(
                &["board", "rows"],
                format!("cell `{}` is in no row", b.names[missing]),
            ));
        }
    }
    Some(())
}

/// The directions the links name, the dense `cell x direction` table and the graph of the
/// links. `None` when there are too many direction names.
fn neighbours(
    b: &mut Board,
    links: &[Link],
    problems: &mut Vec<Problem>,
) -> Option<DiGraph<(), ()>> {
    for (_, _, d) in links {
        if !b.dir_names.contains(d) {
            b.dir_names.push(d.clone());
        }
    }
    if b.dir_names.len() > 250 {
        problems.push(Problem::at(
            &["board", "links"],
            "too many direction names (at most 250)",
        ));
        return None;
    }
    let nd = b.dir_names.len();
    b.next = vec![NONE; b.names.len() * nd.max(1)];
    let mut graph: DiGraph<(), ()> = DiGraph::new();
    let nodes: Vec<NodeIndex> = (0..b.names.len()).map(|_| graph.add_node(())).collect();
    for (i, (from, to, d)) in links.iter().enumerate() {
        let di = b.dir_names.iter().position(|x| x == d).unwrap_or(0);
        let slot = &mut b.next[from.index() * nd + di];
        if *slot != NONE && *slot != to.0 {
            problems.push(Problem::at(
                &["board", "links", &i.to_string()],
                format!("cell `{}` has two `{d}` neighbours", b.names[from.index()]),
            ));
        }
        *slot = to.0;
        graph.add_edge(nodes[from.index()], nodes[to.index()], ());
    }
    Some(graph)
}

/// Player-relative directions (`[directions]`): a board direction per seat.
fn relative(def: &GameDef, b: &mut Board, seats: &[&str], problems: &mut Vec<Problem>) {
    for (rel, per) in &def.directions {
        if b.dir_names.contains(rel) {
            problems.push(Problem::at(
                &["directions", rel],
                format!("`{rel}` is already a board direction"),
            ));
        }
        let mut dirs = Vec::new();
        for seat in seats {
            match per.get(*seat) {
                Some(abs) => match b.dir_names.iter().position(|d| d == abs) {
                    Some(i) => dirs.push(DirId(i as u8)),
                    None => problems.push(
                        Problem::at(
                            &["directions", rel, seat],
                            format!("`{abs}` is not a direction of this board"),
                        )
                        .suggesting(abs, b.dir_names.iter().map(String::as_str)),
                    ),
                },
                None => problems.push(Problem::at(
                    &["directions", rel],
                    format!("no direction given for seat `{seat}`"),
                )),
            }
        }
        for k in per.keys() {
            if !seats.contains(&k.as_str()) {
                problems.push(
                    Problem::at(&["directions", rel, k], format!("`{k}` is not a seat"))
                        .suggesting(k, seats.iter().copied()),
                );
            }
        }
        b.relative.insert(rel.clone(), dirs);
    }
}

/// Regions (`[regions]`): shared, or a set of cells per seat.
/// A star map's homes are the per-seat region `home`, one cell each.
fn home_region(sys: &SystemsDef, b: &mut Board, seats: &[&str], problems: &mut Vec<Problem>) {
    if sys.homes.len() != seats.len() {
        problems.push(Problem::at(
            &["board", "systems", "homes"],
            format!(
                "{} homes for {} seats: one home system per seat, in seat order",
                sys.homes.len(),
                seats.len()
            ),
        ));
        return;
    }
    if b.regions.iter().any(|r| r.name == systems::HOME) {
        problems.push(Problem::at(
            &["regions", systems::HOME],
            "a star map makes the region `home` from its `homes`: name this region otherwise",
        ));
        return;
    }
    let n = b.names.len();
    let sets = sys
        .homes
        .iter()
        .map(|h| {
            let mut set = CellSet::new(n);
            if let Some(&c) = b.index.get(h) {
                set.insert(c);
            }
            set
        })
        .collect();
    b.regions.push(Region {
        name: systems::HOME.to_string(),
        sets,
        per_seat: true,
    });
}

fn regions(def: &GameDef, b: &mut Board, seats: &[&str], problems: &mut Vec<Problem>) {
    for (name, r) in &def.regions {
        if b.regions.iter().any(|x| x.name == *name) {
            problems.push(Problem::at(
                &["regions", name],
                format!("`{name}` is a region the board makes (a block of `grid.blocks`, or `dots`, `lines` or `boxes` of `grid.lines`): name this region otherwise"),
            ));
            continue;
        }
        let n = b.names.len();
        let mut region = Region {
            name: name.clone(),
            sets: Vec::new(),
            per_seat: false,
        };
        match r {
            RegionDef::Shared(cells) => {
                let mut set = CellSet::new(n);
                for id in b.lookup_list(cells, &["regions", name], problems) {
                    set.insert(id);
                }
                region.sets.push(set);
            }
            RegionDef::PerSeat(map) => {
                region.per_seat = true;
                for k in map.keys() {
                    if !seats.contains(&k.as_str()) {
                        problems.push(
                            Problem::at(&["regions", name, k], format!("`{k}` is not a seat"))
                                .suggesting(k, seats.iter().copied()),
                        );
                    }
                }
                for seat in seats {
                    let mut set = CellSet::new(n);
                    match map.get(*seat) {
                        Some(cells) => {
                            let path = ["regions", name, seat];
                            for id in b.lookup_list(cells, &path, problems) {
                                set.insert(id);
                            }
                        }
                        None => problems.push(Problem::at(
                            &["regions", name],
                            format!("no cells given for seat `{seat}`"),
                        )),
                    }
                    region.sets.push(set);
                }
            }
        }
        b.regions.push(region);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn def(board: &str) -> crate::def::GameDef {
        let text = format!(
            "[game]\nid='t'\nname='t'\n[players]\nseats=[{{name='A'}},{{name='B'}}]\n[pieces.S]\nname='s'\n[rules]\nscript='r.rhai'\n{board}"
        );
        toml::from_str(&text).expect("test definition parses")
    }

    #[test]
    fn grid_with_removed_corners_has_the_right_cells_and_edges() {
        let b = board(&def(
            "[board]\ngrid={files=8,ranks=8,removed=['a1','a2','b1']}",
        ))
        .expect("board");
        assert_eq!(b.len(), 61);
        let c1 = b.cell("c1").expect("c1");
        let n = b.dir("n", 0).expect("n");
        let w = b.dir("w", 0).expect("w");
        assert_eq!(b.step(c1, n).map(|c| b.name(c)), Some("c2"));
        assert_eq!(b.step(c1, w).map(|c| b.name(c)), None, "b1 was removed");
        assert_eq!(b.rows()[0].len(), 8);
        assert_eq!(b.rows()[7].len(), 6);
    }

    #[test]
    fn a_grid_with_six_directions_is_a_rhombus_of_hexagons() {
        let b = board(&def(
            "[board]\ngrid={files=3,ranks=3,directions=['n','ne','e','s','sw','w']}",
        ))
        .expect("board");
        assert!(b.is_hex_grid());
        assert_eq!(b.dir_count(), 6);
        assert!(b.dir("nw", 0).is_none() && b.dir("se", 0).is_none());
        let b2 = b.cell("b2").expect("b2");
        let mut around: Vec<&str> = b
            .dirs()
            .filter_map(|d| b.step(b2, d))
            .map(|c| b.name(c))
            .collect();
        around.sort_unstable();
        assert_eq!(around, ["a1", "a2", "b1", "b3", "c2", "c3"]);
        let bad = board(&def(
            "[board]\ngrid={files=3,ranks=3,directions=['n','up','n','e']}",
        ))
        .expect_err("must fail");
        let messages: Vec<&str> = bad.iter().map(|p| p.message.as_str()).collect();
        assert_eq!(
            messages,
            [
                "`up` is not a compass direction: use n, ne, e, se, s, sw, w or nw",
                "`n` is listed twice"
            ]
        );
    }

    #[test]
    fn unknown_cells_and_directions_are_reported_with_their_path() {
        let d = def(
            "[board]\ngrid={files=3,ranks=3}\n[regions]\nhome={A=['a1','z9'],B=['c3']}\n[directions.forward]\nA='n'\nB='sideways'",
        );
        let problems = board(&d).expect_err("must fail");
        assert!(
            problems.iter().any(
                |p| p.message == "unknown cell `z9`" && p.path == ["regions", "home", "A", "1"]
            )
        );
        assert!(
            problems
                .iter()
                .any(|p| p.message.contains("`sideways` is not a direction"))
        );
    }

    #[test]
    fn a_board_in_separate_parts_is_built_and_its_parts_stay_apart() {
        // Two islands, x-y and z-w (a board need not be connected).
        let d = def(
            "[board]\ncells=[{name='x'},{name='y'},{name='z'},{name='w'}]\nlinks=[{from='x',to='y',dir='e',back='w'},{from='z',to='w',dir='e',back='w'}]",
        );
        let b = board(&d).expect("a board of two islands builds");
        let e = b.dir("e", 0).expect("e");
        let (x, y, z) = (b.cell("x"), b.cell("y"), b.cell("z"));
        assert_eq!(b.step(x.expect("x"), e), y);
        assert_eq!(
            b.step(y.expect("y"), e),
            None,
            "no link from one island to the other"
        );
        let mut target = CellSet::new(b.len());
        target.insert(z.expect("z"));
        let to_z = b.distances_to(&target);
        assert_eq!(
            to_z[x.expect("x").index()],
            u16::MAX,
            "z cannot be reached from x"
        );
    }
}
