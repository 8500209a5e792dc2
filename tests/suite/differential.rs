//! Differential tests (issue 34): seeded random games played in icebox and, move by move, by
//! an outside program that knows the game, comparing the legal moves at every position and
//! how each game ends.
//!
//! | game | outside program (its text protocol) | compared |
//! | --- | --- | --- |
//! | chess, crazyhouse, xiangqi | Fairy-Stockfish (UCI: `go perft 1`, `d`) | the legal moves of every position; the end, judged from the engine's moves, check flag and positions by the game's README |
//! | go (9x9, 13x13) | GNU Go (GTP: `all_legal`, `list_stones`, `final_score`) | the legal points and the stones of every position; the final area score (counted in the test when GNU Go calls stones dead, which Tromp-Taylor does not) |
//! | backgammon | GNU Backgammon (its Python, `tests/data/differential/gnubg_plays.py`) | for each roll, the set of positions the legal plays reach; how the game is won |
//!
//! The engines are separate programs (Debian's `fairy-stockfish`, `gnugo`, `gnubg`, which
//! `.ci/run` installs), never dependencies. Players take moves back now and then (and shuffle
//! a piece back where it came from), so positions repeat and repetition rules are exercised,
//! and undo is checked (against a fresh engine position, and in backgammon against the state
//! before the turn was tried every way). When an engine is missing its test
//! SKIPS with a printed line, unless ICEBOX_REQUIRE_ENGINES=1 (set by .ci/run once it
//! installed them). ICEBOX_DIFFERENTIAL_GAMES=N plays N games per game instead of the few
//! that keep CI within a few minutes. Known, documented differences are listed where they are
//! skipped; any other difference fails the test with the moves that lead to it.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::time::Instant;

use icebox::Game;
use icebox::engine::State;
use icebox::engine::rng::Rng;

use crate::engines::{Engine, GTP_FILES, Gtp, dice_of, gnubg_boards, gtp_of, gtp_point, uci};

/// The engine's program, or `None` after saying why the test does not run (a failure when
/// ICEBOX_REQUIRE_ENGINES=1).
fn require(name: &str, test: &str) -> Option<PathBuf> {
    crate::engines::require(name, &format!("differential {test}"))
}

/// Games to play: `default`, or ICEBOX_DIFFERENTIAL_GAMES for a longer run.
fn game_count(default: u64) -> u64 {
    match std::env::var("ICEBOX_DIFFERENTIAL_GAMES") {
        Ok(n) => n
            .trim()
            .parse()
            .unwrap_or_else(|_| panic!("ICEBOX_DIFFERENTIAL_GAMES={n} is not a number of games")),
        Err(_) => default,
    }
}

fn load(id: &str, sets: &[(&str, &str)]) -> Game {
    let files = icebox::catalog::find(id, &[]).unwrap_or_else(|d| panic!("{id}: {d}"));
    let sets: Vec<(String, String)> = sets
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    Game::load(&files, None, &sets).unwrap_or_else(|d| panic!("{id} loads:\n{d}"))
}

fn texts(g: &Game, s: &State) -> Vec<String> {
    g.legal_moves(s)
        .expect("legal moves")
        .iter()
        .map(|m| g.move_text(s, m))
        .collect()
}

/// What a run compared, for the summary line and the failure message.
#[derive(Default)]
struct Tally {
    games: u64,
    positions: u64,
    ends: BTreeMap<String, u64>,
    takebacks: u64,
    known: BTreeMap<&'static str, u64>,
    /// An example of each known difference, for the summary.
    examples: BTreeMap<&'static str, String>,
    differences: Vec<String>,
}

impl Tally {
    /// A difference the rules explain (documented where it is counted), with an example.
    fn known(&mut self, what: &'static str, example: impl FnOnce() -> String) {
        *self.known.entry(what).or_default() += 1;
        self.examples.entry(what).or_insert_with(example);
    }

    fn differ(&mut self, what: String) {
        if self.differences.len() < 1000 {
            self.differences.push(what);
        }
    }

    /// Prints the summary, then fails on any difference.
    fn finish(self, what: &str, started: Instant) {
        eprintln!(
            "differential {what}: {} games, {} positions compared, {} take-backs, ends {:?}, \
             known differences {:?}, {} unexplained, {:.1} s",
            self.games,
            self.positions,
            self.takebacks,
            self.ends,
            self.known,
            self.differences.len(),
            started.elapsed().as_secs_f64()
        );
        for (what, example) in &self.examples {
            eprintln!("  {what}, e.g. {example}");
        }
        assert!(
            self.differences.is_empty(),
            "{what}: {} differences with the outside engine; the first:\n{}",
            self.differences.len(),
            self.differences
                .iter()
                .take(5)
                .cloned()
                .collect::<Vec<_>>()
                .join("\n\n")
        );
    }
}

/// How a game ended, as compared: the winner's seat index (or none for a draw) and a word
/// for the rule.
type End = (Option<usize>, &'static str);

/// icebox's end of a game, the rule read from its reason.
fn icebox_end(s: &State) -> Option<End> {
    let o = s.outcome()?;
    let r = o.reason.as_str();
    let rule = [
        ("checkmate", "checkmate"),
        ("stalemate", "stalemate"),
        ("perpetual", "perpetual check"),
        ("occurred", "repetition"),
        ("plies without", "fifty-move rule"),
        ("dead position", "dead position"),
        ("move limit", "move limit"),
        ("backgammon", "backgammon"),
        ("gammon", "gammon"),
        ("single game", "single game"),
        ("area scoring", "area scoring"),
        ("half a point", "area scoring"),
    ]
    .iter()
    .find(|(k, _)| r.contains(k))
    .map_or("other", |(_, v)| v);
    let winner = o.winners().first().map(|p| p.index());
    Some((winner, rule))
}

// ---------------------------------------------------------------------------------------
// Chess, crazyhouse and xiangqi against Fairy-Stockfish.

/// One position as Fairy-Stockfish sees it.
struct FsfPosition {
    moves: BTreeSet<String>,
    fen: String,
    in_check: bool,
}

struct Fsf(Engine);

impl Fsf {
    fn new(path: &Path, variant: &str) -> Fsf {
        let mut e = Engine::start(path, &[]);
        e.send("uci");
        e.until(|l| l == "uciok");
        e.send(&format!("setoption name UCI_Variant value {variant}"));
        e.send("isready");
        e.until(|l| l == "readyok");
        Fsf(e)
    }

    /// The position after `last` played from `from` (a FEN; the start position if none).
    fn query(&mut self, from: Option<&str>, last: Option<&str>) -> FsfPosition {
        let mut cmd = match from {
            Some(fen) => format!("position fen {fen}"),
            None => "position startpos".to_string(),
        };
        if let Some(m) = last {
            cmd.push_str(" moves ");
            cmd.push_str(m);
        }
        self.0.send(&cmd);
        self.0.send("go perft 1");
        let lines = self.0.until(|l| l.starts_with("Nodes searched"));
        let moves = lines
            .iter()
            .filter_map(|l| {
                let (m, n) = l.split_once(": ")?;
                (n.trim().parse::<u64>().is_ok() && !m.contains(' ')).then(|| m.to_string())
            })
            .collect();
        self.0.send("d");
        let lines = self.0.until(|l| l.starts_with("Checkers:"));
        let fen = lines
            .iter()
            .find_map(|l| l.strip_prefix("Fen: "))
            .expect("`d` prints the FEN")
            .to_string();
        let in_check = lines
            .last()
            .is_some_and(|l| !l["Checkers:".len()..].trim().is_empty());
        FsfPosition {
            moves,
            fen,
            in_check,
        }
    }
}

/// The squares of a FEN's board field (`a1`..), each with its piece letter.
fn fen_pieces(board: &str) -> BTreeMap<String, char> {
    let board = board.split('[').next().unwrap_or(board);
    let rows: Vec<&str> = board.split('/').collect();
    let mut out = BTreeMap::new();
    for (i, row) in rows.iter().enumerate() {
        let rank = rows.len() - i;
        let mut file = 0u32;
        let mut digits = String::new();
        for c in row.chars() {
            if c.is_ascii_digit() {
                digits.push(c);
                continue;
            }
            if !digits.is_empty() {
                file += digits.parse::<u32>().expect("digits");
                digits.clear();
            }
            if c.is_ascii_alphabetic() {
                let f = char::from_u32('a' as u32 + file).expect("a file letter");
                out.insert(format!("{f}{rank}"), c);
                file += 1;
            }
        }
    }
    out
}

/// The part of a FEN that makes a position the same for repetition: the board (hands
/// included), the side to move, castling rights, and the en passant square only while an en
/// passant capture is legal (chess README, "En passant and repetition").
fn repetition_key(p: &FsfPosition) -> String {
    let f: Vec<&str> = p.fen.split(' ').collect();
    let ep = f.get(3).copied().unwrap_or("-");
    let pieces = fen_pieces(f[0]);
    let ep_legal = ep != "-"
        && p.moves.iter().any(|m| {
            m.len() >= 4
                && &m[2..4] == ep
                && pieces
                    .get(&m[0..2])
                    .is_some_and(|c| c.eq_ignore_ascii_case(&'p'))
        });
    format!(
        "{} {} {} {}",
        f[0],
        f.get(1).copied().unwrap_or("-"),
        f.get(2).copied().unwrap_or("-"),
        if ep_legal { ep } else { "-" }
    )
}

/// Chess's dead positions as its README lists them: king against king, king and one bishop
/// or one knight against king, and kings with bishops all on squares of one colour.
fn dead_chess(board: &str) -> bool {
    let pieces = fen_pieces(board);
    let others: Vec<(&String, &char)> = pieces
        .iter()
        .filter(|(_, c)| !c.eq_ignore_ascii_case(&'k'))
        .collect();
    if others.len() == 1 && "BNbn".contains(*others[0].1) {
        return true;
    }
    let colours: BTreeSet<u32> = others
        .iter()
        .map(|(sq, _)| {
            let b = sq.as_bytes();
            (u32::from(b[0] - b'a') + u32::from(b[1] - b'1')) % 2
        })
        .collect();
    others.iter().all(|(_, c)| c.eq_ignore_ascii_case(&'b')) && colours.len() <= 1
}

/// A game that starts with set moves from a set position (then goes on at random): the
/// position in icebox's notation and as a FEN, the moves in UCI.
struct Line {
    position: &'static str,
    fen: &'static str,
    moves: &'static [&'static str],
}

#[derive(Clone, Copy, PartialEq)]
enum Family {
    Chess,
    Crazyhouse,
    Xiangqi,
}

/// The ends the rules allow in this position, by the game's README, judged from Fairy-
/// Stockfish's moves, check flag and positions: `keys` is the repetition key after each ply
/// (the start first), `checks` whether that ply gave check.
fn referee(
    family: Family,
    p: &FsfPosition,
    keys: &[String],
    checks: &[bool],
    max_plies: usize,
) -> Vec<End> {
    let ply = keys.len() - 1;
    // The side to move at each position (0 White or Red, 1 Black), from the FEN in the key.
    let side = |i: usize| usize::from(keys[i].split(' ').nth(1) == Some("b"));
    let other = 1 - side(ply);
    if p.moves.is_empty() {
        return vec![match (p.in_check, family) {
            (true, _) => (Some(other), "checkmate"),
            // Xiangqi: stalemate loses (xiangqi README, Decisions).
            (false, Family::Xiangqi) => (Some(other), "stalemate"),
            (false, _) => (None, "stalemate"),
        }];
    }
    let mut ends = Vec::new();
    let now = &keys[ply];
    let first = keys
        .iter()
        .position(|k| k == now)
        .expect("the key is there");
    if keys.iter().filter(|k| *k == now).count() >= 3 {
        if family == Family::Xiangqi {
            // The plies since the first occurrence; a side that checked with every one of
            // its moves there, while the other did not, loses (xiangqi README, Repetition).
            let perpetual = |who: usize| {
                (first + 1..=ply)
                    .filter(|i| side(i - 1) == who)
                    .all(|i| checks[i])
            };
            let (red, black) = (perpetual(0), perpetual(1));
            ends.push(if red == black {
                (None, "repetition")
            } else {
                (Some(if red { 1 } else { 0 }), "perpetual check")
            });
        } else {
            ends.push((None, "repetition"));
        }
    }
    if family == Family::Chess {
        let f: Vec<&str> = p.fen.split(' ').collect();
        if f.get(4).and_then(|c| c.parse::<u32>().ok()).unwrap_or(0) >= 100 {
            ends.push((None, "fifty-move rule"));
        }
        if dead_chess(f[0]) {
            ends.push((None, "dead position"));
        }
    }
    if ply >= max_plies {
        ends.push((None, "move limit"));
    }
    ends
}

/// Random games of `id` in icebox and Fairy-Stockfish's `variant`, compared position by
/// position: what was compared and the differences found.
fn fairy_stockfish(
    path: &Path,
    id: &str,
    variant: &str,
    family: Family,
    games: u64,
    max_plies: usize,
    lines: &[Line],
) -> Tally {
    let g = load(id, &[]);
    let mut fsf = Fsf::new(path, variant);
    let mut tally = Tally::default();
    for seed in 0..games {
        tally.games += 1;
        let mut rng = Rng::new(0x1ceb0c5 ^ seed);
        // How often a player moves back the piece it moved last (a shuffle, which makes
        // positions repeat): never in a third of the games (they end by the other rules),
        // one move in eight, or one in three.
        let shuffle = [0, 8, 3][(seed % 3) as usize];
        // The first games play the set lines.
        let line = lines.get(seed as usize);
        let mut s = match line {
            Some(l) => g
                .position(l.position)
                .unwrap_or_else(|d| panic!("{}: {d}", l.position)),
            None => g.start().expect("starts"),
        };
        let root = line.map(|l| l.fen);
        let forced = line.map_or(&[][..], |l| l.moves);
        let mut wandered = false;
        let mut undos = Vec::new();
        let mut played: Vec<String> = Vec::new();
        let mut fens: Vec<String> = Vec::new();
        let mut keys: Vec<String> = Vec::new();
        let mut checks: Vec<bool> = Vec::new();
        let mut restarts = 0;
        loop {
            // The records of the positions before this one (fewer after a take-back).
            keys.truncate(played.len());
            checks.truncate(played.len());
            fens.truncate(played.len());
            let p = fsf.query(
                fens.last().map(String::as_str).or(root),
                played.last().map(String::as_str),
            );
            keys.push(repetition_key(&p));
            checks.push(p.in_check);
            fens.push(p.fen.clone());
            tally.positions += 1;
            let context = || format!("{id} seed {seed}, after {}", played.join(" "));

            let legal = g.legal_moves(&s).expect("legal moves");
            let ours: BTreeMap<String, usize> = legal
                .iter()
                .enumerate()
                .map(|(i, m)| (uci(&g.move_text(&s, m)), i))
                .collect();
            let want = referee(family, &p, &keys, &checks, max_plies);
            let end = icebox_end(&s);
            match (&end, want.is_empty()) {
                (None, true) => {}
                (Some(e), false) if want.contains(e) => {}
                _ => tally.differ(format!(
                    "{}: icebox ends {end:?}, the rules by Fairy-Stockfish's position {:?} ({})",
                    context(),
                    want,
                    p.fen
                )),
            }
            if let Some(e) = end {
                *tally.ends.entry(e.1.to_string()).or_default() += 1;
                // Take back a few moves now and then, and play on from there.
                if restarts < 2 && played.len() > 4 && rng.below(2) == 0 {
                    restarts += 1;
                    wandered = true;
                    let n = 1 + rng.below(3) as usize;
                    for _ in 0..n {
                        g.undo(&mut s, undos.pop().expect("a move to take back"));
                        played.pop();
                    }
                    tally.takebacks += 1;
                    continue;
                }
                break;
            }
            let ours_set: BTreeSet<&String> = ours.keys().collect();
            let theirs: BTreeSet<&String> = p.moves.iter().collect();
            if ours_set != theirs {
                let only_ours: Vec<&&String> = ours_set.difference(&theirs).collect();
                let only_theirs: Vec<&&String> = theirs.difference(&ours_set).collect();
                tally.differ(format!(
                    "{}: moves only icebox allows {only_ours:?}, only Fairy-Stockfish allows \
                     {only_theirs:?} ({})",
                    context(),
                    p.fen
                ));
            }
            let both: Vec<&String> = ours_set.intersection(&theirs).copied().collect();
            if both.is_empty() {
                // Nothing both allow: the difference is recorded; this game stops here.
                break;
            }
            // Now and then take back one to four moves (the position is compared again).
            let set = forced.get(played.len()).filter(|_| !wandered);
            if set.is_none() && played.len() >= 6 && rng.below(25) == 0 {
                wandered = true;
                let n = 1 + rng.below(4) as usize;
                for _ in 0..n {
                    g.undo(&mut s, undos.pop().expect("a move to take back"));
                    played.pop();
                }
                tally.takebacks += 1;
                continue;
            }
            // Now and then a player moves back the piece it moved last, when it can (a
            // shuffle); otherwise a random move.
            let back = played.len().checked_sub(2).and_then(|i| {
                let m = &played[i];
                (m.len() >= 4 && !m.contains('@')).then(|| {
                    let split = m[1..]
                        .find(|c: char| c.is_ascii_alphabetic())
                        .map_or(2, |i| i + 1);
                    format!("{}{}", &m[split..], &m[..split])
                })
            });
            let choice = match back {
                _ if set
                    .is_some_and(|m| ours.contains_key(*m) && theirs.contains(&m.to_string())) =>
                {
                    set.map(|m| m.to_string()).expect("a set move")
                }
                Some(b)
                    if shuffle > 0
                        && rng.below(shuffle) == 0
                        && ours.contains_key(&b)
                        && theirs.contains(&b) =>
                {
                    b
                }
                _ => both[rng.below(both.len() as u64) as usize].clone(),
            };
            let m = &legal[ours[&choice]];
            undos.push(g.play(&mut s, m).expect("plays"));
            played.push(choice);
        }
    }
    tally
}

/// A Fairy-Stockfish comparison as a test: skipped without the engine, failed on any
/// difference.
fn against_fairy_stockfish(id: &str, family: Family, games: u64, max_plies: usize, lines: &[Line]) {
    let test = format!("{id} vs Fairy-Stockfish");
    let Some(path) = require("fairy-stockfish", &test) else {
        return;
    };
    let started = Instant::now();
    fairy_stockfish(&path, id, id, family, game_count(games), max_plies, lines)
        .finish(&test, started);
}

#[test]
fn differential_chess_against_fairy_stockfish() {
    // First the repetition scenarios of games/chess/tests/ending.toml, whose castling rights
    // decide whether positions are the same (the rook shuttle is the case Fairy-Stockfish
    // found in issue 34), and a double step whose en passant capture is illegal (the pawn that
    // could take is pinned), so the square passed over makes no new position; then at random.
    const START: &str =
        "bRbNbBbQbKbBbNbR/bPbPbPbPbPbPbPbP/8/8/8/8/wPwPwPwPwPwPwPwP/wRwNwBwQwKwBwNwR turn=White";
    const FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let lines = [
        Line {
            position: START,
            fen: FEN,
            moves: &[
                "g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8",
            ],
        },
        Line {
            position: START,
            fen: FEN,
            moves: &[
                "e2e3", "e7e6", "e1e2", "e8e7", "e2e1", "e7e8", "e1e2", "e8e7", "e2e1", "e7e8",
            ],
        },
        Line {
            position: START,
            fen: FEN,
            moves: &[
                "e2e4", "e7e5", "e1e2", "e8e7", "e2e1", "e7e8", "g1f3", "g8f6", "h1g1", "h8g8",
                "g1h1", "g8h8", "h1g1", "h8g8", "g1h1", "g8h8",
            ],
        },
        Line {
            position: START,
            fen: FEN,
            moves: &[
                "g1f3", "g8f6", "h1g1", "h8g8", "g1h1", "g8h8", "h1g1", "h8g8", "g1h1", "g8h8",
            ],
        },
        Line {
            position: "4bK2bB/3bP4/8/4wP3/8/8/8/wK5wN1 turn=Black",
            fen: "4k2b/3p4/8/4P3/8/8/8/K5N1 b - - 0 1",
            moves: &[
                "d7d5", "g1f3", "e8e7", "f3g1", "e7e8", "g1f3", "e8e7", "f3g1", "e7e8",
            ],
        },
    ];
    against_fairy_stockfish("chess", Family::Chess, 60, 2000, &lines);
}

#[test]
fn differential_crazyhouse_against_fairy_stockfish() {
    against_fairy_stockfish("crazyhouse", Family::Crazyhouse, 40, 2000, &[]);
}

#[test]
fn differential_xiangqi_against_fairy_stockfish() {
    // First the repetition scenarios of games/xiangqi/tests/ending.toml (perpetual check by
    // either side, a cycle with a quiet move, a quiet cycle then checks), then at random.
    let lines = [
        Line {
            position: "3bK5/9/9/9/9/9/9/9/4rR4/5rK3 turn=Red",
            fen: "3k5/9/9/9/9/9/9/9/4R4/5K3 w - - 0 1",
            moves: &[
                "e2d2", "d10e10", "d2e2", "e10d10", "e2d2", "d10e10", "d2e2", "e10d10",
            ],
        },
        Line {
            position: "3bK5/9/9/9/9/9/9/9/rR8/5rK3 turn=Red",
            fen: "3k5/9/9/9/9/9/9/9/R8/5K3 w - - 0 1",
            moves: &[
                "a2e2", "d10d9", "e2d2", "d9e9", "d2e2", "e9d9", "e2d2", "d9e9", "d2e2", "e9d9",
            ],
        },
        Line {
            position: "5bK3/4bR4/9/9/9/9/9/9/9/3rK5 turn=Black",
            fen: "5k3/4r4/9/9/9/9/9/9/9/3K5 b - - 0 1",
            moves: &[
                "e9d9", "d1e1", "d9e9", "e1d1", "e9d9", "d1e1", "d9e9", "e1d1",
            ],
        },
        Line {
            position: "3bK5/9/9/9/9/9/9/9/rR8/5rK3 turn=Red",
            fen: "3k5/9/9/9/9/9/9/9/R8/5K3 w - - 0 1",
            moves: &[
                "a2d2", "d10e10", "d2a2", "e10d10", "a2d2", "d10e10", "d2a2", "e10d10",
            ],
        },
        Line {
            position: "3bK5/9/9/9/9/9/9/9/4rR4/5rK3 turn=Red",
            fen: "3k5/9/9/9/9/9/9/9/4R4/5K3 w - - 0 1",
            moves: &[
                "e2e3", "d10d9", "e3e2", "d9d10", "e2d2", "d10e10", "d2e2", "e10d10",
            ],
        },
    ];
    against_fairy_stockfish("xiangqi", Family::Xiangqi, 60, 600, &lines);
}

#[test]
fn differential_harness_sees_a_difference() {
    // The comparison can fail: icebox's crazyhouse against Fairy-Stockfish's chess differs as
    // soon as a captured piece could be dropped, and icebox's Go against GNU Go with komi 6
    // in its final scores.
    if let Some(path) = require("fairy-stockfish", "harness check") {
        let t = fairy_stockfish(
            &path,
            "crazyhouse",
            "chess",
            Family::Crazyhouse,
            1,
            2000,
            &[],
        );
        assert!(
            t.differences
                .iter()
                .any(|d| d.contains("only icebox allows")),
            "no difference seen: {:?}",
            t.differences
        );
    }
    if let Some(path) = require("gnugo", "harness check") {
        let t = gnu_go(&path, 2, 6, None, 9);
        assert!(
            t.differences
                .iter()
                .any(|d| d.contains("GNU Go W+") || d.contains("GNU Go B+")),
            "no difference seen: {:?}",
            t.differences
        );
    }
}

// ---------------------------------------------------------------------------------------
// Go (9x9 and 13x13) against GNU Go.

/// The points of an n x n position text (rows from the top), with `b` or `w` for each stone.
fn go_board(text: &str, n: usize) -> Vec<Option<char>> {
    let rows = text.split(' ').next().expect("rows");
    let mut out = Vec::new();
    for row in rows.split('/') {
        let mut cells = Vec::new();
        let mut chars = row.chars().peekable();
        while let Some(c) = chars.next() {
            if let Some(n) = c.to_digit(10) {
                let mut n = n as usize;
                while let Some(d) = chars.peek().and_then(|d| d.to_digit(10)) {
                    n = n * 10 + d as usize;
                    chars.next();
                }
                cells.extend(std::iter::repeat_n(None, n));
            } else {
                chars.next(); // the `S` of `bS` / `wS`
                cells.push(Some(c));
            }
        }
        assert_eq!(cells.len(), n, "a row of {n} points: {text}");
        out.push(cells);
    }
    assert_eq!(out.len(), n, "{n} rows: {text}");
    // Index by rank from the bottom, then file: point (f, r) is out[r * n + f].
    out.into_iter().rev().flatten().collect()
}

/// Whether the point is an eye of `me`: every neighbour on the board is `me`'s stone.
fn own_eye(board: &[Option<char>], n: usize, f: usize, r: usize, me: char) -> bool {
    let at = |f: usize, r: usize| board[r * n + f];
    [(0, 1), (2, 1), (1, 0), (1, 2)].iter().all(|(df, dr)| {
        let (nf, nr) = ((f + df).wrapping_sub(1), (r + dr).wrapping_sub(1));
        nf >= n || nr >= n || at(nf, nr) == Some(me)
    })
}

/// Tromp-Taylor's score (rule 9) of each colour: its stones, and the empty points that reach
/// only its colour.
fn area(board: &[Option<char>], n: usize) -> (i64, i64) {
    let mut score = [0i64; 2];
    let mut seen = vec![false; n * n];
    for i in 0..n * n {
        match board[i] {
            Some('b') => score[0] += 1,
            Some(_) => score[1] += 1,
            None if !seen[i] => {
                // The empty region of i, and the colours it touches.
                let (mut size, mut touches) = (0, [false; 2]);
                let mut todo = vec![i];
                seen[i] = true;
                while let Some(j) = todo.pop() {
                    size += 1;
                    let (f, r) = (j % n, j / n);
                    let mut next = Vec::new();
                    if f > 0 {
                        next.push(j - 1);
                    }
                    if f + 1 < n {
                        next.push(j + 1);
                    }
                    if r > 0 {
                        next.push(j - n);
                    }
                    if r + 1 < n {
                        next.push(j + n);
                    }
                    for k in next {
                        match board[k] {
                            Some('b') => touches[0] = true,
                            Some(_) => touches[1] = true,
                            None if !seen[k] => {
                                seen[k] = true;
                                todo.push(k);
                            }
                            None => {}
                        }
                    }
                }
                if touches[0] != touches[1] {
                    score[usize::from(touches[1])] += size;
                }
            }
            None => {}
        }
    }
    (score[0], score[1])
}

#[test]
fn differential_go_against_gnu_go() {
    let Some(path) = require("gnugo", "go vs GNU Go") else {
        return;
    };
    for (variant, n, games) in [(None, 9, 60), (Some("13x13"), 13, 10)] {
        let test = format!("go {n}x{n} vs GNU Go");
        let started = Instant::now();
        gnu_go(&path, game_count(games), 7, variant, n).finish(&test, started);
    }
}

/// Random n x n games in icebox (this variant) and GNU Go (told this komi), compared position
/// by position.
fn gnu_go(path: &Path, games: u64, komi: u32, variant: Option<&str>, n: usize) -> Tally {
    // icebox's Go: area scoring, positional superko, suicide illegal, komi 7 (go README);
    // GNU Go set to the same: Chinese (area) rules, positional superko, suicide forbidden
    // (its default), komi 7.
    let files = icebox::catalog::find("go", &[]).expect("go is built in");
    let g = Game::load(&files, variant, &[]).unwrap_or_else(|d| panic!("go loads:\n{d}"));
    let mut gtp = Gtp(Engine::start(
        path,
        &[
            "--mode",
            "gtp",
            "--chinese-rules",
            "--positional-superko",
            "--forbid-suicide",
            "--level",
            "1",
        ],
    ));
    let mut tally = Tally::default();
    for seed in 0..games {
        tally.games += 1;
        let mut rng = Rng::new(0x90 ^ seed);
        let none = || String::new();
        gtp.ask(&format!("boardsize {n}"), &none);
        gtp.ask("clear_board", &none);
        gtp.ask(&format!("komi {komi}"), &none);
        let mut s = g.start().expect("starts");
        let mut undos = Vec::new();
        let mut played: Vec<String> = Vec::new();
        loop {
            let context = || format!("go seed {seed}, after {}", played.join(" "));
            tally.positions += 1;
            let text = g.position_text(&s);
            let board = go_board(&text, n);
            // The stones.
            for (colour, c) in [("black", 'b'), ("white", 'w')] {
                let theirs: BTreeSet<String> = gtp
                    .ask(&format!("list_stones {colour}"), &context)
                    .split_whitespace()
                    .map(str::to_string)
                    .collect();
                let ours: BTreeSet<String> = (0..n * n)
                    .filter(|i| board[*i] == Some(c))
                    .map(|i| gtp_point(i % n, i / n))
                    .collect();
                if ours != theirs {
                    tally.differ(format!(
                        "{}: {colour} stones differ: icebox {ours:?}, GNU Go {theirs:?}",
                        context()
                    ));
                }
            }
            let mover = if s.turn().index() == 0 { 'b' } else { 'w' };
            if let Some(end) = icebox_end(&s) {
                *tally.ends.entry(end.1.to_string()).or_default() += 1;
                if end.1 == "move limit" {
                    // Not a rule of Go: icebox's safety net (three plies per point) (go README).
                    tally.known("go: the move limit", context);
                } else if s.passes() < 2 {
                    tally.differ(format!(
                        "{}: icebox ends {end:?} without two passes",
                        context()
                    ));
                } else {
                    let dead = gtp.ask("final_status_list dead", &context);
                    let score = gtp.ask("final_score", &context);
                    // Black's margin: `B+3.0`, `W+7.0`, `0`.
                    let margin: f64 = match score.split_once('+') {
                        Some(("B", n)) => n.parse().expect("a margin"),
                        Some(("W", n)) => -n.parse::<f64>().expect("a margin"),
                        _ => 0.0,
                    };
                    let scores = s.scores();
                    let ours = (scores[0] - scores[1]) as f64;
                    if !dead.is_empty() {
                        // Tromp-Taylor area scoring counts every stone on the board; GNU Go
                        // removes the stones it judges dead first (go README, "The rules").
                        // The area is then counted here, on the board both agree on.
                        tally.known("go: GNU Go finds dead stones (area counted here)", || {
                            format!(
                                "{}: {text}: GNU Go's dead stones {dead}, {score}; icebox {scores:?}",
                                context()
                            )
                        });
                        let (b, w) = area(&board, n);
                        if (b, w + i64::from(komi)) != (scores[0], scores[1]) {
                            tally.differ(format!(
                                "{}: icebox scores {scores:?}, the board's area is {b} and {w} \
                                 (komi {komi})",
                                context()
                            ));
                        }
                    } else if ours != margin {
                        tally.differ(format!(
                            "{}: icebox scores {scores:?} (Black by {ours}), GNU Go {score}",
                            context()
                        ));
                    } else {
                        let winner = (margin != 0.0).then_some(if margin > 0.0 { 0 } else { 1 });
                        if end.0 != winner {
                            tally.differ(format!(
                                "{}: icebox ends {end:?}, GNU Go scores {score}",
                                context()
                            ));
                        }
                        *tally
                            .ends
                            .entry("go: final scores equal".into())
                            .or_default() += 1;
                    }
                }
                break;
            }
            // The legal points (icebox's pass is always legal, and GNU Go lists no pass).
            let legal = g.legal_moves(&s).expect("legal moves");
            let ours: BTreeMap<String, usize> = legal
                .iter()
                .enumerate()
                .filter_map(|(i, m)| gtp_of(&g.move_text(&s, m)).map(|p| (p, i)))
                .collect();
            let pass = legal
                .iter()
                .position(|m| g.move_text(&s, m) == "pass")
                .expect("a pass is always legal");
            let colour = if mover == 'b' { "black" } else { "white" };
            let theirs: BTreeSet<String> = gtp
                .ask(&format!("all_legal {colour}"), &context)
                .split_whitespace()
                .map(str::to_string)
                .collect();
            let ours_set: BTreeSet<String> = ours.keys().cloned().collect();
            if ours_set != theirs {
                tally.differ(format!(
                    "{}: points only icebox allows {:?}, only GNU Go allows {:?}",
                    context(),
                    ours_set.difference(&theirs).collect::<Vec<_>>(),
                    theirs.difference(&ours_set).collect::<Vec<_>>()
                ));
            }
            // Take back one to three moves now and then.
            if played.len() >= 6 && rng.below(30) == 0 {
                for _ in 0..1 + rng.below(3) {
                    g.undo(&mut s, undos.pop().expect("a move to take back"));
                    played.pop();
                    gtp.ask("undo", &none);
                }
                tally.takebacks += 1;
                continue;
            }
            // A random point both allow that does not fill one's own eye; a pass when none is
            // left, so games end with every group settled and the score is the board's.
            let both: Vec<&String> = ours_set
                .intersection(&theirs)
                .filter(|p| {
                    let b = p.as_bytes();
                    let f = GTP_FILES.find(b[0] as char).expect("a file");
                    let r: usize = p[1..].parse().expect("a rank");
                    !own_eye(&board, n, f, r - 1, mover)
                })
                .collect();
            let (m, name) = if both.is_empty() {
                (&legal[pass], "pass".to_string())
            } else {
                let p = both[rng.below(both.len() as u64) as usize];
                (&legal[ours[p]], p.clone())
            };
            gtp.ask(&format!("play {colour} {name}"), &context);
            undos.push(g.play(&mut s, m).expect("plays"));
            played.push(name);
        }
    }
    tally
}

// ---------------------------------------------------------------------------------------
// Backgammon against GNU Backgammon.

/// Every position a backgammon turn of seat `me` reaches, played out die by die (every order
/// of the dice), each move taken back with undo; returns how many moves were taken back.
fn turn_ends(g: &Game, s: &mut State, me: usize, out: &mut BTreeSet<Vec<u8>>) -> u64 {
    if s.turn().index() != me || s.is_over() {
        out.insert(gnubg_boards(&g.position_text(s), me));
        return 0;
    }
    let mut undone = 0;
    for m in g.legal_moves(s).expect("legal moves") {
        let u = g.play(s, &m).expect("plays");
        undone += 1 + turn_ends(g, s, me, out);
        g.undo(s, u);
    }
    undone
}

#[test]
fn differential_backgammon_against_gnu_backgammon() {
    let test = "backgammon vs GNU Backgammon";
    let Some(path) = require("gnubg", test) else {
        return;
    };
    let started = Instant::now();
    let script =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/differential/gnubg_plays.py");
    let script = script.to_str().expect("a UTF-8 path");
    let mut gnubg = Engine::start(&path, &["-t", "-q", "-r", "-p", script]);
    // Without the cube: the plays of each roll are what is compared.
    let g = load("backgammon", &[("cube", "false")]);
    let mut tally = Tally::default();
    for seed in 0..game_count(30) {
        tally.games += 1;
        let mut rng = Rng::new(0xb9 ^ seed);
        let mut s = g.start().expect("starts");
        let mut turns = 0u32;
        loop {
            let context = |turns: u32, s: &State| {
                format!(
                    "backgammon seed {seed}, turn {turns}: {}",
                    g.position_text(s)
                )
            };
            if let Some(end) = icebox_end(&s) {
                *tally.ends.entry(end.1.to_string()).or_default() += 1;
                // The rules (USBGF, as the backgammon README quotes them): the side with all
                // fifteen checkers off wins a gammon if the other has borne none off, a
                // backgammon if it also has a checker on the bar or in the winner's home board.
                let text = g.position_text(&s);
                let want = (0..2).find_map(|w| {
                    let b = gnubg_boards(&text, w);
                    let on = |range: std::ops::Range<usize>| -> u32 {
                        b[range].iter().map(|&n| u32::from(n)).sum()
                    };
                    (on(0..25) == 0).then(|| {
                        let loser_left = on(25..50);
                        // The winner's home board is the loser's points 19-24.
                        let rule = if loser_left < 15 {
                            "single game"
                        } else if b[49] > 0 || on(43..49) > 0 {
                            "backgammon"
                        } else {
                            "gammon"
                        };
                        (Some(w), rule)
                    })
                });
                if want != Some(end) {
                    tally.differ(format!(
                        "{}: icebox ends {end:?}, the rules {want:?}",
                        context(turns, &s)
                    ));
                }
                break;
            }
            let moves = texts(&g, &s);
            if moves.iter().all(|m| m.starts_with("roll")) {
                // Chance: a throw with its probability (a non-double is two throws).
                let weights: Vec<u64> = moves
                    .iter()
                    .map(|m| {
                        let d: Vec<&str> = m.split(' ').skip(1).collect();
                        if d.len() == 2 && d[0] != d[1] { 2 } else { 1 }
                    })
                    .collect();
                let mut x = rng.below(weights.iter().sum());
                let pick = weights
                    .iter()
                    .position(|&w| {
                        let hit = x < w;
                        x = x.saturating_sub(w);
                        hit
                    })
                    .expect("a throw");
                let legal = g.legal_moves(&s).expect("legal moves");
                g.play(&mut s, &legal[pick]).expect("plays");
                continue;
            }
            // A turn begins: every way to play it out, die by die, to the positions it reaches.
            turns += 1;
            tally.positions += 1;
            let mover = s.turn();
            let me = mover.index();
            let text = g.position_text(&s);
            let (d1, d2) = dice_of(&text).unwrap_or_else(|| panic!("dice in {text}"));
            let mut ours = BTreeSet::new();
            let before = s.clone();
            tally.takebacks += turn_ends(&g, &mut s, me, &mut ours);
            assert!(
                s == before,
                "{}: undo brings the position back",
                context(turns, &before)
            );
            let board = gnubg_boards(&text, me);
            let line: Vec<String> = board
                .iter()
                .map(u8::to_string)
                .chain([d1.to_string(), d2.to_string()])
                .collect();
            gnubg.send(&line.join(" "));
            let answer = gnubg.until(|l| l.starts_with("END") || l.starts_with("ERROR"));
            let mut theirs = BTreeSet::new();
            let mut names = BTreeMap::new();
            for l in &answer {
                if let Some(rest) = l.strip_prefix("PLAY ") {
                    let f: Vec<&str> = rest.split(' ').collect();
                    let b: Vec<u8> = f[..50]
                        .iter()
                        .map(|x| x.parse().expect("a count"))
                        .collect();
                    names.insert(
                        b.clone(),
                        f.get(50).copied().unwrap_or("(none)").to_string(),
                    );
                    theirs.insert(b);
                } else if l.starts_with("ERROR") {
                    panic!("{}: gnubg: {l}", context(turns, &s));
                }
            }
            if ours != theirs {
                let only_theirs: Vec<&String> = theirs
                    .difference(&ours)
                    .filter_map(|b| names.get(b))
                    .collect();
                tally.differ(format!(
                    "{}: dice {d1}-{d2}: {} positions icebox reaches and gnubg does not, {} the \
                     other way ({only_theirs:?})",
                    context(turns, &s),
                    ours.difference(&theirs).count(),
                    theirs.difference(&ours).count()
                ));
            }
            // Play the turn out at random.
            while s.turn() == mover && !s.is_over() {
                let legal = g.legal_moves(&s).expect("legal moves");
                let m = &legal[rng.below(legal.len() as u64) as usize];
                g.play(&mut s, m).expect("plays");
            }
        }
    }
    tally.finish(test, started);
}
