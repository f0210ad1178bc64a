//! Checks per second over the test corpus, the adversarial sets and wildcard-heavy commands
//! (the shape the `policy_shell` fuzz target produces). A measurement, not a test:
//! `cargo run -p loopwright-policy --example throughput [--release]`.

#![allow(clippy::unwrap_used, clippy::print_stdout)]

use std::hint::black_box;
use std::time::Instant;

use loopwright_policy::{Layer, LayerKind, Policy, Request};

fn layer(kind: LayerKind, file: &str, text: &str) -> Layer {
    Layer::parse(kind, file, text).unwrap()
}

fn shells(text: &str) -> Vec<String> {
    #[derive(serde::Deserialize)]
    struct F {
        shell: Vec<(String, String)>,
    }
    toml::from_str::<F>(text)
        .unwrap()
        .shell
        .into_iter()
        .map(|(_, c)| c)
        .collect()
}

fn corpus() -> Vec<String> {
    let table: toml::Table = toml::from_str(include_str!("../tests/data/corpus.toml")).unwrap();
    table["shell"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e.as_array().unwrap()[1].as_str().unwrap().to_string())
        .collect()
}

fn wildcards() -> Vec<String> {
    let mut out = Vec::new();
    for dir in ["", "src/", "~/", "/etc/", "../x/", "a*/", "**/"] {
        for name in [
            "*",
            ".e*",
            "k*.pem",
            "id_*",
            "*.k?y",
            "[a-z]*.rs",
            "x{1,2}*",
            "**",
        ] {
            out.push(format!("cat {dir}{name}"));
            out.push(format!("grep -r x {dir}{name} && ls {dir}"));
        }
    }
    out
}

fn measure(name: &str, policy: &Policy, cmds: &[String]) {
    let reqs: Vec<Request> = cmds
        .iter()
        .map(|c| Request::shell(c, "/work/app").with_home("/home/dev"))
        .collect();
    let rounds = 3;
    let start = Instant::now();
    for _ in 0..rounds {
        for r in &reqs {
            black_box(policy.check(black_box(r)));
        }
    }
    let secs = start.elapsed().as_secs_f64();
    let n = (reqs.len() * rounds) as f64;
    println!(
        "{name:<12} {:>6} commands  {:>10.0} checks/s",
        reqs.len(),
        n / secs
    );
}

fn main() {
    let policy = Policy::load([
        Layer::builtin().unwrap(),
        layer(
            LayerKind::User,
            "user-gate.toml",
            include_str!("../tests/data/user-gate.toml"),
        ),
        layer(
            LayerKind::Project,
            "project-gate.toml",
            include_str!("../tests/data/project-gate.toml"),
        ),
    ]);
    measure("corpus", &policy, &corpus());
    let mut adv = shells(include_str!("../tests/data/adversarial-tune.toml"));
    adv.extend(shells(include_str!(
        "../tests/data/adversarial-holdout.toml"
    )));
    measure("adversarial", &policy, &adv);
    measure("wildcards", &policy, &wildcards());
}
