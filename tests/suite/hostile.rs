//! Issue 15's hostile inputs, each with the clear error (or the right behaviour) it now gets:
//! extreme numbers in definitions and positions, scripts that try to hold gigabytes, and the
//! script handle used where it must not be.

use std::process::{Command, Output};

fn icebox(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_icebox"))
        .args(args)
        .output()
        .expect("icebox runs")
}

fn said(o: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

/// A small placement game in a fresh folder, with `extra` TOML appended to its definition (or
/// `board` instead of the 3x3 grid) and `script` as its rules.
fn mini(name: &str, board: Option<&str>, extra: &str, script: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("icebox-hostile-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("dir");
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
    let pos = "4bK3/8/8/8/8/8/8/4wK2wR turn=White var.castle_wk=0 var.castle_wq=0 var.castle_bk=0 var.castle_bq=0 var.quiet=9223372036854775807";
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
fn generators_refuse_to_run_inside_a_look_ahead() {
    let dir = mini(
        "lookahead",
        None,
        "",
        "fn moves(s) { s.gen(\"place\"); s.try_move(0); s.gen(\"place\"); }\n",
    );
    fails_saying(
        &["play", &dir.to_string_lossy(), "--seat", "all=random"],
        "no move generators or move-list changes during try_move",
    );
    let _ = std::fs::remove_dir_all(dir);
}
