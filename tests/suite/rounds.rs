//! `[rounds]` with `no_moves = "end-round"`: a round ends when the player to move has no
//! move; `at_end` runs; the next round starts from the set-up with the next seat first (vars
//! reset, scores kept), and after the last the game ends by score, high or low. Pinned on a
//! two-cell game: each seat places its one disc, then the seat to move has none.

use icebox::Game;

use super::helpers::load_with;

/// Two cells, one disc in each seat's hand: a round is two placements.
fn toml(rounds: &str, no_moves: &str) -> String {
    format!(
        r#"[game]
id = "t"
name = "t"
[players]
seats = [{{ name = "A" }}, {{ name = "B" }}]
[board]
grid = {{ files = 2, ranks = 1 }}
[zones.hand]
per = "seat"
[pieces.D]
name = "disc"
[setup]
zones = {{ "hand.A" = "1aD", "hand.B" = "1bD" }}
[moves.drop]
kind = "place"
zone = "hand"
land = "empty"
{rounds}
[rules]
script = "r.rhai"
generators = ["drop"]
no_moves = "{no_moves}"
vars = {{ marks = 0 }}
"#
    )
}

/// A's score goes up by the round's number as each round ends; B's by 10 when `marks` was
/// reset for the round (it is set by every placement, so it is 1 here unless reset, which
/// happens only as a round starts): it proves at_end runs before the reset.
const SCRIPT: &str = r#"
fn after_move(s, m) { s.set_var("marks", 1); }
fn tally(s) {
    s.add_score(0, s.round);
    if s.get_var("marks") == 0 { s.add_score(1, 10); }
}
fn two(s, x) { }
"#;

fn game(rounds: &str) -> Game {
    load_with(&toml(rounds, "end-round"), Some(SCRIPT), &[]).expect("loads")
}

/// Plays the first legal move until the game is over; the positions after each round's
/// first placement, and the final state.
fn play_out(g: &Game) -> (Vec<String>, icebox::engine::State) {
    let mut s = g.start().expect("start");
    let mut firsts = Vec::new();
    let mut round = 0;
    while !s.is_over() {
        if s.round() != round {
            round = s.round();
            firsts.push(g.position_text(&s));
        }
        let m = g.legal_moves(&s).expect("moves")[0].clone();
        g.play(&mut s, &m).expect("play");
    }
    (firsts, s)
}

#[test]
fn rounds_rotate_the_first_seat_keep_scores_and_end_by_the_higher_total() {
    let g = game("[rounds]\ncount = 3\nat_end = \"tally\"");
    let (starts, s) = play_out(&g);
    // Round 1 starts with A, round 2 with B, round 3 with A again; each from the set-up.
    assert_eq!(starts.len(), 3, "{starts:?}");
    assert!(starts[0].contains("turn=A"), "{}", starts[0]);
    assert!(
        starts[1].contains("turn=B") && starts[1].contains("round=2"),
        "{}",
        starts[1]
    );
    assert!(
        starts[2].contains("turn=A") && starts[2].contains("round=3"),
        "{}",
        starts[2]
    );
    // A: 1 + 2 + 3; B: nothing (marks was 1 at every round's end: at_end runs before the
    // vars are reset).
    assert_eq!(s.scores(), &[6, 0]);
    assert_eq!(s.round(), 3);
    let o = s.outcome().expect("over");
    assert_eq!(o.reason, "the higher total");
    assert_eq!(
        o.winners().iter().map(|p| p.index()).collect::<Vec<_>>(),
        [0]
    );
}

#[test]
fn the_lower_total_wins_when_the_rounds_say_so() {
    let g = game("[rounds]\ncount = 2\nwinner = \"low\"\nat_end = \"tally\"");
    let (_, s) = play_out(&g);
    assert_eq!(s.scores(), &[3, 0]);
    let o = s.outcome().expect("over");
    assert_eq!(o.reason, "the lower total");
    assert_eq!(
        o.winners().iter().map(|p| p.index()).collect::<Vec<_>>(),
        [1]
    );
}

#[test]
fn without_rounds_end_round_is_one_round_decided_by_score() {
    let g = game("");
    let (starts, s) = play_out(&g);
    assert_eq!(starts.len(), 1);
    assert_eq!(s.scores(), &[0, 0]);
    let o = s.outcome().expect("over");
    assert!(o.is_draw(), "equal totals share first place: {o:?}");
    assert_eq!(o.reason, "the higher total");
}

#[test]
fn the_next_round_resets_the_vars_and_the_set_up() {
    // Without at_end: after round 1 the board is empty again, the hands full, marks 0.
    let g = game("[rounds]\ncount = 2");
    let mut s = g.start().expect("start");
    for _ in 0..2 {
        let m = g.legal_moves(&s).expect("moves")[0].clone();
        g.play(&mut s, &m).expect("play");
    }
    assert_eq!(s.round(), 2);
    assert_eq!(
        g.position_text(&g.start().expect("start")),
        "2 turn=A hand.A=aD hand.B=bD"
    );
    assert_eq!(
        g.position_text(&s),
        "2 turn=B round=2 ply=2 hand.A=aD hand.B=bD"
    );
}

#[test]
fn rounds_without_any_move_still_end_by_score_after_the_last() {
    // Nothing to place in any round: each of the 40 rounds ends as it starts. (The settle
    // loop once gave up after 16 no-move turns in a row, round ends included.)
    let text = toml("[rounds]\ncount = 40", "end-round")
        .replace("zones = { \"hand.A\" = \"1aD\", \"hand.B\" = \"1bD\" }", "");
    let g = load_with(&text, Some(SCRIPT), &[]).expect("loads");
    let s = g.start().expect("start");
    assert_eq!(s.round(), 40);
    let o = s.outcome().expect("over at the start");
    assert!(o.is_draw(), "{o:?}");
    assert_eq!(o.reason, "the higher total");
}

#[test]
fn rounds_keys_are_checked_where_they_are_written() {
    for (rounds, no_moves, want) in [
        (
            "[rounds]\ncount = 2",
            "lose",
            "game.toml:18:2: a round ends when the player to move has no move: [rounds] needs [rules] no_moves = \"end-round\"",
        ),
        (
            "[rounds]\ncount = 0",
            "end-round",
            "game.toml:19:9: count = 0: from 1 to 1000 rounds",
        ),
        (
            "[rounds]\ncount = 1001",
            "end-round",
            "count = 1001: from 1 to 1000 rounds",
        ),
        (
            "[rounds]\nwinner = \"most\"",
            "end-round",
            "game.toml:19:10: `most` is not one of: high, low",
        ),
        (
            "[rounds]\nat_end = \"nope\"",
            "end-round",
            "game.toml:19:10: at_end = \"nope\": the script has no function `nope`",
        ),
        (
            "[rounds]\nat_end = \"two\"",
            "end-round",
            "at_end = \"two\": `two` must take 1 parameter (the state), it takes 2",
        ),
    ] {
        let Err(e) = load_with(&toml(rounds, no_moves), Some(SCRIPT), &[]) else {
            panic!("{rounds} loads, but should say `{want}`");
        };
        assert!(e.contains(want), "want `{want}` in:\n{e}");
    }
}
