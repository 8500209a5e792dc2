//! Alpha-beta search with iterative deepening, for any game: the seat kind `ab`.
//!
//! Every value is the root seat's: a node is a max node when the root seat is to move and a
//! min node otherwise. Turns need not alternate (a seat may move twice in a row: an `again`
//! move, a turn of several actions, a throw of the dice then a move), so nothing flips signs
//! by ply. With three seats or more the search is *paranoid*: every other seat is assumed to
//! play against the root seat, which is pessimistic but keeps a single value per node and so
//! alpha-beta's cutoffs.
//!
//! A throw of the dice is an expectimax node (the weighted mean of its throws, each searched
//! with a full window) and counts as a ply of depth like any move, so a chain of throws with no
//! move between them cannot multiply the tree without bound.
//!
//! Leaves: a finished game is worth its return for the root seat scaled to [`WIN`], less the
//! plies it took (a faster win, a slower loss); a live position the game's `evaluate` (its
//! script hook or `[rules] evaluate`), clamped below any result. A game with no evaluation
//! scores every live leaf 0: `ab` then sees only the results forced within its horizon and
//! plays any other move at random. In games whose moves capture, a leaf is searched on by
//! captures alone (quiescence, at most [`QUIESCENCE`] plies) so that it is not scored in the
//! middle of an exchange.
//!
//! A transposition table (one per search, fixed size) keeps each position's value, bound,
//! depth and best move; moves are tried in the order: the table's move, captures (most
//! valuable piece taken first), two killer moves per ply, then by the history heuristic.
//! Values that depend on the path (a repetition draw) are taken from the table as if they did
//! not: the usual compromise.

use std::time::Instant;

use super::{Horizon, MAX_PLIES, is_chance};
use crate::engine::rng::Rng;
use crate::engine::{Action, Move, Outcome, PlayerId, State, Tables};
use crate::game::Game;
use crate::rules::RuleError;

/// A won game's value (a lost one's is its negation), less the plies it took to get there.
const WIN: f64 = 1e9;
/// A value this far from zero is a result found by the search, not an evaluation.
const PROVEN: f64 = WIN - 1e6;
/// Evaluations are clamped to this, below every result, whatever numbers a script returns.
const EVAL_LIMIT: f64 = 1e8;
/// Root moves within this of the best are equal, and one of them is picked at random.
const TIE: f64 = 1e-6;
/// The most plies of captures a quiescence search goes past the horizon.
const QUIESCENCE: u8 = 8;
/// The transposition table's size, as a power of two (2^18 entries of 24 bytes: 6 MB).
const TABLE_BITS: u32 = 18;
/// The history heuristic's table size, as a power of two.
const HISTORY_BITS: u32 = 14;
/// How many nodes pass between looks at the clock.
const CLOCK_EVERY: u64 = 256;
/// The depth stored for a value whose search never reached the horizon: good at any depth.
const EXHAUSTIVE: u8 = u8::MAX;

/// What a stored value says of the position's true value.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum Bound {
    /// An empty slot.
    #[default]
    Empty,
    /// The value itself.
    Exact,
    /// At least the value (the search failed high).
    Lower,
    /// At most the value (the search failed low).
    Upper,
}

/// One slot of the transposition table.
#[derive(Clone, Copy, Debug, Default)]
struct Entry {
    key: u64,
    value: f64,
    depth: u8,
    bound: Bound,
    /// The index of the best move among the position's legal moves; `u16::MAX` for none.
    best: u16,
    /// The iteration that wrote it: an entry of an earlier iteration is always replaced.
    generation: u16,
}

/// The move alpha-beta plays from `s` (whose legal moves, two or more and not a throw of the
/// dice, are `moves`) for the seat to move; ties among the best broken by `rng`.
pub(super) fn search(
    g: &Game,
    s: &State,
    moves: &[Move],
    horizon: Horizon,
    rng: &mut Rng,
) -> Result<Move, RuleError> {
    let start = Instant::now();
    let (max_depth, budget) = match horizon {
        Horizon::Plies(n) => (n.clamp(1, MAX_PLIES), None),
        Horizon::Time(t) => (MAX_PLIES, Some(t)),
    };
    let mut ab = Search::new(g, s.turn(), budget.and_then(|t| start.checked_add(t)));
    let mut work = s.clone();
    let mut order = ab.order(moves, s.turn(), 0, None);
    // The moves judged best by the last iteration that counts.
    let mut chosen: Vec<usize> = Vec::new();
    let mut child = Vec::new();
    for depth in 1..=max_depth {
        ab.generation = ab.generation.wrapping_add(1);
        ab.cut = false;
        let mut values: Vec<Option<f64>> = vec![None; moves.len()];
        let mut best = f64::NEG_INFINITY;
        for &i in &order {
            // Below the best less a hair, a move cannot tie with it: its search may stop at a
            // bound. At or above, its value is exact, so ties are seen as ties.
            let alpha = best - TIE;
            let u = g.play_next(&mut work, &moves[i], &mut child)?;
            let r = ab.node(&mut work, &child, depth - 1, 1, alpha, f64::INFINITY);
            g.undo(&mut work, u);
            let v = r?;
            if ab.stopped {
                break;
            }
            values[i] = Some(v);
            best = best.max(v);
        }
        // An iteration cut short still counts if it searched the last best move (first in
        // its order): any move it found better is better.
        if !ab.stopped || values[order[0]].is_some() {
            chosen = (0..moves.len())
                .filter(|&i| values[i].is_some_and(|v| v > best - TIE))
                .collect();
        }
        if ab.stopped {
            break;
        }
        order.sort_by(|&a, &b| {
            let key = |i: usize| values[i].unwrap_or(f64::NEG_INFINITY);
            key(b).total_cmp(&key(a))
        });
        let exhausted = !ab.cut;
        let proven = best.abs() >= PROVEN;
        // The next iteration costs several times this one: past half the time it would
        // rarely finish.
        let late = budget.is_some_and(|t| start.elapsed() > t / 2);
        if exhausted || proven || late {
            break;
        }
    }
    let pick = match chosen.len() {
        0 => order[0],
        1 => chosen[0],
        n => chosen[rng.below(n as u64) as usize],
    };
    Ok(moves[pick].clone())
}

/// The search's tables and counters, kept across its iterations.
struct Search<'a> {
    g: &'a Game,
    t: &'a Tables,
    /// The seat the search plays for: values are its.
    root: PlayerId,
    /// Whether leaves are scored (the game has an evaluation): quiescence needs one.
    evaluates: bool,
    /// How many plies of captures a leaf is searched on ([`QUIESCENCE`]; fewer in tests,
    /// whose reference search cannot prune).
    quiescence: u8,
    table: Vec<Entry>,
    generation: u16,
    /// Two moves per ply that last cut a search off there.
    killers: Vec<[Option<Move>; 2]>,
    /// Per (mover, move) slot, how much its cutoffs were worth (depth squared each).
    history: Vec<u32>,
    /// One buffer of legal moves per ply, reused for every position at that ply.
    buffers: Vec<Vec<Move>>,
    nodes: u64,
    deadline: Option<Instant>,
    /// Set when the time ran out: every value since is meaningless and the search unwinds.
    stopped: bool,
    /// Set when the search below reached its horizon somewhere (its value may change with
    /// depth); clear after a subtree whose every line ended the game.
    cut: bool,
}

impl<'a> Search<'a> {
    fn new(g: &'a Game, root: PlayerId, deadline: Option<Instant>) -> Search<'a> {
        let plies = usize::from(MAX_PLIES) + usize::from(QUIESCENCE) + 2;
        Search {
            g,
            t: g.tables(),
            root,
            evaluates: g.has_evaluate(),
            quiescence: QUIESCENCE,
            table: vec![Entry::default(); 1 << TABLE_BITS],
            generation: 0,
            killers: vec![[None, None]; plies],
            history: vec![0; 1 << HISTORY_BITS],
            buffers: Vec::new(),
            nodes: 0,
            deadline,
            stopped: false,
            cut: false,
        }
    }

    /// Counts a node and, now and then, looks at the clock: true once time is up.
    fn tick(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes.is_multiple_of(CLOCK_EVERY)
            && let Some(d) = self.deadline
            && Instant::now() >= d
        {
            self.stopped = true;
        }
        self.stopped
    }

    /// The value of `s` (whose legal moves are `moves`) searched `depth` plies deep, `ply`
    /// plies below the root, within the window (`alpha`, `beta`): exact inside it, a bound
    /// outside (fail-soft).
    fn node(
        &mut self,
        s: &mut State,
        moves: &[Move],
        depth: u8,
        ply: usize,
        alpha: f64,
        beta: f64,
    ) -> Result<f64, RuleError> {
        if let Some(o) = s.outcome() {
            return Ok(result(o, self.root, ply));
        }
        if self.tick() {
            return Ok(0.0);
        }
        if depth == 0 || moves.is_empty() {
            self.cut = true;
            return self.quiesce(s, moves, ply, alpha, beta, self.quiescence);
        }
        let key = self.key(s);
        let mut table_move = None;
        if let Some(e) = self.probe(key) {
            let usable = match e.bound {
                Bound::Exact => true,
                Bound::Lower => e.value >= beta,
                Bound::Upper => e.value <= alpha,
                Bound::Empty => false,
            };
            if e.depth >= depth && usable {
                if e.depth != EXHAUSTIVE {
                    self.cut = true;
                }
                return Ok(e.value);
            }
            table_move = Some(usize::from(e.best)).filter(|&i| i < moves.len());
        }
        let outer_cut = std::mem::replace(&mut self.cut, false);
        let (value, best) = if is_chance(moves) {
            (self.chance(s, moves, depth, ply)?, None)
        } else {
            self.player(s, moves, depth, ply, alpha, beta, table_move)?
        };
        let exhaustive = !self.cut;
        self.cut |= outer_cut;
        if !self.stopped {
            let bound = if is_chance(moves) {
                Bound::Exact
            } else if value <= alpha {
                Bound::Upper
            } else if value >= beta {
                Bound::Lower
            } else {
                Bound::Exact
            };
            self.store(Entry {
                key,
                value,
                depth: if exhaustive { EXHAUSTIVE } else { depth },
                bound,
                best: best.and_then(|i| u16::try_from(i).ok()).unwrap_or(u16::MAX),
                generation: self.generation,
            });
        }
        Ok(value)
    }

    /// The table's entry for a position's key, if it holds one.
    fn probe(&self, key: u64) -> Option<Entry> {
        let e = *self.table.get(self.slot(key))?;
        (e.bound != Bound::Empty && e.key == key).then_some(e)
    }

    /// Keeps an entry: over one of an earlier iteration, of the same position, or of a
    /// shallower search.
    fn store(&mut self, e: Entry) {
        let slot = self.slot(e.key);
        let generation = self.generation;
        if let Some(old) = self.table.get_mut(slot)
            && (old.generation != generation || old.key == e.key || e.depth >= old.depth)
        {
            *old = e;
        }
    }

    /// A key's slot in the table (past its end when the table is empty: tests search
    /// without one).
    fn slot(&self, key: u64) -> usize {
        (key as usize) & self.table.len().wrapping_sub(1)
    }

    /// A throw of the dice: the mean of the throws' values, weighted by their chances.
    fn chance(
        &mut self,
        s: &mut State,
        moves: &[Move],
        depth: u8,
        ply: usize,
    ) -> Result<f64, RuleError> {
        let mut next = self.take_buffer(ply + 1);
        let (mut sum, mut weights) = (0.0, 0.0);
        for m in moves {
            let u = self.g.play_next(s, m, &mut next)?;
            let r = self.node(
                s,
                &next,
                depth - 1,
                ply + 1,
                f64::NEG_INFINITY,
                f64::INFINITY,
            );
            self.g.undo(s, u);
            let v = r?;
            if self.stopped {
                break;
            }
            sum += f64::from(m.chance) * v;
            weights += f64::from(m.chance);
        }
        self.buffers[ply + 1] = next;
        Ok(if weights > 0.0 { sum / weights } else { 0.0 })
    }

    /// A seat's move: the best for the root seat if it is the one to move, the worst
    /// otherwise. Returns the value and the index of the move that gave it.
    #[allow(clippy::too_many_arguments)]
    fn player(
        &mut self,
        s: &mut State,
        moves: &[Move],
        depth: u8,
        ply: usize,
        mut alpha: f64,
        mut beta: f64,
        table_move: Option<usize>,
    ) -> Result<(f64, Option<usize>), RuleError> {
        let mover = s.turn();
        let maximize = mover == self.root;
        let order = self.order(moves, mover, ply, table_move);
        let mut next = self.take_buffer(ply + 1);
        let mut best = if maximize {
            f64::NEG_INFINITY
        } else {
            f64::INFINITY
        };
        let mut best_i = None;
        for i in order {
            let u = self.g.play_next(s, &moves[i], &mut next)?;
            let r = self.node(s, &next, depth - 1, ply + 1, alpha, beta);
            self.g.undo(s, u);
            let v = r?;
            if self.stopped {
                break;
            }
            if (maximize && v > best) || (!maximize && v < best) {
                best = v;
                best_i = Some(i);
            }
            if maximize {
                alpha = alpha.max(v);
            } else {
                beta = beta.min(v);
            }
            if alpha >= beta {
                if capture_value(self.t, mover, &moves[i]) == 0 {
                    self.remember_cutoff(mover, &moves[i], depth, ply);
                }
                break;
            }
        }
        self.buffers[ply + 1] = next;
        Ok((best, best_i))
    }

    /// Past the horizon: the evaluation, or, in a game with captures, the best the side to
    /// move can do by capturing or by standing where it is (it need not capture).
    fn quiesce(
        &mut self,
        s: &mut State,
        moves: &[Move],
        ply: usize,
        mut alpha: f64,
        mut beta: f64,
        left: u8,
    ) -> Result<f64, RuleError> {
        if let Some(o) = s.outcome() {
            return Ok(result(o, self.root, ply));
        }
        let stand = self.evaluate(s)?;
        if !self.evaluates || left == 0 || is_chance(moves) || self.tick() {
            return Ok(stand);
        }
        let mover = s.turn();
        let maximize = mover == self.root;
        if maximize {
            if stand >= beta {
                return Ok(stand);
            }
            alpha = alpha.max(stand);
        } else {
            if stand <= alpha {
                return Ok(stand);
            }
            beta = beta.min(stand);
        }
        let mut captures: Vec<(i64, usize)> = moves
            .iter()
            .enumerate()
            .map(|(i, m)| (capture_value(self.t, mover, m), i))
            .filter(|&(v, _)| v > 0)
            .collect();
        if captures.is_empty() {
            return Ok(stand);
        }
        captures.sort_by_key(|&(v, _)| std::cmp::Reverse(v));
        let mut next = self.take_buffer(ply + 1);
        let mut best = stand;
        for (_, i) in captures {
            let u = self.g.play_next(s, &moves[i], &mut next)?;
            let r = self.quiesce(s, &next, ply + 1, alpha, beta, left - 1);
            self.g.undo(s, u);
            let v = r?;
            if self.stopped {
                break;
            }
            if maximize {
                best = best.max(v);
                alpha = alpha.max(v);
            } else {
                best = best.min(v);
                beta = beta.min(v);
            }
            if alpha >= beta {
                break;
            }
        }
        self.buffers[ply + 1] = next;
        Ok(best)
    }

    /// The game's evaluation of a live position for the root seat, clamped below results;
    /// 0 when the game has none.
    fn evaluate(&self, s: &State) -> Result<f64, RuleError> {
        Ok(self
            .g
            .evaluate(s, self.root)?
            .map_or(0.0, |v| (v as f64).clamp(-EVAL_LIMIT, EVAL_LIMIT)))
    }

    /// The table's key of a position: its repetition key, which leaves out what repetition
    /// ignores, with that mixed back in where a value may depend on it: the scores, every
    /// var, the passes in a row and the ply (a move limit; and a result's value counts the
    /// plies from the root).
    fn key(&self, s: &State) -> u64 {
        let mut k = s.position_key(self.t);
        for &v in s.scores().iter().chain(s.vars.iter()) {
            k = mix(k ^ v as u64);
        }
        k = mix(k ^ u64::from(s.passes()));
        mix(k ^ u64::from(s.ply()))
    }

    /// The order to try `moves` in at `ply`: the table's move, captures by the value they
    /// take, the killers, then by history; the generation order among equals.
    fn order(
        &self,
        moves: &[Move],
        mover: PlayerId,
        ply: usize,
        table_move: Option<usize>,
    ) -> Vec<usize> {
        let killers = self.killers.get(ply);
        let rank = |i: usize| -> i64 {
            let m = &moves[i];
            if table_move == Some(i) {
                return i64::MAX;
            }
            let taken = capture_value(self.t, mover, m);
            if taken > 0 {
                return (1 << 40) + taken.min(1 << 30);
            }
            match killers {
                Some([Some(k), _]) if k == m => 1 << 33,
                Some([_, Some(k)]) if k == m => (1 << 33) - 1,
                _ => i64::from(self.history[history_slot(mover, m)]),
            }
        };
        let mut ranked: Vec<(i64, usize)> = (0..moves.len()).map(|i| (rank(i), i)).collect();
        ranked.sort_by_key(|&(r, _)| std::cmp::Reverse(r));
        ranked.into_iter().map(|(_, i)| i).collect()
    }

    /// A quiet move cut the search off: a killer at its ply, and credit in the history.
    fn remember_cutoff(&mut self, mover: PlayerId, m: &Move, depth: u8, ply: usize) {
        if let Some(k) = self.killers.get_mut(ply)
            && k[0].as_ref() != Some(m)
        {
            k[1] = k[0].take();
            k[0] = Some(m.clone());
        }
        let slot = history_slot(mover, m);
        let d = u32::from(depth);
        self.history[slot] = self.history[slot].saturating_add(d * d);
    }

    /// The move buffer of a ply, taken out while that ply's positions use it.
    fn take_buffer(&mut self, ply: usize) -> Vec<Move> {
        if self.buffers.len() <= ply {
            self.buffers.resize_with(ply + 1, Vec::new);
        }
        std::mem::take(&mut self.buffers[ply])
    }
}

/// A finished game's value for `root`, `ply` plies below the root: its return scaled to
/// [`WIN`], less the plies for a win and plus them for a loss.
fn result(o: &Outcome, root: PlayerId, ply: usize) -> f64 {
    let r = o.returns().get(root.index()).copied().unwrap_or(0.0);
    if r == 0.0 {
        0.0
    } else {
        r * WIN - r.signum() * ply as f64
    }
}

/// How much a move takes from the other seats: the sizes (at least 1 each) of their pieces it
/// moves off the board, or the count of pieces it says it captures; 0 for a quiet move.
fn capture_value(t: &Tables, mover: PlayerId, m: &Move) -> i64 {
    let cells = t.board.len();
    let mut taken = 0i64;
    for a in &m.actions {
        if let Action::Transfer { piece, from, .. } = *a
            && from.index() < cells
        {
            let info = t.info(piece);
            if info.owner.is_some_and(|o| o != mover) {
                taken = taken.saturating_add(info.size.max(1));
            }
        }
    }
    if taken == 0 {
        i64::from(m.taken)
    } else {
        taken
    }
}

/// A move's slot in the history table: its mover, path and promotion, hashed.
fn history_slot(mover: PlayerId, m: &Move) -> usize {
    let mut h = mix(mover.index() as u64);
    for l in &m.path {
        h = mix(h ^ l.index() as u64);
    }
    h = mix(h ^ m.suffix.map_or(0, |k| k.index() as u64 + 1));
    (h as usize) & ((1 << HISTORY_BITS) - 1)
}

/// SplitMix64's finaliser: spreads every bit of the input over the output.
fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    //! The search against plain minimax (no window, no table, no ordering) with the same
    //! leaves: pruning, the table and iterative deepening must change how fast a value is
    //! found, never the value.

    use super::*;
    use crate::ai::random_move;

    /// Plies of captures past the horizon in these tests: a search without pruning cannot
    /// afford eight.
    const TEST_QUIESCENCE: u8 = 3;

    /// Minimax (expectimax at throws) to `depth`, then captures to [`TEST_QUIESCENCE`] plies.
    fn reference(g: &Game, root: PlayerId, s: &mut State, depth: u8, ply: usize) -> f64 {
        if let Some(o) = s.outcome() {
            return result(o, root, ply);
        }
        let moves = g.legal_moves(s).expect("moves");
        if depth == 0 {
            return quiet(g, root, s, &moves, ply, TEST_QUIESCENCE);
        }
        let mut values = Vec::new();
        for m in &moves {
            let u = g.play(s, m).expect("plays");
            values.push((m.chance, reference(g, root, s, depth - 1, ply + 1)));
            g.undo(s, u);
        }
        if is_chance(&moves) {
            let total: f64 = values.iter().map(|&(w, _)| f64::from(w)).sum();
            values.iter().map(|&(w, v)| f64::from(w) * v).sum::<f64>() / total
        } else if s.turn() == root {
            values
                .iter()
                .map(|&(_, v)| v)
                .fold(f64::NEG_INFINITY, f64::max)
        } else {
            values.iter().map(|&(_, v)| v).fold(f64::INFINITY, f64::min)
        }
    }

    fn quiet(g: &Game, root: PlayerId, s: &mut State, moves: &[Move], ply: usize, left: u8) -> f64 {
        let stand = g
            .evaluate(s, root)
            .expect("evaluates")
            .map_or(0.0, |v| (v as f64).clamp(-EVAL_LIMIT, EVAL_LIMIT));
        if !g.has_evaluate() || left == 0 || is_chance(moves) {
            return stand;
        }
        let mover = s.turn();
        let mut best = stand;
        for m in moves
            .iter()
            .filter(|m| capture_value(g.tables(), mover, m) > 0)
        {
            let u = g.play(s, m).expect("plays");
            let v = match s.outcome() {
                Some(o) => result(o, root, ply + 1),
                None => {
                    let next = g.legal_moves(s).expect("moves");
                    quiet(g, root, s, &next, ply + 1, left - 1)
                }
            };
            g.undo(s, u);
            best = if mover == root {
                best.max(v)
            } else {
                best.min(v)
            };
        }
        best
    }

    fn game(id: &str, variant: Option<&str>) -> Game {
        let files = crate::catalog::find(id, &[]).expect("built in");
        Game::load(&files, variant, &[]).expect("loads")
    }

    /// Positions a few random moves into a game, every third ply where a seat is to move.
    fn positions(g: &Game, plies: usize) -> Vec<State> {
        let mut rng = Rng::new(5);
        let mut s = g.start().expect("starts");
        let mut out = Vec::new();
        for ply in 1..=plies {
            let moves = g.legal_moves(&s).expect("moves");
            let Some(m) = random_move(&moves, &mut rng).cloned() else {
                break;
            };
            g.play(&mut s, &m).expect("plays");
            if s.is_over() {
                break;
            }
            if ply % 3 == 0 && !is_chance(&g.legal_moves(&s).expect("moves")) {
                out.push(s.clone());
            }
        }
        out
    }

    /// The root values of iterative deepening to `depth` from `s`, with the table or
    /// without it; the search must leave its state as it found it.
    fn deepen(g: &Game, s: &State, depth: u8, table: bool) -> Vec<f64> {
        let moves = g.legal_moves(s).expect("moves");
        let mut ab = Search::new(g, s.turn(), None);
        ab.quiescence = TEST_QUIESCENCE;
        if !table {
            ab.table.clear();
        }
        let mut work = s.clone();
        let values = (1..=depth)
            .map(|d| {
                ab.generation += 1;
                ab.node(&mut work, &moves, d, 0, f64::NEG_INFINITY, f64::INFINITY)
                    .expect("searches")
            })
            .collect();
        assert_eq!(&work, s, "the search changed its state");
        values
    }

    #[test]
    fn alpha_beta_finds_the_minimax_value() {
        let cases = [
            ("chess", None, 2, 12),
            ("connect-four", None, 6, 10),
            ("english-draughts", None, 5, 20),
            ("backgammon", None, 4, 9),
            ("volcano", Some("three-player"), 1, 6),
            ("icesickle", None, 3, 8),
        ];
        for (id, variant, depth, plies) in cases {
            let g = game(id, variant);
            for s in positions(&g, plies) {
                let got = deepen(&g, &s, depth, false);
                for (d, v) in (1..=depth).zip(got) {
                    let want = reference(&g, s.turn(), &mut s.clone(), d, 0);
                    assert_eq!(v, want, "{id} at ply {}, depth {d}", s.ply());
                }
            }
        }
    }

    #[test]
    fn the_table_changes_no_value() {
        let cases = [
            ("chess", None, 4, 9),
            ("connect-four", None, 8, 12),
            ("english-draughts", None, 8, 24),
            ("backgammon", None, 5, 12),
            ("volcano", Some("three-player"), 2, 9),
            ("icesickle", None, 4, 12),
        ];
        for (id, variant, depth, plies) in cases {
            let g = game(id, variant);
            for s in positions(&g, plies) {
                let with = deepen(&g, &s, depth, true);
                let without = deepen(&g, &s, depth, false);
                assert_eq!(with, without, "{id} at ply {}", s.ply());
            }
        }
    }
}
