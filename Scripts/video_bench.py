#!/usr/bin/env python3
"""Measures a video card playing in a window under Xvfb, side by side with ffmpeg on the same file.

Makes a 1920x1080 30 fps H.264 clip with ffmpeg (testsrc2, --seconds + 2 long), then:
  1. ffmpeg's CPU time for `ffmpeg -threads 2 -i FILE -t SECONDS -vf scale=1200:800 -f null -`;
  2. `vitrine run --windowed 1200x800 --stats` on a deck of a still card then the video card: CPU time (utime+stime
     of /proc/PID/stat) and PSS (/proc/PID/smaps_rollup) at rest on the still card, then the Right key brings the
     video in and it plays SECONDS; CPU time over those seconds and the highest PSS while playing; the frames drawn
     and over budget while the transition brought it in (SIGUSR1 statistics before the key and 1 s after it);
     the `video stats:` line (frames shown, skipped, first frame after landing); then back to the still card and
     the CPU over 3 s there (the kiosk idle again).
Prints `name value unit` lines.

    python3 Scripts/video_bench.py [--vitrine .build/release/vitrine] [--seconds 20]
"""
import argparse, os, re, resource, signal, subprocess, sys, tempfile, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from xvfb import start_xvfb  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TICKS = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid):
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


def pss_mib(pid):
    for line in open(f"/proc/{pid}/smaps_rollup"):
        if line.startswith("Pss:"):
            return int(line.split()[1]) / 1024
    return 0.0


def stats_lines(path, prefix):
    text = open(path, errors="replace").read()
    return [line.split(prefix, 1)[1] for line in text.splitlines() if prefix in line]


def wait_for(condition, seconds, what):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(0.05)
    raise RuntimeError(f"timed out waiting for {what}")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--vitrine", default=os.path.join(ROOT, ".build/release/vitrine"))
    parser.add_argument("--seconds", type=float, default=20)
    args = parser.parse_args()
    work = tempfile.mkdtemp(prefix="vitrine-video-bench-")
    clip = os.path.join(work, "clip.mp4")
    subprocess.run(["ffmpeg", "-v", "error", "-nostdin", "-y", "-f", "lavfi", "-i",
                    f"testsrc2=size=1920x1080:rate=30:duration={args.seconds + 2}", "-pix_fmt", "yuv420p", "-c:v", "libx264", clip],
                   check=True)

    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    began = time.monotonic()
    subprocess.run(["ffmpeg", "-v", "error", "-nostdin", "-threads", "2", "-i", clip, "-t", str(args.seconds),
                    "-vf", "scale=1200:800", "-f", "null", "-"], check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    ffmpeg_cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    print(f"ffmpeg_cpu {ffmpeg_cpu:.2f} s  (decoding {args.seconds:g} s as fast as it can, {time.monotonic() - began:.2f} s wall)")

    config = os.path.join(work, "kiosk.json")
    still = os.path.join(ROOT, "Assets/Demo/canyon.jpg")
    with open(config, "w") as f:
        f.write('{"cards": [{"title": "Still", "image": "%s"}, {"title": "Clip", "subtitle": "1920x1080 at 30 fps", "video": "clip.mp4"}]}' % still)
    server, display = start_xvfb(1280, 1024)
    log = os.path.join(work, "vitrine.err")
    env = dict(os.environ, DISPLAY=display, SDL_VIDEODRIVER="x11")
    app = subprocess.Popen([args.vitrine, "run", "--config", config, "--windowed", "1200x800", "--stats"], env=env,
                           stdout=subprocess.DEVNULL, stderr=open(log, "w"))
    try:
        wait_for(lambda: "first frame shown" in open(log).read(), 20, "the first frame")
        time.sleep(3)  # The start-up is over and the idle chores have run.
        rest_pss = pss_mib(app.pid)
        cpu0 = cpu_seconds(app.pid)
        time.sleep(3)
        print(f"rest_cpu {100 * (cpu_seconds(app.pid) - cpu0) / 3:.1f} %  (on the still card, over 3 s)")
        print(f"rest_pss {rest_pss:.1f} MiB")

        app.send_signal(signal.SIGUSR1)
        wait_for(lambda: len(stats_lines(log, "info: stats: ")) >= 1, 5, "statistics")
        subprocess.run(["xdotool", "key", "Right"], env=env, check=True)
        start = time.monotonic()
        cpu0 = cpu_seconds(app.pid)
        time.sleep(1)
        app.send_signal(signal.SIGUSR1)
        wait_for(lambda: len(stats_lines(log, "info: stats: ")) >= 2, 5, "statistics")
        peak = 0.0
        while time.monotonic() - start < args.seconds:
            peak = max(peak, pss_mib(app.pid))
            time.sleep(0.5)
        play_cpu = cpu_seconds(app.pid) - cpu0
        print(f"play_cpu {play_cpu:.2f} s  (over {args.seconds:g} s from the key: the slide in, then playing)")
        print(f"play_vs_ffmpeg {play_cpu / ffmpeg_cpu:.2f} x  (target at most 1.3)")
        print(f"play_pss_peak {peak:.1f} MiB")
        print(f"play_pss_over_rest {peak - rest_pss:.1f} MiB  (target at most 48)")
        earlier = len(stats_lines(log, "video stats: "))
        app.send_signal(signal.SIGUSR1)
        wait_for(lambda: len(stats_lines(log, "video stats: ")) > earlier, 5, "video statistics")
        first, second = stats_lines(log, "info: stats: ")[:2]
        count = lambda line, pattern: int(re.search(pattern, line).group(1))
        drawn = count(second, r"^(\d+) frames") - count(first, r"^(\d+) frames")
        over = count(second, r"(\d+) over the") - count(first, r"(\d+) over the")
        print(f"transition_frames {drawn} frames  (the slide bringing the video in and its first second)")
        print(f"transition_over_budget {over} frames  (over 1/60 s)")
        print("video " + stats_lines(log, "video stats: ")[-1])

        subprocess.run(["xdotool", "key", "Left"], env=env, check=True)
        time.sleep(2)
        cpu0 = cpu_seconds(app.pid)
        time.sleep(3)
        print(f"after_cpu {100 * (cpu_seconds(app.pid) - cpu0) / 3:.1f} %  (back on the still card, over 3 s)")
    finally:
        app.terminate()
        app.wait(10)
        server.terminate()
        server.wait()


if __name__ == "__main__":
    main()
