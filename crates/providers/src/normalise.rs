//! Message normalisation for chat templates that require alternating roles.
//!
//! Many servers apply a chat template that rejects two messages of one role in a row ("roles
//! must alternate": vLLM with Mistral templates, Gemma, several llama.cpp jinja templates).
//! The loop's history can hold them (the task followed by the loop's tail, a verify message
//! after a tool result's user turn), so consecutive user messages are merged into one, and so
//! are consecutive assistant messages; a system message inside the history becomes user text.
//! Tool results stay separate messages (each answers its own call).

use loopwright_protocol::message::{Message, Role};

/// The side a normalised message is on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    /// User (and harness) text.
    User,
    /// The model.
    Assistant,
    /// One tool result.
    Tool,
}

/// One normalised message: the merged message and the original messages it is made of.
#[derive(Debug, Clone, PartialEq)]
pub struct Turn {
    /// The side.
    pub side: Side,
    /// The merged message.
    pub message: Message,
    /// The original messages, in order.
    pub parts: Vec<Message>,
}

fn side(role: Role) -> Side {
    match role {
        Role::User | Role::System => Side::User,
        Role::Assistant => Side::Assistant,
        Role::Tool => Side::Tool,
    }
}

fn join(into: &mut String, more: &str) {
    if more.is_empty() {
        return;
    }
    if !into.is_empty() {
        into.push_str("\n\n");
    }
    into.push_str(more);
}

/// The history with consecutive user messages merged, and consecutive assistant messages
/// merged (texts joined by a blank line, tool calls in order).
pub fn merge_turns(messages: &[Message]) -> Vec<Turn> {
    let mut out: Vec<Turn> = Vec::with_capacity(messages.len());
    for m in messages {
        let s = side(m.role);
        match out.last_mut() {
            Some(last) if last.side == s && s != Side::Tool => {
                join(&mut last.message.content, &m.content);
                last.message.tool_calls.extend(m.tool_calls.iter().cloned());
                last.parts.push(m.clone());
            }
            _ => {
                let mut message = m.clone();
                if m.role == Role::System {
                    message.role = Role::User;
                }
                out.push(Turn {
                    side: s,
                    message,
                    parts: vec![m.clone()],
                });
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn role_of(i: u8) -> Role {
        match i % 4 {
            0 => Role::User,
            1 => Role::Assistant,
            2 => Role::Tool,
            _ => Role::System,
        }
    }

    #[test]
    fn task_and_tail_become_one_user_message() {
        let h = [
            Message::text(Role::User, "Fix the bug."),
            Message::text(Role::User, "[loop] step 1 of 3"),
        ];
        let t = merge_turns(&h);
        assert_eq!(t.len(), 1);
        assert_eq!(t[0].message.content, "Fix the bug.\n\n[loop] step 1 of 3");
        assert_eq!(t[0].parts.len(), 2);
    }

    proptest! {
        #[test]
        fn no_two_user_or_assistant_messages_in_a_row(roles in proptest::collection::vec(0u8..4, 0..30)) {
            let h: Vec<Message> = roles.iter().enumerate().map(|(i, r)| {
                let role = role_of(*r);
                if role == Role::Tool { Message::tool(format!("c{i}"), "out") } else { Message::text(role, format!("m{i}")) }
            }).collect();
            let t = merge_turns(&h);
            for w in t.windows(2) {
                prop_assert!(!(w[0].side == w[1].side && w[0].side != Side::Tool));
            }
            let parts: usize = t.iter().map(|x| x.parts.len()).sum();
            prop_assert_eq!(parts, h.len());
            prop_assert!(t.iter().all(|x| x.message.role != Role::System));
        }
    }
}
