//! Hand-written `Deserialize` for the model's either-or values (a condition or a list of
//! them, a number or a distance word, one region or one per seat, an option's value), and
//! plain wording for serde's messages. serde's derived untagged enums only say "data did not
//! match any variant of untagged enum Conds"; these name the value that is wrong and what
//! would be right, and `plain` adds "did you mean" to every closed list of words.

use std::collections::BTreeMap;
use std::fmt;

use serde::de::value::{MapAccessDeserializer, SeqAccessDeserializer};
use serde::de::{self, Deserialize, Deserializer, IntoDeserializer, MapAccess, SeqAccess, Visitor};

use super::model::{Amount, CellCond, CondTerm, Conds, MAX_CONJUNCTIONS, OptionValue, RegionDef};
use crate::diag::suggest;

/// One entry of a condition list: a word, or words separated by spaces that must all hold,
/// with serde's "unknown variant" error for a wrong word.
fn cond<E: de::Error>(text: &str) -> Result<CondTerm, E> {
    let words: Vec<&str> = text.split_whitespace().collect();
    if words.is_empty() {
        return Err(E::custom("an empty cell condition"));
    }
    let mut term = Vec::with_capacity(words.len());
    for w in words {
        let c = CellCond::deserialize(w.into_deserializer())?;
        if !term.contains(&c) {
            term.push(c);
        }
    }
    if term.len() > 1 && term.contains(&CellCond::LoneEnemy) {
        return Err(E::custom(format!(
            "`{text}`: `lone-enemy` looks at the whole stack and stands alone in a list, not joined with other words"
        )));
    }
    Ok(CondTerm(term))
}

impl<'de> Deserialize<'de> for Conds {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Conds;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a cell condition (`empty`, `enemy`, ...) or a list of them")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Conds, E> {
                cond(v).map(Conds::One)
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut a: A) -> Result<Conds, A::Error> {
                let mut list: Vec<CondTerm> = Vec::new();
                while let Some(word) = a.next_element::<String>()? {
                    list.push(cond(&word)?);
                }
                let joined = list.iter().filter(|t| t.0.len() > 1).count();
                if joined > MAX_CONJUNCTIONS {
                    return Err(de::Error::custom(format!(
                        "{joined} entries join several conditions: a list holds at most {MAX_CONJUNCTIONS}"
                    )));
                }
                Ok(Conds::AnyOf(list))
            }
        }
        d.deserialize_any(V)
    }
}

impl<'de> Deserialize<'de> for Amount {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl Visitor<'_> for V {
            type Value = Amount;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str(
                    "a distance: a whole number, or `size`, `stack` (with an offset such as `size-1`) or `any`",
                )
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<Amount, E> {
                u32::try_from(v).map(Amount::Fixed).map_err(|_| {
                    E::custom(format!("`{v}` is too far: distances go up to {}", u32::MAX))
                })
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<Amount, E> {
                u64::try_from(v)
                    .map_err(|_| E::custom(format!("`{v}` is negative: a distance is 0 or more")))
                    .and_then(|v| self.visit_u64(v))
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Amount, E> {
                Ok(Amount::Expr(v.to_string()))
            }
        }
        d.deserialize_any(V)
    }
}

impl<'de> Deserialize<'de> for RegionDef {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = RegionDef;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a list of cells, or a table of cell lists by seat name")
            }
            fn visit_seq<A: SeqAccess<'de>>(self, a: A) -> Result<RegionDef, A::Error> {
                Vec::<String>::deserialize(SeqAccessDeserializer::new(a)).map(RegionDef::Shared)
            }
            fn visit_map<A: MapAccess<'de>>(self, a: A) -> Result<RegionDef, A::Error> {
                BTreeMap::<String, Vec<String>>::deserialize(MapAccessDeserializer::new(a))
                    .map(RegionDef::PerSeat)
            }
        }
        d.deserialize_any(V)
    }
}

impl<'de> Deserialize<'de> for OptionValue {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl Visitor<'_> for V {
            type Value = OptionValue;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("true or false, a whole number, or a word")
            }
            fn visit_bool<E: de::Error>(self, v: bool) -> Result<OptionValue, E> {
                Ok(OptionValue::Bool(v))
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<OptionValue, E> {
                Ok(OptionValue::Int(v))
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<OptionValue, E> {
                i64::try_from(v)
                    .map(OptionValue::Int)
                    .map_err(|_| E::custom(format!("`{v}` is too large: at most {}", i64::MAX)))
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<OptionValue, E> {
                Ok(OptionValue::Str(v.to_string()))
            }
        }
        d.deserialize_any(V)
    }
}

/// The largest value of each integer type serde names in "expected u32".
const RANGES: [(&str, &str); 8] = [
    ("u8", "0 to 255"),
    ("u16", "0 to 65535"),
    ("u32", "0 to 4294967295"),
    ("u64", "0 to 18446744073709551615"),
    ("usize", "0 to 18446744073709551615"),
    ("i32", "-2147483648 to 2147483647"),
    ("i64", "-9223372036854775808 to 9223372036854775807"),
    ("i128", "-9223372036854775808 to 9223372036854775807"),
];

/// serde's and toml's messages in the words of a definition's author: the message and, where
/// there is one, a help line ("did you mean `empty`?").
pub fn plain(message: &str) -> (String, Option<String>) {
    let message = message.lines().next().unwrap_or(message).trim();
    // "unknown variant `emtpy`, expected one of `empty`, `occupied`" (or "expected `a` or `b`")
    if let Some(rest) = message.strip_prefix("unknown variant `")
        && let Some((wrong, rest)) = rest.split_once('`')
    {
        let allowed: Vec<&str> = rest.split('`').skip(1).step_by(2).collect();
        let text = format!("`{wrong}` is not one of: {}", allowed.join(", "));
        let help = suggest(wrong, allowed.iter().copied()).map(|s| format!("did you mean `{s}`?"));
        return (text, help);
    }
    if let Some(rest) = message.strip_prefix("unknown field `")
        && let Some((wrong, rest)) = rest.split_once('`')
    {
        let expected: Vec<&str> = rest.split('`').skip(1).step_by(2).collect();
        let help = match suggest(wrong, expected.iter().copied()) {
            Some(s) => Some(format!("did you mean `{s}`?")),
            None if !expected.is_empty() => {
                Some(format!("expected one of: {}", expected.join(", ")))
            }
            None => None,
        };
        return (format!("unknown key `{wrong}`"), help);
    }
    // "invalid type: integer `99999999999999999999` as i128, expected ..." (too large for TOML)
    if let Some(rest) = message.strip_prefix("invalid type: integer `")
        && let Some((n, rest)) = rest.split_once('`')
        && rest.starts_with(" as i128")
    {
        return (
            format!(
                "`{n}` is too large: whole numbers in a definition go up to {}",
                i64::MAX
            ),
            None,
        );
    }
    // "invalid value: integer `-1`, expected u32"
    if let Some(rest) = message.strip_prefix("invalid value: integer `")
        && let Some((n, rest)) = rest.split_once("`, expected ")
        && let Some((_, range)) = RANGES.iter().find(|(t, _)| *t == rest)
    {
        return (
            format!("`{n}` is out of range: expected a whole number from {range}"),
            None,
        );
    }
    // "invalid type: floating point `1.5`, expected u32"
    if let Some(rest) = message.strip_prefix("invalid type: floating point `")
        && let Some((n, _)) = rest.split_once('`')
    {
        return (
            format!("`{n}` is a decimal number: definitions take whole numbers only"),
            None,
        );
    }
    // "invalid type: string \"forty\", expected u32"
    if let Some(rest) = message.strip_prefix("invalid type: ")
        && let Some((found, expected)) = rest.rsplit_once(", expected ")
    {
        let expected = match RANGES.iter().find(|(t, _)| *t == expected) {
            Some((_, range)) => format!("a whole number from {range}"),
            None => match expected {
                "a boolean" => "true or false".to_string(),
                "a string" => "text in quotes".to_string(),
                "a sequence" => "a list `[...]`".to_string(),
                e if e.starts_with("struct ") || e == "a map" => "a table".to_string(),
                e => e.to_string(),
            },
        };
        let found = found
            .replace("string ", "the text ")
            .replace("integer ", "the number ")
            .replace("boolean ", "");
        return (format!("expected {expected}, found {found}"), None);
    }
    (message.to_string(), None)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrong_words_name_the_right_ones() {
        let (m, h) = plain("unknown variant `emtpy`, expected one of `empty`, `occupied`, `any`");
        assert_eq!(m, "`emtpy` is not one of: empty, occupied, any");
        assert_eq!(h.as_deref(), Some("did you mean `empty`?"));
        let (m, _) = plain("invalid value: integer `-1`, expected u32");
        assert_eq!(
            m,
            "`-1` is out of range: expected a whole number from 0 to 4294967295"
        );
        let (m, _) = plain(
            "invalid type: integer `99999999999999999999` as i128, expected any valid TOML value",
        );
        assert_eq!(
            m,
            "`99999999999999999999` is too large: whole numbers in a definition go up to 9223372036854775807"
        );
        let (m, _) = plain("invalid type: string \"forty\", expected u32");
        assert_eq!(
            m,
            "expected a whole number from 0 to 4294967295, found the text \"forty\""
        );
    }

    #[test]
    fn conditions_read_one_word_or_a_list() {
        #[derive(serde::Deserialize)]
        struct T {
            land: Conds,
        }
        let t: T = toml::from_str("land = [\"empty\", \"enemy\"]").expect("a list");
        assert_eq!(t.land.alone(), [CellCond::Empty, CellCond::Enemy]);
        let e = toml::from_str::<T>("land = \"emtpy\"")
            .err()
            .map(|e| e.message().to_string())
            .unwrap_or_default();
        assert!(e.starts_with("unknown variant `emtpy`"), "{e}");
    }
}
