//! Lowering a definition: the checked TOML model (`def`) becomes the engine's tables
//! (`engine::Tables`: seats, kinds, pieces, zones, generators, tracks) and the set-up state.
//! Every problem found is reported with its TOML key path; `game` locates them in the file and
//! refuses the game if there is any. Play bookkeeping lives in `game`; this module only reads
//! definitions.
//!
//! Files: `generators` (one lowering per generator kind, with the keys each kind accepts),
//! `tracks` (race courses and track generators); seats, kinds, zones, the set-up here.

mod board;
mod dice_turn;
mod generators;
mod prepare;
mod tracks;

use std::collections::BTreeMap;

use crate::board::Board;
use crate::def::{self, GameDef, ZonePer};
use crate::diag::Problem;
use crate::engine::generators::kind_mask;
use crate::engine::{KindId, KindInfo, PieceInfo, PlayerId, Seat, State, Tables, ZoneInfo};
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
    ("end", ends),
    ("generators", generator_tables),
    ("generator tiers", generator_tiers),
    ("phase ends", phase_ends),
    ("conditions", |src, t, p| conditions(src.def, t, p)),
    ("dice turn", |src, t, p| dice_turn::lower(src.def, t, p)),
    ("race", race),
    ("castling", castling),
    ("royal", royal),
];

/// Lowers a definition into the engine's tables, reporting every problem found: the first
/// shape of the tables from the seats, kinds, pieces, zones and the board, then each of
/// [`PASSES`]. `written` names the keys each generator writes itself (not through `like`).
pub(crate) use board::board;

pub(crate) fn lower(
    def: &GameDef,
    board: Option<Board>,
    written: &BTreeMap<String, Vec<String>>,
    problems: &mut Vec<Problem>,
) -> Option<Tables> {
    game_id(def, problems);
    let seats = seats(def, problems);
    let kinds = kinds(def, problems);
    let pieces = pieces(&kinds, seats.len(), problems);
    let (zones, implicit_captured) = zones(def, seats.len(), problems);
    let board = board?;
    names_apart(def, &board, implicit_captured, problems);
    limits(def, problems);
    words(def, problems);
    let mut t = shape(def, board, seats, kinds, pieces, zones, problems);
    let src = Source { def, written };
    for (_, pass) in PASSES {
        pass(&src, &mut t, problems);
    }
    Some(t)
}

/// A game id: lower-case letters, digits and `-`.
fn game_id(def: &GameDef, problems: &mut Vec<Problem>) {
    let id_ok = !def.game.id.is_empty()
        && def
            .game
            .id
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
    if !id_ok {
        problems.push(Problem::at(
            &["game", "id"],
            "a game id is lower-case letters, digits and `-`",
        ));
    }
}

/// Seats and teams.
fn seats(def: &GameDef, problems: &mut Vec<Problem>) -> Vec<Seat> {
    let mut seats: Vec<Seat> = Vec::new();
    if def.players.seats.is_empty() || def.players.seats.len() > 8 {
        problems.push(Problem::at(
            &["players", "seats"],
            "a game has 1 to 8 seats",
        ));
    }
    for (i, sd) in def.players.seats.iter().enumerate() {
        let letter = match &sd.letter {
            Some(l) if l.chars().count() == 1 && l.chars().all(|c| c.is_ascii_lowercase()) => {
                l.chars().next()
            }
            Some(_) => {
                problems.push(Problem::at(
                    &["players", "seats", &i.to_string(), "letter"],
                    "a seat letter is one lower-case letter",
                ));
                None
            }
            None => sd
                .name
                .chars()
                .next()
                .map(|c| c.to_ascii_lowercase())
                .filter(|c| c.is_ascii_lowercase()),
        };
        let Some(letter) = letter else {
            problems.push(Problem::at(
                &["players", "seats", &i.to_string()],
                format!("seat `{}` needs a `letter` (a-z)", sd.name),
            ));
            continue;
        };
        if seats.iter().any(|s| s.letter == letter) {
            problems.push(Problem::at(
                &["players", "seats", &i.to_string()],
                format!("seat letter `{letter}` is used twice: give `letter`"),
            ));
        }
        if seats.iter().any(|s| s.name == sd.name) {
            problems.push(Problem::at(
                &["players", "seats", &i.to_string(), "name"],
                format!("seat `{}` is listed twice", sd.name),
            ));
        }
        seats.push(Seat {
            name: sd.name.clone(),
            letter,
            colours: sd.colours.clone(),
            team: i as u8,
        });
    }
    for (ti, team) in def.players.teams.iter().enumerate() {
        let first = team
            .first()
            .and_then(|n| seats.iter().position(|s| &s.name == n));
        for (j, name) in team.iter().enumerate() {
            match seats.iter().position(|s| &s.name == name) {
                Some(k) => seats[k].team = first.unwrap_or(k) as u8,
                None => problems.push(
                    Problem::at(
                        &["players", "teams", &ti.to_string(), &j.to_string()],
                        format!("`{name}` is not a seat"),
                    )
                    .suggesting(name, def.players.seats.iter().map(|s| s.name.as_str())),
                ),
            }
        }
    }
    seats
}

/// Piece kinds, and what a piece becomes when a capture hands it over (a promoted piece
/// reverts).
fn kinds(def: &GameDef, problems: &mut Vec<Problem>) -> Vec<KindInfo> {
    let mut kinds = Vec::new();
    if def.pieces.len() > 52 {
        problems.push(Problem::at(
            &["pieces"],
            "at most 52 piece kinds (26 letters, each with a promoted `~` form)",
        ));
    }
    for (sym, p) in &def.pieces {
        let mut chars = sym.chars();
        let (symbol, promoted) = match (chars.next(), chars.as_str()) {
            (Some(c), "") if c.is_ascii_uppercase() => (c, false),
            (Some(c), "~") if c.is_ascii_uppercase() => (c, true),
            _ => {
                problems.push(Problem::at(
                    &["pieces", sym],
                    format!(
                        "piece kind `{sym}` must be one upper-case letter, with `~` after it for a promoted form (`Q~`)"
                    ),
                ));
                continue;
            }
        };
        if !(0..=99).contains(&p.size) {
            problems.push(Problem::at(&["pieces", sym, "size"], "size must be 0..=99"));
        }
        kinds.push(KindInfo {
            symbol,
            promoted,
            captured_as: None,
            name: p.name.clone(),
            size: p.size,
            role: p.role.clone().unwrap_or_else(|| p.name.clone()),
            colour: p.colour,
            neutral_colour: p.neutral_colour.clone(),
        });
    }
    // What a piece becomes when a capture hands it over (a promoted piece reverts).
    for (sym, p) in &def.pieces {
        let Some(to) = &p.captured_as else { continue };
        let found = kinds.iter().position(|k| {
            let name = if k.promoted {
                format!("{}~", k.symbol)
            } else {
                k.symbol.to_string()
            };
            &name == to
        });
        let me = kinds
            .iter()
            .position(|k| sym.starts_with(k.symbol) && k.promoted == sym.ends_with('~'));
        match (found, me) {
            (Some(f), Some(m)) => kinds[m].captured_as = Some(KindId(f as u8)),
            _ => problems.push(Problem::at(
                &["pieces", sym, "captured_as"],
                format!("`{to}` is not a piece kind"),
            )),
        }
    }
    kinds
}

/// Every piece value: each kind owned by nobody, then by each seat.
fn pieces(kinds: &[KindInfo], np: usize, problems: &mut Vec<Problem>) -> Vec<PieceInfo> {
    let mut pieces = Vec::new();
    for (k, info) in kinds.iter().enumerate() {
        for slot in 0..=np {
            pieces.push(PieceInfo {
                kind: KindId(k as u8),
                owner: if slot == 0 {
                    None
                } else {
                    Some(PlayerId((slot - 1) as u8))
                },
                size: info.size,
            });
        }
    }
    if pieces.len() > 255 {
        problems.push(Problem::at(
            &["pieces"],
            "too many piece kinds for this many seats (kinds x (seats+1) must be < 256)",
        ));
    }
    pieces
}

/// Zones (one per seat or shared), and whether the implicit `captured` zone was made:
/// captures that name no zone go to the capturer's `captured` zone, made here when the
/// definition does not declare it.
fn zones(def: &GameDef, np: usize, problems: &mut Vec<Problem>) -> (Vec<ZoneInfo>, bool) {
    let mut zones = Vec::new();
    for (name, z) in &def.zones {
        if !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') || name.is_empty() {
            problems.push(Problem::at(
                &["zones", name],
                "a zone name is letters, digits and `_`",
            ));
        }
        match z.per {
            ZonePer::Shared => zones.push(ZoneInfo {
                name: name.clone(),
                seat: None,
                description: z.description.clone(),
            }),
            ZonePer::Seat => {
                for p in 0..np {
                    zones.push(ZoneInfo {
                        name: name.clone(),
                        seat: Some(PlayerId(p as u8)),
                        description: z.description.clone(),
                    })
                }
            }
        }
    }
    let implicit_captured = !def.zones.contains_key(CAPTURED)
        && def
            .generators
            .values()
            .any(|m| m.capture != crate::def::CaptureMode::None && m.capture_to.is_none());
    if implicit_captured {
        for p in 0..np {
            zones.push(ZoneInfo {
                name: CAPTURED.to_string(),
                seat: Some(PlayerId(p as u8)),
                description: Some("the pieces this player has captured".to_string()),
            });
        }
    }
    (zones, implicit_captured)
}

/// Zones and cells share the names moves are written with: no name may be both.
fn names_apart(def: &GameDef, board: &Board, implicit_captured: bool, problems: &mut Vec<Problem>) {
    if implicit_captured && board.cell(CAPTURED).is_some() {
        problems.push(Problem::at(
            &["board"],
            "a cell is named `captured`, the zone captures go to when a generator names none: give those generators `capture_to`, or rename the cell",
        ));
    }
    for z in &def.zones {
        if board.cell(z.0).is_some() {
            problems.push(Problem::at(
                &["zones", z.0],
                format!("`{}` is both a zone and a cell", z.0),
            ));
        }
    }
}

/// The bounds the engine's numbers rely on: plies, and vars, words and phases (8 bits each).
fn limits(def: &GameDef, problems: &mut Vec<Problem>) {
    use crate::engine::{MAX_NAMES, MAX_PLIES};
    if def.game.max_plies > MAX_PLIES {
        problems.push(Problem::at(
            &["game", "max_plies"],
            format!(
                "max_plies = {}: at most {MAX_PLIES} (a game that long would take days to play out)",
                def.game.max_plies
            ),
        ));
    }
    for (key, n) in [
        ("vars", def.rules.vars.len()),
        ("words", def.rules.words.len()),
        ("phases", def.rules.phases.len()),
    ] {
        if n > MAX_NAMES {
            problems.push(Problem::at(
                &["rules", key],
                format!("{n} {key}: at most {MAX_NAMES}"),
            ));
        }
    }
}

/// Words are typed as moves, so each must read as a word: lower-case letters and `_`, not a
/// move of its own (`pass`; `xd7`, a removal).
fn words(def: &GameDef, problems: &mut Vec<Problem>) {
    for (i, w) in def.rules.words.iter().enumerate() {
        let shaped = w.starts_with(|c: char| c.is_ascii_lowercase())
            && w.chars().all(|c| c.is_ascii_lowercase() || c == '_');
        let problem = if !shaped {
            Some(format!(
                "`{w}`: a word is lower-case letters and `_`, starting with a letter"
            ))
        } else if w == "pass" {
            Some("`pass` is a move of its own in every game: choose another word".to_string())
        } else {
            w.strip_prefix('x').map(|cell| {
                format!(
                    "`{w}` would read as a removal from a cell `{cell}` (`x` then a cell): choose a word not starting with x"
                )
            })
        };
        if let Some(m) = problem {
            problems.push(Problem::at(&["rules", "words", &i.to_string()], m));
        }
    }
}

/// The tables' first shape: what the seats, kinds, pieces, zones and board give, and the
/// plain settings read straight off `[rules]`; the passes fill in the rest.
fn shape(
    def: &GameDef,
    board: Board,
    seats: Vec<Seat>,
    kinds: Vec<KindInfo>,
    pieces: Vec<PieceInfo>,
    zones: Vec<ZoneInfo>,
    problems: &mut Vec<Problem>,
) -> Tables {
    let phases = if def.rules.phases.is_empty() {
        vec!["play".to_string()]
    } else {
        def.rules.phases.clone()
    };
    let separator = match def.rules.separator.as_deref() {
        None | Some("-") => '-',
        Some("/") => '/',
        Some(other) => {
            problems.push(Problem::at(
                &["rules", "separator"],
                format!("separator must be `-` or `/`, not `{other}`"),
            ));
            '-'
        }
    };
    let all_cells = crate::board::all_cells(board.len());
    Tables {
        id: def.game.id.clone(),
        all_cells,
        board,
        seats,
        kinds,
        pieces,
        zones,
        phases,
        vars: def.rules.vars.keys().cloned().collect(),
        var_defaults: def.rules.vars.values().copied().collect(),
        max_plies: def.game.max_plies,
        no_moves: def.rules.no_moves,
        royal: None,
        generator_tiers: Vec::new(),
        phase_tiers: Vec::new(),
        phase_ends: Vec::new(),
        may_pass: def.rules.may_pass,
        separator,
        generators: Vec::new(),
        dice: def.dice.as_ref().and_then(|d| {
            match crate::engine::dice::check(d.count as usize, d.sides) {
                Ok(()) => Some(crate::engine::DiceSpec {
                    count: d.count,
                    sides: d.sides,
                }),
                Err(m) => {
                    problems.push(Problem::at(&["dice"], m));
                    None
                }
            }
        }),
        words: def.rules.words.clone(),
        end: crate::engine::End::default(),
        turn: None,
        stakes: None,
        rounds: Default::default(),
        race: None,
        unmoved: None,
        en_passant: def.generators.values().any(|m| m.en_passant),
        conditions: Vec::new(),
        forbid: Vec::new(),
        release: None,
        tracks: Vec::new(),
        layered: def.generators.values().any(|m| m.layers),
        repetition: def.rules.repetition.filter(|n| *n >= 2),
        clock: None,
        repetition_vars: def
            .rules
            .vars
            .keys()
            .map(|k| !def.rules.repetition_ignores.contains(k))
            .collect(),
    }
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
        if let Some(p) = generators::lower_pattern(t, name, m, own, &names, problems) {
            t.generators.push(p);
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
        let zones: Vec<crate::engine::Loc> = (0..t.zones.len())
            .filter(|&i| t.zones[i].name == end.zone_empty)
            .map(|i| crate::engine::Loc((t.board.len() + i) as u16))
            .collect();
        if zones.is_empty() {
            let mut path = at.to_vec();
            path.push("zone_empty");
            problems.push(
                Problem::at(&path, format!("`{}` is not a zone", end.zone_empty))
                    .suggesting(&end.zone_empty, t.zones.iter().map(|z| z.name.as_str())),
            );
        }
        if let (Some(from), Some(next)) = (from, next) {
            t.phase_ends.push(crate::engine::PhaseEnd {
                phase: from as u8,
                zones,
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
            // A generator attacks if its landing may hold an enemy piece.
            let attacks = t
                .generators
                .iter()
                .enumerate()
                .filter(|(_, p)| {
                    [
                        C::Enemy,
                        C::Occupied,
                        C::Any,
                        C::Smaller,
                        C::NotLarger,
                        C::Larger,
                    ]
                    .iter()
                    .any(|c| p.land.has(*c))
                })
                .map(|(i, _)| i)
                .collect();
            t.royal = Some(crate::engine::Royal { kind, attacks });
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

/// `[setup] rows`: the board in position notation, a row per string, read as one position.
fn setup_rows(t: &Tables, rows: &[String], s: &mut State, problems: &mut Vec<Problem>) {
    if rows.len() != t.board.rows().len() {
        problems.push(Problem::at(
            &["setup", "rows"],
            format!(
                "{} rows, but the board has {}: one string per row, top row first",
                rows.len(),
                t.board.rows().len()
            ),
        ));
        return;
    }
    if let Some(i) = rows.iter().position(|r| r.contains(['/', ' '])) {
        problems.push(Problem::at(
            &["setup", "rows", &i.to_string()],
            "a row is one string without `/` or spaces: one list item per row",
        ));
        return;
    }
    match notation::parse_position(t, &rows.join("/")) {
        Ok(read) => {
            for c in t.board.cells() {
                s.stacks[c.index()] = read.stacks[c.index()].clone();
                if let (Some(b), Some(&r)) =
                    (s.layers.get_mut(c.index()), read.layers.get(c.index()))
                {
                    *b = r;
                }
            }
        }
        Err(e) => {
            // The column in the joined text tells which row is wrong.
            let mut col = e.column;
            let mut row = 0;
            while row + 1 < rows.len() && col > rows[row].chars().count() + 1 {
                col -= rows[row].chars().count() + 1;
                row += 1;
            }
            problems.push(Problem::at(
                &["setup", "rows", &row.to_string()],
                format!("column {col}: {}", e.message),
            ));
        }
    }
}

/// A line of `[end]` (`line`, `losing_line`) as written.
struct LineShape<'a> {
    key: &'a str,
    length: u32,
    exact: bool,
    directions: &'a [String],
    kinds: &'a [String],
}

/// A line of `[end]`: its axes, each direction with its opposite, and its length, which must
/// fit on the board (2 up to the number of cells).
fn end_line(t: &Tables, l: &LineShape<'_>, problems: &mut Vec<Problem>) -> crate::engine::Line {
    let mut axes = Vec::new();
    let names: Vec<String> = if l.directions.is_empty() {
        t.board
            .dirs()
            .map(|d| t.board.dir_name(d).to_string())
            .collect()
    } else {
        l.directions.to_vec()
    };
    for (i, n) in names.iter().enumerate() {
        match t.board.dir(n, 0) {
            Some(d) if !axes.iter().any(|&(a, b)| Some(d) == b || d == a) => {
                axes.push((d, t.board.reverse(d)));
            }
            Some(_) => {}
            None => problems.push(Problem::at(
                &["end", l.key, "directions", &i.to_string()],
                format!("`{n}` is not a direction of the board"),
            )),
        }
    }
    let cells = t.board.len();
    if l.length < 2 {
        problems.push(Problem::at(
            &["end", l.key, "length"],
            "a line is at least 2 pieces long",
        ));
    } else if usize::try_from(l.length).map_or(true, |n| n > cells) {
        problems.push(Problem::at(
            &["end", l.key, "length"],
            format!(
                "a line of {} cannot be made on a board of {cells} cells",
                l.length
            ),
        ));
    }
    crate::engine::Line {
        length: l.length,
        exact: l.exact,
        axes,
        kinds: kind_mask(&kind_list(t, l.kinds, &["end", l.key, "kinds"], problems)),
    }
}

/// The `[end]` table.
fn end(t: &Tables, e: &def::EndDef, problems: &mut Vec<Problem>) -> crate::engine::End {
    let line = e.line.as_ref().map(|l| {
        let shape = LineShape {
            key: "line",
            length: l.length,
            exact: l.exact,
            directions: &l.directions,
            kinds: &l.kinds,
        };
        end_line(t, &shape, problems)
    });
    let losing_line = e.losing_line.as_ref().map(|l| {
        let shape = LineShape {
            key: "losing_line",
            length: l.length,
            exact: l.exact,
            directions: &l.directions,
            kinds: &l.kinds,
        };
        end_line(t, &shape, problems)
    });
    let reach = e.reach.as_ref().and_then(|r| {
        let kinds = kind_list(t, &r.kinds, &["end", "reach", "kinds"], problems);
        Some(crate::engine::Reach {
            region: region_at(t, &r.region, &["end", "reach", "region"], problems)?,
            kinds: kind_mask(&kinds),
            why: r
                .why
                .clone()
                .unwrap_or_else(|| format!("reached {}", r.region)),
        })
    });
    let connect = e.connect.as_ref().and_then(|c| {
        let mut found = [None, None];
        for (k, r) in c.between.iter().enumerate() {
            found[k] = t.board.region_index(r);
            if found[k].is_none() {
                problems.push(
                    Problem::at(
                        &["end", "connect", "between", &k.to_string()],
                        format!("`{r}` is not a region"),
                    )
                    .suggesting(r, t.board.regions().iter().map(|x| x.name.as_str())),
                );
            }
        }
        Some((found[0]?, found[1]?))
    });
    let dead = e
        .dead
        .iter()
        .enumerate()
        .map(|(i, list)| {
            let mut kinds = kind_list(t, list, &["end", "dead", &i.to_string()], problems);
            kinds.sort();
            kinds
        })
        .collect();
    let dead_one_colour = e.dead_one_colour.as_ref().map(|d| {
        let mask = |list: &[String], key: &str, problems: &mut Vec<Problem>| {
            kind_list(t, list, &["end", "dead_one_colour", key], problems)
                .iter()
                .fold(0u64, |m, k| m | (1 << k.index()))
        };
        if d.kinds.is_empty() {
            problems.push(Problem::at(
                &["end", "dead_one_colour", "kinds"],
                "`kinds` needs at least one kind (the pieces that must share a colour)",
            ));
        }
        if t.board.grid.is_none() {
            problems.push(Problem::at(
                &["end", "dead_one_colour"],
                "`dead_one_colour` needs a grid board ([board] grid), whose squares alternate in colour",
            ));
        }
        (mask(&d.kinds, "kinds", problems), mask(&d.with, "with", problems))
    });
    let home = e.home.as_ref().and_then(|h| {
        let (place, name) = match (&h.region, &h.zone) {
            (Some(r), None) => (
                crate::engine::HomePlace::Region(region_at(
                    t,
                    r,
                    &["end", "home", "region"],
                    problems,
                )?),
                r,
            ),
            (None, Some(z)) => {
                let locs: Option<Vec<crate::engine::Loc>> = (0..t.player_count())
                    .map(|p| t.zone_loc(z, Some(crate::engine::PlayerId(p as u8))))
                    .collect();
                let Some(locs) = locs else {
                    problems.push(
                        Problem::at(&["end", "home", "zone"], format!("`{z}` is not a zone"))
                            .suggesting(z, t.zones.iter().map(|x| x.name.as_str())),
                    );
                    return None;
                };
                if !h.stacks.is_empty() {
                    problems.push(Problem::at(
                        &["end", "home", "stacks"],
                        "`stacks` is for a region: pieces in a zone are not stacked",
                    ));
                }
                (crate::engine::HomePlace::Zone(locs), z)
            }
            _ => {
                problems.push(Problem::at(
                    &["end", "home"],
                    "give `region` (a per-seat region on the board) or `zone`, one of them",
                ));
                return None;
            }
        };
        Some(crate::engine::Home {
            place,
            stacks: kind_list(t, &h.stacks, &["end", "home", "stacks"], problems),
            why: h
                .why
                .clone()
                .unwrap_or_else(|| format!("every piece home in {name}")),
        })
    });
    crate::engine::End {
        line,
        losing_line,
        lose_first: e
            .losing_line
            .as_ref()
            .is_some_and(|l| l.when_both == def::WhenBoth::Lose),
        connect,
        reach,
        full: e.full,
        stuck: e.stuck,
        dead,
        dead_one_colour,
        home,
    }
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
        if c.only_in.is_empty() && c.held_down.is_none() && c.cannot_enter.is_none() {
            problems.push(Problem::at(
                &["conditions", name],
                "a condition needs at least one of only_in, held_down, cannot_enter",
            ));
        }
        t.conditions.push(Condition {
            name: name.clone(),
            only_in,
            held_down: c.held_down,
            cannot_enter,
        });
    }
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

pub(crate) fn setup_state(def: &GameDef, t: &Tables, s: &mut State, problems: &mut Vec<Problem>) {
    if !def.setup.rows.is_empty() {
        setup_rows(t, &def.setup.rows, s, problems);
    }
    for (cell, text) in &def.setup.cells {
        let Some(c) = t.board.cell(cell) else {
            problems.push(
                Problem::at(&["setup", "cells", cell], format!("unknown cell `{cell}`"))
                    .suggesting(cell, t.board.names().iter().map(String::as_str)),
            );
            continue;
        };
        match notation::parse_pieces(t, text) {
            Ok(ps) => s.stacks[c.index()] = ps.into_iter().collect(),
            Err(e) => problems.push(Problem::at(&["setup", "cells", cell], e.message)),
        }
    }
    for (zone, text) in &def.setup.zones {
        let (zname, seat) = match zone.split_once('.') {
            Some((z, seat)) => (z, Some(seat)),
            None => (zone.as_str(), None),
        };
        let seat_id = match seat {
            Some(n) => match t.seat(n) {
                Some(p) => Some(p),
                None => {
                    problems.push(Problem::at(
                        &["setup", "zones", zone],
                        format!("`{n}` is not a seat"),
                    ));
                    continue;
                }
            },
            None => None,
        };
        let loc = t.zone_loc(zname, seat_id).filter(|l| {
            t.loc_zone(*l)
                .is_some_and(|z| z.seat.is_none() || seat_id.is_some())
        });
        let Some(loc) = loc else {
            problems.push(Problem::at(
                &["setup", "zones", zone],
                format!("`{zone}` is not a zone (a per-seat zone is written `name.Seat`)"),
            ));
            continue;
        };
        match notation::parse_pieces(t, text) {
            Ok(mut ps) => {
                ps.sort();
                s.stacks[loc.index()] = ps.into_iter().collect();
            }
            Err(e) => problems.push(Problem::at(&["setup", "zones", zone], e.message)),
        }
    }
    if let Some(f) = &def.setup.first
        && t.seat(f).is_none()
    {
        problems.push(Problem::at(
            &["setup", "first"],
            format!("`{f}` is not a seat"),
        ));
    }
    check_piece_total(t, s, problems);
    if let Some(stash) = &def.stash {
        check_stash(stash, t, s, problems);
    }
}

/// All the pieces of a game fit the engine's counts (a stack carried whole, say).
fn check_piece_total(t: &Tables, s: &State, problems: &mut Vec<Problem>) {
    let total: usize = (0..t.loc_count())
        .map(|l| s.stack(crate::engine::Loc(l as u16)).len())
        .sum();
    if total > crate::engine::MAX_PIECES {
        problems.push(Problem::at(
            &["setup"],
            format!(
                "the set-up has {total} pieces: at most {}",
                crate::engine::MAX_PIECES
            ),
        ));
    }
}

/// The set-up may not use more pieces of a kind than the stash holds.
fn check_stash(stash: &def::StashDef, t: &Tables, s: &State, problems: &mut Vec<Problem>) {
    let mut used = vec![0u32; t.pieces.len()];
    for l in 0..t.loc_count() {
        for p in s.stack(crate::engine::Loc(l as u16)) {
            used[p.index()] += 1;
        }
    }
    for (table, map) in [("seat", &stash.seat), ("neutral", &stash.neutral)] {
        for sym in map.keys() {
            if sym.chars().count() != 1 || sym.chars().next().and_then(|c| t.kind(c)).is_none() {
                problems.push(Problem::at(
                    &["stash", table, sym],
                    format!("`{sym}` is not a piece kind"),
                ));
            }
        }
    }
    for (k, kind) in t.kinds.iter().enumerate() {
        let sym = kind.symbol.to_string();
        let owners =
            std::iter::once(None).chain((0..t.player_count()).map(|p| Some(PlayerId(p as u8))));
        for owner in owners {
            let have = match owner {
                None => stash.neutral.get(&sym).copied().unwrap_or(0),
                Some(_) => stash.seat.get(&sym).copied().unwrap_or(0),
            };
            let n = used[t.piece(KindId(k as u8), owner).index()];
            if n > have {
                let whose = match owner {
                    None => "neutral".to_string(),
                    Some(p) => format!("of seat {}", t.seats[p.index()].name),
                };
                problems.push(Problem::at(
                    &["setup"],
                    format!(
                        "the set-up places {n} {} ({whose}) but the stash holds {have}",
                        kind.name
                    ),
                ));
            }
        }
    }
}
