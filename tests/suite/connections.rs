//! A connection goal (`[end] connect`) whose groups the engine keeps move by move: wins made
//! by a placement (the groups grow), by a step off a cell that was not the last one filled
//! and after a capture (the groups are built again), and the kept groups checked against a
//! fresh build at every position of random games with steps and captures.

use super::helpers::load;
use super::helpers::play_from_start as play;

/// Stones placed from the hand or stepped one square, capturing by landing on an enemy: A
/// joins the bottom and top rows, B the left and right files.
const WALK_AND_JOIN: &str = r#"[game]
id = "walk-and-join"
name = "walk and join"
[players]
seats = [{ name = "A" }, { name = "B" }]
[board]
grid = { files = 4, ranks = 4, directions = ["n", "e", "s", "w"] }
[regions.first]
A = ["a1", "b1", "c1", "d1"]
B = ["a1", "a2", "a3", "a4"]
[regions.second]
A = ["a4", "b4", "c4", "d4"]
B = ["d1", "d2", "d3", "d4"]
[zones.hand]
per = "seat"
[zones.captured]
per = "seat"
[pieces.S]
name = "stone"
[setup.zones]
"hand.A" = "6aS"
"hand.B" = "6bS"
[generators.place]
kind = "place"
zone = "hand"
land = "empty"
[generators.step]
kinds = ["S"]
directions = ["n", "e", "s", "w"]
land = ["empty", "enemy"]
capture = "land"
[rules]
generators = ["place", "step"]
[end]
connect = { between = ["first", "second"] }
"#;

#[test]
fn a_placement_that_joins_the_sides_wins() {
    let g = load(WALK_AND_JOIN).expect("loads");
    let three = ["S@a1", "S@c1", "S@a2", "S@c2", "S@a3", "S@d4"];
    let (_, none) = play(&g, &three);
    assert_eq!(none, None, "three of A's four in the file join nothing yet");
    let (_, won) = play(&g, &[&three[..], &["S@a4"]].concat());
    let won = won.expect("a1-a4 joins A's rows");
    assert!(
        won.contains("A wins") && won.contains("joined its sides"),
        "{won}"
    );
}

#[test]
fn a_step_off_an_older_stone_that_joins_the_sides_wins() {
    let g = load(WALK_AND_JOIN).expect("loads");
    // b4 is placed first: stepping it is not taking back the last stone placed.
    let before = [
        "S@b4", "S@c1", "S@a1", "S@c2", "S@a2", "S@d4", "S@a3", "S@c3",
    ];
    let (s, none) = play(&g, &before);
    assert_eq!(none, None, "a1-a3 and b4 do not touch");
    let moves = super::helpers::moves_at(&g, &s);
    let step = moves
        .iter()
        .find(|m| m.contains("b4") && m.contains("a4"))
        .unwrap_or_else(|| panic!("a step b4 to a4 among {moves:?}"));
    let (_, won) = play(&g, &[&before[..], &[step.as_str()]].concat());
    let won = won.expect("the step joins a1-a4");
    assert!(won.contains("A wins"), "{won}");
}

#[test]
fn a_captured_stone_breaks_the_chain() {
    let g = load(WALK_AND_JOIN).expect("loads");
    let opening = ["S@a1", "S@b2", "S@a2"];
    let (s, _) = play(&g, &opening);
    let moves = super::helpers::moves_at(&g, &s);
    let capture = moves
        .iter()
        .find(|m| m.contains("b2") && m.contains("a2"))
        .unwrap_or_else(|| panic!("B's capture b2 to a2 among {moves:?}"));
    // A fills a3 and a4 around B's stone on a2: a1 stands apart, so no chain.
    let rest = ["S@a3", "S@d1", "S@a4"];
    let line = [&opening[..], &[capture.as_str()], &rest[..]].concat();
    let (s, none) = play(&g, &line);
    assert_eq!(none, None, "a2 is B's: {}", g.position_text(&s));
    // Without the capture (B places elsewhere), the same stones join.
    let (_, won) = play(
        &g,
        &["S@a1", "S@b2", "S@a2", "S@d1", "S@a3", "S@d2", "S@a4"],
    );
    assert!(won.expect("a1-a4").contains("A wins"));
}

#[test]
fn kept_groups_agree_with_a_fresh_build_through_steps_captures_and_undo() {
    // The conformance test builds the groups afresh at every position and after every move
    // it takes back, and fails on any difference.
    let g = load(WALK_AND_JOIN).expect("loads");
    let r = icebox::testing::conformance(&g, 200, 7).expect("conforms");
    assert!(r.positions > 5_000, "{} positions", r.positions);
    let hex = super::helpers::builtin("hex", Some("7x7"), &[]);
    icebox::testing::conformance(&hex, 30, 3).expect("hex conforms");
}
