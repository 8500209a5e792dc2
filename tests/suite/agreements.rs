//! Agreements made at the table (`[rules] agreements`): proposing, the `agreed` hook ending the
//! game, and the errors a definition or a player can make.

use icebox::Game;
use icebox::def::GameFiles;

fn files(rules_extra: &str, script: &str) -> GameFiles {
    let mut f = GameFiles {
        label: "mem".into(),
        ..GameFiles::default()
    };
    f.files.insert(
        "game.toml".into(),
        format!(
            "[game]\nid = \"t\"\nname = \"t\"\n[players]\nseats = [{{ name = \"A\" }}, {{ name = \"B\" }}]\n[board]\ngrid = {{ files = 3, ranks = 1 }}\n[pieces.S]\nname = \"small\"\n[pieces.L]\nname = \"large\"\nsize = 3\n[setup.cells]\na1 = \"aS\"\nc1 = \"bL\"\n[moves.m]\n[rules]\nscript = \"r.rhai\"\nno_moves = \"pass\"\n{rules_extra}\n"
        ),
    );
    f.files.insert("r.rhai".into(), script.into());
    f
}

const TALLY: &str = r#"
fn moves(s) { s.gen("m"); }
fn agreed(s, what) {
    for p in 0..s.players {
        for c in 0..3 {
            if s.height(c) > 0 && s.owner(s.top(c)) == p { s.add_score(p, s.size(s.top(c))); }
        }
    }
    s.end_by_score(true, `${what}: pips on the board`);
}
"#;

#[test]
fn an_agreed_stalemate_ends_the_game_through_the_hook() {
    let g = Game::load(&files("agreements = [\"stalemate\"]", TALLY), None, &[]).expect("loads");
    assert_eq!(g.agreements(), ["stalemate".to_string()]);
    let mut s = g.start().expect("starts");
    let before = s.clone();
    let u = g.agree(&mut s, "stalemate").expect("agreed");
    let o = s.outcome().expect("over").clone();
    // B's large (3 pips) beats A's small (1 pip).
    assert_eq!(o.winners(), vec![g.tables().seat("B").expect("seat")]);
    assert!(o.reason.contains("stalemate: pips"), "{}", o.reason);
    g.undo(&mut s, u);
    assert_eq!(s, before, "an agreement is undone like a move");
}

#[test]
fn unknown_agreements_and_missing_hooks_are_errors() {
    let g = Game::load(&files("agreements = [\"stalemate\"]", TALLY), None, &[]).expect("loads");
    let mut s = g.start().expect("starts");
    let e = g.agree(&mut s, "draw").expect_err("not an agreement");
    assert!(e.to_string().contains("agreements: stalemate"), "{e}");
    assert!(!s.is_over());
    let e = Game::load(
        &files(
            "agreements = [\"draw\", \"stalemate\"]",
            "fn moves(s) { s.gen(\"m\"); }",
        ),
        None,
        &[],
    )
    .err()
    .expect("an agreement other than a draw needs the hook");
    assert!(
        e.to_string()
            .contains("`stalemate` needs a hook `fn agreed(s, what)`"),
        "{e}"
    );
    // A draw needs no hook: agreed, it is a draw, undone like a move.
    let g = Game::load(
        &files("agreements = [\"draw\"]", "fn moves(s) { s.gen(\"m\"); }"),
        None,
        &[],
    )
    .expect("a draw has a default");
    let mut s = g.start().expect("starts");
    let before = s.clone();
    let u = g.agree(&mut s, "draw").expect("agreed");
    let o = s.outcome().expect("over").clone();
    assert!(o.winners().is_empty() && o.reason == "draw agreed", "{o:?}");
    g.undo(&mut s, u);
    assert_eq!(s, before);
    // A hook that does not end the game is an error, and leaves the state as it was.
    let lazy = "fn moves(s) { s.gen(\"m\"); }\nfn agreed(s, what) { s.add_score(0, 1); }";
    let g = Game::load(&files("agreements = [\"draw\"]", lazy), None, &[]).expect("loads");
    let mut s = g.start().expect("starts");
    let before = s.clone();
    let e = g.agree(&mut s, "draw").expect_err("must end the game");
    assert!(e.to_string().contains("must end the game"), "{e}");
    assert_eq!(s, before);
}

#[test]
fn rule_errors_say_their_kind() {
    use icebox::rules::RuleErrorKind as K;
    let g = Game::load(&files("agreements = [\"draw\"]", TALLY), None, &[]).expect("loads");
    let mut s = g.start().expect("starts");
    let e = g.agree(&mut s, "peace").expect_err("not an agreement");
    assert_eq!(e.kind, K::NotAnAgreement, "{e}");
    g.agree(&mut s, "draw").expect("agreed");
    assert_eq!(g.agree(&mut s, "draw").expect_err("over").kind, K::GameOver);
    let first = g.start().expect("starts");
    let m = g.legal_moves(&first).expect("moves")[0].clone();
    assert_eq!(g.play(&mut s, &m).expect_err("over").kind, K::GameOver);
    // A script that loops for ever hits a limit; one that throws is a script error.
    for (script, kind) in [
        ("fn moves(s) { loop { } }", K::Limit),
        ("fn moves(s) { throw \"no moves today\"; }", K::Script),
    ] {
        let g = Game::load(&files("", script), None, &[]).expect("loads");
        match g.start() {
            Err(e) => assert_eq!(e.kind, kind, "{e}"),
            Ok(_) => panic!("{script}: the start should fail"),
        }
    }
}
