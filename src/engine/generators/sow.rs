//! Sowing (the mancala family): a pit's pieces are lifted and sown one by one into the next
//! cells of the seat's course (a `[tracks]` course, which includes the seat's own store and
//! leaves out the opponent's), then the last pit reached may capture: by count (Oware's 2
//! or 3, and the pits before it) or by landing in an empty pit of one's own (Kalah, with the
//! pit across). Captures go to the mover's store, a cell of a per-seat region. The feeding
//! rule (the opponent must be given pieces when it has none) and the grand-slam rule are
//! settings too. Each sowing is a list of plain transfers, so undo and notation need nothing
//! special: a move reads `pit-last` (`c1-f2`).

use smallvec::SmallVec;

use super::*;
use crate::board::{CellId, DirId};

/// A compiled sowing generator.
#[derive(Clone, Debug)]
pub struct Sow {
    /// Index of the course (`Tables::tracks`).
    pub track: usize,
    /// A lap passes over the pit sown from.
    pub skip_start: bool,
    /// Region index of the stores (the mover's part: one cell).
    pub store: Option<usize>,
    /// Capture by count.
    pub by_count: Option<ByCount>,
    /// Capture on an empty own pit.
    pub on_empty: Option<OnEmpty>,
    /// Region index of the opponents' pits, for the feeding rule.
    pub feed: Option<usize>,
    /// When no sowing feeds, none is legal (rather than all).
    pub feed_or_no_move: bool,
    /// A grand slam is played without capturing.
    pub grand_slam_keeps: bool,
}

/// Capture by count (`sow_capture`).
#[derive(Clone, Debug)]
pub struct ByCount {
    /// The counts that capture (a bit per count up to 63).
    pub counts: u64,
    /// Region index (the mover's part) the captured pits must be in.
    pub region: usize,
    /// Pits before the last one are captured too while they qualify.
    pub backwards: bool,
}

/// Capture on an empty pit (`sow_capture_empty`).
#[derive(Clone, Debug)]
pub struct OnEmpty {
    /// Region index (the mover's part) of the pits.
    pub region: usize,
    /// The direction of the pit across, per seat.
    pub across: Vec<DirId>,
    /// Only when the pit across holds pieces.
    pub needs_across: bool,
}

/// Every sowing of `player` (from `only`, if given).
pub(super) fn generate(cx: &Ctx, pat: &Generator, sw: &Sow, out: &mut Vec<Move>) {
    let Ctx {
        t, s, player, only, ..
    } = *cx;
    let course = &t.tracks[sw.track].course[player.index()];
    let region = pat
        .region
        .map(|r| t.board.region_at(r).for_seat(player.index()));
    let store = sw
        .store
        .and_then(|r| t.board.region_at(r).for_seat(player.index()).iter().next());
    let before = out.len();
    for (i, &pit) in course.iter().enumerate() {
        if only.is_some_and(|o| o != pit) || region.is_some_and(|r| !r.contains(pit)) {
            continue;
        }
        let stack = s.stack(Loc(pit.0));
        if stack.is_empty()
            || !stack
                .iter()
                .all(|p| pat.kinds & (1 << t.info(*p).kind.index()) != 0)
        {
            continue;
        }
        if let Some(m) = sow_from(t, s, sw, course, i, store, player) {
            out.push(m);
        }
    }
    // Feeding: when the opponents' pits are empty, only sowings that reach them are legal.
    if let Some(feed) = sw.feed {
        let theirs = t.board.region_at(feed).for_seat(player.index());
        let starving = theirs.iter().all(|c| s.stack(Loc(c.0)).is_empty());
        if starving {
            let feeds = |m: &Move| {
                m.actions.iter().any(|a| match *a {
                    Action::Transfer { to, .. } => {
                        t.loc_cell(to).is_some_and(|c| theirs.contains(c))
                    }
                    _ => false,
                })
            };
            // None feeds: every sowing stays legal, or (`feed_or_no_move`) none is and the
            // game's no-move rule decides (Oware ends the game there, R7).
            if sw.feed_or_no_move || out[before..].iter().any(feeds) {
                let mut k = before;
                while k < out.len() {
                    if feeds(&out[k]) {
                        k += 1;
                    } else {
                        out.remove(k);
                    }
                }
            }
        }
    }
}

/// The sowing from `course[i]`: the transfers, then the captures.
fn sow_from(
    t: &Tables,
    s: &State,
    sw: &Sow,
    course: &[CellId],
    i: usize,
    store: Option<CellId>,
    player: PlayerId,
) -> Option<Move> {
    let pit = course[i];
    let from = Loc(pit.0);
    let seeds: SmallVec<[crate::engine::Piece; 16]> = s.stack(from).iter().rev().copied().collect();
    let n = course.len();
    // Counts after the sowing, for the cells touched.
    let mut added: SmallVec<[(CellId, u32); 16]> = SmallVec::new();
    // A transfer per seed: room for them all at once, not grown by doubling.
    let mut actions: ActionList = SmallVec::with_capacity(seeds.len());
    let mut at = i;
    let mut last = pit;
    for &piece in &seeds {
        loop {
            at = (at + 1) % n;
            if !(sw.skip_start && at == i) {
                break;
            }
        }
        last = course[at];
        actions.push(Action::Transfer {
            piece,
            from,
            to: Loc(last.0),
        });
        match added.iter_mut().find(|(c, _)| *c == last) {
            Some((_, k)) => *k += 1,
            None => added.push((last, 1)),
        }
    }
    let count_after = |c: CellId| -> u32 {
        let base = if c == pit {
            0
        } else {
            s.stack(Loc(c.0)).len() as u32
        };
        base + added.iter().find(|(x, _)| *x == c).map_or(0, |(_, k)| *k)
    };
    // Captures: (cell, how many pieces), taken from the top of each pile after the sowing.
    let mut captured: SmallVec<[(CellId, u32); 8]> = SmallVec::new();
    if let Some(bc) = &sw.by_count {
        let region = t.board.region_at(bc.region).for_seat(player.index());
        let qualifies = |c: CellId| {
            let k = count_after(c);
            region.contains(c) && k < 64 && bc.counts & (1 << k) != 0
        };
        let mut j = at;
        let mut c = last;
        while qualifies(c) {
            captured.push((c, count_after(c)));
            if !bc.backwards {
                break;
            }
            j = (j + n - 1) % n;
            c = course[j];
            if c == last {
                break;
            }
        }
    }
    if let Some(oe) = &sw.on_empty {
        let region = t.board.region_at(oe.region).for_seat(player.index());
        if region.contains(last) && count_after(last) == 1 {
            let across = t.board.step(last, oe.across[player.index()]);
            let across_n = across.map_or(0, count_after);
            if across_n > 0 || !oe.needs_across {
                captured.push((last, 1));
                if let Some(a) = across.filter(|_| across_n > 0) {
                    captured.push((a, across_n));
                }
            }
        }
    }
    // A grand slam (the opponents' pits left empty) is played without capturing.
    if sw.grand_slam_keeps
        && !captured.is_empty()
        && let Some(feed) = sw.feed
    {
        let theirs = t.board.region_at(feed).for_seat(player.index());
        let left: u32 = theirs
            .iter()
            .map(|c| {
                let taken = captured
                    .iter()
                    .find(|(x, _)| *x == c)
                    .map_or(0, |(_, k)| *k);
                count_after(c) - taken
            })
            .sum();
        if left == 0 {
            captured.clear();
        }
    }
    let mut taken = 0u16;
    if !captured.is_empty() {
        let to = Loc(store?.0);
        // Every piece is the same kind of seed here; take each pile's pieces in turn.
        let mut scratch = s.clone();
        crate::engine::apply_actions(t, &mut scratch, &actions);
        for (c, k) in captured {
            for _ in 0..k {
                let Some(piece) = scratch.top_cell(c) else {
                    break;
                };
                let a = Action::Transfer {
                    piece,
                    from: Loc(c.0),
                    to,
                };
                crate::engine::apply_action(t, &mut scratch, &a);
                actions.push(a);
                taken += 1;
            }
        }
    }
    Some(Move {
        taken,
        ..Move::of(
            Shape::Path,
            SmallVec::from_slice(&[from, Loc(last.0)]),
            actions,
        )
    })
}
