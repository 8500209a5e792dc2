//! `icebox new`: a new game folder that validates, plays and passes its scenario at once, so
//! an author starts from a working game and changes it, instead of from a blank page.
//!
//! Without a source the folder is the tutorial game (Hexapawn: a 3x3 board, two generators,
//! a 20-line script, one scenario file) renamed; with one (`--from chess`, or a folder) it is
//! a copy of that game. Either way the `[game] id` becomes the new folder's name, and the JSON
//! Schemas go into the folder's `schema/` so the `#:schema` lines work wherever the folder is.

use std::path::{Path, PathBuf};

use crate::def::{GameFiles, span_of};

/// The tutorial game every new game starts from unless told otherwise.
const TUTORIAL: [(&str, &str); 4] = [
    ("game.toml", include_str!("../examples/hexapawn/game.toml")),
    (
        "rules.rhai",
        include_str!("../examples/hexapawn/rules.rhai"),
    ),
    (
        "tests/rules.toml",
        include_str!("../examples/hexapawn/tests/rules.toml"),
    ),
    (
        "tests/equivalent-mutants.toml",
        include_str!("../examples/hexapawn/tests/equivalent-mutants.toml"),
    ),
];

/// What `new` made.
#[derive(Debug)]
pub struct Made {
    /// The new game's id.
    pub id: String,
    /// Every file written, relative to the folder.
    pub files: Vec<String>,
}

/// The id a folder name gives: lower case, digits and `-` (other characters become `-`).
pub fn id_of(dir: &Path) -> Option<String> {
    let name = dir.file_name()?.to_string_lossy().to_lowercase();
    let id: String = name
        .chars()
        .map(|c| {
            if c.is_ascii_lowercase() || c.is_ascii_digit() {
                c
            } else {
                '-'
            }
        })
        .collect();
    let id = id.trim_matches('-').to_string();
    (!id.is_empty() && id.starts_with(|c: char| c.is_ascii_lowercase())).then_some(id)
}

/// `my-game` -> `My game`.
fn title(id: &str) -> String {
    let words = id.replace('-', " ");
    let mut c = words.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

/// Replaces the string value at a TOML key path, keeping the rest of the text (comments
/// included) as written.
fn set_string(text: &str, path: &[&str], value: &str) -> String {
    match span_of(text, path) {
        Some(span) => format!("{}{value:?}{}", &text[..span.start], &text[span.end..]),
        None => text.to_string(),
    }
}

/// A `#:schema` line pointing at `target`, in place of the file's own (or added first).
fn schema_line(text: &str, target: &str) -> String {
    let line = format!("#:schema {target}");
    match text.strip_prefix("#:schema ") {
        Some(rest) => {
            let after = rest.find('\n').map_or("", |i| &rest[i..]);
            format!("{line}{after}")
        }
        None => format!("{line}\n{text}"),
    }
}

/// Writes a new game folder at `dir`, from `from` (a game's files) or the tutorial game.
/// Refuses a folder that exists and is not empty.
pub fn new_game(dir: &Path, from: Option<&GameFiles>) -> Result<Made, String> {
    let id = id_of(dir).ok_or_else(|| {
        format!(
            "{}: a game folder's name gives the game's id: start it with a letter (`my-game`)",
            dir.display()
        )
    })?;
    if dir.exists()
        && std::fs::read_dir(dir)
            .map(|mut d| d.next().is_some())
            .unwrap_or(true)
    {
        return Err(format!(
            "{}: the folder exists and is not empty: choose a new name",
            dir.display()
        ));
    }
    let mut files: Vec<(String, String)> = match from {
        Some(g) => g
            .files
            .iter()
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect(),
        None => TUTORIAL
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect(),
    };
    let source_name = from.map(|g| g.label.clone());
    for (name, text) in &mut files {
        if name == "game.toml" {
            let t = set_string(text, &["game", "id"], &id);
            let t = if from.is_none() {
                set_string(&t, &["game", "name"], &title(&id))
            } else {
                t
            };
            *text = schema_line(&t, "schema/game.schema.json");
        } else if name.starts_with("variants/") {
            *text = schema_line(text, "../schema/variant.schema.json");
        }
    }
    files.push((
        "schema/game.schema.json".into(),
        crate::def::schema::game_schema(),
    ));
    files.push((
        "schema/variant.schema.json".into(),
        crate::def::schema::variant_schema(),
    ));
    if !files.iter().any(|(n, _)| n == "README.md") {
        files.push(("README.md".into(), readme(&id, source_name.as_deref())));
    }
    let mut written = Vec::new();
    for (name, text) in &files {
        let path: PathBuf = dir.join(name);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent)
                .map_err(|e| format!("cannot make {}: {e}", parent.display()))?;
        }
        crate::fsio::write_atomic(&path, text.as_bytes())
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        written.push(name.clone());
    }
    written.sort();
    Ok(Made { id, files: written })
}

fn readme(id: &str, from: Option<&str>) -> String {
    let start = match from {
        Some(src) => format!("It started as a copy of `{src}`."),
        None => "It started as the tutorial game, Hexapawn (three pawns each on a 3x3 board): change it into yours.".to_string(),
    };
    format!(
        "# {}\n\n{start}\n\n```sh\nicebox validate {id}      # every problem, with file:line:column\nicebox play {id} --seat all=random\nicebox test {id}          # the scenarios in tests/ and the conformance test\nicebox test {id} --mutants\n```\n\n(Give the folder's path, or add its parent folder with `--games-dir` to use the id.)\n\n## Rules as implemented\n\nOne section per rule of the rule text: what it says, how the definition does it, and the\nscenario in `tests/` that checks it.\n\n## Decisions\n\nWhere the rule text is silent or ambiguous: what this definition does, and why.\n",
        title(id)
    )
}
