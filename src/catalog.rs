//! Where games come from: the built-in games compiled into the binary, folders of user games
//! (`--games DIR` or `ICEBOX_GAMES`), or a path to a definition.

use std::path::{Path, PathBuf};

use crate::def::GameFiles;
use crate::diag::{Diagnostic, suggest};

include!(concat!(env!("OUT_DIR"), "/builtin_games.rs"));

/// The built-in games' definitions, for the format reference's examples.
pub fn reference_examples() -> Vec<crate::def::reference::Example> {
    builtin()
        .into_iter()
        .filter_map(|g| {
            let id = g.label.trim_start_matches("games/").to_string();
            let table = g.get("game.toml")?.parse().ok()?;
            Some((id, table))
        })
        .collect()
}

/// The built-in games.
pub fn builtin() -> Vec<GameFiles> {
    GAMES
        .iter()
        .map(|&(id, files)| game_files(id, files))
        .collect()
}

/// One built-in game's files, copied out of the binary.
fn game_files(id: &str, files: &[(&str, &str)]) -> GameFiles {
    GameFiles {
        label: format!("games/{id}"),
        files: files
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect(),
    }
}

/// The `[game] id` a definition gives itself, if its game.toml reads that far.
fn declared_id(files: &GameFiles) -> Option<String> {
    let table: toml::Table = files.get("game.toml")?.parse().ok()?;
    Some(table.get("game")?.get("id")?.as_str()?.to_string())
}

/// The game folders inside the user folders, in order, with the id each declares (the folder
/// name where game.toml does not say).
fn user_games(extra: &[PathBuf]) -> Vec<(String, GameFiles)> {
    let mut out = Vec::new();
    for dir in extra {
        let Ok(entries) = std::fs::read_dir(dir) else {
            continue;
        };
        let mut paths: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
        paths.sort();
        for p in paths {
            if p.join("game.toml").is_file()
                && let Ok(files) = GameFiles::from_path(&p)
            {
                let id = declared_id(&files).unwrap_or_else(|| {
                    p.file_name()
                        .map(|n| n.to_string_lossy().into_owned())
                        .unwrap_or_default()
                });
                out.push((id, files));
            }
        }
    }
    out
}

/// Every game known, by the id its definition declares: user folders first (a user game
/// may shadow a built-in one; of two user games with one id the first wins), then the
/// built-in games. Returns (id, files).
pub fn all(extra: &[PathBuf]) -> Vec<(String, GameFiles)> {
    let mut out: Vec<(String, GameFiles)> = Vec::new();
    for (id, files) in user_games(extra) {
        if !out.iter().any(|(i, _)| *i == id) {
            out.push((id, files));
        }
    }
    for g in builtin() {
        let id = g.label.trim_start_matches("games/").to_string();
        if !out.iter().any(|(i, _)| *i == id) {
            out.push((id, g));
        }
    }
    out
}

/// What is odd about the user folders: one that does not exist or is a file, a user game
/// that hides a built-in one of the same id, two user games with one id. Warnings only.
pub fn dir_warnings(extra: &[PathBuf]) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for dir in extra {
        let name = dir.display().to_string();
        if !dir.exists() {
            out.push(Diagnostic::error(&name, "this games folder does not exist").warning());
        } else if !dir.is_dir() {
            out.push(
                Diagnostic::error(&name, "this games folder is a file, not a folder")
                    .with_help("--games-dir names a folder that holds game folders")
                    .warning(),
            );
        }
    }
    let builtin: Vec<String> = builtin()
        .iter()
        .map(|g| g.label.trim_start_matches("games/").to_string())
        .collect();
    let mut seen: Vec<(String, String)> = Vec::new();
    for (id, files) in user_games(extra) {
        if let Some((_, first)) = seen.iter().find(|(i, _)| *i == id) {
            out.push(
                Diagnostic::error(
                    &files.label,
                    format!(
                        "another user game, {first}, has the id `{id}` too: this one is not used"
                    ),
                )
                .warning(),
            );
            continue;
        }
        if builtin.contains(&id) {
            out.push(
                Diagnostic::error(
                    &files.label,
                    format!("this game's id `{id}` is a built-in game's: the built-in one is hidden while this folder is given"),
                )
                .warning(),
            );
        }
        seen.push((id, files.label.clone()));
    }
    out
}

/// Finds a game by path (a folder with game.toml, or the .toml file) or by id.
pub fn find(name: &str, extra: &[PathBuf]) -> Result<GameFiles, Diagnostic> {
    let path = Path::new(name);
    if path.exists() {
        return GameFiles::from_path(path);
    }
    // A user game first (it may shadow a built-in one; of two with one id the first wins,
    // as in `all`), then the one built-in game: copying every built-in game's files to keep
    // one was a fortieth of a short benchmark run.
    if let Some((_, g)) = user_games(extra).into_iter().find(|(id, _)| id == name) {
        return Ok(g);
    }
    if let Some(&(id, files)) = GAMES.iter().find(|(id, _)| *id == name) {
        return Ok(game_files(id, files));
    }
    let games = all(extra);
    let ids: Vec<&str> = games.iter().map(|(id, _)| id.as_str()).collect();
    let d = Diagnostic::error(
        name,
        "no such game (not a built-in id, a game in --games folders, or a path)",
    );
    Err(match suggest(name, ids.iter().copied()) {
        Some(s) => d.with_help(format!("did you mean `{s}`?")),
        None => d.with_help(format!("games: {}", ids.join(", "))),
    })
}

/// Like [`find`], but a folder that is not itself a game yields every game folder inside it
/// (so `icebox test games/` checks them all).
pub fn find_many(name: &str, extra: &[PathBuf]) -> Result<Vec<GameFiles>, Diagnostic> {
    let path = Path::new(name);
    if path.is_dir() && !path.join("game.toml").exists() {
        let mut dirs: Vec<PathBuf> = std::fs::read_dir(path)
            .map_err(|e| Diagnostic::error(name, format!("cannot read: {e}")))?
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.join("game.toml").is_file())
            .collect();
        dirs.sort();
        if dirs.is_empty() {
            return Err(Diagnostic::error(
                name,
                "no game.toml here, nor in any folder inside",
            ));
        }
        return dirs.iter().map(|d| GameFiles::from_path(d)).collect();
    }
    find(name, extra).map(|g| vec![g])
}

/// The folders of user games named by `ICEBOX_GAMES` (separated like PATH) plus `--games`.
pub fn user_dirs(flags: &[PathBuf]) -> Vec<PathBuf> {
    let mut dirs: Vec<PathBuf> = flags.to_vec();
    if let Some(v) = std::env::var_os("ICEBOX_GAMES") {
        dirs.extend(std::env::split_paths(&v));
    }
    dirs
}

/// What a list of games shows of one: `{id, name, seats: [names], variants: [{name,
/// description}], options: [{name, default, description}]}`, read from the definition alone
/// (no script runs). `icebox list --json` and the browser page's list both come from here.
pub fn entry(id: &str, files: &GameFiles) -> serde_json::Value {
    use serde_json::json;
    let (name, seats, options) = match crate::def::load(files, None, &[]) {
        Ok(l) => (
            l.def.game.name.clone(),
            l.def.players.seats.iter().map(|s| s.name.clone()).collect(),
            l.def
                .options
                .iter()
                .map(|(k, o)| json!({"name": k, "default": o.default.to_string(), "description": o.description}))
                .collect(),
        ),
        Err(_) => (
            "(does not load: run icebox validate)".to_string(),
            Vec::new(),
            Vec::new(),
        ),
    };
    let variants: Vec<serde_json::Value> = files
        .variant_names()
        .into_iter()
        .map(|v| {
            let text = files.get(&format!("variants/{v}.toml")).unwrap_or_default();
            let description = toml::from_str::<crate::def::VariantDef>(text)
                .map(|d| d.description)
                .unwrap_or_default();
            json!({"name": v, "description": description})
        })
        .collect();
    json!({"id": id, "name": name, "seats": seats, "variants": variants, "options": options})
}
