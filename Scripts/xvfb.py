"""A private X server for the measuring scripts: Xvfb on a display of its own, ready when this returns."""
import os, subprocess, time


def start_xvfb(width, height, number=None):
    """Starts Xvfb with one screen of width x height; returns the process and its display name (":N").

    `number` (":161" or 161) asks for that display and no other: for a machine whose users share out numbers.

    The number is picked from a high range, away from the low numbers that `-displayfd` hands out to the test
    suite's servers: with several runs starting and stopping servers at once, a low number freed by one can be
    taken by another between our start and our first client."""
    wanted = None if number is None else int(str(number).lstrip(":"))
    for offset in range(1 if wanted is not None else 200):
        picked = wanted if wanted is not None else 200 + (os.getpid() + offset) % 700
        if os.path.exists(f"/tmp/.X{picked}-lock"):
            continue
        display = f":{picked}"
        server = subprocess.Popen(["Xvfb", display, "-screen", "0", f"{width}x{height}x24", "-nolisten", "tcp", "-noreset"],
                                  stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and server.poll() is None:
            probe = subprocess.run(["xdotool", "getdisplaygeometry"], env=dict(os.environ, DISPLAY=display),
                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            if probe.returncode == 0:
                return server, display
            time.sleep(0.02)
        server.kill()
        server.wait()
    raise RuntimeError("no free X display number for Xvfb")
