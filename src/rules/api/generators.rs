//! Generating moves: the `moves` hook only.

#[allow(unused_imports)]
use super::*;

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
    crate::engine::dice_turn::throws(t, s, count, out);
    Ok(())
}

pub(super) fn register(api: &mut Api) {
    def!(
        api,
        "s.gen(name: string)",
        "Adds every move of the generator `[generators.NAME]` for the seat to move.",
        "fn moves(s) { s.gen(\"step\"); s.gen(\"jump\"); }",
        |c: &mut Ctx, name: &str| {
            generate(c, |t, s, out| {
                let i = generator(t, name)?;
                crate::engine::generators::generate(
                    &attack::ctx(t, s, s.turn()),
                    &t.generators[i],
                    out,
                );
                Ok(())
            })
        }
    );

    def!(
        api,
        "s.gen_from(name: string, c: int)",
        "Adds the moves of a generator that start on cell `c`.",
        "s.gen_from(\"jump\", s.get_var(\"jumper\"));",
        |c: &mut Ctx, name: &str, id: i64| {
            generate(c, |t, s, out| {
                let i = generator(t, name)?;
                crate::engine::generators::generate(
                    &attack::ctx(t, s, s.turn()).only(Some(cell(t, id)?)),
                    &t.generators[i],
                    out,
                );
                Ok(())
            })
        }
    );

    def!(
        api,
        "s.add_move(from: int, to: int) -> int",
        "Adds a move of the top piece of `from` to `to` and returns its index, for `move_also`, `move_take`, `move_promote`.",
        "let i = s.add_move(e1, g1); s.move_also(i, h1, f1);",
        |c: &mut Ctx, from: i64, to: i64| {
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
        }
    );

    def!(
        api,
        "s.add_place(zone: int, piece: int, to: int) -> int",
        "Adds a placement of `piece` from a zone location (`s.zone(...)`) onto cell `to` and returns its index, so the same move can also move, take, turn or promote other pieces (`move_also`, `move_take`, `move_convert`, `move_promote`): one ply, one undo.",
        "let i = s.add_place(s.zone(\"hand\"), p, c); s.move_convert(i, s.step(c, \"n\"));",
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
                Ok(out.len() as i64 - 1)
            })
        }
    );

    def!(
        api,
        "s.gen_rolls()",
        "Adds every throw of the game's dice (`[dice]`): moves made by chance, weighted by how many ordered throws give them.",
        "if s.dice_left == 0 { s.gen_rolls(); return; }",
        |c: &mut Ctx| { generate(c, |t, s, out| rolls(t, s, None, out)) }
    );

    def!(
        api,
        "s.gen_rolls(n: int)",
        "Adds every throw of `n` of the game's dice.",
        "s.gen_rolls(1);",
        |c: &mut Ctx, n: i64| { generate(c, |t, s, out| rolls(t, s, Some(n), out)) }
    );

    // A move that keeps only the given dice (`use 3 5`): picking two of three.
    def!(
        api,
        "s.add_choice(dice: array) -> int",
        "Adds a move that keeps only these dice of a throw (`use 3 5`).",
        "s.add_choice([3, 5]);",
        |c: &mut Ctx, dice: Array| {
            generate(c, |_, s, out| {
                out.push(crate::engine::dice_turn::choice(s, dice_of(&dice)?));
                Ok(out.len() as i64 - 1)
            })
        }
    );

    // A move that is a word of the game (`[rules] words`): `double`, `take`, `drop`.
    def!(
        api,
        "s.add_word(word: string) -> int",
        "Adds a move that is one of the game's words (`[rules] words`: `double`, `roll`...).",
        "s.add_word(\"double\");",
        |c: &mut Ctx, word: &str| {
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
        }
    );

    // The moves of a track generator with one die value only (the dice used in order).
    def!(
        api,
        "s.gen_die(name: string, die: int)",
        "Adds the moves of a track generator with one die value only (dice used in order).",
        "s.gen_die(\"run\", s.dice[0]);",
        |c: &mut Ctx, name: &str, die: i64| {
            generate(c, |t, s, out| {
                let i = generator(t, name)?;
                let pat = &t.generators[i];
                let crate::engine::generators::Kind::Track(tm) = &pat.kind else {
                    return Err(rt(format!("`{name}` is not a track generator")));
                };
                let v = u8::try_from(die).map_err(|_| rt(format!("{die} is not a die")))?;
                crate::engine::generators::track::generate(t, s, pat, tm, s.turn(), Some(v), out);
                Ok(())
            })
        }
    );

    def!(
        api,
        "s.add_pass()",
        "Adds a pass.",
        "if s.move_count() == 0 { s.add_pass(); }",
        |c: &mut Ctx| {
            generate(c, |_, _, out| {
                out.push(Move::pass());
                Ok(())
            })
        }
    );
}
