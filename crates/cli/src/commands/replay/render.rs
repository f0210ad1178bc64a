//! Text output of `loop replay`: the settings, the aligned table and ours compared.

use loopwright_context::Tokenizer;
use loopwright_context::condense::Config;
use loopwright_context::replay::Report;

/// The lines above the table: the tokenizer and ours' settings.
pub(super) fn settings(
    model: &str,
    tokenizer: Tokenizer,
    ours: Option<&Config>,
    condenser: &str,
) -> String {
    let tok = match tokenizer {
        Tokenizer::O200k => "o200k_base, exact",
        Tokenizer::Cl100k => "cl100k_base, exact",
        Tokenizer::Estimate => "estimated at 4 bytes a token",
    };
    let mut s = format!("tokens   {model} ({tok}; --model)\n");
    if let Some(cfg) = ours {
        s.push_str(&format!("ours     {condenser} (--condenser)\n"));
        if let Some(mask) = &cfg.mask {
            s.push_str(&format!(
                "mask     last {} tool results in full (--keep-last), older masked in batches of {} (--batch)\n",
                mask.keep_last, mask.batch
            ));
        }
        if cfg.duplicates.is_some() {
            s.push_str("repeats  a tool result identical to one still shown becomes a reference\n");
        }
        if cfg.stale.is_some() {
            s.push_str(
                "stale    file reads and edit results masked once the file is read or edited again\n",
            );
        }
        if let Some(cost) = &cfg.cost {
            s.push_str(&format!(
                "cost     masks of sent history only when they pay (cache read {:.2}x, write {:.2}x of input; {} x steps so far to come, --horizon; margin {}, --margin)\n",
                cost.read, cost.write, cost.horizon, cost.margin
            ));
            if let Some(b) = cost.budget {
                s.push_str(&format!(
                    "budget   above {} prompt tokens history is condensed whatever it costs (--budget)\n",
                    thousands(b)
                ));
            }
            if cost.digest {
                s.push_str(
                    "digest   the oldest turns replaced by an extractive digest (no model call) when that pays by the same rule (--no-digest)\n",
                );
            }
            if let Some(share) = cost.peak_share {
                s.push_str(&format!(
                    "bound    over {}% of the whole history's tokens, a cut of a tenth or more is priced without the cap or margin (--peak-share)\n",
                    (share * 1000.0).round() / 10.0
                ));
            }
        }
        if let Some(sum) = &cfg.summary {
            s.push_str(&format!(
                "summary  at {}% of {} tokens = {} (--summary-threshold, --window), last {} messages kept (--summary-keep)\n",
                (sum.threshold * 1000.0).round() / 10.0,
                thousands(sum.window),
                thousands(sum.trigger_tokens()),
                sum.keep_last
            ));
        }
    }
    s.push('\n');
    s
}

/// The aligned table, one row per run and strategy.
pub(super) fn table(reports: &[Report]) -> String {
    let header = [
        "trajectory",
        "strategy",
        "steps",
        "total",
        "peak",
        "cached",
        "reuse",
        "steady",
        "cond",
        "task",
        "paired",
        "recall",
    ];
    let yes = |b: bool| if b { "yes" } else { "no" }.to_string();
    let rows: Vec<[String; 12]> = reports
        .iter()
        .map(|r| {
            [
                r.trajectory.clone(),
                r.strategy.clone(),
                r.steps.to_string(),
                thousands(r.total_prompt_tokens),
                thousands(r.peak_prompt_tokens),
                thousands(r.cached_prompt_tokens),
                percent(r.prefix_reuse),
                percent(r.prefix_reuse_steady),
                r.condensations.to_string(),
                yes(r.task_present_all),
                yes(r.calls_paired_all),
                yes(r.recallable_all),
            ]
        })
        .collect();
    let mut width = header.map(str::len);
    for row in &rows {
        for (w, cell) in width.iter_mut().zip(row) {
            *w = (*w).max(cell.chars().count());
        }
    }
    let line = |cells: &[String]| {
        let mut l = String::new();
        for (i, (cell, w)) in cells.iter().zip(width).enumerate() {
            if i > 0 {
                l.push_str("  ");
            }
            if i < 2 {
                l.push_str(&format!("{cell:<w$}"));
            } else {
                l.push_str(&format!("{cell:>w$}"));
            }
        }
        l.trim_end().to_string() + "\n"
    };
    let mut s = line(&header.map(String::from));
    for row in &rows {
        s.push_str(&line(row));
    }
    s
}

/// Per price card: each run's billed cost per strategy, and ours against full and last5.
pub(super) fn bills(reports: &[Report]) -> String {
    let Some(first) = reports.first() else {
        return String::new();
    };
    let mut s = String::new();
    for (k, card) in first.bills.iter().enumerate() {
        s.push_str(&format!(
            "\nbilled with {} (cached / written / uncached prompt tokens, USD)\n",
            card.card
        ));
        for r in reports {
            let Some(b) = r.bills.get(k) else { continue };
            let full = reports
                .iter()
                .find(|o| o.trajectory == r.trajectory && o.strategy == "full")
                .and_then(|o| o.bills.get(k));
            let vs = match full {
                Some(f) if f.bill.cost > 0.0 && r.strategy != "full" => {
                    format!("  {:.2}x full", b.bill.cost / f.bill.cost)
                }
                _ => String::new(),
            };
            let extra = if b.summary_calls > 0 {
                format!("  ({} summary calls)", b.summary_calls)
            } else {
                String::new()
            };
            s.push_str(&format!(
                "{}  {}  {} / {} / {}  ${:.4}{vs}{extra}\n",
                r.trajectory,
                r.strategy,
                thousands(b.bill.cached),
                thousands(b.bill.written),
                thousands(b.bill.uncached),
                b.bill.cost
            ));
        }
    }
    s
}

/// Per run: ours' total prompt tokens as a ratio to full and last5 (those replayed).
pub(super) fn comparisons(reports: &[Report]) -> String {
    let mut names: Vec<&str> = Vec::new();
    for r in reports {
        if !names.contains(&r.trajectory.as_str()) {
            names.push(&r.trajectory);
        }
    }
    let width = names.iter().map(|n| n.chars().count()).max().unwrap_or(0);
    let mut lines = Vec::new();
    for name in names {
        let find = |p: fn(&str) -> bool| {
            reports
                .iter()
                .find(|r| r.trajectory == name && p(&r.strategy))
        };
        let Some(ours) = find(|s| s.starts_with("ours")) else {
            continue;
        };
        let mut parts = Vec::new();
        for (label, other) in [
            ("full", find(|s| s == "full")),
            ("last5", find(|s| s == "last5")),
        ] {
            if let Some(o) = other {
                let unit = if parts.is_empty() {
                    " prompt tokens"
                } else {
                    ""
                };
                parts.push(compare(
                    ours.total_prompt_tokens,
                    o.total_prompt_tokens,
                    unit,
                    label,
                ));
            }
        }
        if parts.is_empty() {
            continue;
        }
        let lossy = find(|s| s == "last5").is_some_and(|r| !r.recallable_all);
        let note = if lossy {
            " (last5 drops old outputs for good)"
        } else {
            ""
        };
        lines.push(format!(
            "{name:<width$}  ours: {}{note}\n",
            parts.join(", ")
        ));
    }
    if lines.is_empty() {
        return String::new();
    }
    let mut s = String::from("\n");
    s.extend(lines);
    s
}

/// `1.53x fewer{unit} than {label}`, `1.02x more...`, or `about as many{unit} as {label} (+0.4%)`
/// when the ratio would print as 1.00: ours' total against another strategy's.
fn compare(ours: u64, other: u64, unit: &str, label: &str) -> String {
    let (big, small) = (ours.max(other) as f64, ours.min(other) as f64);
    let times = if small == 0.0 {
        String::new()
    } else {
        format!("{:.2}", big / small)
    };
    if times.is_empty() || times == "1.00" {
        let diff = if other == 0 {
            0.0
        } else {
            (ours as f64 - other as f64) / other as f64 * 100.0
        };
        return format!("about as many{unit} as {label} ({diff:+.1}%)");
    }
    let dir = if ours < other { "fewer" } else { "more" };
    format!("{times}x {dir}{unit} than {label}")
}

/// `201182` -> `201,182`.
fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut s = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            s.push(',');
        }
        s.push(c);
    }
    s
}

/// `0.8204` -> `82.0%`.
fn percent(f: f64) -> String {
    format!("{:.1}%", f * 100.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thousands_groups_digits() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1000), "1,000");
        assert_eq!(thousands(201_182), "201,182");
        assert_eq!(thousands(12_345_678), "12,345,678");
    }

    #[test]
    fn comparisons_name_the_direction() {
        assert_eq!(
            compare(100, 153, " tokens", "full"),
            "1.53x fewer tokens than full"
        );
        assert_eq!(compare(153, 100, "", "last5"), "1.53x more than last5");
        assert_eq!(
            compare(1005, 1000, "", "full"),
            "about as many as full (+0.5%)"
        );
        assert_eq!(compare(1006, 1000, "", "full"), "1.01x more than full");
        assert_eq!(
            compare(1004, 1000, "", "full"),
            "about as many as full (+0.4%)"
        );
        assert_eq!(
            compare(996, 1000, "", "full"),
            "about as many as full (-0.4%)"
        );
        assert_eq!(compare(7, 7, "", "full"), "about as many as full (+0.0%)");
        assert_eq!(compare(0, 0, "", "full"), "about as many as full (+0.0%)");
    }
}
