//! `[end]` goals that need no script: a line that loses (`[end.losing_line]`, alone and beside
//! a winning line, with `when_both` saying which counts when one move makes both), and a
//! piece reaching a region (`[end.reach]`, per seat, with a kinds filter); every bad setting
//! by its message and the place it points at.

use super::helpers::load;
use super::helpers::play_from_start as play;
use icebox::Game;

/// Two seats placing stones from their hands on a 5x5 grid; `end` is the `[end]` table's body.
fn placing(end: &str) -> String {
    format!(
        r#"[game]
id = "lines"
name = "lines"
[players]
seats = [{{ name = "A" }}, {{ name = "B" }}]
[board]
grid = {{ files = 5, ranks = 5 }}
[zones.hand]
per = "seat"
[pieces.S]
name = "stone"
[pieces.T]
name = "tower"
[setup.zones]
"hand.A" = "8aS 2aT"
"hand.B" = "8bS 2bT"
[moves.place]
kind = "place"
zone = "hand"
[rules]
generators = ["place"]
no_moves = "draw"
[end]
{end}"#
    )
}

/// A's three stones a1 b1 c1, B's out of line in the top row.
const THREE: [&str; 5] = ["S@a1", "S@a5", "S@b1", "S@c5", "S@c1"];
/// A's a1 b1 d1, then c1 joins them into four (and holds three).
const FOUR: [&str; 7] = ["S@a1", "S@a5", "S@b1", "S@c5", "S@d1", "S@e5", "S@c1"];

#[test]
fn three_in_a_row_loses_for_the_seat_that_makes_it() {
    let g = load(&placing("losing_line = { length = 3 }")).expect("loads");
    // Two in a row is nothing yet.
    let (_, o) = play(&g, &THREE[..4]);
    assert_eq!(o, None);
    let (s, o) = play(&g, &THREE);
    assert_eq!(o.as_deref(), Some("B wins: A made 3 in a row"));
    assert_eq!(s.outcome().expect("over").cells.len(), 3);
    // B's stones a5 and c5 with a gap are no line: B placing b5 makes one, and B loses.
    let (_, o) = play(&g, &["S@a1", "S@a5", "S@e3", "S@c5", "S@e1", "S@b5"]);
    assert_eq!(o.as_deref(), Some("A wins: B made 3 in a row"));
}

#[test]
fn four_wins_before_three_loses_unless_the_definition_says_otherwise() {
    let both = "line = { length = 4 }\nlosing_line = { length = 3 }";
    let g = load(&placing(both)).expect("loads");
    // Three alone loses, beside a winning line too.
    assert_eq!(
        play(&g, &THREE).1.as_deref(),
        Some("B wins: A made 3 in a row")
    );
    // c1 makes four (which holds three): by default the win counts first (Yavalath).
    assert_eq!(play(&g, &FOUR).1.as_deref(), Some("A wins: 4 in a row"));
    // `when_both = "lose"`: the same move loses.
    let g = load(&placing(
        "line = { length = 4 }\nlosing_line = { length = 3, when_both = \"lose\" }",
    ))
    .expect("loads");
    assert_eq!(
        play(&g, &FOUR).1.as_deref(),
        Some("B wins: A made 4 in a row")
    );
    // `exact`: four is not a line of exactly three, so it only wins, whatever comes first.
    let g = load(&placing(
        "line = { length = 4 }\nlosing_line = { length = 3, exact = true, when_both = \"lose\" }",
    ))
    .expect("loads");
    assert_eq!(play(&g, &FOUR).1.as_deref(), Some("A wins: 4 in a row"));
    assert_eq!(
        play(&g, &THREE).1.as_deref(),
        Some("B wins: A made 3 in a row")
    );
}

#[test]
fn a_losing_line_counts_only_its_kinds_and_directions() {
    // Only stones count: a tower in the row breaks it.
    let g = load(&placing("losing_line = { length = 3, kinds = [\"S\"] }")).expect("loads");
    let (_, o) = play(&g, &["S@a1", "S@a5", "S@b1", "S@c5", "T@c1"]);
    assert_eq!(o, None, "a tower does not count");
    assert_eq!(
        play(&g, &THREE).1.as_deref(),
        Some("B wins: A made 3 in a row")
    );
    // Only along files: a row of three across is nothing, a column of three loses.
    let g = load(&placing(
        "losing_line = { length = 3, directions = [\"n\"] }",
    ))
    .expect("loads");
    assert_eq!(play(&g, &THREE).1, None);
    let (_, o) = play(&g, &["S@a1", "S@c5", "S@a2", "S@e5", "S@a3"]);
    assert_eq!(o.as_deref(), Some("B wins: A made 3 in a row"));
}

/// Two seats stepping one cell any way on a 3x3 grid, pawns `P` and kings `K`; each seat's
/// goal is a far corner: A's c3, B's a1.
fn stepping(reach: &str) -> String {
    format!(
        r#"[game]
id = "reach"
name = "reach"
[players]
seats = [{{ name = "A" }}, {{ name = "B" }}]
[board]
grid = {{ files = 3, ranks = 3 }}
[regions]
goal = {{ A = ["c3"], B = ["a1"] }}
[pieces.P]
name = "pawn"
[pieces.K]
name = "king"
[setup]
rows = ["3", "1aP1", "1bP1"]
[moves.step]
[rules]
generators = ["step"]
no_moves = "lose"
[end.reach]
{reach}"#
    )
}

/// The outcome after `m` from `position`, as text.
fn after(g: &Game, position: &str, m: &str) -> Option<String> {
    let mut s = g.position(position).expect("position");
    g.play_text(&mut s, m)
        .unwrap_or_else(|e| panic!("{m}: {e}"));
    s.outcome().map(|o| g.outcome_text(o, s.scores()))
}

#[test]
fn a_piece_reaching_its_seats_region_wins() {
    let g = load(&stepping("region = \"goal\"")).expect("loads");
    assert_eq!(
        after(&g, "3/1aP1/1bP1 turn=A", "b2-c3").as_deref(),
        Some("A wins: reached goal")
    );
    // Each seat has its own part: B's corner is nothing to A, A's nothing to B.
    assert_eq!(after(&g, "bP2/1aP1/3 turn=A", "b2-a1"), None);
    assert_eq!(after(&g, "aP2/1bP1/3 turn=B", "b2-c3"), None);
    assert_eq!(
        after(&g, "aP2/1bP1/3 turn=B", "b2-a1").as_deref(),
        Some("B wins: reached goal")
    );
    // A piece that stood there already has not reached it by this move.
    assert_eq!(after(&g, "2aP/aP2/2bP turn=A", "a2-b2"), None);
    // Any kind counts when none is named.
    assert_eq!(
        after(&g, "3/1aK1/1bP1 turn=A", "b2-c3").as_deref(),
        Some("A wins: reached goal")
    );
}

#[test]
fn reaching_counts_only_the_kinds_named() {
    let g = load(&stepping(
        "region = \"goal\"\nkinds = [\"P\"]\nwhy = \"a pawn got through\"",
    ))
    .expect("loads");
    assert_eq!(after(&g, "3/1aK1/1bP1 turn=A", "b2-c3"), None);
    assert_eq!(
        after(&g, "3/1aP1/1bP1 turn=A", "b2-c3").as_deref(),
        Some("A wins: a pawn got through")
    );
}

#[test]
fn bad_goal_settings_are_refused_at_their_key() {
    // Each case: the definition, then the place (line:column) and message the error holds.
    let cases: Vec<(String, &str)> = vec![
        (
            placing("losing_line = { length = 1 }"),
            "game.toml:24:26: a line is at least 2 pieces long",
        ),
        (
            placing("losing_line = { length = 26 }"),
            "game.toml:24:26: a line of 26 cannot be made on a board of 25 cells",
        ),
        (
            placing("line = { length = 4000000000 }"),
            "game.toml:24:19: a line of 4000000000 cannot be made on a board of 25 cells",
        ),
        (
            placing("losing_line = { length = 3, kinds = [\"Q\"] }"),
            "game.toml:24:38: `Q` is not a piece kind",
        ),
        (
            placing("losing_line = { length = 3, directions = [\"up\"] }"),
            "game.toml:24:43: `up` is not a direction of the board",
        ),
        (
            placing("losing_line = { length = 3, when_both = \"draw\" }"),
            "game.toml:24:41: `draw` is not one of: win, lose",
        ),
        (
            stepping("region = \"gaol\""),
            "game.toml:21:10: `gaol` is not a region",
        ),
        (
            stepping("region = \"goal\"\nkinds = [\"X\"]"),
            "game.toml:22:10: `X` is not a piece kind",
        ),
        (
            stepping("kinds = [\"P\"]"),
            "game.toml:20:1: missing field `region`",
        ),
    ];
    for (toml, want) in cases {
        let Err(e) = load(&toml) else {
            panic!("loads, but should say `{want}`");
        };
        assert!(e.contains(want), "want `{want}` in:\n{e}");
    }
}

#[test]
fn dead_one_colour_is_checked_where_it_is_written() {
    let cases: Vec<(String, &str)> = vec![
        (
            placing("dead_one_colour = { kinds = [\"B\"] }"),
            "game.toml:24:30: `B` is not a piece kind",
        ),
        (
            placing("dead_one_colour = { kinds = [] }"),
            "`kinds` needs at least one kind",
        ),
        (
            placing("dead_one_colour = { kinds = [\"S\"], with = [\"K\"] }"),
            "`K` is not a piece kind",
        ),
        (
            placing("dead_one_colour = { kinds = [\"S\"] }").replace(
                "grid = { files = 5, ranks = 5 }",
                "cells = [{ name = \"x\", x = 0, y = 0 }, { name = \"y\", x = 1, y = 0 }]",
            ),
            "`dead_one_colour` needs a grid board",
        ),
    ];
    for (toml, want) in cases {
        let Err(e) = load(&toml) else {
            panic!("loads, but should say `{want}`");
        };
        assert!(e.contains(want), "want `{want}` in:\n{e}");
    }
}

#[test]
fn a_seat_with_no_piece_left_on_the_board_loses() {
    // `[end.home_empty]` without a region: the whole board (Jungle's "captures all of the
    // opponent's pieces"), judged when the turn ends.
    let toml = stepping("region = \"goal\"")
        .replace(
            "[moves.step]",
            "[moves.step]\nover_max = 0\nland = [\"empty\", \"enemy\"]\ncapture = \"land\"",
        )
        .replace("[end.reach]\nregion = \"goal\"", "[end.home_empty]");
    let g = load(&toml).expect("loads");
    assert_eq!(
        after(&g, "3/1aP1/bP2 turn=A", "b2:a1").as_deref(),
        Some("A wins: no piece left on the board")
    );
    // One piece left anywhere is enough.
    assert_eq!(after(&g, "3/1aP1/bP1bP turn=A", "b2:a1"), None);
    // The whole board is the default; a region for everybody is still refused, saying so.
    let shared = toml
        .replace("goal = { A = [\"c3\"], B = [\"a1\"] }", "goal = [\"c3\"]")
        .replace("[end.home_empty]", "[end.home_empty]\nregion = \"goal\"");
    let Err(e) = load(&shared) else {
        panic!("a shared region loads");
    };
    assert!(
        e.contains("is one region for everybody: a home is a per-seat region (leave `region` out for the whole board)"),
        "{e}"
    );
}
