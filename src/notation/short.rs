//! Moves as players type them: a short text stands for the one legal move it can mean. Every
//! game gets the same shorthands, read off its legal moves (no per-game code): a destination
//! alone (`e4` when one legal move ends there), a piece letter and a destination (`Nf3`, with
//! an optional `x` or `:` for a capture: `Nxf3`), or a piece letter alone (`M`, when one
//! move of a medium is legal). And when nothing can be read, [`forms`] says what moves of this
//! game look like, from the moves legal now.

use crate::engine::{Action, KindId, Move, PlayerId, Shape, State, Tables};

/// The kind of piece a move moves, if it moves one.
pub fn moving_kind(t: &Tables, s: &State, m: &Move) -> Option<KindId> {
    match m.shape {
        Shape::Place(p) => Some(t.info(p).kind),
        Shape::Path => {
            let from = m.from()?;
            let moved = m.actions.iter().find_map(|a| match *a {
                Action::Transfer { piece, from: f, .. } if f == from => Some(piece),
                _ => None,
            });
            moved.or_else(|| s.top(from)).map(|p| t.info(p).kind)
        }
        _ => None,
    }
}

/// The indices of the legal moves a shorthand text can stand for (empty when it is not a
/// shorthand at all).
pub fn shorthand(t: &Tables, s: &State, moves: &[Move], text: &str) -> Vec<usize> {
    let text = text.trim();
    let ends_on = |m: &Move, cell: &str| {
        m.to()
            .and_then(|l| t.loc_cell(l))
            .is_some_and(|c| t.board.name(c) == cell)
    };
    // A destination alone.
    if t.board.cell(text).is_some() {
        return (0..moves.len())
            .filter(|&i| ends_on(&moves[i], text))
            .collect();
    }
    // A kind (a letter or a name in angle brackets, with `~` for a promoted form), then
    // optionally `x`/`:` and a destination.
    let (kind, rest) = crate::engine::kind_token(text);
    let Some(kind) = t.kind_text(kind) else {
        return Vec::new();
    };
    let dest = rest
        .strip_prefix(['x', ':'])
        .filter(|d| t.board.cell(d).is_some())
        .unwrap_or(rest);
    if !dest.is_empty() && t.board.cell(dest).is_none() {
        return Vec::new();
    }
    (0..moves.len())
        .filter(|&i| {
            moving_kind(t, s, &moves[i]) == Some(kind)
                && (dest.is_empty() || ends_on(&moves[i], dest))
        })
        .collect()
}

/// Short texts that each stand for exactly one legal move, with that move's index: what Tab
/// may complete a shorthand to.
pub fn shorthands(t: &Tables, s: &State, moves: &[Move]) -> Vec<(String, usize)> {
    let mut out = Vec::new();
    let mut candidates: Vec<String> = Vec::new();
    for m in moves {
        let Some(c) = m.to().and_then(|l| t.loc_cell(l)) else {
            continue;
        };
        let cell = t.board.name(c).to_string();
        if let Some(k) = moving_kind(t, s, m) {
            candidates.push(format!("{}{cell}", t.kind_name(k)));
        }
        candidates.push(cell);
    }
    candidates.sort();
    candidates.dedup();
    for c in candidates {
        if let [i] = shorthand(t, s, moves, &c)[..] {
            out.push((c, i));
        }
    }
    out
}

/// What the moves of this position look like, one example of each form in use: the words for
/// "cannot read that move".
pub fn forms(t: &Tables, s: &State, moves: &[Move], mover: PlayerId) -> String {
    let mut examples: Vec<(usize, String)> = Vec::new();
    let mut add = |rank: usize, text: String| {
        if !examples.iter().any(|(r, _)| *r == rank) {
            examples.push((rank, text));
        }
    };
    for m in moves {
        let text = super::format_move(t, m, mover);
        let rank = match m.shape {
            Shape::Place(_) => 0,
            Shape::Path if m.suffix.is_some() && t.layered => 1,
            Shape::Path if m.suffix.is_some() => 3,
            Shape::Path if m.is_capture() => 2,
            Shape::Path => 1,
            Shape::Pass => 4,
            Shape::Roll(_) => 5,
            Shape::Choose(_) => 6,
            Shape::Word(_) => 7,
            Shape::Remove => 8,
            Shape::Turn => 9,
            Shape::Change => 10,
            Shape::Purge(_) => 11,
            Shape::Transform(_) => 12,
        };
        add(rank, text);
    }
    examples.sort();
    let mut parts: Vec<String> = examples
        .into_iter()
        .map(|(_, x)| format!("`{x}`"))
        .collect();
    let short = shorthands(t, s, moves);
    let dest = short.iter().find(|(x, _)| t.board.cell(x).is_some());
    let piece = short.iter().find(|(x, _)| t.board.cell(x).is_none());
    let mut tail = Vec::new();
    if let Some((x, _)) = dest {
        tail.push(format!("a destination alone (`{x}`)"));
    }
    if let Some((x, _)) = piece {
        tail.push(format!("a piece and its destination (`{x}`)"));
    }
    let mut text = match parts.len() {
        0 => "no move is legal now".to_string(),
        1 => format!("moves here read like {}", parts.remove(0)),
        _ => {
            let last = parts.pop().unwrap_or_default();
            format!("moves here read like {} or {last}", parts.join(", "))
        }
    };
    if !tail.is_empty() {
        text.push_str(&format!(
            "; or type {} when only one move fits",
            tail.join(" or ")
        ));
    }
    text
}
