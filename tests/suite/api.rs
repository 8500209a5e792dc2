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
    let now = icebox::def::reference::format_reference(&icebox::cli::reference_examples());
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
        "### [moves.NAME]",
        "### [moves.NAME.land_rules.NAME]",
        "### [pieces.NAME]",
        "### [setup]",
        "### [end]",
        "### [rules]",
        "### CellCond",
    ] {
        assert!(now.contains(section), "no section {section}");
    }
}
