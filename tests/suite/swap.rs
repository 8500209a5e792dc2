//! The swap (pie) rule, `[rules.swap]`: offered on the second ply while the board holds the
//! first piece alone, taking it over where it stands or mirrored in the long diagonal (Hex),
//! and what a definition is refused.

use super::helpers::{load, moves_at, refused};

#[test]
fn the_swap_rule_takes_over_the_first_piece_where_it_stands_or_mirrored() {
    // A placement game on the 3x3 board: after A's first piece, B may swap it.
    let toml = r#"
[game]
id = "pie"
name = "Pie"

[players]
seats = [{ name = "A" }, { name = "B" }]

[board]
grid = { files = 3, ranks = 3 }

[pieces.S]
name = "small"
colours = ["red", "blue"]

[setup]
zones = { "stash.A" = "3arS", "stash.B" = "3bbS" }

[zones.stash]
per = "seat"

[generators.enter]
kind = "place"
zone = "stash"
land = "empty"

[rules]
generators = ["enter"]
swap = { word = "pie" }"#
        .to_string();
    let g = load(&toml).expect("loads");
    let mut s = g.start().expect("start");
    assert!(!moves_at(&g, &s).contains(&"pie".to_string()));
    g.play_text(&mut s, "rS@a2").expect("A's first piece");
    assert!(moves_at(&g, &s).contains(&"pie".to_string()));
    let mut swapped = s.clone();
    g.play_text(&mut swapped, "pie").expect("the swap");
    assert_eq!(
        g.position_text(&swapped),
        "3/brS2/3 turn=A ply=2 stash.A=2arS stash.B=3bbS"
    );
    // Mirrored in the long diagonal (a3 to c1): a2 becomes b3.
    let g = load(&toml.replace(
        r#"swap = { word = "pie" }"#,
        r#"swap = { word = "pie", mirror = "long-diagonal" }"#,
    ))
    .expect("loads");
    let mut s = g.start().expect("start");
    g.play_text(&mut s, "rS@a2").expect("A's first piece");
    g.play_text(&mut s, "pie").expect("the swap");
    assert!(
        g.position_text(&s).starts_with("1brS1/3/3 turn=A"),
        "{}",
        g.position_text(&s)
    );
    // Only on the second ply.
    g.play_text(&mut s, "rS@a3").expect("A again");
    assert!(!moves_at(&g, &s).contains(&"pie".to_string()));
    refused(&[
        (
            toml.replace(r#"word = "pie""#, r#"word = "Pie!""#),
            "`Pie!` cannot be a word: lower-case letters and `_` only",
        ),
        (
            toml.replace(
                r#"swap = { word = "pie" }"#,
                r#"swap = { mirror = "long-diagonal" }"#,
            )
            .replace(
                "grid = { files = 3, ranks = 3 }",
                "grid = { files = 3, ranks = 2 }",
            ),
            "`long-diagonal` mirrors a square grid with every cell",
        ),
    ]);
}
