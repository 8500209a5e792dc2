//! What the generators read, precomputed once at load from a lowered generator and the
//! tables: whether the check test may answer it from the cell (`plain`), which region rules
//! bind which kinds, the directions with a landing per seat and cell, what capturing each
//! piece does, and every condition as a mask per seat and moving piece (ARCHITECTURE.md,
//! "Performance").

use crate::board::CellId;
use crate::def::{CaptureMode, CellCond, Chain, Mover};
use crate::engine::generators::{Amount, CondMask, Conds, Generator, Kind, Movement, Walk};
use crate::engine::{Piece, PlayerId, Tables};

/// Everything a generator reads that is derived from its settings and the tables.
pub(super) fn prepare(g: &mut Generator, t: &Tables) {
    masks(g, t);
    rules(g, t);
    dirs(g, t);
    plain(g);
    leap_ends(g, t);
    g.capture.prepare_fates(t);
}

/// Fills a leap's ends per seat ([`crate::engine::generators::leap_ends`]), when nothing
/// between its cells matters (no `over`).
fn leap_ends(g: &mut Generator, t: &Tables) {
    if let Kind::Leap(l) = &mut g.kind
        && l.over.is_none()
    {
        l.ends = l
            .leaps
            .iter()
            .map(|paths| crate::engine::generators::leap_ends(&t.board, paths))
            .collect();
    }
}

/// Computes [`Generator::plain`] (at load).
pub(super) fn plain(g: &mut Generator) {
    let moving_plain = |m: &Movement| {
        m.base_kinds == u64::MAX && !m.carry_stack && m.toward.is_none() && m.legs.is_any()
    };
    let shape = match &g.kind {
        Kind::Ray(r) => {
            r.chain == Chain::None
                && !r.along_facing
                && r.over.is_only(CellCond::Empty)
                && r.over_occupied_min == 0
                && r.drops.is_none()
                && matches!(r.over_min, Amount::Fixed(_))
                && matches!(r.over_max, Amount::Fixed(_) | Amount::Unlimited)
                && moving_plain(&r.moving)
        }
        Kind::Leap(l) => l.over.is_none() && moving_plain(&l.moving),
        _ => false,
    };
    // A piece's facing decides where it goes (and a turn is a move of its own): the check
    // test's walk back from the square cannot tell.
    g.plain = shape
        && g.when_facing == u64::MAX
        && g.mover == Mover::Own
        && g.region.is_none()
        && g.region_rules.is_empty()
        && g.convert.is_none();
    // A walk of one leg needs no land rule, heading, drops, `over_region` or `draws`: where
    // the piece starts (`region`), its facing, its owner, conversions and promotion are
    // asked outside the walk, and its distances are resolved per piece before it.
    let (draws, ruled) = (g.draws, !g.region_rules.is_empty());
    let captures_over = g.capture.mode == CaptureMode::Over;
    if let Kind::Ray(r) = &mut g.kind {
        let line = r.chain == Chain::None
            && !r.along_facing
            && r.drops.is_none()
            && moving_plain(&r.moving)
            && !ruled
            && draws.is_none()
            && r.over_region.is_none();
        let over_empty = r.over.is_only(CellCond::Empty) && r.over_occupied_min == 0;
        r.walk = match (line, over_empty && !captures_over) {
            (false, _) => Walk::Full,
            (true, true) => Walk::Straight,
            (true, false) => Walk::Line,
        };
    }
}

/// Computes [`Generator::rule_kinds`] and [`Generator::outside_rules`] (at load; at most 32
/// region rules, checked by the lowering).
pub(super) fn rules(g: &mut Generator, t: &Tables) {
    let rules = &g.region_rules[..g.region_rules.len().min(32)];
    g.rule_kinds = (0..t.kinds.len())
        .map(|k| {
            rules
                .iter()
                .enumerate()
                .filter(|(_, r)| r.kinds & (1 << k) != 0)
                .fold(0u32, |m, (i, _)| m | (1 << i))
        })
        .collect();
    g.outside_rules = rules
        .iter()
        .enumerate()
        .filter(|(_, r)| r.outside)
        .fold(0u32, |m, (i, _)| m | (1 << i));
}

/// Computes [`Ray::open`] (at load): for each seat and cell, the directions in which the ray
/// can land at all. A landing lies past the fewest cells the ray passes over (`over_min`,
/// when fixed), so a direction whose line from the cell is shorter, such as one off the
/// board's edge, has none; and under a heading rule a landing must lie on a heading every leg
/// may take, judged from where the leg starts to where it lands. The walk never tries a
/// direction without a landing.
pub(super) fn dirs(g: &mut Generator, t: &Tables) {
    let Kind::Ray(r) = &mut g.kind else {
        return;
    };
    if r.dirs.iter().any(|d| d.len() > 64) {
        return;
    }
    let mv = &r.moving;
    // An excuse by `unless_net` may let any heading through: then only lengths prune.
    let headings = mv.toward.is_some() && !mv.legs.is_any() && mv.unless_net.is_any();
    let cells = t.board.len();
    let reach = match r.over_max {
        // At most `n` cells passed over, then the landing.
        Amount::Fixed(n) => (n as usize).saturating_add(1),
        _ => usize::MAX,
    }
    .min(cells);
    // The nearest landing: past `over_min` cells (a board's lines may loop, so never
    // further than the board is large).
    let nearest = match r.over_min {
        Amount::Fixed(n) => (n as usize).saturating_add(1),
        _ => 1,
    };
    let nearest = if nearest > reach { 1 } else { nearest };
    // Long lines on a big board could make this quadratic: past a budget of steps the
    // walk keeps every direction (pruning is only a saving).
    let mut budget: u32 = 1 << 22;
    let mut open = Vec::with_capacity(r.dirs.len());
    for (p, dirs) in r.dirs.iter().enumerate() {
        let p = PlayerId(p as u8);
        let mut per_cell = Vec::with_capacity(cells);
        for c in 0..cells {
            let from = CellId(c as u16);
            let mut mask = 0u64;
            for (i, &d) in dirs.iter().enumerate() {
                let mut cur = from;
                for k in 1..=reach {
                    let Some(next) = t.board.step(cur, d) else {
                        break;
                    };
                    let Some(left) = budget.checked_sub(1) else {
                        return;
                    };
                    budget = left;
                    if k >= nearest
                        && (!headings
                            || mv.heading(p, from, next).is_some_and(|h| mv.legs.allows(h)))
                    {
                        mask |= 1 << i;
                        break;
                    }
                    cur = next;
                }
            }
            per_cell.push(mask);
        }
        open.push(per_cell);
    }
    r.open = open;
}

/// Computes [`Generator::masks`] (at load).
pub(super) fn masks(g: &mut Generator, t: &Tables) {
    let (over, stop) = match &g.kind {
        Kind::Ray(r) => (r.over, r.chain_stop),
        _ => (Conds::default(), Conds::default()),
    };
    // Conditions a generator does not have hold nowhere: no need to ask piece by piece.
    let mask = |c: Conds, q: Piece, p: PlayerId| {
        if c == Conds::default() {
            CondMask::NEVER
        } else {
            CondMask::of(t, c, q, p)
        }
    };
    // Nothing lands on a piece of a kind that is not `stackable`, unless the landing
    // captures it.
    let unstackable: Vec<Piece> = (0..t.pieces.len())
        .map(|i| Piece(i as u8))
        .filter(|&i| !t.kinds[t.info(i).kind.index()].stackable)
        .collect();
    let land = |q: Piece, p: PlayerId| {
        unstackable
            .iter()
            .filter(|&&top| !(g.capture.mode == CaptureMode::Land && g.captures(t, top, q, p)))
            .fold(mask(g.land, q, p), |m, &top| m.without(top))
    };
    g.masks = (0..t.player_count())
        .flat_map(|p| (0..t.pieces.len()).map(move |q| (PlayerId(p as u8), Piece(q as u8))))
        .map(|(p, q)| [land(q, p), mask(over, q, p), mask(stop, q, p)])
        .collect();
}
