"""Makes the animated pictures the animation tests play, with Pillow (python3-pil), and writes each frame as
Pillow's own decoder composes it: the frames a player should show, from a decoder other than FFmpeg.

    animation.py make KIND OUT      KIND: steps (GIF), steps-apng, steps-webp, once, twice, disposal, transparent, still (PNG)
    animation.py frames IN PREFIX   PREFIX-0.png, PREFIX-1.png, ...: each frame over black, opaque

Exits 77 when Pillow is absent (the test skips; CI installs python3-pil).
"""
import sys

try:
    from PIL import Image, ImageDraw
except ImportError:
    sys.exit(77)

W, H = 360, 240
COLORS = [(220, 40, 40), (40, 200, 60), (40, 80, 230), (240, 210, 30)]
STEP_DELAYS = [200, 500, 300, 1000]  # milliseconds


def step(i):
    """Frame i of the steps animation: a colour of its own, with a white bar whose place says its index."""
    im = Image.new("RGB", (W, H), COLORS[i % len(COLORS)])
    d = ImageDraw.Draw(im)
    d.rectangle([20 + 80 * i, 20, 80 + 80 * i, 90], fill=(255, 255, 255))
    return im


def make(kind, out):
    if kind in ("steps", "steps-apng", "steps-webp", "once", "twice"):
        frames = [step(i) for i in range(4)]
        extra = {} if kind == "once" else {"loop": 2 if kind == "twice" else 0}
        fmt = {"steps-apng": "PNG", "steps-webp": "WEBP"}.get(kind, "GIF")
        if fmt == "WEBP":
            extra["lossless"] = True
        frames[0].save(out, format=fmt, save_all=True, append_images=frames[1:], duration=STEP_DELAYS, **extra)
    elif kind == "still":
        step(0).save(out, format="PNG")
    elif kind == "disposal":
        # Frame 0: blue screen. Frame 1: a red square left (kept: disposal none). Frame 2: a green square middle,
        # then restored to the background (disposal 2). Frame 3: a yellow square right, then restored to what was
        # before it (disposal 3). Frame 4: a white bar at the bottom, over what the disposals left.
        base = Image.new("RGBA", (W, H), (30, 60, 200, 255))
        frames, disposal = [base], [1]
        for i, (color, box, how) in enumerate([((220, 30, 30, 255), (20, 60, 120, 160), 1),
                                               ((30, 200, 30, 255), (130, 60, 230, 160), 2),
                                               ((240, 220, 20, 255), (240, 60, 340, 160), 3)]):
            im = Image.new("RGBA", (W, H), (0, 0, 0, 0))
            ImageDraw.Draw(im).rectangle(box, fill=color)
            frames.append(im)
            disposal.append(how)
        last = Image.new("RGBA", (W, H), (0, 0, 0, 0))
        ImageDraw.Draw(last).rectangle((0, 200, W - 1, 230), fill=(255, 255, 255, 255))
        frames.append(last)
        disposal.append(1)
        frames[0].save(out, format="GIF", save_all=True, append_images=frames[1:], duration=300, loop=0,
                       disposal=disposal, optimize=False)
    elif kind == "transparent":
        frames = []
        for i in range(3):
            im = Image.new("RGBA", (W, H), (0, 0, 0, 0))
            ImageDraw.Draw(im).ellipse((40 + 100 * i, 50, 140 + 100 * i, 190), fill=COLORS[i] + (255,))
            frames.append(im)
        frames[0].save(out, format="GIF", save_all=True, append_images=frames[1:], duration=400, loop=0, disposal=2)
    else:
        sys.exit("unknown kind " + kind)


def frames(path, prefix):
    im = Image.open(path)
    i = 0
    while True:
        try:
            im.seek(i)
        except EOFError:
            break
        rgba = im.convert("RGBA")
        black = Image.new("RGBA", rgba.size, (0, 0, 0, 255))
        Image.alpha_composite(black, rgba).convert("RGB").save("%s-%d.png" % (prefix, i))
        i += 1
    print(i)


if __name__ == "__main__":
    if sys.argv[1] == "make":
        make(sys.argv[2], sys.argv[3])
    else:
        frames(sys.argv[2], sys.argv[3])
