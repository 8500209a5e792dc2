//! Boards in separate parts (islands, several small boards): they load, play, pass the
//! conformance test, and no generator crosses from one part to another.

use super::helpers::{load, moves_at};

/// A 5x2 grid with its middle file removed: two 2x2 islands, a-b and d-e. Rooks slide any
/// distance, kings leap two files east or west (over the gap, if it could be crossed).
fn islands(extra: &str) -> String {
    format!(
        r#"[game]
id = "islands"
name = "islands"
max_plies = 30
[players]
seats = [{{ name = "A" }}, {{ name = "B" }}]
[board]
grid = {{ files = 5, ranks = 2, removed = ["c1", "c2"] }}
[pieces.R]
name = "rook"
[pieces.K]
name = "king"
[setup]
cells = {{ b1 = "aR", d2 = "bR", a2 = "aK", e1 = "bK" }}
[moves.slide]
directions = ["n", "e", "s", "w"]
over_max = "any"
pieces = "own"
kinds = ["R"]
[moves.leap]
kind = "leap"
leaps = [["e", "e"], ["w", "w"]]
kinds = ["K"]
[rules]
generators = ["slide", "leap"]
no_moves = "draw"
{extra}"#
    )
}

#[test]
fn a_board_of_two_islands_loads_and_plays() {
    let g = load(&islands("")).expect("a board in two parts loads");
    let s = g.start().expect("start");
    // A's rook on b1 slides within its island only: c1 is not there, so d1 and e1 are not
    // reached; the king on a2 cannot leap over the gap to c2 (no such cell) either.
    assert_eq!(moves_at(&g, &s), ["b1-a1", "b1-b2"]);
    let mut s = s;
    g.play_text(&mut s, "b1-b2").expect("A moves");
    // B's rook on d2 stays on its island too, and its king on e1 cannot leap to c1.
    assert_eq!(moves_at(&g, &s), ["d2-d1", "d2-e2"]);
    // The whole game plays, undoes and round-trips on it.
    let r = icebox::testing::conformance(&g, 10, 7).expect("conforms");
    assert_eq!(r.playouts, 10);
}

#[test]
fn a_board_of_listed_cells_may_be_in_parts_too() {
    // Three cells, x-y linked and z alone: a placement game fills all three.
    let toml = r#"[game]
id = "parts"
name = "parts"
[players]
seats = [{ name = "A" }, { name = "B" }]
[board]
cells = [{ name = "x" }, { name = "y" }, { name = "z" }]
links = [{ from = "x", to = "y", dir = "e", back = "w" }]
[zones.stash]
[pieces.S]
name = "stone"
[setup]
zones = { stash = "4S" }
[moves.place]
kind = "place"
pieces = "neutral"
zone = "stash"
[moves.push]
pieces = "neutral"
directions = ["e", "w"]
[rules]
generators = ["place", "push"]
no_moves = "draw"
"#;
    let g = load(toml).expect("loads");
    let mut s = g.start().expect("start");
    assert_eq!(moves_at(&g, &s), ["S@x", "S@y", "S@z"]);
    g.play_text(&mut s, "S@z").expect("place on the lone cell");
    // The stone on z has no neighbour to step to; the others are placements.
    assert_eq!(moves_at(&g, &s), ["S@x", "S@y"]);
    g.play_text(&mut s, "S@x").expect("place on x");
    assert_eq!(moves_at(&g, &s), ["S@y", "x-y"]);
}
