"""The machinery the blind adversarial gate sets share (`adversarial-gate5.py` and later).

A set is a list of (class, expected verdict, shell command) cases (a verdict written `ask=` must be
exactly that verdict: it goes to the half's `exact` list), a list of commands `loop run
--yolo` must not run, and the expectations corrected after the first look. `write` splits every
other case of each (class, verdict as first written) into the tuning half (a corrected verdict
keeps its case in the half it was in), refuses a command written twice or already held by
another data file, and writes `adversarial-NAME-{tune,holdout}.toml` next to this file.
"""
import json, os, tomllib


def q(s):
    return json.dumps(s, ensure_ascii=False)


def dump(d, title):
    out = [title, "shell = ["]
    out += [f"  [{q(w)}, {q(x)}]," for w, x in d["shell"]]
    out += ["]", "# commands --yolo must not run (deny, or an ask that a deny rule may match)", "yolo = ["]
    out += [f"  {q(x)}," for x in d["yolo"]]
    out.append("]")
    if d["exact"]:
        out += ["# harmless commands that must get exactly this verdict (not stricter, not looser)", "exact = ["]
        out += [f"  [{q(w)}, {q(x)}]," for w, x in d["exact"]]
        out.append("]")
    return "\n".join(out) + "\n"


def strings(v):
    if isinstance(v, str):
        yield v
    elif isinstance(v, dict):
        for x in v.values():
            yield from strings(x)
    elif isinstance(v, list):
        for x in v:
            yield from strings(x)


def held_elsewhere(own):
    """Every string of the data files beside `own`'s (`own`: the stem of the set's own file,
    `adversarial-gate20`): a command one of them holds was written blind too and is judged
    there, so a later set drops it (`write_one` refuses one)."""
    here = os.path.dirname(os.path.abspath(__file__))
    old = set()
    for n in os.listdir(here):
        if n.endswith(".toml") and not n.startswith(own):
            with open(os.path.join(here, n), "rb") as f:
                old |= set(strings(tomllib.load(f)))
    return old


def drop_held(cases, yolo, own):
    """`cases` and `yolo` without the commands another data file holds ([`held_elsewhere`]),
    and those commands (what `--dups` lists)."""
    old = held_elsewhere(own)
    dups = [x for *_, x in cases if x in old]
    return [s for s in cases if s[2] not in old], [x for x in yolo if x not in old], dups


def split(cases, yolo):
    """Every other case of each (class, verdict as first written) into the tuning half."""
    tune, hold = {"shell": [], "yolo": [], "exact": []}, {"shell": [], "yolo": [], "exact": []}
    seen = {}
    for cls, first, want, cmd in cases:
        k = (cls, first)
        i = seen.get(k, 0)
        seen[k] = i + 1
        half = tune if i % 2 == 0 else hold
        if want.endswith("="):  # `ask=`: exactly this verdict
            half["exact"].append((want[:-1], cmd))
        else:
            half["shell"].append((want, cmd))
    for i, cmd in enumerate(yolo):
        (tune if i % 2 == 0 else hold)["yolo"].append(cmd)
    return tune, hold


def checked(name, cases, yolo, fixed):
    """The cases as (class, verdict as first written, expected, command) with the corrections
    applied, after refusing a command written twice, one another data file holds, or a yolo
    command that is not among the cases."""
    here = os.path.dirname(os.path.abspath(__file__))
    cases = [(cls, want, fixed.get(x, want), x) for cls, want, x in cases]
    cmds = [x for *_, x in cases]
    dups = [x for i, x in enumerate(cmds) if x in cmds[:i]]
    assert not dups, dups
    old = set()
    for n in os.listdir(here):
        if n.endswith(".toml") and not n.startswith(f"adversarial-{name}"):
            old |= set(strings(tomllib.load(open(os.path.join(here, n), "rb"))))
    known = [x for x in cmds + yolo if x in old]
    assert not known, known
    missing = [y for y in yolo if y not in cmds]
    assert not missing, missing
    return here, cases


def write(name, cases, yolo, fixed, hdr):
    """Checks the set and writes its two halves (`hdr` has one `{}` for the half's name)."""
    here, cases = checked(name, cases, yolo, fixed)
    tune, hold = split(cases, yolo)
    n_allow = sum(1 for *_, w, _ in cases if w == "allow")
    n_exact = sum(1 for *_, w, _ in cases if w.endswith("="))
    print(len(cases), "shell cases (", n_allow, "allow,", n_exact, "exact ),", len(yolo), "yolo;", len(tune["shell"]), "+",
          len(tune["yolo"]), "tuning,", len(hold["shell"]), "+", len(hold["yolo"]), "held out")
    open(os.path.join(here, f"adversarial-{name}-tune.toml"), "w").write(dump(tune, hdr.format("tuning")))
    open(os.path.join(here, f"adversarial-{name}-holdout.toml"), "w").write(dump(hold, hdr.format("held-out")))


def write_one(name, cases, yolo, fixed, hdr):
    """Checks a set that has no halves (an independent probe) and writes it whole."""
    here, cases = checked(name, cases, yolo, fixed)
    d = {"shell": [], "yolo": list(yolo), "exact": []}
    for *_, w, x in cases:
        (d["exact"] if w.endswith("=") else d["shell"]).append((w.rstrip("="), x))
    n_allow = sum(1 for *_, w, _ in cases if w == "allow")
    print(len(cases), "cases:", len(d["shell"]), "shell (", n_allow, "allow ),", len(d["exact"]), "exact,", len(yolo), "yolo")
    open(os.path.join(here, f"adversarial-{name}.toml"), "w").write(dump(d, hdr))


def score(lines, cases, yolo, fixed):
    """Per-class counts from the probe example's JSON lines (a set script's `--score`): each case
    judged as the set's test judges it (allow exactly, `ask=` exactly, otherwise no looser; yolo:
    deny or an ask that may deny); prints the counts, then every miss."""
    got = {d["cmd"]: d for d in map(json.loads, lines)}
    rank = {"allow": 0, "ask": 1, "deny": 2}
    tot, ok, miss = {}, {}, []
    for cls, want, x in cases:
        want = fixed.get(x, want)
        v = got[x]["verdict"]
        fine = v == want.rstrip("=") if want == "allow" or want.endswith("=") else rank[v] >= rank[want]
        tot[cls] = tot.get(cls, 0) + 1
        ok[cls] = ok.get(cls, 0) + fine
        if not fine:
            miss.append(f"{cls}: {x!r}: want {want}, got {v} ({got[x]['reason']})")
    held = [x for x in yolo if got[x]["verdict"] == "deny" or got[x]["verdict"] == "ask" and got[x]["may_deny"]]
    miss += [f"yolo: {x!r} would run ({got[x]['verdict']}: {got[x]['reason']})" for x in yolo if x not in held]
    print(", ".join(f"{k} {ok[k]}/{tot[k]}" for k in tot) + f"; yolo {len(held)}/{len(yolo)}; "
          f"total {sum(ok.values()) + len(held)}/{len(cases) + len(yolo)}")
    print("\n".join(miss))


def cli(argv, name, cases, yolo, fixed, hdr, dups=()):
    """The command line every blind set script shares: `--classes`, `--dups`, `--cmds` (one JSON
    command a line), `--score` (verdicts from `examples/probe` on stdin), or write NAME.toml."""
    import sys
    if argv == ["--classes"]:
        for cls, _, x in cases:
            print(json.dumps({"class": cls, "cmd": x}))
    elif argv == ["--dups"]:
        print("\n".join(dups))
    elif argv == ["--cmds"]:
        print("\n".join(json.dumps(x) for _, _, x in cases))
    elif argv == ["--score"]:
        score(sys.stdin, cases, yolo, fixed)
    else:
        write_one(name, cases, yolo, fixed, hdr)
