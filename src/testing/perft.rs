//! Perft: counting the move tree, the check of move generation, make and undo together
//! against published counts.

use crate::engine::{Move, State};
use crate::game::Game;
use crate::rules::RuleError;

/// Counts the leaf nodes of the move tree to `depth` (perft). A finished game has no moves, so
/// it counts only at depth 0: a position after a winning move has no children.
pub fn perft(g: &Game, s: &mut State, depth: u32) -> Result<u64, RuleError> {
    if depth == 0 {
        return Ok(1);
    }
    let moves = g.legal_moves(s)?;
    perft_from(g, s, &moves, depth)
}

/// [`perft`] of a position whose legal moves are known. Each position's moves are generated
/// once (playing a move settles the next position, which lists its moves), and the last ply
/// is counted from those lists without playing it (exact: the lists are the legal moves).
fn perft_from(g: &Game, s: &mut State, moves: &[Move], depth: u32) -> Result<u64, RuleError> {
    if depth == 1 {
        return Ok(moves.len() as u64);
    }
    let mut n = 0;
    let mut next = Vec::new();
    for m in moves {
        let u = g.play_next(s, m, &mut next)?;
        n += perft_from(g, s, &next, depth - 1)?;
        g.undo(s, u);
    }
    Ok(n)
}

/// What a watched perft ([`perft_watched`]) reports as it counts.
#[derive(Clone, Copy, Debug)]
#[non_exhaustive]
pub enum Progress<'a> {
    /// A root move's whole subtree is counted: its place among the root moves (in the
    /// order of `legal_moves`), how many there are, and its count. The move is not written
    /// out here: writing every root move costs more than a small count (Amazons: 2,176).
    Root {
        /// The move's index in the root position's legal moves.
        index: usize,
        /// Root moves in all.
        of: usize,
        /// Its subtree's leaf count.
        nodes: u64,
        /// The move itself.
        mv: &'a Move,
    },
    /// Still counting: the leaves counted so far (every few thousand positions).
    Nodes(u64),
}

/// A watched perft's count: complete, or as far as it got when told to stop.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Count {
    /// Leaves counted (all of them when `complete`; otherwise so far, the unfinished root
    /// move's part included).
    pub nodes: u64,
    /// The count of each root move whose subtree was counted in full, in the order of
    /// `legal_moves` (when stopped, the first few).
    pub divide: Vec<u64>,
    /// Root moves in all.
    pub roots: usize,
    /// Whether the count ran to the end (not stopped).
    pub complete: bool,
}

/// How often (in positions whose moves are played) a watched perft looks at `stop` and
/// reports [`Progress::Nodes`]: rarely enough to cost nothing, often enough that Ctrl-C is
/// answered at once (a position takes microseconds).
const WATCH_EVERY: u32 = 1024;

/// The counting state of a watched perft.
struct Watcher<'a> {
    stop: &'a std::sync::atomic::AtomicBool,
    report: &'a mut dyn FnMut(Progress<'_>),
    nodes: u64,
    ticks: u32,
    stopped: bool,
}

/// [`perft`] for a person waiting on it: reports each root move as its subtree is counted
/// and the running total every few thousand positions, and stops soon after `stop` is set
/// (by a Ctrl-C handler), returning what it counted so far. The state is left as it was.
/// A separate walk from [`perft`], so the plain count (the hot loop that tests and
/// benchmarks run) pays nothing for being watchable.
pub fn perft_watched(
    g: &Game,
    s: &mut State,
    depth: u32,
    stop: &std::sync::atomic::AtomicBool,
    report: &mut dyn FnMut(Progress<'_>),
) -> Result<Count, RuleError> {
    if depth == 0 {
        return Ok(Count {
            nodes: 1,
            complete: true,
            ..Count::default()
        });
    }
    let moves = g.legal_moves(s)?;
    let mut w = Watcher {
        stop,
        report,
        nodes: 0,
        ticks: 0,
        stopped: false,
    };
    let mut count = Count {
        roots: moves.len(),
        ..Count::default()
    };
    let mut next = Vec::new();
    for (i, m) in moves.iter().enumerate() {
        if w.stop.load(std::sync::atomic::Ordering::Relaxed) {
            w.stopped = true;
            break;
        }
        let before = w.nodes;
        if depth == 1 {
            w.nodes += 1;
        } else {
            let u = g.play_next(s, m, &mut next)?;
            let counted = watched_from(g, s, &next, depth - 1, &mut w);
            g.undo(s, u);
            counted?;
            if w.stopped {
                break;
            }
        }
        let nodes = w.nodes - before;
        (w.report)(Progress::Root {
            index: i,
            of: moves.len(),
            nodes,
            mv: m,
        });
        count.divide.push(nodes);
    }
    count.nodes = w.nodes;
    count.complete = !w.stopped;
    Ok(count)
}

/// [`perft_from`] with a watcher: adds the leaves into `w.nodes`, and gives up (with the
/// state restored) once `w.stop` is seen set.
fn watched_from(
    g: &Game,
    s: &mut State,
    moves: &[Move],
    depth: u32,
    w: &mut Watcher<'_>,
) -> Result<(), RuleError> {
    if depth == 1 {
        w.nodes += moves.len() as u64;
        return Ok(());
    }
    w.ticks += 1;
    if w.ticks >= WATCH_EVERY {
        w.ticks = 0;
        (w.report)(Progress::Nodes(w.nodes));
        if w.stop.load(std::sync::atomic::Ordering::Relaxed) {
            w.stopped = true;
            return Ok(());
        }
    }
    let mut next = Vec::new();
    for m in moves {
        let u = g.play_next(s, m, &mut next)?;
        let counted = watched_from(g, s, &next, depth - 1, w);
        g.undo(s, u);
        counted?;
        if w.stopped {
            return Ok(());
        }
    }
    Ok(())
}
