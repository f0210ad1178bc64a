//! Stack-frame shapes of common languages (`at f (a.js:3:5)`, `File "a.py", line 3`, gdb's
//! `#1 0x… in f () at a.c:12`, valgrind's `==1==    at 0x…: f (a.c:12)`, Go, Ruby, Lua, D, and
//! the frames of a Rust doctest), read on a line without its indentation.

use super::blank;
use super::shapes::has_file_line;

/// Stack-frame shapes of common languages, on a line without its indentation; `space` is
/// the first space or tab in `t`.
pub(super) fn is_frame(t: &[u8], space: Option<usize>) -> bool {
    match t[0] {
        b'a' if t.starts_with(b"at ") => {
            let rest = &t[3..];
            return has_file_line(rest) || memchr::memmem::find(rest, b" line ").is_some();
        }
        b'F' if t.starts_with(b"File \"") => {
            return memchr::memmem::find(t, b"\", line ").is_some();
        }
        // Ruby `from a.rb:3:in`, a VHDL runtime's `from: process p at tb.vhd:29`.
        b'f' if t.starts_with(b"from ") || t.starts_with(b"from: ") => {
            return has_file_line(&t[5..]);
        }
        b'#' => {
            // gdb `#1  0x... in f (a=1) at file.c:12`, PHP `#0 /x/file.php(12): f()`
            let digits = t[1..].iter().take_while(|b| b.is_ascii_digit()).count();
            if digits == 0 && t.get(1) == Some(&b' ') {
                // A frame quoted after a comment mark: RSpec `# ./spec/a_spec.rb:12:in `x'`.
                let rest = t[2..].trim_ascii_start();
                return !rest.is_empty() && rest[0] != b'#' && is_frame(rest, blank(rest));
            }
            return digits > 0 && has_file_line(t);
        }
        // A Rust backtrace's frame in a doctest's own code (`4: rust_out::main::_doctest_…`):
        // rustdoc builds every doctest as the crate `rust_out`, with no `at` line under it.
        b'0'..=b'9' if doctest_frame(t) => return true,
        b'=' if t.starts_with(b"==") => {
            // valgrind `==123==    at 0x4C2: f (file.c:12)`
            let Some(end) = memchr::memmem::find(&t[2..], b"==") else {
                return false;
            };
            let rest = t[end + 4..].trim_ascii_start();
            return (rest.starts_with(b"at 0x") || rest.starts_with(b"by 0x"))
                && has_file_line(rest);
        }
        _ => {}
    }
    // Go `\t/src/x/calc.go:12 +0x1d`, Lua/Ruby `file.rb:12: in`, Python `x.py:12: in f`,
    // Ruby `lib/a.rb:19:in `fetch'`.
    let Some(sp) = space else {
        return false;
    };
    // The word after the token first: it rules out most lines before the token is searched.
    let tok = &t[..sp];
    let rest = t[sp..].trim_ascii_start();
    if rest.starts_with(b"+0x") || rest.starts_with(b"in ") || super::runners::addressed_call(rest)
    {
        return has_file_line(tok);
    }
    // JS without `at `: `Cart.total (src/cart.js:16:35)`; `src/app.d:31 _Dmain [0x5d9c]`.
    (tok.ends_with(b":in") && has_file_line(tok))
        || (rest.ends_with(b"]") && addressed_symbol(rest) && has_file_line(tok))
        || (rest.starts_with(b"(")
            && rest.ends_with(b")")
            && blank(rest).is_none()
            && has_file_line(rest))
}

/// `at createError (/app/node_modules/x/index.ts:859:12)`, `at org.junit.Assert.fail(Assert.java:89)`:
/// a JavaScript or Java frame with its call in parentheses (not a Rust backtrace's `at
/// src/x.rs:3:5`, which follows its numbered symbol line), on a line without its indentation.
pub(crate) fn called_at(t: &[u8]) -> bool {
    t.starts_with(b"at ") && memchr::memchr(b'(', t).is_some() && is_frame(t, blank(t))
}

/// `4: rust_out::main::_doctest_main_src_lib_rs_5_0`: a numbered frame of a doctest's crate,
/// also with its address (`18:     0x55ff96ccc0d0 - rust_out::main::…`, `RUST_BACKTRACE=full`).
fn doctest_frame(t: &[u8]) -> bool {
    let digits = t.iter().take_while(|b| b.is_ascii_digit()).count();
    let Some(rest) = t[digits..].strip_prefix(b":") else {
        return false;
    };
    let rest = rest.trim_ascii_start();
    let rest = match rest.strip_prefix(b"0x") {
        Some(addr) => {
            let hex = addr.iter().take_while(|b| b.is_ascii_hexdigit()).count();
            match addr[hex..].strip_prefix(b" - ") {
                Some(symbol) if hex > 0 => symbol,
                _ => return false,
            }
        }
        None => rest,
    };
    rest.starts_with(b"rust_out::")
}

/// `_Dmain [0x55d0c3e1]`: one symbol, then its address in brackets (the rest of a frame).
fn addressed_symbol(rest: &[u8]) -> bool {
    blank(rest).is_some_and(|sp| rest[sp..].trim_ascii_start().starts_with(b"[0x"))
        && rest.iter().filter(|&&b| b == b' ').count() == 1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frames_led_by_from() {
        let frame = b"from: process work.tb(sim).P0 at tb.vhd:29";
        assert!(is_frame(frame, blank(frame)));
        assert!(is_frame(b"from a.rb:3:in `f'", Some(4)));
        let doctest = b"4: rust_out::main::_doctest_main_src_lib_rs_5_0";
        assert!(is_frame(doctest, blank(doctest)));
        assert!(!is_frame(b"4: core::panicking::assert_failed", Some(2)));
        let full = b"18:     0x55ff96ccc0d0 - rust_out::main::_doctest_main_a_rs_5_0::h32eb7e561d";
        assert!(is_frame(full, blank(full)));
        assert!(!is_frame(
            b"18:     0x55ff96ccc0d0 - std::rt::lang_start",
            Some(3)
        ));
        let ruby = b"2024_up.rb:3:in `up'";
        assert!(is_frame(ruby, blank(ruby)));
        assert!(!is_frame(b"from: the team", Some(5)));
    }

    #[test]
    fn called_frames_of_javascript_and_java() {
        assert!(called_at(
            b"at createTSError (/n/node_modules/ts-node/src/index.ts:859:12)"
        ));
        assert!(called_at(b"at org.junit.Assert.fail(Assert.java:89)"));
        assert!(!called_at(b"at ./src/lib.rs:5:78"));
        assert!(!called_at(b"at the end (of the day)"));
    }
}
