#!/usr/bin/env python3
"""Prints the peak memory `vitrine decode` takes for large accepted images, over a tiny image's, in MiB.

    python3 Scripts/decode_memory.py [--vitrine .build/debug/vitrine] [--dir /tmp/vitrine-decode-memory]

A benchmark, not a test: it makes the files once (kept in --dir; the 54-megapixel plasma takes about a minute,
the HEIC a few), then runs `vitrine decode FILE --cover WxH` under `/usr/bin/time -v` for the default window's card
(1200x800), a full-HD kiosk's (1920x1280) and the 4K guess made before the window's size is known
(ImageLimits.defaultDecodeSize, 3840x2560), and reads "Maximum resident set size"; a refused file's figure is what
it took before its refusal. The budget is ImageLimits.decodeMemoryBytes (64 MiB), everything a decode holds
counted; HEIC and AVIF have ImageLimits.heifDecodeMemoryBytes (112 MiB: libheif decodes whole), so that
12-megapixel phone photos are shown. With --before OTHER_VITRINE (say, main's build) each figure is measured with
both, side by side; --cards picks the card sizes. `vitrine decode` decodes as the kiosk's card preparer does, which then frees the
decoder's buffers and scales the picture into a card surface (1920x1280: 9.4 MiB); the kiosk's first JPEG card is
decoded row by row straight into its card (JPEGCardStream), with less. Needs ImageMagick's convert (with HEIC and
AVIF), jpegtran (libjpeg-turbo-progs) and heif-enc (libheif-examples, for the 4:2:0 HEIC and AVIF).
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


def make(folder):
    """The files measured, made when missing: (name, what)."""
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
        ("progressive-48mp.jpg", "9000x5400 progressive JPEG (refused)",
         ["convert", plasma, "-crop", "9000x5400+0+0", "+repage", "-interlace", "JPEG", "-sampling-factor", "2x2",
          "-quality", "80", path("progressive-48mp.jpg")]),
        ("bmp-5000.bmp", "5000x5000 24-bit BMP (refused)",
         ["convert", plasma, "-crop", "5000x5000+0+0", "+repage", "-type", "TrueColor", "bmp3:" + path("bmp-5000.bmp")]),
    ]
    for name, _, command in files:
        if os.path.exists(path(name)):
            continue
        if name == "big.jpg":
            with open(path(name), "wb") as out:
                subprocess.run(["jpegtran", "-optimize", "-copy", "none", "-crop", "9000x4700+0+0", plasma], stdout=out, check=True)
        else:
            run(*command)
    return [(path(name), what) for name, what, _ in files]


def peak_kib(vitrine, file, card):
    """The decode's result line and its maximum resident set size in KiB."""
    done = subprocess.run(["/usr/bin/time", "-v", vitrine, "decode", file, "--cover", card],
                          capture_output=True, text=True)
    peak = int(re.search(r"Maximum resident set size \(kbytes\): (\d+)", done.stderr).group(1))
    result = (done.stdout.splitlines() or ["?"])[0]
    return result, peak


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--vitrine", default=".build/debug/vitrine")
    parser.add_argument("--dir", default="/tmp/vitrine-decode-memory")
    parser.add_argument("--before", help="another vitrine binary (say, main's) to measure side by side")
    parser.add_argument("--cards", default=",".join(CARDS), help="the card sizes, comma-separated")
    args = parser.parse_args()
    cards = args.cards.split(",")
    files = make(args.dir)
    builds = [("before", args.before), ("after", args.vitrine)] if args.before else [("", args.vitrine)]
    baseline = {(name, card): peak_kib(binary, files[0][0], card)[1] for name, binary in builds for card in cards}
    print("baseline (tiny PNG): " + ", ".join(f"{name} {card} {baseline[(name, card)] / 1024:.1f} MiB" for name, _ in builds for card in cards))
    print(f"{'file':<44} {'MB':>5} " + " ".join(f"{(name + ' ' + card).strip():>30}" for card in cards for name, _ in builds))
    worst, worst_refused = {}, {}
    for file, what in files[1:]:
        cells = []
        for card in cards:
            for name, binary in builds:
                result, peak = peak_kib(binary, file, card)
                over = (peak - baseline[(name, card)]) / 1024
                table = worst if result.startswith("ok") else worst_refused
                table[name] = max(table.get(name, 0.0), over)
                cells.append(f"{'+%.1f MiB' % over:>11} {result[:18]:>18}")
        print(f"{what:<44} {os.path.getsize(file) / 1e6:5.1f} " + " ".join(cells))
    for name, _ in builds:
        print(f"{name or 'this build'}: worst accepted +{worst.get(name, 0):.1f} MiB, worst refused +{worst_refused.get(name, 0):.1f} MiB "
              f"(budget {BUDGET_MIB} MiB)")


if __name__ == "__main__":
    main()
