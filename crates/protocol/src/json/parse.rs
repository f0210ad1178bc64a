//! `JSON.parse`: strict RFC 8259 JSON into a [`Value`], with JavaScript's number and key-order
//! semantics and lone surrogates kept.

use super::text::unit_char;
use super::{Object, Value};

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

    /// After an opening `{` or `[`: closes the container when `close` follows at once.
    fn closes(&mut self, close: u8) -> bool {
        if self.src.get(self.pos) == Some(&close) {
            self.pos += 1;
            self.depth -= 1;
            true
        } else {
            false
        }
    }

    /// After a member or an element: `Ok(false)` past a comma (another one follows), `Ok(true)`
    /// when the container closes with `close`.
    fn closes_after_item(&mut self, close: u8, expected: &str) -> Result<bool, ParseError> {
        self.skip_ws();
        if self.src.get(self.pos) == Some(&b',') {
            self.pos += 1;
            self.skip_ws();
            return Ok(false);
        }
        if self.closes(close) {
            return Ok(true);
        }
        Err(self.error(expected))
    }

    fn object(&mut self) -> Result<Value, ParseError> {
        self.enter()?;
        let mut obj = Object::new();
        if self.closes(b'}') {
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
            if self.closes_after_item(b'}', "expected ',' or '}'")? {
                return Ok(Value::Object(obj));
            }
        }
    }

    fn array(&mut self) -> Result<Value, ParseError> {
        self.enter()?;
        let mut items = Vec::new();
        if self.closes(b']') {
            return Ok(Value::Array(items));
        }
        loop {
            items.push(self.value()?);
            if self.closes_after_item(b']', "expected ',' or ']'")? {
                return Ok(Value::Array(items));
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
