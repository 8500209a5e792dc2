//! `icebox serve`: lowers the flags into a [`serve::Config`](crate::serve::Config), hands the
//! server the catalog and this module's SVG renderer, prints the address and runs.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use super::{Res, svg};
use crate::catalog;
use crate::serve::{Config, Server};

/// The flags of `icebox serve`, as clap read them.
pub(super) struct Flags {
    pub game: Option<String>,
    pub variant: Option<String>,
    pub sets: Vec<String>,
    pub seats: Vec<String>,
    pub host: String,
    pub port: u16,
    pub max_games: usize,
    pub idle_exit: Option<u64>,
}

pub(super) fn command(f: Flags, dirs: &[PathBuf]) -> Res {
    let mut games = catalog::all(dirs);
    // A game named by path (a folder being written) joins the list under its own id.
    let first = match &f.game {
        None => None,
        Some(name) => {
            let files = catalog::find(name, dirs)?;
            let id = crate::def::load(&files, None, &[])
                .map(|l| l.def.game.id.clone())
                .map_err(|d| d.to_string())?;
            if !games.iter().any(|(g, _)| *g == id) {
                games.insert(0, (id.clone(), files));
            }
            Some(id)
        }
    };
    let cfg = Config {
        host: f.host,
        port: f.port,
        max_games: f.max_games,
        idle_exit: f.idle_exit.map(Duration::from_secs),
        first,
        seats: f.seats,
        variant: f.variant,
        sets: f.sets,
    };
    let server = Server::bind(&cfg, games, svg::position_svg)?;
    println!("icebox serve: open {} (Ctrl-C stops)", server.url());
    use std::io::Write;
    let _ = std::io::stdout().flush();
    server.run();
    Ok(ExitCode::SUCCESS)
}
