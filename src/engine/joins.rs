//! Each seat's groups of touching pieces, kept move by move for a connection goal (`[end]
//! connect`): a union-find over the cells, with the goal's two sides a group touches as two
//! bits on its root, so "has the mover joined its sides" is one bit test after a move rather
//! than a search of the board (Hex checked its connection by a breadth-first search after every
//! stone: over a third of a random playout's time).
//!
//! A union-find grows but cannot shrink. So the structure follows the board only while pieces
//! are added: each cell that gains a seat's piece is one entry of a trail, with the unions it
//! made, and a cell that loses its piece is taken back exactly when it is the trail's last
//! entry (how undo runs, and how a placement is played and taken back in look-ahead). Any other
//! change (a piece moved off or captured, a top piece changing owner) leaves the structure
//! stale; the engine builds it again from the tops before it next asks, and until then nothing
//! reads it. No path compression, so every union is undone by resetting two nodes.
//!
//! Derived from the tops like `State::owned`, so it takes no part in equality; the conformance
//! test checks it against a recomputation at every position.

use crate::board::{Board, CellSet};

use super::PlayerId;

/// The board facts the groups need, fixed at load: every cell's neighbours (the board's links
/// both ways) and, per seat, which of the goal's two sides each cell lies on.
#[derive(Clone, Debug)]
pub struct JoinTable {
    /// Where each cell's neighbours start in `links` (one more entry than cells).
    starts: Vec<u32>,
    links: Vec<u16>,
    /// Per seat then cell: bit 0 on the first side, bit 1 on the second.
    sides: Vec<u8>,
    cells: usize,
}

/// Both sides touched.
const BOTH: u8 = 0b11;

impl JoinTable {
    /// The table for a goal joining `first` and `second` (each seat's part of them) on
    /// `board`; `None` past 64 seats (the joined seats are a word of bits).
    pub fn new(
        board: &Board,
        seats: usize,
        first: impl Fn(usize) -> CellSet,
        second: impl Fn(usize) -> CellSet,
    ) -> Option<JoinTable> {
        if seats > 64 || board.len() > usize::from(u16::MAX) {
            return None;
        }
        let cells = board.len();
        let mut starts = Vec::with_capacity(cells + 1);
        let mut links = Vec::new();
        for c in board.cells() {
            starts.push(u32::try_from(links.len()).ok()?);
            let mut near: Vec<u16> = board
                .touching(c)
                .map(|n| n.0)
                .filter(|&n| n != c.0)
                .collect();
            near.sort_unstable();
            near.dedup();
            links.extend(near);
        }
        starts.push(u32::try_from(links.len()).ok()?);
        let mut sides = vec![0u8; seats * cells];
        for seat in 0..seats {
            let (a, b) = (first(seat), second(seat));
            for c in board.cells() {
                sides[seat * cells + c.index()] =
                    u8::from(a.contains(c)) | (u8::from(b.contains(c)) << 1);
            }
        }
        Some(JoinTable {
            starts,
            links,
            sides,
            cells,
        })
    }

    fn near(&self, c: usize) -> &[u16] {
        &self.links[self.starts[c] as usize..self.starts[c + 1] as usize]
    }
}

/// One cell's place in the union-find (meaningful only while a seat's piece is on top there).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
struct Node {
    parent: u16,
    size: u16,
    /// On a root: the sides its group touches.
    sides: u8,
}

/// What taking back the last additions needs.
#[derive(Clone, Copy, Debug)]
enum Step {
    /// A cell joined the groups; the joined seats were these before.
    Added { joined: u64 },
    /// Root `child` was hung under `root`, whose sides were these before.
    Linked { child: u16, root: u16, sides: u8 },
}

/// The seats' groups of a game with a connection goal.
#[derive(Clone, Debug, Default)]
pub struct Joins {
    nodes: Vec<Node>,
    trail: Vec<Step>,
    /// The cells added, in order (the trail's `Added` entries' cells).
    added: Vec<u16>,
    /// A bit per seat that has a group touching both sides.
    joined: u64,
    stale: bool,
}

impl Joins {
    /// The groups for a game whose goal table is `table` (none for a game without the goal),
    /// stale until first built.
    pub fn new(table: Option<&JoinTable>) -> Option<Box<Joins>> {
        table.map(|t| {
            Box::new(Joins {
                nodes: vec![Node::default(); t.cells],
                stale: true,
                ..Joins::default()
            })
        })
    }

    /// Whether seat `p` has a group touching both sides; `None` while the structure is stale
    /// (the caller searches the board instead).
    pub fn joined(&self, p: PlayerId) -> Option<bool> {
        (!self.stale).then(|| self.joined & (1 << p.index()) != 0)
    }

    /// Whether the structure must be built again before it is read.
    pub fn is_stale(&self) -> bool {
        self.stale
    }

    fn find(&self, mut c: usize) -> usize {
        while usize::from(self.nodes[c].parent) != c {
            c = usize::from(self.nodes[c].parent);
        }
        c
    }

    /// Cell `c`'s top changed owner from `old` to `new` (seats; `None`: empty or neutral);
    /// `owner_of` gives any cell's current owner.
    #[inline]
    pub fn changed(
        &mut self,
        table: &JoinTable,
        c: usize,
        old: Option<PlayerId>,
        new: Option<PlayerId>,
        owner_of: impl Fn(usize) -> Option<PlayerId>,
    ) {
        if self.stale || old == new {
            return;
        }
        match (old, new) {
            (None, Some(p)) => self.add(table, c, p, owner_of),
            (Some(_), None) if self.added.last() == Some(&(c as u16)) => self.take_back_last(),
            _ => self.go_stale(),
        }
    }

    fn go_stale(&mut self) {
        self.stale = true;
        self.trail.clear();
        self.added.clear();
    }

    fn add(
        &mut self,
        table: &JoinTable,
        c: usize,
        p: PlayerId,
        owner_of: impl Fn(usize) -> Option<PlayerId>,
    ) {
        self.trail.push(Step::Added {
            joined: self.joined,
        });
        self.added.push(c as u16);
        self.alone(table, c, p);
        for &n in table.near(c) {
            let n = usize::from(n);
            if owner_of(n) != Some(p) {
                continue;
            }
            let (a, b) = (self.find(c), self.find(n));
            if a != b {
                self.link(a, b);
            }
        }
        if self.nodes[self.find(c)].sides == BOTH {
            self.joined |= 1 << p.index();
        }
    }

    /// Makes cell `c`, holding seat `p`'s piece, a group of its own.
    fn alone(&mut self, table: &JoinTable, c: usize, p: PlayerId) {
        self.nodes[c] = Node {
            parent: c as u16,
            size: 1,
            sides: table.sides[p.index() * table.cells + c],
        };
    }

    /// Hangs the smaller of two roots under the larger.
    fn link(&mut self, a: usize, b: usize) {
        let (child, root) = if self.nodes[a].size < self.nodes[b].size {
            (a, b)
        } else {
            (b, a)
        };
        self.trail.push(Step::Linked {
            child: child as u16,
            root: root as u16,
            sides: self.nodes[root].sides,
        });
        let Node { size, sides, .. } = self.nodes[child];
        self.nodes[child].parent = root as u16;
        let r = &mut self.nodes[root];
        r.size = r.size.saturating_add(size);
        r.sides |= sides;
    }

    /// Undoes the last cell added and its unions, latest first.
    fn take_back_last(&mut self) {
        self.added.pop();
        while let Some(step) = self.trail.pop() {
            match step {
                Step::Linked { child, root, sides } => {
                    let (child, root) = (usize::from(child), usize::from(root));
                    let size = self.nodes[child].size;
                    self.nodes[child].parent = child as u16;
                    let r = &mut self.nodes[root];
                    r.size -= size;
                    r.sides = sides;
                }
                Step::Added { joined } => {
                    self.joined = joined;
                    return;
                }
            }
        }
    }

    /// Builds the groups again from every cell's owner: every piece's cell alone first, then
    /// joined to its neighbours (a cell must be in the structure before a union reads it).
    pub fn rebuild(&mut self, table: &JoinTable, owner_of: impl Fn(usize) -> Option<PlayerId>) {
        self.stale = false;
        self.trail.clear();
        self.added.clear();
        self.joined = 0;
        for c in 0..table.cells {
            if let Some(p) = owner_of(c) {
                self.alone(table, c, p);
            }
        }
        for c in 0..table.cells {
            let Some(p) = owner_of(c) else { continue };
            for &n in table.near(c) {
                let n = usize::from(n);
                if n < c && owner_of(n) == Some(p) {
                    let (a, b) = (self.find(c), self.find(n));
                    if a != b {
                        self.link(a, b);
                    }
                }
            }
        }
        for c in 0..table.cells {
            if let Some(p) = owner_of(c)
                && self.nodes[c].parent == c as u16
                && self.nodes[c].sides == BOTH
            {
                self.joined |= 1 << p.index();
            }
        }
        // What was built is the starting point: none of it is taken back one cell at a time.
        self.trail.clear();
    }

    /// Whether this structure (unless stale) groups the cells as a fresh build from the same
    /// owners does, with the same sides and joined seats (the conformance test asks).
    pub fn agrees(&self, table: &JoinTable, owner_of: impl Fn(usize) -> Option<PlayerId>) -> bool {
        if self.stale {
            return true;
        }
        let mut fresh = Joins {
            nodes: vec![Node::default(); table.cells],
            ..Joins::default()
        };
        fresh.rebuild(table, &owner_of);
        if fresh.joined != self.joined {
            return false;
        }
        // The same partition: the roots map one to one, and every group's sides agree.
        let mut mine_of = vec![u16::MAX; table.cells];
        let mut theirs_of = vec![u16::MAX; table.cells];
        for c in (0..table.cells).filter(|&c| owner_of(c).is_some()) {
            let (a, b) = (self.find(c), fresh.find(c));
            if self.nodes[a].sides != fresh.nodes[b].sides
                || self.nodes[a].size != fresh.nodes[b].size
            {
                return false;
            }
            for (map, from, to) in [(&mut mine_of, a, b), (&mut theirs_of, b, a)] {
                if map[from] == u16::MAX {
                    map[from] = to as u16;
                } else if usize::from(map[from]) != to {
                    return false;
                }
            }
        }
        true
    }
}
