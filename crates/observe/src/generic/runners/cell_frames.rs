//! A notebook kernel's traceback frames (issue 16, the `wild18` set's held-out half): the cell
//! a frame is in (`Cell In[18], line 2`, `Input In [7], in <cell line: 3>()`) and the arrow
//! that points at the line that raised (`----> 2 mean = sum(xs) / len(xs)`).

use crate::generic::{Signal, sig};
use crate::rules::Kind;

/// A frame when `t` (the line without its indentation) is either shape. Told by the first
/// byte first: most lines start otherwise.
#[inline]
pub(super) fn shape(t: &[u8]) -> Option<Signal> {
    let frame = match t.first()? {
        b'C' | b'I' => cell(t),
        b'-' => arrow(t),
        _ => false,
    };
    frame.then(|| sig(Kind::Frame, 0, false))
}

/// `Cell In[18], line 2` or `Input In [7], in <cell line: 3>()`.
fn cell(t: &[u8]) -> bool {
    let Some(rest) = t
        .strip_prefix(b"Cell In[")
        .or_else(|| t.strip_prefix(b"Input In ["))
    else {
        return false;
    };
    let n = rest.iter().take_while(|b| b.is_ascii_digit()).count();
    n > 0 && (rest[n..].starts_with(b"], line ") || rest[n..].starts_with(b"], in "))
}

/// `----> 2 code`: two or more dashes, `>`, a blank, a line number and a blank.
fn arrow(t: &[u8]) -> bool {
    let dashes = t.iter().take_while(|&&b| b == b'-').count();
    let Some(rest) = t[dashes..].strip_prefix(b"> ") else {
        return false;
    };
    let rest = rest.trim_ascii_start();
    let n = rest.iter().take_while(|b| b.is_ascii_digit()).count();
    dashes >= 2 && n > 0 && rest.get(n) == Some(&b' ')
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kept(line: &str) -> bool {
        shape(line.trim_ascii_start().as_bytes()).is_some()
    }

    #[test]
    fn cells_and_arrows_of_a_kernel_traceback() {
        assert!(kept("Cell In[18], line 2"));
        assert!(kept("Input In [7], in <cell line: 3>()"));
        assert!(kept("----> 2 mean = sum(empty) / len(empty)"));
        assert!(kept("---->  12     raise ValueError(x)"));
    }

    #[test]
    fn rules_and_prompts_are_not_frames() {
        assert!(!kept("-----> Building app"));
        assert!(!kept("----------"));
        assert!(!kept("Cell In progress"));
        assert!(!kept("-> 2 items"));
    }
}
