//! The one observation pipeline, as a pure planner: what the model reads of one tool output.
//!
//! Steps, in order: log compression (for command output), the head+tail cap per output
//! (leaving room for the pointer), the per-turn budget (once a turn's observations have used
//! it, further outputs are cut harder, down to a note alone), and the spill decision (whenever
//! anything was folded or cut, the complete output must be kept and pointed to). The caller
//! does the IO: it keeps or writes the spill file (`loopwright-store`'s `spill`) and then
//! [`Planned::render`]s the text with the [`Pointer`], or with the reason the spill failed.
//!
//! Used by `loop compress`, by every tool output of `loop run`, and by external tool results.
//!
//! # The pointer format
//!
//! ```text
//! [full output: PATH (BYTES bytes, LINES lines); read any range with read_file {"path": "PATH", "offset": N, "limit": 200} or `loop spill read PATH --lines A:B`; do not re-run the command to see it]
//! ```
//!
//! `PATH` is shown as given (relative to the workspace when inside it); inside the JSON example
//! it is JSON-escaped, so a hostile file name cannot break out of the example.

use crate::budget::Budget;
use crate::cap::{Cap, cap_head_tail};
use crate::compress::{Compressed, Stats};

/// Outputs smaller than this are never hidden by the turn budget (a note would be as big).
pub const MIN_INLINE: usize = 2_000;

/// Characters kept free for the pointer when an output is cut (a pointer with a long path
/// may be longer; the cap then errs by that much, never the text).
pub const POINTER_RESERVE: usize = 400;

/// Where the complete output was saved: rendered as the one pointer text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pointer<'a> {
    /// The path as the reader should type it.
    pub path: &'a str,
    /// Size of the complete output in bytes.
    pub bytes: u64,
    /// Lines of the complete output (a last line without `\n` counts).
    pub lines: u64,
}

impl Pointer<'_> {
    /// The pointer line (no trailing newline).
    pub fn render(&self) -> String {
        let quoted = json_string(self.path);
        format!(
            "[full output: {p} ({b} bytes, {l} lines); read any range with read_file {{\"path\": {quoted}, \"offset\": N, \"limit\": 200}} or `loop spill read {p} --lines 1:{end}`; do not re-run the command to see it]",
            p = self.path,
            b = self.bytes,
            l = self.lines,
            end = self.lines.clamp(1, 200),
        )
    }
}

/// A JSON string literal of `s`.
fn json_string(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// What became of the complete output of a planned observation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Spill<'a> {
    /// Nothing was cut: no spill file, no pointer.
    NotNeeded,
    /// Saved; point to it.
    Saved(Pointer<'a>),
    /// Saving was not wanted (`--no-spill`): what was cut is lost.
    Disabled,
    /// Saving failed: the reason is shown, so the model knows the rest is gone.
    Failed(&'a str),
}

/// How a command ended, for the status line of its observation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CommandEnd {
    /// Exited with this code.
    Exited(i32),
    /// Killed by a signal.
    Signalled,
    /// Killed because its time limit passed.
    TimedOut,
    /// Killed because the run was interrupted.
    Interrupted,
}

impl CommandEnd {
    /// The status line; `empty` when the command printed nothing, which is said explicitly
    /// so a silent failure is never read as success.
    pub fn line(self, empty: bool) -> String {
        match self {
            CommandEnd::TimedOut => {
                "[timed out: the command was killed with its whole process group]".into()
            }
            CommandEnd::Interrupted => {
                "[interrupted: the command was killed with its whole process group]".into()
            }
            CommandEnd::Exited(0) if empty => {
                "[exit code 0; the command ran successfully and produced no output]".into()
            }
            CommandEnd::Exited(code) if empty => format!("[exit code {code}; no output]"),
            CommandEnd::Exited(code) => format!("[exit code {code}]"),
            CommandEnd::Signalled => "[killed by a signal]".into(),
        }
    }
}

/// One tool output to plan.
#[derive(Debug, Clone)]
pub struct Output<'a> {
    /// The text held in memory: the whole output, or its head and tail when it was larger.
    pub text: &'a str,
    /// Size in bytes of the complete output.
    pub total_bytes: u64,
    /// The log-compressed text, for command output (`None`: shown as is).
    pub compressed: Option<Compressed>,
}

impl Output<'_> {
    /// True when the text in memory is not the complete output.
    fn partial(&self) -> bool {
        self.total_bytes > self.text.len() as u64
    }
}

/// A planned observation, before the caller saves the spill file.
#[derive(Debug, Clone, PartialEq)]
pub struct Planned {
    /// The text to show.
    pub body: String,
    /// A note for the model (what was folded, or why the output is hidden).
    pub note: Option<String>,
    /// Whether anything was folded or cut: the complete output must be kept.
    pub needs_spill: bool,
    /// Whether the log compression folded anything (and its text is shown).
    pub folded: bool,
    /// Characters cut by the cap.
    pub cut_chars: usize,
    /// Compression counts, when the output was compressed.
    pub stats: Option<Stats>,
}

impl Planned {
    /// The text the model reads: body, note, pointer (or why there is none), status line.
    pub fn render(&self, spill: Spill<'_>, status: Option<&str>) -> String {
        let mut out = self.body.clone();
        let line = |out: &mut String, s: &str| {
            if !out.is_empty() && !out.ends_with('\n') {
                out.push('\n');
            }
            out.push_str(s);
        };
        if let Some(n) = &self.note {
            line(&mut out, n);
        }
        match spill {
            Spill::NotNeeded => {}
            Spill::Saved(p) => line(&mut out, &p.render()),
            Spill::Disabled => line(
                &mut out,
                "[output shortened; the full output was not saved (--no-spill)]",
            ),
            Spill::Failed(why) => line(
                &mut out,
                &format!("[output shortened; the full output could not be saved: {why}]"),
            ),
        }
        if let Some(s) = status {
            line(&mut out, s);
        }
        out
    }
}

/// Plans one output under `cap` (`None`: no cap), keeping `reserve` characters (or tokens, with
/// a token cap) free for the pointer when anything is cut. A compression that folded nothing
/// is not used; one whose result plus a pointer is not smaller than the input is not either,
/// unless a cap forces a cut anyway.
pub fn plan_output(out: Output<'_>, cap: Option<Cap>, reserve: usize) -> Planned {
    let partial = out.partial();
    let stats = out.compressed.as_ref().map(|c| c.stats.clone());
    let (mut body, folded) = match out.compressed {
        Some(c) if c.folded() && folding_pays(&c, out.total_bytes, cap, reserve) => (c.text, true),
        Some(c) if !c.folded() => (c.text, false),
        _ => (out.text.to_owned(), false),
    };
    let mut cut_chars = 0;
    if let Some(cap) = cap
        && (folded || cap_head_tail(&body, cap).was_cut())
    {
        let inner = match cap {
            Cap::Chars(n) => Cap::Chars(n.saturating_sub(reserve)),
            Cap::Tokens(n) => Cap::Tokens(n.saturating_sub(reserve.div_ceil(4))),
        };
        let capped = cap_head_tail(&body, inner);
        cut_chars = capped.cut_chars;
        body = capped.text;
    }
    let note = match &stats {
        Some(s) if folded => Some(format!(
            "[log compressed: {} lines -> {} lines; {} lines folded]",
            s.lines_in, s.lines_out, s.folded_lines
        )),
        _ => None,
    };
    Planned {
        body,
        note,
        needs_spill: partial || folded || cut_chars > 0,
        folded,
        cut_chars,
        stats,
    }
}

/// Whether showing the folded text of `c` is worth it: with a cap, always (the cap cuts
/// anyway); without one, only when the folded text plus a pointer of `reserve` characters is
/// smaller than the `total_bytes` of the input.
pub fn folding_pays(c: &Compressed, total_bytes: u64, cap: Option<Cap>, reserve: usize) -> bool {
    c.folded() && (cap.is_some() || (c.text.len() as u64 + reserve as u64) < total_bytes)
}

/// The per-turn observation budget of an agent loop: plans every output of a turn against
/// the per-output cap and what is left of the turn's budget.
#[derive(Debug, Clone)]
pub struct TurnPlanner {
    budget: Budget,
    used: usize,
}

impl TurnPlanner {
    /// A planner with these limits.
    pub fn new(budget: Budget) -> Self {
        TurnPlanner { budget, used: 0 }
    }

    /// The limits.
    pub fn budget(&self) -> Budget {
        self.budget
    }

    /// Starts a new turn: the per-turn budget is full again.
    pub fn begin_turn(&mut self) {
        self.used = 0;
    }

    /// Characters of this turn's budget still free.
    pub fn turn_left(&self) -> usize {
        self.budget.per_turn.chars().saturating_sub(self.used)
    }

    /// Plans one output of this turn. Only a spent turn budget hides an output entirely; a
    /// small per-output cap (a small window) still shows its head and tail.
    pub fn plan(&self, out: Output<'_>) -> Planned {
        let per_output = self.budget.per_output.chars();
        let left = self.turn_left();
        let limit = per_output.min(left);
        if left < per_output && left < MIN_INLINE {
            let shown = out
                .compressed
                .as_ref()
                .map_or(out.text.chars().count(), |c| c.text.chars().count());
            if shown > limit {
                return Planned {
                    body: String::new(),
                    note: Some(format!(
                        "[output of {shown} characters not shown: this turn's observation budget ({} characters) is spent]",
                        self.budget.per_turn.chars()
                    )),
                    needs_spill: true,
                    folded: false,
                    cut_chars: shown,
                    stats: out.compressed.map(|c| c.stats),
                };
            }
        }
        // The per-output limit is for the output's text; the pointer line comes on top.
        plan_output(out, Some(Cap::Chars(limit)), 0)
    }

    /// Counts `shown` (the rendered observation) against this turn's budget.
    pub fn charge(&mut self, shown: &str) {
        self.used = self.used.saturating_add(shown.chars().count());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::budget::Limit;
    use crate::{CompressOptions, compress};

    fn budget(per_output: usize, per_turn: usize) -> Budget {
        Budget {
            per_output: Limit::Chars(per_output),
            per_turn: Limit::Chars(per_turn),
        }
    }

    #[test]
    fn pointer_is_one_line_with_an_escaped_example() {
        let p = Pointer {
            path: "sp\"ill/a.log",
            bytes: 10,
            lines: 3,
        };
        let text = p.render();
        assert!(!text.contains('\n'));
        assert!(text.starts_with("[full output: sp\"ill/a.log (10 bytes, 3 lines)"));
        assert!(
            text.contains(r#"{"path": "sp\"ill/a.log", "offset": N"#),
            "{text}"
        );
        assert!(text.contains("loop spill read sp\"ill/a.log --lines 1:3"));
    }

    #[test]
    fn small_output_is_shown_whole_without_spill() {
        let planner = TurnPlanner::new(budget(1000, 2000));
        let p = planner.plan(Output {
            text: "ok\n",
            total_bytes: 3,
            compressed: None,
        });
        assert_eq!(p.body, "ok\n");
        assert!(!p.needs_spill);
        assert_eq!(
            p.render(Spill::NotNeeded, Some("[exit code 0]")),
            "ok\n[exit code 0]"
        );
    }

    #[test]
    fn large_output_is_capped_and_the_pointer_comes_on_top() {
        let text = "x".repeat(50_000);
        let planner = TurnPlanner::new(budget(10_000, 20_000));
        let p = planner.plan(Output {
            text: &text,
            total_bytes: 50_000,
            compressed: None,
        });
        assert!(p.needs_spill);
        let shown = p.render(
            Spill::Saved(Pointer {
                path: "a.log",
                bytes: 50_000,
                lines: 1,
            }),
            None,
        );
        assert!(p.body.chars().count() <= 10_000, "{}", p.body.len());
        assert!(
            shown.chars().count() <= 10_000 + POINTER_RESERVE,
            "{}",
            shown.len()
        );
    }

    #[test]
    fn a_spent_turn_hides_the_next_output_and_says_so() {
        let mut planner = TurnPlanner::new(budget(10_000, 12_000));
        planner.charge(&"y".repeat(11_000));
        let text = "z".repeat(5_000);
        let p = planner.plan(Output {
            text: &text,
            total_bytes: 5_000,
            compressed: None,
        });
        assert!(p.body.is_empty());
        assert!(p.needs_spill);
        let shown = p.render(Spill::Failed("disk full"), None);
        assert!(shown.contains("budget (12000 characters) is spent"));
        assert!(shown.contains("could not be saved: disk full"));
        planner.begin_turn();
        assert_eq!(planner.turn_left(), 12_000);
    }

    #[test]
    fn partial_text_always_needs_the_spill() {
        let p = plan_output(
            Output {
                text: "head\n[…]\ntail\n",
                total_bytes: 1 << 30,
                compressed: None,
            },
            Some(Cap::Chars(100_000)),
            POINTER_RESERVE,
        );
        assert!(p.needs_spill);
        assert_eq!(p.cut_chars, 0);
    }

    #[test]
    fn folded_logs_carry_a_note() {
        let log: String = (0..400)
            .map(|i| format!("Compiling crate{i} v1.0\n"))
            .collect();
        let c = compress(log.as_bytes(), &CompressOptions::default());
        let p = plan_output(
            Output {
                text: &log,
                total_bytes: log.len() as u64,
                compressed: Some(c),
            },
            Some(Cap::Chars(100_000)),
            POINTER_RESERVE,
        );
        if p.folded {
            assert!(
                p.note
                    .as_deref()
                    .unwrap_or("")
                    .starts_with("[log compressed:")
            );
            assert!(p.needs_spill);
        }
    }

    #[test]
    fn status_lines_name_empty_output() {
        assert_eq!(
            CommandEnd::Exited(0).line(true),
            "[exit code 0; the command ran successfully and produced no output]"
        );
        assert_eq!(CommandEnd::Exited(2).line(false), "[exit code 2]");
        assert!(CommandEnd::TimedOut.line(false).starts_with("[timed out"));
    }
}
