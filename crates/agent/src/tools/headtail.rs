//! A bounded buffer keeping the first and last bytes of a stream.

use std::collections::VecDeque;

/// Keeps at most `head` leading bytes and `tail` trailing bytes of everything pushed, and
/// counts the total, so a command can print gigabytes without the harness holding them.
#[derive(Debug, Clone)]
pub struct HeadTail {
    head_cap: usize,
    tail_cap: usize,
    head: Vec<u8>,
    tail: VecDeque<u8>,
    total: u64,
}

impl HeadTail {
    /// A buffer keeping `head` + `tail` bytes at most.
    pub fn new(head: usize, tail: usize) -> Self {
        HeadTail {
            head_cap: head,
            tail_cap: tail,
            head: Vec::new(),
            tail: VecDeque::new(),
            total: 0,
        }
    }

    /// Appends bytes.
    pub fn push(&mut self, mut bytes: &[u8]) {
        self.total += bytes.len() as u64;
        let room = self.head_cap.saturating_sub(self.head.len());
        let take = room.min(bytes.len());
        self.head.extend_from_slice(&bytes[..take]);
        bytes = &bytes[take..];
        if bytes.len() >= self.tail_cap {
            self.tail.clear();
            self.tail.extend(&bytes[bytes.len() - self.tail_cap..]);
        } else {
            let overflow = (self.tail.len() + bytes.len()).saturating_sub(self.tail_cap);
            self.tail.drain(..overflow);
            self.tail.extend(bytes);
        }
    }

    /// Total bytes pushed.
    pub fn total(&self) -> u64 {
        self.total
    }

    /// True when bytes between head and tail were dropped.
    pub fn is_cut(&self) -> bool {
        self.total > (self.head.len() + self.tail.len()) as u64
    }

    /// The kept text (lossy UTF-8); when cut, `marker(omitted_bytes)` sits between head and tail.
    pub fn text(&self, marker: impl FnOnce(u64) -> String) -> String {
        let head = String::from_utf8_lossy(&self.head);
        let tail: Vec<u8> = self.tail.iter().copied().collect();
        let tail = String::from_utf8_lossy(&tail);
        if self.is_cut() {
            let omitted = self.total - (self.head.len() + self.tail.len()) as u64;
            format!("{head}{}{tail}", marker(omitted))
        } else {
            format!("{head}{tail}")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_everything_when_small() {
        let mut b = HeadTail::new(4, 4);
        b.push(b"abc");
        b.push(b"def");
        assert!(!b.is_cut());
        assert_eq!(b.text(|_| "|".into()), "abcdef");
    }

    #[test]
    fn keeps_head_and_tail_of_a_long_stream() {
        let mut b = HeadTail::new(3, 3);
        for chunk in [&b"01"[..], b"2345", b"6", b"789"] {
            b.push(chunk);
        }
        assert_eq!(b.total(), 10);
        assert_eq!(b.text(|n| format!("[{n}]")), "012[4]789");
    }
}
