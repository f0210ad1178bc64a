"""Fixture texts of the `wild25` corpus (`gen.py`): a small TypeScript library (a type error, an
orphan module, a circular import, an unlisted and an unused dependency, lint findings), a vite app
(a warning, then a broken module), Svelte and Vue components (type errors, a11y warnings), a
lerna monorepo (one failing package), servers for json-server, nodemon and pm2 (one crashes), a
git history with bad commit messages, all written for this set."""

WORDS = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india", "juliet",
         "kilo", "lima", "mike", "november", "oscar", "papa", "quebec", "romeo", "sierra", "tango",
         "uniform", "victor", "whiskey", "xray"]


def lib():
    """The `shoplib` package: 24 modules; `delta` has a type error, `kilo` imports an unlisted
    package, `romeo` is imported by no one, `sierra` and `tango` import each other, `papa` has
    lint findings; package.json's exports point at files the build does not write."""
    files = {}
    for i, w in enumerate(WORDS):
        body = [f"/** {w}: part of the pricing pipeline. */"]
        if i > 0 and w not in ("romeo",):
            prev = WORDS[i - 1] if WORDS[i - 1] != "romeo" else WORDS[i - 2]
            body.append(f'import {{ {prev}Price }} from "./{prev}";')
        if w == "sierra":
            body.append('import { tangoPrice } from "./tango";')
        if w == "kilo":
            body.append('import chalk from "chalk";')
        body.append(f"export function {w}Price(n: number): number {{")
        body.append(f"  return n * {i + 2} + {i};")
        body.append("}")
        body.append(f"export const {w}Label = (n: number): string => `{w}-${{n}}`;")
        body.append(f"export function {w}Unused(s: string): string {{ return s.repeat({i % 3 + 1}); }}")
        if w == "delta":
            body.append('export const deltaLimit: number = "ten";')
            body.append("export function deltaTotal(xs: number[]): string { return xs.reduce((a, b) => a + b, 0); }")
        if w == "kilo":
            body.append("export const kiloTag = (s: string) => chalk.bold(s);")
        if w == "papa":
            body += ["export function papaCheck(x: any) {", "  var y = x;", "  if (y == null) { debugger; }",
                     "  const unused = 3;", "  for (var i = 0; i < 3; i++) { eval('y = y + i'); }",
                     "  return y === NaN;", "}"]
        files[f"lib/src/{w}.ts"] = "\n".join(body) + "\n"
    files["lib/src/index.ts"] = "\n".join(f'export {{ {w}Price, {w}Label }} from "./{w}";'
                                         for w in WORDS if w != "romeo") + "\n"
    files["lib/package.json"] = """{
  "name": "shoplib",
  "version": "0.3.1",
  "description": "pricing helpers",
  "type": "module",
  "main": "./dist/index.cjs",
  "module": "./dist/index.mjs",
  "types": "./dist/index.d.ts",
  "exports": {
    ".": {
      "import": "./dist/index.js",
      "require": "./dist/index.cjs",
      "types": "./dist/index.d.ts"
    },
    "./tango": "./dist/tango.js",
    "./package.json": "./package.json"
  },
  "files": ["dist"],
  "scripts": {"build": "tsup", "test": "node --test"},
  "dependencies": {"lodash": "^4.17.21", "left-pad": "^1.3.0"},
  "devDependencies": {"typescript": "^5.0.0", "mocha": "^10.0.0"}
}
"""
    files["lib/tsconfig.json"] = """{
  "compilerOptions": {"target": "ES2020", "module": "ESNext", "moduleResolution": "Bundler",
    "strict": true, "declaration": true, "outDir": "dist", "skipLibCheck": true},
  "include": ["src"]
}
"""
    files["lib/.swcrc"] = '{"jsc": {"parser": {"syntax": "typescript"}, "target": "es2020"}, "module": {"type": "es6"}}\n'
    files["lib/.size-limit.json"] = """[
  {"name": "index (esm)", "path": "dist/index.js", "limit": "2 kB"},
  {"name": "index (cjs)", "path": "dist/index.cjs", "limit": "2 kB"},
  {"name": "tango only", "path": "dist/tango.js", "limit": "300 B"},
  {"name": "kilo only", "path": "dist/kilo.js", "limit": "1 kB"},
  {"name": "missing entry", "path": "dist/nosuch.js", "limit": "1 kB"}
]
"""
    files["lib/.dependency-cruiser.cjs"] = """module.exports = {
  forbidden: [
    {name: "no-circular", severity: "error", from: {}, to: {circular: true}},
    {name: "no-orphans", severity: "warn", from: {orphan: true, pathNot: "\\\\.d\\\\.ts$"}, to: {}},
    {name: "not-to-unresolvable", severity: "error", from: {}, to: {couldNotResolve: true}},
    {name: "no-deep-chain", severity: "info", from: {path: "^src/(x|w)"}, to: {path: "^src/(a|b)"}}
  ],
  options: {doNotFollow: {path: "node_modules"}, tsPreCompilationDeps: true}
};
"""
    return files


def broken_swc():
    """A module with a syntax error, for swc and terser."""
    return {"lib/src/uniform.ts": "/** uniform */\nexport function uniformPrice(n: number): number {\n"
            "  return n * (3 + ;\n}\nexport const uniformLabel = (n: number) => `u-${n}`;\n"}


def app(broken=False):
    """A vite app of 24 modules, one of them both imported and lazily imported (a warning), a big
    vendor table (a chunk-size warning); the broken copy has an unterminated string in one module."""
    d = "app-broken" if broken else "app"
    files = {f"{d}/index.html": '<!doctype html><html><body><div id="app"></div>'
             '<script type="module" src="/src/main.js"></script></body></html>\n'}
    main = []
    for i, w in enumerate(WORDS):
        files[f"{d}/src/{w}.js"] = (f"import './{w}.css';\nexport function render_{w}(el) {{\n"
                                    f"  el.insertAdjacentHTML('beforeend', '<p class=\"{w}\">{w} {i}</p>');\n}}\n")
        files[f"{d}/src/{w}.css"] = f".{w} {{ color: #{i:02x}{i:02x}{i:02x}; margin: {i}px; }}\n"
        main.append(f"import {{ render_{w} }} from './{w}.js';")
    if broken:
        files[f"{d}/src/lima.js"] = "import './lima.css';\nexport function render_lima(el) {\n  el.innerHTML = 'lima;\n}\n"
    main.append("import { table } from './vendor.js';")
    main.append("const el = document.getElementById('app');")
    main += [f"render_{w}(el);" for w in WORDS]
    main.append("import('./hotel.js').then((m) => m.render_hotel(el));")
    main.append("console.log(table.length);")
    files[f"{d}/src/main.js"] = "\n".join(main) + "\n"
    files[f"{d}/src/vendor.js"] = "export const table = [\n" + ",\n".join(
        f'  {{id: {i}, name: "row-{i}-{"x" * 40}", price: {i * 7 % 1000}}}' for i in range(9000)) + "\n];\n"
    return files


SVELTE_OK = """<script lang="ts">
  export let name: string = "WORD";
  export let count: number = 0;
  function bump(): void { count += 1; }
</script>

<button on:click={bump}>{name}: {count}</button>
"""

SVELTE_BAD = """<script lang="ts">
  export let items: string[] = [];
  let total: number = items.length;
  let label: string = total;
  function pick(i: number): string { return items[i].toUpperCase(); }
  pick("first");
</script>

<img src="logo.png">
<div on:click={() => (total = 0)}>{label} {total.toFixed("2")}</div>
<a href="#">more</a>
"""


BAD = ("Cart", "Menu", "Modal", "Search", "Tabs", "Toast")


def svelte():
    """12 Svelte components; six (`BAD`) have type errors and a11y warnings."""
    files = {"sv/tsconfig.json": '{"compilerOptions": {"strict": true, "target": "ES2020", "module": "ESNext", '
             '"moduleResolution": "Bundler", "verbatimModuleSyntax": true, "skipLibCheck": true}, "include": ["src"]}\n',
             "sv/package.json": '{"name": "sv-app", "private": true, "type": "module"}\n'}
    for w in ["Header", "Footer", "Cart", "Item", "List", "Menu", "Modal", "Nav", "Price", "Search", "Tabs", "Toast"]:
        files[f"sv/src/{w}.svelte"] = SVELTE_BAD if w in BAD else SVELTE_OK.replace("WORD", w)
    files["sv/src/main.ts"] = 'import Cart from "./Cart.svelte";\nconst n: number = "x";\nexport default Cart;\n'
    return files


VUE_OK = """<script setup lang="ts">
import { ref } from "vue";
const props = defineProps<{ title: string }>();
const count = ref(0);
</script>

<template>
  <button @click="count++">{{ props.title }} {{ count }}</button>
</template>
"""

VUE_BAD = """<script setup lang="ts">
import { ref, computed } from "vue";
const props = defineProps<{ items: string[] }>();
const total = ref<number>(0);
const label = computed<string>(() => total.value);
function pick(i: number): string { return props.items[i].toUpperCase(); }
pick("first");
</script>

<template>
  <ul><li v-for="it in props.items" :key="it">{{ it.toFixed(2) }}</li></ul>
  <p>{{ label }} {{ missingName }}</p>
</template>
"""


def vue():
    """12 Vue components; six (`BAD`) have type errors."""
    files = {"vue/tsconfig.json": '{"compilerOptions": {"strict": true, "target": "ES2020", "module": "ESNext", '
             '"moduleResolution": "Bundler", "jsx": "preserve", "skipLibCheck": true, "noEmit": true}, '
             '"include": ["src/**/*.ts", "src/**/*.vue"]}\n',
             "vue/src/env.d.ts": 'declare module "*.vue" { import type { DefineComponent } from "vue"; '
             'const c: DefineComponent<{}, {}, any>; export default c; }\n',
             "vue/src/main.ts": 'import Cart from "./Cart.vue";\nimport Nav from "./Nav.vue";\n'
             'export const parts = [Cart, Nav];\nexport const version: number = "1";\n'}
    for w in ["Header", "Footer", "Cart", "Item", "List", "Menu", "Modal", "Nav", "Price", "Search", "Tabs", "Toast"]:
        files[f"vue/src/{w}.vue"] = VUE_BAD if w in BAD else VUE_OK
    return files


def mono():
    """A lerna monorepo of 7 packages with build and test scripts; `pkg-e`'s test fails and
    `pkg-f`'s build fails."""
    files = {"mono/lerna.json": '{"$schema": "node_modules/lerna/schemas/lerna-schema.json", "version": "1.0.0", '
             '"packages": ["packages/*"]}\n',
             "mono/package.json": '{"name": "mono", "private": true, "workspaces": ["packages/*"]}\n',
             "mono/nx.json": '{"targetDefaults": {"build": {"dependsOn": ["^build"]}}}\n'}
    for i, p in enumerate("abcdefg"):
        name = f"pkg-{p}"
        deps = f'"dependencies": {{"pkg-{"abcdefg"[i - 1]}": "1.0.0"}}, ' if i in (3, 5) else ""
        files[f"mono/packages/{name}/package.json"] = (
            f'{{"name": "{name}", "version": "1.0.0", {deps}"scripts": {{"build": "node build.js", '
            f'"test": "node test.js"}}}}\n')
        build = ["const fs = require('fs');", "fs.mkdirSync('dist', {recursive: true});"]
        build += [f"console.log('compiling src/m{j}.js');" for j in range(40)]
        if p == "f":
            build.append("const cfg = require('./build.config.json');")
        build.append(f"fs.writeFileSync('dist/index.js', 'module.exports = {i};');")
        build.append(f"console.log('wrote dist/index.js ({i * 31 + 120} bytes)');")
        files[f"mono/packages/{name}/build.js"] = "\n".join(build) + "\n"
        test = ["const assert = require('assert');", "let pass = 0;"]
        for j in range(6):
            want = j * 2 if not (p == "e" and j == 4) else 9
            test.append(f"try {{ assert.strictEqual({j} * 2, {want}, 'case {j}'); pass++; console.log('  ok case {j}'); }}"
                        f" catch (e) {{ console.log('  FAIL case {j}: ' + e.message); process.exitCode = 1; }}")
        test.append("console.log(`${pass} passed`);")
        files[f"mono/packages/{name}/test.js"] = "\n".join(test) + "\n"
    return files


SERVER_JS = """const http = require('http');
let n = 0;
const srv = http.createServer((req, res) => {
  n += 1;
  console.log(`${new Date().toISOString()} ${req.method} ${req.url} #${n}`);
  if (req.url.startsWith('/boom')) { throw new TypeError(`cannot read order ${req.url.slice(6)}`); }
  if (req.url === '/slow') { console.warn('warning: /slow took 1200ms'); }
  res.end('ok');
});
srv.listen(Number(process.env.PORT || 28600), '127.0.0.1', () => console.log(`listening on ${srv.address().port}`));
"""

WORKER_JS = """let tick = 0;
const t = setInterval(() => {
  tick += 1;
  console.log(`worker tick ${tick} queue=${(tick * 7) % 13}`);
  if (tick === 3) { console.error('worker: lost connection to queue, exiting'); process.exit(3); }
}, 300);
"""

PM2_CONFIG = """module.exports = {
  apps: [
    {name: "api", script: "server.js", env: {PORT: "28601"}},
    {name: "worker", script: "worker.js", max_restarts: 4, restart_delay: 200},
    {name: "ghost", script: "nosuch.js"}
  ]
};
"""


def servers():
    """The small HTTP server (a route that throws), a worker that exits with 3, json-server's
    database, a pm2 ecosystem file."""
    posts = ",\n".join(f'    {{"id": "{i}", "title": "post {w}", "views": {i * 13}}}' for i, w in enumerate(WORDS, 1))
    return {"srv/server.js": SERVER_JS, "srv/worker.js": WORKER_JS, "srv/ecosystem.config.js": PM2_CONFIG,
            "srv/package.json": '{"name": "srv", "private": true}\n',
            "srv/db.json": '{\n  "posts": [\n' + posts + '\n  ],\n  "comments": [\n    {"id": "1", "postId": "1", "body": "hi"}\n  ],\n  "profile": {"name": "lab"}\n}\n'}


COMMITS = [f"chore(deps): bump dep-{i} to 1.{i}.0" for i in range(90)] + ["feat(cart): add quantity field", "fix(pricing): round half up", "docs: describe exports",
           "chore(deps): bump lodash", "feat: support coupons", "Fixed the thing", "refactor(cart): split module",
           "test(cart): cover empty cart", "feat(api)!: drop v1 endpoints", "ci: cache node_modules",
           "style: format", "wip", "fix(pricing): negative totals", "perf: memoize tax table",
           "feat(search): fuzzy match", "fix: Crash On Start.", "build: emit esm and cjs", "feat(nav): keyboard support",
           "docs(readme): badges", "fix(cart) missing colon", "revert: feat: support coupons",
           "feat(toast): auto dismiss", "chore: release 0.3.0", "update stuff", "fix(search): empty query",
           "feat(tabs): lazy panels", "test: snapshot nav", "chore(release): 0.3.1"]

OXLINT_EXTRA = """// legacy helpers kept for the old checkout page
export function legacyTotal(items) {
  var total = 0;
  for (var i = 0; i < items.length; i++) {
    if (items[i].price == undefined) continue;
    total = total + items[i].price;
  }
  if (typeof total === "nubmer") { return total; }
  debugger;
  return total;
}
export async function loadAll(ids) {
  const out = [];
  for (const id of ids) { out.push(await fetch("/api/" + id)); }
  new Promise(async (resolve) => resolve(out));
  return out;
}
export function cmp(a, b) { if (a = b) { return 0; } return a < b ? -1 : 1; }
const re = /[a-z]{1,}[a-z]{1,}/;
export const isWord = (s) => re.test(s) || s === s;
"""

PRICES_TS = """export function tangoPrice(n: number): number { return n * 21 + 19; }
export function deltaPrice(n: number): number { return n * 5 + 3; }
export const deltaLimit: number = "ten";
"""

CRASH_TS = """import { deltaPrice, tangoPrice } from "./prices";
const orders: { id: number; qty: number }[] = [];
for (let i = 0; i < 200; i++) { orders.push({ id: i, qty: i % 4 }); }
for (const o of orders) {
  console.log(`order ${o.id}: ${tangoPrice(o.qty)}`);
}
const bad: { id: number } = orders.find((o) => o.id === 999);
console.log(bad.id, deltaPrice(1));
"""

NYC_RUNNER = """const assert = require('assert');
const cart = require('./cart');
const tax = require('./tax');
let failed = 0;
function t(name, fn) {
  try { fn(); console.log(`  \\u2713 ${name}`); } catch (e) { failed++; console.log(`  \\u2717 ${name}\\n    ${e.message}`); }
}
t('empty cart totals 0', () => assert.strictEqual(cart.total([]), 0));
t('one item', () => assert.strictEqual(cart.total([{price: 3, qty: 2}]), 6));
t('tax on 100', () => assert.strictEqual(tax.rate('NL') * 100, 21));
t('tax unknown region', () => assert.strictEqual(tax.rate('XX'), 0));
t('discount over 50', () => assert.strictEqual(cart.total([{price: 60, qty: 1}], 'SAVE10'), 54));
t('tax DE', () => assert.strictEqual(tax.rate('DE'), 0.19));
console.log(`${6 - failed} passing, ${failed} failing`);
process.exitCode = failed ? 1 : 0;
"""


def nyc():
    """A small CommonJS project for nyc: 8 modules, tests cover some of them, one test fails."""
    files = {"cov/run.js": NYC_RUNNER, "cov/package.json": '{"name": "cov", "private": true}\n',
             "cov/.nycrc": '{"all": true, "include": ["*.js", "lib/**/*.js"], "exclude": ["run.js"], '
             '"check-coverage": true, "lines": 90, "branches": 80, "functions": 85, "statements": 90}\n',
             "cov/cart.js": "const d = require('./lib/discount');\nexports.total = (items, code) => {\n"
             "  let t = 0;\n  for (const it of items) t += it.price * it.qty;\n  if (code) t = d.apply(t, code);\n"
             "  return t;\n};\n",
             "cov/tax.js": "const rates = {NL: 0.21, DE: 0.19, FR: 0.2};\nexports.rate = (r) => {\n"
             "  if (!(r in rates)) return 0;\n  return rates[r];\n};\n",
             "cov/lib/discount.js": "exports.apply = (t, code) => {\n  if (code === 'SAVE10') return t * 0.91;\n"
             "  if (code === 'HALF') return t / 2;\n  throw new Error('unknown code ' + code);\n};\n"}
    for w in [a + b for a in WORDS[:8] for b in ("", "_io", "_fmt")]:
        files[f"cov/lib/{w}.js"] = (f"exports.{w} = (x) => {{\n  if (x > 10) {{\n    return x - 10;\n  }}\n"
                                    f"  return x + 1;\n}};\nexports.{w}Name = () => '{w}';\n")
    return files


def tsn():
    """A CommonJS TypeScript script for ts-node: a type error in an imported module, then (with
    type checks off) a crash on an undefined value after 12 lines of output."""
    return {"tsn/prices.ts": PRICES_TS, "tsn/crash.ts": CRASH_TS, "tsn/package.json": '{"name": "tsn", "private": true}\n',
            "tsn/tsconfig.json": '{"compilerOptions": {"strict": true, "target": "ES2020", "module": "commonjs"}}\n'}
