//! Move text typed at a prompt: resolved against the legal moves (full notation and the
//! shorthands) of the shipped games' start positions. Nothing may panic.
#![no_main]

use libfuzzer_sys::fuzz_target;

thread_local! {
    static GAMES: Vec<(icebox::Game, icebox::engine::State)> =
        ["chess", "icesickle", "backgammon", "english-draughts", "moscow-ice"]
            .iter()
            .filter_map(|id| icebox::catalog::find(id, &[]).ok())
            .filter_map(|f| icebox::Game::load(&f, None, &[]).ok())
            .filter_map(|g| g.start().ok().map(|s| (g, s)))
            .collect();
}

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else { return };
    let text = String::from_utf8_lossy(rest);
    GAMES.with(|games| {
        let (g, s) = &games[pick as usize % games.len()];
        let Ok(moves) = g.legal_moves(s) else { return };
        let _ = icebox::notation::resolve(g.tables(), &moves, s.turn(), &text);
        let _ = icebox::notation::shorthand(g.tables(), s, &moves, &text);
        let _ = icebox::notation::forms(g.tables(), s, &moves, s.turn());
    });
});
