//! A hand-written IceSickle in plain Rust, independent of the icebox engine: the reference the
//! interpreted game (`games/icesickle`) is checked against, and the native side of the
//! `icesickle` benchmark. Shared by `tests/native_icesickle.rs` and `benches/icesickle.rs`.
//!
//! Rules (games/icesickle/game.toml, rules.rhai, RULINGS.md): a 5x5 board and one neutral stash
//! of 5 small (1 pip), 5 medium (2) and 5 large (3). Placement: the player to move puts any
//! stash size on any empty cell; after the 15th placement the phase becomes jumping and the
//! player who did not place first this round moves. A jump takes any piece in one of eight
//! directions over k cells, 1 <= k <= its pips, at least one of them occupied, onto the next
//! cell, which must be on the board and empty; every piece passed over is captured and its pips
//! scored by the mover. A player with no jump ends the round: before the last round the board
//! is cleared, the stash refilled and the next round starts with placement, its first placer
//! being seat (round - 1) % 2; after the last round the higher total wins, equal is a draw.

#![allow(dead_code)]

/// Cells on the board (a1 = 0, b1 = 1, ..., e5 = 24: index = rank * 5 + file).
pub const CELLS: usize = 25;
/// Board width and height.
pub const SIDE: i8 = 5;
/// Pieces of each size in the stash at the start of a round.
pub const PER_SIZE: u8 = 5;
/// No cell.
const OFF: u8 = u8::MAX;

/// For each cell and each of the eight directions, the next four cells along the ray
/// (`OFF` once the ray leaves the board).
const RAYS: [[[u8; 4]; 8]; CELLS] = build_rays();

const fn build_rays() -> [[[u8; 4]; 8]; CELLS] {
    const DIRS: [(i8, i8); 8] = [
        (0, 1),
        (1, 1),
        (1, 0),
        (1, -1),
        (0, -1),
        (-1, -1),
        (-1, 0),
        (-1, 1),
    ];
    let mut rays = [[[OFF; 4]; 8]; CELLS];
    let mut c = 0;
    while c < CELLS {
        let mut d = 0;
        while d < 8 {
            let (df, dr) = DIRS[d];
            let mut f = (c % 5) as i8;
            let mut r = (c / 5) as i8;
            let mut k = 0;
            while k < 4 {
                f += df;
                r += dr;
                if f < 0 || f >= SIDE || r < 0 || r >= SIDE {
                    break;
                }
                rays[c][d][k] = (r * SIDE + f) as u8;
                k += 1;
            }
            d += 1;
        }
        c += 1;
    }
    rays
}

/// The name of a cell, `a1`..`e5`.
pub fn cell_name(c: u8) -> String {
    let f = (b'a' + c % 5) as char;
    let r = (b'1' + c / 5) as char;
    format!("{f}{r}")
}

/// The letter of a size: 1 = S, 2 = M, 3 = L.
pub fn size_letter(pips: u8) -> char {
    match pips {
        1 => 'S',
        2 => 'M',
        _ => 'L',
    }
}

/// A move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NMove {
    /// Put a piece of `pips` from the stash on the empty cell `to`.
    Place { pips: u8, to: u8 },
    /// Jump the piece on `from` to `to`; `over` is the bitmask of the cells passed over.
    Jump { from: u8, to: u8, over: u32 },
}

impl NMove {
    /// The move in icebox notation: `S@c3`, `b3:d3`.
    pub fn text(&self) -> String {
        match *self {
            NMove::Place { pips, to } => format!("{}@{}", size_letter(pips), cell_name(to)),
            NMove::Jump { from, to, .. } => format!("{}:{}", cell_name(from), cell_name(to)),
        }
    }
}

/// The end of a match.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NResult {
    /// This seat has the higher total.
    Win(u8),
    /// Equal totals.
    Draw,
}

/// Phase numbers, as the engine counts them (`phases = ["place", "jump"]`).
pub const PLACE: u8 = 0;
/// The jumping phase.
pub const JUMP: u8 = 1;

/// A position of a match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Native {
    /// Pips of the piece on each cell, 0 for empty.
    pub board: [u8; CELLS],
    /// Pieces left in the stash, by size (index 0 = small).
    pub stash: [u8; 3],
    /// Captured pips, by seat.
    pub scores: [i64; 2],
    /// `PLACE` or `JUMP`.
    pub phase: u8,
    /// Current round, from 1.
    pub round: u8,
    /// Rounds in the match.
    pub rounds: u8,
    /// Seat to move (0 = A).
    pub turn: u8,
    /// Set once the match is over.
    pub result: Option<NResult>,
}

impl Native {
    /// The start of a match of `rounds` rounds: empty board, full stash, A to place.
    pub fn new(rounds: u8) -> Native {
        Native {
            board: [0; CELLS],
            stash: [PER_SIZE; 3],
            scores: [0; 2],
            phase: PLACE,
            round: 1,
            rounds,
            turn: 0,
            result: None,
        }
    }

    /// True once the match is over.
    pub fn is_over(&self) -> bool {
        self.result.is_some()
    }

    /// Fills `out` with the legal moves of the player to move (none once the match is over).
    pub fn legal_moves(&self, out: &mut Vec<NMove>) {
        out.clear();
        if self.result.is_some() {
            return;
        }
        if self.phase == PLACE {
            for pips in 1..=3u8 {
                if self.stash[pips as usize - 1] == 0 {
                    continue;
                }
                for to in 0..CELLS as u8 {
                    if self.board[to as usize] == 0 {
                        out.push(NMove::Place { pips, to });
                    }
                }
            }
        } else {
            self.jumps(out);
        }
    }

    /// Appends every jump on the board (either player may move any piece).
    fn jumps(&self, out: &mut Vec<NMove>) {
        for (from, rays) in RAYS.iter().enumerate() {
            let pips = self.board[from] as usize;
            if pips == 0 {
                continue;
            }
            for ray in rays {
                let mut over = 0u32;
                // Pass over k = 1..=pips cells, then land on the next one.
                for k in 0..pips {
                    let passed = ray[k];
                    if passed == OFF {
                        break;
                    }
                    if self.board[passed as usize] != 0 {
                        over |= 1 << passed;
                    }
                    let to = ray[k + 1];
                    if to == OFF {
                        break;
                    }
                    if over != 0 && self.board[to as usize] == 0 {
                        out.push(NMove::Jump {
                            from: from as u8,
                            to,
                            over,
                        });
                    }
                }
            }
        }
    }

    /// Plays a legal move and fills `next` with the moves that follow, ending the round or the
    /// match when the player to move has none.
    pub fn play(&mut self, m: NMove, next: &mut Vec<NMove>) {
        match m {
            NMove::Place { pips, to } => {
                self.stash[pips as usize - 1] -= 1;
                self.board[to as usize] = pips;
                if self.stash == [0; 3] {
                    // The player who placed second in this round jumps first.
                    self.phase = JUMP;
                    self.turn = 1 - self.first_placer();
                } else {
                    self.turn ^= 1;
                }
            }
            NMove::Jump { from, to, over } => {
                let mut bits = over;
                let mut gained = 0i64;
                while bits != 0 {
                    let c = bits.trailing_zeros() as usize;
                    gained += i64::from(self.board[c]);
                    self.board[c] = 0;
                    bits &= bits - 1;
                }
                self.scores[self.turn as usize] += gained;
                self.board[to as usize] = self.board[from as usize];
                self.board[from as usize] = 0;
                self.turn ^= 1;
            }
        }
        self.settle(next);
    }

    /// The seat that placed first in the current round.
    pub fn first_placer(&self) -> u8 {
        (self.round - 1) % 2
    }

    /// Until the player to move has a move or the match is over: a player without a move
    /// ends the round (or the match).
    pub fn settle(&mut self, next: &mut Vec<NMove>) {
        loop {
            self.legal_moves(next);
            if !next.is_empty() || self.result.is_some() {
                return;
            }
            if self.round < self.rounds {
                self.board = [0; CELLS];
                self.stash = [PER_SIZE; 3];
                self.round += 1;
                self.phase = PLACE;
                self.turn = self.first_placer();
            } else {
                self.result = Some(match self.scores[0].cmp(&self.scores[1]) {
                    std::cmp::Ordering::Greater => NResult::Win(0),
                    std::cmp::Ordering::Less => NResult::Win(1),
                    std::cmp::Ordering::Equal => NResult::Draw,
                });
            }
        }
    }

    /// The board as icebox writes it: ranks from 5 down to 1, `/` between them, runs of empty
    /// cells as digits, pieces as their letters.
    pub fn board_text(&self) -> String {
        let mut out = String::new();
        for r in (0..5).rev() {
            if r < 4 {
                out.push('/');
            }
            let mut empty = 0;
            for f in 0..5 {
                let p = self.board[r * 5 + f];
                if p == 0 {
                    empty += 1;
                    continue;
                }
                if empty > 0 {
                    out.push_str(&empty.to_string());
                    empty = 0;
                }
                out.push(size_letter(p));
            }
            if empty > 0 {
                out.push_str(&empty.to_string());
            }
        }
        out
    }
}
