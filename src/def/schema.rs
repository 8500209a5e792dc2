//! JSON Schemas of the definition and variant files, generated from the serde types so they can
//! never disagree with what the loader accepts. Draft-07, which Taplo / Even Better TOML read.

use schemars::generate::SchemaSettings;

use super::model::{GameDef, VariantDef};

/// The schema of `game.toml`, pretty-printed.
pub fn game_schema() -> String {
    render::<GameDef>("icebox game definition")
}

/// The schema of a variant file, pretty-printed.
pub fn variant_schema() -> String {
    render::<VariantDef>("icebox variant")
}

fn render<T: schemars::JsonSchema>(title: &str) -> String {
    let generator = SchemaSettings::draft07().into_generator();
    let mut schema = generator.into_root_schema_for::<T>();
    schema.insert("title".into(), title.into());
    let mut text = serde_json::to_string_pretty(&schema).unwrap_or_default();
    text.push('\n');
    text
}
