//! Turns of several actions (`[rules.actions]`): a budget of actions, the word that ends a
//! turn early, generators whose moves end it, a capture ending it; each action a ply (perft
//! counts actions), the count a var the engine keeps (`var.actions=2`) and undo restores; and
//! `s.before()`, the position before a move, in `after_move`.

use super::helpers::{load, load_with, moves_at, refused};
use icebox::Game;
use icebox::engine::State;

/// A 4x4 board, one stepper each; `actions` is the `[rules.actions]` table's body, `extra`
/// more tables.
fn game(actions: &str, extra: &str) -> String {
    format!(
        r#"
[game]
id = "steps"
name = "Steps"

[players]
seats = [{{ name = "A" }}, {{ name = "B" }}]

[board]
grid = {{ files = 4, ranks = 4, directions = ["n", "e", "s", "w"] }}

[pieces.S]
name = "stepper"

[setup]
cells = {{ a1 = "aS", d4 = "bS" }}

[generators.step]
land = ["empty", "enemy"]
capture = "land"

{extra}

[rules]
generators = ["step"]

[rules.actions]
{actions}
"#
    )
}

fn play(g: &Game, s: &mut State, text: &str) {
    g.play_text(s, text)
        .unwrap_or_else(|e| panic!("`{text}`: {e}"));
}

#[test]
fn a_turn_holds_its_budget_of_actions_and_may_end_early_by_its_word() {
    let g = load(&game("most = 3\nend = \"end\"", "")).expect("loads");
    let mut s = g.start().expect("start");
    // No `end` before the first action.
    assert_eq!(moves_at(&g, &s), ["a1-a2", "a1-b1"]);
    play(&g, &mut s, "a1-a2");
    assert_eq!(
        g.position_text(&s),
        "3bS/4/aS3/4 turn=A ply=1 var.actions=1"
    );
    assert_eq!(moves_at(&g, &s), ["a2-a1", "a2-a3", "a2-b2", "end"]);
    let before = s.clone();
    let u = g.play_text(&mut s, "end").expect("end").1;
    assert_eq!(g.position_text(&s), "3bS/4/aS3/4 turn=B ply=2");
    g.undo(&mut s, u);
    assert_eq!(s, before, "undo restores the count and the turn");
    play(&g, &mut s, "a2-a3");
    play(&g, &mut s, "a3-b3");
    // The third action spends the budget: the turn passes, the count starts again.
    assert_eq!(g.position_text(&s), "3bS/1aS2/4/4 turn=B ply=3");
    assert!(!moves_at(&g, &s).contains(&"end".to_string()));
}

#[test]
fn perft_counts_actions_not_turns() {
    let g = load(&game("most = 2\nend = \"end\"", "")).expect("loads");
    let s = g.start().expect("start");
    let mut c = s.clone();
    // Two first steps; after each, its three steps (one back) and `end`.
    assert_eq!(icebox::testing::perft(&g, &mut c, 1).expect("perft"), 2);
    assert_eq!(icebox::testing::perft(&g, &mut c, 2).expect("perft"), 8);
}

#[test]
fn a_generator_with_ends_turn_and_a_capture_end_the_turn() {
    let g = load(
        &game(
            "ends_on_capture = true",
            r#"
[generators.leap]
kind = "leap"
leaps = [["n", "n"], ["e", "e"]]
ends_turn = true"#,
        )
        .replace(
            r#"generators = ["step"]"#,
            r#"generators = ["step", "leap"]"#,
        ),
    )
    .expect("loads");
    let mut s = g.start().expect("start");
    // A step goes on (no budget, no end word); a leap ends the turn.
    play(&g, &mut s, "a1-b1");
    assert_eq!(
        g.position_text(&s),
        "3bS/4/4/1aS2 turn=A ply=1 var.actions=1"
    );
    play(&g, &mut s, "b1-d1");
    assert_eq!(g.position_text(&s), "3bS/4/4/3aS turn=B ply=2");
    // A capture ends B's turn.
    let mut s = g.position("4/4/2bSaS/4 turn=B").expect("reads");
    play(&g, &mut s, "c2:d2");
    assert!(
        g.position_text(&s).contains("turn=A"),
        "{}",
        g.position_text(&s)
    );
}

#[test]
fn turn_keys_are_refused_where_they_are_wrong() {
    refused(&[
        (
            game("most = 0", ""),
            "most = 0: a turn has at least one action",
        ),
        (
            game("least = 2", ""),
            "`least` is how many actions come before the `end` word",
        ),
        (game("end = \"End!\"", ""), "`End!` cannot be a word"),
        (
            game("", "").replace("[rules.actions]", "")
                + "\n[generators.step2]\nends_turn = true\n",
            "`ends_turn` is about a turn of several actions: declare one with [rules.actions]",
        ),
    ]);
}

#[test]
fn after_move_reads_the_position_before_the_move() {
    // The script keeps in a var how many pieces stood on the cell a move left, read from the
    // position before it.
    let toml = game("most = 2", "")
        .replace(
            "[rules]\n",
            "[rules]\nscript = \"r.rhai\"\nvars = { left = 0 }\n",
        )
        .replace(r#"a1 = "aS""#, r#"a1 = "aS aS""#)
        .replace(
            "[generators.step]\n",
            "[generators.step]\ncarry = \"top\"\n",
        );
    let script =
        "fn after_move(s, m) { let was = s.before(); s.set_var(\"left\", was.height(m.from)); }";
    let g = load_with(&toml, Some(script), &[]).expect("loads");
    let mut s = g.start().expect("start");
    play(&g, &mut s, "a1-a2");
    assert!(
        g.position_text(&s).contains("var.left=2"),
        "{}",
        g.position_text(&s)
    );
    play(&g, &mut s, "a1-b1");
    assert!(
        g.position_text(&s).contains("var.left=1"),
        "{}",
        g.position_text(&s)
    );
    // Outside after_move there is no move before: a clear error at the script line.
    let g = load_with(
        &toml,
        Some("fn after_move(s, m) { } fn outcome(s) { let was = s.before(); }"),
        &[],
    )
    .expect("loads");
    let e = g.start().expect_err("refused").to_string();
    assert!(
        e.contains("s.before() is the position before the move, in after_move only"),
        "{e}"
    );
}
