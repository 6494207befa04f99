#!/usr/bin/env python3
"""Time to the first picture of `vitrine run` (and of feh on the same images, when given), to the millisecond,
in a fresh Xvfb: runs alternate, and the medians are printed last.

usage: first_picture.py [--runs N] [--size WxH] [--feh IMAGE_OR_DIR] [--vitrine PATH] [--probe PATH] CONFIG

The probe is Scripts/first_picture.c built (`make bench-first-picture` builds it). It watches the pixel a third of
the way across and down the screen, inside the card in every fit."""
import argparse, os, statistics, subprocess, sys
from xvfb import start_xvfb

ap = argparse.ArgumentParser()
ap.add_argument("config")
ap.add_argument("--runs", type=int, default=10)
ap.add_argument("--size", default="1200x800")
ap.add_argument("--feh", help="an image, or the deck's images folder, to time feh -F on it in the same run")
ap.add_argument("--vitrine", default=".build/release/vitrine")
ap.add_argument("--probe", default=".build/first_picture")
a = ap.parse_args()
w, h = map(int, a.size.split("x"))

xvfb, display = start_xvfb(w, h)

programs = {"vitrine": [a.vitrine, "run", "--config", a.config, "--windowed", a.size]}
if a.feh:
    programs["feh"] = ["feh", "-F", "-Y", "-D", "30", a.feh]
times = {name: [] for name in programs}
try:
    for run in range(a.runs):
        for name, command in programs.items():
            result = subprocess.run([a.probe, display, str(w // 3), str(h // 3), "--", *command],
                                    capture_output=True, text=True)
            out = result.stdout.strip()
            if not out:
                print(f"{name}: the probe failed: {result.stderr.strip()}", file=sys.stderr)
            times[name].append(float(out or -1))
            print(f"{name} {times[name][-1]:.1f} ms", flush=True)
finally:
    xvfb.terminate()
    xvfb.wait()
for name, values in times.items():
    lit = [v for v in values if v >= 0]
    if len(lit) < len(values):
        print(f"{name}: {len(values) - len(lit)} runs showed nothing within 5 s and are left out", file=sys.stderr)
    if lit:
        print(f"median {name}: {statistics.median(lit):.1f} ms (min {min(lit):.1f}, max {max(lit):.1f}, {len(lit)} runs)")
