"""Round 16's data-flow sweep for issue 14: every way bash gives a value to a word, crossed with
what the value is used for. Writes `dataflow16.toml` next to this file.

Each form is a script that puts a value VAL into a word; each use puts that word where it
matters: a secret read (`cat WORD` with WORD = `.env` or `~/.ssh/id_rsa`), a denied command as a
command word (`WORD push` with WORD = `git`, `WORD -rf build` with WORD = `rm`), and harmless
values (`cat WORD` with WORD = `README.md`, `WORD status` with WORD = `git`), which must stay
`allow`. The expected verdict is what bash does: `python3 dataflow16.py --check` runs every script
in bash (in a temporary directory, with fake `cat`, `git`, `rm` that log their arguments and no
other program on PATH) and writes the verdict the log gives: `deny` when a secret was read, `git
push` or `rm -rf` ran; `allow` when only harmless commands ran. Without `--check` the verdicts
last written are kept (the file is committed). A case where bash leaves `~` unexpanded (`$'~/x'`,
a tilde inside a word) is left out: it names a folder `~` in the workspace.
"""
import json, os, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))

# (name, script template): `{v}` is the literal value (single-quoted where written `'{v}'`), `{USE}`
# the command that uses the word, written with `{W}` where the word goes.
FORMS = [
    ("assign", "X={v}; {USE}", '"$X"'),
    ("assign-unquoted", "X={v}; {USE}", "$X"),
    ("assign-braced", "X={v}; {USE}", '"${X}"'),
    ("export", "export X={v}; {USE}", '"$X"'),
    ("export-later", "X={v}; export X; {USE}", '"$X"'),
    ("local", "f() { local X={v}; {USE}; }; f", '"$X"'),
    ("declare", "declare X={v}; {USE}", '"$X"'),
    ("declare-x", "declare -x X={v}; {USE}", '"$X"'),
    ("declare-r", "declare -r X={v}; {USE}", '"$X"'),
    ("declare-g", "f() { declare -g X={v}; }; f; {USE}", '"$X"'),
    ("readonly", "readonly X={v}; {USE}", '"$X"'),
    ("typeset", "typeset X={v}; {USE}", '"$X"'),
    ("printf-v", "printf -v X '%s' {v}; {USE}", '"$X"'),
    ("printf-v-fmt", "printf -v X '%s%s' '' {v}; {USE}", '"$X"'),
    ("read-herestring", "read -r X <<< {v}; {USE}", '"$X"'),
    ("read-herestring-ifs", "IFS= read -r X <<< {v}; {USE}", '"$X"'),
    ("mapfile-heredoc", "mapfile -t A <<'E'\n{v}\nE\n{USE}", '"${A[0]}"'),
    ("readarray-heredoc", "readarray -t A <<E\n{v}\nE\n{USE}", '"${A[0]}"'),
    ("for", "for X in {v}; do {USE}; done", '"$X"'),
    ("for-two", "for X in {o} {v}; do {USE}; done", '"$X"'),
    ("case-arm", "case a in a) X={v} ;; esac; {USE}", '"$X"'),
    ("select", "select X in {v}; do {USE}; break; done", '"$X"'),
    ("array", "A=({v}); {USE}", '"${A[0]}"'),
    ("array-second", "A=(x {v}); {USE}", '"${A[1]}"'),
    ("array-all", "A=({v}); {USE}", '"${A[@]}"'),
    ("array-index", "A[3]={v}; {USE}", '"${A[3]}"'),
    ("array-append", "A=(); A+=({v}); {USE}", '"${A[0]}"'),
    ("array-arith", "i=0; A=(x {v}); {USE}", '"${A[i+1]}"'),
    ("array-arith-expansion", "A=(x {v}); {USE}", '"${A[$((2-1))]}"'),
    ("assoc", "declare -A M; M[k]={v}; {USE}", '"${M[k]}"'),
    ("indirect", "Y={v}; N=Y; {USE}", '"${!N}"'),
    ("default", "X=; {USE}", '"${X:-{v}}"'),
    ("default-assign", "X=; : \"${X:={v}}\"; {USE}", '"$X"'),
    ("alternate", "X=1; {USE}", '"${X:+{v}}"'),
    ("error-if-unset", "X={v}; {USE}", '"${X:?unset}"'),
    ("strip-prefix", "X=zz{v}; {USE}", '"${X#zz}"'),
    ("strip-suffix", "X={v}.bak; {USE}", '"${X%.bak}"'),
    ("replace", "X=QQ{v}; {USE}", '"${X/QQ/}"'),
    ("replace-all", "X=Q{v}Q; {USE}", '"${X//Q/}"'),
    ("upper-to-lower", "X={V}; {USE}", '"${X,,}"'),
    ("substring", "X=zz{v}; {USE}", '"${X:2}"'),
    ("substring-len", "X=zz{v}zz; {USE}", '"${X:2:{n}}"'),
    ("ansi-c", "X=$'{v}'; {USE}", '"$X"'),
    ("translated", "X=$\"{v}\"; {USE}", '"$X"'),
    ("eval", "eval 'X={v}'; {USE}", '"$X"'),
    ("source-heredoc", "source /dev/stdin <<'E'\nX={v}\nE\n{USE}", '"$X"'),
    ("alias", "shopt -s expand_aliases\nalias w='{USE}'\nw", None),
    ("function-global", "f() { X={v}; }; f; {USE}", '"$X"'),
    ("function-arg", "f() { {USE}; }; f {v}", '"$1"'),
    ("function-all-args", "f() { {USE}; }; f {v}", '"$@"'),
    ("chain", "X={v}; Y=$X; Z=$Y; {USE}", '"$Z"'),
    ("concat", "X={h}; Y={t}; {USE}", '"$X$Y"'),
    ("unset-copy", "X={v}; Y=$X; unset X; {USE}", '"$Y"'),
    ("unset-default", "X=zz; unset X; {USE}", '"${X:-{v}}"'),
]

# subshells that do not leak: the value stays the outer one
SCOPES = [
    ("subshell", "X={v}; (X={o}); {USE}", '"$X"'),
    ("substitution", "X={v}; : \"$(X={o})\"; {USE}", '"$X"'),
    ("pipeline", "X={v}; echo | X={o}; {USE}", '"$X"'),
    ("brace-pipe", "X={v}; { X={o}; } | cat; {USE}", '"$X"'),
    ("local-shadow", "X={v}; f() { local X={o}; }; f; {USE}", '"$X"'),
]

# (use, value, other harmless value, what a dangerous run logs)
USES = [
    ("secret", "cat {W}", ".env", "README.md"),
    ("secret-home", "cat {W}", "~/.ssh/id_rsa", "README.md"),
    ("command", "{W} push", "git", "true"),
    ("command-rm", "{W} -rf build", "rm", "true"),
    ("harmless", "cat {W}", "README.md", "Cargo.toml"),
    ("harmless-command", "{W} status", "git", "echo"),
]


def render(form, use_name, use, v, o):
    name, tpl, word = form
    if word is None and name == "alias":
        line = use.replace("{W}", v)
        return tpl.replace("{USE}", line)
    w = word
    filled = w.replace("{v}", v).replace("{n}", str(len(v)))
    cmd = use.replace("{W}", filled)
    h, t = v[: len(v) // 2], v[len(v) // 2 :]
    out = tpl.replace("{USE}", cmd)
    out = out.replace("{v}", v).replace("{o}", o).replace("{V}", v.upper()).replace("{h}", h).replace("{t}", t)
    return out


def cases():
    out = []
    for use_name, use, v, o in USES:
        for form in FORMS:
            s = render(form, use_name, use, v, o)
            if s is not None:
                out.append((form[0], use_name, s))
        for scope in SCOPES:
            # the outer value is the one used: dangerous outer, harmless inner, and back
            out.append((scope[0], use_name, render(scope, use_name, use, v, o)))
            out.append((scope[0] + "-inner", use_name, render(scope, use_name, use, o, v)))
    return out


FAKE = r"""#!/bin/bash
printf '%s' "${0##*/}" >> "$LOG"; printf ' %q' "$@" >> "$LOG"; printf '\n' >> "$LOG"
if [ "${0##*/}" = cat ] && [ $# -eq 0 ]; then while IFS= read -r l; do printf '%s\n' "$l"; done; fi
"""


def run_bash(script):
    with tempfile.TemporaryDirectory() as d:
        bindir = os.path.join(d, "bin")
        os.mkdir(bindir)
        for p in ["cat", "git", "rm", "echo_", "true_"]:
            path = os.path.join(bindir, p)
            open(path, "w").write(FAKE)
            os.chmod(path, 0o755)
        work = os.path.join(d, "work")
        os.mkdir(work)
        log = os.path.join(d, "log")
        open(log, "w").close()
        env = {"PATH": bindir, "HOME": os.path.join(d, "home"), "LOG": log}
        subprocess.run(["/bin/bash", "-c", script], cwd=work, env=env, input="1\n",
                       capture_output=True, text=True, timeout=10)
        return open(log).read()


def verdict(log, home):
    deny = False
    for line in log.splitlines():
        w = line.split()
        if not w:
            continue
        if w[0] == "git" and "push" in w[1:]:
            deny = True
        if w[0] == "rm" and any(x in ("-rf", "-fr") for x in w[1:]):
            deny = True
        if w[0] == "cat" and any(x.endswith(".env") or x.endswith(".ssh/id_rsa") for x in w[1:]):
            deny = True
    return "deny" if deny else "allow"


def main():
    path = os.path.join(HERE, "dataflow16.toml")
    old = {}
    if os.path.exists(path):
        import tomllib
        for want, cmd, _ in tomllib.load(open(path, "rb"))["shell"]:
            old[cmd] = want
    rows = []
    for form, use_name, script in cases():
        if "--check" in sys.argv or script not in old:
            log = run_bash(script)
            if "\\~" in log:
                # bash left `~` unexpanded (a quoted or mid-word tilde): a folder named `~` in
                # the workspace, not the home directory; no case for either reading
                continue
            want = verdict(log, None)
        else:
            want = old[script]
        rows.append((form, use_name, want, script))
    seen = set()
    lines = ["# Round 16's data-flow sweep (issue 14): generated by dataflow16.py, expected verdicts from",
             "# bash itself (fake cat/git/rm logging their arguments). Every case: [verdict, command, form/use].",
             "shell = ["]
    for form, use_name, want, script in rows:
        if script in seen:
            continue
        seen.add(script)
        lines.append(f"  [{json.dumps(want)}, {json.dumps(script)}, {json.dumps(form + '/' + use_name)}],")
    lines.append("]")
    open(path, "w").write("\n".join(lines) + "\n")
    print(len(seen), "cases;", sum(1 for r in rows if r[2] == "deny"), "deny")


if __name__ == "__main__":
    main()
