#!/usr/bin/env python3
"""Builds the `wild14` corpus: a blind set of real outputs (most of them 200+ lines) from tools or
modes that no earlier set holds, recorded before the compressor saw any of it. Real inputs of this
machine (Mozilla's CA certificates, Ant's jars, Debian's changelogs, Perl's core modules, Debian's
archive keyring and an apt InRelease, brotli's C sources, /etc/services, toolz of wild8's sdists)
and small fixtures (`fixtures.py`) are run through aws, keytool, jarsigner, jcmd, jdeprscan, jshell,
gzip -t, perl -wc, node --prof-process, comm, gpg, clang -Rpass, pmap, diff3, ssh-keygen and
sqlite3's checks, with a fault put in the middle of each run (a truncated or corrupted archive, a
tampered jar or signature, a removed brace, an unsorted block, a wrong index) so that they fail or
warn somewhere in the middle. Each run's merged stdout+stderr is recorded unedited
(`../blind/record.py`).

    python3 bench/compress/wild14/gen.py WORKDIR OUTDIR [NAME_FILTER]

Needs: SDIST_DIR with the unpacked sdists (as wild8's gen.py: toolz, brotli); openjdk 17, node,
awscli, gnupg, clang, valgrind-free procps (pmap), diffutils, openssh-client, sqlite3, perl.
"""
import glob, os, shutil, subprocess, sys, zipfile

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, "..", "blind"))
import fixtures
import record

WORK, OUT, FILTER = record.args()
SDIST = os.environ.get("SDIST_DIR", "/tmp/w8/src")
PERL = "/usr/share/perl/5.36"


def run(cmd, cwd="."):
    subprocess.run(["bash", "-c", cmd], cwd=os.path.join(WORK, cwd), check=True, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL)


def sub(path, old, new):
    """Puts a fault in: the first OLD of WORK/path becomes NEW (OLD must be there)."""
    record.patch(WORK, [(path, old, new)])


def jars():
    os.makedirs(os.path.join(WORK, "jar"))
    shutil.copy("/usr/share/java/ant-commons-net.jar", os.path.join(WORK, "jar", "unsigned.jar"))
    run("keytool -genkeypair -keystore ks.jks -storepass secret1 -keypass secret1 -alias dev -dname 'CN=dev, O=Ledger' "
        "-keyalg RSA -keysize 2048 -validity 30 && cp unsigned.jar plain.jar && "
        "jarsigner -keystore ks.jks -storepass secret1 -signedjar signed.jar plain.jar dev && cp signed.jar broken.jar", "jar")
    # signed.jar: an entry added after signing (unsigned); broken.jar: one signed class changed
    with zipfile.ZipFile(os.path.join(WORK, "jar", "signed.jar"), "a") as z:
        z.writestr("org/apache/tools/ant/taskdefs/optional/net/README.txt", "added after signing\n")
    src = zipfile.ZipFile(os.path.join(WORK, "jar", "broken.jar"))
    with zipfile.ZipFile(os.path.join(WORK, "jar", "tampered.jar"), "w", zipfile.ZIP_DEFLATED) as z:
        for info in src.infolist():
            data = src.read(info)
            if info.filename.endswith("net/FTP$FTPFileProxy.class"):
                data = data[:200] + bytes([data[200] ^ 1]) + data[201:]
            z.writestr(info, data)
    os.remove(os.path.join(WORK, "jar", "broken.jar"))
    # keytool: a trust store of the first 110 of Mozilla's CA certificates (Debian's ca-certificates)
    for crt in sorted(glob.glob("/usr/share/ca-certificates/mozilla/*.crt"))[:110]:
        alias = os.path.basename(crt)[:-4].lower()
        run(f"keytool -importcert -noprompt -keystore trust.p12 -storepass changeit -alias '{alias}' -file '{crt}'", "jar")


def setup():
    if os.path.exists(WORK):
        shutil.rmtree(WORK)
    os.makedirs(WORK)
    record.write(WORK, "java", {"Idle.java": fixtures.IDLE_JAVA, "ledger.jsh": fixtures.LEDGER_JSH})
    run("javac Idle.java", "java")
    jars()
    # gzip -t: 240 of Debian's changelogs, one cut short, one with a byte changed
    os.makedirs(os.path.join(WORK, "gz"))
    logs = sorted(glob.glob("/usr/share/doc/*/changelog.Debian.gz"))[:240]
    for p in logs:
        shutil.copy(p, os.path.join(WORK, "gz", p.split("/")[4] + ".changelog.gz"))
    names = sorted(os.listdir(os.path.join(WORK, "gz")))
    cut = os.path.join(WORK, "gz", names[97])
    data = open(cut, "rb").read()
    open(cut, "wb").write(data[: len(data) * 2 // 3])
    bad = os.path.join(WORK, "gz", names[171])
    data = bytearray(open(bad, "rb").read())
    data[len(data) // 2] ^= 0x10
    open(bad, "wb").write(bytes(data))
    # perl -wc: Perl's core modules, a copy of Text/Wrap.pm with a brace removed among them
    os.makedirs(os.path.join(WORK, "perl", "mods"))
    mods = sorted(glob.glob(PERL + "/*.pm") + glob.glob(PERL + "/*/*.pm"))[:230]
    shutil.copy(PERL + "/Text/Wrap.pm", os.path.join(WORK, "perl", "mods", "Wrap.pm"))
    sub("perl/mods/Wrap.pm", "\t\t} else {\n", "\t\t else {\n")
    mods.insert(140, "mods/Wrap.pm")
    open(os.path.join(WORK, "perl", "list.txt"), "w").write("\n".join(mods) + "\n")
    record.write(WORK, "node", {"walk.js": fixtures.WALK_JS})
    # comm: the TCP and UDP service names of /etc/services, the UDP list with a block moved
    os.makedirs(os.path.join(WORK, "comm"))
    tcp, udp = set(), set()
    for l in open("/etc/services"):
        f = l.split("#")[0].split()
        if len(f) >= 2:
            (tcp if f[1].endswith("/tcp") else udp).add(f[0])
    t, u = sorted(tcp), sorted(udp)
    k = len(u) * 3 // 4
    u = u[:k] + u[k + 20:k + 30] + u[k:k + 20] + u[k + 30:]
    open(os.path.join(WORK, "comm", "tcp.txt"), "w").write("\n".join(t) + "\n")
    open(os.path.join(WORK, "comm", "udp.txt"), "w").write("\n".join(u) + "\n")
    # gpg: bookworm's InRelease, and a copy with one hash changed
    os.makedirs(os.path.join(WORK, "gpg", "home"), mode=0o700)
    rel = open("/var/lib/apt/lists/deb.debian.org_debian_dists_bookworm-updates_InRelease").read()
    open(os.path.join(WORK, "gpg", "InRelease"), "w").write(rel)
    i = rel.index(" ", rel.index("SHA256:") + 10) - 1
    open(os.path.join(WORK, "gpg", "InRelease.bad"), "w").write(rel[:i] + ("0" if rel[i] != "0" else "1") + rel[i + 1:])
    # clang: brotli's decoder and histogram sources, a copy of its encoder's fast path with an error
    os.makedirs(os.path.join(WORK, "c"))
    b = os.path.join(SDIST, "brotli-1.2.1", "c")
    shutil.copytree(b, os.path.join(WORK, "c", "b"))
    run("cp b/enc/compress_fragment.c b/enc/broken_fragment.c", "c")
    sub("c/b/enc/broken_fragment.c", "  } else {\n", "  } els {\n")
    record.write(WORK, "db", {"shop.sql": fixtures.SHOP_SQL})
    run("sqlite3 shop.db < shop.sql", "db")
    # diff3: toolz's itertoolz.py, two edits of it that meet in one function
    os.makedirs(os.path.join(WORK, "merge"))
    base = open(os.path.join(SDIST, "toolz-1.2.0", "toolz", "itertoolz.py")).read()
    open(os.path.join(WORK, "merge", "base.py"), "w").write(base)
    mine = base.replace("def remove(", "def remove_items(").replace("    seen = set()\n", "    seen = set()  # hashable only\n", 1)
    theirs = base.replace("def interleave(", "def weave(").replace("    seen = set()\n", "    seen = {}\n", 1)
    open(os.path.join(WORK, "merge", "mine.py"), "w").write(mine)
    open(os.path.join(WORK, "merge", "theirs.py"), "w").write(theirs)
    # ssh-keygen: three public keys, a known_hosts of them, a cut public key, a key with a passphrase
    os.makedirs(os.path.join(WORK, "keys"))
    run("ssh-keygen -q -t ed25519 -N '' -C dev@ledger -f id_ed25519 && ssh-keygen -q -t ecdsa -N '' -C ci@ledger -f id_ecdsa && "
        "ssh-keygen -q -t rsa -b 2048 -N s3cret -C ops@ledger -f id_rsa_enc && "
        "for k in id_ed25519 id_ecdsa id_rsa_enc; do echo \"host-$k,10.0.0.$RANDOM $(cut -d' ' -f1,2 $k.pub)\"; done > known_hosts && "
        "head -c 60 id_ecdsa.pub > broken.pub", "keys")
    os.chmod(WORK, 0o755)


def main():
    setup()
    record.record(WORK, OUT, FILTER, record.scenarios(here), [], timeout=300)


main()
