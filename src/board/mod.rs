//! Board topology: cells, labelled directions, regions and drawing rows, built from the
//! definition. A petgraph graph carries the graph algorithms (distances, connections); move
//! generation uses a dense `cell x direction` table, because a table lookup is a few times cheaper than walking
//! graph edges and it is the innermost operation of every generator.
//!
//! Key types: [`Board`], [`CellId`], [`DirId`], [`CellSet`]. Knows nothing of pieces or rules.

use std::collections::HashMap;

use petgraph::graph::{DiGraph, NodeIndex};

mod facing;
pub mod numbered;
pub mod ranges;

use crate::def::{BoardDef, GameDef, RegionDef};
use crate::diag::Problem;

/// The most cells a board may have (the engine numbers cells and zones in 16 bits).
pub const MAX_CELLS: usize = 20_000;

/// The largest drawing coordinate a listed cell may have (either sign): drawings are laid
/// out from them, and nothing real needs more.
pub const MAX_COORD: u64 = 100_000;

/// A cell of one board. Only a [`Board`] makes them, so they are always in range for it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CellId(pub(crate) u16);

impl CellId {
    /// The cell's index, 0-based, in board order.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// A direction label of one board (`n`, `ne`, or any name an explicit board uses).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DirId(pub(crate) u8);

impl DirId {
    /// The direction's index, 0-based.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// The cells of a bitset over a board's cells (cell `c` is bit `c % 64` of word `c / 64`),
/// in board order.
#[derive(Clone, Debug)]
pub struct BitCells<'a> {
    words: &'a [u64],
    /// Index of the word `rest` came from.
    at: usize,
    /// The bits of that word not yet given.
    rest: u64,
}

impl<'a> BitCells<'a> {
    /// The cells of `words`.
    #[inline]
    pub fn new(words: &'a [u64]) -> BitCells<'a> {
        BitCells {
            words,
            at: 0,
            rest: words.first().copied().unwrap_or(0),
        }
    }

    /// The cells of one word, word `w` of a bitset.
    #[inline]
    pub fn single_word(w: usize, bits: u64) -> BitCells<'a> {
        BitCells {
            words: &[],
            at: w,
            rest: bits,
        }
    }

    /// The one cell `c`.
    #[inline]
    pub fn single(c: CellId) -> BitCells<'a> {
        BitCells {
            words: &[],
            at: c.index() / 64,
            rest: 1 << (c.index() % 64),
        }
    }
}

/// The cells of a bitset given a word at a time, in board order.
pub fn cells_of_words(words: impl Iterator<Item = u64>) -> impl Iterator<Item = CellId> {
    words
        .enumerate()
        .flat_map(|(w, bits)| BitCells::single_word(w, bits))
}

/// The bitset of every cell of a board of `n` cells.
pub fn all_cells(n: usize) -> Vec<u64> {
    let mut words = vec![u64::MAX; n.div_ceil(64)];
    if let Some(last) = words.last_mut()
        && !n.is_multiple_of(64)
    {
        *last = (1u64 << (n % 64)) - 1;
    }
    words
}

impl Iterator for BitCells<'_> {
    type Item = CellId;

    #[inline]
    fn next(&mut self) -> Option<CellId> {
        while self.rest == 0 {
            self.at += 1;
            self.rest = *self.words.get(self.at)?;
        }
        let b = self.rest.trailing_zeros() as usize;
        self.rest &= self.rest - 1;
        // Boards have at most 20,000 cells: the index fits.
        Some(CellId((self.at * 64 + b) as u16))
    }
}

/// A set of cells as a bitset.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CellSet(Vec<u64>);

impl CellSet {
    fn new(n: usize) -> Self {
        CellSet(vec![0; n.div_ceil(64)])
    }
    fn insert(&mut self, c: CellId) {
        self.0[c.index() / 64] |= 1 << (c.index() % 64);
    }
    /// Whether the set holds the cell.
    #[inline]
    pub fn contains(&self, c: CellId) -> bool {
        self.0[c.index() / 64] & (1 << (c.index() % 64)) != 0
    }
    /// The cells, in board order.
    pub fn iter(&self) -> BitCells<'_> {
        BitCells::new(&self.0)
    }

    /// The set's words (cell `c` is bit `c % 64` of word `c / 64`), to combine with other
    /// bitsets over the same board.
    #[inline]
    pub fn words(&self) -> &[u64] {
        &self.0
    }

    /// The cells of either set (of the same board).
    pub fn union(&self, other: &CellSet) -> CellSet {
        let n = self.0.len().max(other.0.len());
        let word = |v: &Vec<u64>, i: usize| v.get(i).copied().unwrap_or(0);
        CellSet(
            (0..n)
                .map(|i| word(&self.0, i) | word(&other.0, i))
                .collect(),
        )
    }
}

/// A named region: one cell set, or one per seat.
#[derive(Clone, Debug)]
pub struct Region {
    /// Region name.
    pub name: String,
    /// One set (shared) or one per seat.
    pub sets: Vec<CellSet>,
    /// Whether `sets` is per seat.
    pub per_seat: bool,
}

impl Region {
    /// The cells of the region for a seat (shared regions ignore the seat).
    pub fn for_seat(&self, seat: usize) -> &CellSet {
        if self.per_seat {
            &self.sets[seat]
        } else {
            &self.sets[0]
        }
    }
}

const NONE: u16 = u16::MAX;

/// The board of a game.
#[derive(Clone, Debug)]
pub struct Board {
    names: Vec<String>,
    coords: Vec<(i64, i64)>,
    index: HashMap<String, CellId>,
    dir_names: Vec<String>,
    /// `next[cell * dirs + dir]`: the neighbour, or `NONE`.
    next: Vec<u16>,
    /// Player-relative direction names -> per seat, the absolute direction.
    relative: HashMap<String, Vec<DirId>>,
    regions: Vec<Region>,
    rows: Vec<Vec<CellId>>,
    /// Grid size, when the board is a generated grid.
    pub grid: Option<(u32, u32)>,
    /// The board as a graph, one node per cell (node index = cell index) and an edge per
    /// link: what graph algorithms (distances) run on.
    graph: DiGraph<(), ()>,
    /// The same, links taken both ways (connections, groups).
    undirected: petgraph::graph::UnGraph<(), ()>,
    /// Each direction's opposite, where the links have one (`n` and `s`).
    reverse: Vec<Option<DirId>>,
}

fn file_name(f: u32) -> String {
    let mut s = String::new();
    let mut f = f as i64;
    loop {
        s.insert(0, (b'a' + (f % 26) as u8) as char);
        f = f / 26 - 1;
        if f < 0 {
            break;
        }
    }
    s
}

impl Board {
    /// Builds and checks the board, its directions and regions. Reports every problem found.
    pub fn build(def: &GameDef) -> Result<Board, Vec<Problem>> {
        let mut problems = Vec::new();
        let seats: Vec<&str> = def.players.seats.iter().map(|s| s.name.as_str()).collect();
        let mut b = Board {
            names: Vec::new(),
            coords: Vec::new(),
            index: HashMap::new(),
            dir_names: Vec::new(),
            next: Vec::new(),
            relative: HashMap::new(),
            regions: Vec::new(),
            rows: Vec::new(),
            grid: None,
            graph: DiGraph::new(),
            undirected: petgraph::graph::UnGraph::new_undirected(),
            reverse: Vec::new(),
        };
        let mut links: Vec<(CellId, CellId, String)> = Vec::new();
        let generated;
        let bd: &BoardDef = match &def.board.numbered {
            Some(n) => match numbered::lower(&def.board, n) {
                Ok(listed) => {
                    generated = listed;
                    &generated
                }
                Err(p) => return Err(vec![p]),
            },
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
        if let Some(g) = &bd.grid {
            if g.files == 0 || g.ranks == 0 || g.files > 52 || g.ranks > 99 {
                problems.push(Problem::at(
                    &["board", "grid"],
                    "a grid needs 1..=52 files and 1..=99 ranks",
                ));
                return Err(problems);
            }
            b.grid = Some((g.files, g.ranks));
            let all: Vec<(u32, u32, String)> = (0..g.ranks)
                .flat_map(|r| (0..g.files).map(move |f| (f, r)))
                .map(|(f, r)| (f, r, format!("{}{}", file_name(f), r + 1)))
                .collect();
            for (i, name) in g.removed.iter().enumerate() {
                if !all.iter().any(|(_, _, n)| n == name) {
                    problems.push(
                        Problem::at(
                            &["board", "grid", "removed", &i.to_string()],
                            format!("`{name}` is not a cell of the grid"),
                        )
                        .suggesting(name, all.iter().map(|(_, _, n)| n.as_str())),
                    );
                }
            }
            let coloured = |f: u32, r: u32| match g.only {
                None => true,
                Some(crate::def::SquareColour::Dark) => (f + r).is_multiple_of(2),
                Some(crate::def::SquareColour::Light) => (f + r) % 2 == 1,
            };
            for (f, r, name) in &all {
                if !g.removed.contains(name) && coloured(*f, *r) {
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
                        format!(
                            "`{d}` is not a compass direction: use n, ne, e, se, s, sw, w or nw"
                        ),
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
            for (name, df, dr) in dirs {
                for c in 0..b.names.len() {
                    let (f, r) = b.coords[c];
                    let (nf, nr) = (f + df, r + dr);
                    if nf < 0 || nr < 0 || nf >= g.files as i64 || nr >= g.ranks as i64 {
                        continue;
                    }
                    let n = format!("{}{}", file_name(nf as u32), nr + 1);
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
        } else {
            if bd.cells.len() > crate::board::MAX_CELLS {
                problems.push(Problem::at(
                    &["board", "cells"],
                    format!(
                        "{} cells: a board has at most {}",
                        bd.cells.len(),
                        crate::board::MAX_CELLS
                    ),
                ));
                return Err(problems);
            }
            for (i, c) in bd.cells.iter().enumerate() {
                for (key, v) in [("x", c.x), ("y", c.y)] {
                    if v.unsigned_abs() > MAX_COORD {
                        problems.push(Problem::at(
                            &["board", "cells", &i.to_string(), key],
                            format!(
                                "{key} = {v}: drawing positions are -{MAX_COORD} to {MAX_COORD}"
                            ),
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
                let from = b.lookup(&l.from, &["board", "links", &idx, "from"], &mut problems);
                let to = b.lookup(&l.to, &["board", "links", &idx, "to"], &mut problems);
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
                            &mut problems,
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
        }
        if b.names.len() >= NONE as usize {
            problems.push(Problem::at(&["board"], "too many cells (at most 65534)"));
            return Err(problems);
        }
        // Directions and the dense neighbour table.
        for (_, _, d) in &links {
            if !b.dir_names.contains(d) {
                b.dir_names.push(d.clone());
            }
        }
        if b.dir_names.len() > 250 {
            problems.push(Problem::at(
                &["board", "links"],
                "too many direction names (at most 250)",
            ));
            return Err(problems);
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
        // A board may be in separate parts (islands, several small boards side by side):
        // no link joins them, so no generator walks from one to another, and nothing else
        // needs one part. It used to be refused as "not connected"; tests/suite/islands.rs
        // plays such boards.
        // Player-relative directions.
        for (rel, per) in &def.directions {
            if b.dir_names.contains(rel) {
                problems.push(Problem::at(
                    &["directions", rel],
                    format!("`{rel}` is already a board direction"),
                ));
            }
            let mut dirs = Vec::new();
            for seat in &seats {
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
        // Regions.
        for (name, r) in &def.regions {
            let n = b.names.len();
            let mut region = Region {
                name: name.clone(),
                sets: Vec::new(),
                per_seat: false,
            };
            match r {
                RegionDef::Shared(cells) => {
                    let mut set = CellSet::new(n);
                    for id in b.lookup_list(cells, &["regions", name], &mut problems) {
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
                    for seat in &seats {
                        let mut set = CellSet::new(n);
                        match map.get(*seat) {
                            Some(cells) => {
                                let path = ["regions", name, seat];
                                for id in b.lookup_list(cells, &path, &mut problems) {
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
        facing::derive(&mut b, def, &mut problems);
        if problems.is_empty() {
            b.undirected = graph.clone().into_edge_type();
            b.graph = graph;
            b.reverse = (0..nd).map(|d| b.find_reverse(DirId(d as u8))).collect();
            Ok(b)
        } else {
            Err(problems)
        }
    }

    /// The direction that leads back along every `d` link, if there is one.
    fn find_reverse(&self, d: DirId) -> Option<DirId> {
        let links: Vec<(CellId, CellId)> = self
            .cells()
            .filter_map(|c| self.step(c, d).map(|n| (c, n)))
            .collect();
        if links.is_empty() {
            return None;
        }
        self.dirs()
            .find(|&e| links.iter().all(|&(c, n)| self.step(n, e) == Some(c)))
    }

    /// The opposite of direction `d` (`s` for `n`), where every `d` link has a way back.
    pub fn reverse(&self, d: DirId) -> Option<DirId> {
        self.reverse.get(d.index()).copied().flatten()
    }

    /// The cells connected to `from` through cells that satisfy `through` (neighbours over
    /// links either way), when that group reaches a cell of `to`: a chain joining two sides.
    pub fn chain_between(
        &self,
        from: &CellSet,
        to: &CellSet,
        through: impl Fn(CellId) -> bool,
    ) -> Option<Vec<CellId>> {
        let undirected =
            petgraph::visit::NodeFiltered::from_fn(&self.undirected, |n: NodeIndex| {
                through(CellId(n.index() as u16))
            });
        let mut seen = vec![false; self.len()];
        for start in from.iter().filter(|c| through(*c)) {
            if seen[start.index()] {
                continue;
            }
            let mut group = Vec::new();
            let mut bfs = petgraph::visit::Bfs::new(&undirected, NodeIndex::new(start.index()));
            while let Some(n) = bfs.next(&undirected) {
                seen[n.index()] = true;
                group.push(CellId(n.index() as u16));
            }
            if group.iter().any(|c| to.contains(*c)) {
                return Some(group);
            }
        }
        None
    }

    fn lookup(&self, name: &str, path: &[&str], problems: &mut Vec<Problem>) -> Option<CellId> {
        match self.index.get(name) {
            Some(&c) => Some(c),
            None => {
                problems.push(
                    Problem::at(path, format!("unknown cell `{name}`"))
                        .suggesting(name, self.names.iter().map(String::as_str)),
                );
                None
            }
        }
    }

    /// The cells of a list whose items are names or ranges (`"1..6"`, `"c1..f1"`), in
    /// order; problems are reported at the item (`path` + its index).
    pub fn lookup_list(
        &self,
        items: &[String],
        path: &[&str],
        problems: &mut Vec<Problem>,
    ) -> Vec<CellId> {
        let mut cells = Vec::new();
        for (i, item) in items.iter().enumerate() {
            let idx = i.to_string();
            let mut at = path.to_vec();
            at.push(&idx);
            match ranges::expand(item) {
                Ok(names) => {
                    cells.extend(names.iter().filter_map(|n| self.lookup(n, &at, problems)));
                }
                Err(m) => problems.push(Problem::at(&at, m)),
            }
        }
        cells
    }

    /// Number of cells.
    pub fn len(&self) -> usize {
        self.names.len()
    }

    /// True for a board with no cells (never true of a built board).
    pub fn is_empty(&self) -> bool {
        self.names.is_empty()
    }

    /// All cells, in board order.
    pub fn cells(&self) -> impl Iterator<Item = CellId> + use<> {
        (0..self.names.len() as u16).map(CellId)
    }

    /// The cell with this name.
    pub fn cell(&self, name: &str) -> Option<CellId> {
        self.index.get(name).copied()
    }

    /// The cell's name.
    pub fn name(&self, c: CellId) -> &str {
        &self.names[c.index()]
    }

    /// All cell names, in board order.
    pub fn names(&self) -> &[String] {
        &self.names
    }

    /// Drawing coordinates.
    pub fn coord(&self, c: CellId) -> (i64, i64) {
        self.coords[c.index()]
    }

    /// Whether the board is a rhombus of hexagons: a grid linked along `ne`/`sw` but not
    /// `nw`/`se`. Drawings shift each row half a cell so neighbours touch.
    pub fn is_hex_grid(&self) -> bool {
        let has = |d: &str| self.dir_names.iter().any(|n| n == d);
        self.grid.is_some() && has("ne") && has("sw") && !has("nw") && !has("se")
    }

    /// Number of direction labels.
    pub fn dir_count(&self) -> usize {
        self.dir_names.len()
    }

    /// All direction ids.
    pub fn dirs(&self) -> impl Iterator<Item = DirId> + use<> {
        (0..self.dir_names.len() as u8).map(DirId)
    }

    /// Direction label.
    pub fn dir_name(&self, d: DirId) -> &str {
        &self.dir_names[d.index()]
    }

    /// Resolves a direction name for a seat: an absolute label, or a player-relative one.
    pub fn dir(&self, name: &str, seat: usize) -> Option<DirId> {
        if let Some(i) = self.dir_names.iter().position(|d| d == name) {
            return Some(DirId(i as u8));
        }
        self.relative.get(name).and_then(|v| v.get(seat)).copied()
    }

    /// True if `name` is an absolute or relative direction.
    pub fn is_dir(&self, name: &str) -> bool {
        self.dir_names.iter().any(|d| d == name) || self.relative.contains_key(name)
    }

    /// Names of the player-relative directions.
    pub fn relative_names(&self) -> impl Iterator<Item = &str> {
        self.relative.keys().map(String::as_str)
    }

    /// The neighbour of `c` in direction `d`.
    #[inline]
    pub fn step(&self, c: CellId, d: DirId) -> Option<CellId> {
        let n = self.next[c.index() * self.dir_names.len() + d.index()];
        (n != NONE).then_some(CellId(n))
    }

    /// A region by name.
    pub fn region(&self, name: &str) -> Option<&Region> {
        self.regions.iter().find(|r| r.name == name)
    }

    /// Index of a region by name.
    pub fn region_index(&self, name: &str) -> Option<usize> {
        self.regions.iter().position(|r| r.name == name)
    }

    /// A region by index.
    pub fn region_at(&self, i: usize) -> &Region {
        &self.regions[i]
    }

    /// Steps from every cell to the nearest cell of `target`, following links forward
    /// (`u16::MAX` where the target cannot be reached): shortest paths on the board graph with
    /// its links reversed, from all of `target` at once.
    pub fn distances_to(&self, target: &CellSet) -> Vec<u16> {
        let mut reversed = self.graph.clone();
        reversed.reverse();
        let source = reversed.add_node(());
        for c in target.iter() {
            reversed.add_edge(source, NodeIndex::new(c.index()), ());
        }
        let found = petgraph::algo::dijkstra(&reversed, source, None, |_| 1u32);
        (0..self.len())
            .map(|c| {
                found
                    .get(&NodeIndex::new(c))
                    .map_or(u16::MAX, |d| u16::try_from(d - 1).unwrap_or(u16::MAX - 1))
            })
            .collect()
    }

    /// All regions.
    pub fn regions(&self) -> &[Region] {
        &self.regions
    }

    /// Rows for position text and drawing, top row first.
    pub fn rows(&self) -> &[Vec<CellId>] {
        &self.rows
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bitsets_give_their_cells_in_board_order() {
        let cells = |w: &[u64]| BitCells::new(w).map(|c| c.0).collect::<Vec<_>>();
        assert_eq!(cells(&[]), Vec::<u16>::new());
        assert_eq!(cells(&[0, 0b1001, 0, 1 << 63]), [64, 67, 255]);
        assert_eq!(
            BitCells::single(CellId(130)).collect::<Vec<_>>(),
            [CellId(130)]
        );
        assert!(all_cells(0).is_empty());
        assert_eq!(all_cells(64), [u64::MAX]);
        assert_eq!(all_cells(70), [u64::MAX, 0b11_1111]);
        assert_eq!(cells(&all_cells(70)).len(), 70);
    }

    fn def(board: &str) -> GameDef {
        let text = format!(
            "[game]\nid='t'\nname='t'\n[players]\nseats=[{{name='A'}},{{name='B'}}]\n[pieces.S]\nname='s'\n[rules]\nscript='r.rhai'\n{board}"
        );
        toml::from_str(&text).expect("test definition parses")
    }

    #[test]
    fn grid_with_removed_corners_has_the_right_cells_and_edges() {
        let b = Board::build(&def(
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
        let b = Board::build(&def(
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
        let bad = Board::build(&def(
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
        let problems = Board::build(&d).expect_err("must fail");
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
        let b = Board::build(&d).expect("a board of two islands builds");
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
