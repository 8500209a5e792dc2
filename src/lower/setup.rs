//! The set-up (`[setup]`): cells, rows, stashes, and the checks that the pieces fit the
//! game's bounds.

use super::*;

/// `[setup] rows`: the board in position notation, a row per string, read as one position.
pub(super) fn setup_rows(t: &Tables, rows: &[String], s: &mut State, problems: &mut Vec<Problem>) {
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
    for (kind, runs) in &def.setup.lines {
        setup_lines(t, kind, runs, s, problems);
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
    check_star_map(def, t, s, problems);
    if let Some(stash) = &def.stash {
        check_stash(stash, t, s, problems);
    }
}

/// All the pieces of a game fit the engine's counts (a stack carried whole, say).
fn check_piece_total(t: &Tables, s: &State, problems: &mut Vec<Problem>) {
    let total = total_pieces(t, s);
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

/// Every piece of the set-up, on the board and in the zones.
fn total_pieces(t: &Tables, s: &State) -> usize {
    (0..t.loc_count())
        .map(|l| s.stack(crate::engine::Loc(l as u16)).len())
        .sum()
}

/// A star map's pool must hold every system the pieces can make at once (each needs a star
/// and a ship), so a discovery never finds the map full: the bound is a load error, not a
/// rule that changes mid-game.
fn check_star_map(def: &GameDef, t: &Tables, s: &State, problems: &mut Vec<Problem>) {
    let (Some(sys), Some(map)) = (&t.systems, &def.board.systems) else {
        return;
    };
    let total = total_pieces(t, s);
    let need = (total / 2).saturating_sub(sys.homes.len());
    if (map.count as usize) < need {
        problems.push(Problem::at(
            &["board", "systems", "count"],
            format!(
                "count = {}: the {total} pieces can make {} systems at once, {need} besides the homes: write count = {need}",
                map.count,
                total / 2
            ),
        ));
    }
}

/// The set-up may not use more pieces of a kind than the stash holds: by kind (`S = 5`, every
/// colour together) or, for a kind with colours, by colour and kind (`rS = 3`).
fn check_stash(stash: &def::StashDef, t: &Tables, s: &State, problems: &mut Vec<Problem>) {
    let mut used = vec![0u32; t.pieces.len()];
    for l in 0..t.loc_count() {
        for p in s.stack(crate::engine::Loc(l as u16)) {
            used[p.index()] += 1;
        }
    }
    for (table, map) in [("seat", &stash.seat), ("neutral", &stash.neutral)] {
        let owners: Vec<Option<PlayerId>> = if table == "neutral" {
            vec![None]
        } else {
            (0..t.player_count())
                .map(|p| Some(PlayerId(p as u8)))
                .collect()
        };
        for (key, &have) in map {
            let Some((kind, colour)) = stash_key(t, key) else {
                problems.push(Problem::at(
                    &["stash", table, key],
                    format!(
                        "`{key}` is not a piece kind (`S`), or a colour and a kind with colours (`rS`)"
                    ),
                ));
                continue;
            };
            for &owner in &owners {
                // Every piece of the kind and owner counts (of the colour, when one is
                // named), whatever its facing.
                let n: u32 = t
                    .pieces
                    .iter()
                    .zip(&used)
                    .filter(|(i, _)| {
                        i.kind == kind
                            && i.owner == owner
                            && colour.is_none_or(|c| i.colour == Some(c))
                    })
                    .map(|(_, n)| n)
                    .sum();
                if n > have {
                    let name = &t.kinds[kind.index()].name;
                    let what = match colour {
                        None => name.clone(),
                        Some(c) => format!("{} {name}", t.colours[c.index()].name),
                    };
                    let whose = match owner {
                        None => "neutral".to_string(),
                        Some(p) => format!("of seat {}", t.seats[p.index()].name),
                    };
                    problems.push(Problem::at(
                        &["setup"],
                        format!(
                            "the set-up places {n} {what} ({whose}) but the stash holds {have}"
                        ),
                    ));
                }
            }
        }
    }
}

/// A stash key: a kind's symbol (`S`, `Cannon`), or a colour's letter before a kind with
/// colours (`rS`, `r<Cannon>`, `rCannon`).
fn stash_key(
    t: &Tables,
    key: &str,
) -> Option<(crate::engine::KindId, Option<crate::engine::ColourId>)> {
    if let Some(kind) = t.kind_text(key) {
        return Some((kind, None));
    }
    let mut chars = key.chars();
    let c = chars.next().filter(char::is_ascii_lowercase)?;
    let kind = t.kind_text(chars.as_str())?;
    let colour = t.colour_letter(c)?;
    t.kinds[kind.index()]
        .colours
        .contains(&colour)
        .then_some((kind, Some(colour)))
}

/// `[setup] lines`: every line along each run of points (`"a2..a12"`) gets a piece of
/// `kind`, nobody's.
fn setup_lines(
    t: &Tables,
    kind: &str,
    runs: &[String],
    s: &mut State,
    problems: &mut Vec<Problem>,
) {
    let Some(lat) = t.board.lattice.as_ref() else {
        problems.push(Problem::at(
            &["setup", "lines"],
            "lines are drawn on a board of dots and lines: give the grid `lines = \"orthogonal\"` or `\"all\"`",
        ));
        return;
    };
    let Some(k) = t.kind_text(kind) else {
        problems.push(Problem::at(
            &["setup", "lines", kind],
            format!("`{kind}` is not a piece kind"),
        ));
        return;
    };
    let piece = t.piece(k, None);
    for (i, run) in runs.iter().enumerate() {
        let at = ["setup", "lines", kind, &i.to_string()];
        let ends = run
            .split_once("..")
            .map(|(a, z)| (t.board.cell(a.trim()), t.board.cell(z.trim())));
        let Some((Some(a), Some(z))) = ends else {
            problems.push(Problem::at(
                &at,
                format!("`{run}` is not a run of points: write its two ends, `a2..a12`"),
            ));
            continue;
        };
        let ((fa, ra), (fz, rz)) = (t.board.coord(a), t.board.coord(z));
        let (df, dr) = (fz - fa, rz - ra);
        if (df == 0 && dr == 0) || (df != 0 && dr != 0 && df.abs() != dr.abs()) {
            problems.push(Problem::at(
                &at,
                format!(
                    "`{run}` is not a straight run: its ends share a file, a rank or a diagonal"
                ),
            ));
            continue;
        }
        let step = (df.signum(), dr.signum());
        let mut cur = a;
        while cur != z {
            let (f, r) = t.board.coord(cur);
            // The point one step on is a neighbour along some direction; the line is the
            // one the lattice keeps for that point and direction.
            let next = t.board.dirs().find_map(|d| {
                let n = t.board.step(cur, d)?;
                (t.board.coord(n) == (f + step.0, r + step.1)).then_some((n, d))
            });
            let line = next.and_then(|(_, d)| lat.line(cur, d, t.board.dir_count()));
            let (Some((n, _)), Some(l)) = (next, line) else {
                problems.push(Problem::at(
                    &at,
                    format!(
                        "`{run}`: no line leads on from {} towards {}",
                        t.board.name(cur),
                        t.board.name(z)
                    ),
                ));
                break;
            };
            if s.stacks[l.index()].is_empty() {
                s.stacks[l.index()].push(piece);
            }
            cur = n;
        }
    }
}
