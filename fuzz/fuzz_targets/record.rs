//! Game records: whatever parses is replayed against its game (a shipped one), and written
//! back. Nothing may panic.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let Ok((rec, _)) = icebox::record::Record::parse_with_ends("fuzz.rec", &text) else { return };
    let _ = icebox::record::Record::parse("again.rec", &rec.to_text())
        .expect("a written record reads back");
    let Some(id) = rec.header("Game") else { return };
    let Ok(files) = icebox::catalog::find(id, &[]) else { return };
    let sets = rec.sets();
    let Ok(g) = icebox::Game::load(&files, rec.header("Variant"), &sets) else { return };
    let _ = icebox::record::replay(&g, &rec);
});
