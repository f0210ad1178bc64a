//! The first frame of a JavaScript or Java stack is where the exception was thrown, in the
//! project's code or a library's (`    at createTSError (/app/node_modules/ts-node/src/index.ts:
//! 859:12)` under a compiler's error, a blank line and a note between them): kept even where
//! the generic core folds library frames. The frames under it fold as before; a first frame
//! said again word for word (one stack printed per request) folds by its text beyond the
//! group limit. A stack printed under its message starts after that flush-left line or a
//! blank one; frames under an indented line (`   java.lang.Thread.State: WAITING`) are a
//! thread dump's list of where each thread stands, not a throw.

use super::hits::Hit;
use super::{Compressor, Kind};
use crate::generic::frames::called_at;
use crate::rules::Cont;

/// Keys first frames apart from other groups of the same text.
const FIRST_FRAME_SALT: u64 = 0x6a0f_3d52_c91e_47b8;

/// Groups counted at most before a first frame of a text not seen yet is no longer kept: the
/// count is taken before the budget of a long output folds the line, so without a bound a
/// stream of distinct stacks would grow the table without end.
const GROUPS_BOUND: usize = 1 << 16;

impl Compressor<'_> {
    /// `hit` for `line`, or a frame's when `line` is a called frame (`at f (a.js:3:5)`) right
    /// after a blank or flush-left line.
    #[inline]
    pub(super) fn first_frame(&mut self, hit: Option<Hit>, line: &[u8]) -> Option<Hit> {
        let t = line.trim_ascii_start();
        let at = t.starts_with(b"at ");
        let flush = !at && (t.is_empty() || t.len() == line.len());
        let after_flush = std::mem::replace(&mut self.after_flush, flush);
        if hit.is_some() || !at || !after_flush || !called_at(t) {
            return hit;
        }
        // Counted here, not by the group fold: a frame under an exception's line is kept as
        // that line's context, which no group limit folds.
        let key = crate::normalize::hash_bytes(t) ^ FIRST_FRAME_SALT;
        if self.groups.len() >= GROUPS_BOUND && !self.groups.contains_key(&key) {
            return hit;
        }
        let seen = self.groups.entry(key).or_insert(0);
        *seen += 1;
        (*seen <= self.opts.group_limit as u64).then_some(Hit {
            kind: Kind::Frame,
            after: 0,
            cont: Cont::Indented,
            before: 0,
            group: None,
            coded: false,
            generic: true,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::GROUPS_BOUND;

    /// A stream of distinct stacks does not grow the group table past its bound.
    #[test]
    fn distinct_first_frames_do_not_grow_the_groups_without_end() {
        let opts = crate::CompressOptions::default();
        let mut c = super::Compressor::new(&opts);
        for i in 0..GROUPS_BOUND + 4_000 {
            c.push(format!("\n    at f{i} (/app/node_modules/x/a.js:{i}:1)\n").as_bytes());
        }
        assert!(c.groups.len() <= GROUPS_BOUND, "{}", c.groups.len());
    }

    fn run(text: &str) -> String {
        crate::compress(text.as_bytes(), &crate::CompressOptions::default()).text
    }

    /// A library's frame that threw is kept, the frames under it fold; a Rust backtrace's
    /// `at` lines, each after its numbered symbol, are no first frames.
    #[test]
    fn the_frame_that_threw_is_kept_in_a_library_or_not() {
        let mut log = String::new();
        for i in 0..40 {
            log.push_str(&format!("compiled module {i} of the bundle\n"));
        }
        log.push_str("TSError: Unable to compile TypeScript:\n");
        log.push_str("crash.ts(7,7): error TS2322: Type 'x' is not assignable to type 'y'.\n\n");
        for (f, n) in [
            ("createTSError", 859),
            ("reportTSError", 863),
            ("getOutput", 1077),
        ] {
            log.push_str(&format!(
                "    at {f} (/app/node_modules/ts-node/src/index.ts:{n}:12)\n"
            ));
        }
        for i in 0..12 {
            log.push_str(&format!("  {i}: std::rt::lang_start_internal_{i}\n"));
            log.push_str(&format!(
                "             at /rustc/1f2e/library/std/src/rt.rs:{i}:5\n"
            ));
        }
        for _ in 0..8 {
            log.push_str("RangeError: offset out of range\nwhile reading a record:\n");
            log.push_str("    at readUInt8 (/app/node_modules/buf/index.js:12:9)\n");
            log.push_str("    at parse (/app/node_modules/buf/index.js:40:3)\n");
        }
        log.push_str("\"worker-1\" #12 prio=5 waiting on condition\n");
        log.push_str("   java.lang.Thread.State: WAITING (parking)\n");
        log.push_str("\tat jdk.internal.misc.Unsafe.park(java.base@17/Unsafe.java:211)\n");
        for i in 40..80 {
            log.push_str(&format!("compiled module {i} of the bundle\n"));
        }
        let out = run(&log);
        assert!(out.contains("at createTSError ("), "{out}");
        assert!(!out.contains("at getOutput ("), "{out}");
        assert!(!out.contains("library/std/src/rt.rs:7:5"), "{out}");
        assert_eq!(out.matches("at readUInt8 (").count(), 5, "{out}");
        assert!(!out.contains("Unsafe.park"), "{out}");
    }
}
