//! Snapshots of the texts people and models read, built from a realistic ledger.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use loopwright_guard::breaker::{BreakerConfig, decide};
use loopwright_guard::prune::{PruneConfig, prune, prune_attempts};
use loopwright_guard::report::{check_line, inject_text, status_text, summary_text};
use loopwright_guard::summary::summarize;
use loopwright_protocol::json::{parse, to_string_pretty};
use loopwright_protocol::ledger::Ledger;

const LEDGER: &str = r#"{
  "goal": "Get the failing migration test to pass",
  "startedAt": "2026-11-30T09:00:00.000Z",
  "attempts": [
    {"iteration": 1, "action": "run migration", "outcome": "failure",
     "error": "Error: connect ECONNREFUSED 127.0.0.1:5432\n    at TCPConnectWrap.afterConnect (node:net:1555:16)", "tokensUsed": 1500},
    {"iteration": 2, "action": "start postgres and rerun", "outcome": "failure",
     "error": "Error: relation \"users\" does not exist\n    at Parser.parseErrorMessage (/app/node_modules/pg-protocol/dist/parser.js:287:98)\n    at Parser.handlePacket (/app/node_modules/pg-protocol/dist/parser.js:126:29)\n    at Parser.parse (/app/node_modules/pg-protocol/dist/parser.js:39:38)\n    at Socket.<anonymous> (/app/node_modules/pg-protocol/dist/index.js:11:42)\n    at Socket.emit (node:events:519:28)\n    at addChunk (node:internal/streams/readable:559:12)\n    at readableAddChunkPushByteMode (node:internal/streams/readable:510:3)\n    at Readable.push (node:internal/streams/readable:390:5)\n    at TCP.onStreamRead (node:internal/stream_base_commons:191:23)", "tokensUsed": 2100},
    {"iteration": 3, "action": "run migrations before tests", "outcome": "failure",
     "error": "Error: relation \"users\" does not exist\n    at Parser.parseErrorMessage (/app/node_modules/pg-protocol/dist/parser.js:287:98)", "tokensUsed": 1900},
    {"iteration": 4, "action": "seed users table", "outcome": "success", "tokensUsed": 1200},
    {"iteration": 5, "action": "run full suite", "outcome": "failure",
     "error": "AssertionError: expected 3 to equal 4 at /app/test/users.test.js:41:12", "tokensUsed": 2400}
  ]
}"#;

fn ledger() -> Ledger {
    Ledger::from_value(&parse(LEDGER).unwrap()).unwrap()
}

#[test]
fn status_view() {
    let l = ledger();
    let text = status_text(&summarize(&l, 0.85), &decide(&l, &BreakerConfig::default()));
    insta::assert_snapshot!(text);
}

#[test]
fn summary_view() {
    insta::assert_snapshot!(summary_text(&summarize(&ledger(), 0.85)));
}

#[test]
fn injection_block_continue() {
    let l = ledger();
    let c = BreakerConfig::default();
    let text = inject_text(
        &l.goal,
        &summarize(&l, 0.85),
        &decide(&l, &c),
        &prune_attempts(&l, &PruneConfig::default()),
        c.max_iterations,
    );
    insta::assert_snapshot!(text);
}

#[test]
fn injection_block_stop_and_check_line() {
    let l = ledger();
    let c = BreakerConfig {
        token_budget: Some(5000.0),
        ..BreakerConfig::default()
    };
    let d = decide(&l, &c);
    let text = inject_text(
        &l.goal,
        &summarize(&l, 0.85),
        &d,
        &prune_attempts(
            &l,
            &PruneConfig {
                max_trace_lines: 3.0,
                ..PruneConfig::default()
            },
        ),
        c.max_iterations,
    );
    insta::assert_snapshot!(format!("{text}\n---\n{}", check_line(&d)));
}

#[test]
fn pruned_ledger_collapses_repeats() {
    let l = ledger();
    let pruned = prune(
        &l,
        &PruneConfig {
            window: 4.0,
            max_trace_lines: 2.0,
            similarity_threshold: 0.85,
        },
    );
    insta::assert_snapshot!(to_string_pretty(&pruned));
}
