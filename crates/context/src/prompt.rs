//! Prompt assembly: a byte-stable prefix, the history, then a small dynamic tail.
//!
//! The prefix (system prompt, project instructions, tool schemas) is identical at every step so a
//! provider's prompt cache can serve it; everything that changes each step lives in the tail,
//! after the history, where it invalidates nothing before it.

use loopwright_protocol::message::{Message, ModelRequest, Role};
use loopwright_protocol::tool::ToolSpec;
use serde::{Deserialize, Serialize};

use crate::tokens::TokenCounter;

/// A project instructions file (`AGENTS.md`, `CLAUDE.md`), passed in as text by the caller.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ProjectInstructions {
    /// File name as shown to the model, e.g. `AGENTS.md`.
    pub name: String,
    /// The file's text.
    pub text: String,
}

/// The stable part of every request.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Prefix {
    /// The harness system prompt.
    pub system: String,
    /// Project instructions, in the order given.
    pub instructions: Vec<ProjectInstructions>,
    /// Tool schemas.
    pub tools: Vec<ToolSpec>,
}

impl Prefix {
    /// The system text sent to the model: the system prompt, then each instructions file.
    pub fn system_text(&self) -> String {
        let mut s = self.system.clone();
        for i in &self.instructions {
            let text = i.text.trim_end();
            if text.is_empty() {
                continue;
            }
            s.push_str(&format!(
                "\n\n# Project instructions ({})\n\n{text}",
                i.name
            ));
        }
        s
    }
}

/// One todo item, as shown in the tail.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TodoItem {
    /// What to do.
    pub text: String,
    /// `pending`, `in_progress` or `done`.
    pub status: String,
}

/// The dynamic tail: what changes every step (budget state and the todo list).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Tail {
    /// The step about to run (1-based).
    pub step: u64,
    /// Step budget.
    pub max_steps: u64,
    /// Tokens used so far.
    pub tokens_used: u64,
    /// Token budget, when set.
    pub max_tokens: Option<u64>,
    /// Cost so far in USD, when known.
    pub cost_usd: Option<f64>,
    /// Cost budget in USD, when set.
    pub max_cost_usd: Option<f64>,
    /// The todo list.
    pub todo: Vec<TodoItem>,
}

impl Tail {
    /// The tail as the text of one user message.
    pub fn render(&self) -> String {
        let mut s = format!("[loop] step {} of {}", self.step, self.max_steps);
        match self.max_tokens {
            Some(m) => s.push_str(&format!(
                "; tokens used {} of {m} ({} left)",
                self.tokens_used,
                m.saturating_sub(self.tokens_used)
            )),
            None => s.push_str(&format!("; tokens used {}", self.tokens_used)),
        }
        match (self.cost_usd, self.max_cost_usd) {
            (Some(c), Some(m)) => s.push_str(&format!("; cost ${c:.2} of ${m:.2}")),
            (Some(c), None) => s.push_str(&format!("; cost ${c:.2}")),
            (None, Some(m)) => s.push_str(&format!("; cost budget ${m:.2}")),
            (None, None) => {}
        }
        if self.todo.is_empty() {
            s.push_str("\nTodo list: empty");
        } else {
            s.push_str("\nTodo list:");
            for item in &self.todo {
                let mark = match item.status.as_str() {
                    "done" => "[x]",
                    "in_progress" => "[~]",
                    _ => "[ ]",
                };
                s.push_str(&format!("\n{mark} {}", item.text));
            }
        }
        s
    }
}

/// Builds the request: stable prefix, the (condensed) history, then the tail when given.
pub fn assemble(prefix: &Prefix, history: Vec<Message>, tail: Option<&Tail>) -> ModelRequest {
    let mut messages = history;
    if let Some(t) = tail {
        messages.push(Message::text(Role::User, t.render()));
    }
    ModelRequest {
        system: prefix.system_text(),
        tools: prefix.tools.clone(),
        messages,
    }
}

/// Tokens at the start of `next` that repeat `prev` exactly (what a prompt cache can serve),
/// compared message by message after an identical system prompt and tool list.
pub fn shared_prefix_tokens(
    prev: &ModelRequest,
    next: &ModelRequest,
    counter: &TokenCounter,
) -> u64 {
    if prev.system != next.system || prev.tools != next.tools {
        return 0;
    }
    let mut n = counter.prefix(next);
    for (a, b) in prev.messages.iter().zip(&next.messages) {
        if a != b {
            break;
        }
        n += counter.message(b);
    }
    n
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tokens::Tokenizer;

    fn prefix() -> Prefix {
        Prefix {
            system: "sys".into(),
            instructions: vec![ProjectInstructions {
                name: "AGENTS.md".into(),
                text: "Run cargo test.\n".into(),
            }],
            tools: vec![],
        }
    }

    #[test]
    fn system_text_appends_instructions() {
        assert_eq!(
            prefix().system_text(),
            "sys\n\n# Project instructions (AGENTS.md)\n\nRun cargo test."
        );
    }

    #[test]
    fn tail_is_last_and_prefix_is_shared() {
        let c = TokenCounter::new(Tokenizer::Estimate);
        let h = vec![Message::text(Role::User, "task")];
        let t1 = Tail {
            step: 1,
            max_steps: 5,
            ..Tail::default()
        };
        let t2 = Tail {
            step: 2,
            ..t1.clone()
        };
        let a = assemble(&prefix(), h.clone(), Some(&t1));
        let b = assemble(&prefix(), h, Some(&t2));
        assert_eq!(a.messages.len(), 2);
        let shared = shared_prefix_tokens(&a, &b, &c);
        assert_eq!(shared, c.prefix(&b) + c.message(&b.messages[0]));
        assert!(shared < c.request(&b));
    }

    #[test]
    fn tail_renders_budget_and_todo() {
        let t = Tail {
            step: 3,
            max_steps: 40,
            tokens_used: 1200,
            max_tokens: Some(10000),
            cost_usd: Some(0.5),
            max_cost_usd: Some(3.0),
            todo: vec![TodoItem {
                text: "fix parser".into(),
                status: "in_progress".into(),
            }],
        };
        assert_eq!(
            t.render(),
            "[loop] step 3 of 40; tokens used 1200 of 10000 (8800 left); cost $0.50 of $3.00\nTodo list:\n[~] fix parser"
        );
    }
}
