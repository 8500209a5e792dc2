//! Ending the game: `after_move`, `outcome`, `no_moves` and `agreed`.

#[allow(unused_imports)]
use super::*;

pub(super) fn register(api: &mut Api) {
    def!(
        api,
        "s.win(p: int)",
        "Ends the game: seat `p` (and its partners) win.",
        "s.win(p);",
        |c: &mut Ctx, p: i64| {
            let o = read(c, |_, t, _| {
                Ok(Outcome::win(
                    t,
                    player(t, p)?,
                    format!("{} wins", t.seats[p as usize].name),
                ))
            })?;
            end(c, o)
        }
    );

    def!(
        api,
        "s.win(p: int, why: string)",
        "Ends the game won by seat `p` (and its partners), saying why.",
        "s.win(p, \"reached the far row\");",
        |c: &mut Ctx, p: i64, why: &str| {
            let o = read(c, |_, t, _| Ok(Outcome::win(t, player(t, p)?, why)))?;
            end(c, o)
        }
    );

    def!(
        api,
        "s.lose(p: int, why: string)",
        "Ends the game lost by seat `p` (and its partners), saying why.",
        "s.lose(me, \"checkmate\");",
        |c: &mut Ctx, p: i64, why: &str| {
            let o = read(c, |_, t, _| Ok(Outcome::lose(t, player(t, p)?, why)))?;
            end(c, o)
        }
    );

    def!(
        api,
        "s.draw(why: string)",
        "Ends the game drawn, saying why.",
        "s.draw(\"stalemate\");",
        |c: &mut Ctx, why: &str| {
            let o = read(c, |_, t, _| Ok(Outcome::draw(t, why)))?;
            end(c, o)
        }
    );

    def!(
        api,
        "s.game_won(p: int, points: int, why: string)",
        "Seat `p` wins this game, worth `points` times the doubling cube (`[stakes]`). In a match the points go to `p`'s score and the next game starts from the set-up, unless the match is won.",
        "s.game_won(me, 2, \"gammon\");",
        |c: &mut Ctx, p: i64, points: i64, why: &str| -> R<()> {
            change(c, "game_won", |w, t, tx| {
                let winner = player(t, p)?;
                crate::engine::dice_turn::game_won(t, tx, &w.setup, winner, points, why).map_err(rt)
            })?;
            c.0.borrow_mut().turn_set = true;
            Ok(())
        }
    );

    def!(
        api,
        "s.end_by_score(high_wins: bool, why: string)",
        "Ends the game ranking the seats (teams) by score, highest first (or lowest first); equal totals share a place.",
        "s.end_by_score(true, \"more points\");",
        |c: &mut Ctx, high_wins: bool, why: &str| {
            let o = read(c, |_, t, s| {
                Ok(Outcome::by_scores(t, s.scores(), high_wins, why))
            })?;
            end(c, o)
        }
    );
}
