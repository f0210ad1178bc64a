//! A test's result line split by the test's own output (`cargo test -- --nocapture`, a Python
//! test that prints): `test tests::sums ... ` (or `... summing three values`), then what the
//! test printed, then, lines later, a bare `FAILED`. The verdict alone names no test: when it is
//! kept, the line that started the test is shown too, taken out of the fold that holds it.

use super::hits::Hit;
use super::{Compressor, Item};

/// The longest started line remembered, in bytes.
const STARTED_BYTES: usize = 4096;

/// Lines a bare verdict may come after the line that started its test.
const REACH: u64 = 2_000;

/// The dots between a test's name and its verdict, searched for once built.
static DOTS: std::sync::LazyLock<memchr::memmem::Finder<'static>> =
    std::sync::LazyLock::new(|| memchr::memmem::Finder::new(b" ..."));

/// The test started and not yet closed, and the one whose verdict was kept.
#[derive(Debug, Default)]
pub(super) struct SplitResults {
    /// The last `test x ... ` line with no verdict after its dots (number, text).
    started: Option<(u64, Vec<u8>)>,
    /// The started line to show once the verdict at the third number is seen kept.
    pending: Option<(u64, Vec<u8>, u64)>,
}

impl Compressor<'_> {
    /// `hit` for line `no`, after noting a test started with no verdict on its line, or a bare
    /// failed verdict that closes it (see the module's doc).
    #[inline]
    pub(super) fn split_result(&mut self, hit: Option<Hit>, no: u64, line: &[u8]) -> Option<Hit> {
        if self.split.pending.is_none()
            && self.split.started.is_none()
            && !line.starts_with(b"test")
        {
            return hit;
        }
        self.read_split_result(hit, no, line)
    }

    /// [`Self::split_result`] past its first tests.
    #[inline(never)]
    fn read_split_result(&mut self, hit: Option<Hit>, no: u64, line: &[u8]) -> Option<Hit> {
        if let Some((at, text, by)) = self.split.pending.take() {
            let kept = matches!(self.out.last(), Some(Item::Line { no, repeat, .. }) if *no <= by && by < *no + *repeat);
            if kept {
                self.unfold(at, text, "record");
            }
        }
        if line.starts_with(b"test") {
            if let Some(open) = dangling(line) {
                self.split.started =
                    open.then(|| (no, line[..line.len().min(STARTED_BYTES)].to_vec()));
            }
            return hit;
        }
        if let Some(failed) = bare_verdict(line)
            && let Some((at, text)) = self.split.started.take()
            && failed
            && hit.is_some()
            && no - at <= REACH
        {
            self.split.pending = Some((at, text, no));
        }
        hit
    }
}

/// For a line `test x ... rest`: `Some(true)` when `rest` is no verdict (the test's output
/// began on its line, or nothing followed the dots), `Some(false)` when it is one; `None` for
/// another line.
fn dangling(line: &[u8]) -> Option<bool> {
    let at = DOTS.find(line)?;
    let rest = line[at + 4..].trim_ascii();
    Some(!(verdict(rest).is_some() || rest.starts_with(b"bench:")))
}

/// Whether `line`, alone, is a verdict: `Some(true)` for a failed one.
fn bare_verdict(line: &[u8]) -> Option<bool> {
    verdict(line.trim_ascii())
}

/// `ok`, `ignored`, `skipped`, `FAILED`, `FAIL`, `ERROR` (the words of cargo's and Python's test
/// lines): `Some(true)` for a failure.
fn verdict(w: &[u8]) -> Option<bool> {
    match w {
        b"FAILED" | b"FAIL" | b"ERROR" => Some(true),
        b"ok" | b"ignored" | b"skipped" => Some(false),
        _ if w.starts_with(b"ignored,") || w.starts_with(b"skipped ") => Some(false),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_result_line_is_open_until_its_verdict() {
        assert_eq!(dangling(b"test tests::sums ... "), Some(true));
        assert_eq!(
            dangling(b"test tests::sums ... summing three values"),
            Some(true)
        );
        assert_eq!(dangling(b"test tests::sums ... ok"), Some(false));
        assert_eq!(dangling(b"test_add (t.T.test_add) ... FAIL"), Some(false));
        assert_eq!(
            dangling(b"test tests::slow ... ignored, too slow"),
            Some(false)
        );
        assert_eq!(
            dangling(b"test bench_x ... bench:  12 ns/iter (+/- 1)"),
            Some(false)
        );
        assert_eq!(dangling(b"testing the waters"), None);
        assert_eq!(bare_verdict(b"FAILED"), Some(true));
        assert_eq!(bare_verdict(b"ok"), Some(false));
        assert_eq!(bare_verdict(b"FAILED: 3 tests"), None);
    }

    fn run(text: &str) -> String {
        crate::compress(text.as_bytes(), &crate::CompressOptions::default()).text
    }

    /// The test whose output split its result line is named above its `FAILED`, even when its
    /// started line has the template of many passing tests' started lines (so it would fold).
    #[test]
    fn a_bare_failed_verdict_shows_the_line_that_started_its_test() {
        let mut log = String::from("running 61 tests\n");
        let passing = |log: &mut String, range: std::ops::Range<u32>| {
            for i in range {
                log.push_str(&format!("test tests::case_{i} ... \nvalue is {i}\nok\n"));
            }
        };
        passing(&mut log, 0..30);
        log.push_str("test tests::case_30 ... \nvalue is 30\nFAILED\n");
        passing(&mut log, 31..61);
        log.push_str("\ntest result: FAILED. 60 passed; 1 failed\n");
        let out = run(&log);
        assert!(out.contains("test tests::case_30 ... \n"), "{out}");
        assert!(out.contains("FAILED\n"), "{out}");
        assert!(!out.contains("test tests::case_20 ... \n"), "{out}");
    }
}
