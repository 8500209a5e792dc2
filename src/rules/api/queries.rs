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
}
