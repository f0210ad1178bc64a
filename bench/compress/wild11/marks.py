#!/usr/bin/env python3
"""The hand-chosen anchor lines of the `wild11` logs (procedure in the corpus README: wild8's,
wild9's and wild10's), chosen while reading each log top to bottom, never looking at the
compressor. Long reports are marked by small helpers that apply the written procedure to one
report format (findings by message shape, a pytest FAILURES section); the other lines by pattern.
Writes labels/NAME.txt (KIND<TAB>line verbatim); then run `bench/compress/blind/labels.py` on the set.

    python3 bench/compress/wild11/marks.py
"""
import os, re, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "blind"))
from logtext import Marks
D = os.environ.get("WILD11_DIR") or os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..",
                                                 "crates", "observe", "tests", "data", "wild11")
M = Marks(D)
lines, add, find, every = M.lines, M.add, M.find, M.every


def by_shape(name, pat, shape, kind="warning", limit=5):
    """Rule 2 without a rule code: of the lines matching `pat`, the first `limit` of each message
    shape (`shape(line)`: the message with the varying name, numbers and location masked). Rule 1
    first: a line said again with only numbers changed (the same warning of another record or
    of a second run) is not counted again."""
    seen, out, said = {}, [], set()
    for i, l in enumerate(lines(name), 1):
        if re.search(pat, l) and re.sub(r"\d+", "#", l) not in said:
            said.add(re.sub(r"\d+", "#", l))
            s = shape(l)
            seen[s] = seen.get(s, 0) + 1
            if seen[s] <= limit:
                out.append(i)
    add(name, kind, out)


def pytest_failures(name, own):
    """wild8's pytest procedure (`Marks.pytest_failures`), to the short test summary."""
    M.pytest_failures(name, own, r"^=+ short test summary info =+$")

def quoted(s):
    return re.sub(r"‘[^’]*’|`[^']*'|\"[^\"]*\"|'[^']*'|\d+", "#", s)


# gawk --lint: its warnings by message shape (the variable/field named masked, the record's
# FILENAME/FNR and the program location left out); the fatal error. cut's output is data.
by_shape("gawk_lint_cut", r"^gawk: .* warning: ", lambda l: quoted(l.split("warning: ", 1)[1]))
add("gawk_lint_cut", "error", every("gawk_lint_cut", r"^gawk: .* fatal: "))

# perl -W -c: warnings by message shape (the sub, name or constant masked, ` at FILE line N.`
# left out); `FILE syntax OK` per module is data.
by_shape("perl_W_check", r" at /\S+ line \d+\.$",
         lambda l: re.sub(r"^((?:Constant s|S)ubroutine) \S+", r"\1 #",
                          quoted(re.sub(r" at /\S+ line \d+\.$", "", l))))

# ld: each undefined symbol's first reference, with the `in function` line above it (wild8's C
# rule); `more undefined references to X follow` repeats; collect2's error.
ls, seen = lines("ld_undefined_brotli"), set()
for i, l in enumerate(ls, 1):
    m = re.search(r"undefined reference to `([^']+)'", l)
    if m and "more undefined" not in l and m.group(1) not in seen:
        seen.add(m.group(1))
        above = max(k for k in range(1, i) if "in function" in ls[k - 1])
        add("ld_undefined_brotli", "error", [above, i])
add("ld_undefined_brotli", "error", every("ld_undefined_brotli", r"^collect2: error:"))

# make -d: the compiler's error and warning (location on the line), the first `*** … Error N`, make's
# closing `not remade because of errors`; the debug trace is data.
add("make_d_brotli", "error", every("make_d_brotli", r"^c/\S+:\d+:\d+: error: "))
add("make_d_brotli", "warning", every("make_d_brotli", r"^c/\S+:\d+:\d+: warning: "))
add("make_d_brotli", "error", [find("make_d_brotli", r"^make: \*\*\* "), find("make_d_brotli", r"not remade because of errors")])

# g++: every error located in the project's file; of the errors in the library's headers the
# first of each message shape (the quoted entities and numbers masked) and the project's
# `inventory.cpp:L:C:   required from here` line that leads to them (each once, a frame);
# candidates (`note:`) and `In member function` headers are context.
name = "gpp_template_inventory"
add(name, "error", every(name, r"^inventory\.cpp:\d+:\d+: error: "))
by_shape(name, r"^/usr/\S+:\d+:\d+: error: ", lambda l: quoted(l.split(" error: ", 1)[1]), kind="error", limit=1)
ls, seen = lines(name), set()
for i, l in enumerate(ls, 1):
    if re.match(r"^inventory\.cpp:\d+:\d+:   required from here$", l) and l not in seen:
        seen.add(l)
        add(name, "frame", [i])

# bash -x (ldd): the error printed; the trace is context, the dependency lists data.
add("bash_x_ldd", "error", every("bash_x_ldd", r"^ldd: .*No such file"))
# diff -ru / -u: the error; the hunks and file headers are data.
add("diff_u_stdlib", "error", every("diff_u_stdlib", r"^diff: "))
# find -ls, nm, ctags -x, dpkg -L, iconv, gcc -H: the error (or warning) among the listing.
add("find_ls_perl", "error", every("find_ls_perl", r"^find: "))
add("nm_dyn_libs", "error", every("nm_dyn_libs", r"^nm: "))
add("ctags_x_go", "warning", every("ctags_x_go", r"^ctags: Warning: "))
add("dpkg_L_missing", "error", every("dpkg_L_missing", r"dpkg-query: package .* is not installed"))
add("iconv_changelog", "error", every("iconv_changelog", r"iconv: illegal input sequence"))
add("gcc_H_brotli", "error", every("gcc_H_brotli", r"^c/\S+:\d+:\d+: error: "))
# tar -tvzf: gzip's and tar's errors on the truncated archive; the listings are data.
add("tar_tvz_sdists", "error", every("tar_tvz_sdists", r"^(gzip|tar): "))
# unzip -t: each member that fails its check, the archive's error count; each archive's result.
add("unzip_t_wheels", "error", every("unzip_t_wheels", r"bad CRC|error was detected|errors were detected"))
add("unzip_t_wheels", "summary", every("unzip_t_wheels", r"^No errors detected in compressed data"))
# groff -ww: its warnings by shape (the character code masked), the fatal error.
by_shape("groff_ww_manpages", r"^troff: .*warning", lambda l: quoted(l.split("warning", 1)[1]))
add("groff_ww_manpages", "error", every("groff_ww_manpages", r"^troff: fatal error"))
# pytest -x --lf: wild8's pytest rule; `stopping after 1 failures` is with the counts.
pytest_failures("pytest_lf_x_toolz", "toolz/")
M.write()
