//! The native move generators, one behaviour at a time, on small boards built in memory. These
//! are the shapes every game composes, so each is pinned by its exact legal-move set.

use icebox::Game;
use icebox::def::GameFiles;

/// A two-seat game on a grid with pieces S(1) M(2) L(3), the given generators and a script
/// that asks for all of them.
fn game(grid: &str, moves: &str, extra: &str) -> Game {
    game_scripted(grid, moves, extra, None)
}

/// The same game with its own script (`None`: the one that asks for every generator).
fn game_scripted(grid: &str, moves: &str, extra: &str, script: Option<&str>) -> Game {
    let names: Vec<String> = moves
        .lines()
        .filter_map(|l| {
            l.trim()
                .strip_prefix("[moves.")
                .and_then(|r| r.strip_suffix(']'))
        })
        .map(str::to_string)
        .collect();
    let every: String = format!(
        "fn moves(s) {{ {} }}",
        names
            .iter()
            .map(|n| format!("s.gen(\"{n}\");"))
            .collect::<String>()
    );
    let script = script.map_or(every, str::to_string);
    let toml = format!(
        r#"[game]
id = "t"
name = "t"
[players]
seats = [{{ name = "A" }}, {{ name = "B" }}]
[board]
grid = {grid}
[zones.captured]
per = "seat"
[zones.box]
[pieces.S]
name = "small"
size = 1
[pieces.M]
name = "medium"
size = 2
[pieces.L]
name = "large"
size = 3
[rules]
script = "r.rhai"
no_moves = "pass"
{extra}
{moves}"#
    );
    let mut files = GameFiles {
        label: "mem".into(),
        ..GameFiles::default()
    };
    files.files.insert("game.toml".into(), toml);
    files.files.insert("r.rhai".into(), script);
    Game::load(&files, None, &[]).unwrap_or_else(|d| panic!("test game loads:\n{d}"))
}

fn moves(g: &Game, position: &str) -> Vec<String> {
    let s = g.position(position).unwrap_or_else(|d| panic!("{d}"));
    let mut v: Vec<String> = g
        .legal_moves(&s)
        .expect("moves")
        .iter()
        .map(|m| g.move_text(&s, m))
        .collect();
    v.sort();
    v
}

fn sorted(v: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = v.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

#[test]
fn a_step_goes_one_cell_in_every_direction_onto_empty_cells() {
    let g = game("{ files = 3, ranks = 3 }", "[moves.step]\n", "");
    assert_eq!(
        moves(&g, "3/1aS1/3 turn=A"),
        sorted(&[
            "b2-a1", "b2-a2", "b2-a3", "b2-b1", "b2-b3", "b2-c1", "b2-c2", "b2-c3"
        ])
    );
    // Blocked by any piece; a corner has three neighbours; B's pieces are not A's to move.
    assert_eq!(
        moves(&g, "3/aSbS1/aS2 turn=A"),
        sorted(&["a1-b1", "a2-a3", "a2-b1", "a2-b3"])
    );
}

#[test]
fn a_slide_stops_at_the_first_piece_and_may_capture_an_enemy_there() {
    let rook = r#"[moves.rook]
directions = ["n", "e", "s", "w"]
over_max = "any"
land = ["empty", "enemy"]
capture = "land"
capture_to = "captured"
"#;
    let g = game("{ files = 4, ranks = 1 }", rook, "");
    assert_eq!(moves(&g, "aL1bS1 turn=A"), sorted(&["a1-b1", "a1:c1"]));
    // An own piece blocks and is not captured; it slides itself both ways.
    assert_eq!(
        moves(&g, "aL1aS1 turn=A"),
        sorted(&["a1-b1", "c1-b1", "c1-d1"])
    );
    let mut s = g.position("aL1bS1 turn=A").expect("position");
    g.play_text(&mut s, "a1:c1").expect("legal");
    assert_eq!(g.position_text(&s), "2aL1 turn=B ply=1 captured.A=bS");
}

#[test]
fn player_relative_directions_turn_with_the_seat() {
    let extra = "[directions.forward]\nA = \"n\"\nB = \"s\"\n";
    let g = game(
        "{ files = 1, ranks = 3 }",
        "[moves.advance]\ndirections = [\"forward\"]\n",
        extra,
    );
    assert_eq!(moves(&g, "bS/1/aS turn=A"), sorted(&["a1-a2"]));
    assert_eq!(moves(&g, "bS/1/aS turn=B"), sorted(&["a3-a2"]));
}

#[test]
fn a_leap_ignores_what_is_in_between() {
    let knight = r#"[moves.knight]
kind = "leap"
kinds = ["L"]
leaps = [["n","n","e"],["n","n","w"],["e","e","n"],["e","e","s"],["s","s","e"],["s","s","w"],["w","w","n"],["w","w","s"]]
land = ["empty", "enemy"]
capture = "land"
capture_to = "captured"
"#;
    let g = game("{ files = 8, ranks = 8 }", knight, "");
    assert_eq!(
        moves(&g, "8/8/8/8/8/8/aSaSaS5/1aL6 turn=A"),
        sorted(&["b1-a3", "b1-c3", "b1-d2"])
    );
    assert_eq!(
        moves(&g, "8/8/8/8/8/2bS5/aSaSaS5/1aL6 turn=A"),
        sorted(&["b1-a3", "b1:c3", "b1-d2"])
    );
}

/// Where a leap ends is read from a table built at load (`LeapEnds`): a path that comes back
/// to its own cell is no move, one that leaves the board is none, and the rest keep the
/// order of `leaps` (the order a random playout picks from).
#[test]
fn a_leap_that_comes_back_or_leaves_the_board_is_no_move() {
    let hops = r#"[moves.hop]
kind = "leap"
kinds = ["L"]
leaps = [["n","s"],["e","e"],["n","n","n"],["w"],["n","e"]]
land = ["empty", "enemy"]
capture = "land"
capture_to = "captured"
"#;
    let g = game("{ files = 3, ranks = 3 }", hops, "");
    // From a1: back home, c1, off the top, off the left edge, b2.
    let s = g.position("3/3/aL2 turn=A").expect("position");
    let listed: Vec<String> = g
        .legal_moves(&s)
        .expect("moves")
        .iter()
        .map(|m| g.move_text(&s, m))
        .collect();
    assert_eq!(listed, ["a1-c1", "a1-b2"]);
    // From b2 every path but the first stays on the board.
    assert_eq!(moves(&g, "3/1aL1/3 turn=A"), sorted(&["b2-a2", "b2-c3"]));
}

#[test]
fn a_capturing_chain_must_continue_when_required_and_may_stop_when_optional() {
    let jump = |chain: &str| {
        format!(
            "[moves.jump]\ndirections = [\"ne\", \"nw\", \"se\", \"sw\"]\nover_min = 1\nover_max = 1\nover = \"enemy\"\nland = \"empty\"\ncapture = \"over\"\ncapture_to = \"captured\"\nchain = \"{chain}\"\n"
        )
    };
    let pos = "5/5/3bS1/5/1bS3/aS4 turn=A"; // a1 can take b2, then d4
    let g = game("{ files = 5, ranks = 6 }", &jump("required"), "");
    assert_eq!(moves(&g, pos), sorted(&["a1:c3:e5"]));
    let g = game("{ files = 5, ranks = 6 }", &jump("optional"), "");
    assert_eq!(moves(&g, pos), sorted(&["a1:c3", "a1:c3:e5"]));
    let g = game("{ files = 5, ranks = 6 }", &jump("none"), "");
    assert_eq!(moves(&g, pos), sorted(&["a1:c3"]));
    // The whole chain is one move: both pieces go to the mover's pile, and undo restores them.
    let g = game("{ files = 5, ranks = 6 }", &jump("required"), "");
    let mut s = g.position(pos).expect("position");
    let before = s.clone();
    let (_, undo) = g.play_text(&mut s, "a1:c3:e5").expect("legal");
    assert_eq!(
        g.position_text(&s),
        "5/4aS/5/5/5/5 turn=B ply=1 captured.A=2bS"
    );
    g.undo(&mut s, undo);
    assert_eq!(s, before);
}

#[test]
fn a_jump_may_span_empty_cells_within_the_pieces_range_and_captures_everything_passed() {
    let sickle = r#"[moves.jump]
pieces = "neutral"
directions = ["e"]
over_min = 1
over_max = "size"
over = "any"
over_occupied_min = 1
land = "empty"
capture = "over"
capture_to = "captured"
score = "pips"
"#;
    let g = game("{ files = 6, ranks = 1 }", sickle, "");
    // L at a1 may pass 1..3 cells: over b1 (S) to c1; over b1, c1 to d1; over b1, c1, d1 it
    // would land on e1, which is occupied. S at b1 passes only the empty c1: no jump.
    assert_eq!(moves(&g, "LS2M1 turn=A"), sorted(&["a1:c1", "a1:d1"]));
    let mut s = g.position("LS2M1 turn=A").expect("position");
    g.play_text(&mut s, "a1:d1").expect("legal");
    assert_eq!(s.scores(), &[1, 0], "the small passed over scores its pip");
    // A span with no piece in it is not a jump.
    assert_eq!(moves(&g, "L5 turn=A"), vec!["pass".to_string()]);
}

#[test]
fn landing_on_a_smaller_piece_stacks_on_it() {
    let g = game(
        "{ files = 3, ranks = 1 }",
        "[moves.climb]\ndirections = [\"e\"]\nland = [\"empty\", \"smaller\"]\n",
        "",
    );
    assert_eq!(moves(&g, "aMbSbL turn=A"), sorted(&["a1-b1"]));
    let mut s = g.position("aMbSbL turn=A").expect("position");
    g.play_text(&mut s, "a1-b1").expect("legal");
    assert_eq!(g.position_text(&s), "1(bSaM)bL turn=B ply=1");
    // Only the top piece moves: B's small under A's medium is frozen.
    assert_eq!(moves(&g, "1(bSaM)bL turn=B"), vec!["pass".to_string()]);
}

#[test]
fn kinds_and_regions_limit_which_pieces_move() {
    let extra = "[regions.home]\nA = [\"a1\"]\nB = [\"c1\"]\n";
    let g = game(
        "{ files = 3, ranks = 2 }",
        "[moves.m]\nkinds = [\"M\"]\nregion = \"home\"\n",
        extra,
    );
    assert_eq!(moves(&g, "3/aMaM1 turn=A"), sorted(&["a1-a2", "a1-b2"]));
}

#[test]
fn a_top_only_capture_leaves_the_rest_of_the_stack_and_owner_zones_receive_it() {
    let hit = r#"[moves.hit]
directions = ["e"]
land = ["empty", "enemy"]
capture = "land"
takes = "top"
capture_to = "captured"
capture_zone_of = "owner"
"#;
    let g = game("{ files = 2, ranks = 1 }", hit, "");
    let mut s = g.position("aL(bSbM) turn=A").expect("position");
    g.play_text(&mut s, "a1:b1").expect("legal");
    assert_eq!(g.position_text(&s), "1(bSaL) turn=B ply=1 captured.B=bM");
}

#[test]
fn a_non_capturing_jump_chain_never_revisits_a_cell() {
    let hop = r#"[moves.hop]
directions = ["n", "e", "s", "w"]
over_min = 1
over_max = 1
over = "occupied"
land = "empty"
chain = "optional"
"#;
    let g = game("{ files = 3, ranks = 3 }", hop, "");
    // a1 hops b1 to c1, then c2 to c3, then b3 to a3, then a2 back to a1 - which it left, so
    // the ring stops at a3.
    let got = moves(&g, "1aS1/aS1aS/aSaS1 turn=A");
    for m in [
        "a1-c1",
        "a1-c1-c3",
        "a1-c1-c3-a3",
        "a1-a3",
        "a1-a3-c3",
        "a1-a3-c3-c1",
    ] {
        assert!(got.contains(&m.to_string()), "{m} missing from {got:?}");
    }
    assert!(
        !got.iter()
            .any(|m| m.starts_with("a1-") && m.ends_with("-a1")),
        "{got:?}"
    );
}

#[test]
fn placements_come_from_the_named_zone_one_per_distinct_piece() {
    let g = game(
        "{ files = 2, ranks = 1 }",
        "[moves.drop]\nkind = \"place\"\npieces = \"neutral\"\nzone = \"box\"\n",
        "",
    );
    assert_eq!(
        moves(&g, "2 turn=A box=2S,L"),
        sorted(&["L@a1", "L@b1", "S@a1", "S@b1"])
    );
}

/// The same test game, loaded with `--set` values and extra files (a board file).
fn game_with(
    toml_extra: &str,
    moves_toml: &str,
    sets: &[(&str, &str)],
    extra_files: &[(&str, &str)],
) -> Game {
    let script = "fn moves(s) { s.gen(\"m\"); }";
    let toml = format!(
        r#"[game]
id = "t"
name = "t"
[players]
seats = [{{ name = "A" }}, {{ name = "B" }}]
[pieces.S]
name = "small"
size = 1
[pieces.M]
name = "medium"
size = 2
[pieces.L]
name = "large"
size = 3
[rules]
script = "r.rhai"
no_moves = "pass"
{toml_extra}
{moves_toml}"#
    );
    let mut files = GameFiles {
        label: "mem".into(),
        ..GameFiles::default()
    };
    files.files.insert("game.toml".into(), toml);
    files.files.insert("r.rhai".into(), script.into());
    for (k, v) in extra_files {
        files.files.insert(k.to_string(), v.to_string());
    }
    let sets: Vec<(String, String)> = sets
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    Game::load(&files, None, &sets).unwrap_or_else(|d| panic!("test game loads:\n{d}"))
}

#[test]
fn headings_toward_a_region_allow_closer_and_level_steps_per_seat() {
    let g = game(
        "{ files = 3, ranks = 3 }",
        "[moves.step]\ntoward = \"goal\"\nlegs = [\"closer\", \"level\"]\n",
        "[regions]\ngoal = { A = [\"a3\", \"b3\", \"c3\"], B = [\"a1\", \"b1\", \"c1\"] }\n",
    );
    // A heads for rank 3: forward, both forward diagonals and sideways; never back.
    assert_eq!(
        moves(&g, "3/1aS1/3 turn=A"),
        sorted(&["b2-a2", "b2-a3", "b2-b3", "b2-c2", "b2-c3"])
    );
    // B heads for rank 1: the same shape, turned.
    assert_eq!(
        moves(&g, "3/1bS1/3 turn=B"),
        sorted(&["b2-a1", "b2-a2", "b2-b1", "b2-c1", "b2-c2"])
    );
}

#[test]
fn a_backward_leg_is_excused_only_when_the_whole_move_ends_closer() {
    // b4 jumps back over b3 to b2, then over c3 to d4 (level with the start), then over d5
    // to d6: only the whole series ends nearer rank 7, so only it is allowed.
    let jump = "[moves.m]\nover_min = 1\nover_max = 1\nover = \"occupied\"\nchain = \"optional\"\ntoward = \"goal\"\nlegs = [\"closer\", \"level\"]\n";
    let regions = "[board]\ngrid = { files = 4, ranks = 7 }\n[regions]\ngoal = { A = [\"a7\", \"b7\", \"c7\", \"d7\"], B = [\"a1\", \"b1\", \"c1\", \"d1\"] }\n";
    let pos = "4/4/3bS/1aS2/1bSbS1/4/4 turn=A";
    let strict = game_with(regions, jump, &[], &[]);
    assert_eq!(moves(&strict, pos), sorted(&["pass"]));
    let excused = format!("{jump}unless_net = [\"closer\"]\n");
    let g = game_with(regions, &excused, &[], &[]);
    assert_eq!(moves(&g, pos), sorted(&["b4-b2-d4-d6"]));
}

#[test]
fn land_rules_stop_enter_leave_and_on_kinds() {
    let board = "[board]\ngrid = { files = 5, ranks = 1 }\n[regions]\nhome = [\"e1\"]\nmoat = [\"c1\"]\nkeep = [\"a1\", \"b1\"]\n";
    let rules = "[moves.m]\nover_max = 1\nover = \"any\"\nland = [\"empty\", \"smaller\"]\n";
    // No rules: the small on b1 steps to a1 or c1, or jumps over nothing-or-something to d1.
    let g = game_with(board, rules, &[], &[]);
    assert_eq!(
        moves(&g, "1aS3 turn=A"),
        sorted(&["b1-a1", "b1-c1", "b1-d1"])
    );
    // `stop = false`: c1 may not end a move; `leave = false`: from the keep only into it.
    let g = game_with(
        board,
        &format!("{rules}[moves.m.land_rules.moat]\nstop = false\n"),
        &[],
        &[],
    );
    assert_eq!(moves(&g, "1aS3 turn=A"), sorted(&["b1-a1", "b1-d1"]));
    let g = game_with(
        board,
        &format!("{rules}[moves.m.land_rules.keep]\nleave = false\n"),
        &[],
        &[],
    );
    assert_eq!(moves(&g, "1aS3 turn=A"), sorted(&["b1-a1"]));
    // `enter = false`: from outside, never into the keep (c1 to b1 or over b1 to a1).
    let g = game_with(
        board,
        &format!("{rules}[moves.m.land_rules.keep]\nenter = false\n"),
        &[],
        &[],
    );
    assert_eq!(moves(&g, "2aS2 turn=A"), sorted(&["c1-d1", "c1-e1"]));
    // `on_kinds` + `land`: a medium enters home only onto an own small.
    let homing = format!(
        "{rules}[moves.m.land_rules.home]\nkinds = [\"M\"]\nland = \"own\"\non_kinds = [\"S\"]\n"
    );
    let g = game_with(board, &homing, &[], &[]);
    assert_eq!(moves(&g, "3aMbS turn=A"), sorted(&["d1-c1", "d1-b1"]));
    // (The small on e1 jumps back over the medium too.)
    assert_eq!(
        moves(&g, "3aMaS turn=A"),
        sorted(&["d1-b1", "d1-c1", "d1-e1", "e1-c1"])
    );
}

#[test]
fn chain_stop_and_ends_chain_cut_a_series_short() {
    let board = "[board]\ngrid = { files = 7, ranks = 1 }\n[regions]\nrow = [\"e1\"]\n";
    let jump = "[moves.m]\ndirections = [\"e\"]\nover_min = 1\nover_max = 1\nover = \"occupied\"\nland = [\"empty\", \"smaller\"]\nchain = \"optional\"\n";
    // a1 L jumps b1 onto c1 (a small: smaller), then d1 onto e1, then f1 onto g1.
    let pos = "aLbSbSaS1bS1 turn=A";
    let g = game_with(board, jump, &[], &[]);
    assert_eq!(
        moves(&g, pos),
        sorted(&["a1-c1", "a1-c1-e1", "a1-c1-e1-g1"])
    );
    // Landing on an enemy piece ends the move; landing on an own piece does not.
    let g = game_with(board, &format!("{jump}chain_stop = \"enemy\"\n"), &[], &[]);
    assert_eq!(moves(&g, pos), sorted(&["a1-c1"]));
    let pos_own = "aLbSaSaS1bS1 turn=A";
    // (The small on c1 is A's too, and jumps on its own.)
    assert_eq!(
        moves(&g, pos_own),
        sorted(&["a1-c1", "a1-c1-e1", "a1-c1-e1-g1", "c1-e1", "c1-e1-g1"])
    );
    // A region that ends the chain (draughts crowning).
    let g = game_with(
        board,
        &format!("{jump}[moves.m.land_rules.row]\nends_chain = true\n"),
        &[],
        &[],
    );
    assert_eq!(moves(&g, pos), sorted(&["a1-c1", "a1-c1-e1"]));
}

#[test]
fn a_piece_leaving_a_stack_can_jump_back_over_what_it_left() {
    // The large leaves b1 east over the small to d1, then jumps back west over the small and
    // over b1, which still holds the medium it stood on, to a1.
    let jump = "[moves.m]\nover_min = 1\nover_max = 2\nover = \"occupied\"\nchain = \"optional\"\n";
    let g = game_with("[board]\ngrid = { files = 5, ranks = 1 }\n", jump, &[], &[]);
    assert_eq!(
        moves(&g, "1(aMaL)bS2 turn=A"),
        sorted(&["b1-d1", "b1-d1-a1"])
    );
}

#[test]
fn generators_built_like_another_and_options_that_reshape_them() {
    let board = "[board]\ngrid = { files = 4, ranks = 1 }\n[options.far]\ndefault = false\ndescription = \"steps become slides\"\nwhen_on = { moves = { base = { over_max = \"any\" } } }\n";
    let defs = "[moves.base]\ndirections = [\"e\"]\nover_max = 0\n[moves.m]\nlike = \"base\"\n";
    let g = game_with(board, defs, &[], &[]);
    assert_eq!(moves(&g, "aS3 turn=A"), sorted(&["a1-b1"]));
    let g = game_with(board, defs, &[("far", "true")], &[]);
    assert_eq!(
        moves(&g, "aS3 turn=A"),
        sorted(&["a1-b1", "a1-c1", "a1-d1"])
    );
}

#[test]
fn a_board_file_supplies_cells_and_links() {
    let file = "cells = [{ name = \"x\" }, { name = \"y\" }, { name = \"z\" }]\nlinks = [{ from = \"x\", to = \"y\", dir = \"up\", back = \"down\" }, { from = \"y\", to = \"z\", dir = \"up\", back = \"down\" }]\nrows = [[\"z\"], [\"y\"], [\"x\"]]\n";
    let g = game_with(
        "[board]\nfile = \"boards/line.toml\"\n",
        "[moves.m]\ndirections = [\"up\"]\nover_max = \"any\"\n",
        &[],
        &[("boards/line.toml", file)],
    );
    assert_eq!(moves(&g, "1/1/aS turn=A"), sorted(&["x-y", "x-z"]));
}

fn load_error(toml_extra: &str, moves_toml: &str) -> String {
    let toml = format!(
        "[game]\nid = \"t\"\nname = \"t\"\n[players]\nseats = [{{ name = \"A\" }}]\n[board]\ngrid = {{ files = 2, ranks = 1 }}\n[pieces.S]\nname = \"small\"\n[rules]\nscript = \"r.rhai\"\n{toml_extra}\n{moves_toml}"
    );
    let mut files = GameFiles {
        label: "mem".into(),
        ..GameFiles::default()
    };
    files.files.insert("game.toml".into(), toml);
    files
        .files
        .insert("r.rhai".into(), "fn moves(s) { s.gen(\"a\"); }".into());
    match Game::load(&files, None, &[]) {
        Ok(_) => panic!("the definition should not load"),
        Err(d) => d.to_string(),
    }
}

#[test]
fn bad_likes_board_files_and_region_rules_are_reported_where_written() {
    let e = load_error("", "[moves.a]\nlike = \"b\"\n[moves.b]\nlike = \"a\"\n");
    assert!(e.contains("goes round in a circle"), "{e}");
    assert!(e.contains("game.toml:"), "{e}");
    let e = load_error("", "[moves.a]\nlike = \"stpe\"\n[moves.step]\n");
    assert!(e.contains("there is no generator `stpe`"), "{e}");
    assert!(e.contains("did you mean `step`?"), "{e}");
    let e = load_error(
        "",
        "[moves.a]\n[moves.a.land_rules.home]\nstop = false\n[moves.a.land_rules.x]\nregion = \"nowhere\"\n",
    );
    assert!(e.contains("`home` is not a region"), "{e}");
    assert!(e.contains("`nowhere` is not a region"), "{e}");
    let e = load_error("", "[moves.a]\nlegs = [\"closer\"]\n");
    assert!(e.contains("need `toward`"), "{e}");
    let e = load_error(
        "[options.n]\ndefault = 3\ndescription = \"x\"\nwhen_on = { moves = {} }\n",
        "[moves.a]\n",
    );
    assert!(e.contains("needs a true/false option"), "{e}");
}

#[test]
fn promotion_offers_each_kind_and_optionally_the_plain_move() {
    let board = "[board]\ngrid = { files = 1, ranks = 3 }\n[regions]\nlast = { A = [\"a3\"], B = [\"a1\"] }\n[zones.reserve]\nper = \"seat\"\n";
    let step = "[moves.m]\ndirections = [\"n\"]\nkinds = [\"S\"]\n[moves.m.promote]\nregion = \"last\"\nto = [\"M\", \"L\"]\n";
    let g = game_with(board, step, &[], &[]);
    assert_eq!(moves(&g, "1/aS/1 turn=A"), sorted(&["a2-a3=L", "a2-a3=M"]));
    // Not in the region: no promotion.
    assert_eq!(moves(&g, "1/1/aS turn=A"), sorted(&["a1-a2"]));
    let mut s = g.position("1/aS/1 turn=A").expect("position");
    // Two choices: the text must say which.
    let e = g.play_text(&mut s, "a2-a3").expect_err("ambiguous");
    assert!(e.to_string().contains("a2-a3=L"), "{e}");
    g.play_text(&mut s, "a2-a3=L").expect("legal");
    assert_eq!(g.position_text(&s), "aL/1/1 turn=B ply=1");
    // One choice (draughts crowning): the suffix may be left out.
    let one = game_with(board, &step.replace("[\"M\", \"L\"]", "[\"L\"]"), &[], &[]);
    let mut s = one.position("1/aS/1 turn=A").expect("position");
    one.play_text(&mut s, "a2-a3").expect("the only promotion");
    assert_eq!(one.position_text(&s), "aL/1/1 turn=B ply=1");
    // Optional, from a reserve: the new piece must be there, the old one goes back into it.
    let optional = step.replace(
        "to = [\"M\", \"L\"]",
        "to = [\"M\", \"L\"]\noptional = true\nzone = \"reserve\"",
    );
    let g = game_with(board, &optional, &[], &[]);
    assert_eq!(
        moves(&g, "1/aS/1 turn=A reserve.A=aL"),
        sorted(&["a2-a3", "a2-a3=L"])
    );
    let mut s = g.position("1/aS/1 turn=A reserve.A=aL").expect("position");
    g.play_text(&mut s, "a2-a3=L").expect("legal");
    assert_eq!(g.position_text(&s), "aL/1/1 turn=B ply=1 reserve.A=aS");
}

#[test]
fn promotion_may_start_in_the_region_and_be_forced_in_part_of_it() {
    // A 1x4 file: promotion in a3..a4, forced on a4; `leaving` lets a move out of a3 promote.
    let board = "[board]\ngrid = { files = 1, ranks = 4 }\n[regions]\nzone = { A = [\"a3\", \"a4\"], B = [\"a1\", \"a2\"] }\nlast = { A = [\"a4\"], B = [\"a1\"] }\n";
    let step = "[moves.m]\ndirections = [\"n\", \"s\"]\nkinds = [\"S\"]\n[moves.m.promote]\nregion = \"zone\"\nto = [\"L\"]\noptional = true\nforced = \"last\"\nleaving = true\n";
    let g = game_with(board, step, &[], &[]);
    // Into the zone: either; onto the last cell: promoted only; out of the zone: either.
    assert_eq!(
        moves(&g, "1/1/aS/1 turn=A"),
        sorted(&["a2-a1", "a2-a3", "a2-a3=L"])
    );
    assert_eq!(
        moves(&g, "1/aS/1/1 turn=A"),
        sorted(&["a3-a4=L", "a3-a2", "a3-a2=L"])
    );
    // Without `leaving`, a move out of the zone does not promote.
    let g = game_with(board, &step.replace("leaving = true\n", ""), &[], &[]);
    assert_eq!(moves(&g, "1/aS/1/1 turn=A"), sorted(&["a3-a4=L", "a3-a2"]));
    // `forced` names a region, and is for an optional promotion only.
    let regions = "[regions]\nzone = [\"b1\"]\n";
    let bad = "[moves.a]\ndirections = [\"e\"]\n[moves.a.promote]\nregion = \"zone\"\nto = [\"S\"]\noptional = true\nforced = \"lst\"\n";
    let e = load_error(regions, bad);
    assert!(e.contains("`lst` is not a region"), "{e}");
    let bad = bad.replace("optional = true\n", "").replace("lst", "zone");
    let e = load_error(regions, &bad);
    assert!(e.contains("`forced` is for an `optional` promotion"), "{e}");
    assert!(e.contains("game.toml:"), "{e}");
}

#[test]
fn a_whole_stack_moves_as_one_when_its_bottom_piece_allows() {
    let board = "[board]\ngrid = { files = 4, ranks = 1 }\n";
    let tree = "[moves.m]\ndirections = [\"e\"]\nbase_kinds = [\"L\"]\ncarry = \"stack\"\nover_max = \"stack-1\"\n";
    let g = game_with(board, tree, &[], &[]);
    // L+S: 4 pips, so it may pass up to 3 cells; the lone small (bottom S) does not move.
    assert_eq!(moves(&g, "(aLaS)2aS turn=A"), sorted(&["a1-b1", "a1-c1"]));
    let mut s = g.position("(aLaS)3 turn=A").expect("position");
    g.play_text(&mut s, "a1-d1").expect("legal");
    assert_eq!(g.position_text(&s), "3(aLaS) turn=B ply=1");
}

#[test]
fn a_position_seen_the_set_number_of_times_is_a_draw() {
    // `repetition = 3` lands in [rules], which game_with writes last before the extra text.
    let g = game_with(
        "repetition = 3\n[board]\ngrid = { files = 4, ranks = 1 }\n",
        "[moves.m]\n",
        &[],
        &[],
    );
    let mut s = g.position("aS2bS turn=A").expect("position");
    let shuffle = ["a1-b1", "d1-c1", "b1-a1", "c1-d1"];
    for m in shuffle.iter().chain(&shuffle[..3]) {
        g.play_text(&mut s, m).expect("legal");
        assert!(!s.is_over(), "over too early, after {m}");
    }
    // The start position comes round the third time.
    g.play_text(&mut s, "c1-d1").expect("legal");
    let o = s.outcome().expect("drawn");
    assert!(o.is_draw(), "{o:?}");
    assert!(o.reason.contains("3 times"), "{}", o.reason);
}

#[test]
fn stacking_onto_larger_pieces_only_in_a_region_and_only_onto_a_kings_tree() {
    // A small may climb onto an own larger piece only on row 3, and only where the stack's
    // base is a large (a king tree); anywhere else it needs an empty cell.
    let board =
        "[board]\ngrid = { files = 3, ranks = 3 }\n[regions]\ncrown = [\"a3\", \"b3\", \"c3\"]\n";
    let step = "[moves.m]\nkinds = [\"S\"]\ndirections = [\"n\", \"ne\", \"nw\"]\nland = [\"empty\", \"own\"]\n[moves.m.land_rules.tree]\nregion = \"crown\"\nland = [\"empty\", \"larger\"]\non_base_kinds = [\"L\"]\n[moves.m.land_rules.elsewhere]\nregion = \"crown\"\noutside = true\nland = \"empty\"\n";
    let g = game_with(board, step, &[], &[]);
    // b2 S: a3 holds an own medium alone (no king base), b3 an own king, c3 a medium on a king.
    assert_eq!(
        moves(&g, "aM(aL)(aLaM)/1aS1/3 turn=A"),
        sorted(&["b2-b3", "b2-c3"])
    );
    // Below the crown row an own piece is no landing place.
    assert_eq!(moves(&g, "3/aL2/1aS1 turn=A"), sorted(&["b1-b2", "b1-c2"]));
}

#[test]
fn capture_if_lets_a_piece_join_a_friendly_stack_yet_take_an_enemy_one() {
    let board = "[board]\ngrid = { files = 3, ranks = 1 }\n";
    let step = "[moves.m]\ndirections = [\"e\"]\nland = [\"empty\", \"own\", \"enemy\"]\ncapture = \"land\"\ncapture_if = \"enemy\"\ncapture_to = \"captured\"\n[zones.captured]\nper = \"seat\"\n";
    let g = game_with(board, step, &[], &[]);
    let mut s = g.position("aSaM(bSbL) turn=A").expect("position");
    g.play_text(&mut s, "a1-b1")
        .expect("joins the friendly medium");
    assert_eq!(g.position_text(&s), "1(aMaS)(bSbL) turn=B ply=1");
    let mut s = g.position("aSaM(bSbL) turn=A").expect("position");
    g.play_text(&mut s, "b1:c1").expect("takes the enemy stack");
    assert_eq!(g.position_text(&s), "aS1aM turn=B ply=1 captured.A=bL,bS");
}

/// The moves of every ray generator of `g` at `s`, with the directions its load-time pruning
/// (`Ray::open`) keeps and with every direction walked: the pruning may only skip walks that
/// find nothing. Returns how many (generator, position) pairs had pruned directions.
fn pruning_agrees(g: &Game, s: &icebox::engine::State) -> usize {
    use icebox::engine::generators::{Ctx, Kind, generate};
    let t = g.tables();
    let mut unpruned = t.clone();
    let mut compared = 0;
    for (i, pat) in t.generators.iter().enumerate() {
        let Kind::Ray(r) = &pat.kind else { continue };
        if r.open.is_empty() {
            continue;
        }
        if let Kind::Ray(u) = &mut unpruned.generators[i].kind {
            u.open.clear();
        }
        let (mut a, mut b) = (Vec::new(), Vec::new());
        generate(&Ctx::new(t, s, s.turn()), pat, &mut a);
        generate(
            &Ctx::new(&unpruned, s, s.turn()),
            &unpruned.generators[i],
            &mut b,
        );
        let text = |v: &[icebox::engine::Move]| {
            let mut w: Vec<String> = v.iter().map(|m| g.move_text(s, m)).collect();
            w.sort();
            w
        };
        assert_eq!(text(&a), text(&b), "{} at {}", pat.name, g.position_text(s));
        compared += 1;
    }
    compared
}

#[test]
fn directions_pruned_at_load_are_the_ones_that_never_land() {
    use icebox::engine::generators::Kind;
    let mut compared = 0;
    let mut games = Vec::new();
    for id in ["moscow-ice", "ice-lady", "zugzwang"] {
        let files = icebox::catalog::find(id, &[]).expect("shipped");
        games.push((id, Game::load(&files, None, &[]).expect("loads")));
        for v in files.variant_names() {
            games.push((
                id,
                Game::load(&files, Some(&v), &[]).expect("variant loads"),
            ));
        }
    }
    for (id, g) in games {
        // A forward-only piece has directions it never walks from some cells.
        let pruned = g.tables().generators.iter().any(|p| match &p.kind {
            Kind::Ray(r) => r
                .open
                .iter()
                .flatten()
                .any(|&o| o != (1u64 << r.dirs[0].len()) - 1),
            _ => false,
        });
        if id == "moscow-ice" {
            assert!(pruned, "Moscow Ice's backward directions are pruned");
        }
        random_positions(&g, 7, 5, 300, |s| compared += pruning_agrees(&g, s));
    }
    assert!(compared > 1000, "only {compared} positions compared");
}

/// Calls `at` with every position of `games` random games of `g` (from `seed`), each cut
/// after `plies`.
fn random_positions(
    g: &Game,
    seed: u64,
    games: usize,
    plies: usize,
    mut at: impl FnMut(&icebox::engine::State),
) {
    let mut rng = icebox::engine::rng::Rng::new(seed);
    for _ in 0..games {
        let mut s = g.start().expect("start");
        for _ in 0..plies {
            if s.is_over() {
                break;
            }
            at(&s);
            let moves = g.legal_moves(&s).expect("moves");
            if moves.is_empty() {
                break;
            }
            let m = &moves[rng.below(moves.len() as u64) as usize];
            g.play(&mut s, m).expect("plays");
        }
    }
}

/// Every ray that walks a line (`Walk::Straight`, `Walk::Line`, chosen at load) makes exactly
/// the moves of the full walk, in the same order and with the same actions, over random games
/// of every shipped game, example and variant.
#[test]
fn the_line_walks_make_exactly_the_moves_of_the_full_walk() {
    use icebox::engine::generators::{Ctx, Kind, Walk, generate};
    let mut games = Vec::new();
    let mut all = icebox::catalog::builtin();
    for example in [
        "examples/breakthrough",
        "examples/brazilian-draughts",
        "examples/jungle",
    ] {
        all.push(GameFiles::from_path(std::path::Path::new(example)).expect("example reads"));
    }
    for files in &all {
        games.push(Game::load(files, None, &[]).expect("loads"));
        for v in files.variant_names() {
            games.push(Game::load(files, Some(&v), &[]).expect("variant loads"));
        }
    }
    // (Straight, Line) pairs of a generator and a position where it made a move.
    let mut compared = [0usize; 2];
    for g in &games {
        let t = g.tables();
        let mut full = t.clone();
        let mut lines = Vec::new();
        for (i, pat) in full.generators.iter_mut().enumerate() {
            if let Kind::Ray(r) = &mut pat.kind
                && r.walk != Walk::Full
            {
                lines.push((i, r.walk));
                r.walk = Walk::Full;
            }
        }
        if lines.is_empty() {
            continue;
        }
        random_positions(g, 11, 4, 200, |s| {
            for &(i, walk) in &lines {
                let (mut a, mut b) = (Vec::new(), Vec::new());
                generate(&Ctx::new(t, s, s.turn()), &t.generators[i], &mut a);
                generate(&Ctx::new(&full, s, s.turn()), &full.generators[i], &mut b);
                assert_eq!(a, b, "{} at {}", t.generators[i].name, g.position_text(s));
                if !a.is_empty() {
                    compared[usize::from(walk == Walk::Line)] += 1;
                }
            }
        });
    }
    assert!(compared[0] > 1000, "straight rays compared {compared:?}");
    // IceSickle's jump (and its variants') passes over pieces and captures them.
    assert!(compared[1] > 100, "line rays compared {compared:?}");
}

/// `capture_owner = "none"`: a captured piece goes back to a shared bank as nobody's (the
/// bank Homeworlds' ships return to), and the text says so (`bank=S`, not `bank=bS`).
#[test]
fn a_capture_into_a_shared_bank_clears_the_owner() {
    let toml = r#"
[game]
id = "bank"
name = "Bank"

[players]
seats = [{ name = "A" }, { name = "B" }]

[board]
grid = { files = 3, ranks = 1 }

[zones.bank]
description = "pieces nobody owns"

[pieces.S]
name = "ship"

[setup]
cells = { a1 = "aS", b1 = "bS" }

[generators.take]
land = "enemy"
capture = "land"
capture_to = "bank"
capture_owner = "none"

[rules]
generators = ["take"]
"#;
    let g = super::helpers::load(toml).expect("loads");
    let mut s = g.start().expect("start");
    g.play_text(&mut s, "a1:b1").expect("plays");
    assert_eq!(g.position_text(&s), "1aS1 turn=B ply=1 bank=S result=0,1");
    super::helpers::refused(&[(
        toml.replace(
            "[rules]",
            "[generators.up]\npromote = { region = \"far\", to = [\"S\"], owner = \"none\" }\n[regions]\nfar = [\"c1\"]\n[rules]",
        ),
        "a promoted piece is its owner's (`keep`) or the mover's (`mover`), not nobody's",
    )]);
}

#[test]
fn the_conformance_test_names_a_move_two_generators_both_make() {
    // `up` and `step` both make b1-b2: one move listed twice would be counted twice by perft
    // and playouts, and its text would name two moves.
    let g = game(
        "{ files = 3, ranks = 3 }",
        "[moves.up]\ndirections = [\"n\"]\nover_max = 0\n[moves.step]\ndirections = [\"n\", \"e\"]\nover_max = 0\n",
        "[setup]\nrows = [\"3\", \"3\", \"1aS1\"]",
    );
    assert_eq!(
        moves(&g, "3/3/1aS1 turn=A"),
        sorted(&["b1-b2", "b1-b2", "b1-c1"])
    );
    let e = icebox::testing::conformance(&g, 2, 1)
        .expect_err("refused")
        .to_string();
    assert!(
        e.contains(
            "the move `b1-b2` is listed twice: two generators (or the script) make the same move"
        ),
        "{e}"
    );
}

#[test]
fn a_ray_may_pass_over_the_cells_of_a_region_only() {
    // Over the water (b1, c1) and out: a ray with `over_region` passes water cells only, so
    // it lands in the water or on the first cell past it, never further.
    let leap = "[moves.leap]\ndirections = [\"e\"]\nover_min = 1\nover_max = \"any\"\nover_region = \"water\"\n";
    let g = game(
        "{ files = 5, ranks = 1 }",
        leap,
        "[regions]\nwater = [\"b1..c1\"]",
    );
    assert_eq!(moves(&g, "aS4 turn=A"), sorted(&["a1-c1", "a1-d1"]));
    // A piece in the water blocks (`over` is `empty` by default): A can only pass.
    assert_eq!(moves(&g, "aS1bS2 turn=A"), sorted(&["pass"]));
    // Starting past the water, nothing to pass over.
    assert_eq!(moves(&g, "3aS1 turn=A"), sorted(&["pass"]));
}

/// A walk back (the check test's) skips its "is the way back the way forward?" test only where
/// the opposite direction has no link of its own: on a listed board whose `down` also links
/// `w` to `x` (with no `up` back), `up`'s opposite is still `down`, but not exactly.
#[test]
fn a_direction_is_exactly_reversed_only_when_its_opposite_has_no_link_of_its_own() {
    let exact = |links: &str| {
        let file = format!(
            "cells = [{{ name = \"x\" }}, {{ name = \"y\" }}, {{ name = \"z\" }}, {{ name = \"w\" }}]\nlinks = [{links}]\nrows = [[\"z\", \"w\"], [\"y\"], [\"x\"]]\n"
        );
        let g = game_with(
            "[board]\nfile = \"boards/line.toml\"\n",
            "[moves.m]\ndirections = [\"up\"]\nover_max = \"any\"\n",
            &[],
            &[("boards/line.toml", &file)],
        );
        let b = &g.tables().board;
        let d = |name: &str| b.dir(name, 0).expect("a direction");
        (
            b.reverse(d("up")) == Some(d("down")),
            b.reverse_exact(d("up")),
            b.reverse_exact(d("down")),
        )
    };
    let line = "{ from = \"x\", to = \"y\", dir = \"up\", back = \"down\" }, { from = \"y\", to = \"z\", dir = \"up\", back = \"down\" }";
    assert_eq!(exact(line), (true, true, true));
    let extra = format!("{line}, {{ from = \"w\", to = \"x\", dir = \"down\" }}");
    assert_eq!(exact(&extra), (true, false, false));
}

/// A plain placement finds its landing cells as a bitset once a position for every piece it
/// may place: the cells must be those the rule gives cell by cell, for a land condition of
/// empty cells alone (word operations on the state's bitsets) and one that also lands on
/// pieces (cell by cell), inside the generator's region, with gravity, and for one cell
/// alone (`s.gen_from`).
#[test]
fn a_plain_placement_lands_where_its_conditions_allow_for_each_piece_it_places() {
    let load = |generator: &str, script: &str| {
        let drop = format!(
            "[moves.drop]\nkind = \"place\"\npieces = \"any\"\nzone = \"box\"\n{generator}\n"
        );
        let regions = "[regions]\nleft = [\"a1\", \"b1\", \"a2\", \"b2\"]";
        game_scripted("{ files = 4, ranks = 2 }", &drop, regions, Some(script))
    };
    let every = "fn moves(s) { s.gen(\"drop\"); }";
    // a1 holds B's small, c1 A's large; the box holds a small and a large of nobody's.
    let at = "4/bS1aL1 turn=A box=S,L";
    let g = load("land = \"empty\"", every);
    let empty = ["a2", "b1", "b2", "c2", "d1", "d2"];
    let both = |cells: &[&str]| {
        let mut v: Vec<String> = ["L", "S"]
            .iter()
            .flat_map(|k| cells.iter().map(move |c| format!("{k}@{c}")))
            .collect();
        v.sort();
        v
    };
    assert_eq!(moves(&g, at), both(&empty));
    let g = load("land = [\"empty\", \"enemy\"]", every);
    assert_eq!(
        moves(&g, at),
        both(&["a1", "a2", "b1", "b2", "c2", "d1", "d2"])
    );
    let g = load("land = \"empty\"\nregion = \"left\"", every);
    assert_eq!(moves(&g, at), both(&["a2", "b1", "b2"]));
    let g = load("land = \"empty\"\ngravity = \"s\"", every);
    assert_eq!(moves(&g, at), both(&["a2", "b1", "c2", "d1"]));
    // One cell alone: a cell it may land on, one it may not.
    let g = load(
        "land = \"empty\"",
        "fn moves(s) { s.gen_from(\"drop\", 1); }",
    );
    assert_eq!(moves(&g, at), both(&["b1"]));
    let g = load(
        "land = \"empty\"",
        "fn moves(s) { s.gen_from(\"drop\", 2); }",
    );
    assert_eq!(
        moves(&g, at),
        ["pass"],
        "c1 is taken: no placement, so a pass"
    );
}

/// The walk skips a direction from a cell when the line that way is too short to hold a
/// landing past the fewest cells passed over (worked out at load): the jumps that do fit,
/// up to the board's edge, must all still be there, in every direction.
#[test]
fn a_jump_lands_up_to_the_boards_edge_and_nowhere_past_it() {
    let sickle = r#"[moves.jump]
pieces = "neutral"
over_min = 2
over_max = "size"
over = "any"
over_occupied_min = 1
land = "empty"
capture = "over"
capture_to = "captured"
"#;
    let g = game("{ files = 4, ranks = 4 }", sickle, "");
    // Larges on a1 and d4, smalls on b2 and c3. A small may pass one cell, fewer than two:
    // no jump. A large passes two or three: along the diagonal over b2 and c3 it would land
    // on the other large, and three cells on there is no cell; along the edges it passes
    // only empty cells.
    let at = "3L/2S1/1S2/L3 turn=A";
    assert_eq!(moves(&g, at), vec!["pass".to_string()]);
    // With the corner d4 empty (the large on a4 instead), a1 jumps to it over the smalls;
    // a4 passes only empty cells.
    assert_eq!(moves(&g, "L3/2S1/1S2/L3 turn=A"), sorted(&["a1:d4"]));
    // Along the edges: a large on a1 over a small on b1 (and an empty c1) to d1, and over a2
    // and a3 to a4.
    assert_eq!(moves(&g, "4/S3/S3/LS2 turn=A"), sorted(&["a1:a4", "a1:d1"]));
}
