//! Move-tree counts from known positions. Each count checks move generation, make and undo
//! together: published counts for the reference games, hand-checked ones for the seed games.

use icebox::Game;

fn perft_of(game: &str, variant: Option<&str>, position: Option<&str>, depth: u32) -> u64 {
    let files = icebox::catalog::find(game, &[]).unwrap_or_else(|d| panic!("{game}: {d}"));
    let g = Game::load(&files, variant, &[]).unwrap_or_else(|d| panic!("{game} loads:\n{d}"));
    let mut s = match position {
        Some(p) => g.position(p).unwrap_or_else(|d| panic!("{p}: {d}")),
        None => g.start().expect("starts"),
    };
    icebox::cli::perft(&g, &mut s, depth).expect("perft")
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
