//! Lines that say again what kept lines said (issue 16, the long outputs of `wild8`): a context
//! or message line repeating word for word one kept twice already (pytest's `E   Omitting 1
//! identical items` under each failure, the same runtime frames under each panic), and under
//! the later cases of one parametrised test (`test_x[case7]`), messages, locations and frames
//! shaped like ones kept twice for that test. Memory is bounded: at most
//! [`TEMPLATES`] shapes are remembered.

use std::collections::HashMap;

use crate::normalize::{case_key, shape_key, template_key};
use crate::rules::Kind;

/// Lines of one template (or shape, in one test) kept before the rest fold.
const REPEATS: u32 = 2;

/// Lines at least this long (trimmed) fold from their second repeat on: shown again they cost
/// more than twice the fold marker that stands for them (`[… 1234:1240 folded]`).
const LONG_REPEAT: usize = 48;

/// Templates remembered (memory stays bounded whatever the input).
const TEMPLATES: usize = 4096;

/// Mixed into the group key of a parametrised test's failed cases.
const CASE_SALT: u64 = 0x2545_f491_4f6c_dd1d;

/// The templates of the lines kept so far and the test case being read.
#[derive(Debug, Default)]
pub(crate) struct Repeats {
    seen: HashMap<u64, u32>,
    /// The failed test case whose report is being read ([`case_key`] of its header; 0 before
    /// any).
    case: u64,
}

impl Repeats {
    /// Whether `line` repeats, hex addresses and blank runs aside, a line kept [`REPEATS`]
    /// times already (counting this one).
    pub(crate) fn again(&mut self, line: &[u8]) -> bool {
        self.count(line, template_key, LONG_REPEAT)
    }

    /// Whether `line`, read under a failed test case, has the shape (digits masked) of lines
    /// kept [`REPEATS`] times under cases of the same test.
    pub(crate) fn again_in_case(&mut self, line: &[u8]) -> bool {
        let case = self.case;
        // Values differ between cases (digits masked): long lines get no shorter budget.
        case != 0 && self.count(line, |l| shape_key(l) ^ case.rotate_left(29), usize::MAX)
    }

    /// Notes a kept line: a failure or a banner (`____ test_x[case3] ____`) starts a case.
    pub(crate) fn kept(&mut self, kind: Kind, line: &[u8]) {
        if kind == Kind::Failure
            || (kind == Kind::Structure && matches!(line.first(), Some(b'_' | b'-' | b'=')))
        {
            self.case = case_key(line);
        }
    }

    fn count(&mut self, line: &[u8], key: impl Fn(&[u8]) -> u64, long: usize) -> bool {
        // Folding a short line costs more than it saves (the fold marker).
        let len = line.trim_ascii().len();
        if len < 24 {
            return false;
        }
        let key = key(line);
        if self.seen.len() >= TEMPLATES && !self.seen.contains_key(&key) {
            return false;
        }
        let n = self.seen.entry(key).or_insert(0);
        *n += 1;
        // A long line said once is enough: showing it again costs more than its marker.
        *n > REPEATS || (*n > 1 && len >= long)
    }
}

/// The group of a failed case of a parametrised test (`t.py::test_x[case7] FAILED`, `test_y
/// (n=3) ... FAIL`: parameters in brackets or parentheses right after a name): the other cases
/// of that test.
pub(crate) fn case_group(line: &[u8]) -> Option<u64> {
    let o = memchr::memchr2(b'[', b'(', line)?;
    let close = if line[o] == b'[' { b']' } else { b')' };
    let named = o > 0 && (line[o - 1].is_ascii_alphanumeric() || line[o - 1] == b' ');
    (named && memchr::memchr(close, &line[o + 1..]).is_some_and(|c| c > 0))
        .then(|| case_key(line) ^ CASE_SALT)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_third_repeat_folds() {
        let mut r = Repeats::default();
        let l = b"E         Omitting 1 identical items";
        assert!(!r.again(l));
        assert!(!r.again(l));
        assert!(r.again(l));
        // A long line folds from its second repeat on.
        let long = b"E         Omitting 1 identical items, use -vv to show";
        assert!(!r.again(long));
        assert!(r.again(long));
        // Hex addresses and blank runs aside; other numbers count.
        let a = b"==1== by 0x10942F: main (grid.c:41)   x";
        let b = b"==1== by 0x2A: main (grid.c:41) x";
        let c = b"==1== by 0x2A: main (grid.c:42) x";
        assert!(!r.again(a) && !r.again(b) && r.again(a));
        assert!(!r.again(c));
        // Short lines never fold.
        assert!(!r.again(b"  |") && !r.again(b"  |") && !r.again(b"  |"));
    }

    #[test]
    fn cases_of_one_test_fold_by_shape() {
        let mut r = Repeats::default();
        let e = |y: u32| {
            format!("E       assert datetime.date({y}, 4, 15) == datetime.date({y}, 4, 16)")
        };
        // No case read yet: nothing folds by shape.
        assert!(!r.again_in_case(e(1990).as_bytes()));
        r.kept(
            Kind::Structure,
            b"____ test_easter_orthodox[easter_date0] ____",
        );
        assert!(!r.again_in_case(e(1990).as_bytes()));
        r.kept(
            Kind::Structure,
            b"____ test_easter_orthodox[easter_date1] ____",
        );
        assert!(!r.again_in_case(e(1991).as_bytes()));
        r.kept(
            Kind::Structure,
            b"____ test_easter_orthodox[easter_date2] ____",
        );
        assert!(r.again_in_case(e(1992).as_bytes()));
        // Another test's message of the same shape is its own.
        r.kept(
            Kind::Structure,
            b"____ test_easter_western[easter_date0] ____",
        );
        assert!(!r.again_in_case(e(1993).as_bytes()));
    }

    #[test]
    fn parametrised_cases_group() {
        let a = case_group(b"t.py::test_x[case7] FAILED    [ 24%]");
        let b = case_group(b"t.py::test_x[case10] FAILED    [ 25%]");
        assert!(a.is_some() && a == b);
        assert_ne!(a, case_group(b"t.py::test_y[case7] FAILED    [ 24%]"));
        assert!(case_group(b"test_y (n=3) ... FAIL").is_some());
        assert_eq!(case_group(b"t.py::test_x FAILED"), None);
        assert_eq!(case_group(b"t.py::test_x[] FAILED"), None);
    }
}
