#!/usr/bin/env python3
"""Times a synchronized group's commands across many kiosks on one broker.

Starts a private mosquitto and N kiosks (SDL's dummy video driver: no screen) in group "bench", each writing its
event log. When all are online it publishes COMMANDS group commands, 2.5 s apart, alternating two kinds:

- bare: `{"cmd":"next"}`, as an operator publishes it; each member starts it `sync.lead` after it arrives;
- stamped: `{"cmd":"goto","page":P,"at":MS,...}`, as a member sends it; every member starts it at the stamp.

From the `groupMove` lines of the logs (their `wall` is the member's local wall time at the transition's start) it
prints, for each kind: the time from publication to each kiosk's transition start (p50, p99, max) and the skew
between kiosks per command (the latest start minus the earliest; p50 and max over the commands).

    python3 Scripts/group_bench.py [--binary .build/debug/vitrine] [--kiosks 100] [--commands 10] [--lead 0.25]
"""
import argparse, json, os, shutil, socket, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def free_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def percentile(values, share):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(share * (len(ordered) - 1))))] if ordered else float("nan")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build/debug/vitrine"))
    parser.add_argument("--kiosks", type=int, default=100)
    parser.add_argument("--commands", type=int, default=10)
    parser.add_argument("--lead", type=float, default=0.25)
    args = parser.parse_args()
    for tool in ["mosquitto", "mosquitto_pub", "mosquitto_sub"]:
        if not shutil.which(tool):
            sys.exit("%s is needed (apt install mosquitto mosquitto-clients)" % tool)

    folder = tempfile.mkdtemp(prefix="vitrine-group-bench-")
    port = free_port()
    with open(os.path.join(folder, "mosquitto.conf"), "w") as conf:
        conf.write("listener %d 127.0.0.1\nallow_anonymous true\nmax_queued_messages 10000\n" % port)
    broker = subprocess.Popen(["mosquitto", "-c", os.path.join(folder, "mosquitto.conf")], stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:  # Until the broker takes connections.
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            break
        except OSError:
            time.sleep(0.05)
    online = subprocess.Popen(["mosquitto_sub", "-p", str(port), "-t", "vitrine/+/availability", "-v"],
                              stdout=subprocess.PIPE, text=True)
    images = ["ember-mesa", "alpine-lake", "misty-hills"]
    cards = ",".join('{"title":"%d","image":"%s/Assets/Demo/%s.jpg"}' % (n, ROOT, name) for n, name in enumerate(images))
    kiosks, logs = [], []
    environment = dict(os.environ, SDL_VIDEODRIVER="dummy", DISPLAY="", XDG_STATE_HOME=os.path.join(folder, "state"))
    try:
        for index in range(args.kiosks):
            config = os.path.join(folder, "k%d.json" % index)
            with open(config, "w") as out:
                out.write('{"cards":[%s],"mqtt":{"broker":"mqtt://127.0.0.1:%d","id":"k%d"},"sync":{"group":"bench","lead":%g}}'
                          % (cards, port, index, args.lead))
            log = os.path.join(folder, "k%d.events" % index)
            logs.append(log)
            kiosks.append(subprocess.Popen([args.binary, "run", "--config", config, "--windowed", "160x120", "--events", log],
                                           env=environment, stderr=subprocess.DEVNULL))
        seen, began = set(), time.monotonic()
        while len(seen) < args.kiosks and time.monotonic() - began < 120:
            line = online.stdout.readline()
            if line.strip().endswith(" online"):
                seen.add(line.split()[0])
        print("%d of %d kiosks online after %.1f s" % (len(seen), args.kiosks, time.monotonic() - began))
        time.sleep(1)  # The retained availability comes with the subscription: let every member subscribe to the group.

        offset = time.localtime().tm_gmtoff  # The logs' wall times are local.
        published = []  # (kind, local wall seconds of publication, page the group goes to)
        page = 0
        for number in range(args.commands):
            kind = "bare" if number % 2 == 0 else "stamped"
            page = (page + 1) % len(images)
            now = time.time()
            if kind == "bare":
                payload = '{"cmd":"next"}'
            else:
                payload = '{"cmd":"goto","page":%d,"at":%d,"from":"bench","seq":%d}' % (page, round((now + args.lead) * 1000), number + 1)
            subprocess.run(["mosquitto_pub", "-p", str(port), "-t", "vitrine/group/bench/cmd", "-q", "1", "-m", payload], check=True)
            published.append((kind, now + offset, page))
            time.sleep(2.5)
    finally:
        for kiosk in kiosks:
            kiosk.terminate()
        for kiosk in kiosks:
            try:
                kiosk.wait(10)
            except subprocess.TimeoutExpired:
                kiosk.kill()
        online.terminate()
        broker.terminate()

    # Each kiosk's command moves in order; the n-th belongs to the n-th command.
    starts = []  # per kiosk: the walls of its command moves
    for log in logs:
        walls = []
        with open(log) as lines:
            for line in lines:
                event = json.loads(line)
                if event.get("event") == "groupMove" and event.get("cause") == "command":
                    walls.append(event["wall"])
        starts.append(walls)
    for kind in ["bare", "stamped"]:
        latencies, skews, missed = [], [], 0
        for number, (what, at, _) in enumerate(published):
            if what != kind:
                continue
            walls = [walls[number] for walls in starts if len(walls) > number]
            missed += args.kiosks - len(walls)
            latencies += [wall - at for wall in walls]
            if walls:
                skews.append(max(walls) - min(walls))
        print("%s commands (%d, %d kiosks): publication to transition start p50 %.1f ms, p99 %.1f ms, max %.1f ms; "
              "skew between kiosks p50 %.1f ms, max %.1f ms; %d starts missing"
              % (kind, len(skews), args.kiosks, percentile(latencies, 0.5) * 1000, percentile(latencies, 0.99) * 1000,
                 max(latencies) * 1000 if latencies else float("nan"), percentile(skews, 0.5) * 1000,
                 max(skews) * 1000 if skews else float("nan"), missed))
    shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
