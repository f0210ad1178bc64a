#!/usr/bin/env python3
"""The hand-chosen anchor lines of the `wild16` logs (procedure in the corpus README: wild8's to
wild14's), chosen while reading each log top to bottom, never looking at the compressor. Lines are
marked by pattern (line numbers found by pattern, so a regenerated log is labelled alike). Writes
labels/NAME.txt (KIND<TAB>line verbatim); then run `bench/compress/blind/labels.py` on the set.

    python3 bench/compress/wild16/marks.py
"""
import os, re, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "blind"))
from logtext import Marks
D = os.environ.get("WILD16_DIR") or os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..",
                                                 "crates", "observe", "tests", "data", "wild16")
M = Marks(D)
lines, add, find, every = M.lines, M.add, M.find, M.every
first_of_each = M.first_of_each


def once(name, pat, kind):
    """The first line matching `pat` (its repeats differ in timestamps, pids or addresses)."""
    add(name, kind, [find(name, pat)])


# promtool: each verdict (`SUCCESS: …`, a word-for-word repeat once; `FAILED:`), each rule error
# with its location, each failed unit test's title and its exp/got lines, the query's error.
n = "promtool_rules"
first_of_each(n, r"^ *SUCCESS: .*$", lambda m: m.group(0), "summary")
add(n, "summary", every(n, r"^  FAILED:$"))
add(n, "error", every(n, r"^rules_bad\.yml: \d+:\d+: "))
add(n, "failure", every(n, r"^    (rule: \w+, time: |alertname: \w+, time: |expr: \".*\", time: )"))
add(n, "message", every(n, r"^        (exp|got):"))
add(n, "error", every(n, r"^query error: "))

# prometheus: the first record of each failure (a dead target's `Scrape failed`, the rule that
# fails at each evaluation, `Error sending alert`: repeats differ in time, target or count), the
# reload's error record and the error the reload request printed, the warn record at SIGTERM.
n = "prometheus_reload"
once(n, r'msg="Scrape failed"', "warning")
once(n, r'msg="Evaluating rule failed"', "warning")
once(n, r'msg="Error sending alert"', "error")
add(n, "error", every(n, r'msg="Error reloading config"|^failed to reload config: '))
add(n, "warning", every(n, r'level=warn msg="Received SIGTERM'))

# amtool: each file's verdict, the errors, the flag warning (printed three times word for word:
# once), the receivers warning and the resolved receiver it is about.
n = "amtool_check"
add(n, "summary", every(n, r"^Checking '.*'  SUCCESS$"))
add(n, "error", every(n, r"^Checking '.*'  FAILED: |^amtool: error: "))
once(n, r"^Warning: --config\.file flag overrides", "warning")
add(n, "warning", every(n, r"^WARNING: Expected receivers did not match"))
add(n, "message", [find(n, r"^WARNING: Expected receivers") - 1])

# alertmanager: per receiver, its first failed notify attempt (warn; the retries repeat it) and
# its first `Notify for alerts failed` error record; received alerts and flushes are data.
n = "alertmanager_notify"
first_of_each(n, r'receiver=(\w+) .*msg="Notify attempt failed', lambda m: m.group(1), "warning")
first_of_each(n, r'level=error .*msg="Notify for alerts failed" .*err="(\w+)/', lambda m: m.group(1), "error")

# caddy validate/adapt/list-modules: the adapter's error, the warn record (once), the module
# counts of the listing, `Valid configuration`; the formatted Caddyfile and the JSON are data.
n = "caddy_validate"
add(n, "error", every(n, r"^Error: "))
once(n, r'"level":"warn"', "warning")
add(n, "summary", every(n, r"^  (Standard|Non-standard|Unknown) modules: \d+$") + every(n, r"^Valid configuration$"))

# caddy run: the warn records, the access records of status >= 400 (the first 5 of each status),
# each error record's message shape once (a 404's `HTTP 404`, a refused upstream dial, `no
# upstreams available`).
n = "caddy_run"
add(n, "warning", every(n, r'^\{"level":"warn"'))
first_of_each(n, r'"logger":"http\.log\.access".*"status":([45]\d\d)', lambda m: m.group(1), "error", limit=5)
first_of_each(n, r'"logger":"http\.log\.error","msg":"(\{id=\w+\} [^"]*HTTP \d+|dial tcp [\d.]+:\d+: [^"]*|[^"{]*)"',
              lambda m: re.sub(r"\{id=\w+\}|[\d.]+:\d+", "#", m.group(1)), "error")

# squid -k parse: the ERROR, each WARNING line (the subnetwork block is printed twice word for
# word: once), the FATAL with the lines that report the aborted shutdown, `Terminated abnormally`;
# the `Processing:` lines are data.
n = "squid_parse"
first_of_each(n, r"\| (ERROR|WARNING|FATAL): (.*)$", lambda m: m.group(2), "error")
add(n, "error", every(n, r"\| Not currently OK to rewrite|\| storeDirWriteCleanLogs: Operation aborted"))
add(n, "summary", every(n, r"Terminated abnormally\.$"))

# mosquitto -v: the refused client (broker side and the client's two lines), the oversize packet,
# the client's invalid topic error, the shell's failed kill; connects and publishes are data.
n = "mosquitto_verbose"
add(n, "error", every(n, r"disconnected, not authorised\.|^Connection error: |^Error: |disconnected due to oversize packet"
                         r"|^bash: line \d+: kill: "))

# tcpdump -r: the reset and the ICMP unreachable (the cut file prints them again word for word:
# once), the truncated file and the missing file errors; the packets are data.
n = "tcpdump_read"
once(n, r"Flags \[R", "error")
once(n, r"ICMP .* unreachable", "error")
add(n, "error", every(n, r"^tcpdump: "))

# datamash: the check's failure with its location line above it, the invalid value; the groups
# are data.
n = "datamash_packages"
c = find(n, r"^datamash: check failed: ")
add(n, "error", [c, find(n, r"^line \d+ \(\d+ fields\):$")] + every(n, r"^datamash: invalid numeric value"))

# mlr: the header/data mismatch, the DSL parse error and its location line; the table is data.
n = "mlr_packages"
add(n, "error", every(n, r"^mlr: |^Parse error on token "))

# csvkit: csvclean's bad line, csvstat's row count and error, csvclean's `No errors.` verdict.
n = "csvkit_packages"
add(n, "error", every(n, r"^Line \d+: Expected |^ValueError: "))
add(n, "summary", every(n, r"^Row count: \d+$|^No errors\.$"))

# uwsgi: the root warning (printed three times: once), each traceback's own frame and exception
# (the second KeyError repeats the first word for word: once), the requests of status >= 400 (the
# first 5 of each status).
n = "uwsgi_ledger"
once(n, r"^\*\*\* WARNING: ", "warning")
first_of_each(n, r'^  File "app\.py", line (\d+)', lambda m: m.group(1), "frame")
first_of_each(n, r"^(\w+Error): (.*)$", lambda m: m.group(0), "message")
first_of_each(n, r"\(HTTP/1\.1 ([45]\d\d)\)", lambda m: m.group(1), "error", limit=5)

# terraform plan: init's outcome, each diagnostic's title, location and message (the check's
# warning printed again word for word by the third plan: once), the plan counts and outcomes.
n = "terraform_plan"
add(n, "summary", every(n, r"^Terraform has been successfully initialized!$|^Terraform planned the following actions, but then"
                           r"|^Plan: \d+ to add|^Planning failed\."))
seen = set()
for i, l in enumerate(lines(n), 1):
    if re.match(r"^(Error|Warning): ", l):
        loc = find(n, r"^  on ", i)
        msg = find(n, r"^[A-Z]", loc + 1)
        key = (l, lines(n)[loc - 1])
        if key not in seen:
            seen.add(key)
            add(n, "error" if l.startswith("Error") else "warning", [i, loc])
            add(n, "message", [msg])

# terraform validate and fmt: init's outcome, each error's title, location and first message line,
# the file fmt names.
n = "terraform_validate"
add(n, "summary", every(n, r"^Terraform has been successfully initialized!$"))
for i in every(n, r"^Error: "):
    loc = find(n, r"^  on ", i)
    add(n, "error", [i, loc])
    add(n, "message", [find(n, r"^[A-Z]", loc + 1)])
add(n, "warning", every(n, r"^owner\.tf$"))

# checkov: each failed check (every check is its own rule): its `Check:` title, the `FAILED for
# resource` line and its `File:` location; the counts of each framework; passed checks and the
# code excerpts are data.
n = "checkov_iac"
for i in every(n, r"^\tFAILED for resource: "):
    add(n, "warning", [i - 1, i, i + 1])
add(n, "summary", every(n, r"^Passed checks: \d+, Failed checks: \d+"))

# kubectl kustomize: the two failed commands' errors; the rendered YAML is data.
add("kubectl_kustomize", "error", every("kubectl_kustomize", r'^E\d{4} .*"command failed"'))

# zizmor: the collector's warning, the first 5 findings of each audit (title and `-->` location,
# whatever their level), the findings count.
n = "zizmor_workflows"
add(n, "warning", every(n, r"^ WARN "))
seen = {}
for i, l in enumerate(lines(n), 1):
    m = re.match(r"^(warning|error|help|info|note)\[([\w-]+)\]: ", l)
    if m:
        seen[m.group(2)] = seen.get(m.group(2), 0) + 1
        if seen[m.group(2)] <= 5:
            add(n, "warning", [i, i + 1])
add(n, "summary", every(n, r"^\d+ findings "))

# alembic: the first traceback's closing exception and (no own frame) its first frame, the
# second's first own frame (the project's migrations/env.py), its closing exception and the SQL
# it names.
n = "alembic_upgrade"
t1 = find(n, r"^Traceback ")
add(n, "frame", [t1 + 1])
add(n, "message", every(n, r"^sqlite3\.IntegrityError: |^sqlalchemy\.exc\.\w+: |^\[SQL: "))
t2 = find(n, r"^Traceback ", t1 + 1)
add(n, "frame", [find(n, r'^  File "/tmp/w16work/mig/', t2)])

# rsyslogd -N1: each error it reports (all but the first line, the banner).
n = "rsyslogd_check"
add(n, "error", every(n, r"^rsyslogd: (?!version )"))

M.write()
