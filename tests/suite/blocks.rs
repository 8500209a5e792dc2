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
            "`last` is the var `in_block` and `near_last` keep (the cell the last move landed on)",
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

/// A placement game on `files` x `ranks` where each stone is kept near the last one
/// (`near` is the generator's `near_last`), no end but a full board.
fn near_game(files: u32, ranks: u32, near: &str) -> String {
    format!(
        r#"
[game]
id = "near"
name = "Near"
max_plies = 100
[players]
seats = [{{ name = "A", colours = ["white"] }}, {{ name = "B", colours = ["black"] }}]
[board]
grid = {{ files = {files}, ranks = {ranks} }}
[pieces.S]
name = "stone"
[zones.hand]
per = "seat"
[setup]
zones = {{ "hand.A" = "30aS", "hand.B" = "30bS" }}
[generators.place]
kind = "place"
zone = "hand"
near_last = {near}
[rules]
generators = ["place"]
[end]
full = "draw"
"#
    )
}

/// Whether a cell (file, rank) is near the last landing, for the brute force.
type Keep = dyn Fn((i64, i64), (i64, i64)) -> bool;

/// Perft of a placement game where a stone may go on an empty cell that `keep(last, cell)`
/// accepts, or anywhere when none does (or on the first move), written apart from the engine.
fn near_perft(files: i64, ranks: i64, depth: u32, keep: &Keep) -> u64 {
    fn walk(
        cells: &mut Vec<bool>,
        files: i64,
        last: Option<usize>,
        depth: u32,
        keep: &Keep,
    ) -> u64 {
        if depth == 0 || cells.iter().all(|&x| x) {
            return u64::from(depth == 0);
        }
        let at = |i: usize| (i as i64 % files, i as i64 / files);
        let empty: Vec<usize> = (0..cells.len()).filter(|&i| !cells[i]).collect();
        let near: Vec<usize> = match last {
            Some(l) => empty
                .iter()
                .copied()
                .filter(|&i| keep(at(l), at(i)))
                .collect(),
            None => Vec::new(),
        };
        let choices = if near.is_empty() { empty } else { near };
        let mut n = 0;
        for i in choices {
            cells[i] = true;
            n += walk(cells, files, Some(i), depth - 1, keep);
            cells[i] = false;
        }
        n
    }
    walk(
        &mut vec![false; (files * ranks) as usize],
        files,
        None,
        depth,
        keep,
    )
}

#[test]
fn near_last_keeps_the_next_move_on_the_last_ones_line_or_near_it() {
    let cases: [(&str, u32, u32, u32, &Keep); 4] = [
        (r#"{ line = "file-or-rank" }"#, 4, 4, 6, &|l, c| {
            l.0 == c.0 || l.1 == c.1
        }),
        (r#"{ line = "file" }"#, 3, 4, 8, &|l, c| l.0 == c.0),
        (r#"{ line = "rank", within = 2 }"#, 5, 3, 6, &|l, c| {
            l.1 == c.1 && (l.0 - c.0).abs() <= 2
        }),
        (r#"{ within = 1 }"#, 4, 4, 6, &|l, c| {
            (l.0 - c.0).abs().max((l.1 - c.1).abs()) <= 1
        }),
    ];
    for (near, files, ranks, depth, keep) in cases {
        let g = load(&near_game(files, ranks, near)).expect("loads");
        let s = g.start().expect("start");
        for d in 1..=depth {
            assert_eq!(
                engine_perft(&g, &s, d),
                near_perft(i64::from(files), i64::from(ranks), d, keep),
                "{near} on {files}x{ranks}, depth {d}"
            );
        }
    }
}

#[test]
fn in_region_keeps_moves_to_the_region_a_var_names() {
    // The script sends each stone to the half of the board the last one was not on.
    let text = near_game(4, 4, "{ within = 9 }")
        .replace(
            "near_last = { within = 9 }",
            "in_region = { var = \"half\", regions = [\"left\", \"right\"] }",
        )
        .replace(
            "[rules]\n",
            "[regions]\nleft = [\"a1..b4\"]\nright = [\"c1..d4\"]\n[rules]\nscript = \"r.rhai\"\nvars = { half = 0 }\n",
        );
    let script = r#"
fn after_move(s, m) {
    s.set_var("half", if s.in_region(m.to, "left") { 2 } else { 1 });
}
"#;
    let g = super::helpers::load_with(&text, Some(script), &[]).expect("loads");
    let s = g.start().expect("start");
    let counts: Vec<u64> = (1..=6).map(|d| engine_perft(&g, &s, d)).collect();
    let want: Vec<u64> = (1..=6)
        .map(|d| near_perft(4, 4, d, &|l, c| (l.0 < 2) != (c.0 < 2)))
        .collect();
    assert_eq!(counts, want);
    for (text, want) in [
        (
            text.replace("var = \"half\"", "var = \"halves\""),
            "`halves` is not one of the rules' vars",
        ),
        (
            text.replace("\"left\", \"right\"]", "\"left\", \"rite\"]"),
            "`rite` is not a region",
        ),
        (
            text.replace("regions = [\"left\", \"right\"]", "regions = []"),
            "`in_region` needs the regions its var names",
        ),
    ] {
        let Err(e) = super::helpers::load_with(&text, Some(script), &[]) else {
            panic!("loads, but should say `{want}`");
        };
        assert!(e.contains(want), "want `{want}` in:\n{e}");
    }
}
