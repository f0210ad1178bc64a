//! The client against real MCP servers: the reference filesystem and everything servers (npm),
//! mcp-server-git (PyPI), and two small servers of ours on the Python SDK that crash mid-call
//! or never answer `initialize`.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use loopwright_mcp::{CallError, McpHub, ServerConfig, Transport};
use serde_json::{Map, Value, json};

use crate::support::{npm_bin, venv_bin};

fn stdio(name: &str, command: &Path, args: &[&str]) -> ServerConfig {
    ServerConfig {
        name: name.into(),
        transport: Transport::Stdio {
            command: command.display().to_string(),
            args: args.iter().map(|s| (*s).to_owned()).collect(),
            env: BTreeMap::new(),
            cwd: None,
        },
        startup_timeout: Duration::from_secs(60),
        call_timeout: Duration::from_secs(60),
        file: "test".into(),
    }
}

fn obj(v: Value) -> Map<String, Value> {
    v.as_object().unwrap().clone()
}

fn fixture(name: &str) -> String {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(name)
        .display()
        .to_string()
}

#[test]
fn filesystem_server_reads_a_2_mb_file() {
    let Some(fs) = npm_bin("mcp-server-filesystem") else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let root = std::fs::canonicalize(dir.path()).unwrap();
    let line = "0123456789abcdefghijklmnopqrstuvwxyz0123456789abcdefghijklmnopqrstuvwxyz\n";
    let big: String = line.repeat(2 * 1024 * 1024 / line.len() + 1);
    std::fs::write(root.join("big.txt"), &big).unwrap();
    let hub = McpHub::start(vec![stdio("fs", &fs, &[root.to_str().unwrap()])], &[]).unwrap();
    assert!(hub.failures().is_empty(), "{:?}", hub.failures());
    let tool = hub
        .tools()
        .iter()
        .find(|t| t.name == "mcp__fs__read_text_file")
        .unwrap();
    assert_eq!(tool.raw_name, "read_text_file");
    assert_eq!(tool.input_schema["type"], "object");
    let path = root.join("big.txt");
    let out = hub
        .call(
            "mcp__fs__read_text_file",
            obj(json!({"path": path})),
            &|| false,
        )
        .unwrap();
    assert!(!out.is_error);
    assert_eq!(out.text.len(), big.len());
    assert_eq!(out.text, big);
    hub.shutdown();
}

#[test]
fn everything_server_text_image_structured_resource_and_timeout() {
    let Some(ev) = npm_bin("mcp-server-everything") else {
        return;
    };
    let mut cfg = stdio("everything", &ev, &["stdio"]);
    cfg.call_timeout = Duration::from_secs(2);
    let hub = McpHub::start(vec![cfg], &[]).unwrap();
    assert!(hub.failures().is_empty(), "{:?}", hub.failures());
    let names: Vec<&str> = hub.tools().iter().map(|t| t.name.as_str()).collect();
    assert!(names.contains(&"mcp__everything__echo"), "{names:?}");
    // `get-sum` has a dash: still a clean name, raw name kept
    let sum = hub
        .tools()
        .iter()
        .find(|t| t.raw_name == "get-sum")
        .unwrap();
    assert_eq!(sum.name, "mcp__everything__get-sum");
    let r = hub
        .call(
            "mcp__everything__echo",
            obj(json!({"message": "hi there"})),
            &|| false,
        )
        .unwrap();
    assert!(r.text.contains("hi there"), "{}", r.text);
    let r = hub
        .call("mcp__everything__get-tiny-image", Map::new(), &|| false)
        .unwrap();
    assert!(r.text.contains("[image: image/png,"), "{}", r.text);
    assert!(!r.text.contains("iVBOR"), "base64 must not reach the model");
    let r = hub
        .call(
            "mcp__everything__get-structured-content",
            obj(json!({"location": "New York"})),
            &|| false,
        )
        .unwrap();
    assert!(r.text.contains("temperature"), "{}", r.text);
    let r = hub
        .call(
            "mcp__everything__get-resource-reference",
            obj(json!({"resourceType": "Text", "resourceId": 1})),
            &|| false,
        )
        .unwrap();
    assert!(r.text.contains("[resource "), "{}", r.text);
    // a call longer than the call timeout is cancelled, and the server still answers after it
    let e = hub
        .call(
            "mcp__everything__trigger-long-running-operation",
            obj(json!({"duration": 30, "steps": 30})),
            &|| false,
        )
        .unwrap_err();
    assert!(matches!(e, CallError::Timeout { secs: 2, .. }), "{e}");
    // the caller's cancellation
    let flag = AtomicBool::new(true);
    let e = hub
        .call(
            "mcp__everything__trigger-long-running-operation",
            obj(json!({"duration": 30, "steps": 30})),
            &|| flag.load(Ordering::SeqCst),
        )
        .unwrap_err();
    assert!(matches!(e, CallError::Cancelled(_)), "{e}");
    let r = hub
        .call(
            "mcp__everything__echo",
            obj(json!({"message": "still here"})),
            &|| false,
        )
        .unwrap();
    assert!(r.text.contains("still here"));
    hub.shutdown();
}

#[test]
fn git_server_status() {
    let Some(git) = venv_bin("mcp-server-git") else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let repo = std::fs::canonicalize(dir.path()).unwrap();
    let ok = std::process::Command::new("git")
        .arg("init")
        .arg("-q")
        .arg(&repo)
        .status()
        .unwrap();
    assert!(ok.success());
    std::fs::write(repo.join("new.txt"), "x").unwrap();
    let hub = McpHub::start(
        vec![stdio(
            "git",
            &git,
            &["--repository", repo.to_str().unwrap()],
        )],
        &[],
    )
    .unwrap();
    assert!(hub.failures().is_empty(), "{:?}", hub.failures());
    assert!(hub.tools().iter().any(|t| t.name == "mcp__git__git_status"));
    let r = hub
        .call(
            "mcp__git__git_status",
            obj(json!({"repo_path": repo})),
            &|| false,
        )
        .unwrap();
    assert!(r.text.contains("new.txt"), "{}", r.text);
    hub.shutdown();
}

#[test]
fn a_server_that_exits_mid_call_and_one_that_never_answers() {
    let Some(py) = venv_bin("python") else { return };
    let mut silent = stdio("silent", &py, &[&fixture("silent_server.py")]);
    silent.startup_timeout = Duration::from_secs(3);
    let dying = stdio("dying", &py, &[&fixture("dying_server.py")]);
    let hub = McpHub::start(vec![silent, dying], &[]).unwrap();
    // the silent one is reported with its stderr; the run goes on with the other
    assert_eq!(hub.failures().len(), 1, "{:?}", hub.failures());
    let f = &hub.failures()[0];
    assert_eq!(f.server, "silent");
    assert!(f.reason.contains("within 3 s"), "{}", f.reason);
    assert!(f.stderr_tail.contains("loading a very large index"), "{f}");
    let r = hub.call("mcp__dying__ok", Map::new(), &|| false).unwrap();
    assert!(r.text.contains("ok"));
    // the grandchild of a server dies with its process group at shutdown
    let pidfile = tempfile::NamedTempFile::new().unwrap();
    hub.call(
        "mcp__dying__spawn",
        obj(json!({"pidfile": pidfile.path()})),
        &|| false,
    )
    .unwrap();
    let e = hub
        .call("mcp__dying__die", Map::new(), &|| false)
        .unwrap_err();
    match &e {
        CallError::Server {
            server,
            stderr_tail,
            ..
        } => {
            assert_eq!(server, "dying");
            assert!(stderr_tail.contains("simulated crash"), "{e}");
        }
        other => panic!("expected a server failure, got {other}"),
    }
    hub.shutdown();
    let pid: i32 = std::fs::read_to_string(pidfile.path())
        .unwrap()
        .trim()
        .parse()
        .unwrap();
    let mut alive = true;
    for _ in 0..100 {
        let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
        // gone, or a zombie waiting for its (re)parent
        if stat.is_empty() || stat.split_whitespace().nth(2) == Some("Z") {
            alive = false;
            break;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    assert!(
        !alive,
        "grandchild {pid} outlived its server's process group"
    );
}

/// A child process killed when the test ends, however it ends.
struct Child(std::process::Child);

impl Drop for Child {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

#[test]
fn everything_server_over_streamable_http() {
    use std::io::BufRead;
    let Some(ev) = npm_bin("mcp-server-everything") else {
        return;
    };
    // A free port on 127.0.0.1 for the server (it reads PORT).
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let mut child = std::process::Command::new(&ev)
        .arg("streamableHttp")
        .env("PORT", port.to_string())
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let stderr = child.stderr.take().unwrap();
    let server = Child(child);
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in std::io::BufReader::new(stderr)
            .lines()
            .map_while(Result::ok)
        {
            if line.contains("listening") {
                let _ = tx.send(());
            }
        }
    });
    rx.recv_timeout(Duration::from_secs(60))
        .expect("server-everything did not start listening within 60 s");
    let cfg = ServerConfig {
        name: "remote".into(),
        transport: Transport::Http {
            url: format!("http://127.0.0.1:{port}/mcp"),
            headers: BTreeMap::from([("X-Loop-Test".to_owned(), "1".to_owned())]),
        },
        startup_timeout: Duration::from_secs(60),
        call_timeout: Duration::from_secs(60),
        file: "test".into(),
    };
    let hub = McpHub::start(vec![cfg], &[]).unwrap();
    assert!(hub.failures().is_empty(), "{:?}", hub.failures());
    assert!(
        hub.tools().iter().any(|t| t.name == "mcp__remote__echo"),
        "{:?}",
        hub.tools()
    );
    let r = hub
        .call(
            "mcp__remote__echo",
            obj(json!({"message": "over http"})),
            &|| false,
        )
        .unwrap();
    assert!(r.text.contains("over http"), "{}", r.text);
    hub.shutdown();
    drop(server);

    // Nobody listens there any more: reported as a failure, not a hang or a panic.
    let cfg = ServerConfig {
        name: "gone".into(),
        transport: Transport::Http {
            url: format!("http://127.0.0.1:{port}/mcp"),
            headers: BTreeMap::new(),
        },
        startup_timeout: Duration::from_secs(10),
        call_timeout: Duration::from_secs(10),
        file: "test".into(),
    };
    // This build has no TLS: an https server is reported, not fatal.
    let mut tls = cfg.clone();
    tls.name = "tls".into();
    tls.transport = Transport::Http {
        url: "https://127.0.0.1:9/mcp".into(),
        headers: BTreeMap::new(),
    };
    let hub = McpHub::start(vec![cfg, tls], &[]).unwrap();
    let failed: Vec<&str> = hub.failures().iter().map(|f| f.server.as_str()).collect();
    assert_eq!(failed, ["gone", "tls"], "{:?}", hub.failures());
}
