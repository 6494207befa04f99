#!/usr/bin/env python3
"""Measures an animated GIF (or WebP) card playing in a window under Xvfb: its memory and CPU over the kiosk at rest.

Makes two looping GIFs with ffmpeg (testsrc2 at 10 fps: 480x270 for 10 s, 1920x1080 for 3 s; with --webp, animated
WebPs the same with libwebp_anim at quality 75), then for each
runs `vitrine run --windowed 1200x800 --stats` on a deck of a still card and the GIF's card:
  → on the still card, PSS (/proc/PID/smaps_rollup) and CPU at rest;
  → brings the GIF in (one key), waits --settle seconds, then over --seconds: the CPU time (utime+stime of
    /proc/PID/stat) and the highest PSS (sampled every 0.5 s; with --smaps, where it grew from rest, by mapping);
    the `video stats:` line (frames shown and skipped).
Prints `name value unit` lines, the GIF's size in each name.

    python3 Scripts/anim_bench.py [--vitrine .build/release/vitrine] [--seconds 20] [--display :191] [--smaps] [--webp]
"""
import argparse, os, subprocess, sys, tempfile, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from video_bench import Kiosk, cpu_seconds, pss_mib, smaps_by_mapping, stats_lines, wait_for  # noqa: E402
from xvfb import start_xvfb  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GIFS = (("480x270", 10), ("1920x1080", 3))


def make_animation(path, size, seconds):
    codec = ["-c:v", "libwebp_anim", "-quality", "75"] if path.endswith(".webp") else []
    subprocess.run(["ffmpeg", "-v", "error", "-nostdin", "-y", "-f", "lavfi", "-i",
                    f"testsrc2=size={size}:rate=10:duration={seconds}", *codec, "-loop", "0", path], check=True)


def measure(args, work, gif, name, display):
    config = os.path.join(work, f"kiosk-{name}.json")
    demo = os.path.join(ROOT, "Assets/Demo")
    still = os.path.join(demo, sorted(f for f in os.listdir(demo) if f.endswith(".jpg"))[0])
    with open(config, "w") as f:
        f.write('{"cards": [{"title": "Still", "image": "%s"}, {"title": "Moving", "subtitle": "%s %s", "image": "%s"}]}'
                % (still, name, "WebP" if gif.endswith(".webp") else "GIF", gif))
    log = os.path.join(work, f"vitrine-{name}.err")
    env = dict(os.environ, DISPLAY=display, SDL_VIDEODRIVER="x11")
    app = subprocess.Popen([args.vitrine, "run", "--config", config, "--windowed", "1200x800", "--stats"], env=env,
                           stdout=subprocess.DEVNULL, stderr=open(log, "w"))
    kiosk = Kiosk(app, log)
    try:
        wait_for(lambda: "first frame shown" in open(log).read(), 20, "the first frame")
        time.sleep(3)  # The start-up is over and the idle chores have run.
        rest_pss = pss_mib(app.pid)
        at_rest = smaps_by_mapping(app.pid) if args.smaps else {}
        cpu0 = cpu_seconds(app.pid)
        time.sleep(2)
        print(f"{name}_rest_cpu {100 * (cpu_seconds(app.pid) - cpu0) / 2:.1f} %  (on the still card, over 2 s)")
        print(f"{name}_rest_pss {rest_pss:.1f} MiB")
        subprocess.run(["xdotool", "key", "Right"], env=env, check=True)
        time.sleep(args.settle)
        kiosk.stats()
        shown0 = stats_lines(log, "video stats: ")
        start, cpu0, peak, where = time.monotonic(), cpu_seconds(app.pid), 0.0, None
        while time.monotonic() - start < args.seconds:
            now = pss_mib(app.pid)
            if now > peak:
                peak = now
                if args.smaps:
                    where = smaps_by_mapping(app.pid)
            time.sleep(0.5)
        play_cpu = cpu_seconds(app.pid) - cpu0
        elapsed = time.monotonic() - start
        kiosk.stats()
        print(f"{name}_play_cpu {play_cpu:.2f} s  (over {elapsed:.1f} s playing, {100 * play_cpu / elapsed:.1f} % of a core)")
        print(f"{name}_play_pss_over_rest {peak - rest_pss:.1f} MiB  (highest while playing: {peak:.1f} MiB)")
        for line in (shown0[-1:] if shown0 else []) + stats_lines(log, "video stats: ")[-1:]:
            print(f"{name}_video {line}")
        if where:
            grown = {key: kib - at_rest.get(key, 0) for key, kib in where.items()}
            for key, kib in sorted(grown.items(), key=lambda item: -abs(item[1]))[:24]:
                print(f"  pss {kib / 1024:+6.1f} MiB  {key}  ({where[key] / 1024:.1f} MiB)")
    finally:
        app.terminate()
        app.wait(10)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--vitrine", default=os.path.join(ROOT, ".build/release/vitrine"))
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--settle", type=float, default=3, help="seconds from the key before measuring")
    parser.add_argument("--display", help="the Xvfb display number to start, such as :191 (else one is picked)")
    parser.add_argument("--smaps", action="store_true", help="print where the PSS grew, by mapping, at its peak")
    parser.add_argument("--only", help="measure only this size (480x270 or 1920x1080)")
    parser.add_argument("--webp", action="store_true", help="animated WebPs rather than GIFs")
    args = parser.parse_args()
    work = tempfile.mkdtemp(prefix="vitrine-anim-bench-")
    print(f"load {os.getloadavg()[0]:.1f}  (the machine's one-minute load average at the start)")
    server, display = start_xvfb(1280, 1024, args.display)
    try:
        for size, seconds in GIFS:
            if args.only and args.only != size:
                continue
            gif = os.path.join(work, f"{size}.{'webp' if args.webp else 'gif'}")
            make_animation(gif, size, seconds)
            measure(args, work, gif, size, display)
    finally:
        server.terminate()
        server.wait()


if __name__ == "__main__":
    main()
