use super::*;

fn env(k: &str) -> Option<String> {
    match k {
        "TOKEN" => Some("s3cret".into()),
        "HOME" => Some("/home/u".into()),
        _ => None,
    }
}

fn parse(text: &str) -> Result<McpConfig, ConfigError> {
    McpConfig::parse(text, ".loop/mcp.toml", Path::new("/ws"), &env)
}

#[test]
fn stdio_and_http_servers_with_env_values() {
    let cfg = parse(
        r#"
[servers.fs]
command = "npx"
args = ["-y", "pkg", "${HOME}/notes", "$$5"]
env = { TOKEN = "${TOKEN}" }
cwd = "sub"
startup_timeout_secs = 5

[servers.web]
url = "http://127.0.0.1:9/mcp"
headers = { Authorization = "Bearer ${TOKEN}" }
"#,
    )
    .unwrap();
    let fs = &cfg.servers["fs"];
    assert_eq!(
        fs.transport,
        Transport::Stdio {
            command: "npx".into(),
            args: vec![
                "-y".into(),
                "pkg".into(),
                "/home/u/notes".into(),
                "$5".into()
            ],
            env: [("TOKEN".to_string(), "s3cret".to_string())].into(),
            cwd: Some(PathBuf::from("/ws/sub")),
        }
    );
    assert_eq!(fs.startup_timeout, Duration::from_secs(5));
    assert_eq!(fs.call_timeout, DEFAULT_CALL_TIMEOUT);
    assert_eq!(
        cfg.servers["web"].transport,
        Transport::Http {
            url: "http://127.0.0.1:9/mcp".into(),
            headers: [("Authorization".to_string(), "Bearer s3cret".to_string())].into(),
        }
    );
}

#[test]
fn errors_name_the_file_server_and_field() {
    let e = parse("[servers.x]\ncommand = \"a\"\nargs = [\"${NOPE}\"]\n").unwrap_err();
    assert_eq!(
        e.to_string(),
        ".loop/mcp.toml: [servers.x]: args[0]: environment variable NOPE is not set"
    );
    let e = parse("[servers.x]\ncommand = \"a\"\nurl = \"http://h\"\n").unwrap_err();
    assert!(e.to_string().contains("either `command` or `url`"), "{e}");
    let e = parse("[servers.x]\n").unwrap_err();
    assert!(e.to_string().contains("needs `command`"), "{e}");
    let e = parse("[servers.x]\ncommand = \"a\"\ncomand = 1\n").unwrap_err();
    assert!(
        e.to_string()
            .starts_with(".loop/mcp.toml: unknown field `comand`"),
        "{e}"
    );
    let e = parse("[servers.x]\nurl = \"ftp://h\"\n").unwrap_err();
    assert!(e.to_string().contains("http://"), "{e}");
    let e = parse("[servers.x]\ncommand = \"a\"\ncall_timeout_secs = -1\n").unwrap_err();
    assert!(e.to_string().contains("call_timeout_secs"), "{e}");
}

#[test]
fn disabled_servers_are_left_out_and_later_files_win() {
    let a = parse("[servers.a]\ncommand = \"one\"\n[servers.b]\ncommand = \"b\"\n").unwrap();
    let b =
        parse("[servers.a]\ncommand = \"two\"\n[servers.c]\ncommand = \"c\"\nenabled = false\n")
            .unwrap();
    let m = a.merge(b);
    assert_eq!(m.servers.keys().collect::<Vec<_>>(), ["a", "b"]);
    assert!(
        matches!(&m.servers["a"].transport, Transport::Stdio { command, .. } if command == "two")
    );
}

#[test]
fn other_tables_of_a_config_toml_are_ignored_and_disclosure_parsed() {
    let cfg = parse(
        "default = \"p\"\n[profiles.p]\nmodel = \"m\"\n[disclosure]\nmode = \"always\"\nthreshold_tokens = 10\n",
    )
    .unwrap();
    assert!(cfg.servers.is_empty());
    assert_eq!(cfg.disclosure.mode, DisclosureMode::Always);
    assert_eq!(cfg.disclosure.threshold_tokens, Some(10));
    assert!(parse("[disclosure]\nmode = \"sometimes\"\n").is_err());
}

#[test]
fn expand_env_edge_cases() {
    assert_eq!(expand_env("a$b", &env).unwrap(), "a$b");
    assert!(expand_env("${TOKEN", &env).is_err());
    assert!(expand_env("${}", &env).is_err());
    assert!(expand_env("${A-B}", &env).is_err());
}
