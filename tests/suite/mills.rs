//! Nine Men's Morris' mechanisms, on a small game that is none of the shipped ones: a phase
//! that ends when a move makes a line, the mover playing on (`[rules.phase_ends.NAME] line`,
//! `first = "mover"`), a phase of one move (`one_move`), a generator in force only while a
//! condition holds (`when`, `[conditions.NAME] pieces_max`), and too few pieces losing
//! (`[end.too_few]`); and every bad setting by its message.

use super::helpers::{load, load_with, moves_at as moves, refused};

/// Two seats on a 3x3 board with four stones each in hand: place while the hand lasts, fly
/// with three stones or fewer on the board, otherwise step; a row or column of three sends
/// its maker into the phase `take`, where it removes one enemy stone. `extra` is added.
fn game(extra: &str) -> String {
    format!(
        r#"[game]
id = "m"
name = "m"
[players]
seats = [{{ name = "A" }}, {{ name = "B" }}]
[board]
grid = {{ files = 3, ranks = 3 }}
[zones.hand]
per = "seat"
[pieces.S]
name = "stone"
[setup.zones]
"hand.A" = "4aS"
"hand.B" = "4bS"
[generators.place]
kind = "place"
zone = "hand"
[generators.step]
directions = ["n", "e", "s", "w"]
[generators.fly]
kind = "fly"
land = "empty"
when = "few"
[generators.remove]
kind = "remove"
land = "enemy"
[conditions.few]
pieces_max = 3
[rules]
phases = ["play", "take"]
generators = {{ play = [["place"], ["fly"], ["step"]], take = ["remove"] }}
no_moves = "lose"
[rules.phase_ends.play]
line = {{ length = 3, directions = ["n", "e"] }}
next = "take"
first = "mover"
[rules.phase_ends.take]
one_move = true
next = "play"
[end.too_few]
below = 3
zones = ["hand"]
why = "{{seat}} is down to two"
{extra}"#
    )
}

#[test]
fn a_line_made_sends_its_maker_into_the_next_phase_for_one_move() {
    let g = load(&game("")).expect("loads");
    // A has a1 and b1 with two in hand; B has a3 and c3.
    let mut s = g
        .position("bS1bS/3/aSaS1 turn=A hand.A=2aS hand.B=2bS")
        .expect("position");
    // No line: the turn passes, still placing.
    let mut quiet = s.clone();
    g.play_text(&mut quiet, "S@b2").expect("A places");
    let text = g.position_text(&quiet);
    assert!(
        text.contains("turn=B") && !text.contains("phase=take"),
        "{text}"
    );
    // c1 completes the bottom row: A plays on, in the phase `take`.
    g.play_text(&mut s, "S@c1").expect("A places");
    let text = g.position_text(&s);
    assert!(
        text.contains("turn=A") && text.contains("phase=take"),
        "{text}"
    );
    assert_eq!(moves(&g, &s), ["xa3", "xc3"]);
    // The removal is the phase's one move: back to play, B's turn.
    g.play_text(&mut s, "xa3").expect("A removes");
    let text = g.position_text(&s);
    assert!(
        text.contains("turn=B") && !text.contains("phase=take"),
        "{text}"
    );
    assert!(text.starts_with("2bS/3/aSaSaS"), "{text}");
}

#[test]
fn a_step_along_its_own_line_makes_no_line_and_a_diagonal_is_not_one() {
    let g = load(&game("")).expect("loads");
    // Hands empty; A has a1, b2 and c3 (a diagonal: not a line of `n`/`e`) and a2.
    let mut s = g.position("1bSaS/aSaSbS/aS1bS turn=A").expect("position");
    assert_eq!(
        moves(&g, &s),
        ["a1-b1", "a2-a3", "b2-b1"],
        "four stones: steps only"
    );
    g.play_text(&mut s, "a2-a3").expect("A steps");
    let text = g.position_text(&s);
    assert!(
        text.contains("turn=B") && !text.contains("phase=take"),
        "{text}"
    );
}

#[test]
fn a_generator_moves_only_while_its_condition_holds() {
    let g = load(&game("")).expect("loads");
    // A has three stones on the board and none in hand: it flies to any empty cell. B has
    // four: it steps.
    let s = g.position("bSbS1/aSbS1/aSaSbS turn=A").expect("position");
    let a = moves(&g, &s);
    assert_eq!(a.len(), 6, "three stones to two empty cells: {a:?}");
    assert!(a.contains(&"a1-c3".to_string()), "{a:?}");
    let s = g.position("bSbS1/aSbS1/aSaSbS turn=B").expect("position");
    assert_eq!(moves(&g, &s), ["b2-c2", "b3-c3", "c1-c2"]);
    // The script's `s.gen` runs the same generator under the same condition (the script
    // alone gives the moves here).
    let scripted = game("")
        .replace("[rules]\n", "[rules]\nscript = \"r.rhai\"\n")
        .replace(
            "generators = { play = [[\"place\"], [\"fly\"], [\"step\"]], take = [\"remove\"] }\n",
            "",
        );
    let g = load_with(&scripted, Some("fn moves(s) { s.gen(\"fly\"); }"), &[]).expect("loads");
    let s = g.position("bSbS1/aSbS1/aSaSbS turn=B").expect("position");
    let b = moves(&g, &s);
    assert!(b.is_empty(), "B has four: no flight {b:?}");
    let s = g.position("bSbS1/aS2/aSaSbS turn=A").expect("position");
    assert_eq!(moves(&g, &s).len(), 9, "three stones fly to three cells");
}

#[test]
fn too_few_pieces_on_the_board_and_in_hand_lose() {
    let g = load(&game("")).expect("loads");
    // B has two on the board and one in hand: three, still in the game. A has made a mill.
    let mut s = g
        .position("bSbS1/3/aSaSaS turn=A phase=take hand.B=bS hand.A=aS")
        .expect("position");
    assert!(s.outcome().is_none());
    g.play_text(&mut s, "xa3").expect("A removes");
    let o = s.outcome().expect("B has two left");
    assert_eq!(g.outcome_text(o, s.scores()), "A wins: B is down to two");
    // Counting the hand: with two in hand B is still in the game after the removal.
    let mut s = g
        .position("bSbS1/3/aSaSaS turn=A phase=take hand.B=2bS hand.A=aS")
        .expect("position");
    g.play_text(&mut s, "xa3").expect("A removes");
    assert!(s.outcome().is_none(), "{}", g.position_text(&s));
}

#[test]
fn a_forbidden_situation_can_count_pieces() {
    // Mercy: no move may leave the other seat with two stones or fewer on the board.
    let g = load(&game(
        "[conditions.weak]\npieces_max = 2\n[rules.forbid.mercy]\nafter = \"weak\"\nseats = \"others\"",
    ))
    .expect("loads");
    let s = g
        .position("bSbSbS/3/aSaSaS turn=A phase=take hand.B=2bS")
        .expect("position");
    assert!(moves(&g, &s).is_empty(), "every removal leaves B two");
    let s = g
        .position("bSbSbS/bS2/aSaSaS turn=A phase=take hand.B=bS")
        .expect("position");
    assert_eq!(moves(&g, &s).len(), 4, "B keeps three after any removal");
}

#[test]
fn bad_settings_say_what_to_write() {
    let cases: [(String, &str); 9] = [
        (
            game("").replace("when = \"few\"", "when = \"fwe\""),
            "`fwe` is not a condition: there is no [conditions.fwe]",
        ),
        (
            game("[regions]\ncorner = { A = [\"c3\"], B = [\"a1\"] }\n[conditions.stuck]\ncannot_enter = \"corner\"")
                .replace("when = \"few\"", "when = \"stuck\""),
            "a generator's `when` cannot depend on the generators",
        ),
        (
            game("").replace("one_move = true", "one_move = true\nround = true"),
            "say how the phase ends: `zone_empty = \"ZONE\"`, `round = true`, `line = { length = N }` or `one_move = true`, one of them",
        ),
        (
            game("").replace("one_move = true", ""),
            "say how the phase ends",
        ),
        (
            game("").replace("one_move = true", "round = true\nfirst = \"mover\""),
            "`first = \"mover\"` keeps the turn with the seat that ended the phase",
        ),
        (
            game("").replace("directions = [\"n\", \"e\"] }", "directions = [\"n\", \"up\"] }"),
            "`up` is not a direction of the board",
        ),
        (
            game("").replace("length = 3, directions", "length = 1, directions"),
            "a line is at least 2 pieces long",
        ),
        (
            game("").replace("zones = [\"hand\"]", "zones = [\"hnad\"]"),
            "`hnad` is not a zone",
        ),
        (
            game("").replace("below = 3", "below = 0"),
            "`below = 0` never loses",
        ),
    ];
    refused(&cases);
    // The message points at the line of the key.
    let Err(e) = load(&game("").replace(
        "directions = [\"n\", \"e\"] }",
        "directions = [\"n\", \"up\"] }",
    )) else {
        panic!("refused");
    };
    assert!(e.contains("game.toml:34:"), "{e}");
}
