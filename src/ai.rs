//! Agents that choose moves. For now the uniform random agent used by `play`, `bench` and the
//! conformance test; stronger agents (greedy, MCTS) grow here.

use crate::engine::Move;
use crate::engine::rng::Rng;

/// The kinds of seat the CLI knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Agent {
    /// A person at the terminal.
    Human,
    /// Uniformly random legal moves.
    Random,
}

impl std::str::FromStr for Agent {
    type Err = String;
    fn from_str(s: &str) -> Result<Agent, String> {
        match s {
            "human" => Ok(Agent::Human),
            "random" => Ok(Agent::Random),
            other => Err(format!("`{other}` is not a seat kind (human, random)")),
        }
    }
}

/// Picks a uniformly random move.
pub fn random_move<'m>(moves: &'m [Move], rng: &mut Rng) -> Option<&'m Move> {
    if moves.is_empty() {
        None
    } else {
        moves.get(rng.below(moves.len() as u64) as usize)
    }
}
