//! Commands that describe: `list` (every game, variant and option), `show` (one game and
//! its start), `schema` (the JSON Schemas for editors), `api` (the script reference), `new`
//! (a new game folder to start from).

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use super::{Res, render, start};
use crate::catalog;
use crate::game::Game;

pub(super) fn list(dirs: &[PathBuf], json: bool) -> Res {
    let mut rows = Vec::new();
    for (id, files) in catalog::all(dirs) {
        let mut row = catalog::entry(&id, &files);
        // `list --json` has always given the number of seats.
        let count = row["seats"].as_array().map_or(0, Vec::len);
        row["seats"] = count.into();
        rows.push(row);
    }
    if json {
        println!(
            "{}",
            serde_json::to_string_pretty(&rows).unwrap_or_default()
        );
        return Ok(ExitCode::SUCCESS);
    }
    // Ids line up however long the longest one is.
    let width = rows
        .iter()
        .map(|r| r["id"].as_str().unwrap_or("").chars().count())
        .max()
        .unwrap_or(0);
    let sub = rows
        .iter()
        .flat_map(|r| {
            let v = r["variants"].as_array().into_iter().flatten();
            let o = r["options"].as_array().into_iter().flatten();
            v.chain(o)
                .map(|x| x["name"].as_str().unwrap_or("").chars().count())
                .collect::<Vec<_>>()
        })
        .max()
        .unwrap_or(0);
    for r in &rows {
        println!(
            "{:<width$}  {} ({} players)",
            r["id"].as_str().unwrap_or(""),
            r["name"].as_str().unwrap_or(""),
            r["seats"]
        );
        for v in r["variants"].as_array().into_iter().flatten() {
            println!(
                "    variant {:<sub$}  {}",
                v["name"].as_str().unwrap_or(""),
                v["description"].as_str().unwrap_or("")
            );
        }
        for o in r["options"].as_array().into_iter().flatten() {
            println!(
                "    option  {:<sub$}  {} (default {})",
                o["name"].as_str().unwrap_or(""),
                o["description"].as_str().unwrap_or(""),
                o["default"].as_str().unwrap_or("")
            );
        }
    }
    Ok(ExitCode::SUCCESS)
}

pub(super) fn show(g: &Game) -> Res {
    let m = &g.def().game;
    println!("{} ({})", m.name, m.id);
    if !m.authors.is_empty() {
        println!(
            "by {}{}",
            m.authors.join(", "),
            m.year.map(|y| format!(", {y}")).unwrap_or_default()
        );
    }
    if let Some(s) = &m.source {
        println!("rules: {s}");
    }
    if let Some(v) = &g.variant() {
        println!("variant: {v}");
    }
    if let Some(s) = &m.summary {
        println!("\n{}\n", s.trim());
    }
    let seats: Vec<&str> = g.tables().seats.iter().map(|s| s.name.as_str()).collect();
    println!("seats: {}", seats.join(", "));
    if !g.def().options.is_empty() {
        println!("options:");
        for (k, o) in &g.def().options {
            println!(
                "  {k} = {}  ({}; default {})",
                g.options()[k],
                o.description,
                o.default
            );
        }
    }
    let variants = g.files().variant_names();
    if !variants.is_empty() {
        println!("variants: {}", variants.join(", "));
    }
    // Which script functions run compiled, and why the others run in Rhai's interpreter
    // (slower, same results): what an author can change to speed a hook up.
    let report = g.script_report();
    if !report.is_empty() {
        let fast: Vec<&str> = report
            .iter()
            .filter(|r| r.1.is_none())
            .map(|r| r.0.as_str())
            .collect();
        println!(
            "script functions compiled: {}",
            if fast.is_empty() {
                "none".to_string()
            } else {
                fast.join(", ")
            }
        );
        for (name, why) in &report {
            if let Some(why) = why {
                println!("  `{name}` runs in Rhai's interpreter: {why}");
            }
        }
    }
    let s = start(g, None)?;
    println!("\nstart position: {}\n", g.position_text(&s));
    print!("{}", render::board_text(g, &s));
    Ok(ExitCode::SUCCESS)
}

/// Prints the JSON Schema of game files, or of variant files.
pub(super) fn schema(variant: bool, reference: bool) -> Res {
    if reference {
        print!(
            "{}",
            crate::def::reference::format_reference(&crate::catalog::reference_examples())
        );
        return Ok(ExitCode::SUCCESS);
    }
    print!(
        "{}",
        if variant {
            crate::def::schema::variant_schema()
        } else {
            crate::def::schema::game_schema()
        }
    );
    Ok(ExitCode::SUCCESS)
}

/// Prints the script API reference (Markdown) or its `.d.rhai` definitions.
pub(super) fn api(rhai: bool) -> Res {
    let r = crate::rules::api_reference();
    print!("{}", if rhai { r.definitions } else { r.markdown });
    Ok(ExitCode::SUCCESS)
}

/// `icebox new FOLDER [--from GAME]`: writes the folder and says what to do next.
pub(super) fn new_game(folder: &Path, from: Option<&str>, dirs: &[PathBuf]) -> Res {
    let source = match from {
        Some(g) => Some(crate::catalog::find(g, dirs)?),
        None => None,
    };
    let made = crate::scaffold::new_game(folder, source.as_ref())?;
    let d = folder.display();
    println!("created {d}/ with game id `{}`:", made.id);
    for f in &made.files {
        println!("  {f}");
    }
    println!("next:");
    println!("  icebox validate {d}");
    println!("  icebox play {d} --seat all=random");
    println!("  icebox test {d}");
    Ok(ExitCode::SUCCESS)
}
