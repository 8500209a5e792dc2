//! `[rules.actions]`: a turn of several actions; `[rules.swap]`, the swap rule. The count of actions made this turn is a var
//! the engine declares (`actions`), so positions, records and undo carry it with nothing new;
//! the end word is declared like the dice turn's words.

use crate::def::GameDef;
use crate::diag::Problem;
use crate::engine::{Actions, Tables};

use super::dice_turn::{var, word};

/// Lowers `[rules.actions]` and checks each generator's `ends_turn` against it.
pub(super) fn lower(def: &GameDef, t: &mut Tables, problems: &mut Vec<Problem>) {
    let Some(a) = &def.rules.actions else {
        for (name, g) in &def.generators {
            for (key, on) in [
                ("ends_turn", g.ends_turn),
                ("once_a_turn", g.once_a_turn),
                ("free", g.free),
                ("grants", g.grants),
            ] {
                if on {
                    problems.push(Problem::at(
                        &["generators", name, key],
                        format!("`{key}` is about a turn of several actions: declare one with [rules.actions]"),
                    ));
                }
            }
        }
        return;
    };
    if a.most == Some(0) {
        problems.push(Problem::at(
            &["rules", "actions", "most"],
            "most = 0: a turn has at least one action",
        ));
    }
    if a.end.is_none() && a.least != crate::def::Least::Always(1) {
        problems.push(Problem::at(
            &["rules", "actions", "least"],
            "`least` is how many actions come before the `end` word: name the word with `end`",
        ));
    }
    if let Some(w) = &a.end
        && (w.is_empty() || !w.chars().all(|c| c.is_ascii_lowercase() || c == '_'))
    {
        problems.push(Problem::at(
            &["rules", "actions", "end"],
            format!("`{w}` cannot be a word: lower-case letters and `_` only"),
        ));
    }
    let counter = var(t, "actions", 0);
    let end = a.end.as_deref().map(|w| word(t, w));
    // Each `once_a_turn` generator gets a bit of a var of its own.
    let once: Vec<&String> = def
        .generators
        .iter()
        .filter(|(_, g)| g.once_a_turn)
        .map(|(name, _)| name)
        .collect();
    let used = (!once.is_empty()).then(|| var(t, "used_once", 0));
    for (bit, name) in once.iter().enumerate() {
        if bit >= 62 {
            problems.push(Problem::at(
                &["generators", name, "once_a_turn"],
                "at most 62 generators may be `once_a_turn`",
            ));
            break;
        }
        if let Some(g) = t.generator(name) {
            t.generators[g].once = Some(bit as u8);
        }
    }
    let free: Vec<usize> = t
        .generators
        .iter()
        .enumerate()
        .filter(|(_, g)| g.free)
        .map(|(i, _)| i)
        .collect();
    if let (Some(g), None) = (free.first(), &end) {
        problems.push(Problem::at(
            &["generators", &t.generators[*g].name, "free"],
            "free moves may follow a turn's last action, so the seat needs a word to stop: name it with `end` in [rules.actions]",
        ));
    }
    for g in &t.generators {
        if g.free && g.ends_turn {
            problems.push(Problem::at(
                &["generators", &g.name, "free"],
                "a free move is none of the turn's actions, so it cannot end the turn: drop `free` or `ends_turn`",
            ));
        }
    }
    let granting = t.generators.iter().any(|g| g.grants);
    let grant = granting.then(|| (var(t, "granted_actions", 0), var(t, "granted_colour", 0)));
    if granting || !free.is_empty() {
        for g in &mut t.generators {
            g.gated = true;
        }
    }
    t.actions = Some(Actions {
        var: counter,
        most: a.most.unwrap_or(u32::MAX).max(1),
        least: least(a, t, problems),
        end,
        ends_on_capture: a.ends_on_capture,
        used,
        grant,
        free,
    });
}

/// Lowers `[rules.swap]`: its word, and each cell's mirror cell.
pub(super) fn swap(def: &GameDef, t: &mut Tables, problems: &mut Vec<Problem>) {
    let Some(sw) = &def.rules.swap else {
        return;
    };
    let name = sw.word.as_deref().unwrap_or("swap");
    if name.is_empty() || !name.chars().all(|c| c.is_ascii_lowercase() || c == '_') {
        problems.push(Problem::at(
            &["rules", "swap", "word"],
            format!("`{name}` cannot be a word: lower-case letters and `_` only"),
        ));
        return;
    }
    let cells: Vec<crate::board::CellId> = t.board.cells().collect();
    let mirror = match sw.mirror {
        crate::def::SwapMirror::None => cells,
        crate::def::SwapMirror::LongDiagonal => {
            let square = def.board.grid.as_ref().is_some_and(|g| {
                g.files == g.ranks && t.board.len() == (g.files * g.ranks) as usize
            });
            let n = t.board.len().isqrt() as i64;
            let at: std::collections::HashMap<(i64, i64), crate::board::CellId> =
                cells.iter().map(|c| (t.board.coord(*c), *c)).collect();
            let mapped: Option<Vec<_>> = cells
                .iter()
                .map(|c| {
                    let (x, y) = t.board.coord(*c);
                    at.get(&(n - 1 - y, n - 1 - x)).copied()
                })
                .collect();
            match mapped.filter(|_| square) {
                Some(m) => m,
                None => {
                    problems.push(Problem::at(
                        &["rules", "swap", "mirror"],
                        "`long-diagonal` mirrors a square grid with every cell (`grid = { files = N, ranks = N }`)",
                    ));
                    return;
                }
            }
        }
    };
    let word = word(t, name);
    t.swap = Some(crate::engine::Swap { word, mirror });
}

/// `[rules.actions] least` for each phase in order: one number for all, or one per phase
/// (1 where not named).
fn least(a: &crate::def::ActionsDef, t: &Tables, problems: &mut Vec<Problem>) -> Vec<u32> {
    let phases = t.phases.len().max(1);
    match &a.least {
        crate::def::Least::Always(n) => vec![*n; phases],
        crate::def::Least::ByPhase(map) => {
            for name in map.keys() {
                if !t.phases.contains(name) {
                    problems.push(
                        Problem::at(
                            &["rules", "actions", "least", name],
                            format!("`{name}` is not a phase ([rules] phases)"),
                        )
                        .suggesting(name, t.phases.iter().map(String::as_str)),
                    );
                }
            }
            let mut by = vec![1; phases];
            for (i, p) in t.phases.iter().enumerate() {
                if let Some(n) = map.get(p) {
                    by[i] = *n;
                }
            }
            by
        }
    }
}
