//! Colours apart from owners (`[pieces.X] colours`, `[colours.NAME]`), kinds nothing stacks on
//! (`stackable = false`), sets collected in a zone (`[end.sets]`), generators used once a
//! turn (`once_a_turn`) and pieces moved from inside a stack (`from_inside`): what a
//! definition is refused, how coloured pieces read and are refused, and each mechanism away
//! from Volcano (owned coloured pieces, ships leaving a system, the script API).

use super::helpers::{load, load_with, moves_at, refused};

/// Two seats on a 3x3 board; smalls and larges in red, green and blue, a plain king. `extra`
/// adds keys or tables at the end (a king's step as the rules when it has no `[rules]`).
fn game(extra: &str) -> String {
    let rules = if extra.contains("[rules]") {
        ""
    } else {
        "[generators.king]\nkinds = [\"K\"]\n\n[rules]\ngenerators = [\"king\"]\nmay_pass = true"
    };
    format!(
        r#"
[game]
id = "tinted"
name = "Tinted"

[players]
seats = [{{ name = "A" }}, {{ name = "B" }}]

[board]
grid = {{ files = 3, ranks = 3 }}

[pieces.S]
name = "small"
size = 1
colours = ["red", "green", "blue"]

[pieces.L]
name = "large"
size = 3
colours = ["red", "green", "blue"]

[pieces.K]
name = "king"

[setup]
cells = {{ a1 = "arS", c3 = "bbL", b2 = "gS" }}
{extra}
{rules}
"#
    )
}

#[test]
fn colour_keys_are_refused_where_they_are_wrong() {
    refused(&[
        (
            game("").replacen(
                r#"colours = ["red", "green", "blue"]"#,
                r#"colours = ["red", "green", "blue", "black"]"#,
                1,
            ),
            "colours `blue` and `black` would both be written `b`: give one another letter (`[colours.black] letter = \"x\"`)",
        ),
        (
            game("[colours.mauve]\nletter = \"m\""),
            "no kind comes in `mauve`",
        ),
        (
            game("[colours.red]\nletter = \"R\""),
            "its letter (`[colours.red] letter`) must be one lower-case letter",
        ),
        (
            game("").replacen(
                r#"colours = ["red", "green", "blue"]"#,
                r#"colours = ["red", "red"]"#,
                1,
            ),
            "`red` is listed twice",
        ),
        (
            game("").replace(r#"b2 = "gS""#, r#"b2 = "S""#),
            "a small has a colour: write its letter before the kind (`rS` red, `gS` green, `bS` blue)",
        ),
        (
            game("").replace(r#"b2 = "gS""#, r#"b2 = "yS""#),
            "`yS`: `y` is not a colour a small comes in",
        ),
        (
            game("").replace(r#"b2 = "gS""#, r#"b2 = "arK""#),
            "`arK`: one owner letter at most before the kind",
        ),
        (
            game(
                r#"
[generators.grab]
kind = "place"
zone = "stash"
once_a_turn = true
[zones.stash]
per = "seat"
[rules]
generators = ["grab"]"#,
            ),
            "`once_a_turn` is about a turn of several actions: declare one with [rules.actions]",
        ),
        (
            // Colours times facings times owners: past 255 piece values.
            game("").replace(
                "[pieces.S]\nname = \"small\"",
                "[pieces.S]\nname = \"small\"\nfacings = [\"up\", \"all\"]",
            )
            .replace(
                "[pieces.L]\nname = \"large\"",
                "[pieces.L]\nname = \"large\"\nfacings = [\"up\", \"all\"]",
            )
            .replace(
                "[pieces.K]\nname = \"king\"",
                "[pieces.K]\nname = \"king\"\n\n[pieces.M]\nname = \"medium\"\ncolours = [\"red\", \"green\", \"blue\", \"yellow\", \"white\", \"purple\"]\nfacings = [\"up\", \"all\"]",
            ),
            "piece values (kinds x (seats+1), x each colour for kinds with `colours`, x each facing for kinds with `facings`): at most 255",
        ),
        (
            game("[zones.pile]\n[end.sets]\nzone = \"pile\"\nkinds = [\"S\", \"L\"]\nany = 2"),
            "`pile` is not a per-seat zone",
        ),
        (
            game(
                "[zones.pile]\nper = \"seat\"\n[end.sets]\nzone = \"pile\"\nkinds = [\"S\", \"L\"]",
            ),
            "say how many sets win: `same_colour`, `any`, or both",
        ),
    ]);
}

#[test]
fn a_letter_can_be_given_to_a_colour_whose_first_letter_is_taken() {
    let toml = game("[colours.black]\nletter = \"k\"\nfill = \"#222\"").replacen(
        r#"colours = ["red", "green", "blue"]"#,
        r#"colours = ["red", "green", "blue", "black"]"#,
        1,
    );
    let g = load(&toml).expect("loads");
    let s = g.position("kS2/3/3 turn=A").expect("a black small");
    assert_eq!(g.position_text(&s), "kS2/3/3 turn=A");
}

#[test]
fn coloured_pieces_read_and_write_with_owner_then_colour_then_kind() {
    let g = load(&game("")).expect("loads");
    let s = g.start().expect("start");
    // Owner letter, colour letter, kind; a kind without colours as before.
    assert_eq!(g.position_text(&s), "2bbL/1gS1/arS2 turn=A");
    for text in ["(arSbgL)1K/3/brS1gL turn=B", "aK2/(rSgSbS)2/3 turn=A"] {
        let s = g.position(text).expect(text);
        assert_eq!(g.position_text(&s), text);
    }
    // Stacks of one kind in several colours stay apart; counts run by piece.
    let s = g.position("3/3/3 turn=A").expect("empty");
    assert_eq!(g.position_text(&s), "3/3/3 turn=A");
}

#[test]
fn placements_name_the_colour_and_a_piece_moves_keeping_it() {
    let g = load(&game(
        r#"
[zones.stash]
per = "seat"

[generators.enter]
kind = "place"
zone = "stash"
land = "empty"

[generators.step]
kinds = ["S"]
land = ["empty", "enemy"]
capture = "land"

[rules]
generators = ["enter", "step"]"#,
    ))
    .expect("loads");
    let s = g
        .position("bgS2/3/arS2 turn=A stash.A=arS,agL")
        .expect("position");
    let moves = moves_at(&g, &s);
    assert!(moves.contains(&"rS@c3".to_string()), "{moves:?}");
    assert!(moves.contains(&"gL@b2".to_string()), "{moves:?}");
    assert!(moves.contains(&"a1-b2".to_string()), "{moves:?}");
    // A colour and a kind name one piece: the move resolves; a wrong colour does not.
    let mut s2 = s.clone();
    g.play_text(&mut s2, "gL@c3").expect("a green large");
    assert_eq!(
        g.position_text(&s2),
        "bgS1agL/3/arS2 turn=B ply=1 stash.A=arS"
    );
    assert!(g.play_text(&mut s.clone(), "bL@c3").is_err());
    // Moving keeps the colour.
    let mut s3 = s.clone();
    g.play_text(&mut s3, "a1-b2").expect("step");
    assert!(
        g.position_text(&s3).starts_with("bgS2/1arS1/3 "),
        "{}",
        g.position_text(&s3)
    );
}

#[test]
fn nothing_lands_on_a_piece_that_is_not_stackable_unless_it_captures_it() {
    let base = game(
        r#"
[generators.step]
kinds = ["S"]
land = "any"

[generators.take]
kinds = ["L"]
land = "any"
capture = "land"

[rules]
generators = ["step", "take"]"#,
    );
    // Stackable kings: the small steps onto the king.
    let g = load(&base).expect("loads");
    let s = g.position("3/bK2/arSarL1 turn=A").expect("position");
    assert!(moves_at(&g, &s).contains(&"a1-a2".to_string()));
    // A king nothing stacks on: the small may not step onto it, the large still takes it.
    let g = load(&base.replace(
        "[pieces.K]\nname = \"king\"",
        "[pieces.K]\nname = \"king\"\nstackable = false",
    ))
    .expect("loads");
    let s = g.position("3/bK2/arSarL1 turn=A").expect("position");
    let moves = moves_at(&g, &s);
    assert!(!moves.contains(&"a1-a2".to_string()), "{moves:?}");
    assert!(moves.contains(&"b1:a2".to_string()), "{moves:?}");
}

#[test]
fn scripts_read_a_pieces_colour_and_count_by_colour() {
    let toml = game("[rules]\nscript = \"r.rhai\"\nvars = { reds = 0, first = 0 }");
    let script = r#"
fn after_move(s, m) {
    s.set_var("reds", s.count_colour("red", 0, "all"));
    s.set_var("first", if s.colour(s.top(s.cell("b2"))) == "green" { 1 } else { 0 });
}
fn moves(s) { s.add_word("wait"); }
"#;
    let toml = toml
        .replace("[zones.all]", "")
        .replace("[rules]\nscript", "[regions]\nall = [\"a1\", \"b1\", \"c1\", \"a2\", \"b2\", \"c2\", \"a3\", \"b3\", \"c3\"]\n\n[rules]\nwords = [\"wait\"]\nscript");
    let g = load_with(&toml, Some(script), &[]).expect("loads");
    let mut s = g.position("arS1arL/1gS1/3 turn=A").expect("position");
    g.play_text(&mut s, "wait").expect("wait");
    let text = g.position_text(&s);
    assert!(
        text.contains("var.reds=2") && text.contains("var.first=1"),
        "{text}"
    );
    // An unknown colour is the script's error, with the colours there are.
    let bad = script.replace("\"red\", 0", "\"mauve\", 0");
    let g = load_with(&toml, Some(&bad), &[]).expect("loads");
    let mut s = g.position("arS2/3/3 turn=A").expect("position");
    let e = g.play_text(&mut s, "wait").expect_err("mauve").to_string();
    assert!(
        e.contains("`mauve` is not a colour of this game (colours: red green blue)"),
        "{e}"
    );
}

#[test]
fn a_move_may_change_several_pieces_kinds_keeping_their_colours() {
    // The step promotes its own piece and turns the small on b2 into a large: both keep
    // their colours (and owners).
    let toml = game("[generators.step]\nkinds = [\"S\"]\n\n[rules]\nscript = \"r.rhai\"");
    let script = r#"
fn moves(s) {
    s.gen("step");
    for i in 0..s.move_count() {
        s.move_change(i, s.cell("b2"), "L");
        s.move_promote(i, "L");
    }
}
"#;
    let g = load_with(&toml, Some(script), &[]).expect("loads");
    let mut s = g.position("bbS2/1gS1/arS2 turn=A").expect("position");
    g.play_text(&mut s, "a1-b1=L").expect("the step");
    assert_eq!(g.position_text(&s), "bbS2/1gL1/1arL1 turn=B ply=1");
}

#[test]
fn landings_may_ask_for_the_movers_colour_or_another() {
    let base = game(
        r#"
[generators.step]
kinds = ["S"]
land = ["empty", "same-colour"]

[rules]
generators = ["step"]"#,
    );
    let g = load(&base).expect("loads");
    // The red small may step onto empty cells and the red large, not the green small, nor
    // the king (no colour).
    let s = g.position("3/rLgS1/arSbK1 turn=A").expect("position");
    assert_eq!(moves_at(&g, &s), ["a1-a2"]);
    let g = load(&base.replace("\"same-colour\"", "\"other-colour\"")).expect("loads");
    assert_eq!(moves_at(&g, &s), ["a1-b2"]);
}

#[test]
fn a_stash_counts_by_kind_or_by_colour_and_kind() {
    let base = game("[stash]\nseat = { rS = 1, L = 1 }\nneutral = { S = 2, bL = 0 }");
    // The set-up: arS (A's red small), bbL (B's blue large), gS (a neutral green small).
    load(&base).expect("within the stash");
    refused(&[
        (
            base.replace(r#"a1 = "arS""#, r#"a1 = "arS arS""#),
            "the set-up places 2 red small (of seat A) but the stash holds 1",
        ),
        (
            base.replace(r#"c3 = "bbL""#, r#"c3 = "bbL brL""#),
            "the set-up places 2 large (of seat B) but the stash holds 1",
        ),
        (
            base.replace("bL = 0", "bL = 0, yS = 1"),
            "`yS` is not a piece kind (`S`), or a colour and a kind with colours (`rS`)",
        ),
    ]);
    load(&base.replace(r#"b2 = "gS""#, r#"b2 = "gS bS""#)).expect("two neutral smalls");
}

#[test]
fn a_piece_may_move_from_inside_a_stack_named_after_the_move() {
    // Ships in a system: A's ships anywhere in b2's stack (a neutral green star at the bottom)
    // fly to any empty cell; the pieces above close up.
    let toml = game(
        r#"
[generators.fly]
kind = "fly"
kinds = ["S", "L"]
land = "empty"
from_inside = true

[rules]
generators = ["fly"]"#,
    );
    let g = load(&toml).expect("loads");
    let s = g
        .position("3/1(gLarSbbSagLarS)1/3 turn=A")
        .expect("a system");
    let moves = moves_at(&g, &s);
    // The top ship (arS) flies as before; the green large below is named; the lower red
    // small is the top's value, so only the top moves; B's ship and the star stay.
    assert!(moves.contains(&"b2-a1".to_string()), "{moves:?}");
    assert!(moves.contains(&"b2-a1=gL".to_string()), "{moves:?}");
    assert!(
        !moves
            .iter()
            .any(|m| m.ends_with("=rS") || m.ends_with("=bS")),
        "{moves:?}"
    );
    assert_eq!(moves.len(), 16, "{moves:?}");
    let mut s2 = s.clone();
    let (_, undo) = g.play_text(&mut s2, "b2-c3=L").expect("the green large");
    assert_eq!(g.position_text(&s2), "2agL/1(gLarSbbSarS)1/3 turn=B ply=1");
    g.undo(&mut s2, undo);
    assert_eq!(s2, s);
    // Unnamed, the move is the top ship's; a wrong name is not a move.
    assert!(g.play_text(&mut s.clone(), "b2-c3=M").is_err());
    let r = icebox::testing::conformance(&g, 10, 3).expect("conforms");
    assert!(r.positions > 0);
    refused(&[
        (
            toml.replace(
                "from_inside = true",
                "from_inside = true\ncarry = \"stack\"",
            ),
            "a piece moved from inside a stack moves alone",
        ),
        (
            toml.replace("kind = \"fly\"", "kind = \"place\"\nzone = \"x\""),
            "`from_inside` is a key of",
        ),
    ]);
}
