#!/usr/bin/env python3
"""Runs every image file of some folders through Vitrine's decoder and compares the pixels with reference decoders.

    python3 Scripts/image_suites.py [--vitrine PATH] [--limit S] [--cover WxH] [--show all|bad] FOLDER...

For each file (folders are walked, sorted), `vitrine decode FILE` runs as a child with a time limit, and its peak
RSS is taken from wait4(). A file it accepts is decoded again at full size (`--full --output`), and the pixels are
compared with Pillow's and ImageMagick's (each turned by its Exif orientation, composited over black, first frame)
and a suite's own expected picture where --reference-dir has one; the closest reference counts. One line per file, then the counts per outcome:

    ok                    accepted, and within TOLERANCE of a reference (or no reference could read it: "ok*")
    refused: REASON       Vitrine refused it with a reason (the reference's verdict is shown beside it)
    WRONG                 accepted, but more than 0.5 % of the pixels differ by over TOLERANCE from every reference
    HANG                  the decode did not finish within --limit seconds (it is killed)
    OVER BUDGET           accepted, but its peak RSS is over the baseline + the file + the decode memory limit
    CRASH                 any other exit (a signal, or an exit code that is not 0 or 65)

Needs Pillow (pip install pillow) and ImageMagick's `convert`. The release binary is the default
(`swift build -c release`).
"""
import argparse
import io
import os
import resource
import signal
import subprocess
import sys
import tempfile
import time

try:
    from PIL import Image, ImageChops
    Image.MAX_IMAGE_PIXELS = None
except ImportError:
    sys.exit("image_suites.py needs Pillow: pip install pillow")

MIB = 1024 * 1024
DECODE_MEMORY = 64 * MIB       # ImageLimits.decodeMemoryBytes, everything a decode holds counted
HEIF_DECODE_MEMORY = 112 * MIB  # ImageLimits.heifHelperMemoryBytes: the helper process that decodes HEIC and AVIF, whose
                                # peak /usr/bin/time reports (the kiosk's own holds only the card-size picture)
TOLERANCE = 24                 # a channel difference over this counts as a different pixel
WRONG_SHARE = 0.005            # more than this share of different pixels is WRONG


def run(argv, limit):
    """Runs argv under /usr/bin/time (so the peak RSS is the program's own, not this script's, which a forked child
    would carry until its exec); gives (exit code, or None on timeout; stdout text; peak RSS bytes; seconds)."""
    start = time.monotonic()
    with tempfile.NamedTemporaryFile("r") as report:
        child = subprocess.Popen(["/usr/bin/time", "-q", "-f", "%M", "-o", report.name] + argv, stdout=subprocess.PIPE,
                                 stderr=subprocess.DEVNULL, start_new_session=True)
        try:
            out, _ = child.communicate(timeout=limit)
            code = child.returncode
        except subprocess.TimeoutExpired:
            os.killpg(child.pid, signal.SIGKILL)
            out, _ = child.communicate()
            code = None
        seconds = time.monotonic() - start
        lines = [line for line in report.read().split() if line.isdigit()]
    rss = int(lines[-1]) * 1024 if lines else 0
    return code, out.decode(errors="replace"), rss, seconds


PILLOW_CHILD = """
import sys
from PIL import Image, ImageOps
Image.MAX_IMAGE_PIXELS = 200_000_000
with Image.open(sys.argv[1]) as image:
    if getattr(image, "n_frames", 1) > 1:
        image.seek(0)
    image.load()
    image = ImageOps.exif_transpose(image)
    if image.mode in ("I;16", "I;16B", "I;16L", "I"):
        image = image.point(lambda v: v / 257).convert("L")
    rgba = image.convert("RGBA")
    black = Image.new("RGBA", rgba.size, (0, 0, 0, 255))
    Image.alpha_composite(black, rgba).convert("RGB").save(sys.argv[2])
"""


def limited():
    """In a reference decoder's child: at most 4 GiB of address space, so a bomb fails there, not here."""
    resource.setrlimit(resource.RLIMIT_AS, (4 << 30, 4 << 30))


def pillow_reference(path, limit):
    """The first frame, upright by its Exif orientation, as RGB composited over black, decoded by Pillow in a child."""
    with tempfile.TemporaryDirectory() as folder:
        out = os.path.join(folder, "ref.png")
        try:
            done = subprocess.run([sys.executable, "-c", PILLOW_CHILD, path, out], capture_output=True, timeout=limit,
                                  preexec_fn=limited)
        except subprocess.TimeoutExpired:
            return None, "Pillow: timed out"
        if done.returncode != 0 or not os.path.exists(out):
            reason = done.stderr.decode(errors="replace").strip().splitlines()
            return None, "Pillow: " + (reason[-1][:80] if reason else f"exit {done.returncode}")
        with Image.open(out) as image:
            return image.convert("RGB"), None


def magick_reference(path, limit):
    with tempfile.TemporaryDirectory() as folder:
        out = os.path.join(folder, "ref.png")
        argv = ["convert", "-limit", "time", str(int(limit)), path + "[0]", "-auto-orient", "-background", "black",
                "-alpha", "remove", "-alpha", "off", "-colorspace", "sRGB", "-depth", "8", "PNG24:" + out]
        try:
            done = subprocess.run(argv, capture_output=True, timeout=limit, preexec_fn=limited)
        except subprocess.TimeoutExpired:
            return None, "ImageMagick: timed out"
        if done.returncode != 0 or not os.path.exists(out):
            reason = done.stderr.decode(errors="replace").strip().splitlines()
            return None, "ImageMagick: " + (reason[0][:80] if reason else f"exit {done.returncode}")
        with Image.open(out) as image:
            return image.convert("RGB"), None


def suite_reference(path):
    """A suite's expected picture (a PNG, possibly with alpha) composited over black."""
    with Image.open(path) as image:
        rgba = image.convert("RGBA")
        return Image.alpha_composite(Image.new("RGBA", rgba.size, (0, 0, 0, 255)), rgba).convert("RGB"), None


def compare(ours, reference):
    """(max channel difference, share of pixels differing by over TOLERANCE); None when the sizes differ."""
    if ours.size != reference.size:
        return None
    difference = ImageChops.difference(ours, reference)
    biggest = max(high for _, high in difference.getextrema())
    # A pixel differs when any of its channels does: the channel-wise maximum, thresholded.
    r, g, b = difference.split()
    top = ImageChops.lighter(ImageChops.lighter(r, g), b)
    histogram = top.histogram()
    share = sum(histogram[TOLERANCE + 1:]) / (ours.size[0] * ours.size[1])
    return biggest, share


def check(path, args, baseline):
    argv = [args.vitrine, "decode", path, "--cover", args.cover]
    code, out, rss, seconds = run(argv, args.limit)
    row = {"file": path, "rss": rss, "seconds": seconds, "diff": "", "reference": ""}
    if code is None:
        row["outcome"] = "HANG"
        return row
    if code == 65:
        reason = out.strip().splitlines()[-1] if out.strip() else "(no reason printed)"
        row["outcome"] = "refused"
        row["reason"] = reason.removeprefix("refused: ")
        ref, why = pillow_reference(path, args.limit)
        row["reference"] = "reference reads it" if ref is not None else why
        return row
    if code != 0:
        row["outcome"] = "CRASH"
        row["reason"] = f"exit {code}"
        return row
    budget = baseline + (HEIF_DECODE_MEMORY if path.lower().endswith((".heic", ".heif", ".avif")) else DECODE_MEMORY)
    if rss > budget:
        row["outcome"] = "OVER BUDGET"
        row["reason"] = f"{rss / MIB:.0f} MiB > {budget / MIB:.0f} MiB"
        return row
    row["notes"] = [line[6:] for line in out.splitlines() if line.startswith("note: ")]
    with tempfile.TemporaryDirectory() as folder:
        decoded = os.path.join(folder, "ours.png")
        code, out, _, _ = run([args.vitrine, "decode", path, "--full", "--output", decoded], args.limit)
        if code != 0:
            row["outcome"] = "WRONG"
            row["reason"] = f"full-size decode failed where the card-size one worked ({out.strip()[:80]})"
            return row
        with Image.open(decoded) as image:
            ours = image.convert("RGB")
    results, reasons = [], []
    references = [("Pillow", pillow_reference(path, args.limit)), ("ImageMagick", magick_reference(path, args.limit))]
    for folder in args.reference_dir:
        # A suite's own expected picture (image-rs ships one per test file, as NAME.EXT.png).
        expected = os.path.join(folder, os.path.basename(path) + ".png")
        if os.path.exists(expected):
            references.append(("suite's reference", suite_reference(expected)))
    for name, (ref, why) in references:
        if ref is None:
            reasons.append(why)
            continue
        result = compare(ours, ref)
        if result is None:
            reasons.append(f"{name}: size {ref.size[0]}x{ref.size[1]}, ours {ours.size[0]}x{ours.size[1]}")
            results.append((2.0, 256, name))
        else:
            results.append((result[1], result[0], name))
    if not results:
        row["outcome"] = "ok*"
        row["reference"] = "; ".join(reasons)
        return row
    share, biggest, name = min(results)
    row["diff"] = "size" if biggest == 256 else str(biggest)
    row["reference"] = name
    if share > WRONG_SHARE:
        row["outcome"] = "WRONG"
        row["reason"] = "; ".join(reasons) if biggest == 256 else f"{share * 100:.1f} % of the pixels differ by over {TOLERANCE}"
    else:
        row["outcome"] = "ok"
    return row


def files_in(folders):
    for folder in folders:
        if os.path.isfile(folder):
            yield folder
            continue
        for root, dirs, names in os.walk(folder):
            dirs[:] = sorted(d for d in dirs if not d.endswith("-reference"))  # Expected pictures, not inputs.
            for name in sorted(names):
                if name.lower().endswith((".md", ".markdown", ".txt", "license", "version")):
                    continue
                yield os.path.join(root, name)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folders", nargs="+")
    parser.add_argument("--vitrine", default=os.path.join(os.path.dirname(__file__), "..", ".build", "release", "vitrine"))
    parser.add_argument("--limit", type=float, default=20.0, help="seconds before a decode counts as a HANG")
    parser.add_argument("--cover", default="1200x800", help="the window whose card the kiosk decodes for")
    parser.add_argument("--reference-dir", action="append", default=[],
                        help="a folder of expected pictures, NAME.EXT.png for NAME.EXT (image-rs's tests/reference)")
    parser.add_argument("--show", choices=["all", "bad"], default="all", help="bad: only lines that are not ok")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        tiny = os.path.join(folder, "tiny.png")
        Image.new("RGB", (1, 1)).save(tiny)
        _, _, baseline, _ = run([args.vitrine, "decode", tiny], args.limit)
    print(f"baseline RSS {baseline / MIB:.1f} MiB; budget: baseline + {DECODE_MEMORY // MIB} MiB (the file's bytes "
          f"included; {HEIF_DECODE_MEMORY // MIB} MiB for HEIC/AVIF); HANG after {args.limit:.0f} s")
    print(f"{'file':60} {'outcome':12} {'diff':>4} {'RSS MiB':>7} {'s':>5}  reason / reference")
    counts, peak = {}, (0, "")
    for path in files_in(args.folders):
        row = check(path, args, baseline)
        kind = row["outcome"]
        counts[kind] = counts.get(kind, 0) + 1
        peak = max(peak, (row["rss"], path))
        if args.show == "bad" and kind in ("ok", "ok*", "refused"):
            continue
        detail = row.get("reason", "")
        if row.get("reference"):
            detail = (detail + " | " if detail else "") + row["reference"]
        name = path if len(path) <= 60 else "…" + path[-59:]
        print(f"{name:60} {kind:12} {row['diff']:>4} {row['rss'] / MIB:7.1f} {row['seconds']:5.2f}  {detail}", flush=True)
    print("summary: " + ", ".join(f"{k} {v}" for k, v in sorted(counts.items())) + f"; total {sum(counts.values())}")
    print(f"peak RSS: {peak[0] / MIB:.1f} MiB ({peak[1]})")
    return 1 if any(k in counts for k in ("WRONG", "HANG", "OVER BUDGET", "CRASH")) else 0


if __name__ == "__main__":
    sys.exit(main())
