//! The references are generated (issue 14): the script API from the registration, the format
//! from the model types; the checked-in files match them, and no registered function or key
//! is undocumented.

#[test]
fn every_registered_script_function_is_documented() {
    let r = icebox::rules::api_reference();
    let mut documented: Vec<String> = r.docs.iter().map(|d| d.rhai_name()).collect();
    let mut registered = r.registered.clone();
    documented.sort();
    registered.sort();
    let missing: Vec<&String> = registered
        .iter()
        .filter(|n| !documented.contains(n))
        .collect();
    assert!(missing.is_empty(), "registered without docs: {missing:?}");
    assert_eq!(documented, registered, "one doc per registered function");
    for d in &r.docs {
        assert!(
            !d.doc.is_empty() && !d.example.is_empty(),
            "{} has no doc or example",
            d.sig
        );
    }
}

#[test]
fn the_checked_in_references_match_the_registration() {
    let r = icebox::rules::api_reference();
    let md = std::fs::read_to_string("docs/script-api.md").expect("docs/script-api.md");
    assert!(
        md == r.markdown,
        "docs/script-api.md is stale: run `icebox api > docs/script-api.md`"
    );
    let d = std::fs::read_to_string("schema/icebox.d.rhai").expect("schema/icebox.d.rhai");
    assert!(
        d == r.definitions,
        "schema/icebox.d.rhai is stale: run `icebox api --rhai > schema/icebox.d.rhai`"
    );
}

#[test]
fn the_format_reference_matches_the_model_and_documents_every_key() {
    let md = std::fs::read_to_string("docs/format.md").expect("docs/format.md");
    let now = icebox::def::reference::format_reference(&icebox::catalog::reference_examples());
    assert!(
        md == now,
        "docs/format.md is stale: run `icebox schema --reference > docs/format.md`"
    );
    // Every key of every table has a meaning, and the tables a game author writes most have
    // their sections.
    for line in now.lines().filter(|l| l.starts_with("| `")) {
        let cells: Vec<&str> = line.split(" | ").collect();
        assert!(
            cells.len() >= 4 && !cells[3].trim().is_empty(),
            "undocumented: {line}"
        );
    }
    for section in [
        "### [generators.NAME]",
        "### [generators.NAME.land_rules.NAME]",
        "### [pieces.NAME]",
        "### [setup]",
        "### [end]",
        "### [rules]",
        "### CellCond",
    ] {
        assert!(now.contains(section), "no section {section}");
    }
}

#[test]
fn play_checked_refuses_a_move_the_position_does_not_have() {
    let files = icebox::catalog::find("chess", &[]).expect("chess");
    let g = icebox::Game::load(&files, None, &[]).expect("loads");
    let mut s = g.start().expect("start");
    g.play_text(&mut s, "e2-e4").expect("e4");
    // The same move again: White's pawn is no longer on e2, and it is Black's turn.
    let m = {
        let mut t = g.start().expect("start");
        let moves = g.legal_moves(&t).expect("moves");
        let m = moves
            .into_iter()
            .find(|m| g.move_text(&t, m) == "e2-e4")
            .expect("e2-e4");
        let _ = g.play(&mut t, &m);
        m
    };
    let before = s.clone();
    match g.play_checked(&mut s, &m) {
        Err(icebox::game::PlayError::Illegal(text)) => assert_eq!(text, "e2-e4"),
        other => panic!("expected Illegal, got {:?}", other.map(|_| ())),
    }
    assert_eq!(s, before, "a refused move changes nothing");
    // A legal one plays, as play would.
    let reply = g.legal_moves(&s).expect("moves")[0].clone();
    g.play_checked(&mut s, &reply).expect("legal");
    assert_eq!(g.position_text(&s).split(' ').nth(1), Some("turn=White"));
}
