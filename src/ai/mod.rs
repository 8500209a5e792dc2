//! Agents that choose moves, for any game the engine runs: uniform random, greedy (one-ply on
//! the script's `evaluate`), UCT Monte-Carlo tree search (`mcts`) and alpha-beta (`alphabeta`).
//! None of them knows a game: they see only `legal_moves`, `play`/`undo`, the outcome and the
//! optional `evaluate` hook. This file holds what they share: seat kinds and their parsing,
//! [`choose`], the dice and random helpers, and greedy (too small for a file of its own).

use std::time::Duration;

use crate::engine::rng::Rng;
use crate::engine::{Move, State};
use crate::game::Game;
use crate::rules::RuleError;

mod mcts;

pub use mcts::Enhance;

/// How long MCTS may think about one move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Budget {
    /// A number of playouts (iterations).
    Playouts(u32),
    /// Wall-clock time.
    Time(Duration),
}

/// The kinds of seat the CLI knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Agent {
    /// A person at the terminal.
    Human,
    /// Uniformly random legal moves.
    Random,
    /// The move whose resulting position the script's `evaluate` rates best for the mover (an
    /// immediate win first); random among equals.
    Greedy,
    /// UCT Monte-Carlo tree search, plain (what `mcts` has always been).
    Mcts(Budget),
    /// UCT with enhancements (`mcts+mast+solver:1s`).
    MctsPlus(Budget, Enhance),
}

/// The default MCTS budget: one second a move.
pub const DEFAULT_BUDGET: Budget = Budget::Time(Duration::from_secs(1));

/// The agents of a game's seats from `SEAT=KIND` / `all=KIND` texts, each over those before
/// it (a person where nothing says otherwise): the command line's `--seat` and the browser
/// page's seats read the same way.
pub fn seat_agents(t: &crate::engine::Tables, flags: &[String]) -> Result<Vec<Agent>, AgentError> {
    let mut agents = vec![Agent::Human; t.player_count()];
    for flag in flags {
        let (seat, kind) = flag.split_once('=').ok_or_else(|| {
            AgentError::new(
                (),
                format!("a seat is SEAT=KIND (`B=mcts`, `all=random`), got `{flag}`"),
            )
        })?;
        let agent: Agent = kind.trim().parse()?;
        let seat = seat.trim();
        if seat == "all" {
            agents.iter_mut().for_each(|a| *a = agent);
        } else {
            let p = t.seat(seat).ok_or_else(|| {
                let names: Vec<&str> = t.seats.iter().map(|s| s.name.as_str()).collect();
                AgentError::new(
                    (),
                    format!(
                        "`{seat}` is not a seat of {} (seats: {})",
                        t.id,
                        names.join(", ")
                    ),
                )
            })?;
            agents[p.index()] = agent;
        }
    }
    Ok(agents)
}

/// A seat kind that does not read (`mcts:0`, `robot`).
pub type AgentError = crate::diag::Failure<()>;

impl std::str::FromStr for Agent {
    type Err = AgentError;
    fn from_str(s: &str) -> Result<Agent, AgentError> {
        let bad = |why: &str| {
            AgentError::new(
                (),
                format!(
                    "`{s}`: {why} (seat kinds: human, random, greedy, mcts, mcts:N, mcts:500ms, mcts:2s, mcts+all:1s, mcts+cut20+mast+solver+decisive:1s)"
                ),
            )
        };
        match s {
            "human" => Ok(Agent::Human),
            "random" => Ok(Agent::Random),
            "greedy" => Ok(Agent::Greedy),
            "mcts" => Ok(Agent::Mcts(DEFAULT_BUDGET)),
            other => {
                let Some(rest) = other.strip_prefix("mcts") else {
                    return Err(bad("not a seat kind"));
                };
                // `mcts+mast+solver:1s`: the enhancements, then the budget.
                let (plus, budget) = match rest.split_once(':') {
                    Some((plus, b)) => (plus, Some(b)),
                    None => (rest, None),
                };
                let enhance = enhancements(plus).map_err(|w| bad(&w))?;
                let budget = match budget {
                    Some(b) => parse_budget(b).map_err(|w| bad(&w))?,
                    None if plus.is_empty() => return Err(bad("not a seat kind")),
                    None => DEFAULT_BUDGET,
                };
                Ok(if enhance == Enhance::default() {
                    Agent::Mcts(budget)
                } else {
                    Agent::MctsPlus(budget, enhance)
                })
            }
        }
    }
}

/// The enhancements of `+cut20+mast+solver+decisive` (or `+all`); empty: none.
fn enhancements(text: &str) -> Result<Enhance, String> {
    if text.is_empty() {
        return Ok(Enhance::default());
    }
    let Some(list) = text.strip_prefix('+') else {
        return Err("not a seat kind".into());
    };
    let mut e = Enhance::default();
    for word in list.split('+') {
        match word {
            "all" => e = Enhance::ALL,
            "mast" => e.mast = true,
            "solver" => e.solver = true,
            "decisive" => e.decisive = true,
            "cut" => e.cut = Some(mcts::DEFAULT_CUT),
            w if w.starts_with("cut") => {
                let n: u16 = w[3..]
                    .parse()
                    .ok()
                    .filter(|n| (1..=1000).contains(n))
                    .ok_or_else(|| format!("`{w}`: a cutoff is 1 to 1000 plies (`cut20`)"))?;
                e.cut = Some(n);
            }
            w => {
                return Err(format!(
                    "`{w}` is not an enhancement (all, cut, cutN, mast, solver, decisive)"
                ));
            }
        }
    }
    Ok(e)
}

/// A budget: `500` playouts, `500ms`, `2s`.
fn parse_budget(b: &str) -> Result<Budget, String> {
    let budget = if let Some(ms) = b.strip_suffix("ms") {
        ms.parse().map(|n| Budget::Time(Duration::from_millis(n)))
    } else if let Some(secs) = b.strip_suffix('s') {
        secs.parse().map(|n| Budget::Time(Duration::from_secs(n)))
    } else {
        b.parse().map(Budget::Playouts)
    };
    match budget {
        Ok(Budget::Playouts(0)) | Ok(Budget::Time(Duration::ZERO)) => {
            Err("the budget must be more than zero".into())
        }
        Ok(Budget::Playouts(n)) if n > MAX_PLAYOUTS => {
            Err(format!("at most {MAX_PLAYOUTS} playouts a move"))
        }
        Ok(Budget::Time(t)) if t > MAX_THINKING => {
            Err(format!("at most {} s a move", MAX_THINKING.as_secs()))
        }
        Ok(b) => Ok(b),
        // Digits too many for a number: past every limit.
        Err(_)
            if !b.is_empty()
                && b.trim_end_matches(['m', 's'])
                    .bytes()
                    .all(|c| c.is_ascii_digit()) =>
        {
            Err(format!(
                "at most {MAX_PLAYOUTS} playouts or {} s a move",
                MAX_THINKING.as_secs()
            ))
        }
        Err(_) => Err("the budget is a number of playouts or a time".into()),
    }
}

/// Whether these legal moves are a throw of the dice: chance picks one, not a player.
pub fn is_chance(moves: &[Move]) -> bool {
    moves.first().is_some_and(Move::is_chance)
}

/// Picks a throw of the dice with its probability: its index in `moves`.
pub fn chance_index(moves: &[Move], rng: &mut Rng) -> Option<usize> {
    let total: u64 = moves.iter().map(|m| u64::from(m.chance)).sum();
    if total == 0 {
        return None;
    }
    let mut x = rng.below(total);
    for (i, m) in moves.iter().enumerate() {
        let w = u64::from(m.chance);
        if x < w {
            return Some(i);
        }
        x -= w;
    }
    Some(moves.len() - 1)
}

/// Picks a throw of the dice with its probability.
pub fn chance_move<'m>(moves: &'m [Move], rng: &mut Rng) -> Option<&'m Move> {
    chance_index(moves, rng).map(|i| &moves[i])
}

/// Picks a uniformly random move (a throw of the dice by its probability).
pub fn random_move<'m>(moves: &'m [Move], rng: &mut Rng) -> Option<&'m Move> {
    if is_chance(moves) {
        chance_move(moves, rng)
    } else if moves.is_empty() {
        None
    } else {
        moves.get(rng.below(moves.len() as u64) as usize)
    }
}

/// The move an automatic agent plays from `s` (whose legal moves are `moves`); `None` for a
/// human seat or when there is no move.
pub fn choose(
    g: &Game,
    s: &State,
    moves: &[Move],
    agent: Agent,
    rng: &mut Rng,
) -> Result<Option<Move>, RuleError> {
    if moves.len() <= 1 {
        return Ok(moves.first().cloned());
    }
    if is_chance(moves) {
        return Ok(chance_move(moves, rng).cloned());
    }
    match agent {
        Agent::Human => Ok(None),
        Agent::Random => Ok(random_move(moves, rng).cloned()),
        Agent::Greedy => greedy(g, s, moves, rng).map(Some),
        Agent::Mcts(budget) => mcts::Mcts::new(g, s, moves, rng, Enhance::default())?
            .search(budget)
            .map(Some),
        Agent::MctsPlus(budget, enhance) => mcts::Mcts::new(g, s, moves, rng, enhance)?
            .search(budget)
            .map(Some),
    }
}

fn greedy(g: &Game, s: &State, moves: &[Move], rng: &mut Rng) -> Result<Move, RuleError> {
    let me = s.turn();
    let mut best: Vec<&Move> = Vec::new();
    let mut best_score = f64::NEG_INFINITY;
    let mut work = s.clone();
    for m in moves {
        let u = g.play(&mut work, m)?;
        let score = match work.outcome() {
            Some(o) => 1e12 * o.returns()[me.index()],
            None => g.evaluate(&work, me)?.unwrap_or(0) as f64,
        };
        g.undo(&mut work, u);
        if score > best_score {
            best_score = score;
            best.clear();
        }
        if score == best_score {
            best.push(m);
        }
    }
    Ok(
        random_move(&best.into_iter().cloned().collect::<Vec<_>>(), rng)
            .cloned()
            .unwrap_or_else(|| moves[0].clone()),
    )
}

/// The most playouts an MCTS seat may spend on one move.
pub const MAX_PLAYOUTS: u32 = 10_000_000;
/// The longest an MCTS seat may think about one move.
pub const MAX_THINKING: Duration = Duration::from_secs(3600);
