//! Replay: recorded trajectories of other agents (SWE-agent, OpenHands, mini-swe-agent) turned
//! into our history items, and the requests each context strategy would have sent for them.
//!
//! Parsing takes the file's text (the caller reads the file): this module does no IO.

mod observed;
mod parse;
mod roles;
mod sim;

pub use observed::{observed, spill_path};
pub use parse::{INTERRUPTED_TEXT, Trajectory, parse};
pub use roles::role_by_arguments;
pub use sim::{CardBill, Report, Run, Step, Strategy, replay, replay_with, run, walk};
