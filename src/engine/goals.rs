//! Goals the engine checks natively (`[end]`, and the same questions for scripts): a line of
//! N pieces (winning or losing), a chain joining two regions, a region reached, a full
//! board, and deciding a game by pieces or score. Lines walk the dense direction table;
//! chains run on the board's graph.

use super::{End, Line, Loc, Outcome, PlayerId, Reach, State, Tables};
use crate::board::CellId;
use crate::def::EndBy;

/// Whether the top of `c` is one of `p`'s pieces of a kind the line counts.
fn counts(t: &Tables, s: &State, line: &Line, p: PlayerId, c: CellId) -> bool {
    s.top_cell(c).is_some_and(|q| {
        let i = t.info(q);
        i.owner == Some(p) && line.kinds & (1 << i.kind.index()) != 0
    })
}

/// The longest run of `p`'s pieces through cell `c` along one of the line's axes that meets
/// the line's length (exactly, with `exact`): its cells, or `None`.
pub fn line_through(
    t: &Tables,
    s: &State,
    line: &Line,
    p: PlayerId,
    c: CellId,
) -> Option<Vec<CellId>> {
    if !counts(t, s, line, p, c) {
        return None;
    }
    for &(d, back) in &line.axes {
        let mut cells = vec![c];
        for dir in [Some(d), back].into_iter().flatten() {
            let mut at = c;
            while let Some(n) = t.board.step(at, dir) {
                if !counts(t, s, line, p, n) {
                    break;
                }
                cells.push(n);
                at = n;
            }
        }
        let n = cells.len() as u32;
        if n == line.length || (!line.exact && n > line.length) {
            return Some(cells);
        }
    }
    None
}

/// The chain of `p`'s top pieces joining its parts of the two regions, if there is one.
pub fn chain(t: &Tables, s: &State, (a, b): (usize, usize), p: PlayerId) -> Option<Vec<CellId>> {
    let from = t.board.region_at(a).for_seat(p.index());
    let to = t.board.region_at(b).for_seat(p.index());
    let own = |c: CellId| s.top_cell(c).is_some_and(|q| t.info(q).owner == Some(p));
    t.board.chain_between(from, to, own)
}

/// Whether no cell of the board is empty.
pub fn full(t: &Tables, s: &State) -> bool {
    t.board.cells().all(|c| s.top_cell(c).is_some())
}

/// The outcome of a game decided as `by` says.
pub fn decide(t: &Tables, s: &State, by: EndBy, reason: &str) -> Outcome {
    let pieces = || -> Vec<i64> {
        let mut n = vec![0i64; t.player_count()];
        for c in t.board.cells() {
            for q in s.stack(Loc(c.0)) {
                if let Some(o) = t.info(*q).owner {
                    n[o.index()] += 1;
                }
            }
        }
        n
    };
    match by {
        EndBy::Draw => Outcome::draw(t, reason),
        EndBy::MostPieces => Outcome::by_scores(t, &pieces(), true, reason),
        EndBy::FewestPieces => Outcome::by_scores(t, &pieces(), false, reason),
        EndBy::HighestScore => Outcome::by_scores(t, s.scores(), true, reason),
        EndBy::LowestScore => Outcome::by_scores(t, s.scores(), false, reason),
    }
}

/// The first line of `p`'s pieces through one of the `placed` cells, if the move made one.
fn line_made(
    t: &Tables,
    s: &State,
    line: &Line,
    p: PlayerId,
    placed: &[CellId],
) -> Option<Vec<CellId>> {
    placed.iter().find_map(|&c| line_through(t, s, line, p, c))
}

/// The lines through the `placed` cells whoever's they are (`[end.line] every_seat`): one
/// seat's win, or a draw when several seats have one.
#[inline(never)]
fn lines_of_every_seat(t: &Tables, s: &State, line: &Line, placed: &[CellId]) -> Option<Outcome> {
    let mut found: smallvec::SmallVec<[(PlayerId, Vec<CellId>); 2]> = smallvec::SmallVec::new();
    for &c in placed {
        let Some(owner) = s.top_cell(c).and_then(|q| t.info(q).owner) else {
            continue;
        };
        if found.iter().any(|(p, _)| *p == owner) {
            continue;
        }
        if let Some(cells) = line_through(t, s, line, owner, c) {
            found.push((owner, cells));
        }
    }
    match found.as_slice() {
        [] => None,
        [(p, cells)] => {
            let mut o = Outcome::win(t, *p, format!("{} in a row", cells.len()));
            o.cells = cells.clone();
            Some(o)
        }
        several => {
            let mut o = Outcome::draw(
                t,
                format!(
                    "{} seats made {} in a row at once",
                    several.len(),
                    line.length
                ),
            );
            o.cells = several
                .iter()
                .flat_map(|(_, c)| c.iter().copied())
                .collect();
            Some(o)
        }
    }
}

/// The cells a move put pieces on, where the `[end]` goals look: its landing, the cells
/// where it changed a piece, and every cell of a block it turned.
#[inline]
pub(crate) fn placed_cells(t: &Tables, m: &super::Move) -> smallvec::SmallVec<[CellId; 8]> {
    let mut out: smallvec::SmallVec<[CellId; 8]> = smallvec::SmallVec::new();
    out.extend(m.to().and_then(|l| t.loc_cell(l)));
    for a in &m.actions {
        match *a {
            super::Action::Replace { at, .. } => out.extend(t.loc_cell(at)),
            super::Action::Transform { i, .. } => {
                if let Some(tr) = t.transforms.get(usize::from(i)) {
                    out.extend(tr.cells.iter().map(|(c, _)| *c));
                }
            }
            _ => {}
        }
    }
    out
}

/// The seat that won by reaching the region (`[end.reach]`) with move by `mover`: the mover
/// when it put one of its pieces of the counted kinds on its part of the region; with
/// `pieces = "neutral"` (or `any`), the seat on whose part the move put such a piece of
/// nobody's (anybody's), the mover's part looked at first: a ball kicked into a goal wins
/// for the goal's attacker, whoever kicked it. Only the cells the move put a piece on are
/// looked at, so a piece that stood there already does not win again and the test costs
/// nothing per cell.
pub fn reached(
    t: &Tables,
    s: &State,
    reach: &Reach,
    mover: PlayerId,
    placed: &[CellId],
) -> Option<PlayerId> {
    let on = |p: PlayerId, owner: &dyn Fn(Option<PlayerId>) -> bool| {
        let region = t.board.region_at(reach.region).for_seat(p.index());
        placed.iter().any(|&c| {
            region.contains(c)
                && s.top_cell(c).is_some_and(|q| {
                    let i = t.info(q);
                    owner(i.owner) && reach.kinds & (1 << i.kind.index()) != 0
                })
        })
    };
    match reach.pieces {
        crate::def::Mover::Own => on(mover, &|o| o == Some(mover)).then_some(mover),
        pieces => {
            let counts = |o: Option<PlayerId>| pieces == crate::def::Mover::Any || o.is_none();
            let n = t.player_count();
            (0..n)
                .map(|k| PlayerId(((mover.index() + k) % n) as u8))
                .find(|&p| on(p, &counts))
        }
    }
}

/// The `[end]` conditions after a move by `mover` that put its pieces on `placed`, in this
/// order: a losing line when it counts first (`when_both = "lose"`), a winning line, a
/// chain, a region reached, a losing line (counting after the wins, the default), a full
/// board. The outcome, if one holds.
pub fn after_move(
    t: &Tables,
    s: &State,
    end: &End,
    mover: PlayerId,
    placed: &[CellId],
) -> Option<Outcome> {
    let lost = || {
        let line = end.losing_line.as_ref()?;
        let cells = line_made(t, s, line, mover, placed)?;
        let name = &t.seats[mover.index()].name;
        let mut o = Outcome::lose(t, mover, format!("{name} made {} in a row", cells.len()));
        o.cells = cells;
        Some(o)
    };
    if end.lose_first
        && let Some(o) = lost()
    {
        return Some(o);
    }
    if let Some(line) = &end.line {
        if end.line_every_seat {
            if let Some(o) = lines_of_every_seat(t, s, line, placed) {
                return Some(o);
            }
        } else if let Some(cells) = line_made(t, s, line, mover, placed) {
            let mut o = Outcome::win(t, mover, format!("{} in a row", cells.len()));
            o.cells = cells;
            return Some(o);
        }
    }
    // The kept groups answer at once; the board is searched only for the winning chain's
    // cells, or while the groups are stale.
    if let Some(regions) = end.connect
        && s.joined(mover) != Some(false)
        && let Some(cells) = chain(t, s, regions, mover)
    {
        let mut o = Outcome::win(t, mover, "joined its sides");
        o.cells = cells;
        return Some(o);
    }
    if let Some(reach) = &end.reach
        && let Some(winner) = reached(t, s, reach, mover, placed)
    {
        return Some(Outcome::win(t, winner, reach.why.clone()));
    }
    if let Some((target, why)) = &end.score
        && s.scores().get(mover.index()).is_some_and(|x| x >= target)
    {
        return Some(Outcome::win(t, mover, why.clone()));
    }
    if let Some(sets) = &end.sets
        && collected(t, s, sets, mover)
    {
        return Some(Outcome::win(t, mover, sets.why.clone()));
    }
    if !end.lose_first
        && let Some(o) = lost()
    {
        return Some(o);
    }
    if let Some(by) = end.full
        && full(t, s)
    {
        return Some(decide(t, s, by, "the board is full"));
    }
    None
}

/// Whether `seat`'s instance of the sets' zone holds enough sets: each colour gives as many
/// sets of one colour as its scarcest kind has pieces; pieces of any colour, as many as the
/// scarcest kind has.
fn collected(t: &Tables, s: &State, sets: &super::Sets, seat: PlayerId) -> bool {
    let Some(zone) = t.zone_loc(&sets.zone, Some(seat)) else {
        return false;
    };
    let pieces = s.stack(zone);
    let count = |k: super::KindId, colour: Option<super::ColourId>| {
        pieces
            .iter()
            .filter(|p| {
                let i = t.info(**p);
                i.kind == k && colour.is_none_or(|c| i.colour == Some(c))
            })
            .count() as u32
    };
    let sets_of = |colour| {
        sets.kinds
            .iter()
            .map(|k| count(*k, colour))
            .min()
            .unwrap_or(0)
    };
    if sets.any.is_some_and(|n| sets_of(None) >= n) {
        return true;
    }
    sets.same_colour.is_some_and(|n| {
        (0..t.colours.len())
            .map(|c| sets_of(Some(super::ColourId(c as u8))))
            .sum::<u32>()
            >= n
    })
}

/// Whether the pieces on the board are exactly one of the dead positions' kinds (`[end]
/// dead`), whoever owns them.
pub fn dead(t: &Tables, s: &State) -> bool {
    let mut on_board: smallvec::SmallVec<[super::KindId; 8]> = smallvec::SmallVec::new();
    let longest = t.end.dead.iter().map(Vec::len).max().unwrap_or(0);
    for c in t.board.cells() {
        for p in s.stack(c.into()) {
            on_board.push(t.info(*p).kind);
            if on_board.len() > longest {
                return false;
            }
        }
    }
    on_board.sort();
    t.end.dead.iter().any(|d| d[..] == on_board[..])
}

/// Whether the board holds only pieces of the `[end] dead_one_colour` kinds, and those that
/// must share a colour (at least one) all stand on squares of one colour.
pub fn dead_one_colour(t: &Tables, s: &State) -> bool {
    let Some((kinds, with)) = t.end.dead_one_colour else {
        return false;
    };
    let mut colours = 0u8;
    for c in t.board.cells() {
        for p in s.stack(c.into()) {
            let bit = 1u64 << t.info(*p).kind.index();
            if kinds & bit != 0 {
                let (x, y) = t.board.coord(c);
                colours |= 1 << (x + y).rem_euclid(2);
            } else if with & bit == 0 {
                return false;
            }
        }
    }
    colours == 1 || colours == 2
}

/// How many of `pieces` are seat `p`'s.
fn owned(t: &Tables, pieces: &[super::Piece], p: PlayerId) -> usize {
    pieces
        .iter()
        .filter(|q| t.info(**q).owner == Some(p))
        .count()
}

/// How many pieces seat `p` has, on the board and in zones.
fn mine_total(t: &Tables, s: &State, p: PlayerId) -> usize {
    (0..t.loc_count())
        .map(|l| owned(t, s.stack(Loc(l as u16)), p))
        .sum()
}

/// `[end.home]`: the first seat (in seat order) whose pieces are all home, stacked as the
/// rule says, with every partner's too, wins.
pub fn home(t: &Tables, s: &State) -> Option<Outcome> {
    let h = t.end.home.as_ref()?;
    let is_home = |p: PlayerId| -> bool {
        let region = match &h.place {
            super::HomePlace::Region(r) => *r,
            super::HomePlace::Zone(locs) => {
                let Some(&zone) = locs.get(p.index()) else {
                    return false;
                };
                let inside = owned(t, s.stack(zone), p);
                return inside > 0 && inside == mine_total(t, s, p);
            }
        };
        let cells = t.board.region_at(region).for_seat(p.index());
        // A piece of the seat on top outside the region: not home (read off the owners'
        // bitsets, a word at a time; asked after every move of a race).
        if s.owned_outside(t, p, cells).any(|w| w != 0) {
            return false;
        }
        // The seat's pieces of these kinds, whatever their colour or facing.
        let exactly = |stack: &[super::Piece]| {
            stack.len() == h.stacks.len()
                && stack.iter().zip(&h.stacks).all(|(q, k)| {
                    let i = t.info(*q);
                    i.kind == *k && i.owner == Some(p)
                })
        };
        let mut inside = 0usize;
        for c in cells.iter() {
            let stack = s.stack(Loc(c.0));
            let mine = owned(t, stack, p);
            if mine == 0 {
                continue;
            }
            if !h.stacks.is_empty() && !exactly(stack) {
                return false;
            }
            inside += mine;
        }
        inside > 0 && inside == mine_total(t, s, p)
    };
    (0..t.player_count())
        .map(|p| PlayerId(p as u8))
        .find(|&p| {
            (0..t.player_count())
                .map(|q| PlayerId(q as u8))
                .filter(|&q| t.same_team(p, q))
                .all(is_home)
        })
        .map(|p| Outcome::win(t, p, h.why.clone()))
}

/// `[end.home_empty]` when a turn ends: the seats with none of their pieces in their part of
/// `region` (no region: anywhere on the board) lose (every seat at once: a draw); `None`
/// while every seat has one there.
pub(crate) fn homes_left(
    t: &Tables,
    s: &State,
    region: Option<usize>,
    why: &str,
) -> Option<Outcome> {
    let has = |c: CellId, p: PlayerId| {
        s.stack(Loc(c.0))
            .iter()
            .any(|&x| t.info(x).owner == Some(p))
    };
    let lost: Vec<bool> = (0..t.player_count())
        .map(|i| {
            let p = PlayerId(i as u8);
            match region {
                Some(r) => !t.board.region_at(r).for_seat(i).iter().any(|c| has(c, p)),
                None => !t.board.cells().any(|c| has(c, p)),
            }
        })
        .collect();
    losers(t, &lost, why)
}

/// The outcome when the seats marked in `lost` lose at once: none, no outcome; one, a loss
/// for it; all, a draw; several, they share the last place. `{seat}` in `why` names the
/// seat that lost (the seats, "every seat" or the first, where several did).
fn losers(t: &Tables, lost: &[bool], why: &str) -> Option<Outcome> {
    let named = |i: usize| why.replace("{seat}", &t.seats[i].name);
    let first = lost.iter().position(|l| *l)?;
    match lost.iter().filter(|l| **l).count() {
        n if n == lost.len() => Some(Outcome::draw(
            t,
            if why.contains("{seat}") {
                why.replace("{seat}", "every seat")
            } else {
                format!("every seat: {why}")
            },
        )),
        1 => Some(Outcome::lose(t, PlayerId(first as u8), named(first))),
        _ => Some(Outcome {
            ranks: lost.iter().map(|l| u8::from(*l)).collect(),
            reason: named(first),
            cells: Vec::new(),
        }),
    }
}

/// `[end.too_few]`: the seats left with fewer pieces than it asks, on the board and in its
/// zones, lose.
pub(crate) fn too_few(t: &Tables, s: &State, f: &super::TooFew) -> Option<Outcome> {
    let lost: Vec<bool> = (0..t.player_count())
        .map(|i| {
            let p = PlayerId(i as u8);
            let in_zones: u32 = f.zones[i]
                .iter()
                .map(|&z| super::situation::owned_in(t, s.stack(z), p))
                .sum();
            super::situation::pieces_on_board(t, s, p).saturating_add(in_zones) < f.below
        })
        .collect();
    losers(t, &lost, &f.why)
}
