#!/usr/bin/env python3
"""The hand-chosen anchor lines of the `wild31` logs (procedure in the corpus README: wild8's to
wild30's, with the record rule written there), chosen while reading each log top to bottom, never
looking at the compressor. Lines are marked by pattern (line numbers found by pattern, so a
regenerated log is labelled alike). Writes labels/NAME.txt (KIND<TAB>line verbatim); then run
`bench/compress/blind/labels.py --in-order` on the set.

    python3 bench/compress/wild31/marks.py
"""
import os, re, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "blind"))
from logtext import Marks, shape
D = os.environ.get("WILD31_DIR") or os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..",
                                                 "crates", "observe", "tests", "data", "wild31")
M = Marks(D)
add, every, once, once_each = M.add, M.every, M.once, M.once_each
OWN = r"/tmp/crecord-work/|(?<![\w/.-])(tests|__tests__|mtest|ntest|src|lib|inventory|scripts|deploy|csrc)/"


def exits(n):
    """Each non-zero exit status the scenario's `echo rc=$?` wrote (summary)."""
    add(n, "summary", every(n, r"^rc=[1-9]"))


def xml_records(n, open_pat, close_pat):
    """The records of an XML report: (first, last) line numbers from each line matching
    `open_pat` to the first line at or after it matching `close_pat` (the same line when the
    element closes there)."""
    ls, out = M.lines(n), []
    for i in every(n, open_pat):
        j = i
        while j < len(ls) and not re.search(close_pat, ls[j - 1][ls[j - 1].find("<") if j == i else 0:]):
            j += 1
        out.append((i, j))
    return out


def json_records(n, indent):
    """The records of a pretty-printed JSON report: the objects whose `{` opens a line at exactly
    `indent` spaces, as (first, last) line numbers."""
    ls, out, start = M.lines(n), [], None
    pad = " " * indent
    for i, l in enumerate(ls, 1):
        if start is None and re.match(rf"^{pad}\{{$", l):
            start = i
        elif start is not None and re.match(rf"^{pad}\}},?$", l):
            out.append((start, i))
            start = None
    return out


def first_in(n, rec, pat, skip=()):
    """The first line of the record `rec` matching `pat` (0 when none)."""
    ls = M.lines(n)
    for i in range(rec[0], rec[1] + 1):
        if i not in skip and re.search(pat, ls[i - 1]):
            return i
    return 0


def failing(n, recs, bad, ident, msg, loc=None, kind="failure", seen=None):
    """The record rule for test reports: each record with a line matching `bad` keeps its
    identifying line (`ident`: failure), its message (`msg`: the first line of the failure's
    text) and its location (`loc`: the first line naming the project's own file and line:
    frame). `seen` (a set shared by calls) drops records whose identifying line repeats one
    already marked word for word (rule 1: mocha's `failures` list repeats its `tests`)."""
    ls = M.lines(n)
    for r in recs:
        if not first_in(n, r, bad):
            continue
        i = first_in(n, r, ident)
        if seen is not None:
            if ls[i - 1] in seen:
                continue
            seen.add(ls[i - 1])
        add(n, kind, [i])
        add(n, "message", [first_in(n, r, msg, skip=(i,))] if msg else [])
        add(n, "frame", [first_in(n, r, loc, skip=(i,))] if loc else [])


def findings(n, recs, rule, msg, loc, error=None, limit=5):
    """The linter rule (rule 2 of the earlier sets) for records that are findings: the first
    `limit` findings of each rule (`rule`: a regex whose group 1 is the rule, read in the record)
    keep their message line (`msg`) and location line (`loc`, when it is another line); kind
    error when a line of the record matches `error`, else warning."""
    ls, count = M.lines(n), {}
    for r in recs:
        text = "\n".join(ls[r[0] - 1:r[1]])
        m = re.search(rule, text)
        key = m.group(1) if m else "?"
        count[key] = count.get(key, 0) + 1
        if count[key] > limit:
            continue
        kind = "error" if error and re.search(error, text) else "warning"
        add(n, kind, [first_in(n, r, msg)])
        if loc:
            add(n, kind, [first_in(n, r, loc)])


def log_events(n, level, err, warn, msg, last):
    """The rule for application logs, one record a line with a level field (`level`: a regex
    whose group 1 is the level): each event at an error level (`err`) once per message shape
    (rule 1; `msg`: a regex whose group 1 is the message), each warning once per message shape,
    and the run's final event (`last`: summary)."""
    seen = set()
    for i, l in enumerate(M.lines(n), 1):
        m = re.search(level, l)
        if not m:
            continue
        lv = m.group(1)
        kind = "error" if re.fullmatch(err, lv) else "warning" if re.fullmatch(warn, lv) else None
        mm = re.search(msg, l)
        key = (kind, shape(mm.group(1) if mm else l))
        if kind and key not in seen:
            seen.add(key)
            add(n, kind, [i])
    add(n, "summary", every(n, last))


def pytest_text(n):
    """pytest's own report above a structured one, by wild8's procedure (Marks.pytest_failures),
    with the ERRORS section's header and first `E` line, and the short summary's rows; under -q
    the final counts line has no `=` rule around it."""
    try:
        M.pytest_failures(n, "tests/")
    except SystemExit:  # the last step, the `=`-ruled counts line, is not there under -q
        add(n, "summary", every(n, r"^\d+ failed, .* in [\d.]+s$"))
    h = M.find(n, r"^_+ ERROR at setup of ")
    add(n, "failure", [h])
    add(n, "message", [M.find(n, r"^E   ", h)])
    add(n, "frame", [M.find(n, r"^tests/\S+\.py:\d+: ", h)])
    add(n, "failure", every(n, r"^(FAILED|ERROR) tests/"))


# ---- JUnit/xUnit XML

n = "pytest_junit"
pytest_text(n)
# The XML is written without line breaks between elements: a line opening a failing testcase is
# its identifying line (with the failure's message attribute), its first `E` line the message,
# its `tests/…:N:` line the location; the <testsuite> totals line.
add(n, "failure", every(n, r"<testcase [^>]*><(failure|error) "))
for i in every(n, r"<testcase [^>]*><(failure|error) "):
    add(n, "message", [M.find(n, r"^E   ", i)])
    add(n, "frame", [M.find(n, r"^tests/\S+\.py:\d+: ", i)])
add(n, "summary", every(n, r"<testsuite [^>]*failures=\"[1-9]"))
exits(n)

n = "jest_junit"
# jest's default reporter first (as ../wild6/): each `●` title, its message, the Expected/
# Received values, the `-`/`+` value lines, the first own location; the totals.
for i in every(n, r"^  ● "):
    add(n, "failure", [i])
    add(n, "message", [i + 2])
add(n, "message", every(n, r"^    (Expected|Received):|^    [-+]     \""))
once_each(n, r"^      at .*\((__tests__|src)/", "frame", key=lambda l: l, end=M.find(n, r"^Test Suites:"))
add(n, "summary", every(n, r"^(Test Suites|Tests): .*failed"))
exits(n)
xml_start = M.find(n, r"^<testsuites ")
failing(n, [r for r in xml_records(n, r"<testcase ", r"</testcase>|/>") if r[0] > xml_start],
        r"<failure", r"<testcase ", r"<failure>", r"\((/tmp/crecord-work/js/)?(__tests__|src)/")
add(n, "summary", [xml_start] + [i for i in every(n, r"<testsuite .*failures=\"[1-9]")])

n = "mocha_junit"
failing(n, xml_records(n, r"<testcase ", r"</testcase>|/>"), r"<failure", r"<testcase ", r"<failure ",
        r"at .*\((mtest|src)/|\(/tmp/crecord-work/js/mtest/")
add(n, "summary", every(n, r"<testsuites .*failures=\"[1-9]|<testsuite .*failures=\"[1-9]"))
exits(n)

n = "node_test_junit"
failing(n, xml_records(n, r"<testcase ", r"</testcase>|/>"), r"<failure", r"<testcase ", r"<failure ",
        r"/tmp/crecord-work/js/(ntest|src)/")
once_each(n, r"^\s*[-+]   \d+$", "message", key=lambda l: l.strip())
add(n, "summary", every(n, r"<!-- fail [1-9]"))
exits(n)

n = "ctest_junit"
# ctest's own lines: each test that did not pass, the FAILED list rows, the totals.
add(n, "failure", every(n, r"\*\*\*(Failed|Exception|Timeout)|\*\*\*.*SEGFAULT"))
add(n, "summary", every(n, r"tests passed, \d+ tests? failed|^The following tests FAILED:|^Errors while running CTest"))
add(n, "failure", every(n, r"^\t +\d+ - ring_case_\d+ \("))
exits(n)
# the XML: each failing testcase line and the assertion line it printed (the failure elements
# are empty).
for r in xml_records(n, r"<testcase ", r"</testcase>"):
    if first_in(n, r, r"status=\"fail"):
        add(n, "failure", [r[0]])
        add(n, "message", [first_in(n, r, r"assertion failed")])
add(n, "summary", every(n, r"^\tfailures=\"[1-9]"))

n = "mypy_junit"
M.by_rule(n, r": error: .*\[(?P<rule>[a-z-]+)\]$", kind="error")
add(n, "summary", every(n, r"^Found \d+ errors?"))
exits(n)
for r in xml_records(n, r"<testcase ", r"</testcase>"):
    add(n, "failure", [r[0]])
once(n, r"<failure message=", "message")
add(n, "summary", every(n, r"<testsuite .*failures=\"[1-9]"))

n = "bandit_xml"
# bandit's xunit: each finding is a testcase with an <error> (severity in `type`): the first 5 of
# each test name keep the testcase line and its `Location` line; HIGH ones are errors.
findings(n, xml_records(n, r"<testcase ", r"</testcase>"), r'name="([a-z_]+)"', r"<testcase ", r"^Location ",
         error=r'type="HIGH"')
exits(n)

# ---- TeamCity service messages

n = "pytest_teamcity"
ls = M.lines(n)
for i in every(n, r"##teamcity\[testFailed "):
    add(n, "failure", [i - 1])
    add(n, "message", [i])
M.pytest_failures(n, "tests/")
h = M.find(n, r"^_+ ERROR at setup of ")
add(n, "failure", [h])
add(n, "message", [M.find(n, r"^E   ", h)])
add(n, "frame", [M.find(n, r"^tests/\S+\.py:\d+: ", h)])
add(n, "failure", every(n, r"^(FAILED|ERROR) tests/"))
exits(n)

# ---- JSON reports

n = "pytest_json_report"
pytest_text(n)
failing(n, json_records(n, 4), r'^      "outcome": "(failed|error)"', r'"nodeid": ', r'"message": "(?!\w+Error"$)',
        r'^          "path": ')
add(n, "summary", every(n, r'^    "(failed|error)": [1-9]|^  "exitcode": [1-9]'))
exits(n)

n = "jest_json"
failing(n, json_records(n, 8), r'^          "status": "failed"', r'"fullName": ', r'^            "(Error|TypeError)')
for r in json_records(n, 4):
    if first_in(n, r, r'^      "status": "failed"'):
        add(n, "failure", [first_in(n, r, r'^      "name": ')])
        add(n, "message", [first_in(n, r, r'^      "message": "')])
add(n, "summary", every(n, r'^  "num(Failed|RuntimeError)Test(Suite)?s": [1-9]'))
exits(n)

n = "mocha_json"
failing(n, json_records(n, 4), r'^      "err": \{$', r'"fullTitle": ', r'^        "message": ',
        r'^        "stack": ', seen=set())
add(n, "summary", every(n, r'^    "failures": [1-9]'))
exits(n)

n = "eslint_json"
for r in json_records(n, 2):
    if first_in(n, r, r'^    "(error|warning)Count": [1-9]'):
        add(n, "warning", [r[0] + 1])
findings(n, json_records(n, 6), r'"ruleId": "([^"]+)"', r'^        "message": ', None, error=r'"severity": 2')
exits(n)

n = "pylint_json2"
findings(n, json_records(n, 8), r'"symbol": "([^"]+)"', r'^            "message": ', r'^            "path": ',
         error=r'"type": "(error|fatal)"')
add(n, "summary", every(n, r'^            "(fatal|error|warning)": [1-9]'))
add(n, "warning", every(n, r"ReporterWarning"))
exits(n)

n = "shellcheck_json1"
findings(n, json_records(n, 4), r'"code": (\d+)', r'^      "message": ', r'^      "file": ', error=r'"level": "error"')
exits(n)

n = "ruff_gitlab"
findings(n, json_records(n, 2), r'"check_name": "([^"]+)"', r'^    "description": ', r'^      "path": ',
         error=r'"check_name": "invalid-syntax"')
exits(n)

# ---- SARIF

n = "ruff_sarif"
findings(n, json_records(n, 8), r'"ruleId": "([^"]+)"', r'^            "text": ', r'^                  "uri": ',
         error=r'"level": "error"')
exits(n)

n = "flawfinder_sarif"
results = [r for r in json_records(n, 8) if first_in(n, r, r'^          "ruleId": ')]
findings(n, results, r'"ruleId": "([^"]+)"', r'^            "text": ', r'^                  "uri": ',
         error=r'^          "level": "error"')
exits(n)

# ---- checkstyle XML, parsable and annotation lines

n = "shellcheck_checkstyle"
for r in xml_records(n, r"^<file ", r"^</file>"):
    if r[1] > r[0] + 1:
        add(n, "warning", [r[0]])
        findings(n, [(i, i) for i in range(r[0] + 1, r[1])], r"source='ShellCheck\.(SC\d+)'", r"<error ", None,
                 error=r"severity='error'")
exits(n)

n = "eslint_checkstyle"
add(n, "error", [1])
exits(n)

n = "yamllint_parsable"
M.by_rule(n, r"^deploy/\S+: \[(?:error|warning)\] .*\((?P<rule>[a-z-]+)\)$")
add(n, "error", every(n, r"^deploy/\S+: \[error\] "))
add(n, "error", every(n, r"^::error "))
exits(n)

# ---- application logs (NDJSON, logfmt)

n = "pino_ndjson"
log_events(n, r'^\{"level":(\d+)', r"50|60", r"40", r'"msg":"([^"]*)"', r'"msg":"shutting down')
exits(n)

n = "bunyan_ndjson"
log_events(n, r'"level":(\d+)', r"50|60", r"40", r'"msg":"([^"]*)"', r'"msg":"batch finished"')
exits(n)

n = "structlog_json"
log_events(n, r'"level": "(\w+)"', r"error|critical|exception", r"warning", r'"event": "([^"]*)"',
           r'"event": "run finished"')
exits(n)

n = "structlog_logfmt"
log_events(n, r"\blevel=(\w+)", r"error|critical|exception", r"warning", r'event="([^"]*)"', r'event="run finished"')
exits(n)

n = "jsonlogger"
log_events(n, r'"levelname": "(\w+)"', r"ERROR|CRITICAL", r"WARNING", r'"message": "([^"]*)"', r'"message": "sync ended"')
exits(n)

M.write()
