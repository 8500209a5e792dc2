//! Reversi, Connect Four and Hex: the engine's move counts against published ones, and against
//! small native implementations of the games' move rules written here, outside the engine.

use std::collections::HashSet;

use icebox::Game;
use icebox::def::GameFiles;
use icebox::engine::State;

fn files(game: &str) -> GameFiles {
    icebox::catalog::find(&format!("games/{game}"), &[]).unwrap_or_else(|d| panic!("{game}: {d}"))
}

fn load(files: &GameFiles, variant: Option<&str>, sets: &[(&str, &str)]) -> Game {
    let sets: Vec<(String, String)> = sets
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    Game::load(files, variant, &sets).unwrap_or_else(|d| panic!("loads:\n{d}"))
}

fn at(g: &Game, position: Option<&str>) -> State {
    match position {
        Some(p) => g.position(p).unwrap_or_else(|d| panic!("{p}: {d}")),
        None => g.start().expect("starts"),
    }
}

/// The number of nodes at each depth 1..=depth of the engine's move tree (perft 1..=depth in
/// one walk): a finished position has no children.
fn engine_levels(g: &Game, s: &mut State, depth: usize, counts: &mut [u64]) {
    if depth == 0 {
        return;
    }
    let moves = g.legal_moves(s).expect("moves");
    counts[0] += moves.len() as u64;
    if depth == 1 {
        return;
    }
    for m in &moves {
        let u = g.play(s, m).expect("plays");
        engine_levels(g, s, depth - 1, &mut counts[1..]);
        g.undo(s, u);
    }
}

fn engine_perft(g: &Game, position: Option<&str>, depth: usize) -> Vec<u64> {
    let mut s = at(g, position);
    let mut counts = vec![0; depth];
    engine_levels(g, &mut s, depth, &mut counts);
    counts
}

// ---------------------------------------------------------------------------------------------
// Reversi

#[test]
fn reversi_from_the_start_matches_aart_biks_published_perft() {
    // Aart Bik, "Perft for Reversi" (2009), https://aartbik.blogspot.com/2009/02/perft-for-reversi.html:
    // 4, 12, 56, 244, 1396, 8200, 55092, 390216, 3005288 (depth 9, passes included, takes
    // several seconds here and was checked with `icebox perft reversi --depth 9`).
    let g = load(&files("reversi"), None, &[]);
    assert_eq!(
        engine_perft(&g, None, 8),
        [4, 12, 56, 244, 1396, 8200, 55092, 390216]
    );
}

// ---------------------------------------------------------------------------------------------
// Connect Four: a native implementation (columns of discs, lines through the last disc).

const C4_FILES: usize = 7;
const C4_RANKS: usize = 6;

#[derive(Clone)]
struct Connect4 {
    /// `cells[file][rank]`: 0 empty, 1 Red, 2 Yellow.
    cells: [[u8; C4_RANKS]; C4_FILES],
    heights: [usize; C4_FILES],
    /// 1 or 2: the player to move.
    turn: u8,
}

impl Connect4 {
    fn new() -> Self {
        Connect4 {
            cells: [[0; C4_RANKS]; C4_FILES],
            heights: [0; C4_FILES],
            turn: 1,
        }
    }

    fn get(&self, f: i64, r: i64) -> u8 {
        if (0..C4_FILES as i64).contains(&f) && (0..C4_RANKS as i64).contains(&r) {
            self.cells[f as usize][r as usize]
        } else {
            0
        }
    }

    /// Drops a disc of the player to move into column `f`; true when it makes four or more.
    fn drop(&mut self, f: usize) -> bool {
        let r = self.heights[f];
        let me = self.turn;
        self.cells[f][r] = me;
        self.heights[f] += 1;
        self.turn = 3 - me;
        [(1, 0), (0, 1), (1, 1), (1, -1)].iter().any(|&(df, dr)| {
            let run = |sign: i64| {
                (1..4)
                    .take_while(|k| {
                        self.get(f as i64 + sign * k * df, r as i64 + sign * k * dr) == me
                    })
                    .count()
            };
            1 + run(1) + run(-1) >= 4
        })
    }

    fn undrop(&mut self, f: usize) {
        self.heights[f] -= 1;
        self.cells[f][self.heights[f]] = 0;
        self.turn = 3 - self.turn;
    }

    fn perft(&mut self, depth: u32) -> u64 {
        let mut n = 0;
        for f in 0..C4_FILES {
            if self.heights[f] == C4_RANKS {
                continue;
            }
            let won = self.drop(f);
            let full = self.heights.iter().all(|&h| h == C4_RANKS);
            n += if depth == 1 {
                1
            } else if won || full {
                0
            } else {
                self.perft(depth - 1)
            };
            self.undrop(f);
        }
        n
    }

    /// The position in icebox's text, as `games/connect-four` writes it.
    fn text(&self) -> String {
        let rows: Vec<String> = (0..C4_RANKS)
            .rev()
            .map(|r| {
                let mut row = String::new();
                let mut empty = 0;
                for column in &self.cells {
                    match column[r] {
                        0 => empty += 1,
                        p => {
                            if empty > 0 {
                                row += &empty.to_string();
                                empty = 0;
                            }
                            row += if p == 1 { "rD" } else { "yD" };
                        }
                    }
                }
                if empty > 0 {
                    row += &empty.to_string();
                }
                row
            })
            .collect();
        let played = |p: u8| self.cells.iter().flatten().filter(|&&c| c == p).count();
        format!(
            "{} turn={} discs.Red={}rD discs.Yellow={}yD",
            rows.join("/"),
            if self.turn == 1 { "Red" } else { "Yellow" },
            21 - played(1),
            21 - played(2)
        )
    }
}

#[test]
fn connect_four_from_the_start_matches_a_native_count() {
    // Depths 1-6 are 7^n (nobody can make four in fewer than 7 plies); depth 7 is 7^7 - 7 (the
    // seven ways of filling one column with the first six discs leave six columns); from depth
    // 8 on, positions after a winning move have no children.
    let mut native = Connect4::new();
    let expected: Vec<u64> = (1..=8).map(|d| native.perft(d)).collect();
    assert_eq!(expected, [7, 49, 343, 2401, 16807, 117649, 823536, 5673234]);
    // The engine's depth 8 takes seconds: checked with `icebox perft connect-four --depth 8`.
    let g = load(&files("connect-four"), None, &[]);
    assert_eq!(engine_perft(&g, None, 7), expected[..7]);
}

#[test]
fn connect_four_in_mid_game_positions_matches_a_native_count() {
    let g = load(&files("connect-four"), None, &[]);
    // Positions reached by a fixed pseudo-random drop order, stopping before any line of four.
    let mut seed: u64 = 12345;
    let mut checked = 0;
    for game in 0..12 {
        let mut c = Connect4::new();
        for _ in 0..(6 + game * 2) {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let open: Vec<usize> = (0..C4_FILES).filter(|&f| c.heights[f] < C4_RANKS).collect();
            let f = open[(seed >> 33) as usize % open.len()];
            let mut probe = c.clone();
            if probe.drop(f) {
                break;
            }
            c = probe;
        }
        let text = c.text();
        let native: Vec<u64> = (1..=4).map(|d| c.clone().perft(d)).collect();
        assert_eq!(engine_perft(&g, Some(&text), 4), native, "from {text}");
        checked += 1;
    }
    assert_eq!(checked, 12);
}

#[test]
fn connect_four_reaches_the_published_number_of_positions_after_each_ply() {
    // OEIS A212693 (John Tromp), "Number of legal 7 X 6 Connect-Four positions after n plies":
    // 1, 7, 49, 238, 1120, 4263, 16422, 54859, ... The engine's positions after n plies, told
    // apart by their text (a finished one has no successors), must number exactly that.
    let g = load(&files("connect-four"), None, &[]);
    let mut level: Vec<State> = vec![g.start().expect("starts")];
    let mut sizes = vec![1u64];
    for _ in 1..=7 {
        let mut seen = HashSet::new();
        let mut next = Vec::new();
        for s in &level {
            for m in &g.legal_moves(s).expect("moves") {
                let mut t = s.clone();
                g.play(&mut t, m).expect("plays");
                if seen.insert(g.position_text(&t)) {
                    next.push(t);
                }
            }
        }
        sizes.push(next.len() as u64);
        level = next;
    }
    assert_eq!(sizes, [1, 7, 49, 238, 1120, 4263, 16422, 54859]);
}

// ---------------------------------------------------------------------------------------------
// Hex: a native implementation on an n x n rhombus (cells touch across a file, a rank and the
// ne-sw diagonal), with the swap rule of HexWiki (Red's first stone taken over by Blue, mirrored
// in the long diagonal).

#[derive(Clone)]
struct Hex {
    n: usize,
    /// `cells[file][rank]`: 0 empty, 1 Red, 2 Blue.
    cells: Vec<Vec<u8>>,
    turn: u8,
    stones: usize,
    swap: bool,
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum HexMove {
    Stone(usize, usize),
    Swap,
}

impl Hex {
    fn new(n: usize, swap: bool) -> Self {
        Hex {
            n,
            cells: vec![vec![0; n]; n],
            turn: 1,
            stones: 0,
            swap,
        }
    }

    /// Whether `p`'s stones join its edges: Red the first and last ranks, Blue the first and
    /// last files.
    fn joined(&self, p: u8) -> bool {
        let n = self.n;
        let mut seen = vec![vec![false; n]; n];
        let mut stack: Vec<(usize, usize)> = (0..n)
            .map(|k| if p == 1 { (k, 0) } else { (0, k) })
            .filter(|&(f, r)| self.cells[f][r] == p)
            .collect();
        while let Some((f, r)) = stack.pop() {
            if seen[f][r] {
                continue;
            }
            seen[f][r] = true;
            if (p == 1 && r == n - 1) || (p == 2 && f == n - 1) {
                return true;
            }
            for (df, dr) in [(0, 1), (1, 1), (1, 0), (0, -1), (-1, -1), (-1, 0)] {
                let (nf, nr) = (f as i64 + df, r as i64 + dr);
                if (0..n as i64).contains(&nf) && (0..n as i64).contains(&nr) {
                    let (nf, nr) = (nf as usize, nr as usize);
                    if self.cells[nf][nr] == p && !seen[nf][nr] {
                        stack.push((nf, nr));
                    }
                }
            }
        }
        false
    }

    /// The cell of Red's only stone, while Blue may swap it.
    fn swappable(&self) -> Option<(usize, usize)> {
        if !self.swap || self.stones != 1 || self.turn != 2 {
            return None;
        }
        (0..self.n)
            .flat_map(|f| (0..self.n).map(move |r| (f, r)))
            .find(|&(f, r)| self.cells[f][r] == 1)
    }

    fn moves(&self) -> Vec<HexMove> {
        let mut v: Vec<HexMove> = (0..self.n)
            .flat_map(|f| (0..self.n).map(move |r| (f, r)))
            .filter(|&(f, r)| self.cells[f][r] == 0)
            .map(|(f, r)| HexMove::Stone(f, r))
            .collect();
        if self.swappable().is_some() {
            v.push(HexMove::Swap);
        }
        v
    }

    /// Plays a move; true when the mover has joined its edges.
    fn play(&mut self, m: HexMove) -> bool {
        let me = self.turn;
        match m {
            HexMove::Stone(f, r) => {
                self.cells[f][r] = me;
                self.stones += 1;
            }
            HexMove::Swap => {
                let (f, r) = self.swappable().expect("swap offered");
                self.cells[f][r] = 0;
                self.cells[self.n - 1 - r][self.n - 1 - f] = 2;
                // The swapped stone no longer counts as Red's first: no second swap.
                self.swap = false;
            }
        }
        self.turn = 3 - me;
        self.joined(me)
    }

    /// Nodes at each depth 1..=depth, and the finished games by winner (Red, Blue) within it.
    fn walk(&self, depth: usize, counts: &mut [u64], wins: &mut [u64; 2]) {
        if depth == 0 {
            return;
        }
        for m in self.moves() {
            counts[0] += 1;
            let mut next = self.clone();
            if next.play(m) {
                wins[usize::from(self.turn - 1)] += 1;
            } else {
                next.walk(depth - 1, &mut counts[1..], wins);
            }
        }
    }

    fn text(&self) -> String {
        let rows: Vec<String> = (0..self.n)
            .rev()
            .map(|r| {
                let mut row = String::new();
                let mut empty = 0;
                for column in &self.cells {
                    match column[r] {
                        0 => empty += 1,
                        p => {
                            if empty > 0 {
                                row += &empty.to_string();
                                empty = 0;
                            }
                            row += if p == 1 { "rS" } else { "bS" };
                        }
                    }
                }
                if empty > 0 {
                    row += &empty.to_string();
                }
                row
            })
            .collect();
        let stock = (self.n * self.n).div_ceil(2) + 1;
        let played = |p: u8| self.cells.iter().flatten().filter(|&&c| c == p).count();
        format!(
            "{} turn={} stones.Red={}rS stones.Blue={}bS",
            rows.join("/"),
            if self.turn == 1 { "Red" } else { "Blue" },
            stock - played(1),
            stock - played(2)
        )
    }
}

/// `games/hex` with a variant for an n x n board, written like the shipped 7x7 and 9x9 ones.
fn hex_files(sizes: &[usize]) -> GameFiles {
    let mut f = files("hex");
    for &n in sizes {
        let name =
            |file: usize, rank: usize| format!("{}{}", (b'a' + file as u8) as char, rank + 1);
        let list = |cells: Vec<String>| {
            cells
                .iter()
                .map(|c| format!("\"{c}\""))
                .collect::<Vec<_>>()
                .join(", ")
        };
        let top = list((0..n).map(|k| name(k, n - 1)).collect());
        let bottom = list((0..n).map(|k| name(k, 0)).collect());
        let left = list((0..n).map(|k| name(0, k)).collect());
        let right = list((0..n).map(|k| name(n - 1, k)).collect());
        let stock = (n * n).div_ceil(2) + 1;
        f.files.insert(
            format!("variants/{n}x{n}.toml"),
            format!(
                r#"description = "{n}x{n}"
replace = ["regions"]
[overlay.game]
max_plies = {plies}
[overlay.board]
grid = {{ files = {n}, ranks = {n} }}
[overlay.regions.edge_one]
Red = [{top}]
Blue = [{left}]
[overlay.regions.edge_two]
Red = [{bottom}]
Blue = [{right}]
[overlay.setup]
zones = {{ "stones.Red" = "{stock}rS", "stones.Blue" = "{stock}bS" }}
"#,
                plies = n * n + 1
            ),
        );
    }
    f
}

/// The engine's nodes at each depth and finished games by winner (Red, Blue), as `Hex::walk`.
fn engine_walk(g: &Game, s: &mut State, depth: usize, counts: &mut [u64], wins: &mut [u64; 2]) {
    if depth == 0 {
        return;
    }
    for m in &g.legal_moves(s).expect("moves") {
        counts[0] += 1;
        let u = g.play(s, m).expect("plays");
        match s.outcome() {
            Some(o) => wins[usize::from(o.ranks[0] != 0)] += 1,
            None => engine_walk(g, s, depth - 1, &mut counts[1..], wins),
        }
        g.undo(s, u);
    }
}

fn both_walks(g: &Game, native: &Hex, depth: usize) -> (Vec<u64>, [u64; 2]) {
    let mut s = g.position(&native.text()).unwrap_or_else(|d| panic!("{d}"));
    let (mut counts, mut wins) = (vec![0; depth], [0; 2]);
    engine_walk(g, &mut s, depth, &mut counts, &mut wins);
    let (mut n_counts, mut n_wins) = (vec![0; depth], [0; 2]);
    native.walk(depth, &mut n_counts, &mut n_wins);
    assert_eq!(
        (&counts, wins),
        (&n_counts, n_wins),
        "from {}",
        native.text()
    );
    (counts, wins)
}

#[test]
fn hex_on_3x3_without_the_swap_matches_a_native_count_to_the_end_of_every_game() {
    let f = hex_files(&[3]);
    // Without the swap: 9 x 8 x ... nodes until a side joins its edges (at the 5th ply at the
    // earliest); every game ends with a winner by the 9th stone: Red wins 165,600 of the
    // 257,760 games, Blue 92,160.
    let g = load(&f, Some("3x3"), &[("swap", "false")]);
    let (counts, wins) = both_walks(&g, &Hex::new(3, false), 9);
    assert_eq!(
        counts,
        [9, 72, 504, 3024, 15120, 54720, 146880, 207360, 120960]
    );
    assert_eq!(wins, [165600, 92160]);
}

#[test]
fn hex_on_3x3_with_the_swap_matches_a_native_count_to_the_end_of_every_game() {
    // With the swap, Blue's first move has one more choice: from the start to depth 3, then
    // every game after each of the nine swaps to its end (the rest of the tree is the one
    // without the swap). After a swap the colours have changed places on a mirrored board, so
    // Red wins as many of those games as Blue wins without the swap: 92,160.
    let g = load(&hex_files(&[3]), Some("3x3"), &[]);
    let (counts, _) = both_walks(&g, &Hex::new(3, true), 3);
    assert_eq!(counts, [9, 81, 576]);
    let mut swapped = [0u64; 2];
    for first in Hex::new(3, true).moves() {
        let mut h = Hex::new(3, true);
        h.play(first);
        h.play(HexMove::Swap);
        let (_, wins) = both_walks(&g, &h, 7);
        swapped = [swapped[0] + wins[0], swapped[1] + wins[1]];
    }
    assert_eq!(swapped, [92160, 44640]);
}

#[test]
fn hex_on_4x4_matches_a_native_count() {
    let f = hex_files(&[4]);
    for swap in [false, true] {
        let g = load(
            &f,
            Some("4x4"),
            &[("swap", if swap { "true" } else { "false" })],
        );
        let (counts, wins) = both_walks(&g, &Hex::new(4, swap), 4);
        // Nobody joins the edges of a 4x4 board before the 7th ply.
        assert_eq!(wins, [0, 0]);
        let expected = if swap {
            [16, 256, 3600, 47040]
        } else {
            [16, 240, 3360, 43680]
        };
        assert_eq!(counts, expected);
    }
    // From positions with 9 stones placed (a fixed pseudo-random order, no side joined yet),
    // every game to its end: nodes by depth and the winners must agree.
    let g = load(&f, Some("4x4"), &[("swap", "false")]);
    let mut seed: u64 = 99;
    for _ in 0..6 {
        let mut h = Hex::new(4, false);
        while h.stones < 9 {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let moves = h.moves();
            let m = moves[(seed >> 33) as usize % moves.len()];
            let mut probe = h.clone();
            if !probe.play(m) {
                h = probe;
            }
        }
        both_walks(&g, &h, 7);
    }
}

#[test]
fn hex_on_11x11_counts_placements_and_the_swap() {
    // 121 first stones; Blue answers with 120 stones or the swap (121); Red then has 119
    // cells after a stone and 120 after a swap: 121 x (120 x 119 + 120) = 121 x 120 x 120.
    let g = load(&files("hex"), None, &[]);
    assert_eq!(engine_perft(&g, None, 3), [121, 14641, 1742400]);
    let g = load(&files("hex"), None, &[("swap", "false")]);
    assert_eq!(engine_perft(&g, None, 2), [121, 14520]);
}
