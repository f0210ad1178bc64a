#!/usr/bin/env python3
"""The hand-chosen anchor lines of the `wild22` logs (procedure in the corpus README: wild8's to
wild21's), chosen while reading each log top to bottom, never looking at the compressor. Lines are
marked by pattern (line numbers found by pattern, so a regenerated log is labelled alike). Writes
labels/NAME.txt (KIND<TAB>line verbatim); then run `bench/compress/blind/labels.py --in-order` on
the set.

    python3 bench/compress/wild22/marks.py
"""
import os, re, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "blind"))
from logtext import Marks, shape
D = os.environ.get("WILD22_DIR") or os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..",
                                                 "crates", "observe", "tests", "data", "wild22")
M = Marks(D)
lines, add, find, every = M.lines, M.add, M.find, M.every
once_each = M.once_each
once = M.once

# duckdb: each statement's error (the `X Error:` line), the bad CSV line and its conversion
# message, the sniffer's mismatching column, the `LINE 1:` location under an error.
n = "duckdb_script"
add(n, "error", every(n, r"^\w+ Error: "))
once(n, r"^Original Line: ", "error")
once(n, r"^Error when converting column", "error")
once(n, r"^Column at position: 3 Set type: INTEGER Sniffed type: VARCHAR", "error")
add(n, "error", every(n, r"^LINE 1: "))

# snakemake: the failing job's traceback (its script's frame, the exception), the rule's
# CalledProcessError with its Snakefile location and the command's exit, `Error in rule`, the last
# progress count, the exit lines.
n = "snakemake_pipeline"
once(n, r'^  File ".*/scripts/clean\.py"', "frame")
once(n, r"^ValueError: ", "error")
once(n, r"^CalledProcessError in file ", "error")
once(n, r"returned non-zero exit status", "error")
once(n, r"^Error in rule clean:", "error")
s = every(n, r"^\d+ of \d+ steps \(\d+%\) done")
add(n, "summary", s[-1:])
once(n, r"^Exiting because a job execution failed", "failure")
once(n, r"^WorkflowError:", "failure")
once(n, r"^At least one job did not complete", "failure")

# pandera: each failing batch's count, each failure case row of its table (the JSON report under
# it repeats them), the final count.
n = "pandera_batches"
add(n, "failure", every(n, r"^  batches/\S+: \d+ failure cases"))
add(n, "error", every(n, r"^\d+ +Column +\S+ +\S"))
once(n, r"^\d+ of \d+ batches failed validation", "summary")

# polars: the script's frame and the exception.
n = "polars_batches"
once(n, r'^  File ".*/ingest_polars\.py"', "frame")
once(n, r"^polars\.exceptions\.\w+: ", "error")

# pyarrow: each skipped row, the count, the script's frame of the final traceback and the error.
n = "pyarrow_batches"
add(n, "warning", every(n, r"^skipping row "))
once(n, r"^skipped \d+ rows", "summary")
once(n, r'^  File ".*/ingest_arrow\.py"', "frame")
once(n, r"^pyarrow\.lib\.\w+: ", "error")

# pandas: the parser warning, the script's own count of unparsed dates, the frame and the error.
n = "pandas_batches"
once(n, r"ParserWarning: Skipping line", "warning")
once(n, r"^unparsed days: [1-9]", "warning")
once(n, r'^  File ".*/clean_pandas\.py"', "frame")
once(n, r"^TypeError: ", "error")

# frictionless: the INVALID rows of the dataset table, each invalid resource's table title, the
# first 5 errors of each type in each resource (their first row, the wrapped message is data).
n = "frictionless_package"
add(n, "failure", every(n, r"│ INVALID │"))
add(n, "failure", every(n, r"^ {20,}part\d+ *$"))
ls = lines(n)
titles = every(n, r"^ {20,}part\d+ *$") + [len(ls) + 1]
for a, b in zip(titles, titles[1:]):
    once_each(n, r"^│ \S+ +│ \d+ +│ [a-z-]+ +│", "error", key=lambda l: l.split("│")[3].strip(), start=a, end=b,
              limit=5)

# optuna: each failed trial (its `failed with parameters` line; the `failed with value None` line
# repeats it), the objective's own frame and the exception once per shape, the best trial, the
# final traceback's own frame and exception.
n = "optuna_study"
add(n, "failure", every(n, r"Trial \d+ failed with parameters"))
once_each(n, r'^  File ".*/tune_optuna\.py"', "frame", key=lambda l: l)
once_each(n, r"^(ValueError|ZeroDivisionError): ", "error", key=shape)
once(n, r"^best \d+ ", "summary")
add(n, "error", [len(lines(n))])

# scikit-learn: each warning shape once, the first 5 fits scored nan, the FitFailedWarning block
# (its count and each error with its count), the non-finite scores warning, the best result,
# the final traceback's own frame and error.
n = "sklearn_grid"
once_each(n, r"\w+Warning: ", "warning", key=lambda l: re.sub(r"\d+(\.\d+)?", "#", l.split("Warning: ")[0] + re.split(r"Warning: ", l)[1][:40]))
once_each(n, r"score=nan", "failure", key=lambda l: "nan", limit=5)
once(n, r"^\d+ fits failed out of a total", "failure")
add(n, "error", every(n, r"^\d+ fits failed with the following error"))
once_each(n, r"^ValueError: ", "error", key=lambda l: l)
once(n, r"^best ", "summary")
once(n, r'^  File ".*/grid_sklearn\.py"', "frame")

# dbt: the parse warnings (node not found, the deprecation) once each, the failed model and test
# (progress row, the summary's failure line, its message and location), each Done line.
n = "dbt_build"
once(n, r"Did not find matching node", "warning")
once(n, r"MissingArgumentsPropertyInGenericTestDeprecation", "warning")
once(n, r"depends on a node named", "warning")
add(n, "error", every(n, r"\d+ of \d+ (ERROR|FAIL) "))
add(n, "error", every(n, r"Failure in (model|test) "))
once(n, r"Runtime Error in model", "error")
once(n, r"^  Binder Error: ", "error")
once(n, r"^  LINE \d+: ", "error")
once(n, r"Got 1 result, configured to fail", "error")
add(n, "summary", every(n, r"Done\. PASS="))

# papermill: the RuntimeWarnings of the dividing cell once, the PapermillExecutionError, the
# failing cell and its line, the exception.
n = "papermill_notebook"
once(n, r"RuntimeWarning: invalid value", "warning")
once(n, r"^papermill\.exceptions\.PapermillExecutionError", "error")
once(n, r'^Exception encountered at "In \[\d+\]"', "error")
once(n, r"^Cell In\[\d+\], line", "frame")
once(n, r"^----> \d+ ", "frame")
add(n, "error", [len(lines(n))])

# sqlite-utils: the query's error, the crash of analyze-tables (its exception).
n = "sqlite_utils_load"
once(n, r"^Error: no such column", "error")
once(n, r"^TypeError: ", "error")

# ncgen: the undefined type.
n = "ncgen_cdl"
once(n, r"^Undefined name", "error")

# ncdump: the unreadable file.
n = "ncdump_files"
once(n, r"^ncdump: .*error", "error")

# h5dump: the file it could not open.
n = "h5dump_files"
once(n, r"^h5dump error: ", "error")

# h5diff: the differing dataset (its rows and count), the other non-zero counts, the first 5
# not-comparable objects, the verdict, the file it could not open.
n = "h5diff_runs"
t = find(n, r"^position +temp +temp ") - 2
e = find(n, r"^\d+ differences found", t)
add(n, "warning", [t] + list(range(t + 4, e)))
add(n, "summary", every(n, r"^[1-9]\d* differences found"))
once_each(n, r"^Not comparable: ", "warning", key=lambda l: "nc", limit=5)
once(n, r"^Some objects are not comparable", "failure")
once(n, r"^h5diff: .*unable to open", "error")

# pspp: the error and the stop it causes (both lines).
n = "pspp_syntax"
e = find(n, r"error: COMPUTE")
add(n, "error", [e])
e = find(n, r"error: Stopping syntax file processing")
add(n, "error", [e, e + 1])

# maxima: the error and its `-- an error` line.
n = "maxima_batch"
e = find(n, r"^expt: undefined")
add(n, "error", [e, e + 1])

# gp: each error (its `***` message lines and the caret under the location).
n = "gp_script"
add(n, "error", every(n, r"^  \*\*\* "))

# gron: each file it could not read (the message; gron names no file).
n = "gron_orders"
add(n, "error", every(n, r"^failed to form statements"))

# yq: each parse error with its location lines.
n = "yq_jobs"
for e in every(n, r"^yq: Error running jq"):
    add(n, "error", [e] + [i for i in range(e + 1, e + 4) if not lines(n)[i - 1].startswith("==")])

M.write()
