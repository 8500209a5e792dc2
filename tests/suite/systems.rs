//! Star maps (`[board.systems]`): boards that grow and shrink. Systems appear when a ship
//! discovers them (a star from the bank), vanish into the bank when their last ship leaves,
//! and are linked by a rule over their stars; what a definition is refused, and each of these
//! played, undone and written.

use super::helpers::{load, moves_at, refused};

/// Two seats, homes `ha` and `hb`, smalls to larges in red and green; A's home has stars of
/// sizes 1 and 2 and a red large ship, B's stars of sizes 1 and 3 and a green medium ship.
fn game(extra: &str) -> String {
    format!(
        r#"
[game]
id = "stars"
name = "Stars"

[players]
seats = [{{ name = "A" }}, {{ name = "B" }}]

[board.systems]
homes = ["ha", "hb"]
count = 7
bank = "bank"

[zones.bank]

[pieces.S]
name = "small"
size = 1
colours = ["red", "green"]

[pieces.M]
name = "medium"
size = 2
colours = ["red", "green"]

[pieces.L]
name = "large"
size = 3
colours = ["red", "green"]

[setup]
cells = {{ ha = "rS gM arL", hb = "gS rL bgM" }}
zones = {{ bank = "2rS 2gS 2rM 2gM 2rL 2gL" }}

[generators.travel]
kind = "fly"
pieces = "own"
land = "any"
linked = true
discover = true
from_inside = true

[rules]
generators = ["travel"]
{extra}
"#
    )
}

#[test]
fn star_map_keys_are_refused_where_they_are_wrong() {
    refused(&[
        (
            game("").replace("count = 7", "count = 6"),
            "count = 6: the 18 pieces can make 9 systems at once, 7 besides the homes: write count = 7",
        ),
        (
            game("").replace(r#"homes = ["ha", "hb"]"#, r#"homes = ["ha"]"#),
            "1 homes for 2 seats: one home system per seat, in seat order",
        ),
        (
            game("").replace(r#"homes = ["ha", "hb"]"#, r#"homes = ["ha", "s3"]"#),
            "`s3` is the name of a pool system (`s1` to `s7`): name the homes otherwise",
        ),
        (
            game("").replace(r#"bank = "bank""#, r#"bank = "pile""#),
            "`pile` is not a shared zone: the bank is one zone for the table (`[zones.pile]`)",
        ),
        (
            game("").replace("[zones.bank]", "[zones.bank]\nper = \"seat\""),
            "`bank` is not a shared zone",
        ),
        (
            game("[board]\ngrid = { files = 3, ranks = 3 }"),
            "a star map makes its own cells: write no `grid`",
        ),
        (
            game("")
                .replace("discover = true\n", "discover = true\nlinked = false\n")
                .replacen("linked = true\n", "", 1),
            "a discovery is a flight to a new system linked with the old one: write `linked = true` too",
        ),
        (
            game("[regions.home]\nA = [\"s1\"]\nB = [\"s2\"]"),
            "a star map makes the region `home` from its `homes`: name this region otherwise",
        ),
    ]);
}

#[test]
fn a_ship_discovers_a_system_and_the_one_it_left_vanishes_into_the_bank() {
    let g = load(&game("")).expect("loads");
    let s = g.start().expect("start");
    // A's home (sizes 1 and 2) does not link with B's (1 and 3): the only flights discover a
    // system at the first free cell, with a large star (the one size A's home lacks).
    assert_eq!(moves_at(&g, &s), ["ha-s1+gL", "ha-s1+rL"]);
    let mut s2 = s.clone();
    let (_, undo) = g.play_text(&mut s2, "ha-s1+rL").expect("a discovery");
    // The home, its last ship gone, returns its stars to the bank; s1 is a red large star
    // with A's ship.
    assert_eq!(
        g.position_text(&s2),
        "1/(rLarL)3/3/(gSrLbgM) turn=B ply=1 bank=rL,2rM,3rS,2gL,3gM,2gS"
    );
    // B (sizes 1 and 3) links with nothing on the map: it discovers a medium at s2, the
    // first free cell (A's empty home is no free cell).
    assert_eq!(moves_at(&g, &s2), ["hb-s2+gM", "hb-s2+rM"]);
    g.undo(&mut s2, undo);
    assert_eq!(s2, s);
    let r = icebox::testing::conformance(&g, 20, 4).expect("conforms");
    assert!(r.positions > 0);
}

#[test]
fn a_ship_travels_only_between_linked_systems() {
    let g = load(&game("")).expect("loads");
    // s1: a large star with B's ship; s2: a small star with A's ship.
    let s = g
        .position("(rSgMarLagS)/(gLbgM)(rSagM)2/3/(gSrLbgM) turn=A bank=rL,2rM,2rS,2gL,gM,2gS")
        .expect("a map");
    // From A's home (sizes 1 and 2): to s1 (a large), not to s2 or B's home (both share the
    // small size); or to a new system at s3 with a large star. From s2 (a small): to s1, or a
    // new system with a medium or a large star. The red large below the home's top ship is
    // named.
    assert_eq!(
        moves_at(&g, &s),
        [
            "ha-s1",
            "ha-s1=rL",
            "ha-s3+gL",
            "ha-s3+rL",
            "ha-s3=rL+gL",
            "ha-s3=rL+rL",
            "s2-s1",
            "s2-s3+gL",
            "s2-s3+gM",
            "s2-s3+rL",
            "s2-s3+rM"
        ]
    );
    // s2's last ship leaving makes it vanish: its star goes back to the bank.
    let mut s2 = s.clone();
    g.play_text(&mut s2, "s2-s3+gL").expect("a discovery");
    assert!(
        g.position_text(&s2)
            .starts_with("(rSgMarLagS)/(gLbgM)1(gLagM)1/"),
        "{}",
        g.position_text(&s2)
    );
    assert!(
        g.position_text(&s2).contains("3rS"),
        "{}",
        g.position_text(&s2)
    );
}
