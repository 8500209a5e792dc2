//! Conditions on a seat and the rules that use them (`[conditions]`, `[rules.forbid]`,
//! `[end.home]`), phases that end on their own with their own generators (`[rules.phase_ends]`,
//! `[rules] generators` by phase) and `mover_var`, on a small game that is none of the shipped
//! ones; and every bad setting by its message.

use super::helpers::{load, moves_at as moves, refused};

/// Two seats on a 3x3 board: pieces come from each seat's hand onto any empty cell while the
/// hands last (phase `place`), then step one cell (phase `step`); `extra` is added.
fn game(extra: &str) -> String {
    format!(
        r#"[game]
id = "c"
name = "c"
[players]
seats = [{{ name = "A" }}, {{ name = "B" }}]
[board]
grid = {{ files = 3, ranks = 3 }}
[regions]
corner = {{ A = ["c3"], B = ["a1"] }}
[zones.hand]
per = "seat"
[pieces.S]
name = "stone"
[setup.zones]
"hand.A" = "aS"
"hand.B" = "bS"
[moves.place]
kind = "place"
zone = "hand"
[moves.step]
directions = ["n", "e", "s", "w"]
mover_var = "last"
[rules]
phases = ["place", "step"]
generators = {{ place = ["place"], step = ["step"] }}
no_moves = "pass"
vars = {{ last = -1 }}
[rules.phase_ends.place]
zone_empty = "hand"
next = "step"
{extra}"#
    )
}

#[test]
fn each_phase_has_its_generators_and_the_placing_phase_ends_with_the_hands() {
    let g = load(&game("")).expect("loads");
    let mut s = g.start().expect("start");
    assert_eq!(moves(&g, &s).len(), 9, "nine empty cells to place on");
    assert!(moves(&g, &s).iter().all(|m| m.starts_with("S@")));
    g.play_text(&mut s, "S@b2").expect("A places");
    // A's hand is empty, B's is not: still placing.
    assert!(
        g.position_text(&s).contains("phase=place"),
        "{}",
        g.position_text(&s)
    );
    g.play_text(&mut s, "S@a3").expect("B places");
    let text = g.position_text(&s);
    assert!(text.contains("phase=step"), "{text}");
    assert_eq!(moves(&g, &s), ["b2-a2", "b2-b1", "b2-b3", "b2-c2"]);
    // The step records its mover.
    g.play_text(&mut s, "b2-b1").expect("A steps");
    assert!(
        g.position_text(&s).contains("var.last=0"),
        "{}",
        g.position_text(&s)
    );
}

#[test]
fn a_forbidden_situation_removes_the_moves_that_lead_to_it() {
    // A may not step into its corner: the mover's condition `cornered` may not hold after.
    let extra = "[conditions.cornered]\nonly_in = [\"corner\"]\n[rules.forbid.corner]\nafter = \"cornered\"\nseats = \"mover\"";
    let g = load(&game(extra)).expect("loads");
    let s = g
        .position("1aS1/3/bS2 turn=A phase=step")
        .expect("position");
    // b3 -> c3 is A's corner.
    assert_eq!(moves(&g, &s), ["b3-a3", "b3-b2"]);
    // Without the rule it is a move.
    let free = load(&game("")).expect("loads");
    let s = free
        .position("1aS1/3/bS2 turn=A phase=step")
        .expect("position");
    assert_eq!(moves(&free, &s), ["b3-a3", "b3-b2", "b3-c3"]);
}

#[test]
fn every_piece_home_wins() {
    let g = load(&game(
        "[end.home]\nregion = \"corner\"\nwhy = \"reached the corner\"",
    ))
    .expect("loads");
    // B stands on b1, off its corner a1: nobody is home yet.
    let mut s = g
        .position("1aS1/3/1bS1 turn=A phase=step")
        .expect("position");
    assert!(s.outcome().is_none());
    g.play_text(&mut s, "b3-c3").expect("A steps home");
    let o = s.outcome().expect("over");
    assert_eq!(g.outcome_text(o, s.scores()), "A wins: reached the corner");
}

#[test]
fn bad_settings_say_what_to_write() {
    let cases: [(String, &str); 11] = [
        (
            game("[end.home]\nwhy = \"home\""),
            "give `region` (a per-seat region on the board) or `zone`, one of them",
        ),
        (
            game("[end.home]\nzone = \"hand\"\nstacks = [\"S\"]"),
            "`stacks` is for a region",
        ),
        (
            game("[rules.forbid.x]\nafter = \"nowhere\""),
            "`nowhere` is not a condition: there is no [conditions.nowhere]",
        ),
        (
            game("[conditions.empty]\n"),
            "a condition needs at least one of only_in, held_down, cannot_enter",
        ),
        (
            game("[conditions.c]\nonly_in = [\"cornr\"]"),
            "`cornr` is not a region",
        ),
        (
            game("[rules.release]\nwhen = \"x\""),
            "`x` is not a condition",
        ),
        (
            game("").replace("zone_empty = \"hand\"", "zone_empty = \"hnad\""),
            "`hnad` is not a zone",
        ),
        (
            game("").replace("next = \"step\"", "next = \"stpe\""),
            "`stpe` is not a phase",
        ),
        (
            game("").replace("step = [\"step\"] }", "jump = [\"step\"] }"),
            "`jump` is not a phase",
        ),
        (
            game("").replace("mover_var = \"last\"", "mover_var = \"lsat\""),
            "`lsat` is not one of the rules' vars",
        ),
        (
            game("").replace(
                "zone = \"hand\"\n",
                "zone = \"hand\"\nmover_var = \"last\"\n",
            ),
            "`mover_var` is set by the moves of ray, leap and fly generators",
        ),
    ];
    refused(&cases);
}
