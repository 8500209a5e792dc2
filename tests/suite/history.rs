//! Moves that depend on what happened earlier: castling (`kind = "castle"`, the unmoved
//! pieces), en passant (`passable`, `en_passant`, the cell passed over) and dead positions
//! (`[end] dead`), on small boards that are not chess, and every bad setting by its message.

use icebox::Game;

use super::helpers::{load, moves_at as moves, refused};

/// A row of 6 cells (`a1`..`f1`) and a column for pawns: K (king) and R (rook) castle, P
/// (pawn) steps north two at a time from rank 1 and captures en passant; `extra` is added.
fn game(extra: &str) -> String {
    format!(
        r#"[game]
id = "h"
name = "h"
[players]
seats = [{{ name = "A", forward = "n" }}, {{ name = "B", forward = "s" }}]
[board]
grid = {{ files = 6, ranks = 4 }}
[pieces.K]
name = "king"
[pieces.R]
name = "rook"
[pieces.P]
name = "pawn"
[pieces.B]
name = "bishop"
[setup.cells]
b1 = "aK"
f1 = "aR"
a1 = "aR"
e4 = "bK"
[moves.step]
kinds = ["R"]
directions = ["n", "e", "s", "w"]
over_max = "any"
land = ["empty", "enemy"]
capture = "land"
[moves.king]
like = "step"
kinds = ["K"]
over_max = 0
[moves.castle]
kind = "castle"
kinds = ["K"]
partner = ["R"]
directions = ["e", "w"]
{extra}
[rules]
generators = ["step", "king", "castle"]
"#
    )
}

fn play(g: &Game, s: &mut icebox::engine::State, line: &[&str]) {
    for m in line {
        g.play_text(s, m).unwrap_or_else(|e| panic!("`{m}`: {e}"));
    }
}

#[test]
fn castling_moves_two_cells_toward_an_unmoved_partner_which_jumps_over() {
    let g = load(&game("")).expect("loads");
    let s = g.start().expect("start");
    let all = moves(&g, &s);
    // Toward f1: the king to d1, the rook to c1. Toward a1: only one empty cell between, less
    // than the two steps.
    assert!(all.contains(&"b1-d1".to_string()), "{all:?}");
    assert!(!all.iter().any(|m| m == "b1-a1" || m.starts_with("b1-z")));
    let mut after = s.clone();
    play(&g, &mut after, &["b1-d1"]);
    let text = g.position_text(&after);
    assert!(text.starts_with("4bK1/6/6/aR1aRaK2"), "{text}");
    // A rook that moved and came back gives no castling: it is listed as moved.
    let mut back = s.clone();
    play(&g, &mut back, &["f1-f2", "e4-e3", "f2-f1", "e3-e4"]);
    let text = g.position_text(&back);
    assert!(text.contains("moved=f1"), "{text}");
    assert!(!moves(&g, &back).contains(&"b1-d1".to_string()));
    // The text reads back to the same state, castling right and all.
    assert_eq!(g.position(&text).expect("reads"), back);
}

#[test]
fn castling_is_not_out_of_through_or_into_an_attack_unless_safe_is_off() {
    // B's rook on c4 attacks c1, a cell the king crosses.
    let toml = game("").replace("e4 = \"bK\"", "e4 = \"bK\"\nc4 = \"bR\"");
    let g = load(&toml).expect("loads");
    assert!(!moves(&g, &g.start().expect("start")).contains(&"b1-d1".to_string()));
    let unsafe_ok = load(&toml.replace(
        "directions = [\"e\", \"w\"]",
        "directions = [\"e\", \"w\"]\nsafe = false",
    ))
    .expect("loads");
    assert!(moves(&unsafe_ok, &unsafe_ok.start().expect("start")).contains(&"b1-d1".to_string()));
}

/// With a royal king, the check test judges a castling as the position after it: the rook's
/// new cell blocks a line to the king, and its old cell, left bare, opens one. (`royal_step`
/// answers it without playing the move; these are the cases where the rook decides.)
#[test]
fn castling_leaves_the_king_safe_only_as_the_rook_leaves_the_lines_to_it() {
    let royal = |toml: String| {
        load(&toml.replace(
            "generators = [\"step\", \"king\", \"castle\"]",
            "generators = [\"step\", \"king\", \"castle\"]\nroyal = \"K\"",
        ))
        .expect("loads")
    };
    // B's rook on a1 attacks the king on b1; castling out of it is allowed (`safe = false`),
    // and the rook landing on c1 shields the king on d1 from a1.
    let shielded = royal(game("").replace("a1 = \"aR\"", "a1 = \"bR\"").replace(
        "directions = [\"e\", \"w\"]",
        "directions = [\"e\", \"w\"]\nsafe = false",
    ));
    let all = moves(&shielded, &shielded.start().expect("start"));
    assert!(all.contains(&"b1-d1".to_string()), "{all:?}");
    // On a row of seven, B's rook on g1 is blocked by A's rook on f1 until castling moves it:
    // the king would land on d1 in the line it opened.
    let opened = royal(
        game("")
            .replace("files = 6", "files = 7")
            .replace("e4 = \"bK\"", "e4 = \"bK\"\ng1 = \"bR\""),
    );
    let all = moves(&opened, &opened.start().expect("start"));
    assert!(!all.contains(&"b1-d1".to_string()), "{all:?}");
    assert!(all.contains(&"b1-c1".to_string()), "{all:?}");
}

const PAWNS: &str = r#"
[moves.double]
kinds = ["P"]
directions = ["forward"]
over_min = 1
over_max = 1
passable = true
[moves.take]
kinds = ["P"]
directions = ["forward_left", "forward_right"]
land = "enemy"
capture = "land"
en_passant = true
"#;

#[test]
fn a_passable_move_may_be_taken_en_passant_on_the_next_move_only() {
    let toml = game(PAWNS).replace(
        "generators = [\"step\", \"king\", \"castle\"]",
        "generators = [\"step\", \"king\", \"castle\", \"double\", \"take\"]",
    );
    let g = load(&toml).expect("loads");
    // A's pawn on c1 steps to c3 past c2; B's pawn on d3 takes it on c2.
    let mut s = g.position("4bK1/3bP2/6/2aP3 turn=A").expect("position");
    play(&g, &mut s, &["c1-c3"]);
    let text = g.position_text(&s);
    assert!(text.contains("passed=c2,c3"), "{text}");
    assert!(
        moves(&g, &s).contains(&"d3:c2".to_string()),
        "{:?}",
        moves(&g, &s)
    );
    play(&g, &mut s, &["d3:c2"]);
    let text = g.position_text(&s);
    assert!(
        text.starts_with("4bK1/6/2bP3/6") && text.contains("captured.B=aP"),
        "{text}"
    );
    // Not a move later.
    let mut late = g.position("4bK1/3bP2/6/2aP3 turn=A").expect("position");
    play(&g, &mut late, &["c1-c3", "e4-e3"]);
    assert!(!g.position_text(&late).contains("passed="));
    // A double step nobody can take leaves no passed cell.
    let mut lone = g.position("4bK1/6/6/2aP3 turn=A").expect("position");
    play(&g, &mut lone, &["c1-c3"]);
    assert!(!g.position_text(&lone).contains("passed="));
}

#[test]
fn a_dead_position_is_drawn_after_the_capture_that_makes_it() {
    let toml = game("[end]\ndead = [[\"K\", \"K\"]]");
    let g = load(&toml).expect("loads");
    let mut s = g.position("6/6/4bK1/aKbR4 turn=A").expect("position");
    play(&g, &mut s, &["a1:b1"]);
    let o = s.outcome().expect("drawn");
    assert_eq!(
        g.outcome_text(o, s.scores()),
        "Draw: dead position: no move can change the result"
    );
}

#[test]
fn bad_settings_and_texts_say_what_to_write() {
    let cases = [
        (
            game("").replace("partner = [\"R\"]\n", ""),
            "a `castle` generator needs `partner`",
        ),
        (
            game("").replace("kind = \"castle\"\nkinds = [\"K\"]", "kind = \"castle\""),
            "a `castle` generator needs `kinds`",
        ),
        (
            game("").replace("partner = [\"R\"]", "partner = [\"Z\"]"),
            "`Z` is not a piece kind",
        ),
        (
            game(&PAWNS.replace("capture = \"land\"\nen_passant", "en_passant")),
            "`en_passant` takes the piece that passed as a capture on landing",
        ),
        (
            game("").replace(
                "directions = [\"e\", \"w\"]",
                "directions = [\"e\"]\nsteps = 0",
            ),
            "steps = 0",
        ),
        (
            game("").replace("kind = \"castle\"", "kind = \"castle\"\nover_max = 2"),
            "`over_max` is a key of `ray` generators; this one is kind = \"castle\"",
        ),
        (
            game("[end]\ndead = [[\"K\", \"Q\"]]"),
            "`Q` is not a piece kind",
        ),
    ];
    refused(&cases);
    let g = load(&game(PAWNS)).expect("loads");
    for (text, want) in [
        (
            "6/6/6/aK5 turn=A moved=b1",
            "moved lists set-up cells still holding",
        ),
        (
            "6/6/6/1aK4 turn=A passed=c2",
            "passed is the cell passed over, then the cell",
        ),
        (
            "6/6/6/1aK4 turn=A var.castle_wk=0",
            "castling rights are written `moved=h1,e8`",
        ),
    ] {
        let Err(e) = g.position(text) else {
            panic!("`{text}` reads");
        };
        assert!(e.to_string().contains(want), "want `{want}` in:\n{e}");
    }
}
