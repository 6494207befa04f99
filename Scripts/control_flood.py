#!/usr/bin/env python3
"""Floods a kiosk's control socket with silent clients and counts how often an operator still gets an answer.

Starts `vitrine run --control` in a 600x400 window under Xvfb, then N hostile clients that connect and say nothing,
each reconnecting as soon as the kiosk closes it (for "too many clients", to make room, or as idle). Meanwhile an
operator makes TRIES tries, one a second: connect, send {"cmd":"status"}, wait up to 10 s for the reply (as
`vitrine ctl` does). Prints one line per try and a summary: tries answered, reply times, the flood's connects.

    python3 Scripts/control_flood.py [--binary .build/release/vitrine] [--clients 1000] [--tries 36] [--display :N]
"""
import argparse, json, os, select, socket, struct, subprocess, sys, tempfile, threading, time

sys.path.insert(0, os.path.dirname(__file__))
from xvfb import start_xvfb  # noqa: E402


def blocking_socket(timeout):
    """A Unix stream socket whose connect, send and receive each wait up to `timeout` seconds, as `vitrine ctl`'s do.

    Not Python's settimeout: that makes the socket non-blocking, and a Unix socket's connect then fails at once
    (EAGAIN) while the listening socket's backlog is full, where ctl's connect waits its turn."""
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    limit = struct.pack("ll", int(timeout), int((timeout % 1) * 1e6))
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDTIMEO, limit)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVTIMEO, limit)
    return sock


def ask(path, timeout):
    """One operator try: (outcome, seconds). The outcome is "answered", the error the kiosk gave, or what failed."""
    start = time.monotonic()
    sock = blocking_socket(timeout)
    try:
        sock.connect(path)
        try:
            sock.sendall(b'{"cmd":"status"}\n')
        except (BrokenPipeError, ConnectionResetError):
            pass  # Turned away: what the kiosk said before it closed is still to be read, as ctl reads it.
        reply = b""
        while b"\n" not in reply:
            chunk = sock.recv(4096)
            if not chunk:
                return "closed without a reply", time.monotonic() - start
            reply += chunk
        answer = json.loads(reply.split(b"\n")[0])
        return ("answered" if answer.get("ok") else answer.get("error", "?")), time.monotonic() - start
    except BlockingIOError:
        return "nothing in %g s" % timeout, time.monotonic() - start
    except OSError as error:
        return "error: %s" % error.strerror, time.monotonic() - start
    finally:
        sock.close()


class Flood:
    """N silent clients on `threads` threads; each one the kiosk closes is connected again at once."""

    def __init__(self, path, clients, threads=10):
        self.path, self.stop, self.connects = path, threading.Event(), 0
        self.lock = threading.Lock()
        self.threads = [threading.Thread(target=self.run, args=(clients // threads + (i < clients % threads),), daemon=True)
                        for i in range(threads)]
        for thread in self.threads:
            thread.start()

    def connect(self):
        sock = blocking_socket(1)
        try:
            sock.connect(self.path)
        except OSError:
            sock.close()
            return None
        sock.setblocking(False)
        with self.lock:
            self.connects += 1
        return sock

    def run(self, count):
        held = {}
        missing = count
        while not self.stop.is_set():
            while missing > 0 and not self.stop.is_set():
                sock = self.connect()
                if sock is None:
                    break
                held[sock.fileno()] = sock
                missing -= 1
            poller = select.poll()
            for fd in held:
                poller.register(fd, select.POLLIN | select.POLLHUP)
            for fd, _ in poller.poll(50):
                sock, gone = held[fd], False
                try:
                    while True:  # What the kiosk said before it closed, then the end of stream.
                        if not sock.recv(4096):
                            gone = True
                            break
                except BlockingIOError:
                    pass
                except OSError:
                    gone = True
                if gone:
                    del held[fd]
                    sock.close()
                    missing += 1
        for sock in held.values():
            sock.close()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--binary", default=".build/release/vitrine")
    parser.add_argument("--config", default="Config/kiosk.json")
    parser.add_argument("--clients", type=int, default=1000)
    parser.add_argument("--tries", type=int, default=36)
    parser.add_argument("--display", help="an X server to use (default: start Xvfb)")
    options = parser.parse_args()

    server, display = (None, options.display) if options.display else start_xvfb(1280, 800)
    folder = tempfile.mkdtemp(prefix="vitrine-flood-")
    path = os.path.join(folder, "control.sock")
    env = dict(os.environ, DISPLAY=display, SDL_VIDEODRIVER="x11")
    err = open(os.path.join(folder, "stderr"), "w")
    app = subprocess.Popen([options.binary, "run", "--config", options.config, "--windowed", "600x400", "--control", path],
                           env=env, stdout=subprocess.DEVNULL, stderr=err)
    try:
        deadline = time.monotonic() + 30
        while ask(path, 1)[0] != "answered":
            if time.monotonic() > deadline or app.poll() is not None:
                sys.exit("the kiosk never answered: " + open(err.name).read())
            time.sleep(0.05)
        flood = Flood(path, options.clients)
        while flood.connects < options.clients and time.monotonic() < deadline + 30:
            time.sleep(0.05)
        print(f"{flood.connects} flood connects made; operator tries begin")
        results = []
        started = time.monotonic()
        for attempt in range(options.tries):
            next_try = started + attempt
            time.sleep(max(0, next_try - time.monotonic()))
            outcome, seconds = ask(path, 10)
            results.append((outcome, seconds))
            print(f"try {attempt + 1:2} at {time.monotonic() - started:5.1f} s: {outcome} ({seconds * 1000:.1f} ms)")
        connects = flood.connects
        flood.stop.set()
        for thread in flood.threads:
            thread.join()
        answered = sorted(seconds for outcome, seconds in results if outcome == "answered")
        elapsed = time.monotonic() - started
        summary = f"{len(answered)} of {len(results)} tries answered"
        if answered:
            summary += f"; reply median {answered[len(answered) // 2] * 1000:.1f} ms, max {answered[-1] * 1000:.1f} ms"
        summary += f"; the flood connected {connects} times ({connects / elapsed:.0f} a second)"
        summary += "; the kiosk is running" if app.poll() is None else f"; the kiosk exited {app.returncode}"
        print(summary)
    finally:
        app.terminate()
        app.wait(10)
        if server:
            server.kill()
            server.wait()


if __name__ == "__main__":
    main()
