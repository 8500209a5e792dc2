//! Commands on game records and pictures: `replay` (check a record move by move) and
//! `render` (an SVG picture of a position, from a record or a position text).

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use super::{Failure, GameArgs, Res, load, read_record, replay_read, start, svg, write_out};
use crate::game::Game;

/// The game a record names, as command arguments (its `Game`, `Variant` and `Set` headers).
pub(super) fn record_game(rec: &crate::record::Record, path: &Path) -> Result<GameArgs, Failure> {
    Ok(GameArgs {
        game: rec
            .header("Game")
            .ok_or_else(|| {
                format!(
                    "{}: the record has no [Game \"...\"] header",
                    path.display()
                )
            })?
            .to_string(),
        variant: rec.header("Variant").map(str::to_string),
        sets: rec
            .sets()
            .into_iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect(),
    })
}

/// `icebox replay FILE`: every move checked; the first bad one stops it with its number.
pub(super) fn replay(path: &Path, game: Option<&str>, dirs: &[PathBuf]) -> Res {
    let mut read = read_record(path)?;
    let mut args = record_game(&read.0, path)?;
    if let Some(given) = game {
        // A folder (or id) given for the record's game: it must be that game.
        let recorded = std::mem::replace(&mut args.game, given.to_string());
        let g = load(&args, dirs)?;
        if g.id() != recorded {
            return Err(format!(
                "{}: the record is a game of `{recorded}`, and --game {given} is `{}`",
                path.display(),
                g.id()
            )
            .into());
        }
    }
    let g = load(&args, dirs)?;
    let replayed = replay_read(&g, &path.display().to_string(), &mut read);
    let rec = &read.0;
    match replayed {
        Ok((s, _)) => {
            let result = match s.outcome() {
                Some(o) => g.outcome_text(o, s.scores()),
                None => format!(
                    "game in progress, {} to move",
                    g.tables().seats[s.turn().index()].name
                ),
            };
            if let Some(claimed) = rec.header("Result")
                && claimed != "*"
                && s.outcome().map(|o| result_header(&g, o)).as_deref() != Some(claimed)
            {
                println!(
                    "{}: the Result header says `{claimed}` but the moves give: {result}",
                    path.display()
                );
                return Ok(ExitCode::from(1));
            }
            println!("ok: {} moves; {result}", rec.moves.len());
            Ok(ExitCode::SUCCESS)
        }
        Err(e) => {
            println!("{}: {e}", path.display());
            Ok(ExitCode::from(1))
        }
    }
}

/// The `Result` header for an outcome: the winners' names joined by `+`, or `draw`.
pub(super) fn result_header(g: &Game, o: &crate::engine::Outcome) -> String {
    if o.is_draw() {
        "draw".into()
    } else {
        o.winners()
            .iter()
            .map(|p| g.tables().seats[p.index()].name.clone())
            .collect::<Vec<_>>()
            .join("+")
    }
}

/// `icebox render`: the start, a position text, or a record after `at` of its moves.
pub(super) fn render(
    game: &GameArgs,
    position: Option<&str>,
    record: Option<&Path>,
    at: Option<usize>,
    out: &Path,
    dirs: &[PathBuf],
) -> Res {
    let g = load(game, dirs)?;
    let s = match record {
        Some(f) => {
            let mut read = read_record(f)?;
            replay_read(&g, &f.display().to_string(), &mut read)
                .map_err(|e| format!("{}: {e}", f.display()))?;
            let mut rec = read.0;
            if let Some(n) = at {
                let len = rec.moves.len();
                if n > len {
                    return Err(format!(
                        "--at {n}: the record {} has only {len} moves (use --at 0 to {len})",
                        f.display()
                    )
                    .into());
                }
                rec.moves.truncate(n);
            }
            crate::record::replay(&g, &rec)
                .map_err(|e| format!("{}: {e}", f.display()))?
                .0
        }
        None => start(&g, position)?,
    };
    let picture = svg::position_svg(&g, &s);
    if out.as_os_str() == "-" {
        print!("{picture}");
    } else {
        write_out(out, &picture)?;
        println!("wrote {}", out.display());
    }
    Ok(ExitCode::SUCCESS)
}
