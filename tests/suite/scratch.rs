//! Move generation plays moves on scratch copies of the position that each thread keeps
//! between calls (`engine::scratch`): the check test, a star map's settling and the lift of a
//! piece from inside its stack. A kept copy is refilled from whatever position is asked about
//! next, of whatever game, and must then be that position exactly.

use icebox::Game;
use icebox::engine::rng::Rng;

use super::helpers::builtin;

/// Chess (the check test), Homeworlds (settling, lifts) and xiangqi (the check test, a board
/// of another size): each position's legal moves as sorted texts, then a seeded random move.
const GAMES: [(&str, u64); 3] = [("chess", 7), ("homeworlds", 16), ("xiangqi", 5)];
const PLIES: usize = 60;

/// One game's seeded walk: each position's sorted legal-move texts.
struct Walk {
    game: Game,
    state: icebox::engine::State,
    rng: Rng,
    seen: Vec<Vec<String>>,
}

impl Walk {
    fn new(id: &str, seed: u64) -> Walk {
        let game = builtin(id, None, &[]);
        let state = game.start().expect("start");
        Walk {
            game,
            state,
            rng: Rng::new(seed),
            seen: Vec::new(),
        }
    }

    /// Records the position's moves and plays one; false once the game is over.
    fn step(&mut self) -> bool {
        let moves = self.game.legal_moves(&self.state).expect("moves");
        let mut texts: Vec<String> = moves
            .iter()
            .map(|m| self.game.move_text(&self.state, m))
            .collect();
        texts.sort();
        self.seen.push(texts);
        if moves.is_empty() {
            return false;
        }
        // A random move that does not end the game, where there is one: random Homeworlds
        // ends in a few plies (a seat flies its last ship from home), before any system has
        // a ship to lose or a stack to lift from.
        let first = self.rng.below(moves.len() as u64) as usize;
        let m = (0..moves.len())
            .map(|k| &moves[(first + k) % moves.len()])
            .find(|m| {
                let mut next = self.state.clone();
                self.game.play(&mut next, m).expect("play");
                !self.game.legal_moves(&next).expect("moves").is_empty()
            })
            .unwrap_or(&moves[first]);
        self.game.play(&mut self.state, m).expect("play");
        true
    }
}

#[test]
fn games_taking_turns_in_one_thread_see_the_moves_each_sees_alone() {
    // In one thread, the three games a ply each in turn: every kept copy last held another
    // game's position (another board, other pieces) when it is refilled.
    let mut walks: Vec<Walk> = GAMES
        .iter()
        .map(|&(id, seed)| Walk::new(id, seed))
        .collect();
    for _ in 0..PLIES {
        for w in &mut walks {
            if w.seen.last().is_none_or(|m| !m.is_empty()) {
                w.step();
            }
        }
    }
    for (w, &(id, seed)) in walks.iter().zip(&GAMES) {
        // The same game alone, in a thread of its own: its copies never held another game.
        let alone = std::thread::spawn(move || {
            let mut a = Walk::new(id, seed);
            for _ in 0..PLIES {
                if !a.step() {
                    break;
                }
            }
            a.seen
        })
        .join()
        .expect("the lone walk");
        assert_eq!(w.seen.len(), alone.len(), "{id}: plies");
        for (ply, (mixed, lone)) in w.seen.iter().zip(&alone).enumerate() {
            assert_eq!(mixed, lone, "{id}: the legal moves at ply {ply}");
        }
        assert!(
            w.seen.iter().any(|m| m.len() > 1),
            "{id}: the walk saw choices"
        );
    }
}
