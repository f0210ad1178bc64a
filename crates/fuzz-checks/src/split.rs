//! Turning fuzz bytes into a payload plus chunk boundaries, so one input also tests how a
//! streaming parser copes with being fed in pieces.

/// Splits `data` into `(cuts, payload)`: the first byte says how many of the following bytes
/// are chunk lengths (at most 15); the rest is the payload.
pub fn cuts_and_payload(data: &[u8]) -> (Vec<usize>, &[u8]) {
    let Some((&head, rest)) = data.split_first() else {
        return (Vec::new(), data);
    };
    let n = usize::from(head & 0x0f).min(rest.len());
    let (lens, payload) = rest.split_at(n);
    (lens.iter().map(|&b| usize::from(b)).collect(), payload)
}

/// The payload cut into consecutive chunks of the given lengths (the rest is the last chunk).
pub fn chunks<'a>(payload: &'a [u8], lens: &[usize]) -> Vec<&'a [u8]> {
    let mut out = Vec::new();
    let mut rest = payload;
    for &len in lens {
        let (a, b) = rest.split_at(len.min(rest.len()));
        out.push(a);
        rest = b;
    }
    out.push(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chunks_cover_the_payload_in_order() {
        let (cuts, payload) = cuts_and_payload(&[2, 1, 3, b'a', b'b', b'c', b'd', b'e']);
        assert_eq!(cuts, vec![1, 3]);
        assert_eq!(chunks(payload, &cuts), vec![&b"a"[..], b"bcd", b"e"]);
        assert_eq!(cuts_and_payload(&[]).0, Vec::<usize>::new());
    }
}
