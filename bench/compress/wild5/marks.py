#!/usr/bin/env python3
"""The hand-chosen anchor lines of the `wild5` logs, by line number (chosen while reading each log
top to bottom, never looking at the compressor; procedure in the corpus README). Writes
labels/NAME.txt (KIND<TAB>line verbatim); `first5` applies rule 2 (first 5 findings of one rule or
message shape) to the two long lint reports. Then run `bench/compress/blind/labels.py` on the set.

    python3 bench/compress/wild5/marks.py
"""
import os, re, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "blind"))
from logtext import log_lines
D = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "crates", "observe", "tests", "data", "wild5")
def lines(name): return log_lines(f"{D}/logs/{name}.log")
def rng(a, b): return list(range(a, b + 1))
L = {}
def lab(name, **kinds):
    L[name] = kinds
lab("pyflakes_pkg", warning=[1,2,3,4,5,6,7,8,10,11,12])
lab("yapf_diff", warning=[1,12,41])
lab("autopep8_diff", warning=[1,12,42])
lab("interrogate_verbose", warning=[5,7,8,10,11], summary=[33,34])
lab("xenon_fail", error=[1,2,3])
lab("doc8_docs", warning=rng(3,8), summary=[12])
lab("rstcheck_docs", error=[1,4,5,7], warning=[2,6], summary=[8])
lab("djlint_lint", warning=[5]+rng(7,13), summary=[15])
lab("djlint_check", warning=[5], summary=[57])
lab("check_jsonschema_orders", error=rng(1,11))
lab("bashate_script", warning=rng(1,6), summary=[7])
lab("cpplint_ring", warning=rng(1,20)+[22,23], summary=[25])
lab("splint_parse", warning=[3,4,8,12,13,16,17,18,25,26,27,29,33,38,39,44,48,52,54], summary=[57])
lab("sparse_parse", warning=[1,2,3], error=rng(4,9))
lab("tcc_run", error=[3])
lab("gprof_flat", summary=[7])
lab("yasm_errors", error=[1,2,5,6], warning=[4])
lab("flex_errors", error=[1])
lab("splint_strict", warning=[3,4,33,96,7,10,23,68,77,102,16,20,24,29,30,36,37,115,120,44,45,79,52,62,63,75,100,111,72,81,85,97,90,98,104,106,125,129,133,135,137,141,143], summary=[146])
lab("swipl_tests", warning=[1,2], failure=[4,7,10], message=[5,8,11,12,13], summary=[14,15,16,17])
lab("guile_error", frame=[2], error=[8,9])
lab("gforth_errors", error=[3,4])
lab("fpc_errors", error=[7,8,9,10])
lab("svn_conflict", error=[2,7,33,34], summary=[4,5])
lab("svn_log", error=[17])
lab("systemd_verify", error=[1,2,3,5,6,7,8,9], warning=[4])
lab("systemd_calendar", error=[18])
lab("chktex_paper", warning=list(range(1,80,3)))
lab("mandoc_lint", warning=[1,3,4], error=[2])
lab("hunspell_list", warning=[4,6,9,12,14])
lab("aspell_list", warning=[1,2,3,4,5], error=[12])
lab("xmlstarlet_val", error=[1,2,3,4,5,6,7,16,17,18], summary=[10,11])
lab("xsltproc_report", error=[3,4,5,8,11])
lab("glpsol_infeasible", error=[18,19], warning=[51,55], summary=[28,29])
lab("glpsol_mip", summary=[30,38,39])
lab("gnuplot_errors", error=[28])
lab("z3_model", summary=[1,8,11], error=[9,10])
lab("qpdf_check", warning=[1,2], summary=[8], error=[9])
lab("pngcheck_files", error=[12,13,18,19,22,23], summary=[7,25,26])
lab("iostat_ext")
lab("mpstat_all", summary=[14])
lab("pidstat_io")
lab("ab_local", summary=[8,20,21,24,62,63,67], error=[64,93])
lab("iperf3_local", summary=[10,11,13], error=[14])
lab("memcached_verbose", error=[51,59], summary=[61])
lab("standard_lint", warning=[4,11,13,21,29,5,15,23,32,6,9,16,19,24,7,8,17,18,25,10,20,28,38,12,22,30,31,40,14,33,41,44,45,46])
lab("lessc_errors", error=[8])
lab("tape_fail", failure=[6,21,37,55], message=[9,10,24,25,41,43,46,58,59], frame=[11,16,26,31,44,47,60,65], summary=[72,73,74])
lab("qunit_fail", failure=[3,10,23], message=[5,7,8,12,14,18,26,30], frame=[27,31], summary=[35,38])
lab("jscpd_dupes", warning=[1,2,3,5,6,8,9,11,12], summary=[20,22])
lab("textlint_todo", error=[2,3,7,8,9], summary=[12])
lab("alex_docs", warning=[1]+rng(2,15)+[17]+rng(18,23), summary=[25])
lab("write_good_docs", warning=[1,5,9,13,17,21,25,29,33,34,38,42,46,50,54,58])
lab("ajv_validate", error=[1,4,8,11,15,18,22,25,29,32,36,39,43,46])
lab("jsonlint_config", error=[1,4], frame=[5])
lab("coffee_compile", error=[1])
lab("c8_tape", failure=[6,21,37,55], message=[9,10,24,25,41,43,46,58,59], frame=[11,16,26,31,44,47,60,65], summary=[72,73,74,79])
lab("xenon_site", error=[1,2,3,4,5,63,64,65])
lab("cython_errors", error=[2,13])
n = len(lines("interrogate_site"))
lab("interrogate_site", warning=[5,7,9,10,11], summary=[n-1, n])
lab("yapf_site", warning=[1])
def first5(name, key):
    seen, out = {}, []
    for i, l in enumerate(lines(name), 1):
        k = key(l)
        if k is None: continue
        seen[k] = seen.get(k, 0) + 1
        if seen[k] <= 5: out.append(i)
    return out
def std_rule(l):
    m = re.search(r":\d+:\d+: .* \(([a-z@/-]+)\)( \(warning\))?$", l)
    return m.group(1) if m else None
lab("standard_tapelib", warning=first5("standard_tapelib", std_rule))
def wg(l):
    m = re.match(r'^"[^"]*"(.*) on line \d+ at column \d+$', l)
    return m.group(1) if m else None
lab("write_good_readme", warning=[1]+first5("write_good_readme", wg))
lab("dnsmasq_test", error=[2], summary=[3])
lab("stylus_error")
lab("swipl_load", warning=[1,2], error=[3])
lab("unbound_checkconf", error=[1,2,3], summary=[4])
lab("clisp_error", error=[2])
lab("remark_lint", warning=[1,2], summary=[4])
# --- write the .txt files
for name, kinds in L.items():
    ls = lines(name)
    rows = []
    for kind, nums in kinds.items():
        for k in nums:
            rows.append((k, kind))
    rows.sort()
    assert len({k for k,_ in rows}) == len(rows), (name, rows)
    with open(f"{D}/labels/{name}.txt", "w") as f:
        for k, kind in rows:
            assert 1 <= k <= len(ls), (name, k)
            f.write(f"{kind}\t{ls[k-1]}\n")
logs = {f[:-4] for f in os.listdir(f"{D}/logs")}
print("unlabelled:", logs - set(L), "extra:", set(L) - logs)
