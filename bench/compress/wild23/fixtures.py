"""Fixture texts of the `wild23` corpus (`gen.py`): PostScript programs, reStructuredText pages, a
LaTeX report, subtitles and the shell that makes the media trees, all written for this set."""

# Media made with ffmpeg's lavfi sources: NAME, lavfi input(s), codec options.
MEDIA = [
    ("tone440.wav", "-f lavfi -i sine=frequency=440:duration=3", ""),
    ("tone880.flac", "-f lavfi -i sine=frequency=880:duration=4", "-c:a flac"),
    ("voice.mp3", "-f lavfi -i sine=frequency=300:duration=5", "-c:a libmp3lame -b:a 96k"),
    ("chime.ogg", "-f lavfi -i sine=frequency=660:duration=3", "-c:a libvorbis -q:a 3"),
    ("talk.opus", "-f lavfi -i sine=frequency=220:duration=3", "-c:a libopus -b:a 48k"),
    ("bars.mp4", "-f lavfi -i testsrc=size=320x240:rate=25:duration=2 -f lavfi -i sine=duration=2",
     "-c:v libx264 -preset ultrafast -c:a aac -shortest"),
    ("clip.mkv", "-f lavfi -i testsrc2=size=160x120:rate=30:duration=2", "-c:v libvpx -b:v 200k"),
    ("intro.webm", "-f lavfi -i smptebars=size=320x180:rate=24:duration=2 -f lavfi -i sine=duration=2",
     "-c:v libvpx-vp9 -b:v 100k -c:a libopus -shortest"),
    ("legacy.avi", "-f lavfi -i mandelbrot=size=160x120:rate=10 -t 2", "-c:v mpeg4"),
    ("loop.gif", "-f lavfi -i testsrc=size=96x64:rate=5:duration=2", ""),
    ("poster.png", "-f lavfi -i smptehdbars=size=320x180 -frames:v 1", ""),
    ("thumb.jpg", "-f lavfi -i rgbtestsrc=size=160x120 -frames:v 1", ""),
    ("stereo.m4a", "-f lavfi -i sine=frequency=500:duration=3 -ac 2", "-c:a aac -b:a 64k"),
    ("noise.aiff", "-f lavfi -i anoisesrc=duration=2:color=pink", ""),
]


def media_script(out):
    """Shell lines making MEDIA under `out`."""
    return "\n".join(f"ffmpeg -nostdin -y -loglevel error {inp} {opts} {out}/{name}" for name, inp, opts in MEDIA)


def ps_page(n, title):
    """A one-page PostScript program with a title and a box grid."""
    return (f"%%Page: {n} {n}\n/Helvetica findfont 24 scalefont setfont\n72 720 moveto ({title} page {n}) show\n"
            f"0 1 9 {{ /i exch def 72 i 50 mul add 100 moveto 40 0 rlineto 0 40 rlineto -40 0 rlineto closepath stroke }} for\n"
            "showpage\n")


def ps_doc(name, pages, fault=None):
    """A PostScript document of `pages` pages; `fault` is put in before the middle page."""
    body = ["%!PS-Adobe-3.0", f"%%Title: {name}", f"%%Pages: {pages}", "%%EndComments"]
    for n in range(1, pages + 1):
        if fault and n == pages // 2 + 1:
            body.append(fault)
        body.append(ps_page(n, name))
    body.append("%%EOF")
    return "\n".join(body) + "\n"


PS_DOCS = {
    "ps/brochure.ps": ps_doc("brochure", 4),
    "ps/catalog.ps": ps_doc("catalog", 6),
    "ps/flyer.ps": ps_doc("flyer", 2),
    "ps/handout.ps": ps_doc("handout", 5, fault="/Helvetica findfont 12 scalefont setfont\n100 100 moveto (x) shwo"),
    "ps/invoice.ps": ps_doc("invoice", 3),
    "ps/menu.ps": ps_doc("menu", 4, fault="gsave 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 add add (oops) mul"),
    "ps/poster.ps": ps_doc("poster", 1),
    "ps/report.ps": ps_doc("report", 8),
}


def rst_page(n, fault=""):
    """A reStructuredText page with sections, a table and a code block; `fault` is appended."""
    title = f"Chapter {n}: Pipelines"
    return (f"{title}\n{'=' * len(title)}\n\nThis chapter covers stage {n} of the media pipeline.\n\n"
            f"Inputs\n------\n\n* ``input_{n}.mov`` from the camera\n* ``audio_{n}.wav`` from the recorder\n\n"
            ".. code-block:: bash\n\n   ffmpeg -i input.mov -c:v libx264 out.mp4\n\n"
            "======  =====  ======\nStage   Codec  Rate\n======  =====  ======\nread    raw    25\nencode  h264   25\n"
            "======  =====  ======\n\nSee `the encoder guide`_ and :ref:`stage-setup`.\n\n"
            ".. _the encoder guide: https://example.test/encoders\n\n" + fault)


RST_FAULTS = {
    3: "Notes\n----\n\nUnderline too short above.\n",
    5: ".. wavedrom::\n\n   { signal: [] }\n\nSee undefined_target_ and `missing link`_.\n",
    8: ".. include:: snippets/missing.rst\n",
    11: ".. image:: figures/absent.png\n   :widht: 300\n",
    12: "+------+------+\n| a    | b    |\n+------+------\n| c    | d    |\n+------+------+\n",
    14: "Term\n  definition\n    badly indented\n  back\n\n.. note::\nno blank line\n",
}


def rst_pages():
    """Forty pages, six of them with a fault."""
    return {f"docs/ch{n:02}.rst": rst_page(n, RST_FAULTS.get(n, "")) for n in range(1, 41)}


def latex_report():
    """A LaTeX report with sections, figures, a missing figure, an undefined reference and command,
    a bad citation and a few overfull lines."""
    secs = []
    for i in range(1, 13):
        extra = ""
        if i == 4:
            extra = "\\includegraphics[width=\\linewidth]{figures/missing-plot}\n"
        if i == 6:
            extra = "As shown in Figure~\\ref{fig:nonexistent} the bitrate \\bitrateunit{} drops.\n"
        if i == 7:
            extra = "Encoders differ~\\cite{nobody2020}.\n"
        if i == 9:
            extra = "\\noindent\\texttt{averyveryverylongunbreakableidentifier_that_runs_past_the_margin_of_the_page_by_far}\n"
        secs.append(f"\\section{{Stage {i}}}\\label{{sec:s{i}}}\n"
                    + f"Stage {i} transcodes the input (see Section~\\ref{{sec:s{max(1, i - 1)}}}). " * 6 + "\n\n"
                    + "\\begin{figure}[h]\\centering\\rule{4cm}{2cm}\\caption{Stage " + str(i)
                    + " timing}\\label{fig:s" + str(i) + "}\\end{figure}\n" + extra)
    return ("\\documentclass{article}\n\\usepackage{graphicx}\n\\usepackage{hyperref}\n\\begin{document}\n"
            "\\title{Media pipeline report}\\author{Ops}\\maketitle\n\\tableofcontents\n" + "\n".join(secs)
            + "\\bibliographystyle{plain}\n\\end{document}\n")


def srt(n, broken=False):
    """A subtitle file of n cues; a broken one has a bad timestamp in the middle."""
    cues = []
    for i in range(1, n + 1):
        t = f"00:00:{i:02},000 --> 00:00:{i:02},900"
        if broken and i == n // 2:
            t = "00:00:xx,000 -> 00:00"
        cues.append(f"{i}\n{t}\nLine number {i}\n")
    return "\n".join(cues)


OCR_LINES = [
    "INVOICE 2041 - Media Services Ltd",
    "Item: Transcoding 42 hours at 12.50",
    "Item: Subtitle alignment 8 files",
    "Total due within 30 days: 611.00 EUR",
]
