#!/usr/bin/env python3
"""Builds the `wild13` corpus: a blind set of real outputs of ecosystems and tool families no earlier
set holds (Erlang/OTP's logger and EUnit, Elixir's Logger and compiler, the JVM's GC log, jstack and
javap, Go's `build -x`, fuzzing, `list -deps -e` and gofmt, Ruby's `-wc`, rdoc and rake --trace,
Python's trace and pdb, gettext's msgfmt, pkg-config, valgrind's cachegrind with cg_annotate, GNU as
listings, `ocamlc -i`), recorded before the compressor saw any of it. Real inputs of this machine
(/etc/services and /etc/protocols, Go's and OCaml's standard library sources, the Ruby gems of
Debian, humanize's catalogs, Debian's .pc files, brotli's C sources from wild8's sdist, the JDK's
classes, toolz) and the small fixtures of `fixtures.py`, with a fault put in the middle (a crash on
some records, a type error, a missing file, a broken catalog). Each run's merged stdout+stderr is
recorded unedited (`../blind/record.py`).

    python3 bench/compress/wild13/gen.py WORKDIR OUTDIR [NAME_FILTER]

Needs: SDIST_DIR with the unpacked sdists (as wild8's gen.py: brotli 1.2.1, toolz 1.2.0), Debian's
erlang (with erlang-eunit and erlang-dev), elixir, openjdk-17, golang-1.19, ruby 3.1 (rake, rdoc),
python3, gettext, pkg-config, valgrind, binutils, gcc, ocaml; humanize installed in HUMANIZE_DIR.
"""
import glob, os, shutil, subprocess, sys

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, "..", "blind"))
import fixtures
import record

WORK, OUT, FILTER = record.args()
SDIST = os.environ.get("SDIST_DIR", "/tmp/w8/src")
HUMANIZE = os.environ.get("HUMANIZE_DIR",
                          "/root/.pyenv/versions/3.11.7/lib/python3.11/site-packages/humanize")
GOSRC = "/usr/share/go-1.19/src"

# Faults put into copies of real sources (file under WORK, old text, new text).
PATCHES = [
    # gofmt: a closing brace lost in container/list (a syntax error)
    ("gofmt/list.go", "func (l *List) Len() int { return l.len }", "func (l *List) Len() int { return l.len"),
    # gettext: a message defined twice, a msgstr that drops the msgid's final newline
    ("po/de_DE.po", 'msgid "%d day"\n', 'msgid "%d day"\nmsgstr "%d Tag"\n\nmsgid "%d day"\n'),
    # GNU as: a mistyped mnemonic and a bad register in the compiler's output
    ("brotli/huffman.s", "\tret\n", "\tret\n\tmovzxq\t%al, %rax\n"),
    ("brotli/huffman.s", "\tpopq\t%rbx\n", "\tpopq\t%rbx\n\taddq\t$8, %rxx\n"),
]


def run(cmd, cwd="."):
    subprocess.run(["bash", "-c", cmd], cwd=os.path.join(WORK, cwd), check=True, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL)


def reindent(path, first, last):
    """Indents lines first..last of a Go file with four spaces instead of a tab (gofmt's diff)."""
    ls = open(path).read().split("\n")
    for i in range(first - 1, min(last, len(ls))):
        if ls[i].startswith("\t"):
            ls[i] = "    " + ls[i][1:]
    open(path, "w").write("\n".join(ls))


def setup():
    if os.path.exists(WORK):
        shutil.rmtree(WORK)
    os.makedirs(WORK)
    for proj, files in fixtures.PROJECTS.items():
        record.write(WORK, proj, files)
    os.makedirs(os.path.join(WORK, "gofmt"))
    for rel in ("text/tabwriter/tabwriter.go", "encoding/csv/reader.go", "encoding/csv/writer.go",
                "container/list/list.go", "container/ring/ring.go"):
        shutil.copy(os.path.join(GOSRC, rel), os.path.join(WORK, "gofmt"))
    reindent(os.path.join(WORK, "gofmt", "reader.go"), 150, 330)
    reindent(os.path.join(WORK, "gofmt", "writer.go"), 40, 90)
    for f in ("map", "set", "queue", "stack", "buffer"):
        shutil.copy(f"/usr/lib/ocaml/{f}.ml", os.path.join(WORK, "ml"))
    os.makedirs(os.path.join(WORK, "po"))
    for mo in sorted(glob.glob(os.path.join(HUMANIZE, "locale", "*", "LC_MESSAGES", "humanize.mo"))):
        lang = mo.split(os.sep)[-3]
        run(f"msgunfmt {mo} -o po/{lang}.po")
    p = os.path.join(WORK, "po", "pl_PL.po")
    text = open(p).read()
    i = text.index('msgstr "', text.index('msgid "%d day"'))
    j = text.index('"\n', i + 8)
    open(p, "w").write(text[:j] + '\\n' + text[j:])
    shutil.copytree(os.path.join(SDIST, "brotli-1.2.1"), os.path.join(WORK, "brotli"))
    run("gcc -O1 -g -Ic/include c/common/*.c c/dec/*.c c/enc/*.c c/tools/brotli.c -lm -o brotli_tool && "
        "./brotli_tool -c /etc/services > services.br && head -c 3000 services.br > cut.br && "
        "gcc -O1 -S -Ic/include c/dec/huffman.c -o huffman.s", "brotli")
    record.patch(WORK, PATCHES)
    os.chmod(WORK, 0o755)


def main():
    setup()
    env = {"GOPROXY": "off", "GOFLAGS": "-mod=mod", "PYTHONPATH": os.path.join(SDIST, "toolz-1.2.0"),
           "IGNORE_DIRS": f"{os.path.expanduser('~/.pyenv')}:{os.path.join(SDIST, 'toolz-1.2.0')}",
           "PKG_CONFIG_PATH": os.path.join(WORK, "pc")}
    record.record(WORK, OUT, FILTER, record.scenarios(here), [], timeout=300, extra_env=env)


main()
