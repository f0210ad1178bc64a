//! The adversarial sets of issue 14 under the "new user" rule file: no verdict looser than
//! expected, and no harmless command stricter than `allow`.

#![allow(clippy::unwrap_used)]

use loopwright_policy::{Layer, LayerKind, Policy, Request, Verdict};

fn policy() -> Policy {
    let user = Layer::parse(
        LayerKind::Project,
        "newuser-gate.toml",
        include_str!("data/newuser-gate.toml"),
    )
    .unwrap();
    Policy::load([Layer::builtin().unwrap(), user])
}

fn entries(text: &str) -> Vec<(Verdict, String)> {
    #[derive(serde::Deserialize)]
    struct F {
        shell: Vec<(Verdict, String)>,
    }
    toml::from_str::<F>(text).unwrap().shell
}

/// (wrong, total, report)
fn judge(text: &str) -> (usize, usize, String) {
    let p = policy();
    let mut wrong = Vec::new();
    let all = entries(text);
    for (want, cmd) in &all {
        let d = p.check(&Request::shell(cmd, "/work/app").with_home("/home/dev"));
        let ok = match want {
            Verdict::Allow => d.verdict == Verdict::Allow,
            w => d.verdict >= *w,
        };
        if !ok {
            wrong.push(format!(
                "{cmd:?}: want {want}, got {} ({})",
                d.verdict, d.reason
            ));
        }
    }
    (wrong.len(), all.len(), wrong.join("\n"))
}

#[test]
fn tuned_set() {
    let (wrong, total, report) = judge(include_str!("data/adversarial-tune.toml"));
    assert!(wrong == 0, "{wrong}/{total} wrong:\n{report}");
}

#[test]
fn held_out_set() {
    let (wrong, total, report) = judge(include_str!("data/adversarial-holdout.toml"));
    eprintln!("held-out: {}/{total} as expected", total - wrong);
    if std::env::var_os("GATE_HOLDOUT_REPORT").is_some() {
        eprintln!("{report}");
    }
    assert!(wrong == 0, "{wrong}/{total} wrong:\n{report}");
}
