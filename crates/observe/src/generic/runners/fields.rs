//! The fields of a finding printed as a record rather than a message (issue 16, the `wild20`
//! set's held-out half, secret scanners): a labelled reason (`Reason: High Entropy`, `RuleID:
//! aws-access-token`) says what was found and a labelled path (`Filepath: conf/svc06.ini`) where;
//! in a JSON report, the keys that place a finding (`"filename": "conf/svc06.ini",`,
//! `"line_number": 5`). Nothing else in such a record (dates, hashes, the secret's diff) marks
//! it, and a run of such records otherwise folds whole.

use crate::generic::{Signal, sig};
use crate::rules::Kind;

/// Labels of a record's line that names what was found.
const FOUND: &[&[u8]] = &[b"Reason: ", b"RuleID: ", b"Rule ID: ", b"Detector Type: "];

/// Labels of a record's line that names the file a finding is in.
const PATH: &[&[u8]] = &[b"Filepath: ", b"File path: ", b"FilePath: "];

/// JSON keys that place a finding: its file and its line.
const KEYS: &[&[u8]] = &[
    b"\"filename\": \"",
    b"\"file_path\": \"",
    b"\"filepath\": \"",
    b"\"line_number\": ",
    b"\"lineNumber\": ",
    b"\"start_line\": ",
];

/// A finding's labelled reason (a warning), its labelled path or a JSON key placing it (a
/// location). `t` is the line without its indentation.
pub(super) fn shape(t: &[u8]) -> Option<Signal> {
    match t.first()? {
        b'R' | b'D' if FOUND.iter().any(|l| value_after(t, l)) => {
            Some(sig(Kind::Warning, 0, false))
        }
        b'F' if PATH.iter().any(|l| value_after(t, l)) => Some(sig(Kind::Location, 0, false)),
        b'"' if KEYS.iter().any(|k| value_after(t, k)) => Some(sig(Kind::Location, 0, false)),
        _ => None,
    }
}

/// Whether `t` starts with `label` and a value follows it.
fn value_after(t: &[u8], label: &[u8]) -> bool {
    t.len() > label.len() && t.starts_with(label) && !t[label.len()].is_ascii_whitespace()
}

#[cfg(test)]
mod tests {
    use crate::generic::tests::kind;
    use crate::rules::Kind;

    /// A record's reason and path, and a JSON report's placing keys, are kept; other labels
    /// and keys are not.
    #[test]
    fn fields_of_a_finding_printed_as_a_record() {
        assert_eq!(kind("Reason: High Entropy"), Some(Kind::Warning));
        assert_eq!(kind("RuleID: generic-api-key"), Some(Kind::Warning));
        assert_eq!(kind("Filepath: conf/app.ini"), Some(Kind::Location));
        assert_eq!(
            kind("        \"filename\": \"conf/app.ini\","),
            Some(Kind::Location)
        );
        assert_eq!(kind("        \"line_number\": 12"), Some(Kind::Location));
        assert_eq!(kind("Date: 2026-12-07 04:14:11"), None);
        assert_eq!(kind("Hash: a4750d1902600f0d7adaf4bc885d2223a33715fc"), None);
        assert_eq!(
            kind("        \"hashed_secret\": \"aa346451ccaa8d18e75dfe733a010ac1549673f1\","),
            None
        );
        assert_eq!(kind("Reason:"), None);
    }
}
