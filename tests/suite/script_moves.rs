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
