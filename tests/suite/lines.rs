//! Boards of dots and lines (`[board] grid.lines`, `grid.boxes`): lines drawn by a step
//! (`draws`) or alone (`kind = "draw"`), another ply for the mover (`again`), a neutral
//! piece reaching a goal. Paper soccer against a brute force written outside the engine
//! (tests/data/bruteforce/paper_soccer.c), dots and boxes against one written here, and what
//! such definitions are refused.

use icebox::def::GameFiles;
use icebox::engine::{Loc, State};
use icebox::game::Game;

use super::helpers::{engine_perft, load, refused, row_text};

fn paper_soccer() -> Game {
    let files = GameFiles::from_path(std::path::Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/examples/paper-soccer"
    )))
    .expect("reads");
    Game::load(&files, None, &[]).expect("loads")
}

/// A position in the brute force's form, `BALL SIDE SEG,SEG` (`f9 B e7-e8,e8-f9`: the ball's
/// point, the side to move, the lines drawn besides the border), as the game's position text:
/// the start's border lines, the ball moved, the segments drawn.
fn position(g: &Game, pos: &str) -> State {
    let mut words = pos.split_whitespace();
    let ball = words.next().expect("the ball");
    let turn = match words.next() {
        Some("W") => "White",
        _ => "Black",
    };
    let t = g.tables();
    let drawn: Vec<String> = words
        .flat_map(|w| w.split(','))
        .filter(|w| !w.is_empty())
        .map(|seg| {
            let (a, z) = seg.split_once('-').expect("a segment");
            let (ca, cz) = (
                t.board.cell(a).expect("a point"),
                t.board.cell(z).expect("a point"),
            );
            let (lo, hi) = if ca < cz { (a, z) } else { (z, a) };
            format!("{lo}.{hi}")
        })
        .collect();
    let start = g.start().expect("start");
    let rows: Vec<String> = t
        .board
        .rows()
        .iter()
        .map(|row| {
            row_text(row.iter().map(|&c| {
                let name = t.board.name(c);
                let line_drawn = (!start.stack(Loc::from(c)).is_empty() && name.contains('.'))
                    || drawn.iter().any(|d| d == name);
                if name == ball {
                    "B".to_string()
                } else if line_drawn {
                    "L".to_string()
                } else {
                    String::new()
                }
            }))
        })
        .collect();
    g.position(&format!("{} turn={turn}", rows.join("/")))
        .expect("reads")
}

/// The positions `depth` plies on, by the brute force's split: White to move, Black to move
/// (each with a ply), White has won, Black has won, White stuck, Black stuck. Unlike the
/// count of moves, the split sees whose ply a bounce gives.
fn split(g: &Game, s: &mut State, depth: u32, out: &mut [u64; 6]) {
    if depth == 0 {
        let white = g.tables().seat("White").expect("White");
        let k = match s.outcome() {
            None if s.turn() == white => 0,
            None => 1,
            Some(o) if o.reason.contains("goal") => {
                if o.winners().contains(&white) {
                    2
                } else {
                    3
                }
            }
            // Stuck: the seat that cannot move has lost.
            Some(o) if o.winners().contains(&white) => 5,
            Some(_) => 4,
        };
        out[k] += 1;
        return;
    }
    for m in g.legal_moves(s).expect("moves") {
        let u = g.play(s, &m).expect("plays");
        split(g, s, depth - 1, out);
        g.undo(s, u);
    }
}

/// The brute force's positions (`paper_soccer divide`/`stats`): the counts at depths 1-5 and
/// the split at depth 5. P1 a bounce off the side border, P2 off a drawn line, P3 a chain of
/// bounces, P4 a kick into the opponent's goal, P5 into one's own, P6 the goal post (the
/// goal's diagonals open, its sides not), P7 crossing a drawn diagonal, P8 a ball with every
/// line drawn, P9 a corner, P10 the other goal post; R1-R6 positions of random play.
const POSITIONS: [(&str, [u64; 5], [u64; 6]); 16] = [
    (
        "b7 B e7-d7,d7-c7,c7-b7",
        [7, 34, 196, 1168, 7066],
        [3624, 3388, 0, 0, 22, 32],
    ),
    (
        "e8 W e7-f7,f7-e8",
        [7, 48, 331, 2251, 14340],
        [6615, 7612, 89, 0, 24, 0],
    ),
    (
        "e9 B e7-e8,e8-d8,d8-d9,d9-d10,d10-e10,e10-f10,f10-f9,f9-f8,f8-e8,e8-e9",
        [7, 35, 227, 1415, 7832],
        [4116, 3522, 152, 0, 32, 10],
    ),
    (
        "e2 B e7-e6,e6-e5,e5-e4,e4-e3,e3-e2",
        [7, 22, 112, 664, 3646],
        [1690, 1832, 0, 86, 20, 18],
    ),
    (
        "e2 W e7-e6,e6-e5,e5-e4,e4-e3,e3-f3,f3-e2",
        [7, 20, 102, 582, 3154],
        [1551, 1496, 0, 72, 16, 19],
    ),
    (
        "d2 B e7-e6,e6-e5,e5-e4,e4-e3,e3-d3,d3-d2",
        [4, 19, 90, 470, 2631],
        [1269, 1277, 0, 60, 13, 12],
    ),
    (
        "f7 W e7-f8,f8-f7",
        [7, 48, 327, 2096, 13491],
        [6342, 7130, 0, 0, 17, 2],
    ),
    (
        "e7 W e7-e8,e8-f8,f8-e7,e7-f7,f7-f6,f6-e7,e7-e6,e6-d6,d6-e7,e7-d7,d7-d8,d8-e7",
        [0, 0, 0, 0, 0],
        [0, 0, 0, 0, 0, 0],
    ),
    (
        "b3 W e7-d6,d6-c5,c5-b4,b4-b3",
        [7, 22, 121, 668, 3673],
        [1675, 1856, 0, 92, 18, 32],
    ),
    (
        "f12 W e7-e8,e8-e9,e9-e10,e10-e11,e11-f12",
        [4, 21, 102, 554, 3091],
        [1513, 1470, 80, 0, 17, 11],
    ),
    (
        "c6 W e7-e6,e6-e5,e5-f5,f5-g6,g6-f6,f6-f7,f7-g6,g6-h7,h7-g7,g7-g8,g8-h7,h7-i8,i8-h9,\
         h9-h8,h8-g7,g7-g6,g6-g5,g5-f5,f5-f6,f6-g7,g7-h6,h6-g6,g6-h5,h5-h4,h4-g5,g5-g4,g4-f5,\
         f5-e4,e4-e5,e5-f6,f6-e7,e7-d8,d8-d9,d9-e8,e8-f8,f8-e7,e7-e8,e8-d7,d7-d6,d6-e5,e5-d4,\
         d4-e4,e4-f4,f4-f5,f5-e6,e6-f6,f6-g5,g5-f4,f4-g3,g3-f3,f3-g4,g4-f4,f4-e3,e3-d3,d3-e2,\
         e2-f3,f3-f4,f4-e5,e5-d5,d5-c6",
        [7, 45, 236, 1281, 6770],
        [3288, 3426, 0, 13, 17, 26],
    ),
    (
        "a4 B e7-d6,d6-c7,c7-d7,d7-c8,c8-d8,d8-e8,e8-e9,e9-f9,f9-g10,g10-h10,h10-i10,i10-h9,\
         h9-i8,i8-h8,h8-g9,g9-f9,f9-e10,e10-f11,f11-f10,f10-e9,e9-d9,d9-c10,c10-b9,b9-a9,a9-b8,\
         b8-a8,a8-b9,b9-b8,b8-a7,a7-b6,b6-c7,c7-c6,c6-d5,d5-c4,c4-b4,b4-c3,c3-d4,d4-e4,e4-e3,\
         e3-f2,f2-g3,g3-f4,f4-f5,f5-g6,g6-g7,g7-g8,g8-h7,h7-i7,i7-h6,h6-g5,g5-f5,f5-e5,e5-d4,\
         d4-c4,c4-c3,c3-c2,c2-d3,d3-c4,c4-b5,b5-a4",
        [2, 12, 36, 123, 532],
        [291, 196, 0, 9, 26, 10],
    ),
    (
        "e4 B e7-f6,f6-g7,g7-h7,h7-g8,g8-h8,h8-h7,h7-g6,g6-f6,f6-f5,f5-f4,f4-e5,e5-f6,f6-g5,\
         g5-h5,h5-g6,g6-g7,g7-f7,f7-e7,e7-f8,f8-f7,f7-e8,e8-e7,e7-d7,d7-e6,e6-d6,d6-d5,d5-e6,\
         e6-f6,f6-f7,f7-g8,g8-g7,g7-h6,h6-i6,i6-h7,h7-h6,h6-h5,h5-g4,g4-f5,f5-e5,e5-d4,d4-c4,\
         c4-b5,b5-c6,c6-d5,d5-e4",
        [7, 37, 197, 977, 4616],
        [2294, 2091, 0, 167, 41, 23],
    ),
    (
        "d5 W e7-e6,e6-f7,f7-f8,f8-e9,e9-f9,f9-e8,e8-d7,d7-c7,c7-d6,d6-c5,c5-b5,b5-a4,a4-b4,\
         b4-a3,a3-b2,b2-b3,b3-c2,c2-d3,d3-e4,e4-d4,d4-c5,c5-b6,b6-b5,b5-c6,c6-c5,c5-b4,b4-a5,\
         a5-b6,b6-a6,a6-b7,b7-b6,b6-a7,a7-b7,b7-c6,c6-d7,d7-d8,d8-e8,e8-e9,e9-d8,d8-c9,c9-b8,\
         b8-b9,b9-c8,c8-b7,b7-c7,c7-b6,b6-c6,c6-d6,d6-e5,e5-d5",
        [7, 27, 142, 735, 3772],
        [1898, 1656, 0, 111, 67, 40],
    ),
    (
        "c9 B e7-d8,d8-d7,d7-e8,e8-e7,e7-d7,d7-e6,e6-f6,f6-g6,g6-h5,h5-h4,h4-i3,i3-h3,h3-g4,\
         g4-g5,g5-f6,f6-g7,g7-f7,f7-f8,f8-e7,e7-e6,e6-d5,d5-d6,d6-d7,d7-c7,c7-b8,b8-b9,b9-c10,\
         c10-b11,b11-b10,b10-c9",
        [7, 41, 227, 1263, 6888],
        [3350, 3403, 110, 0, 10, 15],
    ),
    (
        "d10 B e7-d8,d8-d9,d9-e8,e8-d8,d8-d7,d7-c6,c6-d6,d6-d7,d7-e8,e8-e9,e9-d9,d9-d10,\
         d10-c9,c9-d8,d8-e9,e9-d10,d10-e10,e10-d9,d9-c10,c10-d10",
        [3, 21, 112, 550, 2703],
        [1450, 1129, 95, 0, 20, 9],
    ),
];

#[test]
fn paper_soccer_matches_the_brute_force_bounce_by_bounce() {
    let g = paper_soccer();
    let mut s = g.start().expect("start");
    let counts: Vec<u64> = (1..=8).map(|d| engine_perft(&g, &s, d)).collect();
    assert_eq!(
        counts,
        [8, 56, 392, 2_720, 17_846, 113_442, 704_404, 4_290_384]
    );
    let mut out = [0u64; 6];
    split(&g, &mut s, 6, &mut out);
    assert_eq!(out, [64_580, 48_156, 243, 243, 20, 200], "from the start");
    for (pos, want, at5) in POSITIONS {
        let s = position(&g, pos);
        let got: Vec<u64> = (1..=5).map(|d| engine_perft(&g, &s, d)).collect();
        assert_eq!(got, want, "{pos}");
        let mut out = [0u64; 6];
        split(&g, &mut s.clone(), 5, &mut out);
        assert_eq!(out, at5, "{pos}");
    }
}

/// Dots and boxes on a board of `files` x `ranks` points.
fn dots_and_boxes(files: u32, ranks: u32) -> String {
    format!(
        r#"
[game]
id = "dots"
name = "Dots and boxes"
[players]
seats = [{{ name = "A", colours = ["white"] }}, {{ name = "B", colours = ["black"] }}]
[board]
grid = {{ files = {files}, ranks = {ranks}, lines = "orthogonal", boxes = true }}
[pieces.L]
name = "line"
[pieces.X]
name = "initials"
[generators.line]
kind = "draw"
draws = "L"
completes = "X"
again = "completes"
[rules]
generators = ["line"]
no_moves = "end-round"
"#
    )
}

/// Every game of dots and boxes on a board of `w` x `h` boxes, counted by its final score
/// (A's boxes, B's boxes), written apart from the engine: lines numbered, each box its four
/// lines, a player who completes a box plays again.
fn brute_scores(w: usize, h: usize) -> std::collections::BTreeMap<(u32, u32), u64> {
    // Horizontal lines first (row r, column c: r * w + c), then vertical ones.
    let horizontal = (h + 1) * w;
    let lines = horizontal + h * (w + 1);
    let boxes: Vec<[usize; 4]> = (0..h)
        .flat_map(|r| (0..w).map(move |c| (r, c)))
        .map(|(r, c)| {
            [
                r * w + c,
                (r + 1) * w + c,
                horizontal + r * (w + 1) + c,
                horizontal + r * (w + 1) + c + 1,
            ]
        })
        .collect();
    fn walk(
        drawn: &mut Vec<bool>,
        boxes: &[[usize; 4]],
        turn: usize,
        score: [u32; 2],
        out: &mut std::collections::BTreeMap<(u32, u32), u64>,
    ) {
        if drawn.iter().all(|&d| d) {
            *out.entry((score[0], score[1])).or_default() += 1;
            return;
        }
        for l in 0..drawn.len() {
            if drawn[l] {
                continue;
            }
            drawn[l] = true;
            let closed = boxes
                .iter()
                .filter(|b| b.contains(&l) && b.iter().all(|&x| drawn[x]))
                .count() as u32;
            let mut next = score;
            next[turn] += closed;
            walk(
                drawn,
                boxes,
                if closed > 0 { turn } else { 1 - turn },
                next,
                out,
            );
            drawn[l] = false;
        }
    }
    let mut out = std::collections::BTreeMap::new();
    walk(&mut vec![false; lines], &boxes, 0, [0, 0], &mut out);
    out
}

/// The engine's games to the end, counted by final score.
fn engine_scores(g: &Game, s: &mut State, out: &mut std::collections::BTreeMap<(u32, u32), u64>) {
    let moves = g.legal_moves(s).expect("moves");
    if moves.is_empty() {
        let sc = s.scores();
        *out.entry((sc[0] as u32, sc[1] as u32)).or_default() += 1;
        return;
    }
    for m in moves {
        let u = g.play(s, &m).expect("plays");
        engine_scores(g, s, out);
        g.undo(s, u);
    }
}

#[test]
fn dots_and_boxes_games_end_with_the_scores_a_brute_force_finds() {
    // 1 x 2 boxes (7 lines) and 2 x 2 boxes (12 lines, 479,001,600 games: too many; 1 x 3,
    // 10 lines, 3,628,800 games).
    for (files, ranks, w, h) in [(3, 2, 2, 1), (4, 2, 3, 1)] {
        let g = load(&dots_and_boxes(files, ranks)).expect("loads");
        let mut s = g.start().expect("start");
        let mut got = std::collections::BTreeMap::new();
        engine_scores(&g, &mut s, &mut got);
        assert_eq!(got, brute_scores(w, h), "{w} x {h} boxes");
    }
}

#[test]
fn a_completed_box_is_the_movers_and_so_is_the_next_ply() {
    let g = load(&dots_and_boxes(3, 3)).expect("loads");
    // Three sides of box_a1 drawn (a1.b1, a1.a2, b1.b2); A to move.
    let s = g.position("3/3/3/2/5/LL1L1/2/2 turn=A");
    let mut s = s.expect("reads");
    let moves = g.legal_moves(&s).expect("moves");
    let m = g.resolve(&s, &moves, "L@a2.b2").expect("legal");
    g.play(&mut s, &m).expect("plays");
    assert_eq!(
        g.position_text(&s),
        "3/3/3/2/L4/LL1L1/2/aX1 turn=A ply=1 score=1,0"
    );
    // A line that closes nothing passes the turn.
    let moves = g.legal_moves(&s).expect("moves");
    let m = g.resolve(&s, &moves, "L@c2.c3").expect("legal");
    g.play(&mut s, &m).expect("plays");
    assert!(
        g.position_text(&s).contains("turn=B"),
        "{}",
        g.position_text(&s)
    );
}

#[test]
fn a_ball_kicked_into_either_goal_wins_for_that_goals_attacker() {
    let g = paper_soccer();
    // P5: White on e2, beside its own goal: kicking the ball in loses.
    let mut s = position(&g, "e2 W e7-e6,e6-e5,e5-e4,e4-e3,e3-f3,f3-e2");
    let moves = g.legal_moves(&s).expect("moves");
    let m = g.resolve(&s, &moves, "e2-e1").expect("legal");
    g.play(&mut s, &m).expect("plays");
    let o = s.outcome().expect("over");
    assert_eq!(o.winners(), [g.tables().seat("Black").expect("Black")]);
    assert_eq!(o.reason, "a goal");
    // P2: e8-e7 lands where e7-f7 was drawn: White plays again; e8-d8 passes the turn.
    let s = position(&g, "e8 W e7-f7,f7-e8");
    let moves = g.legal_moves(&s).expect("moves");
    for (text, next) in [("e8-e7", "White"), ("e8-d8", "Black")] {
        let mut after = s.clone();
        let m = g.resolve(&after, &moves, text).expect("legal");
        g.play(&mut after, &m).expect("plays");
        assert_eq!(g.tables().seats[after.turn().index()].name, next, "{text}");
    }
    assert!(g.resolve(&s, &moves, "e8-f7").is_err(), "a drawn line");
}

#[test]
fn definitions_of_dots_and_lines_are_refused_where_they_are_wrong() {
    let soccer = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/examples/paper-soccer/game.toml"
    ))
    .expect("reads");
    let dots = dots_and_boxes(3, 3);
    refused(&[
        (
            soccer
                .replace(r#"lines = "all", "#, "")
                .replace(r#""c2.d1", "g2.f1", "c12.d13", "g12.f13","#, ""),
            "`draws` is for a board of dots and lines",
        ),
        (
            soccer.replace(r#"lines = "all", "#, ""),
            "`c2.d1` names a line, and only a board of dots and lines has lines as cells",
        ),
        (
            soccer.replace("over_max = 0", "over_max = 2"),
            "`draws` on a ray is for a step from point to point",
        ),
        (
            soccer.replace("draws = \"L\"\n", ""),
            "`again = \"touched\"` asks whether the point a move ends on had a line drawn",
        ),
        (
            soccer.replace(r#""c2.d1","#, r#""c2.e1","#),
            "`c2.e1` is not a line of the board",
        ),
        (
            soccer.replace(r#""a2..a12","#, r#""a2..b12","#),
            "`a2..b12` is not a straight run",
        ),
        (
            soccer.replace(r#""d1..f1","#, r#""d1..f1", "c1..c2","#),
            "`c1..c2` is not a run of points",
        ),
        (
            soccer.replace(
                r#"[regions.goal]"#,
                "[regions.lines]\nWhite = [\"e7\"]\nBlack = [\"e7\"]\n\n[regions.goal]",
            ),
            "`lines` is a region the board makes",
        ),
        (
            dots.replace("boxes = true", "boxes = false"),
            "`completes` draws in the boxes a line closes: give the grid `boxes = true`",
        ),
        (
            dots.replace(r#"lines = "orthogonal", "#, ""),
            "boxes lie between lines",
        ),
        (
            dots.replace("completes = \"X\"\n", ""),
            "`again = \"completes\"` gives another move for a completed box",
        ),
        (
            dots.replace("draws = \"L\"\n", ""),
            "a `draw` generator needs `draws`",
        ),
        (
            dots.replace(
                "boxes = true",
                "boxes = true, blocks = { files = 1, ranks = 1 }",
            ),
            "a grid of grids (`blocks`) has no lines as cells",
        ),
        // A line's name means nothing on a grid without lines: still refused there.
        (
            dots.replace(
                r#"lines = "orthogonal", boxes = true"#,
                r#"removed = ["a1.b2"]"#,
            ),
            "`a1.b2` names a line, and only a board of dots and lines has lines as cells",
        ),
    ]);
}
