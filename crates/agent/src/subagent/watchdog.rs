//! The watchdog of one sub-agent, outside the child's loop.
//!
//! Every stream chunk and tool event of the child is a heartbeat ([`Beat`]). The decision
//! ([`check`]) is a pure function of the limits and a [`Clock`] snapshot: idle too long (a
//! longer limit while a tool runs), or past the wall-clock limit, which is extended once when
//! an event came in its last seconds. While a permission question waits for the user, every
//! timer is paused.

use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use loopwright_protocol::event::{Event, EventKind};
use loopwright_protocol::message::StreamEvent;
use loopwright_protocol::tool::ToolCall;

use crate::config::Reporter;
use crate::gate::{Approval, Approver};
use crate::state::State;

/// The limits of one sub-agent.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Timeouts {
    /// Longest time without a heartbeat (`--subagent-idle-timeout`, 450 s).
    pub idle: Duration,
    /// Longest time without a heartbeat while a tool runs (`--subagent-tool-idle-timeout`,
    /// 1,200 s).
    pub tool_idle: Duration,
    /// Wall-clock limit (`--subagent-timeout`, 600 s).
    pub total: Duration,
    /// Added once to `total` when an event came within `extend_window` of it (300 s).
    pub extension: Duration,
    /// How recent an event must be for the extension (30 s).
    pub extend_window: Duration,
    /// Time limit of the salvage turn (`--subagent-salvage-timeout`, 90 s).
    pub salvage: Duration,
    /// How long a cancelled child may take to stop before the salvage turn is given up.
    pub stop_grace: Duration,
}

impl Default for Timeouts {
    fn default() -> Self {
        Timeouts {
            idle: Duration::from_secs(450),
            tool_idle: Duration::from_secs(1200),
            total: Duration::from_secs(600),
            extension: Duration::from_secs(300),
            extend_window: Duration::from_secs(30),
            salvage: Duration::from_secs(90),
            stop_grace: Duration::from_secs(10),
        }
    }
}

impl Timeouts {
    /// The longest a supervised child can take, salvage included: the bound of every wait
    /// on it.
    pub fn bound(&self) -> Duration {
        self.total.max(self.tool_idle) + self.extension + self.stop_grace * 2 + self.salvage
    }
}

/// The child's timers at one moment (pauses already left out).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Clock {
    /// Active time since the child started.
    pub active: Duration,
    /// Active time since the last heartbeat.
    pub since_beat: Duration,
    /// A tool call is running.
    pub tool_running: bool,
    /// A permission question is waiting: nothing expires.
    pub paused: bool,
    /// The wall-clock limit was extended already.
    pub extended: bool,
}

/// Why a child was stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Expiry {
    /// No heartbeat for the idle limit.
    Idle(Duration),
    /// No heartbeat for the tool-idle limit while a tool ran.
    ToolIdle(Duration),
    /// Past the wall-clock limit.
    Total(Duration),
}

impl std::fmt::Display for Expiry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Expiry::Idle(d) => write!(
                f,
                "no model or tool activity for {} s (--subagent-idle-timeout)",
                d.as_secs()
            ),
            Expiry::ToolIdle(d) => write!(
                f,
                "a tool call showed no activity for {} s (--subagent-tool-idle-timeout)",
                d.as_secs()
            ),
            Expiry::Total(d) => write!(
                f,
                "ran past its time limit of {} s (--subagent-timeout)",
                d.as_secs()
            ),
        }
    }
}

/// What the watchdog does now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// Nothing.
    Wait,
    /// Extend the wall-clock limit (once): an event came in its last seconds.
    Extend,
    /// Cancel the child, then salvage.
    Stop(Expiry),
}

/// The watchdog's decision for `clock` under `limits`.
pub fn check(limits: &Timeouts, clock: &Clock) -> Verdict {
    if clock.paused {
        return Verdict::Wait;
    }
    let idle_limit = if clock.tool_running {
        limits.tool_idle
    } else {
        limits.idle
    };
    if clock.since_beat >= idle_limit {
        return Verdict::Stop(if clock.tool_running {
            Expiry::ToolIdle(idle_limit)
        } else {
            Expiry::Idle(idle_limit)
        });
    }
    let total = if clock.extended {
        limits.total + limits.extension
    } else {
        limits.total
    };
    if clock.active >= total {
        if !clock.extended && clock.since_beat < limits.extend_window {
            return Verdict::Extend;
        }
        return Verdict::Stop(Expiry::Total(total));
    }
    Verdict::Wait
}

#[derive(Debug)]
struct BeatState {
    started: Instant,
    last: Instant,
    tool_running: bool,
    paused_since: Option<Instant>,
    paused_total: Duration,
    /// Pause time accrued since the last beat (left out of `since_beat`).
    paused_since_beat: Duration,
    extended: bool,
}

/// The heartbeat of one child, shared by its reporter, its approver and its watchdog.
#[derive(Debug, Clone)]
pub struct Beat(Arc<Mutex<BeatState>>);

impl Beat {
    /// A beat starting now.
    pub fn new(now: Instant) -> Self {
        Beat(Arc::new(Mutex::new(BeatState {
            started: now,
            last: now,
            tool_running: false,
            paused_since: None,
            paused_total: Duration::ZERO,
            paused_since_beat: Duration::ZERO,
            extended: false,
        })))
    }

    fn lock(&self) -> MutexGuard<'_, BeatState> {
        // A panic while holding the lock leaves plain numbers: still usable.
        self.0.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Something happened.
    pub fn beat(&self, now: Instant) {
        let mut s = self.lock();
        s.last = now;
        s.paused_since_beat = Duration::ZERO;
    }

    /// A tool call started (`true`) or ended (`false`); also a heartbeat.
    pub fn tool(&self, running: bool, now: Instant) {
        self.beat(now);
        self.lock().tool_running = running;
    }

    /// A permission question started waiting.
    pub fn pause(&self, now: Instant) {
        let mut s = self.lock();
        if s.paused_since.is_none() {
            s.paused_since = Some(now);
        }
    }

    /// The permission question was answered.
    pub fn unpause(&self, now: Instant) {
        let mut s = self.lock();
        if let Some(since) = s.paused_since.take() {
            let d = now.saturating_duration_since(since);
            s.paused_total += d;
            s.paused_since_beat += d;
        }
    }

    /// Records that the wall-clock limit was extended.
    pub fn set_extended(&self) {
        self.lock().extended = true;
    }

    /// The timers now.
    pub fn clock(&self, now: Instant) -> Clock {
        let s = self.lock();
        let open_pause = s
            .paused_since
            .map_or(Duration::ZERO, |p| now.saturating_duration_since(p));
        let active = now
            .saturating_duration_since(s.started)
            .saturating_sub(s.paused_total + open_pause);
        let since_beat = now
            .saturating_duration_since(s.last)
            .saturating_sub(s.paused_since_beat + open_pause);
        Clock {
            active,
            since_beat,
            tool_running: s.tool_running,
            paused: s.paused_since.is_some(),
            extended: s.extended,
        }
    }
}

/// The child's reporter: every event and stream chunk is a heartbeat.
#[derive(Debug)]
pub struct BeatReporter(pub Beat);

impl Reporter for BeatReporter {
    fn event(&mut self, event: &Event, _state: &State) {
        let now = Instant::now();
        match &event.kind {
            EventKind::ToolStart { .. } => self.0.tool(true, now),
            EventKind::ToolResult(_) => self.0.tool(false, now),
            _ => self.0.beat(now),
        }
    }

    fn stream(&mut self, _event: &StreamEvent) {
        self.0.beat(Instant::now());
    }
}

/// The child's approver: the timers pause while the question waits.
pub struct PausingApprover {
    /// Who answers.
    pub inner: Box<dyn Approver>,
    /// The child's heartbeat.
    pub beat: Beat,
}

impl Approver for PausingApprover {
    fn approve(&mut self, call: &ToolCall, reason: &str) -> Approval {
        self.beat.pause(Instant::now());
        let answer = self.inner.approve(call, reason);
        self.beat.unpause(Instant::now());
        self.beat.beat(Instant::now());
        answer
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn secs(s: u64) -> Duration {
        Duration::from_secs(s)
    }

    fn clock(active: u64, since_beat: u64) -> Clock {
        Clock {
            active: secs(active),
            since_beat: secs(since_beat),
            tool_running: false,
            paused: false,
            extended: false,
        }
    }

    #[test]
    fn idle_and_tool_idle_limits() {
        let t = Timeouts::default();
        assert_eq!(check(&t, &clock(100, 449)), Verdict::Wait);
        assert_eq!(
            check(&t, &clock(100, 450)),
            Verdict::Stop(Expiry::Idle(secs(450)))
        );
        let mut c = clock(500, 1000);
        c.tool_running = true;
        assert_eq!(check(&t, &c), Verdict::Wait);
        c.since_beat = secs(1200);
        assert_eq!(check(&t, &c), Verdict::Stop(Expiry::ToolIdle(secs(1200))));
        c.paused = true;
        assert_eq!(check(&t, &c), Verdict::Wait);
    }

    #[test]
    fn wall_clock_extends_once_when_an_event_was_recent() {
        let t = Timeouts::default();
        assert_eq!(check(&t, &clock(599, 1)), Verdict::Wait);
        assert_eq!(check(&t, &clock(600, 29)), Verdict::Extend);
        assert_eq!(
            check(&t, &clock(600, 30)),
            Verdict::Stop(Expiry::Total(secs(600)))
        );
        let mut c = clock(899, 1);
        c.extended = true;
        assert_eq!(check(&t, &c), Verdict::Wait);
        c.active = secs(900);
        assert_eq!(check(&t, &c), Verdict::Stop(Expiry::Total(secs(900))));
    }

    #[test]
    fn pauses_are_left_out_of_both_timers() {
        let t0 = Instant::now();
        let b = Beat::new(t0);
        b.pause(t0 + secs(10));
        let c = b.clock(t0 + secs(500));
        assert!(c.paused);
        assert_eq!(c.active, secs(10));
        b.unpause(t0 + secs(500));
        let c = b.clock(t0 + secs(505));
        assert!(!c.paused);
        assert_eq!(c.active, secs(15));
        assert_eq!(c.since_beat, secs(15));
        b.tool(true, t0 + secs(505));
        let c = b.clock(t0 + secs(506));
        assert!(c.tool_running);
        assert_eq!(c.since_beat, secs(1));
    }
}
