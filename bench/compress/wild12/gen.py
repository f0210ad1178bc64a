#!/usr/bin/env python3
"""Builds the `wild12` corpus: a blind set of real outputs (most of them 200+ lines) from tools or
modes that no earlier set holds, recorded before the compressor saw any of it. Real inputs of this
machine (Ant's jars, Go's standard library, Ruby's and Python's libraries, Debian's translations,
/etc/services and /etc/protocols, the sdists of wild8, the npm packages depcheck and js-yaml,
a PostgreSQL cluster, Redis and memcached servers, the kernel's sysctl keys and links) and small
fixtures (`fixtures.py`) are run through jstack, javap, jdeps, gofmt, pg_dump, sshd -T, sysctl, ip,
ss, lsof, redis-benchmark, join, cmp, msgfmt, sed --debug, ruby -wc, tabnanny, git fsck, git am,
gem build, pipdeptree, twine check, deptry, pyinstrument, pyupgrade, es-check and dpdm, with a
fault put in the middle of each run (a missing file or key, a deadlock, a corrupted object, an
unsorted line, a removed `end`) so that they fail or warn somewhere in the middle. Each run's
merged stdout+stderr is recorded unedited (`../blind/record.py`).

    python3 bench/compress/wild12/gen.py WORKDIR OUTDIR [NAME_FILTER]

Needs: SDIST_DIR with the unpacked sdists (as wild8's gen.py), WHEEL_DIR (pip's wheel cache),
TWINE_VENV: a venv with twine alone (the recording shell reads it), VENV_DIR: a venv with pipdeptree, deptry, pyinstrument, pyupgrade, pytest and requests, then
urllib3 1.21.1 and idna 2.5 installed over them with --no-deps (two conflicts), NPM_DIR: an npm
project with es-check@7, dpdm and depcheck; openjdk 17, go, postgresql (pg_virtualenv),
openssh-server, redis, memcached, lsof, iproute2, gettext, ruby, git.
"""
import glob, os, random, shutil, subprocess, sys

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, "..", "blind"))
import fixtures
import record

WORK, OUT, FILTER = record.args()
SDIST = os.environ.get("SDIST_DIR", "/tmp/w8/src")
VENV = os.environ.get("VENV_DIR", "/tmp/w12venv")
NPM = os.environ.get("NPM_DIR", "/tmp/w12npm")
WHEELS = os.environ.get("WHEEL_DIR", os.path.expanduser("~/.cache/pip/wheels"))
GOROOT = "/usr/lib/go-1.19"

# Faults put into the real sources (file under WORK, old text, new text).
PATCHES = [
    # gofmt: a statement split wrongly in a copy of text/tabwriter, a brace lost in encoding/csv
    ("go/tabwriter/tabwriter.go", "\tb.cell.size += len(text)\n", "\tb.cell.size +=\tlen(text) ;\n"),
    ("go/csv/writer.go", "func (w *Writer) Flush() {\n", "func (w *Writer) Flush() \n"),
    # ruby -wc: an `end` removed from a copy of set.rb
    ("ruby/set.rb", "  def freeze    # :nodoc:\n    @hash.freeze\n    super\n  end\n",
     "  def freeze    # :nodoc:\n    @hash.freeze\n    super\n"),
    # tabnanny: a line indented with a tab among spaces in toolz
    ("tab/toolz/functoolz.py", "            return self._partial(*args, **kwargs)\n",
     "\t    return self._partial(*args, **kwargs)\n"),
]


def run(cmd, cwd="."):
    subprocess.run(["bash", "-c", cmd], cwd=os.path.join(WORK, cwd), check=True, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL)


def copy(src, rel):
    shutil.copytree(src, os.path.join(WORK, rel), ignore=shutil.ignore_patterns("__pycache__", "*.egg-info"))


def setup():
    if os.path.exists(WORK):
        shutil.rmtree(WORK)
    os.makedirs(WORK)
    record.write(WORK, "java", {"Deadlock.java": fixtures.DEADLOCK_JAVA})
    run("javac Deadlock.java", "java")
    record.write(WORK, "sql", {"shop.sql": fixtures.SHOP_SQL})
    record.write(WORK, "sshd", {"sshd_config": fixtures.SSHD_CONFIG.replace("HOSTKEY", os.path.join(WORK, "sshd", "hostkey"))})
    run("ssh-keygen -q -t ed25519 -N '' -f hostkey", "sshd")
    record.write(WORK, "gem", {"ledger_tools.gemspec": fixtures.GEMSPEC, "lib/ledger_tools.rb": "module LedgerTools\nend\n"})
    record.write(WORK, "prof", {"profile.py": fixtures.PROFILE_PY})
    os.makedirs(os.path.join(WORK, "go"))
    for pkg in ("container/list", "container/ring", "container/heap", "text/tabwriter", "encoding/csv"):
        shutil.copytree(os.path.join(GOROOT, "src", pkg), os.path.join(WORK, "go", os.path.basename(pkg)))
    # three files written as a person would before gofmt: spaces for tabs in one, a brace moved in another
    run("sed -i 's/^\\t/    /' list/list.go && sed -i 's/) {$/)\\n{/' ring/ring.go && sed -i 's/^\\(\\t*\\)\\t/\\1  /' heap/heap.go", "go")
    os.makedirs(os.path.join(WORK, "ruby"))
    shutil.copy("/usr/lib/ruby/3.1.0/set.rb", os.path.join(WORK, "ruby", "set.rb"))
    os.makedirs(os.path.join(WORK, "tab"))
    copy(os.path.join(SDIST, "toolz-1.2.0", "toolz"), "tab/toolz")
    copy(os.path.join(SDIST, "more_itertools-11.2.1", "more_itertools"), "tab/more_itertools")
    copy(os.path.join(SDIST, "python_dateutil-4.0.0", "src", "dateutil"), "tab/dateutil")
    record.patch(WORK, PATCHES)
    # join: the port of each service and its aliases, both sorted by name but for a block moved
    os.makedirs(os.path.join(WORK, "join"))
    ports, aliases = {}, {}
    for l in open("/etc/services"):
        f = l.split("#")[0].split()
        if len(f) >= 2 and f[0] not in ports:
            ports[f[0]] = f[1]
            aliases[f[0]] = " ".join(f[2:]) or "-"
    names = sorted(ports)
    with open(os.path.join(WORK, "join", "ports.txt"), "w") as fp:
        fp.writelines(f"{n} {ports[n]}\n" for n in names)
    moved = names[:120] + names[150:160] + names[120:150] + names[160:]
    with open(os.path.join(WORK, "join", "aliases.txt"), "w") as fp:
        fp.writelines(f"{n} {aliases[n]}\n" for n in moved)
    # cmp: a binary with 240 bytes changed, then cut short
    os.makedirs(os.path.join(WORK, "cmp"))
    data = bytearray(open("/usr/bin/sha1sum", "rb").read())
    rnd = random.Random(12)
    for off in sorted(rnd.sample(range(4096, len(data) // 2), 240)):
        data[off] ^= 0x21
    open(os.path.join(WORK, "cmp", "sha1sum.orig"), "wb").write(open("/usr/bin/sha1sum", "rb").read())
    open(os.path.join(WORK, "cmp", "sha1sum.bad"), "wb").write(bytes(data[: len(data) * 3 // 4]))
    # msgfmt: Debian's German translations decompiled, one format changed, one string broken
    os.makedirs(os.path.join(WORK, "po"))
    for dom in ("adduser", "apt", "bash", "dpkg", "gettext-runtime"):
        run(f"msgunfmt /usr/share/locale/de/LC_MESSAGES/{dom}.mo -o {dom}.po", "po")
    po = open(os.path.join(WORK, "po", "apt.po")).read()
    i = po.index('msgstr "', po.index("%s", po.index("msgid", 2000)))
    j = po.index("%s", i)
    po = po[:j] + "%d" + po[j + 2:]
    open(os.path.join(WORK, "po", "apt.po"), "w").write(po)
    po = open(os.path.join(WORK, "po", "dpkg.po")).read()
    i = po.index('msgstr "', len(po) // 2)
    po = po[:i] + 'msgstr "' + po[i + 8:].replace('"\n', '\n', 1)
    open(os.path.join(WORK, "po", "dpkg.po"), "w").write(po)
    # sed: /etc/protocols and the first 80 lines of /etc/services
    os.makedirs(os.path.join(WORK, "sed"))
    run("head -80 /etc/services > services80", "sed")
    # git: toolz in a repository, seven commits on top; a branch that conflicts with the fourth
    copy(os.path.join(SDIST, "toolz-1.2.0"), "repo")
    run("git init -q -b main && git add -A && git -c user.name=dev -c user.email=dev@example.com commit -qm 'toolz 1.2.0'", "repo")
    edits = [("toolz/utils.py", "def raises", "def fails_with"), ("toolz/itertoolz.py", "def remove(", "def remove_items("),
             ("toolz/dicttoolz.py", "factory=dict", "factory=None"), ("toolz/functoolz.py", "memoize", "memoise"),
             ("toolz/recipes.py", "countby", "count_by"), ("README.rst", "Toolz", "TOOLZ"), ("toolz/curried/__init__.py", "toolz", "tz")]
    for n, (rel, old, new) in enumerate(edits, 1):
        run(f"sed -i 's/{old}/{new}/g' {rel} && git -c user.name=dev -c user.email=dev@example.com commit -qam 'step {n}: {old} -> {new} in {rel}'", "repo")
    run("git format-patch -q -7 -o ../patches HEAD && git checkout -q -b release HEAD~7 && "
        "sed -i 's/memoize/cached/g' toolz/functoolz.py && git -c user.name=rel -c user.email=rel@example.com commit -qam 'rename memoize' && "
        "git checkout -q main", "repo")
    run("cp -r repo fsckrepo && cd fsckrepo && for o in $(git rev-parse HEAD~2:toolz/itertoolz.py HEAD~5:toolz/dicttoolz.py HEAD:README.rst); do "
        "rm -f .git/objects/${o:0:2}/${o:2}; done && t=$(git rev-parse HEAD~1^{tree}) && "
        "f=.git/objects/${t:0:2}/${t:2} && chmod u+w $f && printf 'x' | dd of=$f bs=1 seek=20 conv=notrunc 2>/dev/null")
    # twine: sdists packed again (one without its PKG-INFO) and wheels of pip's cache
    os.makedirs(os.path.join(WORK, "dist"))
    run(f"tar -czf dist/toolz-1.2.0.tar.gz -C {SDIST} toolz-1.2.0 && tar -czf dist/more_itertools-11.2.1.tar.gz -C {SDIST} more_itertools-11.2.1 && "
        f"tar -czf dist/python_dateutil-4.0.0.tar.gz --exclude PKG-INFO -C {SDIST} python_dateutil-4.0.0 && "
        f"tar -czf dist/zstandard-0.25.0.tar.gz -C {SDIST} zstandard-0.25.0")
    for w in ("flit_core", "pluggy", "hatch_vcs", "setuptools"):
        found = sorted(glob.glob(os.path.join(WHEELS, "**", w + "-*.whl"), recursive=True))
        shutil.copy(found[0], os.path.join(WORK, "dist"))
    copy(os.path.join(SDIST, "python_dateutil-4.0.0"), "dateutil")
    copy(os.path.join(SDIST, "more_itertools-11.2.1"), "mit")
    # es-check, dpdm: the built files of two npm packages, outside node_modules
    os.makedirs(os.path.join(WORK, "js"))
    shutil.copytree(os.path.join(NPM, "node_modules", "depcheck", "dist"), os.path.join(WORK, "js", "depcheck"))
    shutil.copytree(os.path.join(NPM, "node_modules", "js-yaml", "lib"), os.path.join(WORK, "js", "jsyaml"))
    os.chmod(WORK, 0o755)


def main():
    setup()
    path = [os.path.join(VENV, "bin"), os.path.join(NPM, "node_modules", ".bin")]
    record.record(WORK, OUT, FILTER, record.scenarios(here), path, timeout=300,
                  extra_env={"PYTHONPATH": os.path.join(SDIST, "toolz-1.2.0")})


main()
