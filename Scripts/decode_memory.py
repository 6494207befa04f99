#!/usr/bin/env python3
"""Prints the peak memory `vitrine decode` takes for large accepted images, over a tiny image's, in MiB.

    python3 Scripts/decode_memory.py [--vitrine .build/debug/vitrine] [--dir /tmp/vitrine-decode-memory]

A benchmark, not a test: it makes the files once (kept in --dir; the 54-megapixel plasma takes about a minute,
the HEIC a few), then runs `vitrine decode FILE --cover WxH` under `/usr/bin/time -v` for the default window's card
(1200x800), a full-HD kiosk's (1920x1280) and the 4K guess made before the window's size is known
(ImageLimits.defaultDecodeSize, 3840x2560), and reads "Maximum resident set size"; a refused file's figure is what
it took before its refusal. The budget is ImageLimits.decodeMemoryBytes (96 MiB), the file's own bytes included
when a decoder holds them; HEIC and AVIF have ImageLimits.heifDecodeMemoryBytes (160 MiB), so that 12-megapixel
phone photos are shown. `vitrine decode` decodes as the kiosk's card preparer does, which then frees the
decoder's buffers and scales the picture into a card surface (1920x1280: 9.4 MiB); the kiosk's first JPEG card is
decoded row by row straight into its card (JPEGCardStream), with less. Needs ImageMagick's convert (with HEIC and
AVIF) and jpegtran (libjpeg-turbo-progs).
"""
import argparse
import os
import re
import subprocess
import sys

BUDGET_MIB = 96
HEIF_BUDGET_MIB = 160
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
    args = parser.parse_args()
    files = make(args.dir)
    baseline = {card: peak_kib(args.vitrine, files[0][0], card)[1] for card in CARDS}
    print(f"baseline (tiny PNG): " + ", ".join(f"{card} {baseline[card] / 1024:.1f} MiB" for card in CARDS))
    print(f"{'file':<36} {'MB':>6} " + " ".join(f"{'card ' + card:>30}" for card in CARDS))
    worst, worst_refused = 0.0, 0.0
    for file, what in files[1:]:
        cells = []
        for card in CARDS:
            result, peak = peak_kib(args.vitrine, file, card)
            over = (peak - baseline[card]) / 1024
            if result.startswith("ok"):
                worst = max(worst, over)
            else:
                worst_refused = max(worst_refused, over)
            cells.append(f"{'+%.1f MiB' % over:>11} {result[:18]:>18}")
        print(f"{what:<36} {os.path.getsize(file) / 1e6:6.1f} " + " ".join(cells))
    print(f"worst accepted: +{worst:.1f} MiB, worst refused: +{worst_refused:.1f} MiB (budget {BUDGET_MIB} MiB, {HEIF_BUDGET_MIB} MiB for HEIC/AVIF)")


if __name__ == "__main__":
    main()
