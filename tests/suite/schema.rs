//! The checked-in JSON Schemas are exactly what the serde types generate, every shipped game
//! and variant file validates against them, and broken files do not.

use std::path::{Path, PathBuf};

fn json_of(path: &Path) -> serde_json::Value {
    let text = std::fs::read_to_string(path).expect("file reads");
    let value: toml::Value =
        toml::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::to_value(value).expect("toml converts to json")
}

fn validator(schema_file: &str) -> jsonschema::Validator {
    let schema: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(schema_file).expect("schema reads"))
            .expect("schema is JSON");
    jsonschema::draft7::new(&schema).expect("schema compiles")
}

fn files_under(dir: &str, name_filter: impl Fn(&Path) -> bool) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![PathBuf::from(dir)];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).into_iter().flatten().flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if name_filter(&p) {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

#[test]
fn checked_in_schemas_match_the_types() {
    let game =
        std::fs::read_to_string("schema/game.schema.json").expect("schema/game.schema.json exists");
    assert!(
        game == icebox::def::schema::game_schema(),
        "schema/game.schema.json is stale: run `icebox schema > schema/game.schema.json`"
    );
    let variant = std::fs::read_to_string("schema/variant.schema.json")
        .expect("schema/variant.schema.json exists");
    assert!(
        variant == icebox::def::schema::variant_schema(),
        "schema/variant.schema.json is stale: run `icebox schema --variant > schema/variant.schema.json`"
    );
}

#[test]
fn every_shipped_game_and_variant_file_validates() {
    let games = validator("schema/game.schema.json");
    let variants = validator("schema/variant.schema.json");
    let mut checked = 0;
    for dir in ["games", "examples"] {
        for p in files_under(dir, |p| p.file_name().is_some_and(|n| n == "game.toml")) {
            let errors: Vec<String> = games
                .iter_errors(&json_of(&p))
                .map(|e| format!("{} at {}", e, e.instance_path()))
                .collect();
            assert!(errors.is_empty(), "{}: {errors:?}", p.display());
            let first = std::fs::read_to_string(&p).expect("reads");
            assert!(
                first.starts_with("#:schema "),
                "{} must start with a #:schema line",
                p.display()
            );
            checked += 1;
        }
        for p in files_under(dir, |p| {
            p.parent().is_some_and(|d| d.ends_with("variants"))
                && p.extension().is_some_and(|x| x == "toml")
        }) {
            let errors: Vec<String> = variants
                .iter_errors(&json_of(&p))
                .map(|e| e.to_string())
                .collect();
            assert!(errors.is_empty(), "{}: {errors:?}", p.display());
            checked += 1;
        }
    }
    assert!(checked >= 5, "only {checked} files checked");
}

#[test]
fn broken_files_fail_the_schema() {
    let games = validator("schema/game.schema.json");
    for name in ["unknown-key", "wrong-type"] {
        let p = PathBuf::from(format!("tests/data/games/{name}/game.toml"));
        assert!(
            !games.is_valid(&json_of(&p)),
            "{} should fail the schema",
            p.display()
        );
    }
    // A definition with no [game] table at all.
    assert!(!games.is_valid(&serde_json::json!({"players": {"seats": [{"name": "A"}]}})));
    // A move generator with an unknown capture mode.
    let mut ok = json_of(Path::new("tests/data/games/ok/game.toml"));
    assert!(games.is_valid(&ok), "the good fixture passes");
    ok["moves"]["place"]["capture"] = serde_json::json!("everything");
    assert!(!games.is_valid(&ok));
    let variants = validator("schema/variant.schema.json");
    assert!(!variants.is_valid(&serde_json::json!({"description": "x", "optionz": {}})));
    assert!(
        !variants.is_valid(&serde_json::json!({"options": {}})),
        "description is required"
    );
}
