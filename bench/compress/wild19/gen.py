#!/usr/bin/env python3
"""Builds the `wild19` corpus: a blind set of real outputs (most of them 200+ lines) of media,
document, geodata, filesystem, disk-image, network, data-store, monitoring, backup and
version-control tools no earlier set holds, recorded before the compressor saw any of it.
Media made on this machine (ffmpeg's and sox's own generators, ImageMagick's), fixtures
(`fixtures.py`) and real inputs of this machine (/usr/share/doc) are run through ffmpeg, sox,
ImageMagick, pdflatex+bibtex, GDAL (ogr2ogr/ogrinfo/gdalinfo), e2fsck, debugfs, fsck.fat,
xfs_repair, qemu-img, parted, nmap, tshark, kdig, etcd+etcdctl, sar/sadf, rsnapshot, unison,
fossil, darcs and brz, with faults put in the middle of each run (a corrupt or truncated input,
an undefined reference, a broken feature, a corrupted image, an overlapping partition, a dead
port, a cut capture, a missing key, a vanished source, a conflicting change) so that they fail or
warn somewhere in the middle. Servers listen on 127.0.0.1 only. Each run's merged stdout+stderr
is recorded unedited (`../blind/record.py`).

    python3 bench/compress/wild19/gen.py WORKDIR OUTDIR [NAME_FILTER]

Needs (Debian 12): ffmpeg, sox, imagemagick, texlive-latex-base, texlive-latex-recommended,
gdal-bin, e2fsprogs, dosfstools, mtools, xfsprogs, qemu-utils, parted, nmap, tshark,
knot-dnsutils, dnsmasq-base, etcd-server, etcd-client, sysstat, rsnapshot, unison, fossil, darcs,
brz.
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


def corrupt(path, at, data):
    """Overwrites bytes of `path` at offset `at` (a fraction of its size when a float)."""
    p = os.path.join(WORK, path)
    size = os.path.getsize(p)
    off = int(size * at) if isinstance(at, float) else at
    with open(p, "r+b") as f:
        f.seek(off)
        f.write(data)


def media():
    os.makedirs(os.path.join(WORK, "media", "small"))
    for i in range(1, 9):
        run(f"ffmpeg -v error -f lavfi -i testsrc=duration=3:size=320x240:rate=25 -f lavfi "
            f"-i sine=frequency={200 + i * 50}:duration=3 -c:v mpeg4 -c:a aac clip{i}.mp4", "media")
    corrupt("media/clip5.mp4", 0.5, bytes(4096))
    run("head -c 30000 clip7.mp4 > c7 && mv c7 clip7.mp4", "media")
    write("media", {"list.txt": "".join(f"file 'clip{i}.mp4'\n" for i in range(1, 9))})
    for i in range(1, 11):
        run(f"sox -n -r 44100 -c 2 take{i:02d}.wav synth 2 sine {300 + i * 40} vol 0.{i % 9 + 1}", "media")
    run("head -c 20 take06.wav > t6 && mv t6 take06.wav", "media")
    for i in range(1, 7):
        run(f"convert -size 200x150 gradient:blue-yellow -fill white -draw 'circle 100,75 {100 + i * 8},75' "
            f"-depth 8 shot{i}.png", "media")
    run("head -c 700 shot4.png > s4 && mv s4 shot4.png", "media")
    for i in range(1, 5):
        run(f"convert -seed {i} -size 400x300 plasma:fractal -quality 90 frame{i}.jpg", "media")
    run("head -c 9000 frame3.jpg > f3 && mv f3 frame3.jpg", "media")


def docs():
    write("tex", {"report.tex": F.latex_report(), "refs.bib": F.bibtex_refs()})
    write("geo", {"depots.geojson": F.geojson(), "broken.geojson": F.geojson(broken=True),
                  "yards.csv": F.depots_csv(), "dem.asc": F.grid_asc()})


def filesystems():
    write("fs/tree", {f"dir{d}/note{i}.txt": f"note {d}.{i}\n" * (i + 1) for d in range(6) for i in range(8)})
    run("mkfs.ext4 -q -F -b 1024 -O ^metadata_csum -d tree ext.img 8M && cp ext.img dbg.img", "fs")
    table = int(subprocess.run(["bash", "-c", "dumpe2fs ext.img 2>/dev/null | grep -m1 'Inode table at' | "
                                "sed 's/.*at \\([0-9]*\\).*/\\1/'"], cwd=os.path.join(WORK, "fs"),
                               capture_output=True, text=True).stdout)
    for k in (14, 19, 23, 31, 40, 47, 52):  # some inodes of the tree's files
        corrupt("fs/ext.img", table * 1024 + (k - 1) * 256 + 4, bytes(range(7, 7 + 40)))
    run("mkfs.vfat -C fat.img 4096 >/dev/null && for d in 0 1 2; do mmd -i fat.img ::/d$d; "
        "for f in tree/dir$d/*; do mcopy -i fat.img $f ::/d$d/; done; done", "fs")
    corrupt("fs/fat.img", 512 * 4 + 8, b"\xf7\xff\xf7\xff\x00\x00")  # first FAT
    corrupt("fs/fat.img", 0x1F000 + 0x20 * 3, b"BADNAME?TXT")  # a root directory entry
    write("fs", {"proto": "boot\n0 0\nd--755 0 0\n" + "".join(
        f"n{i}.txt ---644 0 0 {WORK}/fs/tree/dir{i % 6}/note{i % 8}.txt\n" for i in range(24)) + "$\n"})
    run("mkfs.xfs -q -f -p proto -d file,name=xfs.img,size=320m", "fs")
    corrupt("fs/xfs.img", 0.25, b"XFSB" + bytes(60))  # the second AG's superblock
    corrupt("fs/xfs.img", 512 + 16, bytes(16))  # the AGF's counters
    run("qemu-img create -q -f qcow2 vm.qcow2 64M && qemu-io -c 'write -P 0x5a 0 8M' -c 'write -P 0x33 16M 4M' "
        "vm.qcow2 && cp vm.qcow2 vm-bad.qcow2 && truncate -s 128M disk.img", "fs")
    corrupt("fs/vm-bad.qcow2", 0x20000 + 2, b"\x00\x05")  # a refcount block entry


def network():
    write("net/www", {f"page{i}.html": f"<html><body>page {i}</body></html>\n" for i in range(12)})
    write("net", {"hosts": "".join(f"10.9.0.{i} node{i}.lab.test\n" for i in range(1, 13))})
    os.makedirs(os.path.join(WORK, "sar"))
    os.makedirs(os.path.join(WORK, "home"))
    write("sync/a", {f"d{i % 4}/doc{i}.txt": f"version a {i}\n" for i in range(120)})
    run("cp -a a b && sleep 1 && for i in 3 11 19 42 77 103; do echo changed-a >> a/d$((i % 4))/doc$i.txt; "
        "echo changed-b >> b/d$((i % 4))/doc$i.txt; done && for i in 5 6 7 8; do echo new > b/d1/new$i.txt; done && "
        "rm a/d1/doc25.txt a/d2/doc50.txt && echo grown >> a/d0/doc0.txt", "sync")
    write("snap", {"rsnapshot.conf": F.rsnapshot_conf(os.path.join(WORK, "snap"))})
    os.makedirs(os.path.join(WORK, "snap", "snaps"))
    write("snap/vanished", {f"f{i}.conf": f"k{i}=v\n" for i in range(5)})


def vcs():
    write("vcs", {"seed.txt": "".join(f"line {i} of the ledger\n" for i in range(40))})


def setup():
    if os.path.exists(WORK):
        shutil.rmtree(WORK)
    os.makedirs(WORK)
    media()
    docs()
    filesystems()
    network()
    vcs()
    os.chmod(WORK, 0o755)


def main():
    setup()
    record.record(WORK, OUT, FILTER, record.scenarios(here), [], timeout=300,
                  extra_env={"ETCDCTL_API": "3", "HOME": os.path.join(WORK, "home"),
                             "USER": "ops", "BRZ_EMAIL": "Ops <ops@example.test>", "DARCS_EMAIL": "Ops <ops@example.test>"})


main()
