#!/usr/bin/env python3
"""Counts the SIGTERMs that kill `vitrine run` (exit 143) after its main function has started.

Each run starts `vitrine run` under Xvfb, and DELAY ms after the start sends SIGUSR1, then SIGTERM 1 ms later,
for DELAY from --from to --to ms in 2 ms steps, --reps times over. The kernel delivers the lower-numbered SIGUSR1
first, so the exit tells what the process had in place when the signals came:

  killed by SIGUSR1 (138)   main had not run yet (its first line catches SIGHUP and SIGUSR1): nothing to fix here
  killed by SIGTERM (143)   main had run, but SIGTERM was not caught yet: a stop lost at start-up (the defect)
  exit 0                    the stop was caught and the kiosk quit in order

Prints one line per run killed by SIGTERM and a summary; exits 1 if any was.

    python3 Scripts/start_signal_gap.py [--binary .build/release/vitrine] [--config Config/kiosk.json]
                                        [--display :N] [--kiosk] [--reps 6] [--from 4] [--to 28]
"""
import argparse, collections, os, signal, subprocess, sys, time

sys.path.insert(0, os.path.dirname(__file__))
from xvfb import start_xvfb  # noqa: E402


def spin(seconds):
    """Waits `seconds` by the monotonic clock without sleeping: a sleep's wake-up is late by more than 1 ms."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        pass


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", default=".build/release/vitrine")
    parser.add_argument("--config", default="Config/kiosk.json")
    parser.add_argument("--display", help="an X server to use (default: start Xvfb)")
    parser.add_argument("--kiosk", action="store_true", help="run with --kiosk (default: --windowed 600x400)")
    parser.add_argument("--reps", type=int, default=6)
    parser.add_argument("--from", dest="start", type=int, default=4)
    parser.add_argument("--to", dest="end", type=int, default=28)
    options = parser.parse_args()
    server, display = (None, options.display) if options.display else start_xvfb(1280, 800)
    env = dict(os.environ, DISPLAY=display, SDL_VIDEODRIVER="x11")
    mode = ["--kiosk"] if options.kiosk else ["--windowed", "600x400"]
    outcomes = collections.Counter()
    try:
        for _ in range(options.reps):
            for delay in range(options.start, options.end + 1, 2):
                began = time.monotonic()
                app = subprocess.Popen([options.binary, "run", "--config", options.config] + mode, env=env,
                                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                spin(delay / 1000 - (time.monotonic() - began))
                app.send_signal(signal.SIGUSR1)
                spin(0.001)
                app.send_signal(signal.SIGTERM)
                try:
                    code = app.wait(20)
                except subprocess.TimeoutExpired:
                    app.kill()
                    app.wait()
                    code = "hung"
                name = {-signal.SIGUSR1: "SIGUSR1 (before main)", -signal.SIGTERM: "SIGTERM (after main)", 0: "exit 0"}
                outcomes[name.get(code, f"exit {code}")] += 1
                if code == -signal.SIGTERM:
                    print(f"{delay} ms: SIGUSR1 was caught, SIGTERM 1 ms later killed it (143)", flush=True)
    finally:
        if server:
            server.terminate()
            server.wait()
    print(", ".join(f"{name}: {count}" for name, count in sorted(outcomes.items())))
    return 1 if outcomes["SIGTERM (after main)"] else 0


if __name__ == "__main__":
    sys.exit(main())
