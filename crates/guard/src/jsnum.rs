//! JavaScript numbers as text: `Number.prototype.toString` and `Number(string)`.

pub use loopwright_protocol::json::number_to_string;

use crate::text::js_trim;

/// JavaScript `Number(string)`: trims whitespace, `""` is 0, accepts decimal with optional sign,
/// fraction and exponent (`"4."`, `".5"`, `"+4"`, `"1e3"`), `0x`/`0o`/`0b` integers without sign,
/// and `Infinity` with optional sign; anything else is NaN.
///
/// ```
/// use loopwright_guard::jsnum::parse_js_number;
/// assert_eq!(parse_js_number(" 0x10 "), 16.0);
/// assert_eq!(parse_js_number("4."), 4.0);
/// assert!(parse_js_number("1_000").is_nan());
/// assert_eq!(parse_js_number(""), 0.0);
/// ```
pub fn parse_js_number(raw: &str) -> f64 {
    let s = js_trim(raw);
    if s.is_empty() {
        return 0.0;
    }
    match s {
        "Infinity" | "+Infinity" => return f64::INFINITY,
        "-Infinity" => return f64::NEG_INFINITY,
        _ => {}
    }
    let radix = match s.get(..2) {
        Some("0x" | "0X") => Some(16),
        Some("0o" | "0O") => Some(8),
        Some("0b" | "0B") => Some(2),
        _ => None,
    };
    if let Some(radix) = radix {
        return parse_radix(&s[2..], radix);
    }
    if is_decimal_literal(s) {
        s.parse::<f64>().unwrap_or(f64::NAN)
    } else {
        f64::NAN
    }
}

fn parse_radix(digits: &str, radix: u32) -> f64 {
    if digits.is_empty() {
        return f64::NAN;
    }
    let mut exact: Option<u128> = Some(0);
    let mut approx = 0.0f64;
    for c in digits.chars() {
        let Some(d) = c.to_digit(radix) else {
            return f64::NAN;
        };
        exact = exact
            .and_then(|v| v.checked_mul(u128::from(radix)))
            .and_then(|v| v.checked_add(u128::from(d)));
        approx = approx * f64::from(radix) + f64::from(d);
    }
    match exact {
        Some(v) => v as f64,
        None => approx,
    }
}

/// `[+-]? (digits [. digits?] | . digits) ([eE] [+-]? digits)?`
fn is_decimal_literal(s: &str) -> bool {
    let b = s.as_bytes();
    let mut i = 0;
    if matches!(b.first(), Some(b'+' | b'-')) {
        i += 1;
    }
    let int_start = i;
    while b.get(i).is_some_and(u8::is_ascii_digit) {
        i += 1;
    }
    let int_digits = i - int_start;
    let mut frac_digits = 0;
    if b.get(i) == Some(&b'.') {
        i += 1;
        let f = i;
        while b.get(i).is_some_and(u8::is_ascii_digit) {
            i += 1;
        }
        frac_digits = i - f;
    }
    if int_digits == 0 && frac_digits == 0 {
        return false;
    }
    if matches!(b.get(i), Some(b'e' | b'E')) {
        i += 1;
        if matches!(b.get(i), Some(b'+' | b'-')) {
            i += 1;
        }
        let e = i;
        while b.get(i).is_some_and(u8::is_ascii_digit) {
            i += 1;
        }
        if i == e {
            return false;
        }
    }
    i == b.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn javascript_number_conversion() {
        let ok = [
            ("4", 4.0),
            ("+4", 4.0),
            ("004", 4.0),
            ("4.", 4.0),
            (".5", 0.5),
            ("4e0", 4.0),
            ("0b11", 3.0),
            ("0o17", 15.0),
            ("0xff", 255.0),
            ("  7\n", 7.0),
            ("3.0000000000000001", 3.0),
            ("9007199254740993", 9007199254740992.0),
            ("1e400", f64::INFINITY),
            ("-Infinity", f64::NEG_INFINITY),
        ];
        for (s, want) in ok {
            assert_eq!(parse_js_number(s), want, "{s:?}");
        }
        for bad in [
            "1_000", "0x", "4e", ".", "NaN", "inf", "infinity", "-0x1", "1 2", "e5", "0x1g",
        ] {
            assert!(parse_js_number(bad).is_nan(), "{bad:?}");
        }
    }
}
