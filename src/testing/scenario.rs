//! Scenario tests as data. A file holds `[[scenario]]` tables:
//!
//! ```toml
//! [[scenario]]
//! name = "a small jumps one square"
//! rule = "Definition of a jump, 2: smalls can jump over only one space"
//! position = "5/5/1SL2/5/5 turn=A phase=jump"   # or `start = true`
//! legal = ["b3:d3"]            # each must be legal
//! illegal = ["b3:e3"]          # each must read as a move and match no legal move
//! ambiguous = ["b3"]           # each must match several legal moves
//! unreadable = ["b3?"]         # each must not read as a move at all
//! play = ["b3:d3"]             # played in order (each must be legal)
//! [scenario.expect]            # checked after `play`
//! position = "..."  turn = "B"  phase = "jump"  score = [1, 0]  result = "A"
//! ```

use std::collections::BTreeMap;

use serde::Deserialize;

use crate::def::GameFiles;
use crate::diag::Diagnostic;
use crate::game::Game;
use crate::notation::{self, MoveError};

/// A scenario file.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScenarioFile {
    /// The scenarios.
    #[serde(default)]
    pub scenario: Vec<Scenario>,
    /// Mutants the author has shown to be equivalent (see `testing::mutants`).
    #[serde(default)]
    pub equivalent: Vec<Equivalent>,
}

/// A mutant the author declared equivalent, with the reason.
#[derive(Clone, Debug, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Equivalent {
    /// The mutant's id, as `icebox test --mutants` prints it.
    pub mutant: String,
    /// Why no game can tell it from the original.
    pub why: String,
}

/// One scenario.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Scenario {
    /// What it shows.
    pub name: String,
    /// The rule text it checks (number or sentence).
    pub rule: String,
    /// The variant to load.
    #[serde(default)]
    pub variant: Option<String>,
    /// Options to set.
    #[serde(default)]
    pub set: BTreeMap<String, String>,
    /// Start from the game's start position.
    #[serde(default)]
    pub start: bool,
    /// Start from this position.
    #[serde(default)]
    pub position: Option<String>,
    /// Moves that must be legal (before `play`).
    #[serde(default)]
    pub legal: Vec<String>,
    /// Moves that must read as moves yet match no legal move (before `play`). A text that is
    /// not a move at all, or that matches several legal moves, fails the check: say so with
    /// `unreadable` or `ambiguous` instead.
    #[serde(default)]
    pub illegal: Vec<String>,
    /// Texts that match more than one legal move (before `play`).
    #[serde(default)]
    pub ambiguous: Vec<String>,
    /// Texts that are not moves of this game at all (before `play`).
    #[serde(default)]
    pub unreadable: Vec<String>,
    /// The exact set of legal moves (before `play`), in any order.
    #[serde(default)]
    pub legal_exactly: Option<Vec<String>>,
    /// How many legal moves there are (before `play`).
    #[serde(default)]
    pub legal_count: Option<usize>,
    /// Moves to play in order.
    #[serde(default)]
    pub play: Vec<String>,
    /// After `play`, every player accepts this agreement (`"stalemate"`).
    #[serde(default)]
    pub agree: Option<String>,
    /// What must hold after `play`.
    #[serde(default)]
    pub expect: Option<Expect>,
}

/// Checks after the moves are played.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Expect {
    /// The exact position text.
    #[serde(default)]
    pub position: Option<String>,
    /// The seat to move.
    #[serde(default)]
    pub turn: Option<String>,
    /// The phase.
    #[serde(default)]
    pub phase: Option<String>,
    /// The round.
    #[serde(default)]
    pub round: Option<u16>,
    /// Scores by seat.
    #[serde(default)]
    pub score: Option<Vec<i64>>,
    /// `"ongoing"`, `"draw"`, or the winning seat names joined by `+` (`"A"`, `"A+C"`).
    #[serde(default)]
    pub result: Option<String>,
    /// Text the result's reason must contain.
    #[serde(default)]
    pub reason: Option<String>,
    /// Moves legal after `play`.
    #[serde(default)]
    pub legal: Vec<String>,
    /// Moves not legal after `play` (readable, matching no legal move).
    #[serde(default)]
    pub illegal: Vec<String>,
    /// Texts matching more than one legal move after `play`.
    #[serde(default)]
    pub ambiguous: Vec<String>,
    /// Texts that are not moves at all after `play`.
    #[serde(default)]
    pub unreadable: Vec<String>,
    /// Number of legal moves after `play`.
    #[serde(default)]
    pub legal_count: Option<usize>,
    /// The whole legal-move set afterwards.
    #[serde(default)]
    pub legal_exactly: Option<Vec<String>>,
}

/// The result of running scenario files.
#[derive(Debug, Default)]
pub struct ScenarioReport {
    /// Scenarios that passed.
    pub passed: usize,
    /// Failures: (file, scenario name, what went wrong).
    pub failed: Vec<(String, String, String)>,
}

/// Runs every scenario file of a game (or only those whose file or name contains `filter`).
pub fn run_scenarios(files: &GameFiles, filter: Option<&str>) -> ScenarioReport {
    let mut report = ScenarioReport::default();
    let mut games: BTreeMap<String, Result<Game, String>> = BTreeMap::new();
    for rel in files.test_files() {
        let path = files.path_of(&rel);
        let text = files.get(&rel).unwrap_or_default();
        let parsed: ScenarioFile = match toml::from_str(text) {
            Ok(f) => f,
            Err(e) => {
                report.failed.push((
                    path.clone(),
                    "(file)".into(),
                    crate::def::toml_error(&path, text, &e).to_string(),
                ));
                continue;
            }
        };
        for sc in parsed.scenario {
            if filter.is_some_and(|f| !rel.contains(f) && !sc.name.contains(f)) {
                continue;
            }
            let sets: Vec<(String, String)> =
                sc.set.iter().map(|(k, v)| (k.clone(), v.clone())).collect();
            let key = format!("{:?}/{:?}", sc.variant, sets);
            let game = games.entry(key).or_insert_with(|| {
                Game::load(files, sc.variant.as_deref(), &sets).map_err(|d| d.to_string())
            });
            let result = match game {
                Ok(g) => {
                    // What the script printed, shown with a failure.
                    let (r, said) = crate::rules::trace::capture(|| run_one(g, &sc));
                    r.map_err(|msg| match said.is_empty() {
                        true => msg,
                        false => {
                            format!("{msg}\n  the script printed:\n    {}", said.join("\n    "))
                        }
                    })
                }
                Err(e) => Err(format!("the game does not load:\n{e}")),
            };
            match result {
                Ok(()) => report.passed += 1,
                Err(msg) => report.failed.push((path.clone(), sc.name.clone(), msg)),
            }
        }
    }
    report
}

fn run_one(g: &Game, sc: &Scenario) -> Result<(), String> {
    let diag = |d: Diagnostic| d.to_string();
    let mut s = match (&sc.position, sc.start) {
        (Some(p), false) => g.position(p).map_err(diag)?,
        (None, true) => g.start().map_err(|e| e.to_string())?,
        _ => return Err("give exactly one of `position` or `start = true`".into()),
    };
    check_moves(
        g,
        &s,
        &Checks {
            legal: &sc.legal,
            illegal: &sc.illegal,
            ambiguous: &sc.ambiguous,
            unreadable: &sc.unreadable,
            count: sc.legal_count,
            exactly: sc.legal_exactly.as_deref(),
        },
    )?;
    for (i, m) in sc.play.iter().enumerate() {
        g.play_text(&mut s, m)
            .map_err(|e| format!("play[{i}] `{m}`: {e}"))?;
    }
    if let Some(what) = &sc.agree {
        g.agree(&mut s, what)
            .map_err(|e| format!("agree `{what}`: {e}"))?;
    }
    let Some(x) = &sc.expect else { return Ok(()) };
    let t = &g.tables();
    if let Some(p) = &x.position {
        let want = g.position(p).map_err(diag)?;
        if want != s {
            return Err(format!(
                "position after play:\n  got  {}\n  want {}",
                g.position_text(&s),
                g.position_text(&want)
            ));
        }
    }
    if let Some(turn) = &x.turn {
        let got = &t.seats[s.turn().index()].name;
        if got != turn {
            return Err(format!("turn: got {got}, want {turn}"));
        }
    }
    if let Some(phase) = &x.phase {
        let got = &t.phases[s.phase()];
        if got != phase {
            return Err(format!("phase: got {got}, want {phase}"));
        }
    }
    if let Some(r) = x.round
        && s.round() != r
    {
        return Err(format!("round: got {}, want {r}", s.round()));
    }
    if let Some(score) = &x.score
        && s.scores() != score.as_slice()
    {
        return Err(format!("score: got {:?}, want {score:?}", s.scores()));
    }
    if let Some(r) = &x.result {
        let got = result_text(g, &s);
        if &got != r {
            return Err(format!(
                "result: got {got}, want {r} ({})",
                s.outcome().map_or("", |o| o.reason.as_str())
            ));
        }
    }
    if let Some(reason) = &x.reason {
        let got = s.outcome().map_or("", |o| o.reason.as_str());
        if !got.contains(reason.as_str()) {
            return Err(format!("reason: `{got}` does not contain `{reason}`"));
        }
    }
    check_moves(
        g,
        &s,
        &Checks {
            legal: &x.legal,
            illegal: &x.illegal,
            ambiguous: &x.ambiguous,
            unreadable: &x.unreadable,
            count: x.legal_count,
            exactly: x.legal_exactly.as_deref(),
        },
    )
}

/// `ongoing`, `draw`, or the winners' seat names joined by `+`.
pub fn result_text(g: &Game, s: &crate::engine::State) -> String {
    match s.outcome() {
        None => "ongoing".into(),
        Some(o) if o.is_draw() => "draw".into(),
        Some(o) => {
            let w: Vec<&str> = o
                .winners()
                .iter()
                .map(|p| g.tables().seats[p.index()].name.as_str())
                .collect();
            if w.is_empty() {
                "none".into()
            } else {
                w.join("+")
            }
        }
    }
}

/// The move checks of a scenario, before or after its moves are played.
struct Checks<'a> {
    legal: &'a [String],
    illegal: &'a [String],
    ambiguous: &'a [String],
    unreadable: &'a [String],
    count: Option<usize>,
    exactly: Option<&'a [String]>,
}

/// Why a text is not one legal move, in the words scenario files use.
fn why_not(e: &MoveError) -> &'static str {
    match e {
        MoveError::Syntax(_) => "unreadable",
        MoveError::Illegal { .. } => "not legal",
        MoveError::Ambiguous { .. } => "ambiguous",
    }
}

/// The legal moves' texts, each as `want` writes it when `want` names a move of several
/// parts by its first part alone and that part is no other legal move's: a scenario written
/// before a move's parts were said (`c5:d6` for `c5:d6&xd5`) still pins the same moves.
fn said_as_written(texts: &[String], want: &[String]) -> Vec<String> {
    let first = |t: &str| t.split('&').next().unwrap_or_default().to_string();
    texts
        .iter()
        .map(|t| {
            let f = first(t);
            let alone = texts.iter().filter(|u| first(u) == f).count() == 1;
            if t.contains('&') && alone && !want.contains(t) && want.contains(&f) {
                f
            } else {
                t.clone()
            }
        })
        .collect()
}

fn check_moves(g: &Game, s: &crate::engine::State, c: &Checks) -> Result<(), String> {
    let moves = g.legal_moves(s).map_err(|e| e.to_string())?;
    let texts: Vec<String> = moves
        .iter()
        .map(|m| {
            if g.tables().one_move_per_effect {
                notation::format_among(g.tables(), m, s.turn(), &moves)
            } else {
                notation::format_move(g.tables(), m, s.turn())
            }
        })
        .collect();
    for m in c.legal {
        g.resolve(s, &moves, m)
            .map_err(|e| format!("`{m}` should be legal: {e}"))?;
    }
    for (list, want) in [
        (c.illegal, "not legal"),
        (c.ambiguous, "ambiguous"),
        (c.unreadable, "unreadable"),
    ] {
        for m in list {
            match g.resolve(s, &moves, m) {
                Ok(_) => return Err(format!("`{m}` should be {want}, but it is a legal move")),
                Err(e) if why_not(&e) != want => {
                    return Err(format!(
                        "`{m}` should be {want}, but it is {}: {e}",
                        why_not(&e)
                    ));
                }
                Err(_) => {}
            }
        }
    }
    let (count, exactly) = (c.count, c.exactly);
    if let Some(n) = count
        && moves.len() != n
    {
        return Err(format!(
            "{} legal moves, want {n}: {}",
            moves.len(),
            texts.join(" ")
        ));
    }
    if let Some(want) = exactly {
        let mut a = said_as_written(&texts, want);
        a.sort();
        let mut b = want.to_vec();
        b.sort();
        if a != b {
            return Err(format!(
                "legal moves:\n  got  {}\n  want {}",
                a.join(" "),
                b.join(" ")
            ));
        }
    }
    Ok(())
}
