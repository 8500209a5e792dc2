//! How a game ends (`[end]`): lines, reaching a region, connections, dead positions, every
//! piece home, and what happens when nobody can move.

use super::*;

/// A line as written (`[end] line`, `losing_line`, `[rules.phase_ends.NAME] line`), and
/// where: its key path.
pub(super) struct LineShape<'a> {
    pub at: &'a [&'a str],
    pub length: u32,
    pub exact: bool,
    pub directions: &'a [String],
    pub kinds: &'a [String],
}

/// A line: its axes, each direction with its opposite, and its length, which must fit on
/// the board (2 up to the number of cells).
pub(super) fn line_of(
    t: &Tables,
    l: &LineShape<'_>,
    problems: &mut Vec<Problem>,
) -> crate::engine::Line {
    fn joined<'x>(at: &[&'x str], tail: &[&'x str]) -> Vec<&'x str> {
        at.iter().chain(tail).copied().collect()
    }
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
                &joined(l.at, &["directions", &i.to_string()]),
                format!("`{n}` is not a direction of the board"),
            )),
        }
    }
    let cells = t.board.len();
    if l.length < 2 {
        problems.push(Problem::at(
            &joined(l.at, &["length"]),
            "a line is at least 2 pieces long",
        ));
    } else if usize::try_from(l.length).map_or(true, |n| n > cells) {
        problems.push(Problem::at(
            &joined(l.at, &["length"]),
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
        kinds: kind_mask(&kind_list(t, l.kinds, &joined(l.at, &["kinds"]), problems)),
    }
}

/// The `[end]` table.
pub(super) fn end(t: &Tables, e: &def::EndDef, problems: &mut Vec<Problem>) -> crate::engine::End {
    let line = e.line.as_ref().map(|l| {
        let shape = LineShape {
            at: &["end", "line"],
            length: l.length,
            exact: l.exact,
            directions: &l.directions,
            kinds: &l.kinds,
        };
        line_of(t, &shape, problems)
    });
    let losing_line = e.losing_line.as_ref().map(|l| {
        let shape = LineShape {
            at: &["end", "losing_line"],
            length: l.length,
            exact: l.exact,
            directions: &l.directions,
            kinds: &l.kinds,
        };
        line_of(t, &shape, problems)
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
            pieces: r.pieces,
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
    // The seats' groups are kept move by move for the connection (`engine::joins`).
    let joins = connect.and_then(|(a, b)| {
        let region = |i: usize, seat: usize| t.board.region_at(i).for_seat(seat).clone();
        crate::engine::joins::JoinTable::new(
            &t.board,
            t.player_count(),
            |seat| region(a, seat),
            |seat| region(b, seat),
        )
    });
    crate::engine::End {
        line,
        losing_line,
        lose_first: e
            .losing_line
            .as_ref()
            .is_some_and(|l| l.when_both == def::WhenBoth::Lose),
        connect,
        joins,
        reach,
        score: e.score.as_ref().map(|sc| {
            (
                sc.target,
                sc.why
                    .clone()
                    .unwrap_or_else(|| format!("reached {} points", sc.target)),
            )
        }),
        sets: e.sets.as_ref().and_then(|d| sets(t, d, problems)),
        full: e.full,
        stuck: e.stuck,
        dead,
        dead_one_colour,
        line_every_seat: e.line.as_ref().is_some_and(|l| l.every_seat),
        home,
        home_empty: e
            .home_empty
            .as_ref()
            .and_then(|h| home_empty(t, h, problems)),
        too_few: e.too_few.as_ref().map(|f| too_few(t, f, problems)),
    }
}

/// `[end.too_few]`: the zones that count, each seat's instances.
fn too_few(t: &Tables, f: &def::TooFewDef, problems: &mut Vec<Problem>) -> crate::engine::TooFew {
    let mut zones: Vec<Vec<crate::engine::Loc>> = vec![Vec::new(); t.player_count()];
    for (i, z) in f.zones.iter().enumerate() {
        if !t.zones.iter().any(|x| &x.name == z) {
            problems.push(
                Problem::at(
                    &["end", "too_few", "zones", &i.to_string()],
                    format!("`{z}` is not a zone"),
                )
                .suggesting(z, t.zones.iter().map(|x| x.name.as_str())),
            );
            continue;
        }
        for (seat, locs) in zones.iter_mut().enumerate() {
            let seat = crate::engine::PlayerId(seat as u8);
            if let Some(l) = t.zone_loc(z, Some(seat)) {
                locs.push(l);
            }
        }
    }
    if f.below == 0 {
        problems.push(Problem::at(
            &["end", "too_few", "below"],
            "`below = 0` never loses: no seat has fewer than 0 pieces",
        ));
    }
    crate::engine::TooFew {
        below: f.below,
        zones,
        why: f
            .why
            .clone()
            .unwrap_or_else(|| format!("{{seat}} has fewer than {} pieces left", f.below)),
    }
}

/// `[end.home_empty]`: a per-seat region (none: the whole board), and the phase it is
/// checked in.
fn home_empty(
    t: &Tables,
    h: &def::HomeEmptyDef,
    problems: &mut Vec<Problem>,
) -> Option<(Option<usize>, Option<u8>, String)> {
    let path = ["end", "home_empty"];
    let region = match &h.region {
        None => None,
        Some(name) => {
            let Some(r) = t.board.region_index(name) else {
                problems.push(Problem::at(
                    &[path[0], path[1], "region"],
                    format!("`{name}` is not a region"),
                ));
                return None;
            };
            if !t.board.region_at(r).per_seat {
                problems.push(Problem::at(
                    &[path[0], path[1], "region"],
                    format!(
                        "`{name}` is one region for everybody: a home is a per-seat region (leave `region` out for the whole board)"
                    ),
                ));
            }
            Some(r)
        }
    };
    let phase = match &h.phase {
        None => None,
        Some(p) => match t.phases.iter().position(|x| x == p) {
            Some(i) => u8::try_from(i).ok(),
            None => {
                problems.push(
                    Problem::at(
                        &[path[0], path[1], "phase"],
                        format!("`{p}` is not a phase ([rules] phases)"),
                    )
                    .suggesting(p, t.phases.iter().map(String::as_str)),
                );
                None
            }
        },
    };
    let why = h.why.clone().unwrap_or_else(|| {
        if region.is_some() {
            "no piece left at home"
        } else {
            "no piece left on the board"
        }
        .to_string()
    });
    Some((region, phase, why))
}

/// `[end.sets]`: a per-seat zone, the kinds of a set, at least one count that wins.
fn sets(t: &Tables, d: &def::SetsDef, problems: &mut Vec<Problem>) -> Option<crate::engine::Sets> {
    let mut ok = true;
    if !t.zones.iter().any(|z| z.name == d.zone && z.seat.is_some()) {
        problems.push(Problem::at(
            &["end", "sets", "zone"],
            format!("`{}` is not a per-seat zone", d.zone),
        ));
        ok = false;
    }
    let kinds = kind_list(t, &d.kinds, &["end", "sets", "kinds"], problems);
    if d.kinds.is_empty() {
        problems.push(Problem::at(
            &["end", "sets", "kinds"],
            "name the kinds of a set (`[\"S\", \"M\", \"L\"]`)",
        ));
        ok = false;
    }
    if d.same_colour.is_none() && d.any.is_none() {
        problems.push(Problem::at(
            &["end", "sets"],
            "say how many sets win: `same_colour`, `any`, or both",
        ));
        ok = false;
    }
    if d.same_colour.is_some() && t.colours.is_empty() {
        problems.push(Problem::at(
            &["end", "sets", "same_colour"],
            "no kind has `colours`: sets of one colour need pieces with colours",
        ));
        ok = false;
    }
    let why = d
        .why
        .clone()
        .unwrap_or_else(|| match (d.same_colour, d.any) {
            (Some(n), None) => format!("collected {n} sets of one colour"),
            (None, Some(n)) => format!("collected {n} sets"),
            (Some(n), Some(m)) => format!("collected {n} sets of one colour or {m} sets"),
            (None, None) => String::new(),
        });
    ok.then(|| crate::engine::Sets {
        zone: d.zone.clone(),
        kinds,
        same_colour: d.same_colour,
        any: d.any,
        why,
    })
}
