#!/usr/bin/env python3
"""The hand-chosen anchor lines of the `wild23` logs (procedure in the corpus README: wild8's to
wild21's), chosen while reading each log top to bottom, never looking at the compressor. Lines are
marked by pattern (line numbers found by pattern, so a regenerated log is labelled alike). Writes
labels/NAME.txt (KIND<TAB>line verbatim); then run `bench/compress/blind/labels.py --in-order` on
the set.

    python3 bench/compress/wild23/marks.py
"""
import os, re, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "blind"))
from logtext import Marks, shape
D = os.environ.get("WILD23_DIR") or os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..",
                                                 "crates", "observe", "tests", "data", "wild23")
M = Marks(D)
lines, add, find, every = M.lines, M.add, M.find, M.every
once_each, once = M.once_each, M.once


def header_of(name, n, pat=r"^== "):
    """The loop's `== FILE` (or a tool's own per-file) header above line n: the location of an
    error whose line does not name the file."""
    ls = lines(name)
    for i in range(n, 0, -1):
        if re.search(pat, ls[i - 1]):
            return i
    raise SystemExit(f"{name}: no header above {n}")


# ffprobe: each file's failure line (`FILE: reason`), the demuxer's own error above the first
# (`moov atom not found`), the misdetection and frame-size warnings, the decoders' warnings
# (`EOI missing`, `parser not found`); the per-file `rc=` echoes are the loop's, not the tool's.
n = "ffprobe_media"
add(n, "error", every(n, r"^[\w.-]+\.\w+: (End of file|Invalid data|Invalid argument)"))
add(n, "error", every(n, r"moov atom not found"))
add(n, "warning", every(n, r"misdetection possible|Failed to read frame size|EOI missing|parser not found"))

# mediainfo: pure data but for the truncated file's flag (once: the JSON view repeats it).
n = "mediainfo_media"
once(n, r"^IsTruncated +: Yes", "warning")

# exiftool: the truncated PNG's warning with its `========` header, the first 5 of the `[minor]`
# warning shape, the counts of each run, the failed write's error and counts.
n = "exiftool_photos"
w = find(n, r"Warning +: Truncated PNG image")
add(n, "warning", [header_of(n, w, r"^======== "), w])
once_each(n, r"\[ExifTool\] +Warning +: \[minor\]", "warning", limit=5)
add(n, "summary", every(n, r"^ +\d+ (directories scanned|image files read|image files updated|files weren't updated)"))
add(n, "error", every(n, r"^Error: Not a valid JPG"))

# exiv2: the exception and its reason line.
n = "exiv2_photos"
e = find(n, r"^Exiv2 exception in print action")
add(n, "error", [e, e + 1])

# jpeginfo: each WARNING and ERROR row (the `-d` run repeats the PNG's ERROR: marked once).
n = "jpeginfo_check"
once_each(n, r" WARNING ", "warning", key=lambda l: l.split()[0])
once_each(n, r" ERROR ", "error", key=lambda l: l.split()[0])

# jpegoptim: the WARNING and ERROR rows, the average.
n = "jpegoptim_tree"
add(n, "warning", every(n, r"\[WARNING\]"))
add(n, "error", every(n, r"\[ERROR\]"))
add(n, "summary", every(n, r"^Average compression"))

# optipng: the broken file's header, warning, error lines; the status report's counts.
n = "optipng_web"
w = find(n, r"^Warning: Can't read the input file")
add(n, "error", [header_of(n, w, r"^\*\* Processing: "), w, w + 2, w + 3])
add(n, "summary", every(n, r"^\d+ file\(s\) have been processed|^\d+ error\(s\) have been encountered"))

# pngquant: each failing file's `NAME:` header, its reason (`exceeded limit`, the two `error:`
# lines), its verdict line; the first success count.
n = "pngquant_web"
for pat in (r"exceeded limit of", r"^  error: Read error"):
    e = find(n, pat)
    add(n, "error", [header_of(n, e, r"^\S+\.png:$")])
add(n, "error", every(n, r"exceeded limit of|^  error: "))
add(n, "summary", every(n, r"^Skipped \d+ file|^There were errors quantizing"))
once(n, r"^Quantized \d+ image", "summary")

# gifsicle: the first 5 of the palette warning, the cut file's read error and its colormap warning.
n = "gifsicle_anims"
once_each(n, r"^gifsicle: warning: trivial adaptive palette", "warning", limit=5)
add(n, "error", every(n, r"read error: missing"))
add(n, "warning", every(n, r"warning: some colors undefined"))

# cwebp: each failing file's library error and its two `Error!` lines.
n = "cwebp_tree"
add(n, "error", every(n, r"^lib(jpeg|png) error: |^Error! "))

# gs: each PostScript error with its file header (the error names no file) and its `Current file
# position` line, the unrecoverable exit once; the cut PDF's errors and repair summary, the
# damaged PDF's repair list entries once each.
n = "gs_pdfwrite"
for e in every(n, r"^Error: /"):
    add(n, "error", [header_of(n, e), e, find(n, r"^Current file position is", e)])
once(n, r"Unrecoverable error, exit code", "summary")
for e in every(n, r"^Catalog dictionary not located|^   \*\*\*\* Error: "):
    add(n, "error", [e])
add(n, "error", [header_of(n, find(n, r"^Catalog dictionary not located"))])
once(n, r"No pages will be processed", "summary")
once_each(n, r"^\t(no startxref token found|object lacks an endobj|PDF file was repaired)$", "warning", key=str)
once(n, r"This file had errors that were repaired or ignored", "warning")

# pdfinfo/pdffonts: the cut PDF's header and its two messages once (pdffonts repeats them); the
# missing file.
n = "pdfinfo_fonts"
e = find(n, r"^Syntax Error: ")
add(n, "error", [header_of(n, e)])
once_each(n, r"^Syntax Error: ", "error", key=str)
add(n, "error", every(n, r"^I/O Error: "))

# pdftotext: the same two messages under the cut PDF's header.
n = "pdftotext_layout"
e = find(n, r"^Syntax Error: ")
add(n, "error", [header_of(n, e)])
once_each(n, r"^Syntax Error: ", "error", key=str)

# mutool: each damaged file's header and its distinct error/warning lines once per file; the
# ICC warning, `cannot draw`.
n = "mutool_pdfs"
for h in every(n, r"^== "):
    ls = lines(n)
    end = next((i for i in range(h + 1, len(ls) + 1) if ls[i - 1].startswith("== ") or ls[i - 1].startswith("rc=")),
               len(ls))
    found = [i for i in range(h + 1, end) if re.match(r"^(error|warning): ", ls[i - 1])]
    if found:
        add(n, "error", [h])
        once_each(n, r"^error: ", "error", key=str, start=h + 1, end=end - 1)
        once_each(n, r"^warning: ", "warning", key=str, start=h + 1, end=end - 1)
once(n, r"^warning: ICC support", "warning")
once(n, r"^error: cannot draw", "error")

# tesseract: the corrupt scan's header and its error lines, the unknown language's lines.
n = "tesseract_scans"
e = find(n, r"^libpng error: ")
add(n, "error", [header_of(n, e)] + list(range(e, find(n, r"^Error during processing", e) + 1)))
s = find(n, r"^Error opening data file")
add(n, "error", list(range(s, find(n, r"^Could not initialize tesseract", s) + 1)))

# rst2html: the system messages of level 2 and above, first 5 of each shape (the `:ref:` role
# repeats in every page); the `InputError` and `unknown option` lines under them; INFO is not.
n = "rst2html_docs"
once_each(n, r"^\S+\.rst:\d+: \((WARNING|ERROR|SEVERE)/\d\) ", "error", key=shape, limit=5)
M.L[n]["error"] = [i for i in M.L[n]["error"] if lines(n)[i - 1] not in lines(n)[:i - 1]]  # a message printed twice
add(n, "message", every(n, r"^InputError: |^unknown option: "))

# latexmk/lualatex: the luaotfload failure, each `file:line:` error once per shape (with the `l.N`
# line naming the undefined command), the first 5 of each LaTeX warning shape, the final
# warnings, the output line, latexmk's missing files, important warning, unresolved counts and
# verdict, the return code line.
n = "latexmk_report"
add(n, "error", every(n, r"module 'luaotfload-main' not found|^Error in luaotfload"))
once_each(n, r"^\./report\.tex:\d+: ", "error", key=shape)
u = find(n, r"Undefined control sequence")
add(n, "message", [u + 1])
once_each(n, r"^(LaTeX|LaTeX Font|Package \w+) Warning: ", "warning", key=shape, limit=5)
once(n, r"^\(\\end occurred inside a group", "warning")
once(n, r"^Output written on ", "summary")
add(n, "error", every(n, r"^Latexmk: Missing input file|^Latexmk: Important warning"))
add(n, "summary", every(n, r"^  Latex failed to resolve|^Latexmk: Errors, so I did not|gave return code"))

# flac: the first 5 of the skipped-chunk warning, each file's ERROR.
n = "flac_encode"
once_each(n, r": WARNING: skipping unknown chunk", "warning", key=lambda l: shape(l.split(":", 1)[1]), limit=5)
add(n, "error", every(n, r": ERROR: "))

# lame: no warning, no error: pure data (the cut inputs are encoded silently).
M.L["lame_encode"] = {}

# ogginfo: each damaged file's `Processing file` header and its EOS warning.
n = "ogginfo_check"
for w in every(n, r"^WARNING: "):
    add(n, "warning", [header_of(n, w, r"^Processing file "), w])

# mkvmerge: the subtitle's warning, the cut file's error.
n = "mkvmerge_mux"
add(n, "warning", every(n, r"^Warning: "))
add(n, "error", every(n, r"^Error: "))

# gst-launch-1.0: the decoder's ERROR (its stderr line glued to the end of a long stdout `caps`
# line: the line that holds it) with its debug location and reason, the preroll failure.
n = "gst_launch_decode"
e = find(n, r"ERROR: from element ")
d = find(n, r"^Additional debug info:", e)
add(n, "error", [e, d + 1, d + 2])
once(n, r"^ERROR: pipeline doesn't want to preroll", "error")

M.write()
