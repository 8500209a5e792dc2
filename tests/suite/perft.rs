//! Move-tree counts from known positions. Each count checks move generation, make and undo
//! together: published counts for the reference games, hand-checked ones for the seed games.

use icebox::Game;

fn perft_of(game: &str, variant: Option<&str>, position: Option<&str>, depth: u32) -> u64 {
    perft_set(game, variant, &[], position, depth)
}

fn perft_set(
    game: &str,
    variant: Option<&str>,
    sets: &[(&str, &str)],
    position: Option<&str>,
    depth: u32,
) -> u64 {
    let files = icebox::catalog::find(game, &[]).unwrap_or_else(|d| panic!("{game}: {d}"));
    let sets: Vec<(String, String)> = sets
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    let g = Game::load(&files, variant, &sets).unwrap_or_else(|d| panic!("{game} loads:\n{d}"));
    let mut s = match position {
        Some(p) => g.position(p).unwrap_or_else(|d| panic!("{p}: {d}")),
        None => g.start().expect("starts"),
    };
    icebox::testing::perft(&g, &mut s, depth).expect("perft")
}

#[test]
fn moscow_ice_from_the_start() {
    // Depth 1: each start stack's large steps forward or diagonally forward (3 each; sideways
    // is blocked by its neighbours or the cut corners). Depth 2: B has the same 12 answers,
    // except after c1-b2, when A's large stands on b2 (not smaller than B's large) and the jump
    // a3-c1 would end in A's Start line: 11 + 11 x 12 = 143. Deeper counts are regression pins.
    let counts: Vec<u64> = (1..=4)
        .map(|d| perft_of("moscow-ice", None, None, d))
        .collect();
    assert_eq!(counts, [12, 143, 2828, 56618]);
}

#[test]
fn english_draughts_from_the_start_matches_the_published_counts() {
    // Published (Aart Bik's checkers perft, capture paths counted separately).
    let counts: Vec<u64> = (1..=6)
        .map(|d| perft_of("english-draughts", None, None, d))
        .collect();
    assert_eq!(counts, [7, 49, 302, 1469, 7361, 36768]);
}

#[test]
fn zugzwang_from_the_start() {
    // Depth 1 is counted out by hand in games/zugzwang/tests/setup.toml (46 moves); deeper
    // counts pin the generators' interplay (stacking, whole-stack captures, knight leaps).
    let counts: Vec<u64> = (1..=3)
        .map(|d| perft_of("zugzwang", None, None, d))
        .collect();
    assert_eq!(counts, [46, 2116, 102644]);
}

/// Chess positions in icebox's position notation: rows from rank 8, `w`/`b` before each piece;
/// a king or rook on its set-up square may castle unless `moved=` lists it (none here needs it:
/// the FEN's missing rights are those of kings that have left their squares).
const KIWIPETE: &str = "bR3bK2bR/bP1bPbPbQbPbB1/bBbN2bPbNbP1/3wPwN3/1bP2wP3/2wN2wQ1bP/wPwPwPwBwBwPwPwP/wR3wK2wR turn=White";
const CPW_POSITION_3: &str = "8/2bP5/3bP4/wKwP5bR/1wR3bP1bK/8/4wP1wP1/8 turn=White";
const CPW_POSITION_4: &str = "bR3bK2bR/wPbPbPbP1bPbPbP/1bB3bNbBwN/bNwP6/wBwBwP1wP3/bQ4wN2/wPbP1wP2wPwP/wR2wQ1wRwK1 turn=White";
const CPW_POSITION_5: &str = "bRbNbBbQ1bK1bR/bPbP1wPbBbPbPbP/2bP5/8/2wB5/8/wPwPwP1wNbNwPwP/wRwNwBwQwK2wR turn=White var.quiet=1";

fn chess(position: Option<&str>, depths: std::ops::RangeInclusive<u32>) -> Vec<u64> {
    depths
        .map(|d| perft_of("chess", None, position, d))
        .collect()
}

#[test]
fn chess_from_the_start_matches_the_published_counts() {
    // The Chess Programming Wiki's "Perft Results", initial position.
    assert_eq!(chess(None, 1..=4), [20, 400, 8902, 197281]);
}

#[test]
fn chess_kiwipete_matches_the_published_counts() {
    // CPW "Position 2" (Kiwipete, by Peter McKenzie): castling both ways, en passant, pins,
    // promotions by capture. FEN r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -
    assert_eq!(chess(Some(KIWIPETE), 1..=4), [48, 2039, 97862, 4085603]);
}

#[test]
fn chess_position_3_matches_the_published_counts() {
    // CPW "Position 3": en passant captures that expose the king along the rank.
    // FEN 8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - -
    assert_eq!(
        chess(Some(CPW_POSITION_3), 1..=5),
        [14, 191, 2812, 43238, 674624]
    );
}

#[test]
fn chess_position_4_matches_the_published_counts() {
    // CPW "Position 4": White in check, promotions with underpromotion, Black may castle.
    // FEN r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1
    assert_eq!(chess(Some(CPW_POSITION_4), 1..=4), [6, 264, 9467, 422333]);
}

#[test]
fn chess_position_5_matches_the_published_counts() {
    // CPW "Position 5": a pawn on d7 promoting by capture, White may castle kingside only.
    // FEN rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8
    assert_eq!(
        chess(Some(CPW_POSITION_5), 1..=4),
        [44, 1486, 62379, 2103487]
    );
}

/// Martin Sedlak's perft test "en passant capture checks opponent", FEN
/// 8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1.
const SEDLAK_EP_CHECK: &str = "8/8/1bK6/2bB5/2bPwP4/8/5wK2/8 turn=Black passed=d3,d4";

#[test]
fn chess_published_counts_ignore_dead_positions() {
    // Published perft counts apply no draw rule. Here Black takes en passant (c4xd3, with
    // check) and White's king can take the pawn on d3 at ply 4, leaving king and bishop
    // against king: a dead position, which icebox ends at once by default (article 5.2(b)).
    // Sedlak's list gives perft(6) = 1,440,467; icebox matches it with the rule off.
    let off = [("dead_position", "false")];
    assert_eq!(
        perft_set("chess", None, &off, Some(SEDLAK_EP_CHECK), 6),
        1_440_467
    );
    // With the rule on, the positions drawn at ply 4 have no children, so the counts part from
    // depth 5 on (16 leaves fewer at depth 5).
    assert_eq!(
        perft_set("chess", None, &off, Some(SEDLAK_EP_CHECK), 5),
        206_379
    );
    assert_eq!(perft_of("chess", None, Some(SEDLAK_EP_CHECK), 5), 206_363);
}

#[test]
fn shogi_from_the_start_matches_the_published_counts() {
    // Published shogi perft from the initial position (the table on qiita.com/ak11, "将棋で
    // Perftしてみたまとめ", checked there against a Stockfish-based shogi engine): 30, 900,
    // 25,470, 719,731, 19,861,490. Depth 5 holds captures, promotions and drops.
    let counts: Vec<u64> = (1..=5).map(|d| perft_of("shogi", None, None, d)).collect();
    assert_eq!(counts, [30, 900, 25_470, 719_731, 19_861_490]);
}

#[test]
fn a_watched_perft_counts_the_same_and_stops_where_it_is_told() {
    use icebox::testing::{PerftProgress, perft_watched};
    use std::sync::atomic::{AtomicBool, Ordering};
    let files = icebox::catalog::find("chess", &[]).expect("chess");
    let g = Game::load(&files, None, &[]).expect("loads");
    let mut s = g.start().expect("starts");
    let before = g.position_text(&s);
    let go_on = AtomicBool::new(false);
    // Run to the end: the same count as the plain walk, each root move reported once.
    let mut roots = Vec::new();
    let moves = g.legal_moves(&s).expect("moves");
    let c = perft_watched(&g, &mut s, 4, &go_on, &mut |p| {
        if let PerftProgress::Root {
            index, nodes, mv, ..
        } = p
        {
            assert_eq!(mv, &moves[index]);
            roots.push(nodes);
        }
    })
    .expect("perft");
    assert!(c.complete);
    assert_eq!(c.nodes, 197_281);
    assert_eq!(c.roots, 20);
    assert_eq!(c.divide, roots);
    assert_eq!(c.divide.iter().sum::<u64>(), 197_281);
    // Each root move's count is the plain walk's from the position after it.
    for (m, n) in moves.iter().zip(&c.divide).take(3) {
        let mut after = s.clone();
        g.play(&mut after, m).expect("plays");
        assert_eq!(
            icebox::testing::perft(&g, &mut after, 3).expect("perft"),
            *n
        );
    }
    // Told to stop once the second root move is done: two moves listed, the count so far,
    // and the position as it was.
    let stop = AtomicBool::new(false);
    let c = perft_watched(&g, &mut s, 4, &stop, &mut |p| {
        if let PerftProgress::Root { index: 1, .. } = p {
            stop.store(true, Ordering::Relaxed);
        }
    })
    .expect("perft");
    assert!(!c.complete);
    assert_eq!(c.divide.len(), 2);
    assert_eq!(c.divide[..], roots[..2]);
    assert_eq!(c.nodes, roots[0] + roots[1]);
    assert_eq!(g.position_text(&s), before);
    // Stopped in the middle of a subtree, at the first report of the running total: what
    // was counted, short of the whole.
    let stop = AtomicBool::new(false);
    let c = perft_watched(&g, &mut s, 5, &stop, &mut |p| {
        if let PerftProgress::Nodes(_) = p {
            stop.store(true, Ordering::Relaxed);
        }
    })
    .expect("perft");
    assert!(!c.complete);
    // (about 420 positions are played under each root move at depth 5, and the total is
    // reported every 1024: in the third root move's subtree)
    assert_eq!(c.divide.len(), 2, "{:?}", c.divide);
    let listed: u64 = c.divide.iter().sum();
    assert!(c.nodes > listed && c.nodes < 4_865_609, "{}", c.nodes);
    assert_eq!(g.position_text(&s), before);
}
