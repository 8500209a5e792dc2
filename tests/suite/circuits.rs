//! Circuits (`[circuits.NAME]`, `kind = "circuit"`): Surakarta against a brute force written
//! outside the engine (tests/data/bruteforce/surakarta.c), and what such a definition is
//! refused.

use super::helpers::{engine_perft, load, refused};

fn surakarta_text() -> String {
    std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/examples/surakarta/game.toml"
    ))
    .expect("reads")
}

/// A brute-force position (36 of `.`, `w`, `b`, rank 6 first) as position text.
fn position(cells: &str, turn: &str) -> String {
    format!("{} turn={turn}", super::helpers::brute_rows(cells, 6, "P"))
}

/// tests/data/bruteforce/surakarta.c (`cc -O2 surakarta.c && ./a.out 7`) from the start:
/// 16, 256, 5382, 111122, 2572484, then 58479230 and 1442032302.
const START: [u64; 5] = [16, 256, 5_382, 111_122, 2_572_484];

/// The brute force's positions and their perft 1 to 3: a capture whose only route crosses
/// the mover's own start (b2 round to d2), a piece on a crossing capturing along either
/// line, a capture blocked with no arc passed (and the same with the way round open), three
/// endings with one or two pieces a side (routes meeting on one target: one move), and a
/// side with no piece.
const POSITIONS: [(&str, &str, [u64; 3]); 8] = [
    (
        "b.b..b....b..w........w..w.b..w....w",
        "White",
        [33, 899, 25_364],
    ),
    (
        "...b.b.bw.b...w...b.........w.w....w",
        "White",
        [27, 731, 18_955],
    ),
    (
        ".w.b.bwb..b.....................w..w",
        "White",
        [15, 300, 5_279],
    ),
    (
        ".w.b.b.b..b.....................w..w",
        "White",
        [14, 291, 4_457],
    ),
    (
        "..b.......b..............w..........",
        "White",
        [9, 118, 762],
    ),
    (
        "................b....w...w..........",
        "Black",
        [9, 135, 973],
    ),
    (
        "..........b..............w..........",
        "White",
        [9, 68, 412],
    ),
    ("..b.......b.........................", "White", [0, 0, 0]),
];

#[test]
fn surakarta_counts_match_the_brute_force() {
    let g = load(&surakarta_text()).expect("loads");
    let s = g.start().expect("start");
    let counts: Vec<u64> = (1..=START.len() as u32)
        .map(|d| engine_perft(&g, &s, d))
        .collect();
    assert_eq!(counts, START);
    for (cells, turn, want) in POSITIONS {
        let s = g.position(&position(cells, turn)).expect("reads");
        let got: Vec<u64> = (1..=3).map(|d| engine_perft(&g, &s, d)).collect();
        assert_eq!(got, want, "{cells}");
    }
}

#[test]
fn circuit_definitions_are_refused_where_they_are_wrong() {
    let text = surakarta_text();
    refused(&[
        (
            text.replace(
                r#"grid = { files = 6, ranks = 6 }"#,
                r#"grid = { files = 6, ranks = 6, directions = ["n", "s"] }"#,
            ),
            "`a5..f5` is not a line: a5 and b5 are not neighbours",
        ),
        (
            text.replace(
                r#"circuits = ["inner", "outer"]"#,
                r#"circuits = ["inner", "outr"]"#,
            ),
            "`outr` is not a circuit ([circuits])",
        ),
        (
            text.replace(r#"circuits = ["inner", "outer"]"#, "circuits = []"),
            "a `circuit` generator needs `circuits`",
        ),
        (
            text.replace(
                r#"lines = ["c1..c6", "a4..f4", "d6..d1", "f3..a3"]"#,
                "lines = []",
            ),
            "a circuit needs its lines",
        ),
        (
            text.replace(r#""f2..a2"]"#, r#""f2..a2", "g1"]"#),
            "`g1` is not a cell",
        ),
        (
            text.replace(r#"land = "enemy""#, "land = \"enemy\"\nzone = \"x\""),
            "`zone` is a key of",
        ),
    ]);
}
