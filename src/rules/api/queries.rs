//! Asking what the generators could do: every hook. Each runs generators natively on the state as it is (a look-ahead's, during `try_move`).

#[allow(unused_imports)]
use super::*;

pub(super) fn register(api: &mut Api) {
    def!(
        api,
        "s.attacked(c: int, by: int, gens: array) -> bool",
        "Whether a move of these generators by seat `by` could end on cell `c`.",
        "s.attacked(f1, 1, [\"rook\", \"queen\"])",
        |c: &mut Ctx, id: i64, by: i64, gens: Array| {
            read(c, |_, t, s| {
                let cells = [loc(t, id)?];
                let pats = generator_indices(t, &gens)?;
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
                let pats = generator_indices(t, &gens)?;
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
                let i = generator(t, name)?;
                let cells = region(t, to, who)?;
                let mut moves = Vec::new();
                crate::engine::generators::generate(
                    &attack::ctx(t, s, who),
                    &t.generators[i],
                    &mut moves,
                );
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
                let i = generator(t, name)?;
                let cells = region(t, to, who)?;
                let inside = |l: Option<Loc>| {
                    l.and_then(|l| t.loc_cell(l))
                        .is_some_and(|x| cells.contains(x))
                };
                let mut moves = Vec::new();
                crate::engine::generators::generate(
                    &attack::ctx(t, s, who),
                    &t.generators[i],
                    &mut moves,
                );
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
                let i = generator(t, name)?;
                let mut moves = Vec::new();
                crate::engine::generators::generate(
                    &attack::ctx(t, s, who),
                    &t.generators[i],
                    &mut moves,
                );
                Ok(!moves.is_empty())
            })
        }
    );

    def!(
        api,
        "s.replies(i: int) -> int",
        "How many legal replies the next seat would have after move `i` of the list: the move is played on a copy, the turn passes to the next seat, and the `moves` hook is run there (the generators of `[rules] generators` are not: `s.after(i).legal_moves()` counts every legal move). A drop that leaves no reply mates.",
        "if s.kind(s.move_piece(i)) == \"P\" && s.replies(i) == 0 { s.remove_move(i); }",
        |ctx: rhai::NativeCallContext, c: &mut Ctx, i: i64| {
            let p = ahead(c, played(c, "replies", i, true)?)?;
            run_moves(&ctx, &p, false)
        }
    );

    def!(
        api,
        "s.after(i: int) -> State",
        "A look-ahead: the position after move `i` of the list, with the turn passed to the next seat, as a value of its own with the whole read and generator API (`p.top(c)`, `p.gen(..)`, `p.legal_moves()`, `p.after(j)` to look further). Hooks do not run on it (`after_move`, `outcome`), and nothing on it changes the game. At most 8 look-aheads deep (`s.depth`); each costs a copy of the state: about 1 microsecond in chess, where a plain call such as `s.move_to(i)` costs about a third of that, and `p.legal_moves()` one generation of the game's moves.",
        "let p = s.after(i); if p.legal_moves() == 0 && p.in_check(p.turn) { s.remove_move(i); }",
        |c: &mut Ctx, i: i64| { ahead(c, played(c, "after", i, true)?) }
    );

    def!(
        api,
        "s.lookahead() -> State",
        "A look-ahead of this very position (the same seat to move), with an empty move list of its own: for generating and looking ahead from any hook, `evaluate` and `after_move` included.",
        "let p = s.lookahead(); p.gen(\"step\"); let mobility = p.move_count();",
        |c: &mut Ctx| { ahead(c, read(c, |_, _, s| Ok(s.clone()))?) }
    );

    def!(
        api,
        "s.before() -> State",
        "In `after_move`: the position before the move, as a look-ahead (the whole read and generator API, nothing that changes the game): what the move uncovered, whose piece stood where, how many actions the turn had made. The engine keeps it only for a script that calls `before`, at the cost of a copy of the state per move.",
        "fn after_move(s, m) { let was = s.before(); if was.height(m.from) > 1 && s.height(m.from) == 1 { /* the move uncovered a stack */ } }",
        |c: &mut Ctx| {
            let kept = c.0.borrow().before.clone();
            match kept {
                Some(b) => ahead(c, (*b).clone()),
                None => Err(rt(
                    "s.before() is the position before the move, in after_move only",
                )),
            }
        }
    );

    def!(
        api,
        "s.legal_moves() -> int",
        "On a look-ahead: fills its move list with the legal moves of its seat to move, exactly as the game makes them (the generators in force, the `moves` hook run on the look-ahead, forbidden moves, passes, the royal rule), and returns how many. Inside that `moves` call `s` is the look-ahead and `s.depth` is above 0.",
        "let p = s.after(i); let replies = p.legal_moves();",
        |ctx: rhai::NativeCallContext, c: &mut Ctx| run_moves(&ctx, c, true)
    );

    def!(
        api,
        "s.depth -> int",
        "How many look-aheads this handle is from the hook's own position: 0 for the `s` a hook is given, one more for each `after` or `lookahead` taken (at most 8). A `moves` hook run on a look-ahead can stop looking further with it.",
        "if s.depth == 0 { /* the expensive check, only at the real position */ }",
        |c: &mut Ctx| -> R<i64> { Ok(c.1.as_ref().map_or(0, |a| i64::from(a.borrow().depth))) }
    );
}

/// Runs the `moves` hook on the look-ahead `p` into its own list (which it replaces), with
/// `full` everything else the game's legal moves are made of (`engine::legal`), and
/// without it only the royal rule (`s.replies`' meaning since it was written); returns how
/// many moves the list holds.
fn run_moves(ctx: &rhai::NativeCallContext, p: &Ctx, full: bool) -> R<i64> {
    let Some(a) = &p.1 else {
        return Err(rt(
            "legal_moves is for a look-ahead (s.after(i), s.lookahead()): the moves of the hook's own position are the ones moves(s) is making",
        ));
    };
    let (t, has_hook) = {
        let w = p.0.borrow();
        (w.tables.clone(), w.moves_hook)
    };
    let state = a.borrow().current().clone();
    // The hook appends to the look-ahead's own list; the list being built is lent to it.
    let hook = |_: &State, out: &mut Vec<Move>| -> R<()> {
        std::mem::swap(&mut a.borrow_mut().moves, out);
        let r = ctx.call_fn::<Dynamic>("moves", (Dynamic::from(p.clone()),));
        std::mem::swap(&mut a.borrow_mut().moves, out);
        r.map(drop)
    };
    let mut out = Vec::new();
    if full {
        crate::engine::legal::legal(&t, &state, &mut out, has_hook.then_some(hook))?;
    } else {
        if has_hook {
            hook(&state, &mut out)?;
        }
        if let Some(royal) = &t.royal {
            crate::engine::attack::keep_safe(
                &t,
                &state,
                &mut out,
                state.turn(),
                royal.kind,
                &royal.attacks,
            );
        }
    }
    let n = out.len() as i64;
    a.borrow_mut().moves = out;
    Ok(n)
}
