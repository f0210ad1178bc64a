use super::*;

fn spec(name: &str, description: &str, props: &[&str]) -> ToolSpec {
    let properties: Map<String, Value> = props
        .iter()
        .map(|p| ((*p).to_owned(), json!({"type": "string"})))
        .collect();
    ToolSpec {
        name: name.into(),
        description: description.into(),
        input_schema: json!({"type": "object", "properties": properties, "required": props}),
    }
}

fn sample() -> Deferred {
    Deferred::new(vec![
        spec(
            "mcp__git__git_status",
            "Shows the working tree status",
            &["repo_path"],
        ),
        spec(
            "mcp__git__git_log",
            "Shows the commit logs",
            &["repo_path", "max_count"],
        ),
        spec(
            "mcp__fs__read_text_file",
            "Read the complete contents of a file as text",
            &["path"],
        ),
        spec(
            "mcp__fs__write_file",
            "Create a new file or overwrite an existing file",
            &["path", "content"],
        ),
        spec(
            "mcp__everything__echo",
            "Echoes back the input",
            &["message"],
        ),
    ])
}

#[test]
fn catalogue_is_sorted_one_line_each() {
    let c = sample().catalogue();
    insta::assert_snapshot!(c, @r"
    Deferred tools (5): their schemas are not loaded. Call `tool_search` with a query to get a tool's full schema, then `tool_call` with its name and arguments.
    - mcp__everything__echo: Echoes back the input
    - mcp__fs__read_text_file: Read the complete contents of a file as text
    - mcp__fs__write_file: Create a new file or overwrite an existing file
    - mcp__git__git_log: Shows the commit logs
    - mcp__git__git_status: Shows the working tree status
    ");
}

#[test]
fn exact_name_first_then_bm25() {
    let d = sample();
    let names = |q: &str| {
        d.search(q)
            .iter()
            .map(|t| t.name.clone())
            .collect::<Vec<_>>()
    };
    assert_eq!(names("mcp__git__git_log")[0], "mcp__git__git_log");
    assert_eq!(names("read a file")[0], "mcp__fs__read_text_file");
    assert_eq!(names("commit history logs")[0], "mcp__git__git_log");
    assert_eq!(names("working tree status")[0], "mcp__git__git_status");
    assert!(names("zebra").is_empty());
    assert!(names("file").len() <= SEARCH_RESULTS);
}

#[test]
fn camel_and_snake_case_split() {
    assert_eq!(
        tokens("readTextFile git_status-x"),
        ["read", "text", "file", "git", "status", "x"]
    );
}

#[test]
fn tool_call_validates_against_the_target_schema() {
    let d = sample();
    let ok = d
        .check_call(&json!({"name": "mcp__fs__read_text_file", "arguments": {"path": "a.txt"}}))
        .unwrap();
    assert_eq!(ok.name, "mcp__fs__read_text_file");
    assert_eq!(ok.arguments["path"], "a.txt");
    let e = d
        .check_call(&json!({"name": "mcp__fs__read_text_file", "arguments": {"path": 3}}))
        .unwrap_err();
    assert!(matches!(e, DisclosureError::InvalidArguments { .. }), "{e}");
    assert!(e.to_string().contains("/path"), "{e}");
    let e = d
        .check_call(&json!({"name": "mcp__fs__read_txt_file"}))
        .unwrap_err();
    assert!(e.to_string().contains("did you mean"), "{e}");
    let e = d.check_call(&json!({"arguments": {}})).unwrap_err();
    assert_eq!(
        e.to_string(),
        "tool_call: argument `name` is required (the name of a deferred tool)"
    );
    let e = d
        .check_call(&json!({"name": "mcp__everything__echo", "arguments": []}))
        .unwrap_err();
    assert!(e.to_string().contains("must be an object"));
}

#[test]
fn search_result_is_full_definitions() {
    let d = sample();
    let text = d.run_search(&json!({"query": "echo"})).unwrap();
    let v: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(v[0]["name"], "mcp__everything__echo");
    assert_eq!(v[0]["input_schema"]["required"][0], "message");
    assert!(d.run_search(&json!({})).is_err());
    assert!(
        d.run_search(&json!({"query": "nothing-like-it"}))
            .unwrap()
            .starts_with("No deferred tool")
    );
}

#[test]
fn defer_decision() {
    let auto = DisclosureConfig::default();
    assert!(!auto.should_defer(1000, 200_000));
    assert!(auto.should_defer(20_001, 200_000));
    let fixed = DisclosureConfig {
        threshold_tokens: Some(10),
        ..auto
    };
    assert!(fixed.should_defer(11, 200_000));
    let never = DisclosureConfig {
        mode: DisclosureMode::Never,
        ..auto
    };
    assert!(!never.should_defer(usize::MAX, 1));
    let always = DisclosureConfig {
        mode: DisclosureMode::Always,
        ..auto
    };
    assert!(always.should_defer(0, 1));
}

#[test]
fn proxy_tools_are_stable() {
    assert_eq!(search_tool_spec(), search_tool_spec());
    assert_eq!(
        call_tool_spec().to_json().to_string(),
        call_tool_spec().to_json().to_string()
    );
}
