//! Old definitions keep working (issue 29): every shipped game and example as it stood
//! before each of the last changes of the format (ten at least) (tests/data/compat/COMMIT/, see its
//! README) loads with today's engine, base game and every variant, plays random games to the
//! end, and passes the scenarios it shipped with. A key or script behaviour that changed
//! meaning fails here, not in the middle of a user's game.

use icebox::Game;
use icebox::def::GameFiles;
use icebox::testing::{conformance, run_scenarios};

/// Scenarios of the corpus that pin a meaning since changed on purpose, each with why.
/// `feed` meant "no sowing is legal when none feeds" only between 5ccc91f and 275064c, which
/// gave the key back the meaning it first shipped with (every sowing stays legal) and put
/// the published Oware rule under the new key `feed_or_no_move`.
const CHANGED_ON_PURPOSE: &[(&str, &str)] = &[
    (
        "e824272/oware",
        "a player who cannot feed the opponent takes the remaining seeds and the game ends",
    ),
    (
        "e824272/oware",
        "the player who cannot feed takes the seeds on their side, and may still lose",
    ),
    ("e824272/oware", "twenty-four seeds each is a draw"),
];

/// Every game folder of the corpus, named `COMMIT/GAME`, in order.
pub(crate) fn corpus_dirs() -> Vec<(String, std::path::PathBuf)> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/compat");
    let mut out = Vec::new();
    let mut commits: Vec<_> = std::fs::read_dir(root)
        .expect("tests/data/compat")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_dir())
        .collect();
    commits.sort();
    for commit in commits {
        let mut games: Vec<_> = std::fs::read_dir(&commit)
            .expect("a commit's folder")
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.join("game.toml").is_file())
            .collect();
        games.sort();
        for g in games {
            let name = format!(
                "{}/{}",
                commit.file_name().unwrap_or_default().to_string_lossy(),
                g.file_name().unwrap_or_default().to_string_lossy()
            );
            out.push((name, g));
        }
    }
    out
}

fn corpus() -> Vec<(String, GameFiles)> {
    corpus_dirs()
        .into_iter()
        .map(|(name, g)| {
            let files = GameFiles::from_path(&g).unwrap_or_else(|e| panic!("{name} reads: {e}"));
            (name, files)
        })
        .collect()
}

#[test]
fn old_definitions_load_play_and_pass_their_scenarios() {
    let corpus = corpus();
    assert!(
        corpus.len() >= 100,
        "the corpus holds {} games",
        corpus.len()
    );
    let mut failures = Vec::new();
    let mut passed = 0;
    for (name, files) in &corpus {
        let report = run_scenarios(files, None);
        passed += report.passed;
        for (_, scenario, msg) in report.failed {
            if !CHANGED_ON_PURPOSE.contains(&(name.as_str(), scenario.as_str())) {
                failures.push(format!("{name}: {scenario}\n  {msg}"));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "old definitions fail:\n{}",
        failures.join("\n")
    );
    assert!(passed > 1000, "{passed} scenarios passed");
}

#[test]
fn old_definitions_and_variants_play_whole_games() {
    // Every variant of every old definition, a few random games each to the end: a script
    // call that no longer works fails here (the conformance test also checks undo).
    let jobs: Vec<(String, GameFiles, Option<String>)> = corpus()
        .into_iter()
        .flat_map(|(name, files)| {
            let mut variants: Vec<Option<String>> = vec![None];
            variants.extend(files.variant_names().into_iter().map(Some));
            variants
                .into_iter()
                .map(move |v| (name.clone(), files.clone(), v))
        })
        .collect();
    let next = std::sync::atomic::AtomicUsize::new(0);
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get());
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                while let Some((name, files, v)) =
                    jobs.get(next.fetch_add(1, std::sync::atomic::Ordering::Relaxed))
                {
                    let g = Game::load(files, v.as_deref(), &[])
                        .unwrap_or_else(|d| panic!("{name} {v:?} loads:\n{d}"));
                    conformance(&g, 2, 5).unwrap_or_else(|e| panic!("{name} {v:?}: {e}"));
                }
            });
        }
    });
}

/// Records written by earlier releases (f7cccd5 and 8aa885a, `tests/data/compat-records`):
/// each replays to the end with today's engine and reaches the result its header gives.
#[test]
fn old_records_replay_to_the_result_they_recorded() {
    let dir = std::path::Path::new("tests/data/compat-records");
    let mut read = 0;
    for entry in std::fs::read_dir(dir).expect("records") {
        let path = entry.expect("entry").path();
        if path.extension().is_none_or(|e| e != "rec") {
            continue;
        }
        let text = std::fs::read_to_string(&path).expect("record");
        let rec = icebox::record::Record::parse(&path.to_string_lossy(), &text)
            .unwrap_or_else(|d| panic!("{}: {d}", path.display()));
        let files = icebox::catalog::find(rec.header("Game").expect("Game header"), &[])
            .unwrap_or_else(|d| panic!("{d}"));
        let g = game_of(&files, &rec);
        let (s, _) =
            icebox::record::replay(&g, &rec).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let want = rec.header("Result").expect("Result header");
        let o = s
            .outcome()
            .unwrap_or_else(|| panic!("{}: not over", path.display()));
        // The header as the recording wrote it: `draw`, or the winners joined by `+`.
        let got = if o.is_draw() {
            "draw".to_string()
        } else {
            let names: Vec<&str> = o
                .winners()
                .iter()
                .map(|p| g.tables().seats[p.index()].name.as_str())
                .collect();
            names.join("+")
        };
        assert_eq!(got, want, "{}", path.display());
        read += 1;
    }
    assert!(read >= 60, "{read} records");
}

/// An old record that goes on past an end today's rules find (a chess draw by bishops of
/// one colour the earlier version played on from) says so at the first move after it.
#[test]
fn an_old_record_past_a_corrected_end_says_where_and_why() {
    let path = "tests/data/compat-records/past-the-end/f7cccd5-chess-seed-8.rec";
    let text = std::fs::read_to_string(path).expect("record");
    let rec = icebox::record::Record::parse(path, &text).expect("parses");
    let files = icebox::catalog::find("chess", &[]).expect("chess");
    let g = game_of(&files, &rec);
    let Err(e) = icebox::record::replay(&g, &rec) else {
        panic!("replays past the dead position");
    };
    assert_eq!(e.number, 433);
    assert!(
        e.reason
            .contains("the game was already over after move 432: Draw: dead position")
            && e.reason
                .contains("a record written by a version that did not end the game there"),
        "{}",
        e.reason
    );
}

/// The game a record names: its `Variant` and `Set` headers over the game's files.
fn game_of(files: &GameFiles, rec: &icebox::record::Record) -> Game {
    let sets: Vec<(String, String)> = rec.sets().into_iter().collect();
    Game::load(files, rec.header("Variant"), &sets)
        .unwrap_or_else(|d| panic!("{} loads: {d}", files.label))
}

/// `[generators.NAME]` is the table's name; `[moves.NAME]`, its name before, still reads the
/// same, in the game file, in a variant's overlay, mixed with the new name, and a problem in
/// it is shown where the author wrote it.
#[test]
fn generators_table_reads_under_its_old_name() {
    use crate::helpers::{load, moves_at};
    let base = "[game]\nid = \"t\"\nname = \"t\"\n[players]\nseats = [{ name = \"A\" }, { name = \"B\" }]\n[board]\ngrid = { files = 3, ranks = 3 }\n[pieces.P]\nname = \"pawn\"\n[setup]\ncells = { a1 = \"aP\", c3 = \"bP\" }\n[rules]\ngenerators = [\"step\"]\n";
    let new = load(&format!("{base}[generators.step]\ndirections = [\"n\"]\n")).expect("new name");
    let old = load(&format!("{base}[moves.step]\ndirections = [\"n\"]\n")).expect("old name");
    let s = new.start().expect("start");
    assert_eq!(moves_at(&new, &s), vec!["a1-a2"]);
    assert_eq!(
        moves_at(&old, &old.start().expect("start")),
        moves_at(&new, &s)
    );
    // Both names in one file: the tables merge, the new name's keys winning.
    let both = load(&format!(
        "{base}[moves.step]\ndirections = [\"n\"]\n[generators.step]\ndirections = [\"e\"]\n"
    ));
    // (TOML itself refuses two names for one field only at serde level: either way no panic.)
    if let Ok(g) = both {
        assert_eq!(moves_at(&g, &g.start().expect("start")), vec!["a1-b1"]);
    }
    // A problem under the old name points at its line.
    let Err(e) = load(&format!("{base}[moves.step]\ndirections = [\"up\"]\n")) else {
        panic!("an unknown direction loads");
    };
    assert!(
        e.contains(":15:"),
        "not located at the old table's line:\n{e}"
    );
}
