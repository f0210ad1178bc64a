//! Commands real agents ran that only read inside the workspace or print text: allowed under
//! issue 14's "new user" rule file. Copied from the recorded runs in
//! `bench/context-replay/data/` (mini-swe-agent and SWE-agent trajectories, MIT; see
//! `bench/context-replay/data/SOURCES.md`), workspace `/testbed` as there. The whole set is
//! measured by `cargo run -p loopwright-policy --example real_commands`.

#![allow(clippy::unwrap_used)]

use loopwright_policy::{Policy, Request, Verdict};

mod common;

fn policy() -> Policy {
    common::newuser_policy()
}

fn verdict(p: &Policy, cmd: &str) -> Verdict {
    p.check(&Request::shell(cmd, "/testbed").with_home("/root"))
        .verdict
}

#[test]
fn reads_real_agents_ran_are_allowed() {
    let p = policy();
    for cmd in [
        "nl -ba sympy/physics/quantum/tensorproduct.py | sed -n '348,390p'",
        "head -30 /testbed/src/marshmallow/marshalling.py",
        "nl -ba django/db/models/sql/query.py | sed -n '1000,1100p'",
        "find . -name \"*.py\" -type f -exec grep -l \"can_fast_delete\" {} \\; | head -5",
        "sed -n '970,1010p' tests/admin_inlines/tests.py",
        "cd /testbed && grep -n \"self\\[\" pydicom/dataset.py | head -20",
        "sed -n '243,260p' /testbed/src/sqlfluff/rules/L003.py | cat -n",
        "cd /testbed && sed -n '219,248p' astropy/modeling/separable.py",
        "cat -n src/marshmallow/fields.py | sed -n '630,640p'",
        "grep -r \"_build_app_dict\" --include=\"*.py\" .",
        "find /testbed -type f -name \"*.py\" | grep -i management | head -20",
        "cd /testbed && find . -name \"*.py\" -type f -exec grep -l \"imported_member\" {} \\;",
        "ls -la",
        "git diff",
    ] {
        assert_eq!(verdict(&p, cmd), Verdict::Allow, "{cmd}");
    }
}

#[test]
fn writes_runs_and_blank_split_names_are_not_allowed() {
    let p = policy();
    for cmd in [
        "sed -n '680,760p' /testbed/src/sqlfluff/rules/L003.py > /tmp/section.txt && cat /tmp/section.txt",
        "cd /testbed && python -m pytest tests/unittest_python3.py -xvs 2>&1",
        "git checkout django/db/models/lookups.py",
        "rm -rf reproduce_app",
        // xargs splits find's output at blanks: a name may carry `.env` as a word
        "find . -name \"*.py\" -type f | xargs grep -l \"FILE_UPLOAD_PERMISSIONS\" 2>/dev/null",
    ] {
        assert_ne!(verdict(&p, cmd), Verdict::Allow, "{cmd}");
    }
}
