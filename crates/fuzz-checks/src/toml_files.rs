//! Hand-typed TOML: gate rule files and the provider config file.

use std::sync::LazyLock;

use loopwright_policy::{Layer, LayerKind, Policy, Request, ToolRole, Verdict};
use loopwright_providers::config::{ConfigFile, Flags, resolve};

/// The built-in layer, parsed once per process (it does not depend on the input).
static BUILTIN: LazyLock<Layer> = LazyLock::new(|| match Layer::builtin() {
    Ok(l) => l,
    Err(e) => panic!("built-in layer does not load: {e}"),
});

/// A rule file that loads never lets a project layer override a deny of the built-in layer
/// (`cat .env` is never allowed), and judging with it does not panic.
pub fn rules(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let Ok(layer) = Layer::parse(LayerKind::Project, ".loop/gate.toml", &text) else {
        return;
    };
    let policy = Policy::load([BUILTIN.clone(), layer]);
    for (tool, cmd) in [
        ("shell", "cat .env"),
        ("shell", "git status && cat ~/.ssh/id_rsa"),
        ("read_file", "config/.env.local"),
    ] {
        let role = loopwright_agent::tools::builtin::builtin_role(tool);
        let req = if role == ToolRole::Shell {
            Request::shell(cmd, "/workspace")
        } else {
            Request::file(role, tool, cmd, "/workspace")
        };
        let d = policy.check(&req.with_home("/home/user"));
        assert_ne!(d.verdict, Verdict::Allow, "{cmd:?} allowed by {text:?}");
    }
    let _ = policy.check(&Request::shell("git status; ls -la | wc -l", "/workspace"));
}

/// A config file that parses resolves (or fails with an error) without panicking, for no
/// flags and for a profile named on the command line.
pub fn config(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let Ok(file) = toml::from_str::<ConfigFile>(&text) else {
        return;
    };
    let env = |k: &str| (k == "OPENAI_API_KEY").then(|| "sk-fuzz".to_string());
    let _ = resolve(&Flags::default(), &env, &file, "config.toml");
    for name in file.profiles.keys() {
        let flags = Flags {
            profile: Some(name.clone()),
            ..Flags::default()
        };
        let _ = resolve(&flags, &env, &file, "config.toml");
    }
}
