//! Editing the move list being built: the `moves` hook only.

#[allow(unused_imports)]
use super::*;

pub(super) fn register(api: &mut Api) {
    def!(
        api,
        "s.move_count() -> int",
        "How many moves the list holds so far.",
        "let i = s.move_count() - 1;",
        |c: &mut Ctx| { with_list(c, "move_count", |out| Ok(out.len() as i64)) }
    );

    def!(
        api,
        "s.keep_captures()",
        "Keeps only the captures, if there is any (compulsory capture).",
        "if s.option(\"compulsory_capture\") { s.keep_captures(); }",
        |c: &mut Ctx| {
            generate(c, |_, _, out| {
                if out.iter().any(Move::is_capture) {
                    out.retain(Move::is_capture);
                }
                Ok(())
            })
        }
    );

    def!(
        api,
        "s.keep_max_captures()",
        "Keeps only the moves that capture the most pieces.",
        "s.keep_max_captures();",
        |c: &mut Ctx| {
            generate(c, |_, _, out| {
                let best = out.iter().map(Move::captured).max().unwrap_or(0);
                out.retain(|m| m.captured() == best);
                Ok(())
            })
        }
    );

    def!(
        api,
        "s.move_from(i: int) -> int",
        "Where move `i` starts (a cell or zone location), or -1 for a pass; for a placement, its target cell, as for `s.move_to` (`s.move_zone(i)` is the zone its piece comes from).",
        "s.move_from(i)",
        |c: &mut Ctx, i: i64| {
            with_move(c, i, |m| Ok(m.from().map_or(-1, |l| l.index() as i64)))
        }
    );

    def!(
        api,
        "s.move_zone(i: int) -> int",
        "The zone location a placement takes its piece from (`s.move_zone(i) == s.zone(\"hand\")` is a drop from the hand), or -1 for a move that places nothing.",
        "if s.move_zone(i) == s.zone(\"hand\") { ... }",
        |c: &mut Ctx, i: i64| {
            with_move(c, i, |m| {
                let zone = placed(m).map(|(_, z)| z);
                Ok(zone.map_or(-1, |l| l.index() as i64))
            })
        }
    );

    def!(
        api,
        "s.move_to(i: int) -> int",
        "Where move `i` ends, or -1 for a pass.",
        "if s.height(s.move_to(i)) > 0 { ... }",
        |c: &mut Ctx, i: i64| { with_move(c, i, |m| Ok(m.to().map_or(-1, |l| l.index() as i64))) }
    );

    def!(
        api,
        "s.move_path(i: int) -> array",
        "Every location move `i` stands on: its start, then each landing.",
        "s.move_path(i).len()",
        |c: &mut Ctx, i: i64| {
            with_move(c, i, |m| {
                Ok(m.path
                    .iter()
                    .map(|l| Dynamic::from(l.index() as i64))
                    .collect::<Array>())
            })
        }
    );

    def!(
        api,
        "s.move_captures(i: int) -> int",
        "How many pieces move `i` captures.",
        "s.move_captures(i) > 0",
        |c: &mut Ctx, i: i64| { with_move(c, i, |m| Ok(m.captured() as i64)) }
    );

    def!(
        api,
        "s.move_piece(i: int) -> int",
        "The piece move `i` moves, or -1.",
        "s.kind(s.move_piece(i)) == \"K\"",
        |c: &mut Ctx, i: i64| {
            with_move(c, i, |m| {
                Ok(moving_piece(m).map_or(-1, |p| p.index() as i64))
            })
        }
    );

    def!(
        api,
        "s.remove_move(i: int)",
        "Removes move `i` from the list (the later ones move down).",
        "if bad { s.remove_move(i); }",
        |c: &mut Ctx, i: i64| {
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
        }
    );

    def!(
        api,
        "s.move_also(i: int, from: int, to: int)",
        "Adds to move `i` the move of another top piece, `from` to `to` (castling's rook), played after the move's own actions: the piece is the top of `from` as the move leaves it. A part of the move, written after `&` (`e1-g1&h1-f1`).",
        "s.move_also(i, h1, f1);",
        |c: &mut Ctx, i: i64, from: i64, to: i64| {
            generate(c, |t, s, out| {
                let (from, to) = (loc(t, from)?, loc(t, to)?);
                let m = move_mut(out, i)?;
                let piece = top_after(t, s, m, from)
                    .ok_or_else(|| rt(format!("{} is empty", t.loc_name(from))))?;
                m.add_part(false, &[Action::Transfer { piece, from, to }]);
                Ok(())
            })
        }
    );

    def!(
        api,
        "s.move_take(i: int, c: int, zone: string)",
        "Adds to move `i` the capture of cell `c`'s pieces into a zone (the mover's, for a per-seat zone) (en passant), played before the move's own actions: the pieces are those on `c` before the move, so `c` must not be empty now (a piece the move brings there cannot be taken by it). A part of the move, written after `&` (`e5:d6&xd5`).",
        "s.move_take(i, s.step(m.to, \"backward\"), \"captured\");",
        |c: &mut Ctx, i: i64, id: i64, zone_name: &str| {
            generate(c, |t, s, out| {
                let at = loc(t, id)?;
                let z = zone(t, zone_name, s.turn())?;
                let m = move_mut(out, i)?;
                let stack = s.stack(at).to_vec();
                if stack.is_empty() {
                    return Err(rt(format!(
                        "{} is empty: nothing to take (a take is played before the move; a piece the move brings there is taken from after_move, with s.take)",
                        t.loc_name(at)
                    )));
                }
                // Captures go first, as in generated moves, so the cell is clear for a landing.
                let takes: Vec<Action> = stack
                    .iter()
                    .rev()
                    .map(|&p| Action::Transfer {
                        piece: p,
                        from: at,
                        to: z,
                    })
                    .collect();
                m.add_part(true, &takes);
                m.taken = m
                    .taken
                    .saturating_add(u16::try_from(stack.len()).unwrap_or(u16::MAX));
                // Checked here, at the script's line, rather than when the move is played:
                // taking the cell the move starts from leaves it nothing to carry.
                let mut scratch = s.clone();
                if crate::engine::apply_actions(t, &mut scratch, &m.actions) < m.actions.len() {
                    return Err(rt(format!(
                        "taking the pieces of {} before the move's own actions leaves the move unable to play (it starts there, or moves a piece from there): to take a piece the move leaves or brings there, use s.take in after_move",
                        t.loc_name(at)
                    )));
                }
                Ok(())
            })
        }
    );

    def!(
        api,
        "s.move_promote(i: int, kind: string)",
        "Makes the piece at the end of move `i` become a piece of another kind, of the same owner (written `=Q`).",
        "s.move_promote(i, \"Q\");",
        |c: &mut Ctx, i: i64, kind: &str| {
            generate(c, |t, s, out| {
                let k = kind_of(t, kind)?;
                let m = move_mut(out, i)?;
                let at = m.to().ok_or_else(|| rt("a pass cannot promote"))?;
                let (old, new) = recast_after(t, s, m, at, Some(k), None)?;
                // After a part, the promotion goes at the end with the parts (its text is
                // the suffix); before any, it is the first part's.
                if m.parts() == (0, 0) {
                    m.actions.push(Action::Replace { at, old, new });
                } else {
                    m.add_part(false, &[Action::Replace { at, old, new }]);
                }
                m.suffix = Some(k);
                Ok(())
            })
        }
    );

    def!(
        api,
        "s.count_from(cells: array) -> int",
        "How many moves start on one of these cells.",
        "if s.count_from(cells) > 0 { s.keep_from(cells); }",
        |c: &mut Ctx, cells: Array| {
            generate(c, |t, _, out| {
                let from = locs(t, &cells)?;
                Ok(out
                    .iter()
                    .filter(|m| m.from().is_some_and(|l| from.contains(&l)))
                    .count() as i64)
            })
        }
    );

    def!(
        api,
        "s.keep_from(cells: array) -> int",
        "Keeps only the moves that start on one of these cells; returns how many are left.",
        "s.keep_from(frozen_by(s, x, me));",
        |c: &mut Ctx, cells: Array| {
            generate(c, |t, _, out| {
                let from = locs(t, &cells)?;
                out.retain(|m| m.from().is_some_and(|l| from.contains(&l)));
                Ok(out.len() as i64)
            })
        }
    );

    def!(
        api,
        "s.keep_die(v: int) -> int",
        "Keeps only the moves that use a die showing `v`, and those that use no die; returns how many are left.",
        "if s.get_var(\"again\") == 1 { s.keep_die(s.dice[0]); }",
        |c: &mut Ctx, v: i64| {
            generate(c, |_, _, out| {
                out.retain(|m| {
                    let d = crate::engine::dice_turn::die_used(m);
                    d == 0 || i64::from(d) == v
                });
                Ok(out.len() as i64)
            })
        }
    );

    def!(
        api,
        "s.try_move(i: int)",
        "Plays move `i` on a copy of the state that every read then sees, until `undo_try` (the turn does not pass). Generators and list changes meanwhile build on that copy and go into the same list: take such moves out again before `moves` returns (one that does not fit the real position is an error there). For a look-ahead with a list of its own, use `s.after(i)`.",
        "s.try_move(i); let bad = stuck(s, x); s.undo_try();",
        |c: &mut Ctx, i: i64| try_move(c, i)
    );

    def!(
        api,
        "s.keep_safe(royal: string, gens: array) -> int",
        "Keeps only the moves after which no opponent could move onto the mover's royal piece with these generators (no moving into check); returns how many are left.",
        "s.keep_safe(\"K\", attackers());",
        |c: &mut Ctx, royal: &str, gens: Array| {
            generate(c, |t, s, out| {
                let kind = kind_of(t, royal)?;
                let pats = generator_indices(t, &gens)?;
                crate::engine::attack::keep_safe(t, s, out, s.turn(), kind, &pats);
                Ok(out.len() as i64)
            })
        }
    );

    def!(
        api,
        "s.undo_try()",
        "Takes back the last `try_move`.",
        "s.undo_try();",
        |c: &mut Ctx| {
            let undone = match &c.1 {
                Some(a) => a.borrow_mut().tries.pop().is_some(),
                None => c.0.borrow_mut().lookahead.pop().is_some(),
            };
            if undone {
                Ok(())
            } else {
                Err(rt("undo_try without a try_move"))
            }
        }
    );

    // Backgammon's rule: keep only the moves after which the most dice can be used in all
    // (trying every order natively with the generators given); with `larger`, when only one
    // die can be used, it must be the larger one if it can.
    def!(
        api,
        "s.keep_max_dice(gens: array, larger: bool) -> int",
        "Keeps only the moves after which the most dice can be used in all; with `larger`, when only one die can be used it must be the larger one (backgammon).",
        "s.keep_max_dice([\"run\"], true);",
        |c: &mut Ctx, gens: Array, larger: bool| {
            generate(c, |t, s, out| {
                let pats = generator_indices(t, &gens)?;
                crate::engine::dice_turn::keep_most_dice(t, s, out, &pats, larger);
                Ok(out.len() as i64)
            })
        }
    );

    def!(
        api,
        "s.move_convert(i: int, c: int)",
        "Makes move `i` also turn the top piece of cell `c` (as the move leaves it) to the mover's side, same kind. A part of the move, written after `&` (`S@b1&c1=aS`).",
        "s.move_convert(i, s.step(s.move_to(i), \"n\"));",
        |c: &mut Ctx, i: i64, id: i64| {
            generate(c, |t, s, out| {
                let at = cell(t, id)?.into();
                let me = s.turn();
                let m = move_mut(out, i)?;
                let (old, new) = recast_after(t, s, m, at, None, Some(Some(me)))?;
                if new != old {
                    m.add_part(false, &[Action::Replace { at, old, new }]);
                }
                Ok(())
            })
        }
    );

    def!(
        api,
        "s.move_change(i: int, c: int, kind: string)",
        "Makes move `i` also change the top piece of cell `c` (as the move leaves it) into a piece of another kind, keeping its owner, its colour and its facing where the new kind has them: several pieces changed by one move, each a part written after `&` (`c3[ne]&d4=aL[e]`).",
        "for c in s.ray(s.move_to(i), \"n\") { if s.height(c) > 0 { s.move_change(i, c, \"L\"); } }",
        |c: &mut Ctx, i: i64, id: i64, kind: &str| {
            generate(c, |t, s, out| {
                let k = kind_of(t, kind)?;
                let at = cell(t, id)?.into();
                let m = move_mut(out, i)?;
                let (old, new) = recast_after(t, s, m, at, Some(k), None)?;
                if new != old {
                    m.add_part(false, &[Action::Replace { at, old, new }]);
                }
                Ok(())
            })
        }
    );
}

/// The top piece of `at` as move `m` leaves it, and the same piece of another kind and/or
/// owner (`None`: its own), keeping its colour and facing where the new kind has them: what
/// `move_promote`, `move_convert` and `move_change` replace it with.
fn recast_after(
    t: &Tables,
    s: &State,
    m: &Move,
    at: Loc,
    kind: Option<crate::engine::KindId>,
    owner: Option<Option<PlayerId>>,
) -> R<(Piece, Piece)> {
    let old = top_after(t, s, m, at)
        .ok_or_else(|| rt(format!("{} is empty after the move", t.loc_name(at))))?;
    let i = t.info(old);
    Ok((
        old,
        t.recast(old, kind.unwrap_or(i.kind), owner.unwrap_or(i.owner)),
    ))
}
