//! Chat messages sent to a model, model requests, and the streamed pieces of a reply.

use serde::{Deserialize, Serialize};

use crate::tool::{ToolCall, ToolSpec};
use crate::usage::Usage;

/// Who wrote a message.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    /// Instructions from the harness.
    System,
    /// The task, and feedback from the harness that speaks for the user (verify output, nudges).
    User,
    /// The model.
    Assistant,
    /// A tool result.
    Tool,
}

/// One message of the history sent to the model.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Message {
    /// Author.
    pub role: Role,
    /// Text content (may be empty for an assistant message that only calls tools).
    pub content: String,
    /// Tool calls of an assistant message.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tool_calls: Vec<ToolCall>,
    /// For a tool message: the call it answers.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tool_call_id: Option<String>,
}

impl Message {
    /// A message with only text.
    pub fn text(role: Role, content: impl Into<String>) -> Self {
        Message {
            role,
            content: content.into(),
            tool_calls: Vec::new(),
            tool_call_id: None,
        }
    }

    /// A tool message answering `call_id`.
    pub fn tool(call_id: impl Into<String>, content: impl Into<String>) -> Self {
        Message {
            role: Role::Tool,
            content: content.into(),
            tool_calls: Vec::new(),
            tool_call_id: Some(call_id.into()),
        }
    }
}

/// Everything a provider needs for one model call.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ModelRequest {
    /// System prompt (stable from step to step).
    pub system: String,
    /// Tools the model may call.
    pub tools: Vec<ToolSpec>,
    /// The conversation, oldest first; every assistant tool call is followed by its result.
    pub messages: Vec<Message>,
}

/// One piece of a streamed model reply.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum StreamEvent {
    /// More assistant text.
    TextDelta {
        /// The new text.
        text: String,
    },
    /// A tool call begins.
    ToolCallStart {
        /// Call id.
        id: String,
        /// Tool name.
        name: String,
    },
    /// More of a tool call's JSON arguments.
    ToolCallDelta {
        /// Call id.
        id: String,
        /// The next fragment of the JSON arguments text.
        arguments: String,
    },
    /// Token usage of the call.
    Usage {
        /// The usage.
        usage: Usage,
    },
    /// More of the model's reasoning (thinking) text, when the server streams it.
    ReasoningDelta {
        /// The new text.
        text: String,
    },
    /// Why the model stopped (the last piece of a reply).
    Stop {
        /// The reason.
        reason: StopReason,
    },
}

/// Why a model stopped generating.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StopReason {
    /// A natural end of the reply (`stop`, `end_turn`, `stop_sequence`).
    EndTurn,
    /// The model called tools (`tool_calls`, `tool_use`).
    ToolUse,
    /// The reply was cut at the output limit (`length`, `max_tokens`).
    Length,
    /// The model refused (Anthropic `refusal`, OpenAI `delta.refusal`).
    Refusal,
    /// The server's content filter cut or withheld the reply (`content_filter`).
    ContentFilter,
    /// Any other reason, as the server named it.
    Other(String),
}

impl StopReason {
    /// Reads a finish reason of OpenAI Chat Completions or a stop reason of Anthropic Messages.
    pub fn from_wire(s: &str) -> StopReason {
        match s {
            "stop" | "end_turn" | "stop_sequence" | "eos" => StopReason::EndTurn,
            "tool_calls" | "tool_use" | "function_call" => StopReason::ToolUse,
            "length" | "max_tokens" | "model_length" => StopReason::Length,
            "refusal" => StopReason::Refusal,
            "content_filter" | "safety" => StopReason::ContentFilter,
            other => StopReason::Other(other.to_string()),
        }
    }

    /// True for a refusal or a filtered reply: the model will not do the task as asked.
    pub fn is_refusal(&self) -> bool {
        matches!(self, StopReason::Refusal | StopReason::ContentFilter)
    }
}

/// A complete assistant reply, assembled from the stream.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct AssistantTurn {
    /// Assistant text.
    pub text: String,
    /// Tool calls, in order.
    pub tool_calls: Vec<ToolCall>,
    /// Token usage when known.
    pub usage: Option<Usage>,
    /// Why the model stopped, when the server said.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stop_reason: Option<StopReason>,
    /// The model's reasoning text, when the server sent it (DeepSeek `reasoning_content`,
    /// Anthropic thinking).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub reasoning: String,
    /// Provider-specific blocks that must be sent back verbatim with this turn (Anthropic
    /// `thinking` and `redacted_thinking` blocks with their signatures).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub replay: Vec<serde_json::Value>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tool_message_round_trips() {
        let m = Message::tool("c1", "ok");
        let j = serde_json::to_string(&m).unwrap();
        assert_eq!(j, r#"{"role":"tool","content":"ok","tool_call_id":"c1"}"#);
        let back: Message = serde_json::from_str(&j).unwrap();
        assert_eq!(back, m);
    }
}
