//! A game definition from arbitrary bytes: game.toml, then (after a line `---`) rules.rhai.
//! Whatever loads is started and played a few plies. Nothing may panic or hang.
#![no_main]

use icebox::def::GameFiles;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let (toml, script) = text.split_once("\n---\n").unwrap_or((&text, "fn moves(s) { }"));
    let mut files = GameFiles {
        label: "fuzz".into(),
        ..GameFiles::default()
    };
    files.files.insert("game.toml".into(), toml.to_string());
    files.files.insert("rules.rhai".into(), script.to_string());
    let Ok(g) = icebox::Game::load(&files, None, &[]) else { return };
    let Ok(mut s) = g.start() else { return };
    for _ in 0..8 {
        let Ok(moves) = g.legal_moves(&s) else { return };
        let Some(m) = moves.first() else { return };
        let text = g.move_text(&s, m);
        let _ = g.position_text(&s);
        if g.play_text(&mut s, &text).is_err() {
            return;
        }
    }
});
