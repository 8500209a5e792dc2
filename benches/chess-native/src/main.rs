//! Bulk perft with shakmaty (the last ply counted, not played, as icebox's perft does):
//! `chess-native FEN DEPTH` prints `{"nodes":N,"seconds":S}`.

use std::time::Instant;

use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, perft};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let (Some(fen), Some(depth)) = (args.get(1), args.get(2).and_then(|d| d.parse().ok())) else {
        eprintln!("usage: chess-native FEN DEPTH");
        std::process::exit(2);
    };
    let pos: Chess = match fen
        .parse::<Fen>()
        .map_err(|e| e.to_string())
        .and_then(|f| f.into_position(CastlingMode::Standard).map_err(|e| e.to_string()))
    {
        Ok(p) => p,
        Err(e) => {
            eprintln!("chess-native: bad FEN {fen:?}: {e}");
            std::process::exit(2);
        }
    };
    let start = Instant::now();
    let nodes = perft(&pos, depth);
    println!(
        "{{\"nodes\":{nodes},\"seconds\":{}}}",
        start.elapsed().as_secs_f64()
    );
}
