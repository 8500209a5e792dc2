//! The automatic agents: seat kinds parse, and search plays better than chance on real games.

use icebox::Game;
use icebox::ai::{Agent, Budget, choose};
use icebox::engine::rng::Rng;

fn load(id: &str) -> Game {
    let files = icebox::catalog::find(id, &[]).expect("built in");
    Game::load(&files, None, &[]).expect("loads")
}

/// Plays one game, `agent` in seat 0 against random; returns seat 0's return (1 win, -1 loss).
fn duel(g: &Game, agent: Agent, seed: u64) -> f64 {
    let mut rng = Rng::new(seed);
    let mut s = g.start().expect("starts");
    while !s.is_over() {
        let moves = g.legal_moves(&s).expect("moves");
        let a = if s.turn().index() == 0 {
            agent
        } else {
            Agent::Random
        };
        let m = choose(g, &s, &moves, a, &mut rng)
            .expect("chooses")
            .expect("a move");
        g.play(&mut s, &m).expect("plays");
    }
    s.outcome().expect("over").returns()[0]
}

#[test]
fn seat_kinds_parse_with_budgets_and_bad_ones_say_why() {
    assert_eq!("random".parse::<Agent>(), Ok(Agent::Random));
    assert_eq!("greedy".parse::<Agent>(), Ok(Agent::Greedy));
    assert_eq!(
        "mcts:250".parse::<Agent>(),
        Ok(Agent::Mcts(Budget::Playouts(250)))
    );
    assert_eq!(
        "mcts:300ms".parse::<Agent>(),
        Ok(Agent::Mcts(Budget::Time(std::time::Duration::from_millis(
            300
        ))))
    );
    for bad in ["mcts:0", "mcts:fast", "robot"] {
        let e = bad.parse::<Agent>().expect_err(bad);
        assert!(e.message.contains("seat kinds"), "{e}");
    }
}

#[test]
fn mcts_beats_random_at_icesickle_and_draughts() {
    for id in ["icesickle", "english-draughts"] {
        let g = load(id);
        let score: f64 = (0..4)
            .map(|seed| duel(&g, Agent::Mcts(Budget::Playouts(150)), seed))
            .sum();
        assert!(
            score >= 3.0,
            "{id}: MCTS scored {score} in 4 games against random"
        );
    }
}

#[test]
fn greedy_takes_an_immediate_win() {
    // Hexapawn: White's pawn on b2 can reach the far row now; greedy must take it.
    let files = icebox::def::GameFiles::from_path(std::path::Path::new("examples/hexapawn"))
        .expect("tutorial reads");
    let g = Game::load(&files, None, &[]).expect("loads");
    let s = g.position("bP2/1wP1/3 turn=White").expect("position");
    let moves = g.legal_moves(&s).expect("moves");
    let m = choose(&g, &s, &moves, Agent::Greedy, &mut Rng::new(1))
        .expect("chooses")
        .expect("a move");
    let mut after = s.clone();
    g.play(&mut after, &m).expect("plays");
    assert_eq!(
        after.outcome().map(|o| o.winners()),
        Some(vec![g.tables().seat("White").expect("seat")]),
        "greedy played {}",
        g.move_text(&s, &m)
    );
}
