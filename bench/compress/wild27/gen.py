#!/usr/bin/env python3
"""Builds the `wild27` corpus: a blind set of real outputs (most of them 200+ lines) of system
administration tools and less common language toolchains no earlier set holds, recorded before the
compressor saw any of it. Fixtures (`fixtures.py`) are run through useradd/usermod, pwck/grpck,
systemd-tmpfiles, systemd-sysusers, apparmor_parser, aureport, ausearch, run-parts, apt-get,
ldconfig, setfacl, iptables-restore, crystal, ldc2, dub, rebar3, ct_run, racket, dune, cabal,
clojure and scalac, with faults put in the middle of each run (bad rows in an /etc tree and in
tmpfiles/sysusers snippets, a profile syntax error, failed logins in an audit log, a failing cron
job, a package with a missing dependency, a truncated library, a bad ACL entry, a bad firewall
rule, failing unit tests, type errors, warnings). Nothing touches the machine's own /etc: account
tools run with a prefix or a chroot of a fixture tree, apt-get only simulates. Each run's merged
stdout+stderr is recorded unedited (`../blind/record.py`).

    python3 bench/compress/wild27/gen.py WORKDIR OUTDIR [NAME_FILTER]

Needs (Debian 12): passwd, systemd, apparmor, auditd, debianutils, apt, libc-bin, acl, iptables,
crystal, ldc, dub, rebar3, erlang-common-test, erlang-eunit, racket, ocaml-dune, ocaml-nox,
cabal-install, ghc, clojure, scala.
"""
import os, shutil, subprocess, sys

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, "..", "blind"))
import fixtures as F
import record

WORK, OUT, FILTER = record.args()


def run(cmd, cwd="."):
    subprocess.run(["bash", "-c", cmd], cwd=os.path.join(WORK, cwd), check=True, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL)


def write(proj, files, subst_root=False):
    return record.write(WORK, proj, files, subst_root)


def accounts():
    write("accounts/root", F.etc_tree())
    write("accounts", F.onboard_script())
    write("pwck/root", F.etc_tree(broken=True))
    root = os.path.join(WORK, "pwck", "root")
    for d in ["bin", "usr/sbin", "root", "dev", "usr/bin"]:
        os.makedirs(os.path.join(root, d), exist_ok=True)
    for exe in ["bin/bash", "bin/sh", "usr/sbin/nologin"]:
        open(os.path.join(root, exe), "w").close()
        os.chmod(os.path.join(root, exe), 0o755)
    # home directories for all but the last ten accounts
    homes = [l.split(":")[5] for l in open(os.path.join(root, "etc", "passwd")) if l.count(":") >= 6]
    for h in [h for h in homes if h.startswith("/home/")][:-10]:
        os.makedirs(root + h, exist_ok=True)
    write("systemd/root/etc", F.tmpfiles_confs())
    write("systemd/root/etc", F.sysusers_confs())


def security():
    write("apparmor", F.apparmor_profiles())
    write("audit", F.audit_log())
    write("cron", F.cron_daily())
    run("chmod +x cron.daily/*; chmod -x cron.daily/55quota", "cron")
    write("apt", F.deb_packages())
    run("for d in debs/*/; do dpkg-deb --build \"$d\"; done", "apt")
    ld = os.path.join(WORK, "ld")
    write("ld", F.ld_conf(ld))
    run("cp /usr/lib/x86_64-linux-gnu/libz.so.1 opt/plugins/libz-old.so.1; truncate -s 100 opt/plugins/libz-old.so.1", "ld")
    write("acl", F.acl_dump())
    write("fw", F.fw_rules())


def toolchains():
    write("crystal", F.crystal_project())
    write("dlang", F.d_project())
    write("erlang", F.erlang_app())
    write("racket", F.racket_project())
    write("ocaml", F.ocaml_project())
    write("haskell", F.cabal_project())
    write("home", {".cabal/config": "jobs: 1\n"})  # no repository: cabal builds offline
    write("clojure", F.clojure_project())
    write("scala", F.scala_project())


def setup():
    if os.path.exists(WORK):
        shutil.rmtree(WORK)
    os.makedirs(os.path.join(WORK, "home"))
    accounts()
    security()
    toolchains()
    os.chmod(WORK, 0o755)


def main():
    setup()
    record.record(WORK, OUT, FILTER, record.scenarios(here), [], timeout=600,
                  extra_env={"HOME": os.path.join(WORK, "home"), "USER": "ops"})


main()
