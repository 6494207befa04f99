#!/usr/bin/env python3
"""Swipes through a deck in `vitrine run` under a fresh Xvfb, as a finger would, and prints the --stats line and
the process's memory (PSS) after the first swipes through the whole deck and at the end.

usage: swipe_smoothness.py [--swipes N] [--cards N] [--size WxH] [--pause S] [--vitrine PATH] CONFIG

Each swipe is a mouse drag across half the window to the left (xdotool), then a pause long enough for the card to
settle and for the next neighbour's picture to be prepared in the background. The stats line says how many frames
took longer than the 1/60 s budget, in all and after the first second (start-up). Needs xvfb and xdotool."""
import argparse, os, re, signal, subprocess, sys, time
from xvfb import start_xvfb

ap = argparse.ArgumentParser()
ap.add_argument("config")
ap.add_argument("--swipes", type=int, default=20)
ap.add_argument("--cards", type=int, default=10, help="cards in the deck: PSS is read once this many swipes are done")
ap.add_argument("--size", default="1200x800")
ap.add_argument("--pause", type=float, default=0.5, help="seconds between swipes")
ap.add_argument("--vitrine", default=".build/release/vitrine")
a = ap.parse_args()
w, h = map(int, a.size.split("x"))

xvfb, display = start_xvfb(w, h)
env = dict(os.environ, DISPLAY=display)
app = subprocess.Popen([a.vitrine, "run", "--config", a.config, "--windowed", a.size, "--stats", *(["--events", os.environ["EVENTS"]] if "EVENTS" in os.environ else [])], env=env,
                       stderr=subprocess.PIPE, text=True)


def pss_mib(pid):
    for line in open(f"/proc/{pid}/smaps_rollup"):
        if line.startswith("Pss:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def xdotool(*args):
    subprocess.run(["xdotool", *map(str, args)], env=env, check=True)


try:
    line = app.stderr.readline()
    if "first frame shown" not in line:
        sys.exit(f"swipe_smoothness: vitrine did not start: {line.strip()}")
    time.sleep(1.5)  # Past the first second, and the neighbours are ready.
    y = h // 2
    first_pass = None
    for done in range(a.swipes):
        if done == a.cards:
            time.sleep(1.0)  # Idle: the heap is trimmed.
            first_pass = pss_mib(app.pid)
        xdotool("mousemove", w * 3 // 4, y, "mousedown", "1")
        for step in range(1, 11):  # About 160 ms across half the window: a brisk swipe.
            xdotool("mousemove", w * 3 // 4 - step * (w // 20), y)
            time.sleep(0.016)
        xdotool("mouseup", "1")
        time.sleep(a.pause)
    time.sleep(1.0)
    end = pss_mib(app.pid)
    app.send_signal(signal.SIGTERM)
    _, errors = app.communicate(timeout=10)
    stats = [l for l in errors.splitlines() if "stats:" in l]
    print(re.sub(r"^.*stats: ", "", stats[-1]) if stats else errors)
    first = f"{first_pass:.1f} MiB after {a.cards} swipes, " if first_pass is not None else ""
    print(f"PSS {first}{end:.1f} MiB after {a.swipes}")
finally:
    if app.poll() is None:
        app.kill()
    xvfb.terminate()
    xvfb.wait()
