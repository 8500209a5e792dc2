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
