//! Move counts of Go and Amazons. Go: the published 9x9 counts without passes (Peter McKenzie
//! on the computer-go list, 2005, confirmed by Nick Wedd to depth 3), and an independent
//! brute force of the Tromp-Taylor rules (passes, captures, suicide, simple ko and positional
//! superko) on small boards whose counts the engine must equal. Amazons: the published counts
//! of whole turns (2,176 first turns, 4,307,152 after each player's first turn: the test of
//! radekmie/rg, interpreter_node/src/bench.test.ts), which are plies 2 and 4 here because a
//! turn is two plies, and a brute force for every ply.

use icebox::Game;
use icebox::engine::{Shape, State};

/// Loads a game by path, with an extra variant held in memory (a small Go board that is not
/// shipped) and options.
fn load(game: &str, variant: Option<(&str, &str)>, sets: &[(&str, &str)]) -> Game {
    let mut files = icebox::catalog::find(game, &[]).unwrap_or_else(|d| panic!("{game}: {d}"));
    if let Some((name, text)) = variant {
        files
            .files
            .insert(format!("variants/{name}.toml"), text.to_string());
    }
    let sets: Vec<(String, String)> = sets
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    Game::load(&files, variant.map(|v| v.0), &sets).unwrap_or_else(|d| panic!("{game} loads:\n{d}"))
}

fn engine_counts(g: &Game, depths: std::ops::RangeInclusive<u32>) -> Vec<u64> {
    depths
        .map(|d| {
            let mut s = g.start().expect("starts");
            icebox::testing::perft(g, &mut s, d).expect("perft")
        })
        .collect()
}

/// The engine's move tree without pass moves (the published Go counts leave passes out).
fn perft_without_passes(g: &Game, s: &mut State, depth: u32) -> u64 {
    let moves: Vec<_> = g
        .legal_moves(s)
        .expect("moves")
        .into_iter()
        .filter(|m| m.shape != Shape::Pass)
        .collect();
    if depth == 1 {
        return moves.len() as u64;
    }
    let mut n = 0;
    for m in &moves {
        let u = g.play(s, m).expect("plays");
        n += perft_without_passes(g, s, depth - 1);
        g.undo(s, u);
    }
    n
}

/// Tromp-Taylor Go on an n x n grid, written from the rules alone: a turn is a pass or a move
/// that colours an empty point, clears the opponent's groups that reach no empty point, then
/// the mover's own (or, without suicide, is illegal when that would clear any); no move may
/// recreate an earlier board (or, with simple ko, the board before the opponent's last turn);
/// two passes in a row end the game.
#[derive(Clone)]
struct BruteGo {
    n: usize,
    board: Vec<u8>,
    turn: u8,
    passes: u32,
    history: Vec<Vec<u8>>,
    suicide: bool,
    simple_ko: bool,
    passing: bool,
}

impl BruteGo {
    fn new(n: usize, suicide: bool, simple_ko: bool) -> BruteGo {
        let board = vec![0; n * n];
        BruteGo {
            n,
            history: vec![board.clone()],
            board,
            turn: 1,
            passes: 0,
            suicide,
            simple_ko,
            passing: true,
        }
    }

    fn neighbours(&self, p: usize) -> Vec<usize> {
        let (n, r, c) = (self.n, p / self.n, p % self.n);
        let mut out = Vec::with_capacity(4);
        if r + 1 < n {
            out.push(p + n);
        }
        if r > 0 {
            out.push(p - n);
        }
        if c + 1 < n {
            out.push(p + 1);
        }
        if c > 0 {
            out.push(p - 1);
        }
        out
    }

    /// Empties the group of the stone on `p` unless it reaches an empty point.
    fn clear_if_dead(&self, board: &mut [u8], p: usize) {
        let colour = board[p];
        let mut group = vec![p];
        let mut seen = vec![false; board.len()];
        seen[p] = true;
        let mut i = 0;
        while i < group.len() {
            for x in self.neighbours(group[i]) {
                if board[x] == 0 {
                    return;
                }
                if board[x] == colour && !seen[x] {
                    seen[x] = true;
                    group.push(x);
                }
            }
            i += 1;
        }
        for q in group {
            board[q] = 0;
        }
    }

    /// The board after the player to move colours the empty point `p`, if that is legal.
    fn after(&self, p: usize) -> Option<Vec<u8>> {
        let mut b = self.board.clone();
        b[p] = self.turn;
        for x in self.neighbours(p) {
            if b[x] == 3 - self.turn {
                self.clear_if_dead(&mut b, x);
            }
        }
        let mut own = b.clone();
        self.clear_if_dead(&mut own, p);
        if own[p] == 0 {
            if !self.suicide {
                return None;
            }
            b = own;
        }
        let repeats = if self.simple_ko {
            self.history.len() >= 2 && self.history[self.history.len() - 2] == b
        } else {
            self.history.contains(&b)
        };
        (!repeats).then_some(b)
    }

    fn perft(&mut self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        if self.passes >= 2 {
            return 0;
        }
        // None is the pass.
        let mut turns: Vec<Option<Vec<u8>>> = Vec::new();
        if self.passing {
            turns.push(None);
        }
        for p in 0..self.board.len() {
            if self.board[p] == 0
                && let Some(b) = self.after(p)
            {
                turns.push(Some(b));
            }
        }
        if depth == 1 {
            return turns.len() as u64;
        }
        let mut total = 0;
        for turn in turns {
            let (board, passes) = (self.board.clone(), self.passes);
            match turn {
                Some(b) => {
                    self.board = b;
                    self.passes = 0;
                }
                None => self.passes += 1,
            }
            self.turn = 3 - self.turn;
            self.history.push(self.board.clone());
            total += self.perft(depth - 1);
            self.history.pop();
            self.turn = 3 - self.turn;
            self.board = board;
            self.passes = passes;
        }
        total
    }
}

fn brute_go(n: usize, suicide: bool, simple_ko: bool, depth: u32) -> Vec<u64> {
    (1..=depth)
        .map(|d| BruteGo::new(n, suicide, simple_ko).perft(d))
        .collect()
}

/// Go on an n x n board: the shipped definition with its grid (and bowls) overlaid.
fn small_go(n: usize, sets: &[(&str, &str)]) -> Game {
    let variant = format!(
        "description = \"{n}x{n}, for counting\"\n\
         [overlay.board]\n\
         grid = {{ files = {n}, ranks = {n}, directions = [\"n\", \"e\", \"s\", \"w\"] }}\n"
    );
    load("games/go", Some(("counting", &variant)), sets)
}

#[test]
fn go_9x9_without_passes_matches_the_published_counts() {
    // Peter McKenzie, "Testing move generation and tree traversal", computer-go mailing list
    // (http://go.computer.free.fr/go-computer/msg06548.html): 81, 6,480, 511,920 and
    // 39,929,136 "ways of playing" 1 to 4 plies of 9x9 Go, passes excluded. Depth 4 (about
    // 10 s here) is left to README.md, where the brute force below reaches it.
    let g = load("games/go", None, &[]);
    let counts: Vec<u64> = (1..=3)
        .map(|d| {
            let mut s = g.start().expect("starts");
            perft_without_passes(&g, &mut s, d)
        })
        .collect();
    assert_eq!(counts, [81, 6480, 511_920]);
    let mut brute = BruteGo::new(9, false, false);
    brute.passing = false;
    assert_eq!(brute.perft(3), 511_920);
}

#[test]
fn go_9x9_with_passes_matches_the_brute_force() {
    let g = load("games/go", None, &[]);
    let want = brute_go(9, false, false, 3);
    assert_eq!(want, [82, 6643, 531_522]);
    assert_eq!(engine_counts(&g, 1..=3), want);
}

#[test]
fn go_3x3_matches_the_brute_force() {
    // 3x3 from the empty board: captures from ply 3, suicide points from ply 4, kos and
    // superko bans by ply 7.
    let want = brute_go(3, false, false, 7);
    assert_eq!(want, [10, 91, 738, 5281, 33_384, 179_712, 842_696]);
    assert_eq!(engine_counts(&small_go(3, &[]), 1..=7), want);
}

#[test]
fn go_3x3_with_suicide_matches_the_brute_force() {
    // Suicide moves first count at ply 6.
    let want = brute_go(3, true, false, 7);
    assert_eq!(want, [10, 91, 738, 5281, 33_384, 180_768, 857_576]);
    assert_eq!(
        engine_counts(&small_go(3, &[("suicide", "true")]), 1..=7),
        want
    );
}

#[test]
fn go_3x3_with_simple_ko_matches_the_brute_force() {
    // A board older than the opponent's last turn first comes back at ply 7 (32 more moves
    // than under positional superko).
    let want = brute_go(3, false, true, 7);
    assert_eq!(want, [10, 91, 738, 5281, 33_384, 179_712, 842_728]);
    assert_eq!(
        engine_counts(&small_go(3, &[("simple_ko", "true")]), 1..=7),
        want
    );
}

#[test]
fn go_3x3_with_suicide_and_simple_ko_matches_the_brute_force() {
    // A lone stone's suicide leaves the board as it was: only simple ko lets it be played.
    let want = brute_go(3, true, true, 7);
    assert_eq!(want, [10, 91, 738, 5345, 34_272, 193_040, 958_040]);
    assert_eq!(
        engine_counts(
            &small_go(3, &[("suicide", "true"), ("simple_ko", "true")]),
            1..=7
        ),
        want
    );
}

#[test]
fn go_4x4_matches_the_brute_force() {
    let want = brute_go(4, false, false, 5);
    assert_eq!(want, [17, 273, 4112, 57_984, 764_016]);
    assert_eq!(engine_counts(&small_go(4, &[]), 1..=5), want);
}

/// Amazons on the 10x10 board, ply by ply: a queen move of the player to move, then an arrow
/// shot from where it landed, each along the eight directions over empty squares.
struct BruteAmazons {
    /// 0 empty, 1 White amazon, 2 Black amazon, 3 arrow; index file + 10 * rank.
    board: [u8; 100],
    turn: u8,
    /// The amazon that has moved and now shoots.
    shooter: Option<usize>,
}

const QUEEN_LINES: [(i32, i32); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];

impl BruteAmazons {
    fn start() -> BruteAmazons {
        let mut board = [0; 100];
        for (cell, who) in [
            (30, 1), // a4
            (3, 1),  // d1
            (6, 1),  // g1
            (39, 1), // j4
            (60, 2), // a7
            (93, 2), // d10
            (96, 2), // g10
            (69, 2), // j7
        ] {
            board[cell] = who;
        }
        BruteAmazons {
            board,
            turn: 1,
            shooter: None,
        }
    }

    /// The empty squares a queen on `from` reaches.
    fn reach(&self, from: usize) -> Vec<usize> {
        let mut out = Vec::new();
        for (df, dr) in QUEEN_LINES {
            let (mut f, mut r) = ((from % 10) as i32 + df, (from / 10) as i32 + dr);
            while (0..10).contains(&f) && (0..10).contains(&r) {
                let c = (f + 10 * r) as usize;
                if self.board[c] != 0 {
                    break;
                }
                out.push(c);
                f += df;
                r += dr;
            }
        }
        out
    }

    fn perft(&mut self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        match self.shooter {
            Some(from) => {
                let shots = self.reach(from);
                if depth == 1 {
                    return shots.len() as u64;
                }
                let mut n = 0;
                for to in shots {
                    self.board[to] = 3;
                    self.shooter = None;
                    self.turn = 3 - self.turn;
                    n += self.perft(depth - 1);
                    self.turn = 3 - self.turn;
                    self.shooter = Some(from);
                    self.board[to] = 0;
                }
                n
            }
            None => {
                let mut n = 0;
                for from in 0..100 {
                    if self.board[from] != self.turn {
                        continue;
                    }
                    for to in self.reach(from) {
                        if depth == 1 {
                            n += 1;
                            continue;
                        }
                        self.board[from] = 0;
                        self.board[to] = self.turn;
                        self.shooter = Some(to);
                        n += self.perft(depth - 1);
                        self.shooter = None;
                        self.board[to] = 0;
                        self.board[from] = self.turn;
                    }
                }
                n
            }
        }
    }
}

#[test]
fn amazons_matches_the_published_counts_and_the_brute_force() {
    let brute: Vec<u64> = (1..=4).map(|d| BruteAmazons::start().perft(d)).collect();
    // Plies 2 and 4 are whole turns 1 and 2: 2,176 and 4,307,152 (radekmie/rg).
    assert_eq!(brute, [80, 2176, 168_420, 4_307_152]);
    let g = load("games/amazons", None, &[]);
    assert_eq!(engine_counts(&g, 1..=4), brute);
}
