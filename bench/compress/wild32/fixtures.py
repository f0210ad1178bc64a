"""The fixture projects of `wild32` (see gen.py): a small TypeScript shop library with its test
suites for Deno (`dn/`) and for Bun (`bn/`), each with a few faults in the middle of many passing
tests (a wrong rounding, a parser throwing on a field, a rejected promise, a failing step, a
snapshot that no longer matches, a test past its timeout), files with type errors, lint findings
and unformatted code, a task runner whose step fails, scripts that crash or are denied a
permission, and a module graph with a missing file."""

MODULES = {
    "money": '''/** Money in cents. */
export function cents(amount: number): number {
  return Math.round(amount * 100);
}

/** Formats cents as a price. */
export function price(c: number, currency = "EUR"): string {
  const sign = c < 0 ? "-" : "";
  const abs = Math.abs(c);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")} ${currency}`;
}

/** Splits `total` cents in `n` shares that add up to it. */
export function split(total: number, n: number): number[] {
  const base = Math.floor(total / n);
  const out = new Array(n).fill(base);
  for (let i = 0; i < total - base * n; i++) out[i] += 1;
  return out;
}

/** VAT of `c` cents at `rate` percent, rounded half up. */
export function vat(c: number, rate: number): number {
  return Math.floor((c * rate) / 100);
}
''',
    "parse": '''/** Parses a quantity field of a scanner line. */
export function parseQty(s: string): number {
  const n = Number.parseInt(s, 10);
  if (Number.isNaN(n)) throw new TypeError(`not a quantity: ${s}`);
  return n;
}

/** Parses `SKU;QTY;PRICE` lines. */
export function parseLine(line: string): { sku: string; qty: number; price: number } {
  const [sku, qty, price] = line.split(";");
  if (!sku) throw new RangeError(`empty sku in ${JSON.stringify(line)}`);
  return { sku, qty: parseQty(qty.trim()), price: Number(price) };
}
''',
    "cart": '''import { parseLine } from "./parse.ts";
import { vat } from "./money.ts";

export interface Line {
  sku: string;
  qty: number;
  price: number;
}

/** A shopping cart. */
export class Cart {
  lines: Line[] = [];

  add(line: Line): void {
    const found = this.lines.find((l) => l.sku === line.sku);
    if (found) found.qty += line.qty;
    else this.lines.push({ ...line });
  }

  addRaw(raw: string): void {
    this.add(parseLine(raw));
  }

  total(): number {
    return this.lines.reduce((s, l) => s + l.qty * l.price, 0);
  }

  totalWithVat(rate: number): number {
    return this.total() + vat(this.total(), rate);
  }

  discount(code: string): number {
    if (code === "TENOFF") return this.total() - 1000;
    if (code === "HALF") return Math.round(this.total() / 2);
    return this.total();
  }
}
''',
    "stock": '''/** Raised when a pick asks for more than the shelf holds. */
export class OutOfStock extends Error {
  constructor(sku: string, want: number, have: number) {
    super(`${sku}: want ${want}, have ${have}`);
    this.name = "OutOfStock";
  }
}

/** A shelf of one article. */
export class Shelf {
  constructor(public sku: string, public qty = 0) {}

  put(n: number): void {
    if (n <= 0) throw new RangeError(`put of ${n} units`);
    this.qty += n;
  }

  pick(n: number): number {
    if (n > this.qty) throw new OutOfStock(this.sku, n, this.qty);
    this.qty -= n;
    return n;
  }
}

/** Units to reorder at. */
export function restockLevel(avgDaily: number, leadDays: number, safety = 0.2): number {
  return Math.round(avgDaily * leadDays * (1 + safety));
}

/** Loads a shelf from the warehouse service (simulated). */
export async function loadShelf(sku: string): Promise<Shelf> {
  await new Promise((r) => setTimeout(r, 1));
  if (sku.startsWith("X")) throw new Error(`warehouse: no shelf for ${sku}`);
  return new Shelf(sku, sku.length * 3);
}
''',
    "text": '''/** Slug of a product title. */
export function slug(s: string): string {
  return s.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");
}

/** Cuts `s` to `n` characters with an ellipsis. */
export function ellipsis(s: string, n: number): string {
  return s.length <= n ? s : s.slice(0, n - 1) + "…";
}

/** Title case. */
export function title(s: string): string {
  return s.split(" ").map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(" ");
}
''',
    "dates": '''/** Days between two ISO dates. */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(b) - Date.parse(a)) / 86400000);
}

/** The delivery date `days` working days after `from`. */
export function deliveryDate(from: string, days: number): string {
  const d = new Date(from + "T00:00:00Z");
  let left = days;
  while (left > 0) {
    d.setUTCDate(d.getUTCDate() + 1);
    const wd = d.getUTCDay();
    if (wd !== 0 && wd !== 6) left--;
  }
  return d.toISOString().slice(0, 10);
}
''',
}

# Test tables: (module, [(test name, expression, expected)]), many rows each; the faults are
# marked in the rows (a wrong expectation is the program's bug: the test says what it should do).
TABLES = {
    "money": [(f"cents of {a}", f"cents({a})", str(round(a * 100))) for a in
              [0.5, 1, 1.25, 2.5, 3.99, 10, 12.34, 99.99, 100, 0.01, 7.07, 19.9]] +
             [(f"price of {c}", f"price({c})", repr(f"{c // 100}.{c % 100:02d} EUR")) for c in
              [0, 5, 99, 100, 1234, 99999, 250, 1001]] +
             [("price of a refund", "price(-250)", '"-2.50 EUR"'),
              ("split 100 in 3", "split(100, 3)", "[34, 33, 33]"),
              ("split 10 in 4", "split(10, 4)", "[3, 3, 2, 2]"),
              ("vat rounds half up", "vat(1050, 19)", "200"),
              ("vat of zero", "vat(0, 19)", "0")],
    "parse": [(f"qty {q}", f"parseQty({q!r})", str(int(q))) for q in
              ["1", "2", "10", "007", "42", "100", "3", "19", "8", "64"]] +
             [(f"line {i}", f"parseLine('A{i};{i};{i}.5').qty", str(i)) for i in range(1, 11)] +
             [("reads the scanner field", "parseQty('x12')", "12"),
              ("line with spaces", "parseLine('B7; 3 ;2').qty", "3")],
    "text": [(f"slug {i}", f"slug('Blue Mug No. {i}')", repr(f"blue-mug-no-{i}")) for i in range(1, 16)] +
            [(f"ellipsis {n}", f"ellipsis('Stainless bottle', {n})", repr("Stainless bottle"[:n - 1] + "…"))
             for n in range(4, 12)] +
            [(f"title {w}", f"title('{w} shelf')", repr(w.capitalize() + " Shelf")) for w in
             ["oak", "pine", "steel", "glass", "birch"]],
    "dates": [(f"days to 2026-03-{d:02d}", f"daysBetween('2026-03-01', '2026-03-{d:02d}')", str(d - 1))
              for d in range(1, 21)] +
             [("delivery over a weekend", "deliveryDate('2026-03-06', 1)", '"2026-03-09"'),
              ("delivery in 5 working days", "deliveryDate('2026-03-02', 5)", '"2026-03-09"'),
              ("delivery across a month", "deliveryDate('2026-03-30', 3)", '"2026-04-03"')],
}


def deno_table_test(mod, rows):
    """A Deno test file asserting each row of a table with node:assert."""
    names = sorted({r[1].split("(")[0] for r in rows})
    out = ['import assert from "node:assert";', f'import {{ {", ".join(names)} }} from "../src/{mod}.ts";', ""]
    for name, expr, want in rows:
        out.append(f"Deno.test({name!r}, () => {{\n  assert.deepStrictEqual({expr}, {want});\n}});\n")
    return "\n".join(out)


def bun_table_test(mod, rows):
    """The same table as a bun:test file, grouped in a describe block."""
    names = sorted({r[1].split("(")[0] for r in rows})
    out = ['import { describe, expect, test } from "bun:test";',
           f'import {{ {", ".join(names)} }} from "../src/{mod}.ts";', "", f"describe({mod!r}, () => {{"]
    for name, expr, want in rows:
        out.append(f"  test({name!r}, () => {{\n    expect({expr}).toEqual({want});\n  }});")
    out.append("});\n")
    return "\n".join(out)


DENO_CART_TEST = '''import assert from "node:assert";
import { Cart } from "../src/cart.ts";

function filled(): Cart {
  const c = new Cart();
  c.add({ sku: "A1", qty: 2, price: 450 });
  c.add({ sku: "B7", qty: 1, price: 1200 });
  return c;
}

for (let n = 1; n <= 12; n++) {
  Deno.test(`adds ${n} lines of one article`, () => {
    const c = new Cart();
    for (let i = 0; i < n; i++) c.add({ sku: "A1", qty: 1, price: 100 });
    assert.strictEqual(c.lines.length, 1);
    assert.strictEqual(c.total(), n * 100);
  });
}

Deno.test("total with VAT", () => {
  assert.strictEqual(filled().totalWithVat(19), 2499);
});

Deno.test("discount codes", async (t) => {
  await t.step("no code", () => {
    assert.strictEqual(filled().discount(""), 2100);
  });
  await t.step("HALF", () => {
    assert.strictEqual(filled().discount("HALF"), 1050);
  });
  await t.step("TENOFF never goes below zero", () => {
    const c = new Cart();
    c.add({ sku: "C3", qty: 1, price: 400 });
    assert.ok(c.discount("TENOFF") >= 0, `discount went negative: ${c.discount("TENOFF")}`);
  });
  await t.step("unknown code", () => {
    assert.strictEqual(filled().discount("NOPE"), 2100);
  });
});

Deno.test("raw scanner lines", () => {
  const c = new Cart();
  for (const raw of ["A1;2;450", "B7;1;1200", "A1;1;450"]) c.addRaw(raw);
  assert.deepStrictEqual(c.lines.map((l) => [l.sku, l.qty]), [["A1", 3], ["B7", 1]]);
});
'''

DENO_STOCK_TEST = '''import assert from "node:assert";
import { loadShelf, OutOfStock, restockLevel, Shelf } from "../src/stock.ts";

for (const [avg, lead, want] of [[10, 3, 36], [4, 7, 34], [0, 5, 0], [12, 2, 29], [1, 1, 1], [30, 10, 360]]) {
  Deno.test(`restock level for ${avg}/day over ${lead} days`, () => {
    assert.strictEqual(restockLevel(avg, lead), want);
  });
}

for (let n = 1; n <= 10; n++) {
  Deno.test(`pick ${n} of 10`, () => {
    const s = new Shelf("A1", 10);
    assert.strictEqual(s.pick(n), n);
    assert.strictEqual(s.qty, 10 - n);
  });
}

Deno.test("pick more than the shelf holds", () => {
  assert.throws(() => new Shelf("A1", 1).pick(2), OutOfStock);
});

for (const sku of ["A1", "B7", "C3", "XR9", "D4"]) {
  Deno.test(`loads shelf ${sku}`, async () => {
    const s = await loadShelf(sku);
    assert.strictEqual(s.sku, sku);
  });
}
'''

BUN_CART_TEST = DENO_CART_TEST.replace('import assert from "node:assert";',
                                       'import { describe, expect, test } from "bun:test";\nimport assert from "node:assert";') \
    .replace("Deno.test(`adds", "test(`adds").replace('Deno.test("total', 'test("total') \
    .replace('Deno.test("raw', 'test("raw') \
    .replace('''Deno.test("discount codes", async (t) => {
  await t.step("no code", () => {''', '''describe("discount codes", () => {
  test("no code", () => {''').replace('await t.step("HALF"', 'test("HALF"') \
    .replace('await t.step("TENOFF', 'test("TENOFF').replace('await t.step("unknown', 'test("unknown') \
    + '''
test("receipt snapshot", () => {
  const c = new Cart();
  for (const raw of ["A1;2;450", "C3;1;150"]) c.addRaw(raw);
  expect({ lines: c.lines, total: c.total(), vat: c.totalWithVat(19) - c.total() }).toMatchSnapshot();
});
'''

BUN_STOCK_TEST = DENO_STOCK_TEST.replace('import assert from "node:assert";',
                                         'import { test } from "bun:test";\nimport assert from "node:assert";') \
    .replace("Deno.test(", "test(") + '''
test("slow warehouse answers within 100ms", async () => {
  await new Promise((r) => setTimeout(r, 400));
  assert.ok(await loadShelf("A1"));
}, 100);
'''


# ---- files with type errors (`deno check`): 14 modules of an order service, 6 with errors
def check_files():
    files = {}
    for i, name in enumerate(["orders", "invoices", "refunds", "shipping", "customers", "coupons", "payments",
                              "returns", "reports", "audit", "mailer", "search", "pricing", "catalog"]):
        bad = i % 2 == 1 and i < 12
        body = [f'import {{ cents, price }} from "../src/money.ts";', "",
                f"export interface {name.capitalize()}Row {{", "  id: number;", "  sku: string;",
                "  amount: number;", "}", "",
                f"export function total{name.capitalize()}(rows: {name.capitalize()}Row[]): number {{",
                "  return rows.reduce((s, r) => s + r.amount, 0);", "}", "",
                f"export function show{name.capitalize()}(row: {name.capitalize()}Row): string {{",
                "  return `${row.id} ${row.sku} ${price(row.amount)}`;", "}", ""]
        if bad:
            body += [f"export function first{name.capitalize()}(rows: {name.capitalize()}Row[]): number {{",
                     "  const id: string = rows[0].id;", "  return id;", "}", "",
                     f"export const sample{name.capitalize()}: {name.capitalize()}Row = {{ id: 1, sku: 7, amount: cents(2) }};",
                     "", f"export function label{name.capitalize()}(row: {name.capitalize()}Row): string {{",
                     "  return row.title.toUpperCase();", "}", "",
                     f"price({name!r}, 3);", ""]
        files[f"chk/{name}.ts"] = "\n".join(body)
    return files


# ---- lint findings (`deno lint`): 12 scripts, most with a few findings of the recommended rules
def lint_files():
    files = {}
    for i in range(12):
        src = [f"// report job {i}", "export function run(rows: any[]) {", "  var total = 0;",
               "  let count = 0;", "  for (const r of rows) {", "    total += r.amount;", "  }",
               "  try {", "    JSON.parse(String(total));", "  } catch (e) {}", "  return total;", "}", ""]
        if i % 3 == 0:
            src += ["export async function fetchAll() {", "  return 1;", "}", ""]
        if i % 4 == 1:
            src += ["// @ts-ignore", "export const x: number = 'a' as any;", ""]
        if i % 5 == 2:
            src += ["export function cmp(a: number) {", "  if (a == null) return 0;", "  debugger;",
                    "  return a;", "}", ""]
        if i == 7:
            src = ["// clean module", "export function ok(n: number): number {", "  return n + 1;", "}", ""]
        files[f"lintme/job{i:02d}.ts"] = "\n".join(src)
    return files


# ---- unformatted files (`deno fmt --check`): 16 modules, 9 written by hand without the formatter
def fmt_files():
    files = {}
    for i in range(16):
        if i % 7 == 3:
            files[f"fmtme/util{i:02d}.ts"] = f'export function f{i}(n: number): number {{\n  return n * {i};\n}}\n'
        else:
            files[f"fmtme/util{i:02d}.ts"] = (
                f"export function f{i}( n:number ):number{{\n    const xs=[1,2,3].map(x=>x*n)\n"
                f"    if(n>{i}){{ return xs.reduce((a,b)=>a+b,0) }}\n    return {i}\n}}\n"
                f"export const NAME_{i} = 'util{i}'\n")
    return files


BENCH = '''import { cents, split, price } from "../src/money.ts";
import { parseLine } from "../src/parse.ts";
import { slug } from "../src/text.ts";

for (const n of [2, 3, 7, 16, 64]) {
  Deno.bench(`split 10000 in ${n}`, { group: "split" }, () => {
    split(10000, n);
  });
}
Deno.bench("cents", () => { cents(12.34); });
Deno.bench("price", { baseline: true, group: "format" }, () => { price(123456); });
Deno.bench("price of a refund", { group: "format" }, () => { price(-250); });
Deno.bench("slug of a long title", () => { slug("The Big Blue Mug, Stainless Edition No. 7"); });
Deno.bench("parse scanner lines", () => { parseLine("A1;2;4.5"); });
Deno.bench("parse a bad scanner line", () => { parseLine("A1;x2;4.5"); });
Deno.bench("split in zero shares", () => { if (split(100, 0).length !== 0) throw new Error("bad"); });
'''

# A data generator that a task runs: prints a line per row, fails on row 143.
GEN_SCRIPT = '''import { parseLine } from "../src/parse.ts";

const rows: string[] = [];
for (let i = 1; i <= 180; i++) rows.push(i === 143 ? `Q${i};x${i};1.5` : `Q${i};${i % 9 + 1};${i}.25`);
let sum = 0;
for (const [i, raw] of rows.entries()) {
  const l = parseLine(raw);
  sum += l.qty * l.price;
  console.log(`row ${i + 1}/${rows.length} ${l.sku} qty=${l.qty} running=${sum.toFixed(2)}`);
}
console.log(`done: ${rows.length} rows`);
'''

# A script run without permissions: reads its config (denied), then a fallback loop that crashes.
RUN_SCRIPT = '''import { Cart } from "../src/cart.ts";

let cfg = { rate: 19 };
try {
  cfg = JSON.parse(await Deno.readTextFile("./config.json"));
} catch (e) {
  console.error(`config: ${e}`);
}
const cart = new Cart();
for (let i = 1; i <= 120; i++) {
  cart.add({ sku: `S${i % 17}`, qty: 1 + (i % 3), price: 100 + i });
  if (i % 10 === 0) console.log(`batch ${i / 10}: ${cart.lines.length} lines, total ${cart.totalWithVat(cfg.rate)}`);
}
const home = Deno.env.get("HOME");
console.log(`writing receipt for ${home}`);
await Deno.writeTextFile(`${home}/receipt.txt`, String(cart.total()));
'''

CRASH_SCRIPT = '''import { loadShelf } from "../src/stock.ts";

const skus = Array.from({ length: 60 }, (_, i) => (i === 41 ? "XR9" : `A${i}`));
for (const sku of skus) {
  const s = await loadShelf(sku);
  console.log(`shelf ${s.sku}: ${s.qty} units`);
}
'''

INFO_MAIN = '''import { Cart } from "./src/cart.ts";
import { slug } from "./src/text.ts";
import { render } from "./views/render.ts";
import { legacy } from "./views/legacy_report.ts";

console.log(render(new Cart()), slug("x"), legacy());
'''

VIEWS = {
    "views/render.ts": 'import { price } from "../src/money.ts";\nimport { title } from "../src/text.ts";\n'
                       'import type { Cart } from "../src/cart.ts";\nexport function render(c: Cart): string {\n'
                       '  return title("cart") + " " + price(c.total());\n}\n',
    "views/legacy_report.ts": 'import { daysBetween } from "../src/dates.ts";\nimport { fmt } from "./format_helpers.ts";\n'
                              'export function legacy(): string {\n  return fmt(daysBetween("2026-01-01", "2026-02-01"));\n}\n',
}

DOC_LINT = '''/** A price list. */
export class PriceList {
  items = new Map<string, number>();
  constructor(public name: string) {}
  set(sku: string, cents: number) {
    this.items.set(sku, cents);
  }
  get(sku: string) {
    return this.items.get(sku);
  }
}

export interface Tier {
  min: number;
  off: number;
}

export function tierFor(qty: number, tiers: Tier[]) {
  return tiers.filter((t) => qty >= t.min).at(-1);
}

/** The list price with the tier's discount. */
export function discounted(list: PriceList, sku: string, qty: number, tiers: Tier[]): number {
  const p = list.get(sku) ?? 0;
  return p - (tierFor(qty, tiers)?.off ?? 0);
}

export const DEFAULT_TIERS: Tier[] = [{ min: 10, off: 5 }, { min: 100, off: 20 }];
export type Sku = string;
export enum Unit { Piece, Box, Pallet }
'''

DOC_MODULE = '''/**
 * Money helpers with examples.
 *
 * @example
 * ```ts
 * import { share } from "./doc_money.ts";
 * console.assert(share(100, 4) === 25);
 * ```
 * @module
 */

/**
 * Equal shares of an amount.
 *
 * @example
 * ```ts
 * import { share } from "./doc_money.ts";
 * if (share(100, 3) !== 34) throw new Error(`share was ${share(100, 3)}`);
 * ```
 */
export function share(total: number, n: number): number {
  return Math.floor(total / n);
}

/**
 * Rest after shares.
 *
 * @example
 * ```ts
 * import { rest } from "./doc_money.ts";
 * if (rest(100, 3) !== 2) throw new Error(`rest was ${rest(100, 3)}`);
 * ```
 */
export function rest(total: number, n: number): number {
  return total % n;
}

/**
 * Rounds to a step.
 *
 * @example
 * ```ts
 * import { roundTo } from "./doc_money.ts";
 * console.log(roundTo(17, 5));
 * ```
 */
export function roundTo(v: number, step: number): number {
  return Math.round(v / step) * step;
}
'''

LEAK_TEST = '''import assert from "node:assert";
import { loadShelf } from "../src/stock.ts";

for (let i = 0; i < 30; i++) {
  Deno.test(`shelf A${i} loads`, async () => {
    assert.ok(await loadShelf(`A${i}`));
  });
}

const strict = { sanitizeOps: true, sanitizeResources: true };

Deno.test("opens the price file", strict, () => {
  const f = Deno.openSync("./deno.json");
  assert.ok(f.statSync().size > 0);
});

Deno.test("starts a refresh timer", strict, () => {
  setTimeout(() => {}, 5000);
});

Deno.test("fires a lookup without awaiting it", strict, () => {
  loadShelf("B1");
});

for (let i = 30; i < 45; i++) {
  Deno.test(`shelf A${i} loads`, async () => {
    assert.ok(await loadShelf(`A${i}`));
  });
}
'''
