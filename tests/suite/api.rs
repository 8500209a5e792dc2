//! The script API reference is generated from the registration (issue 14): the checked-in
//! files match what the code registers, and no registered function is undocumented.

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
