//! `[dice] each_turn` and its keys, `[stakes]`, `[rounds]`, and `[rules] evaluate = "race"`: the vars
//! and words the engine's dice turn keeps (declared here, as the move clock declares its
//! own), checked against the rest of the definition.

use crate::def::{self, GameDef, Opening, Unusable};
use crate::diag::Problem;
use crate::engine::dice_turn::{
    CHOOSING_VAR, CRAWFORD_VAR, CUBE_VARS, CUBE_WORDS, Cube, DiceTurn, OPENING_VARS, OpeningVars,
    Race, Rounds, Stakes,
};
use crate::engine::{MAX_NAMES, Tables};

/// The var of this name, declared with its starting value unless the definition declares it
/// itself. It counts for repetition: the stakes and the turn's stage are part of the position.
pub(super) fn var(t: &mut Tables, name: &str, start: i64) -> usize {
    if let Some(i) = t.vars.iter().position(|v| v == name) {
        return i;
    }
    t.vars.push(name.to_string());
    t.var_defaults.push(start);
    t.repetition_vars.push(true);
    t.vars.len() - 1
}

/// The word of this name, declared unless the definition lists it in `[rules] words`.
pub(super) fn word(t: &mut Tables, name: &str) -> u8 {
    let i = match t.words.iter().position(|w| w == name) {
        Some(i) => i,
        None => {
            t.words.push(name.to_string());
            t.words.len() - 1
        }
    };
    u8::try_from(i).unwrap_or(u8::MAX)
}

/// Lowers `[dice]`'s turn keys, `[stakes]` and `[rounds]`.
pub(super) fn lower(def: &GameDef, t: &mut Tables, problems: &mut Vec<Problem>) {
    if let Some(r) = &def.rounds {
        t.rounds = rounds(def, r, problems);
    }
    if let Some(st) = &def.stakes {
        stakes(def, st, t, problems);
    }
    if let Some(d) = &def.dice {
        dice(d, t, problems);
    } else if def.stakes.as_ref().is_some_and(|s| s.cube) {
        problems.push(Problem::at(
            &["stakes", "cube"],
            "the doubling cube is offered before a throw: it needs [dice] with each_turn = true",
        ));
    }
    if t.vars.len() > MAX_NAMES || t.words.len() > MAX_NAMES {
        problems.push(Problem::at(
            &["rules", "vars"],
            format!(
                "{} vars and {} words with those the dice turn declares: at most {MAX_NAMES} of each",
                t.vars.len(),
                t.words.len()
            ),
        ));
    }
}

/// The most rounds a game may have (the round count is a 16-bit number in a position).
const MAX_ROUNDS: i64 = 1000;

fn rounds(def: &GameDef, r: &def::RoundsDef, problems: &mut Vec<Problem>) -> Rounds {
    if def.rules.no_moves != def::NoMoves::EndRound {
        problems.push(Problem::at(
            &["rounds"],
            "a round ends when the player to move has no move: [rounds] needs [rules] no_moves = \"end-round\"",
        ));
    }
    let count = match u16::try_from(r.count) {
        Ok(n) if (1..=MAX_ROUNDS).contains(&r.count) => n,
        _ => {
            problems.push(Problem::at(
                &["rounds", "count"],
                format!("count = {}: from 1 to {MAX_ROUNDS} rounds", r.count),
            ));
            1
        }
    };
    Rounds {
        count,
        high_wins: r.winner == def::Winner::High,
        at_end: r.at_end.clone(),
    }
}

fn stakes(def: &GameDef, st: &def::StakesDef, t: &mut Tables, problems: &mut Vec<Problem>) {
    if st.match_to < 1 {
        problems.push(Problem::at(
            &["stakes", "match"],
            format!("match = {}: a match is won at 1 point or more", st.match_to),
        ));
    }
    if st.cube_limit < 1 {
        problems.push(Problem::at(
            &["stakes", "cube_limit"],
            format!("cube_limit = {}: at least 1", st.cube_limit),
        ));
    }
    let each_turn = def.dice.as_ref().is_some_and(|d| d.each_turn);
    let cube = if each_turn {
        if t.player_count() != 2 {
            problems.push(Problem::at(
                &["stakes"],
                "the doubling cube passes between two players: the game needs two seats",
            ));
        }
        let [value, owner, offered, rolling] = CUBE_VARS.map(|(name, start)| var(t, name, start));
        let words = CUBE_WORDS.map(|w| word(t, w));
        Some(Cube {
            on: st.cube,
            limit: st.cube_limit,
            value,
            owner,
            offered,
            rolling,
            words,
        })
    } else {
        if st.cube {
            problems.push(Problem::at(
                &["stakes", "cube"],
                "the doubling cube is offered before a throw: it needs [dice] each_turn = true",
            ));
        }
        None
    };
    let crawford = st.crawford.then(|| var(t, CRAWFORD_VAR, 0));
    t.stakes = Some(Stakes {
        cube,
        match_to: st.match_to,
        crawford,
    });
}

fn dice(d: &def::DiceDef, t: &mut Tables, problems: &mut Vec<Problem>) {
    let turn_keys = d.doubles != 1
        || d.must_use != def::MustUse::Any
        || d.choose.is_some()
        || d.unusable != Unusable::Pass
        || d.opening != Opening::None;
    if !d.each_turn {
        if turn_keys {
            problems.push(Problem::at(
                &["dice"],
                "doubles, must_use, choose, unusable and opening shape the turn the engine runs: add each_turn = true",
            ));
        }
        return;
    }
    if !t.has_generators() {
        problems.push(Problem::at(
            &["dice", "each_turn"],
            "the engine plays the dice with the generators in force: list them in [rules] generators",
        ));
    }
    if !(1..=8).contains(&d.doubles) {
        problems.push(Problem::at(
            &["dice", "doubles"],
            format!("doubles = {}: 1 to 8 times over", d.doubles),
        ));
    }
    if let Some(k) = d.choose
        && (k == 0 || k >= d.count)
    {
        problems.push(Problem::at(
            &["dice", "choose"],
            format!(
                "choose = {k}: keep 1 to {} of the {} dice",
                d.count.saturating_sub(1),
                d.count
            ),
        ));
    }
    let opening = match d.opening {
        Opening::None => None,
        Opening::OneEach => {
            if t.player_count() != 2 || d.count != 2 {
                problems.push(Problem::at(
                    &["dice", "opening"],
                    "`one-each`: each of two players throws one die and the two are played: two seats and count = 2",
                ));
            }
            let [stage, first_die] = OPENING_VARS.map(|(name, start)| var(t, name, start));
            Some(OpeningVars { stage, first_die })
        }
    };
    let choose = d.choose.map(|k| (k, var(t, CHOOSING_VAR, 0)));
    t.turn = Some(DiceTurn {
        doubles: d.doubles,
        must_use: d.must_use,
        choose,
        unusable: d.unusable,
        opening,
    });
}

/// `[rules] evaluate = "race"`: the pips left from every location, per seat, along the
/// course of the first track generator in force.
pub(super) fn race(t: &Tables, problems: &mut Vec<Problem>) -> Option<Race> {
    use crate::engine::generators::Kind;
    let in_force = t
        .generator_tiers
        .iter()
        .chain(t.phase_tiers.iter().flatten())
        .flatten()
        .copied();
    let tm = in_force
        .chain(0..t.generators.len())
        .find_map(|i| match &t.generators[i].kind {
            Kind::Track(tm) => Some(tm),
            _ => None,
        });
    let Some(tm) = tm else {
        problems.push(Problem::at(
            &["rules", "evaluate"],
            "`race` counts the pips left along a course: the game needs a `track` generator",
        ));
        return None;
    };
    let course = &t.tracks[tm.track].course;
    let left = (0..t.player_count())
        .map(|p| {
            let mine = &course[p];
            let len = mine.len() as i64;
            let mut left = vec![0; t.loc_count()];
            for (i, c) in mine.iter().enumerate() {
                left[c.index()] = len - i as i64;
            }
            for z in &tm.enter_from {
                let seat = Some(crate::engine::PlayerId(p as u8));
                if let Some(l) = t.zone_loc(z, seat) {
                    left[l.index()] = len + 1;
                }
            }
            left
        })
        .collect();
    Some(Race { left })
}
