"""Fixture texts of the `wild26` corpus (`gen.py`): a small Python package (`ledger`) with its
tests, benchmarks, typed entry points, ASGI apps, a SQLAlchemy script, a scrapy spider, luigi
tasks and packaging metadata, all written for this set. Faults are put in the middle: a wrong
rounding, a test that hangs, a flaky test, a duplicate key, a bad row, missing pages."""

WORDS = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india", "juliet",
         "kilo", "lima", "mike", "november", "oscar", "papa", "quebec", "romeo", "sierra", "tango"]

MONEY = '''"""Money amounts in cents."""
from decimal import Decimal, ROUND_HALF_UP


def to_cents(text: str) -> int:
    """'12.34' -> 1234."""
    value = Decimal(text.strip().replace(",", ""))
    return int((value * 100).quantize(Decimal("1"), rounding=ROUND_HALF_UP))


def fmt(cents: int) -> str:
    sign = "-" if cents < 0 else ""
    cents = abs(cents)
    return f"{sign}{cents // 100}.{cents % 100:02d}"


def split(cents: int, parts: int) -> list[int]:
    """Splits an amount into `parts` shares that add up to it."""
    base, rest = divmod(cents, parts)
    return [base + (1 if i < rest else 0) for i in range(parts)]


def vat(cents: int, rate: float) -> int:
    return int(cents * rate)
'''

INVENTORY = '''"""Stock levels by item."""
from dataclasses import dataclass, field


class OutOfStock(Exception):
    pass


@dataclass
class Item:
    sku: str
    price: int
    qty: int = 0


@dataclass
class Inventory:
    items: dict = field(default_factory=dict)

    def add(self, sku: str, price: int, qty: int = 1) -> Item:
        item = self.items.setdefault(sku, Item(sku, price))
        item.qty += qty
        return item

    def take(self, sku: str, qty: int = 1) -> Item:
        item = self.items.get(sku)
        if item is None or item.qty < qty:
            raise OutOfStock(sku)
        item.qty -= qty
        return item

    def value(self) -> int:
        return sum(i.price * i.qty for i in self.items.values())

    def low(self, limit: int = 2) -> list:
        return sorted(s for s, i in self.items.items() if i.qty <= limit)
'''

PARSE = '''"""Reads ledger rows: date,sku,qty,price."""
import csv
import datetime


class BadRow(ValueError):
    pass


def parse_row(row: list) -> tuple:
    if len(row) != 4:
        raise BadRow(f"expected 4 fields, got {len(row)}: {row!r}")
    date = datetime.date.fromisoformat(row[0])
    qty = int(row[2])
    if qty == 0:
        raise BadRow(f"zero quantity for {row[1]}")
    return date, row[1], qty, row[3]


def read(path: str) -> list:
    with open(path, newline="") as f:
        return [parse_row(r) for r in csv.reader(f) if r and not r[0].startswith("#")]


def totals(rows: list) -> dict:
    out = {}
    for _, sku, qty, price in rows:
        out[sku] = out.get(sku, 0) + qty * int(price)
    return out
'''

REPORT = '''"""Text reports."""
from ledger.money import fmt


def table(totals: dict) -> str:
    lines = [f"{'sku':<12}{'total':>12}"]
    for sku in sorted(totals):
        lines.append(f"{sku:<12}{fmt(totals[sku]):>12}")
    return "\\n".join(lines)


def unused_helper(x):
    if x:
        return 1
    else:
        return 2
'''

TESTS = '''import pytest
from ledger.money import to_cents, fmt, split, vat
from ledger.inventory import Inventory, OutOfStock
from ledger.parse import parse_row, BadRow, totals

CASES = [("0.01", 1), ("1.00", 100), ("12.34", 1234), ("1,000.50", 100050), ("0.005", 1), ("2.675", 268),
         ("99.99", 9999), ("-3.10", -310), ("7", 700), ("0.125", 13)]


@pytest.mark.parametrize("text,cents", CASES)
def test_to_cents(text, cents):
    assert to_cents(text) == cents


@pytest.mark.parametrize("cents,text", [(1, "0.01"), (100, "1.00"), (-310, "-3.10"), (123456, "1234.56")])
def test_fmt(cents, text):
    assert fmt(cents) == text


@pytest.mark.parametrize("cents,parts", [(100, 3), (1001, 7), (5, 2), (0, 4), (99, 10), (12345, 6)])
def test_split_adds_up(cents, parts):
    assert sum(split(cents, parts)) == cents


@pytest.mark.parametrize("cents,rate,want", [(1000, 0.2, 200), (999, 0.2, 200), (1, 0.5, 1), (250, 0.07, 18)])
def test_vat_rounds_half_up(cents, rate, want):
    assert vat(cents, rate) == want


def test_inventory_take():
    inv = Inventory()
    inv.add("A1", 500, 3)
    inv.take("A1", 2)
    assert inv.items["A1"].qty == 1


def test_inventory_out_of_stock():
    inv = Inventory()
    with pytest.raises(OutOfStock):
        inv.take("B2")


@pytest.mark.parametrize("n", range(8))
def test_inventory_value(n):
    inv = Inventory()
    for i in range(n):
        inv.add(f"S{i}", 100 * i, 2)
    assert inv.value() == sum(200 * i for i in range(n))


def test_low_stock():
    inv = Inventory()
    inv.add("X", 1, 1)
    inv.add("Y", 1, 5)
    assert inv.low() == ["X"]


@pytest.mark.parametrize("row", [["2024-01-02", "A1", "3", "500"], ["2024-02-30", "A1", "1", "5"], ["2024-01-02", "A1", "0", "5"]])
def test_parse_row(row):
    assert parse_row(row)[1] == "A1"


def test_totals():
    rows = [(None, "A", 2, "100"), (None, "A", 1, "100"), (None, "B", 1, "7")]
    assert totals(rows) == {"A": 300, "B": 7}
'''

FLAKY = '''import os, pytest, time

STATE = os.path.join(os.path.dirname(__file__), ".flaky_state")


@pytest.mark.parametrize("n", range(12))
def test_steady(n):
    assert n * n >= 0


def test_flaky_counter():
    count = int(open(STATE).read()) if os.path.exists(STATE) else 0
    open(STATE, "w").write(str(count + 1))
    assert count >= 2, f"attempt {count} failed"


def test_always_broken():
    assert {"a": 1, "b": 2} == {"a": 1, "b": 3}


@pytest.mark.parametrize("n", range(12, 24))
def test_steady_more(n):
    assert str(n).isdigit()


def test_slow_network():
    time.sleep(5)


def test_after_slow():
    assert True
'''

ORDER = '''import pytest

REGISTRY = []


@pytest.mark.parametrize("n", range(15))
def test_register(n):
    REGISTRY.append(n)
    assert n in REGISTRY


def test_registry_full():
    assert len(REGISTRY) == 15, f"registry has {len(REGISTRY)} entries"


@pytest.mark.parametrize("w", ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel"])
def test_words(w):
    assert w.isalpha()
'''

BENCH = '''import pytest
from ledger.money import to_cents, split
from ledger.inventory import Inventory
from ledger.parse import totals


def test_bench_to_cents(benchmark):
    assert benchmark(to_cents, "1,234.56") == 123456


def test_bench_split(benchmark):
    assert sum(benchmark(split, 1000003, 7)) == 1000003


@pytest.mark.parametrize("n", [10, 100, 1000])
def test_bench_inventory(benchmark, n):
    def fill():
        inv = Inventory()
        for i in range(n):
            inv.add(f"S{i % 50}", i, 1)
        return inv.value()
    assert benchmark(fill) > 0


def test_bench_totals(benchmark):
    rows = [(None, f"S{i % 20}", i % 5 + 1, str(i)) for i in range(2000)]
    assert len(benchmark(totals, rows)) == 21


def test_bench_sorted_words(benchmark):
    words = [str(i) * 3 for i in range(5000)]
    assert benchmark(sorted, words)[0] == "000"
'''

HANG = '''import threading, time, pytest


@pytest.mark.parametrize("n", range(10))
def test_quick(n):
    assert n >= 0


def wait_for_lock(lock):
    with lock:
        pass


def test_deadlock():
    lock = threading.Lock()
    lock.acquire()
    wait_for_lock(lock)


@pytest.mark.parametrize("n", range(10, 20))
def test_quick_again(n):
    assert n >= 10


def test_slow_loop():
    total = 0
    while True:
        total += 1
'''

PYPROJECT = '''[build-system]
requires = ["setuptools>=61"]
build-backend = "setuptools.build_meta"

[project]
name = "ledger"
version = "0.4.2"
description = "a small stock ledger"
license = {text = "MIT"}
classifiers = ["License :: OSI Approved :: MIT License", "Programming Language :: Python :: 3"]
requires-python = ">=3.9"

[tool.setuptools]
packages = ["ledger"]
'''

CSV_ROWS = "\n".join(["# date,sku,qty,price"] + [
    f"2024-03-{(i % 28) + 1:02d},{WORDS[i % 20].upper()[:3]}{i % 7},{(i % 5) + 1},{100 + i * 3}" for i in range(60)]) + "\n"


def package(broken_row=False):
    """The `ledger` package and its tests (relative path -> text)."""
    files = {"ledger/__init__.py": '__version__ = "0.4.2"\n', "ledger/money.py": MONEY,
             "ledger/inventory.py": INVENTORY, "ledger/parse.py": PARSE, "ledger/report.py": REPORT,
             "tests/test_ledger.py": TESTS, "pyproject.toml": PYPROJECT, "rows.csv": CSV_ROWS,
             "README.md": "# ledger\n\nA small stock ledger.\n"}
    return files

TYPED = '''"""Runs the ledger's typed entry points over many rows; row 37 carries a price as a float
and row 52 a quantity as a string (the runtime checker stops there)."""
import sys
from CHECKER

@DECO
def line_total(sku: str, qty: int, price: int) -> int:
    return qty * price


@DECO
def label(sku: str, total: int) -> str:
    return f"{sku}: {total / 100:.2f}"


@DECO
def average(totals: list[int]) -> float:
    return sum(totals) / len(totals)


rows = [(f"SKU{i:03d}", i % 5 + 1, 100 + i) for i in range(60)]
rows[37] = ("SKU037", 3, 101.5)
rows[52] = ("SKU052", "4", 152)
seen = []
for n, (sku, qty, price) in enumerate(rows):
    try:
        t = line_total(sku, qty, price)
        seen.append(t)
        print(f"row {n:3d} {label(sku, t)}")
    except Exception as e:
        print(f"row {n:3d} rejected: {type(e).__name__}: {e}", file=sys.stderr)
        if n > 50:
            raise
print("average", average(seen))
'''

PROFILED = '''"""A profiled run: parses generated rows, sums them, formats a table (line_profiler /
memray target). One row in 40 is bad and is skipped with a warning."""
import sys, warnings


def make_rows(n):
    out = []
    for i in range(n):
        qty = "x" if i % 40 == 17 else str(i % 9 + 1)
        out.append(f"2024-01-{i % 28 + 1:02d},SKU{i % 97},{qty},{100 + i % 13}")
    return out


@profile
def parse(rows):
    parsed = []
    for r in rows:
        d, sku, qty, price = r.split(",")
        try:
            parsed.append((sku, int(qty), int(price)))
        except ValueError:
            warnings.warn(f"bad quantity in row {r!r}")
    return parsed


@profile
def totals(parsed):
    out = {}
    for sku, qty, price in parsed:
        out[sku] = out.get(sku, 0) + qty * price
    return out


@profile
def table(t):
    lines = []
    for sku in sorted(t):
        lines.append(f"{sku:<8}{t[sku]:>10}")
    return "\\n".join(lines)


rows = make_rows(int(sys.argv[1]) if len(sys.argv) > 1 else 20000)
t = totals(parse(rows))
print(table(t)[:200])
print("skus:", len(t))
'''

ASGI = '''"""An ASGI app with a handler that fails on some ids and a slow endpoint."""
import json


async def app(scope, receive, send):
    if scope["type"] == "lifespan":
        while True:
            msg = await receive()
            if msg["type"] == "lifespan.startup":
                await send({"type": "lifespan.startup.complete"})
            elif msg["type"] == "lifespan.shutdown":
                await send({"type": "lifespan.shutdown.complete"})
                return
    path = scope["path"]
    if path.startswith("/item/"):
        item = int(path.rsplit("/", 1)[1])
        stock = {i: i * 3 for i in range(40) if i != 23}
        body = json.dumps({"item": item, "qty": stock[item], "ratio": 100 // (item % 17)}).encode()
        status = 200
    elif path == "/health":
        body, status = b"ok", 200
    else:
        body, status = b"not found", 404
    await send({"type": "http.response.start", "status": status, "headers": [(b"content-type", b"application/json")]})
    await send({"type": "http.response.body", "body": body})
'''

FASTAPI_APP = '''from fastapi import FastAPI, HTTPException
from pydantic import BaseModel, Field

app = FastAPI()
STOCK = {f"SKU{i}": i * 2 for i in range(30)}


class Order(BaseModel):
    sku: str
    qty: int = Field(gt=0)


@app.get("/stock/{sku}")
def stock(sku: str):
    if sku not in STOCK:
        raise HTTPException(status_code=404, detail=f"unknown sku {sku}")
    return {"sku": sku, "qty": STOCK[sku]}


@app.post("/orders")
def order(o: Order):
    left = STOCK[o.sku] - o.qty
    if left < 0:
        raise ValueError(f"stock of {o.sku} would go negative: {left}")
    STOCK[o.sku] = left
    return {"sku": o.sku, "left": left}
'''

FASTAPI_TESTS = '''import pytest
from fastapi.testclient import TestClient
from app import app

client = TestClient(app)


@pytest.mark.parametrize("i", range(0, 30, 2))
def test_stock(i):
    r = client.get(f"/stock/SKU{i}")
    assert r.status_code == 200
    assert r.json()["qty"] == i * 2


def test_unknown_sku():
    r = client.get("/stock/NOPE")
    assert r.status_code == 404


@pytest.mark.parametrize("qty", [1, 2, 3])
def test_order(qty):
    r = client.post("/orders", json={"sku": "SKU20", "qty": qty})
    assert r.status_code == 200


def test_order_validation():
    r = client.post("/orders", json={"sku": "SKU3", "qty": 0})
    assert r.status_code == 400, r.json()


def test_order_too_many():
    r = client.post("/orders", json={"sku": "SKU1", "qty": 50})
    assert r.status_code == 409


def test_order_unknown():
    r = client.post("/orders", json={"sku": "SKU99", "qty": 1})
    assert r.status_code == 404


@pytest.mark.parametrize("i", range(1, 30, 2))
def test_stock_odd(i):
    assert client.get(f"/stock/SKU{i}").status_code == 200
'''

SQLA = '''"""Loads ledger rows into SQLite with SQLAlchemy (echo on): row 41 repeats a primary key."""
from sqlalchemy import create_engine, Column, Integer, String, ForeignKey, select, func
from sqlalchemy.orm import declarative_base, Session

Base = declarative_base()


class Item(Base):
    __tablename__ = "items"
    sku = Column(String, primary_key=True)
    price = Column(Integer, nullable=False)


class Move(Base):
    __tablename__ = "moves"
    id = Column(Integer, primary_key=True)
    sku = Column(String, ForeignKey("items.sku"), nullable=False)
    qty = Column(Integer, nullable=False)


engine = create_engine("sqlite:///ledger.db", echo=True)
Base.metadata.drop_all(engine)
Base.metadata.create_all(engine)
with Session(engine) as s:
    for i in range(40):
        s.add(Item(sku=f"SKU{i:02d}", price=100 + i))
    s.commit()
    for i in range(60):
        s.add(Move(id=i, sku=f"SKU{i % 40:02d}", qty=i % 7 + 1))
        if i % 20 == 19:
            s.commit()
    print(s.execute(select(func.count(Move.id))).scalar())
    for i in range(38, 44):
        s.add(Item(sku=f"SKU{i:02d}", price=200 + i))
        s.commit()
'''

SPIDER = '''import scrapy


class SiteSpider(scrapy.Spider):
    name = "site"
    start_urls = ["http://127.0.0.1:28680/index.html"]
    custom_settings = {"ROBOTSTXT_OBEY": False, "LOG_LEVEL": "DEBUG", "HTTPERROR_ALLOW_ALL": False,
                       "RETRY_TIMES": 1, "DOWNLOAD_TIMEOUT": 3}

    def parse(self, response):
        title = response.css("h1::text").get()
        words = len(response.text.split())
        if "bravo" in response.url:
            words = words / 0
        yield {"url": response.url, "title": title, "words": words}
        for href in response.css("a::attr(href)").getall():
            yield response.follow(href, self.parse)
'''

LUIGI = '''import luigi, json, os


class Extract(luigi.Task):
    day = luigi.IntParameter()

    def output(self):
        return luigi.LocalTarget(f"out/extract-{self.day:02d}.json")

    def run(self):
        rows = [{"sku": f"SKU{i}", "qty": (i * self.day) % 7} for i in range(20)]
        if self.day == 6:
            rows[4]["qty"] = "n/a"
        with self.output().open("w") as f:
            json.dump(rows, f)


class Transform(luigi.Task):
    day = luigi.IntParameter()

    def requires(self):
        return Extract(self.day)

    def output(self):
        return luigi.LocalTarget(f"out/transform-{self.day:02d}.json")

    def run(self):
        rows = json.load(self.input().open())
        total = sum(r["qty"] * 3 for r in rows)
        with self.output().open("w") as f:
            json.dump({"day": self.day, "total": total + 0}, f)


class Report(luigi.Task):
    def requires(self):
        return [Transform(d) for d in range(1, 11)]

    def output(self):
        return luigi.LocalTarget("out/report.txt")

    def run(self):
        with self.output().open("w") as f:
            for t in self.input():
                f.write(t.open().read() + "\\n")
'''

TOWNCRIER_TOML = '''[tool.towncrier]
package = "ledger"
directory = "changes"
filename = "CHANGES.md"
name = "ledger"
version = "0.4.2"

[[tool.towncrier.type]]
directory = "feature"
name = "Features"
showcontent = true

[[tool.towncrier.type]]
directory = "bugfix"
name = "Bug fixes"
showcontent = true

[[tool.towncrier.type]]
directory = "removal"
name = "Removals"
showcontent = true
'''

BUMP_TOML = '''[tool.bumpversion]
current_version = "0.4.2"
commit = false
tag = false

[[tool.bumpversion.files]]
filename = "pyproject.toml"
search = 'version = "{current_version}"'
replace = 'version = "{new_version}"'

[[tool.bumpversion.files]]
filename = "ledger/__init__.py"

[[tool.bumpversion.files]]
filename = "docs/conf.py"
search = 'release = "{current_version}"'
replace = 'release = "{new_version}"'

[[tool.bumpversion.files]]
filename = "CHANGES.md"
search = "## Unreleased"
replace = "## {new_version}"
'''

REFURB_SRC = '''import os
from typing import List


def read_names(path):
    f = open(path)
    names = []
    for line in f.readlines():
        names.append(line.strip())
    f.close()
    return names


def squares(n):
    out = []
    for i in range(0, n):
        out.append(i * i)
    return out


def check(x, y):
    if x == None:
        return False
    if isinstance(x, int) or isinstance(x, float):
        return len(y) == 0
    return x in [1, 2, 3]


def join(parts: List[str]) -> str:
    s = ""
    for p in parts:
        s = s + p
    return s


def exists(p):
    return os.path.exists(p) == True


def first(d, k):
    if k in d.keys():
        return d[k]
    return None


def copy_list(xs):
    return [x for x in xs]


def write(path, text):
    with open(path, "w") as f:
        f.write(text)
    return os.path.getsize(path)


def lower_all(xs):
    return list(map(lambda x: x.lower(), xs))
'''


def refurb_tree():
    """A package of modules refurb has findings in (one module a file per word)."""
    files = {}
    for i, w in enumerate(WORDS[:8]):
        files[f"oldcode/{w}.py"] = REFURB_SRC.replace("def ", f"def {w}_")
    return files
