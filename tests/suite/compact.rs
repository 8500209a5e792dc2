//! The keys that let a definition say more with less: a seat's `forward` (relative directions
//! and far/home rows), `[rules] generators` (tiers for compulsory captures), a game without a
//! script, the default `captured` zone, `[rules] evaluate = "material"` and an agreed draw
//! without a hook. Each pinned by the moves and positions it produces.

use icebox::Game;

/// A two-seat game on a 3x3 grid: A faces north, B south; S (size 1) and L (size 3).
fn toml(extra_seat: &str, body: &str) -> String {
    format!(
        r#"[game]
id = "t"
name = "t"
[players]
seats = [{{ name = "A", forward = "n" }}, {{ name = "B"{extra_seat} }}]
[board]
grid = {{ files = 3, ranks = 3 }}
[pieces.S]
name = "small"
[pieces.L]
name = "large"
size = 3
{body}"#
    )
}

fn load(toml: &str, script: Option<&str>) -> Result<Game, String> {
    super::helpers::load_with(toml, script, &[])
}

/// Steps forward (promoting on the far row) and captures diagonally forward, captures first;
/// no script at all.
const PAWNS: &str = r#"
[moves.step]
kinds = ["S"]
directions = ["forward"]
promote = { region = "far_row", to = ["L"] }
[moves.take]
kinds = ["S"]
directions = ["forward_left", "forward_right"]
land = "enemy"
capture = "land"
[rules]
generators = [["take"], ["step"]]
evaluate = "material"
agreements = ["draw"]
"#;

fn pawns() -> Game {
    load(&toml(", forward = \"s\"", PAWNS), None).expect("loads")
}

fn moves(g: &Game, position: &str) -> Vec<String> {
    let s = g.position(position).expect("position");
    let mut v: Vec<String> = g
        .legal_moves(&s)
        .expect("moves")
        .iter()
        .map(|m| g.move_text(&s, m))
        .collect();
    v.sort();
    v
}

fn after(g: &Game, position: &str, text: &str) -> String {
    let mut s = g.position(position).expect("position");
    g.play_text(&mut s, text).expect("plays");
    g.position_text(&s)
}

#[test]
fn forward_names_each_seats_relative_directions_and_far_row() {
    let g = pawns();
    // A faces north: forward is a1-a2; B faces south: forward is c3-c2.
    assert_eq!(moves(&g, "3/3/aS2 turn=A"), ["a1-a2"]);
    assert_eq!(moves(&g, "2bS/3/3 turn=B"), ["c3-c2"]);
    // Each seat's far row is the other's home row: A promotes on rank 3, B on rank 1.
    assert!(after(&g, "3/aS2/3 turn=A", "a2-a3").starts_with("aL2/3/3"));
    assert!(after(&g, "3/1bS1/3 turn=B", "b2-b1").starts_with("3/3/1bL1"));
    // Not on the seat's own home row.
    assert!(after(&g, "3/3/aS2 turn=A", "a1-a2").starts_with("3/aS2/3"));
    // forward_left/right as the player sees them: B's forward_left is south-east.
    assert_eq!(moves(&g, "3/1bS1/aS1aS turn=B"), ["b2:a1", "b2:c1"]);
    assert_eq!(moves(&g, "3/1bS1/aS2 turn=B"), ["b2:a1"]);
}

#[test]
fn generator_tiers_make_captures_compulsory() {
    let g = pawns();
    // A capture is there: the step is not legal.
    assert_eq!(moves(&g, "3/1bS1/aS2 turn=A"), ["a1:b2"]);
    // No capture: the steps.
    assert_eq!(moves(&g, "3/2bS/aS2 turn=A"), ["a1-a2"]);
    // The captured piece goes to the capturer's `captured` zone, made without being declared.
    let text = after(&g, "3/1bS1/aS2 turn=A", "a1:b2");
    assert!(text.contains("captured.A=bS"), "{text}");
}

#[test]
fn material_evaluation_and_an_agreed_draw_need_no_script() {
    let g = pawns();
    let s = g.position("3/1bS1/aL2 turn=A").expect("position");
    let a = g.tables().seat("A").expect("A");
    let b = g.tables().seat("B").expect("B");
    assert!(g.has_evaluate());
    assert_eq!(g.evaluate(&s, a).expect("evaluates"), Some(2));
    assert_eq!(g.evaluate(&s, b).expect("evaluates"), Some(-2));
    let mut s = g.position("3/1bS1/aS2 turn=A").expect("position");
    g.agree(&mut s, "draw").expect("agreed");
    assert_eq!(s.outcome().expect("over").reason, "draw agreed");
}

#[test]
fn a_definition_of_its_own_wins_over_what_forward_implies() {
    let body = format!(
        "{PAWNS}\n[directions.forward]\nA = \"e\"\nB = \"w\"\n[regions.far_row]\nA = [\"c1\"]\nB = [\"a3\"]\n"
    );
    let g = load(&toml(", forward = \"s\"", &body), None).expect("loads");
    assert_eq!(moves(&g, "3/3/aS2 turn=A"), ["a1-b1"]);
    assert!(after(&g, "3/3/1aS1 turn=A", "b1-c1").starts_with("3/3/2aL"));
    // forward_left still follows from forward = "n".
    assert_eq!(moves(&g, "3/bS2/1aS1 turn=A"), ["b1:a2"]);
}

#[test]
fn mistakes_in_the_new_keys_are_named() {
    let e = load(&toml("", PAWNS), None).err().expect("B lacks forward");
    assert!(e.contains("seat `B` has no `forward`"), "{e}");
    let e = load(&toml(", forward = \"sth\"", PAWNS), None)
        .err()
        .expect("bad forward");
    assert!(
        e.contains("`sth` is not a compass direction of this board"),
        "{e}"
    );
    let typo = PAWNS.replace("[[\"take\"], [\"step\"]]", "[[\"taek\"], [\"step\"]]");
    let e = load(&toml(", forward = \"s\"", &typo), None)
        .err()
        .expect("unknown");
    assert!(
        e.contains("`taek` is not a generator") && e.contains("did you mean `take`?"),
        "{e}"
    );
    let twice = PAWNS.replace("[[\"take\"], [\"step\"]]", "[\"take\", \"step\", \"take\"]");
    let e = load(&toml(", forward = \"s\"", &twice), None)
        .err()
        .expect("twice");
    assert!(e.contains("`take` is listed twice"), "{e}");
    // Neither generators nor a script: nothing says what the moves are.
    let none = PAWNS.replace("generators = [[\"take\"], [\"step\"]]\n", "");
    let e = load(&toml(", forward = \"s\"", &none), None)
        .err()
        .expect("no moves");
    assert!(
        e.contains("no `moves(s)` hook") && e.contains("[rules] generators"),
        "{e}"
    );
}

#[test]
fn a_script_adds_to_the_generators_in_force() {
    let body = PAWNS.replace(
        "[rules]\n",
        "[rules]\nscript = \"r.rhai\"\nwords = [\"wait\"]\n",
    );
    let script =
        "fn moves(s) { if s.move_count() == 0 { s.add_word(\"wait\"); } }\nfn after_move(s, m) {}";
    let g = load(&toml(", forward = \"s\"", &body), Some(script)).expect("loads");
    assert_eq!(moves(&g, "3/3/aS2 turn=A"), ["a1-a2"]);
    // A blocked piece: the script's word is all there is.
    assert_eq!(moves(&g, "3/bS2/aS2 turn=A"), ["wait"]);
}

#[test]
fn may_pass_adds_a_pass_to_every_turn() {
    let body = PAWNS.replace("[rules]\n", "[rules]\nmay_pass = true\n");
    let g = load(&toml(", forward = \"s\"", &body), None).expect("loads");
    assert_eq!(moves(&g, "3/3/aS2 turn=A"), ["a1-a2", "pass"]);
    // With a capture in force, the pass is still there: passing is always allowed.
    assert_eq!(moves(&g, "3/1bS1/aS2 turn=A"), ["a1:b2", "pass"]);
    let after = after(&g, "3/3/aS2 turn=A", "pass");
    assert!(after.contains("turn=B"), "{after}");
}

#[test]
fn feed_keeps_its_meaning_and_feed_or_no_move_ends_an_unfed_turn() {
    // Oware's position where no sowing of South's reaches North's empty houses.
    let position = "(SSSSSSSSSSSSSSSSSSSSSSS)/6/SS4/(SSSSSSSSSSSSSSSSSSSSSSS) turn=South";
    let shipped = icebox::catalog::find("oware", &[]).expect("oware");
    let g = Game::load(&shipped, None, &[]).expect("loads");
    assert!(moves(&g, position).is_empty(), "feed_or_no_move: no sowing");
    // `feed` alone, as it was before `feed_or_no_move`: every sowing stays legal.
    let mut files = shipped.clone();
    let text = files.files["game.toml"].replace("feed_or_no_move = true\n", "");
    files.files.insert("game.toml".into(), text);
    let g = Game::load(&files, None, &[]).expect("loads");
    assert_eq!(moves(&g, position), ["A-B", "B-C"]);
}

#[test]
fn the_default_captured_zone_may_not_clash_with_a_cell() {
    let body = PAWNS.to_string();
    let t = toml(", forward = \"s\"", &body).replace(
        "grid = { files = 3, ranks = 3 }",
        "cells = [{ name = \"captured\" }, { name = \"b\" }]\nlinks = [{ from = \"captured\", to = \"b\", dir = \"n\", back = \"s\" }]",
    );
    let e = load(&t, None).err().expect("a clash");
    assert!(e.contains("a cell is named `captured`"), "{e}");
}
