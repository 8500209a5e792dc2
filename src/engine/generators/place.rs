//! Placements (`kind = "place"`): a piece from a zone onto a cell, with gravity, nearness,
//! per-line limits, captures by surrounding, and drops where a shooting walker lands.

use smallvec::SmallVec;

use super::*;

/// A placement generator's source and conditions.
#[derive(Clone, Debug)]
pub struct Place {
    /// The zone pieces come from (the mover's instance of a per-seat zone).
    pub zone: String,
    /// Only next to such a piece.
    pub near: Option<Near>,
    /// The direction pieces fall in, per seat: only cells whose next cell that way is off
    /// the board or occupied are landings.
    pub gravity: Option<Vec<DirId>>,
    /// At most so many of the mover's pieces of some kinds on a line through the landing.
    pub limit: Option<Limit>,
    /// The placed piece must then have a move of one of these generators (indices).
    pub must_move_with: Vec<usize>,
    /// Groups left without liberties are captured.
    pub surround: Option<Surround>,
    /// The placed piece becomes the mover's.
    pub as_mover: bool,
    /// Only the smallest pieces of each colour in the zone.
    pub smallest: bool,
    /// The landing cell must hold such a piece (the placed one as the mover's).
    pub beside: Option<Conds>,
    /// Two pieces placed together.
    pub pair: bool,
}

/// Capture by surrounding (`surround`).
#[derive(Clone, Debug)]
pub struct Surround {
    /// Directions that connect pieces and liberties.
    pub dirs: Vec<DirId>,
    /// The zone captured pieces go to.
    pub capture_to: String,
    /// Suicide is played (its group captured) rather than illegal.
    pub suicide: bool,
    /// The ban on boards coming back.
    pub ko: crate::def::Ko,
}

/// Placement only near a piece (`near`).
#[derive(Clone, Debug)]
pub struct Near {
    /// Which pieces count.
    pub pieces: Conds,
    /// Directions, per seat.
    pub dirs: Vec<Vec<DirId>>,
    /// Steps away at most.
    pub within: u32,
}

/// A per-line limit of placements (`limit`).
#[derive(Clone, Debug)]
pub struct Limit {
    /// Kinds counted and bound (mask).
    pub kinds: u64,
    /// The line's directions from the landing cell, per seat.
    pub dirs: Vec<Vec<DirId>>,
    /// The most the line may hold after the placement.
    pub max: u32,
}

impl Place {
    /// The placement conditions judged on the position as it is: gravity, nearness, the
    /// per-line limit. (Inlined into both callers: called out of line, it cost Go's
    /// placement 2.5%.)
    #[inline(always)]
    fn fits(&self, t: &Tables, s: &State, player: PlayerId, piece: Piece, c: CellId) -> bool {
        if let Some(g) = &self.gravity
            && t.board
                .step(c, g[player.index()])
                .is_some_and(|below| s.top_cell(below).is_none())
        {
            return false;
        }
        if let Some(n) = &self.near {
            let found = n.dirs[player.index()].iter().any(|&d| {
                let mut at = c;
                (0..n.within).any(|_| match t.board.step(at, d) {
                    Some(x) => {
                        at = x;
                        s.top_cell(x)
                            .is_some_and(|p| n.pieces.holds(t, Some(p), piece, player))
                    }
                    None => false,
                })
            });
            if !found {
                return false;
            }
        }
        if let Some(l) = &self.limit
            && l.kinds & (1 << t.info(piece).kind.index()) != 0
        {
            let mut count = 1u32;
            for &d in &l.dirs[player.index()] {
                let mut at = c;
                while let Some(x) = t.board.step(at, d) {
                    at = x;
                    count += s
                        .stack(Loc(x.0))
                        .iter()
                        .filter(|p| {
                            let i = t.info(**p);
                            i.owner == Some(player) && l.kinds & (1 << i.kind.index()) != 0
                        })
                        .count() as u32;
                }
            }
            if count > l.max {
                return false;
            }
        }
        true
    }
}

/// Whether the piece a placement puts on `c` then has a move of one of the generators
/// `must_move_with` (tried on a copy).
fn then_movable(cx: &Ctx, pl: &Place, actions: &[Action], c: CellId) -> bool {
    let Ctx { t, s, .. } = *cx;
    let mut after = s.clone();
    crate::engine::apply_actions(t, &mut after, actions);
    let mut buf = Vec::new();
    pl.must_move_with.iter().any(|&i| {
        buf.clear();
        super::generate(
            &Ctx {
                s: &after,
                only: Some(c),
                ..*cx
            },
            &t.generators[i],
            &mut buf,
        );
        !buf.is_empty()
    })
}

/// The captures of a placement on `c` by surrounding, appended to `actions` (and counted in
/// `taken`); false when the placement is illegal (suicide, or a board the ko rule bans).
#[allow(clippy::too_many_arguments)]
fn surround(
    t: &Tables,
    s: &State,
    sr: &Surround,
    groups: &crate::engine::groups::Groups,
    (key, seen): (u64, &SeenBoards),
    player: PlayerId,
    piece: Piece,
    c: CellId,
    actions: &mut ActionList,
    taken: &mut u16,
) -> bool {
    let (captured, suicide) = groups.placing(t, c, player, &sr.dirs);
    let mut gone: SmallVec<[u16; 4]> = captured;
    if suicide {
        if !sr.suicide {
            return false;
        }
        gone = groups.own_next_to(t, c, player, &sr.dirs);
    }
    // Captured pieces go to the mover's zone (its prisoners), a suicide's included.
    let Some(zone) = t.zone_loc(&sr.capture_to, Some(player)) else {
        return false;
    };
    // The board key after the move: the placed piece, minus every captured top.
    let mut after = key ^ crate::engine::cell_key(c, &[piece]);
    for &g in &gone {
        for &x in groups.cells(g) {
            let st = s.stack(Loc(x.0));
            let Some((&top, below)) = st.split_last() else {
                continue;
            };
            actions.push(Action::Transfer {
                piece: top,
                from: Loc(x.0),
                to: zone,
            });
            *taken += 1;
            after ^= crate::engine::cell_key(x, st) ^ crate::engine::cell_key(x, below);
        }
    }
    if suicide {
        // The placed piece goes too.
        actions.push(Action::Transfer {
            piece,
            from: Loc(c.0),
            to: zone,
        });
        *taken += 1;
        after ^= crate::engine::cell_key(c, &[piece]);
    }
    let history = s.history();
    match sr.ko {
        crate::def::Ko::None => true,
        crate::def::Ko::Simple => history
            .len()
            .checked_sub(2)
            .is_none_or(|i| history[i].board != after),
        crate::def::Ko::Positional => {
            !seen.may_hold(after) || !history.iter().any(|h| h.board == after)
        }
    }
}

/// The boards of the game so far as a 4,096-bit filter over their keys' low bits, built once
/// a position for the positional ko rule: a placement's board is looked up in the history only
/// when its bit is set, so most placements of a long game cost one load instead of a scan of
/// every earlier board (Go's generator spent about a sixth of a random playout scanning).
struct SeenBoards(Vec<u64>);

impl SeenBoards {
    fn of(s: &State, ko: crate::def::Ko) -> SeenBoards {
        if ko != crate::def::Ko::Positional {
            return SeenBoards(Vec::new());
        }
        let mut bits = vec![0u64; 64];
        for h in s.history() {
            let b = (h.board & 4095) as usize;
            bits[b / 64] |= 1 << (b % 64);
        }
        SeenBoards(bits)
    }

    /// Whether `board` may be among the boards seen (always, without a filter).
    #[inline]
    fn may_hold(&self, board: u64) -> bool {
        let b = (board & 4095) as usize;
        self.0.get(b / 64).is_none_or(|w| w & (1 << (b % 64)) != 0)
    }
}

/// A drop from `zone` (the mover's) onto `at`: where a shooting walker lands (an arrow).
pub(super) fn drop_at(
    t: &Tables,
    s: &State,
    zone: &str,
    player: PlayerId,
    at: CellId,
    out: &mut Vec<Move>,
) {
    let Some(z) = t.zone_loc(zone, Some(player)) else {
        return;
    };
    let Some(&piece) = s.stack(z).first() else {
        return;
    };
    // Built in the list (see `push_with`).
    let m = crate::engine::moves::push_with(out, Move::pass);
    m.shape = Shape::Place(piece);
    m.path.push(Loc(at.0));
    m.actions.push(Action::Transfer {
        piece,
        from: z,
        to: Loc(at.0),
    });
}

pub(super) fn generate(cx: &Ctx, pat: &Generator, pl: &Place, out: &mut Vec<Move>) {
    let Ctx {
        t, s, player, only, ..
    } = *cx;
    let Some(zone) = t.zone_loc(&pl.zone, Some(player)) else {
        return;
    };
    let region = pat
        .region
        .map(|r| t.board.region_at(r).for_seat(player.index()));
    // Groups and the board key once per position: each placement is then a lookup.
    let groups = pl.surround.as_ref().map(|sr| {
        (
            sr,
            crate::engine::groups::Groups::of(t, s, &sr.dirs),
            s.board_key(t),
            SeenBoards::of(s, sr.ko),
        )
    });
    // A placement that converts, surrounds, must be followed by a move or changes its piece
    // needs the general assembly; any other is one transfer.
    let plain = pat.convert.is_none()
        && groups.is_none()
        && pl.must_move_with.is_empty()
        && !pl.as_mover
        && pl.beside.is_none()
        && !pl.pair;
    // A plain placement whose other conditions do not ask which piece lands (gravity at
    // most) finds its landing cells once for each land condition rather than at every cell
    // for every piece: a bitset, computed for the first piece and kept while the next
    // pieces' conditions are the same.
    let by_set = plain && pl.near.is_none() && pl.limit.is_none() && pat.region_rules.is_empty();
    let mut landings: Option<(CondMask, SmallVec<[u64; 8]>)> = None;
    let pieces = s.stack(zone);
    let mut last: Option<Piece> = None;
    for (i, &piece) in pieces.iter().enumerate() {
        if last == Some(piece) {
            continue;
        }
        last = Some(piece);
        let info = t.info(piece);
        let usable = pat.moves_owner(info.owner, player);
        if !usable || pat.kinds & (1 << info.kind.index()) == 0 {
            continue;
        }
        if pl.smallest && !is_smallest(t, pat, player, pieces, piece) {
            continue;
        }
        let land = &pat.masks_for(t, piece, player)[0];
        if by_set {
            let cells = match &landings {
                Some((mask, cells)) if mask == land => cells,
                _ => {
                    let cells = landing_set(cx, pl, region, land, piece);
                    &landings.insert((*land, cells)).1
                }
            };
            let n = cells.iter().map(|w| w.count_ones() as usize).sum();
            out.reserve(n);
            for c in crate::board::BitCells::new(cells) {
                push_plain(out, piece, zone, Loc(c.0));
            }
            continue;
        }
        // What the piece becomes on landing (the mover's with `as_mover`): the same at every
        // cell, so found once (Homeworlds' build asks it of each of 18 systems).
        let placed = match pl.as_mover {
            true => t.recast(piece, info.kind, Some(player)),
            false => piece,
        };
        for c in cells_from(t, only) {
            if region.is_some_and(|r| !r.contains(c)) {
                continue;
            }
            let loc = Loc(c.0);
            let top = s.top_cell(c);
            if !land.holds(top) {
                continue;
            }
            // Land rules bind placements too (nothing was stood on before).
            if !pat.region_rules.is_empty() {
                match pat.judge(t, s, None, top, piece, player, &[], c, c) {
                    Some(v) if v.stop => {}
                    _ => continue,
                }
            }
            if !pl.fits(t, s, player, piece, c) {
                continue;
            }
            if plain {
                push_plain(out, piece, zone, loc);
                continue;
            }
            let transfer = Action::Transfer {
                piece,
                from: zone,
                to: loc,
            };
            if pl.pair {
                pairs(t, pat, player, (zone, pieces, i), c, out);
                continue;
            }
            // Asked before the move is built: most cells fail it (Homeworlds' build needs a
            // ship of the piece's colour there).
            if !beside_holds(t, pl, player, placed, c, s) {
                continue;
            }
            let path = SmallVec::from_buf_and_len([loc; 4], 1);
            let mut actions = SmallVec::new();
            actions.push(transfer);
            if placed != piece {
                actions.push(Action::Replace {
                    at: loc,
                    old: piece,
                    new: placed,
                });
            }
            if let Some(conv) = &pat.convert {
                conversions(t, conv, player, piece, c, &|x| s.top_cell(x), &mut actions);
                if conv.required && actions.len() == 1 {
                    continue;
                }
            }
            let mut taken = 0u16;
            if let Some((sr, groups, key, seen)) = &groups
                && !surround(
                    t,
                    s,
                    sr,
                    groups,
                    (*key, seen),
                    player,
                    piece,
                    c,
                    &mut actions,
                    &mut taken,
                )
            {
                continue;
            }
            if !pl.must_move_with.is_empty() && !then_movable(cx, pl, &actions, c) {
                continue;
            }
            out.push(Move {
                taken,
                ..Move::of(Shape::Place(piece), path, actions)
            });
        }
    }
}

/// The common placement, `piece` from `zone` onto `to` and nothing else: built in the list
/// (see `push_with`).
#[inline(always)]
fn push_plain(out: &mut Vec<Move>, piece: Piece, zone: Loc, to: Loc) {
    let transfer = Action::Transfer {
        piece,
        from: zone,
        to,
    };
    crate::engine::moves::push_with(out, || {
        Move::one(
            Shape::Place(piece),
            SmallVec::from_buf_and_len([to; 4], 1),
            transfer,
        )
    });
}

/// The cells a plain placement of `piece` may land on (see `by_set` in [`generate`]): the
/// board's (or only the one asked about), in the region, whose top `land` allows, and that
/// the placement's piece-blind conditions (gravity) allow.
fn landing_set(
    cx: &Ctx,
    pl: &Place,
    region: Option<&crate::board::CellSet>,
    land: &CondMask,
    piece: Piece,
) -> SmallVec<[u64; 8]> {
    let Ctx { t, s, player, .. } = *cx;
    let mut cells: SmallVec<[u64; 8]> = SmallVec::from_slice(t.all_cells.words());
    if let Some(c) = cx.only {
        for (w, word) in cells.iter_mut().enumerate() {
            *word &= if w == c.index() / 64 {
                1 << (c.index() % 64)
            } else {
                0
            };
        }
    }
    if let Some(r) = region {
        for (word, &r) in cells.iter_mut().zip(r.words()) {
            *word &= r;
        }
    }
    land.retain_cells(t, s, &mut cells);
    if pl.gravity.is_some() {
        for (w, word) in cells.iter_mut().enumerate() {
            for c in crate::board::BitCells::single_word(w, *word) {
                if !pl.fits(t, s, player, piece, c) {
                    *word &= !(1 << (c.index() % 64));
                }
            }
        }
    }
    cells
}

/// Whether no usable piece of `piece`'s colour in the zone is smaller (`smallest`).
fn is_smallest(
    t: &Tables,
    pat: &Generator,
    player: PlayerId,
    zone: &[Piece],
    piece: Piece,
) -> bool {
    let info = t.info(piece);
    !zone.iter().any(|&q| {
        let qi = t.info(q);
        qi.colour == info.colour && qi.size < info.size && pat.moves_owner(qi.owner, player)
    })
}

/// Whether `c` has what `beside` asks for beside the placed piece `new` (what the piece
/// becomes there: the mover's with `as_mover`); true without `beside`.
fn beside_holds(
    t: &Tables,
    pl: &Place,
    player: PlayerId,
    new: Piece,
    c: CellId,
    s: &State,
) -> bool {
    pl.beside.as_ref().is_none_or(|b| {
        s.stack(Loc(c.0))
            .iter()
            .any(|&p| b.holds(t, Some(p), new, player))
    })
}

/// The pairs of zone pieces placed together on `c` whose first is `zone[i]` (a binary star):
/// each later kind once, the same kind again when the zone holds two.
fn pairs(
    t: &Tables,
    pat: &Generator,
    player: PlayerId,
    (zone, zone_pieces, i): (Loc, &[Piece], usize),
    c: CellId,
    out: &mut Vec<Move>,
) {
    let first = zone_pieces[i];
    let loc = Loc(c.0);
    let mut last = None;
    for &second in &zone_pieces[i + 1..] {
        if last == Some(second) {
            continue;
        }
        last = Some(second);
        let info = t.info(second);
        if !pat.moves_owner(info.owner, player) || pat.kinds & (1 << info.kind.index()) == 0 {
            continue;
        }
        let mut actions = SmallVec::new();
        for piece in [first, second] {
            actions.push(Action::Transfer {
                piece,
                from: zone,
                to: loc,
            });
        }
        let m = crate::engine::moves::push_with(out, Move::pass);
        m.shape = Shape::Place(first);
        m.path.push(loc);
        m.brought = crate::engine::PieceSlot::of(second);
        m.actions = actions;
    }
}
