//! Moscow Ice beyond its scenario files: the hexagonal board's geometry (footnote (*2) and
//! RULINGS.md), and random games that finish for every player count.

use icebox::Game;
use icebox::engine::rng::Rng;

fn load(variant: Option<&str>) -> Game {
    let files = icebox::catalog::find("moscow-ice", &[]).expect("moscow-ice is built in");
    Game::load(&files, variant, &[]).unwrap_or_else(|d| panic!("{variant:?} loads:\n{d}"))
}

/// Follows one direction label from a cell to the edge, naming every cell on the way.
fn walk(g: &Game, from: &str, dir: &str) -> Vec<String> {
    let b = &g.tables().board;
    let d = b
        .dir(dir, 0)
        .unwrap_or_else(|| panic!("`{dir}` is a direction"));
    let mut at = b.cell(from).unwrap_or_else(|| panic!("`{from}` is a cell"));
    let mut line = vec![from.to_string()];
    while let Some(next) = b.step(at, d) {
        line.push(b.name(next).to_string());
        at = next;
    }
    line
}

fn linked(g: &Game, a: &str, b: &str) -> bool {
    let board = &g.tables().board;
    let (a, b) = (board.cell(a).expect("cell"), board.cell(b).expect("cell"));
    board.dirs().any(|d| board.step(a, d) == Some(b))
}

#[test]
fn the_hexagonal_board_has_78_cells_six_around_the_centre_and_straight_lines_across() {
    let g = load(Some("three-player"));
    let b = &g.tables().board;
    // RULINGS: "6 x 16 - 6 x 3 = 78 cells".
    assert_eq!(b.len(), 78);
    // "six cells touch the centre point": a11..f11, each linked to its two ring neighbours.
    let centre = ["a11", "b11", "c11", "d11", "e11", "f11"];
    for (i, c) in centre.iter().enumerate() {
        let next = centre[(i + 1) % 6];
        assert!(
            linked(&g, c, next),
            "{c} and {next} share an edge at the centre"
        );
    }
    // "Lines through the centre continue straight across to the opposite zone".
    assert_eq!(
        walk(&g, "e14", "n"),
        ["e14", "e13", "e12", "e11", "a11", "a21", "a31", "a41"]
    );
    assert_eq!(
        walk(&g, "c41", "nw"),
        ["c41", "c31", "c21", "c11", "a11", "a12", "a13", "a14"]
    );
    assert_eq!(
        walk(&g, "f32", "e"),
        ["f32", "f21", "a11", "b11", "c12", "c23"]
    );
    // Lines also run straight over zone boundaries away from the centre.
    assert_eq!(
        walk(&g, "a24", "e"),
        ["a24", "a23", "a22", "a21", "b12", "b22", "b32", "b42"]
    );
    // "a diagonal step that would cross the centre point itself is not allowed".
    for (x, y) in [("a11", "d11"), ("b11", "e11"), ("c11", "f11")] {
        assert!(
            !linked(&g, x, y) && !linked(&g, y, x),
            "{x}-{y} crosses the centre"
        );
    }
    assert_eq!(walk(&g, "a33", "sse"), ["a33", "a22", "a11"]);
}

#[test]
fn hexagonal_start_lines_are_alternate_sides_with_finish_lines_opposite() {
    let g = load(Some("three-player"));
    let s = g.start().expect("starts");
    // (*2)(iv): "each player has 4 stacks"; Dia.4: A on S, B on NW, C on NE.
    let text = g.position_text(&s);
    for (seat, cells) in [
        ("a", ["d42", "d41", "e14", "e24"]),
        ("b", ["f42", "f41", "a14", "a24"]),
        ("c", ["b42", "b41", "c14", "c24"]),
    ] {
        for c in cells {
            let at = g.tables().board.cell(c).expect("cell");
            let stack: Vec<String> = s
                .stack(at.into())
                .iter()
                .map(|p| g.tables().piece_text(*p))
                .collect();
            assert_eq!(
                stack,
                [format!("{seat}S"), format!("{seat}M"), format!("{seat}L")],
                "{c} in {text}"
            );
        }
    }
    // A's first moves head north from the S side: forward and sideways only.
    let moves: Vec<String> = g
        .legal_moves(&s)
        .expect("moves")
        .iter()
        .map(|m| g.move_text(&s, m))
        .collect();
    assert!(moves.contains(&"e14-e13".to_string()), "{moves:?}");
    assert!(moves.contains(&"e14-d31".to_string()), "{moves:?}");
}

/// Plays random games to the end; every one must be won or drawn within the move limit.
fn random_games_finish(variant: Option<&str>, seats: usize, games: u64) {
    let g = load(variant);
    assert_eq!(g.tables().player_count(), seats);
    let mut decided = 0;
    for seed in 0..games {
        let mut rng = Rng::new(seed);
        let mut s = g.start().expect("starts");
        while !s.is_over() {
            let moves = g.legal_moves(&s).expect("moves");
            assert!(!moves.is_empty(), "a live game has a move (pass included)");
            let m = &moves[rng.below(moves.len() as u64) as usize];
            g.play(&mut s, m).expect("plays");
        }
        let o = s.outcome().expect("over");
        assert_eq!(o.ranks.len(), seats);
        if !o.is_draw() {
            decided += 1;
            assert!(!o.winners().is_empty());
        }
        assert!(s.ply() <= g.tables().max_plies);
    }
    assert!(decided > 0, "{variant:?}: some random game should be won");
}

#[test]
fn random_games_finish_for_two_players() {
    random_games_finish(None, 2, 20);
    random_games_finish(Some("mirror"), 2, 5);
}

#[test]
fn random_games_finish_for_three_players() {
    random_games_finish(Some("three-player"), 3, 10);
}

#[test]
fn random_games_finish_for_four_players() {
    random_games_finish(Some("four-player"), 4, 10);
    random_games_finish(Some("four-player-partners"), 4, 5);
}

#[test]
fn random_games_finish_for_six_players() {
    random_games_finish(Some("six-player"), 6, 5);
    random_games_finish(Some("six-player-partners"), 6, 5);
}
