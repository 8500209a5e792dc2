//! Lowering a definition: the checked TOML model (`def`) becomes the engine's tables
//! (`engine::Tables`: seats, kinds, pieces, zones, generators, tracks) and the set-up state.
//! Every problem found is reported with its TOML key path; `game` locates them in the file and
//! refuses the game if there is any. Play bookkeeping lives in `game`; this module only reads
//! definitions.
//!
//! Files: `generators` (one lowering per generator kind, with the keys each kind accepts),
//! `tracks` (race courses and track generators); seats, kinds, zones, the set-up here.

mod actions;
mod board;
mod dice_turn;
mod ends;
mod generators;
mod prepare;
mod setup;
mod shape;
mod systems;
mod tracks;
mod transforms;

use std::collections::BTreeMap;

use crate::board::Board;
use crate::def::{self, GameDef, ZonePer};
use crate::diag::Problem;
use crate::engine::generators::kind_mask;
use crate::engine::{
    ColourId, ColourInfo, KindId, KindInfo, PieceInfo, PlayerId, Seat, State, Tables, ZoneInfo,
};
use crate::notation;

/// Lowers a definition into the engine's tables, reporting every problem found. `written`
/// What the passes read: the definition, and the keys each generator writes itself (not
/// through `like`), for the per-kind check.
pub(crate) struct Source<'a> {
    pub def: &'a GameDef,
    pub written: &'a BTreeMap<String, Vec<String>>,
}

/// A lowering pass: reads the definition, fills its part of the tables (which earlier passes
/// filled in part), reports every problem at its key path.
type Pass = fn(&Source, &mut Tables, &mut Vec<Problem>);

/// The passes after the tables' first shape, in order: each may read what those before it
/// wrote (the generators read the tracks and the ends; the royal rule reads the generators).
const PASSES: &[(&str, Pass)] = &[
    ("repetition", repetition),
    ("clock", clock),
    ("tracks", tracks),
    ("circuits", circuits),
    ("end", ends),
    ("star map", |src, t, p| systems::lower(src.def, t, p)),
    ("generators", generator_tables),
    ("generator tiers", generator_tiers),
    ("phase ends", phase_ends),
    ("conditions", |src, t, p| conditions(src.def, t, p)),
    ("dice turn", |src, t, p| dice_turn::lower(src.def, t, p)),
    ("turn of several actions", |src, t, p| {
        actions::lower(src.def, t, p)
    }),
    ("swap", |src, t, p| actions::swap(src.def, t, p)),
    ("race", race),
    ("castling", castling),
    ("royal", royal),
];

/// Lowers a definition into the engine's tables, reporting every problem found: the first
/// shape of the tables from the seats, kinds, pieces, zones and the board, then each of
/// [`PASSES`]. `written` names the keys each generator writes itself (not through `like`).
pub(crate) use board::board;
use ends::end;
pub(crate) use setup::setup_state;
use shape::{
    colours, facings, game_id, kinds, limits, names_apart, pieces, seats, shape, words, zones,
};

pub(crate) fn lower(
    def: &GameDef,
    board: Option<Board>,
    written: &BTreeMap<String, Vec<String>>,
    problems: &mut Vec<Problem>,
) -> Option<Tables> {
    game_id(def, problems);
    let seats = seats(def, problems);
    let mut kinds = kinds(def, problems);
    let board = board?;
    let (zones, implicit_captured) = zones(def, seats.len(), &board, problems);
    facings(def, &board, &mut kinds, problems);
    let colours = colours(def, &mut kinds, problems);
    let pieces = pieces(&kinds, seats.len(), problems);
    names_apart(def, &board, implicit_captured, problems);
    limits(def, problems);
    words(def, problems);
    let mut t = shape(def, board, seats, (kinds, colours, pieces), zones, problems);
    let src = Source { def, written };
    for (_, pass) in PASSES {
        pass(&src, &mut t, problems);
    }
    Some(t)
}

/// Vars that do not make positions differ for repetition must be vars.
fn repetition(src: &Source, _: &mut Tables, problems: &mut Vec<Problem>) {
    let def = src.def;
    for (i, v) in def.rules.repetition_ignores.iter().enumerate() {
        if !def.rules.vars.contains_key(v) {
            problems.push(Problem::at(
                &["rules", "repetition_ignores", &i.to_string()],
                format!("`{v}` is not one of the rules' vars"),
            ));
        }
    }
}

/// The native move clock (chess's fifty-move rule).
fn clock(src: &Source, t: &mut Tables, problems: &mut Vec<Problem>) {
    use crate::engine::MAX_NAMES;
    let def = src.def;
    if let Some(c) = &def.rules.clock {
        // A clock's var need not be declared: it is made, starting at 0, and never counts
        // for repetition (a count of plies is bookkeeping, not part of the position).
        if !t.vars.contains(&c.var) && t.vars.len() < MAX_NAMES {
            t.vars.push(c.var.clone());
            t.var_defaults.push(0);
            t.repetition_vars.push(false);
        }
        match t.vars.iter().position(|v| v == &c.var) {
            Some(var) => {
                let kinds = kind_list(
                    t,
                    &c.reset_kinds,
                    &["rules", "clock", "reset_kinds"],
                    problems,
                );
                t.clock = Some(crate::engine::Clock {
                    var,
                    plies: c.plies,
                    reset_kinds: if kinds.is_empty() {
                        0
                    } else {
                        kind_mask(&kinds)
                    },
                    reset_on_capture: c.reset_on_capture,
                });
            }
            None => problems.push(Problem::at(
                &["rules", "clock", "var"],
                format!(
                    "`{}` is not one of the rules' vars: declare it in [rules] vars",
                    c.var
                ),
            )),
        }
    }
}

/// Race courses (`[tracks]`).
fn tracks(src: &Source, t: &mut Tables, problems: &mut Vec<Problem>) {
    for (name, per_seat) in &src.def.tracks {
        if let Some(tr) = tracks::lower_track(t, name, per_seat, problems) {
            t.tracks.push(tr);
        }
    }
}

/// Closed loops of lines joined by arcs (`[circuits.NAME]`).
fn circuits(src: &Source, t: &mut Tables, problems: &mut Vec<Problem>) {
    for (name, c) in &src.def.circuits {
        if let Some(c) = tracks::lower_circuit(t, name, c, problems) {
            t.circuits.push(c);
        }
    }
}

/// How the game ends (`[end]`).
fn ends(src: &Source, t: &mut Tables, problems: &mut Vec<Problem>) {
    t.end = end(t, &src.def.end, problems);
}

/// Every generator (`[generators.NAME]`), each lowered by its kind and prepared.
fn generator_tables(src: &Source, t: &mut Tables, problems: &mut Vec<Problem>) {
    let def = src.def;
    let names: Vec<&str> = def.generators.keys().map(String::as_str).collect();
    for (name, m) in &def.generators {
        let own = src.written.get(name).map_or(&[][..], Vec::as_slice);
        if let Some(mut p) = generators::lower_pattern(t, name, m, own, &names, problems) {
            if m.kind == def::GeneratorKind::Transform {
                let list = transforms::lower(t, name, m, problems);
                let first = t.transforms.len();
                let Some(indices) = (first..first + list.len())
                    .map(|i| u16::try_from(i).ok())
                    .collect::<Option<Vec<u16>>>()
                else {
                    problems.push(Problem::at(
                        &["generators", name, "blocks"],
                        "more block transforms than a game may have (65,535)",
                    ));
                    continue;
                };
                t.transforms.extend(list);
                p.kind = crate::engine::generators::Kind::Transform(indices);
            }
            t.generators.push(p);
        }
    }
    let kinds = t.kinds.len();
    for g in &mut t.generators {
        g.starts_by_kind = g.by_kind(kinds);
    }
    t.kind_sets = t.generators.iter().any(|g| g.starts_by_kind);
    if def
        .generators
        .values()
        .any(|g| g.in_block.is_some() || g.near_last.is_some())
    {
        // The engine writes this var after every move: a script's own `last` would be
        // overwritten under it.
        if def.rules.vars.contains_key("last") {
            problems.push(Problem::at(
                &["rules", "vars", "last"],
                "`last` is the var `in_block` and `near_last` keep (the cell the last move landed on): name this var otherwise",
            ));
        }
        t.last_var = Some(dice_turn::var(t, "last", 0));
    }
    // `then`: a second part from another generator, one level deep.
    for (i, (name, m)) in def.generators.iter().enumerate() {
        let Some(next) = &m.then else { continue };
        let at = ["generators", name.as_str(), "then"];
        match names.iter().position(|n| n == next) {
            None => problems.push(
                Problem::at(&at, format!("`{next}` is not a generator"))
                    .suggesting(next, names.iter().copied()),
            ),
            Some(j) if j == i => problems.push(Problem::at(
                &at,
                "a generator cannot follow itself: name another",
            )),
            Some(_) if def.generators.get(next).is_some_and(|g| g.then.is_some()) => {
                problems.push(Problem::at(
                    &at,
                    format!(
                        "`{next}` has a `then` of its own: a move has two parts at most, so the second part's generator has none"
                    ),
                ));
            }
            Some(j) => {
                if let Some(g) = t.generators.get_mut(i) {
                    g.then = Some(j);
                }
            }
        }
    }
}

/// The generators in force (`[rules] generators`): a list, tiers, or per phase.
fn generator_tiers(src: &Source, t: &mut Tables, problems: &mut Vec<Problem>) {
    match &src.def.rules.generators {
        Some(def::GeneratorList::All(v)) => {
            t.generator_tiers = tiers(
                t,
                &[v.as_slice()],
                false,
                &["rules", "generators"],
                problems,
            );
        }
        Some(def::GeneratorList::Tiers(v)) => {
            let list: Vec<&[String]> = v.iter().map(Vec::as_slice).collect();
            t.generator_tiers = tiers(t, &list, true, &["rules", "generators"], problems);
        }
        Some(def::GeneratorList::Phases(by_phase)) => {
            let mut per = vec![Vec::new(); t.phases.len()];
            for (phase, list) in by_phase {
                let Some(i) = t.phases.iter().position(|p| p == phase) else {
                    problems.push(
                        Problem::at(
                            &["rules", "generators", phase],
                            format!(
                                "`{phase}` is not a phase ([rules] phases: {})",
                                t.phases.join(", ")
                            ),
                        )
                        .suggesting(phase, t.phases.iter().map(String::as_str)),
                    );
                    continue;
                };
                let nested = matches!(list, def::PhaseGenerators::Tiers(_));
                per[i] = tiers(
                    t,
                    &list.tiers(),
                    nested,
                    &["rules", "generators", phase],
                    problems,
                );
            }
            t.phase_tiers = per;
        }
        None => {}
    }
}

/// The generators' `when` conditions (`[generators.NAME] when`), once both are lowered.
fn generators_when(def: &GameDef, t: &mut Tables, problems: &mut Vec<Problem>) {
    for (name, g) in &def.generators {
        let Some(cond) = &g.when else {
            continue;
        };
        let path = ["generators", name.as_str(), "when"];
        let Some(c) = t.conditions.iter().position(|c| &c.name == cond) else {
            problems.push(
                Problem::at(
                    &path,
                    format!("`{cond}` is not a condition: there is no [conditions.{cond}]"),
                )
                .suggesting(cond, t.conditions.iter().map(|c| c.name.as_str())),
            );
            continue;
        };
        if t.conditions[c].cannot_enter.is_some() {
            problems.push(Problem::at(
                &path,
                format!(
                    "[conditions.{cond}] uses `cannot_enter`, which asks the generators for their moves: a generator's `when` cannot depend on the generators (give `when` a condition without `cannot_enter`)"
                ),
            ));
            continue;
        }
        if let Some(g) = t.generators.iter_mut().find(|g| &g.name == name) {
            g.when = Some(c);
            g.gated = true;
        }
    }
}

/// Phases that end on their own (`[rules.phase_ends]`).
fn phase_ends(src: &Source, t: &mut Tables, problems: &mut Vec<Problem>) {
    for (phase, end) in &src.def.rules.phase_ends {
        let at = ["rules", "phase_ends", phase.as_str()];
        let index = |name: &str, key: &str, problems: &mut Vec<Problem>| {
            let i = t.phases.iter().position(|p| p == name);
            if i.is_none() {
                let mut path = at.to_vec();
                if !key.is_empty() {
                    path.push(key);
                }
                problems.push(
                    Problem::at(
                        &path,
                        format!(
                            "`{name}` is not a phase ([rules] phases: {})",
                            t.phases.join(", ")
                        ),
                    )
                    .suggesting(name, t.phases.iter().map(String::as_str)),
                );
            }
            i
        };
        let from = index(phase, "", problems);
        let next = index(&end.next, "next", problems);
        let zones: Vec<crate::engine::Loc> = match &end.zone_empty {
            Some(z) => (0..t.zones.len())
                .filter(|&i| &t.zones[i].name == z)
                .map(|i| crate::engine::Loc((t.board.len() + i) as u16))
                .collect(),
            None => Vec::new(),
        };
        let ways = usize::from(end.zone_empty.is_some())
            + usize::from(end.round)
            + usize::from(end.line.is_some())
            + usize::from(end.one_move);
        if ways != 1 {
            problems.push(Problem::at(
                &at,
                "say how the phase ends: `zone_empty = \"ZONE\"`, `round = true`, `line = { length = N }` or `one_move = true`, one of them",
            ));
        }
        if let Some(z) = &end.zone_empty
            && zones.is_empty()
        {
            let mut path = at.to_vec();
            path.push("zone_empty");
            problems.push(
                Problem::at(&path, format!("`{z}` is not a zone"))
                    .suggesting(z, t.zones.iter().map(|z| z.name.as_str())),
            );
        }
        if end.first == def::PhaseFirst::Mover && end.round {
            let mut path = at.to_vec();
            path.push("first");
            problems.push(Problem::at(
                &path,
                "`first = \"mover\"` keeps the turn with the seat that ended the phase by its move; a phase that ends with the round ends as the turn passes, with no such seat",
            ));
        }
        let line = end.line.as_ref().map(|l| {
            let mut path = at.to_vec();
            path.push("line");
            ends::line_of(
                t,
                &ends::LineShape {
                    at: &path,
                    length: l.length,
                    exact: false,
                    directions: &l.directions,
                    kinds: &l.kinds,
                },
                problems,
            )
        });
        if let (Some(from), Some(next)) = (from, next) {
            t.phase_ends.push(crate::engine::PhaseEnd {
                phase: from as u8,
                zones,
                round: end.round,
                line,
                one_move: end.one_move,
                next: next as u8,
                first: end.first,
            });
        }
    }
}

/// The race evaluation (`evaluate = "race"`).
fn race(src: &Source, t: &mut Tables, problems: &mut Vec<Problem>) {
    if src.def.rules.evaluate == Some(def::Evaluation::Race) {
        t.race = dice_turn::race(t, problems);
    }
}

/// Castling tracks its pieces and partners as unmoved (their set-up cells are filled in with
/// the set-up).
fn castling(src: &Source, t: &mut Tables, _: &mut Vec<Problem>) {
    let def = src.def;
    let castling: Vec<&def::GeneratorDef> = def
        .generators
        .values()
        .filter(|m| m.kind == def::GeneratorKind::Castle)
        .collect();
    if !castling.is_empty() {
        let mut kinds = 0;
        for m in castling {
            for k in m.kinds.iter().chain(&m.partner) {
                if let Some(id) = t.kind_text(k) {
                    kinds |= 1u64 << id.index();
                }
            }
        }
        t.unmoved = Some(crate::engine::Unmoved {
            kinds,
            home: Vec::new(),
        });
    }
}

/// The royal piece (`[rules] royal`) and the generators that attack it: those whose landing
/// may hold an enemy piece.
fn royal(src: &Source, t: &mut Tables, problems: &mut Vec<Problem>) {
    let def = src.def;
    if let Some(r) = &def.rules.royal {
        let kinds = kind_list(t, std::slice::from_ref(r), &["rules", "royal"], problems);
        if let Some(&kind) = kinds.first() {
            use crate::def::CellCond as C;
            // A generator attacks if its landing may hold an enemy piece: any condition but
            // empty, own, friend and neutral (and any entry joining several) may.
            let attacks: Vec<usize> = t
                .generators
                .iter()
                .enumerate()
                .filter(|(_, p)| {
                    p.land.joins()
                        || C::ALL
                            .iter()
                            .filter(|c| !matches!(c, C::Empty | C::Own | C::Friend | C::Neutral))
                            .any(|c| p.land.has(*c))
                })
                .map(|(i, _)| i)
                .collect();
            let lines = crate::engine::attack::RayLines::of_seats(t, &attacks);
            t.royal = Some(crate::engine::Royal {
                kind,
                attacks,
                lines,
            });
        }
    }
}

/// Generator names as tiers of pattern indices (`nested`: the list was written as tiers, so
/// problems point at `[i][j]`), each problem at its place under `path`.
fn tiers(
    t: &Tables,
    list: &[&[String]],
    nested: bool,
    path: &[&str],
    problems: &mut Vec<Problem>,
) -> Vec<Vec<usize>> {
    let mut out: Vec<Vec<usize>> = Vec::new();
    for (i, tier) in list.iter().enumerate() {
        let mut ids = Vec::new();
        for (j, name) in tier.iter().enumerate() {
            let at: Vec<String> = if nested {
                vec![i.to_string(), j.to_string()]
            } else {
                vec![j.to_string()]
            };
            let mut here = path.to_vec();
            here.extend(at.iter().map(String::as_str));
            match t.generator(name) {
                Some(p) if ids.contains(&p) || out.iter().any(|x| x.contains(&p)) => {
                    problems.push(Problem::at(
                        &here,
                        format!("`{name}` is listed twice: its moves would come twice"),
                    ));
                }
                Some(p) => ids.push(p),
                None => problems.push(
                    Problem::at(
                        &here,
                        format!("`{name}` is not a generator: there is no [generators.{name}]"),
                    )
                    .suggesting(name, t.generators.iter().map(|p| p.name.as_str())),
                ),
            }
        }
        if ids.is_empty() && problems.is_empty() {
            problems.push(Problem::at(path, "an empty list of generators"));
        }
        out.push(ids);
    }
    out
}

/// The zone captures go to when a generator names none (`capture_to`).
pub(crate) const CAPTURED: &str = "captured";

/// Line axes from directions: each direction with its opposite, each line once.
pub(crate) fn axes(
    t: &Tables,
    dirs: &[crate::board::DirId],
) -> Vec<(crate::board::DirId, Option<crate::board::DirId>)> {
    let mut axes: Vec<(crate::board::DirId, Option<crate::board::DirId>)> = Vec::new();
    for &d in dirs {
        if !axes.iter().any(|&(a, b)| a == d || b == Some(d)) {
            axes.push((d, t.board.reverse(d)));
        }
    }
    axes
}

/// A region's index by name, reported at `path` when there is none.
fn region_at(t: &Tables, name: &str, path: &[&str], problems: &mut Vec<Problem>) -> Option<usize> {
    let i = t.board.region_index(name);
    if i.is_none() {
        problems.push(
            Problem::at(path, format!("`{name}` is not a region"))
                .suggesting(name, t.board.regions().iter().map(|x| x.name.as_str())),
        );
    }
    i
}

/// `[conditions]`, `[rules.forbid]` and `[rules.release]`.
fn conditions(def: &GameDef, t: &mut Tables, problems: &mut Vec<Problem>) {
    use crate::engine::conditions::{Condition, Forbid};
    for (name, c) in &def.conditions {
        let only_in = (!c.only_in.is_empty()).then(|| {
            let regions: Vec<usize> = c
                .only_in
                .iter()
                .enumerate()
                .filter_map(|(i, r)| {
                    let idx = i.to_string();
                    region_at(t, r, &["conditions", name, "only_in", &idx], problems)
                })
                .collect();
            (0..t.player_count())
                .map(|p| {
                    regions
                        .iter()
                        .fold(crate::board::CellSet::default(), |acc, &r| {
                            acc.union(t.board.region_at(r).for_seat(p))
                        })
                })
                .collect()
        });
        let cannot_enter = c
            .cannot_enter
            .as_ref()
            .and_then(|r| region_at(t, r, &["conditions", name, "cannot_enter"], problems));
        if c.cannot_enter.is_some() && !t.has_generators() {
            problems.push(Problem::at(
                &["conditions", name, "cannot_enter"],
                "`cannot_enter` looks at the moves of the generators in force: list them in [rules] generators",
            ));
        }
        if c.only_in.is_empty()
            && c.held_down.is_none()
            && c.cannot_enter.is_none()
            && c.pieces_max.is_none()
        {
            problems.push(Problem::at(
                &["conditions", name],
                "a condition needs at least one of only_in, held_down, cannot_enter, pieces_max",
            ));
        }
        t.conditions.push(Condition {
            name: name.clone(),
            only_in,
            held_down: c.held_down,
            cannot_enter,
            pieces_max: c.pieces_max,
        });
    }
    generators_when(def, t, problems);
    let named = |t: &Tables, cond: &str, path: &[&str], problems: &mut Vec<Problem>| {
        let i = t.conditions.iter().position(|c| c.name == cond);
        if i.is_none() {
            problems.push(
                Problem::at(
                    path,
                    format!("`{cond}` is not a condition: there is no [conditions.{cond}]"),
                )
                .suggesting(cond, t.conditions.iter().map(|c| c.name.as_str())),
            );
        }
        i
    };
    for (label, f) in &def.rules.forbid {
        if let Some(cond) = named(t, &f.after, &["rules", "forbid", label, "after"], problems) {
            t.forbid.push(Forbid {
                moves: f.moves,
                cond,
                seats: f.seats,
            });
        }
    }
    if let Some(r) = &def.rules.release {
        t.release = named(t, &r.when, &["rules", "release", "when"], problems);
    }
}

/// Kind ids for a list of kind symbols, reporting the ones that are not kinds.
pub(crate) fn kind_list(
    t: &Tables,
    list: &[String],
    path: &[&str],
    problems: &mut Vec<Problem>,
) -> Vec<crate::engine::KindId> {
    let mut kinds = Vec::new();
    for (i, k) in list.iter().enumerate() {
        match t.kind_text(k) {
            Some(id) => kinds.push(id),
            None => {
                let idx = i.to_string();
                let mut at = path.to_vec();
                at.push(&idx);
                problems.push(
                    Problem::at(&at, format!("`{k}` is not a piece kind"))
                        .suggesting(k, t.kinds.iter().map(|k| k.name.as_str())),
                );
            }
        }
    }
    kinds
}
