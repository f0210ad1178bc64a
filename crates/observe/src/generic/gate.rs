//! Checks gated by what a line starts and ends with (issue 16, throughput): each check of a
//! chain declares, next to its code, the first and last bytes (of the line without its
//! indentation) it can match on, as one or more [`Need`]s; [`Gate::new`] turns a chain's
//! declarations into two tables at compile time, and [`Gate::run`] reads the two bytes once and
//! runs, in the chain's order, only the checks whose needs they meet. A plain line then runs a
//! handful of checks, not every one, and a check added to a chain costs nothing on the lines
//! outside its needs.
//!
//! A need may also ask for a line where the word scan found a candidate ([`Need::scanned`]).
//! A need must hold for every line the check can match (a check that can match whatever the
//! line's ends declares [`Need::ANY`]); a check may also leave its first test to its needs, as
//! a `match` arm leaves it to its pattern. The tests compare each gated chain with the chain
//! of calls it replaced on every corpus line and on generated ones.

use super::Signal;

/// A set of bytes, built in `const` context.
#[derive(Clone, Copy)]
pub(super) struct Bytes([u64; 4]);

impl Bytes {
    /// Every byte.
    pub(super) const ANY: Self = Self([u64::MAX; 4]);
    /// No byte.
    pub(super) const NONE: Self = Self([0; 4]);
    /// `0`-`9`.
    pub(super) const DIGIT: Self = Self::range(b'0', b'9');
    /// `a`-`z`.
    pub(super) const LOWER: Self = Self::range(b'a', b'z');
    /// `A`-`Z`.
    pub(super) const UPPER: Self = Self::range(b'A', b'Z');
    /// `a`-`z` and `A`-`Z`.
    pub(super) const ALPHA: Self = Self::LOWER.or(Self::UPPER);

    /// The bytes of `s`.
    pub(super) const fn of(s: &[u8]) -> Self {
        let mut set = Self::NONE;
        let mut i = 0;
        while i < s.len() {
            set = set.with(s[i]);
            i += 1;
        }
        set
    }

    /// The bytes from `lo` to `hi`, both included.
    pub(super) const fn range(lo: u8, hi: u8) -> Self {
        let mut set = Self::NONE;
        let mut b = lo as usize;
        while b <= hi as usize {
            set = set.with(b as u8);
            b += 1;
        }
        set
    }

    /// This set and `b`.
    pub(super) const fn with(self, b: u8) -> Self {
        let mut w = self.0;
        w[(b >> 6) as usize] |= 1 << (b & 63);
        Self(w)
    }

    /// The union of the two sets.
    pub(super) const fn or(self, other: Self) -> Self {
        let (a, b) = (self.0, other.0);
        Self([a[0] | b[0], a[1] | b[1], a[2] | b[2], a[3] | b[3]])
    }

    /// Whether `b` is in the set.
    pub(super) const fn has(&self, b: u8) -> bool {
        self.0[(b >> 6) as usize] & (1 << (b & 63)) != 0
    }
}

/// One shape of line a check can match: its first byte in `first` and its last in `last`.
#[derive(Clone, Copy)]
pub(super) struct Need {
    /// The bytes the line (without its indentation) can start with.
    pub first: Bytes,
    /// The bytes it can end with.
    pub last: Bytes,
    /// Only where the word scan found a candidate in the line ([`Line::scanned`]).
    pub scanned: bool,
}

impl Need {
    /// Any line that is not blank.
    pub(super) const ANY: Need = Need::ends(Bytes::ANY, Bytes::ANY);

    /// A line starting with a byte of `first` and ending with one of `last`.
    pub(super) const fn ends(first: Bytes, last: Bytes) -> Need {
        Need {
            first,
            last,
            scanned: false,
        }
    }

    /// This need, on a line where the word scan found a candidate.
    pub(super) const fn scanned(self) -> Need {
        Need {
            scanned: true,
            ..self
        }
    }

    /// Whether a line starting with `first` and ending with `last` meets this need.
    #[cfg(test)]
    fn met(&self, first: u8, last: u8, scanned: bool) -> bool {
        self.first.has(first) && self.last.has(last) && (scanned || !self.scanned)
    }

    /// A line starting with a byte of `first`, whatever its end.
    pub(super) const fn first(first: Bytes) -> Need {
        Need::ends(first, Bytes::ANY)
    }

    /// A line ending with a byte of `last`, whatever its start.
    pub(super) const fn last(last: Bytes) -> Need {
        Need::ends(Bytes::ANY, last)
    }
}

/// What a check reads of a line.
pub(super) struct Line<'a> {
    /// The line.
    pub line: &'a [u8],
    /// The line without its indentation (not empty).
    pub t: &'a [u8],
    /// Whether the word scan found a candidate in the line (rejected since, for a line
    /// classified with no severity word).
    pub scanned: bool,
}

/// A check of a chain: the line shapes it needs (any one of them) and the check itself.
pub(super) struct Check {
    /// Its name, for the tests' messages.
    #[cfg_attr(not(test), allow(dead_code))]
    pub name: &'static str,
    /// The shapes of line it can match: any one of them.
    pub needs: &'static [Need],
    /// The check (`None`: not this one).
    pub run: fn(&Line<'_>) -> Option<Signal>,
}

/// The most needs a chain may declare in all (one bit of a word each).
const MAX_NEEDS: usize = 64;

/// A chain's needs as tables: for each first byte and each last byte, the needs it meets (a
/// bit each, in the chain's order); for each need, the bits of its check's needs.
pub(super) struct Gate {
    first: [u64; 256],
    last: [u64; 256],
    /// For each need's bit, its check's index.
    owner: [u8; MAX_NEEDS],
    /// For each need's bit, the bits of every need of its check.
    siblings: [u64; MAX_NEEDS],
    /// The bits of the needs met only where the word scan found a candidate.
    scanned: u64,
}

impl Gate {
    /// The tables of `checks` (a compile error where they declare more than 64 needs).
    pub(super) const fn new(checks: &[Check]) -> Gate {
        let mut gate = Gate {
            first: [0; 256],
            last: [0; 256],
            owner: [0; MAX_NEEDS],
            siblings: [0; MAX_NEEDS],
            scanned: 0,
        };
        let mut bit = 0;
        let mut c = 0;
        while c < checks.len() {
            let needs = checks[c].needs;
            assert!(!needs.is_empty() && bit + needs.len() <= MAX_NEEDS);
            assert!(c < 256);
            let own = (u64::MAX >> (64 - needs.len())) << bit;
            let mut n = 0;
            while n < needs.len() {
                let mut b = 0;
                while b < 256 {
                    if needs[n].first.has(b as u8) {
                        gate.first[b] |= 1 << bit;
                    }
                    if needs[n].last.has(b as u8) {
                        gate.last[b] |= 1 << bit;
                    }
                    b += 1;
                }
                if needs[n].scanned {
                    gate.scanned |= 1 << bit;
                }
                gate.owner[bit] = c as u8;
                gate.siblings[bit] = own;
                bit += 1;
                n += 1;
            }
            c += 1;
        }
        gate
    }

    /// The first answer of the checks whose needs a line starting with `first` and ending with
    /// `last` meets, run in the chain's order: that of [`Self::run_all`].
    #[inline]
    pub(super) fn run(&self, checks: &[Check], arg: &Line<'_>) -> Option<Signal> {
        let (&first, &last) = (arg.t.first()?, arg.t.last()?);
        let mut due = self.first[usize::from(first)] & self.last[usize::from(last)];
        if !arg.scanned {
            due &= !self.scanned;
        }
        while due != 0 {
            let bit = due.trailing_zeros() as usize;
            if let Some(s) = (checks[usize::from(self.owner[bit])].run)(arg) {
                return Some(s);
            }
            due &= !self.siblings[bit];
        }
        None
    }
}

/// The first answer of the checks whose needs `arg` meets, each one asked in turn (what
/// [`Gate::run`] must equal: its tables are a faster way to ask).
#[cfg(test)]
pub(super) fn run_all(checks: &[Check], arg: &Line<'_>) -> Option<Signal> {
    let (&first, &last) = (arg.t.first()?, arg.t.last()?);
    checks
        .iter()
        .filter(|c| c.needs.iter().any(|n| n.met(first, last, arg.scanned)))
        .find_map(|c| (c.run)(arg))
}

/// The checks of `checks` that match `arg` while their needs say they cannot: empty where the
/// needs are right for this line, for a chain whose checks test what they need themselves (a
/// check may instead leave its first test to its needs, as a `match` arm leaves it to its
/// pattern).
#[cfg(test)]
pub(super) fn unmet(checks: &[Check], arg: &Line<'_>) -> Vec<&'static str> {
    let (Some(&first), Some(&last)) = (arg.t.first(), arg.t.last()) else {
        return Vec::new();
    };
    checks
        .iter()
        .filter(|c| !c.needs.iter().any(|n| n.met(first, last, arg.scanned)))
        .filter(|c| (c.run)(arg).is_some())
        .map(|c| c.name)
        .collect()
}

/// Every line of the test corpora's logs (`tests/data/*/logs`), to check needs on.
#[cfg(test)]
pub(super) fn corpus_lines() -> Vec<Vec<u8>> {
    let data = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    let mut lines = Vec::new();
    let Ok(sets) = std::fs::read_dir(&data) else {
        panic!("no test data at {}", data.display());
    };
    for set in sets.flatten() {
        let Ok(logs) = std::fs::read_dir(set.path().join("logs")) else {
            continue;
        };
        for log in logs.flatten() {
            if let Ok(text) = std::fs::read(log.path()) {
                lines.extend(text.split(|&b| b == b'\n').map(<[u8]>::to_vec));
            }
        }
    }
    lines
}

/// Lines made of the words, numbers, marks and locations the checks look for, in any order,
/// indented or not: where a need is wrong, some such line matches outside it.
#[cfg(test)]
pub(super) fn family_line() -> impl proptest::strategy::Strategy<Value = Vec<u8>> {
    use proptest::prelude::*;
    const WORDS: &[&str] = &[
        "error",
        "Error:",
        "ERROR",
        "warning:",
        "Warning",
        "FAILED",
        "failed",
        "FAIL",
        "PASS",
        "passed",
        "ok",
        "OK",
        "OK.",
        "not ok",
        "Because",
        "and because",
        "you",
        "should",
        "undefined",
        "column",
        "line",
        "at",
        "in",
        "from",
        "File",
        "Files checked:",
        "Rootkits",
        "Traceback",
        "Caused by:",
        "KeyError:",
        "UserWarning:",
        "Panic",
        "Fault",
        "Exception",
        "expected",
        "got:",
        "left:",
        "right:",
        "Summary",
        "Total",
        "TOTAL",
        "PROGRAM TOTALS",
        "REGRESSION",
        "broken",
        "timeout",
        "x",
        "a",
        "test_a",
        "main",
        "Plan:",
        "to add,",
        "0",
        "1",
        "3",
        "12",
        "500",
        "550-",
        "21/41",
        "3/4",
        "0x1f",
        "0x1255d84",
        "100.0%",
        "(100.0%)",
        "a.rs:3:5",
        "src/a.py:12:",
        "a.c:4:1-9:",
        "x.go:70:2:",
        "(a.c:12)",
        "(from project)",
        "line 4",
        "column 7",
        "==12==",
        "#1",
        "#",
        "--",
        "---",
        "+++",
        "->",
        "-->",
        "|",
        "| FAIL |",
        "||",
        "[R.]",
        "[RST,",
        "[1]",
        "(2)",
        ")",
        "(",
        "{",
        "}",
        ":",
        "::",
        ".",
        "...",
        "......",
        "!",
        "*",
        "**",
        "=======",
        "<<<<<<<",
        ">>>>>>>",
        "+",
        "'x'",
        "\"k\":",
        "✖",
        "❯",
        "›",
        "━━━━",
        "✓",
        "×",
        "❯❱",
        "—",
        "é",
        "L",
        "S",
        "K",
        "d",
        "D",
        "done",
        "Loaded",
        "Syntax",
        "help[x]:",
        "note:",
        "info",
        "Result:",
        "Verdict",
        "Origin:",
        "Found",
        "Path:",
        "Done",
        "DDD",
        "fn",
        "\t",
    ];
    let word = proptest::sample::select(WORDS);
    let glue = proptest::sample::select(&[" ", " ", "  ", "", ": ", ", ", "\t", "."][..]);
    (
        proptest::sample::select(&["", "", " ", "    ", "\t", "++"][..]),
        proptest::collection::vec((word, glue), 1..8),
        proptest::sample::select(&["", "", " ", ":", ".", ")", "0", "7", "L", "S"][..]),
    )
        .prop_map(|(indent, words, end)| {
            let mut line = indent.as_bytes().to_vec();
            for (i, (w, g)) in words.iter().enumerate() {
                if i > 0 {
                    line.extend_from_slice(g.as_bytes());
                }
                line.extend_from_slice(w.as_bytes());
            }
            line.extend_from_slice(end.as_bytes());
            line
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Kind;

    #[test]
    fn sets_hold_their_bytes() {
        let s = Bytes::of(b"ab").or(Bytes::DIGIT);
        assert!(s.has(b'a') && s.has(b'b') && s.has(b'7'));
        assert!(!s.has(b'c') && !s.has(0xE2));
        assert!(Bytes::ANY.has(0xFF) && !Bytes::NONE.has(0));
    }

    fn starts_x(l: &Line<'_>) -> Option<Signal> {
        (l.t.first() == Some(&b'x')).then_some(super::super::sig(Kind::Error, 0, false))
    }
    fn ends_y(l: &Line<'_>) -> Option<Signal> {
        (l.t.last() == Some(&b'y')).then_some(super::super::sig(Kind::Warning, 0, false))
    }

    static CHECKS: &[Check] = &[
        Check {
            name: "x",
            needs: &[Need::first(Bytes::of(b"x"))],
            run: starts_x,
        },
        Check {
            name: "y",
            needs: &[Need::last(Bytes::of(b"y")), Need::first(Bytes::of(b"q"))],
            run: ends_y,
        },
    ];
    static GATE: Gate = Gate::new(CHECKS);

    #[test]
    fn the_gate_runs_the_checks_in_order() {
        let line = |t: &'static [u8]| Line {
            line: t,
            t,
            scanned: false,
        };
        for t in [&b"x..y"[..], b"a..y", b"x..a", b"q..y", b"qa"] {
            assert_eq!(
                GATE.run(CHECKS, &line(t)),
                run_all(CHECKS, &line(t)),
                "{t:?}"
            );
            assert!(unmet(CHECKS, &line(t)).is_empty());
        }
        static WRONG: &[Check] = &[Check {
            name: "x",
            needs: &[Need::first(Bytes::of(b"a"))],
            run: starts_x,
        }];
        assert_eq!(unmet(WRONG, &line(b"x")), ["x"]);
        static SCANNED: &[Check] = &[Check {
            name: "y",
            needs: &[Need::ANY.scanned()],
            run: ends_y,
        }];
        static SCANNED_GATE: Gate = Gate::new(SCANNED);
        let scanned = Line {
            scanned: true,
            ..line(b"ay")
        };
        assert_eq!(SCANNED_GATE.run(SCANNED, &line(b"ay")), None);
        assert!(SCANNED_GATE.run(SCANNED, &scanned).is_some());
        assert_eq!(run_all(SCANNED, &line(b"ay")), None);
        assert_eq!(
            GATE.run(CHECKS, &line(b"x..y")).map(|s| s.kind),
            Some(Kind::Error)
        );
    }
}
