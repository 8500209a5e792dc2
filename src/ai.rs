//! Agents that choose moves, for any game the engine runs: uniform random, greedy (one-ply on
//! the script's `evaluate`), and UCT Monte-Carlo tree search. None of them knows a game: they
//! see only `legal_moves`, `play_fast`, the outcome and the optional `evaluate` hook.

use std::time::{Duration, Instant};

use crate::engine::rng::Rng;
use crate::engine::{Move, PlayerId, State};
use crate::game::Game;
use crate::rules::RuleError;

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
    /// UCT Monte-Carlo tree search.
    Mcts(Budget),
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
                    "`{s}`: {why} (seat kinds: human, random, greedy, mcts, mcts:N, mcts:500ms, mcts:2s)"
                ),
            )
        };
        match s {
            "human" => Ok(Agent::Human),
            "random" => Ok(Agent::Random),
            "greedy" => Ok(Agent::Greedy),
            "mcts" => Ok(Agent::Mcts(DEFAULT_BUDGET)),
            other => {
                let Some(b) = other.strip_prefix("mcts:") else {
                    return Err(bad("not a seat kind"));
                };
                let budget = if let Some(ms) = b.strip_suffix("ms") {
                    ms.parse().map(|n| Budget::Time(Duration::from_millis(n)))
                } else if let Some(secs) = b.strip_suffix('s') {
                    secs.parse().map(|n| Budget::Time(Duration::from_secs(n)))
                } else {
                    b.parse().map(Budget::Playouts)
                };
                match budget {
                    Ok(Budget::Playouts(0)) | Ok(Budget::Time(Duration::ZERO)) => {
                        Err(bad("the budget must be more than zero"))
                    }
                    Ok(Budget::Playouts(n)) if n > MAX_PLAYOUTS => {
                        Err(bad(&format!("at most {MAX_PLAYOUTS} playouts a move")))
                    }
                    Ok(Budget::Time(t)) if t > MAX_THINKING => {
                        Err(bad(&format!("at most {} s a move", MAX_THINKING.as_secs())))
                    }
                    Ok(b) => Ok(Agent::Mcts(b)),
                    // Digits too many for a number: past every limit.
                    Err(_)
                        if !b.is_empty()
                            && b.trim_end_matches(['m', 's'])
                                .bytes()
                                .all(|c| c.is_ascii_digit()) =>
                    {
                        Err(bad(&format!(
                            "at most {MAX_PLAYOUTS} playouts or {} s a move",
                            MAX_THINKING.as_secs()
                        )))
                    }
                    Err(_) => Err(bad("the budget is a number of playouts or a time")),
                }
            }
        }
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
        Agent::Mcts(budget) => Mcts::new(g, s, moves, rng)?.search(budget).map(Some),
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
/// The most moves an MCTS tree keeps (each node holds its untried moves): past it, playouts
/// go on from the tree's leaves without growing it, so memory stays bounded (a few hundred
/// megabytes) however long the search runs.
const MAX_TREE_MOVES: usize = 2_000_000;

/// Exploration constant of UCT (rewards are in [-1, 1]).
const EXPLORE: f64 = 1.4;
/// Playouts of games with an `evaluate` hook stop after this many plies and are scored by it.
const CUTOFF_WITH_EVALUATE: u32 = 60;

struct Node {
    /// Who made the move into this node: its rewards are counted for them.
    mover: PlayerId,
    visits: f64,
    reward: f64,
    untried: Vec<Move>,
    children: Vec<(Move, usize)>,
    /// Set when the game is over here: every seat's return.
    terminal: Option<Vec<f64>>,
}

struct Mcts<'a> {
    g: &'a Game,
    root: State,
    nodes: Vec<Node>,
    rng: &'a mut Rng,
    seats: usize,
    /// Moves held by the tree's nodes, against [`MAX_TREE_MOVES`].
    held: usize,
}

impl<'a> Mcts<'a> {
    fn new(
        g: &'a Game,
        s: &State,
        moves: &[Move],
        rng: &'a mut Rng,
    ) -> Result<Mcts<'a>, RuleError> {
        let root = Node {
            mover: s.turn(),
            visits: 0.0,
            reward: 0.0,
            untried: moves.to_vec(),
            children: Vec::new(),
            terminal: None,
        };
        Ok(Mcts {
            g,
            root: s.clone(),
            nodes: vec![root],
            rng,
            seats: g.tables().player_count(),
            held: moves.len(),
        })
    }

    fn search(mut self, budget: Budget) -> Result<Move, RuleError> {
        let start = Instant::now();
        let mut done = 0u32;
        loop {
            match budget {
                Budget::Playouts(n) if done >= n => break,
                Budget::Time(t) if done > 0 && start.elapsed() >= t => break,
                _ => {}
            }
            self.iterate()?;
            done += 1;
        }
        let root = &self.nodes[0];
        let best = root
            .children
            .iter()
            .max_by(|a, b| {
                let (na, nb) = (&self.nodes[a.1], &self.nodes[b.1]);
                na.visits
                    .total_cmp(&nb.visits)
                    .then(na.reward.total_cmp(&nb.reward))
            })
            .map(|(m, _)| m.clone());
        Ok(best.unwrap_or_else(|| root.untried[0].clone()))
    }

    fn iterate(&mut self) -> Result<(), RuleError> {
        let g = self.g;
        let mut s = self.root.clone();
        let mut next: Vec<Move> = Vec::new();
        let mut path = vec![0usize];
        let mut node = 0usize;
        // Selection and expansion.
        let returns = loop {
            if let Some(r) = &self.nodes[node].terminal {
                break r.clone();
            }
            // The move to grow a child for: an untried one; at a throw of the dice, a throw
            // sampled by its probability, followed if its child exists (the throws stay in
            // `untried`, which never empties there).
            let full = self.held >= MAX_TREE_MOVES;
            let expand = if is_chance(&self.nodes[node].untried) {
                let Some(m) = chance_move(&self.nodes[node].untried, self.rng).cloned() else {
                    break vec![0.0; self.seats];
                };
                let known = self.nodes[node]
                    .children
                    .iter()
                    .find(|(c, _)| *c == m)
                    .map(|(_, i)| *i);
                if let Some(child) = known {
                    g.play_fast(&mut s, &m, &mut next)?;
                    node = child;
                    path.push(node);
                    continue;
                }
                if full {
                    g.play_fast(&mut s, &m, &mut next)?;
                    break self.rollout(&mut s, next)?;
                }
                Some(m)
            } else if self.nodes[node].untried.is_empty() {
                None
            } else if full {
                // The tree is as large as it may grow: play on from here at random.
                let moves = std::mem::take(&mut next);
                let moves = if moves.is_empty() {
                    self.nodes[node].untried.clone()
                } else {
                    moves
                };
                break self.rollout(&mut s, moves)?;
            } else {
                let n = self.nodes[node].untried.len() as u64;
                let i = self.rng.below(n) as usize;
                Some(self.nodes[node].untried.swap_remove(i))
            };
            if let Some(m) = expand {
                let mover = s.turn();
                g.play_fast(&mut s, &m, &mut next)?;
                let child = self.nodes.len();
                self.held += next.len() + 1;
                self.nodes.push(Node {
                    mover,
                    visits: 0.0,
                    reward: 0.0,
                    untried: if s.is_over() {
                        Vec::new()
                    } else {
                        next.clone()
                    },
                    children: Vec::new(),
                    terminal: s.outcome().map(|o| o.returns()),
                });
                self.nodes[node].children.push((m, child));
                path.push(child);
                break self.rollout(&mut s, next)?;
            }
            let parent_visits = self.nodes[node].visits.max(1.0);
            let log_n = parent_visits.ln();
            let pick = self.nodes[node]
                .children
                .iter()
                .map(|(_, c)| {
                    let ch = &self.nodes[*c];
                    let mean = ch.reward / ch.visits.max(1.0);
                    (mean + EXPLORE * (log_n / ch.visits.max(1.0)).sqrt(), *c)
                })
                .max_by(|a, b| a.0.total_cmp(&b.0))
                .map(|(_, c)| c);
            let Some(child) = pick else {
                // A node with nothing tried and no children: treat as a draw.
                break vec![0.0; self.seats];
            };
            let m = self.nodes[node]
                .children
                .iter()
                .find(|(_, c)| *c == child)
                .map(|(m, _)| m.clone())
                .unwrap_or_else(Move::pass);
            g.play_fast(&mut s, &m, &mut next)?;
            node = child;
            path.push(node);
        };
        for &n in &path {
            let nd = &mut self.nodes[n];
            nd.visits += 1.0;
            nd.reward += returns.get(nd.mover.index()).copied().unwrap_or(0.0);
        }
        Ok(())
    }

    /// Plays random moves to the end (or to the cutoff, then asks `evaluate`).
    fn rollout(&mut self, s: &mut State, mut moves: Vec<Move>) -> Result<Vec<f64>, RuleError> {
        let g = self.g;
        let cutoff = if g.has_evaluate() {
            CUTOFF_WITH_EVALUATE
        } else {
            u32::MAX
        };
        let mut next = Vec::new();
        let mut plies = 0;
        while !s.is_over() && plies < cutoff {
            let Some(m) = random_move(&moves, self.rng).cloned() else {
                break;
            };
            g.play_fast(s, &m, &mut next)?;
            std::mem::swap(&mut moves, &mut next);
            plies += 1;
        }
        if let Some(o) = s.outcome() {
            return Ok(o.returns());
        }
        evaluation_returns(g, s, self.seats)
    }
}

/// Turns the script's evaluations of a cut-off playout into returns in [-0.5, 0.5]: each seat's
/// lead over the average, relative to the largest lead (a guess is worth less than a result).
fn evaluation_returns(g: &Game, s: &State, seats: usize) -> Result<Vec<f64>, RuleError> {
    let mut e = Vec::with_capacity(seats);
    for p in 0..seats {
        e.push(g.evaluate(s, PlayerId(p as u8))?.unwrap_or(0) as f64);
    }
    let mean = e.iter().sum::<f64>() / seats.max(1) as f64;
    let spread = e.iter().map(|x| (x - mean).abs()).fold(0.0, f64::max);
    if spread == 0.0 {
        return Ok(vec![0.0; seats]);
    }
    Ok(e.iter().map(|x| 0.5 * (x - mean) / spread).collect())
}
