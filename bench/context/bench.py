#!/usr/bin/env python3
"""Side-by-side benchmark: `loop context` vs the reference `loop-context` (npm), whole process.

usage: bench.py LOOP_BIN REF_CLI_JS [--lean LOOP_CONTEXT_BIN]... [--runs N] [--ref-runs-slow N]
                [--ref-runs-mid N] [--attempts N] [--skip-slow] [--quick]

Times --check on a 10-attempt ledger, --summary --json on 2,000 attempts with 400 error
templates, and --check, --summary --json, --inject, --prune on a 20,000-attempt ledger (about
2,000 error templates), reports the median wall time, the median CPU time (user + system), the
peak RSS (wait4) and the ratios reference/ours for each; with --lean, the lean `loop-context`
binary gets a row of its own under each `loop context` row, against the same reference run. Both tools get the same files, same machine,
same run, in turns (one run of each per round); outputs are compared for equality as a sanity check.
Each process is started by posix_spawn; the first row is the harness's own floor (spawning `true`).
"""
import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def run(cmd):
    """Runs cmd once; wall time from spawn to exit, CPU time (user + system) and peak RSS of that
    child (wait4). The child is started by posix_spawn (vfork + exec), as a loop written in Rust
    starts it (`std::process::Command`); `subprocess.Popen` adds about 0.3 ms of Python work to
    every run (see the harness floor row)."""
    with tempfile.TemporaryFile() as out:
        devnull = os.open(os.devnull, os.O_RDWR)
        actions = [
            (os.POSIX_SPAWN_DUP2, devnull, 0),
            (os.POSIX_SPAWN_DUP2, out.fileno(), 1),
            (os.POSIX_SPAWN_DUP2, devnull, 2),
        ]
        try:
            t0 = time.perf_counter()
            pid = os.posix_spawnp(cmd[0], cmd, os.environ, file_actions=actions)
            _, status, usage = os.wait4(pid, 0)
            wall = time.perf_counter() - t0
        finally:
            os.close(devnull)
        out.seek(0)
        code = os.waitstatus_to_exitcode(status)
        return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss, out.read(), code


def measure(cmd, runs):
    return measure_in_turns([cmd], [runs])[0]


def measure_in_turns(cmds, runs):
    """Runs the commands in turns (one run of each per round, a command dropping out once it has
    its runs), so a change of load falls on all of them alike; per command: the median wall and CPU
    time, the peak RSS, the last output and exit code."""
    samples = [([], [], [], b"", 0) for _ in cmds]
    for round_ in range(max(runs)):
        for i, cmd in enumerate(cmds):
            if round_ < runs[i]:
                w, c, r, out, code = run(cmd)
                walls, cpus, rss, _, _ = samples[i]
                walls.append(w)
                cpus.append(c)
                rss.append(r)
                samples[i] = (walls, cpus, rss, out, code)
    return [
        (statistics.median(w), statistics.median(c), max(r), out, code)
        for w, c, r, out, code in samples
    ]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("loop_bin")
    ap.add_argument("ref_js")
    ap.add_argument("--lean", action="append", default=[], help="a lean loop-context binary, timed beside `loop context` (repeatable: e.g. the dynamic and the static build)")
    ap.add_argument("--empty", help="an empty static binary (`fn main() {}`), timed in turns with the --check case: the fastest any process can be here, so the ceiling of that speed-up")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--ref-runs-slow", type=int, default=1, help="runs of the reference's O(n*g) operations")
    ap.add_argument("--ref-runs-mid", type=int, default=3, help="runs of the reference on 2,000 attempts")
    ap.add_argument("--attempts", type=int, default=20000)
    ap.add_argument("--quick", action="store_true", help="only the two small cases (the issue's targets)")
    ap.add_argument("--skip-slow", action="store_true", help="skip --summary/--inject (minutes for the reference)")
    a = ap.parse_args()
    tmp = tempfile.mkdtemp(prefix="loopbench.")
    small = os.path.join(tmp, "small.json")
    big = os.path.join(tmp, "big.json")
    mid = os.path.join(tmp, "mid.json")
    subprocess.run([sys.executable, os.path.join(HERE, "make_ledger.py"), "2000", mid, "--templates", "400"], check=True)
    subprocess.run([sys.executable, os.path.join(HERE, "make_ledger.py"), "10", small], check=True)
    if not a.quick:
        subprocess.run([sys.executable, os.path.join(HERE, "make_ledger.py"), str(a.attempts), big], check=True)
    ours = [a.loop_bin, "context"]
    ref = ["node", a.ref_js]
    cases = [
        ("--check (10 attempts)", ["--check", "--max-iterations", "100", "--ledger", small], a.runs),
        ("--summary --json (2000/400)", ["--summary", "--json", "--ledger", mid], a.ref_runs_mid),
        (f"--check ({a.attempts})", ["--check", "--ledger", big], a.runs),
        (f"--prune ({a.attempts})", ["--prune", "--ledger", big], a.runs),
        (f"--summary --json ({a.attempts})", ["--summary", "--json", "--ledger", big], a.ref_runs_slow),
        (f"--inject ({a.attempts})", ["--inject", "--ledger", big], a.ref_runs_slow),
    ]
    if a.quick:
        cases = cases[:2]
    elif a.skip_slow:
        cases = cases[:4]
    # Wall time is what a caller waits for; on a loaded machine it is mostly waiting for a core, so
    # the CPU time (user + system, from wait4) of each process is printed beside it.
    print(f"{'operation':<42} {'ours (s)':>10} {'ref (s)':>10} {'speed-up':>9} {'ours CPU':>9} {'ref CPU':>9} {'CPU x':>7} {'ours RSS':>9} {'ref RSS':>9}  same output")
    floor, _, _, _, _ = measure(["true"], a.runs)
    print(f"{'harness floor (spawn + wait of true)':<42} {floor:>10.4f}", flush=True)
    ours_all = [("", ours)]
    for i, lean in enumerate(a.lean):
        label = " [loop-context]" if len(a.lean) == 1 else f" [loop-context #{i + 1}]"
        print(f"{label.strip()}: {lean}", flush=True)
        ours_all.append((label, [lean]))
    for case, (name, args, ref_runs) in enumerate(cases):
        empty = [[a.empty]] if a.empty and case == 0 else []
        results = measure_in_turns([ref + args] + [bin_args + args for _, bin_args in ours_all] + empty, [ref_runs] + [a.runs] * (len(ours_all) + len(empty)))
        rw, rc, rrss, rout, rcode = results[0]
        if empty:
            ew, ec = results.pop()[:2]
            print(f"{'  ceiling: an empty static binary':<42} {ew:>10.4f} {rw:>10.3f} {rw / ew:>8.0f}x {ec:>9.4f} {rc:>9.3f} {rc / ec:>6.0f}x", flush=True)
        for (label, _), (ow, oc, orss, oout, ocode) in zip(ours_all, results[1:]):
            same = "yes" if (oout == rout and ocode == rcode) else f"NO (exit {ocode} vs {rcode})"
            cx = f"{rc / oc:>6.0f}x" if oc > 0 else f"{'-':>7}"
            print(f"{name + label:<42} {ow:>10.4f} {rw:>10.3f} {rw / ow:>8.0f}x {oc:>9.4f} {rc:>9.3f} {cx} {orss / 1024:>7.1f}MB {rrss / 1024:>7.1f}MB  {same}", flush=True)

if __name__ == "__main__":
    main()
