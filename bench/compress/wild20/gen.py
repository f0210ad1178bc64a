#!/usr/bin/env python3
"""Builds the `wild20` corpus: a blind set of real outputs (most of them 200+ lines) of package
managers and dependency resolvers, documentation generators, database migration tools, config
validators and secret scanners no earlier set holds, recorded before the compressor saw any of it.
Fixtures (`fixtures.py`) are run through yarn, pnpm, poetry, pdm, uv, pipenv, bundler, javadoc,
typedoc, asciidoctor, makeinfo, yoyo, typeorm, detect-secrets, truffleHog, cfn-lint,
kubernetes-validate, yamale, dotenv-linter and taplo, with faults put in the middle of each run (a
missing local package, a version that does not exist, a conflicting constraint, a broken doc tag,
a missing include, a failing migration, a planted fake key, an invalid manifest or config) so
that they fail or warn somewhere in the middle. Registries (npm, PyPI, RubyGems) are the only
network used. Each run's merged stdout+stderr is recorded unedited (`../blind/record.py`).

    python3 bench/compress/wild20/gen.py WORKDIR OUTDIR [NAME_FILTER]

Needs (Debian 12): node/npm (npm i -g yarn pnpm typedoc typescript typeorm sql.js @taplo/cli),
pip (poetry pdm uv pipenv detect-secrets truffleHog yoyo-migrations cfn-lint kubernetes-validate
yamale dotenv-linter), ruby (bundler), openjdk 17 (javadoc), texinfo, asciidoctor, git.
"""
import os, subprocess, sys

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, "..", "blind"))
import fixtures as F
import record

WORK, OUT, FILTER = record.args()


def run(cmd, cwd="."):
    subprocess.run(["bash", "-c", cmd], cwd=os.path.join(WORK, cwd), check=True, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL)


def write(proj, files):
    return record.write(WORK, proj, files)


def packages():
    write("yarnp/app", F.yarn_project())
    write("pnpmw", F.pnpm_workspace())
    write("poetryp", {"pyproject.toml": F.py_project("poetry", ["pydantic<2", "pydantic-settings>=2.0"])})
    write("pdmp", {"pyproject.toml": F.py_project("pdm", ["flask>=3.0", "werkzeug<2.0"])})
    write("uvp", {"pyproject.toml": F.py_project("uv", ["numpy<1.20", "pandas>=2.1"]),
                  "req-ok.txt": "requests\nclick\nattrs\ntabulate\nrich\njinja2\n",
                  "req-bad.txt": "flask>=3.0\nwerkzeug<2.0\nnosuchpkg-ledger-zz==1.0\n"})
    write("pipenvp", {"Pipfile": "[[source]]\nurl = \"https://pypi.org/simple\"\nverify_ssl = true\nname = \"pypi\"\n\n"
                                 "[packages]\nrequests = \">=2.28\"\nclick = \"*\"\nflask = \">=3.0\"\n"
                                 "werkzeug = \"<2.0\"\n\n[requires]\npython_version = \"3\"\n"})
    gems = {}
    for name, ver, deps in [("ledger_core", "1.4.2", []), ("ledger_io", "0.9.1", [("ledger_core", "~> 1.4")]),
                            ("ledger_report", "2.0.0", [("ledger_core", "~> 2.0"), ("ledger_io", ">= 0.9")]),
                            ("ledger_cli", "0.3.0", [("ledger_io", "~> 0.9")])]:
        dl = "".join(f"  s.add_dependency '{d}', '{v}'\n" for d, v in deps)
        gems[f"vendor/{name}/{name}.gemspec"] = (f"Gem::Specification.new do |s|\n  s.name = '{name}'\n  s.version = '{ver}'\n"
                                                 f"  s.summary = '{name}'\n  s.authors = ['ops']\n  s.files = []\n{dl}end\n")
    ok = "".join(f"gem '{n}', path: 'vendor/{n}'\n" for n in ("ledger_core", "ledger_io", "ledger_cli"))
    gems["ok/Gemfile"] = ok.replace("vendor/", "../vendor/")
    gems["Gemfile"] = ok + "gem 'ledger_report', path: 'vendor/ledger_report'\n"
    gems["missing/Gemfile"] = ok.replace("vendor/", "../vendor/") + "gem 'ledger_geo', path: '../vendor/ledger_geo'\n"
    write("bundlep", gems)


def docs():
    write("javadocp", F.java_sources())
    write("typedocp", F.ts_sources())
    write("adoc", F.asciidoc_book())
    write("texi", {"ledger.texi": F.texinfo_manual()})


def stores():
    write("yoyop", F.yoyo_migrations())
    write("typeormp", F.typeorm_project())


def validators():
    write("secrets", F.secrets_repo())
    run("git init -q . && git add . && git -c user.name=ops -c user.email=ops@example.test commit -qm initial", "secrets")
    write("secrets", {"conf/svc30.ini": "# service 30\ntoken = ghp_R7c2Kx9Lm4Pq8Vz1Tb6Nw3Yh5Sd0Fg2Ja7E\n"})
    run("git add . && git -c user.name=ops -c user.email=ops@example.test commit -qm 'svc30 token'", "secrets")
    write("cfn", F.cfn_templates())
    write("k8s", F.k8s_manifests())
    write("yamalep", F.yamale_configs())
    write("dotenv", F.dotenv_files())
    write("tomlp", F.toml_files())


def main():
    packages()
    docs()
    stores()
    validators()
    os.makedirs(os.path.join(WORK, "home"), exist_ok=True)
    npm_root = subprocess.run(["npm", "root", "-g"], stdout=subprocess.PIPE, text=True, check=True).stdout.strip()
    record.record(WORK, OUT, FILTER, record.scenarios(here), [], timeout=300,
                  extra_env={"NODE_PATH": npm_root, "HOME": os.path.join(WORK, "home"),
                             "PIPENV_VENV_IN_PROJECT": "1", "CI": "1"})


main()
