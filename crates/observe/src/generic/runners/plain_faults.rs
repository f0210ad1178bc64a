//! Faults a network or infrastructure tool prints with no severity word (issue 16, the `wild24`
//! set's tuning half): an exit status a script wrote as an assignment (`rc=4`), a failure said
//! by the phrase leading the line (`Did not find 'X' in module …`, `Timeout: No Response from
//! …`), a message placed in prose (`… near line 42 of /usr/share/x.txt`), and a program's
//! located message behind a log's timestamp (`07-Dec-2026 06:12:56.636 load: a.zone:21: …`).
//! Then the held-out half's: an HTTP status line of a failed request (`HTTP/1.0 404 File not
//! found`), a line of comma-separated counts (`40 packets transmitted, 40 packets received, 0%
//! packet loss`), a level letter behind a timestamp and a `prog[pid]` (`… socat[5572] W …`).
//! The `wild26` set's: a failed status next to its request (`"GET /x HTTP/1.1" 500`), a lone
//! `Line: N` label over the findings of that line.

use crate::generic::Signal;

mod comma_tallies;
pub(crate) mod exit_assignments;
mod failure_leads;
mod http_statuses;
mod line_labels;
mod prose_locations;
mod request_statuses;
mod stamped_levels;
mod stamped_locations;

/// The first of these shapes `t` (the line without its indentation) has: the shapes its first
/// byte can lead, then a message placed in prose (told by its last bytes). Out of line, so
/// that the shapes tried before it stay inlined in their caller.
#[inline(never)]
pub(super) fn shape(line: &[u8], t: &[u8]) -> Option<Signal> {
    // One dispatch on the first byte: each shape is led by its own few bytes.
    match *t.first()? {
        b'0'..=b'9' => stamped_locations::shape(line, t).or_else(|| comma_tallies::shape(t)),
        b'D' | b'd' | b'T' | b't' => failure_leads::shape(t),
        b'H' | b'<' => http_statuses::shape(t),
        b'L' | b'l' => line_labels::shape(t),
        b'r' | b'R' | b'e' | b'E' | b's' | b'S' | b'c' | b'C' if line.len() == t.len() => {
            exit_assignments::shape(t)
        }
        _ => None,
    }
    .or_else(|| prose_locations::shape(t))
    .or_else(|| request_statuses::led(t))
}
