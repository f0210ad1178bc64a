#!/usr/bin/env python3
"""Builds the `wild23` corpus: a blind set of real outputs (most of them 200+ lines) of media,
document and publishing tools no earlier set holds, recorded before the compressor saw any of it.
A media tree (made with ffmpeg's lavfi sources), image trees, PostScript and PDF files,
reStructuredText pages, a LaTeX report and scanned-text images (`fixtures.py`) are run through
ffprobe, mediainfo, exiftool, exiv2, jpeginfo, jpegoptim, optipng, pngquant, gifsicle, cwebp,
ghostscript, pdfinfo/pdffonts, pdftotext, mutool, tesseract, rst2html (docutils), latexmk
(lualatex), flac, lame, ogginfo, mkvmerge and gst-launch-1.0, with faults put in the middle of
each run (a truncated or empty media file, a text file named .jpg, a truncated PNG/GIF/JPEG, a
PostScript typo and a type error, a damaged PDF xref and a cut PDF, a corrupt scan, an unknown
directive, a missing include, a missing figure, an undefined reference and command, a bad
subtitle timestamp) so that they fail or warn somewhere in the middle. Each run's merged
stdout+stderr is recorded unedited (`../blind/record.py`).

    python3 bench/compress/wild23/gen.py WORKDIR OUTDIR [NAME_FILTER]

Needs (Debian 12): ffmpeg, imagemagick, libimage-exiftool-perl, exiv2, jpeginfo, jpegoptim,
optipng, pngquant, gifsicle, webp, ghostscript, poppler-utils, mupdf-tools, tesseract-ocr(-eng),
python3-docutils, latexmk with texlive's lualatex, flac, lame, vorbis-tools, mkvtoolnix,
mediainfo, gstreamer1.0-tools with plugins-base and -good.
"""
import os, shutil, subprocess, sys

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, "..", "blind"))
import fixtures as F
import record

WORK, OUT, FILTER = record.args()


def run(cmd, cwd="."):
    subprocess.run(["bash", "-c", "set -e\n" + cmd], cwd=os.path.join(WORK, cwd), check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def write(proj, files):
    return record.write(WORK, proj, files)


def media():
    os.makedirs(os.path.join(WORK, "media"))
    run(F.media_script("."), "media")
    run("head -c 30000 bars.mp4 > cut.mp4 && : > empty.wav && head -c 4000 chime.ogg > chime-part.ogg && "
        "printf 'not really audio\\n' > fake.mp3", "media")
    os.makedirs(os.path.join(WORK, "audio"))
    run("for i in $(seq -w 1 20); do ffmpeg -nostdin -y -loglevel error -f lavfi -i "
        "sine=frequency=$((200+${i#0}*55)):duration=6 -ac 2 -ar 44100 take$i.wav; done && "
        "head -c 50000 take05.wav > take05b.wav && mv take05b.wav take05.wav && printf 'RIFFxxxxWAVEjunk' > take06.wav",
        "audio")
    run("for f in take0[1-4].wav take0[7-9].wav take1*.wav; do oggenc -Q -q 3 $f; done && cp take02.ogg damaged.ogg && "
        "truncate -s 9000 damaged.ogg && head -c 6000 take03.ogg > cut.ogg", "audio")
    write("mux", {"subs.srt": F.srt(30), "broken.srt": F.srt(30, broken=True)})
    run("ffmpeg -nostdin -y -loglevel error -f lavfi -i testsrc=size=320x240:rate=25:duration=6 -c:v libx264 "
        "-preset ultrafast video.mp4 && ffmpeg -nostdin -y -loglevel error -f lavfi -i sine=duration=6 -c:a libvorbis "
        "audio.ogg && head -c 20000 video.mp4 > cut.mp4", "mux")


def images():
    root = os.path.join(WORK, "img")
    os.makedirs(os.path.join(root, "photos", "2024"))
    os.makedirs(os.path.join(root, "photos", "2025"))
    os.makedirs(os.path.join(root, "png"))
    os.makedirs(os.path.join(root, "gif"))
    run("for i in $(seq 1 40); do y=2024; [ $i -gt 7 ] && y=2025; convert -size $((200+i*8))x$((150+i*5)) "
        "plasma:fractal -seed $i photos/$y/img_$(printf %03d $i).jpg; done && "
        "exiftool -q -overwrite_original -Make=Canon -Model='EOS 80D' -DateTimeOriginal='2024:06:01 10:00:00' "
        "-Artist=ops -Copyright='Media Lab' -GPSLatitude=48.1 -GPSLatitudeRef=N photos/2024 && "
        "exiftool -q -overwrite_original -Make=Nikon -Model=Z6 -ISO=800 photos/2025 && "
        "head -c 3000 photos/2024/img_004.jpg > photos/2024/img_004b.jpg && mv photos/2024/img_004b.jpg photos/2024/img_004.jpg && "
        "printf 'shopping list\\n' > photos/2025/img_010.jpg", "img")
    run("for i in $(seq 1 16); do convert -size $((64+i*16))x$((64+i*8)) gradient:red-blue -depth 8 "
        "-define png:compression-level=0 png/tile_$(printf %02d $i).png; done && "
        "convert -size 300x200 plasma:fractal -seed 7 png/photo_like.png && "
        "head -c 700 png/tile_09.png > png/tile_09b.png && mv png/tile_09b.png png/tile_09.png && "
        "cp png/tile_03.png png/tile_03.jpg", "img")
    run("for i in $(seq 1 14); do convert -delay 10 -size $((40+i*8))x$((40+i*8)) "
        "xc:red xc:green xc:blue xc:yellow -loop 0 gif/anim_$i.gif; done && head -c 300 gif/anim_5.gif > gif/anim_5b.gif && "
        "mv gif/anim_5b.gif gif/anim_5.gif", "img")
    run("mkdir -p opt web && cp -r photos opt/ && cp png/*.png web/", "img")


def documents():
    write("docs", F.PS_DOCS)
    write("docs", F.rst_pages())
    write("docs", {"docs/snippets/.keep": "", "report/report.tex": F.latex_report()})
    os.makedirs(os.path.join(WORK, "docs", "pdf"))
    os.makedirs(os.path.join(WORK, "docs", "out"))
    run("for f in brochure catalog flyer invoice poster report; do gs -q -dBATCH -dNOPAUSE -sDEVICE=pdfwrite "
        "-sOutputFile=pdf/$f.pdf ps/$f.ps; done && head -c 1500 pdf/catalog.pdf > pdf/catalog-cut.pdf && "
        "sed 's/^xref$/xrfe/; s/startxref/startxrfe/' pdf/report.pdf > pdf/report-damaged.pdf", "docs")
    os.makedirs(os.path.join(WORK, "scans"))
    lines = F.OCR_LINES
    run("for i in $(seq 1 24); do convert -size 1000x260 xc:white -font DejaVu-Sans -pointsize 26 -fill black "
        + " ".join(f"-annotate +20+{50 + 50 * k} \"{t} (page $i)\"" for k, t in enumerate(lines))
        + " -attenuate 0.3 +noise Gaussian scan_$i.png; done && head -c 2000 scan_5.png > scan_5b.png && "
        "mv scan_5b.png scan_5.png && convert -size 600x200 xc:white blank_page.png", "scans")


def setup():
    if os.path.exists(WORK):
        shutil.rmtree(WORK)
    os.makedirs(WORK)
    media()
    images()
    documents()
    os.makedirs(os.path.join(WORK, "home"))


def main():
    setup()
    record.record(WORK, OUT, FILTER, record.scenarios(here), [], timeout=300,
                  extra_env={"HOME": os.path.join(WORK, "home"), "USER": "ops"})


main()
