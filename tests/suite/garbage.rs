//! No text a user can type makes the program panic: random garbage and mutations of valid
//! positions and moves go through the position reader and the move resolver.

use icebox::Game;
use icebox::engine::rng::Rng;

const ALPHABET: &[&str] = &[
    "a",
    "b",
    "c",
    "e",
    "z",
    "A",
    "B",
    "S",
    "M",
    "L",
    "X",
    "0",
    "1",
    "5",
    "9",
    "99999999999999999999",
    "/",
    "(",
    ")",
    "=",
    ",",
    ".",
    ":",
    "-",
    "@",
    " ",
    "\t",
    "\n",
    "é",
    "🧊",
    "turn=",
    "phase=",
    "score=",
    "var.",
    "stash=",
    "result=",
    "round=",
    "ply=",
    "captured.A=",
    "pass",
    "a1",
    "e5",
    "c3",
];

fn garbage(rng: &mut Rng, len: usize) -> String {
    (0..len)
        .map(|_| ALPHABET[rng.below(ALPHABET.len() as u64) as usize])
        .collect()
}

fn mutate(rng: &mut Rng, text: &str) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for _ in 0..1 + rng.below(3) {
        let at = rng.below(chars.len() as u64 + 1) as usize;
        match rng.below(3) {
            0 if at < chars.len() => {
                chars.remove(at);
            }
            1 => {
                let ins: Vec<char> = garbage(rng, 1).chars().collect();
                for (i, c) in ins.into_iter().enumerate() {
                    chars.insert(at + i, c);
                }
            }
            _ if at < chars.len() => chars[at] = 'é',
            _ => {}
        }
    }
    chars.into_iter().collect()
}

#[test]
fn garbage_positions_and_moves_give_errors_not_panics() {
    let files = icebox::catalog::find("icesickle", &[]).expect("built in");
    let g = Game::load(&files, None, &[]).expect("loads");
    let s = g
        .position("5/5/1SL2/5/5 turn=A phase=jump")
        .expect("valid position");
    let moves = g.legal_moves(&s).expect("moves");
    let mut rng = Rng::new(99);
    let valid = [
        "5/5/1SL2/5/5 turn=A phase=jump score=3,1 captured.A=S stash=S,2M",
        "5/1(SML)3/5/5/5 turn=B",
        "5/5/5/5/5 stash=SéSéSéS",
    ];
    for i in 0..3000 {
        let text = if i % 2 == 0 {
            garbage(&mut rng, 1 + (i % 12))
        } else {
            mutate(&mut rng, valid[i % valid.len()])
        };
        let _ = g.position(&text);
        let _ = icebox::notation::resolve(g.tables(), &moves, s.turn(), &text);
        let _ = icebox::notation::parse_pieces(g.tables(), &text);
    }
}
