//! Boards of points joined by lines whose diagonals run through some points only (`[board]
//! grid.diagonals`): alquerque's 5x5 and the fox-and-geese cross in a few lines, each point's
//! neighbours as the board's drawing shows them, drawn as points and lines; and what such a
//! definition is refused.

use super::helpers::{icebox, load, moves_at, refused};

/// One piece that steps to any neighbour, on the board `board`, standing on `at`.
fn stepper(board: &str, at: &str) -> String {
    format!(
        r#"
[game]
id = "points"
name = "Points"

[players]
seats = [{{ name = "A" }}, {{ name = "B" }}]

[board]
{board}

[pieces.S]
name = "stone"

[setup.cells]
{at} = "aS"

[generators.step]
over_max = 0
land = "empty"

[rules]
generators = ["step"]
"#
    )
}

const ALQUERQUE: &str = r#"grid = { files = 5, ranks = 5, diagonals = "dark" }"#;

const CROSS: &str = r#"grid = { files = 7, ranks = 7, diagonals = "dark", removed = [
    "a1..b1", "a2..b2", "f1..g1", "f2..g2", "a6..b6", "a7..b7", "f6..g6", "f7..g7",
] }"#;

/// Where a stone on `at` can step.
fn neighbours(board: &str, at: &str) -> Vec<String> {
    let g = load(&stepper(board, at)).expect("loads");
    let s = g.start().expect("start");
    moves_at(&g, &s)
        .into_iter()
        .map(|m| m.trim_start_matches(&format!("{at}-")).to_string())
        .collect()
}

#[test]
fn alquerque_diagonals_run_through_every_other_point() {
    // c3, the centre, and b2 (files and ranks from 0 adding up to an even number) have eight
    // neighbours; b3 and c2 have the four lines along the ranks and files only.
    assert_eq!(
        neighbours(ALQUERQUE, "c3"),
        ["b2", "b3", "b4", "c2", "c4", "d2", "d3", "d4"]
    );
    assert_eq!(
        neighbours(ALQUERQUE, "b2"),
        ["a1", "a2", "a3", "b1", "b3", "c1", "c2", "c3"]
    );
    assert_eq!(neighbours(ALQUERQUE, "b3"), ["a3", "b2", "b4", "c3"]);
    assert_eq!(neighbours(ALQUERQUE, "a1"), ["a2", "b1", "b2"]);
    assert_eq!(neighbours(ALQUERQUE, "e2"), ["d2", "e1", "e3"]);
    // Every line once: 40 along ranks and files, 16 diagonal (one in each square of four
    // points).
    let dir = std::env::temp_dir().join(format!("icebox-points-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    std::fs::write(dir.join("game.toml"), stepper(ALQUERQUE, "c3")).expect("write");
    let o = icebox(&["render", &dir.to_string_lossy(), "--svg", "-"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let svg = String::from_utf8_lossy(&o.stdout);
    assert_eq!(svg.matches("<line ").count(), 56);
    assert_eq!(svg.matches("<rect x=").count(), 0, "points, not squares");
    assert!(svg.contains(">c3</text>"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_fox_and_geese_cross_is_a_grid_less_its_corners() {
    let g = load(&stepper(CROSS, "d4")).expect("loads");
    assert_eq!(g.tables().board.len(), 33);
    assert_eq!(
        neighbours(CROSS, "d4"),
        ["c3", "c4", "c5", "d3", "d5", "e3", "e4", "e5"]
    );
    // The foot of an arm: c1 has d1, c2 and the diagonal to d2 (b2 is cut out).
    assert_eq!(neighbours(CROSS, "c1"), ["c2", "d1", "d2"]);
    assert_eq!(neighbours(CROSS, "c4"), ["b4", "c3", "c5", "d4"]);
    assert_eq!(neighbours(CROSS, "a3"), ["a4", "b3", "b4"]);
}

#[test]
fn diagonals_may_run_through_listed_points() {
    let board = r#"grid = { files = 5, ranks = 5, diagonals = ["b2", "c3", "d4..e4"] }"#;
    assert_eq!(
        neighbours(board, "c3"),
        ["b2", "b3", "c2", "c4", "d3", "d4"]
    );
    assert_eq!(neighbours(board, "d4"), ["c3", "c4", "d3", "d5", "e4"]);
}

#[test]
fn point_grids_are_refused_where_they_are_wrong() {
    refused(&[
        (
            stepper(
                r#"grid = { files = 5, ranks = 5, diagonals = "dark", only = "dark" }"#,
                "c3",
            ),
            "`diagonals` picks the points of a board of points and lines that diagonal lines run through; `only` keeps the squares of one colour: write one of them",
        ),
        (
            stepper(
                r#"grid = { files = 5, ranks = 5, diagonals = "dark", directions = ["n", "e", "s", "w"] }"#,
                "c3",
            ),
            "this grid links no diagonal direction (or is a grid of hexagons)",
        ),
        (
            stepper(
                r#"grid = { files = 5, ranks = 5, diagonals = ["c3", "f6"] }"#,
                "c3",
            ),
            "`f6` is not a cell of the grid",
        ),
        (
            stepper(
                r#"grid = { files = 5, ranks = 5, removed = ["a1..bb2"] }"#,
                "c3",
            ),
            "`a1..bb2` is not a range: a range joins two cells of one file (`a3..a6`), of one rank (`c1..f1`), two numbered cells (`1..6`) or two corners of a rectangle (`a1..c3`)",
        ),
        (
            stepper(
                r#"grid = { files = 5, ranks = 5, diagonals = "grey" }"#,
                "c3",
            ),
            "`grey` is not where diagonals run: write `dark` (through a1 and every other point), `light`, or a list of cells",
        ),
    ]);
}

#[test]
fn patterns_cut_a_cross_a_board_of_dots_and_a_region_of_dark_squares() {
    // The cross again, four rectangles cut out instead of eight ranges.
    let cross = r#"grid = { files = 7, ranks = 7, diagonals = "dark", removed = ["a1..b2", "f1..g2", "a6..b7", "f6..g7"] }"#;
    let g = load(&stepper(cross, "d4")).expect("loads");
    assert_eq!(g.tables().board.len(), 33);
    assert_eq!(neighbours(cross, "c1"), ["c2", "d1", "d2"]);
    // A dots-and-boxes board of 8x8 boxes: 17x17 cells less the 81 dots, one item.
    let lines = r#"grid = { files = 17, ranks = 17, removed = ["a1..q17 step 2"] }"#;
    let g = load(&stepper(lines, "b1")).expect("loads");
    assert_eq!(g.tables().board.len(), 289 - 81);
    // A region as a pattern selects only the board's cells: the dark squares of a rectangle
    // across the cross's cut-out corners.
    let toml = stepper(cross, "d4")
        .replace(
            "[pieces.S]",
            "[regions.camp]\nA = [\"a1..g2 dark\"]\nB = [\"a6..g7 dark\"]\n[pieces.S]",
        )
        .replace("[rules]", "[end.reach]\nregion = \"camp\"\n[rules]");
    let g = load(&toml).expect("loads");
    let camp = g.tables().board.region("camp").expect("camp");
    let names: Vec<&str> = camp
        .for_seat(0)
        .iter()
        .map(|c| g.tables().board.name(c))
        .collect();
    assert_eq!(names, ["c1", "e1", "d2"]);
    refused(&[
        (
            stepper(cross, "d4").replace("removed = [", "removed = [\"a1..b2 grey\", "),
            "`a1..b2 grey`: after a range, a filter is `dark`, `light`, `step N`, `ring N`, `odd files`, `even files`, `odd ranks` or `even ranks`",
        ),
        (
            toml.replace("\"a6..g7 dark\"", "\"a8..g9 dark\""),
            "`a8..g9 dark` selects no cell of the board",
        ),
    ]);
}

#[test]
fn rings_go_round_a_rectangle() {
    // An 8x8 board with its edge cut away leaves 6x6; ring 2 of the whole board is that 6x6's
    // edge, 20 cells; ring 4 is the centre's four.
    let edge = r#"grid = { files = 8, ranks = 8, removed = ["a1..h8 ring"] }"#;
    let g = load(&stepper(edge, "d4")).expect("loads");
    assert_eq!(g.tables().board.len(), 36);
    // Rings, odd files and even ranks (of a rectangle and of a range), as regions.
    let toml = stepper(r#"grid = { files = 8, ranks = 8 }"#, "d4").replace(
        "[pieces.S]",
        "[regions]\nsecond = [\"h8..a1 ring 2\"]\ncentre = [\"a1..h8 ring 4\"]\nodd = [\"a1..d2 odd files\"]\neven = [\"c1..c6 even ranks\"]\n[pieces.S]",
    );
    let g = load(&toml).expect("loads");
    let names = |r: &str| -> Vec<String> {
        let b = &g.tables().board;
        let mut v: Vec<String> = b
            .region(r)
            .expect("region")
            .for_seat(0)
            .iter()
            .map(|c| b.name(c).to_string())
            .collect();
        v.sort();
        v
    };
    assert_eq!(names("second").len(), 20);
    assert!(
        names("second").contains(&"b2".to_string()) && !names("second").contains(&"c3".to_string())
    );
    assert_eq!(names("centre"), ["d4", "d5", "e4", "e5"]);
    assert_eq!(names("odd"), ["a1", "a2", "c1", "c2"]);
    assert_eq!(names("even"), ["c2", "c4", "c6"]);
    refused(&[
        (
            stepper(
                r#"grid = { files = 8, ranks = 8, removed = ["a1..a8 ring"] }"#,
                "d4",
            ),
            "`a1..a8 ring`: a ring goes round a rectangle, given by two corners (`a1..h8 ring`)",
        ),
        (
            stepper(
                r#"grid = { files = 8, ranks = 8, removed = ["a1..h8 ring 0"] }"#,
                "d4",
            ),
            "a ring is counted from 1",
        ),
    ]);
}
