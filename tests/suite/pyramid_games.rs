//! The Looney Pyramid reference games against referees written here from the rule text alone,
//! outside the engine (no published move counts exist for any of them): perft from the start
//! and from mid-game positions, then seeded random games in which, at every position, both
//! must agree on the legal moves (as sorted move texts), on the position a move leads to and
//! on the result.
//!
//! Pikemen (games/pikemen, README.md quotes the wiki): pyramids stand or lie pointing one of
//! eight ways; a turn points a standing pyramid or charges a lying one along where it points
//! over empty squares, stopping before its own colour and on a capturable enemy (lying, or
//! standing and smaller), after which it points any way or stands; captures score pips; 12
//! wins; a player who cannot move passes; when nobody can, the higher score wins.

use icebox::Game;
use icebox::engine::State;
use icebox::engine::rng::Rng;

use super::helpers::{builtin, engine_perft, seat_names};

mod pikemen {
    /// The eight directions, clockwise from north, as (file, rank) steps.
    pub const DIRS: [(&str, i32, i32); 8] = [
        ("n", 0, 1),
        ("ne", 1, 1),
        ("e", 1, 0),
        ("se", 1, -1),
        ("s", 0, -1),
        ("sw", -1, -1),
        ("w", -1, 0),
        ("nw", -1, 1),
    ];

    /// A pyramid: its seat, its pips and where it points (`None`: standing).
    #[derive(Clone, Copy, PartialEq, Eq, Debug)]
    pub struct Pyramid {
        pub seat: usize,
        pub pips: i64,
        pub facing: Option<usize>,
    }

    /// A move: a pyramid pointed where it stands, or charged to a square and left facing.
    #[derive(Clone, Copy, PartialEq, Eq, Debug)]
    pub enum Mv {
        Pass,
        Point {
            at: usize,
            facing: Option<usize>,
        },
        Charge {
            from: usize,
            to: usize,
            facing: Option<usize>,
        },
    }

    #[derive(Clone, Debug)]
    pub struct Pikemen {
        /// Square `file + 8 * rank`, a1 = 0.
        pub board: [Option<Pyramid>; 64],
        pub letters: Vec<char>,
        pub to_move: usize,
        /// Plies played; the 500th draws a game that would go on (README's ruling).
        pub ply: u32,
        pub scores: Vec<i64>,
        /// `None` while the game goes on; each seat's rank when it is over (0 first).
        pub result: Option<Vec<u8>>,
        /// A reoriented pyramid may also be a lying one (the `turn_lying` house rule).
        pub turn_lying: bool,
    }

    fn square(i: usize) -> String {
        format!("{}{}", (b'a' + (i % 8) as u8) as char, i / 8 + 1)
    }

    fn facing_text(f: Option<usize>) -> &'static str {
        f.map_or("up", |d| DIRS[d].0)
    }

    impl Mv {
        pub fn text(self, capture: bool) -> String {
            match self {
                Mv::Pass => "pass".into(),
                Mv::Point { at, facing } => format!("{}[{}]", square(at), facing_text(facing)),
                Mv::Charge { from, to, facing } => format!(
                    "{}{}{}[{}]",
                    square(from),
                    if capture { ':' } else { '-' },
                    square(to),
                    facing_text(facing)
                ),
            }
        }
    }

    impl Pikemen {
        /// Reads the board, seat and scores from the engine's position text (`bL[ne]`, digits
        /// for empty squares, rows from rank 8 down; `turn=`, `score=`). `seats` are the seat
        /// names in turn order, whose first letters mark their pieces.
        pub fn from_text(text: &str, seats: &[&str], turn_lying: bool) -> Pikemen {
            let letters: Vec<char> = seats
                .iter()
                .map(|s| s.chars().next().expect("a name").to_ascii_lowercase())
                .collect();
            let mut fields = text.split(' ');
            let rows = fields.next().expect("rows");
            let mut board = [None; 64];
            for (r, row) in rows.split('/').enumerate() {
                let rank = 7 - r;
                let mut file = 0;
                let mut chars = row.chars().peekable();
                while let Some(c) = chars.next() {
                    if let Some(d) = c.to_digit(10) {
                        file += d as usize;
                        continue;
                    }
                    let seat = letters.iter().position(|l| *l == c).expect("a seat letter");
                    let pips = match chars.next() {
                        Some('S') => 1,
                        Some('M') => 2,
                        Some('L') => 3,
                        other => panic!("a size, not {other:?}"),
                    };
                    let mut facing = None;
                    if chars.peek() == Some(&'[') {
                        chars.next();
                        let name: String = chars.by_ref().take_while(|c| *c != ']').collect();
                        facing = Some(DIRS.iter().position(|d| d.0 == name).expect("a direction"));
                    }
                    board[file + 8 * rank] = Some(Pyramid { seat, pips, facing });
                    file += 1;
                }
            }
            let mut p = Pikemen {
                board,
                letters,
                to_move: 0,
                ply: 0,
                scores: vec![0; seats.len()],
                result: None,
                turn_lying,
            };
            for f in fields {
                if let Some(name) = f.strip_prefix("turn=") {
                    p.to_move = seats.iter().position(|s| *s == name).expect("a seat");
                }
                if let Some(n) = f.strip_prefix("ply=") {
                    p.ply = n.parse().expect("a ply count");
                }
                if let Some(list) = f.strip_prefix("score=") {
                    p.scores = list
                        .split(',')
                        .map(|x| x.parse().expect("a score"))
                        .collect();
                }
            }
            p
        }

        /// The board as the engine writes it.
        pub fn board_text(&self) -> String {
            let mut rows = Vec::new();
            for rank in (0..8).rev() {
                let cells = (0..8).map(|file| match self.board[file + 8 * rank] {
                    None => String::new(),
                    Some(p) => {
                        let size = ["S", "M", "L"][(p.pips - 1) as usize];
                        match p.facing {
                            None => format!("{}{size}", self.letters[p.seat]),
                            Some(d) => format!("{}{size}[{}]", self.letters[p.seat], DIRS[d].0),
                        }
                    }
                });
                rows.push(super::super::helpers::row_text(cells));
            }
            rows.join("/")
        }

        fn step(at: usize, d: usize) -> Option<usize> {
            let (f, r) = ((at % 8) as i32 + DIRS[d].1, (at / 8) as i32 + DIRS[d].2);
            ((0..8).contains(&f) && (0..8).contains(&r)).then_some((f + 8 * r) as usize)
        }

        /// Every way a pyramid may be left: standing, or pointing each of the eight ways.
        fn facings() -> impl Iterator<Item = Option<usize>> {
            std::iter::once(None).chain((0..8).map(Some))
        }

        /// The legal moves of the seat to move, with whether each captures.
        pub fn moves_of(&self, seat: usize) -> Vec<(Mv, bool)> {
            let mut out = Vec::new();
            for at in 0..64 {
                let Some(p) = self.board[at] else { continue };
                if p.seat != seat {
                    continue;
                }
                // "Reorient a standing-up pyramid to face one of the eight compass directions."
                if p.facing.is_none() || self.turn_lying {
                    for f in Self::facings() {
                        if f != p.facing {
                            out.push((Mv::Point { at, facing: f }, false));
                        }
                    }
                }
                // "Cause a pyramid to charge in the direction it is already pointing."
                let Some(d) = p.facing else { continue };
                let mut cur = at;
                while let Some(next) = Self::step(cur, d) {
                    let capture = match self.board[next] {
                        None => false,
                        Some(q) if q.seat != seat && (q.facing.is_some() || q.pips < p.pips) => {
                            true
                        }
                        Some(_) => break,
                    };
                    for f in Self::facings() {
                        out.push((
                            Mv::Charge {
                                from: at,
                                to: next,
                                facing: f,
                            },
                            capture,
                        ));
                    }
                    if capture {
                        break;
                    }
                    cur = next;
                }
            }
            out
        }

        pub fn moves(&self) -> Vec<(Mv, bool)> {
            if self.result.is_some() {
                return Vec::new();
            }
            let mine = self.moves_of(self.to_move);
            if mine.is_empty() {
                return vec![(Mv::Pass, false)];
            }
            mine
        }

        pub fn play(&mut self, m: Mv) {
            match m {
                Mv::Pass => {}
                Mv::Point { at, facing } => {
                    if let Some(p) = self.board[at].as_mut() {
                        p.facing = facing;
                    }
                }
                Mv::Charge { from, to, facing } => {
                    if let Some(q) = self.board[to] {
                        self.scores[self.to_move] += q.pips;
                    }
                    let mut p = self.board[from].take().expect("a pyramid");
                    p.facing = facing;
                    self.board[to] = Some(p);
                }
            }
            self.ply += 1;
            let n = self.scores.len();
            if self.scores[self.to_move] >= 12 {
                self.result = Some((0..n).map(|s| u8::from(s != self.to_move)).collect());
                return;
            }
            self.to_move = (self.to_move + 1) % self.scores.len();
            // Nobody can move: seats rank by score, equal scores sharing a place (a seat's
            // rank is how many scored more).
            if (0..n).all(|s| self.moves_of(s).is_empty()) {
                let ranks = (0..n)
                    .map(|s| (0..n).filter(|o| self.scores[*o] > self.scores[s]).count() as u8)
                    .collect();
                self.result = Some(ranks);
            } else if self.ply >= 500 {
                self.result = Some(vec![0; n]);
            }
        }

        pub fn perft(&self, depth: u32) -> u64 {
            super::super::helpers::referee_perft(self, depth, &|s: &Self| s.moves(), &|s, m| {
                s.play(m.0)
            })
        }
    }
}

fn referee(g: &Game, s: &State, turn_lying: bool) -> pikemen::Pikemen {
    let names = seat_names(g);
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    pikemen::Pikemen::from_text(&g.position_text(s), &names, turn_lying)
}

fn referee_moves(p: &pikemen::Pikemen) -> Vec<String> {
    let mut v: Vec<String> = p.moves().iter().map(|(m, c)| m.text(*c)).collect();
    v.sort();
    v
}

#[test]
fn pikemen_perft_matches_the_referee() {
    let g = builtin("pikemen", None, &[]);
    let start = g.start().expect("start");
    let r = referee(&g, &start, false);
    for depth in 1..=3 {
        assert_eq!(
            engine_perft(&g, &start, depth),
            r.perft(depth),
            "start, depth {depth}"
        );
    }
    // Mid-game positions: lying pyramids of both sides, captures of lying and of smaller
    // standing pyramids, a standing large that nothing takes, a pyramid pointing off the board.
    for text in [
        "bL[se]bLbL[sw]5/bL[n]bMbMbS[nw]1bS[nw]2/bL[ne]bM[sw]bS[ne]3rS[ne]1/bM[n]bS4bM1/bS[w]5rS[w]rM/6rM[e]rL[ne]/4rS[ne]rMrM[e]rL/3rSrM[sw]rLrLrL[w] turn=Red score=1,2",
        "7rL/8/2bM[se]5/8/4rS[n]3/8/8/bS[e]2rL[n]4 turn=Blue",
        "bL[s]7/8/8/3rM4/8/8/8/3rS[w]3bM[w] turn=Blue score=11,0",
    ] {
        let s = g.position(text).expect("position");
        let r = referee(&g, &s, false);
        for depth in 1..=3 {
            assert_eq!(
                engine_perft(&g, &s, depth),
                r.perft(depth),
                "{text} depth {depth}"
            );
        }
    }
}

/// Seeded random games in the engine and the referee, compared at every position.
fn random_games(variant: Option<&str>, turn_lying: bool, games: u64) -> (usize, usize, [usize; 3]) {
    let sets: &[(&str, &str)] = if turn_lying {
        &[("turn_lying", "true")]
    } else {
        &[]
    };
    let g = builtin("pikemen", variant, sets);
    let start = g.start().expect("start");
    let (mut positions, mut captures, mut results) = (0, 0, [0usize; 3]);
    for seed in 0..games {
        let mut rng = Rng::new(seed);
        let mut s = start.clone();
        let mut r = referee(&g, &s, turn_lying);
        let mut line: Vec<String> = Vec::new();
        loop {
            let ctx = || {
                format!(
                    "{variant:?} seed {seed} after {line:?}: {}",
                    g.position_text(&s)
                )
            };
            assert_eq!(
                g.position_text(&s).split(' ').next(),
                Some(r.board_text().as_str()),
                "{}",
                ctx()
            );
            assert_eq!(s.scores(), &r.scores[..], "{}", ctx());
            assert_eq!(
                super::helpers::moves_at(&g, &s),
                referee_moves(&r),
                "{}",
                ctx()
            );
            let engine_result = s.outcome().map(|o| o.ranks.to_vec());
            assert_eq!(engine_result, r.result, "{}", ctx());
            positions += 1;
            let moves = g.legal_moves(&s).expect("moves");
            if moves.is_empty() {
                break;
            }
            let m = &moves[rng.below(moves.len() as u64) as usize];
            let text = g.move_text(&s, m);
            let (rm, capture) = *r
                .moves()
                .iter()
                .find(|(x, c)| x.text(*c) == text)
                .expect("the referee has the move");
            captures += capture as usize;
            g.play(&mut s, m).expect("play");
            r.play(rm);
            line.push(text);
        }
        // A lone winner: the first seat or another; anything else (shared first places).
        let firsts: Vec<usize> = r
            .result
            .iter()
            .flatten()
            .enumerate()
            .filter(|(_, k)| **k == 0)
            .map(|(i, _)| i)
            .collect();
        match firsts[..] {
            [0] => results[0] += 1,
            [_] => results[1] += 1,
            _ => results[2] += 1,
        }
    }
    (positions, captures, results)
}

#[test]
fn pikemen_random_games_agree_with_the_referee() {
    let (positions, captures, results) = random_games(None, false, 150);
    eprintln!(
        "pikemen: {positions} positions, {captures} captures, results (first seat, others, draw) {results:?}"
    );
    assert!(positions > 5000 && captures > 300 && results[0] > 0 && results[1] > 0);
    let (positions, captures, _) = random_games(None, true, 60);
    eprintln!("pikemen turn_lying: {positions} positions, {captures} captures");
    assert!(captures > 100);
    for v in ["three-player", "four-player"] {
        let (positions, captures, _) = random_games(Some(v), false, 40);
        eprintln!("pikemen {v}: {positions} positions, {captures} captures");
        assert!(positions > 1000 && captures > 50);
    }
}
