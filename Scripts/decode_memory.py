#!/usr/bin/env python3
"""Prints the peak memory `vitrine decode` takes for large accepted images, over a tiny image's, in MiB.

    python3 Scripts/decode_memory.py [--vitrine .build/debug/vitrine] [--dir /tmp/vitrine-decode-memory]

A benchmark, not a test: it makes the files once (kept in --dir; the 54-megapixel plasma takes about a minute,
the HEIC a few), then runs `vitrine decode FILE --cover WxH` under `/usr/bin/time -v` for the default window's card
(1200x800), a full-HD kiosk's (1920x1280) and the 4K guess made before the window's size is known
(ImageLimits.defaultDecodeSize, 3840x2560), and reads "Maximum resident set size"; a refused file's figure is what
it took before its refusal. The budget is ImageLimits.decodeMemoryBytes (64 MiB), everything a decode holds
counted. HEIC and AVIF are decoded in a helper process (`vitrine heif-decode`, HEIFHelper) that hands back the
card-size picture: a build that knows `decode --peak` reports the kiosk's own peak and the helper's apart, shown as
"+KIOSK (helper +HELPER)", both over the tiny PNG's peak; libheif in the helper is held to
ImageLimits.heifHelperMemoryBytes (112 MiB). Each cell also gives the decode's wall time. With --before
OTHER_VITRINE (say, main's build) each figure is measured with both, side by side; --cards picks the card sizes,
--only the files (names containing any of its comma-separated words). `vitrine decode` decodes as the kiosk's card preparer does, which then frees the
decoder's buffers and scales the picture into a card surface (1920x1280: 9.4 MiB); the kiosk's first JPEG card is
decoded row by row straight into its card (JPEGCardStream), with less. Needs ImageMagick's convert (with HEIC and
AVIF), jpegtran (libjpeg-turbo-progs), heif-enc (libheif-examples, for the 4:2:0 HEIC and AVIF) and ffmpeg (the
16-bit PNG the 10-bit AVIF is made from; libaom 3.6 aborts on 10-bit 4:2:0, so it is 4:2:2).
"""
import argparse
import os
import re
import subprocess
import sys

BUDGET_MIB = 64
CARDS = ["1200x800", "1920x1280", "3840x2560"]  # the last: the guess before the window's size is known


def run(*command):
    subprocess.run(command, check=True)


SOURCES = {"tiny.png", "src-12mp.jpg", "phone-12mp.jpg", "phone-12mp-48.png"}  # Made for the others, not measured.


def make(folder, only=None):
    """The files measured, made when missing (with --only, just those it names and their sources): (name, what)."""
    os.makedirs(folder, exist_ok=True)
    path = lambda name: os.path.join(folder, name)
    plasma = path("plasma-9000x6000.jpg")
    if not os.path.exists(plasma):
        print("making a 9000x6000 plasma (about a minute)...", file=sys.stderr)
        run("convert", "-size", "9000x6000", "plasma:fractal", "-quality", "100", plasma)
    files = [
        ("tiny.png", "16x16 PNG (the baseline)", ["convert", "-size", "16x16", "xc:red", path("tiny.png")]),
        ("big.jpg", "9000x4700 baseline JPEG, ~60 MB", None),
        ("progressive-24mp.jpg", "6000x4000 progressive JPEG 4:2:0",
         ["convert", plasma, "-crop", "6000x4000+0+0", "+repage", "-interlace", "JPEG", "-sampling-factor", "2x2",
          "-quality", "92", path("progressive-24mp.jpg")]),
        ("png-interlaced-4900.png", "4900x4900 interlaced PNG",
         ["convert", plasma, "-crop", "4900x4900+0+0", "+repage", "-interlace", "PNG", path("png-interlaced-4900.png")]),
        ("bmp-3500.bmp", "3500x3500 24-bit BMP",
         ["convert", plasma, "-crop", "3500x3500+0+0", "+repage", "-type", "TrueColor", "bmp3:" + path("bmp-3500.bmp")]),
        ("bmp-2900.bmp", "2900x2900 24-bit BMP",
         ["convert", plasma, "-crop", "2900x2900+0+0", "+repage", "-type", "TrueColor", "bmp3:" + path("bmp-2900.bmp")]),
        ("heic-12mp.heic", "4000x3000 HEIC",
         ["convert", plasma, "-crop", "4000x3000+0+0", "+repage", "-quality", "85", path("heic-12mp.heic")]),
        ("avif-12mp.avif", "4000x3000 AVIF",
         ["convert", plasma, "-crop", "4000x3000+2000+0", "+repage", "-define", "heic:speed=8", "-quality", "60",
          path("avif-12mp.avif")]),
        ("avif-10mp.avif", "3648x2736 AVIF",
         ["convert", plasma, "-crop", "3648x2736+2000+0", "+repage", "-define", "heic:speed=8", "-quality", "60",
          path("avif-10mp.avif")]),
        ("src-12mp.jpg", "4000x3000 baseline JPEG (the HEIFs' source)",
         ["convert", plasma, "-crop", "4000x3000+0+0", "+repage", "-quality", "95", path("src-12mp.jpg")]),
        ("heic-12mp-420.heic", "4000x3000 HEIC 4:2:0 (heif-enc)",
         ["heif-enc", "-q", "85", "-p", "chroma=420", path("src-12mp.jpg"), "-o", path("heic-12mp-420.heic")]),
        ("avif-12mp-420.avif", "4000x3000 AVIF 4:2:0 (heif-enc)",
         ["heif-enc", "-A", "-q", "60", "-p", "chroma=420", "-p", "speed=8", path("src-12mp.jpg"), "-o", path("avif-12mp-420.avif")]),
        ("phone-12mp.jpg", "4032x3024 baseline JPEG (the phone HEIFs' source)",
         ["convert", plasma, "-crop", "4032x3024+0+0", "+repage", "-quality", "95", path("phone-12mp.jpg")]),
        ("phone-12mp-420.heic", "4032x3024 HEIC 4:2:0 8-bit (heif-enc)",
         ["heif-enc", "-q", "85", "-p", "chroma=420", path("phone-12mp.jpg"), "-o", path("phone-12mp-420.heic")]),
        ("phone-12mp-420.avif", "4032x3024 AVIF 4:2:0 8-bit (heif-enc)",
         ["heif-enc", "-A", "-q", "60", "-p", "chroma=420", "-p", "speed=8", path("phone-12mp.jpg"), "-o", path("phone-12mp-420.avif")]),
        ("phone-12mp-48.png", "4032x3024 16-bit PNG (the 10-bit AVIF's source)",
         ["ffmpeg", "-loglevel", "error", "-i", path("phone-12mp.jpg"), "-pix_fmt", "rgb48be", path("phone-12mp-48.png")]),
        ("phone-12mp-10bit.avif", "4032x3024 AVIF 4:2:2 10-bit (heif-enc)",
         ["heif-enc", "-A", "-b", "10", "-q", "60", "-p", "chroma=422", "-p", "speed=8", path("phone-12mp-48.png"), "-o",
          path("phone-12mp-10bit.avif")]),
        ("progressive-48mp.jpg", "9000x5400 progressive JPEG (refused)",
         ["convert", plasma, "-crop", "9000x5400+0+0", "+repage", "-interlace", "JPEG", "-sampling-factor", "2x2",
          "-quality", "80", path("progressive-48mp.jpg")]),
        ("bmp-5000.bmp", "5000x5000 24-bit BMP (refused)",
         ["convert", plasma, "-crop", "5000x5000+0+0", "+repage", "-type", "TrueColor", "bmp3:" + path("bmp-5000.bmp")]),
    ]
    if only:
        files = [entry for entry in files if entry[0] in SOURCES or any(word in entry[0] for word in only.split(","))]
    for name, _, command in files:
        if os.path.exists(path(name)):
            continue
        if name == "big.jpg":
            with open(path(name), "wb") as out:
                subprocess.run(["jpegtran", "-optimize", "-copy", "none", "-crop", "9000x4700+0+0", plasma], stdout=out, check=True)
        else:
            run(*command)
    return [(path(name), what) for name, what, _ in files if name == "tiny.png" or name not in SOURCES]


def knows_peak(vitrine):
    """Whether the build's `decode` has --peak (and so a HEIF helper whose peak it reports apart)."""
    return "--peak" in subprocess.run([vitrine, "decode", "--help"], capture_output=True, text=True).stdout


def peak_kib(vitrine, file, card):
    """The decode's result line, the kiosk process's peak resident set size in KiB, its helper's (0: none) and
    the wall time in seconds."""
    own = knows_peak(vitrine)
    done = subprocess.run(["/usr/bin/time", "-v", vitrine, "decode", file, "--cover", card] + (["--peak"] if own else []),
                          capture_output=True, text=True)
    total = int(re.search(r"Maximum resident set size \(kbytes\): (\d+)", done.stderr).group(1))
    clock = re.search(r"Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): (?:(\d+):)?(\d+):([\d.]+)", done.stderr)
    seconds = int(clock.group(1) or 0) * 3600 + int(clock.group(2)) * 60 + float(clock.group(3))
    result = (done.stdout.splitlines() or ["?"])[0]
    split = re.search(r"peak: (\d+) KiB, helper (\d+) KiB", done.stdout)
    return result, int(split.group(1)) if split else total, int(split.group(2)) if split else 0, seconds


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--vitrine", default=".build/debug/vitrine")
    parser.add_argument("--dir", default="/tmp/vitrine-decode-memory")
    parser.add_argument("--before", help="another vitrine binary (say, main's) to measure side by side")
    parser.add_argument("--cards", default=",".join(CARDS), help="the card sizes, comma-separated")
    parser.add_argument("--only", help="measure only the files whose names contain one of these comma-separated words")
    args = parser.parse_args()
    cards = args.cards.split(",")
    files = make(args.dir, args.only)
    builds = [("before", args.before), ("after", args.vitrine)] if args.before else [("", args.vitrine)]
    baseline = {(name, card): peak_kib(binary, files[0][0], card)[1] for name, binary in builds for card in cards}
    # The header's width per cell: the figures, the time and the result.
    print("baseline (tiny PNG): " + ", ".join(f"{name} {card} {baseline[(name, card)] / 1024:.1f} MiB" for name, _ in builds for card in cards))
    print(f"{'file':<44} {'MB':>5} " + " ".join(f"{(name + ' ' + card).strip():>54}" for card in cards for name, _ in builds))
    worst, worst_refused = {}, {}
    for file, what in files[1:]:
        cells = []
        for card in cards:
            for name, binary in builds:
                result, peak, helper, seconds = peak_kib(binary, file, card)
                over = (peak - baseline[(name, card)]) / 1024
                table = worst if result.startswith("ok") else worst_refused
                table[name] = max(table.get(name, 0.0), over)
                beside = f" (helper +{(helper - baseline[(name, card)]) / 1024:.1f})" if helper else ""
                cells.append(f"{'+%.1f MiB' % over + beside:>26} {seconds:5.2f} s {result[:18]:>18}")
        print(f"{what:<44} {os.path.getsize(file) / 1e6:5.1f} " + " ".join(cells))
    for name, _ in builds:
        print(f"{name or 'this build'}: worst accepted +{worst.get(name, 0):.1f} MiB, worst refused +{worst_refused.get(name, 0):.1f} MiB "
              f"(budget {BUDGET_MIB} MiB)")


if __name__ == "__main__":
    main()
