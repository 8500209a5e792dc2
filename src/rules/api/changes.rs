//! Changing the state: `after_move`, `outcome`, `no_moves` and `agreed`. Every change goes through the logged transaction, so `undo` restores it.

#[allow(unused_imports)]
use super::*;

pub(super) fn register(api: &mut Api) {
    def!(
        api,
        "s.set_dice(dice: array)",
        "Replaces the dice left this turn (doubles played four times).",
        "s.set_dice([d, d, d, d]);",
        |c: &mut Ctx, dice: Array| {
            change(c, "set_dice", |_, _, tx| {
                tx.set_dice(dice_of(&dice)?);
                Ok(())
            })
        }
    );

    def!(
        api,
        "s.set_phase(name: string)",
        "Moves the game to another phase.",
        "if s.zone_count(\"stash\") == 0 { s.set_phase(\"jump\"); }",
        |c: &mut Ctx, name: &str| {
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
        }
    );

    def!(
        api,
        "s.set_turn(p: int)",
        "Chooses who moves next (instead of the next seat).",
        "s.set_turn(winner);",
        |c: &mut Ctx, p: i64| {
            let r = change(c, "set_turn", |_, t, tx| {
                tx.set_turn(player(t, p)?);
                Ok(())
            });
            if r.is_ok() {
                c.0.borrow_mut().turn_set = true;
            }
            r
        }
    );

    def!(
        api,
        "s.again()",
        "The seat that just moved moves again.",
        "if m.captures > 0 { s.again(); }",
        |c: &mut Ctx| -> R<()> {
            change(c, "again", |_, _, _| Ok(()))?;
            c.0.borrow_mut().turn_set = true;
            Ok(())
        }
    );

    def!(
        api,
        "s.set_var(name: string, v: int)",
        "Sets a variable of the rules (`[rules] vars`).",
        "s.set_var(\"ep\", 0);",
        |c: &mut Ctx, name: &str, v: i64| {
            change(c, "set_var", |_, t, tx| {
                tx.set_var(var_index(t, name)?, v);
                Ok(())
            })
        }
    );

    def!(
        api,
        "s.add_score(p: int, n: int)",
        "Adds `n` (may be negative) to seat `p`'s score.",
        "s.add_score(m.mover, 1);",
        |c: &mut Ctx, p: i64, d: i64| {
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
        }
    );

    def!(
        api,
        "s.new_round()",
        "Starts the next round: the set-up again, the first phase, the round count up.",
        "if s.round < 2 { s.new_round(); }",
        |c: &mut Ctx| {
            change(c, "new_round", |w, t, tx| {
                let round = tx.s.round();
                tx.set_stacks(t, w.setup.stacks.clone());
                tx.set_round(round.saturating_add(1));
                tx.set_phase(0);
                tx.set_passes(0);
                Ok(())
            })
        }
    );

    def!(
        api,
        "s.convert(c: int, p: int)",
        "Turns the top piece of cell `c` to seat `p`'s side (-1: neutral), same kind.",
        "s.convert(m.to, m.mover);",
        |c: &mut Ctx, id: i64, p: i64| {
            change(c, "convert", |_, t, tx| {
                let at: Loc = cell(t, id)?.into();
                let owner = if p < 0 { None } else { Some(player(t, p)?) };
                let old = tx.s.top(at).ok_or_else(|| {
                    rt(format!("{} is empty: nothing to convert", t.loc_name(at)))
                })?;
                let new = t.recast(old, t.info(old).kind, owner);
                if new != old {
                    tx.act(t, &Action::Replace { at, old, new });
                }
                Ok(())
            })
        }
    );

    def!(
        api,
        "s.take(c: int, zone: string)",
        "Takes every piece of cell `c` off the board into a zone (the mover's, for a per-seat zone; `captured` exists without being declared): a piece the move left unsupported on a trap, a capture found only after the move. Undone with the move.",
        "if s.height(trap) > 0 && !supported(s, trap) { s.take(trap, \"captured\"); }",
        |c: &mut Ctx, id: i64, zone_name: &str| {
            change(c, "take", |_, t, tx| {
                let at: Loc = cell(t, id)?.into();
                let to = zone(t, zone_name, tx.s.turn())?;
                let stack = tx.s.stack(at).to_vec();
                if stack.is_empty() {
                    return Err(rt(format!("{} is empty: nothing to take", t.loc_name(at))));
                }
                for &piece in stack.iter().rev() {
                    tx.act(
                        t,
                        &Action::Transfer {
                            piece,
                            from: at,
                            to,
                        },
                    );
                }
                Ok(())
            })
        }
    );

    def!(
        api,
        "s.shift(from: int, to: int)",
        "Moves the top piece of `from` onto `to` (cells, or zone locations from `s.zone`): a piece pushed or pulled as a consequence of the move. Undone with the move.",
        "s.shift(s.step(m.to, \"n\"), s.step(s.step(m.to, \"n\"), \"n\"));",
        |c: &mut Ctx, from: i64, to: i64| {
            change(c, "shift", |_, t, tx| {
                let (from, to) = (loc(t, from)?, loc(t, to)?);
                let piece = tx
                    .s
                    .top(from)
                    .ok_or_else(|| rt(format!("{} is empty: nothing to move", t.loc_name(from))))?;
                tx.act(t, &Action::Transfer { piece, from, to });
                Ok(())
            })
        }
    );

    def!(
        api,
        "s.set_facing(c: int, facing: string)",
        "Stands the top piece of cell `c` upright (`\"up\"`) or lays it pointing along a direction its kind's `facings` allow (`\"ne\"`): several pieces turned by one move, from `after_move`.",
        "for d in [\"n\", \"e\", \"s\", \"w\"] { let n = s.step(m.to, d); if n >= 0 && s.top(n) >= 0 { s.set_facing(n, \"up\"); } }",
        |c: &mut Ctx, id: i64, facing: &str| {
            change(c, "set_facing", |_, t, tx| {
                let at: Loc = cell(t, id)?.into();
                let old = tx
                    .s
                    .top(at)
                    .ok_or_else(|| rt(format!("{} is empty: nothing to turn", t.loc_name(at))))?;
                let dir = match facing {
                    "up" => None,
                    name => Some(t.board.absolute_dir(name).ok_or_else(|| {
                        rt(format!(
                            "`{name}` is not a direction of this board (or `up`)"
                        ))
                    })?),
                };
                let new = t.face(old, dir).ok_or_else(|| {
                    rt(format!(
                        "a {} may not point `{facing}` (its kind's `facings`)",
                        t.kinds[t.info(old).kind.index()].name
                    ))
                })?;
                if new != old {
                    tx.act(t, &Action::Replace { at, old, new });
                }
                Ok(())
            })
        }
    );

    def!(
        api,
        "s.set_flag(v: int)",
        "Sets this ply's flag, which the history keeps with it (`s.history(n)`): \"this ply gave check\".",
        "if s.royal_attacked(1 - m.mover, \"K\", attackers()) { s.set_flag(1); }",
        |c: &mut Ctx, v: i64| {
            change(c, "set_flag", |_, _, tx| {
                tx.set_flag(v);
                Ok(())
            })
        }
    );
}
