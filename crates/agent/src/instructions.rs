//! Project instructions: `AGENTS.md`, then `CLAUDE.md`, read from the workspace root once at
//! the start of a session and stored in its log (a `project_instructions` event), so a resumed
//! run puts the same bytes in its prompt even if the files changed since.

use std::io::Read;
use std::path::Path;

use loopwright_context::prompt::ProjectInstructions;
use loopwright_protocol::event::{Event, EventKind, InstructionsFile};

/// The files read, in prompt order.
pub const FILES: [&str; 2] = ["AGENTS.md", "CLAUDE.md"];

/// The most bytes of one file put in the prompt.
pub const MAX_BYTES: usize = 32 * 1024;

/// Reads the instruction files of `workspace` (missing or unreadable files are skipped; a
/// file larger than [`MAX_BYTES`] is cut on a line boundary with a note saying so).
pub fn read(workspace: &Path) -> Vec<InstructionsFile> {
    FILES
        .iter()
        .filter_map(|name| read_one(&workspace.join(name), name))
        .collect()
}

fn read_one(path: &Path, name: &str) -> Option<InstructionsFile> {
    if !path.is_file() {
        return None;
    }
    let file = std::fs::File::open(path).ok()?;
    let bytes = file.metadata().map(|m| m.len()).unwrap_or(0);
    let mut buf = Vec::new();
    file.take(MAX_BYTES as u64 + 1).read_to_end(&mut buf).ok()?;
    let text = if buf.len() > MAX_BYTES {
        buf.truncate(MAX_BYTES);
        let mut text = String::from_utf8_lossy(&buf).into_owned();
        // Drop a partial last line (and a char cut in half, shown as U+FFFD).
        if let Some(i) = text.rfind('\n') {
            text.truncate(i + 1);
        }
        text.push_str(&format!(
            "\n[{name} is {bytes} bytes; only the first {} bytes are shown here. Read the rest with read_file.]",
            text.len()
        ));
        text
    } else {
        String::from_utf8_lossy(&buf).into_owned()
    };
    Some(InstructionsFile {
        name: name.to_string(),
        text,
        bytes,
    })
}

/// The instructions stored in a session log, if they were read already.
pub fn from_events(events: &[Event]) -> Option<Vec<InstructionsFile>> {
    events.iter().find_map(|e| match &e.kind {
        EventKind::ProjectInstructions { files } => Some(files.clone()),
        _ => None,
    })
}

/// The files as the prompt prefix takes them.
pub fn for_prefix(files: &[InstructionsFile]) -> Vec<ProjectInstructions> {
    files
        .iter()
        .map(|f| ProjectInstructions {
            name: f.name.clone(),
            text: f.text.clone(),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn agents_first_and_large_files_are_cut_with_a_note() {
        let ws = tempfile::tempdir().unwrap();
        assert!(read(ws.path()).is_empty());
        std::fs::write(ws.path().join("CLAUDE.md"), "Use tabs.\n").unwrap();
        let big: String = (0..5000).map(|i| format!("line {i}\n")).collect();
        std::fs::write(ws.path().join("AGENTS.md"), &big).unwrap();
        let files = read(ws.path());
        assert_eq!(files.len(), 2);
        assert_eq!(files[0].name, "AGENTS.md");
        assert_eq!(files[0].bytes, big.len() as u64);
        assert!(files[0].text.len() < MAX_BYTES + 200);
        assert!(files[0].text.starts_with("line 0\nline 1\n"));
        let note = files[0].text.lines().last().unwrap();
        assert!(
            note.starts_with(&format!(
                "[AGENTS.md is {} bytes; only the first",
                big.len()
            )),
            "{note}"
        );
        assert_eq!(files[1].text, "Use tabs.\n");
    }
}
