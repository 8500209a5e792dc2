//! Matches against outside engines: how strong icebox's agents are, as a win rate against
//! programs whose strength is known, rather than against each other (`icebox ladder`).
//!
//! | game | opponent (its text protocol) | its strength |
//! | --- | --- | --- |
//! | go 9x9, komi 7, area scoring, positional superko | GNU Go (GTP: `genmove`, `play`, `final_score`) | `--level`, ICEBOX_VERSUS_GNUGO_LEVELS (default `1,10`) |
//! | chess | Fairy-Stockfish (UCI: `position startpos moves ...`, `go depth D`) | depth, ICEBOX_VERSUS_FSF_DEPTHS (default `1,3`) |
//! | backgammon, one game, no cube | GNU Backgammon (its Python, `tests/data/versus/gnubg_move.py`) | its default player (2-ply) |
//!
//! These are measurements, not checks: each test is `#[ignore]`d, so the suite's normal run
//! skips them, and is run by hand:
//! `cargo test --release --test suite versus -- --ignored --nocapture --test-threads=1`
//! (one test at a time: the engines and the agent share the cores, and a time budget such as
//! `mcts:1s` is worth less when another match runs beside it). ICEBOX_VERSUS_AGENT is the
//! icebox seat kind (anything `--seat` accepts; default `mcts:1s`), ICEBOX_VERSUS_GAMES the
//! games per match (default 10), half with icebox moving first. The rules of every game are
//! icebox's: the engine's moves are played into icebox (an engine move icebox refuses fails
//! the test, as it would be a difference `differential` should have found) and icebox's
//! outcome is the result. Each match prints one row: icebox's wins, draws and losses, the win
//! rate with its 95% Wilson interval, the mean length in plies and the mean thinking time per
//! icebox move. Without the engine a test prints SKIPPED and passes.

use std::str::FromStr;
use std::time::{Duration, Instant};

use icebox::Game;
use icebox::ai::{self, Agent};
use icebox::engine::rng::Rng;
use icebox::engine::{Move, State};
use icebox::stats::Rate;

use crate::engines::{Engine, Gtp, dice_of, gnubg_boards, gtp_of, icebox_point, require, uci};
use crate::helpers::builtin;

/// A chess game still going after this many plies counts as a draw: a weak agent against a
/// shallow search can shuffle for the 2,000 plies of icebox's own limit, which measures
/// nothing and takes long.
const CHESS_PLIES: usize = 300;

/// The icebox seat kind from ICEBOX_VERSUS_AGENT (default `mcts:1s`), as written and read.
fn agent() -> (String, Agent) {
    let text = std::env::var("ICEBOX_VERSUS_AGENT").unwrap_or_else(|_| "mcts:1s".into());
    let agent =
        Agent::from_str(text.trim()).unwrap_or_else(|e| panic!("ICEBOX_VERSUS_AGENT={text}: {e}"));
    assert!(
        agent != Agent::Human,
        "ICEBOX_VERSUS_AGENT={text}: a match needs an automatic agent"
    );
    (text.trim().to_string(), agent)
}

/// Games per match: ICEBOX_VERSUS_GAMES, 10 unless set.
fn games() -> u64 {
    match std::env::var("ICEBOX_VERSUS_GAMES") {
        Ok(n) => n
            .trim()
            .parse()
            .ok()
            .filter(|&n| n > 0)
            .unwrap_or_else(|| panic!("ICEBOX_VERSUS_GAMES={n} is not a number of games")),
        Err(_) => 10,
    }
}

/// The engine strengths to play, one match each: `var` as a comma list (`1,10`), else
/// `default`.
fn strengths(var: &str, default: &[u32]) -> Vec<u32> {
    match std::env::var(var) {
        Ok(list) => list
            .split(',')
            .map(|x| {
                x.trim()
                    .parse()
                    .unwrap_or_else(|_| panic!("{var}={list}: `{x}` is not a number"))
            })
            .collect(),
        Err(_) => default.to_vec(),
    }
}

/// How one game ended for icebox's side.
#[derive(Clone, Copy, Debug)]
enum Verdict {
    Win,
    Draw,
    Loss,
}

impl Verdict {
    /// icebox's result in a finished game where it plays seat `me`.
    fn of(s: &State, me: usize) -> Verdict {
        let o = s.outcome().expect("the game is over");
        if o.is_draw() {
            Verdict::Draw
        } else if o.winners().iter().any(|p| p.index() == me) {
            Verdict::Win
        } else {
            Verdict::Loss
        }
    }
}

/// One match: the icebox agent against one engine at one strength.
struct Match {
    agent: String,
    engine: String,
    results: Vec<Verdict>,
    plies: u64,
    /// The icebox agent's thinking, and how many moves it was spent on.
    thinking: Duration,
    moves: u64,
}

impl Match {
    fn new(agent: &str, engine: String) -> Match {
        Match {
            agent: agent.to_string(),
            engine,
            results: Vec::new(),
            plies: 0,
            thinking: Duration::ZERO,
            moves: 0,
        }
    }

    /// The icebox agent's move in `s`, its thinking time counted.
    fn icebox_move(&mut self, g: &Game, s: &State, agent: Agent, rng: &mut Rng) -> Move {
        let moves = g.legal_moves(s).expect("legal moves");
        let started = Instant::now();
        let m = ai::choose(g, s, &moves, agent, rng)
            .expect("the agent's rules run")
            .expect("a live game has a move");
        self.thinking += started.elapsed();
        self.moves += 1;
        m
    }

    /// Records a game and says how it went (the line to follow a long run by).
    fn record(&mut self, result: Verdict, plies: u32, how: &str) {
        self.results.push(result);
        self.plies += u64::from(plies);
        eprintln!(
            "versus {} vs {}: game {}: {result:?}, {plies} plies, {how}",
            self.agent,
            self.engine,
            self.results.len()
        );
    }

    fn row(&self) -> String {
        let count = |r: fn(&Verdict) -> bool| self.results.iter().filter(|x| r(x)).count();
        let wins = count(|r| matches!(r, Verdict::Win));
        let draws = count(|r| matches!(r, Verdict::Draw));
        let losses = count(|r| matches!(r, Verdict::Loss));
        let n = self.results.len();
        let rate = Rate::of(wins, n);
        format!(
            "{:<12} {:<28} {:>5} {:>4} {:>4} {:>4}   {:>5.1}% [{:>5.1}, {:>5.1}] {:>7.1} {:>8.3}",
            self.agent,
            self.engine,
            n,
            wins,
            draws,
            losses,
            100.0 * rate.p,
            100.0 * rate.lo,
            100.0 * rate.hi,
            self.plies as f64 / n.max(1) as f64,
            self.thinking.as_secs_f64() / self.moves.max(1) as f64
        )
    }
}

/// The table of a test's matches, printed in one piece so that tests run side by side do not
/// interleave it.
fn print_table(title: &str, matches: &[Match]) {
    let mut out = format!(
        "\nversus {title}\n{:<12} {:<28} {:>5} {:>4} {:>4} {:>4}   {:<21} {:>7} {:>8}\n",
        "agent", "engine", "games", "W", "D", "L", "win rate [95%]", "plies", "s/move"
    );
    for m in matches {
        out.push_str(&m.row());
        out.push('\n');
    }
    eprintln!("{out}");
}

/// The seed of game `i`'s agent (and dice): the same games for every engine strength.
fn seed(i: u64) -> u64 {
    0x7e55 ^ i
}

/// The legal move whose text is `text`, or a failure naming the engine's move.
fn legal_by_text(g: &Game, s: &State, text: &str, what: &dyn Fn() -> String) -> Move {
    g.legal_moves(s)
        .expect("legal moves")
        .into_iter()
        .find(|m| g.move_text(s, m) == text)
        .unwrap_or_else(|| panic!("{}: not a legal move in icebox", what()))
}

// ---------------------------------------------------------------------------------------
// Go 9x9 against GNU Go.

#[test]
#[ignore = "a strength measurement, run by hand (module doc)"]
fn versus_go_against_gnu_go() {
    let title = "go 9x9 vs GNU Go";
    let Some(path) = require("gnugo", &format!("versus {title}")) else {
        return;
    };
    let (label, agent) = agent();
    // icebox's Go: Tromp-Taylor area scoring, positional superko, suicide forbidden, komi 7
    // (a drawn game possible), 243 plies at most (a draw: not a rule of Go, icebox's cut for
    // endless play; go README). GNU Go told the same rules, and to capture every stone it
    // judges dead before it passes (`--capture-all-dead`): Tromp-Taylor counts every stone
    // left on the board, so without it GNU Go passes on won positions and icebox's count
    // gives the weaker side draws and wins that GNU Go's `final_score` (dead stones removed)
    // does not.
    let komi = 7;
    let g = builtin("go", None, &[("komi", &komi.to_string())]);
    let mut matches = Vec::new();
    for level in strengths("ICEBOX_VERSUS_GNUGO_LEVELS", &[1, 10]) {
        let level_arg = level.to_string();
        let komi_arg = komi.to_string();
        let mut gtp = Gtp(Engine::start(
            &path,
            &[
                "--mode",
                "gtp",
                "--level",
                &level_arg,
                "--boardsize",
                "9",
                "--komi",
                &komi_arg,
                "--chinese-rules",
                "--positional-superko",
                "--forbid-suicide",
                "--capture-all-dead",
            ],
        ));
        let mut m = Match::new(&label, format!("gnugo --level {level}"));
        for i in 0..games() {
            let me = (i % 2) as usize;
            let mut rng = Rng::new(seed(i));
            let none = String::new;
            gtp.ask("clear_board", &none);
            gtp.ask(&format!("komi {komi}"), &none);
            let mut s = g.start().expect("starts");
            let mut played: Vec<String> = Vec::new();
            let mut resigned = false;
            while !s.is_over() {
                let colour = if s.turn().index() == 0 { "b" } else { "w" };
                let context = || format!("go game {i}, after {}", played.join(" "));
                if s.turn().index() == me {
                    let mv = m.icebox_move(&g, &s, agent, &mut rng);
                    let text = g.move_text(&s, &mv);
                    let vertex = match text.as_str() {
                        "pass" => "pass".to_string(),
                        t => gtp_of(t).unwrap_or_else(|| panic!("{}: icebox's {t}", context())),
                    };
                    gtp.ask(&format!("play {colour} {vertex}"), &context);
                    g.play(&mut s, &mv).expect("plays");
                    played.push(vertex);
                } else {
                    let vertex = gtp.ask(&format!("genmove {colour}"), &context);
                    if vertex.eq_ignore_ascii_case("resign") {
                        resigned = true;
                        break;
                    }
                    let text = if vertex.eq_ignore_ascii_case("pass") {
                        "pass".to_string()
                    } else {
                        icebox_point(&vertex)
                            .unwrap_or_else(|| panic!("{}: GNU Go answers `{vertex}`", context()))
                    };
                    let mv = legal_by_text(&g, &s, &text, &|| {
                        format!("{}: GNU Go's {vertex}", context())
                    });
                    g.play(&mut s, &mv).expect("plays");
                    played.push(vertex);
                }
            }
            let seat = ["Black", "White"][me];
            if resigned {
                m.record(
                    Verdict::Win,
                    s.ply(),
                    &format!("icebox {seat}, GNU Go resigns"),
                );
                continue;
            }
            // Black's margin by icebox's area count, komi in White's score.
            let sc = s.scores();
            let margin = sc[0] - sc[1];
            let ours = match margin {
                0 => "0".to_string(),
                d if d > 0 => format!("B+{d}"),
                d => format!("W+{}", -d),
            };
            let reason = s.outcome().map(|o| o.reason.clone()).unwrap_or_default();
            let theirs = gtp.ask("final_score", &|| format!("go game {i}"));
            m.record(
                Verdict::of(&s, me),
                s.ply(),
                &format!("icebox {seat}, icebox {ours} ({reason}), GNU Go's final_score {theirs}"),
            );
        }
        matches.push(m);
    }
    print_table(title, &matches);
}

// ---------------------------------------------------------------------------------------
// Chess against Fairy-Stockfish.

#[test]
#[ignore = "a strength measurement, run by hand (module doc)"]
fn versus_chess_against_fairy_stockfish() {
    let title = "chess vs Fairy-Stockfish";
    let Some(path) = require("fairy-stockfish", &format!("versus {title}")) else {
        return;
    };
    let (label, agent) = agent();
    let g = builtin("chess", None, &[]);
    let mut fsf = Engine::start(&path, &[]);
    fsf.send("uci");
    fsf.until(|l| l == "uciok");
    fsf.send("setoption name UCI_Variant value chess");
    let mut matches = Vec::new();
    for depth in strengths("ICEBOX_VERSUS_FSF_DEPTHS", &[1, 3]) {
        let mut m = Match::new(&label, format!("fairy-stockfish depth {depth}"));
        for i in 0..games() {
            let me = (i % 2) as usize;
            let mut rng = Rng::new(seed(i));
            fsf.send("ucinewgame");
            fsf.send("isready");
            fsf.until(|l| l == "readyok");
            let mut s = g.start().expect("starts");
            let mut played: Vec<String> = Vec::new();
            while !s.is_over() && played.len() < CHESS_PLIES {
                if s.turn().index() == me {
                    let mv = m.icebox_move(&g, &s, agent, &mut rng);
                    played.push(uci(&g.move_text(&s, &mv)));
                    g.play(&mut s, &mv).expect("plays");
                } else {
                    fsf.send(&format!("position startpos moves {}", played.join(" ")));
                    fsf.send(&format!("go depth {depth}"));
                    let answer = fsf.until(|l| l.starts_with("bestmove"));
                    let best = answer
                        .last()
                        .and_then(|l| l.split_whitespace().nth(1))
                        .unwrap_or_default()
                        .to_string();
                    let context = || format!("chess game {i}, after {}", played.join(" "));
                    let mv = g
                        .legal_moves(&s)
                        .expect("legal moves")
                        .into_iter()
                        .find(|mv| uci(&g.move_text(&s, mv)) == best)
                        .unwrap_or_else(|| {
                            panic!(
                                "{}: Fairy-Stockfish's {best} is not legal in icebox",
                                context()
                            )
                        });
                    g.play(&mut s, &mv).expect("plays");
                    played.push(best);
                }
            }
            let seat = ["White", "Black"][me];
            let (result, how) = match s.outcome() {
                Some(o) => (Verdict::of(&s, me), o.reason.clone()),
                None => (
                    Verdict::Draw,
                    format!("no result in {CHESS_PLIES} plies (a draw)"),
                ),
            };
            m.record(result, s.ply(), &format!("icebox {seat}, {how}"));
        }
        matches.push(m);
    }
    print_table(title, &matches);
}

// ---------------------------------------------------------------------------------------
// Backgammon against GNU Backgammon.

/// The moves that play seat `me`'s turn out, die by die, to the boards `target` (gnubg's
/// boards, `me`'s first), searched through icebox's legal moves and taken back with undo;
/// `None` when no order of icebox's moves gets there.
fn turn_to(g: &Game, s: &mut State, me: usize, target: &[u8]) -> Option<Vec<Move>> {
    if s.turn().index() != me || s.is_over() {
        return (gnubg_boards(&g.position_text(s), me) == target).then(Vec::new);
    }
    for m in g.legal_moves(s).expect("legal moves") {
        let u = g.play(s, &m).expect("plays");
        let rest = turn_to(g, s, me, target);
        g.undo(s, u);
        if let Some(mut rest) = rest {
            rest.insert(0, m);
            return Some(rest);
        }
    }
    None
}

#[test]
#[ignore = "a strength measurement, run by hand (module doc)"]
fn versus_backgammon_against_gnu_backgammon() {
    let title = "backgammon vs GNU Backgammon";
    let Some(path) = require("gnubg", &format!("versus {title}")) else {
        return;
    };
    let (label, agent) = agent();
    let script =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/versus/gnubg_move.py");
    let script = script.to_str().expect("a UTF-8 path");
    let mut gnubg = Engine::start(&path, &["-t", "-q", "-r", "-p", script]);
    // One game, no cube (the default `match = 1`): a win is a win, whatever it is worth.
    let g = builtin("backgammon", None, &[("cube", "false")]);
    let mut m = Match::new(&label, "gnubg default (2-ply)".into());
    for i in 0..games() {
        // icebox's seat alternates; who moves first is the opening throw's.
        let me = (i % 2) as usize;
        let mut rng = Rng::new(seed(i));
        let mut dice = Rng::new(seed(i) ^ 0xd1ce);
        let mut s = g.start().expect("starts");
        let mut turns = 0u32;
        while !s.is_over() {
            let legal = g.legal_moves(&s).expect("legal moves");
            if ai::is_chance(&legal) {
                let throw = ai::chance_move(&legal, &mut dice).expect("a throw");
                g.play(&mut s, throw).expect("plays");
                continue;
            }
            let mover = s.turn().index();
            if mover == me {
                let mv = m.icebox_move(&g, &s, agent, &mut rng);
                g.play(&mut s, &mv).expect("plays");
                continue;
            }
            // gnubg's turn: its whole play for these dice, found among icebox's moves.
            turns += 1;
            let text = g.position_text(&s);
            let context = || format!("backgammon game {i}, gnubg's turn {turns}: {text}");
            let (d1, d2) = dice_of(&text).unwrap_or_else(|| panic!("{}: no dice", context()));
            let line: Vec<String> = gnubg_boards(&text, mover)
                .iter()
                .map(u8::to_string)
                .chain([d1.to_string(), d2.to_string()])
                .collect();
            gnubg.send(&line.join(" "));
            let answer = gnubg.until(|l| l.starts_with("MOVE ") || l.starts_with("ERROR"));
            let last = answer.last().map(String::as_str).unwrap_or_default();
            let Some(rest) = last.strip_prefix("MOVE ") else {
                panic!("{}: gnubg: {last}", context());
            };
            let f: Vec<&str> = rest.split(' ').collect();
            let target: Vec<u8> = f[..50]
                .iter()
                .map(|x| x.parse().expect("a count"))
                .collect();
            let play = f.get(50).copied().unwrap_or("?");
            let moves = turn_to(&g, &mut s, mover, &target).unwrap_or_else(|| {
                panic!(
                    "{}: gnubg plays {d1}-{d2} {play}, a position no icebox play reaches",
                    context()
                )
            });
            for mv in &moves {
                g.play(&mut s, mv).expect("plays");
            }
        }
        let seat = ["White", "Black"][me];
        let reason = s.outcome().map(|o| o.reason.clone()).unwrap_or_default();
        m.record(
            Verdict::of(&s, me),
            s.ply(),
            &format!("icebox {seat}, {reason}"),
        );
    }
    print_table(title, &[m]);
}
