//! Reading a user-given input file whole, bounded: `--ledger /dev/zero`, a FIFO or a huge file
//! fails with a clear error instead of growing memory without end.

use std::io::{self, Read};
use std::path::Path;

/// The most bytes read from one input file (ledgers, scripts, rule and config files).
pub const INPUT_CAP: u64 = 64 * 1024 * 1024;

/// The error of an input longer than `cap`: kind [`io::ErrorKind::FileTooLarge`], its text
/// names the cap.
pub fn too_large(cap: u64) -> io::Error {
    io::Error::new(
        io::ErrorKind::FileTooLarge,
        format!(
            "larger than the {} MiB an input file may have",
            cap.div_ceil(1024 * 1024)
        ),
    )
}

/// Reads `reader` to its end, at most `cap` bytes.
///
/// # Errors
/// A read error, or [`too_large`] past `cap` (nothing beyond `cap` + 1 bytes is read).
pub fn read_capped_from(reader: impl Read, cap: u64) -> io::Result<Vec<u8>> {
    let mut buf = Vec::new();
    reader.take(cap.saturating_add(1)).read_to_end(&mut buf)?;
    if buf.len() as u64 > cap {
        return Err(too_large(cap));
    }
    Ok(buf)
}

/// Reads the file at `path` whole, at most [`INPUT_CAP`] bytes (see [`read_capped_from`]).
///
/// # Errors
/// As [`std::fs::File::open`], or when reading fails or passes the cap.
pub fn read(path: &Path) -> io::Result<Vec<u8>> {
    read_capped_from(std::fs::File::open(path)?, INPUT_CAP)
}

/// [`read`] as UTF-8 text.
///
/// # Errors
/// As [`read`], or [`io::ErrorKind::InvalidData`] when the bytes are not UTF-8.
pub fn read_to_string(path: &Path) -> io::Result<String> {
    String::from_utf8(read(path)?).map_err(|_| {
        io::Error::new(
            io::ErrorKind::InvalidData,
            "stream did not contain valid UTF-8",
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_endless_input_stops_at_the_cap() {
        let err = read_capped_from(io::repeat(0), 1024).unwrap_err();
        assert_eq!(err.kind(), io::ErrorKind::FileTooLarge);
        assert_eq!(
            err.to_string(),
            "larger than the 1 MiB an input file may have"
        );
        assert_eq!(read_capped_from(&b"abc"[..], 3).unwrap(), b"abc");
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn dev_zero_is_refused() {
        let err = read(Path::new("/dev/zero")).unwrap_err();
        assert_eq!(err.kind(), io::ErrorKind::FileTooLarge);
    }

    #[test]
    fn text_must_be_utf8() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("x");
        std::fs::write(&p, [0xff, 0xfe]).unwrap();
        assert_eq!(
            read_to_string(&p).unwrap_err().kind(),
            io::ErrorKind::InvalidData
        );
    }
}
