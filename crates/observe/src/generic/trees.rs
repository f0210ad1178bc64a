//! Tree listings (`cargo tree -d`, `npm ls`, `tree`): each tree hangs under an unindented root
//! line, and a listing of several trees is told by its roots (`base64 v0.22.1`, `base64
//! v0.23.1`: the duplicated versions). The branch lines fold; the root of each tree is kept
//! (issue 16, the `wild10` set).

/// A branch of a tree's first level: `├── x`, `└── x`, or the ASCII `|-- x`, `` `-- x``.
pub(crate) fn first_branch(line: &[u8]) -> bool {
    line.starts_with("├".as_bytes())
        || line.starts_with("└".as_bytes())
        || line.starts_with(b"|-- ")
        || line.starts_with(b"`-- ")
}

/// The line a first branch hangs from: unindented, not itself a branch or a tree's bar, not
/// blank, short.
pub(crate) fn root(line: &[u8]) -> bool {
    line.first().is_some_and(|b| !b.is_ascii_whitespace())
        && line.len() <= 200
        && !first_branch(line)
        && !line.starts_with("│".as_bytes())
        && !line.starts_with(b"| ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn roots_and_first_branches() {
        assert!(first_branch("├── postgres-protocol v0.6.12".as_bytes()));
        assert!(first_branch("└── tiktoken-rs v0.12.1".as_bytes()));
        assert!(first_branch(b"`-- lib"));
        assert!(!first_branch("│   ├── postgres-types v0.2.14".as_bytes()));
        assert!(root(b"base64 v0.23.1"));
        assert!(root(b"proj@1.0.0 /work/proj"));
        assert!(!root("│   └── x".as_bytes()));
        assert!(!root(b"    [dev-dependencies]"));
        assert!(!root(b""));
    }
}
