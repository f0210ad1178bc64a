//! The line right above a crash or a failed exit says what the program was doing (issue 16, the
//! `wild24` set's tuning half): `--> Starting operation: Upload app4.conf` over a deploy tool's
//! `Traceback (most recent call last):`, and the last line a command printed over the `rc=4`
//! a script wrote after it. Neither the traceback's first line nor the status names the step.

/// Whether `line` is a non-zero exit status written as an unindented assignment: the line above it is
/// then the failed step (a traceback's is pulled by the compressor when no other pull is).
pub(super) fn ends_a_step(line: &[u8]) -> bool {
    crate::generic::runners::plain_faults::exit_assignments::shape(line).is_some()
}

/// Whether `line` opens a Python traceback.
pub(crate) fn opens_traceback(line: &[u8]) -> bool {
    line.trim_ascii_start()
        .starts_with(b"Traceback (most recent call last)")
}

#[cfg(test)]
mod tests {
    use crate::generic::failed_step;

    /// The line above a non-zero exit status is its step; above another error, or above a
    /// zero status, it is not; a traceback's first line is told.
    #[test]
    fn the_line_above_a_crash_or_a_failed_exit_is_its_step() {
        let above = b"--> Starting operation: Upload app4.conf ";
        assert!(super::opens_traceback(
            b"  Traceback (most recent call last):"
        ));
        assert!(failed_step(above, b"rc=1"));
        assert!(!failed_step(above, b"rc=0"));
        assert!(!failed_step(above, b"  rc=1"));
        assert!(!failed_step(above, b"error: no such file: app4.conf"));
    }
}
