//! IceGammon beyond its scenario files: random games finish, with and without the cube, in
//! matches, and without re-entering; and how they end.

/// Random games through the self-play runner; every one must end by the rules, not the
/// limit. Returns their end reasons.
fn random_games(sets: &[(&str, &str)], games: u64) -> Vec<String> {
    let plan = icebox::selfplay::Plan {
        files: icebox::catalog::find("icegammon", &[]).expect("built in"),
        variant: None,
        sets: sets
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect(),
        seats: Default::default(),
        seeds: (0..games).collect(),
        jobs: 1,
    };
    let results = icebox::selfplay::run(&plan, &|_| Ok(())).expect("plays");
    for r in &results {
        assert_eq!(r.end, "win", "seed {}: {}", r.seed, r.reason);
    }
    results.into_iter().map(|r| r.reason).collect()
}

#[test]
fn random_games_finish_under_every_option() {
    for sets in [
        &[("cube", "false")][..],
        &[],
        &[("match", "5")],
        &[("reenter", "false"), ("cube", "false")],
    ] {
        let reasons = random_games(sets, 20);
        assert_eq!(reasons.len(), 20, "{sets:?}");
    }
}

#[test]
fn without_the_cube_random_games_end_when_a_die_cannot_be_used() {
    // Rule 2 and footnote 4 make blocking the usual end of random play: a random player
    // almost never brings all fifteen pieces home before failing to use a die.
    let reasons = random_games(&[("cube", "false")], 30);
    let blocked = reasons
        .iter()
        .filter(|r| r.contains("cannot use a die"))
        .count();
    assert!(blocked >= 25, "{reasons:?}");
}
