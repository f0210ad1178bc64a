//! JSON values with JavaScript semantics, as `JSON.parse` / `JSON.stringify` see them.
//!
//! Ledgers written by JavaScript tools are read and echoed by loopwright, so the value model
//! follows JavaScript rather than serde: every number is an IEEE double, objects keep the key
//! order of JavaScript (canonical array-index keys first, ascending, then insertion order; a
//! duplicate key keeps its first position and its last value), and strings may hold lone UTF-16
//! surrogates (`"\ud800"`), which `serde_json` rejects.
//!
//! A lone surrogate is stored in a Rust [`String`] as a code point of Supplementary Private Use
//! Area-B: surrogate unit `u` becomes `U+10F800 + (u - 0xD800)`. [`utf16_units`] maps it back to
//! its single code unit, [`display_text`] turns it into U+FFFD (what Node prints), and the JSON
//! writer prints it as `\udxxx`. Real characters in that range are read as such surrogates on
//! output; they do not occur in practice.

mod parse;
mod text;
mod write;

pub use parse::{ParseError, parse};
pub use text::{display_text, lone_surrogate, utf16_len, utf16_units};
pub use write::{number_to_string, to_string_compact, to_string_pretty, write_string};

/// A JSON value as JavaScript holds it.
#[derive(Debug, Clone, PartialEq)]
pub enum Value {
    /// `null`.
    Null,
    /// `true` / `false`.
    Bool(bool),
    /// Every number is a double (`1e400` is infinity, big integers lose precision).
    Number(f64),
    /// A string; lone surrogates are held as stand-in code points (see the module docs).
    String(String),
    /// An array.
    Array(Vec<Value>),
    /// An object with JavaScript key order.
    Object(Object),
}

impl Value {
    /// The string, if this is a string.
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Value::String(s) => Some(s),
            _ => None,
        }
    }

    /// The number, if this is a number.
    pub fn as_f64(&self) -> Option<f64> {
        match self {
            Value::Number(n) => Some(*n),
            _ => None,
        }
    }

    /// The object, if this is an object.
    pub fn as_object(&self) -> Option<&Object> {
        match self {
            Value::Object(o) => Some(o),
            _ => None,
        }
    }

    /// The array, if this is an array.
    pub fn as_array(&self) -> Option<&[Value]> {
        match self {
            Value::Array(a) => Some(a),
            _ => None,
        }
    }

    /// A short name of the value's JSON type, for error messages.
    pub fn type_name(&self) -> &'static str {
        match self {
            Value::Null => "null",
            Value::Bool(_) => "a boolean",
            Value::Number(_) => "a number",
            Value::String(_) => "a string",
            Value::Array(_) => "an array",
            Value::Object(_) => "an object",
        }
    }
}

/// A JSON object with JavaScript property order.
///
/// Entries are kept in insertion order; [`Object::ordered`] yields them in the order
/// `JSON.stringify` prints them (array-index keys first, ascending).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Object {
    entries: Vec<(String, Value)>,
}

impl Object {
    /// An empty object.
    pub fn new() -> Self {
        Self::default()
    }

    /// The value of `key`, if present.
    pub fn get(&self, key: &str) -> Option<&Value> {
        self.entries.iter().find(|(k, _)| k == key).map(|(_, v)| v)
    }

    /// The value of `key` for changing in place, if present.
    pub fn get_mut(&mut self, key: &str) -> Option<&mut Value> {
        self.entries
            .iter_mut()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v)
    }

    /// Whether `key` is present.
    pub fn contains_key(&self, key: &str) -> bool {
        self.entries.iter().any(|(k, _)| k == key)
    }

    /// Sets `key`: an existing key keeps its position, a new key goes last.
    pub fn insert(&mut self, key: impl Into<String>, value: Value) {
        let key = key.into();
        if let Some(slot) = self.entries.iter_mut().find(|(k, _)| *k == key) {
            slot.1 = value;
        } else {
            self.entries.push((key, value));
        }
    }

    /// Removes `key`, returning its value.
    pub fn remove(&mut self, key: &str) -> Option<Value> {
        let pos = self.entries.iter().position(|(k, _)| k == key)?;
        Some(self.entries.remove(pos).1)
    }

    /// Number of keys.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether the object has no keys.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Entries in insertion order.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &Value)> {
        self.entries.iter().map(|(k, v)| (k.as_str(), v))
    }

    /// Entries in the order JavaScript enumerates them: canonical array-index keys first in
    /// ascending numeric order, then the other keys in insertion order.
    pub fn ordered(&self) -> Vec<(&str, &Value)> {
        let mut index: Vec<(u32, &str, &Value)> = Vec::new();
        let mut named: Vec<(&str, &Value)> = Vec::new();
        for (k, v) in &self.entries {
            match array_index(k) {
                Some(i) => index.push((i, k, v)),
                None => named.push((k, v)),
            }
        }
        index.sort_by_key(|(i, _, _)| *i);
        index
            .into_iter()
            .map(|(_, k, v)| (k, v))
            .chain(named)
            .collect()
    }
}

impl FromIterator<(String, Value)> for Object {
    fn from_iter<T: IntoIterator<Item = (String, Value)>>(iter: T) -> Self {
        let mut o = Object::new();
        for (k, v) in iter {
            o.insert(k, v);
        }
        o
    }
}

/// `Some(i)` when `key` is a canonical array index (`"0"`, `"17"`, up to 4294967294).
fn array_index(key: &str) -> Option<u32> {
    if key.is_empty() || key.len() > 10 || !key.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    if key.len() > 1 && key.starts_with('0') {
        return None;
    }
    let n: u64 = key.parse().ok()?;
    if n <= 4_294_967_294 {
        u32::try_from(n).ok()
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strings_reject_raw_control_characters_where_they_are() {
        let e = parse("{\"a\": \"ok\\n then\u{1}x\"}").unwrap_err();
        assert!(e.message.starts_with("control character in string"), "{e}");
        assert_eq!(e.column, 17);
        assert_eq!(
            parse("\"tab\\there\"").unwrap(),
            Value::String("tab\there".into())
        );
        assert!(parse("\"unterminated").is_err());
        assert!(parse("\"line\nbreak\"").is_err());
    }

    #[test]
    fn numbers_print_like_javascript() {
        let cases = [
            (0.0, "0"),
            (-0.0, "0"),
            (1.5, "1.5"),
            (1e21, "1e+21"),
            (12345678901234567890.0, "12345678901234567000"),
            (1e-7, "1e-7"),
            (f64::INFINITY, "Infinity"),
            (f64::NEG_INFINITY, "-Infinity"),
            (-3.0, "-3"),
            (0.000001, "0.000001"),
        ];
        for (n, want) in cases {
            assert_eq!(number_to_string(n), want, "{n}");
        }
    }

    #[test]
    fn duplicate_keys_keep_first_position_and_last_value() {
        let v = parse(r#"{"a":1,"b":2,"a":3}"#).unwrap();
        assert_eq!(to_string_compact(&v), r#"{"a":3,"b":2}"#);
    }

    #[test]
    fn index_keys_come_first() {
        let v = parse(r#"{"b":1,"10":2,"2":3,"01":4}"#).unwrap();
        assert_eq!(to_string_compact(&v), r#"{"2":3,"10":2,"b":1,"01":4}"#);
    }

    #[test]
    fn lone_surrogates_round_trip() {
        let v = parse(r#""a\ud800b\ud83d\ude00""#).unwrap();
        assert_eq!(to_string_compact(&v), "\"a\\ud800b😀\"");
        let s = v.as_str().unwrap();
        assert_eq!(utf16_len(s), 5);
        assert_eq!(display_text(s), "a\u{FFFD}b😀");
    }

    #[test]
    fn rejects_what_json_parse_rejects() {
        for bad in [
            "",
            "[1,]",
            "{\"a\":1,}",
            "NaN",
            "01",
            "1.",
            "\"\t\"",
            "[1] x",
            "'a'",
            "\u{feff}{}",
        ] {
            assert!(parse(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn huge_numbers_become_infinity() {
        assert_eq!(parse("1e400").unwrap(), Value::Number(f64::INFINITY));
        assert_eq!(to_string_compact(&parse("[1e400]").unwrap()), "[null]");
    }

    #[test]
    fn escapes_like_stringify() {
        let v = Value::String("q\"\\\u{1}\u{7f}\u{2028}é".into());
        assert_eq!(to_string_compact(&v), "\"q\\\"\\\\\\u0001\u{7f}\u{2028}é\"");
    }
}
