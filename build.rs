//! Embeds every game under games/ into the binary, so an installed `icebox` plays the built-in
//! games from any directory.

use std::fmt::Write;
use std::path::Path;

fn main() {
    println!("cargo:rerun-if-changed=games");
    // Read at run time, not baked in with env!: a build script compiled in another checkout
    // (a copied target/ folder) must still embed this checkout's games.
    let manifest =
        std::env::var("CARGO_MANIFEST_DIR").unwrap_or_else(|_| env!("CARGO_MANIFEST_DIR").into());
    let root = Path::new(&manifest).join("games");
    let mut out = String::from(
        "/// Built-in games: (id, [(relative path, contents)]).\npub static GAMES: &[(&str, &[(&str, &str)])] = &[\n",
    );
    let mut dirs: Vec<_> = std::fs::read_dir(&root)
        .map(|r| r.flatten().map(|e| e.path()).collect())
        .unwrap_or_default();
    dirs.sort();
    for dir in dirs {
        if !dir.join("game.toml").is_file() {
            continue;
        }
        println!("cargo:rerun-if-changed={}", dir.display());
        let id = dir
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let mut files = Vec::new();
        collect(&dir, &dir, &mut files);
        files.sort();
        let _ = writeln!(out, "    ({id:?}, &[");
        for rel in files {
            let abs = dir.join(&rel);
            println!("cargo:rerun-if-changed={}", abs.display());
            let _ = writeln!(
                out,
                "        ({rel:?}, include_str!({:?})),",
                abs.display().to_string()
            );
        }
        out.push_str("    ]),\n");
    }
    out.push_str("];\n");
    let dest = Path::new(&std::env::var("OUT_DIR").unwrap_or_else(|_| ".".into()))
        .join("builtin_games.rs");
    std::fs::write(dest, out).unwrap_or_else(|e| panic!("cannot write builtin_games.rs: {e}"));
}

fn collect(base: &Path, dir: &Path, files: &mut Vec<String>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            let name = p
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            if name == "variants" || name == "tests" || name == "boards" {
                collect(base, &p, files);
            }
        } else if p.extension().is_some_and(|x| x == "toml" || x == "rhai")
            && let Ok(rel) = p.strip_prefix(base)
        {
            files.push(rel.to_string_lossy().replace('\\', "/"));
        }
    }
}
