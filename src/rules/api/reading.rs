//! Reading the state: every hook.

#[allow(unused_imports)]
use super::*;

pub(super) fn register(api: &mut Api) {
    def!(
        api,
        "s.turn -> int",
        "The seat to move (0-based).",
        "if s.turn == 0 { ... }",
        |c: &mut Ctx| { read(c, |_, _, s| Ok(s.turn().index() as i64)) }
    );

    def!(
        api,
        "s.players -> int",
        "How many seats the game has.",
        "for p in 0..s.players { ... }",
        |c: &mut Ctx| { read(c, |_, t, _| Ok(t.player_count() as i64)) }
    );

    def!(
        api,
        "s.phase -> string",
        "The current phase's name (`[rules] phases`).",
        "if s.phase == \"place\" { ... }",
        |c: &mut Ctx| {
            read(c, |w, _, s| {
                Ok(w.phase_names.get(s.phase()).cloned().unwrap_or_default())
            })
        }
    );

    def!(
        api,
        "s.round -> int",
        "The current round, from 1.",
        "if s.round < 2 { s.new_round(); }",
        |c: &mut Ctx| { read(c, |_, _, s| Ok(s.round() as i64)) }
    );

    def!(
        api,
        "s.ply -> int",
        "Plies played so far (passes and throws included).",
        "let early = s.ply < 10;",
        |c: &mut Ctx| read(c, |_, _, s| Ok(s.ply() as i64))
    );

    def!(
        api,
        "s.next(p: int) -> int",
        "The seat after seat `p` in turn order.",
        "s.set_turn(s.next(s.turn));",
        |c: &mut Ctx, p: i64| { read(c, |_, t, _| Ok(t.next_seat(player(t, p)?).index() as i64)) }
    );

    def!(
        api,
        "s.seat_name(p: int) -> string",
        "The name of seat `p`.",
        "s.win(p, `${s.seat_name(p)} reached the far row`);",
        |c: &mut Ctx, p: i64| {
            read(c, |_, t, _| Ok(t.seats[player(t, p)?.index()].name.clone()))
        }
    );

    def!(
        api,
        "s.same_team(a: int, b: int) -> bool",
        "Whether seats `a` and `b` are partners (or the same seat).",
        "if s.same_team(p, q) { ... }",
        |c: &mut Ctx, a: i64, b: i64| {
            read(c, |_, t, _| Ok(t.same_team(player(t, a)?, player(t, b)?)))
        }
    );

    def!(
        api,
        "s.score(p: int) -> int",
        "Seat `p`'s score.",
        "if s.score(0) > s.score(1) { ... }",
        |c: &mut Ctx, p: i64| { read(c, |_, t, s| Ok(s.score(player(t, p)?))) }
    );

    def!(
        api,
        "s.get_var(name: string) -> int",
        "A variable of the rules (`[rules] vars`).",
        "let ep = s.get_var(\"ep\");",
        |c: &mut Ctx, name: &str| { read(c, |_, t, s| Ok(s.var(var_index(t, name)?))) }
    );

    def!(
        api,
        "s.option(name: string) -> bool|int|string",
        "The value in force of a house-rule option (`[options]`, `--set`).",
        "if s.option(\"compulsory_capture\") { s.keep_captures(); }",
        |c: &mut Ctx, name: &str| {
            read(c, |w, _, _| {
                w.options.get(name).cloned().ok_or_else(|| {
                    let names: Vec<&str> = w.options.keys().map(String::as_str).collect();
                    rt(format!(
                        "`{name}` is not an option of this game (options: {})",
                        names.join(", ")
                    ))
                })
            })
        }
    );

    def!(
        api,
        "s.cell(name: string) -> int",
        "The cell named `name`, or -1 if there is none. Cells are numbers from 0 to `s.cell_count() - 1`, in the order the board makes them: a grid rank by rank from a1 (a1 = 0, b1 = 1, ...), cells it leaves out (`removed`, `only`) taking no number, so later numbers close up; listed cells in the order listed; a numbered board's `1..N` as 0 to N-1. Ask for cells by name rather than counting.",
        "let e1 = s.cell(\"e1\");",
        |c: &mut Ctx, name: &str| {
            read(c, |_, t, _| {
                Ok(t.board.cell(name).map_or(-1, |x| x.index() as i64))
            })
        }
    );

    def!(
        api,
        "s.cell_count() -> int",
        "How many cells the board has: cell numbers run from 0 to one less.",
        "for c in 0..s.cell_count() { ... }",
        |c: &mut Ctx| { read(c, |_, t, _| Ok(t.board.len() as i64)) }
    );

    def!(
        api,
        "s.board_key() -> int",
        "A key of the pieces on the board alone (not the seat to move, the zones or the vars): equal keys, the same board; for a script's own repetition or ko rule.",
        "let seen = s.board_key();",
        |c: &mut Ctx| { read(c, |_, t, s| Ok(s.board_key(t) as i64)) }
    );

    def!(
        api,
        "s.cell_name(c: int) -> string",
        "The name of cell `c`.",
        "let to = s.cell_name(m.to);",
        |c: &mut Ctx, id: i64| { read(c, |_, t, _| Ok(t.board.name(cell(t, id)?).to_string())) }
    );

    def!(
        api,
        "s.top(c: int) -> int",
        "The top piece of cell `c` (a piece number), or -1 when it is empty.",
        "let p = s.top(c); if p >= 0 && s.owner(p) == s.turn { ... }",
        |c: &mut Ctx, id: i64| {
            read(c, |_, t, s| {
                Ok(s.top(cell(t, id)?.into()).map_or(-1, |p| p.index() as i64))
            })
        }
    );

    def!(
        api,
        "s.facing(c: int) -> string",
        "How the top piece of cell `c` stands: `\"up\"` (upright, or a kind without `facings`), the direction it lies pointing along (`\"ne\"`), or `\"\"` for an empty cell.",
        "if s.facing(m.to) != \"up\" { /* it lies pointing: it can be taken */ }",
        |c: &mut Ctx, id: i64| {
            read(c, |_, t, s| {
                Ok(match s.top(cell(t, id)?.into()) {
                    None => String::new(),
                    Some(p) => t
                        .facing_name(crate::engine::Facing::of(t.info(p).facing))
                        .to_string(),
                })
            })
        }
    );

    def!(
        api,
        "s.height(c: int) -> int",
        "How many pieces cell `c` holds.",
        "if s.height(c) > 0 { ... }",
        |c: &mut Ctx, id: i64| { read(c, |_, t, s| Ok(s.stack(cell(t, id)?.into()).len() as i64)) }
    );

    def!(
        api,
        "s.stack(c: int) -> array",
        "The pieces of cell `c`, bottom first.",
        "for p in s.stack(c) { ... }",
        |c: &mut Ctx, id: i64| {
            read(c, |_, t, s| {
                Ok(s.stack(cell(t, id)?.into())
                    .iter()
                    .map(|p| Dynamic::from(p.index() as i64))
                    .collect::<Array>())
            })
        }
    );

    def!(
        api,
        "s.stack_pips(c: int) -> int",
        "The pips of every piece of cell `c` together.",
        "let worth = s.stack_pips(c);",
        |c: &mut Ctx, id: i64| {
            read(c, |_, t, s| {
                Ok(s.stack(cell(t, id)?.into())
                    .iter()
                    .map(|p| t.info(*p).size)
                    .sum::<i64>())
            })
        }
    );

    def!(
        api,
        "s.size(piece: int) -> int",
        "A piece's size in pips (`[pieces.X] size`).",
        "let pips = s.size(s.top(c));",
        |c: &mut Ctx, p: i64| { read(c, |_, t, _| Ok(t.info(piece(t, p)?).size)) }
    );

    def!(
        api,
        "s.owner(piece: int) -> int",
        "A piece's seat, or -1 for a neutral piece.",
        "if s.owner(s.top(c)) == s.turn { ... }",
        |c: &mut Ctx, p: i64| {
            read(c, |_, t, _| {
                Ok(t.info(piece(t, p)?).owner.map_or(-1, |o| o.index() as i64))
            })
        }
    );

    def!(
        api,
        "s.kind(piece: int) -> string",
        "A piece's kind, as `[pieces]` keys it: its letter (`\"P\"`) or name (`\"Cannon\"`), with `~` for a promoted form (`\"Q~\"`).",
        "if s.kind(m.piece) == \"P\" { ... }",
        |c: &mut Ctx, p: i64| { read(c, |_, t, _| { Ok(t.kind_key(t.info(piece(t, p)?).kind)) }) }
    );

    def!(
        api,
        "s.colour(piece: int) -> string",
        "A piece's colour apart from its owner (`[pieces.X] colours`): its name (`\"red\"`), or `\"\"` for a kind without colours.",
        "if s.colour(s.top(c)) == \"red\" { ... }",
        |c: &mut Ctx, p: i64| {
            read(c, |_, t, _| {
                Ok(t.info(piece(t, p)?)
                    .colour
                    .map_or_else(String::new, |c| t.colours[c.index()].name.clone()))
            })
        }
    );

    def!(
        api,
        "s.role(piece: int) -> string",
        "A piece's role (`[pieces.X] role`, default its name).",
        "if s.role(p) == \"king\" { ... }",
        |c: &mut Ctx, p: i64| {
            read(c, |_, t, _| {
                Ok(t.kinds[t.info(piece(t, p)?).kind.index()].role.clone())
            })
        }
    );

    def!(
        api,
        "s.step(c: int, dir: string) -> int",
        "The cell one step from `c` in direction `dir` (absolute, or relative to the seat to move), or -1 off the board.",
        "let ahead = s.step(c, \"forward\");",
        |c: &mut Ctx, id: i64, dir: &str| {
            read(c, |_, t, s| {
                let from = cell(t, id)?;
                let d = t
                    .board
                    .dir(dir, s.turn().index())
                    .ok_or_else(|| rt(format!("`{dir}` is not a direction of this board")))?;
                Ok(t.board.step(from, d).map_or(-1, |x| x.index() as i64))
            })
        }
    );

    def!(
        api,
        "s.in_region(c: int, region: string) -> bool",
        "Whether cell `c` is in a region (the seat to move's part of a per-seat region).",
        "if s.in_region(m.to, \"goal\") { ... }",
        |c: &mut Ctx, id: i64, name: &str| {
            read(c, |_, t, s| {
                Ok(region(t, name, s.turn())?.contains(cell(t, id)?))
            })
        }
    );

    def!(
        api,
        "s.in_region(c: int, region: string, p: int) -> bool",
        "Whether cell `c` is in seat `p`'s part of a region.",
        "s.in_region(c, \"finish\", 1)",
        |c: &mut Ctx, id: i64, name: &str, p: i64| {
            read(c, |_, t, _| {
                Ok(region(t, name, player(t, p)?)?.contains(cell(t, id)?))
            })
        }
    );

    def!(
        api,
        "s.region(name: string) -> array",
        "The cells of a region (the seat to move's part of a per-seat region).",
        "for c in s.region(\"goal\") { ... }",
        |c: &mut Ctx, name: &str| {
            read(c, |_, t, s| {
                Ok(region(t, name, s.turn())?
                    .iter()
                    .map(|x| Dynamic::from(x.index() as i64))
                    .collect::<Array>())
            })
        }
    );

    def!(
        api,
        "s.region(name: string, p: int) -> array",
        "The cells of seat `p`'s part of a region.",
        "s.region(\"home\", p)",
        |c: &mut Ctx, name: &str, p: i64| {
            read(c, |_, t, _| {
                Ok(region(t, name, player(t, p)?)?
                    .iter()
                    .map(|x| Dynamic::from(x.index() as i64))
                    .collect::<Array>())
            })
        }
    );

    def!(
        api,
        "s.zone(name: string) -> int",
        "The location number of a zone (the seat to move's, for a per-seat zone), for `add_place`.",
        "let hand = s.zone(\"hand\");",
        |c: &mut Ctx, name: &str| {
            read(c, |_, t, s| Ok(zone(t, name, s.turn())?.index() as i64))
        }
    );

    def!(
        api,
        "s.zone(name: string, p: int) -> int",
        "The location number of seat `p`'s instance of a zone.",
        "let bar = s.zone(\"bar\", 1);",
        |c: &mut Ctx, name: &str, p: i64| {
            read(
                c,
                |_, t, _| Ok(zone(t, name, player(t, p)?)?.index() as i64),
            )
        }
    );

    def!(
        api,
        "s.ray(c: int, dir: string) -> array",
        "Every cell from `c` (not included) to the edge in direction `dir`.",
        "for x in s.ray(c, \"n\") { ... }",
        |c: &mut Ctx, id: i64, dir: &str| {
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
        }
    );

    def!(
        api,
        "s.zone_count(zone: string) -> int",
        "How many pieces a zone holds (the seat to move's, for a per-seat zone).",
        "if s.zone_count(\"stash\") == 0 { s.set_phase(\"jump\"); }",
        |c: &mut Ctx, name: &str| {
            read(c, |_, t, s| {
                Ok(s.stack(zone(t, name, s.turn())?).len() as i64)
            })
        }
    );

    def!(
        api,
        "s.zone_count(zone: string, p: int) -> int",
        "How many pieces seat `p`'s instance of a zone holds.",
        "s.zone_count(\"off\", p) == 15",
        |c: &mut Ctx, name: &str, p: i64| {
            read(c, |_, t, s| {
                Ok(s.stack(zone(t, name, player(t, p)?)?).len() as i64)
            })
        }
    );

    def!(
        api,
        "s.board_pieces() -> int",
        "How many pieces are on the board.",
        "if s.board_pieces() == 2 { s.draw(\"two kings\"); }",
        |c: &mut Ctx| {
            read(c, |_, t, s| {
                Ok(t.board
                    .cells()
                    .map(|x| s.stack(x.into()).len() as i64)
                    .sum::<i64>())
            })
        }
    );

    def!(
        api,
        "s.board_pips() -> int",
        "The pips of every piece on the board together.",
        "let total = s.board_pips();",
        |c: &mut Ctx| {
            read(c, |_, t, s| {
                Ok(t.board
                    .cells()
                    .flat_map(|x| s.stack(x.into()).iter())
                    .map(|p| t.info(*p).size)
                    .sum::<i64>())
            })
        }
    );

    def!(
        api,
        "s.pieces_of(p: int) -> int",
        "How many of seat `p`'s pieces are on the board (under others too).",
        "if s.pieces_of(p) == 0 { s.lose(p, \"no pieces left\"); }",
        |c: &mut Ctx, p: i64| {
            read(c, |_, t, s| {
                let who = player(t, p)?;
                Ok(i64::from(crate::engine::situation::pieces_on_board(
                    t, s, who,
                )))
            })
        }
    );

    def!(
        api,
        "s.count_tops(p: int) -> int",
        "How many cells have one of seat `p`'s pieces on top.",
        "s.count_tops(p)",
        |c: &mut Ctx, p: i64| {
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
        }
    );

    def!(
        api,
        "s.count_tops(p: int, region: string) -> int",
        "How many cells of seat `p`'s part of a region have one of its pieces on top.",
        "s.count_tops(p, \"finish\")",
        |c: &mut Ctx, p: i64, name: &str| {
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
        }
    );

    def!(
        api,
        "s.count_stacks(p: int, region: string, kinds: string) -> int",
        "How many cells of seat `p`'s part of a region hold exactly seat `p`'s pieces of these kinds, bottom first: letters run together (`\"SML\"`), names in angle brackets or apart (`\"<Cannon>P\"`, `\"Cannon Horse\"`).",
        "s.count_stacks(p, \"finish\", \"SML\") == 4",
        |c: &mut Ctx, p: i64, name: &str, kinds: &str| {
            read(c, |_, t, s| {
                let who = player(t, p)?;
                let want = t.kinds_of(kinds).map_err(rt)?;
                // The seat's pieces of these kinds, whatever their colour or facing.
                let exactly = |stack: &[Piece]| {
                    stack.len() == want.len()
                        && stack.iter().zip(&want).all(|(p, k)| {
                            let i = t.info(*p);
                            i.kind == *k && i.owner == Some(who)
                        })
                };
                Ok(region(t, name, who)?
                    .iter()
                    .filter(|x| exactly(s.stack((*x).into())))
                    .count() as i64)
            })
        }
    );

    def!(
        api,
        "s.pips_of(p: int) -> int",
        "The pips of every piece of seat `p` on the board.",
        "s.pips_of(0) - s.pips_of(1)",
        |c: &mut Ctx, p: i64| {
            read(c, |_, t, s| {
                let who = player(t, p)?;
                Ok(t.board
                    .cells()
                    .flat_map(|x| s.stack(x.into()).iter())
                    .filter(|q| t.info(**q).owner == Some(who))
                    .map(|q| t.info(*q).size)
                    .sum::<i64>())
            })
        }
    );

    def!(
        api,
        "s.distance_sum(p: int, region: string) -> int",
        "The board distances of seat `p`'s pieces to its part of a region, added up (for `evaluate`).",
        "-s.distance_sum(p, \"finish\")",
        |c: &mut Ctx, p: i64, name: &str| {
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
        }
    );

    def!(
        api,
        "s.held_down(p: int) -> array",
        "The cells where a piece of seat `p` lies under another seat's top piece.",
        "if s.held_down(p).len() > 0 { ... }",
        |c: &mut Ctx, p: i64| {
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
        }
    );

    def!(
        api,
        "s.dice -> array",
        "The dice thrown this turn and not yet used.",
        "for d in s.dice { ... }",
        |c: &mut Ctx| { read(c, |_, _, s| Ok(dice_array(s.dice()))) }
    );

    def!(
        api,
        "s.dice_left -> int",
        "How many dice of this turn are still to use.",
        "if s.dice_left == 0 { s.add_word(\"roll\"); }",
        |c: &mut Ctx| { read(c, |_, _, s| Ok(s.dice().len() as i64)) }
    );

    def!(
        api,
        "s.count(kinds: string, p: int, place: string) -> int",
        "How many pieces of these kinds (`\"QR\"`; `\"\"` for any) seat `p` has (-1: neutral pieces) in a region (its part of a per-seat one) or a zone (its instance of a per-seat one), under others too.",
        "if s.count(\"Q\", me, \"zone\") == 0 { s.lose(me, \"no queen in the zone\"); }",
        |c: &mut Ctx, kinds: &str, p: i64, place: &str| {
            read(c, |_, t, s| {
                let mask = kind_mask_of(t, kinds)?;
                count_in(t, s, p, place, |i| mask & (1 << i.kind.index()) != 0)
            })
        }
    );

    def!(
        api,
        "s.count_colour(colour: string, p: int, place: string) -> int",
        "How many pieces of a colour (`[pieces.X] colours`) seat `p` has (-1: neutral pieces) in a region (its part of a per-seat one) or a zone (its instance of a per-seat one), under others too: the ships of a colour in a system.",
        "if s.count_colour(\"green\", me, \"captured\") >= 3 { ... }",
        |c: &mut Ctx, colour: &str, p: i64, place: &str| {
            read(c, |_, t, s| {
                let Some(want) = t.colour_named(colour) else {
                    let names: Vec<&str> = t.colours.iter().map(|c| c.name.as_str()).collect();
                    return Err(rt(format!(
                        "`{colour}` is not a colour of this game (colours: {})",
                        if names.is_empty() {
                            "none".to_string()
                        } else {
                            names.join(" ")
                        }
                    )));
                };
                count_in(t, s, p, place, |i| i.colour == Some(want))
            })
        }
    );

    def!(
        api,
        "s.linked(a: int, b: int) -> bool",
        "On a star map (`[board.systems]`): whether the systems on cells `a` and `b` are linked (by `link`: their stars share no size); false for a cell that is no system, or off a star map.",
        "for c in 0..s.cell_count() { if s.linked(home, c) { /* a ship at home may fly there */ } }",
        |c: &mut Ctx, a: i64, b: i64| {
            read(c, |_, t, s| {
                let (a, b) = (cell(t, a)?, cell(t, b)?);
                Ok(t.systems.as_ref().is_some_and(|sys| {
                    a != b
                        && crate::engine::systems::links(
                            sys.link,
                            crate::engine::systems::star_sizes(t, s, a),
                            crate::engine::systems::star_sizes(t, s, b),
                        )
                }))
            })
        }
    );

    def!(
        api,
        "s.has_power(c: int, colour: string, p: int) -> bool",
        "Whether seat `p` has a colour's power on cell `c` (a generator's `power`): an unowned piece of that colour there (a star), or one of `p`'s own.",
        "if s.has_power(c, \"red\", me) { /* an attack is possible there */ }",
        |c: &mut Ctx, at: i64, colour: &str, p: i64| {
            read(c, |_, t, s| {
                let at = cell(t, at)?;
                let p = player(t, p)?;
                let Some(want) = t.colour_named(colour) else {
                    return Err(rt(format!("`{colour}` is not a colour of this game")));
                };
                Ok(crate::engine::generators::has_power(
                    t,
                    s,
                    at.into(),
                    want,
                    p,
                ))
            })
        }
    );

    def!(
        api,
        "s.zone_pieces(zone: string) -> array",
        "The pieces in a zone (the seat to move's instance of a per-seat one), smallest first.",
        "for p in s.zone_pieces(\"hand\") { ... }",
        |c: &mut Ctx, name: &str| {
            read(c, |_, t, s| {
                Ok(s.stack(zone(t, name, s.turn())?)
                    .iter()
                    .map(|p| Dynamic::from(p.index() as i64))
                    .collect::<Array>())
            })
        }
    );

    def!(
        api,
        "s.zone_pieces(zone: string, p: int) -> array",
        "The pieces in seat `p`'s instance of a zone.",
        "s.zone_pieces(\"hand\", 1)",
        |c: &mut Ctx, name: &str, p: i64| {
            read(c, |_, t, s| {
                Ok(s.stack(zone(t, name, player(t, p)?)?)
                    .iter()
                    .map(|p| Dynamic::from(p.index() as i64))
                    .collect::<Array>())
            })
        }
    );

    def!(
        api,
        "s.repetitions -> int",
        "How many times the current position has occurred, this time included (pieces, player to move, phase, round, the vars that count).",
        "if s.repetitions >= 4 { ... }",
        |c: &mut Ctx| {
            read(c, |_, t, s| {
                let key = s.position_key(t);
                Ok(s.history().iter().filter(|h| h.key == key).count().max(1) as i64)
            })
        }
    );

    def!(
        api,
        "s.history(n: int) -> array",
        "The last `n` positions, newest first, each a map `#{mover, flag, key}`: the seat whose ply led to it, the flag the script set on that ply (`s.set_flag`), and the position's key (equal keys: the same position).",
        "for h in s.history(8) { if h.mover == p && h.flag == 0 { ... } }",
        |c: &mut Ctx, n: i64| {
            read(c, |_, _, s| {
                let n = usize::try_from(n).unwrap_or(0);
                Ok(s.history()
                    .iter()
                    .rev()
                    .take(n)
                    .map(|h| {
                        let mut m = rhai::Map::new();
                        m.insert("mover".into(), Dynamic::from(h.mover.index() as i64));
                        m.insert("flag".into(), Dynamic::from(h.flag));
                        m.insert("key".into(), Dynamic::from(h.key as i64));
                        Dynamic::from(m)
                    })
                    .collect::<Array>())
            })
        }
    );

    def!(
        api,
        "s.passes -> int",
        "How many passes in a row have just been made.",
        "if s.passes >= 2 { ... }",
        |c: &mut Ctx| { read(c, |_, _, s| Ok(i64::from(s.passes()))) }
    );

    def!(
        api,
        "s.area(p: int, dirs: array) -> int",
        "Seat `p`'s area (area scoring): its pieces on the board, and every empty region (empty cells connected along `dirs`) that touches only its pieces.",
        "let black = s.area(0, [\"n\", \"e\", \"s\", \"w\"]);",
        |c: &mut Ctx, p: i64, dirs: Array| {
            read(c, |_, t, s| {
                let who = player(t, p)?;
                let dirs =
                    dirs.iter()
                        .map(|d| {
                            let name = d.clone().into_immutable_string().map_err(|ty| {
                                rt(format!("expected direction names, found {ty}"))
                            })?;
                            t.board.dir(&name, who.index()).ok_or_else(|| {
                                rt(format!("`{name}` is not a direction of this board"))
                            })
                        })
                        .collect::<R<Vec<_>>>()?;
                Ok(crate::engine::groups::area(t, s, who, &dirs))
            })
        }
    );
}

/// How many pieces seat `p` (-1: neutral pieces) has in a region or a zone (its part or
/// instance, or the seat to move's for neutral pieces) that satisfy `want`.
fn count_in(
    t: &Tables,
    s: &State,
    p: i64,
    place: &str,
    want: impl Fn(crate::engine::PieceInfo) -> bool,
) -> R<i64> {
    let owner = if p < 0 { None } else { Some(player(t, p)?) };
    let seat = owner.unwrap_or(s.turn());
    Ok(places(t, place, seat)?
        .iter()
        .flat_map(|l| s.stack(*l).iter())
        .filter(|q| {
            let i = t.info(**q);
            i.owner == owner && want(i)
        })
        .count() as i64)
}
