//! The alpha-beta seat (`ab`): it parses with its depths and times, finds forced wins and
//! defences in concrete positions, takes material left hanging, and plays whole games of dice
//! and of three seats through the library API.

use icebox::ai::{Agent, Horizon, choose};
use icebox::engine::rng::Rng;
use icebox::{Game, Move, PlayerId, State};
use std::time::Duration;

use crate::helpers::{builtin, load_with};

/// The move `agent` chooses from `s`, with the seat's rng seeded `seed`.
fn pick(g: &Game, s: &State, agent: Agent, seed: u64) -> Move {
    let moves = g.legal_moves(s).expect("moves");
    choose(g, s, &moves, agent, &mut Rng::new(seed))
        .expect("searches")
        .expect("a move")
}

fn ab(plies: u8) -> Agent {
    Agent::AlphaBeta(Horizon::Plies(plies))
}

fn seat(g: &Game, name: &str) -> PlayerId {
    g.tables().seat(name).expect("seat")
}

/// Whether `m` from `s` ends the game with `who` the only winner.
fn wins(g: &Game, s: &State, m: &Move, who: PlayerId) -> bool {
    let mut after = s.clone();
    g.play(&mut after, m).expect("plays");
    after.outcome().map(|o| o.winners()) == Some(vec![who])
}

/// Whether the side to move in `s` has a move that wins at once for `who`.
fn has_win_in_one(g: &Game, s: &State, who: PlayerId) -> bool {
    g.legal_moves(s)
        .expect("moves")
        .iter()
        .any(|m| wins(g, s, m, who))
}

#[test]
fn ab_seat_kinds_parse_and_bad_depths_or_times_say_why() {
    assert_eq!(
        "ab".parse::<Agent>(),
        Ok(Agent::AlphaBeta(Horizon::Time(Duration::from_secs(1))))
    );
    assert_eq!("ab:3".parse::<Agent>(), Ok(ab(3)));
    assert_eq!("ab:64".parse::<Agent>(), Ok(ab(64)));
    assert_eq!(
        "ab:250ms".parse::<Agent>(),
        Ok(Agent::AlphaBeta(Horizon::Time(Duration::from_millis(250))))
    );
    assert_eq!(
        "ab:2s".parse::<Agent>(),
        Ok(Agent::AlphaBeta(Horizon::Time(Duration::from_secs(2))))
    );
    for (bad, why) in [
        ("ab:0", "the depth is 1 to 64 plies"),
        ("ab:65", "the depth is 1 to 64 plies"),
        ("ab:x", "a depth (1 to 64 plies) or a time"),
        ("ab:", "a depth (1 to 64 plies) or a time"),
        ("ab:0ms", "more than zero"),
        ("ab:3601s", "at most 3600 s a move"),
        ("ab:99999999999", "at most 64 plies or 3600 s a move"),
        (
            "ab:99999999999999999999ms",
            "at most 64 plies or 3600 s a move",
        ),
        ("alphabeta", "not a seat kind"),
    ] {
        let e = bad.parse::<Agent>().expect_err(bad);
        assert!(e.message.contains(why), "{bad}: {e}");
        assert!(e.message.contains("ab:N, ab:500ms, ab:2s"), "{bad}: {e}");
    }
    // The mcts kinds read as before.
    for (bad, why) in [
        ("mcts:0", "more than zero"),
        (
            "mcts:99999999999",
            "at most 10000000 playouts or 3600 s a move",
        ),
        ("mcts:fast", "a number of playouts or a time"),
    ] {
        let e = bad.parse::<Agent>().expect_err(bad);
        assert!(e.message.contains(why), "{bad}: {e}");
    }
}

#[test]
fn ab_mates_in_one_and_in_two_at_chess() {
    let g = builtin("chess", None, &[]);
    let white = seat(&g, "White");
    // A back-rank mate: Ra1-a8.
    let s = g
        .position("6bK1/5bPbPbP/8/8/8/8/8/wR5wK1 turn=White")
        .expect("position");
    let m = pick(&g, &s, ab(2), 1);
    assert!(wins(&g, &s, &m, white), "played {}", g.move_text(&s, &m));

    // Two rooks against a king on the back rank: no mate at once (the king steps up to the
    // seventh), but a rook to the seventh first leaves every reply mated.
    let s = g
        .position("6bK1/8/8/8/8/2wK5/1wR6/wR7 turn=White")
        .expect("position");
    assert!(
        !has_win_in_one(&g, &s, white),
        "the position has a mate in one"
    );
    let m = pick(&g, &s, ab(4), 1);
    let mut after = s.clone();
    g.play(&mut after, &m).expect("plays");
    let replies = g.legal_moves(&after).expect("replies");
    assert!(!replies.is_empty(), "{} stalemates", g.move_text(&s, &m));
    for r in &replies {
        let mut then = after.clone();
        g.play(&mut then, r).expect("plays");
        assert!(
            has_win_in_one(&g, &then, white),
            "after {} {} White has no mate",
            g.move_text(&s, &m),
            g.move_text(&after, r)
        );
    }
}

#[test]
fn ab_takes_a_hanging_queen_at_chess() {
    let g = builtin("chess", None, &[]);
    let s = g
        .position("4bK3/8/8/3bQ4/8/2wN5/8/4wK3 turn=White")
        .expect("position");
    for depth in [1, 2, 3] {
        let m = pick(&g, &s, ab(depth), 1);
        assert_eq!(g.move_text(&s, &m), "c3:d5", "ab:{depth}");
    }
}

#[test]
fn ab_wins_in_one_and_blocks_a_win_in_one_at_connect_four() {
    let g = builtin("connect-four", None, &[]);
    let (red, yellow) = (seat(&g, "Red"), seat(&g, "Yellow"));
    // Red has a1, b1, c1: d1 wins now (and ab must prefer it to any slower win).
    let s = g
        .position("7/7/7/7/yDyDyD4/rDrDrD4 turn=Red ply=6 discs.Red=18rD discs.Yellow=18yD")
        .expect("position");
    for depth in [1, 2, 5] {
        let m = pick(&g, &s, ab(depth), 3);
        assert!(
            wins(&g, &s, &m, red),
            "ab:{depth} played {}",
            g.move_text(&s, &m)
        );
    }
    // Yellow to move, with no win of its own: only d1 stops Red's.
    let s = g
        .position("7/7/7/7/yDyD5/rDrDrD4 turn=Yellow ply=5 discs.Red=18rD discs.Yellow=19yD")
        .expect("position");
    assert!(!has_win_in_one(&g, &s, yellow));
    for depth in [2, 4] {
        for seed in 1..4 {
            let m = pick(&g, &s, ab(depth), seed);
            assert_eq!(g.move_text(&s, &m), "D@d1", "ab:{depth} seed {seed}");
        }
    }
}

#[test]
fn ab_plays_backgammon_through_the_dice_against_random() {
    let g = builtin("backgammon", None, &[("cube", "false")]);
    let white = seat(&g, "White");
    let mut rng = Rng::new(7);
    let mut s = g.start().expect("starts");
    let mut plies = 0;
    while !s.is_over() {
        let moves = g.legal_moves(&s).expect("moves");
        let agent = if s.turn() == white {
            ab(3)
        } else {
            Agent::Random
        };
        let m = choose(&g, &s, &moves, agent, &mut rng)
            .expect("searches")
            .expect("a move");
        assert!(moves.contains(&m));
        g.play(&mut s, &m).expect("plays");
        plies += 1;
        assert!(plies < 10_000, "the game does not end");
    }
    assert!(s.outcome().is_some());
}

#[test]
fn ab_plays_for_each_of_three_seats() {
    for (id, variant) in [("volcano", "three-player"), ("moscow-ice", "three-player")] {
        let g = builtin(id, Some(variant), &[]);
        assert_eq!(g.tables().player_count(), 3);
        let mut rng = Rng::new(11);
        let mut s = g.start().expect("starts");
        let mut movers = std::collections::BTreeSet::new();
        for _ in 0..12 {
            if s.is_over() {
                break;
            }
            let moves = g.legal_moves(&s).expect("moves");
            movers.insert(s.turn());
            let m = choose(&g, &s, &moves, ab(2), &mut rng)
                .expect("searches")
                .expect("a move");
            assert!(moves.contains(&m), "{id}: not a legal move");
            g.play(&mut s, &m).expect("plays");
        }
        assert_eq!(movers.len(), 3, "{id}: every seat moved");
    }
}

#[test]
fn ab_chooses_the_same_move_for_the_same_seed() {
    let g = builtin("chess", None, &[]);
    let s = g.start().expect("starts");
    let first: Vec<String> = (0..6)
        .map(|seed| g.move_text(&s, &pick(&g, &s, ab(3), seed)))
        .collect();
    let again: Vec<String> = (0..6)
        .map(|seed| g.move_text(&s, &pick(&g, &s, ab(3), seed)))
        .collect();
    assert_eq!(first, again);
}

#[test]
fn ab_with_a_time_budget_answers_in_about_that_time() {
    let g = builtin("chess", None, &[]);
    let s = g.start().expect("starts");
    let began = std::time::Instant::now();
    let agent = Agent::AlphaBeta(Horizon::Time(Duration::from_millis(200)));
    let m = pick(&g, &s, agent, 1);
    assert!(g.legal_moves(&s).expect("moves").contains(&m));
    assert!(
        began.elapsed() < Duration::from_secs(2),
        "thought for {:?}",
        began.elapsed()
    );
}

#[test]
fn ab_passes_a_script_error_back() {
    let toml = std::fs::read_to_string("examples/hexapawn/game.toml")
        .expect("tutorial reads")
        .replace("script = \"rules.rhai\"", "script = \"r.rhai\"");
    let script = std::fs::read_to_string("examples/hexapawn/rules.rhai").expect("reads")
        + "\nfn evaluate(s, p) { throw \"no evaluation today\"; }\n";
    let g = load_with(&toml, Some(&script), &[]).expect("loads");
    let s = g.start().expect("starts");
    let moves = g.legal_moves(&s).expect("moves");
    let e = choose(&g, &s, &moves, ab(2), &mut Rng::new(1)).expect_err("the hook fails");
    assert!(e.to_string().contains("no evaluation today"), "{e}");
}
