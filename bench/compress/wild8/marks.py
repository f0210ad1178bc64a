#!/usr/bin/env python3
"""The hand-chosen anchor lines of the `wild8` logs (procedure in the corpus README), chosen while
reading each log top to bottom, never looking at the compressor. The long reports are marked by
small helpers that apply the written procedure to one report format each (a pytest FAILURES
section, a rustc diagnostic, a linter row with a rule code: the first 5 of each rule); the other
lines are chosen by number. Writes labels/NAME.txt (KIND<TAB>line verbatim); then run
`bench/compress/blind/labels.py` on the set.

    python3 bench/compress/wild8/marks.py
"""
import os, re, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "blind"))
from logtext import Marks, shape
D = os.environ.get("WILD8_DIR") or os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..",
                                                "crates", "observe", "tests", "data", "wild8")
M = Marks(D)
L, lines, add, find, every, by_rule = M.L, M.lines, M.add, M.find, M.every, M.by_rule

def pytest_failures(name, own):
    """wild8's pytest procedure (`Marks.pytest_failures`), its own frames once per text."""
    M.pytest_failures(name, own, r"^=+ (short test summary info|PASSES|warnings summary) =+$", frames_once=True)

def rust_diags(name, limit=5):
    """rustc/clippy diagnostics: each error, the first 5 warnings of each message shape, with the
    `-->` location under them; the `generated N warnings`, `could not compile` and `Finished` lines."""
    ls, seen = lines(name), {}
    for i, l in enumerate(ls, 1):
        m = re.match(r"^(warning|error)(\[E\d+\])?: (.*)$", l)
        if not m or re.search(r"generated \d+ warning|build failed, waiting|^error: could not compile", l):
            continue
        key = m.group(1) + shape(m.group(3))
        seen[key] = seen.get(key, 0) + 1
        if m.group(1) == "error" or seen[key] <= limit:
            add(name, m.group(1), [i] + ([i + 1] if i < len(ls) and "--> " in ls[i] else []))
    add(name, "summary", every(name, r"generated \d+ warnings?|^\s+Finished "))
    add(name, "error", every(name, r"^error: could not compile"))


def gcc_build(name):
    """A C build: the first 5 compiler warnings of each `[-Wflag]`, every compiler or linker error
    (with the linker's `in function` location line above it), the first `*** … Error` line."""
    by_rule(name, r"^\S+:\d+:\d+: warning: .*\[(?P<rule>-W[\w-]+)\]$")
    ls = lines(name)
    for i, l in enumerate(ls, 1):
        if re.search(r": (fatal )?error: |: undefined reference to ", l):
            add(name, "error", [i] + ([i - 1] if "undefined reference" in l and "in function" in ls[i - 2] else []))
    add(name, "summary", every(name, r"\*\*\* .*Error \d+")[:1])


# pytest -v, pytest -rA, tox running pytest -v
pytest_failures("pytest_v_toolz", "toolz/")
add("pytest_v_toolz", "message", [find("pytest_v_toolz", r"^E\s+importlib.metadata.PackageNotFoundError")])
pytest_failures("pytest_ra_moreitertools", "tests/")
pytest_failures("tox_dateutil", "tests/")
add("tox_dateutil", "summary", every("tox_dateutil", r"^py: exit 1 |^  py: FAIL code 1|^  evaluation failed"))

# unittest -v: each FAIL:/ERROR: report, the exception line closing its traceback, its first
# frame (the test file), the totals.
def unittest_reports(name):
    ls = lines(name)
    for i, l in enumerate(ls, 1):
        if re.match(r"^(FAIL|ERROR): ", l):
            add(name, "failure", [i])
            j = i
            while j < len(ls) and not ls[j].startswith("==="):
                j += 1
                if ls[j - 1].startswith('  File "') and "frame" not in L[name].get("_f%d" % i, ""):
                    add(name, "frame", [j])
                    L[name]["_f%d" % i] = "frame"
                if re.match(r"^[\w.]+(Error|Exception): ", ls[j - 1]):
                    add(name, "message", [j])
                    break
    add(name, "summary", every(name, r"^Ran \d+ tests|^FAILED \("))
    for k in [k for k in L[name] if k.startswith("_f")]:
        del L[name][k]
unittest_reports("unittest_v_simplejson")

# type checkers and linters: the first 5 findings of each rule code (errors as printed)
by_rule("mypy_strict_toolz", r"^\S+:\d+: error: .*\[(?P<rule>[a-z-]+)\]$", kind="error")
add("mypy_strict_toolz", "summary", every("mypy_strict_toolz", r"^Found \d+ errors"))
by_rule("pylint_moreitertools", r"^\S+:\d+:\d+: (?P<rule>[CRWEF]\d{4}): ")
add("pylint_moreitertools", "warning", every("pylint_moreitertools", r"ReporterWarning"))
add("pylint_moreitertools", "summary", every("pylint_moreitertools", r"Your code has been rated"))
by_rule("flake8_dateutil", r"^\S+:\d+:\d+: (?P<rule>[A-Z]\d{3}) ")
by_rule("tsc_checkjs_markdownit", r"^\S+\(\d+,\d+\): error (?P<rule>TS\d+): ", kind="error")
# eslint stylish: every per-file header (the location of the findings under it), the first 5
# findings of each rule (errors as printed), the totals.
add("eslint_markdownit", "warning", every("eslint_markdownit", r"^/tmp/\S+\.mjs$"))
by_rule("eslint_markdownit", r"^\s+\d+:\d+\s+warning\s+.*\s(?P<rule>[a-z-]+)$")
by_rule("eslint_markdownit", r"^\s+\d+:\d+\s+error\s+.*\s(?P<rule>[a-z-]+)$", kind="error")
add("eslint_markdownit", "summary", every("eslint_markdownit", r"^✖ \d+ problems"))
# shellcheck: the first 5 findings of each SC code with the `In FILE line N:` header above them
def shellcheck(name):
    ls, seen, head = lines(name), {}, None
    for i, l in enumerate(ls, 1):
        if re.match(r"^In \S+ line \d+:$", l):
            head = i
        m = re.search(r"\^-* (?P<rule>SC\d+) \((?P<sev>\w+)\): ", l)
        if m:
            seen[m.group("rule")] = seen.get(m.group("rule"), 0) + 1
            if seen[m.group("rule")] <= 5:
                add(name, "error" if m.group("sev") == "error" else "warning", [i, head])
shellcheck("shellcheck_usr_bin")

# cargo: clippy, a build with an error, a test run
rust_diags("clippy_pedantic_dataenc")
rust_diags("cargo_build_heck")
def cargo_tests(name, crate):
    ls = lines(name)
    for i, l in enumerate(ls, 1):
        if re.match(r"^---- \S+ stdout ----$", l):
            add(name, "failure", [i])
        elif re.match(r"^thread '.*' \(\d+\) panicked at ", l):
            k = i + 1
            msg = [i]
            while k <= len(ls) and ls[k - 1] and not ls[k - 1].startswith("stack backtrace:"):
                msg.append(k)
                k += 1
            add(name, "message", msg)
            while k <= len(ls) and not re.match(rf"^\s+\d+: {crate}::", ls[k - 1]):
                k += 1
            add(name, "frame", [k, k + 1])
    add(name, "summary", every(name, r"^test result: "))
    add(name, "error", every(name, r"^error: test failed"))
cargo_tests("cargo_test_strsim", "strsim")

# C builds
gcc_build("make_j_brotli")
add("make_j_brotli", "error", every("make_j_brotli", r"^collect2: error"))
gcc_build("cmake_build_verbose")
add("cmake_build_verbose", "error", every("cmake_build_verbose", r"^collect2: error"))

# ctest -V: each failed test's result line, its message once, the totals
add("ctest_v_ring", "failure", every("ctest_v_ring", r"\*\*\*Failed"))
add("ctest_v_ring", "message", every("ctest_v_ring", r"ring_full\(\) is true")[:1])
add("ctest_v_ring", "summary", every("ctest_v_ring", r"tests passed, \d+ tests failed|^Errors while running CTest"))

# go test -v: each --- FAIL, each message shape once, the package results
add("go_test_v", "failure", every("go_test_v", r"^--- FAIL: "))
add("go_test_v", "message", every("go_test_v", r"list_test.go:11: ")[:1] + every("go_test_v", r"ring_test.go:30: ")[:1])
add("go_test_v", "summary", every("go_test_v", r"^(FAIL|ok)\s+\S+\s+[\d.]+s$|^FAIL$"))

# vitest --reporter=verbose: the × rows and their → reasons, each report's title, assertion,
# expected/received values and first fixture location, the totals
add("vitest_verbose_semver", "failure", every("vitest_verbose_semver", r"^ × |^ FAIL  "))
add("vitest_verbose_semver", "message", every("vitest_verbose_semver", r"^   → |^AssertionError: ") +
    [190 + d for d in (6, 7, 25, 26, 42, 45, 60, 61, 77, 80)])
add("vitest_verbose_semver", "frame", every("vitest_verbose_semver", r"^ ❯ test/"))
add("vitest_verbose_semver", "summary", every("vitest_verbose_semver", r"^ Test Files |^      Tests "))

# npm install with an install script that fails
add("npm_install_silly", "error", every("npm_install_silly", r"install \{ code: 1|^npm verbose stack Error: |^npm error (code 1|path |command failed|command sh|src/parse.c:1:10: fatal)"))
add("npm_install_silly", "message", every("npm_install_silly", r"^npm error Error: Command failed"))
add("npm_install_silly", "frame", every("npm_install_silly", r"^npm error\s+at Object.<anonymous> \(/tmp/w8work/npmbad/"))
add("npm_install_silly", "summary", every("npm_install_silly", r"^npm verbose exit 1"))

# pip install -v of two sdists and a package whose C extension does not compile
def pip_log(name):
    ls, seen = lines(name), set()
    for i, l in enumerate(ls, 1):
        if re.search(r"DeprecationWarning: |^\s+warning: ", l) and shape(l.split("site-packages")[-1]) not in seen:
            seen.add(shape(l.split("site-packages")[-1]))
            add(name, "warning", [i])
    add(name, "error", every(name, r"fatal error: |^  error: |did not run successfully|^  │ exit code: 1|finished with status 'error'|ERROR: |^Failed to build"))
    add(name, "summary", every(name, r"^Successfully built"))
pip_log("pip_install_v_sdists")

# valgrind -v: each error context once, its first own frame, the address lines, the leak records
# with their own frame, LEAK SUMMARY rows, ERROR SUMMARY (first time)
add("valgrind_grid", "error", [103, 109, 122, 142, 147, 152])
add("valgrind_grid", "frame", [104, 110, 124, 127, 144, 149, 154])
add("valgrind_grid", "message", [107, 125])
add("valgrind_grid", "summary", [158, 159, 160, 161, 165])

# strace -f: the failing calls and the errors the programs wrote, the exit statuses
add("strace_f_sh", "error", [118, 123, 127, 505, 513, 515])
add("strace_f_sh", "summary", [139, 519, 524])

# nginx: the error-log errors (one per message shape), the access-log lines with status >= 400
add("nginx_incident", "error", [2, 3] + [165, 166, 167, 169, 170, 172])

# git log --stat: pure data, no anchors
L["git_log_stat"] = {}

M.write()
