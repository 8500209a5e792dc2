//! Board topology: cells, labelled directions, regions and drawing rows, built from the
//! definition. A petgraph graph carries the graph algorithms (distances, connections); move
//! generation uses a dense `cell x direction` table, because a table lookup is a few times cheaper than walking
//! graph edges and it is the innermost operation of every generator.
//!
//! Key types: [`Board`], [`CellId`], [`DirId`], [`CellSet`]. Knows nothing of pieces or rules.

use std::collections::HashMap;

use petgraph::graph::{DiGraph, NodeIndex};

mod cell_lists;
pub(crate) mod facing;
pub(crate) mod numbered;
pub(crate) mod ranges;
pub(crate) mod systems;

pub use cell_lists::CellLists;

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
pub fn all_cells(n: usize) -> CellSet {
    let mut words = vec![u64::MAX; n.div_ceil(64)];
    if let Some(last) = words.last_mut()
        && !n.is_multiple_of(64)
    {
        *last = (1u64 << (n % 64)) - 1;
    }
    CellSet(words)
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

/// A set of cells as a bitset: the one bitset type over a board's cells. Cell `c` is bit
/// `c % 64` of word `c / 64`; [`BitCells`] reads any such words in board order. The state
/// packs its per-owner sets into one vector of these words (`State::owned`: one load away
/// for the generators) and keeps the unmoved marks inline (`SmallVec`): the same layout,
/// read the same way, stored where the hot path wants it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CellSet(Vec<u64>);

impl CellSet {
    pub(crate) fn new(n: usize) -> Self {
        CellSet(vec![0; n.div_ceil(64)])
    }
    pub(crate) fn insert(&mut self, c: CellId) {
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

pub(crate) const NONE: u16 = u16::MAX;

/// The board of a game.
#[derive(Clone, Debug)]
pub struct Board {
    pub(crate) names: Vec<String>,
    pub(crate) coords: Vec<(i64, i64)>,
    pub(crate) index: HashMap<String, CellId>,
    pub(crate) dir_names: Vec<String>,
    /// `next[cell * dirs + dir]`: the neighbour, or `NONE`.
    pub(crate) next: Vec<u16>,
    /// Player-relative direction names -> per seat, the absolute direction.
    pub(crate) relative: HashMap<String, Vec<DirId>>,
    pub(crate) regions: Vec<Region>,
    pub(crate) rows: Vec<Vec<CellId>>,
    /// Grid size, when the board is a generated grid.
    pub grid: Option<(u32, u32)>,
    /// A grid of points joined by lines rather than of squares (`diagonals` through some
    /// points only: alquerque): drawn as points and their links.
    pub points: bool,
    /// The board as a graph, one node per cell (node index = cell index) and an edge per
    /// link: what graph algorithms (distances) run on.
    pub(crate) graph: DiGraph<(), ()>,
    /// The same, links taken both ways (connections, groups).
    pub(crate) undirected: petgraph::graph::UnGraph<(), ()>,
    /// Each direction's opposite, where the links have one (`n` and `s`).
    pub(crate) reverse: Vec<Option<DirId>>,
    /// Per direction, whether its opposite has no link of its own: every link of
    /// `reverse[d]` is a `d` link taken back, so a walk back needs no check that the way
    /// back is the way forward (true of every grid; a listed board may say otherwise).
    pub(crate) reverse_exact: Vec<bool>,
    /// A grid of grids (`grid.blocks`): each cell's block, and the block it sends to.
    pub blocks: Option<Blocks>,
    /// A board of dots and lines (`grid.lines`): the lines and boxes as cells, and how they
    /// meet the points.
    pub lattice: Option<Lattice>,
}

/// The lines and boxes of a board of dots and lines (`[board] grid.lines`, `grid.boxes`) as
/// cells after the points: the points first, then the lines, then the boxes. No link leads
/// onto a line or a box; these tables are how the engine finds them from the points.
#[derive(Clone, Debug, Default)]
pub struct Lattice {
    /// The first line's cell index (the number of points).
    pub first_line: usize,
    /// The first box's cell index (after the last line).
    pub first_box: usize,
    /// Per line (counted from `first_line`): the two points it joins, lower index first.
    pub ends: Vec<(CellId, CellId)>,
    /// Per line: the boxes it borders (none, one or two).
    pub boxes_of: Vec<smallvec::SmallVec<[CellId; 2]>>,
    /// Per box (counted from `first_box`): its four lines.
    pub sides: Vec<[CellId; 4]>,
    /// Per point: the lines that end there.
    pub at: Vec<smallvec::SmallVec<[CellId; 8]>>,
    /// `between[point * dirs + dir]`: the line from the point to its neighbour that way, or
    /// `NONE` (no neighbour, or no line between: an orthogonal board's diagonal).
    pub between: Vec<u16>,
}

impl Lattice {
    /// The line from point `c` along direction `d` (`dirs` directions), if there is one.
    #[inline]
    pub fn line(&self, c: CellId, d: DirId, dirs: usize) -> Option<CellId> {
        match self.between.get(c.index() * dirs + d.index()) {
            Some(&l) if l != NONE => Some(CellId(l)),
            _ => None,
        }
    }

    /// The lines ending at point `c` (none for a line or a box).
    pub fn lines_at(&self, c: CellId) -> &[CellId] {
        self.at.get(c.index()).map_or(&[], |v| v.as_slice())
    }

    /// The two points line `l` joins, if `l` is a line.
    pub fn ends_of(&self, l: CellId) -> Option<(CellId, CellId)> {
        l.index()
            .checked_sub(self.first_line)
            .and_then(|i| self.ends.get(i))
            .copied()
    }

    /// The boxes line `l` borders.
    pub fn boxes_of(&self, l: CellId) -> &[CellId] {
        l.index()
            .checked_sub(self.first_line)
            .and_then(|i| self.boxes_of.get(i))
            .map_or(&[], |v| v.as_slice())
    }

    /// The four lines of box `b`, if `b` is a box.
    pub fn sides_of(&self, b: CellId) -> Option<&[CellId; 4]> {
        b.index()
            .checked_sub(self.first_box)
            .and_then(|i| self.sides.get(i))
    }
}

/// The blocks of a grid of grids (`[board] grid.blocks`), by cell.
#[derive(Clone, Debug)]
pub struct Blocks {
    /// Each cell's block (blocks numbered along the ranks from the bottom left).
    pub of: Vec<u16>,
    /// The block at the place each cell has within its own block, `NONE` when the grid of
    /// blocks has no block there (blocks of 3x3 arranged 2x2).
    pub sends: Vec<u16>,
}

pub(crate) fn file_name(f: u32) -> String {
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
    /// An empty board for the lowering (`crate::lower::board`) to fill.
    pub(crate) fn empty() -> Board {
        Board {
            names: Vec::new(),
            coords: Vec::new(),
            index: HashMap::new(),
            dir_names: Vec::new(),
            blocks: None,
            lattice: None,
            next: Vec::new(),
            relative: HashMap::new(),
            regions: Vec::new(),
            rows: Vec::new(),
            grid: None,
            points: false,
            graph: DiGraph::new(),
            undirected: petgraph::graph::UnGraph::new_undirected(),
            reverse: Vec::new(),
            reverse_exact: Vec::new(),
        }
    }

    /// The direction that leads back along every `d` link, if there is one.
    pub(crate) fn find_reverse(&self, d: DirId) -> Option<DirId> {
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

    /// Whether every link of `d`'s opposite leads back along a `d` link: a step back along
    /// it is then always a step forward along `d` taken back.
    pub fn reverse_exact(&self, d: DirId) -> bool {
        self.reverse_exact.get(d.index()).copied().unwrap_or(false)
    }

    /// Whether the links of `back` are all `d` links taken back ([`Board::reverse_exact`]
    /// is this for `back = reverse(d)`, worked out at load).
    pub(crate) fn only_links_back(&self, d: DirId, back: DirId) -> bool {
        self.cells().all(|n| {
            self.step(n, back)
                .is_none_or(|c| self.step(c, d) == Some(n))
        })
    }

    /// The cells linked to `c` either way (a neighbour may appear twice on a board with links
    /// both ways): what touching means for groups and connections.
    pub fn touching(&self, c: CellId) -> impl Iterator<Item = CellId> + '_ {
        self.undirected
            .neighbors(NodeIndex::new(c.index()))
            .map(|n| CellId(n.index() as u16))
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

    pub(crate) fn lookup(
        &self,
        name: &str,
        path: &[&str],
        problems: &mut Vec<Problem>,
    ) -> Option<CellId> {
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
            match ranges::expand_item(item) {
                // A pattern selects the board's cells among its names.
                Ok(e) if e.pattern => {
                    let found: Vec<CellId> = e.names.iter().filter_map(|n| self.cell(n)).collect();
                    if found.is_empty() {
                        problems.push(Problem::at(
                            &at,
                            format!("`{item}` selects no cell of the board"),
                        ));
                    }
                    cells.extend(found);
                }
                Ok(e) => {
                    cells.extend(e.names.iter().filter_map(|n| self.lookup(n, &at, problems)));
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
        self.absolute_dir(name)
            .or_else(|| self.relative.get(name).and_then(|v| v.get(seat)).copied())
    }

    /// An absolute direction by its label (`ne`), not a player-relative one: what a piece
    /// lies pointing along is the same for every seat.
    pub fn absolute_dir(&self, name: &str) -> Option<DirId> {
        // Byte by byte: names are a few letters, and `==` on strings calls `memcmp` (a
        // script's `s.step(c, "n")` asks this at every call).
        let name = name.as_bytes();
        self.dir_names
            .iter()
            .position(|d| {
                let d = d.as_bytes();
                d.len() == name.len() && d.iter().zip(name).all(|(a, b)| a == b)
            })
            .map(|i| DirId(i as u8))
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
        assert!(all_cells(0).words().is_empty());
        assert_eq!(all_cells(64).words(), [u64::MAX]);
        assert_eq!(all_cells(70).words(), [u64::MAX, 0b11_1111]);
        assert_eq!(all_cells(70).iter().count(), 70);
    }
}
