//! A script's `print` and `debug` (issue 29): shown on stderr under `--trace`, kept and
//! shown with a failing scenario, dropped otherwise.

use super::helpers::icebox;

/// Hexapawn with a script hook that prints, and a scenario that fails.
fn printing_hexapawn() -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("icebox-trace-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("tests")).expect("dir");
    for f in ["game.toml", "rules.rhai"] {
        std::fs::copy(format!("examples/hexapawn/{f}"), dir.join(f)).expect("copy");
    }
    let mut script = std::fs::read_to_string(dir.join("rules.rhai")).expect("script");
    script.push_str(
        "\nfn after_move(s, m) {\n    print(`after ply ${s.ply}`);\n    debug(s.ply * 10);\n}\n",
    );
    std::fs::write(dir.join("rules.rhai"), script).expect("script");
    std::fs::write(
        dir.join("tests/t.toml"),
        "[[scenario]]\nname = \"a wrong expectation\"\nrule = \"none\"\nstart = true\nplay = [\"a1-a2\"]\n[scenario.expect]\nturn = \"White\"\n",
    )
    .expect("scenario");
    dir
}

#[test]
fn script_output_shows_under_trace_and_with_a_failing_scenario_only() {
    let dir = printing_hexapawn();
    let d = dir.to_string_lossy().to_string();
    let o = icebox(&["play", &d, "--seat", "all=random", "--quiet", "--trace"]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success(), "{err}");
    assert!(err.contains("script: after ply 1\n"), "{err}");
    assert!(err.contains("script: debug (line "), "{err}");
    assert!(err.contains("): 10\n"), "{err}");
    // Without --trace nothing of it shows.
    let o = icebox(&["play", &d, "--seat", "all=random", "--quiet"]);
    assert!(o.status.success());
    assert!(!String::from_utf8_lossy(&o.stderr).contains("after ply"));
    assert!(!String::from_utf8_lossy(&o.stdout).contains("after ply"));
    // A failing scenario shows what the script printed while it ran.
    let o = icebox(&["test", &d]);
    let all = format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    );
    assert!(!o.status.success(), "{all}");
    assert!(all.contains("turn: got Black, want White"), "{all}");
    assert!(all.contains("the script printed:"), "{all}");
    assert!(all.contains("after ply 1\n"), "{all}");
    assert!(all.contains("debug (line 20): 10\n"), "{all}");
    let _ = std::fs::remove_dir_all(dir);
}
