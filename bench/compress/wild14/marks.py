#!/usr/bin/env python3
"""The hand-chosen anchor lines of the `wild14` logs (procedure in the corpus README: wild8's to
wild12's), chosen while reading each log top to bottom, never looking at the compressor. Lines are
marked by pattern (line numbers found by pattern, so a regenerated log is labelled alike). Writes
labels/NAME.txt (KIND<TAB>line verbatim); then run `bench/compress/blind/labels.py` on the set.

    python3 bench/compress/wild14/marks.py
"""
import os, re, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "blind"))
from logtext import Marks
D = os.environ.get("WILD14_DIR") or os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..",
                                                 "crates", "observe", "tests", "data", "wild14")
M = Marks(D)
lines, add, find, every = M.lines, M.add, M.find, M.every
first_of_each = M.first_of_each


# aws --debug: the debug log's record of the error (the traceback follows it), the exception that
# closes the traceback, its first frame (no frame is the user's: the first one), the CLI's own
# error line (the second command prints it again word for word: once), the parser's error; the
# DEBUG records and the list of valid choices are data.
n = "aws_debug_offline"
e = find(n, r" - DEBUG - Unable to locate credentials")
add(n, "error", [e])
add(n, "frame", [find(n, r'^  File "', e)])
add(n, "message", [find(n, r"^botocore\.exceptions\.\w+: ", e)])
add(n, "error", [find(n, r"^Unable to locate credentials"), find(n, r"^aws: error: ")])

# keytool: each `keytool error:`, the exception printed under the first with its first frame; the
# entry count at the top of the listing (summary); the listing is data.
n = "keytool_truststore"
add(n, "summary", every(n, r"^Your keystore contains \d+ entries"))
add(n, "error", every(n, r"^keytool error: "))
x = find(n, r"^java\.lang\.\w+: ")
add(n, "message", [x])
add(n, "frame", [find(n, r"^\tat ", x)])

# jarsigner: the first per-entry notes on the signer (each repeated for every entry: once), the
# unsigned entry's row, the nonexistent signed entries, `jar verified.`, the warning block (its
# header and each line), the digest error of the tampered jar, `jar is unsigned.`; the listing
# of entries is data.
n = "jarsigner_tampered"
add(n, "warning", [find(n, r"^      \[certificate will expire"), find(n, r"^      \[Invalid certificate chain")])
add(n, "warning", every(n, r"^    \?  ") + every(n, r"^    Warning: "))
add(n, "summary", every(n, r"^jar verified\.|^jar is unsigned\."))
w = find(n, r"^Warning: $")
add(n, "warning", [w] + [i for i in every(n, r"^(This jar contains|POSIX file permission)") if i > w])
add(n, "error", every(n, r"^jarsigner: "))

# jcmd: the two failed commands' exceptions; the pid headers, version, heap info and class
# histogram are data.
add("jcmd_histogram", "error", every("jcmd_histogram", r"^java\.\w+\.\w+(Exception|Error): "))

# jdeprscan: each class it cannot find (errors; a line printed again word for word: once), the
# per-jar headers (the location of the findings under them), the deprecated uses: the first 5 of
# each message shape (the class and member names left out).
n = "jdeprscan_ant"
first_of_each(n, r"^error: (.*)$", lambda m: m.group(1), "error")
add(n, "warning", every(n, r"^Jar file "))
first_of_each(n, r"^class \S+ (uses deprecated (class|method)|extends deprecated class|overrides deprecated method|"
              r"has field named \S+ of deprecated type|has method named \S+ having deprecated (parameter|return) type) ",
              lambda m: m.group(1).split(" named ")[0] + (m.group(1).split(" having ")[-1] if "having" in m.group(1) else ""),
              "warning", limit=5)

# jshell: each `Error:` with the message under it (and `symbol:`), each exception and its first
# own frame (the snippet's `at (#N:1)`); the snippets' excerpts, carets and /vars are context.
n = "jshell_script"
for e in every(n, r"^Error:$"):
    add(n, "error", [e])
    add(n, "message", [e + 1])
add(n, "message", every(n, r"^  symbol: "))
add(n, "error", every(n, r"^Exception "))
add(n, "frame", every(n, r"^      at \(#\d+:\d+\)"))

# gzip -tv: the errors; the `OK` rows are data.
add("gzip_tv_changelogs", "error", every("gzip_tv_changelogs", r"^gzip: "))

# perl -wc: the broken module's errors and its `had compilation errors.`; of the warnings, the
# first 5 of each message shape (`Subroutine X redefined`, `Name X used only once`), the one
# unresolved method call; `syntax OK` rows are data.
n = "perl_wc_modules"
add(n, "error", every(n, r"^(syntax error at |Missing right curly|\S+ had compilation errors\.)"))
first_of_each(n, r"^(Subroutine \S+ redefined|Name \S+ used only once|While trying to resolve method call)[ :]",
              lambda m: re.sub(r"\S+ (redefined|used)", r"\1", m.group(1)).split(" method call")[0], "warning", limit=5)

# node --prof: the script's error and its first own frame; the profile's header with its tick
# counts (summary); prof-process's ExperimentalWarning; the error for the missing log. The
# profile's tables are data.
n = "node_prof_process"
e = find(n, r"^Error: ")
add(n, "error", [e])
add(n, "frame", [find(n, r"^    at .*walk\.js:", e)])
add(n, "warning", every(n, r"ExperimentalWarning: "))
add(n, "summary", every(n, r"^Statistical profiling result from "))
add(n, "error", every(n, r"^Please provide a valid isolate file"))

# comm: the order check's error; the columns are data.
add("comm_check_order", "error", every("comm_check_order", r"^comm: "))

# gpg: the verdicts (`Good signature` of each key: summary; `BAD signature`: error), the trust
# warning with the line under it (printed for each key word for word: once); the packet dump is data.
n = "gpg_verify_release"
add(n, "summary", every(n, r"^gpg: Good signature"))
add(n, "warning", [find(n, r"^gpg: WARNING: "), find(n, r"^gpg: +There is no indication")])
add(n, "error", every(n, r"^gpg: BAD signature"))

# clang -Rpass: the errors of the broken file and the count; the remarks as findings: the first 5
# of each flag (a remark printed again word for word at the same place: once; their excerpts
# and carets are context).
n = "clang_rpass_brotli"
add(n, "error", every(n, r": error: "))
add(n, "summary", every(n, r"^\d+ errors? generated\."))
seen, out, per = set(), [], {}
for i, l in enumerate(lines(n), 1):
    m = re.search(r": remark: .*\[(-R[^\]]+)\]$", l)
    if m and l not in seen:
        seen.add(l)
        per[m.group(1)] = per.get(m.group(1), 0) + 1
        if per[m.group(1)] <= 5:
            out.append(i)
add(n, "warning", out)

# pmap: the two errors and the first listing's total (summary); the maps are data.
n = "pmap_python"
add(n, "error", every(n, r"^pmap: "))
add(n, "summary", [find(n, r"^total kB ")])

# diff3 -m: the conflict: its opening marker and each side's line (the merged file is data).
n = "diff3_merge"
c = find(n, r"^<<<<<<< ")
add(n, "error", [c])
add(n, "message", [c + 1, find(n, r"^=======$", c) + 1])

# ssh-keygen: the errors (the cut key's, printed twice word for word: once); fingerprints are data.
n = "ssh_keygen_keys"
first_of_each(n, r"^(.* is not a public key file\.|Load key .*)$", lambda m: m.group(1), "error")

# sqlite3 checks: integrity_check's finding (one message with only the row number changing: once),
# foreign_key_check's rows (table|rowid|parent|fk: the first of each table pair); the count is data.
n = "sqlite_integrity"
first_of_each(n, r"^row \d+ (missing from index \S+)$", lambda m: m.group(1), "error")
first_of_each(n, r"^(\w+)\|\d+\|(\w+)\|\d+$", lambda m: m.groups(), "error")
M.write()
