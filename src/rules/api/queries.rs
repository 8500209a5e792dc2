//! Asking what the generators could do: every hook. Each runs generators natively on the state as it is (a look-ahead's, during `try_move`).

#[allow(unused_imports)]
use super::*;
use std::ptr::NonNull;

pub(super) fn register(api: &mut Api) {
    def!(
        api,
        "s.attacked(c: int, by: int, gens: array) -> bool",
        "Whether a move of these generators by seat `by` could end on cell `c`.",
        "s.attacked(f1, 1, [\"rook\", \"queen\"])",
        |c: &mut Ctx, id: i64, by: i64, gens: Array| {
            read(c, |_, t, s| {
                let cells = [loc(t, id)?];
                let pats = patterns(t, &gens)?;
                Ok(lands_on(
                    t,
                    s,
                    player(t, by)?,
                    &pats,
                    &cells,
                    &mut Vec::new(),
                ))
            })
        }
    );

    def!(
        api,
        "s.in_check(p: int) -> bool",
        "Whether seat `p`'s royal piece (`[rules] royal`) could be taken by an opponent's move: check.",
        "if s.in_check(1 - m.mover) { s.set_flag(1); }",
        |c: &mut Ctx, p: i64| {
            read(c, |_, t, s| {
                if t.royal.is_none() {
                    return Err(rt("in_check needs a royal piece: [rules] royal = \"K\""));
                }
                Ok(crate::engine::attack::in_check(t, s, player(t, p)?))
            })
        }
    );

    def!(
        api,
        "s.attacked(c: int, by: int) -> bool",
        "Whether seat `by` attacks cell `c`: could a generator that attacks the royal piece (`[rules] royal`) move onto it, were an opponent's royal piece standing there (castling's \"not through check\").",
        "if s.attacked(f1, 1) { ... }",
        |c: &mut Ctx, id: i64, by: i64| {
            read(c, |_, t, s| {
                let Some(royal) = &t.royal else {
                    return Err(rt(
                        "attacked(c, by) needs a royal piece: [rules] royal = \"K\" (or name the generators: attacked(c, by, gens))",
                    ));
                };
                Ok(crate::engine::attack::attacks_cell(
                    t,
                    s,
                    player(t, by)?,
                    &royal.attacks,
                    cell(t, id)?,
                    royal.kind,
                ))
            })
        }
    );

    def!(
        api,
        "s.royal_attacked(p: int, royal: string, gens: array) -> bool",
        "Whether an opponent of seat `p` could move onto the cell of `p`'s royal piece with these generators (check).",
        "if s.royal_attacked(me, \"K\", attackers()) { s.lose(me, \"checkmate\"); }",
        |c: &mut Ctx, p: i64, royal: &str, gens: Array| {
            read(c, |_, t, s| {
                let pats = patterns(t, &gens)?;
                Ok(royal_attacked(
                    t,
                    s,
                    player(t, p)?,
                    kind_of(t, royal)?,
                    &pats,
                    &mut Vec::new(),
                ))
            })
        }
    );

    def!(
        api,
        "s.can_reach(gen: string, p: int, region: string) -> bool",
        "Whether a move of generator `gen` by seat `p` ends in its part of a region.",
        "s.can_reach(\"step\", x, \"finish\")",
        |c: &mut Ctx, name: &str, p: i64, to: &str| {
            read(c, |_, t, s| {
                let who = player(t, p)?;
                let i = pattern(t, name)?;
                let cells = region(t, to, who)?;
                let mut moves = Vec::new();
                movegen::generate(t, s, &t.patterns[i], who, None, &mut moves);
                Ok(moves.iter().any(|m| {
                    m.to()
                        .and_then(|l| t.loc_cell(l))
                        .is_some_and(|x| cells.contains(x))
                }))
            })
        }
    );

    // Whether a move of generator `name` by seat `p` enters region `to` from outside it: a
    // piece already inside, moving along the region, does not count (Moscow Ice's (*5):
    // finished pieces are not "remaining" pieces).
    def!(
        api,
        "s.can_enter(gen: string, p: int, region: string) -> bool",
        "Whether a move of generator `gen` by seat `p` goes from outside its part of a region into it (a piece already inside, moving along it, does not count).",
        "s.can_enter(\"step\", x, \"finish\")",
        |c: &mut Ctx, name: &str, p: i64, to: &str| {
            read(c, |_, t, s| {
                let who = player(t, p)?;
                let i = pattern(t, name)?;
                let cells = region(t, to, who)?;
                let inside = |l: Option<Loc>| {
                    l.and_then(|l| t.loc_cell(l))
                        .is_some_and(|x| cells.contains(x))
                };
                let mut moves = Vec::new();
                movegen::generate(t, s, &t.patterns[i], who, None, &mut moves);
                Ok(moves.iter().any(|m| !inside(m.from()) && inside(m.to())))
            })
        }
    );

    def!(
        api,
        "s.line_at(c: int, length: int, dirs: array) -> bool",
        "Whether the owner of cell `c`'s top piece has a line of at least `length` of its pieces through `c` along one of these directions (each line runs both ways): a mill, five in a row.",
        "if s.line_at(m.to, 3, [\"n\", \"e\"]) { s.again(); s.set_phase(\"remove\"); }",
        |c: &mut Ctx, id: i64, length: i64, dirs: Array| {
            read(c, |_, t, s| {
                let at = cell(t, id)?;
                let Some(owner) = s.top(at.into()).and_then(|p| t.info(p).owner) else {
                    return Ok(false);
                };
                let mut ds = Vec::new();
                for d in &dirs {
                    let name = d
                        .clone()
                        .into_immutable_string()
                        .map_err(|ty| rt(format!("expected direction names, found {ty}")))?;
                    ds.push(
                        t.board.dir(&name, owner.index()).ok_or_else(|| {
                            rt(format!("`{name}` is not a direction of this board"))
                        })?,
                    );
                }
                let mut axes: Vec<(crate::board::DirId, Option<crate::board::DirId>)> = Vec::new();
                for d in ds {
                    if !axes.iter().any(|&(a, b)| a == d || b == Some(d)) {
                        axes.push((d, t.board.reverse(d)));
                    }
                }
                let line = crate::engine::Line {
                    length: u32::try_from(length).map_err(|_| rt("a length is positive"))?,
                    exact: false,
                    axes,
                    kinds: u64::MAX,
                };
                Ok(crate::engine::goals::line_through(t, s, &line, owner, at).is_some())
            })
        }
    );

    def!(
        api,
        "s.any_move(gen: string, p: int) -> bool",
        "Whether generator `gen` has a move for seat `p` here.",
        "if !s.any_move(\"drop\", 0) && !s.any_move(\"drop\", 1) { ... }",
        |c: &mut Ctx, name: &str, p: i64| {
            read(c, |_, t, s| {
                let who = player(t, p)?;
                let i = pattern(t, name)?;
                let mut moves = Vec::new();
                movegen::generate(t, s, &t.patterns[i], who, None, &mut moves);
                Ok(!moves.is_empty())
            })
        }
    );

    def!(
        api,
        "s.replies(i: int) -> int",
        "How many legal replies the next seat would have after move `i` of the list: the move is played on a copy, the turn passes to the next seat, and the `moves` hook is run there (only in `moves`; not nested). A drop that leaves no reply mates.",
        "if s.kind(s.move_piece(i)) == \"P\" && s.replies(i) == 0 { s.remove_move(i); }",
        |ctx: rhai::NativeCallContext, c: &mut Ctx, i: i64| replies(&ctx, c, i)
    );
}

/// `s.replies(i)`: runs the `moves` hook on the position after move `i`, with the next seat
/// to move, and counts its moves. The handle is lent the copy for the nested call and given
/// back its own access after it, whatever happens.
fn replies(ctx: &rhai::NativeCallContext, c: &mut Ctx, i: i64) -> R<i64> {
    let (next, saved) = {
        let mut w = c.0.borrow_mut();
        let Access::Read(sp, Some(op)) = w.access else {
            return Err(rt("replies can only be called from moves(s)"));
        };
        if w.nested > 0 {
            return Err(rt("replies cannot be called while replies is running"));
        }
        // SAFETY: `Access`: shared reads while the exclusive `RefCell` borrow shuts out writers.
        let out = unsafe { op.as_ref() };
        let m = usize::try_from(i)
            .ok()
            .and_then(|i| out.get(i))
            .ok_or_else(|| rt(format!("there is no move {i} (there are {})", out.len())))?;
        let mut next = match w.lookahead.last() {
            Some(s) => s.clone(),
            // SAFETY: as above.
            None => unsafe { sp.as_ref() }.clone(),
        };
        crate::engine::apply_actions(&w.tables, &mut next, &m.actions);
        next.turn = w.tables.next_seat(next.turn);
        let saved = (w.access, std::mem::take(&mut w.lookahead));
        (next, saved)
    };
    let mut buf: Vec<Move> = Vec::new();
    {
        let mut w = c.0.borrow_mut();
        w.access = Access::Read(NonNull::from(&next), Some(NonNull::from(&mut buf)));
        w.nested += 1;
    }
    let r = ctx.call_fn::<Dynamic>("moves", (Dynamic::from(c.clone()),));
    {
        let mut w = c.0.borrow_mut();
        w.access = saved.0;
        w.lookahead = saved.1;
        w.nested -= 1;
    }
    r.map(|_| ())?;
    // The replies that are legal: none may leave the replier's royal piece attacked.
    let t = c.0.borrow().tables.clone();
    if let Some(royal) = &t.royal {
        crate::engine::attack::keep_safe(
            &t,
            &next,
            &mut buf,
            next.turn,
            royal.kind,
            &royal.attacks,
        );
    }
    Ok(buf.len() as i64)
}
