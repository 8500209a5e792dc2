//! The tables' first shape: seats and teams, kinds and pieces, zones, the names cells, zones
//! and words may take, the engine's bounds, and the plain `[rules]` settings; the passes
//! (`super::PASSES`) fill in the rest.

use super::*;

/// A game id: lower-case letters, digits and `-`.
pub(super) fn game_id(def: &GameDef, problems: &mut Vec<Problem>) {
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
pub(super) fn seats(def: &GameDef, problems: &mut Vec<Problem>) -> Vec<Seat> {
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
pub(super) fn kinds(def: &GameDef, problems: &mut Vec<Problem>) -> Vec<KindInfo> {
    let mut kinds = Vec::new();
    if def.pieces.len() > 64 {
        problems.push(Problem::at(&["pieces"], "at most 64 piece kinds"));
    }
    // Kind masks are 64 bits wide: the kinds past 64 are refused above and left out here.
    for (sym, p) in def.pieces.iter().take(64) {
        let Some((symbol, promoted)) = kind_symbol(sym) else {
            problems.push(Problem::at(
                &["pieces", sym],
                format!(
                    "piece kind `{sym}` must be one upper-case letter (`Q`) or a name of letters and digits that begins with one (`Cannon`, written `<Cannon>` in positions and moves), with `~` after it for a promoted form (`Q~`)"
                ),
            ));
            continue;
        };
        if !(0..=99).contains(&p.size) {
            problems.push(Problem::at(&["pieces", sym, "size"], "size must be 0..=99"));
        }
        kinds.push(KindInfo {
            symbol: symbol.to_string(),
            promoted,
            captured_as: None,
            name: p.name.clone(),
            size: p.size,
            role: p.role.clone().unwrap_or_else(|| p.name.clone()),
            colour: p.colour,
            neutral_colour: p.neutral_colour.clone(),
            facings: Vec::new(),
            upright: true,
            colours: Vec::new(),
            stackable: p.stackable,
        });
    }
    // What a piece becomes when a capture hands it over (a promoted piece reverts).
    for (sym, p) in &def.pieces {
        let Some(to) = &p.captured_as else { continue };
        let found = kinds.iter().position(|k| {
            kind_symbol(to).is_some_and(|(s, promoted)| k.symbol == s && k.promoted == promoted)
        });
        let me = kind_symbol(sym).and_then(|(s, promoted)| {
            kinds
                .iter()
                .position(|k| k.symbol == s && k.promoted == promoted)
        });
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

/// A `[pieces]` key's symbol and whether it names a promoted form: one upper-case letter
/// or a name of ASCII letters, digits and `_` that begins with one, then `~` or nothing.
fn kind_symbol(key: &str) -> Option<(&str, bool)> {
    let (sym, promoted) = match key.strip_suffix('~') {
        Some(sym) => (sym, true),
        None => (key, false),
    };
    let mut chars = sym.chars();
    let first = chars.next()?;
    (first.is_ascii_uppercase() && chars.all(|c| c.is_ascii_alphanumeric() || c == '_'))
        .then_some((sym, promoted))
}

/// Each kind's `facings` on this board: `up` (it may stand upright), `all` (every direction
/// of the board), or direction names. Kinds are in the definition's order, as `kinds` made them.
pub(super) fn facings(
    def: &GameDef,
    board: &crate::board::Board,
    kinds: &mut [KindInfo],
    problems: &mut Vec<Problem>,
) {
    for ((sym, p), k) in def.pieces.iter().zip(kinds.iter_mut()) {
        if p.facings.is_empty() {
            continue;
        }
        k.upright = false;
        for (i, f) in p.facings.iter().enumerate() {
            let dirs: Vec<crate::board::DirId> = match f.as_str() {
                "up" => {
                    k.upright = true;
                    continue;
                }
                "all" => board.dirs().collect(),
                name => match board.absolute_dir(name) {
                    Some(d) => vec![d],
                    None => {
                        let names: Vec<&str> = board
                            .dirs()
                            .map(|d| board.dir_name(d))
                            .chain(["up", "all"])
                            .collect();
                        problems.push(
                            Problem::at(
                                &["pieces", sym, "facings", &i.to_string()],
                                format!(
                                    "`{name}` is not a facing: write `up`, `all` or one of the board's directions"
                                ),
                            )
                            .suggesting(name, names.iter().copied()),
                        );
                        continue;
                    }
                },
            };
            for d in dirs {
                if !k.facings.contains(&d) {
                    k.facings.push(d);
                }
            }
        }
    }
}

/// The colours pieces have apart from their owner, as the kinds' `colours` name them (in
/// the order first named), each written with a letter of its own; each kind's colours filled in.
pub(super) fn colours(
    def: &GameDef,
    kinds: &mut [KindInfo],
    problems: &mut Vec<Problem>,
) -> Vec<ColourInfo> {
    let mut colours: Vec<ColourInfo> = Vec::new();
    for ((sym, p), k) in def.pieces.iter().zip(kinds.iter_mut()) {
        for (i, name) in p.colours.iter().enumerate() {
            let at = &["pieces", sym.as_str(), "colours", &i.to_string()];
            let id = match colours.iter().position(|c| &c.name == name) {
                Some(id) => id,
                None => match new_colour(def, name, &colours) {
                    Ok(c) if colours.len() < 64 => {
                        colours.push(c);
                        colours.len() - 1
                    }
                    Ok(_) => {
                        problems.push(Problem::at(at, "at most 64 colours"));
                        continue;
                    }
                    Err(m) => {
                        problems.push(Problem::at(at, m));
                        continue;
                    }
                },
            };
            let id = ColourId(id as u8);
            if k.colours.contains(&id) {
                problems.push(Problem::at(at, format!("`{name}` is listed twice")));
            } else {
                k.colours.push(id);
            }
        }
    }
    for name in def.colours.keys() {
        if !colours.iter().any(|c| &c.name == name) {
            problems.push(Problem::at(
                &["colours", name],
                format!("no kind comes in `{name}` (`[pieces.X] colours`)"),
            ));
        }
    }
    colours
}

/// A colour named in a kind's `colours`: its letter (`[colours.NAME] letter`, or the name's
/// first letter), which no other colour may have.
fn new_colour(def: &GameDef, name: &str, known: &[ColourInfo]) -> Result<ColourInfo, String> {
    let spec = def.colours.get(name);
    let written = spec.and_then(|c| c.letter.clone());
    let letter_text = written
        .clone()
        .unwrap_or_else(|| name.chars().take(1).collect());
    let mut chars = letter_text.chars();
    let letter = match (chars.next(), chars.next()) {
        (Some(c), None) if c.is_ascii_lowercase() => c,
        _ if written.is_some() => {
            return Err(format!(
                "colour `{name}`: its letter (`[colours.{name}] letter`) must be one lower-case letter"
            ));
        }
        _ => {
            return Err(format!(
                "colour `{name}` does not start with a lower-case letter: give it one (`[colours.{name}] letter = \"x\"`)"
            ));
        }
    };
    if let Some(other) = known.iter().find(|c| c.letter == letter) {
        return Err(format!(
            "colours `{}` and `{name}` would both be written `{letter}`: give one another letter (`[colours.{name}] letter = \"x\"`)",
            other.name
        ));
    }
    Ok(ColourInfo {
        name: name.to_string(),
        letter,
        fill: spec
            .and_then(|c| c.fill.clone())
            .unwrap_or_else(|| name.to_string()),
    })
}

/// Every piece value: each kind owned by nobody, then by each seat, standing (in its first
/// colour); then each kind and owner in its other colours, standing; then, for each standing
/// value of a kind with facings, the piece lying along each facing in turn.
pub(super) fn pieces(kinds: &[KindInfo], np: usize, problems: &mut Vec<Problem>) -> Vec<PieceInfo> {
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
                facing: None,
                faced: 0,
                colour: info.colours.first().copied(),
                standing: 0,
                tinted: 0,
            });
        }
    }
    for base in 0..pieces.len() {
        let info = pieces[base];
        let colours = &kinds[info.kind.index()].colours;
        if colours.len() < 2 {
            continue;
        }
        pieces[base].tinted = pieces.len().min(255) as u8;
        for c in &colours[1..] {
            pieces.push(PieceInfo {
                colour: Some(*c),
                ..info
            });
        }
    }
    for base in 0..pieces.len() {
        pieces[base].standing = base.min(255) as u8;
        let info = pieces[base];
        let facings = &kinds[info.kind.index()].facings;
        if facings.is_empty() {
            continue;
        }
        pieces[base].faced = pieces.len().min(255) as u8;
        for d in facings {
            pieces.push(PieceInfo {
                facing: Some(*d),
                faced: 0,
                tinted: 0,
                ..info
            });
        }
    }
    if pieces.len() > 255 {
        problems.push(Problem::at(
            &["pieces"],
            format!(
                "{} piece values (kinds x (seats+1), x each colour for kinds with `colours`, x each facing for kinds with `facings`): at most 255",
                pieces.len()
            ),
        ));
    }
    pieces
}

/// Whether a generator's moves may capture: by `capture`, or by a flow's `capture_if`.
pub(super) fn captures_anything(m: &crate::def::GeneratorDef) -> bool {
    // A removal always takes its piece into a capture zone, whatever `capture` says.
    m.kind == crate::def::GeneratorKind::Remove
        || m.capture != crate::def::CaptureMode::None
        || m.flow.as_ref().is_some_and(|f| f.capture_if.is_some())
}

/// Zones (one per seat or shared), and whether the implicit `captured` zone was made:
/// captures that name no zone go to the capturer's `captured` zone, made here when the
/// definition does not declare it.
///
/// Every game has a per-seat `captured` zone unless it declares one (or names a cell so and
/// no generator captures into it): generators that capture with no `capture_to` put their
/// captures there, and scripts may too (`s.take(c, "captured")`, `s.move_take`), as the
/// format promises. The bool says whether a generator needs it.
pub(super) fn zones(
    def: &GameDef,
    np: usize,
    board: &Board,
    problems: &mut Vec<Problem>,
) -> (Vec<ZoneInfo>, bool) {
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
            .any(|m| captures_anything(m) && m.capture_to.is_none());
    if implicit_captured || !def.zones.contains_key(CAPTURED) && board.cell(CAPTURED).is_none() {
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
pub(super) fn names_apart(
    def: &GameDef,
    board: &Board,
    implicit_captured: bool,
    problems: &mut Vec<Problem>,
) {
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
pub(super) fn limits(def: &GameDef, problems: &mut Vec<Problem>) {
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
pub(super) fn words(def: &GameDef, problems: &mut Vec<Problem>) {
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
pub(super) fn shape(
    def: &GameDef,
    board: Board,
    seats: Vec<Seat>,
    (kinds, colours, pieces): (Vec<KindInfo>, Vec<ColourInfo>, Vec<PieceInfo>),
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
        kind_sets: false,
        board,
        seats,
        kinds,
        colours,
        swap: None,
        systems: None,
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
        actions: None,
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
        transforms: Vec::new(),
        one_move_per_effect: def.rules.one_move_per_effect,
        most_captures: def.rules.most_captures,
        last_var: None,
        circuits: Vec::new(),
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
