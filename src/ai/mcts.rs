//! UCT Monte-Carlo tree search: each iteration walks the tree by UCB1, grows one child, and
//! plays random moves from it to the end (or, in games with `evaluate`, to a cutoff scored by
//! it). A throw of the dice is sampled by its weight at every visit, so chance needs no node
//! type of its own.
//!
//! [`Enhance`] turns on what makes the search stronger, each on its own so a ladder can measure
//! it: an earlier cutoff scored by `evaluate` (`cut`), playouts that prefer moves that did well
//! (MAST), a solver that proves wins and losses in the tree (two-seat games without dice), and
//! playouts that take a move winning at once (`decisive`) and shun one that lets the next seat
//! win at once (`anti`), a tree kept from one move to the next (`reuse`), and several threads
//! searching the same position at once (`parN`, in `parallel`). With none of them it is the
//! plain UCT that `mcts` has always been.

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
    /// Anti-decisive playouts: a move after which the next seat can win at once is passed
    /// over while another is left (tried in random order, at most [`ANTI_TRIES`] a ply).
    pub anti: bool,
    /// The tree of the last search is kept, and the next search of the same seat starts from
    /// the node of the position it is asked about (found within [`REUSE_PLIES`] plies).
    pub reuse: bool,
    /// Root-parallel search on this many threads (0: one): each searches the position with
    /// its own tree, random numbers and copy of the game, for the whole budget, and the
    /// root's visits are summed.
    pub par: u8,
}

impl Enhance {
    /// Every enhancement (`mcts+all`).
    pub const ALL: Enhance = Enhance {
        cut: Some(DEFAULT_CUT),
        mast: true,
        solver: true,
        decisive: true,
        anti: true,
        reuse: true,
        par: 0,
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
            (self.anti, "+anti"),
            (self.reuse, "+reuse"),
        ] {
            if on {
                s.push_str(name);
            }
        }
        if self.par > 1 {
            s.push_str(&format!("+par{}", self.par));
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

#[derive(Clone)]
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

/// What a search learnt, kept between the moves of a seat with `reuse`: the tree from the
/// position searched and MAST's move averages.
pub(super) struct Tree {
    root: State,
    nodes: Vec<Node>,
    /// Moves held by the tree's nodes, against [`MAX_TREE_MOVES`].
    held: usize,
    /// MAST: each (seat, move) key's summed return and count.
    mast: HashMap<(u8, u64), (f64, f64)>,
}

/// The most plies between two searches of one seat for the second to start from the first's
/// tree: a turn of several moves, or several seats moving, in between.
pub const REUSE_PLIES: u32 = 8;
/// The most positions rebuilt while looking for the new root in a kept tree.
const REUSE_PLAYS: usize = 20_000;
/// Anti-decisive playouts try at most this many moves a ply for one that gives the next seat
/// no win at once.
pub const ANTI_TRIES: usize = 8;

impl Tree {
    /// A tree of one node: `s`, whose legal moves are `moves`.
    pub(super) fn new(s: &State, moves: &[Move]) -> Tree {
        Tree {
            root: s.clone(),
            nodes: vec![Node {
                mover: s.turn(),
                visits: 0.0,
                reward: 0.0,
                untried: moves.to_vec(),
                children: Vec::new(),
                terminal: None,
                proven: None,
            }],
            held: moves.len(),
            mast: HashMap::new(),
        }
    }

    /// The visits this tree holds for `s` (whose legal moves are `moves`): what a search of
    /// it would start from. 0 when `s` is not in it.
    pub(super) fn peek(&self, g: &Game, s: &State, moves: &[Move]) -> f64 {
        match self.find(g, s).map(|i| &self.nodes[i]) {
            Some(n) if n.untried.len() + n.children.len() == moves.len() => n.visits,
            _ => 0.0,
        }
    }

    /// This tree's subtree at `s` (whose legal moves are `moves`) as a tree of its own, with
    /// MAST's averages: found by playing the tree's moves from its root, breadth first, up to
    /// [`REUSE_PLIES`] plies and [`REUSE_PLAYS`] positions. A fresh tree when `s` is not in
    /// it (another game, a move taken back, an unexplored reply).
    pub(super) fn at(mut self, g: &Game, s: &State, moves: &[Move]) -> Tree {
        let found = self.find(g, s);
        let mut fresh = Tree::new(s, moves);
        fresh.mast = std::mem::take(&mut self.mast);
        let Some(found) = found else {
            return fresh;
        };
        // The node holds every legal move, tried or not: anything else is not this position.
        let node = &self.nodes[found];
        if node.terminal.is_some() || node.untried.len() + node.children.len() != moves.len() {
            return fresh;
        }
        let mut old: Vec<Option<Node>> = std::mem::take(&mut self.nodes)
            .into_iter()
            .map(Some)
            .collect();
        let mut nodes: Vec<Node> = Vec::new();
        let mut held = 0;
        // Old index -> new index, parents before children (the root first).
        let mut queue = std::collections::VecDeque::from([found]);
        let mut renumber: HashMap<usize, usize> = HashMap::new();
        while let Some(i) = queue.pop_front() {
            let Some(n) = old.get_mut(i).and_then(Option::take) else {
                continue;
            };
            renumber.insert(i, nodes.len());
            held += n.untried.len() + n.children.len();
            queue.extend(n.children.iter().map(|(_, c)| *c));
            nodes.push(n);
        }
        for n in &mut nodes {
            n.children.retain_mut(|(_, c)| match renumber.get(c) {
                Some(&new) => {
                    *c = new;
                    true
                }
                None => false,
            });
        }
        fresh.root = s.clone();
        fresh.nodes = nodes;
        fresh.held = held;
        fresh
    }

    /// The node of `s`, searched breadth first from the root by playing the tree's moves.
    fn find(&self, g: &Game, s: &State) -> Option<usize> {
        let mut queue = std::collections::VecDeque::from([(0usize, self.root.clone(), 0u32)]);
        let mut plays = 0usize;
        while let Some((i, at, depth)) = queue.pop_front() {
            if at == *s {
                return Some(i);
            }
            // Plies only go up: a position past the one sought cannot lead to it.
            if depth >= REUSE_PLIES || at.ply() >= s.ply() {
                continue;
            }
            for (m, c) in &self.nodes[i].children {
                plays += 1;
                if plays > REUSE_PLAYS {
                    return None;
                }
                let mut next = at.clone();
                if g.play(&mut next, m).is_ok() {
                    queue.push_back((*c, next, depth + 1));
                }
            }
        }
        None
    }
}

/// A root move's standing after a search, for merging the trees of parallel searches.
#[derive(Clone, Debug)]
pub(super) struct RootMove {
    pub(super) m: Move,
    pub(super) visits: f64,
    pub(super) reward: f64,
    proven: Option<Proven>,
}

/// The move to play from root moves' standings (summed over threads): a proven win first, a
/// proven loss last, otherwise the most visited, then the best rewarded.
pub(super) fn best_of(stats: &[RootMove]) -> Option<&RootMove> {
    let rank = |r: &RootMove| match r.proven {
        Some(Proven::Win) => 2,
        None => 1,
        Some(Proven::Loss) => 0,
    };
    stats.iter().max_by(|a, b| {
        rank(a)
            .cmp(&rank(b))
            .then(a.visits.total_cmp(&b.visits))
            .then(a.reward.total_cmp(&b.reward))
    })
}

/// Adds one search's root standings into `into` (the same root, another thread's tree). A
/// result proven in any tree holds in all: a win wins, a loss loses.
pub(super) fn merge(into: &mut Vec<RootMove>, from: Vec<RootMove>) {
    for r in from {
        match into.iter_mut().find(|x| x.m == r.m) {
            Some(x) => {
                x.visits += r.visits;
                x.reward += r.reward;
                x.proven = match (x.proven, r.proven) {
                    (Some(Proven::Win), _) | (_, Some(Proven::Win)) => Some(Proven::Win),
                    (Some(Proven::Loss), _) | (_, Some(Proven::Loss)) => Some(Proven::Loss),
                    _ => None,
                };
            }
            None => into.push(r),
        }
    }
}

pub(super) struct Mcts<'a> {
    g: &'a Game,
    tree: Tree,
    rng: &'a mut Rng,
    seats: usize,
    enhance: Enhance,
    /// The solver is on and the game suits it (two seats, no dice).
    solving: bool,
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
    /// A search of `tree`'s root (a fresh [`Tree::new`], or one kept from the last move).
    pub(super) fn new(g: &'a Game, tree: Tree, rng: &'a mut Rng, enhance: Enhance) -> Mcts<'a> {
        let t = g.tables();
        Mcts {
            g,
            tree,
            rng,
            seats: t.player_count(),
            enhance,
            solving: enhance.solver && t.player_count() == 2 && t.dice.is_none(),
            played: Vec::new(),
        }
    }

    /// Searches for the budget and plays the best root move.
    pub(super) fn search(self, budget: Budget) -> Result<Move, RuleError> {
        let (stats, tree) = self.run(budget)?;
        Ok(best_of(&stats)
            .map(|r| r.m.clone())
            .unwrap_or_else(|| tree.nodes[0].untried[0].clone()))
    }

    /// Searches for the budget: the root moves' standings, and the tree.
    pub(super) fn run(mut self, budget: Budget) -> Result<(Vec<RootMove>, Tree), RuleError> {
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
            let nodes = &self.tree.nodes;
            if nodes[0].proven.is_some()
                || nodes[0]
                    .children
                    .iter()
                    .any(|(_, c)| nodes[*c].proven == Some(Proven::Win))
            {
                break;
            }
        }
        let nodes = &self.tree.nodes;
        let stats = nodes[0]
            .children
            .iter()
            .map(|(m, c)| RootMove {
                m: m.clone(),
                visits: nodes[*c].visits,
                reward: nodes[*c].reward,
                proven: nodes[*c].proven,
            })
            .collect();
        Ok((stats, self.tree))
    }

    fn iterate(&mut self) -> Result<(), RuleError> {
        let g = self.g;
        let mut s = self.tree.root.clone();
        let mut next: Vec<Move> = Vec::new();
        let mut path = vec![0usize];
        let mut node = 0usize;
        self.played.clear();
        // Selection and expansion.
        let returns = loop {
            if let Some(r) = &self.tree.nodes[node].terminal {
                break r.clone();
            }
            // The move to grow a child for: an untried one; at a throw of the dice, a throw
            // sampled by its probability, followed if its child exists (the throws stay in
            // `untried`, which never empties there).
            let full = self.tree.held >= MAX_TREE_MOVES;
            let expand = if is_chance(&self.tree.nodes[node].untried) {
                let Some(m) = chance_move(&self.tree.nodes[node].untried, self.rng).cloned() else {
                    break vec![0.0; self.seats];
                };
                let known = self.tree.nodes[node]
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
            } else if self.tree.nodes[node].untried.is_empty() {
                None
            } else if full {
                // The tree is as large as it may grow: play on from here at random.
                let moves = std::mem::take(&mut next);
                let moves = if moves.is_empty() {
                    self.tree.nodes[node].untried.clone()
                } else {
                    moves
                };
                break self.rollout(&mut s, moves)?;
            } else {
                let n = self.tree.nodes[node].untried.len() as u64;
                let i = self.rng.below(n) as usize;
                Some(self.tree.nodes[node].untried.swap_remove(i))
            };
            if let Some(m) = expand {
                let mover = s.turn();
                self.note(mover, &m);
                g.play_fast(&mut s, &m, &mut next)?;
                let child = self.tree.nodes.len();
                self.tree.held += next.len() + 1;
                let terminal = s.outcome().map(|o| o.returns());
                let proven = match &terminal {
                    Some(r) if self.solving => match r.get(mover.index()) {
                        Some(&x) if x > 0.0 => Some(Proven::Win),
                        Some(&x) if x < 0.0 => Some(Proven::Loss),
                        _ => None,
                    },
                    _ => None,
                };
                self.tree.nodes.push(Node {
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
                self.tree.nodes[node].children.push((m, child));
                path.push(child);
                let returns = self.rollout(&mut s, next)?;
                if proven.is_some() {
                    self.prove(&path);
                }
                break returns;
            }
            let parent_visits = self.tree.nodes[node].visits.max(1.0);
            let log_n = parent_visits.ln();
            let pick = self.tree.nodes[node]
                .children
                .iter()
                .map(|(_, c)| {
                    let ch = &self.tree.nodes[*c];
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
            let m = self.tree.nodes[node]
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
            let nd = &mut self.tree.nodes[n];
            nd.visits += 1.0;
            nd.reward += returns.get(nd.mover.index()).copied().unwrap_or(0.0);
        }
        if self.enhance.mast {
            for &(seat, key) in &self.played {
                let e = self.tree.mast.entry((seat, key)).or_insert((0.0, 0.0));
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
            let node = &self.tree.nodes[n];
            let children: Vec<(PlayerId, Option<Proven>)> = node
                .children
                .iter()
                .map(|(_, c)| (self.tree.nodes[*c].mover, self.tree.nodes[*c].proven))
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
            if self.tree.nodes[n].proven == Some(result) {
                return;
            }
            self.tree.nodes[n].proven = Some(result);
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
                .tree
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

    /// `anti`: a move of `moves` after which the seat to move next (another seat) has no move
    /// that wins at once, trying `first` and then the others from a random one on, at most
    /// [`ANTI_TRIES`] in all; `None` when every move tried lets the next seat win.
    fn safe_move(
        &mut self,
        s: &mut State,
        moves: &[Move],
        first: Option<usize>,
    ) -> Result<Option<usize>, RuleError> {
        let (g, me, n) = (self.g, s.turn(), moves.len());
        if n == 0 {
            return Ok(None);
        }
        let from = self.rng.below(n as u64) as usize;
        let order = first
            .into_iter()
            .chain((0..n).map(|k| (from + k) % n).filter(|&i| Some(i) != first))
            .take(ANTI_TRIES);
        for i in order {
            let u = g.play(s, &moves[i])?;
            let safe = match s.outcome() {
                Some(o) => o.is_draw() || o.winners().contains(&me),
                None if s.turn() == me => true,
                None => {
                    let replies = g.legal_moves(s)?;
                    is_chance(&replies) || self.decisive_move(s, &replies)?.is_none()
                }
            };
            g.undo(s, u);
            if safe {
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
        let plain = !self.enhance.mast && !self.enhance.decisive && !self.enhance.anti;
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
                    None => {
                        let liked = if self.enhance.mast {
                            self.mast_move(seat, &moves)
                        } else {
                            None
                        };
                        if self.enhance.anti {
                            self.safe_move(s, &moves, liked)?.or(liked)
                        } else {
                            liked
                        }
                    }
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

#[cfg(test)]
mod tests {
    use super::*;

    fn connect_four() -> Game {
        let files = crate::catalog::find("connect-four", &[]).expect("built in");
        Game::load(&files, None, &[]).expect("loads")
    }

    /// Yellow to move; Red has b2, c2 and d2 with e1 empty below e2: every move but e1 is
    /// safe, and e1 lets Red win at e2.
    const E1_LOSES: &str =
        "7/7/7/7/yDrDrDrD3/yDyDrDyD2rD turn=Yellow discs.Red=16rD discs.Yellow=17yD";

    #[test]
    fn anti_decisive_playouts_pass_over_a_move_that_lets_the_next_seat_win() {
        let g = connect_four();
        let mut s = g.position(E1_LOSES).expect("position");
        let moves = g.legal_moves(&s).expect("moves");
        let texts: Vec<String> = moves.iter().map(|m| g.move_text(&s, m)).collect();
        let e1 = texts.iter().position(|t| t == "D@e1").expect("e1 is legal");
        let before = s.clone();
        let anti = Enhance {
            anti: true,
            ..Enhance::default()
        };
        for seed in 1..=20 {
            let mut rng = Rng::new(seed);
            let mut m = Mcts::new(&g, Tree::new(&s, &moves), &mut rng, anti);
            // Asked to try e1 first, and tried in random order after it.
            let pick = m.safe_move(&mut s, &moves, Some(e1)).expect("plays");
            let pick = pick.expect("six moves are safe");
            assert_ne!(texts[pick], "D@e1", "seed {seed}");
            let none = m.safe_move(&mut s, &moves, None).expect("plays");
            assert!(none.is_some_and(|i| i != e1), "seed {seed}");
            assert_eq!(s, before, "every move tried was taken back");
        }
        // Only e1 left to choose from: no safe move.
        let only = [moves[e1].clone()];
        let mut rng = Rng::new(1);
        let mut m = Mcts::new(&g, Tree::new(&s, &only), &mut rng, anti);
        assert_eq!(m.safe_move(&mut s, &only, None).expect("plays"), None);
    }

    #[test]
    fn a_kept_tree_moved_to_a_position_it_does_not_hold_starts_afresh() {
        let g = connect_four();
        let s = g.start().expect("start");
        let moves = g.legal_moves(&s).expect("moves");
        let mut rng = Rng::new(3);
        let (_, tree) = Mcts::new(&g, Tree::new(&s, &moves), &mut rng, Enhance::default())
            .run(Budget::Playouts(50))
            .expect("search");
        assert_eq!(tree.peek(&g, &s, &moves), 50.0);
        // The same position: the whole tree, all its moves held.
        let again = tree.at(&g, &s, &moves);
        assert_eq!(again.nodes[0].visits, 50.0);
        let held: usize = again
            .nodes
            .iter()
            .map(|n| n.untried.len() + n.children.len())
            .sum();
        assert_eq!(again.held, held);
        // A position of another game: a tree of one node.
        let other = g.position(E1_LOSES).expect("position");
        let other_moves = g.legal_moves(&other).expect("moves");
        let fresh = again.at(&g, &other, &other_moves);
        assert_eq!(fresh.nodes.len(), 1);
        assert_eq!(fresh.nodes[0].visits, 0.0);
        assert_eq!(fresh.held, other_moves.len());
    }
}
