//! UCT Monte-Carlo tree search: each iteration walks the tree by UCB1, grows one child, and
//! plays random moves from it to the end (or, in games with `evaluate`, to a cutoff scored by
//! it). A throw of the dice is sampled by its weight at every visit, so chance needs no node
//! type of its own.

use std::time::Instant;

use super::{Budget, chance_move, is_chance, random_move};
use crate::engine::rng::Rng;
use crate::engine::{Move, PlayerId, State};
use crate::game::Game;
use crate::rules::RuleError;

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

pub(super) struct Mcts<'a> {
    g: &'a Game,
    root: State,
    nodes: Vec<Node>,
    rng: &'a mut Rng,
    seats: usize,
    /// Moves held by the tree's nodes, against [`MAX_TREE_MOVES`].
    held: usize,
}

impl<'a> Mcts<'a> {
    pub(super) fn new(
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

    pub(super) fn search(mut self, budget: Budget) -> Result<Move, RuleError> {
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
