//! MCTS's enhancements (`mcts+...`): how seat kinds with them read and are written in results,
//! and the solver's proofs: a win in one taken at once, a loss in one avoided.

use super::helpers::builtin;
use icebox::ai::{Agent, Player, choose};
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
        "mcts+cut20+mast+solver+decisive+anti+reuse:1000ms"
    );
    assert_eq!(label("mcts+par4+reuse:300"), "mcts+reuse+par4:300");
    assert_eq!(label("mcts+anti:50"), "mcts+anti:50");
    assert_eq!(label("mcts+solver+mast:300"), "mcts+mast+solver:300");
    assert_eq!(label("mcts+cut7"), "mcts+cut7:1000ms");
    // Plain UCT keeps its name: results written before read the same.
    assert_eq!(label("mcts:500"), "mcts:500");
    assert_eq!(label("mcts"), "mcts:1000ms");
    for (bad, says) in [
        ("mcts+fast:1s", "`fast` is not an enhancement"),
        ("mcts+cut0", "a cutoff is 1 to 1000 plies"),
        ("mcts+par1:5", "root-parallel search is on 2 to 64 threads"),
        ("mcts+par65:5", "root-parallel search is on 2 to 64 threads"),
        ("mcts+par:5", "root-parallel search is on 2 to 64 threads"),
        ("mcts+cut1001:5", "a cutoff is 1 to 1000 plies"),
        ("mcts+", "`` is not an enhancement"),
        ("mctsx", "not a seat kind"),
        ("mcts+mast:0", "more than zero"),
    ] {
        let e = bad.parse::<Agent>().expect_err(bad).to_string();
        assert!(e.contains(says), "{bad}: {e}");
    }
}

#[test]
fn a_kept_tree_carries_its_playouts_into_the_next_search() {
    let g = builtin("connect-four", None, &[]);
    let mut s = g.start().expect("start");
    let mut rng = Rng::new(7);
    let mut p = Player::new("mcts+reuse:300".parse().expect("agent"));
    let moves = g.legal_moves(&s).expect("moves");
    let first = p
        .choose(&g, &s, &moves, &mut rng)
        .expect("search")
        .expect("a move");
    assert_eq!(p.searched(), 300.0);
    g.play(&mut s, &first).expect("play");
    // The reply: Yellow's first legal move, explored under 300 playouts.
    let replies = g.legal_moves(&s).expect("moves");
    g.play(&mut s, &replies[0]).expect("play");
    let moves = g.legal_moves(&s).expect("moves");
    let inherited = p.kept_visits(&g, &s, &moves);
    assert!(
        inherited >= 2.0,
        "the reply's subtree was searched: {inherited}"
    );
    p.choose(&g, &s, &moves, &mut rng)
        .expect("search")
        .expect("a move");
    // The second search started from the kept subtree: its playouts on top of the old ones.
    assert_eq!(p.searched(), inherited - 1.0 + 300.0);
    assert_eq!(p.kept_visits(&g, &s, &moves), inherited + 300.0);
    // A position the tree never saw (a new game) starts afresh.
    let start = g.start().expect("start");
    let opening = g.legal_moves(&start).expect("moves");
    assert_eq!(p.kept_visits(&g, &start, &opening), 0.0);
    p.choose(&g, &start, &opening, &mut rng).expect("search");
    assert_eq!(p.searched(), 300.0);
    // Without `reuse` nothing is kept.
    let mut plain = Player::new("mcts+mast:50".parse().expect("agent"));
    plain
        .choose(&g, &start, &opening, &mut rng)
        .expect("search");
    assert_eq!(plain.kept_visits(&g, &start, &opening), 0.0);
}

#[test]
fn root_parallel_threads_each_search_and_their_visits_are_summed() {
    // Volcano: a pyramid game with a script, loaded again on every helper thread.
    for game in ["connect-four", "volcano"] {
        let g = builtin(game, None, &[]);
        let s = g.start().expect("start");
        let moves = g.legal_moves(&s).expect("moves");
        let agent: Agent = "mcts+par4:60".parse().expect("agent");
        let run = |seed| {
            let mut p = Player::new(agent);
            let m = p
                .choose(&g, &s, &moves, &mut Rng::new(seed))
                .expect("search");
            (m.map(|m| g.move_text(&s, &m)), p.searched())
        };
        let (m, searched) = run(3);
        assert_eq!(searched, 240.0, "{game}: four threads of 60 playouts");
        // The helpers' seeds come from the seat's: the same seed, the same move.
        for _ in 0..3 {
            assert_eq!(run(3).0, m, "{game}");
        }
    }
    // The threads' proofs merge too: the block is found for every seed.
    for seed in 1..=5 {
        assert_eq!(
            pick("mcts+solver+par3:40", YELLOW_MUST_BLOCK, seed),
            "D@d1",
            "seed {seed}"
        );
    }
}

#[test]
fn root_parallel_search_of_a_variant_plays_the_variant() {
    // The helpers load the same variant and options as the seat's game: on the 7x7 board
    // their moves are the seat's moves (the 11x11 board's would not be legal here).
    let g = builtin("hex", Some("7x7"), &[]);
    let mut s = g.start().expect("start");
    let mut rng = Rng::new(5);
    let mut p = Player::new("mcts+reuse+par2:30".parse().expect("agent"));
    for _ in 0..6 {
        let moves = g.legal_moves(&s).expect("moves");
        let m = p
            .choose(&g, &s, &moves, &mut rng)
            .expect("search")
            .expect("a move");
        assert!(moves.contains(&m), "a legal move");
        assert!(
            p.searched() >= 60.0,
            "both threads searched: {}",
            p.searched()
        );
        g.play(&mut s, &m).expect("play");
    }
}

#[test]
fn a_failed_root_parallel_search_leaves_nothing_for_the_next() {
    // Hexapawn whose evaluation fails before the fourth ply: a search from the start fails
    // in every thread (playouts cut after one ply ask `evaluate` at ply 2); one from ply 2
    // does not. The helpers' failed answers must not be read as the second search's.
    let toml = std::fs::read_to_string("examples/hexapawn/game.toml")
        .expect("tutorial reads")
        .replace("script = \"rules.rhai\"", "script = \"r.rhai\"");
    let script = std::fs::read_to_string("examples/hexapawn/rules.rhai").expect("reads")
        + "\nfn evaluate(s, p) { if s.ply < 3 { throw \"too early to tell\"; } 0 }\n";
    let g = super::helpers::load_with(&toml, Some(&script), &[]).expect("loads");
    let mut s = g.start().expect("starts");
    let mut p = Player::new("mcts+cut1+par3:20".parse().expect("agent"));
    let mut rng = Rng::new(1);
    let moves = g.legal_moves(&s).expect("moves");
    let e = p
        .choose(&g, &s, &moves, &mut rng)
        .expect_err("the hook fails");
    assert!(e.to_string().contains("too early to tell"), "{e}");
    for _ in 0..2 {
        let moves = g.legal_moves(&s).expect("moves");
        g.play(&mut s, &moves[0]).expect("plays");
    }
    let moves = g.legal_moves(&s).expect("moves");
    assert!(!s.is_over() && moves.len() > 1, "{}", g.position_text(&s));
    let m = p
        .choose(&g, &s, &moves, &mut rng)
        .expect("every thread searches this one")
        .expect("a move");
    assert!(moves.contains(&m));
    assert_eq!(p.searched(), 60.0);
}
