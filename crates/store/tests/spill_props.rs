//! The spill file named by a pointer gives back the input byte for byte, whole or in ranges.

#![allow(clippy::unwrap_used)] // test helpers outside #[test] functions

use std::io::Write;
use std::path::PathBuf;

use loopwright_store::spill::{Range, SpillStore, read_range};
use proptest::prelude::*;

/// The path a pointer names (`[full output: PATH (N bytes, M lines); ...`).
fn path_from_pointer(pointer: &str) -> PathBuf {
    let rest = pointer.strip_prefix("[full output: ").unwrap();
    PathBuf::from(&rest[..rest.rfind(" (").unwrap()])
}

fn read(path: &std::path::Path, range: Range) -> Vec<u8> {
    let mut v = Vec::new();
    read_range(path, range, &mut v).unwrap();
    v
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn pointer_reconstructs_input(input in proptest::collection::vec(prop_oneof![Just(b'\n'), any::<u8>()], 0..5000),
                                  chunk in 1usize..700, split in 0u64..60) {
        let dir = tempfile::tempdir().unwrap();
        let store = SpillStore::new(dir.path().join("spill dir"));
        let mut w = store.writer().unwrap();
        for part in input.chunks(chunk) {
            w.write_all(part).unwrap();
        }
        let file = w.commit().unwrap();
        let shown = file.path.display().to_string();
        let pointer = loopwright_observe::Pointer { path: &shown, bytes: file.bytes, lines: file.lines }.render();
        let path = path_from_pointer(&pointer);
        prop_assert_eq!(&path, &file.path);
        let size = format!("({} bytes, {} lines)", input.len(), file.lines);
        prop_assert!(pointer.contains(&size));
        prop_assert_eq!(read(&path, Range::Bytes(None, None)), input.clone());
        // Any split into two line ranges or two byte ranges gives the input back.
        let mut joined = read(&path, Range::Lines(None, Some(split)));
        joined.extend(read(&path, Range::Lines(Some(split + 1), None)));
        prop_assert_eq!(&joined, &input);
        let b = split * 37 % (input.len() as u64 + 1);
        let mut joined = read(&path, Range::Bytes(None, Some(b)));
        joined.extend(read(&path, Range::Bytes(Some(b), None)));
        prop_assert_eq!(&joined, &input);
        let newlines = input.iter().filter(|&&c| c == b'\n').count() as u64;
        let expected_lines = if input.last().is_none_or(|&c| c == b'\n') { newlines } else { newlines + 1 };
        prop_assert_eq!(file.lines, expected_lines);
    }
}
