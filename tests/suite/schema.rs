//! The checked-in JSON Schemas are exactly what the serde types generate, every shipped game
//! and variant file validates against them, and broken files do not.

use std::path::{Path, PathBuf};

fn json_of(path: &Path) -> serde_json::Value {
    let text = std::fs::read_to_string(path).expect("file reads");
    let value: toml::Value =
        toml::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::to_value(value).expect("toml converts to json")
}

/// A JSON Schema (draft-07) validator for the keywords the generated schemas use: `$ref` to
/// `#/definitions/...`, `type`, `const`, `enum`, `minimum`/`maximum`, `items`,
/// `minItems`/`maxItems`, `properties`, `required`, `additionalProperties`, `allOf`, `anyOf`,
/// `oneOf` (`format`, `default`, `description`, `title` only annotate). Written here, in the
/// test, rather than the jsonschema crate: its 36 crates doubled a fresh test build's compile
/// time (about 80 s of the 6 minutes README's two commands may take).
struct Validator {
    root: serde_json::Value,
}

const KNOWN: [&str; 21] = [
    "$ref",
    "$schema",
    "type",
    "const",
    "enum",
    "minimum",
    "maximum",
    "items",
    "minItems",
    "maxItems",
    "properties",
    "required",
    "additionalProperties",
    "allOf",
    "anyOf",
    "oneOf",
    "format",
    "default",
    "description",
    "title",
    "definitions",
];

impl Validator {
    fn errors(&self, instance: &serde_json::Value) -> Vec<String> {
        let mut out = Vec::new();
        self.check(&self.root, instance, "", &mut out);
        out
    }

    fn is_valid(&self, instance: &serde_json::Value) -> bool {
        self.errors(instance).is_empty()
    }

    fn check(
        &self,
        schema: &serde_json::Value,
        v: &serde_json::Value,
        at: &str,
        out: &mut Vec<String>,
    ) {
        use serde_json::Value as J;
        let s = match schema {
            J::Bool(true) => return,
            J::Bool(false) => return out.push(format!("{at}: nothing is allowed here")),
            J::Object(s) => s,
            _ => panic!("not a schema: {schema}"),
        };
        for k in s.keys() {
            assert!(
                KNOWN.contains(&k.as_str()),
                "the test's validator does not know `{k}`"
            );
        }
        if let Some(r) = s.get("$ref").and_then(J::as_str) {
            let name = r
                .strip_prefix("#/definitions/")
                .unwrap_or_else(|| panic!("$ref {r}"));
            let target = &self.root["definitions"][name];
            assert!(!target.is_null(), "no definition {name}");
            return self.check(target, v, at, out);
        }
        if let Some(t) = s.get("type") {
            let types: Vec<&str> = match t {
                J::String(t) => vec![t.as_str()],
                J::Array(ts) => ts.iter().filter_map(J::as_str).collect(),
                _ => panic!("type {t}"),
            };
            let is = |t: &str| match t {
                "object" => v.is_object(),
                "array" => v.is_array(),
                "string" => v.is_string(),
                "boolean" => v.is_boolean(),
                "null" => v.is_null(),
                "number" => v.is_number(),
                "integer" => {
                    v.is_i64() || v.is_u64() || v.as_f64().is_some_and(|f| f.fract() == 0.0)
                }
                other => panic!("type {other}"),
            };
            if !types.iter().any(|t| is(t)) {
                return out.push(format!("{at}: {v} is not of type {t}"));
            }
        }
        if let Some(c) = s.get("const")
            && c != v
        {
            out.push(format!("{at}: {v} is not {c}"));
        }
        if let Some(J::Array(e)) = s.get("enum")
            && !e.contains(v)
        {
            out.push(format!("{at}: {v} is not one of {e:?}"));
        }
        if let Some(x) = v.as_f64() {
            if s.get("minimum").and_then(J::as_f64).is_some_and(|m| x < m) {
                out.push(format!("{at}: {v} is below the minimum"));
            }
            if s.get("maximum").and_then(J::as_f64).is_some_and(|m| x > m) {
                out.push(format!("{at}: {v} is above the maximum"));
            }
        }
        if let J::Array(items) = v {
            if s.get("minItems")
                .and_then(J::as_u64)
                .is_some_and(|m| (items.len() as u64) < m)
            {
                out.push(format!("{at}: too few items"));
            }
            if s.get("maxItems")
                .and_then(J::as_u64)
                .is_some_and(|m| items.len() as u64 > m)
            {
                out.push(format!("{at}: too many items"));
            }
            match s.get("items") {
                Some(J::Array(each)) => {
                    for (i, (item, sch)) in items.iter().zip(each).enumerate() {
                        self.check(sch, item, &format!("{at}/{i}"), out);
                    }
                }
                Some(sch) => {
                    for (i, item) in items.iter().enumerate() {
                        self.check(sch, item, &format!("{at}/{i}"), out);
                    }
                }
                None => {}
            }
        }
        if let J::Object(map) = v {
            let props = s.get("properties").and_then(J::as_object);
            for (k, item) in map {
                match props.and_then(|p| p.get(k)) {
                    Some(sch) => self.check(sch, item, &format!("{at}/{k}"), out),
                    None => match s.get("additionalProperties") {
                        Some(J::Bool(false)) => out.push(format!("{at}: unknown key `{k}`")),
                        Some(sch) => self.check(sch, item, &format!("{at}/{k}"), out),
                        None => {}
                    },
                }
            }
            for r in s
                .get("required")
                .and_then(J::as_array)
                .into_iter()
                .flatten()
            {
                if let Some(r) = r.as_str().filter(|r| !map.contains_key(*r)) {
                    out.push(format!("{at}: `{r}` is required"));
                }
            }
        }
        let passing = |list: &J| -> (usize, usize) {
            let all = list.as_array().map_or(&[][..], Vec::as_slice);
            let ok = all
                .iter()
                .filter(|sch| {
                    let mut e = Vec::new();
                    self.check(sch, v, at, &mut e);
                    e.is_empty()
                })
                .count();
            (ok, all.len())
        };
        if let Some(list) = s.get("allOf") {
            for sch in list.as_array().into_iter().flatten() {
                self.check(sch, v, at, out);
            }
        }
        if let Some(list) = s.get("anyOf")
            && passing(list).0 == 0
        {
            out.push(format!("{at}: {v} matches none of anyOf"));
        }
        if let Some(list) = s.get("oneOf") {
            let (ok, _) = passing(list);
            if ok != 1 {
                out.push(format!("{at}: {v} matches {ok} of oneOf, not exactly one"));
            }
        }
    }
}

fn validator(schema_file: &str) -> Validator {
    let root: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(schema_file).expect("schema reads"))
            .expect("schema is JSON");
    Validator { root }
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
            let errors = games.errors(&json_of(&p));
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
            let errors = variants.errors(&json_of(&p));
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
    // The validator says what is wrong, and where.
    let e = games.errors(&json_of(Path::new(
        "tests/data/games/unknown-key/game.toml",
    )));
    assert!(e.iter().any(|m| m.contains("unknown key")), "{e:?}");
    let e = games.errors(&serde_json::json!({"game": {"id": "x", "name": "x", "max_plies": -1}}));
    assert!(e.iter().any(|m| m.starts_with("/game/max_plies")), "{e:?}");
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
