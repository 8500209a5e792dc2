//! Race courses (`[tracks.NAME]`) and the settings of `kind = "track"` generators.

use crate::def;
use crate::diag::Problem;
use crate::engine::Tables;

/// A `[tracks.NAME]` table: one course per seat, each cell at most once.
pub(super) fn lower_track(
    t: &Tables,
    name: &str,
    per_seat: &std::collections::BTreeMap<String, Vec<String>>,
    problems: &mut Vec<Problem>,
) -> Option<crate::engine::generators::track::Track> {
    let mut course = vec![Vec::new(); t.player_count()];
    for (seat, cells) in per_seat {
        let Some(p) = t.seat(seat) else {
            problems.push(
                Problem::at(&["tracks", name, seat], format!("`{seat}` is not a seat"))
                    .suggesting(seat, t.seats.iter().map(|s| s.name.as_str())),
            );
            continue;
        };
        for (i, item) in cells.iter().enumerate() {
            let idx = i.to_string();
            let at = ["tracks", name, seat, &idx];
            let names = match crate::board::ranges::expand(item) {
                Ok(names) => names,
                Err(m) => {
                    problems.push(Problem::at(&at, m));
                    continue;
                }
            };
            for c in &names {
                match t.board.cell(c) {
                    Some(id) if !course[p.index()].contains(&id) => course[p.index()].push(id),
                    Some(_) => {
                        problems.push(Problem::at(&at, format!("`{c}` is on this course twice")))
                    }
                    None => problems.push(
                        Problem::at(&at, format!("`{c}` is not a cell"))
                            .suggesting(c, t.board.names().iter().map(String::as_str)),
                    ),
                }
            }
        }
    }
    for (p, seat) in t.seats.iter().enumerate() {
        if course[p].is_empty() {
            problems.push(Problem::at(
                &["tracks", name],
                format!("the track has no course for seat `{}`", seat.name),
            ));
        }
    }
    Some(crate::engine::generators::track::Track {
        name: name.to_string(),
        course,
    })
}

/// The track settings of a `kind = "track"` generator.
pub(super) fn lower_track_moves(
    t: &Tables,
    name: &str,
    m: &def::GeneratorDef,
    problems: &mut Vec<Problem>,
) -> Option<crate::engine::generators::track::TrackMoves> {
    use crate::engine::generators::track::{Overshoot, TrackMoves};
    let at = |key: &'static str| -> Vec<&str> { vec!["generators", name, key] };
    let Some(tname) = m.track.as_deref() else {
        problems.push(Problem::at(
            &["generators", name],
            "a `track` generator needs `track`, the name of a [tracks] course",
        ));
        return None;
    };
    let Some(track) = t.tracks.iter().position(|x| x.name == tname) else {
        problems.push(
            Problem::at(&at("track"), format!("`{tname}` is not a track"))
                .suggesting(tname, t.tracks.iter().map(|x| x.name.as_str())),
        );
        return None;
    };
    let zone_known = |z: &str, path: Vec<&str>, problems: &mut Vec<Problem>| {
        if !t.zones.iter().any(|x| x.name == z) {
            problems.push(
                Problem::at(&path, format!("`{z}` is not a zone"))
                    .suggesting(z, t.zones.iter().map(|x| x.name.as_str())),
            );
        }
    };
    for (i, z) in m.enter_from.iter().enumerate() {
        let idx = i.to_string();
        zone_known(z, vec!["generators", name, "enter_from", &idx], problems);
    }
    for (i, z) in m.enter_first.iter().enumerate() {
        let idx = i.to_string();
        if !m.enter_from.contains(z) {
            problems.push(Problem::at(
                &["generators", name, "enter_first", &idx],
                format!("`{z}` must also be in enter_from"),
            ));
        }
    }
    let smallest_first = m.bear_off.as_ref().is_some_and(|b| b.smallest_first);
    let (off, home, overshoot) = match &m.bear_off {
        Some(b) => {
            zone_known(
                &b.zone,
                vec!["generators", name, "bear_off", "zone"],
                problems,
            );
            let home = b.home.as_ref().and_then(|r| {
                let i = t.board.region_index(r);
                if i.is_none() {
                    problems.push(Problem::at(
                        &["generators", name, "bear_off", "home"],
                        format!("`{r}` is not a region"),
                    ));
                }
                i
            });
            let o = match b.overshoot {
                def::OvershootDef::Exact => Overshoot::Exact,
                def::OvershootDef::Furthest => Overshoot::Furthest,
                def::OvershootDef::Any => Overshoot::Any,
            };
            (Some(b.zone.clone()), home, o)
        }
        None => (None, None, Overshoot::Exact),
    };
    Some(TrackMoves {
        track,
        enter_from: m.enter_from.clone(),
        enter_first: m.enter_first.clone(),
        off,
        home,
        overshoot,
        wrap: m.wrap,
        layers: m.layers,
        smallest_first,
    })
}

/// The settings of a `kind = "sow"` generator.
pub(super) fn lower_sow(
    t: &Tables,
    name: &str,
    m: &def::GeneratorDef,
    problems: &mut Vec<Problem>,
) -> Option<crate::engine::generators::sow::Sow> {
    use crate::engine::generators::sow::{ByCount, OnEmpty, Sow};
    let region = |r: &str, key: Vec<&str>, problems: &mut Vec<Problem>| {
        let i = t.board.region_index(r);
        if i.is_none() {
            problems.push(
                Problem::at(&key, format!("`{r}` is not a region"))
                    .suggesting(r, t.board.regions().iter().map(|x| x.name.as_str())),
            );
        }
        i
    };
    let Some(tname) = m.track.as_deref() else {
        problems.push(Problem::at(
            &["generators", name],
            "a `sow` generator needs `track`, the name of a [tracks] course",
        ));
        return None;
    };
    let Some(track) = t.tracks.iter().position(|x| x.name == tname) else {
        problems.push(
            Problem::at(
                &["generators", name, "track"],
                format!("`{tname}` is not a track"),
            )
            .suggesting(tname, t.tracks.iter().map(|x| x.name.as_str())),
        );
        return None;
    };
    let store = m
        .store
        .as_ref()
        .and_then(|r| region(r, vec!["generators", name, "store"], problems));
    let by_count = match &m.sow_capture {
        Some(c) => Some(ByCount {
            counts: c
                .counts
                .iter()
                .filter(|k| **k < 64)
                .fold(0u64, |m, k| m | (1 << k)),
            region: region(
                &c.region,
                vec!["generators", name, "sow_capture", "region"],
                problems,
            )?,
            backwards: c.backwards,
        }),
        None => None,
    };
    let on_empty = match &m.sow_capture_empty {
        Some(c) => {
            let dirs: Option<Vec<_>> = (0..t.player_count())
                .map(|p| t.board.dir(&c.across, p))
                .collect();
            if dirs.is_none() {
                problems.push(Problem::at(
                    &["generators", name, "sow_capture_empty", "across"],
                    format!("`{}` is not a direction of every seat", c.across),
                ));
            }
            Some(OnEmpty {
                region: region(
                    &c.region,
                    vec!["generators", name, "sow_capture_empty", "region"],
                    problems,
                )?,
                across: dirs?,
                needs_across: c.needs_across,
            })
        }
        None => None,
    };
    if (by_count.is_some() || on_empty.is_some()) && store.is_none() {
        problems.push(Problem::at(
            &["generators", name],
            "a capturing `sow` generator needs `store`, the per-seat region of the stores",
        ));
    }
    let feed = m
        .feed
        .as_ref()
        .and_then(|r| region(r, vec!["generators", name, "feed"], problems));
    Some(Sow {
        track,
        skip_start: m.skip_start,
        store,
        by_count,
        on_empty,
        feed,
        feed_or_no_move: m.feed_or_no_move,
        grand_slam_keeps: m.grand_slam_keeps,
    })
}

/// A `[circuits.NAME]` table: its lines, each a run of neighbouring cells, joined into one
/// closed loop with an arc after each line's last cell.
pub(super) fn lower_circuit(
    t: &Tables,
    name: &str,
    c: &def::CircuitDef,
    problems: &mut Vec<Problem>,
) -> Option<crate::engine::Circuit> {
    let mut points = Vec::new();
    let mut arc_after = Vec::new();
    if c.lines.is_empty() {
        problems.push(Problem::at(
            &["circuits", name, "lines"],
            "a circuit needs its lines, like `lines = [\"b1..b6\", \"a5..f5\", \"e6..e1\", \"f2..a2\"]`",
        ));
        return None;
    }
    let before = problems.len();
    for (i, item) in c.lines.iter().enumerate() {
        let idx = i.to_string();
        let at = ["circuits", name, "lines", &idx];
        let names = match crate::board::ranges::expand(item) {
            Ok(names) => names,
            Err(m) => {
                problems.push(Problem::at(&at, m));
                continue;
            }
        };
        let mut line = Vec::new();
        for n in &names {
            match t.board.cell(n) {
                Some(id) => line.push(id),
                None => problems.push(
                    Problem::at(&at, format!("`{n}` is not a cell"))
                        .suggesting(n, t.board.names().iter().map(String::as_str)),
                ),
            }
        }
        for w in line.windows(2) {
            if !t.board.dirs().any(|d| t.board.step(w[0], d) == Some(w[1])) {
                problems.push(Problem::at(
                    &at,
                    format!(
                        "`{item}` is not a line: {} and {} are not neighbours",
                        t.board.name(w[0]),
                        t.board.name(w[1])
                    ),
                ));
                break;
            }
        }
        let n = line.len();
        points.extend(line);
        arc_after.extend((0..n).map(|k| k + 1 == n));
    }
    (problems.len() == before).then(|| crate::engine::Circuit {
        name: name.to_string(),
        points,
        arc_after,
    })
}
