//! Embedding the engine: load a game, list moves, play, undo, and read the result.
//!
//! Run with `cargo run --example embed` (IceSickle) or
//! `cargo run --example embed -- examples/hexapawn` (any game folder). It needs only the
//! library: `cargo run --example embed --no-default-features` builds no CLI crates.

use icebox::Game;
use icebox::engine::rng::Rng;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let which = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "icesickle".to_string());
    // A built-in id or a path; user folders could be passed as the second argument.
    let files = icebox::catalog::find(&which, &[])?;
    // No variant, no --set options. Errors come back as located diagnostics.
    let game = Game::load(&files, None, &[])?;
    let mut state = game.start()?;
    let mut rng = Rng::new(2026);

    // Try a move and take it back: undo restores the state exactly.
    let before = state.clone();
    let first = game.legal_moves(&state)?;
    let undo = game.play(&mut state, &first[0])?;
    game.undo(&mut state, undo);
    assert_eq!(state, before);

    // A move from outside (a peer, a file) is checked before it is played: a move of the
    // starting position is not legal once a move has been made.
    let mut later = state.clone();
    game.play(&mut later, &first[0])?;
    match game.play_checked(&mut later, &first[0]) {
        Err(icebox::game::PlayError::Illegal(text)) => println!("refused: {text}"),
        Ok(_) => println!("{} was legal again", game.move_text(&state, &first[0])),
        Err(e) => return Err(e.into()),
    }

    // Play a whole game with random moves, printing each in the game's notation.
    while !state.is_over() {
        let moves = game.legal_moves(&state)?;
        let m = &moves[rng.below(moves.len() as u64) as usize];
        println!("{}", game.move_text(&state, m));
        game.play(&mut state, m)?;
    }
    let outcome = state.outcome().ok_or("the game should be over")?;
    println!("final position: {}", game.position_text(&state));
    println!("scores: {:?}; {}", state.scores(), outcome.reason);
    Ok(())
}
