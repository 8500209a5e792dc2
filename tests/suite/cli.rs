//! End-to-end tests of the `icebox` binary: real commands, real exit codes, real messages.

use super::helpers::icebox;
use std::io::Write;
use std::process::{Command, Output, Stdio};

fn icebox_stdin(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_icebox"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("icebox runs");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input.as_bytes())
        .expect("write stdin");
    child.wait_with_output().expect("icebox finishes")
}

fn text(o: &Output) -> (String, String) {
    (
        String::from_utf8_lossy(&o.stdout).into_owned(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}

#[test]
fn list_json_has_ids_names_variants_and_options() {
    let o = icebox(&["list", "--json"]);
    assert!(o.status.success());
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("JSON");
    let ice = v
        .as_array()
        .expect("list")
        .iter()
        .find(|g| g["id"] == "icesickle")
        .expect("icesickle listed");
    assert_eq!(ice["name"], "IceSickle");
    let variants: Vec<&str> = ice["variants"]
        .as_array()
        .expect("variants")
        .iter()
        .filter_map(|x| x["name"].as_str())
        .collect();
    assert!(variants.contains(&"low-score"), "{variants:?}");
    let options: Vec<&str> = ice["options"]
        .as_array()
        .expect("options")
        .iter()
        .filter_map(|x| x["name"].as_str())
        .collect();
    assert!(options.contains(&"rounds"), "{options:?}");
}

#[test]
fn an_ai_game_plays_to_the_end_and_prints_every_move() {
    let o = icebox(&[
        "play",
        "icesickle",
        "--seat",
        "all=random",
        "--seed",
        "5",
        "--quiet",
    ]);
    let (out, err) = text(&o);
    assert!(o.status.success(), "{err}");
    assert!(out.contains("1. A: "), "{out}");
    assert!(out.contains("game over: "), "{out}");
    // 15 placements a round, two rounds.
    assert!(
        out.lines().filter(|l| l.contains('@')).count() == 30,
        "{out}"
    );
    // The same seed gives the same game.
    let again = icebox(&[
        "play",
        "icesickle",
        "--seat",
        "all=random",
        "--seed",
        "5",
        "--quiet",
    ]);
    assert_eq!(o.stdout, again.stdout);
}

#[test]
fn a_human_seat_reads_moves_and_explains_illegal_ones() {
    let o = icebox_stdin(
        &["play", "examples/hexapawn", "--seat", "Black=random"],
        "a1-a3\nb1-b2\nquit\n",
    );
    let (out, _) = text(&o);
    assert!(o.status.success());
    assert!(
        out.contains("`a1-a3` is not a legal move; closest legal moves: a1-a2"),
        "{out}"
    );
    assert!(out.contains("1. White: b1-b2"), "{out}");
}

#[test]
fn perft_and_bench_print_json() {
    let o = icebox(&["perft", "icesickle", "--depth", "2", "--json"]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("perft JSON");
    // Two placements from an empty 5x5 board with three sizes: 75 * 72.
    assert_eq!(v["nodes"], 75 * 72);
    assert_eq!(v["depth"], 2);
    assert!(v["seconds"].is_number());
    let o = icebox(&["bench", "icesickle", "--playouts", "20", "--json"]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("bench JSON");
    for key in ["playouts_per_sec", "moves_per_sec", "peak_rss_bytes"] {
        assert!(v[key].as_f64().is_some_and(|x| x > 0.0), "{key}: {v}");
    }
}

#[test]
fn positions_are_accepted_and_bad_ones_pointed_at() {
    let o = icebox(&[
        "perft",
        "icesickle",
        "--depth",
        "1",
        "--position",
        "5/5/1SL2/5/5 turn=A phase=jump",
        "--json",
    ]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("JSON");
    // b3 (small) jumps c3 to d3; c3 (large) jumps b3 to a3.
    assert_eq!(v["nodes"], 2);
    let o = icebox(&["perft", "icesickle", "--position", "5/5/1SX2/5/5 turn=A"]);
    let (_, err) = text(&o);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        err.contains("<position>:1:") && err.contains("`X` is not a piece kind"),
        "{err}"
    );
    let o = icebox(&["perft", "icesickle", "--position", "5/5/5 turn=A"]);
    assert!(
        text(&o)
            .1
            .contains("the board has 5 rows, the text gives 3")
    );
}

#[test]
fn bad_options_and_variants_say_what_would_work() {
    let o = icebox(&["show", "icesickle", "--set", "round=3"]);
    let (_, err) = text(&o);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        err.contains("`round` is not an option of icesickle")
            && err.contains("did you mean `rounds`?"),
        "{err}"
    );
    let o = icebox(&["show", "icesickle", "--set", "rounds=many"]);
    assert!(text(&o).1.contains("`many` is not a whole number"));
    let o = icebox(&["show", "icesickle", "--set", "rounds=99"]);
    assert!(text(&o).1.contains("out of range"));
    let o = icebox(&["show", "icesickle", "--set", "rounds"]);
    assert!(text(&o).1.contains("--set wants KEY=VALUE"));
    let o = icebox(&["show", "icesickle", "--variant", "low-scor"]);
    assert!(text(&o).1.contains("did you mean `low-score`?"));
    let o = icebox(&["show", "icesickl"]);
    assert!(text(&o).1.contains("did you mean `icesickle`?"));
    let o = icebox(&["play", "icesickle", "--seat", "C=random"]);
    assert!(text(&o).1.contains("`C` is not a seat of icesickle"));
}

#[test]
fn validate_reports_every_problem_with_file_line_and_column() {
    let o = icebox(&["validate", "tests/data/games/bad-refs"]);
    let (_, err) = text(&o);
    assert_eq!(o.status.code(), Some(1));
    for needle in [
        "bad-refs/game.toml:26:10: `middle` is not a region",
        "bad-refs/game.toml:25:8: `stsh` is not a zone",
        "did you mean `stash`?",
        "`north` is not a direction",
        "bad-refs/game.toml:20:16: unknown cell `z9`",
        "`Q` is not a piece kind",
        "20 | cells = { z9 = \"S\", b2 = \"Q\" }",
    ] {
        assert!(err.contains(needle), "missing `{needle}` in:\n{err}");
    }
}

#[test]
fn validate_rejects_each_kind_of_broken_definition() {
    let cases = [
        ("bad-syntax", "game.toml:4:13: invalid basic string"),
        ("unknown-key", "did you mean `summary`?"),
        (
            "wrong-type",
            "game.toml:5:13: expected a whole number from 0 to 4294967295, found the text \"forty\"",
        ),
        ("no-compile", "rules.rhai:3:5: the script does not compile"),
        ("no-moves-hook", "the script has no `moves(s)` hook"),
        (
            "endless-loop",
            "(an endless loop?) (game `mini`, hook `moves`)",
        ),
        (
            "unknown-generator",
            "rules.rhai:2:7: `plce` is not a move generator of this game",
        ),
        (
            "throws",
            "rules.rhai:2:5: the rules are confused (game `mini`, hook `moves`)",
        ),
        ("bad-evaluate", "evaluate must return an integer"),
        (
            "over-stash",
            "the set-up places 5 small (neutral) but the stash holds 4",
        ),
        ("over-stash", "game.toml:19:24: `Q` is not a piece kind"),
        // Issue 14: what play would find, found by validate, each where it was written.
        (
            "no-first-move",
            "game.toml: the game is over before its first move: Draw: no legal move",
        ),
        (
            "no-first-move",
            "moves each generator has here for A: `place` 0",
        ),
        (
            "neutral-hand",
            "`hand.A` holds pieces that are not A's (`S`): a seat's pieces are written with its letter, like `4aS`",
        ),
        (
            "twice",
            "rules.rhai:2:7: the moves hook lists `S@a1` twice: generator `place` makes it and the script asks for that generator more than once",
        ),
        ("twice", "the calls are on lines 2, 3"),
        (
            "agree-loop",
            "rules.rhai:2:1: agreeing to `draw`: the script ran more than 2000000 operations in one call",
        ),
        (
            "option-range",
            "game.toml:31:11: the default is not allowed: option `rounds` = 50 is out of range (1..=10)",
        ),
        (
            "option-range",
            "game.toml:38:7: option `size`: min = 10 is above max = 1",
        ),
        (
            "typo-word",
            "game.toml:24:8: `emtpy` is not one of: empty, occupied, any, own, friend, enemy, neutral, smaller, not-larger, larger, lone-enemy",
        ),
        ("typo-word", "help: did you mean `empty`?"),
        (
            "huge-number",
            "game.toml:5:13: `99999999999999999999` is too large: whole numbers in a definition go up to 9223372036854775807",
        ),
        (
            "float-script",
            "rules.rhai:1:26: `0.5` is a decimal number: scripts have whole numbers only",
        ),
        (
            "variant-typo",
            "variants/typo.toml:4:8: `emtpy` is not one of: empty",
        ),
    ];
    for (name, needle) in cases {
        let o = icebox(&["validate", &format!("tests/data/games/{name}")]);
        let (_, err) = text(&o);
        assert_eq!(o.status.code(), Some(1), "{name} should fail validation");
        assert!(
            err.contains(needle),
            "{name}: missing `{needle}` in:\n{err}"
        );
    }
    let o = icebox(&[
        "validate",
        "tests/data/games/ok",
        "icesickle",
        "examples/hexapawn",
    ]);
    assert!(o.status.success(), "{}", text(&o).1);
    // A board in two parts (x-y, and z alone) was refused as "not connected"; it is a board
    // like any other now, loaded without a warning.
    let o = icebox(&["validate", "tests/data/games/islands"]);
    let (out, err) = text(&o);
    assert!(o.status.success(), "{err}");
    assert!(!format!("{out}{err}").contains("warning"), "{out}{err}");
}

#[test]
fn an_endless_loop_in_play_is_an_error_not_a_hang() {
    let o = icebox(&[
        "play",
        "tests/data/games/endless-loop",
        "--seat",
        "all=random",
    ]);
    let (_, err) = text(&o);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        err.contains("endless-loop/rules.rhai:1:1:") && err.contains("hook `moves`"),
        "{err}"
    );
}

#[test]
fn test_command_runs_scenarios_and_conformance() {
    let o = icebox(&["test", "examples/hexapawn", "--playouts", "5"]);
    let (out, err) = text(&o);
    assert!(o.status.success(), "{out}{err}");
    assert!(
        out.contains("scenarios: ") && out.contains(" passed, 0 failed"),
        "{out}"
    );
    assert!(out.contains("conformance (base): ok (5 playouts"), "{out}");
}

#[test]
fn user_game_folders_are_found_by_id() {
    let o = Command::new(env!("CARGO_BIN_EXE_icebox"))
        .args(["--games-dir", "examples", "show", "hexapawn"])
        .output()
        .expect("runs");
    assert!(o.status.success(), "{}", text(&o).1);
    assert!(text(&o).0.contains("Hexapawn (hexapawn)"));
    let o = Command::new(env!("CARGO_BIN_EXE_icebox"))
        .args(["show", "hexapawn"])
        .env("ICEBOX_GAMES", "examples")
        .output()
        .expect("runs");
    assert!(o.status.success());

    // Issue 14: by the `[game] id` the definition declares, not the folder's name; odd
    // folders and shadowed built-in games are warned about; a record of a user game replays.
    let dir = temp_dir("user-games");
    let mine = dir.join("my-folder");
    std::fs::create_dir_all(&mine).expect("dir");
    for f in ["game.toml", "rules.rhai"] {
        let text = std::fs::read_to_string(format!("examples/hexapawn/{f}")).expect("read");
        std::fs::write(
            mine.join(f),
            text.replace("id = \"hexapawn\"", "id = \"pawns\""),
        )
        .expect("write");
    }
    let chess = dir.join("chess-copy");
    std::fs::create_dir_all(&chess).expect("dir");
    std::fs::copy("games/chess/game.toml", chess.join("game.toml")).expect("copy");
    let d = dir.to_string_lossy().to_string();
    let rec = dir.join("g.rec").to_string_lossy().to_string();
    let o = icebox(&[
        "--games-dir",
        &d,
        "--games-dir",
        "no/such/folder",
        "play",
        "pawns",
        "--seat",
        "all=random",
        "--quiet",
        "--save",
        &rec,
    ]);
    let (out, err) = text(&o);
    assert!(o.status.success(), "{err}");
    assert!(out.contains("game over"), "{out}");
    assert!(
        err.contains("warning: no/such/folder: this games folder does not exist"),
        "{err}"
    );
    assert!(
        err.contains("this game's id `chess` is a built-in game's: the built-in one is hidden while this folder is given"),
        "{err}"
    );
    let o = icebox(&["replay", &rec]);
    assert!(!o.status.success());
    assert!(text(&o).1.contains("pawns: no such game"), "{}", text(&o).1);
    let o = icebox(&["--games-dir", &d, "replay", &rec]);
    assert!(o.status.success(), "{}", text(&o).1);
    let o = icebox(&["replay", &rec, "--game", &mine.to_string_lossy()]);
    assert!(o.status.success(), "{}", text(&o).1);
    assert!(text(&o).0.starts_with("ok: "), "{}", text(&o).0);
    let o = icebox(&["replay", &rec, "--game", "chess"]);
    assert!(
        text(&o)
            .1
            .contains("the record is a game of `pawns`, and --game chess is `chess`"),
        "{}",
        text(&o).1
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn schema_command_prints_the_checked_in_schema() {
    let o = icebox(&["schema"]);
    assert_eq!(
        String::from_utf8_lossy(&o.stdout),
        std::fs::read_to_string("schema/game.schema.json").expect("reads")
    );
}

fn temp_dir(name: &str) -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("icebox-cli-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).expect("temp dir");
    d
}

/// Issue 17's report: `S@c3`, `undo`, `redo` against a random seat replayed B's old move as
/// the person's turn and left a record that neither `replay` nor `--load` accepted.
#[test]
fn undo_and_redo_against_an_ai_keep_the_game_and_its_record_whole() {
    let dir = temp_dir("undo");
    let rec = dir.join("r.rec");
    let r = rec.to_string_lossy().to_string();
    let o = icebox_stdin(
        &[
            "play",
            "icesickle",
            "--seat",
            "B=random",
            "--seed",
            "7",
            "--save",
            &r,
            "--quiet",
        ],
        "S@c3\nundo\nredo\nquit\n",
    );
    let (out, err) = text(&o);
    assert!(o.status.success(), "{out}{err}");
    // The person's move and the AI's reply go back together, and come back exactly.
    assert!(out.contains("took back: S@c3, L@d4"), "{out}");
    assert_eq!(out.matches("1. A: S@c3").count(), 2, "{out}");
    assert_eq!(out.matches("2. B: L@d4").count(), 2, "{out}");
    assert!(!out.contains("3. "), "{out}");
    let saved = std::fs::read_to_string(&rec).expect("record");
    assert!(saved.ends_with("\n1. A: S@c3\n2. B: L@d4\n"), "{saved}");
    let o = icebox(&["replay", &r]);
    assert!(o.status.success(), "{:?}", text(&o));
    assert!(text(&o).0.contains("ok: 2 moves"));
    // --load keeps the record's seats: B answers by itself.
    let o = icebox_stdin(
        &["play", "--load", &r, "--save", &r, "--quiet"],
        "M@e5\nquit\n",
    );
    let (out, err) = text(&o);
    assert!(o.status.success(), "{out}{err}");
    assert!(
        out.contains("resumed after 2 moves") && out.contains("3. A: M@e5"),
        "{out}"
    );
    assert!(out.contains("4. B: "), "B is still the random seat: {out}");
    let o = icebox(&["replay", &r]);
    assert!(text(&o).0.contains("ok: 4 moves"), "{:?}", text(&o));
    // Another game's record is not overwritten.
    let o = icebox(&[
        "play",
        "chess",
        "--seat",
        "all=random",
        "--save",
        &r,
        "--quiet",
    ]);
    assert!(!o.status.success());
    assert!(text(&o).1.contains("the file exists"), "{:?}", text(&o));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn moves_may_be_typed_short_when_one_move_fits() {
    let o = icebox_stdin(
        &["play", "chess", "--quiet", "--color", "never"],
        "e4\nNf6\nNf3\nN\nh9\nquit\nyes\n",
    );
    let (out, _) = text(&o);
    assert!(
        out.contains("e4 = e2-e4") && out.contains("1. White: e2-e4"),
        "{out}"
    );
    assert!(out.contains("Nf6 = g8-f6"), "{out}");
    assert!(out.contains("Nf3 = g1-f3"), "{out}");
    // A piece letter alone lists that piece's moves when there are several.
    assert!(out.contains("`N` could be any of: "), "{out}");
    // Text that is no move says what moves here look like.
    assert!(
        out.contains("cannot read `h9`: moves here read like `"),
        "{out}"
    );
    assert!(out.contains("a destination alone"), "{out}");
    // A placement game names its `@` moves.
    let o = icebox_stdin(&["play", "icesickle", "--quiet"], "b2?\nquit\n");
    let (out, _) = text(&o);
    assert!(out.contains("moves here read like `"), "{out}");
    assert!(out.contains("@"), "{out}");
}

#[test]
fn manual_dice_say_how_many_dice_and_take_commands() {
    let o = icebox_stdin(
        &["play", "backgammon", "--dice", "manual", "--quiet"],
        "help\n3 5\n4\nquit\nyes\n",
    );
    let (out, err) = text(&o);
    assert!(o.status.success(), "{out}{err}");
    // The opening throw is one die each.
    assert!(out.contains("White's throw: 1 die, like"), "{out}");
    assert!(out.contains("throw 1 die on the table"), "{out}");
    assert!(out.contains("not a throw of 1 die"), "{out}");
    assert!(out.contains("1. White: roll 4"), "{out}");
    assert!(out.contains("Black's throw: 1 die"), "{out}");
}

#[test]
fn the_end_says_who_won_in_words() {
    // Fool's mate: White is mated.
    let o = icebox_stdin(
        &["play", "chess", "--quiet", "--color", "never"],
        "f2-f3\ne7-e5\ng2-g4\nd8-h4\n",
    );
    let (out, _) = text(&o);
    assert!(out.contains("game over: Black wins: checkmate"), "{out}");
    assert!(!out.contains("score:"), "chess keeps no score: {out}");
    // IceSickle keeps score: the end says it.
    let o = icebox(&["play", "icesickle", "--seat", "all=random", "--quiet"]);
    let (out, _) = text(&o);
    assert!(out.contains("final score A "), "{out}");
}

#[test]
fn new_makes_a_game_that_validates_plays_and_passes_its_scenarios() {
    let dir = temp_dir("new-game");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("dir");
    for (name, from) in [("my-game", None), ("my-chess", Some("chess"))] {
        let folder = dir.join(name);
        let f = folder.to_string_lossy().to_string();
        let mut args = vec!["new", f.as_str()];
        if let Some(src) = from {
            args.extend(["--from", src]);
        }
        let o = icebox(&args);
        assert!(o.status.success(), "{}", text(&o).1);
        assert!(
            text(&o).0.contains(&format!("with game id `{name}`")),
            "{}",
            text(&o).0
        );
        let toml = std::fs::read_to_string(folder.join("game.toml")).expect("game.toml");
        assert!(
            toml.starts_with("#:schema schema/game.schema.json\n"),
            "{toml}"
        );
        assert!(toml.contains(&format!("id = \"{name}\"")), "{toml}");
        assert!(folder.join("schema/game.schema.json").is_file());
        assert!(folder.join("README.md").is_file());
        let o = icebox(&["validate", &f]);
        assert!(o.status.success(), "{}", text(&o).1);
        let o = icebox(&["play", &f, "--seat", "all=random", "--quiet"]);
        assert!(text(&o).0.contains("game over"), "{}", text(&o).0);
        let o = icebox(&["test", &f]);
        assert!(o.status.success(), "{}", text(&o).0);
        assert!(text(&o).0.contains(" 0 failed"), "{}", text(&o).0);
        // The folder now exists: a second `new` there is refused, the game left alone.
        let o = icebox(&["new", &f]);
        assert!(!o.status.success());
        assert!(
            text(&o).1.contains("the folder exists and is not empty"),
            "{}",
            text(&o).1
        );
    }
    let o = icebox(&["new", &dir.join("9lives").to_string_lossy()]);
    assert!(
        text(&o).1.contains("start it with a letter"),
        "{}",
        text(&o).1
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn bench_all_prints_a_row_for_every_built_in_game_and_variant() {
    let o = icebox(&["bench", "--all", "--seconds", "0.01", "--max-plies", "50"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let out = String::from_utf8_lossy(&o.stdout);
    let rows: Vec<&str> = out
        .lines()
        .filter(|l| !l.starts_with("game (variant)") && !l.starts_with("peak RSS"))
        .collect();
    for g in [
        "chess",
        "english-draughts",
        "backgammon",
        "moscow-ice (four-player)",
        "go (19x19)",
    ] {
        let row = rows
            .iter()
            .find(|r| r.starts_with(&format!("{g} ")))
            .unwrap_or_else(|| panic!("no row for {g}:\n{out}"));
        // Five numbers after the name: playouts/s, moves/s, plies, perft depth, nodes/s.
        let nums: Vec<f64> = row[34..]
            .split_whitespace()
            .map(|n| n.parse().expect("a number"))
            .collect();
        assert_eq!(nums.len(), 5, "{row}");
        assert!(nums.iter().all(|n| *n > 0.0) && nums[2] <= 50.0, "{row}");
    }
    // Every variant of every game: 31 rows for today's catalog, and never fewer than games.
    assert!(rows.len() >= 31, "{out}");
    let e = icebox(&["bench", "--all", "--seconds", "0"]);
    assert!(!e.status.success());
    assert!(String::from_utf8_lossy(&e.stderr).contains("--seconds 0: give 0.01 to 600"));
    let e = icebox(&["bench", "--all", "chess"]);
    assert!(!e.status.success(), "--all with a game is refused");
}

#[test]
fn mutation_testing_a_game_that_fails_its_own_scenarios_stops_and_names_them() {
    // Before: every mutant "killed" by the failure already there, the valid equivalence mark
    // reported stale, and no word that the game fails its own tests.
    let o = icebox(&["test", "tests/data/games/failing-scenarios", "--mutants"]);
    let (out, err) = text(&o);
    assert_eq!(o.status.code(), Some(1), "{out}{err}");
    for needle in [
        "the game fails 1 of its own scenario (1 passed), so no mutant can be judged",
        "FAIL tests/data/games/failing-scenarios/tests/rules.toml: a scenario that is wrong",
    ] {
        assert!(err.contains(needle), "missing `{needle}` in:\n{err}");
    }
    assert!(!out.contains("mutants:"), "no mutant was run:\n{out}");
    assert!(!out.contains("STALE"), "{out}");
}

#[test]
fn perft_and_bench_in_a_pipe_print_no_progress() {
    // Progress goes to stderr only on a terminal: piped, stdout is the result alone and
    // stderr is empty.
    let o = icebox(&["perft", "examples/hexapawn", "--depth", "3", "--divide"]);
    let (out, err) = text(&o);
    assert!(o.status.success(), "{err}");
    assert_eq!(err, "");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[..3], ["a1-a2: 8", "b1-b2: 12", "c1-c2: 8"], "{out}");
    assert!(
        lines[3].starts_with("perft hexapawn depth 3: 28 nodes in "),
        "{out}"
    );
    assert_eq!(lines.len(), 4, "{out}");
    let o = icebox(&["bench", "examples/hexapawn", "--playouts", "50"]);
    let (out, err) = text(&o);
    assert!(o.status.success(), "{err}");
    assert_eq!(err, "");
    assert!(out.starts_with("bench hexapawn: 50 playouts in "), "{out}");
    assert_eq!(out.lines().count(), 1, "{out}");
}

/// Starts `icebox ARGS` with its output piped, sends it SIGINT (Ctrl-C) once it has run for
/// a moment, and returns what it did.
#[cfg(unix)]
fn interrupted(args: &[&str]) -> Output {
    let child = Command::new(env!("CARGO_BIN_EXE_icebox"))
        .args(args)
        .env_remove("ICEBOX_GAMES")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("icebox runs");
    std::thread::sleep(std::time::Duration::from_millis(1500));
    let pid = libc::pid_t::try_from(child.id()).expect("pid");
    // SAFETY: sends a signal to the child just started, which has not been waited on.
    assert_eq!(unsafe { libc::kill(pid, libc::SIGINT) }, 0);
    child.wait_with_output().expect("icebox finishes")
}

#[cfg(unix)]
#[test]
fn ctrl_c_stops_perft_and_bench_with_the_count_so_far() {
    // A deep perft takes hours: Ctrl-C prints what it counted, exit status 130, no panic.
    let o = interrupted(&["perft", "chess", "--depth", "9", "--divide"]);
    let (out, err) = text(&o);
    assert_eq!(o.status.code(), Some(130), "{out}{err}");
    assert!(!err.contains("panicked"), "{err}");
    let last = out.lines().last().unwrap_or_default();
    assert!(
        last.starts_with("perft chess depth 9: interrupted after ")
            && last.contains(" nodes counted so far, ")
            && last.ends_with(" of 20 root moves in full"),
        "{out}"
    );
    let o = interrupted(&["bench", "chess", "--playouts", "10000000"]);
    let (out, err) = text(&o);
    assert_eq!(o.status.code(), Some(130), "{out}{err}");
    assert!(!err.contains("panicked"), "{err}");
    assert!(out.starts_with("bench chess: interrupted after "), "{out}");
    assert!(out.contains(" playouts/s"), "{out}");
}

/// `--color` and `--dice` take only their words: anything else is refused before the game
/// starts, naming the flag and the words it takes.
#[test]
fn play_flags_refuse_unknown_words() {
    for (flag, bad, want) in [
        ("--color", "sometimes", "auto, always, never"),
        ("--dice", "loaded", "auto, manual"),
    ] {
        let out = icebox(&["play", "backgammon", "--quiet", flag, bad]);
        assert!(!out.status.success(), "{flag} {bad} was accepted");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains(flag) && err.contains(want),
            "{flag} {bad}:\n{err}"
        );
    }
}
