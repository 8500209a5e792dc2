//! Grids of grids (`[board] grid.blocks`) and generators kept to the block the last move
//! chose (`in_block`): nine-board tic-tac-toe against a brute force written outside the
//! engine (tests/data/bruteforce/nine_board.c), the `same` block, and what such a
//! definition is refused.

use super::helpers::{engine_perft, load, moves_at, refused};

fn nine_board() -> icebox::Game {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/examples/nine-board/game.toml"
    ))
    .expect("reads");
    load(&text).expect("loads")
}

#[test]
fn nine_board_counts_match_the_brute_force() {
    // tests/data/bruteforce/nine_board.c (`cc -O2 nine_board.c && ./a.out 11`): 81, 720,
    // 6336, 55080, 473256, 4015008 ... 145435805248 at depth 11.
    let g = nine_board();
    let s = g.start().expect("start");
    let counts: Vec<u64> = (1..=5).map(|d| engine_perft(&g, &s, d)).collect();
    assert_eq!(counts, [81, 720, 6_336, 55_080, 473_256]);
    // The brute force's positions: sent to a full board (anywhere), a win in the board
    // sent to, three marks across a board's edge (no line), five cells before the end.
    for (position, want) in [
        (
            "9/9/9/9/9/3oM5/xMoMxM6/xMoMoM6/oMxMxM6 turn=X var.last=d4 marks.X=36xM marks.O=35oM",
            [71, 1_050, 14_987],
        ),
        (
            "xM8/9/2oM6/9/1oM7/3xMxM4/9/7oM1/9 turn=X var.last=b5 marks.X=38xM marks.O=37oM",
            [7, 48, 395],
        ),
        (
            "6oM2/9/7oM1/9/xM8/8oM/9/9/2xMxM5 turn=X var.last=h7 marks.X=38xM marks.O=37oM",
            [8, 66, 538],
        ),
        (
            "oMxMoMxMoMxMoMoMxM/1oMxMxMoMoMxMxMoM/xMoMxMoMxMxMoM1xM/oMxMxMoMxMoMoMxMoM/xMoMoM1xMoMxMxMoM/oMoMxMoMoMxMxMoMxM/xM2oMoMxMxMoMxM/xMxMoMxMxMoMxMoMxM/oMxMoMoMxMoMoMxMoM turn=X var.last=a1 marks.X=3xM marks.O=2oM",
            [2, 1, 3],
        ),
    ] {
        let s = g.position(position).expect("reads");
        let got: Vec<u64> = (1..=3).map(|d| engine_perft(&g, &s, d)).collect();
        assert_eq!(got, want, "{position}");
    }
}

/// A 4x4 grid of 2x2 blocks, a stone to place anywhere empty, kept to the block `mode`
/// says.
fn blocks_game(grid: &str, mode: &str) -> String {
    format!(
        r#"
[game]
id = "blocks"
name = "Blocks"

[players]
seats = [{{ name = "A" }}, {{ name = "B" }}]

[board]
grid = {grid}

[zones.stones]
per = "seat"

[pieces.S]
name = "stone"

[setup]
zones = {{ "stones.A" = "8aS", "stones.B" = "8bS" }}

[generators.put]
kind = "place"
zone = "stones"
land = "empty"
{mode}

[rules]
generators = ["put"]
"#
    )
}

const FOUR: &str = "{ files = 4, ranks = 4, blocks = { files = 2, ranks = 2 } }";

#[test]
fn the_same_block_keeps_a_player_where_the_last_move_was() {
    let g = load(&blocks_game(FOUR, r#"in_block = "same""#)).expect("loads");
    let mut s = g.start().expect("start");
    assert_eq!(moves_at(&g, &s).len(), 16);
    g.play_text(&mut s, "S@d3").expect("plays");
    // d3 is in the top right block (c3..d4): the other three cells of it.
    assert_eq!(moves_at(&g, &s), ["S@c3", "S@c4", "S@d4"]);
    assert!(g.position_text(&s).contains("var.last=d3"));
    // Sent instead: d3 is the bottom right cell of its block, so the bottom right block.
    let g = load(&blocks_game(FOUR, r#"in_block = "sent""#)).expect("loads");
    let mut s = g.start().expect("start");
    g.play_text(&mut s, "S@d3").expect("plays");
    assert_eq!(moves_at(&g, &s), ["S@c1", "S@c2", "S@d1", "S@d2"]);
    // The blocks are regions, and no link crosses a block's edge.
    let t = g.tables();
    let names: Vec<&str> = t.board.regions().iter().map(|r| r.name.as_str()).collect();
    assert_eq!(names, ["block_a1", "block_b1", "block_a2", "block_b2"]);
    let b2 = t.board.cell("b2").expect("cell");
    let linked: Vec<&str> = t
        .board
        .dirs()
        .filter_map(|d| t.board.step(b2, d))
        .map(|c| t.board.name(c))
        .collect();
    assert_eq!(
        linked,
        ["b1", "a1", "a2"],
        "b2's neighbours in its own block only"
    );
}

#[test]
fn block_definitions_are_refused_where_they_are_wrong() {
    refused(&[
        (
            blocks_game(
                "{ files = 4, ranks = 4, blocks = { files = 3, ranks = 2 } }",
                "",
            ),
            "blocks of 3 x 2 do not tile a grid of 4 files and 4 ranks",
        ),
        (
            blocks_game("{ files = 4, ranks = 4 }", r#"in_block = "sent""#),
            "`in_block` keeps a generator to one block of a grid of grids: cut the grid into blocks with `[board] grid.blocks`",
        ),
        (blocks_game(FOUR, r#"in_block = "next""#), "next"),
        (
            blocks_game(FOUR, r#"in_block = "sent""#)
                .replace("[rules]", "[rules]\nvars = { last = 0 }"),
            "`last` is the var `in_block` keeps (the cell the last move landed on): name this var otherwise",
        ),
        (
            blocks_game(FOUR, "").replace(
                "[zones.stones]",
                "[regions]\nblock_a1 = [\"a1\"]\n\n[zones.stones]",
            ),
            "`block_a1` is a region the board makes (a block of `grid.blocks`, or `dots`, `lines` or `boxes` of `grid.lines`)",
        ),
    ]);
}
