//! Volcano (games/volcano) against a referee written here from the rule text alone, outside
//! the engine and without its move generation (no published move counts exist): perft from
//! the start and from mid-game positions, then seeded random games in which, at every
//! position, both must agree on the board, on the captured pieces, on the legal moves (as
//! sorted move texts) and on the result. Rules from Looney Labs, How to Play Caldera
//! (https://www.looneylabs.com/rules/caldera), and the Looney Pyramid Games Wiki, Volcano
//! (https://looneypyramids.wiki/wiki/Volcano), with the game's rulings (games/volcano).
//!
//! The referee: a 5x5 board of stacks of neutral pyramids (small, medium, large, eight
//! colours) and caps. An action moves a cap one step any of eight ways onto any cell not
//! topped by a cap; the pieces it covered erupt along that line, top first, the k-th landing
//! k cells beyond the cap, until one would leave the board or land on a cap; one landing on a
//! piece of its own size is captured by the mover. A turn is cap moves until one erupts; once
//! a turn (the main game, not `no-power-play`) a captured piece may go back on any cell not
//! topped by a cap. Three trios of one colour, or five of any colours, captured win at once;
//! a seat with no action loses; the 1,000th ply draws a game that would go on.

use icebox::Game;
use icebox::engine::State;
use icebox::engine::rng::Rng;

use super::helpers::{builtin, engine_perft, seat_names};

mod rules {
    /// The eight directions as (file, rank) steps.
    pub const DIRS: [(i32, i32); 8] = [
        (0, 1),
        (1, 1),
        (1, 0),
        (1, -1),
        (0, -1),
        (-1, -1),
        (-1, 0),
        (-1, 1),
    ];
    /// The colours' letters: red, orange, yellow, green, cyan, blue, purple, white.
    pub const COLOURS: [char; 8] = ['r', 'o', 'y', 'g', 'c', 'b', 'p', 'w'];
    /// The pyramids' kinds, by size (small 1, medium 2, large 3).
    pub const KINDS: [char; 3] = ['S', 'M', 'L'];
    /// A piece is `3 * colour + kind` for a pyramid (0..24), or this for a cap.
    pub const CAP: u8 = 24;
    /// Plies after which a game that would go on is drawn (`max_plies`).
    pub const MAX_PLIES: u32 = 1000;

    fn size(p: u8) -> u8 {
        if p == CAP { 1 } else { p % 3 + 1 }
    }

    fn token(p: u8) -> String {
        if p == CAP {
            "C".into()
        } else {
            format!("{}{}", COLOURS[(p / 3) as usize], KINDS[(p % 3) as usize])
        }
    }

    fn cell(i: usize) -> String {
        format!("{}{}", (b'a' + (i % 5) as u8) as char, i / 5 + 1)
    }

    fn step(at: usize, d: usize, n: i32) -> Option<usize> {
        let (f, r) = (
            (at % 5) as i32 + DIRS[d].0 * n,
            (at / 5) as i32 + DIRS[d].1 * n,
        );
        ((0..5).contains(&f) && (0..5).contains(&r)).then_some((f + 5 * r) as usize)
    }

    /// A piece's token at the start of `s` (`rS`, `C`), and the rest of `s`.
    fn read_token(s: &str) -> (u8, &str) {
        if let Some(rest) = s.strip_prefix('C') {
            return (CAP, rest);
        }
        let mut chars = s.chars();
        let c = chars.next().expect("a colour");
        let k = chars.next().expect("a kind");
        let colour = COLOURS
            .iter()
            .position(|x| *x == c)
            .expect("a colour letter");
        let kind = KINDS.iter().position(|x| *x == k).expect("a kind letter");
        ((3 * colour + kind) as u8, &s[2..])
    }

    /// An action: a cap moved one step, or a captured piece put back (the power play).
    #[derive(Clone, Copy, PartialEq, Eq, Debug)]
    pub enum Mv {
        Cap { from: usize, d: usize },
        Place { piece: u8, at: usize },
    }

    #[derive(Clone, Debug, PartialEq, Eq)]
    pub struct Volcano {
        /// Cell `file + 5 * rank` (a1 = 0), its stack bottom first.
        pub board: Vec<Vec<u8>>,
        /// Each seat's captured pieces, a count per pyramid.
        pub zones: [[u8; 24]; 2],
        pub to_move: usize,
        pub ply: u32,
        /// Actions already made this turn.
        pub actions: u32,
        /// The power play was made this turn.
        pub used_once: bool,
        /// `None` while the game goes on; each seat's rank when it is over (0 first).
        pub result: Option<Vec<u8>>,
        /// The power play is a rule (the main game; not `no-power-play`).
        pub power_play: bool,
    }

    impl Mv {
        pub fn text(self, capture: bool) -> String {
            match self {
                Mv::Cap { from, d } => format!(
                    "{}{}{}",
                    cell(from),
                    if capture { ':' } else { '-' },
                    cell(step(from, d, 1).expect("on the board"))
                ),
                Mv::Place { piece, at } => format!("{}@{}", token(piece), cell(at)),
            }
        }
    }

    /// A captured zone's text (`yL,bL,2wL`) as counts.
    pub fn zone_counts(list: &str) -> [u8; 24] {
        let mut z = [0u8; 24];
        for (n, item) in super::super::helpers::zone_items(list) {
            let (p, rest) = read_token(item);
            assert!(rest.is_empty() && p != CAP, "a zone item, not {item}");
            z[p as usize] += n;
        }
        z
    }

    impl Volcano {
        /// Reads the engine's position text: rows from rank 5 down, cells a..e, digits for
        /// runs of empty cells, a stack as `(` its tokens bottom first `)`; then `turn=`,
        /// `ply=`, `captured.<seat>=`, `var.actions=`, `var.used_once=`, `result=`. `seats`
        /// are the seat names in turn order.
        pub fn from_text(text: &str, seats: &[&str], power_play: bool) -> Volcano {
            let mut fields = text.split(' ');
            let rows = fields.next().expect("rows");
            let mut board = vec![Vec::new(); 25];
            let rows: Vec<&str> = rows.split('/').collect();
            assert_eq!(rows.len(), 5, "{text}");
            for (r, row) in rows.iter().enumerate() {
                let rank = 4 - r;
                let read = super::super::helpers::row_stacks(row, &read_token);
                assert_eq!(read.len(), 5, "row {row} of {text}");
                for (file, stack) in read.into_iter().enumerate() {
                    board[file + 5 * rank] = stack;
                }
            }
            let mut v = Volcano {
                board,
                zones: [[0; 24]; 2],
                to_move: 0,
                ply: 0,
                actions: 0,
                used_once: false,
                result: None,
                power_play,
            };
            for f in fields {
                let (key, value) = f.split_once('=').expect("key=value");
                match key {
                    "turn" => v.to_move = seats.iter().position(|s| *s == value).expect("a seat"),
                    "ply" => v.ply = value.parse().expect("a ply count"),
                    "var.actions" => v.actions = value.parse().expect("a count"),
                    "var.used_once" => v.used_once = value != "0",
                    "result" => {
                        v.result = Some(
                            value
                                .split(',')
                                .map(|x| x.parse().expect("a rank"))
                                .collect(),
                        )
                    }
                    _ => {
                        let seat = key
                            .strip_prefix("captured.")
                            .and_then(|n| seats.iter().position(|s| *s == n))
                            .unwrap_or_else(|| panic!("an unknown field {f} in {text}"));
                        v.zones[seat] = zone_counts(value);
                    }
                }
            }
            v
        }

        /// The board as the engine writes it.
        pub fn board_text(&self) -> String {
            let mut rows = Vec::new();
            for rank in (0..5).rev() {
                let cells = (0..5).map(|file| {
                    let stack = &self.board[file + 5 * rank];
                    let tokens: String = stack.iter().map(|p| token(*p)).collect();
                    if stack.len() >= 2 {
                        format!("({tokens})")
                    } else {
                        tokens
                    }
                });
                rows.push(super::super::helpers::row_text(cells));
            }
            rows.join("/")
        }

        fn top(&self, at: usize) -> Option<u8> {
            self.board[at].last().copied()
        }

        /// What a cap moved from `from` towards `d` makes erupt, in order: each piece, where
        /// it lands and whether it is captured there. Flow cells all differ (k + 1 cells from
        /// `from` for the k-th piece), so each is judged on the board before the move.
        pub fn eruption(&self, from: usize, d: usize) -> Vec<(u8, usize, bool)> {
            let stack = &self.board[from];
            let under = &stack[..stack.len() - 1];
            let mut out = Vec::new();
            for (k, p) in under.iter().rev().enumerate() {
                let Some(land) = step(from, d, k as i32 + 2) else {
                    break;
                };
                match self.top(land) {
                    Some(CAP) => break,
                    Some(q) => out.push((*p, land, size(q) == size(*p))),
                    None => out.push((*p, land, false)),
                }
            }
            out
        }

        /// The legal actions of a seat, with whether each captures.
        pub fn moves_of(&self) -> Vec<(Mv, bool)> {
            let mut out = Vec::new();
            for from in 0..25 {
                if self.top(from) != Some(CAP) {
                    continue;
                }
                for d in 0..8 {
                    let Some(to) = step(from, d, 1) else { continue };
                    if self.top(to) == Some(CAP) {
                        continue;
                    }
                    let capture = self.eruption(from, d).iter().any(|x| x.2);
                    out.push((Mv::Cap { from, d }, capture));
                }
            }
            if self.power_play && !self.used_once {
                for piece in 0..24u8 {
                    if self.zones[self.to_move][piece as usize] == 0 {
                        continue;
                    }
                    for at in 0..25 {
                        if self.top(at) != Some(CAP) {
                            out.push((Mv::Place { piece, at }, false));
                        }
                    }
                }
            }
            out
        }

        pub fn moves(&self) -> Vec<(Mv, bool)> {
            if self.result.is_some() {
                return Vec::new();
            }
            self.moves_of()
        }

        /// Three trios of one colour, or five of any colours.
        pub fn wins(zone: &[u8; 24]) -> bool {
            let mono: u32 = (0..8)
                .map(|c| u32::from(zone[3 * c].min(zone[3 * c + 1]).min(zone[3 * c + 2])))
                .sum();
            let total = |k: usize| (0..8).map(|c| u32::from(zone[3 * c + k])).sum::<u32>();
            mono >= 3 || total(0).min(total(1)).min(total(2)) >= 5
        }

        pub fn play(&mut self, m: Mv) {
            let mover = self.to_move;
            let mut ends_turn = false;
            match m {
                Mv::Cap { from, d } => {
                    let flow = self.eruption(from, d);
                    let cap = self.board[from].pop().expect("a cap");
                    assert_eq!(cap, CAP);
                    let to = step(from, d, 1).expect("on the board");
                    self.board[to].push(CAP);
                    for (p, land, captured) in &flow {
                        assert_eq!(self.board[from].pop(), Some(*p));
                        if *captured {
                            self.zones[mover][*p as usize] += 1;
                        } else {
                            self.board[*land].push(*p);
                        }
                    }
                    ends_turn = !flow.is_empty();
                }
                Mv::Place { piece, at } => {
                    let n = &mut self.zones[mover][piece as usize];
                    assert!(*n > 0);
                    *n -= 1;
                    self.board[at].push(piece);
                    self.used_once = true;
                }
            }
            self.ply += 1;
            self.actions += 1;
            if Self::wins(&self.zones[mover]) {
                self.result = Some((0..2).map(|s| u8::from(s != mover)).collect());
                return;
            }
            if ends_turn {
                self.to_move = 1 - mover;
                self.actions = 0;
                self.used_once = false;
            }
            // No action: the seat to act loses (the default `no_moves`); otherwise the limit
            // draws a game that would go on.
            if self.moves_of().is_empty() {
                self.result = Some((0..2).map(|s| u8::from(s == self.to_move)).collect());
            } else if self.ply >= MAX_PLIES {
                self.result = Some(vec![0, 0]);
            }
        }

        pub fn perft(&self, depth: u32) -> u64 {
            super::super::helpers::referee_perft(self, depth, &|s: &Self| s.moves(), &|s, m| {
                s.play(m.0)
            })
        }
    }
}

use rules::Volcano;

/// A position text read as the referee's state (`power_play`: the main game's rule).
fn read(g: &Game, text: &str, power_play: bool) -> Volcano {
    let names = seat_names(g);
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    Volcano::from_text(text, &names, power_play)
}

fn referee(g: &Game, s: &State, power_play: bool) -> Volcano {
    read(g, &g.position_text(s), power_play)
}

fn referee_moves(v: &Volcano) -> Vec<String> {
    let mut out: Vec<String> = v.moves().iter().map(|(m, c)| m.text(*c)).collect();
    out.sort();
    out
}

/// Mid-game positions, for the main game and `no-power-play` (which reads the zones and
/// `var.used_once` all the same, and has no power play).
const MIDGAME: [&str; 4] = [
    // North in the middle of its turn, both seats holding captures (power plays of four
    // kinds, one held twice). The a5 cap east erupts a large taken on c5's, then the medium
    // stops at the lone cap d5; south-east, a large lands on the empty c3 and the medium and
    // small are taken on d2 and e1; a3 north-east takes its large on c5 and the medium
    // would leave the board; b2 west or south-west and the lone d5 erupt nothing.
    "(rSrMrLC)1(ySyMyL)C(cScMcL)/(bSbMbLC)rS(wSwM)1oL/(ySyMyLC)(gSgM)1(cScMcL)(bSbMbL)/pM(wSwMwLC)1oM(ySyM)/(gSgMgL)1(bSbMC)pLwS turn=North ply=40 captured.North=rS,rM,gL,2wL captured.South=yS,yM var.actions=2",
    // South after a cap move and its power play: one medium and one large short of five
    // trios, which a5 east (a large and a medium taken, the small stopped at the e5 cap)
    // gives at once; North one large yellow short of three monochrome trios, which a3
    // north-east gives it on its next turn.
    "(rSrMrLC)(oSoMoL)(ySyMyL)(gSgM)(cScMcLC)/(bSbMbL)(pSpMpL)(wSwMwL)(rSrMrLC)(oSoMoL)/(ySyMyLC)(gSgMgL)1(cScMcL)(bSbMbLC)/(pSpMpL)(wSwMwL)(rSrMrLC)(oSoMoL)(ySyM)/(gSgMgL)(cScMcL)(bSbMbL)(pSpMpL)(wSwMwL) turn=South ply=57 captured.North=rS,rM,rL,oS,oM,oL,yS,yM captured.South=rS,oM,yL,gS,gM,gL,bS,cM,pL,wS,wM,oL,yS var.actions=1 var.used_once=1",
    // Two plies before the limit, in the middle of North's turn: every position two plies
    // on is over (won, or drawn at the 1,000th ply), so depth 3 counts nothing.
    "C(rSrM)(oSoMoL)(gSgMgL)(cScMcL)/(bSbMbLC)(pSpMpL)(wSwMwL)(rSrMrLC)1/(ySyMyL)(gSgMgL)(rLC)(cScMcL)(bSbMbLC)/(pSpMpL)(wSwMwL)1(oSoMoL)(ySyMyL)/(gSgMgL)(cScMcL)(bSbMbLC)(pSpMpL)(wSwMwL) turn=North ply=998 captured.North=oL,yM,yL captured.South=wS var.actions=3",
    // Tall stacks, four caps: a3 east erupts three of its six pieces and keeps three, a3
    // south-east is stopped at once by the c1 cap, c1 north takes its third piece (a small
    // on c5's) and its fourth would leave the board.
    "(gSgM)1wS(oSoM)1/(bSbMbLC)1rS1oL/(ySyMyLcSrMwLC)3(bSbMbL)/pM1wM1C/(gSgMgL)1(rSoSoLbMC)2 turn=South ply=101 captured.South=2yS,pM",
];

#[test]
fn volcano_perft_matches_the_referee() {
    for (variant, power_play) in [(None, true), (Some("no-power-play"), false)] {
        let g = builtin("volcano", variant, &[]);
        let start = g.start().expect("start");
        let r = referee(&g, &start, power_play);
        for depth in 1..=4 {
            let (engine, referee) = (engine_perft(&g, &start, depth), r.perft(depth));
            eprintln!(
                "volcano {variant:?} start, depth {depth}: engine {engine}, referee {referee}"
            );
            assert_eq!(engine, referee, "{variant:?} start, depth {depth}");
        }
        for (i, text) in MIDGAME.iter().enumerate() {
            let s = g.position(text).expect("position");
            let r = read(&g, text, power_play);
            assert_eq!(
                referee(&g, &s, power_play),
                r,
                "{variant:?} reads back {text}"
            );
            for depth in 1..=3 {
                let (engine, referee) = (engine_perft(&g, &s, depth), r.perft(depth));
                eprintln!(
                    "volcano {variant:?} mid-game {i}, depth {depth}: engine {engine}, referee {referee}"
                );
                assert_eq!(engine, referee, "{variant:?} {text} depth {depth}");
            }
        }
    }
}

/// What random games met: positions, capturing moves, pieces captured, power plays, and
/// results (North won, South won, drawn).
#[derive(Debug, Default)]
struct Tally {
    positions: usize,
    capturing_moves: usize,
    captured: usize,
    power_plays: usize,
    results: [usize; 3],
}

/// Seeded random games in the engine and the referee, compared at every position.
fn random_games(variant: Option<&str>, power_play: bool, games: u64) -> Tally {
    let g = builtin("volcano", variant, &[]);
    let start = g.start().expect("start");
    let mut t = Tally::default();
    for seed in 0..games {
        let mut rng = Rng::new(seed);
        let mut s = start.clone();
        let mut r = referee(&g, &s, power_play);
        let mut line: Vec<String> = Vec::new();
        loop {
            let text = g.position_text(&s);
            let ctx = || format!("{variant:?} seed {seed} after {line:?}: {text}");
            assert_eq!(
                text.split(' ').next(),
                Some(r.board_text().as_str()),
                "{}",
                ctx()
            );
            // The engine's whole position, read by the referee: zones as counts (multisets),
            // and while the game goes on, the seat to act, the ply and the turn's bookkeeping.
            let e = read(&g, &text, power_play);
            assert_eq!(e.zones, r.zones, "{}", ctx());
            assert_eq!(e.ply, r.ply, "{}", ctx());
            if r.result.is_none() {
                assert_eq!(
                    (e.to_move, e.actions, e.used_once),
                    (r.to_move, r.actions, r.used_once),
                    "{}",
                    ctx()
                );
            }
            assert_eq!(
                super::helpers::moves_at(&g, &s),
                referee_moves(&r),
                "{}",
                ctx()
            );
            let engine_result = s.outcome().map(|o| o.ranks.to_vec());
            assert_eq!(engine_result, r.result, "{}", ctx());
            assert_eq!(e.result, r.result, "{}", ctx());
            t.positions += 1;
            let moves = g.legal_moves(&s).expect("moves");
            if moves.is_empty() {
                break;
            }
            let m = &moves[rng.below(moves.len() as u64) as usize];
            let mt = g.move_text(&s, m);
            let (rm, capture) = *r
                .moves()
                .iter()
                .find(|(x, c)| x.text(*c) == mt)
                .expect("the referee has the move");
            let before: usize = r.zones.iter().flatten().map(|n| *n as usize).sum();
            t.capturing_moves += usize::from(capture);
            t.power_plays += usize::from(matches!(rm, rules::Mv::Place { .. }));
            g.play(&mut s, m).expect("play");
            r.play(rm);
            let after: usize = r.zones.iter().flatten().map(|n| *n as usize).sum();
            t.captured += after.saturating_sub(before);
            line.push(mt);
        }
        match r.result.as_deref() {
            Some([0, 1]) => t.results[0] += 1,
            Some([1, 0]) => t.results[1] += 1,
            Some([0, 0]) => t.results[2] += 1,
            other => panic!("{variant:?} seed {seed}: a result {other:?}"),
        }
    }
    t
}

#[test]
fn volcano_random_games_agree_with_the_referee() {
    let t = random_games(Some("no-power-play"), false, 150);
    eprintln!("volcano no-power-play: {t:?} (results: North won, South won, drawn)");
    assert!(t.positions > 10_000 && t.captured > 1000 && t.power_plays == 0);
    assert!(t.results[0] > 10 && t.results[1] > 10);
    // Random play in the main game puts captures back about as fast as it takes them: its
    // games run to the 1,000-ply limit, drawn.
    let t = random_games(None, true, 30);
    eprintln!("volcano: {t:?} (results: North won, South won, drawn)");
    assert!(t.positions > 10_000 && t.captured > 1000 && t.power_plays > 1000);
    assert_eq!(t.results.iter().sum::<usize>(), 30);
}
