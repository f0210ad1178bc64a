"""Fixture projects of the `wild29` set (see gen.py): a small C library with tests, an autotools
copy of it, a premake copy, a LaTeX report with a bibliography and an index, a DocBook manual, a
Python package for pdoc, notebooks for nbval, and data for cdo, nco and cs2cs. Faults are put in
the middle of each (a compile error, a failing test, a data race, a broken citation, an undefined
control sequence, a module that fails to import, a failing notebook cell, bad coordinates)."""

NAMES = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india", "juliet",
         "kilo", "lima", "mike", "november"]


def c_module(name, i, broken=False, warn=False):
    """One C source of the library: a few small functions, a warning or an error where asked."""
    body = [f"#include <stdio.h>\n#include <string.h>\n#include <stdlib.h>\n#include \"calc.h\"\n",
            f"/* {name}: part {i} of the calc library */\n",
            f"int {name}_sum(const int *v, int n)\n{{\n    int s = 0;\n    for (int k = 0; k < n; k++)\n        s += v[k];\n    return s;\n}}\n",
            f"double {name}_mean(const int *v, int n)\n{{\n    if (n == 0)\n        return 0.0;\n    return (double){name}_sum(v, n) / n;\n}}\n",
            f"char *{name}_label(int k)\n{{\n    char *buf = malloc(32);\n    if (!buf)\n        return NULL;\n    snprintf(buf, 32, \"{name}-%d\", k);\n    return buf;\n}}\n"]
    if warn:
        body.append(f"int {name}_scan(const char *s, unsigned n)\n{{\n    int unused;\n    for (int k = 0; k < n; k++)\n        if (s[k] == ',')\n            return k;\n    return -1;\n}}\n")
    if broken:
        body.append(f"int {name}_parse(const char *s)\n{{\n    struct token t = next_token(s);\n    return t.kind + undeclared_total;\n}}\n")
    return "".join(body)


def c_header(names):
    return "#ifndef CALC_H\n#define CALC_H\n" + "".join(
        f"int {n}_sum(const int *v, int n);\ndouble {n}_mean(const int *v, int n);\nchar *{n}_label(int k);\n"
        for n in names) + "#endif\n"


def c_project(broken="india", warn=("charlie", "hotel", "lima")):
    """The calc library (14 sources, one that does not compile, three with warnings), a test
    program per module (one fails), a race demo, and a Makefile."""
    files = {"include/calc.h": c_header(NAMES)}
    for i, n in enumerate(NAMES):
        files[f"src/{n}.c"] = c_module(n, i, broken=(n == broken), warn=(n in warn))
        expect = 7 if n == "golf" else 6
        files[f"tests/test_{n}.c"] = (
            f"#include <stdio.h>\n#include <stdlib.h>\n#include \"calc.h\"\nint main(void)\n{{\n"
            f"    int v[] = {{1, 2, 3}};\n    int s = {n}_sum(v, 3);\n    char *l = {n}_label(3);\n"
            f"    printf(\"{n}: sum=%d label=%s\\n\", s, l);\n    free(l);\n"
            f"    if (s != {expect}) {{\n        fprintf(stderr, \"test_{n}.c:9: {n}_sum: expected {expect}, got %d\\n\", s);\n        return 1;\n    }}\n"
            f"    return 0;\n}}\n")
    files["Makefile"] = (
        "CC ?= gcc\nCFLAGS = -O1 -g -Wall -Wextra -Iinclude\nSRCS = $(wildcard src/*.c)\nOBJS = $(SRCS:src/%.c=build/%.o)\n"
        "all: build/libcalc.a\nbuild/%.o: src/%.c\n\t@mkdir -p build\n\t$(CC) $(CFLAGS) -c $< -o $@\n"
        "build/libcalc.a: $(OBJS)\n\tar rcs $@ $^\nclean:\n\trm -rf build\n")
    files["race.c"] = RACE
    return files


RACE = r"""#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static long hits;             /* shared, updated without the lock by worker_b */
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t other = PTHREAD_MUTEX_INITIALIZER;

static void *worker_a(void *arg)
{
    for (int i = 0; i < 200; i++) {
        pthread_mutex_lock(&lock);
        hits++;
        pthread_mutex_unlock(&lock);
    }
    pthread_mutex_lock(&lock);
    pthread_mutex_lock(&other);
    pthread_mutex_unlock(&other);
    pthread_mutex_unlock(&lock);
    return arg;
}

static void *worker_b(void *arg)
{
    for (int i = 0; i < 200; i++)
        hits += 2;
    pthread_mutex_lock(&other);
    pthread_mutex_lock(&lock);
    pthread_mutex_unlock(&lock);
    pthread_mutex_unlock(&other);
    return arg;
}

int main(void)
{
    pthread_t t[4];
    for (int i = 0; i < 4; i++)
        pthread_create(&t[i], NULL, i % 2 ? worker_b : worker_a, NULL);
    for (int i = 0; i < 4; i++)
        pthread_join(t[i], NULL);
    printf("hits=%ld\n", hits);
    return 0;
}
"""


def autotools_project():
    """The calc library as an autotools + libtool package with a TESTS suite (one failure, one
    skip, one expected failure) and a deprecated macro and a GNU-make-only rule for warnings."""
    names = NAMES[:8]
    files = {"include/calc.h": c_header(names)}
    for i, n in enumerate(names):
        files[f"src/{n}.c"] = c_module(n, i)
    files["configure.ac"] = (
        "AC_INIT([calc], [0.4.1], [dev@example.test])\nAC_CONFIG_SRCDIR([src/alpha.c])\n"
        "AC_CONFIG_AUX_DIR([build-aux])\nAC_CONFIG_MACRO_DIR([m4])\nAM_INIT_AUTOMAKE([-Wall foreign subdir-objects])\n"
        "AC_PROG_CC\nAM_PROG_AR\nAM_PROG_LIBTOOL\nAC_CHECK_HEADERS([stdlib.h string.h])\nAC_CHECK_FUNCS([strdup strndup])\n"
        "AC_CONFIG_HEADERS([config.h])\nAC_CONFIG_FILES([Makefile])\nAC_OUTPUT\n")
    tests = [f"tests/t_{n}.sh" for n in names]
    files["Makefile.am"] = (
        "ACLOCAL_AMFLAGS = -I m4\nAM_CPPFLAGS = -I$(srcdir)/include\nlib_LTLIBRARIES = libcalc.la\n"
        "libcalc_la_SOURCES = " + " ".join(f"src/{n}.c" for n in names) + "\n"
        "include_HEADERS = include/calc.h\n"
        "TESTS = " + " ".join(tests) + "\nXFAIL_TESTS = tests/t_echo.sh\nEXTRA_DIST = $(TESTS)\n"
        "VERSION_STAMP = $(shell date +%Y)\n%.txt: %.in\n\tcp $< $@\n")
    for n in names:
        if n == "delta":
            body = "echo 'delta: checking mean of empty input'\necho 'expected 0.0, got nan' >&2\nexit 1\n"
        elif n == "foxtrot":
            body = "echo 'foxtrot: needs /dev/calc, skipping'\nexit 77\n"
        elif n == "echo":
            body = "echo 'echo: known rounding bug'\nexit 1\n"
        else:
            body = f"echo '{n}: sum ok'\necho '{n}: mean ok'\nexit 0\n"
        files[f"tests/t_{n}.sh"] = "#!/bin/sh\n" + body
    return files


PREMAKE = """solution "calc"
   configurations { "debug", "release" }
   location "build"
""" + "".join(f"""
project "{n}"
   kind "StaticLib"
   language "C"
   files {{ "src/{n}.c" }}
   includedirs {{ "include" }}
   flags {{ "ExtraWarnings" }}
""" for n in NAMES) + """
project "tests"
   kind "ConsoleApp"
   language "C"
   files { "tests/test_alpha.c" }
   includedirs { "include" }
   links { "alpha" }
"""

PREMAKE_BROKEN = PREMAKE.replace('project "kilo"', 'project "kilo"\n   kind "SharedLib"\n   configuration "debug"\n      defines { "DEBUG" }\n   configuration {}\n   buildoptions ( "-fPIC" ')


def latex_report():
    """A report of 14 sections with citations (one missing), an index, overfull lines, an
    undefined control sequence in section 8 and a missing figure."""
    secs = []
    for i, n in enumerate(NAMES):
        para = (f"The {n} component computes running sums over integer samples and reports the mean "
                f"of each window \\cite{{{'knuth97' if i % 3 == 0 else 'press07' if i % 3 == 1 else 'kernighan88'}}}. "
                f"\\index{{{n}}}It is configured through the calc.{n}.window setting.\\index{{window!{n}}} ") * 3
        if i == 4:
            para += "See the thresholdsettingsforverylongidentifiersthatcannotbreak\\_andoverflowthelineforsure\\_{}table. "
        if i == 7:
            para += "The result is \\mathbold{x} for every window \\cite{welford62}. "
        if i == 9:
            para += "\\begin{figure}\\centering\\includegraphics[width=0.5\\textwidth]{figures/kilo-plot}\\caption{Kilo}\\end{figure} "
        if i == 11:
            para += "\\index{lima|see{mike}}\\ref{sec:nosuch} and \\index{kilo|)}\\index{mike@@x} "
        secs.append(f"\\section{{The {n} module}}\\label{{sec:{n}}}\n{para}\n\n" + "\\begin{tabular}{lll}\nkey & value & unit\\\\\n"
                    + "".join(f"{n}.w{k} & {k * 16} & samples\\\\\n" for k in range(3)) + "\\end{tabular}\n\n")
    tex = ("\\documentclass{article}\n\\usepackage{graphicx}\n\\usepackage{makeidx}\n\\makeindex\n"
           "\\title{Calc library report}\\author{Lab}\n\\begin{document}\n\\maketitle\n\\tableofcontents\n"
           + "".join(secs) + "\\bibliographystyle{plain}\n\\bibliography{refs}\n\\printindex\n\\end{document}\n")
    bib = """@book{knuth97,
  author = {Donald E. Knuth},
  title = {The Art of Computer Programming, Volume 2},
  publisher = {Addison-Wesley},
  year = {1997}
}
@book{press07,
  author = {William H. Press and Saul A. Teukolsky},
  title = {Numerical Recipes},
  year = {2007}
}
@book{kernighan88,
  author = {Brian W. Kernighan and Dennis M. Ritchie},
  title = {The C Programming Language},
  publisher = {Prentice Hall},
  year = {1988},
  year = {1989}
}
"""
    return {"report.tex": tex, "refs.bib": bib}


def docbook_manual():
    """A DocBook 4.5 manual of 12 chapters; chapter 6 has an element DocBook does not allow and
    chapter 9 a link to an id that does not exist."""
    ch = []
    for i, n in enumerate(NAMES[:12]):
        extra = ""
        if i == 5:
            extra = "<para><bogus>not DocBook</bogus></para>\n"
        if i == 8:
            extra = "<para>See <xref linkend=\"nosuch-chapter\"/>.</para>\n"
        ch.append(f"<chapter id=\"ch-{n}\"><title>The {n} module</title>\n<para>The {n} module sums samples.</para>\n"
                  f"<itemizedlist><listitem><para>{n}_sum</para></listitem><listitem><para>{n}_mean</para></listitem></itemizedlist>\n{extra}</chapter>\n")
    return {"manual.xml": "<?xml version=\"1.0\"?>\n<!DOCTYPE book PUBLIC \"-//OASIS//DTD DocBook XML V4.5//EN\" "
            "\"http://www.oasis-open.org/docbook/xml/4.5/docbookx.dtd\">\n<book><title>Calc manual</title>\n"
            + "".join(ch) + "</book>\n"}


def pdoc_package():
    """A package of 12 modules for pdoc; one raises at import, one has a broken docstring link."""
    files = {"calcpkg/__init__.py": '"""Calc package: running sums and means."""\n'}
    for i, n in enumerate(NAMES[:12]):
        src = f'"""The {n} module: sums and means over samples."""\n\n\ndef {n}_sum(v):\n    """Sum of `v`; see `calcpkg.{n}.{n}_mean`."""\n    return sum(v)\n\n\ndef {n}_mean(v):\n    """Mean of `v`."""\n    return sum(v) / len(v)\n'
        if i == 6:
            src += "\nimport calcpkg._missing_backend  # the optional backend\n"
        if i == 9:
            src += "\n\nclass Window:\n    \"\"\"A window; see `calcpkg.nosuch.Thing` and `Window.resize`.\"\"\"\n\n    def __init__(self, size: 'Undefined[int]'):\n        self.size = size\n"
        files[f"calcpkg/{n}.py"] = src
    return files


def notebook(cells):
    import json
    return json.dumps({"cells": [{"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [],
                                  "source": c} for c in cells],
                       "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
                       "nbformat": 4, "nbformat_minor": 5}, indent=1)


def notebooks():
    """Six notebooks for nbval: one with a cell that raises, one that imports a missing module, one
    whose last cell fails an assertion."""
    good = ["import statistics\nrows = [[i, i * 2.5] for i in range(20)]\nlen(rows)",
            "total = sum(r[1] for r in rows)\nprint(total)",
            "statistics.mean(r[1] for r in rows)"]
    bad = good[:2] + ["rows.append(['x', None])\nsum(r[1] for r in rows)", "print('after')"]
    more = [f"window_{k} = [r[1] for r in rows[{k}:{k} + 5]]\nsum(window_{k})" for k in range(6)]
    return {"nb/analysis.ipynb": notebook(good + more), "nb/cleaning.ipynb": notebook(bad + more[:3]),
            "nb/summary.ipynb": notebook(good + more[:2] + ["import pandas_not_installed"] + more[2:]),
            "nb/plots.ipynb": notebook(good + more), "nb/export.ipynb": notebook(good + more[:4]),
            "nb/windows.ipynb": notebook(good + more + ["assert total == 999, f'total is {total}'"])}


def coords():
    """Geographic points for cs2cs, a few out of range or malformed in the middle."""
    rows = []
    for i in range(60):
        lon, lat = -10 + i * 0.37, 40 + i * 0.21
        if i == 23:
            rows.append("12.5 95.0 visby-bad")
        elif i == 31:
            rows.append("abc 44.1 parse-bad")
        elif i == 40:
            rows.append("200.0 10.0 wrap")
        else:
            rows.append(f"{lon:.4f} {lat:.4f} st{i:03d}")
    return "\n".join(rows) + "\n"


ABI_V1 = """struct window { int size; int step; };
int calc_sum(const int *v, int n) { int s = 0; for (int k = 0; k < n; k++) s += v[k]; return s; }
double calc_mean(const int *v, int n) { return n ? (double)calc_sum(v, n) / n : 0.0; }
int calc_window_size(const struct window *w) { return w->size; }
int calc_legacy_total(int a, int b) { return a + b; }
int calc_version = 1;
"""

ABI_V2 = """struct window { long size; int step; int flags; };
int calc_sum(const int *v, long n) { int s = 0; for (long k = 0; k < n; k++) s += v[k]; return s; }
double calc_mean(const int *v, int n) { return n ? (double)calc_sum(v, n) / n : 0.0; }
int calc_window_size(const struct window *w) { return (int)w->size; }
int calc_window_step(const struct window *w) { return w->step; }
long calc_version = 2;
"""


def temps_cdl():
    """A netCDF file of daily temperatures on a 6x8 grid, 30 days, with one missing-value day."""
    vals = []
    for t in range(30):
        for y in range(6):
            for x in range(8):
                vals.append("-999" if t == 17 else f"{270 + t * 0.3 + y - x * 0.1:.1f}")
    return ("netcdf temps {\ndimensions:\n\ttime = 30 ;\n\tlat = 6 ;\n\tlon = 8 ;\nvariables:\n"
            "\tdouble time(time) ;\n\t\ttime:units = \"days since 2024-01-01\" ;\n\t\ttime:calendar = \"standard\" ;\n"
            "\tfloat lat(lat) ;\n\t\tlat:units = \"degrees_north\" ;\n\tfloat lon(lon) ;\n\t\tlon:units = \"degrees_east\" ;\n"
            "\tfloat tas(time, lat, lon) ;\n\t\ttas:units = \"K\" ;\n\t\ttas:_FillValue = -999.f ;\n"
            "data:\n\ttime = " + ", ".join(str(t) for t in range(30)) + " ;\n"
            "\tlat = 40, 42, 44, 46, 48, 50 ;\n\tlon = 0, 2, 4, 6, 8, 10, 12, 14 ;\n"
            "\ttas = " + ", ".join(vals) + " ;\n}\n")


F2PY_GOOD = """module series
  implicit none
contains
  subroutine running_mean(x, n, w, out)
    integer, intent(in) :: n, w
    real(8), intent(in) :: x(n)
    real(8), intent(out) :: out(n)
    integer :: i, j, unused
    real(8) :: s
    do i = 1, n
      s = 0
      do j = max(1, i - w + 1), i
        s = s + x(j)
      end do
      out(i) = s / min(i, w)
    end do
  end subroutine
  subroutine scale(x, n, f)
    integer, intent(in) :: n
    real(8), intent(inout) :: x(n)
    real(8), intent(in) :: f
    x = x * f
  end subroutine
  function total(x, n) result(t)
    integer, intent(in) :: n
    real(8), intent(in) :: x(n)
    real(8) :: t
    t = sum(x)
  end function
end module
"""

F2PY_BAD = """module stats
  implicit none
contains
  subroutine variance(x, n, v)
    integer, intent(in) :: n
    real(8), intent(in) :: x(n)
    real(8), intent(out) :: v
    real(8) :: m
    m = sum(x) / n
    v = sum((x - m) ** 2) / (n - 1)
  end subroutine
  subroutine bad_total(x, n, t)
    integer, intent(in) :: n
    real(8), intent(in) :: x(n)
    real(8), intent(out) :: t
    t = sum(x) + undeclared_bias
  end subroutine
end module
"""


def conan_project(broken):
    """The calc library as a Conan 2 package built with CMake, with a test_package; `broken` adds
    the source that does not compile."""
    names = NAMES[:10]
    files = {"include/calc.h": c_header(names)}
    for i, n in enumerate(names):
        files[f"src/{n}.c"] = c_module(n, i, broken=(broken and n == "golf"), warn=(n in ("charlie", "hotel")))
    files["CMakeLists.txt"] = ("cmake_minimum_required(VERSION 3.15)\nproject(calc C)\n"
                               "add_library(calc " + " ".join(f"src/{n}.c" for n in names) + ")\n"
                               "target_include_directories(calc PUBLIC include)\ntarget_compile_options(calc PRIVATE -Wall -Wextra)\n"
                               "set_target_properties(calc PROPERTIES PUBLIC_HEADER include/calc.h)\ninstall(TARGETS calc)\n")
    files["conanfile.py"] = ("from conan import ConanFile\nfrom conan.tools.cmake import CMake, cmake_layout\n\n\n"
                             "class CalcConan(ConanFile):\n    name = \"calc\"\n    version = \"0.4.1\"\n"
                             "    settings = \"os\", \"compiler\", \"build_type\", \"arch\"\n    generators = \"CMakeToolchain\"\n"
                             "    exports_sources = \"CMakeLists.txt\", \"src/*\", \"include/*\"\n\n"
                             "    def layout(self):\n        cmake_layout(self)\n\n"
                             "    def build(self):\n        cmake = CMake(self)\n        cmake.configure()\n        cmake.build(cli_args=[\"--verbose\"])\n\n"
                             "    def package(self):\n        CMake(self).install()\n\n"
                             "    def package_info(self):\n        self.cpp_info.libs = [\"calc\"]\n")
    files["test_package/conanfile.py"] = (
        "import os\nfrom conan import ConanFile\nfrom conan.tools.cmake import CMake, cmake_layout\n\n\n"
        "class TestCalc(ConanFile):\n    settings = \"os\", \"compiler\", \"build_type\", \"arch\"\n"
        "    generators = \"CMakeDeps\", \"CMakeToolchain\"\n\n    def requirements(self):\n        self.requires(self.tested_reference_str)\n\n"
        "    def layout(self):\n        cmake_layout(self)\n\n    def build(self):\n        cmake = CMake(self)\n        cmake.configure()\n        cmake.build()\n\n"
        "    def test(self):\n        self.run(os.path.join(self.cpp.build.bindir, \"example\"), env=\"conanrun\")\n")
    files["test_package/CMakeLists.txt"] = ("cmake_minimum_required(VERSION 3.15)\nproject(example C)\nfind_package(calc CONFIG REQUIRED)\n"
                                            "add_executable(example example.c)\ntarget_link_libraries(example calc::calc)\n")
    files["test_package/example.c"] = (
        "#include <stdio.h>\n#include <stdlib.h>\n#include \"calc.h\"\nint main(void)\n{\n    int v[] = {1, 2, 3, 4};\n"
        "    double m = alpha_mean(v, 4);\n    printf(\"alpha_mean = %.2f\\n\", m);\n    if (m != 2.0) {\n"
        "        fprintf(stderr, \"example.c:10: alpha_mean: expected 2.00, got %.2f\\n\", m);\n        return 3;\n    }\n    return 0;\n}\n")
    return files


GROW = r"""#include <stdlib.h>
#include <string.h>
#include <stdio.h>

struct window { double *samples; size_t size; };

static struct window *window_new(size_t size)
{
    struct window *w = malloc(sizeof *w);
    w->samples = calloc(size, sizeof(double));
    w->size = size;
    return w;
}

static char *label_for(int k)
{
    char *buf = malloc(64);
    snprintf(buf, 64, "window-%d", k);
    return buf;
}

int main(void)
{
    struct window *keep[400];
    for (int k = 0; k < 400; k++) {
        keep[k] = window_new(64 + k * 8);
        char *l = label_for(k);
        if (k % 3)
            free(l);   /* every third label leaks */
        if (k % 50 == 49)
            for (int j = k - 49; j < k - 10; j++) {
                free(keep[j]->samples);
                keep[j]->samples = NULL;
            }
    }
    printf("built %d windows\n", 400);
    return 0;
}
"""
