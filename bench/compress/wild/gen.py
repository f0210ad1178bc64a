#!/usr/bin/env python3
"""Builds the `wild` corpus: runs real tools (installed from apt, PyPI, npm, the Rust and Go
toolchains) on the small buggy projects of fixtures.py and on real installed packages, and records
each run's merged stdout+stderr unedited.

    python3 bench/compress/wild/gen.py WORKDIR OUTDIR [NAME_FILTER]

OUTDIR gets logs/NAME.log and sources.json (tool, command, exit status per file). Labels are made
afterwards by label.py. Scenarios whose tool is missing are skipped (listed on stderr).
"""
import json, os, shutil, subprocess, sys, time

import fixtures

WORK, OUT = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
FILTER = [f for f in (sys.argv[3] if len(sys.argv) > 3 else "").split(",") if f]
MAX_BYTES = 300_000
JS = os.environ.get("JS_DIR", "/tmp/cz/js")  # npm project with eslint, typescript, jest, vitest, mocha
SITE = subprocess.run([sys.executable, "-c", "import site;print(site.getsitepackages()[0])"],
                      capture_output=True, text=True).stdout.strip()


def write(proj, files):
    root = os.path.join(WORK, proj)
    for rel, text in files.items():
        p = os.path.join(root, rel)
        os.makedirs(os.path.dirname(p), exist_ok=True)
        with open(p, "w") as f:
            f.write(text)
    return root


def setup():
    if os.path.exists(WORK):
        shutil.rmtree(WORK)
    os.makedirs(WORK)
    write("py", fixtures.PY_PROJ)
    js = write("js", fixtures.JS_PROJ)
    if os.path.isdir(os.path.join(JS, "node_modules")) and not os.path.exists(os.path.join(js, "node_modules")):
        os.symlink(os.path.join(JS, "node_modules"), os.path.join(js, "node_modules"))
    with open(os.path.join(js, "package.json"), "w") as f:
        json.dump({"name": "cart", "version": "1.0.0", "scripts": {"test": "jest", "build": "tsc"},
                   "jest": {"testMatch": ["**/cart.test.js"]}}, f)
    write("rs", fixtures.RUST_PROJ)
    write("rsbad", fixtures.RUST_BAD)
    write("c", fixtures.C_PROJ)
    write("go", fixtures.GO_PROJ)
    write("gobad", fixtures.GO_BAD)
    write("java", fixtures.JAVA_PROJ)
    m = write("misc", fixtures.MISC)
    conf = open(os.path.join(m, "nginx.conf")).read()
    for k, v in {"ERRLOG": f"{m}/ngx_error.log", "ACCLOG": f"{m}/ngx_access.log",
                 "PIDFILE": f"{m}/ngx.pid", "ROOT": m}.items():
        conf = conf.replace(k, v)
    open(os.path.join(m, "nginx.conf"), "w").write(conf)
    # a git history with a conflict and a bisectable bug
    g = os.path.join(WORK, "git")
    os.makedirs(g)
    sh = lambda c: subprocess.run(c, shell=True, cwd=g, capture_output=True)
    sh("git init -q -b main && git config user.email dev@example.com && git config user.name Dev")
    for i in range(1, 13):
        open(os.path.join(g, "calc.py"), "w").write(
            "def add(a, b):\n    return a + b%s\n\n\ndef mul(a, b):\n    return a * b\n# rev %d\n" % (" + 1" if i >= 8 else "", i))
        open(os.path.join(g, "notes.txt"), "a").write("note %d: tweak the calculator\n" % i)
        sh("git add -A && git commit -q -m 'calc: revision %d'" % i)
    sh("git checkout -q -b feature HEAD~3 && sed -i 's/a \\* b/b * a * 1/' calc.py && git commit -qam 'feature: mul' && git checkout -q main && sed -i 's/a \\* b/(a) * (b)/' calc.py && git commit -qam 'main: mul'")
    return WORK


P = lambda *a: os.path.join(WORK, *a)
PKG = lambda name: os.path.join(SITE, name)

# (name, tool, cwd, command); stdout and stderr merged.
S = [
    # --- python linters ---
    ("ruff_check_proj", "ruff", "py", "ruff check --select ALL --no-cache ."),
    ("ruff_check_requests", "ruff", "py", f"ruff check --no-cache --select E,F,W,B,UP {PKG('requests')}"),
    ("ruff_check_click_concise", "ruff", "py", f"ruff check --no-cache --output-format concise --select E,F,B,SIM {PKG('click')}"),
    ("ruff_format_check", "ruff", "py", f"ruff format --check --no-cache {PKG('idna')} ."),
    ("flake8_proj", "flake8", "py", "flake8 ."),
    ("flake8_six_urllib3", "flake8", "py", f"flake8 --max-line-length 100 {PKG('six.py')} {PKG('urllib3')}"),
    ("pylint_proj", "pylint", "py", "pylint shop tests"),
    ("pylint_idna", "pylint", "py", f"pylint --disable=C {PKG('idna')}"),
    ("mypy_proj", "mypy", "py", "mypy --strict --no-incremental shop"),
    ("mypy_click", "mypy", "py", "mypy --no-incremental --ignore-missing-imports -p click -p requests"),
    ("mypy_ok", "mypy", "py", "mypy --no-incremental tests/test_ok.py"),
    ("black_check", "black", "py", f"black --check --diff shop tests"),
    ("black_check_many", "black", "py", f"black --check {PKG('urllib3')} {PKG('click')}"),
    ("isort_check", "isort", "py", f"isort --check-only --diff shop {PKG('requests')}"),
    ("bandit_proj", "bandit", "py", "bandit -r shop"),
    ("pycodestyle_six", "pycodestyle", "py", f"pycodestyle --max-line-length 100 {PKG('six.py')} {PKG('attrs')}"),
    ("yamllint_conf", "yamllint", "py", "yamllint conf.yaml"),
    # --- python tests / runtime ---
    ("pytest_fail_default", "pytest", "py", "python3 -m pytest -p no:cacheprovider tests"),
    ("pytest_fail_verbose", "pytest", "py", "python3 -m pytest -p no:cacheprovider -v tests"),
    ("pytest_fail_tbshort", "pytest", "py", "python3 -m pytest -p no:cacheprovider --tb=short -rA tests"),
    ("pytest_fail_tbline_q", "pytest", "py", "python3 -m pytest -p no:cacheprovider --tb=line -q tests"),
    ("pytest_fail_tblong_x", "pytest", "py", "python3 -m pytest -p no:cacheprovider --tb=long -x -l tests"),
    ("pytest_pass", "pytest", "py", "python3 -m pytest -p no:cacheprovider -v tests/test_ok.py"),
    ("pytest_collect_error", "pytest", "py", "python3 -m pytest -p no:cacheprovider conf.yaml tests/test_ok.py crash.py"),
    ("unittest_fail", "unittest", "py", "python3 -m unittest -v tests.test_unit"),
    ("unittest_discover", "unittest", "py", "python3 -m unittest discover -s tests -p 'test_u*.py'"),
    ("python_crash", "python", "py", "python3 crash.py"),
    ("python_warnings", "python", "py", "python3 -W always -c 'import imp' ; python3 -X dev -c 'open(\"conf.yaml\"); import asyncio; asyncio.get_event_loop()'"),
    ("pip_install_missing", "pip", "py", "pip install --no-cache-dir definitely-not-a-package-zz9"),
    ("pip_install_badbuild", "pip", "py", "mkdir -p bb && printf '[build-system]\\nrequires=[\"setuptools\"]\\nbuild-backend=\"setuptools.build_meta\"\\n' > bb/pyproject.toml && printf 'import sys\\nfrom setuptools import setup\\nraise RuntimeError(\"compiler not configured for this platform\")\\n' > bb/setup.py && pip install --no-cache-dir --no-build-isolation ./bb"),
    ("pip_download_progress", "pip", "py", "pip download --no-cache-dir --no-deps -d /tmp/cz/dl --progress-bar on idna==3.6"),
    ("pip_list", "pip", "py", "pip list"),
    ("pip_check", "pip", "py", "pip check; pip show requests"),
    # --- javascript ---
    ("eslint_proj", "eslint", "js", "npx eslint src test crash.cjs"),
    ("eslint_compact", "eslint", "js", "npx eslint -f compact src test"),
    ("eslint_node_modules_pkg", "eslint", "js", "npx eslint --no-eslintrc --env node,es2021 --parser-options ecmaVersion:2021 --rule 'no-unused-vars: warn' --rule 'no-undef: error' node_modules/mocha/lib/cli"),
    ("tsc_proj", "tsc", "js", "npx tsc -p ."),
    ("tsc_pretty", "tsc", "js", "npx tsc -p . --pretty"),
    ("jest_fail", "jest", "js", "npx jest --ci --colors=false"),
    ("jest_verbose", "jest", "js", "npx jest --ci --verbose"),
    ("vitest_fail", "vitest", "js", "npx vitest run --reporter=default test/cart.vitest.test.js"),
    ("vitest_verbose", "vitest", "js", "npx vitest run --reporter=verbose test/cart.vitest.test.js"),
    ("mocha_fail", "mocha", "js", "npx mocha test/mocha.spec.cjs"),
    ("mocha_tap", "mocha", "js", "npx mocha -R tap test/mocha.spec.cjs"),
    ("node_test_fail", "node-test", "js", "node --test test/node.test.cjs"),
    ("node_test_spec", "node-test", "js", "node --test --test-reporter=spec test/node.test.cjs"),
    ("node_crash", "node", "js", "node crash.cjs"),
    ("npm_install_missing", "npm", "js", "npm install --no-audit --no-fund definitely-not-a-package-zz9q"),
    ("npm_run_fail", "npm", "js", "npm run build"),
    ("npm_test_fail", "npm", "js", "npm test"),
    ("npm_ls", "npm", "js", "npm ls --all --depth 2"),
    ("npm_audit", "npm", "js", "npm audit"),
    # --- rust ---
    ("cargo_build_bad", "cargo", "rsbad", "cargo build --offline --color never"),
    ("cargo_test_backtrace_full", "cargo", "rs", "RUST_BACKTRACE=full cargo test --offline --color never"),
    ("cargo_test_backtrace_1", "cargo", "rs", "RUST_BACKTRACE=1 cargo test --offline --color never -- --test-threads 1"),
    ("cargo_test_pass", "cargo", "rs", "cargo test --offline --color never -- get_a len"),
    ("cargo_clippy_pedantic", "clippy", "rs", "touch src/lib.rs && cargo clippy --offline --color never -- -W clippy::pedantic"),
    ("rustc_direct", "rustc", "rsbad", "rustc --edition 2021 --error-format short src/main.rs -o /tmp/cz/rsbad_bin"),
    # --- c / c++ builds and checkers ---
    ("make_gcc_warnings", "make", "c", "make clean >/dev/null; make"),
    ("gcc_errors", "gcc", "c", "gcc -Wall -Wextra -c bad.c -o /dev/null"),
    ("gcc_fanalyzer", "gcc", "c", "gcc -fanalyzer -c util.c host.c"),
    ("cmake_configure_build", "cmake", "c", "rm -rf build && cmake -S . -B build -G Ninja && cmake --build build"),
    ("cmake_bad", "cmake", "c", "mkdir -p cm2 && printf 'cmake_minimum_required(VERSION 3.10)\\nproject(x C)\\nfind_package(NoSuchLib REQUIRED)\\n' > cm2/CMakeLists.txt && cmake -S cm2 -B cm2/b"),
    ("ninja_fail", "ninja", "c", "cp bad.c build/bad.c 2>/dev/null; printf 'add_executable(bad bad.c)\\n' >> CMakeLists.txt; cmake -S . -B build >/dev/null; ninja -C build"),
    ("ctest_fail", "ctest", "c", "ctest --test-dir build --output-on-failure"),
    ("valgrind_memcheck", "valgrind", "c", "make >/dev/null 2>&1; valgrind --leak-check=full ./host"),
    ("valgrind_crash", "valgrind", "c", "valgrind ./host crash"),
    ("gdb_backtrace", "gdb", "c", "gdb -q -batch -ex run -ex bt -ex 'info registers rip' --args ./host crash"),
    ("strace_ls", "strace", "c", "strace -f ls /nonexistent ."),
    ("strace_summary", "strace", "c", "strace -c -f ./host"),
    ("cppcheck_src", "cppcheck", "c", "cppcheck --enable=all --inconclusive host.c util.c bad.c"),
    ("shellcheck_script", "shellcheck", "c", "shellcheck script.sh"),
    ("shellcheck_gcc_fmt", "shellcheck", "c", "shellcheck -f gcc script.sh /usr/bin/gettext.sh"),
    ("segfault_shell", "shell", "c", "./host crash; echo \"exit status $?\""),
    # --- go ---
    ("go_build_bad", "go", "gobad", "GOFLAGS=-mod=mod go build ./..."),
    ("go_vet", "go", "go", "go vet ./..."),
    ("go_test_v", "go", "go", "go test -vet=off -v ./..."),
    ("go_test_race", "go", "go", "go test -vet=off -race -v -run 'TestRace|TestSum' ./..."),
    ("go_test_json", "go", "go", "go test -vet=off -json -run 'TestSum|TestDiv$|TestMany' ./..."),
    # --- java ---
    ("javac_errors", "javac", "java", "javac Bad.java"),
    ("java_exception", "java", "java", "javac App.java && java App"),
    ("mvn_offline", "mvn", "java", "printf '<project><modelVersion>4.0.0</modelVersion><groupId>x</groupId><artifactId>y</artifactId><version>1</version></project>' > pom.xml && mvn -o -B package"),
    # --- scripting runtimes ---
    ("lua_error", "lua", "misc", "lua5.4 bad.lua"),
    ("perl_warnings", "perl", "misc", "perl bad.pl"),
    ("jq_parse_error", "jq", "misc", "jq . bad.json"),
    # --- git ---
    ("git_log_stat", "git", "git", "git log --stat"),
    ("git_log_oneline_graph", "git", "git", "git log --oneline --graph --all"),
    ("git_diff", "git", "git", "git diff HEAD~6 HEAD"),
    ("git_blame", "git", "git", "git blame calc.py; git blame notes.txt"),
    ("git_merge_conflict", "git", "git", "git merge feature; git status; git merge --abort"),
    ("git_bisect_run", "git", "git", "git bisect start HEAD HEAD~11 && git bisect run python3 -c 'import calc,sys; sys.exit(calc.add(1,1)!=2)'; git bisect reset"),
    ("git_push_fail", "git", "git", "git push origin main; git fetch nowhere"),
    # --- network ---
    ("curl_verbose_404", "curl", "misc", "curl -v http://127.0.0.1:18081/missing.html"),
    ("curl_refused", "curl", "misc", "curl -sS --retry 2 --retry-delay 0 http://127.0.0.1:18998/x; echo \"curl exit $?\""),
    ("curl_progress", "curl", "misc", "head -c 3000000 /dev/urandom > big.bin; curl -o /dev/null --limit-rate 4M http://127.0.0.1:18081/big.bin"),
    ("curl_502", "curl", "misc", "curl -i -sS http://127.0.0.1:18081/up/x"),
    ("wget_ok", "wget", "misc", "wget --progress=bar:force -O /dev/null --limit-rate 4m http://127.0.0.1:18081/big.bin"),
    ("wget_dot", "wget", "misc", "wget --progress=dot -O /dev/null http://127.0.0.1:18081/big.bin"),
    ("wget_404", "wget", "misc", "wget http://127.0.0.1:18081/nope.txt http://127.0.0.1:18081/bad.json"),
    # --- servers and system logs ---
    ("nginx_error_log", "nginx", "misc", "for i in $(seq 1 30); do curl -s -o /dev/null http://127.0.0.1:18081/f$i; done; curl -s -o /dev/null http://127.0.0.1:18081/up/a; nginx -t -c $PWD/nginx.conf -p $PWD; cat ngx_error.log"),
    ("nginx_access_log", "nginx", "misc", "cat ngx_access.log"),
    ("redis_server_log", "redis", "misc", "redis-server --port 18379 --bind 127.0.0.1 --daemonize no --save '' --loglevel verbose --maxmemory 1mb & sleep 1; redis-cli -p 18379 set a 1; redis-cli -p 18379 debug populate 20000; redis-cli -p 18379 lpush a x; redis-cli -p 18379 bogus; redis-cli -p 18379 shutdown nosave; wait"),
    ("postgres_server_log", "postgres", "misc", "rm -rf pg && mkdir pg && chown postgres pg && su postgres -c \"$(ls -d /usr/lib/postgresql/*/bin | head -1)/initdb -D $PWD/pg/d >/dev/null && $(ls -d /usr/lib/postgresql/*/bin | head -1)/pg_ctl -D $PWD/pg/d -o '-p 18432 -k /tmp -c listen_addresses=127.0.0.1' -l $PWD/pg/log start -w >/dev/null && psql -h 127.0.0.1 -p 18432 -c 'select * from nope' -c 'create table t(a int primary key)' -c 'insert into t values (1),(1)' postgres; psql -h 127.0.0.1 -p 18432 -U nobody postgres; $(ls -d /usr/lib/postgresql/*/bin | head -1)/pg_ctl -D $PWD/pg/d stop -w >/dev/null; cat $PWD/pg/log\""),
    ("psql_errors", "psql", "misc", "psql -h 127.0.0.1 -p 18433 postgres; psql -c 'select 1' 'postgresql://x@127.0.0.1:1/db'"),
    ("journalctl", "journalctl", "misc", "journalctl --no-pager -n 200"),
    ("syslog_logger", "syslog", "misc", "cat /var/log/syslog 2>&1 | tail -n 300; ls /var/log"),
    ("python_http_server", "python-http", "misc", "timeout 3 python3 -m http.server 18082 --bind 127.0.0.1 & sleep 1; for p in / /a /b /misc /bad.json /c; do curl -s -o /dev/null 127.0.0.1:18082$p; done; wait"),
    ("docker_ps", "docker", "misc", "docker ps; docker run --rm alpine echo hi"),
    # --- package managers ---
    ("apt_install_missing", "apt", "misc", "apt-get install -y definitely-not-a-pkg-zz9"),
    ("apt_install_sim", "apt", "misc", "apt-get install -s -y libpq-dev rsync"),
    ("apt_cache_policy", "apt", "misc", "apt-cache policy nginx-light redis-server postgresql"),
    ("dpkg_list", "dpkg", "misc", "dpkg -l | head -n 400"),
    # --- larger runs ---
    ("pylint_requests", "pylint", "py", f"pylint --disable=C,R {PKG('requests')}"),
    ("flake8_click", "flake8", "py", f"flake8 {PKG('click')}"),
    ("ruff_urllib3_all", "ruff", "py", f"ruff check --no-cache --select ALL {PKG('urllib3')}"),
    ("mypy_strict_requests", "mypy", "py", "mypy --no-incremental --strict --ignore-missing-imports -p requests"),
    ("pytest_many_verbose", "pytest", "py", "python3 -m pytest -p no:cacheprovider -v tests/test_many.py"),
    ("pytest_many_quiet", "pytest", "py", "python3 -m pytest -p no:cacheprovider -q tests/test_many.py"),
    ("pip_install_verbose", "pip", "py", "mkdir -p okpkg/okpkg && touch okpkg/okpkg/__init__.py && printf '[build-system]\\nrequires=[\\\"setuptools\\\"]\\nbuild-backend=\\\"setuptools.build_meta\\\"\\n[project]\\nname=\\\"okpkg\\\"\\nversion=\\\"0.1\\\"\\n' > okpkg/pyproject.toml && pip install -v --no-build-isolation --no-deps ./okpkg; pip uninstall -y okpkg"),
    ("eslint_mocha_lib", "eslint", "js", "npx eslint --no-eslintrc --env node,es2021 --parser-options ecmaVersion:2022 --rule 'no-unused-vars: warn' --rule 'no-undef: error' --rule 'eqeqeq: error' --rule 'no-var: warn' node_modules/mocha/lib"),
    ("jest_many", "jest", "js", "npx jest --ci --verbose --testMatch '**/many.test.js'"),
    ("node_test_many", "node-test", "js", "node --test test/many.node.test.cjs"),
    ("go_test_many", "go", "go", "go test -vet=off -v -run 'TestMany' ./..."),
    ("valgrind_ls", "valgrind", "c", "valgrind --leak-check=full --show-leak-kinds=all ls -la /usr/lib"),
    ("apt_install_sim_big", "apt", "misc", "apt-get install -s -y build-essential python3-dev libssl-dev"),
    ("git_log_project", "git", "misc", "git -C /work/wt/compress log --stat -n 80"),
    ("git_log_p_project", "git", "misc", "git -C /work/wt/compress log -p -n 6 -- crates/observe"),
    ("nginx_access_many", "nginx", "misc", "for i in $(seq 1 300); do curl -s -o /dev/null http://127.0.0.1:18081/p$((i % 7)).html; done; curl -s -o /dev/null http://127.0.0.1:18081/up/z; tail -n 320 ngx_access.log; tail -n 40 ngx_error.log"),
    ("strace_python", "strace", "py", "strace -e trace=file python3 -c 'import json'"),
    # --- listings and data ---
    ("ls_laR_site_packages", "ls", "misc", f"ls -laR {PKG('requests')} {PKG('click')} {PKG('idna')}"),
    ("find_usr_share_doc", "find", "misc", "find /usr/share/doc -maxdepth 2 | head -n 3000"),
    ("grep_rn_def", "grep", "misc", f"grep -rn 'def ' {PKG('requests')} | head -n 1500"),
    ("grep_rn_error", "grep", "misc", f"grep -rn -i 'error' {PKG('urllib3')} | head -n 800"),
    ("du_site", "du", "misc", f"du -a {PKG('click')} {PKG('urllib3')}"),
    ("tar_verbose", "tar", "misc", f"tar -cvf /dev/null {PKG('urllib3')} {PKG('requests')}"),
]


def main():
    setup()
    os.makedirs(os.path.join(OUT, "logs"), exist_ok=True)
    sources = {}
    src_path = os.path.join(OUT, "sources.json")
    if os.path.exists(src_path):
        sources = json.load(open(src_path))
    ngx = P("misc")
    subprocess.run(f"nginx -c {ngx}/nginx.conf -p {ngx}", shell=True)
    try:
        for name, tool, cwd, cmd in S:
            if FILTER and not any(f in name for f in FILTER):
                continue
            t = time.time()
            env = dict(os.environ, TERM="dumb", NO_COLOR="1", FORCE_COLOR="0", COLUMNS="100",
                       PYTHONDONTWRITEBYTECODE="1", GOFLAGS=os.environ.get("GOFLAGS", ""),
                       PATH=os.path.join(JS, "node_modules/.bin") + ":" + os.environ["PATH"])
            if tool in ("vitest", "jest"):
                env.pop("NO_COLOR", None)
            try:
                p = subprocess.run(["bash", "-c", cmd], cwd=P(cwd), stdout=subprocess.PIPE,
                                   stderr=subprocess.STDOUT, env=env, timeout=240)
                data, rc = p.stdout, p.returncode
            except subprocess.TimeoutExpired as e:
                data, rc = (e.stdout or b""), "timeout"
            note = ""
            if len(data) > MAX_BYTES:
                cut = data[:MAX_BYTES].rfind(b"\n") + 1
                data = data[:cut]
                note = f"first {cut} bytes kept (whole lines)"
            open(os.path.join(OUT, "logs", name + ".log"), "wb").write(data)
            sources[name] = {"tool": tool, "command": f"cd {cwd} && {cmd}", "exit": rc, "note": note}
            print(f"{name:32} {tool:12} rc={rc} {len(data):8}B {time.time()-t:5.1f}s", file=sys.stderr)
    finally:
        subprocess.run(f"nginx -c {ngx}/nginx.conf -p {ngx} -s stop", shell=True)
        json.dump(sources, open(src_path, "w"), indent=1, sort_keys=True)


main()
