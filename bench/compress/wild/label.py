#!/usr/bin/env python3
"""Labels anchor lines of the `wild` corpus by the written procedure of
crates/observe/tests/data/wild/README.md. It reads only the log and its tool name: never the
compressor or its output.

    python3 bench/compress/wild/label.py CORPUS_DIR     # reads logs/ + sources.json, writes labels/
"""
import hashlib, json, os, re, sys

ANSI = re.compile(rb"\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(\x07|\x1b\\)|\x1b[()][A-Za-z0-9]|\x1b[=>78]")
DATA_TOOLS = {"ls", "find", "grep", "du", "ps", "tar", "env", "dpkg", "pip-list", "git-blame"}

W = r"(?<![\w./\\-])"   # a word not glued to an identifier, path or flag
E = r"(?![\w/\\-]|\.\w)"
ERR = re.compile(W + r"(errors?|err!|fatal|failed|failures?|fail|panic(ked)?|exceptions?|critical|crit|emerg|alert|severe|"
                 r"abort(ed)?|segmentation fault|core dumped|denied|refused|cannot|can't|could not|couldn't|unable to|"
                 r"undefined (reference|symbol|variable|name)|not found|no such file|timed out|traceback|"
                 r"invalid|unresolved|uncaught|unhandled|mismatch(ed)?|leak(ed|s)?|definitely lost|killed|oom)" + E, re.I)
WARN = re.compile(W + r"(warn(ing)?s?|deprecat\w+|caution|notice)" + E, re.I)
ZERO = re.compile(r"(^|\W)(0|no|zero|without)\s+(\w+\s+)?(errors?|warnings?|failures?|failed|problems?|issues?|leaks?)\b|"
                  r"\b(errors?|warnings?|failures?|failed|leaks?)\W{0,3}\s*(0|none)\b", re.I)
COUNT = re.compile(r"\b\d+\s+(tests?|passed|passing|failed|failing|fail|pass|errors?|warnings?|problems?|issues?|"
                   r"skipped|pending|todo|failures?|suites?|examples?|assertions?|checks?|files?\s+(would\s+be\s+)?"
                   r"(reformatted|changed|left)|vulnerabilit\w+|packages?|upgraded|newly installed|insertions?|deletions?)\b|"
                   r"\b(tests|pass|fail|failures|errors|skipped|passed|failed)\s*[:=]\s*\d+", re.I)
OUTCOME = re.compile(r"^\W*(finished|build (succeeded|failed|success|failure)|success(fully)?|(ok|pass(ed)?|fail(ed)?)\s*$|"
                     r"done\b|all (checks|tests) passed|compiled successfully|completed|saved|downloaded|installed|"
                     r"your code has been rated|no issues|found \d+)|\bsaved\b|exit(ed)? (status|code)|exit code|"
                     r"status \d+/|returned non-zero|\*\*\* \[|error \d+\)?$|\bELIFECYCLE\b|BUILD (SUCCESS|FAILURE)", re.I)
LOC = re.compile(r"[\w./\\-]*\w\.[A-Za-z]\w{0,5}(:\d+(:\d+)?|\(\d+(,\d+)?\)| line \d+)|File \"[^\"]+\", line \d+")
LOC_ONLY = re.compile(r"^\s*(-+>|╭─*|┌─*|❯|›|at|in|from|called from|\|)?\s*\(?\S*\w\.[A-Za-z]\w{0,5}"
                      r"(:\d+(:\d+)?|\(\d+(,\d+)?\))\)?\s*$")
FRAME = re.compile(r"^\s*(at\s+\S.*[:(]\d+|File \"[^\"]+\", line \d+|#\d+\s+(0x[0-9a-f]+ in )?\S+.* at \S+:\d+|"
                   r"==\d+==\s+(at|by) 0x[0-9A-F]+: .*\(\S+:\d+\)|\d+:\s+0x[0-9a-f]+ - |\S+\.go:\d+ \+0x|"
                   r"at \./\S+\.rs:\d+|\S+\.(rb|php|pl|lua):\d+:? in |.*\bline \d+, in \w)", re.I)
FRAMEISH = re.compile(r"^\s*(at |File \"|#\d+\s|==\d+==\s+(at|by) |\d+: |\S+\.go:\d+|\[C\]|\S+:\d+: in |in function)")
LIB = re.compile(r"std\[|core\[|alloc::|backtrace_rs|__rust|site-packages|dist-packages|/lib/python|<frozen|node_modules|node:|internal/|/rustc/|\.cargo/registry|"
                 r"/usr/(lib|include|share|src)|libc\.so|ld-linux|go/src/|GOROOT|/lib/x86_64|vg_replace|\(in /|"
                 r"java\.|jdk\.|sun\.|org\.junit|std::|core::|<unknown>|\?\?", re.I)
FAILED_TEST = re.compile(r"^\s*(FAILED\b|not ok \d+|--- FAIL|FAIL[: ]|✗|×|✖|❌|●|\d+\) \S)|\.\.\. FAILED|\bFAILED\s*$|"
                         r"^\s*(test\s+\S+\s+\.\.\.\s+(FAILED|ERROR))", re.I)
STRUCT = re.compile(r"^(commit [0-9a-f]{7,}|diff --git |Traceback \(most recent call last\)|failures:$|"
                    r"=+ (FAILURES|ERRORS|short test summary info) =+|---- \S+ stdout ----|"
                    r"(The above exception|During handling of the above exception)|Caused by:|\s*Caused by:)")
HEADER = re.compile(r"^(/|\./|[A-Za-z]:\\|\w[\w.-]*/)\S*\.\w{1,6}$")   # a file name alone (eslint, tsc --pretty groups)
QUOTE = re.compile(r"^\s*[-+]\s{2,}\S|^\s*\d+\s[-+]\s|^\s*\d*\s*[|│]|^\s*[-+]?\s*\d+\s*[|│]|^\s*\^[-~^]*\s*$")  # quoted source: `12 | code`, `|`, carets
MASK = re.compile(r"0x[0-9a-fA-F]+|\d+|'[^']*'|\"[^\"]*\"|`[^`]*`|‘[^’]*’|\S*/\S*")


def clean(raw):
    line = ANSI.sub(b"", raw)
    if b"\r" in line:
        parts = [p for p in line.split(b"\r") if p]
        line = parts[-1] if parts else b""
    return line.decode("utf-8", "replace")


def template(text):
    return MASK.sub("#", text).strip()


def label(lines, tool):
    anchors, kinds, secondary = set(), {}, set()
    add = lambda i, k: (anchors.add(i + 1), kinds.setdefault(k, set()).add(i + 1))
    data_only = tool in DATA_TOOLS
    warn_groups, err_seen = {}, set()
    last_diag, in_stack, stack_done, in_hunk = -10, False, False, False
    for i, t in enumerate(lines):
        s = t.strip()
        if not s:
            in_stack = False
            continue
        if data_only:
            continue
        # quoted source and diff hunk content is code, not what the tool says
        if t.startswith("@@ ") or t.startswith("diff "):
            in_hunk = t.startswith("@@ ")
        elif in_hunk and t[:1] in ("+", "-", " ", "\\"):
            continue
        elif in_hunk:
            in_hunk = False
        if QUOTE.match(t):
            continue
        frameish = bool(FRAMEISH.match(t))
        if not frameish:
            in_stack, stack_done = False, False
        # 1. failures and structure
        if FAILED_TEST.search(t) and not ZERO.search(t):
            add(i, "failure"); last_diag = i; continue
        if STRUCT.match(t):
            add(i, "structure"); last_diag = i; continue
        # 2. frames: first frame in project code of each stack
        if FRAME.match(t):
            if not stack_done and not LIB.search(t):
                add(i, "frame"); stack_done = True
            in_stack = True
            continue
        has_err = ERR.search(t) and not ZERO.search(t)
        has_warn = WARN.search(t) and not ZERO.search(t)
        # a grep-like `path:N:` line is a diagnostic only when the severity follows the location
        m = re.match(r"^\S+?:\d+:(\d+:)?\s*", t)
        if m and (has_err or has_warn):
            rest = t[m.end():]
            head = rest.split(":")[0][:40]
            if not (ERR.search(head) or WARN.search(head) or re.match(r"^[A-Z]{1,4}\d{2,5}\b", rest)):
                has_err = has_warn = None
        if (m and re.match(r"^[A-Z]{1,4}\d{2,5}\b|^\[?[A-Z]\d{4}\]?", t[m.end():])) or re.match(r"^[A-Z]{1,4}\d{2,5}[ :\[]\s*\S", t):
            has_warn = has_warn or not has_err
        if has_err:
            key = re.sub(r"^\W*\d[\d:.\-TZ ,+/]*", "", t)  # repeated identical errors count once
            key = re.sub(r"\[\d+\]|\bpid[= ]\d+|0x[0-9a-f]+|==\d+==", "#", key)
            if key in err_seen:
                secondary.add(i + 1)
            else:
                err_seen.add(key); add(i, "error")
            last_diag = i; continue
        if has_warn:
            key = template(re.sub(r"^\S+?:\d+(:\d+)?:?\s*", "", t))
            code = re.search(r"\[[\w./=-]+\]\s*$|\b[A-Z]{1,4}\d{2,5}\b", t)
            key = code.group(0) if code else key
            n = warn_groups.get(key, 0) + 1
            warn_groups[key] = n
            if n <= 5:
                add(i, "warning")
            else:
                secondary.add(i + 1)
            last_diag = i; continue
        # 3. location-only lines (rustc/ruff `-->`, vitest `❯`): where to look
        if LOC_ONLY.match(t):
            add(i, "location"); continue
        # 4. exception/message shapes
        if re.match(r"^\s*([\w.$]+\.)?[A-Z]\w*(Error|Exception|Warning)\b(:|$)|^\s*E\s{2,}\S|^\s*(Expected|Received|actual|expected)\b.*[:=]", t):
            add(i, "message"); last_diag = i; continue
        # 5. summaries, counts, outcomes
        if COUNT.search(t):
            add(i, "summary"); continue
        if OUTCOME.search(t):
            # outcomes of one shape (`Downloaded x` per package) count once per 5, like warnings
            key = "outcome:" + re.sub(r"\d", "0", t.split()[0].lower())
            n = warn_groups.get(key, 0) + 1
            warn_groups[key] = n
            if n <= 5:
                add(i, "summary")
            else:
                secondary.add(i + 1)
            continue
        # 6. file header of a per-file group of diagnostics (eslint stylish, tsc --pretty)
        if HEADER.match(t) and i + 1 < len(lines) and re.match(r"^\s+\d+:\d+\s", lines[i + 1]):
            add(i, "structure"); continue
    # 7. the last non-blank line says how it ended
    for i in range(len(lines) - 1, -1, -1):
        if lines[i].strip():
            add(i, "summary"); break
    secondary -= anchors
    return sorted(anchors), {k: sorted(v) for k, v in sorted(kinds.items())}, sorted(secondary)


def main():
    root = sys.argv[1]
    sources = json.load(open(os.path.join(root, "sources.json")))
    os.makedirs(os.path.join(root, "labels"), exist_ok=True)
    for name, src in sorted(sources.items()):
        path = os.path.join(root, "logs", name + ".log")
        if not os.path.exists(path):
            continue
        raw = open(path, "rb").read()
        lines = [clean(l) for l in raw.split(b"\n")]
        if lines and lines[-1] == "":
            lines.pop()
        anchors, kinds, secondary = label(lines, src["tool"])
        out = {"tool": src["tool"], "command": src["command"], "exit": src["exit"], "notes": src.get("note", ""),
               "lines": len(lines), "bytes": len(raw), "sha256": hashlib.sha256(raw).hexdigest(),
               "anchors": anchors, "anchor_kinds": kinds, "secondary": secondary,
               "labelled_by": "bench/compress/wild/label.py (procedure in README.md)"}
        json.dump(out, open(os.path.join(root, "labels", name + ".json"), "w"), indent=1)


main()
