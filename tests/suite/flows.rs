//! Flows (`flow` on a ray generator): the pieces a move leaves on its starting cell flow out
//! past its landing along its direction, one cell farther each, top first (the Looney
//! Pyramid wiki's "Eruption": "The cap itself moves a single space. The pyramid in the stack
//! directly beneath the cap moves two spaces, jumping over the cap to land in the next
//! square. The next pyramid down in the erupting stack moves three spaces ... until there are
//! no pyramids left in the stack on the square that erupted, or until the path of the
//! eruption encounters an obstacle like a board edge or another cap"; "erupting pyramids are
//! captured if they land on other pyramids of matching sizes").

use super::helpers::{load, moves_at};

/// A 5x1 row and a 5x5 board's worth of the rule: a cap (`C`, size 0) on stacks of neutral
/// pyramids, moved by either seat one step; `flow` is the flow table's body.
fn game(flow: &str, actions: &str) -> String {
    format!(
        r#"
[game]
id = "erupt"
name = "Erupt"

[players]
seats = [{{ name = "A" }}, {{ name = "B" }}]

[board]
grid = {{ files = 6, ranks = 1 }}

[pieces.C]
name = "cap"
size = 0

[pieces.S]
name = "small"
size = 1

[pieces.M]
name = "medium"
size = 2

[pieces.L]
name = "large"
size = 3

[setup]
cells = {{ a1 = "S M L C", e1 = "M" }}

[generators.cap]
pieces = "neutral"
kinds = ["C"]
directions = ["e", "w"]
land = "any"
score = "pips"
flow = {{ {flow} }}

[rules]
generators = ["cap"]
{actions}
"#
    )
}

#[test]
fn the_pieces_under_a_moved_cap_flow_out_one_cell_farther_each_top_first() {
    let g = load(&game("", "")).expect("loads");
    let mut s = g.start().expect("start");
    assert_eq!(moves_at(&g, &s), ["a1-b1"]);
    g.play_text(&mut s, "a1-b1").expect("plays");
    // The large (top under the cap) to c1, the medium to d1, the small to e1 (on the medium).
    assert_eq!(g.position_text(&s), "1CLM(MS)1 turn=B ply=1");
}

#[test]
fn a_flowing_piece_landing_on_one_of_its_size_is_captured() {
    let g = load(&game(r#"capture_if = "same-size""#, "")).expect("loads");
    // Nothing of their size where they land: the medium to c1, the small to d1.
    let mut s = g.position("(SMC)4M turn=A").expect("reads");
    g.play_text(&mut s, "a1-b1").expect("plays");
    assert_eq!(g.position_text(&s), "1CMS1M turn=B ply=1");
    // The medium lands on a medium: it is captured (into the mover's zone, its pips scored);
    // the small still lands one farther.
    let mut s = g.position("(SMC)1M3 turn=A").expect("reads");
    assert_eq!(moves_at(&g, &s), ["a1:b1"]);
    g.play_text(&mut s, "a1:b1").expect("plays");
    assert_eq!(
        g.position_text(&s),
        "1CMS2 turn=B ply=1 score=2,0 captured.A=M"
    );
}

#[test]
fn a_flow_stops_at_the_edge_and_at_a_cell_it_may_not_land_on() {
    // Flowing pieces may land only on empty cells: the flow stops before the medium on e1.
    let g = load(&game(r#"land = "empty""#, "")).expect("loads");
    let mut s = g.start().expect("start");
    g.play_text(&mut s, "a1-b1").expect("plays");
    assert_eq!(g.position_text(&s), "SCLMM1 turn=B ply=1");
    // At the edge: a cap moved east on e1..f1 leaves nothing room to flow.
    let mut s = g.position("4(SC)1 turn=A").expect("reads");
    g.play_text(&mut s, "e1-f1").expect("plays");
    assert_eq!(g.position_text(&s), "4SC turn=B ply=1");
}

#[test]
fn a_move_that_flows_ends_a_turn_of_several_actions_and_one_that_does_not_goes_on() {
    let g = load(&game("ends_turn = true", "[rules.actions]")).expect("loads");
    let mut s = g.position("1C4 turn=A").expect("reads");
    // A cap on an empty cell: nothing flows, the turn goes on.
    g.play_text(&mut s, "b1-c1").expect("plays");
    assert_eq!(g.position_text(&s), "2C3 turn=A ply=1 var.actions=1");
    let mut s = g.position("(SC)5 turn=A").expect("reads");
    g.play_text(&mut s, "a1-b1").expect("plays");
    assert_eq!(g.position_text(&s), "1CS3 turn=B ply=1");
}

#[test]
fn a_flow_with_a_whole_stack_carried_is_refused() {
    let toml = game("", "").replace("kinds = [\"C\"]", "kinds = [\"C\"]\ncarry = \"stack\"");
    super::helpers::refused(&[(
        toml,
        "a flow moves what the move leaves on its cell; carry = \"stack\" leaves nothing",
    )]);
}
