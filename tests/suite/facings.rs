//! Pieces that point (`[pieces.X] facings`): what a definition may say about them and what it
//! is refused, how their text reads and is refused, and the mechanism away from Pikemen (a
//! board of other directions, a placement that chooses a facing, standing up only, facings
//! that survive a conversion and are dropped by a capture).

use super::helpers::{load, moves_at, refused};

/// A small board with pointing pieces; `extra` adds keys or tables at the end (an empty
/// `[rules]` when it has none).
fn game(extra: &str) -> String {
    let rules = if extra.contains("[rules]") {
        ""
    } else {
        "[rules]"
    };
    format!(
        r#"
[game]
id = "pointing"
name = "Pointing"

[players]
seats = [{{ name = "A" }}, {{ name = "B" }}]

[board]
grid = {{ files = 4, ranks = 4 }}

[pieces.S]
name = "small"
facings = ["up", "all"]

[pieces.K]
name = "king"

[setup]
cells = {{ a1 = "aS", d4 = "bS" }}
{extra}
{rules}
"#
    )
}

#[test]
fn facing_keys_are_refused_where_they_are_wrong() {
    refused(&[
        (
            game("").replace(r#"facings = ["up", "all"]"#, r#"facings = ["up", "north"]"#),
            "`north` is not a facing: write `up`, `all` or one of the board's directions",
        ),
        (
            game(
                r#"
[generators.turn]
kind = "turn"
kinds = ["K"]
[rules]
generators = ["turn"]"#,
            ),
            "none of its kinds has `facings`",
        ),
        (
            game(
                r#"
[generators.turn]
kind = "turn"
when_facing = ["sideways"]
[rules]
generators = ["turn"]"#,
            ),
            "`sideways` is not a facing: write `up`, `lying` or a direction of the board",
        ),
        (
            game(
                r#"
[generators.turn]
kind = "turn"
turn_to = "keep"
[rules]
generators = ["turn"]"#,
            ),
            "a turn changes how the piece stands",
        ),
        (
            game(
                r#"
[generators.charge]
directions = ["facing", "n"]
[rules]
generators = ["charge"]"#,
            ),
            "`facing` (where the piece points) stands alone",
        ),
        (
            game(
                r#"
[generators.turn]
kind = "turn"
over_max = 2
[rules]
generators = ["turn"]"#,
            ),
            "`over_max` is a key of `ray` generators; this one is kind = \"turn\"",
        ),
        (
            game(
                r#"
[generators.charge]
directions = ["facing"]
land = ["empty", "enemy sideways"]
[rules]
generators = ["charge"]"#,
            ),
            "sideways",
        ),
        (
            game(
                r#"
[generators.charge]
directions = ["facing"]
land = ["enemy lying", "enemy smaller", "own lying", "neutral lying", "enemy larger"]
[rules]
generators = ["charge"]"#,
            ),
            "5 entries join several conditions: a list holds at most 4",
        ),
        (
            game(
                r#"
[generators.charge]
directions = ["facing"]
land = ["empty", "lone-enemy lying"]
[rules]
generators = ["charge"]"#,
            ),
            "`lone-enemy` looks at the whole stack and stands alone in a list",
        ),
    ]);
}

#[test]
fn kinds_that_do_not_point_move_as_they_are_and_only_a_kind_that_stands_is_stood_up() {
    // One generator moves the pointing small and the king: the small chooses its facing,
    // the king's moves read as before (no `[up]`).
    let g = load(
        &game("[generators.step]\nturn_to = \"any\"\n[rules]\ngenerators = [\"step\"]").replace(
            r#"a1 = "aS", d4 = "bS""#,
            r#"a1 = "aS", b3 = "aK", d4 = "bS""#,
        ),
    )
    .expect("loads");
    let s = g.start().expect("start");
    let moves = moves_at(&g, &s);
    assert!(moves.contains(&"b3-c4".to_string()), "{moves:?}");
    assert!(
        !moves.iter().any(|m| m.starts_with("b3") && m.contains('[')),
        "{moves:?}"
    );
    assert!(moves.contains(&"a1-b2[up]".to_string()) && moves.contains(&"a1-b2[sw]".to_string()));
    // `turn_to = "up"` offers nothing to a kind that may not stand: its moves are dropped
    // rather than stood up against its `facings`.
    let g = load(
        &game("[generators.step]\nturn_to = \"up\"\n[rules]\ngenerators = [\"step\"]")
            .replace(r#"facings = ["up", "all"]"#, r#"facings = ["n", "s"]"#)
            .replace(
                r#"a1 = "aS", d4 = "bS""#,
                r#"a1 = "aS[n]", b3 = "aK", d4 = "bS[s]""#,
            ),
    )
    .expect("loads");
    let s = g.start().expect("start");
    let moves = moves_at(&g, &s);
    assert!(moves.iter().all(|m| m.starts_with("b3")), "{moves:?}");
}

#[test]
fn too_many_piece_values_are_refused_with_the_count() {
    // 11 kinds x 3 owners x (standing + 8 directions), and the king's 3: 300 piece values.
    let kinds: String = "ABCDEFGHJLM"
        .chars()
        .map(|k| format!("[pieces.{k}]\nname = \"p{k}\"\nfacings = [\"up\", \"all\"]\n"))
        .collect();
    let toml = game("[generators.turn]\nkind = \"turn\"\n[rules]\ngenerators = [\"turn\"]")
        .replace(
            "[pieces.S]\nname = \"small\"\nfacings = [\"up\", \"all\"]\n",
            &kinds,
        )
        .replace(r#"a1 = "aS", d4 = "bS""#, r#"a1 = "aA""#);
    let Err(e) = load(&toml) else {
        panic!("300 piece values should be refused");
    };
    assert!(e.contains("300 piece values"), "{e}");
}

#[test]
fn piece_text_says_the_facing_and_refuses_a_wrong_one() {
    let g = load(&game(
        "[generators.turn]\nkind = \"turn\"\n[rules]\ngenerators = [\"turn\"]",
    ))
    .expect("loads");
    let s = g.position("aS[ne]3/4/4/bS[s]3 turn=A").expect("reads");
    assert_eq!(g.position_text(&s), "aS[ne]3/4/4/bS[s]3 turn=A");
    for (text, want) in [
        (
            "aS[up]3/4/4/4 turn=A",
            "a small lies along n ne e se s sw w nw, not `up`",
        ),
        (
            "aK[n]3/4/4/4 turn=A",
            "a king does not lie pointing (it has no `facings`)",
        ),
        ("aS[ne3/4/4/4 turn=A", "expected"),
    ] {
        let e = g.position(text).expect_err("refused").to_string();
        assert!(e.contains(want), "{text}: want `{want}` in {e}");
    }
}

#[test]
fn a_turn_offers_every_other_facing_and_up_only_stands() {
    let g = load(&game(
        "[generators.turn]\nkind = \"turn\"\n[rules]\ngenerators = [\"turn\"]",
    ))
    .expect("loads");
    let s = g.position("4/4/4/aS[e]3 turn=A").expect("reads");
    let moves = moves_at(&g, &s);
    assert_eq!(moves.len(), 8, "{moves:?}");
    assert!(moves.contains(&"a1[up]".to_string()) && !moves.contains(&"a1[e]".to_string()));
    let g = load(&game(
        "[generators.turn]\nkind = \"turn\"\nturn_to = \"up\"\n[rules]\ngenerators = [\"turn\"]",
    ))
    .expect("loads");
    let s = g.position("4/4/4/aS[e]3 turn=A").expect("reads");
    assert_eq!(moves_at(&g, &s), ["a1[up]"]);
    let s = g.position("4/4/4/aS3 turn=A").expect("reads");
    assert!(
        moves_at(&g, &s).is_empty(),
        "a standing piece cannot stand up"
    );
}

#[test]
fn a_placement_chooses_its_facing_among_the_kinds_own() {
    // Spike's launch: a piece enters lying, orthogonally only ("diagonal facings are
    // prohibited"), never standing.
    let toml = r#"
[game]
id = "launch"
name = "Launch"

[players]
seats = [{ name = "A" }, { name = "B" }]

[board]
grid = { files = 3, ranks = 3 }

[zones.stash]
per = "seat"

[pieces.S]
name = "small"
facings = ["n", "e", "s", "w"]

[setup]
zones = { "stash.A" = "2aS", "stash.B" = "2bS" }

[generators.launch]
kind = "place"
zone = "stash"
turn_to = "any"

[rules]
generators = ["launch"]
"#;
    let g = load(toml).expect("loads");
    let s = g.start().expect("start");
    let moves = moves_at(&g, &s);
    assert_eq!(moves.len(), 9 * 4, "{moves:?}");
    assert!(moves.contains(&"S@b2[w]".to_string()) && !moves.contains(&"S@b2[ne]".to_string()));
    let mut s = s;
    let m = g.legal_moves(&s).expect("moves");
    let m = m
        .iter()
        .find(|m| g.move_text(&s, m) == "S@b2[w]")
        .expect("the move")
        .clone();
    g.play(&mut s, &m).expect("plays");
    assert!(
        g.position_text(&s).starts_with("3/1aS[w]1/3 turn=B"),
        "{}",
        g.position_text(&s)
    );
}

#[test]
fn a_captured_lying_piece_stands_in_the_zone_and_a_converted_one_keeps_pointing() {
    let g = load(&game(
        r#"
[generators.charge]
directions = ["facing"]
over_max = "any"
land = ["empty", "enemy"]
capture = "land"
[rules]
generators = ["charge"]"#,
    ))
    .expect("loads");
    let mut s = g.position("4/4/4/aS[e]2bS[w] turn=A").expect("reads");
    let m = g.legal_moves(&s).expect("moves");
    let m = m
        .iter()
        .find(|m| g.move_text(&s, m) == "a1:d1")
        .expect("the capture")
        .clone();
    g.play(&mut s, &m).expect("plays");
    assert_eq!(
        g.position_text(&s),
        "4/4/4/3aS[e] turn=B ply=1 captured.A=bS result=0,1"
    );
    // Reversi's conversion of a lying piece: its owner changes, its facing stays.
    let g = load(
        &game(
            r#"
[generators.put]
kind = "place"
zone = "stash"
convert = { by = "enclose" }
[zones.stash]
per = "seat"
[rules]
generators = ["put"]"#,
        )
        .replace(
            r#"cells = { a1 = "aS", d4 = "bS" }"#,
            r#"zones = { "stash.A" = "aS" }"#,
        ),
    )
    .expect("loads");
    let mut s = g
        .position("4/4/4/aSbS[n]2 turn=A stash.A=aS")
        .expect("reads");
    let m = g.legal_moves(&s).expect("moves");
    let m = m
        .iter()
        .find(|m| g.move_text(&s, m) == "S@c1")
        .expect("the placement")
        .clone();
    g.play(&mut s, &m).expect("plays");
    assert_eq!(
        g.position_text(&s),
        "4/4/4/aSaS[n]aS1 turn=B ply=1 result=0,1"
    );
}

#[test]
fn a_lying_piece_charges_along_a_listed_boards_own_direction() {
    // A track of cells linked `up` and `down`: a piece lying `up` runs up it.
    let g = load(
        r#"
[game]
id = "track"
name = "Track"

[players]
seats = [{ name = "A" }, { name = "B" }]

[board]
cells = [{ name = "p1" }, { name = "p2" }, { name = "p3" }]
links = [{ from = "p1", to = "p2", dir = "up", back = "down" }, { from = "p2", to = "p3", dir = "up", back = "down" }]

[pieces.S]
name = "small"
facings = ["all"]

[setup]
cells = { p1 = "aS[up]" }

[generators.charge]
directions = ["facing"]
over_max = "any"

[rules]
generators = ["charge"]
"#,
    )
    .expect("loads");
    let s = g.start().expect("start");
    assert_eq!(moves_at(&g, &s), ["p1-p2", "p1-p3"]);
}

#[test]
fn a_script_reads_and_sets_facings_several_pieces_in_one_move() {
    // After each turn in place, every piece next to the turned one stands up (a move that
    // turns several pieces); a piece that cannot point a way is refused at the script line.
    let toml = game(
        "[generators.turn]\nkind = \"turn\"\n[rules]\nscript = \"r.rhai\"\ngenerators = [\"turn\"]",
    );
    let script = r#"
fn after_move(s, m) {
    for d in ["n", "e", "s", "w"] {
        let n = s.step(m.to, d);
        if n >= 0 && s.facing(n) != "" && s.facing(n) != "up" { s.set_facing(n, "up"); }
    }
}"#;
    let g = super::helpers::load_with(&toml, Some(script), &[]).expect("loads");
    let mut s = g.position("4/4/aS[n]3/aSaS[w]2 turn=A").expect("reads");
    g.play_text(&mut s, "a1[e]").expect("plays");
    assert_eq!(
        g.position_text(&s),
        "4/4/aS3/aS[e]aS2 turn=B ply=1 result=0,1"
    );
    let bad = "fn after_move(s, m) { s.set_facing(m.to, \"north\"); }";
    let g = super::helpers::load_with(&toml, Some(bad), &[]).expect("loads");
    let mut s = g.position("4/4/4/aS3 turn=A").expect("reads");
    let e = g
        .play_text(&mut s, "a1[e]")
        .err()
        .map(|e| e.to_string())
        .unwrap_or_default();
    assert!(
        e.contains("`north` is not a direction of this board (or `up`)"),
        "{e}"
    );
}
