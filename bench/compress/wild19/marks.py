#!/usr/bin/env python3
"""The hand-chosen anchor lines of the `wild19` logs (procedure in the corpus README: wild8's to
wild17's), chosen while reading each log top to bottom, never looking at the compressor. Lines are
marked by pattern (line numbers found by pattern, so a regenerated log is labelled alike). Writes
labels/NAME.txt (KIND<TAB>line verbatim); then run `bench/compress/blind/labels.py --in-order` on
the set.

    python3 bench/compress/wild19/marks.py
"""
import os, re, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "blind"))
from logtext import Marks, shape
D = os.environ.get("WILD19_DIR") or os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..",
                                                 "crates", "observe", "tests", "data", "wild19")
M = Marks(D)
lines, add, find, every = M.lines, M.add, M.find, M.every
once_each = M.once_each
once = M.once


def no_addr(l):
    return shape(re.sub(r"^\[\w+ @ 0x[0-9a-f]+\] |^[\w.]+\.(mp4|txt): ", "", l))


# ffmpeg: the corrupt clip's decoder errors (each shape once: `Error at MB`, the undecodable
# stream, `corrupt decoded frame`), the truncated clip's `moov atom not found` and `Invalid data`;
# in the concat run, its own verdicts naming the playlist and the clip it could not open; the last
# run's totals (`video:… audio:…`).
n = "ffmpeg_playlist"
c = find(n, r"^\[concat @ |^Input #0, concat")
once_each(n, r"Error at MB|Error while decoding stream|corrupt decoded frame|moov atom not found|"
             r"Invalid data found when processing input$", "error", key=no_addr, end=c)
add(n, "error", every(n, r"^list\.txt: |Impossible to open"))
add(n, "summary", [every(n, r"^video:\d+kB audio:")[-1]])

# sox: each effect's clipping warning once (the takes differ in counts), the unreadable take's
# FAIL (the per-take run and the final mix each stop on it).
n = "sox_takes"
once_each(n, r"^sox WARN ", "warning", key=lambda l: l.split(":")[0])
add(n, "error", every(n, r"^sox FAIL "))

# ImageMagick: the truncated JPEG's two warnings (identify's; convert repeats them word for word),
# convert's error for the truncated PNG.
n = "imagemagick_shots"
add(n, "warning", every(n, r"^identify.*: (Premature end|Corrupt JPEG)"))
add(n, "error", every(n, r"^convert: no images defined"))

# pdflatex + bibtex: the first run's first undefined citation and reference (the first pass
# reports every one), the overfull box and the undefined control sequence with its `l.N` line
# (the later runs repeat them), bibtex's warnings and count, and the last run's remaining
# undefined reference and citation, its verdict and `Output written`.
n = "pdflatex_report"
runs = every(n, r"^This is pdfTeX")
once(n, r"^LaTeX Warning: Citation .* undefined", "warning")
once(n, r"^LaTeX Warning: Reference .* undefined", "warning")
once(n, r"^Overfull \\hbox", "warning")
e = find(n, r"^! Undefined control sequence")
add(n, "error", [e, e + 1])
add(n, "warning", every(n, r"^Warning--"))
add(n, "summary", every(n, r"^\(There were \d+ warnings\)"))
once_each(n, r"^LaTeX Warning: (Citation|Reference) .* undefined", "warning", key=lambda l: l, start=runs[-1])
add(n, "summary", [find(n, r"^LaTeX Warning: There were undefined references", runs[-1])])
add(n, "summary", [every(n, r"^Output written on report\.pdf")[-1]])

# GDAL: the append's warning, errors, FAILURE and the datasource it names; gdalinfo's errors.
n = "gdal_depots"
add(n, "warning", every(n, r"^Warning \d+: "))
add(n, "error", every(n, r"^ERROR \d+: |^FAILURE:|^Unable to open datasource|^gdalinfo failed"))

# e2fsck: each problem of pass 1 once (seven inodes repeat them), the multiply-claimed blocks'
# first lines, the count of inodes, the first file's report, pass 4's ref count once, the verdict.
n = "e2fsck_image"
once_each(n, r"^Inode \d+\b|^Illegal block|^Multiply-claimed|^Illegal block number passed", "error",
          key=lambda l: shape(re.sub(r"\s+(Fix|Clear)\? no$", "", l)))
once(n, r"^\(There are \d+ inodes containing multiply-claimed blocks", "summary")
f = find(n, r"^File /.*\(inode #\d+")
add(n, "error", [f, f + 1])
add(n, "summary", every(n, r"WARNING: Filesystem still has errors"))

# debugfs: the missing directory and file, icheck's blocks not found (once).
n = "debugfs_image"
add(n, "error", every(n, r"File not found by ext2_lookup"))
once(n, r"<block not found>", "error")

# fsck.fat: the FATs' difference, the out-of-range clusters (once), the reclaimed clusters, the
# verdict and counts; mdir's errors on the damaged image.
n = "fsck_fat_image"
add(n, "warning", every(n, r"^FATs differ"))
once(n, r"^Cluster \d+ out of range", "error")
add(n, "summary", every(n, r"^Reclaimed \d+ unused|^Leaving filesystem unchanged|^fat\.img: \d+ files"))
add(n, "error", every(n, r"^Cluster # at|^Probably non MS-DOS|^Error reading FAT|^Cannot initialize"))

# xfs_repair -n: the geometry warning once, each finding of phase 2 (the CRC error once per
# shape), the no-modify verdict; xfs_db's error.
n = "xfs_repair_image"
once(n, r"^Cannot get host filesystem geometry", "warning")
once_each(n, r"^(Metadata CRC error|agf has bad|bad levels|bad agbno|agf_freeblks|agf_longest|superblock has"
             r" bad|bad on-disk|primary/secondary|would reset|bad uncorrected|sb_fdblocks)", "error",
          key=lambda l: shape(re.sub(r"xfs_\w+ block", "", l)).split(" ")[0] + shape(l)[:12])
add(n, "summary", every(n, r"^No modify flag set, skipping filesystem flush"))
add(n, "error", every(n, r"^xfs_db: "))

# qemu-img: the verdicts of each check, the leaked cluster, compare's verdict, the missing image.
n = "qemu_img_check"
add(n, "summary", every(n, r"^No errors were found|^\d+ leaked clusters were found|^Images are identical"))
add(n, "error", every(n, r"^Leaked cluster|^qemu-img: "))

# parted: udevadm's absence once (printed per call word for word), the two refused partitions
# (with the closest location offered), the missing partition once.
n = "parted_image"
once(n, r"udevadm: not found", "error")
r = find(n, r"^Error: You requested a partition")
add(n, "error", [r, r + 1])
add(n, "error", every(n, r"^Error: The location"))
once(n, r"^Error: Partition doesn't exist", "error")

# nmap: the open ports and the closed port the scripts found, each scan's `Nmap done`.
n = "nmap_local"
add(n, "message", every(n, r"^\d+/tcp\s+open\s"))
add(n, "error", every(n, r"^18081/tcp\s+closed"))
add(n, "summary", every(n, r"^Nmap done: "))

# tshark: curl's 404s and the refused port, the capture count, the 404 response once, the reset of
# the dead port, the HTTP tree's client-error count, the cut capture's error.
n = "tshark_capture"
add(n, "failure", every(n, r"^(404|refused)$"))
add(n, "summary", every(n, r"^Packets captured: "))
once(n, r"HTTP \d+ HTTP/1\.0 404 ", "failure")
once(n, r"\[RST, ACK\]", "error")
add(n, "summary", every(n, r"^  4xx: Client Error"))
add(n, "error", every(n, r"^tshark: "))

# kdig: dnsmasq's warning, the refused names (the first: the query, the server's reason, the
# status), the dead server's warning and error.
n = "kdig_zone"
add(n, "warning", every(n, r"^dnsmasq\[\d+\]: warning: "))
r = find(n, r"config error is REFUSED")
add(n, "error", [r - 1, r, r + 1])
add(n, "error", every(n, r"^;; (WARNING|ERROR): "))

# etcd: the deprecation warning once, the server's W/N warnings, the client's failed retries and
# their `Error:` lines, the transport warning at shutdown.
n = "etcd_cluster"
once(n, r"^\[WARNING\] Deprecated", "warning")
add(n, "warning", every(n, r"^\S+ \S+ W \| |strongly discouraged"))
add(n, "error", every(n, r'"level":"warn"|^Error: |^WARNING: .*failed to connect'))

# sar: the cut file's and the missing file's errors.
n = "sar_activity"
add(n, "error", every(n, r"^End of system activity file unexpected|^Cannot open "))

# rsnapshot: configtest's verdict, the verbosity warning once, the first error block (banner, the
# invocation, the line, the missing source, the verdict), the second run's invocation, the total.
n = "rsnapshot_docs"
add(n, "summary", every(n, r"^Syntax OK"))
once(n, r"^WARNING: ", "warning")
b = find(n, r"^rsnapshot encountered an error")
add(n, "error", [b, b + 1])
add(n, "error", [find(n, r"^ERROR: rsnapshot\.conf on line", b)])
s = find(n, r"^ERROR: backup .*Source directory", b)
add(n, "error", [s, s + 1, find(n, r"^ERROR: Errors were found", b)])
add(n, "error", [every(n, r"^/usr/bin/rsnapshot -c ")[1]])
add(n, "summary", every(n, r"\ttotal$"))

# unison: the no-archive warning, each conflict skipped (each a different file) with its reason
# once, each run's verdict.
n = "unison_sync"
once(n, r"^Warning: No archive files", "warning")
c = every(n, r"^\[CONFLICT\] Skipping ")
add(n, "failure", c + [c[0] + 1])
add(n, "summary", every(n, r"^Synchronization complete"))

# fossil: the merge's warning and conflict, status's CONFLICT, commit's refusal and its file,
# the integrity verdicts.
n = "fossil_merge"
add(n, "error", every(n, r"^WARNING: \d+ merge conflicts|^\*{5} \d+ merge conflict|^CONFLICT |^abort due to"
                         r"|^possible unresolved merge conflict"))
add(n, "summary", every(n, r"non-phantom blobs|integrity-check: ok"))

# darcs: the conflict and its file, check's verdict, the missing repository.
n = "darcs_pull"
w = find(n, r"^We have conflicts in the following files")
add(n, "error", [w, w + 1])
add(n, "summary", every(n, r"^The repository is consistent"))
add(n, "error", every(n, r"^Not a repository"))

# brz: the merge's conflict (first) and count, commit's refusal.
n = "brz_merge"
once(n, r"^Text conflict in ", "error")
add(n, "summary", every(n, r"^\d+ conflicts encountered"))
add(n, "error", every(n, r"^brz: ERROR: "))

M.write()
