#!/usr/bin/env python3
"""Builds the `wild17` corpus: a blind set of real outputs (most of them 200+ lines) of hardware
and solver toolchains, configuration and packaging checkers, backup tools, site builders and test
runners of languages no earlier set holds, recorded before the compressor saw any of it. Small
fixtures (`fixtures.py`) and real inputs of this machine (/usr/share/doc, Debian's FreeRADIUS
config) are run through yosys, verilator, ghdl, cbc, ngspice, minizinc, lintian, puppet, testparm,
freeradius -XC, icinga2 daemon -C, rkhunter, borg, restic, linkchecker, aria2c, hugo, pandoc,
busted and raco test, with faults put in the middle of each run (a doubly driven net, a failing
assertion, an infeasible demand, a missing directory, a bad client address, a missing check
command, a dead link or port, a missing shortcode, a failing test) so that they fail or warn
somewhere in the middle. Servers listen on 127.0.0.1 only. Each run's merged stdout+stderr is
recorded unedited (`../blind/record.py`).

    python3 bench/compress/wild17/gen.py WORKDIR OUTDIR [NAME_FILTER]

Needs (Debian 12): yosys, verilator, ghdl, coinor-cbc, ngspice, minizinc, lintian, puppet,
samba-common-bin, freeradius, icinga2, rkhunter, borgbackup, restic, linkchecker, aria2, hugo,
pandoc, lua-busted, racket.
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


def write(proj, files):
    return record.write(WORK, proj, files)


def hdl():
    write("hdl", {"good.v": F.verilog_design(faults=False), "bad.v": F.verilog_design(),
                  "broken.v": F.VERILOG_SYNTAX_BAD, "adder.vhd": F.VHDL_ADDER, "tb.vhd": F.VHDL_TB,
                  "rc.cir": F.SPICE_RC, "good.cir": F.SPICE_GOOD})


def solvers():
    write("opt", {"transport.lp": F.lp_model(), "short.lp": F.lp_model(infeasible=True), "rota.mzn": F.MZN_SHIFTS,
                  "rota.dzn": "n = 12; days = 14; cap = 6; need = [4, 5, 5, 6, 4, 3, 2, 4, 5, 5, 6, 4, 3, 2];\n",
                  "short.dzn": "n = 6; days = 14; cap = 3; need = [4, 5, 5, 6, 4, 3, 2, 4, 5, 5, 6, 4, 3, 2];\n",
                  "queens.mzn": F.MZN_BAD})


def debs():
    write("deb/ledgerctl", {"DEBIAN/control": F.DEB_CONTROL, "usr/bin/ledgerctl": "#!/bin/sh\necho ledger\n",
                            "etc/ledgerctl/ledger.conf": "x=1\n", "usr/share/doc/ledgerctl/changelog": "changes\n"})
    write("deb/ledgerfmt", {"DEBIAN/control": F.DEB_CONTROL_OK, "usr/bin/ledgerfmt": "#!/bin/sh\necho fmt\n",
                            "usr/share/doc/ledgerfmt/copyright": "Copyright 2026 Ledger Ops\nLicense: MIT\n"})
    run("chmod 755 ledgerctl/usr/bin/ledgerctl ledgerfmt/usr/bin/ledgerfmt && "
        "dpkg-deb --root-owner-group -b ledgerctl ledgerctl_0.3-1_all.deb && "
        "dpkg-deb --root-owner-group -b ledgerfmt ledgerfmt_1.0-1_all.deb", "deb")


def configs():
    write("pup", {"site.pp": F.puppet_site(WORK), "bad.pp": F.PUPPET_BAD})
    write("smb", {"smb.conf": F.smb_conf()})
    write("icinga", F.icinga_conf())
    for name in ("radius_bad", "radius_good"):
        run(f"cp -a /etc/freeradius/3.0 {name}")
    with open(os.path.join(WORK, "radius_bad", "clients.conf"), "a") as f:
        f.write(F.RADIUS_CLIENTS)


def web():
    write("site", F.site())
    write("dl", {"urls.txt": F.download_list()})
    write("hugo", F.hugo_site())
    write("book", {"handbook.md": F.handbook()})


def tests():
    write("busted", F.busted_spec())
    write("racket", {"ledger-test.rkt": F.racket_tests()})
    os.makedirs(os.path.join(WORK, "backup"))


def setup():
    if os.path.exists(WORK):
        shutil.rmtree(WORK)
    os.makedirs(WORK)
    hdl()
    solvers()
    debs()
    configs()
    web()
    tests()
    os.chmod(WORK, 0o755)


def main():
    setup()
    record.record(WORK, OUT, FILTER, record.scenarios(here), [], timeout=300,
                  extra_env={"BORG_PASSPHRASE": "s3cret", "RESTIC_PASSWORD": "s3cret",
                             "BORG_UNKNOWN_UNENCRYPTED_REPO_ACCESS_IS_OK": "yes"})


main()
