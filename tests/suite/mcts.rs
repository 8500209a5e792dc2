//! MCTS's enhancements (`mcts+...`): how seat kinds with them read and are written in results,
//! and the solver's proofs: a win in one taken at once, a loss in one avoided.

use super::helpers::builtin;
use icebox::ai::{Agent, choose};
use icebox::engine::rng::Rng;

/// Red to move, with three in the bottom row: d1 wins.
const RED_WINS_AT_D1: &str = "7/7/7/7/yDyD5/rDrDrD3yD turn=Red discs.Red=18rD discs.Yellow=18yD";
/// Yellow to move, Red threatening d1: every other move loses at once.
const YELLOW_MUST_BLOCK: &str =
    "7/7/7/7/yD6/rDrDrD3yD turn=Yellow discs.Red=18rD discs.Yellow=19yD";

fn pick(agent: &str, position: &str, seed: u64) -> String {
    let g = builtin("connect-four", None, &[]);
    let s = g.position(position).expect("position");
    let moves = g.legal_moves(&s).expect("moves");
    let agent: Agent = agent.parse().expect("agent");
    let m = choose(&g, &s, &moves, agent, &mut Rng::new(seed))
        .expect("search")
        .expect("a move");
    g.move_text(&s, &m)
}

#[test]
fn the_solver_takes_a_win_in_one_and_stops_there() {
    // A budget far past what the test could spend: the solver stops once a move is a proven
    // win (within a few iterations), where plain UCT would use every playout.
    for seed in 1..=5 {
        assert_eq!(
            pick("mcts+solver:5000000", RED_WINS_AT_D1, seed),
            "D@d1",
            "seed {seed}"
        );
    }
}

#[test]
fn the_solver_avoids_moves_that_lose_at_once() {
    // Each move but d1 lets Red win next move: proven losses once Red's d1 is expanded below
    // them, never chosen. At 40 playouts plain UCT still misses the block for some seeds
    // (9 of 20 right at 30 playouts, against the solver's 20).
    let blocks = |kind: &str| {
        (1..=10)
            .filter(|&seed| pick(kind, YELLOW_MUST_BLOCK, seed) == "D@d1")
            .count()
    };
    assert_eq!(blocks("mcts+solver:40"), 10);
    assert!(
        blocks("mcts:40") < 10,
        "the position needs the solver at this budget"
    );
    for seed in 1..=3 {
        assert_eq!(
            pick("mcts+all:3000", YELLOW_MUST_BLOCK, seed),
            "D@d1",
            "seed {seed}"
        );
    }
}

#[test]
fn enhanced_seat_kinds_read_and_are_written_whole() {
    let label = |s: &str| icebox::selfplay::agent_label(s.parse::<Agent>().expect(s));
    assert_eq!(
        label("mcts+all:1s"),
        "mcts+cut20+mast+solver+decisive:1000ms"
    );
    assert_eq!(label("mcts+solver+mast:300"), "mcts+mast+solver:300");
    assert_eq!(label("mcts+cut7"), "mcts+cut7:1000ms");
    // Plain UCT keeps its name: results written before read the same.
    assert_eq!(label("mcts:500"), "mcts:500");
    assert_eq!(label("mcts"), "mcts:1000ms");
    for (bad, says) in [
        ("mcts+fast:1s", "`fast` is not an enhancement"),
        ("mcts+cut0", "a cutoff is 1 to 1000 plies"),
        ("mcts+cut1001:5", "a cutoff is 1 to 1000 plies"),
        ("mcts+", "`` is not an enhancement"),
        ("mctsx", "not a seat kind"),
        ("mcts+mast:0", "more than zero"),
    ] {
        let e = bad.parse::<Agent>().expect_err(bad).to_string();
        assert!(e.contains(says), "{bad}: {e}");
    }
}
