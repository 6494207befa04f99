#!/usr/bin/env python3
"""Measures a sleeping kiosk under Xvfb: the CPU it uses asleep, and the X screen saver as it sleeps and wakes.

Runs `vitrine run --kiosk` on the demo deck with attract mode (8 s, progress bar) and `display.awake` hours that
exclude the present hour, waits for its `asleep` event, reads utime+stime from /proc/PID/stat over --seconds, clicks
with xdotool to wake it, measures the same awake (attract mode running: what the kiosk did outside opening hours
before it could sleep), and waits for it to fall asleep again after `wakeFor`. Prints `name value unit` lines and
the X screen saver's state (XScreenSaverQueryInfo) at each step: Xvfb has no DPMS, so there the kiosk powers the
display down through the screen saver.

    python3 Scripts/sleep_idle.py [--vitrine .build/debug/vitrine] [--seconds 10]
"""
import argparse, ctypes, datetime, json, os, queue, signal, subprocess, sys, tempfile, threading, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from xvfb import start_xvfb  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class XScreenSaverInfo(ctypes.Structure):
    _fields_ = [("window", ctypes.c_ulong), ("state", ctypes.c_int), ("kind", ctypes.c_int),
                ("til_or_since", ctypes.c_ulong), ("idle", ctypes.c_ulong), ("eventMask", ctypes.c_ulong)]


def screen_saver_state(display):
    """The X screen saver's state on `display` as the MIT-SCREEN-SAVER extension reports it."""
    x11 = ctypes.CDLL("libX11.so.6")
    xss = ctypes.CDLL("libXss.so.1")
    x11.XOpenDisplay.restype = ctypes.c_void_p
    x11.XDefaultRootWindow.restype = ctypes.c_ulong
    x11.XDefaultRootWindow.argtypes = [ctypes.c_void_p]
    x11.XCloseDisplay.argtypes = [ctypes.c_void_p]
    xss.XScreenSaverQueryInfo.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.POINTER(XScreenSaverInfo)]
    connection = x11.XOpenDisplay(display.encode())
    if not connection:
        return "no display"
    info = XScreenSaverInfo()
    ok = xss.XScreenSaverQueryInfo(connection, x11.XDefaultRootWindow(connection), ctypes.byref(info))
    x11.XCloseDisplay(connection)
    if not ok:
        return "no MIT-SCREEN-SAVER extension"
    return {0: "off", 1: "on (active)", 2: "cycle", 3: "disabled"}.get(info.state, str(info.state))


def xset_dpms(display):
    """The DPMS lines of `xset q`."""
    out = subprocess.run(["xset", "q"], env=dict(os.environ, DISPLAY=display), capture_output=True, text=True).stdout
    lines = out.splitlines()
    start = next((i for i, line in enumerate(lines) if line.startswith("DPMS")), len(lines))
    return " / ".join(line.strip() for line in lines[start:])


def cpu_seconds(pid):
    """utime + stime of `pid`, in seconds."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def wakeups(pid):
    """Voluntary context switches of every thread of `pid`: how often it slept and was woken."""
    total = 0
    for task in os.listdir(f"/proc/{pid}/task"):
        with open(f"/proc/{pid}/task/{task}/status") as f:
            total += sum(int(line.split()[1]) for line in f if line.startswith("voluntary_ctxt_switches"))
    return total


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--vitrine", default=os.path.join(ROOT, ".build/debug/vitrine"))
    parser.add_argument("--seconds", type=float, default=10)
    args = parser.parse_args()

    with open(os.path.join(ROOT, "Config/kiosk.json")) as f:
        config = json.load(f)
    for card in config["cards"]:
        card["image"] = os.path.normpath(os.path.join(ROOT, "Config", card["image"]))
    hour = (datetime.datetime.now().hour + 2) % 24  # Local time, as the kiosk reads it: an hour that is not now.
    config["display"]["awake"] = f"{hour:02d}:00-{(hour + 1) % 24:02d}:00"
    config["display"]["wakeFor"] = 5
    config["autoplay"] = {"interval": 8, "resumeAfterIdle": 1, "progressBar": True}
    folder = tempfile.mkdtemp(prefix="vitrine-sleep-")
    path = os.path.join(folder, "kiosk.json")
    with open(path, "w") as f:
        json.dump(config, f)

    server, display = start_xvfb(1200, 800)
    env = dict(os.environ, DISPLAY=display)
    app = subprocess.Popen([args.vitrine, "run", "--kiosk", "--config", path, "--events", "-"], env=env,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    events = queue.Queue()
    threading.Thread(target=lambda: [events.put(json.loads(line)) for line in app.stdout], daemon=True).start()
    threading.Thread(target=lambda: [sys.stderr.write("  vitrine: " + line) for line in app.stderr], daemon=True).start()

    def wait_for(name, timeout=30):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                event = events.get(timeout=0.2)
            except queue.Empty:
                continue
            if event.get("event") == name:
                return event
        raise SystemExit(f"no {name} event within {timeout} s")

    def sample(label):
        before, switches = cpu_seconds(app.pid), wakeups(app.pid)
        time.sleep(args.seconds)
        used, woke = cpu_seconds(app.pid) - before, wakeups(app.pid) - switches
        print(f"cpu_{label} {used:.2f} s over {args.seconds:.0f} s ({100 * used / args.seconds:.1f} %), {woke} wakeups")

    try:
        print(f"awake hours {config['display']['awake']}, now {datetime.datetime.now():%H:%M}")
        print(f"screen saver before: {screen_saver_state(display)}; {xset_dpms(display)}")
        print("asleep:", json.dumps(wait_for("asleep")))
        time.sleep(1)  # Let the start-up work (neighbour cards composing) finish before measuring.
        print(f"screen saver asleep: {screen_saver_state(display)}")
        sample("asleep")
        subprocess.run(["xdotool", "mousemove", "600", "400", "click", "1"], env=env, check=True)
        print("awake:", json.dumps(wait_for("awake")))
        print(f"screen saver awake: {screen_saver_state(display)}")
        # Keep it awake while measuring: a key that does not page (F5) every 4 s, less than wakeFor; attract mode
        # runs between. (Moving the mouse without a button is not input to the kiosk, though it ends the X saver.)
        stop = threading.Event()

        def keep_awake():
            while not stop.wait(4):
                subprocess.run(["xdotool", "key", "F5"], env=env)
        keeper = threading.Thread(target=keep_awake, daemon=True)
        keeper.start()
        sample("awake_attract_mode")
        stop.set()
        keeper.join()
        print("asleep again:", json.dumps(wait_for("asleep")))
        time.sleep(0.5)
        print(f"screen saver asleep again: {screen_saver_state(display)}")
    finally:
        app.send_signal(signal.SIGTERM)
        print("exit", app.wait(timeout=10))
        server.terminate()
        server.wait()


if __name__ == "__main__":
    main()
