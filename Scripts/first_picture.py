#!/usr/bin/env python3
"""Time to the first picture of `vitrine run` (and of feh on the same images, when given), to the millisecond,
in a fresh Xvfb: runs alternate, and the medians are printed last.

usage: first_picture.py [--runs N] [--size WxH] [--fullscreen] [--feh IMAGE_OR_DIR] [--vitrine [NAME=]PATH]...
                        [--cache DIR] [--probe PATH] CONFIG

The probe is Scripts/first_picture.c built (`make bench-first-picture` builds it). It watches the pixel a third of
the way across and down the screen, inside the card in every fit.

vitrine runs in a window of the screen's size, or with --fullscreen covering the screen (as feh -F does).

--vitrine may be given more than once (NAME=PATH, for a build before and after a change), all interleaved.
Without --cache, vitrine runs with no composed-card cache (a cold start: XDG_CACHE_HOME and CACHE_DIRECTORY unset).
With --cache DIR, each vitrine keeps its cache in a folder of its own under DIR, filled by one run before the timed
ones (a restart)."""
import argparse, os, shutil, statistics, subprocess, sys
from xvfb import start_xvfb

ap = argparse.ArgumentParser()
ap.add_argument("config")
ap.add_argument("--runs", type=int, default=10)
ap.add_argument("--size", default="1200x800")
ap.add_argument("--fullscreen", action="store_true", help="run vitrine with --fullscreen instead of --windowed SIZE")
ap.add_argument("--feh", help="an image, or the deck's images folder, to time feh -F on it in the same run")
ap.add_argument("--vitrine", action="append", help="[NAME=]PATH of a vitrine binary (default .build/release/vitrine)")
ap.add_argument("--cache", help="time restarts: a composed-card cache folder per vitrine under this folder, filled first")
ap.add_argument("--probe", default=".build/first_picture")
a = ap.parse_args()
w, h = map(int, a.size.split("x"))

xvfb, display = start_xvfb(w, h)

programs, environments = {}, {}
base = {k: v for k, v in os.environ.items() if k not in ("XDG_CACHE_HOME", "CACHE_DIRECTORY")}
for spec in a.vitrine or [".build/release/vitrine"]:
    name, path = spec.split("=", 1) if "=" in spec else ("vitrine" if not a.vitrine or len(a.vitrine) == 1 else spec, spec)
    programs[name] = [path, "run", "--config", a.config] + (["--fullscreen"] if a.fullscreen else ["--windowed", a.size])
    environments[name] = dict(base)
    if a.cache:
        folder = os.path.join(a.cache, name.replace("/", "_"))
        shutil.rmtree(folder, ignore_errors=True)
        os.makedirs(folder)
        environments[name]["CACHE_DIRECTORY"] = folder
if a.feh:
    programs["feh"] = ["feh", "-F", "-Y", "-D", "30", a.feh]
times = {name: [] for name in programs}
try:
    if a.cache:  # One untimed run each fills its cache (written in the background after the first picture).
        for name in environments:
            folder = environments[name]["CACHE_DIRECTORY"]
            for attempt in range(3):
                subprocess.run([a.probe, display, str(w // 3), str(h // 3), "--", *programs[name]], capture_output=True,
                               env=environments[name])
                if any(f.startswith("card-") and ".tmp." not in f for f in os.listdir(folder)):
                    break
            else:
                print(f"{name}: no cache entry was written in {folder}; its runs are cold starts", file=sys.stderr)
    for run in range(a.runs):
        for name, command in programs.items():
            result = subprocess.run([a.probe, display, str(w // 3), str(h // 3), "--", *command],
                                    capture_output=True, text=True, env=environments.get(name))
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
