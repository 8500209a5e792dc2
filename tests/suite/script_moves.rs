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
    assert_eq!(moves_at(&g, &s), ["S@a1", "S@b1"]);
    let before = s.clone();
    let (_, undo) = g.play_text(&mut s, "S@b1").expect("legal");
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
