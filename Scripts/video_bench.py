#!/usr/bin/env python3
"""Measures a video card playing in a window under Xvfb, side by side with ffmpeg on the same file.

Makes a 1920x1080 30 fps H.264 clip with ffmpeg (testsrc2, --seconds + 2 long), then:
  1. ffmpeg's CPU time for `ffmpeg -threads 2 -i FILE -t SECONDS -vf scale=1200:800 -f null -`;
  2. `vitrine run --windowed 1200x800 --stats` on a deck of two still cards, the video card and a still card:
     → from the first still card to the second (a transition with no video: the machine's own frame times, the
     control), then CPU time (utime+stime of /proc/PID/stat) and PSS (/proc/PID/smaps_rollup) at rest there;
     → brings the video in and it plays SECONDS: CPU time over those seconds and the highest PSS while playing
     (read every --sample-ms, 20 ms, from the key: the highest, when, and the highest in each quarter second of
     the first four; with --smaps, where it grew from rest, by mapping, at that peak); the frames drawn and over budget while the slide
     brings it in, and while the next slide takes it away (SIGUSR1 statistics before each key and 1 s after it,
     and the kiosk's own `transition stats:` count of frames drawn while cards moved, when it has one); the
     `video stats:` line (frames shown, skipped, first frame after landing); then the CPU over 3 s on the last
     still card (the kiosk idle again).
Prints `name value unit` lines.

    python3 Scripts/video_bench.py [--vitrine .build/release/vitrine] [--seconds 20] [--display :161] [--smaps] [--sample-ms 20]
"""
import argparse, os, re, resource, signal, subprocess, sys, tempfile, threading, time

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


def smaps_by_mapping(pid):
    """PSS in KiB by mapping: a file or [heap] by its name, anonymous ones each by their address range and size."""
    found, name = {}, None
    for line in open(f"/proc/{pid}/smaps"):
        head = line.split()
        if re.match(r"^[0-9a-f]+-[0-9a-f]+ ", line):
            start, end = (int(x, 16) for x in head[0].split("-"))
            path = head[5] if len(head) > 5 else ""
            name = os.path.basename(path) if path.startswith("/") else path or f"anon {(end - start) >> 10} KiB @{head[0][:12]}"
        elif head and head[0] == "Pss:":
            found[name] = found.get(name, 0) + int(head[1])
    return found


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


def count(line, pattern):
    match = re.search(pattern, line)
    return int(match.group(1)) if match else 0


class PssSampler(threading.Thread):
    """Reads the kiosk's PSS every `interval` seconds from its start until ``finish()``: (seconds since the start,
    MiB) in ``samples``, and with `smaps`, PSS by mapping at the highest sample in ``where``."""

    def __init__(self, pid, interval, smaps):
        super().__init__(daemon=True)
        self.pid, self.interval, self.smaps = pid, interval, smaps
        self.samples, self.where, self.done = [], None, threading.Event()
        self.later_at, self.later = None, None

    def run(self):
        began, peak = time.monotonic(), 0.0
        while not self.done.is_set():
            now = pss_mib(self.pid)
            self.samples.append((time.monotonic() - began, now))
            if now > peak:
                peak = now
                if self.smaps:
                    self.where = smaps_by_mapping(self.pid)
            if self.later_at is not None and self.later is None and time.monotonic() - began >= self.later_at:
                self.later = smaps_by_mapping(self.pid)
            self.done.wait(self.interval)

    def finish(self):
        self.done.set()
        self.join()


class Kiosk:
    """The kiosk under measurement: its process, its log and the statistics it writes on SIGUSR1."""

    def __init__(self, app, log):
        self.app, self.log = app, log

    def stats(self):
        """Asks for the statistics and waits for them: the `stats:` and `transition stats:` lines, as written."""
        earlier = len(stats_lines(self.log, "info: stats: "))
        self.app.send_signal(signal.SIGUSR1)
        wait_for(lambda: len(stats_lines(self.log, "info: stats: ")) > earlier, 5, "statistics")
        moving = stats_lines(self.log, "info: transition stats: ")
        return stats_lines(self.log, "info: stats: ")[-1], (moving[-1] if moving else None)

    def key_and_count(self, key, env, name):
        """Presses `key`, and prints the frames drawn and over budget in the second after it."""
        before, moving_before = self.stats()
        subprocess.run(["xdotool", "key", key], env=env, check=True)
        time.sleep(1)
        after, moving_after = self.stats()
        drawn = count(after, r"^(\d+) frames") - count(before, r"^(\d+) frames")
        over = count(after, r"(\d+) over the") - count(before, r"(\d+) over the")
        print(f"{name}_frames {drawn} frames  (the second from the key)")
        print(f"{name}_over_budget {over} frames  (over 1/60 s in that second)")
        if moving_after is not None:
            moved = count(moving_after, r"^(\d+) frames") - (count(moving_before, r"^(\d+) frames") if moving_before else 0)
            moved_over = count(moving_after, r"(\d+) over the") - (count(moving_before, r"(\d+) over the") if moving_before else 0)
            print(f"{name}_moving_over_budget {moved_over} of {moved} frames  (drawn while the cards moved)")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--vitrine", default=os.path.join(ROOT, ".build/release/vitrine"))
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--display", help="the Xvfb display number to start, such as :161 (else one is picked)")
    parser.add_argument("--smaps", action="store_true", help="print where the PSS goes, by mapping, at its peak while playing")
    parser.add_argument("--sample-ms", type=float, default=20, help="how often PSS is read from the key, in ms")
    parser.add_argument("--trace", type=float, default=0, help="print every PSS sample of this many seconds from the key")
    parser.add_argument("--clip", help="play this file instead of making one (ffmpeg is timed on it all the same)")
    args = parser.parse_args()
    work = tempfile.mkdtemp(prefix="vitrine-video-bench-")
    clip = os.path.join(work, "clip.mp4")
    if args.clip:
        clip = os.path.abspath(args.clip)
    else:
        subprocess.run(["ffmpeg", "-v", "error", "-nostdin", "-y", "-f", "lavfi", "-i",
                        f"testsrc2=size=1920x1080:rate=30:duration={args.seconds + 2}", "-pix_fmt", "yuv420p", "-c:v", "libx264", clip],
                       check=True)
    print(f"load {os.getloadavg()[0]:.1f}  (the machine's one-minute load average at the start)")

    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    began = time.monotonic()
    subprocess.run(["ffmpeg", "-v", "error", "-nostdin", "-threads", "2", "-i", clip, "-t", str(args.seconds),
                    "-vf", "scale=1200:800", "-f", "null", "-"], check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    ffmpeg_cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    print(f"ffmpeg_cpu {ffmpeg_cpu:.2f} s  (decoding {args.seconds:g} s as fast as it can, {time.monotonic() - began:.2f} s wall)")

    config = os.path.join(work, "kiosk.json")
    demo = os.path.join(ROOT, "Assets/Demo")
    stills = sorted(f for f in os.listdir(demo) if f.endswith(".jpg"))
    first, still, last = (os.path.join(demo, stills[i % len(stills)]) for i in (1, 0, 2))
    with open(config, "w") as f:
        f.write('{"cards": [{"title": "First", "image": "%s"}, {"title": "Still", "image": "%s"}, '
                '{"title": "Clip", "subtitle": "1920x1080 at 30 fps", "video": "%s"}, {"title": "Last", "image": "%s"}]}'
                % (first, still, clip, last))
    server, display = start_xvfb(1280, 1024, args.display)
    log = os.path.join(work, "vitrine.err")
    env = dict(os.environ, DISPLAY=display, SDL_VIDEODRIVER="x11")
    app = subprocess.Popen([args.vitrine, "run", "--config", config, "--windowed", "1200x800", "--stats"], env=env,
                           stdout=subprocess.DEVNULL, stderr=open(log, "w"))
    kiosk = Kiosk(app, log)
    try:
        wait_for(lambda: "first frame shown" in open(log).read(), 20, "the first frame")
        time.sleep(2)
        kiosk.key_and_count("Right", env, "still_transition")
        time.sleep(3)  # The start-up is over and the idle chores have run.
        rest_pss = pss_mib(app.pid)
        at_rest = smaps_by_mapping(app.pid) if args.smaps else {}
        cpu0 = cpu_seconds(app.pid)
        time.sleep(3)
        print(f"rest_cpu {100 * (cpu_seconds(app.pid) - cpu0) / 3:.1f} %  (on the still card, over 3 s)")
        print(f"rest_pss {rest_pss:.1f} MiB")

        sampler = PssSampler(app.pid, args.sample_ms / 1000, args.smaps)
        start = time.monotonic()
        cpu0 = cpu_seconds(app.pid)
        sampler.start()
        kiosk.key_and_count("Right", env, "transition")
        while time.monotonic() - start < args.seconds:
            time.sleep(0.1)
        sampler.finish()
        peak_at, peak = max(sampler.samples, key=lambda sample: sample[1])
        steady = max((pss for at, pss in sampler.samples if at > 2.5), default=0.0)  # Past the slide and the landing.
        where = sampler.where
        play_cpu = cpu_seconds(app.pid) - cpu0
        print(f"play_cpu {play_cpu:.2f} s  (over {args.seconds:g} s from the key: the slide in, then playing)")
        print(f"play_vs_ffmpeg {play_cpu / ffmpeg_cpu:.2f} x  (target at most 1.3)")
        print(f"play_pss_peak {peak:.1f} MiB")
        print(f"play_pss_over_rest {peak - rest_pss:.1f} MiB  (target at most 48; from the key: the slide in and the landing too)")
        print(f"play_pss_steady_over_rest {steady - rest_pss:.1f} MiB  (from 2.5 s after the key: playing alone)")
        print(f"play_pss_peak_at {peak_at:.2f} s  (after the key; {len(sampler.samples)} samples every {args.sample_ms:g} ms)")
        # The highest over rest in each quarter second of the first four: the slide in, the landing, the first trims.
        print("play_pss_timeline " + " ".join(
            f"{max((pss for at, pss in sampler.samples if q / 4 <= at < (q + 1) / 4), default=rest_pss) - rest_pss:.0f}"
            for q in range(16)) + "  MiB over rest, highest in each 0.25 s from the key")
        if args.trace:
            print("play_pss_trace " + " ".join(f"{at:.2f}:{pss - rest_pss:.0f}" for at, pss in sampler.samples if at < args.trace))
        if where:
            # Where the growth over rest went: each mapping's PSS at the peak less its PSS at rest.
            grown = {name: kib - at_rest.get(name, 0) for name, kib in where.items()}
            new = sum(kib for name, kib in where.items() if name not in at_rest and not name.startswith("anon"))
            print(f"  files mapped only while playing (FFmpeg and what it links): {new / 1024:.1f} MiB")
            for name, kib in sorted(grown.items(), key=lambda item: -abs(item[1]))[:16]:
                print(f"  pss {kib / 1024:+6.1f} MiB  {name}  ({where[name] / 1024:.1f} MiB)")
        earlier = len(stats_lines(log, "video stats: "))
        app.send_signal(signal.SIGUSR1)
        wait_for(lambda: len(stats_lines(log, "video stats: ")) > earlier, 5, "video statistics")
        print("video " + stats_lines(log, "video stats: ")[-1])

        kiosk.key_and_count("Right", env, "leaving")
        time.sleep(1)
        cpu0 = cpu_seconds(app.pid)
        time.sleep(3)
        print(f"after_cpu {100 * (cpu_seconds(app.pid) - cpu0) / 3:.1f} %  (on the last still card, over 3 s)")
    finally:
        app.terminate()
        app.wait(10)
        server.terminate()
        server.wait()


if __name__ == "__main__":
    main()
