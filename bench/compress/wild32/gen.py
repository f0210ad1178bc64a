#!/usr/bin/env python3
"""Builds the `wild32` corpus: a blind set of real outputs of the Deno and Bun toolchains, which no
earlier set holds (test runners printing `name ... ok (3ms)` / `... FAILED` result lines, `=>
./file_test.ts:12:6` locations, `ERRORS`/`FAILURES` sections and a final `FAILED | 5 passed | 2
failed` line; Bun's `(pass)`/`(fail)` lines), made before the compressor saw any of it: `deno test`
(pretty, dot, tap, junit reporters; `--doc`; sanitizer leaks; `--coverage` then `deno
coverage`), `deno check`, `deno lint` (pretty and `--compact`), `deno fmt --check`, `deno bench`,
`deno task` with a failing step, `deno run` denied a permission and crashing, `deno doc --lint`,
`deno info` on a graph with a missing module; `bun test` (a fail mid-run, `--bail`, a snapshot
mismatch, a timeout), `bun build` with unresolved imports, `bun run` of a crashing script, `bun
install` and `bunx` against an unreachable registry. Each run's merged stdout+stderr is recorded
unedited (`../blind/record.py`).

    python3 bench/compress/wild32/gen.py WORKDIR OUTDIR [NAME_FILTER]

Needs: a virtual environment (VENV, default /tmp/cdeno/venv) with PyPI's `deno` (2.9.8, the
binary redistributed), an npm folder (NPM, default /tmp/cdeno/npm) with npm's `bun` (1.4.5, its
platform package `@oven/bun-linux-x64` from the registry). No network is used (Deno's and Bun's
caches start empty under WORKDIR/home; `bun install` is pointed at a closed local port).
"""
import os, shutil, subprocess, sys

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, "..", "blind"))
import fixtures as F
import record

WORK, OUT, FILTER = record.args()
VENV = os.environ.get("VENV", "/tmp/cdeno/venv")
NPM = os.environ.get("NPM", "/tmp/cdeno/npm")
PATH_DIRS = [os.path.join(VENV, "bin"), os.path.join(NPM, "node_modules", ".bin")]
DENO_JSON = '''{
  "tasks": {
    "gen": "deno run scripts/gen.ts",
    "test": "deno test tests/",
    "ci": "deno task gen && deno task test"
  },
  "lint": { "rules": { "tags": ["recommended"] } }
}
'''


def src_files():
    return {f"src/{m}.ts": t for m, t in F.MODULES.items()}


def deno_project():
    files = src_files()
    for mod, rows in F.TABLES.items():
        files[f"tests/{mod}_test.ts"] = F.deno_table_test(mod, rows)
    files["tests/cart_test.ts"] = F.DENO_CART_TEST
    files["tests/stock_test.ts"] = F.DENO_STOCK_TEST
    files["leaks/shelf_test.ts"] = F.LEAK_TEST
    files.update(F.check_files())
    files.update(F.lint_files())
    files.update(F.fmt_files())
    files.update(F.VIEWS)
    files["bench/money_bench.ts"] = F.BENCH
    files["scripts/gen.ts"] = F.GEN_SCRIPT
    files["scripts/receipt.ts"] = F.RUN_SCRIPT
    files["scripts/shelves.ts"] = F.CRASH_SCRIPT
    files["main.ts"] = F.INFO_MAIN
    files["doc/prices.ts"] = F.DOC_LINT
    files["doc/doc_money.ts"] = F.DOC_MODULE
    files["deno.json"] = DENO_JSON
    files["config.json"] = '{ "rate": 19 }\n'
    record.write(WORK, "dn", files)


def bun_project():
    files = src_files()
    files["src/money.ts"] = files["src/money.ts"].replace("Math.floor((c * rate) / 100)", "Math.round((c * rate) / 100)")
    for mod, rows in F.TABLES.items():
        files[f"tests/{mod}.test.ts"] = F.bun_table_test(mod, rows)
    files["tests/cart.test.ts"] = F.BUN_CART_TEST
    files["tests/stock.test.ts"] = F.BUN_STOCK_TEST
    files["scripts/shelves.ts"] = F.CRASH_SCRIPT
    files["scripts/gen.ts"] = F.GEN_SCRIPT
    files["app/index.ts"] = F.INFO_MAIN.replace("./src/", "../src/").replace("./views/", "../views/") + \
        'import { pad } from "left-pad-ts";\nimport widgets from "./widgets/index.ts";\nconsole.log(pad, widgets);\n'
    files.update({k: v for k, v in F.VIEWS.items()})
    files["package.json"] = '{ "name": "shop", "version": "1.0.0", "type": "module" }\n'
    root = record.write(WORK, "bn", files)
    # The receipt snapshot is recorded while VAT rounds half up; then a refactor makes it floor.
    env = dict(os.environ, PATH=":".join(PATH_DIRS + [os.environ["PATH"]]), HOME=os.path.join(WORK, "home"))
    subprocess.run(["bun", "test", "--update-snapshots", "tests/cart.test.ts"], cwd=root, env=env,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    record.patch(root, [("src/money.ts", "Math.round((c * rate) / 100)", "Math.floor((c * rate) / 100)")])
    record.write(WORK, "bi", {"package.json": '{ "name": "shop-app", "version": "1.0.0", "dependencies": '
                              '{ "left-pad": "^1.3.0", "zod": "^3.23.0", "kleur": "^4.1.5" } }\n'})


def setup():
    if os.path.exists(WORK):
        shutil.rmtree(WORK)
    os.makedirs(os.path.join(WORK, "home"))
    deno_project()
    bun_project()


def main():
    setup()
    record.record(WORK, OUT, FILTER, record.scenarios(here), PATH_DIRS, timeout=300,
                  extra_env={"HOME": os.path.join(WORK, "home"), "USER": "dev",
                             "DENO_DIR": os.path.join(WORK, "home", ".deno"),
                             "BUN_INSTALL_CACHE_DIR": os.path.join(WORK, "home", ".bun-cache"),
                             "BUN_CONFIG_REGISTRY": "http://127.0.0.1:9/"})


main()
