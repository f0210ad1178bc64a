#!/usr/bin/env python3
"""Builds the `wild22` corpus: a blind set of real outputs (most of them 200+ lines) of data and
science tooling no earlier set holds, recorded before the compressor saw any of it. Fixtures
(`fixtures.py`) are run through the duckdb CLI, snakemake, pandera, polars, pyarrow, pandas,
frictionless, optuna, scikit-learn, dbt (duckdb adapter), papermill, sqlite-utils, ncgen, ncdump,
h5dump, h5diff, pspp, maxima, gp (PARI/GP), gron and yq, with faults put in the middle of each
run (a bad row, a failing rule, a broken model, a corrupt file, a bad statement) so that they fail
or warn somewhere in the middle. Each run's merged stdout+stderr is recorded unedited
(`../blind/record.py`).

    python3 bench/compress/wild22/gen.py WORKDIR OUTDIR [NAME_FILTER]

Needs (Debian 12): hdf5-tools, netcdf-bin, pspp, maxima, pari-gp, gron, yq; and a virtual
environment (VENV, default /tmp/cwild26-venv) with duckdb-cli, snakemake, pandera, pandas,
frictionless, polars, pyarrow, optuna, scikit-learn, papermill, ipykernel, sqlite-utils,
`dbt-core>=1.9,<1.11` and `dbt-duckdb>=1.9,<1.11` from PyPI (dbt 2 downloads a wheel at install time).
"""
import os, shutil, subprocess, sys

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, "..", "blind"))
import fixtures as F
import record

WORK, OUT, FILTER = record.args()
VENV = os.environ.get("VENV", "/tmp/cwild26-venv")


def run(cmd, cwd="."):
    env = dict(os.environ, PATH=os.path.join(VENV, "bin") + ":" + os.environ["PATH"])
    subprocess.run(["bash", "-c", cmd], cwd=os.path.join(WORK, cwd), check=True, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL, env=env)


def write(proj, files):
    return record.write(WORK, proj, files)


def tables():
    bad = {3: {60: "word"}, 6: {12: "extra", 13: "short", 90: "word"}, 8: {33: "date", 34: "neg", 71: "null"}}
    write("data", {f"batches/b{i:02d}.csv": F.sales_csv(80 + 7 * i, bad.get(i, {})) for i in range(1, 11)})
    write("data", {"validate_pandera.py": F.PANDERA, "ingest_polars.py": F.POLARS, "ingest_arrow.py": F.PYARROW,
                   "clean_pandas.py": F.PANDAS, "tune_optuna.py": F.OPTUNA, "grid_sklearn.py": F.SKLEARN})
    os.makedirs(os.path.join(WORK, "data", "pq"))
    write("db", {"sales.csv": F.sales_csv(500), "sales_bad.csv": F.sales_csv(500, {250: "word"}),
                 "script.sql": F.DUCKDB_SQL})
    write("pkg", F.datapackage())
    write("shop", F.dbt_project())
    write("nb", {"analysis.ipynb": F.notebook(), "sales.csv": F.sales_csv(240)})
    write("snake", {"Snakefile": F.SNAKEFILE, "scripts/simulate.py": F.SIMULATE, "scripts/clean.py": F.CLEAN,
                    "scripts/stats.py": F.STATS})


def science():
    cdls = {f"cdl/st{i:02d}.cdl": F.cdl(f"st{i:02d}", 24 + i, broken=(i == 7)) for i in range(12)}
    mod = cdls["cdl/st01.cdl"].split(" temp = ")
    vals = mod[1].split(", ")
    for i in (5, 17, 40, 41, 60):
        vals[i] = f"{float(vals[i]) + 3.25:.2f}"
    cdls["cdl/mod/st01.cdl"] = mod[0] + " temp = " + ", ".join(vals)
    write("nc", cdls)
    os.makedirs(os.path.join(WORK, "nc", "out"))
    run("for i in 00 01 02 03 04 05 06 08 09 10 11; do ncgen -k nc4 -o out/st$i.nc cdl/st$i.cdl; done && "
        "head -c 3000 out/st03.nc > out/st03_cut.nc && cp out/st01.nc out/st01_copy.nc && "
        "ncgen -k nc4 -o out/st01_rerun.nc cdl/st05.cdl && ncgen -k nc4 -o out/st01_mod.nc cdl/mod/st01.cdl", "nc")
    write("stats", {"analysis.sps": F.PSPP % F.pspp_data()})
    write("math", {"calc.mac": F.MAXIMA, "calc.gp": F.GP})
    write("json", F.json_records(40))
    write("yaml", F.yaml_docs(30))


def setup():
    if os.path.exists(WORK):
        shutil.rmtree(WORK)
    os.makedirs(WORK)
    tables()
    science()
    os.makedirs(os.path.join(WORK, "home"))


def main():
    setup()
    record.record(WORK, OUT, FILTER, record.scenarios(here), [os.path.join(VENV, "bin")], timeout=300,
                  extra_env={"HOME": os.path.join(WORK, "home"), "USER": "analyst", "DO_NOT_TRACK": "1"})


main()
