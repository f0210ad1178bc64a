#!/usr/bin/env python3
"""The hand-chosen anchor lines of the `wild6` logs, by line number (chosen while reading each log
top to bottom, never looking at the compressor; procedure in the corpus README). Writes
labels/NAME.txt (KIND<TAB>line verbatim); `by_rule` applies rule 2 (first 5 findings of one rule)
to the long lint reports whose every finding names its rule. Then run
`bench/compress/blind/labels.py` on the set.

    python3 bench/compress/wild6/marks.py
"""
import os, re, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "blind"))
from logtext import log_lines, write_labels
D = os.environ.get("WILD6_DIR") or os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..",
                                                "crates", "observe", "tests", "data", "wild6")
def lines(name): return log_lines(f"{D}/logs/{name}.log")
def rng(a, b): return list(range(a, b + 1))
L = {}
def lab(name, **kinds):
    L[name] = {k: list(v) for k, v in kinds.items()}
def add(name, kind, nums):
    L.setdefault(name, {}).setdefault(kind, []).extend(nums)
def by_rule(name, pat, kind="warning", also=0):
    """Lines matching `pat` (a regex with a `rule` group): the first 5 of each rule; `also` adds the
    next N lines of each (a finding whose location is on the line below its title)."""
    seen, out = {}, []
    for i, l in enumerate(lines(name), 1):
        m = re.search(pat, l)
        if m:
            r = m.group("rule")
            seen[r] = seen.get(r, 0) + 1
            if seen[r] <= 5:
                out += [i + k for k in range(also + 1)]
    add(name, kind, out)

# ruff, full format: the `RULE message` title and its `--> path:L:C` line, first 5 of each rule.
by_rule("ruff_full", r"^(?P<rule>[A-Z]+[0-9]+) ", also=1)
add("ruff_full", "summary", [335])
by_rule("ruff_concise_site", r"^\S+:\d+:\d+: (?P<rule>[A-Z]+[0-9]+) ")
add("ruff_concise_site", "summary", [98])
# grouped: every per-file header (location of the findings under it) and the findings by rule.
add("ruff_grouped", "warning", [i for i, l in enumerate(lines("ruff_grouped"), 1) if re.match(r"^\S+\.py:$", l)])
by_rule("ruff_grouped", r"^\s+\d+:\d+\s+(?P<rule>[A-Z]+[0-9]+) ")
lab("ruff_github", warning=[1, 2])
by_rule("ruff_github", r"^::error title=ruff \((?P<rule>[A-Z]+[0-9]+)\)")

# valgrind
lab("valgrind_leak_kinds", warning=[2], error=[13, 16, 22, 37, 43, 49, 54, 59, 63],
    frame=[14, 17, 24, 41, 47, 52, 57, 61, 65], summary=[68, 69, 70, 71, 76])
lab("valgrind_origins", error=[6, 8], frame=[7, 10], summary=[21])
lab("valgrind_helgrind", error=[28, 35, 45, 52, 62], frame=[30, 37, 47, 54, 66, 73], summary=[114])
lab("valgrind_drd", error=[7, 18, 29], frame=[8, 19, 30], summary=[43])
lab("valgrind_massif", summary=[39, 153], frame=[155])

# cargo
lab("cargo_test_backtrace_full", failure=[9, 10, 11], message=[18, 19, 20, 21, 118, 119, 217, 218],
    frame=[64, 65, 158, 159, 263, 264], summary=[321], error=[323])
lab("cargo_test_nocapture", failure=[8, 30, 55], message=[9, 10, 32, 33, 34, 35, 57, 58],
    frame=[16, 17, 45, 46, 70, 71], summary=[88], error=[90])
lab("cargo_nextest", failure=[7, 43, 82], message=[22, 23, 59, 60, 61, 62, 98, 99],
    frame=[29, 30, 72, 73, 111, 112], summary=[122], error=[126])
lab("cargo_doctest", failure=[6, 7], message=[12, 16, 17, 18, 19, 35, 39, 40, 41, 42], frame=[28, 51],
    summary=[62], error=[64])
by_rule("ruff_pylint", r"^\S+:\d+: \[(?P<rule>[A-Z]+[0-9]+)\]")
add("ruff_pylint", "warning", [1, 2])
lab("ruff_statistics", warning=[1, 2], summary=[94])
lab("ruff_format_diff", warning=[1, 10], summary=[36])
lab("cargo_build_notes", warning=[2, 3], error=[10, 11, 23, 24, 37], message=[18, 29])

# vitest: the × line and its → message, then each FAIL report: title, error, diff lines, location.
def vitest_reports(name, o):
    add(name, "failure", [x + o for x in (27, 46, 58, 81, 104, 120)])
    add(name, "message", [x + o for x in (28, 33, 34, 47, 59, 66, 67, 82, 89, 90, 105, 114, 121, 123, 124)])
    add(name, "frame", [x + o for x in (36, 48, 71, 94, 106, 115, 126, 143, 150)])
    add(name, "error", [x + o for x in (138, 141, 142)])
    add(name, "summary", [x + o for x in (162, 163, 164, 165)])
lab("vitest_verbose", failure=[6, 9, 12, 14, 16, 21], message=[7, 10, 13, 15, 17, 22])
vitest_reports("vitest_verbose", 0)
vitest_reports("vitest_dot", -19)
lab("vitest_junit", summary=[2, 3, 78], failure=[8, 23, 31, 48, 65, 83], message=[9, 10, 15, 16, 24, 25, 32, 33, 40, 41, 49, 50,
    57, 58, 66, 67, 70, 84, 85, 87, 88], frame=[18, 26, 45, 62, 68, 71, 90])
lab("vitest_coverage", failure=[8, 38], error=[10, 11, 12], message=[39, 41, 42], frame=[44], summary=[55, 56])
lab("jest_ci_snapshot", failure=[1, 11, 12], error=[2, 4], message=[6, 7, 14, 16, 17], frame=[25], summary=[27, 28])
lab("jest_verbose_coverage", failure=[1, 3, 5, 20, 23, 24, 25, 26, 30, 32, 49, 78, 103, 121],
    message=[7, 9, 10, 34, 36, 37, 51, 61, 62, 64, 65, 80, 82, 88, 89, 105, 107, 109, 123, 125, 126],
    frame=[18, 47, 76, 101, 119, 135], summary=[137, 141, 145, 147, 148, 149])
lab("eslint9_config_error", error=[2, 6, 8, 13, 17, 19, 24, 28])
lab("eslint8_compact", error=[1, 2, 3, 4, 9, 10], warning=[5, 6, 7, 8], summary=[12])
lab("eslint8_unix", error=[1, 2, 3, 4, 9, 10], warning=[5, 6, 7, 8], summary=[12])
lab("eslint9_stylish", warning=[2, 5, 11, 7, 8, 9, 14, 15, 16, 17, 18], error=[3, 6, 12, 13, 19], summary=[21])
lab("postgres_server_log", warning=[10, 16, 29, 33, 45], error=[20, 21, 49, 54, 55, 60, 67, 68, 69, 70, 71, 73, 75, 77])
lab("pg_ctl_errors", error=[2, 3, 5, 8, 10, 11, 13, 15], warning=[4])
lab("syslog_trad", error=[28, 29, 30, 61, 62, 64, 65], warning=[27, 63, 66])
lab("syslog_auth", warning=[4, 5, 34], error=[7, 8, 9, 10, 11])
lab("syslog_rfc3339", warning=[5, 6, 35, 77, 113, 116], error=[8, 9, 10, 11, 12, 78, 79, 80, 111, 112, 114, 115])
lab("wget_redirects", message=[3, 7], summary=[98], error=[120, 123, 125])
lab("wget_retries", error=[3, 103, 108, 112, 113], summary=[100])
lab("wget_dot", summary=[90])
lab("curl_verbose", message=[11, 29], error=[66, 70, 73, 74, 77])
lab("pip_cext_fail", error=[11, 12, 14, 15, 23, 26, 34, 38, 39, 40], warning=[31])
lab("pip_setup_traceback", error=[6, 7, 9, 10, 30, 34, 36, 37], frame=[29])
lab("pip_meson_nocc", error=[10, 11, 13, 14, 25, 27, 33, 35])
lab("pip_maturin_nocargo", error=[13, 14, 16, 17, 42, 43, 44, 48, 52, 56, 57, 58], warning=[25, 41])
lab("lizard_warnings", warning=rng(1, 5))
lab("green_verbose", warning=[1], failure=[5, 6, 9, 12, 15, 19, 33, 53, 68, 83], frame=[27, 41, 61, 63, 76, 78, 91],
    message=[31, 49, 66, 81, 101], summary=[110, 112])
lab("cmake_lint", warning=[3, 7, 8, 9, 10], summary=[16])
lab("reuse_lint", error=[1, 3, 25], warning=[4, 5, 6, 7, 8], summary=[22, 23])
lab("pyroma_project", warning=[6, 7, 8, 9, 10], summary=[18])
lab("lizard_site", warning=[299, 303, 304, 305, 306], summary=[310])
lab("vermin_violations", warning=[3, 6, 9, 12, 18, 21, 25, 29], summary=[44, 45, 46])
lab("docformatter_check", warning=[1, 14])
lab("autoflake_check", warning=[2, 12, 17])
lab("unimport_check", warning=[1, 2, 3, 17, 18])
lab("babel_errors", error=[28])
lab("uglifyjs_warn", error=[65, 75, 78])
lab("jsdoc_pedantic", warning=[1, 2])
lab("csslint_css", summary=[3], warning=[6, 7, 11, 12, 16, 17, 21, 22, 31, 32, 36, 37, 41, 42], error=[26, 27])
lab("svgo_files", error=[1])
lab("madge_circular", error=[4, 6])
lab("license_checker")
lab("uvu_tests", summary=[2, 55, 56], failure=[4, 19, 42], message=[5, 7, 8, 20, 27, 29, 43], frame=[12, 35, 47])
lab("bats_tests", failure=[3, 6, 10, 14], message=[4, 5, 7, 8, 11, 12, 15, 16], error=[17])
lab("bats_junit", summary=[3], failure=[5, 9, 16, 21], message=[6, 7, 10, 11, 17, 18, 22, 23], error=[24])
by_rule("rubocop_ruby", r"^cart\.rb:\d+:\d+: [CW]: (\[Correctable\] )?(?P<rule>\S+):")
add("rubocop_ruby", "summary", [67])
lab("sysbench_runs", summary=[15, 49, 51], error=[86], warning=[87])
lab("fail2ban_regex", summary=[15, 19, 28], error=[37])
lab("nft_check", error=[1, 4])
lab("visudo_check", error=[1])
lab("varnishd_vcl", warning=[1], error=[2, 3, 5, 9, 10])
lab("nsd_checkconf", error=[1, 2])
lab("nsd_checkzone", error=[1, 2, 3, 4, 5, 6, 7, 8, 9])
lab("astyle_dry", warning=rng(2, 6), summary=[7])
lab("cflow_tree", warning=[1], message=[2])
lab("nagios_checks", summary=[1], error=[2, 4, 5], warning=[3, 6, 7])
lab("bmake_bsd", warning=[1], error=[2, 3, 4])
lab("perlcritic_brutal", warning=rng(1, 22))
def phpcs_findings(name):
    """phpcs rows: first 5 of each message shape (quoted names and numbers left out)."""
    seen, out = {}, []
    for i, l in enumerate(lines(name), 1):
        m = re.match(r"^\s*\d+ \| ERROR \| \[.\] (.*)$", l)
        if m:
            key = re.sub(r'"[^"]*"|\d+', "_", m.group(1))
            seen[key] = seen.get(key, 0) + 1
            if seen[key] <= 5:
                out.append(i)
    add(name, "warning", out)
phpcs_findings("phpcs_lib")
add("phpcs_lib", "summary", [4, 58])
lab("sloccount_c", summary=[9, 21])
lab("pgbench_runs", summary=[26, 27, 31, 47, 48], error=[34, 49, 50])
lab("lynis_quick", error=[51, 54, 71, 201, 204, 350],
    warning=[118, 194, 227, 287, 399, 338, 372, 373, 121, 135, 151, 152, 153, 406, 407, 409, 410, 412, 317, 319, 343],
    summary=[455, 463, 464])

if __name__ == "__main__":
    write_labels(D, L)
