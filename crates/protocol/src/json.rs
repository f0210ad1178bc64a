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

use std::fmt::Write as _;

/// First code point used to stand for a lone surrogate inside a `String`.
const SURROGATE_STAND_IN: u32 = 0x10_F800;

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

/// Why a text is not JSON.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message} at line {line} column {column}")]
pub struct ParseError {
    /// What is wrong.
    pub message: String,
    /// 1-based line of the offending character.
    pub line: usize,
    /// 1-based column (in characters) of the offending character.
    pub column: usize,
}

/// Parses strict RFC 8259 JSON the way `JSON.parse` does.
pub fn parse(text: &str) -> Result<Value, ParseError> {
    let mut p = Parser {
        src: text.as_bytes(),
        text,
        pos: 0,
        depth: 0,
    };
    p.skip_ws();
    let v = p.value()?;
    p.skip_ws();
    if p.pos < p.src.len() {
        return Err(p.error("unexpected data after the JSON value"));
    }
    Ok(v)
}

/// Nesting limit, so hostile input cannot overflow the stack.
const MAX_DEPTH: usize = 512;

struct Parser<'a> {
    src: &'a [u8],
    text: &'a str,
    pos: usize,
    depth: usize,
}

impl Parser<'_> {
    fn error(&self, message: &str) -> ParseError {
        let before = &self.text[..self.pos.min(self.text.len())];
        let line = before.matches('\n').count() + 1;
        let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
        let found = match self.text[self.pos.min(self.text.len())..].chars().next() {
            Some(c) => format!("{message} (found {c:?})"),
            None => format!("{message} (found end of input)"),
        };
        ParseError {
            message: found,
            line,
            column,
        }
    }

    fn skip_ws(&mut self) {
        while let Some(b' ' | b'\t' | b'\n' | b'\r') = self.src.get(self.pos) {
            self.pos += 1;
        }
    }

    fn value(&mut self) -> Result<Value, ParseError> {
        match self.src.get(self.pos) {
            Some(b'{') => self.object(),
            Some(b'[') => self.array(),
            Some(b'"') => Ok(Value::String(self.string()?)),
            Some(b't') => self.literal("true", Value::Bool(true)),
            Some(b'f') => self.literal("false", Value::Bool(false)),
            Some(b'n') => self.literal("null", Value::Null),
            Some(b'-' | b'0'..=b'9') => self.number(),
            _ => Err(self.error("expected a JSON value")),
        }
    }

    fn literal(&mut self, word: &str, v: Value) -> Result<Value, ParseError> {
        if self.src[self.pos..].starts_with(word.as_bytes()) {
            self.pos += word.len();
            Ok(v)
        } else {
            Err(self.error("expected a JSON value"))
        }
    }

    fn enter(&mut self) -> Result<(), ParseError> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(self.error("nesting too deep"));
        }
        self.pos += 1;
        self.skip_ws();
        Ok(())
    }

    fn object(&mut self) -> Result<Value, ParseError> {
        self.enter()?;
        let mut obj = Object::new();
        if self.src.get(self.pos) == Some(&b'}') {
            self.pos += 1;
            self.depth -= 1;
            return Ok(Value::Object(obj));
        }
        loop {
            if self.src.get(self.pos) != Some(&b'"') {
                return Err(self.error("expected a string key"));
            }
            let key = self.string()?;
            self.skip_ws();
            if self.src.get(self.pos) != Some(&b':') {
                return Err(self.error("expected ':'"));
            }
            self.pos += 1;
            self.skip_ws();
            let v = self.value()?;
            obj.insert(key, v);
            self.skip_ws();
            match self.src.get(self.pos) {
                Some(b',') => {
                    self.pos += 1;
                    self.skip_ws();
                }
                Some(b'}') => {
                    self.pos += 1;
                    self.depth -= 1;
                    return Ok(Value::Object(obj));
                }
                _ => return Err(self.error("expected ',' or '}'")),
            }
        }
    }

    fn array(&mut self) -> Result<Value, ParseError> {
        self.enter()?;
        let mut items = Vec::new();
        if self.src.get(self.pos) == Some(&b']') {
            self.pos += 1;
            self.depth -= 1;
            return Ok(Value::Array(items));
        }
        loop {
            items.push(self.value()?);
            self.skip_ws();
            match self.src.get(self.pos) {
                Some(b',') => {
                    self.pos += 1;
                    self.skip_ws();
                }
                Some(b']') => {
                    self.pos += 1;
                    self.depth -= 1;
                    return Ok(Value::Array(items));
                }
                _ => return Err(self.error("expected ',' or ']'")),
            }
        }
    }

    fn number(&mut self) -> Result<Value, ParseError> {
        let start = self.pos;
        let digits = |p: &mut Self| {
            let s = p.pos;
            while p.src.get(p.pos).is_some_and(u8::is_ascii_digit) {
                p.pos += 1;
            }
            p.pos - s
        };
        if self.src.get(self.pos) == Some(&b'-') {
            self.pos += 1;
        }
        match self.src.get(self.pos) {
            Some(b'0') => self.pos += 1,
            Some(b'1'..=b'9') => {
                digits(self);
            }
            _ => return Err(self.error("invalid number")),
        }
        if self.src.get(self.pos) == Some(&b'.') {
            self.pos += 1;
            if digits(self) == 0 {
                return Err(self.error("invalid number"));
            }
        }
        if let Some(b'e' | b'E') = self.src.get(self.pos) {
            self.pos += 1;
            if let Some(b'+' | b'-') = self.src.get(self.pos) {
                self.pos += 1;
            }
            if digits(self) == 0 {
                return Err(self.error("invalid number"));
            }
        }
        let text = &self.text[start..self.pos];
        text.parse::<f64>()
            .map(Value::Number)
            .map_err(|_| self.error("invalid number"))
    }

    fn hex4(&mut self) -> Result<u16, ParseError> {
        let h = self
            .src
            .get(self.pos..self.pos + 4)
            .ok_or_else(|| self.error("bad \\u escape"))?;
        let s = std::str::from_utf8(h).map_err(|_| self.error("bad \\u escape"))?;
        if !s.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Err(self.error("bad \\u escape"));
        }
        let v = u16::from_str_radix(s, 16).map_err(|_| self.error("bad \\u escape"))?;
        self.pos += 4;
        Ok(v)
    }

    fn string(&mut self) -> Result<String, ParseError> {
        self.pos += 1; // opening quote
        let mut out = String::new();
        loop {
            let run_start = self.pos;
            // Find the next quote or backslash (vectorised), then check the run for control
            // characters, which JSON forbids raw.
            let rest = &self.src[self.pos..];
            let end = memchr::memchr2(b'"', b'\\', rest).unwrap_or(rest.len());
            self.pos += rest[..end].iter().position(|&b| b < 0x20).unwrap_or(end);
            out.push_str(&self.text[run_start..self.pos]);
            match self.src.get(self.pos) {
                Some(b'"') => {
                    self.pos += 1;
                    return Ok(out);
                }
                Some(b'\\') => {
                    self.pos += 1;
                    let Some(&esc) = self.src.get(self.pos) else {
                        return Err(self.error("unterminated string"));
                    };
                    self.pos += 1;
                    match esc {
                        b'"' => out.push('"'),
                        b'\\' => out.push('\\'),
                        b'/' => out.push('/'),
                        b'b' => out.push('\u{8}'),
                        b'f' => out.push('\u{c}'),
                        b'n' => out.push('\n'),
                        b'r' => out.push('\r'),
                        b't' => out.push('\t'),
                        b'u' => {
                            let u = self.hex4()?;
                            self.push_unit(&mut out, u)?;
                        }
                        _ => {
                            self.pos -= 1;
                            return Err(self.error("bad escape"));
                        }
                    }
                }
                Some(_) => return Err(self.error("control character in string")),
                None => return Err(self.error("unterminated string")),
            }
        }
    }

    /// Appends a `\u` escape, pairing a high surrogate with a following `\u` low surrogate.
    fn push_unit(&mut self, out: &mut String, u: u16) -> Result<(), ParseError> {
        if (0xD800..0xDC00).contains(&u) && self.src[self.pos..].starts_with(b"\\u") {
            let save = self.pos;
            self.pos += 2;
            let low = self.hex4()?;
            if (0xDC00..0xE000).contains(&low) {
                let c = 0x10000 + ((u32::from(u) - 0xD800) << 10) + (u32::from(low) - 0xDC00);
                out.push(char::from_u32(c).unwrap_or('\u{FFFD}'));
                return Ok(());
            }
            self.pos = save;
        }
        out.push(unit_char(u));
        Ok(())
    }
}

/// The `char` for one UTF-16 unit that stands alone (lone surrogates become stand-ins).
fn unit_char(u: u16) -> char {
    if (0xD800..0xE000).contains(&u) {
        char::from_u32(SURROGATE_STAND_IN + u32::from(u - 0xD800)).unwrap_or('\u{FFFD}')
    } else {
        char::from_u32(u32::from(u)).unwrap_or('\u{FFFD}')
    }
}

/// The lone surrogate a stand-in character represents, if it is one.
pub fn lone_surrogate(c: char) -> Option<u16> {
    let v = c as u32;
    if v >= SURROGATE_STAND_IN {
        u16::try_from(v - SURROGATE_STAND_IN + 0xD800).ok()
    } else {
        None
    }
}

/// The UTF-16 code units of `s` as JavaScript sees them (stand-ins become their lone unit).
pub fn utf16_units(s: &str) -> impl Iterator<Item = u16> + '_ {
    s.chars().flat_map(|c| {
        let mut buf = [0u16; 2];
        let units: &[u16] = match lone_surrogate(c) {
            Some(u) => {
                buf[0] = u;
                &buf[..1]
            }
            None => c.encode_utf16(&mut buf),
        };
        let (a, b) = (units[0], units.get(1).copied());
        std::iter::once(a).chain(b)
    })
}

/// Number of UTF-16 code units of `s` as JavaScript counts them.
pub fn utf16_len(s: &str) -> usize {
    s.chars()
        .map(|c| {
            if lone_surrogate(c).is_some() {
                1
            } else {
                c.len_utf16()
            }
        })
        .sum()
}

/// The text Node writes for `s` on a stream: lone surrogates become U+FFFD.
pub fn display_text(s: &str) -> std::borrow::Cow<'_, str> {
    if s.chars().any(|c| lone_surrogate(c).is_some()) {
        std::borrow::Cow::Owned(
            s.chars()
                .map(|c| {
                    if lone_surrogate(c).is_some() {
                        '\u{FFFD}'
                    } else {
                        c
                    }
                })
                .collect(),
        )
    } else {
        std::borrow::Cow::Borrowed(s)
    }
}

/// JavaScript `Number.prototype.toString()` for a double.
pub fn number_to_string(n: f64) -> String {
    if n == 0.0 {
        return "0".to_owned();
    }
    let mut buf = ryu_js::Buffer::new();
    buf.format(n).to_owned()
}

/// `JSON.stringify(value, null, 2)`.
pub fn to_string_pretty(v: &Value) -> String {
    let mut out = String::new();
    write_value(&mut out, v, Some(2), 0);
    out
}

/// `JSON.stringify(value)` (no whitespace).
pub fn to_string_compact(v: &Value) -> String {
    let mut out = String::new();
    write_value(&mut out, v, None, 0);
    out
}

fn newline(out: &mut String, indent: Option<usize>, level: usize) {
    if let Some(step) = indent {
        out.push('\n');
        out.extend(std::iter::repeat_n(' ', step * level));
    }
}

fn write_value(out: &mut String, v: &Value, indent: Option<usize>, level: usize) {
    match v {
        Value::Null => out.push_str("null"),
        Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Value::Number(n) => {
            if n.is_finite() {
                out.push_str(&number_to_string(*n));
            } else {
                out.push_str("null");
            }
        }
        Value::String(s) => write_string(out, s),
        Value::Array(items) => {
            if items.is_empty() {
                out.push_str("[]");
                return;
            }
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                newline(out, indent, level + 1);
                write_value(out, item, indent, level + 1);
            }
            newline(out, indent, level);
            out.push(']');
        }
        Value::Object(obj) => {
            if obj.is_empty() {
                out.push_str("{}");
                return;
            }
            out.push('{');
            for (i, (k, val)) in obj.ordered().into_iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                newline(out, indent, level + 1);
                write_string(out, k);
                out.push(':');
                if indent.is_some() {
                    out.push(' ');
                }
                write_value(out, val, indent, level + 1);
            }
            newline(out, indent, level);
            out.push('}');
        }
    }
}

/// Writes `s` as a JSON string literal the way `JSON.stringify` does.
pub fn write_string(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => match lone_surrogate(c) {
                Some(u) => {
                    let _ = write!(out, "\\u{u:04x}");
                }
                None => out.push(c),
            },
        }
    }
    out.push('"');
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
