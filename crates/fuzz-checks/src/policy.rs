//! Shell analysis of the policy, with the test rule files and an allow-everything layer loaded.

use std::sync::LazyLock;

use loopwright_policy::{Layer, LayerKind, Policy, Request, Verdict};

/// Programs that a deny rule of the loaded layers names.
pub const DENIED: &[&str] = &["curl", "shutdown", "docker", "git push", "npm publish"];

/// How a denied program is placed around the fuzzed text; in each, the program runs before the
/// fuzzed text is parsed, so nothing in it can turn the program into data.
const SHAPES: &[&str] = &[
    "{p} x; {s}",
    "{p} x && {s}",
    "{p} x || {s}",
    "{p} x | {s}",
    "{p} x & {s}",
    "{p} x\n{s}",
    "({p} x); {s}",
    "{ {p} x; }; {s}",
    "echo $({p} x) {s}",
    "echo `{p} x` {s}",
    "sudo {p} x; {s}",
    "env A=1 {p} x; {s}",
    "timeout 5 {p} x; {s}",
    "bash -c '{p} x'; {s}",
    "FOO=1 {p} {s}",
    "{p} {s}",
];

/// The policy: built-in defaults, the corpus's user and project files, the deny rules above and
/// a rule that allows every other command, so only a missed deny can yield `allow`.
static POLICY: LazyLock<Policy> = LazyLock::new(|| {
    let layer = |kind, file, text| match Layer::parse(kind, file, text) {
        Ok(l) => l,
        Err(e) => panic!("fuzz policy layer {file}: {e}"),
    };
    Policy::load([
        match Layer::builtin() {
            Ok(l) => l,
            Err(e) => panic!("built-in layer: {e}"),
        },
        layer(
            LayerKind::User,
            "user-gate.toml",
            include_str!("../data/user-gate.toml"),
        ),
        layer(
            LayerKind::Project,
            "project-gate.toml",
            include_str!("../data/project-gate.toml"),
        ),
        layer(LayerKind::Rules, "fuzz.toml", FUZZ_RULES),
    ])
});

const FUZZ_RULES: &str = r#"
[[rule]]
verdict = "deny"
command = "curl"
reason = "fuzz: no network"

[[rule]]
verdict = "allow"
glob = "*"
reason = "fuzz: everything else"
"#;

/// A command line holding a denied program (placed by the first byte) never yields `allow`.
/// The fuzzed text alone is also judged, which must not panic.
pub fn shell(data: &[u8]) {
    let Some((suffix, command, program)) = shaped(data) else {
        return;
    };
    let policy = policy();
    let _ = policy.check(&Request::shell(&suffix, "/workspace").with_home("/home/user"));
    let d = policy.check(&Request::shell(&command, "/workspace").with_home("/home/user"));
    assert_ne!(
        d.verdict,
        Verdict::Allow,
        "{command:?} runs {program} but is allowed: {d:?}"
    );
}

/// The two commands [`shell`] judges: the fuzzed text alone (all but the first byte) and that
/// text placed by the first byte after a denied program (also returned); `None` for empty input.
pub fn shaped(data: &[u8]) -> Option<(String, String, &'static str)> {
    let (&head, rest) = data.split_first()?;
    let suffix = String::from_utf8_lossy(rest).into_owned();
    let program = DENIED[usize::from(head >> 4) % DENIED.len()];
    let shape = SHAPES[usize::from(head & 0x0f) % SHAPES.len()];
    let command = shape.replace("{p}", program).replace("{s}", &suffix);
    Some((suffix, command, program))
}

/// The loaded policy (built once per process).
pub fn policy() -> &'static Policy {
    &POLICY
}
