//! The turn of a dice game, run by the engine (`[dice] each_turn`), and what a game is worth
//! (`[stakes]`: the doubling cube, matches to N points).
//!
//! A turn is a series of plies: the doubling decision (`roll` or `double`, answered `take` or
//! `drop`), the throw (a move made by chance), the choice of dice to keep, then one ply per
//! die. Where a turn stands is read off the state ([`stage`]): the dice left and a few vars
//! the engine declares (`cube`, `owner`, `offered`, `rolling`; `opening`, `first_die`;
//! `crawford`), so positions and records need nothing new and undo is the usual log.
//! Scripts see every ply in `after_move` as before and may still add or remove moves.

use super::{Action, Dice, Move, Outcome, PlayerId, Shape, State, Tables, Tx};
use crate::def::{MustUse, Unusable};

/// A compiled `[dice]` table with `each_turn`.
#[derive(Clone, Debug)]
pub struct DiceTurn {
    /// Equal dice are played this many times over.
    pub doubles: u8,
    /// Which dice must be used.
    pub must_use: MustUse,
    /// Dice kept from a throw (`choose`), and the var that is 1 from the throw until the
    /// choice.
    pub choose: Option<(u8, usize)>,
    /// When no die can be used.
    pub unusable: Unusable,
    /// The opening throw's vars (`opening = "one-each"`).
    pub opening: Option<OpeningVars>,
}

/// The vars of the opening throw: its stage (0: the first seat throws; 1: the second; 2:
/// over) and the first seat's die.
#[derive(Clone, Copy, Debug)]
pub struct OpeningVars {
    /// Var index of the stage.
    pub stage: usize,
    /// Var index of the first seat's die.
    pub first_die: usize,
}

/// A compiled `[stakes]` table.
#[derive(Clone, Debug)]
pub struct Stakes {
    /// The doubling cube, when the game has one (its vars exist even when it is switched off,
    /// so positions read the same).
    pub cube: Option<Cube>,
    /// Points that win the match (1: a single game).
    pub match_to: i64,
    /// Var index of the Crawford state, with the Crawford rule.
    pub crawford: Option<usize>,
}

/// Rounds (`[rounds]`): how many, and how the last ends. One round, the higher total winning,
/// when the game names none.
#[derive(Clone, Debug)]
pub struct Rounds {
    /// Rounds in the game (1..=1000).
    pub count: u16,
    /// The higher total wins after the last round (else the lower).
    pub high_wins: bool,
    /// The script function run as each round ends.
    pub at_end: Option<String>,
}

impl Default for Rounds {
    fn default() -> Rounds {
        Rounds {
            count: 1,
            high_wins: true,
            at_end: None,
        }
    }
}

/// The doubling cube: its vars and words.
#[derive(Clone, Copy, Debug)]
pub struct Cube {
    /// In play (`[stakes] cube`, often an option).
    pub on: bool,
    /// Its highest value.
    pub limit: i64,
    /// Var indices: the stakes, who may double (-1: either), a double waiting, the throw
    /// next.
    pub value: usize,
    /// See `value`.
    pub owner: usize,
    /// See `value`.
    pub offered: usize,
    /// See `value`.
    pub rolling: usize,
    /// Word indices of `roll`, `double`, `take`, `drop`.
    pub words: [u8; 4],
}

/// The var names the engine declares, with their starting values.
pub const CUBE_VARS: [(&str, i64); 4] =
    [("cube", 1), ("owner", -1), ("offered", 0), ("rolling", 0)];
/// The opening throw's vars.
pub const OPENING_VARS: [(&str, i64); 2] = [("opening", 0), ("first_die", 0)];
/// The var that is 1 while the dice thrown wait to be chosen (`[dice] choose`).
pub const CHOOSING_VAR: &str = "choosing";
/// The Crawford rule's var.
pub const CRAWFORD_VAR: &str = "crawford";
/// The cube's words, in the order of [`Cube::words`].
pub const CUBE_WORDS: [&str; 4] = ["roll", "double", "take", "drop"];

const ROLL: usize = 0;
const DOUBLE: usize = 1;
const TAKE: usize = 2;
const DROP: usize = 3;

/// Where a turn stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    /// A double waits for `take` or `drop`.
    Answer,
    /// The opening: one die for the seat to move.
    OpeningThrow,
    /// The start of a turn: `roll` or `double`.
    Offer,
    /// The throw.
    Throw,
    /// Keeping some of the dice thrown.
    Choose,
    /// Playing the dice.
    Play,
}

/// Where the turn of the player to move stands.
pub fn stage(t: &Tables, dt: &DiceTurn, s: &State) -> Stage {
    let cube = t.stakes.as_ref().and_then(|st| st.cube);
    if let Some(c) = cube
        && s.var(c.offered) != 0
    {
        return Stage::Answer;
    }
    if s.dice().is_empty() {
        if let Some(o) = dt.opening
            && s.var(o.stage) < 2
        {
            return Stage::OpeningThrow;
        }
        if let Some(c) = cube
            && s.var(c.rolling) == 0
            && may_double(t, c, s, s.turn())
        {
            return Stage::Offer;
        }
        return Stage::Throw;
    }
    match dt.choose {
        Some((_, choosing)) if s.var(choosing) != 0 => Stage::Choose,
        _ => Stage::Play,
    }
}

/// Whether seat `p` may double now: the cube is in play, below its limit, theirs or
/// nobody's, and this is not the Crawford game.
fn may_double(t: &Tables, c: Cube, s: &State, p: PlayerId) -> bool {
    let crawford = t
        .stakes
        .as_ref()
        .and_then(|st| st.crawford)
        .is_some_and(|v| s.var(v) == 1);
    let owner = s.var(c.owner);
    c.on && !crawford && s.var(c.value) < c.limit && (owner == -1 || owner == p.index() as i64)
}

/// The moves of every stage but [`Stage::Play`] (whose moves are the generators'); returns
/// the stage.
pub fn moves(t: &Tables, dt: &DiceTurn, s: &State, out: &mut Vec<Move>) -> Stage {
    let st = stage(t, dt, s);
    let word = |i: usize| -> Option<Move> {
        let c = t.stakes.as_ref()?.cube?;
        let mut m = Move::pass();
        m.shape = Shape::Word(c.words[i]);
        Some(m)
    };
    match st {
        Stage::Answer => out.extend([word(TAKE), word(DROP)].into_iter().flatten()),
        Stage::Offer => out.extend([word(ROLL), word(DOUBLE)].into_iter().flatten()),
        Stage::OpeningThrow => throws(t, s, 1, out),
        Stage::Throw => throws(t, s, t.dice.map_or(0, |d| d.count as usize), out),
        Stage::Choose => choices(dt, s, out),
        Stage::Play => {}
    }
    st
}

/// Every outcome of throwing `count` of the game's dice: moves made by chance, one per
/// distinct throw, weighted by how many ordered throws give it.
pub fn throws(t: &Tables, s: &State, count: usize, out: &mut Vec<Move>) {
    let Some(spec) = t.dice else { return };
    for (d, w) in super::dice::outcomes(count, spec.sides) {
        let mut m = Move::pass();
        m.shape = Shape::Roll(d);
        m.actions.push(Action::SetDice {
            flip: s.dice().flip_to(d),
        });
        m.chance = w;
        out.push(m);
    }
}

/// The ways to keep `choose` of the dice thrown: each distinct set once, smallest first.
fn choices(dt: &DiceTurn, s: &State, out: &mut Vec<Move>) {
    let Some((k, _)) = dt.choose else { return };
    let start = out.len();
    let dice: Vec<u8> = s.dice().values().collect();
    let mut seen: Vec<Dice> = Vec::new();
    let n = dice.len();
    // Every k-subset of positions, as a bit mask (at most 15 dice).
    for mask in 0u32..(1 << n) {
        if mask.count_ones() != u32::from(k) {
            continue;
        }
        let mut kept: Vec<u8> = (0..n)
            .filter(|i| mask & (1 << i) != 0)
            .map(|i| dice[i])
            .collect();
        kept.sort_unstable();
        let Some(d) = Dice::from_values(&kept) else {
            continue;
        };
        if seen.contains(&d) {
            continue;
        }
        seen.push(d);
        out.push(choice(s, d));
    }
    // Ordered by the kept values, as a player reads them.
    out[start..].sort_by_key(|m| match m.shape {
        Shape::Choose(d) => d.values().collect::<Vec<u8>>(),
        _ => Vec::new(),
    });
}

/// The move that keeps only the dice `d` of a throw (`use 3 5`).
pub fn choice(s: &State, d: Dice) -> Move {
    let mut m = Move::pass();
    m.shape = Shape::Choose(d);
    m.actions.push(Action::SetDice {
        flip: s.dice().flip_to(d),
    });
    m
}

/// The die a move uses up (0 for none).
pub fn die_used(m: &Move) -> u8 {
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

/// Keeps only the moves after which the most dice can be used in all (trying every order
/// natively with the generators `pats`); with `larger`, when only one die can be used it must
/// be the larger one if it can. Moves that use no die are kept.
pub fn keep_most_dice(t: &Tables, s: &State, out: &mut Vec<Move>, pats: &[usize], larger: bool) {
    let me = s.turn();
    let mut scratch = s.clone();
    let scores: Vec<Option<usize>> = out
        .iter()
        .map(|m| {
            if die_used(m) == 0 {
                return None;
            }
            let n = super::apply_actions(t, &mut scratch, &m.actions);
            let used = 1 + most_dice(t, &mut scratch, pats, me);
            super::unapply_actions(t, &mut scratch, &m.actions, n);
            Some(used)
        })
        .collect();
    let Some(best) = scores.iter().flatten().copied().max() else {
        return;
    };
    let top_die = out
        .iter()
        .zip(&scores)
        .filter(|(_, u)| **u == Some(best))
        .map(|(m, _)| die_used(m))
        .max()
        .unwrap_or(0);
    let mut k = 0;
    out.retain(|m| {
        let u = scores[k];
        k += 1;
        match u {
            None => true,
            Some(u) => u == best && !(larger && best == 1 && die_used(m) != top_die),
        }
    });
}

/// The most dice seat `who` can still use, one generated move per die.
fn most_dice(t: &Tables, s: &mut State, pats: &[usize], who: PlayerId) -> usize {
    let full = s.dice().len();
    if full == 0 {
        return 0;
    }
    let mut moves = Vec::new();
    for &i in pats {
        super::generators::generate(&super::attack::ctx(t, s, who), &t.generators[i], &mut moves);
    }
    let mut best = 0;
    for m in moves.iter().filter(|m| die_used(m) != 0) {
        let n = super::apply_actions(t, s, &m.actions);
        let used = 1 + most_dice(t, s, pats, who);
        super::unapply_actions(t, s, &m.actions, n);
        best = best.max(used);
        if best == full {
            break;
        }
    }
    best
}

/// After the generators gave the moves of [`Stage::Play`]: the `must_use` rule.
pub fn keep_usable(t: &Tables, dt: &DiceTurn, s: &State, out: &mut Vec<Move>) {
    if dt.must_use == MustUse::Any || out.len() < 2 {
        return;
    }
    let pats: Vec<usize> = t.tiers(s.phase()).iter().flatten().copied().collect();
    keep_most_dice(t, s, out, &pats, dt.must_use == MustUse::MostThenLarger);
}

/// The engine's part of a ply just played (before the script's `after_move`): the cube's
/// words, the throw, doubles, the dice left. Returns whether it chose who moves next (the
/// same seat again, or another); `Err` when a game's value overflows a score.
pub fn after(
    t: &Tables,
    dt: &DiceTurn,
    tx: &mut Tx<'_>,
    setup: &State,
    m: &Move,
) -> Result<bool, String> {
    let me = tx.s.turn();
    let cube = t.stakes.as_ref().and_then(|st| st.cube);
    match m.shape {
        Shape::Word(w) => {
            let Some(c) = cube else { return Ok(false) };
            let Some(i) = c.words.iter().position(|x| *x == w) else {
                return Ok(false);
            };
            match i {
                ROLL => {
                    tx.set_var(c.rolling, 1);
                    Ok(true)
                }
                DOUBLE => {
                    tx.set_var(c.offered, 1);
                    Ok(false)
                }
                TAKE => {
                    // The cube doubles and passes to the taker; the doubler then throws.
                    tx.set_var(c.offered, 0);
                    let v = tx.s.var(c.value).saturating_mul(2);
                    tx.set_var(c.value, v);
                    tx.set_var(c.owner, me.index() as i64);
                    tx.set_var(c.rolling, 1);
                    tx.set_turn(t.next_seat(me));
                    Ok(true)
                }
                _ => {
                    // Dropping concedes the game at the stakes before the double.
                    tx.set_var(c.offered, 0);
                    let why = format!("{} dropped the double", t.seats[me.index()].name);
                    game_won(t, tx, setup, t.next_seat(me), 1, &why)?;
                    Ok(true)
                }
            }
        }
        Shape::Roll(d) => Ok(thrown(t, dt, tx, d)),
        Shape::Choose(_) => {
            if let Some((_, choosing)) = dt.choose {
                tx.set_var(choosing, 0);
            }
            Ok(true)
        }
        Shape::Pass => {
            if !tx.s.dice().is_empty() {
                tx.set_dice(Dice::NONE);
            }
            Ok(false)
        }
        Shape::Path
        | Shape::Place(_)
        | Shape::Remove
        | Shape::Turn
        | Shape::Change
        | Shape::Purge(_)
        | Shape::Transform(_) => Ok(!tx.s.dice().is_empty()),
    }
}

/// A throw: the opening's, or a turn's (equal dice played `doubles` times over).
fn thrown(t: &Tables, dt: &DiceTurn, tx: &mut Tx<'_>, d: Dice) -> bool {
    let me = tx.s.turn();
    if let Some(o) = dt.opening {
        match tx.s.var(o.stage) {
            0 => {
                // "To start the game, each player throws a single die."
                tx.set_var(o.first_die, i64::from(d.get(0).unwrap_or(0)));
                tx.set_var(o.stage, 1);
                tx.set_dice(Dice::NONE);
                tx.set_turn(t.next_seat(me));
                return true;
            }
            1 => {
                let first = t.next_seat(me);
                let w = u8::try_from(tx.s.var(o.first_die)).unwrap_or(0);
                let b = d.get(0).unwrap_or(0);
                if w == b {
                    // Equal throws: both throw again, the first seat first.
                    tx.set_var(o.stage, 0);
                    tx.set_dice(Dice::NONE);
                    tx.set_turn(first);
                    return true;
                }
                // "The player throwing the higher number moves first using the numbers on
                // both dice."
                tx.set_var(o.stage, 2);
                tx.set_dice(Dice::from_values(&[w, b]).unwrap_or(Dice::NONE));
                tx.set_turn(if w > b { first } else { me });
                return true;
            }
            _ => {}
        }
    }
    if let Some(c) = t.stakes.as_ref().and_then(|st| st.cube) {
        tx.set_var(c.rolling, 0);
    }
    if let Some((_, choosing)) = dt.choose {
        tx.set_var(choosing, 1);
        return true;
    }
    let values: Vec<u8> = d.values().collect();
    if dt.doubles > 1 && values.len() > 1 && values.iter().all(|v| *v == values[0]) {
        let n = (values.len() * dt.doubles as usize).min(Dice::MAX);
        tx.set_dice(Dice::from_values(&vec![values[0]; n]).unwrap_or(d));
    }
    true
}

/// Seat `winner` wins the game for `points` times the cube. In a match, the points go to
/// the winner's score and, unless the match is won, the next game starts from the set-up:
/// the opening throw again, or else the loser first. `Err` when the score would overflow.
pub fn game_won(
    t: &Tables,
    tx: &mut Tx<'_>,
    setup: &State,
    winner: PlayerId,
    points: i64,
    why: &str,
) -> Result<(), String> {
    let stakes = t.stakes.as_ref();
    let cube = stakes.and_then(|st| st.cube);
    let stake = cube.map_or(1, |c| tx.s.var(c.value));
    let value = points
        .checked_mul(stake)
        .ok_or_else(|| format!("a game worth {points} times {stake} points is too large"))?;
    if !tx.act(
        t,
        &Action::Score {
            player: winner,
            delta: value,
        },
    ) {
        return Err(format!(
            "{} points would take a score past the largest number",
            value
        ));
    }
    let worth = format!("{value} point{}", if value == 1 { "" } else { "s" });
    let target = stakes.map_or(1, |st| st.match_to);
    let total = tx.s.score(winner);
    if target <= 1 {
        tx.set_outcome(Some(Outcome::win(t, winner, format!("{why} ({worth})"))));
        return Ok(());
    }
    if total >= target {
        let scores: Vec<String> = tx.s.scores().iter().map(i64::to_string).collect();
        tx.set_outcome(Some(Outcome::win(
            t,
            winner,
            format!("the match {} ({why}, {worth})", scores.join("-")),
        )));
        return Ok(());
    }
    if let Some(v) = stakes.and_then(|st| st.crawford) {
        match tx.s.var(v) {
            1 => tx.set_var(v, 2),
            0 if total == target - 1 => tx.set_var(v, 1),
            _ => {}
        }
    }
    // The next game of the match starts from the set-up: pieces, phase, dice and every var
    // (the cube in the middle, the script's own) but the Crawford rule's, which spans games.
    restart(t, tx, setup, stakes.and_then(|st| st.crawford));
    if t.turn.as_ref().is_some_and(|dt| dt.opening.is_some()) {
        // The opening throw again, the first seat first.
        tx.set_turn(setup.turn());
    } else {
        // The loser of a game starts the next one.
        tx.set_turn(t.next_seat(winner));
    }
    Ok(())
}

/// The next game of a match, or round of a game, from the set-up: pieces, first phase, no
/// dice, every var at its starting value but `keep`'s; the round count one up, the scores
/// as they are. Who moves first is the caller's.
fn restart(t: &Tables, tx: &mut Tx<'_>, setup: &State, keep: Option<usize>) {
    let round = tx.s.round();
    tx.set_stacks(t, setup.stacks.clone());
    tx.set_round(round.saturating_add(1));
    tx.set_phase(0);
    tx.set_passes(0);
    tx.set_dice(Dice::NONE);
    for (i, &start) in t.var_defaults.iter().enumerate() {
        if Some(i) != keep && tx.s.var(i) != start {
            tx.set_var(i, start);
        }
    }
}

/// `no_moves = "end-round"`, after the round's `at_end` ran: the next round from the set-up,
/// the next seat in the rotation first (round `r` starts with seat `r - 1`, counted round the
/// table), or after the last round the game ends by score.
pub fn end_round(t: &Tables, tx: &mut Tx<'_>, setup: &State) {
    let r = &t.rounds;
    let round = tx.s.round();
    if round < r.count {
        restart(t, tx, setup, None);
        let first = usize::from(round) % t.player_count();
        tx.set_turn(PlayerId(first as u8));
    } else {
        let why = if r.high_wins {
            "the higher total"
        } else {
            "the lower total"
        };
        let o = Outcome::by_scores(t, tx.s.scores(), r.high_wins, why);
        tx.set_outcome(Some(o));
    }
}

/// `[dice] unusable = "lose"`: the player to move, who cannot use a die, loses the game.
pub(crate) fn unusable_loss(t: &Tables, tx: &mut Tx<'_>, setup: &State) -> Result<(), String> {
    let loser = tx.s.turn();
    let why = format!("{} cannot use a die", t.seats[loser.index()].name);
    game_won(t, tx, setup, t.next_seat(loser), 1, &why)
}

/// `[rules] evaluate = "race"`: the pips every other seat still has to run less seat
/// `p`'s own.
pub fn race(t: &Tables, s: &State, p: PlayerId) -> i64 {
    let Some(tm) = t.race.as_ref() else { return 0 };
    let left: Vec<i64> = (0..t.player_count())
        .map(|q| pips_left(t, s, tm, PlayerId(q as u8)))
        .collect();
    let others: i64 = left
        .iter()
        .enumerate()
        .filter(|(q, _)| *q != p.index())
        .map(|(_, v)| *v)
        .sum();
    others - left[p.index()]
}

/// What the race evaluation reads: a course per seat and the zones pieces enter from.
#[derive(Clone, Debug)]
pub struct Race {
    /// Per seat, the pips left from each location (by location index); 0 where a piece has
    /// nothing left to run or is not on the course.
    pub left: Vec<Vec<i64>>,
}

fn pips_left(t: &Tables, s: &State, r: &Race, p: PlayerId) -> i64 {
    let table = &r.left[p.index()];
    let mut total = 0;
    for (l, &pips) in table.iter().enumerate() {
        if pips == 0 {
            continue;
        }
        let here = s
            .stack(super::Loc(l as u16))
            .iter()
            .filter(|q| t.info(**q).owner == Some(p))
            .count();
        total += pips * here as i64;
    }
    total
}
