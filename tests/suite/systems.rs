//! Star maps (`[board.systems]`): boards that grow and shrink. Systems appear when a ship
//! discovers them (a star from the bank), vanish into the bank when their last ship leaves,
//! and are linked by a rule over their stars; what a definition is refused, and each of these
//! played, undone and written.

use super::helpers::{load, load_with, moves_at, refused};

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

/// The star map with travel needing green's power, a sacrifice that grants actions, and one
/// action a turn (`end` to stop early).
fn powered() -> String {
    game(
        r#"
[generators.sacrifice]
kind = "remove"
pieces = "own"
land = "own"
from_inside = true
capture_to = "bank"
capture_owner = "none"
grants = true

[rules.actions]
most = 1
end = "end"
least = 0"#,
    )
    .replace("discover = true\n", "discover = true\npower = \"green\"\n")
    .replace(
        r#"generators = ["travel"]"#,
        r#"generators = ["travel", "sacrifice"]"#,
    )
}

#[test]
fn a_power_comes_from_a_star_or_an_own_ship_and_a_sacrifice_grants_its_colour() {
    let g = load(&powered()).expect("loads");
    // A's home: stars rS, gM (green), ships arL, agS; s1: a red large star and A's red small.
    let s = g
        .position("(rSgMarLagS)/(rLarS)3/3/(gSrLbgM) turn=A bank=rL,2rM,2rS,2gL,gM,2gS")
        .expect("a map");
    let moves = moves_at(&g, &s);
    // Green's power at home (its star, A's ship): travel from there; none at s1.
    assert!(moves.contains(&"ha-s2+gL".to_string()), "{moves:?}");
    assert!(!moves.iter().any(|m| m.starts_with("s1-")), "{moves:?}");
    // Sacrifices of any of A's ships, top or inside; and the end word.
    for m in ["xha", "xha=rL", "xs1", "end"] {
        assert!(moves.contains(&m.to_string()), "{m} in {moves:?}");
    }
    // A sacrificed green small gives one green action anywhere: travel from s1 now, with no
    // green there; no second sacrifice.
    let mut s2 = s.clone();
    let (_, undo) = g.play_text(&mut s2, "xha").expect("a sacrifice");
    assert!(
        g.position_text(&s2).contains("turn=A"),
        "{}",
        g.position_text(&s2)
    );
    let after = moves_at(&g, &s2);
    assert!(after.contains(&"s1-ha".to_string()), "{after:?}");
    assert!(!after.iter().any(|m| m.starts_with('x')), "{after:?}");
    // The one action spent, the turn passes.
    let mut s3 = s2.clone();
    g.play_text(&mut s3, "s1-ha").expect("granted travel");
    assert!(
        g.position_text(&s3).contains("turn=B"),
        "{}",
        g.position_text(&s3)
    );
    g.undo(&mut s2, undo);
    assert_eq!(s2, s);
    let r = icebox::testing::conformance(&g, 20, 4).expect("conforms");
    assert!(r.positions > 0);
}

/// The star map with the colour actions: build (green), seize and exchange (red), a
/// catastrophe at three of a colour (free), one action a turn.
fn actions_game() -> String {
    game(
        r#"
[generators.build]
kind = "place"
zone = "bank"
pieces = "neutral"
land = "any"
as_mover = true
smallest = true
beside = "own same-colour"
power = "green"

[generators.seize]
kind = "seize"
pieces = "any"
land = "enemy"
beside = ["own larger", "own same-size"]
power = "red"

[generators.trade]
kind = "exchange"
zone = "bank"
pieces = "own"
land = "same-size other-colour"
power = "red"

[generators.catastrophe]
kind = "remove"
whole_colour = 3
capture_to = "bank"
capture_owner = "none"
free = true

[rules.actions]
most = 1
end = "end"
least = 0"#,
    )
    .replace(
        r#"generators = ["travel"]"#,
        r#"generators = ["build", "seize", "trade", "catastrophe"]"#,
    )
}

#[test]
fn ships_are_built_seized_exchanged_and_lost_to_a_catastrophe() {
    let g = load(&actions_game()).expect("loads");
    // A's home: stars rS, gM; ships arL, agS. s1: a red large star, A's red medium, B's green
    // medium, A's red small: three reds.
    let s = g
        .position("(rSgMarLagS)/(rLarMbgMarS)3/3/(gSrLbgM) turn=A bank=rL,2rM,rS,2gL,2gS")
        .expect("a map");
    // Green's power at home: the smallest bank piece of each colour A has a ship of there
    // (`gS@ha`, `rS@ha`), as A's. Red's power at s1: B's medium, as large as A's medium
    // (`s1=bgM`). Red's power at home (the star) and at s1: one of A's ships for a bank
    // piece of its size in the other colour (the bank holds no green medium). Three reds at
    // s1: a catastrophe. And the end word.
    assert_eq!(
        moves_at(&g, &s),
        [
            "end", "gS@ha", "ha=gS+rS", "ha=rL+gL", "rS@ha", "s1=bgM", "s1=rS+gS", "xs1=r"
        ]
    );
    // A seizure: B's ship is A's where it stood.
    let mut s2 = s.clone();
    g.play_text(&mut s2, "s1=bgM").expect("seize");
    assert!(
        g.position_text(&s2)
            .starts_with("(rSgMarLagS)/(rLarMagMarS)"),
        "{}",
        g.position_text(&s2)
    );
    // An exchange inside the stack keeps its order; the old ship goes to the bank unowned.
    let mut s3 = s.clone();
    g.play_text(&mut s3, "ha=rL+gL").expect("trade");
    let text = g.position_text(&s3);
    assert!(text.starts_with("(rSgMagLagS)/"), "{text}");
    assert!(text.contains("bank=2rL,2rM,rS,gL,2gS"), "{text}");
    // The action spent, a catastrophe may still follow (free), then the turn ends by word;
    // the catastrophe takes every red from s1, and B's ship, left with no star, goes too.
    let mut s4 = s.clone();
    g.play_text(&mut s4, "rS@ha").expect("build");
    assert!(
        g.position_text(&s4).contains("turn=A"),
        "{}",
        g.position_text(&s4)
    );
    // (The red small built at home makes three reds there too.)
    assert_eq!(moves_at(&g, &s4), ["end", "xha=r", "xs1=r"]);
    g.play_text(&mut s4, "xs1=r").expect("catastrophe");
    let text = g.position_text(&s4);
    assert!(text.starts_with("(rSgMarLagSarS)/4/3/"), "{text}");
    assert!(text.contains("turn=A"), "{text}");
    assert_eq!(moves_at(&g, &s4), ["end", "xha=r"]);
    g.play_text(&mut s4, "end").expect("end");
    assert!(
        g.position_text(&s4).contains("turn=B"),
        "{}",
        g.position_text(&s4)
    );
    let r = icebox::testing::conformance(&g, 20, 4).expect("conforms");
    assert!(r.positions > 0);
}

#[test]
fn colour_action_keys_are_refused_where_they_are_wrong() {
    let base = actions_game();
    refused(&[
        (
            base.replace(r#"power = "green""#, r#"power = "mauve""#),
            "`mauve` is not a colour of the game's pieces",
        ),
        (
            base.replace("end = \"end\"\n", ""),
            "free moves may follow a turn's last action, so the seat needs a word to stop: name it with `end` in [rules.actions]",
        ),
        (
            base.replace("free = true", "free = true\nends_turn = true"),
            "a free move is none of the turn's actions, so it cannot end the turn: drop `free` or `ends_turn`",
        ),
        (
            base.replace("[rules.actions]\nmost = 1\nend = \"end\"\nleast = 0", ""),
            "`free` is about a turn of several actions: declare one with [rules.actions]",
        ),
        (
            base.replace("smallest = true", "smallest = true\ncount = 3"),
            "count = 3: a placement puts 1 or 2 pieces",
        ),
        (
            base.replace(
                "kind = \"exchange\"\nzone = \"bank\"",
                "kind = \"exchange\"",
            ),
            "an exchange trades a piece for one from a zone: name it with `zone`",
        ),
        (
            base.replace("smallest = true", "smallest = true\ncount = 2"),
            "count = 2 places a pair as the zone holds it, on a cell `land` allows: not with `as_mover`",
        ),
        (
            base.replace("whole_colour = 3", "whole_colour = 0"),
            "whole_colour = 0: a cell needs at least one piece of the colour",
        ),
        (
            base.replace(
                "whole_colour = 3",
                "whole_colour = 3\ngrants = true\nspare_lines = { length = 3 }",
            )
            .replacen("kind = \"seize\"", "kind = \"seize\"\nzone = \"bank\"", 1),
            "`zone` is a key of",
        ),
        (
            format!("{base}\n[end.home_empty]\nregion = \"nowhere\""),
            "`nowhere` is not a region",
        ),
        (
            format!("{base}\n[end.home_empty]\nregion = \"home\"\nphase = \"later\""),
            "`later` is not a phase ([rules] phases)",
        ),
    ]);
    let phased = game(
        r#"
[rules.phase_ends.start]
next = "start""#,
    )
    .replace(
        r#"generators = ["travel"]"#,
        "phases = [\"start\"]\ngenerators = [\"travel\"]",
    );
    refused(&[(
        phased,
        "say how the phase ends: `zone_empty = \"ZONE\"`, `round = true`, `line = { length = N }` or `one_move = true`, one of them",
    )]);
}

#[test]
fn scripts_ask_which_systems_are_linked_and_who_has_a_power() {
    let toml = game("script = \"r.rhai\"\nvars = { linked = 0, power = 0 }");
    let script = r#"
fn after_move(s, m) {
    let ha = s.cell("ha");
    s.set_var("linked", if s.linked(ha, s.cell("s1")) { 1 } else { 0 }
        + if s.linked(ha, s.cell("hb")) { 10 } else { 0 });
    s.set_var("power", if s.has_power(ha, "green", 0) { 1 } else { 0 }
        + if s.has_power(s.cell("hb"), "green", 0) { 10 } else { 0 });
}
"#;
    let g = load_with(&toml, Some(script), &[]).expect("loads");
    // After A's ship flies to s1 (a large star), A's home (sizes 1 and 2) links with s1, not
    // with B's home (1 and 3); green's power is A's at home (its green star), not at B's home
    // (B's green ship gives A nothing).
    let mut s = g
        .position("(rSgMarLagS)/(gLbgM)(rSagM)2/3/(gSrLbgM) turn=A bank=rL,2rM,2rS,2gL,gM,2gS")
        .expect("a map");
    g.play_text(&mut s, "ha-s1").expect("travel");
    let text = g.position_text(&s);
    assert!(
        text.contains("var.linked=1 ") || text.ends_with("var.linked=1"),
        "{text}"
    );
    assert!(text.contains("var.power=1"), "{text}");
}
