//! The functions a rule script calls on its state handle `s` and on a move `m`.
//! Reads work in every hook; generators only in `moves`; changes only in `after_move`,
//! `outcome` and `no_moves` (they go through the logged transaction, so undo sees them).

use std::rc::Rc;

use rhai::{Array, Dynamic, Engine, EvalAltResult, Position};
use smallvec::SmallVec;

use super::{Access, Ctx, Work};
use crate::board::CellId;
use crate::engine::{
    Action, Dice, Loc, Move, Outcome, Piece, PlayerId, Shape, State, Tables, Tx, movegen,
};

type R<T> = Result<T, Box<EvalAltResult>>;

/// A played move as the script sees it in `after_move(s, m)`.
#[derive(Clone)]
pub(crate) struct MoveRef(
    pub(crate) Rc<Move>,
    pub(crate) PlayerId,
    /// The word, for a word move (`double`); empty otherwise.
    pub(crate) rhai::ImmutableString,
);

fn rt(msg: impl Into<String>) -> Box<EvalAltResult> {
    EvalAltResult::ErrorRuntime(Dynamic::from(msg.into()), Position::NONE).into()
}

/// Reads the state: the caller's, or the last `try_move` look-ahead.
fn read<T>(c: &Ctx, f: impl FnOnce(&Work, &Tables, &State) -> R<T>) -> R<T> {
    let w = c.0.borrow();
    let t = w.tables.clone();
    if let Some(s) = w.lookahead.last() {
        return f(&w, &t, s);
    }
    let p = match w.access {
        Access::Closed => return Err(rt("the state handle is only valid during a hook call")),
        Access::Read(p, _) | Access::Write(p, _) => p,
    };
    // SAFETY: `Access` (rules/mod.rs): the pointer is live for this call and only read here.
    let s = unsafe { p.as_ref() };
    f(&w, &t, s)
}

/// Changes the state through a logged transaction: only in hooks that may change it.
fn change<T>(c: &Ctx, what: &str, f: impl FnOnce(&Work, &Tables, &mut Tx) -> R<T>) -> R<T> {
    let w = c.0.borrow_mut();
    let Access::Write(mut sp, mut lp) = w.access else {
        return Err(rt(match w.access {
            Access::Closed => "the state handle is only valid during a hook call".to_string(),
            _ => format!(
                "`s.{what}` changes the state: call it from after_move, outcome, no_moves or agreed, not here"
            ),
        }));
    };
    // SAFETY: `Access`: made from the caller's `&mut` borrows for this call; the exclusive
    // `RefCell` borrow held here keeps any other reference made from them from existing.
    let (s, log) = unsafe { (sp.as_mut(), lp.as_mut()) };
    let t = w.tables.clone();
    let mut tx = Tx { s, log };
    f(&w, &t, &mut tx)
}

/// Adds to or edits the move list of `moves(s)`. Not during a look-ahead: moves generated
/// there would be the look-ahead position's, not the real one's.
fn generate<T>(c: &Ctx, f: impl FnOnce(&Tables, &State, &mut Vec<Move>) -> R<T>) -> R<T> {
    let w = c.0.borrow_mut();
    let Access::Read(sp, Some(mut op)) = w.access else {
        return Err(rt(
            "move generators and move-list changes can only be called from moves(s)",
        ));
    };
    if !w.lookahead.is_empty() {
        return Err(rt(
            "no move generators or move-list changes during try_move: the moves would be the look-ahead position's; call undo_try first",
        ));
    }
    // SAFETY: `Access`: the state is only read; the list comes from the caller's `&mut`, and
    // the exclusive `RefCell` borrow held here keeps it the only reference.
    let (s, out) = unsafe { (sp.as_ref(), op.as_mut()) };
    let t = w.tables.clone();
    f(&t, s, out)
}

/// Reads the move list of `moves(s)` (allowed during a look-ahead too).
fn with_list<T>(c: &Ctx, what: &str, f: impl FnOnce(&[Move]) -> R<T>) -> R<T> {
    let w = c.0.borrow();
    let Access::Read(_, Some(op)) = w.access else {
        return Err(rt(format!("{what} can only be called from moves(s)")));
    };
    // SAFETY: `Access`: shared read while the `RefCell` borrow shuts out every writer.
    f(unsafe { op.as_ref() })
}

fn player(t: &Tables, p: i64) -> R<PlayerId> {
    if p >= 0 && (p as usize) < t.player_count() {
        Ok(PlayerId(p as u8))
    } else {
        Err(rt(format!(
            "{p} is not a seat (seats are 0..{})",
            t.player_count() - 1
        )))
    }
}

fn cell(t: &Tables, c: i64) -> R<CellId> {
    if c >= 0 && (c as usize) < t.board.len() {
        Ok(CellId(c as u16))
    } else {
        Err(rt(format!(
            "{c} is not a cell (use s.cell(\"name\") to get one)"
        )))
    }
}

fn piece(t: &Tables, p: i64) -> R<Piece> {
    if p >= 0 && (p as usize) < t.pieces.len() {
        Ok(Piece(p as u8))
    } else {
        Err(rt(format!("{p} is not a piece")))
    }
}

fn zone(t: &Tables, name: &str, p: PlayerId) -> R<Loc> {
    t.zone_loc(name, Some(p)).ok_or_else(|| {
        let mut names: Vec<&str> = t.zones.iter().map(|z| z.name.as_str()).collect();
        names.dedup();
        rt(format!(
            "`{name}` is not a zone (zones: {})",
            names.join(", ")
        ))
    })
}

fn region<'t>(t: &'t Tables, name: &str, p: PlayerId) -> R<&'t crate::board::CellSet> {
    t.board
        .region(name)
        .map(|r| r.for_seat(p.index()))
        .ok_or_else(|| {
            let names: Vec<&str> = t.board.regions().iter().map(|r| r.name.as_str()).collect();
            rt(format!(
                "`{name}` is not a region (regions: {})",
                names.join(", ")
            ))
        })
}

fn var_index(t: &Tables, name: &str) -> R<usize> {
    t.vars.iter().position(|v| v == name).ok_or_else(|| {
        rt(format!(
            "`{name}` is not a variable: declare it under [rules] vars (vars: {})",
            t.vars.join(", ")
        ))
    })
}

fn pattern(t: &Tables, name: &str) -> R<usize> {
    t.pattern(name).ok_or_else(|| {
        let names: Vec<&str> = t.patterns.iter().map(|p| p.name.as_str()).collect();
        let hint = crate::diag::suggest(name, names.iter().copied())
            .map(|s| format!("did you mean `{s}`?"))
            .unwrap_or_else(|| format!("generators: {}", names.join(", ")));
        rt(format!(
            "`{name}` is not a move generator of this game ([moves.{name}] is missing); {hint}"
        ))
    })
}

fn loc(t: &Tables, l: i64) -> R<Loc> {
    if l >= 0 && (l as usize) < t.loc_count() {
        Ok(Loc(l as u16))
    } else {
        Err(rt(format!("{l} is not a cell or zone")))
    }
}

fn with_move<T>(c: &Ctx, i: i64, f: impl FnOnce(&Move) -> R<T>) -> R<T> {
    with_list(c, "the move list", |out| {
        match usize::try_from(i).ok().and_then(|i| out.get(i)) {
            Some(m) => f(m),
            None => Err(rt(format!(
                "there is no move {i} (there are {})",
                out.len()
            ))),
        }
    })
}

fn locs(t: &Tables, cells: &Array) -> R<Vec<Loc>> {
    cells
        .iter()
        .map(|d| {
            d.as_int()
                .map_err(|ty| rt(format!("expected cell numbers, found {ty}")))
                .and_then(|x| loc(t, x))
        })
        .collect()
}

fn move_mut(out: &mut [Move], i: i64) -> R<&mut Move> {
    let n = out.len();
    usize::try_from(i)
        .ok()
        .and_then(|i| out.get_mut(i))
        .ok_or_else(|| rt(format!("there is no move {i} (there are {n})")))
}

/// The top piece of `at` once the actions already in `m` have been played.
fn top_after(t: &Tables, s: &State, m: &Move, at: Loc) -> Option<Piece> {
    let mut scratch = s.clone();
    crate::engine::apply_actions(t, &mut scratch, &m.actions);
    scratch.top(at)
}

/// Plays move `i` of the list being built on a copy of the state, which every read then sees
/// until `undo_try` (or the end of the hook): "would this move cause ...?" questions.
fn try_move(c: &Ctx, i: i64) -> R<()> {
    let mut w = c.0.borrow_mut();
    let Access::Read(sp, Some(op)) = w.access else {
        return Err(rt("try_move can only be called from moves(s)"));
    };
    if w.lookahead.len() >= 8 {
        return Err(rt(
            "try_move nests at most 8 deep; call undo_try after each",
        ));
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
    for a in &m.actions {
        crate::engine::apply_action(&w.tables, &mut next, a);
    }
    w.lookahead.push(next);
    Ok(())
}

/// Generator indices for a list of names.
fn patterns(t: &Tables, names: &Array) -> R<Vec<usize>> {
    names
        .iter()
        .map(|d| {
            let name = d
                .clone()
                .into_immutable_string()
                .map_err(|ty| rt(format!("expected generator names, found {ty}")))?;
            pattern(t, &name)
        })
        .collect()
}

/// Whether any move of the generators for `by` ends on one of `cells`.
fn lands_on(
    t: &Tables,
    s: &State,
    by: PlayerId,
    pats: &[usize],
    cells: &[Loc],
    buf: &mut Vec<Move>,
) -> bool {
    pats.iter().any(|&i| {
        buf.clear();
        movegen::generate(t, s, &t.patterns[i], by, None, buf);
        buf.iter()
            .any(|m| m.to().is_some_and(|l| cells.contains(&l)))
    })
}

/// Whether an opponent of `p` could move onto a cell where `p`'s piece of kind `royal` is on
/// top, with the given generators (check, in chess).
fn royal_attacked(
    t: &Tables,
    s: &State,
    p: PlayerId,
    royal: crate::engine::KindId,
    pats: &[usize],
    buf: &mut Vec<Move>,
) -> bool {
    let royal_piece = t.piece(royal, Some(p));
    let cells: SmallVec<[Loc; 2]> = t
        .board
        .cells()
        .map(Loc::from)
        .filter(|l| s.top(*l) == Some(royal_piece))
        .collect();
    if cells.is_empty() {
        return false;
    }
    (0..t.player_count())
        .map(|o| PlayerId(o as u8))
        .filter(|o| !t.same_team(*o, p))
        .any(|o| lands_on(t, s, o, pats, &cells, buf))
}

fn kind_of(t: &Tables, symbol: &str) -> R<crate::engine::KindId> {
    symbol
        .chars()
        .next()
        .filter(|_| symbol.chars().count() == 1)
        .and_then(|c| t.kind(c))
        .ok_or_else(|| rt(format!("`{symbol}` is not a piece kind")))
}

fn moving_piece(m: &Move) -> Option<Piece> {
    m.actions.iter().rev().find_map(|a| match a {
        Action::Transfer { piece, .. } => Some(*piece),
        _ => None,
    })
}

fn dice_array(d: Dice) -> Array {
    d.values().map(|v| Dynamic::from(i64::from(v))).collect()
}

fn dice_of(arr: &Array) -> R<Dice> {
    let values: Option<Vec<u8>> = arr
        .iter()
        .map(|v| v.as_int().ok().and_then(|n| u8::try_from(n).ok()))
        .collect();
    values.and_then(|v| Dice::from_values(&v)).ok_or_else(|| {
        rt(format!(
            "dice are up to {} whole numbers from 1 to {}",
            Dice::MAX,
            Dice::MAX_PIPS
        ))
    })
}

fn uses_die(m: &Move) -> bool {
    die_used(m) != 0
}

/// The die a move uses up (0 for none).
fn die_used(m: &Move) -> u8 {
    m.actions
        .iter()
        .find_map(|a| match a {
            Action::Die {
                value, used: true, ..
            } => Some(*value),
            _ => None,
        })
        .unwrap_or(0)
}

/// The most dice the player to move can still use, one generated move per die, with the
/// generators `pats` (only moves that use a die count).
fn max_dice_use(t: &Tables, s: &mut State, pats: &[usize], who: PlayerId) -> usize {
    let full = s.dice().len();
    if full == 0 {
        return 0;
    }
    let mut moves = Vec::new();
    for &i in pats {
        movegen::generate(t, s, &t.patterns[i], who, None, &mut moves);
    }
    let mut best = 0;
    for m in moves.iter().filter(|m| uses_die(m)) {
        let n = crate::engine::apply_actions(t, s, &m.actions);
        let used = 1 + max_dice_use(t, s, pats, who);
        crate::engine::unapply_actions(t, s, &m.actions, n);
        best = best.max(used);
        if best == full {
            break;
        }
    }
    best
}

fn end(c: &Ctx, o: Outcome) -> R<()> {
    change(c, "end", |_, _, tx| {
        tx.set_outcome(Some(o));
        Ok(())
    })
}

pub(super) fn register(e: &mut Engine) {
    e.register_type_with_name::<Ctx>("State");
    e.register_type_with_name::<MoveRef>("Move");

    // ---- reading
    e.register_get("turn", |c: &mut Ctx| {
        read(c, |_, _, s| Ok(s.turn().index() as i64))
    });
    e.register_get("players", |c: &mut Ctx| {
        read(c, |_, t, _| Ok(t.player_count() as i64))
    });
    e.register_get("phase", |c: &mut Ctx| {
        read(c, |w, _, s| {
            Ok(w.phase_names.get(s.phase()).cloned().unwrap_or_default())
        })
    });
    e.register_get("round", |c: &mut Ctx| {
        read(c, |_, _, s| Ok(s.round() as i64))
    });
    e.register_get("ply", |c: &mut Ctx| read(c, |_, _, s| Ok(s.ply() as i64)));
    e.register_fn("next", |c: &mut Ctx, p: i64| {
        read(c, |_, t, _| Ok(t.next_seat(player(t, p)?).index() as i64))
    });
    e.register_fn("seat_name", |c: &mut Ctx, p: i64| {
        read(c, |_, t, _| Ok(t.seats[player(t, p)?.index()].name.clone()))
    });
    e.register_fn("same_team", |c: &mut Ctx, a: i64, b: i64| {
        read(c, |_, t, _| Ok(t.same_team(player(t, a)?, player(t, b)?)))
    });
    e.register_fn("score", |c: &mut Ctx, p: i64| {
        read(c, |_, t, s| Ok(s.score(player(t, p)?)))
    });
    e.register_fn("get_var", |c: &mut Ctx, name: &str| {
        read(c, |_, t, s| Ok(s.var(var_index(t, name)?)))
    });
    e.register_fn("option", |c: &mut Ctx, name: &str| {
        read(c, |w, _, _| {
            w.options.get(name).cloned().ok_or_else(|| {
                let names: Vec<&str> = w.options.keys().map(String::as_str).collect();
                rt(format!(
                    "`{name}` is not an option of this game (options: {})",
                    names.join(", ")
                ))
            })
        })
    });
    e.register_fn("cell", |c: &mut Ctx, name: &str| {
        read(c, |_, t, _| {
            Ok(t.board.cell(name).map_or(-1, |x| x.index() as i64))
        })
    });
    e.register_fn("cell_name", |c: &mut Ctx, id: i64| {
        read(c, |_, t, _| Ok(t.board.name(cell(t, id)?).to_string()))
    });
    e.register_fn("top", |c: &mut Ctx, id: i64| {
        read(c, |_, t, s| {
            Ok(s.top(cell(t, id)?.into()).map_or(-1, |p| p.index() as i64))
        })
    });
    e.register_fn("height", |c: &mut Ctx, id: i64| {
        read(c, |_, t, s| Ok(s.stack(cell(t, id)?.into()).len() as i64))
    });
    e.register_fn("stack", |c: &mut Ctx, id: i64| {
        read(c, |_, t, s| {
            Ok(s.stack(cell(t, id)?.into())
                .iter()
                .map(|p| Dynamic::from(p.index() as i64))
                .collect::<Array>())
        })
    });
    e.register_fn("stack_pips", |c: &mut Ctx, id: i64| {
        read(c, |_, t, s| {
            Ok(s.stack(cell(t, id)?.into())
                .iter()
                .map(|p| t.info(*p).size)
                .sum::<i64>())
        })
    });
    e.register_fn("size", |c: &mut Ctx, p: i64| {
        read(c, |_, t, _| Ok(t.info(piece(t, p)?).size))
    });
    e.register_fn("owner", |c: &mut Ctx, p: i64| {
        read(c, |_, t, _| {
            Ok(t.info(piece(t, p)?).owner.map_or(-1, |o| o.index() as i64))
        })
    });
    e.register_fn("kind", |c: &mut Ctx, p: i64| {
        read(c, |_, t, _| {
            Ok(t.kinds[t.info(piece(t, p)?).kind.index()]
                .symbol
                .to_string())
        })
    });
    e.register_fn("role", |c: &mut Ctx, p: i64| {
        read(c, |_, t, _| {
            Ok(t.kinds[t.info(piece(t, p)?).kind.index()].role.clone())
        })
    });
    e.register_fn("step", |c: &mut Ctx, id: i64, dir: &str| {
        read(c, |_, t, s| {
            let from = cell(t, id)?;
            let d = t
                .board
                .dir(dir, s.turn().index())
                .ok_or_else(|| rt(format!("`{dir}` is not a direction of this board")))?;
            Ok(t.board.step(from, d).map_or(-1, |x| x.index() as i64))
        })
    });
    e.register_fn("in_region", |c: &mut Ctx, id: i64, name: &str| {
        read(c, |_, t, s| {
            Ok(region(t, name, s.turn())?.contains(cell(t, id)?))
        })
    });
    e.register_fn("in_region", |c: &mut Ctx, id: i64, name: &str, p: i64| {
        read(c, |_, t, _| {
            Ok(region(t, name, player(t, p)?)?.contains(cell(t, id)?))
        })
    });
    e.register_fn("region", |c: &mut Ctx, name: &str| {
        read(c, |_, t, s| {
            Ok(region(t, name, s.turn())?
                .iter()
                .map(|x| Dynamic::from(x.index() as i64))
                .collect::<Array>())
        })
    });
    e.register_fn("region", |c: &mut Ctx, name: &str, p: i64| {
        read(c, |_, t, _| {
            Ok(region(t, name, player(t, p)?)?
                .iter()
                .map(|x| Dynamic::from(x.index() as i64))
                .collect::<Array>())
        })
    });
    e.register_fn("zone", |c: &mut Ctx, name: &str| {
        read(c, |_, t, s| Ok(zone(t, name, s.turn())?.index() as i64))
    });
    e.register_fn("zone", |c: &mut Ctx, name: &str, p: i64| {
        read(
            c,
            |_, t, _| Ok(zone(t, name, player(t, p)?)?.index() as i64),
        )
    });
    e.register_fn("ray", |c: &mut Ctx, id: i64, dir: &str| {
        read(c, |_, t, s| {
            let mut at = cell(t, id)?;
            let d = t
                .board
                .dir(dir, s.turn().index())
                .ok_or_else(|| rt(format!("`{dir}` is not a direction of this board")))?;
            let mut cells = Array::new();
            while let Some(n) = t.board.step(at, d) {
                cells.push(Dynamic::from(n.index() as i64));
                at = n;
            }
            Ok(cells)
        })
    });
    e.register_fn("zone_count", |c: &mut Ctx, name: &str| {
        read(c, |_, t, s| {
            Ok(s.stack(zone(t, name, s.turn())?).len() as i64)
        })
    });
    e.register_fn("zone_count", |c: &mut Ctx, name: &str, p: i64| {
        read(c, |_, t, s| {
            Ok(s.stack(zone(t, name, player(t, p)?)?).len() as i64)
        })
    });
    e.register_fn("board_pieces", |c: &mut Ctx| {
        read(c, |_, t, s| {
            Ok(t.board
                .cells()
                .map(|x| s.stack(x.into()).len() as i64)
                .sum::<i64>())
        })
    });
    e.register_fn("board_pips", |c: &mut Ctx| {
        read(c, |_, t, s| {
            Ok(t.board
                .cells()
                .flat_map(|x| s.stack(x.into()).iter())
                .map(|p| t.info(*p).size)
                .sum::<i64>())
        })
    });
    e.register_fn("pieces_of", |c: &mut Ctx, p: i64| {
        read(c, |_, t, s| {
            let who = player(t, p)?;
            Ok(t.board
                .cells()
                .flat_map(|x| s.stack(x.into()).iter())
                .filter(|q| t.info(**q).owner == Some(who))
                .count() as i64)
        })
    });

    e.register_fn("count_tops", |c: &mut Ctx, p: i64| {
        read(c, |_, t, s| {
            let who = player(t, p)?;
            Ok(t.board
                .cells()
                .filter(|x| {
                    s.top((*x).into())
                        .is_some_and(|q| t.info(q).owner == Some(who))
                })
                .count() as i64)
        })
    });
    e.register_fn("count_tops", |c: &mut Ctx, p: i64, name: &str| {
        read(c, |_, t, s| {
            let who = player(t, p)?;
            let cells = region(t, name, who)?;
            Ok(cells
                .iter()
                .filter(|x| {
                    s.top((*x).into())
                        .is_some_and(|q| t.info(q).owner == Some(who))
                })
                .count() as i64)
        })
    });
    e.register_fn(
        "count_stacks",
        |c: &mut Ctx, p: i64, name: &str, kinds: &str| {
            read(c, |_, t, s| {
                let who = player(t, p)?;
                let want: Vec<Piece> = kinds
                    .chars()
                    .filter(|ch| !ch.is_whitespace())
                    .map(|ch| {
                        t.kind(ch)
                            .map(|k| t.piece(k, Some(who)))
                            .ok_or_else(|| rt(format!("`{ch}` is not a piece kind")))
                    })
                    .collect::<R<_>>()?;
                Ok(region(t, name, who)?
                    .iter()
                    .filter(|x| s.stack((*x).into()) == want.as_slice())
                    .count() as i64)
            })
        },
    );
    e.register_fn("pips_of", |c: &mut Ctx, p: i64| {
        read(c, |_, t, s| {
            let who = player(t, p)?;
            Ok(t.board
                .cells()
                .flat_map(|x| s.stack(x.into()).iter())
                .filter(|q| t.info(**q).owner == Some(who))
                .map(|q| t.info(*q).size)
                .sum::<i64>())
        })
    });
    e.register_fn("distance_sum", |c: &mut Ctx, p: i64, name: &str| {
        read(c, |_, t, s| {
            let who = player(t, p)?;
            let dist = t.board.distances_to(region(t, name, who)?);
            Ok(t.board
                .cells()
                .map(|x| {
                    let mine = s
                        .stack(x.into())
                        .iter()
                        .filter(|q| t.info(**q).owner == Some(who))
                        .count() as i64;
                    mine * i64::from(dist[x.index()].min(1000))
                })
                .sum::<i64>())
        })
    });
    e.register_fn("held_down", |c: &mut Ctx, p: i64| {
        read(c, |_, t, s| {
            let who = player(t, p)?;
            Ok(t.board
                .cells()
                .filter(|x| {
                    let stack = s.stack((*x).into());
                    let Some((top, below)) = stack.split_last() else {
                        return false;
                    };
                    t.info(*top).owner != Some(who)
                        && below.iter().any(|q| t.info(*q).owner == Some(who))
                })
                .map(|x| Dynamic::from(x.index() as i64))
                .collect::<Array>())
        })
    });
    e.register_fn("attacked", |c: &mut Ctx, id: i64, by: i64, gens: Array| {
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
    });
    e.register_fn(
        "royal_attacked",
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
        },
    );
    e.register_fn("can_reach", |c: &mut Ctx, name: &str, p: i64, to: &str| {
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
    });

    // Whether a move of generator `name` by seat `p` enters region `to` from outside it: a
    // piece already inside, moving along the region, does not count (Moscow Ice's (*5):
    // finished pieces are not "remaining" pieces).
    e.register_fn("can_enter", |c: &mut Ctx, name: &str, p: i64, to: &str| {
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
    });

    // ---- generating (moves hook)
    e.register_fn("gen", |c: &mut Ctx, name: &str| {
        generate(c, |t, s, out| {
            let i = pattern(t, name)?;
            movegen::generate(t, s, &t.patterns[i], s.turn(), None, out);
            Ok(())
        })
    });
    e.register_fn("gen_from", |c: &mut Ctx, name: &str, id: i64| {
        generate(c, |t, s, out| {
            let i = pattern(t, name)?;
            movegen::generate(t, s, &t.patterns[i], s.turn(), Some(cell(t, id)?), out);
            Ok(())
        })
    });
    e.register_fn("move_count", |c: &mut Ctx| {
        with_list(c, "move_count", |out| Ok(out.len() as i64))
    });
    e.register_fn("keep_captures", |c: &mut Ctx| {
        generate(c, |_, _, out| {
            if out.iter().any(Move::is_capture) {
                out.retain(Move::is_capture);
            }
            Ok(())
        })
    });
    e.register_fn("keep_max_captures", |c: &mut Ctx| {
        generate(c, |_, _, out| {
            let best = out.iter().map(Move::captured).max().unwrap_or(0);
            out.retain(|m| m.captured() == best);
            Ok(())
        })
    });
    e.register_fn("move_from", |c: &mut Ctx, i: i64| {
        with_move(c, i, |m| Ok(m.from().map_or(-1, |l| l.index() as i64)))
    });
    e.register_fn("move_to", |c: &mut Ctx, i: i64| {
        with_move(c, i, |m| Ok(m.to().map_or(-1, |l| l.index() as i64)))
    });
    e.register_fn("move_path", |c: &mut Ctx, i: i64| {
        with_move(c, i, |m| {
            Ok(m.path
                .iter()
                .map(|l| Dynamic::from(l.index() as i64))
                .collect::<Array>())
        })
    });
    e.register_fn("move_captures", |c: &mut Ctx, i: i64| {
        with_move(c, i, |m| Ok(m.captured() as i64))
    });
    e.register_fn("move_piece", |c: &mut Ctx, i: i64| {
        with_move(c, i, |m| {
            Ok(moving_piece(m).map_or(-1, |p| p.index() as i64))
        })
    });
    e.register_fn("remove_move", |c: &mut Ctx, i: i64| {
        generate(c, |_, _, out| {
            if i < 0 || i as usize >= out.len() {
                return Err(rt(format!(
                    "there is no move {i} (there are {})",
                    out.len()
                )));
            }
            out.remove(i as usize);
            Ok(())
        })
    });
    e.register_fn("add_move", |c: &mut Ctx, from: i64, to: i64| {
        generate(c, |t, s, out| {
            let (from, to) = (loc(t, from)?, loc(t, to)?);
            if t.loc_cell(from).is_none() {
                return Err(rt(
                    "add_move moves the top piece of a cell; use add_place for zones",
                ));
            }
            let piece = s
                .top(from)
                .ok_or_else(|| rt(format!("{} is empty", t.loc_name(from))))?;
            let mut m = Move::pass();
            m.shape = Shape::Path;
            m.path.push(from);
            m.path.push(to);
            m.actions.push(Action::Transfer { piece, from, to });
            out.push(m);
            Ok(out.len() as i64 - 1)
        })
    });
    e.register_fn("move_also", |c: &mut Ctx, i: i64, from: i64, to: i64| {
        generate(c, |t, s, out| {
            let (from, to) = (loc(t, from)?, loc(t, to)?);
            let m = move_mut(out, i)?;
            let piece = top_after(t, s, m, from)
                .ok_or_else(|| rt(format!("{} is empty", t.loc_name(from))))?;
            m.actions.push(Action::Transfer { piece, from, to });
            Ok(())
        })
    });
    e.register_fn(
        "move_take",
        |c: &mut Ctx, i: i64, id: i64, zone_name: &str| {
            generate(c, |t, s, out| {
                let at = loc(t, id)?;
                let z = zone(t, zone_name, s.turn())?;
                let m = move_mut(out, i)?;
                let stack = s.stack(at).to_vec();
                if stack.is_empty() {
                    return Err(rt(format!("{} is empty: nothing to take", t.loc_name(at))));
                }
                // Captures go first, as in generated moves, so the cell is clear for a landing.
                for (k, &p) in stack.iter().rev().enumerate() {
                    m.actions.insert(
                        k,
                        Action::Transfer {
                            piece: p,
                            from: at,
                            to: z,
                        },
                    );
                }
                m.taken += stack.len() as u16;
                Ok(())
            })
        },
    );
    e.register_fn("move_promote", |c: &mut Ctx, i: i64, kind: &str| {
        generate(c, |t, s, out| {
            let k = kind_of(t, kind)?;
            let m = move_mut(out, i)?;
            let at = m.to().ok_or_else(|| rt("a pass cannot promote"))?;
            let old = top_after(t, s, m, at)
                .ok_or_else(|| rt(format!("{} is empty after the move", t.loc_name(at))))?;
            let new = t.piece(k, t.info(old).owner);
            m.actions.push(Action::Replace { at, old, new });
            m.suffix = Some(k);
            Ok(())
        })
    });
    e.register_fn(
        "add_place",
        |c: &mut Ctx, zone_loc: i64, p: i64, to: i64| {
            generate(c, |t, s, out| {
                let (from, to, piece) = (loc(t, zone_loc)?, loc(t, to)?, piece(t, p)?);
                if !s.stack(from).contains(&piece) {
                    return Err(rt(format!(
                        "{} holds no {}",
                        t.loc_name(from),
                        t.piece_text(piece)
                    )));
                }
                let mut m = Move::pass();
                m.shape = Shape::Place(piece);
                m.path.push(to);
                m.actions.push(Action::Transfer { piece, from, to });
                out.push(m);
                Ok(())
            })
        },
    );
    e.register_fn("count_from", |c: &mut Ctx, cells: Array| {
        generate(c, |t, _, out| {
            let from = locs(t, &cells)?;
            Ok(out
                .iter()
                .filter(|m| m.from().is_some_and(|l| from.contains(&l)))
                .count() as i64)
        })
    });
    e.register_fn("keep_from", |c: &mut Ctx, cells: Array| {
        generate(c, |t, _, out| {
            let from = locs(t, &cells)?;
            out.retain(|m| m.from().is_some_and(|l| from.contains(&l)));
            Ok(out.len() as i64)
        })
    });
    e.register_fn("try_move", |c: &mut Ctx, i: i64| try_move(c, i));
    e.register_fn("keep_safe", |c: &mut Ctx, royal: &str, gens: Array| {
        generate(c, |t, s, out| {
            let kind = kind_of(t, royal)?;
            let pats = patterns(t, &gens)?;
            let me = s.turn();
            let mut scratch = s.clone();
            let mut buf = Vec::new();
            out.retain(|m| {
                let n = crate::engine::apply_actions(t, &mut scratch, &m.actions);
                let safe = !royal_attacked(t, &scratch, me, kind, &pats, &mut buf);
                crate::engine::unapply_actions(t, &mut scratch, &m.actions, n);
                safe
            });
            Ok(out.len() as i64)
        })
    });
    e.register_fn("undo_try", |c: &mut Ctx| {
        let mut w = c.0.borrow_mut();
        match w.lookahead.pop() {
            Some(_) => Ok(()),
            None => Err(rt("undo_try without a try_move")),
        }
    });
    // ---- dice
    e.register_get("dice", |c: &mut Ctx| {
        read(c, |_, _, s| Ok(dice_array(s.dice())))
    });
    e.register_get("dice_left", |c: &mut Ctx| {
        read(c, |_, _, s| Ok(s.dice().len() as i64))
    });
    // Every outcome of throwing the game's dice ([dice] in game.toml), or `n` of them: moves
    // made by chance, one per distinct throw, weighted by how many ordered throws give it.
    fn rolls(t: &Tables, s: &State, n: Option<i64>, out: &mut Vec<Move>) -> R<()> {
        let spec = t
            .dice
            .ok_or_else(|| rt("this game has no dice: add a [dice] table (count, sides)"))?;
        let count = match n {
            Some(n) => usize::try_from(n)
                .ok()
                .filter(|n| (1..=Dice::MAX).contains(n))
                .ok_or_else(|| rt(format!("throw 1 to {} dice, not {n}", Dice::MAX)))?,
            None => spec.count as usize,
        };
        crate::engine::dice::check(count, spec.sides).map_err(rt)?;
        for (d, w) in crate::engine::dice::outcomes(count, spec.sides) {
            let mut m = Move::pass();
            m.shape = Shape::Roll(d);
            m.actions.push(Action::SetDice {
                old: s.dice(),
                new: d,
            });
            m.chance = w;
            out.push(m);
        }
        Ok(())
    }
    e.register_fn("gen_rolls", |c: &mut Ctx| {
        generate(c, |t, s, out| rolls(t, s, None, out))
    });
    e.register_fn("gen_rolls", |c: &mut Ctx, n: i64| {
        generate(c, |t, s, out| rolls(t, s, Some(n), out))
    });
    // A move that keeps only the given dice (`use 3 5`): picking two of three.
    e.register_fn("add_choice", |c: &mut Ctx, dice: Array| {
        generate(c, |_, s, out| {
            let d = dice_of(&dice)?;
            let mut m = Move::pass();
            m.shape = Shape::Choose(d);
            m.actions.push(Action::SetDice {
                old: s.dice(),
                new: d,
            });
            out.push(m);
            Ok(out.len() as i64 - 1)
        })
    });
    // A move that is a word of the game (`[rules] words`): `double`, `take`, `drop`.
    e.register_fn("add_word", |c: &mut Ctx, word: &str| {
        generate(c, |t, _, out| {
            let i = t.words.iter().position(|w| w == word).ok_or_else(|| {
                rt(format!(
                    "`{word}` is not one of the game's words ([rules] words: {})",
                    t.words.join(", ")
                ))
            })?;
            let mut m = Move::pass();
            // At most MAX_NAMES words (checked at load): the index fits.
            m.shape = Shape::Word(u8::try_from(i).map_err(|_| rt("too many words"))?);
            out.push(m);
            Ok(out.len() as i64 - 1)
        })
    });
    // The moves of a track generator with one die value only (the dice used in order).
    e.register_fn("gen_die", |c: &mut Ctx, name: &str, die: i64| {
        generate(c, |t, s, out| {
            let i = pattern(t, name)?;
            let pat = &t.patterns[i];
            let crate::engine::movegen::GenKind::Track(tm) = &pat.kind else {
                return Err(rt(format!("`{name}` is not a track generator")));
            };
            let v = u8::try_from(die).map_err(|_| rt(format!("{die} is not a die")))?;
            crate::engine::track::generate(t, s, pat, tm, s.turn(), Some(v), out);
            Ok(())
        })
    });
    // Backgammon's rule: keep only the moves after which the most dice can be used in all
    // (trying every order natively with the generators given); with `larger`, when only one
    // die can be used, it must be the larger one if it can.
    e.register_fn("keep_max_dice", |c: &mut Ctx, gens: Array, larger: bool| {
        generate(c, |t, s, out| {
            let pats = patterns(t, &gens)?;
            let me = s.turn();
            let mut scratch = s.clone();
            let scores: Vec<usize> = out
                .iter()
                .map(|m| {
                    if !uses_die(m) {
                        return usize::MAX;
                    }
                    let n = crate::engine::apply_actions(t, &mut scratch, &m.actions);
                    let used = 1 + max_dice_use(t, &mut scratch, &pats, me);
                    crate::engine::unapply_actions(t, &mut scratch, &m.actions, n);
                    used
                })
                .collect();
            let best = scores.iter().copied().filter(|&u| u != usize::MAX).max();
            let Some(best) = best else {
                return Ok(out.len() as i64);
            };
            let top_die = out
                .iter()
                .zip(&scores)
                .filter(|(_, u)| **u == best)
                .map(|(m, _)| die_used(m))
                .max()
                .unwrap_or(0);
            let mut k = 0;
            out.retain(|m| {
                let u = scores[k];
                k += 1;
                u == usize::MAX || (u == best && !(larger && best == 1 && die_used(m) != top_die))
            });
            Ok(out.len() as i64)
        })
    });
    e.register_fn("set_dice", |c: &mut Ctx, dice: Array| {
        change(c, "set_dice", |_, _, tx| {
            tx.set_dice(dice_of(&dice)?);
            Ok(())
        })
    });
    e.register_fn("add_pass", |c: &mut Ctx| {
        generate(c, |_, _, out| {
            out.push(Move::pass());
            Ok(())
        })
    });

    // ---- changing (after_move, outcome, no_moves)
    e.register_fn("set_phase", |c: &mut Ctx, name: &str| {
        change(c, "set_phase", |_, t, tx| {
            let i = t.phases.iter().position(|p| p == name).ok_or_else(|| {
                rt(format!(
                    "`{name}` is not a phase (phases: {})",
                    t.phases.join(", ")
                ))
            })?;
            tx.set_phase(i as u8);
            Ok(())
        })
    });
    e.register_fn("set_turn", |c: &mut Ctx, p: i64| {
        let r = change(c, "set_turn", |_, t, tx| {
            tx.set_turn(player(t, p)?);
            Ok(())
        });
        if r.is_ok() {
            c.0.borrow_mut().turn_set = true;
        }
        r
    });
    e.register_fn("again", |c: &mut Ctx| -> R<()> {
        change(c, "again", |_, _, _| Ok(()))?;
        c.0.borrow_mut().turn_set = true;
        Ok(())
    });
    e.register_fn("set_var", |c: &mut Ctx, name: &str, v: i64| {
        change(c, "set_var", |_, t, tx| {
            tx.set_var(var_index(t, name)?, v);
            Ok(())
        })
    });
    e.register_fn("add_score", |c: &mut Ctx, p: i64, d: i64| {
        change(c, "add_score", |_, t, tx| {
            let who = player(t, p)?;
            if tx.act(
                t,
                &Action::Score {
                    player: who,
                    delta: d,
                },
            ) {
                Ok(())
            } else {
                Err(rt(format!(
                    "add_score({p}, {d}): the score {} would pass the largest number",
                    tx.s.score(who)
                )))
            }
        })
    });
    e.register_fn("new_round", |c: &mut Ctx| {
        change(c, "new_round", |w, _, tx| {
            let round = tx.s.round();
            tx.set_stacks(w.setup.stacks.clone());
            tx.set_round(round.saturating_add(1));
            tx.set_phase(0);
            tx.set_passes(0);
            Ok(())
        })
    });
    e.register_fn("win", |c: &mut Ctx, p: i64| {
        let o = read(c, |_, t, _| {
            Ok(Outcome::win(
                t,
                player(t, p)?,
                format!("{} wins", t.seats[p as usize].name),
            ))
        })?;
        end(c, o)
    });
    e.register_fn("win", |c: &mut Ctx, p: i64, why: &str| {
        let o = read(c, |_, t, _| Ok(Outcome::win(t, player(t, p)?, why)))?;
        end(c, o)
    });
    e.register_fn("lose", |c: &mut Ctx, p: i64, why: &str| {
        let o = read(c, |_, t, _| Ok(Outcome::lose(t, player(t, p)?, why)))?;
        end(c, o)
    });
    e.register_fn("draw", |c: &mut Ctx, why: &str| {
        let o = read(c, |_, t, _| Ok(Outcome::draw(t, why)))?;
        end(c, o)
    });
    e.register_fn("end_by_score", |c: &mut Ctx, high_wins: bool, why: &str| {
        let o = read(c, |_, t, s| {
            Ok(Outcome::by_scores(t, s.scores(), high_wins, why))
        })?;
        end(c, o)
    });

    // ---- the move in after_move(s, m)
    let loc_cell = |m: &MoveRef, l: Option<Loc>| -> i64 {
        match l {
            Some(l) if m.0.shape != Shape::Pass => l.index() as i64,
            _ => -1,
        }
    };
    e.register_get("from", move |m: &mut MoveRef| loc_cell(m, m.0.from()));
    e.register_get("to", move |m: &mut MoveRef| loc_cell(m, m.0.to()));
    e.register_get("captures", |m: &mut MoveRef| m.0.captured() as i64);
    e.register_get("is_pass", |m: &mut MoveRef| m.0.shape == Shape::Pass);
    e.register_get("is_place", |m: &mut MoveRef| {
        matches!(m.0.shape, Shape::Place(_))
    });
    e.register_get("mover", |m: &mut MoveRef| m.1.index() as i64);
    e.register_get("is_roll", |m: &mut MoveRef| {
        matches!(m.0.shape, Shape::Roll(_))
    });
    e.register_get("word", |m: &mut MoveRef| m.2.clone());
    e.register_get("is_choice", |m: &mut MoveRef| {
        matches!(m.0.shape, Shape::Choose(_))
    });
    // The dice of a throw or of a choice (`roll 3 5 6` gives [3, 5, 6]); empty otherwise.
    e.register_get("dice", |m: &mut MoveRef| match m.0.shape {
        Shape::Roll(d) | Shape::Choose(d) => dice_array(d),
        _ => Array::new(),
    });
    // The die a move used up (0 for none).
    e.register_get("die", |m: &mut MoveRef| i64::from(die_used(&m.0)));
    e.register_get("piece", |m: &mut MoveRef| {
        moving_piece(&m.0).map_or(-1, |p| p.index() as i64)
    });
}
