//! Groups of like pieces and their liberties (Go and its family): cells whose top pieces
//! share an owner and touch along the given directions form a group; its liberties are the
//! distinct empty cells next to it. Found once per position in one sweep over the dense
//! direction table, so a placement's captures and suicide are a lookup each.

use smallvec::SmallVec;

use super::{PlayerId, State, Tables};
use crate::board::{CellId, DirId};

/// No group (an empty cell).
const NONE: u16 = u16::MAX;

/// The groups of a position.
pub struct Groups {
    /// The group of each cell (`NONE` where empty).
    of: Vec<u16>,
    /// Liberties of each group.
    libs: Vec<u16>,
    /// Owner of each group.
    owner: Vec<Option<PlayerId>>,
    /// Every group's cells, one group after another (a flood fill finds a group's cells
    /// together): one allocation however many groups, where a list per group cost Go a
    /// third of its playout time in allocation and copying.
    members: Vec<CellId>,
    /// Where each group's cells start in `members` (one more entry than groups).
    starts: Vec<u16>,
}

impl Groups {
    /// Finds every group of the position, adjacency along `dirs`. Kept out of line: once a
    /// position, and its own line in a profile.
    #[inline(never)]
    pub fn of(t: &Tables, s: &State, dirs: &[DirId]) -> Groups {
        let n = t.board.len();
        let mut g = Groups {
            of: vec![NONE; n],
            libs: Vec::new(),
            owner: Vec::new(),
            members: Vec::with_capacity(n),
            starts: vec![0],
        };
        // Marks which empty cells were counted as liberties of the current group.
        let mut counted = vec![NONE; n];
        let owner_at = |c: CellId| s.top_cell(c).map(|p| t.info(p).owner);
        for start in t.board.cells() {
            let Some(owner) = owner_at(start) else {
                continue;
            };
            if g.of[start.index()] != NONE {
                continue;
            }
            let id = g.libs.len() as u16;
            let mut libs = 0u16;
            g.of[start.index()] = id;
            // The group's cells so far are also the fill's queue: `next` walks them.
            let first = g.members.len();
            g.members.push(start);
            let mut next = first;
            while let Some(&c) = g.members.get(next) {
                next += 1;
                for &d in dirs {
                    let Some(x) = t.board.step(c, d) else {
                        continue;
                    };
                    match owner_at(x) {
                        None => {
                            if counted[x.index()] != id {
                                counted[x.index()] = id;
                                libs += 1;
                            }
                        }
                        Some(o) if o == owner && g.of[x.index()] == NONE => {
                            g.of[x.index()] = id;
                            g.members.push(x);
                        }
                        Some(_) => {}
                    }
                }
            }
            g.libs.push(libs);
            g.owner.push(owner);
            g.starts.push(g.members.len() as u16);
        }
        g
    }

    /// What placing a piece of `player` on the empty cell `c` does: the enemy groups it
    /// captures (their only liberty was `c`), and whether the placed piece's own group is then
    /// left without a liberty (suicide).
    pub fn placing(
        &self,
        t: &Tables,
        c: CellId,
        player: PlayerId,
        dirs: &[DirId],
    ) -> (SmallVec<[u16; 4]>, bool) {
        let mut captured: SmallVec<[u16; 4]> = SmallVec::new();
        let mut alive = false;
        for &d in dirs {
            let Some(x) = t.board.step(c, d) else {
                continue;
            };
            let g = self.of[x.index()];
            if g == NONE {
                alive = true;
                continue;
            }
            let gi = g as usize;
            if self.owner[gi] == Some(player) {
                alive |= self.libs[gi] > 1;
            } else if self.libs[gi] == 1 && !captured.contains(&g) {
                captured.push(g);
            }
        }
        let suicide = !alive && captured.is_empty();
        (captured, suicide)
    }

    /// The own groups next to `c` (for a suicide that takes them with the placed piece).
    pub fn own_next_to(
        &self,
        t: &Tables,
        c: CellId,
        player: PlayerId,
        dirs: &[DirId],
    ) -> SmallVec<[u16; 4]> {
        let mut out: SmallVec<[u16; 4]> = SmallVec::new();
        for &d in dirs {
            if let Some(x) = t.board.step(c, d) {
                let g = self.of[x.index()];
                if g != NONE && self.owner[g as usize] == Some(player) && !out.contains(&g) {
                    out.push(g);
                }
            }
        }
        out
    }

    /// The cells of group `g`.
    pub fn cells(&self, g: u16) -> &[CellId] {
        let g = usize::from(g);
        &self.members[usize::from(self.starts[g])..usize::from(self.starts[g + 1])]
    }
}

/// Seat `p`'s area (area scoring): its pieces on the board, and the empty cells of every
/// empty region (connected along `dirs`) that touches only `p`'s pieces.
pub fn area(t: &Tables, s: &State, p: PlayerId, dirs: &[DirId]) -> i64 {
    let n = t.board.len();
    let mut seen = vec![false; n];
    let mut total = 0i64;
    let mut stack = Vec::new();
    for start in t.board.cells() {
        match s.top_cell(start) {
            Some(q) => {
                if t.info(q).owner == Some(p) {
                    total += 1;
                }
                continue;
            }
            None if seen[start.index()] => continue,
            None => {}
        }
        let (mut size, mut mine, mut theirs) = (0i64, false, false);
        seen[start.index()] = true;
        stack.push(start);
        while let Some(c) = stack.pop() {
            size += 1;
            for &d in dirs {
                let Some(x) = t.board.step(c, d) else {
                    continue;
                };
                match s.top_cell(x) {
                    None if !seen[x.index()] => {
                        seen[x.index()] = true;
                        stack.push(x);
                    }
                    None => {}
                    Some(q) if t.info(q).owner == Some(p) => mine = true,
                    Some(_) => theirs = true,
                }
            }
        }
        if mine && !theirs {
            total += size;
        }
    }
    total
}
