//! A variant's script is laid over the game's (issue 29): its functions replace the game's
//! of the same name and arity, and its errors point at the variant's file and line.

use icebox::Game;
use icebox::def::GameFiles;

/// Hexapawn as shipped, with a variant file `variants/v.toml` of the given text.
fn hexapawn_with(variant: &str) -> GameFiles {
    let mut files = GameFiles::from_path(std::path::Path::new("examples/hexapawn")).expect("reads");
    files.files.insert("variants/v.toml".into(), variant.into());
    files
}

fn load(variant: &str) -> Result<Game, String> {
    Game::load(&hexapawn_with(variant), Some("v"), &[]).map_err(|d| d.to_string())
}

/// The error a variant that must not load gives.
fn refused(variant: &str) -> String {
    match load(variant) {
        Ok(_) => panic!("loads:\n{variant}"),
        Err(e) => e,
    }
}

#[test]
fn a_variant_replaces_a_hook_of_the_same_name() {
    // The shipped outcome: reaching the far row wins. The variant's: it loses.
    let v = r#"description = "reaching the far row loses"
script = """
fn outcome(s) {
    let last = s.next(s.turn);
    for c in s.region("far_row", last) {
        if s.top(c) >= 0 && s.owner(s.top(c)) == last {
            s.lose(last, "reached the far row");
        }
    }
}
"""
"#;
    let g = load(v).expect("a variant that redefines outcome loads");
    let mut s = g.position("1bP1/wP2/3 turn=White").expect("position");
    g.play_text(&mut s, "a2-a3").expect("a2-a3");
    let o = s.outcome().expect("over");
    assert_eq!(g.outcome_text(o, &[]), "Black wins: reached the far row");
    // Without the variant the same move wins.
    let base = Game::load(&hexapawn_with(v), None, &[]).expect("base");
    let mut s = base.position("1bP1/wP2/3 turn=White").expect("position");
    base.play_text(&mut s, "a2-a3").expect("a2-a3");
    let o = s.outcome().expect("over");
    assert_eq!(
        base.outcome_text(o, &[]),
        "White wins: White reached the far row"
    );
}

#[test]
fn errors_in_a_variant_script_point_at_the_variant_file_and_line() {
    // Does not compile: line 4 of the variant file.
    let e = refused(
        "description = \"x\"\nscript = \"\"\"\nfn outcome(s) {\n    let x = ;\n}\n\"\"\"\n",
    );
    assert!(e.contains("variants/v.toml:4:"), "{e}");
    assert!(e.contains("let x = ;"), "{e}");
    // Fails when played: line 5, shown from the variant file.
    let g = load("description = \"x\"\nscript = \"\"\"\nfn outcome(s) {\n    let n = 1;\n    throw \"the variant's own error\";\n}\n\"\"\"\n")
        .expect("loads");
    let err = g.start().expect_err("outcome throws");
    assert_eq!(err.file, "examples/hexapawn/variants/v.toml");
    assert_eq!(err.position.map(|p| p.0), Some(5));
    let d = g.rule_diagnostic(&err).to_string();
    assert!(d.contains("throw \"the variant's own error\""), "{d}");
    // A script on one line is on the key's line.
    let e = refused("description = \"x\"\n\nscript = \"fn outcome(s) { let x = ; }\"\n");
    assert!(e.contains("variants/v.toml:3:"), "{e}");
}

#[test]
fn script_text_under_the_rules_table_is_named_for_what_it_is() {
    let e = refused(
        "description = \"x\"\n[overlay.rules]\nscript = \"\"\"\nfn outcome(s) { }\n\"\"\"\n",
    );
    assert!(
        e.contains("rules.script is the name of a script file, and this is script text (`fn outcome(s) { }` ...)"),
        "{e}"
    );
    assert!(e.contains("variants/v.toml:3:"), "{e}");
    assert!(e.contains("top-level `script"), "{e}");
    // The whole script is not quoted as a file name.
    assert!(!e.contains("which is not in the game folder"), "{e}");
}
