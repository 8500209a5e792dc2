//! Nine Men's Morris (games/nine-mens-morris) and Oware abapa (games/oware) against small
//! native implementations of their rules written here, outside the engine: no published move
//! counts exist for either, so the counts are checked against an independent brute force.
//! Perft from the start and from positions that reach removals, flying and captures, then
//! random games where at every position both sides must agree on the legal moves (as sorted
//! move texts), the board and the result.

use icebox::Game;
use icebox::engine::State;
use icebox::engine::rng::Rng;

fn load(id: &str) -> Game {
    let files = icebox::catalog::find(id, &[]).unwrap_or_else(|d| panic!("{id}: {d}"));
    Game::load(&files, None, &[]).unwrap_or_else(|d| panic!("{id} loads:\n{d}"))
}

fn engine_perft(g: &Game, s: &State, depth: u32) -> u64 {
    let mut s = s.clone();
    icebox::testing::perft(g, &mut s, depth).expect("perft")
}

fn engine_moves(g: &Game, s: &State) -> Vec<String> {
    let mut v: Vec<String> = g
        .legal_moves(s)
        .expect("legal moves")
        .iter()
        .map(|m| g.move_text(s, m))
        .collect();
    v.sort();
    v
}

/// The engine's result: `None` while the game goes on, `Some(None)` for a draw, `Some(Some(p))`
/// when seat `p` won.
fn engine_result(s: &State) -> Option<Option<u8>> {
    s.outcome().map(|o| {
        if o.is_draw() {
            None
        } else {
            Some(o.winners()[0].index() as u8)
        }
    })
}

/// Nine Men's Morris, natively: the 24 points, the 16 lines, placing, stepping, flying,
/// removals (sparing men in mills unless all are), two men or no move lose, threefold
/// repetition and the 100-ply no-removal draw, the 1000-ply limit.
mod morris {
    /// The points in the order of the position text (top row first).
    pub const POINTS: [&str; 24] = [
        "a7", "d7", "g7", "b6", "d6", "f6", "c5", "d5", "e5", "a4", "b4", "c4", "e4", "f4", "g4",
        "c3", "d3", "e3", "b2", "d2", "f2", "a1", "d1", "g1",
    ];
    const ROWS: [usize; 7] = [3, 3, 3, 6, 3, 3, 3];
    /// The lines of three: rows, then columns.
    const LINES: [[&str; 3]; 16] = [
        ["a7", "d7", "g7"],
        ["b6", "d6", "f6"],
        ["c5", "d5", "e5"],
        ["a4", "b4", "c4"],
        ["e4", "f4", "g4"],
        ["c3", "d3", "e3"],
        ["b2", "d2", "f2"],
        ["a1", "d1", "g1"],
        ["a1", "a4", "a7"],
        ["b2", "b4", "b6"],
        ["c3", "c4", "c5"],
        ["d1", "d2", "d3"],
        ["d5", "d6", "d7"],
        ["e3", "e4", "e5"],
        ["f2", "f4", "f6"],
        ["g1", "g4", "g7"],
    ];

    fn at(name: &str) -> usize {
        POINTS.iter().position(|p| *p == name).expect("a point")
    }

    #[derive(Clone, Copy, PartialEq, Eq, Debug)]
    pub enum Mv {
        Place(usize),
        Step(usize, usize),
        Remove(usize),
    }

    impl Mv {
        pub fn text(self) -> String {
            match self {
                Mv::Place(c) => format!("M@{}", POINTS[c]),
                Mv::Step(a, b) => format!("{}-{}", POINTS[a], POINTS[b]),
                Mv::Remove(c) => format!("x{}", POINTS[c]),
            }
        }
    }

    /// Everything that makes positions equal for the repetition rule.
    type Key = ([u8; 24], [u8; 2], u8, bool);

    /// The lines as point numbers, and each point's neighbours along them.
    struct Tables {
        lines: Vec<[usize; 3]>,
        adj: Vec<Vec<usize>>,
    }

    fn tables() -> &'static Tables {
        static TABLES: std::sync::OnceLock<Tables> = std::sync::OnceLock::new();
        TABLES.get_or_init(|| {
            let lines: Vec<[usize; 3]> = LINES.iter().map(|l| l.map(at)).collect();
            let mut adj = vec![Vec::new(); 24];
            for l in &lines {
                for w in l.windows(2) {
                    adj[w[0]].push(w[1]);
                    adj[w[1]].push(w[0]);
                }
            }
            Tables { lines, adj }
        })
    }

    #[derive(Clone, Debug)]
    pub struct Morris {
        /// 0 empty, 1 White, 2 Black.
        pub board: [u8; 24],
        pub hand: [u8; 2],
        pub turn: u8,
        /// The player to move has closed a mill and takes a man.
        pub removing: bool,
        /// Plies since a man was last taken.
        pub quiet: u32,
        pub ply: u32,
        history: Vec<Key>,
        /// `Some(None)` a draw, `Some(Some(p))` seat `p` won.
        pub result: Option<Option<u8>>,
    }

    impl Morris {
        pub fn new() -> Morris {
            let mut m = Morris {
                board: [0; 24],
                hand: [9, 9],
                turn: 0,
                removing: false,
                quiet: 0,
                ply: 0,
                history: Vec::new(),
                result: None,
            };
            m.history.push(m.key());
            m.settle();
            m
        }

        /// A position in icebox's text: rows of `wM`/`bM`/digits, `turn=`, `phase=`,
        /// `hand.White=8wM`, `var.quiet=`, `ply=`.
        pub fn from_text(text: &str) -> Morris {
            let mut m = Morris::new();
            let mut fields = text.split_whitespace();
            let rows = fields.next().expect("rows");
            let mut i = 0;
            for row in rows.split('/') {
                let mut chars = row.chars().peekable();
                while let Some(c) = chars.next() {
                    if let Some(d) = c.to_digit(10) {
                        i += d as usize;
                    } else {
                        let kind = chars.next();
                        assert_eq!(kind, Some('M'), "{text}");
                        m.board[i] = if c == 'w' { 1 } else { 2 };
                        i += 1;
                    }
                }
            }
            assert_eq!(i, 24, "{text}");
            m.hand = [0, 0];
            for f in fields {
                let (k, v) = f.split_once('=').expect("key=value");
                let count = |v: &str| v.trim_end_matches(char::is_alphabetic).parse().unwrap_or(1);
                match k {
                    "turn" => m.turn = u8::from(v == "Black"),
                    "phase" => m.removing = v == "remove",
                    "hand.White" => m.hand[0] = count(v),
                    "hand.Black" => m.hand[1] = count(v),
                    "var.quiet" => m.quiet = v.parse().expect("a count"),
                    "ply" => m.ply = v.parse().expect("a count"),
                    _ => {}
                }
            }
            m.history = vec![m.key()];
            m.result = None;
            m.settle();
            m
        }

        fn key(&self) -> Key {
            (self.board, self.hand, self.turn, self.removing)
        }

        pub fn board_text(&self) -> String {
            let mut out = Vec::new();
            let mut i = 0;
            for n in ROWS {
                out.push(super::super::helpers::row_text((i..i + n).map(
                    |c| match self.board[c] {
                        1 => "wM".to_string(),
                        2 => "bM".to_string(),
                        _ => String::new(),
                    },
                )));
                i += n;
            }
            out.join("/")
        }

        /// The player to move flies: no man in hand, three on the board.
        pub fn flying(&self) -> bool {
            !self.removing && self.hand[self.turn as usize] == 0 && self.men(self.turn) == 3
        }

        fn men(&self, p: u8) -> usize {
            self.board.iter().filter(|&&x| x == p + 1).count()
        }

        fn in_mill(&self, c: usize) -> bool {
            let who = self.board[c];
            who != 0
                && tables()
                    .lines
                    .iter()
                    .any(|l| l.contains(&c) && l.iter().all(|&x| self.board[x] == who))
        }

        /// The legal moves (none once the game is over).
        pub fn moves(&self) -> Vec<Mv> {
            let mut out = Vec::new();
            if self.result.is_some() {
                return out;
            }
            let me = self.turn + 1;
            let empty: Vec<usize> = (0..24).filter(|&c| self.board[c] == 0).collect();
            if self.removing {
                let theirs: Vec<usize> = (0..24).filter(|&c| self.board[c] == 3 - me).collect();
                let free: Vec<usize> = theirs
                    .iter()
                    .copied()
                    .filter(|&c| !self.in_mill(c))
                    .collect();
                let take = if free.is_empty() { theirs } else { free };
                out.extend(take.into_iter().map(Mv::Remove));
            } else if self.hand[self.turn as usize] > 0 {
                out.extend(empty.iter().map(|&c| Mv::Place(c)));
            } else if self.flying() {
                for from in (0..24).filter(|&c| self.board[c] == me) {
                    out.extend(empty.iter().map(|&to| Mv::Step(from, to)));
                }
            } else {
                for from in (0..24).filter(|&c| self.board[c] == me) {
                    for &to in &tables().adj[from] {
                        if self.board[to] == 0 {
                            out.push(Mv::Step(from, to));
                        }
                    }
                }
            }
            out
        }

        pub fn play(&mut self, m: Mv) {
            let me = self.turn + 1;
            let to = match m {
                Mv::Place(c) => {
                    self.hand[self.turn as usize] -= 1;
                    self.board[c] = me;
                    c
                }
                Mv::Step(a, b) => {
                    self.board[a] = 0;
                    self.board[b] = me;
                    b
                }
                Mv::Remove(c) => {
                    self.board[c] = 0;
                    c
                }
            };
            self.ply += 1;
            self.quiet = if matches!(m, Mv::Remove(_)) {
                0
            } else {
                self.quiet + 1
            };
            if matches!(m, Mv::Remove(_)) {
                self.removing = false;
                self.turn = 1 - self.turn;
            } else if self.in_mill(to) {
                self.removing = true;
            } else {
                self.turn = 1 - self.turn;
            }
            let key = self.key();
            self.history.push(key);
            let window = self.quiet as usize + 1;
            let seen = self
                .history
                .iter()
                .rev()
                .take(window)
                .filter(|k| **k == key)
                .count();
            if seen >= 3 {
                self.result = Some(None);
                return;
            }
            self.settle();
        }

        /// The end checks before the player to move moves: fewer than three men lose, no move
        /// loses, then the ply limit and the no-removal count draw.
        fn settle(&mut self) {
            let p = self.turn;
            // Placing and removing always have a move; only moving can be blocked.
            let blocked = !self.removing && self.hand[p as usize] == 0 && self.moves().is_empty();
            if self.men(p) + (self.hand[p as usize] as usize) < 3 || blocked {
                self.result = Some(Some(1 - p));
            } else if self.ply >= 1000 || self.quiet >= 100 {
                self.result = Some(None);
            }
        }

        /// Nodes at `depth`, a removal counted as its own ply (leaves counted, not played).
        pub fn perft(&mut self, depth: u32) -> u64 {
            let moves = self.moves();
            if depth <= 1 {
                return if depth == 0 { 1 } else { moves.len() as u64 };
            }
            let mut n = 0;
            for m in moves {
                let saved = (self.board, self.hand, self.turn, self.removing, self.quiet);
                let (ply, result, seen) = (self.ply, self.result, self.history.len());
                self.play(m);
                n += self.perft(depth - 1);
                (self.board, self.hand, self.turn, self.removing, self.quiet) = saved;
                (self.ply, self.result) = (ply, result);
                self.history.truncate(seen);
            }
            n
        }
    }
}

/// Oware abapa, natively: sowing counter-clockwise (passing over the emptied house on a lap of
/// twelve or more), captures of 2 or 3 backwards along the opponent's row, a grand slam takes
/// nothing, feeding, more than 24 wins, an opponent who cannot be fed, the third repetition
/// and the 1000-ply limit. A player who cannot feed a starving opponent ends the game at once
/// (the published rule, and the engine's `feed`: no sowing is legal, `no_moves` shares).
mod oware {
    /// Houses 0-5 are South's A-F, 6-11 North's a-f: the sowing order.
    pub const NAMES: [&str; 12] = ["A", "B", "C", "D", "E", "F", "a", "b", "c", "d", "e", "f"];

    type Key = ([u8; 12], [u8; 2], u8);

    #[derive(Clone, Debug)]
    pub struct Oware {
        pub houses: [u8; 12],
        /// South's store, North's store.
        pub stores: [u8; 2],
        pub turn: u8,
        pub ply: u32,
        history: Vec<Key>,
        pub result: Option<Option<u8>>,
    }

    fn own(p: u8) -> std::ops::Range<usize> {
        if p == 0 { 0..6 } else { 6..12 }
    }

    impl Oware {
        pub fn new() -> Oware {
            Oware::with([4; 12], [0, 0], 0)
        }

        pub fn with(houses: [u8; 12], stores: [u8; 2], turn: u8) -> Oware {
            let mut o = Oware {
                houses,
                stores,
                turn,
                ply: 0,
                history: Vec::new(),
                result: None,
            };
            o.history.push(o.key());
            o.settle();
            o
        }

        fn key(&self) -> Key {
            (self.houses, self.stores, self.turn)
        }

        pub fn board_text(&self) -> String {
            let seeds = |n: u8| match n {
                0 => String::new(),
                1 => "S".to_string(),
                n => format!("({})", "S".repeat(n as usize)),
            };
            let north = [11, 10, 9, 8, 7, 6].map(|h| seeds(self.houses[h]));
            let south = [0, 1, 2, 3, 4, 5].map(|h| seeds(self.houses[h]));
            [
                super::super::helpers::row_text(std::iter::once(seeds(self.stores[1]))),
                super::super::helpers::row_text(north.into_iter()),
                super::super::helpers::row_text(south.into_iter()),
                super::super::helpers::row_text(std::iter::once(seeds(self.stores[0]))),
            ]
            .join("/")
        }

        /// The sowing from `h`: the houses after it (captures made), the seeds captured, the
        /// last house.
        fn sow(&self, h: usize) -> ([u8; 12], u8, usize) {
            let mut b = self.houses;
            let mut n = b[h];
            b[h] = 0;
            let mut i = h;
            while n > 0 {
                i = (i + 1) % 12;
                if i != h {
                    b[i] += 1;
                    n -= 1;
                }
            }
            let theirs = own(1 - self.turn);
            let mut taken = Vec::new();
            let mut j = i;
            while theirs.contains(&j) && (b[j] == 2 || b[j] == 3) {
                taken.push(j);
                j = (j + 11) % 12;
            }
            let left: u32 = theirs
                .clone()
                .filter(|k| !taken.contains(k))
                .map(|k| u32::from(b[k]))
                .sum();
            let mut captured = 0;
            if left > 0 {
                for k in taken {
                    captured += b[k];
                    b[k] = 0;
                }
            }
            (b, captured, i)
        }

        fn feeds(&self, h: usize) -> bool {
            let (b, _, _) = self.sow(h);
            own(1 - self.turn).any(|k| b[k] > 0)
        }

        pub fn starving(&self) -> bool {
            own(1 - self.turn).all(|k| self.houses[k] == 0)
        }

        /// Every sowing, before the feeding rule.
        pub fn sowings(&self) -> Vec<usize> {
            own(self.turn).filter(|&h| self.houses[h] > 0).collect()
        }

        pub fn moves(&self) -> Vec<usize> {
            if self.result.is_some() {
                return Vec::new();
            }
            let all = self.sowings();
            if self.starving() {
                let feeding: Vec<usize> = all.iter().copied().filter(|&h| self.feeds(h)).collect();
                if !feeding.is_empty() {
                    return feeding;
                }
            }
            all
        }

        pub fn text(&self, h: usize) -> String {
            let (_, captured, last) = self.sow(h);
            let sep = if captured > 0 { ':' } else { '-' };
            format!("{}{sep}{}", NAMES[h], NAMES[last])
        }

        pub fn play(&mut self, h: usize) {
            let (b, captured, _) = self.sow(h);
            self.houses = b;
            self.stores[self.turn as usize] += captured;
            self.turn = 1 - self.turn;
            self.ply += 1;
            let key = self.key();
            self.history.push(key);
            self.settle();
        }

        /// Each player takes the seeds on their side; more seeds win.
        fn share(&mut self) {
            let total = |p: u8| {
                u32::from(self.stores[p as usize])
                    + own(p).map(|k| u32::from(self.houses[k])).sum::<u32>()
            };
            let (s, n) = (total(0), total(1));
            self.result = Some(match s.cmp(&n) {
                std::cmp::Ordering::Greater => Some(0),
                std::cmp::Ordering::Less => Some(1),
                std::cmp::Ordering::Equal => None,
            });
        }

        fn settle(&mut self) {
            let mover = 1 - self.turn;
            let key = self.key();
            if self.stores[mover as usize] > 24 {
                self.result = Some(Some(mover));
                return;
            }
            // An endless cycle, a player without seeds, or a starving opponent nobody can
            // feed: each player takes the seeds on their side.
            let cycle = self.history.iter().filter(|k| **k == key).count() >= 3;
            let unfed = self.starving() && !self.sowings().into_iter().any(|h| self.feeds(h));
            if cycle || self.sowings().is_empty() || unfed {
                self.share();
            } else if self.ply >= 1000 {
                self.result = Some(None);
            }
        }

        pub fn perft(&self, depth: u32) -> u64 {
            let moves = self.moves();
            if depth <= 1 {
                return if depth == 0 { 1 } else { moves.len() as u64 };
            }
            moves
                .into_iter()
                .map(|h| {
                    let mut next = self.clone();
                    next.play(h);
                    next.perft(depth - 1)
                })
                .sum()
        }
    }
}

// ---- Nine Men's Morris ----

#[test]
fn morris_perft_from_the_start_matches_the_brute_force() {
    // Removals are plies of their own (`xd7`); the first mill can close at ply 5, so its
    // removal is first counted at depth 6. Depths 5 and 6 (the latter with removals) are
    // compared with the engine in README.md (`icebox perft --depth 6`: too slow for a test).
    let g = load("nine-mens-morris");
    let s = g.start().expect("start");
    let mut n = morris::Morris::new();
    for depth in 1..=4 {
        assert_eq!(engine_perft(&g, &s, depth), n.perft(depth), "depth {depth}");
    }
    assert_eq!(
        [n.perft(4), n.perft(5), n.perft(6)],
        [255_024, 5_100_480, MORRIS_PERFT_6]
    );
}

/// Perft(6) from the start, also by hand: after each of the 5,100,480 positions at depth 5
/// there are 19 placements, except after the 40,320 where White's three men stand in a line
/// (16 lines x 3! orders x 21 x 20 placements of Black's two men), which have 2 removals
/// instead (Black's two men, in no mill): 19 x 5,100,480 - 17 x 40,320.
const MORRIS_PERFT_6: u64 = 96_223_680;

#[test]
fn morris_perft_through_removals_flying_and_blocks_matches_the_brute_force() {
    let g = load("nine-mens-morris");
    let positions = [
        // White about to close a mill while Black's top row is a mill (spared men).
        (
            "bMbMbM/3/3/1wMbM3/3/3/wMwM1 turn=White hand.White=6wM hand.Black=5bM",
            4,
        ),
        // Every Black man in a mill: any may be taken.
        (
            "bMbMbM/3/3/1wM4/3/3/wMwM1 turn=White hand.White=6wM hand.Black=6bM",
            4,
        ),
        // The last placements into the moving phase, mills on both sides.
        (
            "bMbM1/bMwMbM/wM2/1wMwMwMwMbM/2wM/bM1bM/wMwMbM turn=Black hand.Black=bM",
            5,
        ),
        // Moving, with a mill to open and close.
        ("bMbM1/2wM/3/1wMbMbM1bM/3/1wM1/wM1wM turn=White", 5),
        // White flies with three men against four.
        ("1wM1/bM2/3/3wM1bM/3/bM2/wM1bM turn=White", 3),
        // Both fly, each a mill away from taking the other down to two.
        ("wMwM1/3/3/6/3/3/bMbMbM turn=White", 4),
        // Black is one step from being shut in.
        ("bM1wM/3/3/bMwM2wM1/3/1wM1/bMbMwM turn=White", 4),
        // In the remove phase already.
        (
            "bMbM1/3/3/2bM3/3/3/wMwMwM turn=White phase=remove hand.White=6wM hand.Black=6bM",
            4,
        ),
    ];
    for (text, depth) in positions {
        let s = g.position(text).expect("position reads");
        let mut n = morris::Morris::from_text(text);
        assert_eq!(
            n.board_text(),
            g.position_text(&s).split(' ').next().unwrap_or("")
        );
        for d in 1..=depth {
            assert_eq!(engine_perft(&g, &s, d), n.perft(d), "{text} depth {d}");
        }
    }
}

#[test]
fn morris_random_games_agree_with_the_brute_force() {
    let g = load("nine-mens-morris");
    let start = g.start().expect("start");
    let (mut positions, mut removals, mut flights, mut results) = (0, 0, 0, [0usize; 3]);
    for seed in 0..300 {
        let mut rng = Rng::new(seed);
        let mut s = start.clone();
        let mut n = morris::Morris::new();
        let mut line: Vec<String> = Vec::new();
        loop {
            let ctx = || format!("seed {seed} after {line:?}: {}", g.position_text(&s));
            let text = g.position_text(&s);
            assert_eq!(
                text.split(' ').next(),
                Some(n.board_text().as_str()),
                "{}",
                ctx()
            );
            let mut native: Vec<String> = n.moves().iter().map(|m| m.text()).collect();
            native.sort();
            assert_eq!(engine_moves(&g, &s), native, "{}", ctx());
            assert_eq!(engine_result(&s), n.result, "{}", ctx());
            positions += 1;
            let moves = g.legal_moves(&s).expect("moves");
            if moves.is_empty() {
                break;
            }
            let m = &moves[rng.below(moves.len() as u64) as usize];
            let mt = g.move_text(&s, m);
            let nm = *n
                .moves()
                .iter()
                .find(|x| x.text() == mt)
                .expect("the brute force has the move");
            match nm {
                morris::Mv::Remove(_) => removals += 1,
                morris::Mv::Step(..) if n.flying() => flights += 1,
                _ => {}
            }
            g.play(&mut s, m).expect("play");
            n.play(nm);
            line.push(mt);
        }
        match n.result {
            Some(Some(p)) => results[p as usize] += 1,
            _ => results[2] += 1,
        }
    }
    eprintln!(
        "morris: {positions} positions, {removals} removals, {flights} flights, results (White, Black, draw) {results:?}"
    );
    assert!(removals > 1000 && flights > 100 && results.iter().all(|&r| r > 0));
}

// ---- Oware ----

#[test]
fn oware_perft_from_the_start_matches_the_brute_force() {
    let g = load("oware");
    let s = g.start().expect("start");
    let n = oware::Oware::new();
    for depth in 1..=8 {
        assert_eq!(engine_perft(&g, &s, depth), n.perft(depth), "depth {depth}");
    }
}

/// Reads an Oware position the brute force can start from: store, North's row (f..a), South's
/// row (A..F), store, as seed counts.
fn oware_position(houses: [u8; 12], stores: [u8; 2], turn: u8) -> String {
    let n = oware::Oware::with(houses, stores, turn);
    format!(
        "{} turn={}",
        n.board_text(),
        if turn == 0 { "South" } else { "North" }
    )
}

#[test]
fn oware_perft_through_captures_laps_and_feeding_matches_the_brute_force() {
    let g = load("oware");
    let positions: [([u8; 12], [u8; 2], u8, u32); 5] = [
        // Many twos and threes on both sides: long series of captures and grand slams.
        ([1, 2, 1, 2, 1, 3, 2, 1, 2, 1, 1, 2], [14, 15], 0, 6),
        // Laps of twelve and more.
        ([13, 0, 1, 0, 2, 0, 12, 1, 0, 1, 0, 1], [9, 8], 1, 5),
        // North has no seeds: South must feed.
        ([2, 0, 1, 0, 3, 1, 0, 0, 0, 0, 0, 0], [20, 21], 0, 6),
        // Few seeds, near the end: starving and grand slams.
        ([0, 0, 0, 1, 1, 2, 1, 2, 0, 0, 0, 0], [20, 21], 0, 8),
        // A capture to 25.
        ([3, 0, 0, 0, 2, 0, 1, 0, 0, 0, 0, 4], [23, 15], 0, 6),
    ];
    for (houses, stores, turn, depth) in positions {
        let text = oware_position(houses, stores, turn);
        let s = g.position(&text).expect("position reads");
        let n = oware::Oware::with(houses, stores, turn);
        for d in 1..=depth {
            assert_eq!(engine_perft(&g, &s, d), n.perft(d), "{text} depth {d}");
        }
    }
}

#[test]
fn oware_random_games_agree_with_the_brute_force() {
    let g = load("oware");
    let start = g.start().expect("start");
    let (mut positions, mut captures, mut starved, mut results) = (0, 0, 0, [0usize; 3]);
    for seed in 0..400 {
        let mut rng = Rng::new(seed);
        let mut s = start.clone();
        let mut n = oware::Oware::new();
        let mut line: Vec<String> = Vec::new();
        loop {
            let ctx = || format!("seed {seed} after {line:?}: {}", g.position_text(&s));
            let text = g.position_text(&s);
            assert_eq!(
                text.split(' ').next(),
                Some(n.board_text().as_str()),
                "{}",
                ctx()
            );
            let mut native: Vec<String> = n.moves().into_iter().map(|h| n.text(h)).collect();
            native.sort();
            assert_eq!(engine_moves(&g, &s), native, "{}", ctx());
            assert_eq!(engine_result(&s), n.result, "{}", ctx());
            if n.result.is_some() && n.starving() && !n.sowings().is_empty() {
                // The opponent cannot be fed: the game ended with sowings left.
                starved += 1;
            }
            positions += 1;
            let moves = g.legal_moves(&s).expect("moves");
            if moves.is_empty() {
                break;
            }
            let m = &moves[rng.below(moves.len() as u64) as usize];
            let mt = g.move_text(&s, m);
            let h = n
                .moves()
                .into_iter()
                .find(|&h| n.text(h) == mt)
                .expect("the brute force has the move");
            if mt.contains(':') {
                captures += 1;
            }
            g.play(&mut s, m).expect("play");
            n.play(h);
            line.push(mt);
        }
        match n.result {
            Some(Some(p)) => results[p as usize] += 1,
            _ => results[2] += 1,
        }
    }
    eprintln!(
        "oware: {positions} positions, {captures} captures, {starved} starved endings, results (South, North, draw) {results:?}"
    );
    assert!(captures > 1000 && starved > 0 && results[0] > 0 && results[1] > 0);
}
