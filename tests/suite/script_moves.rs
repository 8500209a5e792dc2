//! Moves the script builds (issue 29): a placement is a move like any other, so the script
//! can add other actions to it (`s.add_place` returns its index): one ply, one undo.

use crate::helpers::{load_with, moves_at};

const GAME: &str = r#"
[game]
id = "place-and-turn"
name = "Place and turn"
[players]
seats = [{ name = "A" }, { name = "B" }]
[board]
grid = { files = 3, ranks = 1 }
[pieces.S]
name = "stone"
[zones.hand]
per = "seat"
[rules]
script = "r.rhai"
no_moves = "draw"
"#;

/// Each placement also turns the piece east of it to the mover's side, when there is one.
const SCRIPT: &str = r#"
fn moves(s) {
    let hand = s.zone("hand");
    let mine = s.zone_pieces("hand", s.turn);
    if mine.len() == 0 { return; }
    for c in 0..3 {
        if s.top(c) >= 0 { continue; }
        let i = s.add_place(hand, mine[0], c);
        let east = s.step(c, "e");
        if east >= 0 && s.top(east) >= 0 && s.owner(s.top(east)) != s.turn {
            s.move_convert(i, east);
        }
    }
}
"#;

#[test]
fn a_placement_built_by_the_script_also_turns_a_piece_in_one_move() {
    let g = load_with(GAME, Some(SCRIPT), &[]).expect("loads");
    let mut s = g
        .position("2bS turn=A hand.A=3aS hand.B=2bS")
        .expect("position");
    // The turn of c1 is a part the script added: the text says it after `&`.
    assert_eq!(moves_at(&g, &s), ["S@a1", "S@b1&c1=aS"]);
    let before = s.clone();
    // The first part alone names the move while it names one legal move (as records written
    // before parts were said do).
    let (m, undo) = g.play_text(&mut s, "S@b1").expect("legal");
    assert_eq!(g.move_text(&before, &m), "S@b1&c1=aS");
    // The placement and the turn of c1 are one ply.
    assert_eq!(
        g.position_text(&s),
        "1aSaS turn=B ply=1 hand.A=2aS hand.B=2bS"
    );
    g.undo(&mut s, undo);
    assert_eq!(s, before);
}

/// Chess with a script added.
fn chess_with(script: &str) -> icebox::Game {
    let toml = std::fs::read_to_string("games/chess/game.toml").expect("chess");
    let toml = toml.replacen("[rules]\n", "[rules]\nscript = \"r.rhai\"\n", 1);
    load_with(&toml, Some(script), &[]).expect("chess with a script loads")
}

#[test]
fn m_piece_is_the_piece_the_move_moved_even_when_it_carries_another() {
    // Castling carries the rook too; the piece the move moved is the king.
    let g = chess_with("fn after_move(s, m) { print(s.kind(m.piece)); }");
    let mut s = g
        .position("4bK3/8/8/8/8/8/8/4wK2wR turn=White")
        .expect("position");
    let ((), said) = icebox::rules::trace::capture(|| {
        g.play_text(&mut s, "e1-g1").expect("castling");
    });
    assert_eq!(said, ["K"]);
}

#[test]
fn cell_numbers_are_counted_and_a_wrong_one_says_the_range() {
    let g = chess_with(
        "fn moves(s) { if s.cell_count() != 64 { throw `${s.cell_count()}`; } s.top(64); }",
    );
    // The start's moves are generated as it settles: the error comes from there.
    let e = g.start().map(drop).map_err(|e| e.message);
    assert_eq!(
        e,
        Err("64 is not a cell: cells are 0 to 63 (s.cell_count() of them; use s.cell(\"name\") to get one)".to_string())
    );
}

#[test]
fn the_board_key_sees_the_pieces_alone() {
    // Knights out and back by two roads: the boards differ on the way and are the start's at
    // the end, so the keys differ and then agree.
    let g = chess_with("fn after_move(s, m) { print(`${s.board_key()}`); }");
    let keys = |moves: [&str; 4]| {
        let mut s = g.start().expect("start");
        let ((), said) = icebox::rules::trace::capture(|| {
            for m in moves {
                g.play_text(&mut s, m).expect("legal");
            }
        });
        said
    };
    let a = keys(["g1-f3", "g8-f6", "f3-g1", "f6-g8"]);
    let b = keys(["b1-c3", "b8-c6", "c3-b1", "c6-b8"]);
    assert_eq!(a.len(), 4);
    assert_ne!(a[0], b[0]);
    assert_ne!(a[0], a[1]);
    assert_eq!(a[3], b[3]);
}

/// A placement may turn either neighbour, one at a time: two moves whose first parts are
/// the same (the fourth pyramid game's "turn up to three pieces" is this, wider). A capture
/// and a second piece moved, in one move, too.
const CHOICES: &str = r#"
fn moves(s) {
    let hand = s.zone("hand");
    let mine = s.zone_pieces("hand", s.turn);
    if mine.len() == 0 { return; }
    for c in 0..3 {
        if s.top(c) >= 0 { continue; }
        for d in ["w", "e"] {
            let n = s.step(c, d);
            if n >= 0 && s.top(n) >= 0 && s.owner(s.top(n)) != s.turn {
                let i = s.add_place(hand, mine[0], c);
                s.move_convert(i, n);
            }
        }
    }
    if s.top(0) >= 0 && s.owner(s.top(0)) == s.turn && s.top(2) >= 0 {
        let i = s.add_move(0, 1);
        s.move_take(i, 2, "hand");
        s.move_also(i, 1, 2);
        s.move_change(i, 2, "M");
    }
}
"#;

fn choices() -> icebox::Game {
    let toml = GAME.replace("[zones.hand]", "[pieces.M]\nname = \"mound\"\n[zones.hand]");
    load_with(&toml, Some(CHOICES), &[]).expect("loads")
}

#[test]
fn moves_alike_but_for_a_part_are_told_apart_by_it() {
    let g = choices();
    let s = g
        .position("bS1bS turn=A hand.A=3aS hand.B=2bS")
        .expect("position");
    assert_eq!(moves_at(&g, &s), ["S@b1&a1=aS", "S@b1&c1=aS"]);
    // The first part alone is ambiguous, and says what to write.
    let err = g
        .play_text(&mut s.clone(), "S@b1")
        .expect_err("ambiguous")
        .to_string();
    assert!(
        err.contains("S@b1&a1=aS") && err.contains("S@b1&c1=aS"),
        "{err}"
    );
    // Written whole, with or without blanks around `&`, each is its own move (the west
    // one leaves B no move: a draw).
    let mut east = s.clone();
    g.play_text(&mut east, "S@b1 & c1=aS")
        .expect("the east turn");
    assert_eq!(
        g.position_text(&east),
        "bSaSaS turn=B ply=1 hand.A=2aS hand.B=2bS"
    );
    let mut west = s.clone();
    let (_, undo) = g.play_text(&mut west, "S@b1&a1=aS").expect("the west turn");
    assert_eq!(
        g.position_text(&west),
        "aSaSbS turn=B ply=1 hand.A=2aS hand.B=2bS result=0,0"
    );
    g.undo(&mut west, undo);
    assert_eq!(west, s);
    // A part no legal move has is no move; the closest legal moves are spelt out.
    let err = g
        .play_text(&mut s.clone(), "S@b1&c1=bS")
        .expect_err("no such part")
        .to_string();
    assert!(
        err.contains("is not a legal move; closest legal moves: S@b1&c1=aS"),
        "{err}"
    );
    // A record of them replays.
    let rec = icebox::record::Record::parse(
        "mem",
        "[Position \"bS1bS turn=A hand.A=3aS hand.B=2bS\"]\n1. A: S@b1&c1=aS\n",
    )
    .expect("a record");
    let (end, _) = icebox::record::replay(&g, &rec).expect("replays");
    assert_eq!(end, east);
}

#[test]
fn a_move_of_several_parts_says_each_in_the_order_played() {
    let g = choices();
    let s = g
        .position("aS1bS turn=A hand.A=aS hand.B=2bS")
        .expect("position");
    // a1-b1, with c1's piece taken (first, before the move's own: the move is a capture,
    // `:`), then the piece on b1 moved on to c1 and changed into a mound there.
    let moves = moves_at(&g, &s);
    assert!(
        moves.contains(&"a1:b1&xc1&b1-c1&c1=aM".to_string()),
        "{moves:?}"
    );
    let mut after = s.clone();
    let (_, undo) = g
        .play_text(&mut after, "a1:b1&xc1&b1-c1&c1=aM")
        .expect("legal");
    assert_eq!(
        g.position_text(&after),
        "2aM turn=B ply=1 hand.A=aS,bS hand.B=2bS"
    );
    g.undo(&mut after, undo);
    assert_eq!(after, s);
    let r = icebox::testing::conformance(&g, 10, 6).expect("conforms");
    assert!(r.positions > 0);
}

#[test]
fn a_part_that_does_not_read_says_where() {
    let g = choices();
    let s = g
        .position("bS1bS turn=A hand.A=3aS hand.B=2bS")
        .expect("position");
    for (text, want) in [
        ("S@b1&", "column 6: this is not a part of a move"),
        ("S@b1&c1", "column 8: this is not a part of a move"),
        ("S@b1&c1=aS&", "column 12: this is not a part of a move"),
        (
            "S@b1&c1=a<Stone",
            "column 9: this is not a part of a move: expected a piece",
        ),
    ] {
        let err = g
            .play_text(&mut s.clone(), text)
            .expect_err(text)
            .to_string();
        assert!(err.contains(want), "{text}: want `{want}` in {err}");
    }
}

/// A step to any empty neighbour on a row of five; after it, `after_move` takes a piece left
/// alone on the trap (c1, with no friend beside it) and pushes an enemy piece it lands next to
/// one cell further.
const TRAPS: &str = r#"
[game]
id = "traps"
name = "Traps"
[players]
seats = [{ name = "A" }, { name = "B" }]
[board]
grid = { files = 7, ranks = 1 }
[pieces.S]
name = "stone"
[generators.step]
over_max = 0
land = "empty"
[rules]
generators = ["step"]
script = "r.rhai"
"#;

const TRAP_SCRIPT: &str = r#"
fn after_move(s, m) {
    let trap = s.cell("c1");
    if s.top(trap) >= 0 {
        let w = s.step(trap, "w");
        let e = s.step(trap, "e");
        let me = s.owner(s.top(trap));
        let friend = (s.top(w) >= 0 && s.owner(s.top(w)) == me) || (s.top(e) >= 0 && s.owner(s.top(e)) == me);
        if !friend { s.take(trap, "captured"); }
    }
    let ahead = s.step(m.to, "e");
    if ahead >= 0 && s.top(ahead) >= 0 && s.owner(s.top(ahead)) != m.mover {
        let further = s.step(ahead, "e");
        if further >= 0 && s.top(further) < 0 { s.shift(ahead, further); }
    }
}
"#;

#[test]
fn after_move_takes_a_piece_left_on_a_trap_and_pushes_another() {
    let g = load_with(TRAPS, Some(TRAP_SCRIPT), &[]).expect("loads");
    // A steps b1-c1: alone on the trap (no A piece beside it), it is taken into A's
    // `captured`, a zone no one declared; the step is undone whole.
    let s = g.position("1aS3bS1 turn=A").expect("position");
    let mut after = s.clone();
    let (_, undo) = g.play_text(&mut after, "b1-c1").expect("legal");
    assert_eq!(g.position_text(&after), "5bS1 turn=B ply=1 captured.A=aS");
    g.undo(&mut after, undo);
    assert_eq!(after, s);
    // With a friend beside it on b1, a piece stays on the trap.
    let s = g.position("1aS1aS1bS1 turn=A").expect("position");
    let mut stays = s.clone();
    g.play_text(&mut stays, "d1-c1").expect("legal");
    assert_eq!(g.position_text(&stays), "1aSaS2bS1 turn=B ply=1");
    // A lands on e1 with B's piece on f1 east of it and g1 empty: B's piece goes on to g1.
    let s = g.position("3aS1bS1 turn=A").expect("position");
    let mut pushed = s.clone();
    let (_, undo) = g.play_text(&mut pushed, "d1-e1").expect("legal");
    assert_eq!(g.position_text(&pushed), "4aS1bS turn=B ply=1");
    g.undo(&mut pushed, undo);
    assert_eq!(pushed, s);
    let r = icebox::testing::conformance(&g, 10, 8).expect("conforms");
    assert!(r.positions > 0);
}

#[test]
fn a_take_of_the_cell_a_move_leaves_is_refused_at_the_script_line() {
    let script = r#"
fn moves(s) {
    let i = s.add_move(s.cell("a1"), s.cell("b1"));
    s.move_take(i, s.cell("a1"), "captured");
}
"#;
    let toml = TRAPS.replace("generators = [\"step\"]\n", "");
    let g = load_with(&toml, Some(script), &[]).expect("loads");
    // The position is refused as soon as its moves are made, at the line that built the move.
    let err = g.position("aS6 turn=A").expect_err("refused").to_string();
    assert!(
        err.contains("r.rhai:4:")
            && err.contains(
                "taking the pieces of a1 before the move's own actions leaves the move unable to play"
            ),
        "{err}"
    );
    // Nor can a move take a piece it brings (issue 35: "a piece that arrives on `c` during
    // the move cannot be taken"): the error at the line says where that is done instead.
    let arriving = script.replace(
        "s.move_take(i, s.cell(\"a1\")",
        "s.move_take(i, s.cell(\"b1\")",
    );
    let g = load_with(&toml, Some(&arriving), &[]).expect("loads");
    let err = g.position("aS6 turn=A").expect_err("refused").to_string();
    assert!(
        err.contains("r.rhai:4:")
            && err.contains("b1 is empty: nothing to take (a take is played before the move; a piece the move brings there is taken from after_move, with s.take)"),
        "{err}"
    );
    // Into `captured`, undeclared, a take of another cell is a part of the move.
    let ok = script
        .replace(
            "s.move_take(i, s.cell(\"a1\")",
            "s.move_take(i, s.cell(\"c1\")",
        )
        .replace(
            "fn moves(s) {",
            "fn moves(s) { if s.top(s.cell(\"a1\")) < 0 { s.add_pass(); return; }",
        );
    let g = load_with(&toml, Some(&ok), &[]).expect("loads");
    let s = g.position("aS1bS4 turn=A").expect("position");
    assert_eq!(moves_at(&g, &s), ["a1:b1&xc1"]);
    let mut after = s.clone();
    g.play_text(&mut after, "a1:b1&xc1").expect("legal");
    assert_eq!(g.position_text(&after), "1aS5 turn=B ply=1 captured.A=bS");
}
