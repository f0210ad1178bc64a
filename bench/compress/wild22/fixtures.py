"""The fixture projects of the `wild22` set (data and science tooling): data files, scripts,
pipelines and notebooks, each with a fault put in the middle (a bad row, a failing rule, a broken
model, a corrupt file). Deterministic: a fixed seed, no clock."""
import json, random

R = random.Random(22)
CITIES = ["Oslo", "Lima", "Pune", "Kyiv", "Quito", "Hanoi", "Turin", "Accra", "Perth", "Cork"]


def sales_csv(n=400, bad=()):
    """A sales table; rows whose index is in `bad` get a broken value (a word in a number, a missing
    field, an extra field, a bad date)."""
    rows = ["id,city,day,qty,price,status"]
    for i in range(1, n + 1):
        row = f"{i},{CITIES[i % 10]},2026-{1 + i % 12:02d}-{1 + i % 28:02d},{R.randint(1, 90)},{R.randint(100, 9999) / 100},{'ok' if i % 7 else 'late'}"
        if i in bad:
            kind = bad[i] if isinstance(bad, dict) else "word"
            row = {"word": f"{i},{CITIES[i % 10]},2026-03-04,twelve,3.50,ok",
                   "short": f"{i},{CITIES[i % 10]},2026-03-04",
                   "extra": f"{i},{CITIES[i % 10]},2026-03-04,4,3.50,ok,EXTRA",
                   "date": f"{i},{CITIES[i % 10]},2026-13-45,4,3.50,ok",
                   "neg": f"{i},{CITIES[i % 10]},2026-03-04,-5,3.50,ok",
                   "null": f"{i},,2026-03-04,4,,ok"}[kind]
        rows.append(row)
    return "\n".join(rows) + "\n"


DUCKDB_SQL = """.echo on
.mode box
CREATE TABLE sales AS SELECT * FROM read_csv('sales.csv', header=true);
SELECT city, count(*) AS n, sum(qty) AS qty, round(avg(price), 2) AS avg_price FROM sales GROUP BY city ORDER BY city;
SELECT status, count(*) FROM sales GROUP BY ALL ORDER BY 1;
CREATE TABLE strict_sales AS SELECT * FROM read_csv('sales_bad.csv', header=true, columns={'id':'INTEGER','city':'VARCHAR','day':'DATE','qty':'INTEGER','price':'DOUBLE','status':'VARCHAR'});
SELECT * FROM sales WHERE qty > 85 ORDER BY id LIMIT 40;
SELECT city, quantity FROM sales LIMIT 3;
CREATE TABLE cities (name VARCHAR PRIMARY KEY, country VARCHAR NOT NULL);
INSERT INTO cities VALUES ('Oslo','NO'),('Lima','PE'),('Pune','IN'),('Kyiv','UA'),('Quito','EC');
INSERT INTO cities VALUES ('Hanoi','VN'),('Oslo','NO');
INSERT INTO cities VALUES ('Turin', NULL);
SELECT s.city, c.country, count(*) AS n FROM sales s LEFT JOIN cities c ON s.city = c.name GROUP BY ALL ORDER BY n DESC, s.city;
SELECT CAST('2026-02-30' AS DATE);
SELECT day, sum(qty) OVER (PARTITION BY city ORDER BY day ROWS 3 PRECEDING) AS rolling, city FROM sales ORDER BY city, day LIMIT 30;
COPY (SELECT * FROM sales WHERE status = 'late') TO 'late.parquet' (FORMAT parquet);
SELECT count(*) AS late_rows FROM 'late.parquet';
SELECT * FROM 'missing.parquet';
SELECT 1/0 AS x, 10 // 0 AS y;
SUMMARIZE sales;
SELECT * FROM sales WHERE city = 'Oslo' ORDER BY day;
SELECT city, status, count(*) AS n FROM sales GROUP BY ALL ORDER BY ALL;
"""

SNAKEFILE = """SAMPLES = [f"s{i:02d}" for i in range(1, 25)]

rule all:
    input: "report/summary.tsv"

rule simulate:
    output: "raw/{sample}.csv"
    shell: "python3 scripts/simulate.py {wildcards.sample} > {output}"

rule clean:
    input: "raw/{sample}.csv"
    output: "clean/{sample}.csv"
    shell: "python3 scripts/clean.py {input} {output}"

rule stats:
    input: "clean/{sample}.csv"
    output: "stats/{sample}.tsv"
    shell: "python3 scripts/stats.py {input} > {output}"

rule summary:
    input: expand("stats/{sample}.tsv", sample=SAMPLES)
    output: "report/summary.tsv"
    shell: "cat {input} > {output}"
"""

SIMULATE = """import random, sys
s = sys.argv[1]
r = random.Random(s)
print("x,y")
for i in range(50):
    y = "NaN?" if s == "s13" and i == 31 else f"{r.gauss(0, 1):.4f}"
    print(f"{i},{y}")
"""

CLEAN = """import sys
src, dst = sys.argv[1:3]
rows = open(src).read().split()
out = [rows[0]]
for n, row in enumerate(rows[1:], 2):
    x, y = row.split(",")
    out.append(f"{int(x)},{float(y):.3f}")
open(dst, "w").write("\\n".join(out) + "\\n")
print(f"cleaned {len(out) - 1} rows of {src}", file=sys.stderr)
"""

STATS = """import statistics, sys
ys = [float(l.split(",")[1]) for l in open(sys.argv[1]).read().split()[1:]]
name = sys.argv[1].split("/")[-1][:-4]
print(f"{name}\\t{len(ys)}\\t{statistics.mean(ys):.4f}\\t{statistics.stdev(ys):.4f}")
"""

PANDERA = """import glob, sys
import pandas as pd
import pandera.pandas as pa
from pandera import Check, Column

schema = pa.DataFrameSchema({
    "id": Column(int, unique=True),
    "city": Column(str, Check.isin(%r)),
    "day": Column(str, Check.str_matches(r"^2026-(0[1-9]|1[0-2])-[0-3][0-9]$")),
    "qty": Column(int, Check.in_range(1, 90)),
    "price": Column(float, Check.gt(0)),
    "status": Column(str, Check.isin(["ok", "late"])),
}, strict=True, coerce=True)
bad = 0
for path in sorted(glob.glob("batches/*.csv")):
    df = pd.read_csv(path, on_bad_lines="skip")
    print(f"validating {path}: {len(df)} rows, {len(df.columns)} columns")
    try:
        schema.validate(df, lazy=True)
        print(f"  {path}: OK")
    except pa.errors.SchemaErrors as e:
        bad += 1
        print(f"  {path}: {len(e.failure_cases)} failure cases")
        print(e.failure_cases.to_string())
        print(e)
print(f"{bad} of {len(glob.glob('batches/*.csv'))} batches failed validation")
sys.exit(1 if bad else 0)
""" % (CITIES,)

POLARS = """import glob
import polars as pl

pl.Config.set_tbl_rows(12)
frames = []
for path in sorted(glob.glob("batches/*.csv"), reverse=True):
    df = pl.read_csv(path, schema_overrides={"qty": pl.Int64, "price": pl.Float64})
    print(f"{path}: {df.height} rows")
    print(df.describe())
    print(df.group_by("city").agg(pl.len().alias("n"), pl.col("qty").sum()).sort("city"))
    frames.append(df)
all_ = pl.concat(frames)
print(all_.describe())
"""

PYARROW = """import glob, sys
import pyarrow as pa, pyarrow.csv as pc, pyarrow.parquet as pq

skipped = []
def on_invalid(row):
    skipped.append(row.number)
    print(f"skipping row {row.number}: {row.text!r} ({row.expected_columns} columns expected, {row.actual_columns} found)")
    return "skip"

for path in sorted(glob.glob("batches/*.csv")):
    t = pc.read_csv(path, parse_options=pc.ParseOptions(invalid_row_handler=on_invalid))
    print(f"{path}: {t.num_rows} rows, schema {t.schema.names}")
    print(t.schema)
    pq.write_table(t, path.replace(".csv", ".parquet").replace("batches/", "pq/"))
for path in sorted(glob.glob("pq/*.parquet")):
    meta = pq.read_metadata(path)
    print(f"{path}: {meta.num_rows} rows in {meta.num_row_groups} row groups, created by {meta.created_by}")
    print(pq.read_table(path).slice(0, 3).to_pandas().to_string())
print(f"skipped {len(skipped)} rows")
strict = pc.read_csv("batches/b06.csv", convert_options=pc.ConvertOptions(column_types={"qty": pa.int32()}))
"""

PANDAS = """import glob, warnings
import pandas as pd

warnings.simplefilter("default")
frames = []
for path in sorted(glob.glob("batches/*.csv")):
    df = pd.read_csv(path, on_bad_lines="warn")
    print(f"{path}: {df.shape[0]} rows, dtypes: {dict(df.dtypes.astype(str))}")
    print(df.head(8).to_string())
    frames.append(df)
df = pd.concat(frames, ignore_index=True)
df["day"] = pd.to_datetime(df["day"], errors="coerce")
print(f"unparsed days: {df['day'].isna().sum()}")
late = df[df.status == "late"]
late["penalty"] = late["price"] * 0.1
print(df.groupby("city")[["qty", "price"]].agg(["sum", "mean", "max"]).round(2).to_string())
print(df.describe(include="all").to_string())
monthly = df.set_index("day").groupby("city").resample("M")["qty"].sum()
print(monthly.head(40).to_string())
pivot = df.pivot(index="day", columns="city", values="qty")
"""

OPTUNA = """import math, optuna
optuna.logging.set_verbosity(optuna.logging.INFO)

def objective(trial):
    x = trial.suggest_float("x", -10, 10)
    lr = trial.suggest_float("lr", 1e-5, 1e-1, log=True)
    depth = trial.suggest_int("depth", 1, 12)
    if depth == 11 and x > 3:
        raise ValueError(f"depth {depth} with x={x:.3f} diverged")
    for step in range(5):
        value = (x - 2) ** 2 + depth * lr * (5 - step)
        trial.report(value, step)
        if trial.should_prune():
            raise optuna.TrialPruned()
    if lr > 0.09:
        return math.nan
    return value

study = optuna.create_study(study_name="tune", sampler=optuna.samplers.TPESampler(seed=22),
                            pruner=optuna.pruners.MedianPruner(n_startup_trials=5))
study.optimize(objective, n_trials=120, catch=(ValueError,))
print(study.trials_dataframe()[["number", "value", "state"]].tail(20).to_string())
print("best", study.best_trial.number, study.best_params)
study.optimize(lambda t: 1 / (t.suggest_int("k", 0, 0)), n_trials=1)
"""

SKLEARN = """import warnings
import numpy as np
from sklearn.datasets import make_classification
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import GridSearchCV
warnings.simplefilter("default")
X, y = make_classification(n_samples=300, n_features=12, random_state=22)
grid = {"solver": ["lbfgs", "liblinear", "newton-cg"], "penalty": ["l2", "l1"], "C": [0.01, 1.0, 100.0],
        "max_iter": [3, 200]}
search = GridSearchCV(LogisticRegression(), grid, cv=3, verbose=3, error_score=np.nan)
search.fit(X, y)
print("best", search.best_params_, round(search.best_score_, 4))
search2 = GridSearchCV(LogisticRegression(), {"solver": ["lbfgs"], "penalty": ["elasticnet"]}, cv=3, verbose=2, error_score="raise")
search2.fit(X, y)
"""


def dbt_project():
    """A dbt-duckdb project: seeds, 14 models (one with a bad column), schema tests (two fail)."""
    files = {
        "dbt_project.yml": "name: shop\nversion: '1.0'\nconfig-version: 2\nprofile: shop\nmodel-paths: [models]\n"
                           "seed-paths: [seeds]\nmodels:\n  shop:\n    +materialized: table\n",
        "profiles.yml": "shop:\n  target: dev\n  outputs:\n    dev:\n      type: duckdb\n      path: shop.duckdb\n      threads: 1\n",
        "seeds/raw_sales.csv": sales_csv(300),
        "seeds/raw_cities.csv": "name,country\n" + "".join(f"{c},{c[:2].upper()}\n" for c in CITIES[:8]),
        "models/staging/stg_sales.sql": "select id, city, cast(day as date) as day, qty, price, status from {{ ref('raw_sales') }}\n",
        "models/staging/stg_cities.sql": "select name as city, country from {{ ref('raw_cities') }}\n",
    }
    for i, city in enumerate(CITIES):
        files[f"models/marts/city_{city.lower()}.sql"] = (
            f"select day, sum(qty) as qty, sum(qty * price) as revenue from {{{{ ref('stg_sales') }}}} "
            f"where city = '{city}' group by day\n")
    files["models/marts/revenue_by_country.sql"] = (
        "select c.country, sum(s.qty * s.price) as revenue, count(*) as orders\nfrom {{ ref('stg_sales') }} s\n"
        "join {{ ref('stg_cities') }} c using (city)\ngroup by c.country\n")
    files["models/marts/late_orders.sql"] = (
        "select id, city, day, qty, price * qty as total, delay_days\nfrom {{ ref('stg_sales') }}\nwhere status = 'late'\n")
    files["models/marts/late_by_city.sql"] = "select city, count(*) as n from {{ ref('late_orders') }} group by city\n"
    files["models/schema.yml"] = (
        "version: 2\nmodels:\n  - name: stg_sales\n    columns:\n      - name: id\n        tests: [unique, not_null]\n"
        "      - name: status\n        tests:\n          - accepted_values:\n              values: ['ok']\n"
        "  - name: stg_cities\n    columns:\n      - name: city\n        tests: [unique, not_null]\n"
        "  - name: revenue_by_country\n    columns:\n      - name: country\n        tests: [unique, not_null]\n"
        "      - name: revenue\n        tests: [not_null]\n"
        "  - name: city_oslo\n    columns:\n      - name: day\n        tests: [unique]\n"
        "  - name: stg_sales_typo\n    columns:\n      - name: id\n        tests: [unique]\n")
    return files


def notebook():
    """A notebook of 24 cells; cell 15 divides by a column that has zeros and then indexes a
    missing key."""
    cells = ["import pandas as pd, numpy as np\nprint('pandas', pd.__version__)",
             "df = pd.read_csv('sales.csv')\nprint(df.shape)"]
    for i in range(12):
        cells.append(f"part = df[df.id % 12 == {i}]\nprint('part {i}:', len(part), 'rows, qty', part.qty.sum())")
    cells.append("df['unit'] = df.price / (df.qty - df.qty)\nprint(df.unit.describe())")
    cells.append("summary = df.groupby('city').qty.sum().to_dict()\nprint(summary['Paris'])")
    for i in range(8):
        cells.append(f"print('after', {i})")
    nb = {"cells": [{"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [], "source": c}
                    for c in cells],
          "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
                       "language_info": {"name": "python"}}, "nbformat": 4, "nbformat_minor": 5}
    return json.dumps(nb, indent=1)


def datapackage():
    """A frictionless data package of five resources; two have bad rows, one a bad header."""
    res = []
    files = {}
    for i in range(5):
        bad = {}
        if i == 2:
            bad = {17: "word", 40: "short", 41: "extra", 88: "date", 120: "null", 121: "null"}
        if i == 3:
            bad = {i: "word" for i in range(5, 31)}
            bad[200] = "neg"
        text = sales_csv(150 + 20 * i, bad)
        if i == 4:
            text = text.replace("id,city,day", "id,city,city", 1)
        files[f"data/part{i}.csv"] = text
        res.append({"name": f"part{i}", "path": f"data/part{i}.csv", "schema": {"fields": [
            {"name": "id", "type": "integer", "constraints": {"unique": True}},
            {"name": "city", "type": "string", "constraints": {"required": True}},
            {"name": "day", "type": "date"}, {"name": "qty", "type": "integer", "constraints": {"minimum": 1}},
            {"name": "price", "type": "number", "constraints": {"required": True}},
            {"name": "status", "type": "string", "constraints": {"enum": ["ok", "late"]}}], "primaryKey": ["id"]}})
    files["datapackage.json"] = json.dumps({"name": "sales", "resources": res}, indent=1)
    return files


def cdl(name, n=24, broken=False):
    """A netCDF CDL file: a time series of n steps at 3 stations; `broken` misspells a type and
    leaves out a semicolon in the data section."""
    vals = ", ".join(f"{R.uniform(-5, 30):.2f}" for _ in range(n * 3))
    text = (f"netcdf {name} {{\ndimensions:\n\ttime = {n} ;\n\tstation = 3 ;\nvariables:\n\tdouble time(time) ;\n"
            f"\t\ttime:units = \"hours since 2026-01-01\" ;\n\tfloat temp(time, station) ;\n\t\ttemp:units = \"degC\" ;\n"
            f"\t\ttemp:_FillValue = -999.f ;\n\tint station(station) ;\n\n// global attributes:\n"
            f"\t\t:title = \"{name} observations\" ;\ndata:\n\n time = {', '.join(str(i) for i in range(n))} ;\n\n"
            f" station = 101, 102, 103 ;\n\n temp = {vals} ;\n}}\n")
    if broken:
        text = text.replace("float temp", "floot temp").replace(" station = 101, 102, 103 ;", " station = 101, 102, 103")
    return text


PSPP = """SET PRINTBACK=ON.
DATA LIST LIST /id * city (A8) qty * price * status (A4).
BEGIN DATA.
%s
END DATA.
VARIABLE LABELS qty 'Quantity' price 'Unit price'.
DESCRIPTIVES VARIABLES=qty price /STATISTICS=MEAN STDDEV MIN MAX SKEWNESS.
FREQUENCIES VARIABLES=city status /FORMAT=NOTABLE /STATISTICS=MODE.
CROSSTABS /TABLES=city BY status /STATISTICS=CHISQ.
COMPUTE revenue = qty * pricee.
T-TEST /GROUPS=status('ok' 'late') /VARIABLES=qty price.
ONEWAY qty BY citycode /STATISTICS=DESCRIPTIVES.
COMPUTE total = qty * price.
REGRESSION /VARIABLES=qty /DEPENDENT=total /STATISTICS=COEFF R ANOVA.
EXAMINE VARIABLES=price BY status /PLOT=NONE.
CORRELATIONS /VARIABLES=qty price total.
FREQUENCIES VARIABLES=nosuch.
LIST /VARIABLES=id city qty /CASES=FROM 1 TO 30.
"""


def pspp_data(n=120):
    return "\n".join(f"{i} {CITIES[i % 10]} {R.randint(1, 90)} {R.randint(100, 9999) / 100} {'ok' if i % 7 else 'late'}"
                     for i in range(1, n + 1))


MAXIMA = """display2d: false$
for k: 1 thru 60 do print("k =", k, " integral:", integrate(x^k * exp(-x), x, 0, inf), " sum:", sum(1/i^2, i, 1, k))$
M: matrix([2, 1, 0], [1, 3, 1], [0, 1, 4]);
determinant(M);
charpoly(M, x);
invert(M);
solve([x^2 + y = 7, x + y^2 = 11], [x, y]);
taylor(sin(x) / x, x, 0, 12);
factor(x^24 - 1);
limit(sin(x) / x, x, 0);
integrate(1 / (x - 2), x, 0, 3);
for n: 1 thru 40 do print(n, ifactors(n!+1))$
N: matrix([1, 2], [2, 4]);
invert(N);
ode2('diff(y, x) + y = x, y, x);
expand((a + b)^9);
float(bfloat(%pi));
"""

GP = """\\p 30
default(echo, 1);
for(k = 1, 70, print(k, ": ", factor(2^k - 1), "  ", isprime(2^k - 1)));
v = vector(40, i, prime(i));
print(vecsum(v));
M = matrix(3, 3, i, j, (i + j) % 5);
print(matdet(M));
print(matsolve(M, [1, 2, 3]~));
print(1 / 0);
print(nextprime(10^20));
f = x^6 - 1;
print(factor(f));
print(polroots(x^4 - 2));
print(sqrt([1, 2; 3]));
print(intnum(t = 0, 1, t^2));
print(zeta(2) - Pi^2 / 6);
print(undefined_fn(3));
for(n = 1, 90, print(n, " ", eulerphi(n), " ", sigma(n), " ", moebius(n)));
"""


def json_records(n):
    """n small JSON documents (a nested order each); one is cut off, one has a trailing comma."""
    out = {}
    for i in range(n):
        doc = {"order": i, "city": CITIES[i % 10], "items": [{"sku": f"A{j}", "qty": j + 1} for j in range(3)],
               "paid": i % 4 != 0, "meta": {"source": "web" if i % 3 else "app", "tags": ["x", "y"][: i % 3]}}
        text = json.dumps(doc, indent=1)
        if i == n // 2:
            text = text[: len(text) // 2]
        if i == n // 2 + 5:
            text = text.replace('"paid"', '"paid": true,,\n "again"', 1)
        out[f"orders/o{i:03d}.json"] = text + "\n"
    return out


def yaml_docs(n):
    """n small YAML configs; one has a bad indent, one a tab."""
    out = {}
    for i in range(n):
        text = (f"name: job{i:02d}\nschedule: '0 {i % 24} * * *'\nsteps:\n  - run: extract --city {CITIES[i % 10]}\n"
                f"  - run: load --batch {i}\nretries: {i % 4}\nenv:\n  MODE: {'fast' if i % 2 else 'safe'}\n")
        if i == n // 2:
            text = text.replace("  - run: load", "    - run: load").replace("retries:", "  retries:")
        if i == n // 2 + 3:
            text = text.replace("env:\n  MODE", "env:\n\tMODE")
        out[f"jobs/job{i:02d}.yml"] = text
    return out
