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

mod alphabeta;
mod mcts;
mod parallel;

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
    /// Alpha-beta search on the game's `evaluate` (expectimax at throws of the dice).
    AlphaBeta(Horizon),
}

/// How far an alpha-beta seat looks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Horizon {
    /// A fixed depth in plies (a throw of the dice counts as one), 1 to [`MAX_PLIES`].
    Plies(u8),
    /// Wall-clock time: iterative deepening until it runs out.
    Time(Duration),
}

/// The default MCTS budget: one second a move.
pub const DEFAULT_BUDGET: Budget = Budget::Time(Duration::from_secs(1));
/// The default alpha-beta horizon: one second a move.
pub const DEFAULT_HORIZON: Horizon = Horizon::Time(Duration::from_secs(1));
/// The deepest fixed depth an alpha-beta seat takes (and the deepest its iterative deepening
/// goes): deeper than any full-width search finishes, and small enough for per-ply tables.
pub const MAX_PLIES: u8 = 64;

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
                    "`{s}`: {why} (seat kinds: human, random, greedy, mcts, mcts:N, mcts:500ms, \
                     mcts:2s, mcts+all:1s, mcts+cut20+mast+solver+decisive+anti+reuse+par4:1s, ab, ab:N, \
                     ab:500ms, ab:2s)"
                ),
            )
        };
        match s {
            "human" => Ok(Agent::Human),
            "random" => Ok(Agent::Random),
            "greedy" => Ok(Agent::Greedy),
            "mcts" => Ok(Agent::Mcts(DEFAULT_BUDGET)),
            "ab" => Ok(Agent::AlphaBeta(DEFAULT_HORIZON)),
            other => {
                if let Some(b) = other.strip_prefix("ab:") {
                    return ab_horizon(b).map(Agent::AlphaBeta).map_err(|why| bad(&why));
                }
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
                    Some(b) => mcts_budget(b).map_err(|w| bad(&w))?,
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
            "anti" => e.anti = true,
            "reuse" => e.reuse = true,
            w if w.starts_with("par") => {
                let n: u8 = w[3..]
                    .parse()
                    .ok()
                    .filter(|n| (2..=MAX_THREADS).contains(n))
                    .ok_or_else(|| {
                        format!(
                            "`{w}`: root-parallel search is on 2 to {MAX_THREADS} threads (`par4`)"
                        )
                    })?;
                e.par = n;
            }
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
                    "`{w}` is not an enhancement (all, cut, cutN, mast, solver, decisive, anti, reuse, parN)"
                ));
            }
        }
    }
    Ok(e)
}

/// A time written `500ms` or `2s`; `None` when the text is not a time at all.
fn time(b: &str) -> Option<Result<Duration, std::num::ParseIntError>> {
    if let Some(ms) = b.strip_suffix("ms") {
        Some(ms.parse().map(Duration::from_millis))
    } else {
        b.strip_suffix('s')
            .map(|secs| secs.parse().map(Duration::from_secs))
    }
}

/// Whether a budget that did not read as a number is all digits (with a unit): a number too
/// large to hold, so past every limit rather than misspelt.
fn too_many_digits(b: &str) -> bool {
    !b.is_empty()
        && b.trim_end_matches(['m', 's'])
            .bytes()
            .all(|c| c.is_ascii_digit())
}

/// The budget of `mcts:B`, or why it is refused.
fn mcts_budget(b: &str) -> Result<Budget, String> {
    let budget = match time(b) {
        Some(t) => t.map(Budget::Time),
        None => b.parse().map(Budget::Playouts),
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
        Err(_) if too_many_digits(b) => Err(format!(
            "at most {MAX_PLAYOUTS} playouts or {} s a move",
            MAX_THINKING.as_secs()
        )),
        Err(_) => Err("the budget is a number of playouts or a time".into()),
    }
}

/// The horizon of `ab:H`, or why it is refused.
fn ab_horizon(b: &str) -> Result<Horizon, String> {
    let horizon = match time(b) {
        Some(t) => t.map(Horizon::Time),
        None => b.parse().map(Horizon::Plies),
    };
    match horizon {
        Ok(Horizon::Plies(n)) if n == 0 || n > MAX_PLIES => {
            Err(format!("the depth is 1 to {MAX_PLIES} plies"))
        }
        Ok(Horizon::Time(Duration::ZERO)) => Err("the time must be more than zero".into()),
        Ok(Horizon::Time(t)) if t > MAX_THINKING => {
            Err(format!("at most {} s a move", MAX_THINKING.as_secs()))
        }
        Ok(h) => Ok(h),
        Err(_) if too_many_digits(b) => Err(format!(
            "at most {MAX_PLIES} plies or {} s a move",
            MAX_THINKING.as_secs()
        )),
        Err(_) => Err(format!(
            "the horizon is a depth (1 to {MAX_PLIES} plies) or a time"
        )),
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
/// human seat or when there is no move. One move on its own: a seat playing a whole game
/// should be a [`Player`], which keeps what its agent carries from move to move.
pub fn choose(
    g: &Game,
    s: &State,
    moves: &[Move],
    agent: Agent,
    rng: &mut Rng,
) -> Result<Option<Move>, RuleError> {
    Player::new(agent).choose(g, s, moves, rng)
}

/// A seat's automatic player over a game: its agent and what the agent keeps from one move
/// to the next (the MCTS tree of `reuse`, the helper threads of `parN`). It needs nothing
/// else to stay right: a position it did not see coming (a move taken back, another game)
/// just starts a fresh tree.
pub struct Player {
    agent: Agent,
    kept: Option<mcts::Tree>,
    pool: Option<parallel::Pool>,
    /// Playouts behind the last enhanced MCTS choice, every thread's summed.
    searched: f64,
}

impl Player {
    /// A player with nothing kept yet.
    pub fn new(agent: Agent) -> Player {
        Player {
            agent,
            kept: None,
            pool: None,
            searched: 0.0,
        }
    }

    /// The seat kind it plays.
    pub fn agent(&self) -> Agent {
        self.agent
    }

    /// The move to play from `s` (whose legal moves are `moves`); `None` for a human seat or
    /// when there is no move.
    pub fn choose(
        &mut self,
        g: &Game,
        s: &State,
        moves: &[Move],
        rng: &mut Rng,
    ) -> Result<Option<Move>, RuleError> {
        if moves.len() <= 1 {
            return Ok(moves.first().cloned());
        }
        if is_chance(moves) {
            return Ok(chance_move(moves, rng).cloned());
        }
        match self.agent {
            Agent::Human => Ok(None),
            Agent::Random => Ok(random_move(moves, rng).cloned()),
            Agent::Greedy => greedy(g, s, moves, rng).map(Some),
            Agent::Mcts(budget) => {
                mcts::Mcts::new(g, mcts::Tree::new(s, moves), rng, Enhance::default())
                    .search(budget)
                    .map(Some)
            }
            Agent::MctsPlus(budget, enhance) => {
                self.mcts_plus(g, s, moves, budget, enhance, rng).map(Some)
            }
            Agent::AlphaBeta(horizon) => alphabeta::search(g, s, moves, horizon, rng).map(Some),
        }
    }

    /// Enhanced MCTS: from the kept tree with `reuse`, with helper threads with `parN`.
    fn mcts_plus(
        &mut self,
        g: &Game,
        s: &State,
        moves: &[Move],
        budget: Budget,
        enhance: Enhance,
        rng: &mut Rng,
    ) -> Result<Move, RuleError> {
        let tree = match self.kept.take() {
            Some(t) if enhance.reuse => t.at(g, s, moves),
            _ => mcts::Tree::new(s, moves),
        };
        let helpers = usize::from(enhance.par).saturating_sub(1);
        if helpers > 0 && self.pool.is_none() {
            self.pool = Some(parallel::Pool::new(&g.recipe(), g.id(), helpers)?);
        }
        let pool = self.pool.as_ref().filter(|_| helpers > 0);
        if let Some(pool) = pool {
            pool.start(s, moves, budget, enhance, rng)?;
        }
        let searched = mcts::Mcts::new(g, tree, rng, enhance).run(budget);
        let mut stats = match searched {
            Ok((stats, tree)) => {
                if enhance.reuse {
                    self.kept = Some(tree);
                }
                stats
            }
            Err(e) => {
                // The helpers' answers are taken (and dropped) all the same: left waiting,
                // they would be read as the answers to the next search.
                if let Some(pool) = pool {
                    let _ = pool.finish(&mut Vec::new());
                }
                return Err(e);
            }
        };
        if let Some(pool) = pool {
            pool.finish(&mut stats)?;
        }
        self.searched = stats.iter().map(|r| r.visits).sum();
        Ok(mcts::best_of(&stats)
            .map(|r| r.m.clone())
            .unwrap_or_else(|| moves[0].clone()))
    }

    /// The playouts (through the root's moves, every thread's summed, the kept tree's
    /// included) behind the last choice of an enhanced MCTS seat.
    pub fn searched(&self) -> f64 {
        self.searched
    }

    /// With `reuse`: the visits the kept tree already holds for `s` (0 without one, or when
    /// `s` is not in it). For tests and for reports.
    pub fn kept_visits(&self, g: &Game, s: &State, moves: &[Move]) -> f64 {
        match &self.kept {
            Some(t) => t.peek(g, s, moves),
            None => 0.0,
        }
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

/// The most threads a root-parallel MCTS seat may search on (`mcts+par64`).
pub const MAX_THREADS: u8 = 64;

/// The most playouts an MCTS seat may spend on one move.
pub const MAX_PLAYOUTS: u32 = 10_000_000;
/// The longest an MCTS or alpha-beta seat may think about one move.
pub const MAX_THINKING: Duration = Duration::from_secs(3600);
