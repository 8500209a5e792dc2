//! Kinds named by more than one letter (`[pieces.Cannon]`): written `<Cannon>` in positions,
//! moves, records and stashes, named `"Cannon"` by keys and scripts; one-letter kinds beside
//! them keep their short texts. What a definition is refused, and each of these played,
//! undone, written and read back.

use super::helpers::{load, load_with, moves_at, refused};

/// White and Black on a 4x4 board: pawns that promote to a Dragon on the far row, Horses
/// that step, and Cannons dropped from a hand (two each, one red and one green for Black).
fn game(extra: &str) -> String {
    format!(
        r#"
[game]
id = "names"
name = "Names"

[players]
seats = [{{ name = "White", letter = "w" }}, {{ name = "Black", letter = "b" }}]

[board]
grid = {{ files = 4, ranks = 4 }}

[regions.far]
White = ["a4..d4"]
Black = ["a1..d1"]

[directions.forward]
White = "n"
Black = "s"

[zones.hand]
per = "seat"

[pieces.P]
name = "pawn"

[pieces.Horse]
name = "horse"
size = 2

[pieces.Cannon]
name = "cannon"
size = 3

[pieces.Dragon]
name = "dragon"
size = 4

[stash]
seat = {{ P = 1, Horse = 1, Cannon = 2, Dragon = 1 }}

[setup]
rows = ["4", "1b<Horse>1wP", "w<Horse>3", "4"]
zones = {{ "hand.White" = "2w<Cannon>", "hand.Black" = "b<Cannon>" }}

[generators.push]
kinds = ["P"]
directions = ["forward"]
over_max = 0
land = "empty"
promote = {{ region = "far", to = ["Dragon"] }}

[generators.trot]
kinds = ["Horse"]
directions = ["n", "e", "s", "w"]
over_max = 0
land = "empty"

[generators.drop]
kind = "place"
zone = "hand"
land = "empty"
kinds = ["Cannon"]

[rules]
generators = ["push", "trot", "drop"]
{extra}
"#
    )
}

#[test]
fn a_named_kind_is_written_in_angle_brackets_beside_one_letter_kinds() {
    let g = load(&game("")).expect("loads");
    let s = g.start().expect("start");
    assert_eq!(
        g.position_text(&s),
        "4/1b<Horse>1wP/w<Horse>3/4 turn=White hand.White=2w<Cannon> hand.Black=b<Cannon>"
    );
    // A position reads back to the same state, names and letters run together in a row.
    let back = g.position(&g.position_text(&s)).expect("reads back");
    assert_eq!(back, s);
    let mut moves = moves_at(&g, &s);
    moves.sort();
    let mut want: Vec<String> = ["a2-a1", "a2-a3", "a2-b2", "d3-d4=<Dragon>"]
        .into_iter()
        .map(String::from)
        .collect();
    for c in [
        "a1", "a3", "a4", "b1", "b2", "b4", "c1", "c2", "c3", "c4", "d1", "d2", "d4",
    ] {
        want.push(format!("<Cannon>@{c}"));
    }
    want.sort();
    assert_eq!(moves, want);
}

#[test]
fn moves_that_name_a_kind_play_undo_and_resolve_from_short_forms() {
    let g = load(&game("")).expect("loads");
    let s = g.start().expect("start");
    let mut s2 = s.clone();
    let (_, undo) = g.play_text(&mut s2, "d3-d4=<Dragon>").expect("a promotion");
    assert_eq!(
        g.position_text(&s2),
        "3w<Dragon>/1b<Horse>2/w<Horse>3/4 turn=Black ply=1 hand.White=2w<Cannon> hand.Black=b<Cannon>"
    );
    g.undo(&mut s2, undo);
    assert_eq!(s2, s);
    // The promotion's suffix may be left out (there is one choice); a drop may be asked for
    // by kind and cell.
    let mut s3 = s.clone();
    g.play_text(&mut s3, "d3-d4").expect("the one promotion");
    assert_eq!(s3, {
        let mut x = s.clone();
        g.play_text(&mut x, "d3-d4=<Dragon>")
            .expect("the promotion");
        x
    });
    let mut s4 = s.clone();
    let moves = g.legal_moves(&s).expect("moves");
    let drop = match icebox::notation::shorthand(g.tables(), &s, &moves, "<Cannon>c3")[..] {
        [i] => moves[i].clone(),
        ref other => panic!("one drop, not {other:?}"),
    };
    g.play(&mut s4, &drop).expect("a shorthand drop");
    assert_eq!(
        g.position_text(&s4),
        "4/1b<Horse>w<Cannon>wP/w<Horse>3/4 turn=Black ply=1 hand.White=w<Cannon> hand.Black=b<Cannon>"
    );
    // A misspelt name is no move, and the closest legal move is spelt right.
    let err = g
        .play_text(&mut s.clone(), "<Canon>@c3")
        .expect_err("no such kind")
        .to_string();
    assert!(
        err.contains("`<Canon>@c3` is not a legal move; closest legal moves: <Cannon>@c3"),
        "{err}"
    );
    let r = icebox::testing::conformance(&g, 20, 6).expect("conforms");
    assert!(r.positions > 0);
}

#[test]
fn a_record_of_named_kinds_replays() {
    let g = load(&game("")).expect("loads");
    let text = "1. White: <Cannon>@c2\n2. Black: b3-b4\n3. White: d3-d4=<Dragon>\n";
    let rec = icebox::record::Record::parse("mem", text).expect("a record");
    let (s, _) = icebox::record::replay(&g, &rec).expect("replays");
    assert_eq!(
        g.position_text(&s),
        "1b<Horse>1w<Dragon>/4/w<Horse>1w<Cannon>1/4 turn=Black ply=3 hand.White=w<Cannon> hand.Black=b<Cannon>"
    );
}

#[test]
fn scripts_name_a_kind_by_its_key() {
    // `s.kind` gives the key; `count_stacks` and `move_promote` read names, in words or
    // brackets.
    let script = r#"
fn moves(s) {
    s.gen("push");
    s.gen("trot");
    let i = s.add_move(s.cell("a2"), s.cell("a3"));
    s.move_promote(i, "Cannon");
}
fn after_move(s, m) {
    if s.kind(s.top(m.to)) == "Cannon" && s.count_stacks(m.mover, "far", "Horse <Cannon>") == 0 {
        s.win(m.mover, "a cannon by a horse");
    }
}
"#;
    let toml = game("").replace(
        "generators = [\"push\", \"trot\", \"drop\"]",
        "script = \"r.rhai\"",
    );
    let g = load_with(&toml, Some(script), &[]).expect("loads");
    let s = g.start().expect("start");
    let mut s2 = s.clone();
    g.play_text(&mut s2, "a2-a3=<Cannon>")
        .expect("a scripted promotion");
    let o = s2.outcome().expect("over");
    assert_eq!(g.outcome_text(o, &[]), "White wins: a cannon by a horse");
}

#[test]
fn a_colour_stash_key_names_a_kind_too() {
    let colours = game("")
        .replace(
            "[pieces.Cannon]\nname = \"cannon\"",
            "[pieces.Cannon]\nname = \"cannon\"\ncolours = [\"red\", \"green\"]",
        )
        .replace("Cannon = 2,", "rCannon = 1, \"g<Cannon>\" = 1,")
        .replace("\"2w<Cannon>\"", "\"wr<Cannon> wg<Cannon>\"")
        .replace("\"b<Cannon>\"", "\"br<Cannon>\"");
    let g = load(&colours).expect("loads");
    let s = g.start().expect("start");
    assert!(
        g.position_text(&s)
            .ends_with("hand.White=wr<Cannon>,wg<Cannon> hand.Black=br<Cannon>"),
        "{}",
        g.position_text(&s)
    );
    // Two reds for White are more than the stash holds.
    refused(&[(
        colours.replace("\"wr<Cannon> wg<Cannon>\"", "\"2wr<Cannon>\""),
        "the set-up places 2 red cannon (of seat White) but the stash holds 1",
    )]);
}

#[test]
fn kind_names_are_refused_where_they_are_wrong() {
    let many: String = (0..65)
        .map(|i| format!("[pieces.K{i}]\nname = \"k{i}\"\n"))
        .collect();
    refused(&[
        (
            game("").replace("[pieces.Horse]", "[pieces.horse]"),
            "piece kind `horse` must be one upper-case letter (`Q`) or a name of letters and digits that begins with one (`Cannon`, written `<Cannon>` in positions and moves)",
        ),
        (
            game("").replace("[pieces.Horse]", "[pieces.\"Ho-rse\"]"),
            "piece kind `Ho-rse` must be",
        ),
        (
            game("").replace("[pieces.Horse]", &format!("{many}[pieces.Horse]")),
            "at most 64 piece kinds",
        ),
        (
            game("").replace("kinds = [\"Cannon\"]", "kinds = [\"Canon\"]"),
            "`Canon` is not a piece kind",
        ),
        (
            game("").replace("1b<Horse>1wP", "1b<Hose>1wP"),
            "`<Hose>` is not a piece kind of this game (kinds: <Cannon> <Dragon> <Horse> P)",
        ),
        (
            game("").replace("1b<Horse>1wP", "1bHorse1wP"),
            "(a kind named by more than one letter is written in angle brackets, like `<Horse>`)",
        ),
    ]);
}

#[test]
fn broken_brackets_and_parts_are_unreadable_and_near_misses_illegal() {
    use icebox::game::PlayError;
    use icebox::notation::MoveError;
    let g = load(&game("")).expect("loads");
    let s = g.start().expect("start");
    for text in [
        "&",
        "&&",
        "<",
        "<>",
        "<<Cannon>>@c3",
        "a<Cannon",
        "<Cannon>@c3&",
        "&<Cannon>@c3",
        "d3-d4&&",
        "d3-d4&x",
        "<cannon>@c3",
        "<C@c3",
        "d3-d4=<>",
        "d3-d4 & & c1=wP",
    ] {
        match g.play_text(&mut s.clone(), text) {
            Err(PlayError::Move(MoveError::Syntax(_))) => {}
            other => panic!("`{text}` should not read: {other:?}"),
        }
    }
    for text in [
        "<Cannon>@c3&c1=wP",
        "d3-d4&xc1",
        "<Horse>@c3",
        "b<Cannon>@c3",
    ] {
        match g.play_text(&mut s.clone(), text) {
            Err(PlayError::Move(MoveError::Illegal { .. })) => {}
            other => panic!("`{text}` should be illegal: {other:?}"),
        }
    }
}
