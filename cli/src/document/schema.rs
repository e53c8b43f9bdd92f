//! The JSON Schema files of the documents, generated from their types:
//! `schemas/<document>.schema.json` for each `--json` document and
//! `schemas/common.schema.json` with the definitions they share.
//!
//! Two rules shape the files beyond what schemars derives:
//!
//! - Every object that lists its keys also says
//!   `"unevaluatedProperties": true`: a reader must accept keys it does not
//!   know, since adding a key keeps the layout version (`docs/json.md`).
//!   The tests load the files with each such `true` read as `false`, so that
//!   a document with a key its type does not describe fails. The variant
//!   facts ([`OPEN`]) are the exception: they are partial schemas, applied
//!   next to the document's own keys, so only the document closes them.
//! - References into the shared definitions point at
//!   `common.schema.json#/$defs/…` from the documents' files.

use schemars::generate::SchemaSettings;
use schemars::{JsonSchema, Schema, SchemaGenerator};
use serde_json::{Map, Value};

use super::{
    AnalyzeDocument, AnnotateDocument, MatchDocument, MovesDocument, OddsDocument, PerftDocument,
    PlayDocument, RatingsDocument, RecordDocument, RenderDocument, ReplayDocument, ShowDocument,
};

/// The schema files, by document name (`common` holds the shared definitions).
pub const SCHEMA_FILES: [&str; 13] = [
    "common", "show", "moves", "perft", "play", "render", "analyze", "match", "record", "replay", "annotate",
    "ratings", "odds",
];

/// The shared definitions that describe only part of an object: no
/// `unevaluatedProperties` of their own (see the module documentation).
const OPEN: [&str; 4] = ["SovereignFacts", "RoyaleFacts", "MagesFacts", "JokerFacts"];

/// Documents that another document contains whole (`replay` prints a
/// `show` document): a reference to one points at the document's own file.
const CONTAINED: [(&str, &str); 1] = [("ShowDocument", "show")];

const META_SCHEMA: &str = "https://json-schema.org/draft/2020-12/schema";

/// Document `name`'s schema, with its title.
fn document<T: JsonSchema>(generator: &mut SchemaGenerator, name: &'static str) -> (&'static str, Value) {
    let schema: Schema = T::json_schema(generator);
    let mut object = Map::new();
    object.insert("$schema".into(), META_SCHEMA.into());
    object.insert("title".into(), format!("motley {name} --json").into());
    if let Value::Object(fields) = schema.to_value() {
        for (key, value) in fields {
            if key != "title" {
                object.insert(key, value);
            }
        }
    }
    (name, Value::Object(object))
}

/// Adds `"unevaluatedProperties": true` to every object schema under
/// `value` (`"type": "object"`) that lists properties and says nothing
/// about others. A schema without a type (an `if`) is a condition, not an
/// object, and stays as it is.
fn open_objects(value: &mut Value) {
    match value {
        Value::Object(map) => {
            if map.get("type").is_some_and(|t| t == "object")
                && map.contains_key("properties")
                && !map.contains_key("additionalProperties")
                && !map.contains_key("unevaluatedProperties")
            {
                map.insert("unevaluatedProperties".into(), Value::Bool(true));
            }
            open_members(map);
        }
        Value::Array(items) => items.iter_mut().for_each(open_objects),
        _ => {}
    }
}

/// Applies [`open_objects`] to the members of the schema object `map`, but
/// not to `map` itself.
fn open_members(map: &mut Map<String, Value>) {
    for (key, child) in map.iter_mut() {
        // `properties` maps names to schemas: a property named
        // `properties` is not a keyword.
        if key == "properties" {
            if let Value::Object(props) = child {
                props.values_mut().for_each(open_objects);
            }
        } else {
            open_objects(child);
        }
    }
}

/// Points every local `#/$defs/…` reference under `value` at
/// `common.schema.json` (`in_common`: the value is in that file), or at the
/// document's file for a [`CONTAINED`] document.
fn refer_to_common(value: &mut Value, in_common: bool) {
    match value {
        Value::Object(map) => {
            for (key, child) in map.iter_mut() {
                refer_member(key, child, in_common);
            }
        }
        Value::Array(items) => items.iter_mut().for_each(|item| refer_to_common(item, in_common)),
        _ => {}
    }
}

/// [`refer_to_common`] for `child`, the member `key` of a schema object:
/// repoints it when it is a local `#/$defs/…` reference, and otherwise
/// repoints the references under it.
fn refer_member(key: &str, child: &mut Value, in_common: bool) {
    match child {
        Value::String(target) if key == "$ref" && target.starts_with("#/$defs/") => {
            let name = &target["#/$defs/".len()..];
            if let Some((_, file)) = CONTAINED.iter().find(|(def, _)| *def == name) {
                *target = format!("{file}.schema.json");
            } else if !in_common {
                *target = format!("common.schema.json{target}");
            }
        }
        _ => refer_to_common(child, in_common),
    }
}

/// Every schema file, as `(document name, file text)` in [`SCHEMA_FILES`]
/// order: what `schemas/<name>.schema.json` must hold.
#[must_use]
pub fn schemas() -> Vec<(&'static str, String)> {
    let mut generator = SchemaSettings::draft2020_12().for_serialize().into_generator();
    let mut documents = vec![
        document::<ShowDocument>(&mut generator, "show"),
        document::<MovesDocument>(&mut generator, "moves"),
        document::<PerftDocument>(&mut generator, "perft"),
        document::<PlayDocument>(&mut generator, "play"),
        document::<RenderDocument>(&mut generator, "render"),
        document::<AnalyzeDocument>(&mut generator, "analyze"),
        document::<MatchDocument>(&mut generator, "match"),
        document::<RecordDocument>(&mut generator, "record"),
        document::<ReplayDocument>(&mut generator, "replay"),
        document::<AnnotateDocument>(&mut generator, "annotate"),
        document::<RatingsDocument>(&mut generator, "ratings"),
        document::<OddsDocument>(&mut generator, "odds"),
    ];
    let mut definitions = generator.take_definitions(true);
    for (name, _) in CONTAINED {
        definitions.remove(name);
    }
    for (name, schema) in &mut definitions {
        if OPEN.contains(&name.as_str()) {
            // The facts' own properties are closed objects; the facts are not.
            if let Value::Object(map) = schema {
                open_members(map);
            }
        } else {
            open_objects(schema);
        }
    }
    for schema in definitions.values_mut() {
        refer_to_common(schema, true);
    }
    let mut common = Map::new();
    common.insert("$schema".into(), META_SCHEMA.into());
    common.insert("title".into(), "Motley JSON documents: shared definitions".into());
    common.insert("$defs".into(), Value::Object(definitions));
    let mut files = vec![("common", Value::Object(common))];
    for (_, schema) in &mut documents {
        open_objects(schema);
        refer_to_common(schema, false);
    }
    files.extend(documents);
    files
        .into_iter()
        .map(|(name, value)| {
            let mut text = serde_json::to_string_pretty(&value).unwrap_or_default();
            text.push('\n');
            (name, text)
        })
        .collect()
}
