//! JavaScript-compatible rounding and the `1.4M` / `60k` token format of the report.

use crate::jsnum::number_to_string;

/// JavaScript `Math.round`: nearest integer, ties toward +∞.
pub fn js_round(x: f64) -> f64 {
    if !x.is_finite() {
        return x;
    }
    let f = x.floor();
    if x - f >= 0.5 { f + 1.0 } else { f }
}

/// JavaScript `x.toFixed(1)`: one decimal, rounded half up on the exact binary value.
pub fn to_fixed_1(x: f64) -> String {
    if !x.is_finite() || x.abs() >= 1e21 {
        return number_to_string(x);
    }
    let negative = x < 0.0;
    // 1100 fractional digits cover every double exactly, so the digits below are not rounded.
    let exact = format!("{:.1100}", x.abs());
    let (int_part, frac) = exact.split_once('.').unwrap_or((exact.as_str(), "0"));
    let mut frac_digits = frac.bytes();
    let first = frac_digits.next().unwrap_or(b'0');
    let round_up = frac_digits.next().is_some_and(|d| d >= b'5');
    // Digits of the value times ten, then rounded.
    let mut digits: Vec<u8> = int_part.bytes().chain(std::iter::once(first)).collect();
    if round_up {
        let mut i = digits.len();
        loop {
            if i == 0 {
                digits.insert(0, b'1');
                break;
            }
            i -= 1;
            if digits[i] == b'9' {
                digits[i] = b'0';
            } else {
                digits[i] += 1;
                break;
            }
        }
    }
    let split = digits.len() - 1;
    let mut out = String::with_capacity(digits.len() + 2);
    if negative {
        out.push('-');
    }
    out.push_str(&String::from_utf8_lossy(&digits[..split]));
    out.push('.');
    out.push(char::from(digits[split]));
    out
}

/// The report's token amount: `1.4M` (one decimal, millions), `60k` (rounded thousands) or the
/// plain number below 1000.
pub fn fmt_tokens(n: f64) -> String {
    if n >= 1_000_000.0 {
        format!("{}M", to_fixed_1(n / 1_000_000.0))
    } else if n >= 1000.0 {
        format!("{}k", number_to_string(js_round(n / 1000.0)))
    } else {
        number_to_string(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn to_fixed_rounds_exact_ties_up() {
        assert_eq!(to_fixed_1(51.25), "51.3");
        assert_eq!(to_fixed_1(1.44), "1.4");
        assert_eq!(to_fixed_1(1.05), "1.1"); // 1.0500000000000000444… in binary
        assert_eq!(to_fixed_1(1.45), "1.4"); // 1.4499999999999999555… in binary
        assert_eq!(to_fixed_1(0.25), "0.3");
        assert_eq!(to_fixed_1(9.96), "10.0");
        assert_eq!(to_fixed_1(999.95), "1000.0"); // 999.9500000000000454… in binary
        assert_eq!(to_fixed_1(0.35), "0.3"); // 0.3499999999999999777… in binary
        assert_eq!(to_fixed_1(0.0), "0.0");
        assert_eq!(to_fixed_1(-0.04), "-0.0");
        assert_eq!(to_fixed_1(-0.0), "0.0");
        assert_eq!(to_fixed_1(-1.25), "-1.3");
        assert_eq!(to_fixed_1(5.76e21), "5.76e+21");
        assert_eq!(to_fixed_1(f64::INFINITY), "Infinity");
    }

    #[test]
    fn token_format() {
        assert_eq!(fmt_tokens(51_250_000.0), "51.3M");
        assert_eq!(fmt_tokens(999_768.0), "1000k");
        assert_eq!(fmt_tokens(1_440_000.0), "1.4M");
        assert_eq!(fmt_tokens(60_000.0), "60k");
        assert_eq!(fmt_tokens(0.0), "0");
        assert_eq!(fmt_tokens(999.0), "999");
        assert_eq!(fmt_tokens(f64::INFINITY), "InfinityM");
        assert_eq!(fmt_tokens(5.76e27), "5.76e+21M");
    }

    #[test]
    fn js_round_ties_up() {
        assert_eq!(js_round(2.5), 3.0);
        assert_eq!(js_round(-2.5), -2.0);
        assert_eq!(js_round(0.49999999999999994), 0.0);
        assert_eq!(js_round(47607.5), 47608.0);
    }

    proptest! {
        #[test]
        fn to_fixed_rounds_quarters_half_up(n in 0u64..40_000_000_000) {
            // n/4 is exact in binary; tenths = round-half-up(2.5 n) = ceil(5n / 2).
            let tenths = (5 * n).div_ceil(2);
            prop_assert_eq!(to_fixed_1(n as f64 / 4.0), format!("{}.{}", tenths / 10, tenths % 10));
        }

        #[test]
        fn to_fixed_is_within_half_a_tenth(x in 0.0f64..1e15) {
            let s = to_fixed_1(x);
            let parsed: f64 = s.parse().unwrap();
            prop_assert!((parsed - x).abs() <= 0.05 * (1.0 + 1e-12) + x * 1e-15, "{} -> {}", x, s);
            prop_assert_eq!(s.split_once('.').unwrap().1.len(), 1);
        }
    }
}
