#!/usr/bin/env python3
"""Starts and quits `vitrine run` many times under Xvfb and counts the quits that did not exit cleanly.

Each cycle waits for "first frame shown", pages once (a key press), then quits one of three ways, in turn:
Escape right after the key, SIGTERM, or SIGINT with a flood of SIGUSR1 sent while it quits. A clean quit exits 0
and prints no X error. Prints one line per way and a summary; exits 1 if any quit was not clean.

    python3 Scripts/quit_cycles.py --cycles 300 [--binary .build/release/vitrine] [--config Config/kiosk.json]
"""
import argparse, os, signal, subprocess, sys, time

sys.path.insert(0, os.path.dirname(__file__))
from xvfb import start_xvfb  # noqa: E402



def wait_for(predicate, seconds):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.005)
    return predicate()


def cycle(binary, config, display, way, err_path):
    env = dict(os.environ, DISPLAY=display, SDL_VIDEODRIVER="x11")
    with open(err_path, "w") as err:
        app = subprocess.Popen([binary, "run", "--config", config, "--windowed", "600x400"], env=env,
                               stdout=subprocess.DEVNULL, stderr=err)
    shown = wait_for(lambda: "first frame shown" in open(err_path).read(), 10)
    if not shown:
        app.kill()
        app.wait()
        return "no first frame", open(err_path).read()
    subprocess.run(["xdotool", "key", "Right"], env=env, check=True)
    if way == "escape":
        subprocess.run(["xdotool", "key", "Escape"], env=env, check=True)
    elif way == "sigterm":
        app.send_signal(signal.SIGTERM)
    else:
        app.send_signal(signal.SIGINT)
        for _ in range(200):
            try:
                app.send_signal(signal.SIGUSR1)
            except ProcessLookupError:
                break
    try:
        code = app.wait(10)
    except subprocess.TimeoutExpired:
        app.kill()
        app.wait()
        return "hung", open(err_path).read()
    text = open(err_path).read()
    if code != 0 or "X Error" in text:
        return f"exit {code}", text
    return None, text


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--cycles", type=int, default=300)
    parser.add_argument("--binary", default=".build/release/vitrine")
    parser.add_argument("--config", default="Config/kiosk.json")
    args = parser.parse_args()
    server, display = start_xvfb(1280, 800)
    ways = ["escape", "sigterm", "sigint+usr1"]
    counts = {way: [0, 0] for way in ways}
    err_path = f"/tmp/vitrine-quit-{os.getpid()}.err"
    try:
        for n in range(args.cycles):
            way = ways[n % len(ways)]
            failure, text = cycle(args.binary, args.config, display, way, err_path)
            counts[way][0] += 1
            if failure:
                counts[way][1] += 1
                last = [line for line in text.splitlines() if line.strip()][-3:]
                print(f"cycle {n} ({way}): {failure}: {' | '.join(last)}", flush=True)
    finally:
        server.terminate()
        server.wait()
        if os.path.exists(err_path):
            os.remove(err_path)
    for way in ways:
        print(f"{way}: {counts[way][1]} of {counts[way][0]} quits not clean")
    failed = sum(c[1] for c in counts.values())
    print(f"all: {failed} of {args.cycles} quits not clean")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
