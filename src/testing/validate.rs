//! `icebox validate` past loading: what playing the game would find, reported before anyone
//! plays it. A definition loads (schema, references, script, semantic checks in `Game::load`),
//! then for the base game and every variant: the game must not be over before its first move;
//! a random smoke play calls every hook the script defines (`evaluate` for every seat, the
//! `agreed` hook for every agreement, on copies); no position may list the same move twice
//! (the generator that makes it and the script lines that call it are named); and the
//! conformance test runs. Every problem found is returned, each once.

use std::time::Instant;

use crate::def::GameFiles;
use crate::diag::Diagnostic;
use crate::engine::rng::Rng;
use crate::engine::{Move, PlayerId, State, attack, generators};
use crate::game::Game;

/// What validating one game folder found.
#[derive(Debug, Default)]
pub struct Validation {
    /// Every problem, each once, in the order found.
    pub problems: Vec<Diagnostic>,
    /// Variants checked (besides the base game).
    pub variants: usize,
    /// The time budget ran out before the smoke play was done.
    pub cut_short: bool,
}

impl Validation {
    fn push(&mut self, d: Diagnostic) {
        if !self.problems.contains(&d) {
            self.problems.push(d);
        }
    }
}

/// Validates a game folder: the base game and each variant, `smoke` random playouts each,
/// stopping the playing (not the loading) at `until`.
pub fn validate(files: &GameFiles, smoke: usize, until: Option<Instant>) -> Validation {
    let mut v = Validation::default();
    let mut variants: Vec<Option<String>> = vec![None];
    variants.extend(files.variant_names().into_iter().map(Some));
    v.variants = variants.len() - 1;
    for variant in &variants {
        let g = match Game::load(files, variant.as_deref(), &[]) {
            Ok(g) => g,
            Err(ds) => {
                for d in ds.0 {
                    v.push(d);
                }
                continue;
            }
        };
        let of = variant
            .as_ref()
            .map(|n| format!(" (variant {n})"))
            .unwrap_or_default();
        let main = files.path_of("game.toml");
        let start = match g.start() {
            Ok(s) => s,
            Err(e) => {
                v.push(g.rule_diagnostic(&e));
                continue;
            }
        };
        if let Some(o) = start.outcome() {
            v.push(
                Diagnostic::error(
                    &main,
                    format!(
                        "the game is over before its first move{of}: {}",
                        g.outcome_text(o, start.scores())
                    ),
                )
                .with_help(no_move_help(&g, &start)),
            );
            continue;
        }
        if smoke == 0 {
            continue;
        }
        match play(&g, smoke, until, &of) {
            Ok(cut) => v.cut_short |= cut,
            Err(d) => {
                v.push(d);
                continue;
            }
        }
        match super::conformance_until(&g, smoke, 7, until) {
            Ok(r) => v.cut_short |= r.cut_short,
            Err(e) => v.push(Diagnostic::error(
                &main,
                format!("smoke play{of} failed: {e}"),
            )),
        }
    }
    v
}

/// What the generators make at a position where the script found no move: which of them
/// has moves, and for placements, whose pieces their zones hold.
fn no_move_help(g: &Game, s: &State) -> String {
    let t = &g.tables();
    let mut out = Vec::new();
    let mut buf = Vec::new();
    for p in &t.generators {
        buf.clear();
        generators::generate(&attack::ctx(t, s, s.turn()), p, &mut buf);
        out.push(format!("`{}` {}", p.name, buf.len()));
    }
    let mut help = if out.is_empty() {
        "the definition has no move generators ([generators.NAME])".to_string()
    } else {
        format!(
            "moves each generator has here for {}: {}",
            t.seats[s.turn().index()].name,
            out.join(", ")
        )
    };
    // A per-seat zone holding neutral pieces: `5S` where `5aS` (seat A's) was meant.
    for (i, z) in t.zones.iter().enumerate() {
        let Some(seat) = z.seat else { continue };
        let loc = crate::engine::Loc((t.board.len() + i) as u16);
        let stack = s.stack(loc);
        if let Some(&p) = stack.iter().find(|p| t.info(**p).owner != Some(seat)) {
            let letter = &t.seats[seat.index()].letter;
            help.push_str(&format!(
                "; `{}.{}` holds pieces that are not {}'s (`{}`): a seat's pieces are written with its letter, like `{}{letter}{}`",
                z.name,
                t.seats[seat.index()].name,
                t.seats[seat.index()].name,
                t.piece_text(p),
                stack.len(),
                t.kind_name(t.info(p).kind),
            ));
            break;
        }
    }
    help
}

/// Random playouts calling every hook, checking each position's move list for duplicates.
/// Returns whether the budget cut the play short.
fn play(g: &Game, playouts: usize, until: Option<Instant>, of: &str) -> Result<bool, Diagnostic> {
    let mut rng = Rng::new(7);
    for _ in 0..playouts {
        let mut s = g.start().map_err(|e| g.rule_diagnostic(&e))?;
        while !s.is_over() {
            if until.is_some_and(|u| Instant::now() >= u) {
                return Ok(true);
            }
            for p in 0..g.tables().player_count() {
                g.evaluate(&s, PlayerId(p as u8))
                    .map_err(|e| g.rule_diagnostic(&e))?;
            }
            // Each agreement at the start and now and then later, on a copy.
            if s.ply() % 16 == 0 {
                for what in g.agreements() {
                    let mut copy = s.clone();
                    g.agree(&mut copy, what).map_err(|e| {
                        let mut d = g.rule_diagnostic(&e);
                        d.message = format!("agreeing to `{what}`{of}: {}", d.message);
                        d
                    })?;
                }
            }
            let moves = g.legal_moves(&s).map_err(|e| g.rule_diagnostic(&e))?;
            if let Some(d) = duplicate(g, &s, &moves, of) {
                return Err(d);
            }
            let Some(m) = crate::ai::random_move(&moves, &mut rng) else {
                break;
            };
            g.play(&mut s, m).map_err(|e| g.rule_diagnostic(&e))?;
        }
    }
    Ok(false)
}

/// A move listed twice: which generators make it and where the script calls them.
fn duplicate(g: &Game, s: &State, moves: &[Move], of: &str) -> Option<Diagnostic> {
    let (i, m) = moves
        .iter()
        .enumerate()
        .find(|(i, m)| moves[..*i].contains(m))?;
    let t = &g.tables();
    let text = g.move_text(s, &moves[i]);
    let mut makers = Vec::new();
    let mut buf = Vec::new();
    for p in &t.generators {
        buf.clear();
        generators::generate(&attack::ctx(t, s, s.turn()), p, &mut buf);
        if buf.contains(m) {
            makers.push(p.name.clone());
        }
    }
    // The script lines that ask for those generators.
    let calls: Vec<(usize, usize)> = g
        .script()
        .lines()
        .enumerate()
        .filter_map(|(n, line)| {
            let code = line.split("//").next().unwrap_or_default();
            makers
                .iter()
                .find_map(|name| {
                    ["gen(\"", "gen_from(\""]
                        .iter()
                        .find_map(|call| code.find(&format!("{call}{name}\"")))
                })
                .map(|col| (n + 1, col + 1))
        })
        .collect();
    let message = match makers.as_slice() {
        [] => format!("the moves hook lists `{text}` twice{of}: the script adds it more than once"),
        [one] => format!(
            "the moves hook lists `{text}` twice{of}: generator `{one}` makes it and the script asks for that generator more than once"
        ),
        many => format!(
            "the moves hook lists `{text}` twice{of}: generators {} all make it",
            many.iter()
                .map(|n| format!("`{n}`"))
                .collect::<Vec<_>>()
                .join(" and ")
        ),
    };
    let lines: Vec<String> = calls.iter().map(|(l, _)| l.to_string()).collect();
    let mut d = Diagnostic::error(g.script_path(), message);
    if let Some(&(l, c)) = calls.first() {
        d = d.at_line_col(g.script(), l, c);
    }
    Some(d.with_help(format!(
        "position: {}{}",
        g.position_text(s),
        if lines.len() > 1 {
            format!("; the calls are on lines {}", lines.join(", "))
        } else {
            String::new()
        }
    )))
}
