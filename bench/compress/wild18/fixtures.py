"""The small inputs `gen.py` runs the wild18 tools on (written for this set; each has its fault
in the middle): DIMACS formulas (random 3-SAT, a pigeonhole, one with a bad literal), C and C++
test suites for googletest, Catch2, cmocka and Check with a few failing cases, C++ sources with
needless includes for include-what-you-use, SMT-LIB and ASP problems, Scheme, Prolog, Common Lisp
and Standard ML programs with one bad unit, CloudFormation templates, semgrep rules, a notebook, a
pre-commit configuration and a Haskell program."""
import random


def random_3sat(n, m, seed):
    """A random 3-SAT formula of n variables and m clauses in DIMACS."""
    r = random.Random(seed)
    out = [f"c random 3-SAT, {n} variables, {m} clauses, seed {seed}", f"p cnf {n} {m}"]
    for _ in range(m):
        vs = r.sample(range(1, n + 1), 3)
        out.append(" ".join(str(v if r.random() < 0.5 else -v) for v in vs) + " 0")
    return "\n".join(out) + "\n"


def pigeonhole(holes):
    """holes+1 pigeons in `holes` holes: unsatisfiable."""
    p = holes + 1
    var = lambda i, j: i * holes + j + 1
    cls = [" ".join(str(var(i, j)) for j in range(holes)) + " 0" for i in range(p)]
    for j in range(holes):
        for a in range(p):
            for b in range(a + 1, p):
                cls.append(f"-{var(a, j)} -{var(b, j)} 0")
    return f"c pigeonhole {p} into {holes}\np cnf {p * holes} {len(cls)}\n" + "\n".join(cls) + "\n"


def corrupt_cnf():
    """A formula whose 40th clause has a stray token (an exporter's bug)."""
    text = random_3sat(60, 250, 7).split("\n")
    text[41] = text[41].replace(" 0", " x17 0")
    return "\n".join(text)


def gtest_suite():
    """90 googletest cases in 6 suites; three fail (a wrong total, a false predicate, a throw)."""
    out = ['#include <gtest/gtest.h>', '#include <stdexcept>', '#include <string>', '#include <vector>',
           'static int total(const std::vector<int>& v) { int s = 0; for (int x : v) s += x; return s; }',
           'static int parse_qty(const std::string& s) { if (s.empty()) throw std::invalid_argument("empty quantity"); return std::stoi(s); }', '']
    suites = ["Ledger", "Parser", "Rounding", "Tax", "Report", "Import"]
    for si, s in enumerate(suites):
        for k in range(15):
            name = f"Case{k:02d}"
            if s == "Tax" and k == 7:
                body = '  std::vector<int> v{10, 20, 30};\n  EXPECT_EQ(total(v), 61) << "tax base for invoice 7";'
            elif s == "Report" and k == 3:
                body = '  bool balanced = total({5, -4}) == 0;\n  ASSERT_TRUE(balanced);'
            elif s == "Import" and k == 11:
                body = '  EXPECT_EQ(parse_qty(""), 0);'
            else:
                body = f'  std::vector<int> v{{{k}, {si}, 1}};\n  EXPECT_EQ(total(v), {k + si + 1});'
            out.append(f"TEST({s}Test, {name}) {{\n{body}\n}}\n")
    return "\n".join(out)


def catch2_suite():
    """48 Catch2 (v2) test cases with sections; two fail, one throws."""
    out = ['#define CATCH_CONFIG_MAIN', '#include <catch2/catch.hpp>', '#include <stdexcept>', '#include <vector>',
           'static double mean(const std::vector<double>& v) { if (v.empty()) throw std::runtime_error("mean of nothing"); double s = 0; for (double x : v) s += x; return s / v.size(); }', '']
    for k in range(48):
        tag = ["[stats]", "[io]", "[units]", "[cache]"][k % 4]
        if k == 13:
            body = '    std::vector<double> v{1.0, 2.0, 4.0};\n    REQUIRE(mean(v) == Approx(2.0));'
        elif k == 22:
            body = '    SECTION("empty series") {\n        CHECK(mean({}) == 0.0);\n    }'
        elif k == 31:
            body = '    int cached = 41;\n    CHECK(cached + 0 == 42);\n    CHECK(cached > 0);'
        else:
            body = f'    std::vector<double> v{{{k}.0, {k + 2}.0}};\n    SECTION("mean") {{ CHECK(mean(v) == Approx({k + 1}.0)); }}\n    SECTION("size") {{ CHECK(v.size() == 2); }}'
        out.append(f'TEST_CASE("series {k:02d} behaves", "{tag}") {{\n{body}\n}}\n')
    return "\n".join(out)


def cmocka_suite():
    """100 cmocka tests; three fail (an int mismatch, a string mismatch, a null pointer check)."""
    out = ['#include <stdarg.h>', '#include <stddef.h>', '#include <stdint.h>', '#include <setjmp.h>',
           '#include <string.h>', '#include <cmocka.h>', '',
           'static int clamp(int x, int lo, int hi) { return x < lo ? lo : x > hi ? hi : x; }', '']
    names = []
    for k in range(100):
        n = f"test_clamp_{k:02d}"
        if k == 37:
            body = '    assert_int_equal(clamp(120, 0, 100), 101);'
        elif k == 59:
            body = '    assert_string_equal("eu-west-1", "eu-west-2");'
        elif k == 81:
            body = '    const char *cfg = NULL;\n    assert_non_null(cfg);'
        else:
            body = f'    assert_int_equal(clamp({k}, 0, 100), {k});'
        out.append(f"static void {n}(void **state) {{\n    (void)state;\n{body}\n}}\n")
        names.append(n)
    out.append("int main(void) {\n    const struct CMUnitTest tests[] = {")
    out += [f"        cmocka_unit_test({n})," for n in names]
    out.append("    };\n    return cmocka_run_group_tests_name(\"clamp\", tests, NULL, NULL);\n}\n")
    return "\n".join(out)


def check_suite():
    """200 Check tests in 3 cases; two fail, one segfaults (forked, reported as an error)."""
    out = ['#include <check.h>', '#include <stdlib.h>', '#include <string.h>',
           'static int add(int a, int b) { return a + b; }', '']
    cases = {"Core": [], "Limits": [], "Strings": []}
    for k in range(200):
        case = list(cases)[k % 3]
        n = f"test_{case.lower()}_{k:02d}"
        if k == 67:
            body = '    ck_assert_int_eq(add(2, 2), 5);'
        elif k == 113:
            body = '    ck_assert_str_eq("alpha", "alpah");'
        elif k == 152:
            body = '    int *p = NULL;\n    ck_assert_int_eq(*p, 0);'
        else:
            body = f'    ck_assert_int_eq(add({k}, 1), {k + 1});'
        out.append(f"START_TEST({n})\n{{\n{body}\n}}\nEND_TEST\n")
        cases[case].append(n)
    out.append("static Suite *suite(void) {\n    Suite *s = suite_create(\"arith\");")
    for c, ns in cases.items():
        out.append(f"    TCase *tc_{c} = tcase_create(\"{c}\");")
        out += [f"    tcase_add_test(tc_{c}, {n});" for n in ns]
        out.append(f"    suite_add_tcase(s, tc_{c});")
    out.append("    return s;\n}\n")
    out.append("int main(void) {\n    SRunner *sr = srunner_create(suite());\n    srunner_run_all(sr, CK_VERBOSE);\n"
               "    int failed = srunner_ntests_failed(sr);\n    srunner_free(sr);\n    return failed ? EXIT_FAILURE : EXIT_SUCCESS;\n}\n")
    return "\n".join(out)


def iwyu_sources():
    """18 C++ files, most with needless or missing includes, one with a type error."""
    files = {}
    heads = ["<vector>", "<map>", "<string>", "<iostream>", "<algorithm>", "<memory>", "<list>", "<set>"]
    for k in range(18):
        inc = "\n".join(f"#include {h}" for h in heads[k % 3: k % 3 + 4])
        body = f"std::string label_{k}(int x) {{ std::ostringstream o; o << \"item-\" << x; return o.str(); }}\n"
        if k == 6:
            body += "int broken() { std::vector<int> v; return v.no_such_member(); }\n"
        files[f"src/unit{k:02d}.cc"] = f"{inc}\n#include <sstream>\n#include <cstdio>\n\n{body}"
    return files


def smt_problems():
    """An SMT-LIB script of 24 check-sats (bit-vectors and integers), an undeclared symbol at 18."""
    out = ["(set-logic ALL)", "(set-option :produce-models true)"]
    for k in range(24):
        out.append("(push 1)")
        out.append(f"(declare-const a{k} Int)\n(declare-const b{k} Int)\n(declare-const m{k} (_ BitVec 16))")
        if k == 18:
            out.append(f"(assert (> (+ a{k} undeclared_rate) 10))")
        elif k % 5 == 3:
            out.append(f"(assert (and (> a{k} b{k}) (> b{k} a{k})))")
        else:
            out.append(f"(assert (and (> a{k} {k}) (< b{k} (- a{k} 3)) (= m{k} (bvmul #x00{k:02x} #x0003))))")
        out.append("(check-sat)")
        out.append(f"(get-value (a{k} b{k} m{k}))")
        out.append("(pop 1)")
    return "\n".join(out) + "\n"


ASP_ROTA = """% A nurse rota: 8 nurses, 14 days, 3 shifts; everyone works at most 12 shifts.
nurse(1..8). day(1..14). shift(early;late;night).
{ works(N,D,S) : shift(S) } 1 :- nurse(N), day(D).
:- day(D), shift(S), #count { N : works(N,D,S) } < 2.
:- nurse(N), #count { D,S : works(N,D,S) } > 12.
:- works(N,D,night), works(N,D+1,early).
#minimize { 1,N,D : works(N,D,night), works(N,D+1,night) }.
#show works/3.
"""

ASP_SHORT = ASP_ROTA.replace("nurse(1..8)", "nurse(1..3)")

ASP_BAD = """% The same rota, edited by hand.
nurse(1..8). day(1..14). shift(early;late;night).
{ works(N,D,S) : shift(S) } 1 :- nurse(N), day(D).
:- day(D), shift(S), #count { N : works(N,D,S) } < 2
:- nurse(N), holiday(N,D), works(N,D,S).
#show works/3.
"""

ASP_WARN = """% Leave requests reference a predicate nobody defines.
nurse(1..4). day(1..3).
off(N,D) :- leave(N,D), nurse(N).
on(N,D) :- nurse(N), day(D), not off(N,D).
#show on/2.
"""


def scheme_modules():
    """40 CHICKEN Scheme modules; unit 14 calls an unbound procedure, unit 22 has a syntax error."""
    files = {}
    for k in range(40):
        body = f"(define (scale-{k} x) (* x {k + 1}))\n(display (scale-{k} 3))\n(newline)\n"
        if k == 14:
            body += "(define (report) (format-money (scale-14 2)))\n(report)\n"
        if k == 22:
            body += "(define (broken x) (let ((y x)) (+ y 1))\n"
        files[f"scm/unit{k:02d}.scm"] = body
    return files


CHEZ_TESTS = """(define passed 0)
(define failed 0)
(define (check name expected actual)
  (if (equal? expected actual)
      (begin (set! passed (+ passed 1)) (printf "ok ~a~%" name))
      (begin (set! failed (+ failed 1))
             (printf "FAIL ~a: expected ~s, got ~s~%" name expected actual))))
(define (fact n) (if (= n 0) 1 (* n (fact (- n 1)))))
(define (avg . xs) (/ (apply + xs) (length xs)))
(let loop ((k 0))
  (when (< k 220)
    (check (format "fact-~a" k) (fact (mod k 25)) (if (= k 83) (+ 1 (fact (mod k 25))) (fact (mod k 25))))
    (loop (+ k 1))))
(check "avg-1" 2 (avg 1 2 3))
(check "avg-2" 5/2 (avg 2 3))
(printf "~a passed, ~a failed~%" passed failed)
(check "avg-empty" 0 (avg))
(printf "done~%")
"""


def prolog_programs():
    """A family database program for gplc: a syntax error in one clause, a discontiguous
    predicate, singleton variables; and a correct test driver."""
    facts = "\n".join(f"parent(p{k}, p{k + 1})." for k in range(60))
    bad = (facts + "\nancestor(X, Y) :- parent(X, Y).\nsibling(A, B) :- parent(P, A), parent(P, B), A \\== B.\n"
           "ancestor(X, Y) :- parent(X, Z), ancestor(Z, Y).\n"
           "cousin(A, B) :- parent(P, A), parent(Q, B), sibling(P, Q, R).\n"
           "age(p1, 30).\nage(p2 31).\nage(p3, 33).\n")
    good = (facts + "\nancestor(X, Y) :- parent(X, Y).\nancestor(X, Y) :- parent(X, Z), ancestor(Z, Y).\n"
            ":- initialization(main).\n"
            "check(N) :- ( ancestor(p0, N) -> format('ok ~w~n', [N]) ; format('FAIL ~w not reachable~n', [N]) ).\n"
            "main :- forall(between(1, 70, K), (number_codes(K, C), atom_codes(A, C), atom_concat(p, A, N), check(N))), halt(1).\n")
    return {"prolog/family_bad.pl": bad, "prolog/family.pl": good}


def lisp_sources():
    """Common Lisp files for ECL: 40 functions, one with an undefined variable, one calling an
    undefined function, and a load-time error in the middle."""
    out = []
    for k in range(40):
        out.append(f"(defun price-{k} (qty) (* qty {k + 3}))")
        if k == 12:
            out.append("(defun tax-rate (region) (if (eq region :eu) eu-rate 0.1))")
        if k == 25:
            out.append("(defun total (items) (reduce #'+ (mapcar #'line-price items)))")
    good = "\n".join(out) + "\n(format t \"loaded ~a prices~%\" 40)\n"
    runner = "(load \"prices.fas\")\n" + "\n".join(f"(format t \"price-{k} 2 = ~a~%\" (price-{k} 2))" for k in range(40)) \
        + "\n(format t \"total = ~a~%\" (total '(1 2 3)))\n(format t \"not reached~%\")\n"
    return {"lisp/prices.lisp": good, "lisp/run.lisp": runner}


def sml_sources():
    """Standard ML for Poly/ML: 40 value bindings with tests, a type error in one, a raised
    exception in the middle of the run."""
    out = ["fun check (name, want, got) = print ((if want = got then \"ok \" else \"FAIL \") ^ name ^ \"\\n\");"]
    for k in range(40):
        out.append(f"fun area{k} (w, h) = w * h + {k};")
        out.append(f"val () = check (\"area{k}\", {k + 6}, area{k} (2, 3));")
        if k == 17:
            out.append("val label = \"total: \" ^ area3 (1, 1);")
        if k == 29:
            out.append("val () = check (\"head\", 1, hd ([] : int list));")
    return {"sml/areas.sml": "\n".join(out) + "\n"}


def cfn_templates():
    """CloudFormation templates: 25 buckets and queues, with a misspelt property, a bad
    reference, an invalid runtime and a wrong type in the middle; and a clean one."""
    res = []
    for k in range(25):
        res.append(f"  Bucket{k}:\n    Type: AWS::S3::Bucket\n    Properties:\n      BucketName: !Sub 'ledger-{k}-${{AWS::AccountId}}'\n"
                   f"      VersioningConfiguration:\n        Status: Enabled")
        q = f"  Queue{k}:\n    Type: AWS::SQS::Queue\n    Properties:\n      VisibilityTimeout: {30 + k}"
        if k == 8:
            q = q.replace("VisibilityTimeout", "VisibiltyTimeout")
        if k == 14:
            q += "\n      RedrivePolicy:\n        deadLetterTargetArn: !GetAtt DeadLetters.Arn\n        maxReceiveCount: five"
        res.append(q)
    fn = ("  Handler:\n    Type: AWS::Lambda::Function\n    Properties:\n      Runtime: python2.7\n      Handler: app.main\n"
          "      Role: !GetAtt HandlerRole.Arn\n      Code:\n        ZipFile: 'def main(e, c): return 1'\n      Timeout: 1200")
    bad = "AWSTemplateFormatVersion: '2010-09-09'\nResources:\n" + "\n".join(res[:30]) + "\n" + fn + "\n" + "\n".join(res[30:]) + \
        "\nOutputs:\n  First:\n    Value: !Ref Bucket0\n  Missing:\n    Value: !Ref Bucket99\n"
    good = "AWSTemplateFormatVersion: '2010-09-09'\nResources:\n" + "\n".join(res[:6]).replace("VisibiltyTimeout", "VisibilityTimeout") + "\n"
    return {"cfn/stack.yaml": bad, "cfn/small.yaml": good}


PRECOMMIT_CONFIG = """repos:
- repo: local
  hooks:
  - id: no-tabs
    name: no tab characters
    language: pygrep
    entry: "\\t"
    types: [python]
  - id: no-print
    name: no print calls
    language: pygrep
    entry: "^\\\\s*print\\\\("
    types: [python]
  - id: compile
    name: python compiles
    language: system
    entry: python3 -m py_compile
    types: [python]
  - id: json
    name: json parses
    language: system
    entry: python3 -m json.tool --no-ensure-ascii
    types: [json]
  - id: todo-count
    name: report TODOs
    language: system
    entry: grep -c TODO
    pass_filenames: true
    types: [python]
    verbose: true
"""


def precommit_repo():
    """A 30-module Python package with a syntax error, a stray print, a tab and a bad JSON file."""
    files = {".pre-commit-config.yaml": PRECOMMIT_CONFIG}
    for k in range(30):
        body = f"# TODO: cache\n\ndef rate_{k}(x):\n    return x * {k + 1}\n"
        if k == 9:
            body += "\ndef broken(:\n    pass\n"
        if k == 16:
            body += "\nprint(rate_16(2))\n"
        if k == 23:
            body += "\ndef tabbed():\n\treturn 1\n"
        files[f"pkg/mod{k:02d}.py"] = body
    for k in range(6):
        files[f"conf/c{k}.json"] = '{"region": "eu", "shards": %d}\n' % k if k != 3 else '{"region": "eu", "shards": 3,}\n'
    return files


SEMGREP_RULES = """rules:
- id: sql-string-format
  languages: [python]
  severity: ERROR
  message: SQL built with string formatting; use query parameters
  pattern: $CUR.execute("..." % $ARGS)
- id: bare-except
  languages: [python]
  severity: WARNING
  message: bare except hides every error
  pattern: |
    try:
      ...
    except:
      ...
- id: requests-no-timeout
  languages: [python]
  severity: WARNING
  message: HTTP call without a timeout
  pattern: requests.get(...)
- id: debug-enabled
  languages: [python]
  severity: INFO
  message: debug flag left on
  pattern: DEBUG = True
"""

SEMGREP_BROKEN = """rules:
- id: half-written
  languages: [python]
  severity: ERROR
  message: unfinished rule
  pattern: $X.execute(
"""


def semgrep_project():
    """40 Python modules; a few with SQL formatting, bare excepts, calls without timeouts."""
    files = {"rules.yml": SEMGREP_RULES, "broken.yml": SEMGREP_BROKEN}
    for k in range(40):
        body = f"import requests\n\n\ndef fetch_{k}(cur, user):\n    rows = cur.execute(\"SELECT * FROM t{k} WHERE u = ?\", (user,))\n    return rows\n"
        if k in (5, 21, 33):
            body += f"\n\ndef unsafe_{k}(cur, user):\n    return cur.execute(\"SELECT * FROM t{k} WHERE u = '%s'\" % user)\n"
        if k in (12, 27):
            body += "\n\ndef quiet():\n    try:\n        return 1 / 0\n    except:\n        return None\n"
        if k % 9 == 4:
            body += f"\n\ndef ping_{k}():\n    return requests.get('http://127.0.0.1:9/{k}')\n"
        if k == 38:
            body += "\nDEBUG = True\n"
        files[f"app/m{k:02d}.py"] = body
    return files


def notebook():
    """A 30-cell notebook whose 18th cell divides by an empty count."""
    import json
    cells = []
    for k in range(30):
        src = f"rows_{k} = list(range({k + 3}))\nprint('cell {k}', sum(rows_{k}))"
        if k == 17:
            src = "empty = [r for r in rows_16 if r > 100]\nmean = sum(empty) / len(empty)\nprint(mean)"
        cells.append({"cell_type": "code", "metadata": {}, "execution_count": None, "outputs": [], "source": src})
    nb = {"cells": cells, "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}},
          "nbformat": 4, "nbformat_minor": 5}
    return {"report.ipynb": json.dumps(nb, indent=1)}


def haskell_project():
    """A 14-module Haskell program: unused imports and shadowing warnings in several modules, a
    type error in module 9 (GHC stops there)."""
    files = {}
    names = [f"Ledger{k:02d}" for k in range(14)]
    for k, n in enumerate(names):
        body = f"module {n} (amount{k}) where\n\nimport Data.List (sortOn)\nimport qualified Data.Map as M\n\n"
        body += f"amount{k} :: [Int] -> Int\namount{k} xs = let xs' = filter (> {k}) xs in sum xs'\n"
        if k % 4 == 1:
            body += f"\nscaled{k} :: Int -> Int\nscaled{k} x = let x = 3 in x * {k}\n"
        if k == 9:
            body += "\nlabel9 :: Int -> String\nlabel9 n = \"total: \" ++ n\n"
        files[f"src/{n}.hs"] = body
    imports = "\n".join(f"import {n}" for n in names)
    uses = " + ".join(f"amount{k} [1..20]" for k in range(14))
    files["src/Main.hs"] = f"module Main where\n\n{imports}\n\nmain :: IO ()\nmain = print ({uses})\n"
    return files
