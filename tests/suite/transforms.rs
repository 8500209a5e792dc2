//! Blocks of cells turned or reflected as one (`kind = "transform"`), moves of two parts
//! (`then`), lines of every seat (`[end.line] every_seat`) and moves that are one by their
//! effect (`[rules] one_move_per_effect`): Pentago against a brute force written outside the
//! engine (tests/data/bruteforce/pentago.c), pointing pieces turned with their block, and
//! what such a definition is refused.

use super::helpers::{engine_perft, load, moves_at, refused};

/// Pentago as shipped in examples/pentago.
fn pentago() -> icebox::Game {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/examples/pentago/game.toml"
    ))
    .expect("reads");
    load(&text).expect("loads")
}

/// A brute-force position (36 of `.`, `w`, `b`, rank 6 first) as position text.
fn position(cells: &str, turn: &str) -> String {
    let left = |c: char| 18 - cells.chars().filter(|x| *x == c).count();
    format!(
        "{} turn={turn} marbles.White={}wM marbles.Black={}bM",
        super::helpers::brute_rows(cells, 6, "M"),
        left('w'),
        left('b')
    )
}

#[test]
fn pentago_counts_match_the_brute_force() {
    // tests/data/bruteforce/pentago.c (`cc -O2 pentago.c && ./a.out 4`): 36, 3500, 504792,
    // 91884312 from the empty board, moves of the same effect counted once.
    let g = pentago();
    let s = g.start().expect("start");
    let counts: Vec<u64> = (1..=3).map(|d| engine_perft(&g, &s, d)).collect();
    assert_eq!(counts, [36, 3_500, 504_792]);
    // Positions where a placement wins alone (P1), a twist gives the opponent five (P2),
    // both five (P3), and two boards nearly full (P4, P5): the brute force's perft 1 to 3.
    for (cells, turn, want) in [
        (
            ".....b..b..........b....b.....wwww..",
            "White",
            [216, 45_933, 9_334_608],
        ),
        (
            "b..bb.bw....b...w......w...w...w....",
            "White",
            [207, 36_050, 6_377_916],
        ),
        (
            "bw.bb.bw.ww.bw......................",
            "White",
            [130, 12_150, 1_794_058],
        ),
        (
            "bbbwww.wbwwbwwbwwwwb.wbwwbbbbwbb.b.b",
            "White",
            [32, 255, 1_838],
        ),
        (
            "wbbbb.wbb.wwwwbwbww.bwbwbwwbbb.wb.ww",
            "Black",
            [33, 670, 9_843],
        ),
    ] {
        let s = g.position(&position(cells, turn)).expect("reads");
        let depths = if want[2] > 2_000_000 { 2 } else { 3 };
        let got: Vec<u64> = (1..=depths).map(|d| engine_perft(&g, &s, d)).collect();
        assert_eq!(got, want[..depths as usize], "{cells}");
    }
}

#[test]
fn a_placement_that_wins_is_the_whole_move() {
    // P1: White's a1-d1 and a placement on e1 makes five; the twist never comes.
    let g = pentago();
    let s = g
        .position(&position(".....b..b..........b....b.....wwww..", "White"))
        .expect("reads");
    let moves = moves_at(&g, &s);
    assert!(moves.contains(&"M@e1".to_string()), "{moves:?}");
    assert!(!moves.iter().any(|m| m.starts_with("M@e1&")), "{moves:?}");
    // Every other placement is followed by a twist.
    assert!(
        moves
            .iter()
            .filter(|m| *m != "M@e1")
            .all(|m| m.contains('&'))
    );
}

/// One block `b` (a1..c3) of a 4x3 board with a pointing piece on a1 and a plain one on b1;
/// `transforms` as written.
fn turning(transforms: &str, block: &str) -> String {
    format!(
        r#"
[game]
id = "turning"
name = "Turning"

[players]
seats = [{{ name = "A" }}, {{ name = "B" }}]

[board]
grid = {{ files = 4, ranks = 3 }}

[regions]
b = [{block}]

[pieces.S]
name = "pointer"
facings = ["up", "all"]

[pieces.K]
name = "plain"

[setup]
cells = {{ a1 = "aS[n]", b1 = "bK", d3 = "aK" }}

[generators.turn]
kind = "transform"
blocks = ["b"]
transforms = {transforms}

[rules]
generators = ["turn"]
"#
    )
}

#[test]
fn a_block_turns_its_pieces_and_their_facings() {
    let g = load(&turning(
        r#"["cw", "ccw", "half", "flip_files", "flip_ranks", "flip_diagonal", "flip_antidiagonal"]"#,
        r#""a1..c3""#,
    ))
    .expect("loads");
    let s = g.start().expect("start");
    assert_eq!(
        moves_at(&g, &s),
        [
            "b[ccw]",
            "b[cw]",
            "b[flip_antidiagonal]",
            "b[flip_diagonal]",
            "b[flip_files]",
            "b[flip_ranks]",
            "b[half]"
        ]
    );
    // Each transform: where a1's pointer (facing north) and b1's plain piece go. d3 is
    // outside the block and stays.
    for (m, want) in [
        // A quarter turn clockwise: a1 to a3 (now facing east), b1 to a2.
        ("b[cw]", "aS[e]2aK/bK3/4"),
        ("b[ccw]", "3aK/2bK1/2aS[w]1"),
        ("b[half]", "1bKaS[s]aK/4/4"),
        ("b[flip_files]", "3aK/4/1bKaS[n]1"),
        ("b[flip_ranks]", "aS[s]bK1aK/4/4"),
        // In the diagonal a1-c3: a1 stays (now facing east), b1 goes to a2.
        ("b[flip_diagonal]", "3aK/bK3/aS[e]3"),
        ("b[flip_antidiagonal]", "2aS[w]aK/2bK1/4"),
    ] {
        let mut t = s.clone();
        let (_, undo) = g.play_text(&mut t, m).expect("plays");
        let text = g.position_text(&t);
        let board = text.split(' ').next().unwrap_or_default();
        assert_eq!(board, want, "{m}");
        g.undo(&mut t, undo);
        assert_eq!(t, s, "{m} undone");
    }
}

#[test]
fn transform_definitions_are_refused_where_they_are_wrong() {
    let turning_game = |t: &str, b: &str| turning(t, b);
    refused(&[
        (
            turning_game(r#"["cw"]"#, r#""a1..d3""#),
            "`cw` does not map block `b` onto itself: a1 has no image in it (a quarter turn or a diagonal reflection needs a square block)",
        ),
        (
            turning_game(r#"["spin"]"#, r#""a1..c3""#),
            "spin",
        ),
        (
            turning_game(r#"[]"#, r#""a1..c3""#),
            "a `transform` generator needs `transforms`",
        ),
        (
            turning_game(r#"["cw"]"#, r#""a1..c3""#).replace(r#"blocks = ["b"]"#, r#"blocks = ["q"]"#),
            "`q` is not a region",
        ),
        (
            turning_game(r#"["cw"]"#, r#""a1..c3""#).replace(r#"blocks = ["b"]"#, "blocks = []"),
            "a `transform` generator turns blocks of cells",
        ),
        (
            turning_game(r#"["cw"]"#, r#""a1..c3""#)
                .replace("[rules]", "[generators.more]\nkind = \"transform\"\nblocks = [\"b\"]\ntransforms = [\"cw\"]\nthen = \"nothing\"\n\n[rules]"),
            "`nothing` is not a generator",
        ),
        (
            turning_game(r#"["cw"]"#, r#""a1..c3""#).replace("blocks = [\"b\"]", "blocks = [\"b\"]\nthen = \"turn\""),
            "a generator cannot follow itself",
        ),
        (
            turning_game(r#"["cw"]"#, r#""a1..c3""#).replace(
                "[rules]",
                "[generators.a]\nkind = \"transform\"\nblocks = [\"b\"]\ntransforms = [\"cw\"]\nthen = \"c\"\n\n[generators.c]\nkind = \"transform\"\nblocks = [\"b\"]\ntransforms = [\"ccw\"]\nthen = \"turn\"\n\n[rules]",
            ),
            "`c` has a `then` of its own",
        ),
        (
            turning_game(r#"["cw"]"#, r#""a1..c3""#).replace("blocks = [\"b\"]", "blocks = [\"b\"]\nzone = \"x\""),
            "`zone` is a key of",
        ),
    ]);
}
