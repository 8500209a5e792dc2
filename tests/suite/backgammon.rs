//! Backgammon beyond its scenario files: the opening moves counted against an independent
//! enumeration, and random games (cube on and off, single games and matches) that finish.

use std::collections::BTreeSet;

use icebox::Game;

fn load(sets: &[(&str, &str)]) -> Game {
    let files = icebox::catalog::find("backgammon", &[]).expect("backgammon is built in");
    let sets: Vec<(String, String)> = sets
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    Game::load(&files, None, &sets).unwrap_or_else(|d| panic!("backgammon loads:\n{d}"))
}

/// The distinct positions White can reach from the start with the opening throw `a`-`b`, the
/// turn played out die by die through the engine (every order of the dice).
fn opening_positions(g: &Game, a: u8, b: u8) -> usize {
    let start = g.start().expect("starts");
    let text = g.position_text(&start);
    let board = text.split(' ').next().expect("rows");
    let s = g
        .position(&format!("{board} turn=White dice={a},{b} var.opening=2"))
        .expect("position reads");
    let mut finals = BTreeSet::new();
    let mut stack = vec![s];
    while let Some(s) = stack.pop() {
        if s.turn().index() != 0 {
            // The turn is over: both dice used. Only the board counts.
            let text = g.position_text(&s);
            finals.insert(text.split(' ').next().expect("rows").to_string());
            continue;
        }
        for m in g.legal_moves(&s).expect("moves") {
            let mut next = s.clone();
            g.play(&mut next, &m).expect("plays");
            stack.push(next);
        }
    }
    finals.len()
}

#[test]
fn every_non_double_opening_throw_reaches_the_right_number_of_positions() {
    // Computed independently by a 20-line brute force outside the engine (White's checkers
    // 24x2, 13x5, 8x3, 6x5; a point with two or more black checkers blocks; both orders of the
    // dice; positions compared as point -> count maps), and checked by hand for 2-1: one
    // checker moving 3 (24/21, 13/10, 8/5, 6/3: 4 positions) plus one checker each way (the
    // 1 from 24, 8 or 6 and the 2 from 24, 13, 8 or 6: 12), of which 8/6 6/5 equals 8/5: 15.
    let expected = [
        ((1, 2), 15),
        ((1, 3), 16),
        ((1, 4), 14),
        ((1, 5), 8),
        ((1, 6), 10),
        ((2, 3), 17),
        ((2, 4), 18),
        ((2, 5), 8),
        ((2, 6), 14),
        ((3, 4), 17),
        ((3, 5), 9),
        ((3, 6), 14),
        ((4, 5), 9),
        ((4, 6), 14),
        ((5, 6), 7),
    ];
    let g = load(&[]);
    for ((a, b), n) in expected {
        assert_eq!(opening_positions(&g, a, b), n, "opening throw {a}-{b}");
    }
}

/// Random games through the self-play runner; every one must end by the rules, not the limit.
fn random_games_finish(sets: &[(&str, &str)], games: u64) {
    let plan = icebox::selfplay::Plan {
        files: icebox::catalog::find("backgammon", &[]).expect("built in"),
        variant: None,
        sets: sets
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect(),
        seats: Default::default(),
        seeds: (0..games).collect(),
        jobs: 1,
    };
    for r in icebox::selfplay::run(&plan, &|_| Ok(())).expect("plays") {
        assert_eq!(r.end, "win", "seed {}: {}", r.seed, r.reason);
    }
}

#[test]
fn random_games_finish_with_and_without_the_cube_and_in_matches() {
    random_games_finish(&[("cube", "false")], 20);
    random_games_finish(&[], 20);
    random_games_finish(&[("match", "5")], 10);
}
