//! Position text for the shipped games: whatever reads is written back, its moves listed, and
//! one played and taken back. Nothing may panic.
#![no_main]

use libfuzzer_sys::fuzz_target;

thread_local! {
    static GAMES: Vec<icebox::Game> = ["chess", "icesickle", "moscow-ice", "icegammon", "ice-lady"]
        .iter()
        .filter_map(|id| icebox::catalog::find(id, &[]).ok())
        .filter_map(|f| icebox::Game::load(&f, None, &[]).ok())
        .collect();
}

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else { return };
    let text = String::from_utf8_lossy(rest);
    GAMES.with(|games| {
        let g = &games[pick as usize % games.len()];
        let Ok(mut s) = g.position(&text) else { return };
        let written = g.position_text(&s);
        let back = g.position(&written).expect("a written position reads back");
        assert!(back == s, "{written}");
        let Ok(moves) = g.legal_moves(&s) else { return };
        if let Some(m) = moves.first() {
            let before = s.clone();
            if let Ok(u) = g.play(&mut s, m) {
                g.undo(&mut s, u);
                assert!(s == before);
            }
        }
    });
});
