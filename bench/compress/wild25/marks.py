#!/usr/bin/env python3
"""The hand-chosen anchor lines of the `wild25` logs (procedure in the corpus README: wild8's to
wild24's), chosen while reading each log top to bottom, never looking at the compressor. Lines are
marked by pattern (line numbers found by pattern, so a regenerated log is labelled alike). Writes
labels/NAME.txt (KIND<TAB>line verbatim); then run `bench/compress/blind/labels.py --in-order` on
the set.

    python3 bench/compress/wild25/marks.py
"""
import os, re, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "blind"))
from logtext import Marks, same
D = os.environ.get("WILD25_DIR") or os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..",
                                                 "crates", "observe", "tests", "data", "wild25")
M = Marks(D)
add, every, once, once_each, exits = M.add, M.every, M.once, M.once_each, M.exits


def first_frame(n, pat=r"^\s*(\[[\w-]+\] +|\d\|\w+ +\| +)?at "):
    """Rule 5 where no frame is the project's own: the first frame of the first trace."""
    once(n, pat, "frame")


# vite: the --debug config dump is data; the two build warnings, the build's result, the failed
# build's error with its location, the first frame (none in the app), exits.
n = "vite_build"
once(n, r"^\(!\) Some chunks are larger", "warning")
once(n, r"^\[INEFFECTIVE_DYNAMIC_IMPORT\]", "warning")
add(n, "summary", every(n, r"^✓ built in |^✗ Build failed in |^Build failed with \d+ error"))
add(n, "error", every(n, r"^error during build:|^\[PARSE_ERROR\]|╭─\[ src/"))
first_frame(n)
exits(n)

# tsup: each esbuild warning once per shape (the ESM and CJS builds repeat them) with its location
# line, each format's build result, the dts error, the failure and its first frame; exits.
n = "tsup_dts"
ls = M.lines(n)
seen = set()
for i, l in enumerate(ls, 1):
    if "[WARNING]" in l and l not in seen:
        seen.add(l)
        add(n, "warning", [i, i + 2])
add(n, "summary", every(n, r"Build success in "))
add(n, "error", every(n, r"^error TS\d+|^Error: error occurred"))
first_frame(n)
exits(n)

# swc: the syntax error once with its location and cause, the first (unknown) frame of the native
# backtrace and of the JS trace, the directory run's counts, the failure lines naming the file; exits.
n = "swc_compile"
once(n, r"^  x Expression expected", "error")
once(n, r"^   ,-\[src/", "error")
once(n, r"^    Syntax Error$", "message")
once(n, r"^   0: ", "frame")
add(n, "summary", every(n, r"^Successfully compiled: |^Failed to compile \d+ file"))
add(n, "error", every(n, r"^Error: Failed to compile"))
once(n, r"^src/uniform\.ts$", "error")
first_frame(n, r"^    at ")
exits(n)

# terser: the per-file timings are data; the parse error with its location, the first frame; exits.
n = "terser_timings"
add(n, "error", every(n, r"^Parse error at |^ERROR: "))
first_frame(n)
exits(n)

# knip: each section's count header (summary) and its first 5 findings (rule 2), the configuration
# hint; the compact run likewise; exits.
n = "knip_lib"
ls = M.lines(n)
for i, l in enumerate(ls, 1):
    if re.match(r"^[A-Z][a-z]+( [a-zA-Z]+)* \(\d+\)$", l):
        add(n, "summary", [i])
        j = i + 1
        while j <= len(ls) and j < i + 6 and not re.match(r"^[A-Z][a-z]+( [a-zA-Z]+)* \(\d+\)$|^rc=", ls[j - 1]):
            add(n, "warning", [j])
            j += 1
exits(n)

# depcheck: each finding with its section header (its kind), the missing package.json; exits.
n = "depcheck_projects"
ls = M.lines(n)
for i, l in enumerate(ls, 1):
    if re.match(r"^(Unused|Missing) ", l) or l.startswith("* "):
        add(n, "warning", [i])
add(n, "error", every(n, r"does not contain a package.json"))
exits(n)

# publint: each error and warning, the first 5 suggestions of one text, the pack failure once
# with npm's reason and the first frame; exits.
n = "publint_packages"
ls = M.lines(n)
section = None
for i, l in enumerate(ls, 1):
    if l in ("Errors:", "Warnings:", "Suggestions:"):
        section = l
    elif re.match(r"^\d+\. ", l):
        add(n, "error" if section == "Errors:" else "warning", [i])
    else:
        section = None if not l.startswith(" ") else section
M.L[n]["warning"] = []
once_each(n, r"^\d+\. ", "warning", key=lambda l: re.sub(r"^\d+\. ", "", l), limit=5)
once(n, r"^Error: Failed to find packed tarball", "error")
once(n, r'"stderr": "npm error ', "message")
first_frame(n)
exits(n)

# attw: each problem once, the rows of the first table naming a failed resolution; exits.
n = "attw_pack"
once_each(n, r"^(❌|💀|⚠️) ", "error", key=same)
first_table_end = M.find(n, r"^└")
add(n, "error", [i for i in every(n, r"│ (node|bundler).*(❌|💀)") if i < first_table_end])
exits(n)

# svelte-check: each error with its location line above, the first 5 warnings of each rule (each
# twice here) with theirs, the counts; exits.
n = "svelte_check"
ls = M.lines(n)
for i, l in enumerate(ls, 1):
    if l.startswith("Error: ") or l.startswith("Warn: "):
        add(n, "error" if l.startswith("Error") else "warning", [i - 1, i])
add(n, "summary", every(n, r"^svelte-check found "))
exits(n)

# vue-tsc: each error as printed (tsc), the --listFiles list is data; exits.
n = "vue_tsc"
add(n, "error", every(n, r": error TS\d+"))
exits(n)

# nyc: the failed test with its message, the counts, each threshold error, the table's total row,
# the summary rows; exits.
n = "nyc_coverage"
add(n, "failure", every(n, r"^  ✗ "))
add(n, "message", every(n, r"^    Expected values|^54\.6 !== 54"))
add(n, "summary", every(n, r"^\d+ passing, \d+ failing|^All files|^(Statements|Branches|Functions|Lines) +: "))
add(n, "error", every(n, r"^ERROR: Coverage for"))
exits(n)

# json-server: each request with a status >= 400 (server and client lines), the JSON parse error
# and its first frame; exits.
n = "json_server"
add(n, "error", every(n, r"^(GET|POST|PUT|PATCH|DELETE) \S+ [45]\d\d |^[45]\d\d /"))
once(n, r"^SyntaxError: ", "error")
first_frame(n)
exits(n)

# nodemon: the route's warning, the crash (location line, exception, own frame), nodemon's crash
# notice; exits.
n = "nodemon_restart"
once(n, r"^warning: ", "warning")
once(n, r"/srv/server\.js:\d+$", "error")
once(n, r"^TypeError: ", "error")
once(n, r"at .*/srv/server\.js:", "frame")
add(n, "error", every(n, r"app crashed"))
exits(n)

# pm2: its warning and error, the table row of the app waiting to restart, each app's first exit
# with a code, the route's exception with its own frame, the worker's error once.
n = "pm2_apps"
add(n, "warning", every(n, r"^\[PM2\]\[WARN\]"))
add(n, "error", every(n, r"^\[PM2\]\[ERROR\]"))
add(n, "error", every(n, r"│ waiting"))
once_each(n, r"exited with code \[[1-9]", "error", key=lambda l: re.search(r"App \[(\w+)", l).group(1))
once(n, r"\| TypeError: ", "error")
once(n, r"\|     at .*/srv/server\.js:", "frame")
once(n, r"worker: lost connection", "error")

# lerna: each failing script's error, own frame and npm's error lines (code, path, command), the
# failed test with its message, each target's failure result with its failed task; exits.
n = "lerna_run"
once(n, r"^Error: Cannot find module", "error")
once(n, r"at .*/packages/pkg-f/build\.js:", "frame")
add(n, "error", every(n, r"npm error (Lifecycle script|code |path |command sh)"))
add(n, "failure", every(n, r"  FAIL case "))
add(n, "message", every(n, r"^pkg-e: 8 !== 9"))
add(n, "summary", every(n, r"Running target \w+ for \d+ projects failed"))
add(n, "failure", every(n, r"^- pkg-\w:(build|test)$"))
exits(n)

# dependency-cruiser: each violation once (the err-long run repeats them), both runs' counts; exits.
n = "depcruise_rules"
once_each(n, r"^  warn ", "warning", key=same)
once_each(n, r"^  error ", "error", key=same)
add(n, "summary", every(n, r"^x \d+ dependency violations"))
exits(n)

# oxlint: the first 5 findings of each rule with the location line under each, the count.
n = "oxlint_all"
M.by_rule(n, r"^  [⚠×] (?P<rule>[\w-]+\([\w-]+\)):", "warning", also=1)
add(n, "summary", every(n, r"^Found \d+ warnings? and \d+ errors?"))

# commitlint: each failing commit's input line (its location), its findings (errors as printed),
# its count; exits.
n = "commitlint_history"
ls = M.lines(n)
for i, l in enumerate(ls, 1):
    if l.startswith("✖   ") and not l.startswith("✖   found"):
        add(n, "error", [i])
        k = i
        while not ls[k - 1].startswith("⧗   input: "):
            k -= 1
        add(n, "error", [k])
add(n, "summary", every(n, r"^✖   found [1-9]"))
exits(n)

# ts-node: the type error and ts-node's compile failure with its first frame (none own), then the
# runtime crash (location line, exception, own frame); exits.
n = "ts_node_crash"
add(n, "error", every(n, r": error TS\d+|^TSError: "))
first_frame(n)
once(n, r"/tsn/crash\.ts:\d+$", "error")
once(n, r"^TypeError: ", "error")
once(n, r"at .*/tsn/crash\.ts:", "frame")
exits(n)

# concurrently: the failed test with its message, the build's error with its own frame, each
# command that exited non-zero; exits.
n = "concurrently_tasks"
add(n, "failure", every(n, r"  FAIL case "))
add(n, "message", every(n, r"\] 8 !== 9"))
once(n, r"\] Error: Cannot find module", "error")
once(n, r"at .*/packages/pkg-f/build\.js:", "frame")
add(n, "summary", every(n, r"exited with code [1-9]"))
exits(n)

# size-limit: the bundler's warnings, first 5 of each text, and each error, with the location line
# under each, in the first run (the --json run repeats them); the failure with its error list and
# first frame; the JSON error; exits.
n = "size_limit"
ls = M.lines(n)
end = M.find(n, r"^rc=")
seen = {}
for i, l in enumerate(ls, 1):
    if i < end and ("[WARNING]" in l or "[ERROR]" in l):
        seen[l] = seen.get(l, 0) + 1
        if seen[l] <= 5 or "[ERROR]" in l:
            add(n, "error" if "[ERROR]" in l else "warning", [i, i + 2])
add(n, "error", every(n, r"^✖ |^ ERROR  Error: |^dist/index\.cjs:\d+:\d+: ERROR: |^  \"error\": "))
first_frame(n)
exits(n)

M.write()
