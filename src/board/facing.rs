//! What a seat's `forward` implies: the player-relative directions (`forward_left`, `backward`,
//! ...) and, on a grid, the rows at either end (`far_row`, `home_row`). Chess, draughts and
//! most games with a direction of play would otherwise spell each of these per seat.

use super::{Board, CellSet, DirId, Region};
use crate::def::GameDef;
use crate::diag::Problem;

/// The compass in clockwise order: a turn of one is 45 degrees.
const COMPASS: [&str; 8] = ["n", "ne", "e", "se", "s", "sw", "w", "nw"];

/// Each derived name and its turn from forward, clockwise, in eighths (right is clockwise for
/// a player facing forward).
const FACING: [(&str, usize); 8] = [
    ("forward", 0),
    ("forward_right", 1),
    ("right", 2),
    ("backward_right", 3),
    ("backward", 4),
    ("backward_left", 5),
    ("left", 6),
    ("forward_left", 7),
];

/// Adds the directions and rows that follow from the seats' `forward`; a name the definition
/// gives itself (`[directions.X]`, `[regions.X]`) is left as written.
pub(crate) fn derive(b: &mut Board, def: &GameDef, problems: &mut Vec<Problem>) {
    let seats = &def.players.seats;
    if seats.iter().all(|s| s.forward.is_none()) {
        return;
    }
    // The compass index of each seat's forward.
    let mut turns = Vec::with_capacity(seats.len());
    for (i, seat) in seats.iter().enumerate() {
        let at = ["players", "seats", &i.to_string(), "forward"];
        match seat.forward.as_deref() {
            None => problems.push(Problem::at(
                &at[..3],
                format!(
                    "seat `{}` has no `forward`: when one seat has it, every seat needs it",
                    seat.name
                ),
            )),
            Some(f) => match COMPASS.iter().position(|c| *c == f) {
                Some(t) if b.dir_names.iter().any(|d| d == f) => turns.push(t),
                _ => problems.push(
                    Problem::at(
                        &at,
                        format!("`{f}` is not a compass direction of this board"),
                    )
                    .suggesting(f, COMPASS.iter().copied()),
                ),
            },
        }
    }
    if turns.len() != seats.len() {
        return;
    }
    for (name, turn) in FACING {
        if def.directions.contains_key(name) {
            continue;
        }
        let dirs: Option<Vec<DirId>> = turns
            .iter()
            .map(|t| {
                let abs = COMPASS[(t + turn) % 8];
                b.dir_names
                    .iter()
                    .position(|d| d == abs)
                    .map(|i| DirId(i as u8))
            })
            .collect();
        // A board without that compass direction (a hex grid has no `e`) has no such name.
        if let Some(dirs) = dirs {
            b.relative.insert(name.to_string(), dirs);
        }
    }
    rows(b, def, &turns);
}

/// `far_row` (the opponent's back row, where pawns promote and men are crowned) and `home_row`
/// per seat, on a grid where every seat faces along a file or a rank.
fn rows(b: &mut Board, def: &GameDef, turns: &[usize]) {
    let Some((files, ranks)) = b.grid else {
        return;
    };
    let (files, ranks) = (i64::from(files), i64::from(ranks));
    // The coordinate a seat moves along, and its value on the far row and the home row.
    let ends = |t: usize| -> Option<(usize, i64, i64)> {
        match COMPASS[t] {
            "n" => Some((1, ranks - 1, 0)),
            "s" => Some((1, 0, ranks - 1)),
            "e" => Some((0, files - 1, 0)),
            "w" => Some((0, 0, files - 1)),
            _ => None,
        }
    };
    let Some(ends): Option<Vec<_>> = turns.iter().map(|&t| ends(t)).collect() else {
        return;
    };
    for (name, far) in [("far_row", true), ("home_row", false)] {
        if def.regions.contains_key(name) {
            continue;
        }
        let sets = ends
            .iter()
            .map(|&(axis, far_at, home_at)| {
                let want = if far { far_at } else { home_at };
                let mut set = CellSet::new(b.names.len());
                for (c, xy) in b.coords.iter().enumerate() {
                    let v = if axis == 0 { xy.0 } else { xy.1 };
                    if v == want {
                        set.insert(super::CellId(c as u16));
                    }
                }
                set
            })
            .collect();
        b.regions.push(Region {
            name: name.to_string(),
            sets,
            per_seat: true,
        });
    }
}
