//! Move-tree counts of crazyhouse (chess with drops) and xiangqi against published figures.
//! Positions are given as the sources print them (FEN with crazyhouse pockets in brackets, or
//! xiangqi FEN) and turned into icebox position text by the two small converters below.

use icebox::Game;

fn perft(game: &str, position: Option<&str>, depth: u32) -> u64 {
    let files = icebox::catalog::find(game, &[]).unwrap_or_else(|d| panic!("{game}: {d}"));
    let g = Game::load(&files, None, &[]).unwrap_or_else(|d| panic!("{game} loads:\n{d}"));
    let mut s = match position {
        Some(p) => g.position(p).unwrap_or_else(|d| panic!("{p}: {d}")),
        None => g.start().expect("starts"),
    };
    icebox::testing::perft(&g, &mut s, depth).expect("perft")
}

/// The board of a FEN in icebox's notation: the owner's letter before each piece (upper case
/// is the first seat's), promoted pieces (`Q~`) kept as they are.
fn board(fen_board: &str, first: char, second: char, kind: impl Fn(char) -> char) -> String {
    let mut out = String::new();
    for c in fen_board.chars() {
        if c.is_ascii_alphabetic() {
            out.push(if c.is_ascii_uppercase() {
                first
            } else {
                second
            });
            out.push(kind(c.to_ascii_lowercase()));
        } else {
            out.push(c);
        }
    }
    out
}

/// A crazyhouse FEN (`board[pocket] side castling en-passant ...`, as Fairy-Stockfish prints
/// it) in icebox's position text: hands as `hand.White=wQ,bN`-style fields, a castling right
/// the FEN does not give as `moved=h1` (the rook's cell, when the king and that rook stand on
/// their squares: otherwise nothing can castle there anyway), and the en passant square as
/// `passed=d6,d5` (then the pawn that passed) (games/crazyhouse/README.md, "Notation").
fn crazyhouse(fen: &str) -> String {
    let mut fields = fen.split_whitespace();
    let placement = fields.next().expect("a board");
    let (rows, pocket) = match placement.split_once('[') {
        Some((rows, rest)) => (rows, rest.trim_end_matches(']')),
        None => (placement, ""),
    };
    let white = fields.next() != Some("b");
    let turn = if white { "White" } else { "Black" };
    let castling = fields.next().unwrap_or("-");
    let ep = fields.next().unwrap_or("-");
    let mut text = format!(
        "{} turn={turn}",
        board(rows, 'w', 'b', |c| c.to_ascii_uppercase())
    );
    for (seat, letter, upper) in [("White", 'w', true), ("Black", 'b', false)] {
        let held: Vec<String> = pocket
            .chars()
            .filter(|c| c.is_ascii_uppercase() == upper)
            .map(|c| format!("{letter}{}", c.to_ascii_uppercase()))
            .collect();
        if !held.is_empty() {
            text.push_str(&format!(" hand.{seat}={}", held.join(",")));
        }
    }
    // The piece letter on a square of the FEN board (`e1`).
    let at = |square: &str| -> Option<char> {
        let (f, r) = square.split_at(1);
        let file = f.chars().next()? as usize - 'a' as usize;
        let rank: usize = r.parse().ok()?;
        let row = rows.split('/').nth(8 - rank)?;
        let mut col = 0;
        for c in row.chars() {
            match c.to_digit(10) {
                Some(n) => col += n as usize,
                None if col == file => return Some(c),
                None => col += 1,
            }
        }
        None
    };
    let mut moved = Vec::new();
    for (flag, king, rook, k, r) in [
        ('Q', "e1", "a1", 'K', 'R'),
        ('K', "e1", "h1", 'K', 'R'),
        ('q', "e8", "a8", 'k', 'r'),
        ('k', "e8", "h8", 'k', 'r'),
    ] {
        if !castling.contains(flag) && at(king) == Some(k) && at(rook) == Some(r) {
            moved.push(rook);
        }
    }
    if !moved.is_empty() {
        text.push_str(&format!(" moved={}", moved.join(",")));
    }
    if let Some(file) = ep.chars().next().filter(|c| c.is_ascii_lowercase()) {
        let (over, pawn) = if white { (6, 5) } else { (3, 4) };
        text.push_str(&format!(" passed={file}{over},{file}{pawn}"));
    }
    text
}

/// A xiangqi FEN (`board side`, Fairy-Stockfish's and the Chess Programming Wiki's letters: r
/// chariot, n horse, b elephant, a advisor, k general, c cannon, p soldier; upper case Red) in
/// icebox's position text (games/xiangqi/README.md, "Notation").
fn xiangqi(fen: &str) -> String {
    let mut fields = fen.split_whitespace();
    let rows = fields.next().expect("a board");
    let turn = match fields.next() {
        Some("b") => "Black",
        _ => "Red",
    };
    let letters = |c| match c {
        'r' => 'R',
        'n' => 'H',
        'b' => 'E',
        'a' => 'A',
        'k' => 'K',
        'c' => 'C',
        'p' => 'P',
        other => panic!("`{other}` is not a xiangqi piece letter"),
    };
    format!("{} turn={turn}", board(rows, 'r', 'b', letters))
}

fn crazyhouse_counts(fen: Option<&str>, depths: std::ops::RangeInclusive<u32>) -> Vec<u64> {
    let position = fen.map(crazyhouse);
    depths
        .map(|d| perft("crazyhouse", position.as_deref(), d))
        .collect()
}

fn xiangqi_counts(fen: Option<&str>, depths: std::ops::RangeInclusive<u32>) -> Vec<u64> {
    let position = fen.map(xiangqi);
    depths
        .map(|d| perft("xiangqi", position.as_deref(), d))
        .collect()
}

#[test]
fn the_converters_read_fen_as_the_games_write_positions() {
    assert_eq!(
        crazyhouse("2k5/8/8/8/8/8/8/4K3[Qn] w - - 0 1"),
        "2bK5/8/8/8/8/8/8/4wK3 turn=White hand.White=wQ hand.Black=bN"
    );
    assert_eq!(
        crazyhouse("8/8/8/3pP3/8/8/8/4K2R[] w K d6 0 1"),
        "8/8/8/3bPwP3/8/8/8/4wK2wR turn=White passed=d6,d5"
    );
    let files = icebox::catalog::find("xiangqi", &[]).expect("xiangqi");
    let g = Game::load(&files, None, &[]).expect("loads");
    let start = g.start().expect("starts");
    let text = xiangqi("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w");
    assert_eq!(g.position(&text).expect("reads"), start);
}

#[test]
fn crazyhouse_from_the_start_matches_the_published_counts() {
    // Depths 1-4 equal chess's (no capture before ply 3 can be dropped back before ply 5);
    // depth 5, 4,888,832 (chess: 4,865,609), is in the multi-variant Stockfish's tests/perft.sh
    // (`expect perft.exp crazyhouse startpos 5 4888832`, github.com/QueensGambit/Stockfish,
    // CrazyAra's fork of it). icebox counts it too (games/crazyhouse/README.md), in about 14 s:
    // too slow for this suite, so depth 4 is the deepest pinned here.
    assert_eq!(crazyhouse_counts(None, 1..=4), [20, 400, 8902, 197281]);
}

#[test]
fn crazyhouse_every_piece_in_both_hands() {
    // Fairy-Stockfish tests/perft.sh, "pockets": crazyhouse
    // "fen 2k5/8/8/8/8/8/8/4K3[QRBNPqrbnp] w - - 0 1" 2 75353. Drops on every empty square,
    // pawns not on the back ranks, none leaving the own king in check.
    let fen = "2k5/8/8/8/8/8/8/4K3[QRBNPqrbnp] w - - 0 1";
    assert_eq!(crazyhouse_counts(Some(fen), 2..=2), [75353]);
}

#[test]
fn crazyhouse_queen_against_knight_in_hand() {
    // Fairy-Stockfish tests/perft.sh: crazyhouse "fen 2k5/8/8/8/8/8/8/4K3[Qn] w - - 0 1" 3 88634.
    let fen = "2k5/8/8/8/8/8/8/4K3[Qn] w - - 0 1";
    assert_eq!(crazyhouse_counts(Some(fen), 3..=3), [88634]);
}

#[test]
fn crazyhouse_middlegame_with_empty_hands() {
    // Fairy-Stockfish tests/perft.sh: crazyhouse
    // "fen r1bqk2r/pppp1ppp/2n1p3/4P3/1b1Pn3/2NB1N2/PPP2PPP/R1BQK2R[] b KQkq - 0 1" 3 58057:
    // captures fill the hands on the way, castling rights on both sides.
    let fen = "r1bqk2r/pppp1ppp/2n1p3/4P3/1b1Pn3/2NB1N2/PPP2PPP/R1BQK2R[] b KQkq - 0 1";
    assert_eq!(crazyhouse_counts(Some(fen), 3..=3), [58057]);
}

#[test]
fn xiangqi_from_the_start_matches_the_published_counts() {
    // The Chess Programming Wiki's "Chinese Chess Perft Results", position 1 (the start):
    // 44, 1,920, 79,666, 3,290,240 (the last also Fairy-Stockfish tests/perft.sh, `xiangqi
    // startpos 4 3290240`).
    assert_eq!(xiangqi_counts(None, 1..=4), [44, 1920, 79666, 3290240]);
}

/// The Chess Programming Wiki's "Chinese Chess Perft Results", positions 2 to 11, with their
/// published perft(1..=4).
const CPW_XIANGQI: [(&str, [u64; 4]); 10] = [
    (
        "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w",
        [38, 1128, 43929, 1339047],
    ),
    (
        "1cbak4/9/n2a5/2p1p3p/5cp2/2n2N3/6PCP/3AB4/2C6/3A1K1N1 w",
        [7, 281, 8620, 326201],
    ),
    (
        "5a3/3k5/3aR4/9/5r3/5n3/9/3A1A3/5K3/2BC2B2 w",
        [25, 424, 9850, 202884],
    ),
    (
        "CRN1k1b2/3ca4/4ba3/9/2nr5/9/9/4B4/4A4/4KA3 w",
        [28, 516, 14808, 395483],
    ),
    (
        "R1N1k1b2/9/3aba3/9/2nr5/2B6/9/4B4/4A4/4KA3 w",
        [21, 364, 7626, 162837],
    ),
    (
        "C1nNk4/9/9/9/9/9/n1pp5/B3C4/9/3A1K3 w",
        [28, 222, 6241, 64971],
    ),
    (
        "4ka3/4a4/9/9/4N4/p8/9/4C3c/7n1/2BK5 w",
        [23, 345, 8124, 149272],
    ),
    (
        "2b1ka3/9/b3N4/4n4/9/9/9/4C4/2p6/2BK5 w",
        [21, 195, 3883, 48060],
    ),
    (
        "1C2ka3/9/C1Nab1n2/p3p3p/6p2/9/P3P3P/3AB4/3p2c2/c1BAK4 w",
        [30, 830, 22787, 649866],
    ),
    (
        "CnN1k1b2/c3a4/4ba3/9/2nr5/9/9/4C4/4A4/4KA3 w",
        [19, 583, 11714, 376467],
    ),
];

fn cpw_xiangqi(positions: &[(&str, [u64; 4])]) {
    for (fen, counts) in positions {
        assert_eq!(xiangqi_counts(Some(fen), 1..=4), counts, "{fen}");
    }
}

#[test]
fn xiangqi_chess_programming_wiki_positions_2_to_6_match() {
    cpw_xiangqi(&CPW_XIANGQI[..5]);
}

#[test]
fn xiangqi_chess_programming_wiki_positions_7_to_11_match() {
    cpw_xiangqi(&CPW_XIANGQI[5..]);
}

#[test]
fn xiangqi_fairy_stockfish_middlegame_matches() {
    // Fairy-Stockfish tests/perft.sh: xiangqi "fen 1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/
    // 1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1" 4 4485547 (pieces across the river on both sides,
    // both sides' elephants on the river bank, Red's general on e2 between a black cannon and
    // a black soldier).
    let fen = "1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w";
    assert_eq!(xiangqi_counts(Some(fen), 4..=4), [4485547]);
}

#[test]
fn xiangqi_fairy_stockfish_endgame_matches() {
    // Fairy-Stockfish tests/perft.sh: xiangqi "fen 4kcP1N/8n/3rb4/9/9/9/9/3p1A3/4K4/5CB2 w - -
    // 0 1" 4 92741 (a cannon and a soldier beside Black's general, soldiers in the palace).
    let fen = "4kcP1N/8n/3rb4/9/9/9/9/3p1A3/4K4/5CB2 w";
    assert_eq!(xiangqi_counts(Some(fen), 4..=4), [92741]);
}
