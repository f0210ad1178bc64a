//! The terminal approver of `loop run`: a question on stderr, the answer read from stdin.

use std::io::{BufRead, Write};

use loopwright_agent::gate::{Approval, Approver};
use loopwright_agent::tools::describe_call;
use loopwright_protocol::tool::ToolCall;

/// Asks on the terminal: allow once, always (this run), or deny.
pub(crate) struct TerminalApprover;

impl Approver for TerminalApprover {
    fn approve(&mut self, call: &ToolCall, reason: &str) -> Approval {
        eprint!(
            "\n? {}\n  policy: {reason}\n  allow [o]nce, [a]lways this run, or [d]eny (default)? ",
            describe_call(call)
        );
        let _ = std::io::stderr().flush();
        let mut line = String::new();
        if std::io::stdin().lock().read_line(&mut line).is_err() {
            return Approval::Deny;
        }
        match line.trim().to_ascii_lowercase().as_str() {
            "o" | "once" | "y" | "yes" => Approval::Once,
            "a" | "always" => Approval::Always,
            _ => Approval::Deny,
        }
    }
}
