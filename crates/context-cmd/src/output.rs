//! Writing results the way the reference prints them: one write per output with a trailing
//! newline, lone surrogates as U+FFFD in text and `\udxxx` in JSON, errors as one stderr line.

use std::io::Write;
use std::process::ExitCode;

use loopwright_protocol::json::{self, Value, display_text};

/// Standard output.
pub struct Out;

impl Out {
    /// Prints `text` and a newline.
    pub fn text(text: &str) {
        write_stdout(&format!("{}\n", display_text(text)));
    }

    /// Prints `value` as two-space-indented JSON and a newline.
    pub fn json(value: &Value) {
        let mut s = json::to_string_pretty(value);
        s.push('\n');
        write_stdout(&s);
    }
}

fn write_stdout(s: &str) {
    let mut out = std::io::stdout().lock();
    // A closed pipe (`| head`) is not an error worth a crash or a message.
    let _ = out.write_all(s.as_bytes()).and_then(|()| out.flush());
}

/// Prints `loop-context failed: <msg>` on stderr and returns exit code 1.
pub fn fail(msg: &str) -> ExitCode {
    let one_line = display_text(msg).replace('\n', " ");
    eprintln!("loop-context failed: {one_line}");
    ExitCode::from(1)
}
