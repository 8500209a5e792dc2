//! Game records: every game round-trips through a record, a damaged record stops at its first
//! bad move, and the binary saves, resumes and replays.

use super::helpers::icebox;

use icebox::Game;
use icebox::engine::rng::Rng;
use icebox::record::{Entry, Record, replay};

fn games() -> Vec<(String, Game)> {
    let mut out = Vec::new();
    for files in icebox::catalog::builtin() {
        let mut variants: Vec<Option<String>> = vec![None];
        variants.extend(files.variant_names().into_iter().map(Some));
        for v in variants {
            let g = Game::load(&files, v.as_deref(), &[]).expect("loads");
            out.push((format!("{} {v:?}", files.label), g));
        }
    }
    out
}

/// A random game of `g` as a record (at most `plies` moves).
fn random_record(g: &Game, seed: u64, plies: usize) -> (Record, String) {
    let mut rng = Rng::new(seed);
    let mut s = g.start().expect("starts");
    let mut rec = Record::default();
    rec.set_header("Game", g.id());
    while !s.is_over() && rec.moves.len() < plies {
        let moves = g.legal_moves(&s).expect("moves");
        let m = &moves[rng.below(moves.len() as u64) as usize];
        rec.moves.push(Entry {
            number: rec.moves.len() as u32 + 1,
            seat: g.tables().seats[s.turn().index()].name.clone(),
            text: g.move_text(&s, m),
            comment: (rec.moves.len() % 7 == 3)
                .then(|| "a {note}; with ; and \"quotes\"".replace('}', ")")),
        });
        g.play(&mut s, m).expect("plays");
    }
    (rec, g.position_text(&s))
}

#[test]
fn every_game_round_trips_through_a_record() {
    for (label, g) in games() {
        let (rec, end) = random_record(&g, 3, 120);
        let text = rec.to_text();
        let back =
            Record::parse("mem.rec", &text).unwrap_or_else(|d| panic!("{label}: {d}\n{text}"));
        assert_eq!(back, rec, "{label}: the text reads back to the same record");
        let (s, undos) = replay(&g, &back).unwrap_or_else(|e| panic!("{label}: {e}"));
        assert_eq!(
            g.position_text(&s),
            end,
            "{label}: replay reaches the same position"
        );
        assert_eq!(undos.len(), rec.moves.len());
    }
}

#[test]
fn a_damaged_record_stops_at_its_first_bad_move_with_the_reason() {
    let files = icebox::catalog::find("icesickle", &[]).expect("built in");
    let g = Game::load(&files, None, &[]).expect("loads");
    let (mut rec, _) = random_record(&g, 5, 40);
    rec.moves[19].text = "a1-a9".into();
    let e = replay(&g, &rec).expect_err("move 20 is not legal");
    assert_eq!(e.number, 20);
    assert!(e.reason.contains("not a legal move"), "{e}");
    // Placements alternate A, B, A...: move 5 is A's, so a record claiming B is wrong.
    let (mut rec, _) = random_record(&g, 5, 40);
    assert_eq!(rec.moves[4].seat, "A");
    rec.moves[4].seat = "B".into();
    let e = replay(&g, &rec).expect_err("the wrong seat");
    assert_eq!(e.number, 5);
    assert!(e.reason.contains("it is A's turn"), "{e}");
    let (mut rec, _) = random_record(&g, 5, 40);
    rec.moves[9].number = 11;
    let e = replay(&g, &rec).expect_err("numbering");
    assert!(e.reason.contains("expected move number 10"), "{e}");
    // Syntax errors point at the line.
    let d = Record::parse("bad.rec", "[Game \"icesickle\"]\n\n1. A: M@e1\n2 B M@a3\n")
        .expect_err("no dot");
    let shown = d.to_string();
    assert!(shown.contains("bad.rec:4"), "{shown}");
}

#[test]
fn the_binary_saves_resumes_and_replays() {
    let dir = std::env::temp_dir().join(format!("icebox-records-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let full = dir.join("full.rec");
    let full_s = full.to_string_lossy().to_string();
    let o = icebox(&[
        "play",
        "icesickle",
        "--seat",
        "all=random",
        "--quiet",
        "--seed",
        "9",
        "--save",
        &full_s,
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let text = std::fs::read_to_string(&full).expect("saved");
    assert!(
        text.contains("[Game \"icesickle\"]") && text.contains("[Seed \"9\"]"),
        "{text}"
    );
    assert!(
        !text.contains("[Result \"*\"]"),
        "a finished game has its result: {text}"
    );
    let o = icebox(&["replay", &full_s]);
    assert!(o.status.success());
    assert!(String::from_utf8_lossy(&o.stdout).starts_with("ok: "));
    // Cut the record after 30 moves and resume it: the game goes on from move 31.
    let part = dir.join("part.rec");
    let cut: String = text
        .lines()
        .filter(|l| !l.starts_with("[Result"))
        .take_while(|l| !l.starts_with("31. "))
        .map(|l| format!("{l}\n"))
        .collect();
    std::fs::write(&part, cut).expect("write");
    let o = icebox(&[
        "play",
        "--load",
        &part.to_string_lossy(),
        "--seat",
        "all=random",
        "--quiet",
    ]);
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(
        out.contains("resumed after 30 moves") && out.contains("\n31. "),
        "{out}"
    );
    // A damaged record: replay names the move and fails.
    let bad = dir.join("bad.rec");
    std::fs::write(&bad, text.replacen("\n12. ", "\n12. X", 1)).expect("write");
    let o = icebox(&["replay", &bad.to_string_lossy()]);
    assert_eq!(o.status.code(), Some(1));
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(out.contains("move 12"), "{out}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn render_draws_every_cell_and_piece_as_svg() {
    let o = icebox(&[
        "render",
        "moscow-ice",
        "--variant",
        "three-player",
        "--svg",
        "-",
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let svg = String::from_utf8_lossy(&o.stdout);
    assert!(svg.starts_with("<svg ") && svg.trim_end().ends_with("</svg>"));
    // 78 cells drawn as circles with their names; 12 stacks of three pyramids.
    assert_eq!(svg.matches("<circle ").count(), 78);
    assert!(svg.contains(">a11</text>"));
    assert_eq!(svg.matches("<polygon ").count(), 36);
    assert!(svg.contains("fill=\"red\"") && svg.contains("fill=\"cyan\""));
    // A record position: after 2 moves of a saved game.
    let dir = std::env::temp_dir().join(format!("icebox-render-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let rec = dir.join("g.rec");
    std::fs::write(&rec, "[Game \"moscow-ice\"]\n\n1. A: c1-c2\n2. B: a3-b3\n").expect("write");
    let o = icebox(&[
        "render",
        "moscow-ice",
        "--record",
        &rec.to_string_lossy(),
        "--at",
        "5",
        "--svg",
        "-",
    ]);
    assert!(!o.status.success());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("has only 2 moves (use --at 0 to 2)"), "{err}");
    let o = icebox(&[
        "render",
        "moscow-ice",
        "--record",
        &rec.to_string_lossy(),
        "--at",
        "1",
        "--svg",
        "-",
    ]);
    assert!(String::from_utf8_lossy(&o.stdout).contains("to move: B"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn resignations_and_agreements_are_record_entries() {
    let files = icebox::catalog::find("zugzwang", &[]).expect("built in");
    let g = Game::load(&files, None, &[]).expect("loads");
    let text = "[Game \"zugzwang\"]\n\n1. A: a2-a3\n2. B: resign\n";
    let rec = Record::parse("mem.rec", text).expect("reads");
    let (s, undos) = replay(&g, &rec).expect("replays");
    assert_eq!(undos.len(), 2);
    let o = s.outcome().expect("over");
    assert_eq!(o.reason, "B resigned");
    assert_eq!(o.ranks.as_slice(), &[0, 1]);

    // A stalemate agreed at move 2: the pip tally (equal at the start) draws.
    let text = "[Game \"zugzwang\"]\n\n1. A: a2-a3\n2. B: agree stalemate\n";
    let (s, _) = replay(&g, &Record::parse("mem.rec", text).expect("reads")).expect("replays");
    let o = s.outcome().expect("over");
    assert_eq!(o.ranks.as_slice(), &[0, 0], "{}", o.reason);

    // Nothing may follow the end.
    let text = "[Game \"zugzwang\"]\n\n1. A: resign\n2. B: a7-a6\n";
    let err = replay(&g, &Record::parse("mem.rec", text).expect("reads")).expect_err("over");
    assert_eq!(err.number, 2);
    assert!(err.reason.contains("already over"), "{}", err.reason);
}
