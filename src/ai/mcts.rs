//! UCT Monte-Carlo tree search: each iteration walks the tree by UCB1, grows one child, and
//! plays random moves from it to the end (or, in games with `evaluate`, to a cutoff scored by
//! it). A throw of the dice is sampled by its weight at every visit, so chance needs no node
//! type of its own.
//!
//! [`Enhance`] turns on what makes the search stronger, each on its own so a ladder can measure
//! it: an earlier cutoff scored by `evaluate` (`cut`), playouts that prefer moves that did well
//! (MAST), a solver that proves wins and losses in the tree (two-seat games without dice), and
//! playouts that take a move winning at once (`decisive`). With none of them it is the plain
//! UCT that `mcts` has always been.

use std::collections::HashMap;
use std::hash::{Hash, Hasher};
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
/// `cut` without a number: playouts of games with `evaluate` stop after this many plies.
pub const DEFAULT_CUT: u16 = 20;
/// MAST's playouts take a random move this often, and otherwise the best-scoring one.
const MAST_EPSILON: f64 = 0.2;

/// What the search adds to plain UCT (all off: plain UCT).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Enhance {
    /// Playouts of a game with `evaluate` stop after this many plies (plain: 60), scored by it.
    pub cut: Option<u16>,
    /// Move-average sampling: each seat's moves keep their mean return over every iteration
    /// they were played in, and playouts take the best-scoring legal move (a random one a
    /// fifth of the time).
    pub mast: bool,
    /// MCTS-Solver: a position whose result is proven (a move that wins, or every move
    /// losing) is scored as such and never explored again; the root plays a proven win and
    /// avoids a proven loss. Two-seat games without dice only (elsewhere it does nothing).
    pub solver: bool,
    /// Playouts take a move that wins the game at once when there is one (each playout ply
    /// tries its moves: slower playouts, better ones).
    pub decisive: bool,
}

impl Enhance {
    /// Every enhancement (`mcts+all`).
    pub const ALL: Enhance = Enhance {
        cut: Some(DEFAULT_CUT),
        mast: true,
        solver: true,
        decisive: true,
    };

    /// How a seat kind writes it: `+cut20+mast+solver+decisive` (empty for plain UCT).
    pub fn label(&self) -> String {
        let mut s = String::new();
        if let Some(n) = self.cut {
            s.push_str(&format!("+cut{n}"));
        }
        for (on, name) in [
            (self.mast, "+mast"),
            (self.solver, "+solver"),
            (self.decisive, "+decisive"),
        ] {
            if on {
                s.push_str(name);
            }
        }
        s
    }
}

/// A proven result, for the seat that moved into the node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Proven {
    Win,
    Loss,
}

struct Node {
    /// Who made the move into this node: its rewards are counted for them.
    mover: PlayerId,
    visits: f64,
    reward: f64,
    untried: Vec<Move>,
    children: Vec<(Move, usize)>,
    /// Set when the game is over here: every seat's return.
    terminal: Option<Vec<f64>>,
    /// With the solver: the result proven for `mover`.
    proven: Option<Proven>,
}

pub(super) struct Mcts<'a> {
    g: &'a Game,
    root: State,
    nodes: Vec<Node>,
    rng: &'a mut Rng,
    seats: usize,
    /// Moves held by the tree's nodes, against [`MAX_TREE_MOVES`].
    held: usize,
    enhance: Enhance,
    /// The solver is on and the game suits it (two seats, no dice).
    solving: bool,
    /// MAST: each (seat, move) key's summed return and count.
    mast: HashMap<(u8, u64), (f64, f64)>,
    /// The (seat, move) keys played in the current iteration, for MAST.
    played: Vec<(u8, u64)>,
}

/// A move's MAST key: a hash of the move itself.
fn move_key(m: &Move) -> u64 {
    let mut h = std::collections::hash_map::DefaultHasher::new();
    m.hash(&mut h);
    h.finish()
}

impl<'a> Mcts<'a> {
    pub(super) fn new(
        g: &'a Game,
        s: &State,
        moves: &[Move],
        rng: &'a mut Rng,
        enhance: Enhance,
    ) -> Result<Mcts<'a>, RuleError> {
        let root = Node {
            mover: s.turn(),
            visits: 0.0,
            reward: 0.0,
            untried: moves.to_vec(),
            children: Vec::new(),
            terminal: None,
            proven: None,
        };
        let t = g.tables();
        Ok(Mcts {
            g,
            root: s.clone(),
            nodes: vec![root],
            rng,
            seats: t.player_count(),
            held: moves.len(),
            enhance,
            solving: enhance.solver && t.player_count() == 2 && t.dice.is_none(),
            mast: HashMap::new(),
            played: Vec::new(),
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
            // Once the root's result is proven, more search changes nothing.
            if self.nodes[0].proven.is_some()
                || self.nodes[0]
                    .children
                    .iter()
                    .any(|(_, c)| self.nodes[*c].proven == Some(Proven::Win))
            {
                break;
            }
        }
        let root = &self.nodes[0];
        // A proven win first; a proven loss last; otherwise the most visited.
        let rank = |n: &Node| match n.proven {
            Some(Proven::Win) => 2,
            None => 1,
            Some(Proven::Loss) => 0,
        };
        let best = root
            .children
            .iter()
            .max_by(|a, b| {
                let (na, nb) = (&self.nodes[a.1], &self.nodes[b.1]);
                rank(na)
                    .cmp(&rank(nb))
                    .then(na.visits.total_cmp(&nb.visits))
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
        self.played.clear();
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
                self.note(mover, &m);
                g.play_fast(&mut s, &m, &mut next)?;
                let child = self.nodes.len();
                self.held += next.len() + 1;
                let terminal = s.outcome().map(|o| o.returns());
                let proven = match &terminal {
                    Some(r) if self.solving => match r.get(mover.index()) {
                        Some(&x) if x > 0.0 => Some(Proven::Win),
                        Some(&x) if x < 0.0 => Some(Proven::Loss),
                        _ => None,
                    },
                    _ => None,
                };
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
                    terminal,
                    proven,
                });
                self.nodes[node].children.push((m, child));
                path.push(child);
                let returns = self.rollout(&mut s, next)?;
                if proven.is_some() {
                    self.prove(&path);
                }
                break returns;
            }
            let parent_visits = self.nodes[node].visits.max(1.0);
            let log_n = parent_visits.ln();
            let pick = self.nodes[node]
                .children
                .iter()
                .map(|(_, c)| {
                    let ch = &self.nodes[*c];
                    let mean = ch.reward / ch.visits.max(1.0);
                    // A proven child: certain, so never worth exploring again (a win is taken,
                    // a loss avoided while anything else is left).
                    let score = match ch.proven {
                        Some(Proven::Win) => f64::INFINITY,
                        Some(Proven::Loss) => -1e9,
                        None => mean + EXPLORE * (log_n / ch.visits.max(1.0)).sqrt(),
                    };
                    (score, *c)
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
            self.note(s.turn(), &m);
            g.play_fast(&mut s, &m, &mut next)?;
            node = child;
            path.push(node);
        };
        for &n in &path {
            let nd = &mut self.nodes[n];
            nd.visits += 1.0;
            nd.reward += returns.get(nd.mover.index()).copied().unwrap_or(0.0);
        }
        if self.enhance.mast {
            for &(seat, key) in &self.played {
                let e = self.mast.entry((seat, key)).or_insert((0.0, 0.0));
                e.0 += returns.get(usize::from(seat)).copied().unwrap_or(0.0);
                e.1 += 1.0;
            }
        }
        Ok(())
    }

    /// Notes a move played in this iteration, for MAST.
    fn note(&mut self, seat: PlayerId, m: &Move) {
        if self.enhance.mast {
            self.played.push((seat.0, move_key(m)));
        }
    }

    /// After the last node of `path` was proven, proves its ancestors where that follows: a
    /// node whose mover-to-play has a winning move is won for that seat; one whose moves are
    /// all tried and all lost is lost for it. Two seats, so the node's own mover gains what
    /// the seat to move there loses unless they are the same seat (a second move in a turn).
    fn prove(&mut self, path: &[usize]) {
        for i in (0..path.len().saturating_sub(1)).rev() {
            let n = path[i];
            let node = &self.nodes[n];
            let children: Vec<(PlayerId, Option<Proven>)> = node
                .children
                .iter()
                .map(|(_, c)| (self.nodes[*c].mover, self.nodes[*c].proven))
                .collect();
            let Some(&(to_move, _)) = children.first() else {
                return;
            };
            let won = children.iter().any(|c| c.1 == Some(Proven::Win));
            let lost =
                node.untried.is_empty() && children.iter().all(|c| c.1 == Some(Proven::Loss));
            let for_to_move = if won {
                Proven::Win
            } else if lost {
                Proven::Loss
            } else {
                return;
            };
            let result = if node.mover == to_move {
                for_to_move
            } else {
                match for_to_move {
                    Proven::Win => Proven::Loss,
                    Proven::Loss => Proven::Win,
                }
            };
            if self.nodes[n].proven == Some(result) {
                return;
            }
            self.nodes[n].proven = Some(result);
        }
    }

    /// MAST's playout move: the legal move whose (seat, move) mean return is highest, a
    /// random one a fifth of the time and among equals.
    fn mast_move(&mut self, seat: PlayerId, moves: &[Move]) -> Option<usize> {
        if moves.is_empty() || self.rng.below(1000) < (MAST_EPSILON * 1000.0) as u64 {
            return None;
        }
        let mut best = f64::NEG_INFINITY;
        let mut ties: Vec<usize> = Vec::new();
        for (i, m) in moves.iter().enumerate() {
            let v = self
                .mast
                .get(&(seat.0, move_key(m)))
                .map_or(0.0, |(sum, n)| sum / n.max(1.0));
            if v > best {
                best = v;
                ties.clear();
            }
            if v == best {
                ties.push(i);
            }
        }
        let k = self.rng.below(ties.len() as u64) as usize;
        ties.get(k).copied()
    }

    /// `decisive`: a move of `moves` that ends the game with its mover winning, if any.
    fn decisive_move(&self, s: &mut State, moves: &[Move]) -> Result<Option<usize>, RuleError> {
        let me = s.turn();
        for (i, m) in moves.iter().enumerate() {
            let u = self.g.play(s, m)?;
            let wins = s
                .outcome()
                .is_some_and(|o| !o.is_draw() && o.winners().contains(&me));
            self.g.undo(s, u);
            if wins {
                return Ok(Some(i));
            }
        }
        Ok(None)
    }

    /// Plays random moves to the end (or to the cutoff, then asks `evaluate`).
    fn rollout(&mut self, s: &mut State, mut moves: Vec<Move>) -> Result<Vec<f64>, RuleError> {
        let g = self.g;
        let cutoff = if g.has_evaluate() {
            self.enhance.cut.map_or(CUTOFF_WITH_EVALUATE, u32::from)
        } else {
            u32::MAX
        };
        let mut next = Vec::new();
        let mut plies = 0;
        let plain = !self.enhance.mast && !self.enhance.decisive;
        while !s.is_over() && plies < cutoff {
            let m = if plain || is_chance(&moves) {
                random_move(&moves, self.rng).cloned()
            } else {
                let seat = s.turn();
                let pick = if self.enhance.decisive {
                    self.decisive_move(s, &moves)?
                } else {
                    None
                };
                let pick = match pick {
                    Some(i) => Some(i),
                    None if self.enhance.mast => self.mast_move(seat, &moves),
                    None => None,
                };
                let m = match pick {
                    Some(i) => moves.get(i).cloned(),
                    None => random_move(&moves, self.rng).cloned(),
                };
                if let Some(m) = &m {
                    self.note(seat, m);
                }
                m
            };
            let Some(m) = m else {
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
