//! Issue 15's hostile inputs, each with the clear error (or the right behaviour) it now gets:
//! extreme numbers in definitions and positions, scripts that try to hold gigabytes, and the
//! script handle used where it must not be.

use super::helpers::{Scratch, icebox};
use std::process::{Command, Output};

fn said(o: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

/// A small placement game in a fresh folder, with `extra` TOML appended to its definition (or
/// `board` instead of the 3x3 grid) and `script` as its rules.
fn mini(name: &str, board: Option<&str>, extra: &str, script: &str) -> Scratch {
    let dir = Scratch::new(&format!("hostile-{name}"));
    let board = board.unwrap_or("[board]\ngrid = { files = 3, ranks = 3 }\n");
    let toml = format!(
        "[game]\nid = \"{name}\"\nname = \"x\"\nmax_plies = 40\n\n[players]\nseats = [{{ name = \"A\" }}, {{ name = \"B\" }}]\n\n{board}\n[zones.stash]\n\n[pieces.S]\nname = \"small\"\n\n[setup]\nzones = {{ stash = \"4S\" }}\n\n[moves.place]\nkind = \"place\"\npieces = \"neutral\"\nzone = \"stash\"\n\n{extra}\n[rules]\nscript = \"rules.rhai\"\nno_moves = \"draw\"\n"
    );
    let toml = if extra.contains("[rules]") {
        // The extra text brings its own [rules] table.
        toml.replace(
            "[rules]\nscript = \"rules.rhai\"\nno_moves = \"draw\"\n",
            "",
        )
    } else {
        toml
    };
    std::fs::write(dir.join("game.toml"), toml).expect("toml");
    std::fs::write(dir.join("rules.rhai"), script).expect("script");
    dir
}

const PLACE: &str = "fn moves(s) { s.gen(\"place\"); }\n";

fn fails_saying(args: &[&str], says: &str) {
    let o = icebox(args);
    assert!(!o.status.success(), "{args:?} should fail:\n{}", said(&o));
    assert!(said(&o).contains(says), "{args:?}:\n{}", said(&o));
}

#[test]
fn extreme_numbers_in_definitions_are_refused_at_the_key() {
    let huge = mini(
        "coords",
        Some(
            "[board]\ncells = [{ name = \"a\", x = 9223372036854775807, y = 0 }, { name = \"b\", x = 1000000000, y = 1 }]\nlinks = [{ from = \"a\", to = \"b\", dir = \"e\", back = \"w\" }]\n",
        ),
        "",
        PLACE,
    );
    let h = huge.to_string_lossy().to_string();
    fails_saying(
        &["validate", &h],
        "x = 9223372036854775807: drawing positions are",
    );
    fails_saying(&["validate", &h], "x = 1000000000");
    fails_saying(&["show", &h], "drawing positions");
    let dice = mini("dice", None, "[dice]\ncount = 15\nsides = 15\n", PLACE);
    fails_saying(&["validate", &dice.to_string_lossy()], "different throws");
    let dice = mini("dice13", None, "[dice]\ncount = 13\nsides = 6\n", PLACE);
    fails_saying(&["validate", &dice.to_string_lossy()], "ordered ones");
    let plies = mini("plies", None, "", PLACE);
    let text = std::fs::read_to_string(plies.join("game.toml"))
        .expect("toml")
        .replace("max_plies = 40", "max_plies = 4294967295");
    std::fs::write(plies.join("game.toml"), text).expect("toml");
    fails_saying(
        &["validate", &plies.to_string_lossy()],
        "max_plies = 4294967295: at most",
    );
    let vars: Vec<String> = (0..300).map(|i| format!("v{i} = 0")).collect();
    let many = mini(
        "vars",
        None,
        &format!(
            "[rules]\nscript = \"rules.rhai\"\nvars = {{ {} }}\n",
            vars.join(", ")
        ),
        PLACE,
    );
    fails_saying(
        &["validate", &many.to_string_lossy()],
        "300 vars: at most 256",
    );
    for d in [huge, dice, plies, many] {
        let _ = std::fs::remove_dir_all(d);
    }
}

#[test]
fn a_huge_distance_offset_saturates_instead_of_overflowing() {
    let dir = mini(
        "offset",
        None,
        "[pieces.L]\nname = \"large\"\nsize = 3\n[moves.slide]\npieces = \"neutral\"\nover_max = \"size+9223372036854775807\"\n",
        "fn moves(s) { s.gen(\"place\"); s.gen(\"slide\"); }\n",
    );
    let o = icebox(&[
        "play",
        &dir.to_string_lossy(),
        "--seat",
        "all=random",
        "--quiet",
    ]);
    assert!(o.status.success(), "{}", said(&o));
    assert!(said(&o).contains("game over"), "{}", said(&o));
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn scores_and_clocks_near_the_largest_number_do_not_overflow() {
    // IceSickle: A's jump from b3 over c3 scores; A's score is already the largest i64.
    let pos = "5/5/1SL2/5/5 turn=A phase=jump score=9223372036854775807,0";
    let o = icebox(&[
        "play",
        "icesickle",
        "--position",
        pos,
        "--seat",
        "all=random",
        "--quiet",
    ]);
    assert!(!o.status.success());
    assert!(said(&o).contains("past the largest number"), "{}", said(&o));
    // Chess: the move count kept at the largest number stays there; with the fifty-move rule
    // on, such a position is drawn at once.
    let pos = "4bK3/8/8/8/8/8/8/4wK2wR turn=White moved=h1 var.quiet=9223372036854775807";
    let o = icebox(&[
        "play",
        "chess",
        "--position",
        pos,
        "--seat",
        "all=random",
        "--quiet",
    ]);
    assert!(o.status.success(), "{}", said(&o));
    assert!(
        said(&o).contains("Draw: 100 plies without a capture"),
        "{}",
        said(&o)
    );
    let o = icebox(&[
        "play",
        "chess",
        "--position",
        pos,
        "--set",
        "fifty_move_rule=false",
        "--seat",
        "all=random",
        "--quiet",
    ]);
    assert!(o.status.success(), "{}", said(&o));
    assert!(said(&o).contains("game over"), "{}", said(&o));
}

#[test]
fn scripts_that_hold_gigabytes_are_stopped() {
    for g in ["hostile-map", "hostile-vars"] {
        let path = format!("tests/data/games/{g}");
        fails_saying(
            &["play", &path, "--seat", "all=random"],
            "the script held more than 128 MiB in one call",
        );
    }
}

#[test]
fn a_move_built_inside_a_look_ahead_that_does_not_fit_is_refused_at_the_hook() {
    // Moving the piece that only the look-ahead placed: the move cannot be played for real.
    let dir = mini(
        "lookahead",
        None,
        "",
        "fn moves(s) { s.gen(\"place\"); let c = s.move_to(0); s.try_move(0); s.add_move(c, (c + 1) % 9); }\n",
    );
    fails_saying(
        &["play", &dir.to_string_lossy(), "--seat", "all=random"],
        "was built during a try_move look-ahead and does not fit the position",
    );
    // Built inside the look-ahead and taken out again: the game plays (the pattern scripts
    // were written in before look-aheads were values).
    let ok = mini(
        "lookahead-ok",
        None,
        "",
        "fn moves(s) { s.gen(\"place\"); let n = s.move_count(); if n == 0 { return; } s.try_move(0); s.gen(\"place\"); let k = s.move_count() - n; if k != 0 && k != n - 1 { throw \"the look-ahead's placements\"; } while s.move_count() > n { s.remove_move(n); } s.undo_try(); }\n",
    );
    let o = icebox(&[
        "play",
        &ok.to_string_lossy(),
        "--seat",
        "all=random",
        "--quiet",
    ]);
    assert!(o.status.success(), "{}", said(&o));
    let _ = std::fs::remove_dir_all(dir);
    let _ = std::fs::remove_dir_all(ok);
}

/// Writes `text` into `dir/name`, making folders as needed.
fn put(dir: &std::path::Path, name: &str, text: &str) {
    let p = dir.join(name);
    if let Some(parent) = p.parent() {
        std::fs::create_dir_all(parent).expect("dir");
    }
    std::fs::write(p, text).expect("write");
}

#[test]
fn more_limits_are_refused_at_their_key() {
    // Coordinates from a board file are pointed at in that file, for play too.
    let dir = mini(
        "coordfile",
        Some("[board]\nfile = \"big.toml\"\n"),
        "",
        PLACE,
    );
    put(
        &dir,
        "boards/big.toml",
        "cells = [{ name = \"a\", x = 9223372036854775805, y = 0 }, { name = \"b\", x = 1, y = 0 }]\nlinks = [{ from = \"a\", to = \"b\", dir = \"e\", back = \"w\" }]\n",
    );
    let d = dir.to_string_lossy().to_string();
    let text = std::fs::read_to_string(dir.join("game.toml")).expect("toml");
    put(
        &dir,
        "game.toml",
        &text.replace("file = \"big.toml\"", "file = \"boards/big.toml\""),
    );
    for cmd in ["validate", "show", "play"] {
        fails_saying(&[cmd, &d], "boards/big.toml:1:");
        fails_saying(&[cmd, &d], "x = 9223372036854775805: drawing positions are");
    }
    // Ten dice of fifteen sides: too many throws to list.
    let dice = mini("dice10", None, "[dice]\ncount = 10\nsides = 15\n", PLACE);
    fails_saying(
        &["validate", &dice.to_string_lossy()],
        "10 dice of 15 sides make 1961256 different throws",
    );
    // A board past the cell limit.
    let cells: Vec<String> = (0..20001)
        .map(|i| format!("{{ name = \"c{i}\", x = {}, y = {} }}", i % 200, i / 200))
        .collect();
    let big = mini(
        "cells",
        Some(&format!("[board]\ncells = [{}]\n", cells.join(", "))),
        "",
        PLACE,
    );
    fails_saying(
        &["validate", &big.to_string_lossy()],
        "20001 cells: a board has at most 20000",
    );
    // Words and phases past 256, and words that would not read back as moves.
    let words: Vec<String> = (0..300)
        .map(|i| format!("\"w{}\"", "a".repeat(i % 20 + 1)))
        .collect();
    let many = mini(
        "words",
        None,
        &format!(
            "[rules]\nscript = \"rules.rhai\"\nwords = [{}]\nphases = [{}]\n",
            words.join(", "),
            words.join(", ")
        ),
        PLACE,
    );
    fails_saying(
        &["validate", &many.to_string_lossy()],
        "300 words: at most 256",
    );
    fails_saying(
        &["validate", &many.to_string_lossy()],
        "300 phases: at most 256",
    );
    let digits = mini(
        "digits",
        None,
        "[rules]\nscript = \"rules.rhai\"\nwords = [\"w299\", \"pass\", \"xray\"]\n",
        PLACE,
    );
    let g = digits.to_string_lossy().to_string();
    fails_saying(
        &["validate", &g],
        "`w299`: a word is lower-case letters and `_`",
    );
    fails_saying(
        &["validate", &g],
        "`pass` is a move of its own in every game",
    );
    fails_saying(
        &["validate", &g],
        "`xray` would read as a removal from a cell `ray`",
    );
    for d in [dir, dice, big, many, digits] {
        let _ = std::fs::remove_dir_all(d);
    }
}

#[test]
fn stacks_taller_than_255_pieces_move_whole() {
    let dir = std::env::temp_dir().join(format!("icebox-hostile-stack-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let white = vec!["wP"; 300].join(" ");
    let black = vec!["bP"; 300].join(" ");
    put(
        &dir,
        "game.toml",
        &format!(
            "[game]\nid = \"stacks\"\nname = \"Stacks\"\nmax_plies = 6\n[players]\nseats = [{{ name = \"White\" }}, {{ name = \"Black\" }}]\n[board]\ngrid = {{ files = 3, ranks = 3 }}\n[pieces.P]\nname = \"pawn\"\n[setup]\ncells = {{ a1 = \"{white}\", c3 = \"{black}\" }}\n[moves.step]\ndirections = [\"n\", \"e\"]\ncarry = \"stack\"\n[rules]\nscript = \"rules.rhai\"\n"
        ),
    );
    put(&dir, "rules.rhai", "fn moves(s) { s.gen(\"step\"); }\n");
    let d = dir.to_string_lossy().to_string();
    let o = icebox(&["test", &d]);
    assert!(o.status.success(), "{}", said(&o));
    // After a1-a2 all 300 white pawns stand on a2.
    let rec = dir.join("g.rec");
    std::fs::write(&rec, "[Game \"stacks\"]\n\n1. White: a1-a2\n").expect("rec");
    let o = Command::new(env!("CARGO_BIN_EXE_icebox"))
        .args([
            "--games-dir",
            &dir.parent().expect("parent").to_string_lossy(),
        ])
        .args([
            "render",
            &d,
            "--record",
            &rec.to_string_lossy(),
            "--at",
            "1",
            "--svg",
        ])
        .arg(dir.join("x.svg"))
        .output()
        .expect("runs");
    assert!(o.status.success(), "{}", said(&o));
    let svg = std::fs::read_to_string(dir.join("x.svg")).expect("svg");
    assert!(svg.contains(">300<"), "a2 holds all 300 pawns");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn scripts_are_stopped_whatever_way_they_spend() {
    // Copying a large array costs one operation: the copying itself is bounded.
    let dir = mini(
        "copying",
        None,
        "",
        "fn moves(s) { s.gen(\"place\"); let a = []; a.pad(99999, 0); for i in 0..20000 { let b = a; b[0] = i; } }\n",
    );
    let d = dir.to_string_lossy().to_string();
    fails_saying(
        &["validate", &d],
        "the script copied more than 1024 MiB in one call",
    );
    // A score added by the script past the largest number.
    let o = icebox(&[
        "play",
        "icesickle",
        "--variant",
        "last-man-standing",
        "--position",
        "5/5/1SL2/5/5 turn=A phase=jump score=-9223372036854775807,9223372036854775807",
        "--seat",
        "all=random",
        "--quiet",
    ]);
    assert!(!o.status.success());
    assert!(
        said(&o).contains("would pass the largest number"),
        "{}",
        said(&o)
    );
    // The memory-hungry scripts are stopped by validate too, not only by play.
    for g in ["hostile-map", "hostile-vars"] {
        fails_saying(
            &["validate", &format!("tests/data/games/{g}")],
            "the script held more than 128 MiB in one call",
        );
    }
    // A look-ahead goes only so deep, whatever the script asks.
    let deep = mini(
        "lookahead-deep",
        None,
        "",
        "fn moves(s) { s.gen(\"place\"); let p = s; for k in 0..20 { p = p.lookahead(); } }\n",
    );
    fails_saying(
        &["play", &deep.to_string_lossy(), "--seat", "all=random"],
        "a look-ahead goes at most 8 deep",
    );
    let _ = std::fs::remove_dir_all(deep);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn search_budgets_and_counts_are_bounded() {
    fails_saying(
        &["play", "icesickle", "--seat", "all=mcts:4294967295"],
        "at most 10000000 playouts a move",
    );
    fails_saying(
        &["play", "icesickle", "--seat", "all=mcts:99999s"],
        "at most 3600 s a move",
    );
    // Too many digits for any number: the limits, not "not a number".
    for budget in ["all=mcts:99999999999", "all=mcts:99999999999999999999ms"] {
        fails_saying(
            &["play", "icesickle", "--seat", budget],
            "at most 10000000 playouts or 3600 s a move",
        );
    }
    fails_saying(
        &["bench", "icesickle", "--playouts", "18446744073709551615"],
        "at most 10000000 in one run",
    );
    fails_saying(
        &["test", "icesickle", "--playouts", "99999999"],
        "at most 10000000 in one run",
    );
    fails_saying(
        &[
            "play",
            "icesickle",
            "--position",
            "5/5/5/5/5 ply=18446744073709551615",
        ],
        "ply = 18446744073709551615 is too large",
    );
}

#[test]
fn a_record_cut_short_by_a_crash_replays_and_resumes() {
    let dir = std::env::temp_dir().join(format!("icebox-hostile-cut-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    put(
        &dir,
        "cut.rec",
        "[Game \"icesickle\"]\n; kept\n\n1. A: S@c3\n2. B: L@d4 { kept too }\n3. A: M@",
    );
    let rec = dir.join("cut.rec").to_string_lossy().to_string();
    let o = icebox(&["replay", &rec]);
    assert!(o.status.success(), "{}", said(&o));
    assert!(
        said(&o)
            .contains("cut.rec:6: the last line is cut short (a write was interrupted): left out"),
        "{}",
        said(&o)
    );
    assert!(said(&o).contains("ok: 2 moves"), "{}", said(&o));
    // Resumed into the same file: the cut line is gone, the comments stay, the game goes on.
    let o = icebox(&[
        "play",
        "--load",
        &rec,
        "--save",
        &rec,
        "--seat",
        "all=random",
        "--quiet",
    ]);
    assert!(o.status.success(), "{}", said(&o));
    let text = std::fs::read_to_string(dir.join("cut.rec")).expect("rec");
    assert!(
        text.contains("; kept") && text.contains("{ kept too }"),
        "{text}"
    );
    assert!(
        text.contains("\n3. A: ") && !text.contains("3. A: M@\n"),
        "{text}"
    );
    let o = icebox(&["replay", &rec]);
    assert!(
        o.status.success() && said(&o).starts_with("ok: "),
        "{}",
        said(&o)
    );
    // A move that does not read, on a finished line, is an error as before.
    put(
        &dir,
        "bad.rec",
        "[Game \"icesickle\"]\n\n1. A: S@c3\n2. B: M@\n",
    );
    let o = icebox(&["replay", &dir.join("bad.rec").to_string_lossy()]);
    assert!(!o.status.success(), "{}", said(&o));
    let _ = std::fs::remove_dir_all(dir);
}

/// A script recurses as deep as it always could (47 nested calls below a hook) and no deeper:
/// hooks are called through a kept run-time state that adds call levels of its own, and the
/// limit is raised by exactly those (`rules::runtime`).
#[test]
fn scripts_recurse_as_deep_as_before_and_no_deeper() {
    let game = |depth: u32| {
        mini(
            &format!("recursion-{depth}"),
            None,
            "",
            &format!(
                "fn depth(n) {{ if n == 0 {{ 0 }} else {{ 1 + depth(n - 1) }} }}\nfn moves(s) {{ s.gen(\"place\"); depth({depth}); }}\n"
            ),
        )
    };
    let fits = game(47);
    let o = icebox(&["perft", &fits.to_string_lossy(), "--depth", "2", "--json"]);
    assert!(o.status.success(), "{}", said(&o));
    assert!(
        said(&o).contains("\"nodes\":72"),
        "9 x 8 placements: {}",
        said(&o)
    );
    let too_deep = game(48);
    fails_saying(
        &["perft", &too_deep.to_string_lossy(), "--depth", "1"],
        "Stack overflow",
    );
    let _ = std::fs::remove_dir_all(fits);
    let _ = std::fs::remove_dir_all(too_deep);
}

/// `exit` in a hook, or in a function it calls, ends the hook with the moves made so far and
/// with the value given, as Rhai's `call_fn` did: hooks are now called another way
/// (`rules::runtime`), which must keep it.
#[test]
fn exit_ends_a_hook_with_its_value() {
    let dir = mini(
        "exit",
        None,
        "",
        "fn helper(s) { s.gen(\"place\"); exit(); print(\"not reached\"); }\nfn moves(s) { helper(s); print(\"nor this\"); }\nfn evaluate(s, p) { exit(7); }\n",
    );
    let d = dir.to_string_lossy().to_string();
    let o = icebox(&["--trace", "perft", &d, "--depth", "2", "--json"]);
    assert!(o.status.success(), "{}", said(&o));
    assert!(said(&o).contains("\"nodes\":72"), "{}", said(&o));
    assert!(
        !said(&o).contains("not reached") && !said(&o).contains("nor this"),
        "{}",
        said(&o)
    );
    // A greedy seat reads `evaluate`: `exit(7)` is its value, not an error.
    let o = icebox(&["play", &d, "--seat", "all=greedy", "--quiet"]);
    assert!(o.status.success(), "{}", said(&o));
    assert!(said(&o).contains("game over"), "{}", said(&o));
    let _ = std::fs::remove_dir_all(dir);
}
