//! The move just played, `m` in `after_move(s, m)`.

#[allow(unused_imports)]
use super::*;

/// A location as the script sees it: its number, or -1 for a pass.
fn loc_cell(m: &MoveRef, l: Option<Loc>) -> i64 {
    match l {
        Some(l) if m.0.shape != Shape::Pass => l.index() as i64,
        _ => -1,
    }
}

pub(super) fn register(api: &mut Api) {
    def!(
        api,
        "m.from -> int",
        "Where the move started (a cell or zone location), or -1 for a pass.",
        "let from = s.cell_name(m.from);",
        |m: &mut MoveRef| loc_cell(m, m.0.from())
    );

    def!(
        api,
        "m.to -> int",
        "Where the move ended, or -1 for a pass.",
        "if s.in_region(m.to, \"goal\") { ... }",
        |m: &mut MoveRef| loc_cell(m, m.0.to())
    );

    def!(
        api,
        "m.captures -> int",
        "How many pieces the move captured.",
        "if m.captures > 0 { ... }",
        |m: &mut MoveRef| m.0.captured() as i64
    );

    def!(
        api,
        "m.is_pass -> bool",
        "Whether the move was a pass.",
        "if m.is_pass { return; }",
        |m: &mut MoveRef| m.0.shape == Shape::Pass
    );

    def!(
        api,
        "m.is_place -> bool",
        "Whether the move put a piece from a zone on the board.",
        "if m.is_place { ... }",
        |m: &mut MoveRef| { matches!(m.0.shape, Shape::Place(_)) }
    );

    def!(
        api,
        "m.mover -> int",
        "The seat that made the move.",
        "s.add_score(m.mover, 1);",
        |m: &mut MoveRef| m.1.index() as i64
    );

    def!(
        api,
        "m.is_roll -> bool",
        "Whether the move was a throw of the dice.",
        "if m.is_roll { ... }",
        |m: &mut MoveRef| { matches!(m.0.shape, Shape::Roll(_)) }
    );

    def!(
        api,
        "m.word -> string",
        "The word, for a word move (`double`); \"\" otherwise.",
        "if m.word == \"double\" { ... }",
        |m: &mut MoveRef| m.2.clone()
    );

    def!(
        api,
        "m.is_choice -> bool",
        "Whether the move picked dice from a throw (`use 3 5`).",
        "if m.is_choice { ... }",
        |m: &mut MoveRef| { matches!(m.0.shape, Shape::Choose(_)) }
    );

    // The dice of a throw or of a choice (`roll 3 5 6` gives [3, 5, 6]); empty otherwise.
    def!(
        api,
        "m.dice -> array",
        "The dice of a throw or a choice (`roll 3 5 6` gives [3, 5, 6]); empty otherwise.",
        "let d = m.dice;",
        |m: &mut MoveRef| match m.0.shape {
            Shape::Roll(d) | Shape::Choose(d) => dice_array(d),
            _ => Array::new(),
        }
    );

    // The die a move used up (0 for none).
    def!(
        api,
        "m.die -> int",
        "The die the move used up, or 0.",
        "if m.die == 6 { ... }",
        |m: &mut MoveRef| i64::from(crate::engine::dice_turn::die_used(&m.0))
    );

    def!(
        api,
        "m.piece -> int",
        "The piece the move moved (or placed), or -1.",
        "if s.kind(m.piece) == \"P\" { ... }",
        |m: &mut MoveRef| { moving_piece(&m.0).map_or(-1, |p| p.index() as i64) }
    );
}
