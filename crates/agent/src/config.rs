//! Settings and outcomes of a run, and the progress-reporting seam.

use std::path::PathBuf;
use std::time::Duration;

use loopwright_guard::breaker::BreakerConfig;
use loopwright_observe::Budget;
use loopwright_protocol::event::Event;
use loopwright_protocol::message::StreamEvent;
use loopwright_store::session::SessionError;

use crate::guards;
use crate::state::State;

pub use loopwright_model::Prices;

/// Limits and settings of one run.
#[derive(Debug, Clone)]
pub struct RunConfig {
    /// The workspace directory.
    pub workspace: PathBuf,
    /// The state directory (`<workspace>/.loop` by default).
    pub state_dir: PathBuf,
    /// Stop with a limit after this many model steps.
    pub max_steps: u64,
    /// Stop with a limit once this many tokens are used.
    pub max_tokens: Option<u64>,
    /// Stop with a limit once this much money is spent (needs `prices`).
    pub max_cost: Option<f64>,
    /// Token prices.
    pub prices: Option<Prices>,
    /// Wall-clock limit of this process's part of the run.
    pub timeout: Option<Duration>,
    /// Default per-call timeout of `shell` (and of the verify command).
    pub shell_timeout: Duration,
    /// Stop after this many tool timeouts in a row.
    pub max_consecutive_timeouts: u32,
    /// Circuit-breaker thresholds.
    pub breaker: BreakerConfig,
    /// Observation limits per output and per turn.
    pub budget: Budget,
    /// The command that resumes this run, printed in reports.
    pub resume_hint: String,
    /// Condensers applied to the history (`--condenser`, `--context-window`).
    pub context: loopwright_context::Config,
    /// How tool processes are started: supervisor, variables passed or hidden.
    pub launch: crate::tools::Launch,
    /// The daily budget every model call reserves from first (`--daily-budget-from-pattern`).
    pub daily: Option<std::sync::Arc<crate::daily::DailyBudget>>,
}

impl RunConfig {
    /// Defaults for `workspace`: 50 steps, 120 s per command, 3 timeouts in a row.
    pub fn new(workspace: PathBuf) -> Self {
        RunConfig {
            state_dir: workspace.join(".loop"),
            workspace,
            max_steps: 50,
            max_tokens: None,
            max_cost: None,
            prices: None,
            timeout: None,
            shell_timeout: Duration::from_secs(120),
            max_consecutive_timeouts: 3,
            breaker: guards::run_breaker_config(),
            budget: Budget::for_window(128_000),
            resume_hint: String::new(),
            context: loopwright_context::Config::mask_and_summary(128_000),
            launch: crate::tools::Launch::default(),
            daily: None,
        }
    }
}

/// How a run ended, with the exit code of `loop run`.
#[derive(Debug, Clone, PartialEq)]
pub enum RunEnd {
    /// Finished (and verified, when a verify command is set). Exit 0.
    Done(String),
    /// A guard tripped twice. Exit 2. Holds the reason.
    Escalated(String),
    /// A limit was reached. Exit 2. Holds the reason.
    Limit(String),
    /// Ctrl+C (or a cancel). Exit 130; resumable.
    Interrupted,
    /// The provider failed. Exit 1; resumable.
    Error(String),
    /// The model refused, or the server's content filter withheld its reply. Exit 3.
    Refused(String),
}

impl RunEnd {
    /// The exit code of `loop run`.
    pub fn exit_code(&self) -> u8 {
        match self {
            RunEnd::Done(_) => 0,
            RunEnd::Escalated(_) | RunEnd::Limit(_) => 2,
            RunEnd::Interrupted => 130,
            RunEnd::Error(_) => 1,
            RunEnd::Refused(_) => 3,
        }
    }
}

/// Errors that stop the harness itself (the session log could not be written).
#[derive(Debug, thiserror::Error)]
pub enum AgentError {
    /// Session log failure.
    #[error(transparent)]
    Session(#[from] SessionError),
    /// The tool registry cannot be built.
    #[error(transparent)]
    Tools(#[from] crate::tools::RegistryError),
}

/// Receives progress: every appended event and the streamed pieces of model replies.
pub trait Reporter {
    /// An event was appended to the log.
    fn event(&mut self, _event: &Event, _state: &State) {}
    /// A piece of a model reply arrived.
    fn stream(&mut self, _event: &StreamEvent) {}
    /// The model is thinking (`true`) or done (`false`).
    fn thinking(&mut self, _active: bool) {}
}

/// A reporter that reports nothing.
#[derive(Debug, Clone, Copy, Default)]
pub struct Silent;

impl Reporter for Silent {}
