//! JSON Schemas of the definition and variant files, generated from the serde types so they can
//! never disagree with what the loader accepts. Draft-07, which Taplo / Even Better TOML read.

use schemars::generate::SchemaSettings;

use super::model::{GameDef, VariantDef};

/// The schema of `game.toml`, pretty-printed.
pub fn game_schema() -> String {
    render::<GameDef>("icebox game definition")
}

/// Keys still read under an old name (`[moves.NAME]`, now `[generators.NAME]`): the schema
/// accepts them too (draft 7 has no `deprecated`: the description says so), so an editor does not flag a definition that loads.
fn old_spellings(schema: &mut schemars::Schema) {
    let Some(props) = schema
        .get_mut("properties")
        .and_then(serde_json::Value::as_object_mut)
    else {
        return;
    };
    if let Some(new) = props.get(crate::def::GENERATORS).cloned() {
        let mut old = new;
        if let Some(o) = old.as_object_mut() {
            o.insert(
                "description".into(),
                "The old name of `generators`: still read; write `[generators.NAME]`.".into(),
            );
        }
        props.insert("moves".into(), old);
    }
}

/// The schema of a variant file, pretty-printed.
pub fn variant_schema() -> String {
    render::<VariantDef>("icebox variant")
}

fn render<T: schemars::JsonSchema>(title: &str) -> String {
    let generator = SchemaSettings::draft07().into_generator();
    let mut schema = generator.into_root_schema_for::<T>();
    schema.insert("title".into(), title.into());
    old_spellings(&mut schema);
    let mut text = serde_json::to_string_pretty(&schema).unwrap_or_default();
    text.push('\n');
    text
}
