//! Bulk perft with shakmaty (the last ply counted, not played, as icebox's perft does):
//! `chess-native FEN DEPTH` prints `{"nodes":N,"seconds":S,"runs":R}`, S the time of one
//! perft. The perft is run again until a quarter of a second has gone by: a depth that takes
//! shakmaty two milliseconds, timed once, read anywhere between 17x and 45x icebox's speed on
//! this shared machine.

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
    let mut runs = 0u32;
    let nodes = loop {
        let nodes = perft(&pos, depth);
        runs += 1;
        if start.elapsed().as_secs_f64() >= 0.25 {
            break nodes;
        }
    };
    println!(
        "{{\"nodes\":{nodes},\"seconds\":{},\"runs\":{runs}}}",
        start.elapsed().as_secs_f64() / f64::from(runs)
    );
}
