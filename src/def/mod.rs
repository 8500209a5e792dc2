//! Game definitions as files: reading them, applying variants and `--set` options, and finding
//! where in the source a TOML key was written so every later check can point at it.
//!
//! Key types: [`GameFiles`] (the raw files of one game, from disk or embedded), [`Loaded`]
//! (the definition with a variant and options applied). This module knows nothing about the
//! board, the engine or Rhai.

mod de;
pub mod model;
pub mod reference;
pub mod schema;

pub use de::plain;

use std::collections::BTreeMap;
use std::path::Path;

use crate::diag::{Diagnostic, Diagnostics, suggest};
pub use model::*;

/// The files of one game: `game.toml`, its script, `variants/*.toml`, `tests/*.toml` and
/// `boards/*.toml`, keyed
/// by their path relative to the game folder.
#[derive(Clone, Debug, Default)]
pub struct GameFiles {
    /// How messages name the folder (`games/icesickle`, or `<builtin>/icesickle`).
    pub label: String,
    /// Relative path -> contents.
    pub files: BTreeMap<String, String>,
}

impl GameFiles {
    /// Reads a game from a folder holding `game.toml`, or from a path to the `.toml` itself.
    pub fn from_path(path: &Path) -> Result<GameFiles, Diagnostic> {
        let (dir, main) = if path.is_dir() {
            (path.to_path_buf(), "game.toml".to_string())
        } else {
            let name = path
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            (
                path.parent().map(Path::to_path_buf).unwrap_or_default(),
                name,
            )
        };
        let label = dir.display().to_string();
        let label = if label.is_empty() { ".".into() } else { label };
        let mut files = BTreeMap::new();
        let main_path = dir.join(&main);
        let text = crate::fsio::read_text(&main_path, crate::fsio::MAX_DEFINITION_BYTES)?;
        files.insert("game.toml".to_string(), text);
        for sub in ["variants", "tests", "boards"] {
            let Ok(entries) = std::fs::read_dir(dir.join(sub)) else {
                continue;
            };
            let mut names: Vec<_> = entries.flatten().map(|e| e.path()).collect();
            names.sort();
            for p in names {
                if p.extension().is_some_and(|e| e == "toml") {
                    let name = format!(
                        "{sub}/{}",
                        p.file_name().unwrap_or_default().to_string_lossy()
                    );
                    let text = crate::fsio::read_text(&p, crate::fsio::MAX_DEFINITION_BYTES)?;
                    files.insert(name, text);
                }
            }
        }
        // The script is named inside game.toml; read whatever .rhai files sit beside it.
        if let Ok(entries) = std::fs::read_dir(&dir) {
            for e in entries.flatten() {
                let p = e.path();
                if p.extension().is_some_and(|x| x == "rhai") {
                    let name = p
                        .file_name()
                        .unwrap_or_default()
                        .to_string_lossy()
                        .into_owned();
                    let text = crate::fsio::read_text(&p, crate::fsio::MAX_DEFINITION_BYTES)?;
                    files.insert(name, text);
                }
            }
        }
        Ok(GameFiles { label, files })
    }

    /// A digest of the files that make the game (FNV-1a over names and contents, in name
    /// order; scenario tests left out): results played under other files are another
    /// experiment. 16 hex digits, stable across runs, machines and versions.
    pub fn digest(&self) -> String {
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        for (name, text) in self.files.iter().filter(|(n, _)| !n.starts_with("tests/")) {
            for b in name.bytes().chain([0]).chain(text.bytes()).chain([0]) {
                h ^= u64::from(b);
                h = h.wrapping_mul(0x0000_0100_0000_01b3);
            }
        }
        format!("{h:016x}")
    }

    /// The display path of a file of this game, for messages.
    pub fn path_of(&self, rel: &str) -> String {
        format!("{}/{}", self.label.trim_end_matches('/'), rel)
    }

    /// Contents of a file, if the game has it.
    pub fn get(&self, rel: &str) -> Option<&str> {
        self.files.get(rel).map(String::as_str)
    }

    /// Names of the variants (file stems under `variants/`).
    pub fn variant_names(&self) -> Vec<String> {
        self.files
            .keys()
            .filter_map(|k| k.strip_prefix("variants/")?.strip_suffix(".toml"))
            .map(str::to_string)
            .collect()
    }

    /// Names of the scenario test files under `tests/`.
    pub fn test_files(&self) -> Vec<String> {
        self.files
            .keys()
            .filter(|k| k.starts_with("tests/"))
            .cloned()
            .collect()
    }
}

/// A variant's `script`: the text, and where it stands in the variant's file, so that its
/// errors point at that file and line.
#[derive(Clone, Debug)]
pub struct VariantScript {
    /// The variant file, as messages name it.
    pub file: String,
    /// The variant file's whole text, for excerpts.
    pub file_text: String,
    /// The script's text.
    pub text: String,
    /// The 1-based line of the variant file on which the script's first line stands.
    pub first_line: usize,
}

impl VariantScript {
    fn new(file: String, file_text: &str, text: String) -> VariantScript {
        // A multi-line string starts on the line after its opening quotes (TOML drops that
        // newline); any other string on the key's own line.
        let first_line = span_of(file_text, &["script"]).map_or(1, |span| {
            let (line, _, _) = crate::diag::line_col(file_text, span.start);
            let opening = &file_text[span.start..];
            let multi = ["\"\"\"\n", "\"\"\"\r\n", "'''\n", "'''\r\n"]
                .iter()
                .any(|q| opening.starts_with(q));
            line + usize::from(multi)
        });
        VariantScript {
            file,
            file_text: file_text.to_string(),
            text,
            first_line,
        }
    }
}

/// A definition ready to be built: variant merged, options resolved.
#[derive(Clone, Debug)]
pub struct Loaded {
    /// The merged definition.
    pub def: GameDef,
    /// The game's script text (without the variant's: see `variant_script`).
    pub script: String,
    /// File name of the script, for messages.
    pub script_file: String,
    /// The variant's own script, laid over the game's: its functions replace the game's
    /// functions of the same name and arity.
    pub variant_script: Option<VariantScript>,
    /// Every option with its value in force.
    pub options: BTreeMap<String, OptionValue>,
    /// The variant applied, if any.
    pub variant: Option<String>,
    /// The keys each move generator writes itself (not through `like`), after the variant
    /// and the options' overlays: lowering refuses those its kind does not have.
    pub written: BTreeMap<String, Vec<String>>,
    /// Where each key was written, for messages about the merged definition.
    pub origins: Origins,
}

/// The key of the generators' table (`[generators.NAME]`).
pub const GENERATORS: &str = "generators";

/// The generators' table under its name: a table written with the old spelling `moves`
/// (in earlier versions) is renamed, merged under a table also written `generators`, so everything
/// after reads one key. Applied to each file and overlay before it is merged.
pub fn rename_old_keys(table: &mut toml::Table) {
    if let Some(old) = table.remove("moves") {
        match (table.get_mut(GENERATORS), old) {
            (Some(toml::Value::Table(new)), toml::Value::Table(old)) => {
                let mut merged = old;
                merge(&mut merged, std::mem::take(new));
                *new = merged;
            }
            (None, old) => {
                table.insert(GENERATORS.to_string(), old);
            }
            (Some(_), _) => {}
        }
    }
}

/// Parses a TOML text, turning a syntax error into a located diagnostic.
pub fn parse_toml(file: &str, text: &str) -> Result<toml::Table, Diagnostic> {
    text.parse::<toml::Table>()
        .map_err(|e| toml_error(file, text, &e))
}

/// A located diagnostic from a toml error, in plain words, with a suggestion for a wrong key
/// or word.
pub fn toml_error(file: &str, text: &str, e: &toml::de::Error) -> Diagnostic {
    let (message, help) = plain(e.message());
    let mut d = Diagnostic::error(file, message);
    if let Some(span) = e.span() {
        d = d.at_offset(text, span.start);
    }
    if let Some(help) = help {
        d = d.with_help(help);
    }
    d
}

/// Where the keys of a merged definition were written, most binding first: the `when_on`
/// tables of the options that are on, the variant's overlay, `game.toml`, the board file. A
/// problem found in the merged definition at a key path is reported in the file, line and
/// column where that key was written.
#[derive(Clone, Debug, Default)]
pub struct Origins {
    sources: Vec<Source>,
}

#[derive(Clone, Debug)]
struct Source {
    /// The file as messages name it.
    file: String,
    text: String,
    /// Where the definition's root is inside the file (`overlay` in a variant file).
    prefix: Vec<String>,
    /// Only keys under this top-level table come from here (`board` for a board file).
    under: Option<&'static str>,
}

impl Origins {
    fn add(
        &mut self,
        first: bool,
        file: String,
        text: &str,
        prefix: &[&str],
        under: Option<&'static str>,
    ) {
        let src = Source {
            file,
            text: text.to_string(),
            prefix: prefix.iter().map(|s| s.to_string()).collect(),
            under,
        };
        if first {
            self.sources.insert(0, src);
        } else {
            self.sources.push(src);
        }
    }

    /// A diagnostic at the place the key path was written: the longest part of the path
    /// that some file writes (a key inherited through `like` points at its generator).
    pub fn locate(&self, path: &[&str], message: impl Into<String>) -> Diagnostic {
        let message = message.into();
        for len in (1..=path.len()).rev() {
            let sub = &path[..len];
            for src in &self.sources {
                let inner = match src.under {
                    Some(u) if sub.first() == Some(&u) => &sub[1..],
                    Some(_) => continue,
                    None => sub,
                };
                let full: Vec<&str> = src
                    .prefix
                    .iter()
                    .map(String::as_str)
                    .chain(inner.iter().copied())
                    .collect();
                if full.is_empty() {
                    continue;
                }
                if let Some(span) = span_of(&src.text, &full) {
                    return Diagnostic::error(&src.file, message).at_offset(&src.text, span.start);
                }
            }
        }
        let file = self
            .sources
            .iter()
            .find(|s| s.prefix.is_empty() && s.under.is_none())
            .map_or_else(|| "game.toml".to_string(), |s| s.file.clone());
        Diagnostic::error(file, message)
    }

    /// The merged definition read into the model, a wrong key or value reported where it was
    /// written.
    fn read(&self, table: &toml::Table) -> Result<GameDef, Diagnostic> {
        serde_path_to_error::deserialize(toml::Value::Table(table.clone())).map_err(|e| {
            let path: Vec<String> = e.path().iter().map(ToString::to_string).collect();
            let path: Vec<&str> = path.iter().map(String::as_str).collect();
            let (message, help) = plain(e.inner().message());
            let d = self.locate(&path, message);
            match help {
                Some(h) => d.with_help(h),
                None => d,
            }
        })
    }
}

/// Reads `game.toml`, applies a variant and `--set` values, and checks option names and types.
pub fn load(
    files: &GameFiles,
    variant: Option<&str>,
    sets: &[(String, String)],
) -> Result<Loaded, Diagnostics> {
    let main_name = files.path_of("game.toml");
    let main_text = files
        .get("game.toml")
        .ok_or_else(|| Diagnostic::error(&main_name, "game.toml is missing"))?;
    let mut table = parse_toml(&main_name, main_text)?;
    rename_old_keys(&mut table);
    let mut origins = Origins::default();
    origins.add(false, main_name.clone(), main_text, &[], None);
    let mut extra_script = None;
    let mut variant_options = BTreeMap::new();
    if let Some(v) = variant {
        let rel = format!("variants/{v}.toml");
        let vname = files.path_of(&rel);
        let Some(vtext) = files.get(&rel) else {
            let names = files.variant_names();
            let mut d = Diagnostic::error(&main_name, format!("unknown variant `{v}`"));
            d = match suggest(v, names.iter().map(String::as_str)) {
                Some(s) => d.with_help(format!("did you mean `{s}`?")),
                None if names.is_empty() => d.with_help("this game has no variants"),
                None => d.with_help(format!("variants: {}", names.join(", "))),
            };
            return Err(d.into());
        };
        let vdef: VariantDef = toml::from_str(vtext).map_err(|e| toml_error(&vname, vtext, &e))?;
        origins.add(true, vname.clone(), vtext, &["overlay"], None);
        for path in &vdef.replace {
            remove_path(&mut table, path);
        }
        if let Some(mut overlay) = vdef.overlay {
            rename_old_keys(&mut overlay);
            merge(&mut table, overlay);
        }
        extra_script = vdef
            .script
            .map(|text| VariantScript::new(vname.clone(), vtext, text));
        variant_options = vdef.options;
    }
    let board_file = table
        .get("board")
        .and_then(|b| b.get("file"))
        .and_then(|f| f.as_str())
        .map(str::to_string);
    if let Some(rel) = &board_file {
        let board = read_board_file(files, rel, variant)?;
        if let Some(text) = files.get(rel) {
            origins.add(false, files.path_of(rel), text, &[], Some("board"));
        }
        if let Some(toml::Value::Table(b)) = table.get_mut("board") {
            b.remove("file");
            let mut merged = board;
            merge(&mut merged, std::mem::take(b));
            *b = merged;
        }
    }
    let def: GameDef = if variant.is_some() || board_file.is_some() {
        origins.read(&table)?
    } else {
        toml::from_str(main_text).map_err(|e| toml_error(&main_name, main_text, &e))?
    };
    // No script: the rules are all keys (script errors then point at game.toml).
    let (script_file, script) = match def.rules.script.clone() {
        None => ("game.toml".to_string(), String::new()),
        Some(f) => {
            let text = read_script(files, &f, &main_name, main_text, &origins)?;
            (f, text)
        }
    };
    let mut options: BTreeMap<String, OptionValue> = def
        .options
        .iter()
        .map(|(k, o)| (k.clone(), o.default.clone()))
        .collect();
    let mut diags = Vec::new();
    for (k, o) in &def.options {
        for m in option_problems(k, o) {
            diags.push(origins.locate(&["options", k, m.0], m.1));
        }
    }
    for (k, v) in variant_options {
        match def.options.get(&k) {
            Some(o) => match check_option(&k, o, &v) {
                Ok(()) => {
                    options.insert(k, v);
                }
                Err(m) => diags.push(Diagnostic::error(
                    files.path_of(&format!("variants/{}.toml", variant.unwrap_or_default())),
                    m,
                )),
            },
            None => diags.push(unknown_option(&main_name, &k, &def)),
        }
    }
    for (k, raw) in sets {
        match def.options.get(k) {
            Some(o) => match parse_option_value(o, raw).and_then(|v| {
                check_option(k, o, &v)?;
                Ok(v)
            }) {
                Ok(v) => {
                    options.insert(k.clone(), v);
                }
                Err(m) => diags.push(Diagnostic::error("--set", m)),
            },
            None => diags.push(unknown_option("--set", k, &def)),
        }
    }
    // House rules that change the definition itself, then generators built `like` others.
    let mut reshaped = false;
    for (k, o) in &def.options {
        let Some(overlay) = &o.when_on else { continue };
        if !matches!(o.default, OptionValue::Bool(_)) {
            diags.push(Diagnostic::error(
                &main_name,
                format!("option `{k}` has `when_on`, which needs a true/false option"),
            ));
        } else if options.get(k) == Some(&OptionValue::Bool(true)) {
            let mut overlay = overlay.clone();
            rename_old_keys(&mut overlay);
            merge(&mut table, overlay);
            origins.add(
                true,
                main_name.clone(),
                main_text,
                &["options", k, "when_on"],
                None,
            );
            reshaped = true;
        }
    }
    for (k, o) in &def.options {
        let (Some(path), Some(v)) = (&o.key, options.get(k)) else {
            continue;
        };
        match set_key(&mut table, path, v) {
            Ok(()) => reshaped = true,
            Err(m) => diags.push(origins.locate(&["options", k, "key"], m)),
        }
    }
    if !diags.is_empty() {
        return Err(Diagnostics(diags));
    }
    let written = match table.get(GENERATORS) {
        Some(toml::Value::Table(moves)) => moves
            .iter()
            .map(|(name, m)| {
                let keys = m
                    .as_table()
                    .map(|t| t.keys().cloned().collect())
                    .unwrap_or_default();
                (name.clone(), keys)
            })
            .collect(),
        _ => BTreeMap::new(),
    };
    let has_like = def.generators.values().any(|m| m.like.is_some());
    let def = if reshaped || has_like {
        resolve_like(&mut table).map_err(|m| origins.locate(&["generators", &m.0, "like"], m.1))?;
        origins.read(&table)?
    } else {
        def
    };
    Ok(Loaded {
        def,
        script,
        script_file,
        variant_script: extra_script,
        options,
        variant: variant.map(str::to_string),
        written,
        origins,
    })
}

fn unknown_option(file: &str, key: &str, def: &GameDef) -> Diagnostic {
    let d = Diagnostic::error(file, format!("`{key}` is not an option of {}", def.game.id));
    match suggest(key, def.options.keys().map(String::as_str)) {
        Some(s) => d.with_help(format!("did you mean `{s}`?")),
        None if def.options.is_empty() => d.with_help("this game has no options"),
        None => d.with_help(format!(
            "options: {}",
            def.options.keys().cloned().collect::<Vec<_>>().join(", ")
        )),
    }
}

/// Writes an option's value at the dotted key path it names (`[options.X] key`). The key
/// must already be written, with a value of the option's type: so a misspelt path, or one
/// that would change what a key means, is an error rather than a silent new key.
fn set_key(table: &mut toml::Table, path: &str, v: &OptionValue) -> Result<(), String> {
    let mut keys: Vec<&str> = path.split('.').collect();
    // An option's key may name the generators' table by its old name.
    if keys.first() == Some(&"moves") {
        keys[0] = GENERATORS;
    }
    let last = keys.pop().unwrap_or_default();
    let mut t = table;
    for k in keys {
        match t.get_mut(k) {
            Some(toml::Value::Table(inner)) => t = inner,
            _ => {
                return Err(format!(
                    "key = \"{path}\": the definition writes no table `{k}` there"
                ));
            }
        }
    }
    let Some(old) = t.get_mut(last) else {
        return Err(format!(
            "key = \"{path}\": the definition does not write `{last}` there (write it with its value without the option)"
        ));
    };
    let new = match (&*old, v) {
        (toml::Value::Boolean(_), OptionValue::Bool(b)) => toml::Value::Boolean(*b),
        (toml::Value::Integer(_), OptionValue::Int(i)) => toml::Value::Integer(*i),
        (toml::Value::String(_), OptionValue::Str(s)) => toml::Value::String(s.clone()),
        (old, v) => {
            return Err(format!(
                "key = \"{path}\": the definition's value there is `{old}`, of another type than the option's `{v}`"
            ));
        }
    };
    *old = new;
    Ok(())
}

/// Removes a dotted key path (`setup.cells`) from a table, if it is there.
fn remove_path(table: &mut toml::Table, path: &str) {
    let mut keys: Vec<&str> = path.split('.').collect();
    let Some(last) = keys.pop() else { return };
    let mut t = table;
    for k in keys {
        match t.get_mut(k) {
            Some(toml::Value::Table(inner)) => t = inner,
            _ => return,
        }
    }
    t.remove(last);
}

/// Fills every move generator that says `like = "other"` with the other's keys it does not
/// write itself. Errors name the generator: (name, message).
fn resolve_like(table: &mut toml::Table) -> Result<(), (String, String)> {
    let Some(toml::Value::Table(moves)) = table.get_mut(GENERATORS) else {
        return Ok(());
    };
    let names: Vec<String> = moves.keys().cloned().collect();
    let mut done: BTreeMap<String, toml::Table> = BTreeMap::new();
    fn resolve(
        name: &str,
        moves: &toml::Table,
        done: &mut BTreeMap<String, toml::Table>,
        chain: &mut Vec<String>,
    ) -> Result<toml::Table, (String, String)> {
        if let Some(t) = done.get(name) {
            return Ok(t.clone());
        }
        let Some(toml::Value::Table(own)) = moves.get(name) else {
            return Ok(toml::Table::new());
        };
        let mut own = own.clone();
        let Some(like) = own.remove("like") else {
            done.insert(name.to_string(), own.clone());
            return Ok(own);
        };
        let like = like.as_str().unwrap_or_default().to_string();
        if chain.iter().any(|c| c == &like) || like == name {
            return Err((
                name.to_string(),
                format!(
                    "`like` goes round in a circle: {} -> {like}",
                    chain.join(" -> ")
                ),
            ));
        }
        if !moves.contains_key(&like) {
            let help = suggest(&like, moves.keys().map(String::as_str))
                .map(|s| format!(" (did you mean `{s}`?)"))
                .unwrap_or_default();
            return Err((
                name.to_string(),
                format!("`like = \"{like}\"`: there is no generator `{like}`{help}"),
            ));
        }
        chain.push(like.clone());
        let mut base = resolve(&like, moves, done, chain)?;
        chain.pop();
        merge(&mut base, own);
        done.insert(name.to_string(), base.clone());
        Ok(base)
    }
    for n in &names {
        let t = resolve(n, moves, &mut done, &mut vec![n.clone()])?;
        moves.insert(n.clone(), toml::Value::Table(t));
    }
    Ok(())
}

/// Reads a board file named by `board.file` (cells, links, rows), checking its shape where it
/// is written so a typo points into the board file itself.
fn read_board_file(
    files: &GameFiles,
    rel: &str,
    variant: Option<&str>,
) -> Result<toml::Table, Diagnostic> {
    let path = files.path_of(rel);
    let Some(text) = files.get(rel) else {
        let named_in = match variant {
            Some(v) => files.path_of(&format!("variants/{v}.toml")),
            None => files.path_of("game.toml"),
        };
        let boards: Vec<&str> = files
            .files
            .keys()
            .filter(|k| k.starts_with("boards/"))
            .map(String::as_str)
            .collect();
        let d = Diagnostic::error(
            named_in,
            format!("board.file names `{rel}`, which is not in the game folder"),
        );
        return Err(match suggest(rel, boards.iter().copied()) {
            Some(s) => d.with_help(format!("did you mean `{s}`?")),
            None => d.with_help("board files live in the game's `boards/` folder"),
        });
    };
    let table = parse_toml(&path, text)?;
    let _: BoardDef = toml::from_str(text).map_err(|e| toml_error(&path, text, &e))?;
    Ok(table)
}

/// Reads a `--set` value with the type of the option's default.
pub(crate) fn parse_option_value(o: &OptionDef, raw: &str) -> Result<OptionValue, String> {
    match &o.default {
        OptionValue::Bool(_) => match raw {
            "true" | "yes" | "on" | "1" => Ok(OptionValue::Bool(true)),
            "false" | "no" | "off" | "0" => Ok(OptionValue::Bool(false)),
            _ => Err(format!("`{raw}` is not a boolean (use true or false)")),
        },
        OptionValue::Int(_) => raw
            .parse()
            .map(OptionValue::Int)
            .map_err(|_| format!("`{raw}` is not a whole number")),
        OptionValue::Str(_) => Ok(OptionValue::Str(raw.to_string())),
    }
}

/// What is wrong with an option's own declaration: a range the wrong way round, a default
/// outside its range or choices, a range or choices for a value of another type. Each with
/// the key it is about.
fn option_problems(key: &str, o: &OptionDef) -> Vec<(&'static str, String)> {
    let mut out = Vec::new();
    let int = matches!(o.default, OptionValue::Int(_));
    if !int && (o.min.is_some() || o.max.is_some()) {
        let k = if o.min.is_some() { "min" } else { "max" };
        out.push((
            k,
            format!("option `{key}`: `min` and `max` are for whole-number options"),
        ));
    }
    if !matches!(o.default, OptionValue::Str(_)) && !o.choices.is_empty() {
        out.push((
            "choices",
            format!("option `{key}`: `choices` are for word options"),
        ));
    }
    if let (Some(lo), Some(hi)) = (o.min, o.max)
        && lo > hi
    {
        out.push((
            "min",
            format!("option `{key}`: min = {lo} is above max = {hi}"),
        ));
    } else if let Err(m) = check_option(key, o, &o.default) {
        out.push(("default", format!("the default is not allowed: {m}")));
    }
    out
}

/// Checks a value against the option's type, range and choices.
pub(crate) fn check_option(key: &str, o: &OptionDef, v: &OptionValue) -> Result<(), String> {
    match (&o.default, v) {
        (OptionValue::Bool(_), OptionValue::Bool(_)) => Ok(()),
        (OptionValue::Int(_), OptionValue::Int(i)) => {
            if o.min.is_some_and(|m| *i < m) || o.max.is_some_and(|m| *i > m) {
                Err(format!(
                    "option `{key}` = {i} is out of range ({}..={})",
                    o.min.map_or("".into(), |m| m.to_string()),
                    o.max.map_or("".into(), |m| m.to_string())
                ))
            } else {
                Ok(())
            }
        }
        (OptionValue::Str(_), OptionValue::Str(s)) => {
            if o.choices.is_empty() || o.choices.contains(s) {
                Ok(())
            } else {
                Err(format!(
                    "option `{key}` = `{s}`: choose one of {}",
                    o.choices.join(", ")
                ))
            }
        }
        (d, v) => Err(format!(
            "option `{key}` takes a value like `{d}`, not `{v}`"
        )),
    }
}

/// Merges `over` into `base`: tables merge key by key, anything else replaces.
pub fn merge(base: &mut toml::Table, over: toml::Table) {
    for (k, v) in over {
        match (base.get_mut(&k), v) {
            (Some(toml::Value::Table(b)), toml::Value::Table(o)) => merge(b, o),
            (_, v) => {
                base.insert(k, v);
            }
        }
    }
}

/// Byte span of the value at a TOML key path (`["setup", "cells", "z9"]`; array elements by
/// index), so semantic checks can point at what the author wrote.
pub fn span_of(text: &str, path: &[&str]) -> Option<std::ops::Range<usize>> {
    use toml::de::{DeTable, DeValue};
    let root = DeTable::parse(text).ok()?;
    let mut span = root.span();
    let mut current: Option<&DeValue> = None;
    let root_table = root.get_ref();
    for (i, key) in path.iter().enumerate() {
        // The generators' table may be written with its old name (`rename_old_keys`).
        let named = |k: &str| k == *key || (*key == GENERATORS && k == "moves");
        let next = match current {
            None => root_table.iter().find(|(k, _)| named(k.get_ref())),
            Some(DeValue::Table(t)) => t.iter().find(|(k, _)| named(k.get_ref())),
            Some(DeValue::Array(a)) => {
                let idx: usize = key.parse().ok()?;
                let v = a.get(idx)?;
                span = v.span();
                current = Some(v.get_ref());
                continue;
            }
            _ => None,
        };
        let (k, v) = next?;
        // For the last key of a table entry, point at the key when the value is a table
        // (its span would be the whole table), else at the value.
        span = if i + 1 == path.len() && matches!(v.get_ref(), DeValue::Table(_)) {
            k.span()
        } else {
            v.span()
        };
        current = Some(v.get_ref());
    }
    Some(span)
}

/// A diagnostic in `file` at the TOML path, falling back to no location.
pub fn at_path(file: &str, text: &str, path: &[&str], message: impl Into<String>) -> Diagnostic {
    let d = Diagnostic::error(file, message);
    match span_of(text, path) {
        Some(span) => d.at_offset(text, span.start),
        None => d,
    }
}

/// The text of the script `[rules] script` names.
fn read_script(
    files: &GameFiles,
    script_file: &str,
    main_name: &str,
    main_text: &str,
    origins: &Origins,
) -> Result<String, Diagnostics> {
    if let Some(text) = files.get(script_file) {
        return Ok(text.to_string());
    }
    // Script text where a file name belongs: most often a variant's script put under
    // `[overlay.rules]` instead of the variant's own top-level `script`.
    if script_file.contains('\n') || script_file.contains("fn ") || script_file.len() > 255 {
        let first = script_file.lines().next().unwrap_or_default();
        return Err(origins
            .locate(
                &["rules", "script"],
                format!("rules.script is the name of a script file, and this is script text (`{first}` ...)"),
            )
            .with_help("a variant's script text goes in the variant file's own top-level `script = \"\"\"...\"\"\"` (before any table), where it is laid over the game's script")
            .into());
    }
    let mut d = Diagnostic::error(
        main_name,
        format!("rules.script names `{script_file}`, which is not in the game folder"),
    );
    if let Some(span) = span_of(main_text, &["rules", "script"]) {
        d = d.at_offset(main_text, span.start);
    }
    Err(d.into())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn span_of_finds_nested_values_and_array_items() {
        let text = "[setup]\ncells = { c1 = \"aS\", z9 = \"bM\" }\n[board]\nrows = [[\"a\"], [\"b\", \"c\"]]\n";
        let s = span_of(text, &["setup", "cells", "z9"]).expect("span");
        assert_eq!(&text[s], "\"bM\"");
        let s = span_of(text, &["board", "rows", "1", "1"]).expect("span");
        assert_eq!(&text[s], "\"c\"");
    }

    #[test]
    fn merge_replaces_leaves_and_merges_tables() {
        let mut base: toml::Table = "[a]\nx = 1\ny = 2\n[b]\nz = [1]".parse().expect("toml");
        let over: toml::Table = "[a]\ny = 3\n[b]\nz = [2, 3]".parse().expect("toml");
        merge(&mut base, over);
        assert_eq!(base["a"]["x"].as_integer(), Some(1));
        assert_eq!(base["a"]["y"].as_integer(), Some(3));
        assert_eq!(base["b"]["z"].as_array().map(Vec::len), Some(2));
    }

    #[test]
    fn unknown_fields_get_a_suggestion() {
        let (m, h) = plain("unknown field `sumary`, expected one of `id`, `summary`");
        assert_eq!(m, "unknown key `sumary`");
        assert_eq!(h.as_deref(), Some("did you mean `summary`?"));
    }
}
