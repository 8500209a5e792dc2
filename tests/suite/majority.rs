//! The majority capture (`[rules] most_captures`), flying kings and captures known by their
//! effect, with Brazilian draughts (examples/brazilian-draughts) against published counts and
//! a brute force written outside the engine (tests/data/bruteforce/brazilian.c); and a
//! capture's text showing its landings only where they tell moves apart.

use icebox::def::GameFiles;
use icebox::game::Game;

use super::helpers::{engine_perft, load, moves_at, row_text};

fn brazilian(variant: Option<&str>) -> Game {
    let files = GameFiles::from_path(std::path::Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/examples/brazilian-draughts"
    )))
    .expect("reads");
    Game::load(&files, variant, &[]).expect("loads")
}

/// A position in the PDN form the brute force reads (`W:WK29,27:B22,10`: the side to move,
/// then each side's squares 1-32, `K` for a king) as the game's position text.
fn position(fen: &str) -> String {
    let mut parts = fen.split(':');
    let turn = match parts.next() {
        Some("W") => "White",
        _ => "Black",
    };
    let mut board = [""; 32];
    for part in parts {
        let (colour, squares) = part.split_at(1);
        for sq in squares.split(',') {
            let (piece, n) = match sq.strip_prefix('K') {
                Some(n) => ("K", n),
                None => ("M", sq),
            };
            let i: usize = n.parse().expect("a square");
            board[i - 1] = match (colour, piece) {
                ("W", "K") => "wK",
                ("W", _) => "wM",
                ("B", "K") => "bK",
                _ => "bM",
            };
        }
    }
    let rows: Vec<String> = board
        .chunks(4)
        .map(|row| row_text(row.iter().map(|p| p.to_string())))
        .collect();
    format!("{} turn={turn}", rows.join("/"))
}

/// Rein Halbersma, "Perft for all recognized draughts variants" (damforum.nl, 2010), Brazilian
/// draughts from the start, every capture route counted (as `every-route` does).
const PUBLISHED_EVERY_ROUTE: [u64; 7] = [7, 49, 302, 1_469, 7_473, 37_628, 187_302];

/// The brute force from the start, moves of the same effect counted once (the game's rule),
/// depths 8 and 9 (depths 1-7 equal the published counts).
const BRUTE_START: [(u32, u64); 2] = [(8, 907_830), (9, 4_431_766)];

/// Aart Bik's BikDam, international draughts (10x10) from the start, duplicate captures
/// removed (aartbik.blogspot.com, "BikDam: international checkers").
const PUBLISHED_INTERNATIONAL: [u64; 8] =
    [9, 81, 658, 4_265, 27_117, 167_140, 1_049_442, 6_483_961];

/// The brute force's positions, with perft 1 to 5 counted both ways: (b) moves of the same
/// effect once, (a) every route. P1 a king's capture whose landings allow going on only
/// from some; P2/P3 the majority, man over king and king over man; P4 a man passing the far
/// row and capturing backwards; P5/P6 crowning by a capture; P7 a ring back to the start;
/// P8 the same pieces by different landings; P9 a captured piece blocking; P10 a side with no
/// move; R1-R7 positions of random play, kings on the board.
const POSITIONS: [(&str, [u64; 5], [u64; 5]); 17] = [
    (
        "W:WK29,27:B22,10,16,3",
        [3, 12, 86, 275, 1730],
        [3, 12, 86, 275, 1730],
    ),
    (
        "W:WK4,22,30:B18,11,5,12",
        [1, 1, 9, 25, 171],
        [1, 1, 9, 25, 171],
    ),
    (
        "W:WK29,31:B22,10,27,1",
        [2, 5, 29, 80, 365],
        [2, 5, 29, 80, 365],
    ),
    (
        "W:W11,30:B7,6,3,12",
        [1, 3, 12, 36, 132],
        [1, 3, 12, 36, 132],
    ),
    ("W:W10,27:B6,5,20", [1, 2, 11, 24, 168], [1, 2, 11, 24, 168]),
    ("B:W27,21:B23,4", [1, 1, 8, 15, 94], [1, 1, 8, 15, 94]),
    (
        "W:W22,31:B18,10,9,17,1,3,4",
        [1, 5, 20, 92, 345],
        [2, 10, 40, 184, 690],
    ),
    (
        "W:WK29,32:B22,11,3,5",
        [2, 4, 26, 68, 497],
        [4, 8, 52, 136, 994],
    ),
    (
        "W:WK5,30:B14,19,11,10,4",
        [2, 4, 29, 83, 611],
        [2, 4, 29, 83, 611],
    ),
    ("W:W5,13,14:B1,6,7,9,10", [0, 0, 0, 0, 0], [0, 0, 0, 0, 0]),
    (
        "W:WK2,17,20,21,28,32:B3,4,5,6,9,12,K16",
        [1, 7, 19, 60, 220],
        [1, 7, 19, 60, 220],
    ),
    (
        "W:WK11,21,29:B1,5,9,10,20,K32",
        [11, 81, 589, 4_603, 31_812],
        [11, 81, 589, 4_603, 31_826],
    ),
    (
        "W:WK1,K3,29,30:B4,5,8,12,K16",
        [14, 104, 1_117, 8_149, 87_411],
        [14, 104, 1_117, 8_151, 87_444],
    ),
    (
        "B:WK2,5,17,22,25:B8,12,15,K32",
        [10, 66, 497, 2_492, 16_162],
        [10, 66, 497, 2_492, 16_165],
    ),
    (
        "W:WK3,18,22,25,27,28:BK1,6,11",
        [14, 54, 428, 1_738, 12_007],
        [14, 54, 428, 1_755, 12_143],
    ),
    (
        "W:WK3,19,22,23,25,29,31,32:B4,5,6,14",
        [2, 8, 91, 330, 3_144],
        [2, 8, 91, 330, 3_144],
    ),
    (
        "W:W17,21,22,23,26,27,28,29,31:B1,4,5,6,9,10,12,18",
        [1, 5, 31, 143, 861],
        [1, 5, 31, 143, 861],
    ),
];

#[test]
fn brazilian_draughts_matches_the_published_counts_and_the_brute_force() {
    let every = brazilian(Some("every-route"));
    let s = every.start().expect("start");
    let counts: Vec<u64> = (1..=7).map(|d| engine_perft(&every, &s, d)).collect();
    assert_eq!(counts, PUBLISHED_EVERY_ROUTE);
    let g = brazilian(None);
    let s = g.start().expect("start");
    for (depth, want) in BRUTE_START {
        assert_eq!(engine_perft(&g, &s, depth), want, "depth {depth}");
    }
    for (fen, once, routes) in POSITIONS {
        let text = position(fen);
        for (game, want, how) in [(&g, once, "once"), (&every, routes, "every route")] {
            let s = game.position(&text).expect("reads");
            let got: Vec<u64> = (1..=5).map(|d| engine_perft(game, &s, d)).collect();
            assert_eq!(got, want, "{fen} ({how})");
        }
    }
}

#[test]
fn international_draughts_matches_the_published_counts() {
    let g = brazilian(Some("international"));
    let s = g.start().expect("start");
    let counts: Vec<u64> = (1..=8).map(|d| engine_perft(&g, &s, d)).collect();
    assert_eq!(counts, PUBLISHED_INTERNATIONAL);
}

/// A 3x3 board where a man jumps orthogonally and may stop after any jump: from a1 two
/// routes over different pieces meet on c3, and each goes on to the other's first landing.
const RING: &str = r#"
[game]
id = "ring"
name = "Ring"
[players]
seats = [{ name = "White", colours = ["white"] }, { name = "Black", colours = ["black"] }]
[board]
grid = { files = 3, ranks = 3 }
[pieces.M]
name = "man"
[setup]
rows = ["1bM1", "bM1bM", "wMbM1"]
[generators.jump]
kinds = ["M"]
directions = ["n", "e", "s", "w"]
over_min = 1
over_max = 1
over = "enemy"
capture = "over"
chain = "optional"
[rules]
generators = [["jump"]]
one_move_per_effect = true
"#;

#[test]
fn a_capture_shows_its_landings_only_where_they_tell_moves_apart() {
    let g = load(RING).expect("loads");
    let s = g.start().expect("start");
    // Every end is shared by two captures over different pieces: each is written whole.
    assert_eq!(
        moves_at(&g, &s),
        [
            "a1:a3",
            "a1:a3:c3",
            "a1:a3:c3:c1",
            "a1:c1",
            "a1:c1:c3",
            "a1:c1:c3:a3"
        ]
    );
    let moves = g.legal_moves(&s).expect("moves");
    let e = g
        .resolve(&s, &moves, "a1:c3")
        .expect_err("two captures end on c3");
    assert!(e.to_string().contains("a1:a3:c3"), "{e}");
    assert!(e.to_string().contains("a1:c1:c3"), "{e}");
    // A landing named between the ends picks one of them.
    let m = g.resolve(&s, &moves, "a1:c1:c3").expect("named whole");
    assert_eq!(g.move_text(&s, &m), "a1:c1:c3");
    // Taking the most pieces leaves one capture to each end: written by its ends, and the
    // whole path still reads.
    let most = load(&RING.replace(
        "one_move_per_effect = true",
        "one_move_per_effect = true\nmost_captures = true",
    ))
    .expect("loads");
    let s = most.start().expect("start");
    assert_eq!(moves_at(&most, &s), ["a1:a3", "a1:c1"]);
    let moves = most.legal_moves(&s).expect("moves");
    let m = most
        .resolve(&s, &moves, "a1:a3:c3:c1")
        .expect("the whole path");
    assert_eq!(most.move_text(&s, &m), "a1:c1");
    assert_eq!(m.taken, 3);
}

#[test]
fn a_short_capture_text_reads_in_brazilian_draughts() {
    let g = brazilian(None);
    // P1: the king on a1 takes c3, lands on f6, takes g5 and ends on h4.
    let s = g
        .position(&position("W:WK29,27:B22,10,16,3"))
        .expect("reads");
    assert_eq!(moves_at(&g, &s), ["a1:b8", "a1:c7", "a1:h4"]);
    let moves = g.legal_moves(&s).expect("moves");
    for text in ["a1:h4", "a1:f6:h4", "a1-h4"] {
        let m = g.resolve(&s, &moves, text).expect(text);
        assert_eq!(g.move_text(&s, &m), "a1:h4", "{text}");
    }
    // A landing the capture does not make is no such move.
    assert!(g.resolve(&s, &moves, "a1:e5:h4").is_err());
}
