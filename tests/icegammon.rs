//! IceGammon beyond its scenario files: random games finish, with and without the cube, in
//! matches, and without re-entering; and how they end.

use icebox::Game;
use icebox::engine::rng::Rng;

fn load(sets: &[(&str, &str)]) -> Game {
    let files = icebox::catalog::find("icegammon", &[]).expect("icegammon is built in");
    let sets: Vec<(String, String)> = sets
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    Game::load(&files, None, &sets).unwrap_or_else(|d| panic!("icegammon loads:\n{d}"))
}

/// Plays random games to the end and returns their end reasons.
fn random_games(sets: &[(&str, &str)], games: u64) -> Vec<String> {
    let g = load(sets);
    let mut reasons = Vec::new();
    for seed in 0..games {
        let mut rng = Rng::new(seed);
        let mut s = g.start().expect("starts");
        let mut plies = 0;
        while !s.is_over() {
            let moves = g.legal_moves(&s).expect("moves");
            let m = icebox::ai::random_move(&moves, &mut rng)
                .expect("a live game has a move")
                .clone();
            g.play(&mut s, &m).expect("plays");
            plies += 1;
            assert!(plies < 20_000, "seed {seed}: no end after 20000 plies");
        }
        let o = s.outcome().expect("over");
        assert!(
            !o.reason.contains("move limit"),
            "seed {seed}: {}",
            o.reason
        );
        reasons.push(o.reason.clone());
    }
    reasons
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
