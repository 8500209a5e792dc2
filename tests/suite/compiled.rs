//! Script functions run compiled (`rules::compiled`) do what Rhai's interpreter does: the same
//! games to the ply, the same errors, and a call the compiled path hands to Rhai part way
//! leaves nothing of its own behind (no score counted twice, no move listed twice).

use crate::helpers::{Scratch, icebox};

/// A 3x3 placement game in a fresh folder with `script` (and `extra` TOML).
fn game(name: &str, extra: &str, script: &str) -> Scratch {
    let dir = Scratch::new(&format!("compiled-{name}"));
    let toml = format!(
        "[game]\nid = \"{name}\"\nname = \"x\"\nmax_plies = 12\n\n[players]\nseats = [{{ name = \"A\" }}, {{ name = \"B\" }}]\n\n[board]\ngrid = {{ files = 3, ranks = 3 }}\n\n[zones.stash]\n\n[pieces.S]\nname = \"small\"\n\n[setup]\nzones = {{ stash = \"6S\" }}\n\n[moves.place]\nkind = \"place\"\npieces = \"neutral\"\nzone = \"stash\"\n\n[rules]\nscript = \"rules.rhai\"\nno_moves = \"draw\"\n{extra}"
    );
    std::fs::write(dir.join("game.toml"), toml).expect("toml");
    std::fs::write(dir.join("rules.rhai"), script).expect("script");
    dir
}

/// What a run of `icebox` gave: exit code, stdout, stderr.
type Ran = (Option<i32>, String, String);

/// `icebox args...` compiled and interpreted (`ICEBOX_INTERPRET=1`).
fn both_ways(args: &[&str]) -> (Ran, Ran) {
    let run = |interpret: bool| {
        let mut c = std::process::Command::new(env!("CARGO_BIN_EXE_icebox"));
        c.args(args).env_remove("ICEBOX_GAMES").env("NO_COLOR", "1");
        if interpret {
            c.env("ICEBOX_INTERPRET", "1");
        } else {
            c.env_remove("ICEBOX_INTERPRET");
        }
        let o = c.output().expect("icebox runs");
        (
            o.status.code(),
            String::from_utf8_lossy(&o.stdout).into_owned(),
            String::from_utf8_lossy(&o.stderr).into_owned(),
        )
    };
    (run(false), run(true))
}

fn show(dir: &std::path::Path) -> String {
    let o = icebox(&["show", dir.to_str().expect("path")]);
    String::from_utf8_lossy(&o.stdout).into_owned()
}

const PLACE: &str = "fn moves(s) { s.gen(\"place\"); }\n";

/// A hook using the API through the compiled constructs: calls, chains, properties, the
/// history's maps, arrays, loops, strings.
const SCORING: &str = r#"
fn moves(s) { s.gen("place"); }
fn tri(n) { if n <= 0 { return 0; } n + tri(n - 1) }
fn value(s, m) {
    let n = 0;
    for c in 0..9 {
        if s.height(c) > 0 && c != 4 || c == 8 { n += c * 3 - 1; } else { n -= 1; }
    }
    let a = [s.height(0), s.height(4), s.height(8), 7, -3];
    n += a[-1] * a.len() + a[1];
    for x in a { if x == 7 { continue; } n = n * 2 % 1000003 + x; }
    let h = s.history(3);
    if h.len() > 0 { n += h[0].mover + h[-1].mover * 10 + h.len(); }
    let name = `${s.seat_name(s.turn)} at ${s.ply}`;
    if name == `${s.seat_name(s.turn)} at ${s.ply}` { n += 5; }
    n += min(abs(-4), max(2, 3)) + tri(s.ply % 5) + m.mover;
    n += if s.turn == 0 { 11 } else { 13 };
    n % 97
}
fn after_move(s, m) { s.add_score(0, value(s, m)); }
"#;

#[test]
fn a_compiled_hook_plays_the_same_games_as_the_interpreter() {
    let dir = game("scoring", "", SCORING);
    let d = dir.to_str().expect("path");
    let shown = show(&dir);
    assert!(
        shown.contains("script functions compiled: after_move, moves, tri, value"),
        "{shown}"
    );
    for seed in ["1", "2", "3"] {
        let (c, i) = both_ways(&["play", d, "--seat", "all=random", "--seed", seed]);
        assert_eq!(c.0, Some(0), "{}", c.2);
        assert!(c.1.contains("final score"), "{}", c.1);
        assert_eq!(c, i, "seed {seed}");
    }
}

#[test]
fn a_call_handed_to_rhai_part_way_counts_its_changes_once() {
    // `"a" + 1` is a string in Rhai; the compiled path hands the call over after the first
    // point was added, and Rhai runs it from the start: one point and two, every move.
    let script = format!(
        "{PLACE}fn after_move(s, m) {{ s.add_score(0, 1); let t = \"a\" + s.ply; s.add_score(0, 2); }}\n"
    );
    let dir = game("handover", "", &script);
    let d = dir.to_str().expect("path");
    let (c, i) = both_ways(&["play", d, "--seat", "all=random", "--seed", "1"]);
    assert_eq!(c, i);
    // Six plies (the six pieces of the stash), three points each.
    assert!(c.1.contains("final score A 18, B 0"), "{}", c.1);
}

#[test]
fn a_moves_hook_handed_to_rhai_lists_each_move_once() {
    // The generator in force lists the 9 placements; the hook takes one away, then meets
    // what only Rhai does. Rhai starts again from the 9, so 8 are left, not 7.
    let script = "fn moves(s) { s.remove_move(0); let t = \"x\" + s.ply; }\n";
    let dir = game("edits", "generators = [\"place\"]\n", script);
    let d = dir.to_str().expect("path");
    let nodes = |dir: &str, depth: &str, interpret: bool| {
        let (c, i) = both_ways(&["perft", dir, "--depth", depth]);
        let out = if interpret { i } else { c };
        assert_eq!(out.0, Some(0), "{}", out.2);
        out.1.split(" nodes").next().unwrap_or_default().to_string()
    };
    assert_eq!(nodes(d, "1", false), "perft edits depth 1: 8");
    assert_eq!(nodes(d, "1", true), "perft edits depth 1: 8");
    // 9 x 8 less one each ply: 8 x 7.
    assert_eq!(nodes(d, "2", false), "perft edits depth 2: 56");
    assert_eq!(nodes(d, "2", true), "perft edits depth 2: 56");
}

#[test]
fn errors_are_the_interpreters_word_for_word() {
    for (name, body) in [
        ("div", "s.add_score(0, 1); let z = 1 / (s.ply - s.ply);"),
        ("overflow", "let z = 9223372036854775807 + s.ply + 1;"),
        ("throw", "if s.ply > 1 { throw \"stop here\"; }"),
        ("api", "s.add_score(7, 1);"),
        ("index", "let a = [1]; let z = a[s.ply + 3];"),
        ("endless", "let i = 0; while i >= 0 { i += 1; }"),
        ("deep", "deep(60);"),
    ] {
        let script = format!(
            "{PLACE}fn deep(n) {{ if n == 0 {{ 0 }} else {{ 1 + deep(n - 1) }} }}\nfn after_move(s, m) {{ {body} }}\n"
        );
        let dir = game(&format!("err-{name}"), "", &script);
        let (c, i) = both_ways(&["play", dir.to_str().expect("path"), "--seat", "all=random"]);
        assert_ne!(c.0, Some(0), "{name}: {}", c.1);
        assert!(c.2.contains("after_move"), "{name}: {}", c.2);
        assert_eq!(c, i, "{name}");
    }
}

#[test]
fn show_names_what_runs_in_the_interpreter_and_why() {
    let script = format!("{PLACE}fn evaluate(s, p) {{ \"ab\".to_upper().len() }}\n");
    let dir = game("why", "", &script);
    let shown = show(&dir);
    assert!(
        shown.contains("script functions compiled: moves"),
        "{shown}"
    );
    assert!(
        shown.contains(
            "`evaluate` runs in Rhai's interpreter: `to_upper` is not a function it can call (line 2)"
        ),
        "{shown}"
    );
}

#[test]
fn a_function_defining_a_closure_is_left_to_rhai() {
    // The closure's body lies inside the function's braces; its statements are not the
    // function's (a function named before or after the closure's hash, both).
    for name in ["aaa", "zzz"] {
        let script = format!(
            "{PLACE}fn {name}() {{ let g = |y| {{ 5 }}; 1 }}\nfn after_move(s, m) {{ s.add_score(0, {name}()); }}\n"
        );
        let dir = game(&format!("closure-{name}"), "", &script);
        let d = dir.to_str().expect("path");
        let (c, i) = both_ways(&["play", d, "--seat", "all=random", "--seed", "1"]);
        assert_eq!(c, i, "{name}");
        assert!(c.1.contains("final score A 6, B 0"), "{name}: {}", c.1);
        assert!(show(&dir).contains("is defined in it"), "{}", show(&dir));
    }
}

#[test]
fn every_released_script_plays_the_same_compiled_and_interpreted() {
    // The compatibility corpus holds the scripts as released (tests/data/compat): each
    // distinct one plays two games between greedy seats (so `evaluate` runs at every choice)
    // both ways, and the results must be the same line for line.
    let mut seen = std::collections::BTreeSet::new();
    let mut played = 0;
    for (_, dir) in crate::compat::corpus_dirs() {
        let Ok(script) = std::fs::read_to_string(dir.join("rules.rhai")) else {
            continue;
        };
        if !seen.insert(script) {
            continue;
        }
        let d = dir.to_str().expect("path");
        let results = |interpret: bool| {
            let out = std::env::temp_dir().join(format!(
                "icebox-compiled-corpus-{}-{played}-{interpret}.jsonl",
                std::process::id()
            ));
            let _ = std::fs::remove_file(&out);
            let mut c = std::process::Command::new(env!("CARGO_BIN_EXE_icebox"));
            c.args([
                "selfplay",
                d,
                "--games",
                "2",
                "--seat",
                "all=greedy",
                "--seed",
                "1",
            ])
            .arg("--out")
            .arg(&out)
            .env_remove("ICEBOX_GAMES");
            if interpret {
                c.env("ICEBOX_INTERPRET", "1");
            } else {
                c.env_remove("ICEBOX_INTERPRET");
            }
            let o = c.output().expect("icebox runs");
            assert!(
                o.status.success(),
                "{d}: {}",
                String::from_utf8_lossy(&o.stderr)
            );
            let mut lines: Vec<String> = std::fs::read_to_string(&out)
                .expect("results")
                .lines()
                .map(str::to_string)
                .collect();
            lines.sort();
            let _ = std::fs::remove_file(&out);
            lines
        };
        let compiled = results(false);
        assert_eq!(compiled.len(), 2, "{d}");
        assert_eq!(compiled, results(true), "{d}");
        played += 1;
    }
    // Every distinct released script (33 when this test was written) was played.
    assert!(played >= 30, "only {played} scripts found");
}

#[test]
fn an_endless_loop_stops_whatever_the_length_of_its_rounds() {
    // A compiled run looked at its limits only when its count of operations was a multiple
    // of 64; expressions count too, so a loop whose round is an even number of operations
    // long, started at an odd count, stepped over every check and never stopped. Shifting
    // the start by three operations (`let a = -1;`) covers both parities.
    for shift in 0..4 {
        let pad = "let a = -1; ".repeat(shift);
        let script = format!(
            "{PLACE}fn after_move(s, m) {{ let i = 0; {pad}while i >= 0 {{ i += 1; let y = -i; }} }}\n"
        );
        let dir = game(&format!("endless-{shift}"), "", &script);
        let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_icebox"))
            .args(["play", dir.to_str().expect("path"), "--seat", "all=random"])
            .env_remove("ICEBOX_INTERPRET")
            .env("NO_COLOR", "1")
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .expect("icebox runs");
        let started = std::time::Instant::now();
        while child.try_wait().expect("waits").is_none() {
            if started.elapsed() > std::time::Duration::from_secs(120) {
                let _ = child.kill();
                panic!("shift {shift}: the endless loop was not stopped in two minutes");
            }
            std::thread::sleep(std::time::Duration::from_millis(50));
        }
        let out = child.wait_with_output().expect("output");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "shift {shift}");
        assert!(
            err.contains("the script ran more than 2000000 operations in one call"),
            "shift {shift}: {err}"
        );
    }
}
