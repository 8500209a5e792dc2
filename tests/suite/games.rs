//! Every game shipped (built-in games and the tutorial) passes its scenario tests and the
//! conformance test, base game and every variant.

use icebox::Game;
use icebox::def::GameFiles;
use icebox::testing::{conformance, run_scenarios};

fn shipped() -> Vec<GameFiles> {
    let mut all = icebox::catalog::builtin();
    for example in [
        "examples/hexapawn",
        "examples/race",
        "examples/breakthrough",
        "examples/yavalath",
        "examples/jungle",
        "examples/pentago",
        "examples/nine-board",
        "examples/surakarta",
        "examples/brazilian-draughts",
        "examples/paper-soccer",
        "examples/dots-and-boxes",
    ] {
        all.push(GameFiles::from_path(std::path::Path::new(example)).expect("example game reads"));
    }
    all
}

#[test]
fn every_scenario_of_every_game_passes() {
    let mut failures = Vec::new();
    for files in shipped() {
        let report = run_scenarios(&files, None);
        assert!(report.passed > 0, "{} has no scenario tests", files.label);
        for (file, name, msg) in report.failed {
            failures.push(format!("{file}: {name}\n  {msg}"));
        }
    }
    assert!(
        failures.is_empty(),
        "failing scenarios:\n{}",
        failures.join("\n")
    );
}

#[test]
fn every_game_and_variant_conforms() {
    // The longest test of the suite: the games and variants are shared out over the cores
    // (a `Game` stays on the thread that loads it).
    let jobs: Vec<(icebox::def::GameFiles, Option<String>)> = shipped()
        .into_iter()
        .flat_map(|files| {
            let mut variants: Vec<Option<String>> = vec![None];
            variants.extend(files.variant_names().into_iter().map(Some));
            variants.into_iter().map(move |v| (files.clone(), v))
        })
        .collect();
    let next = std::sync::atomic::AtomicUsize::new(0);
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get());
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                while let Some((files, v)) =
                    jobs.get(next.fetch_add(1, std::sync::atomic::Ordering::Relaxed))
                {
                    let g = Game::load(files, v.as_deref(), &[])
                        .unwrap_or_else(|d| panic!("{} {v:?} loads:\n{d}", files.label));
                    let r = conformance(&g, 12, 3)
                        .unwrap_or_else(|e| panic!("{} {v:?}: {e}", files.label));
                    assert_eq!(r.playouts, 12);
                    assert!(r.longest <= g.tables().max_plies);
                }
            });
        }
    });
}

#[test]
fn the_built_in_catalog_has_the_seed_games_ids() {
    let ids: Vec<String> = icebox::catalog::builtin()
        .iter()
        .map(|g| g.label.clone())
        .collect();
    assert!(ids.contains(&"games/icesickle".to_string()), "{ids:?}");
}

#[test]
fn every_rule_of_every_game_is_pinned_by_a_scenario() {
    // Mutation testing (issue 16): each mutant breaks one rule; a scenario must fail on it,
    // or the game marks it equivalent with a reason. Marks that name no mutant are stale.
    let mut problems = Vec::new();
    for files in shipped() {
        let r = icebox::testing::run_mutants(&files, 0, None)
            .unwrap_or_else(|e| panic!("{}: {e}", files.label));
        // A sanity check that mutants were made at all: a game written in a few keys has few
        // (Hex, with no script: 6, its three pairs of directions, its connection, its swap
        // rule and the swap's mirror).
        assert!(
            r.generated >= 6,
            "{}: only {} mutants",
            files.label,
            r.generated
        );
        for m in r.survived {
            problems.push(format!(
                "{}: SURVIVED {} (line {})",
                files.label, m.id, m.line
            ));
        }
        for id in r.stale {
            problems.push(format!("{}: stale equivalence mark {id}", files.label));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
