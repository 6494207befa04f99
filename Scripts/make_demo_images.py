#!/usr/bin/env python3
"""Draw the demo deck's pictures: original, procedural "national park" landscapes.

A developer tool only: neither the build nor CI runs it, and the JPEG files it
writes are committed under Assets/Demo/. It needs Python 3.9+ and Pillow:

    pip install pillow
    python3 Scripts/make_demo_images.py                   # (re)writes Assets/Demo/*.jpg
    python3 Scripts/make_demo_images.py --out /tmp/demo   # somewhere else
    python3 Scripts/make_demo_images.py --sheet /tmp/contact.png   # also a contact sheet
    python3 Scripts/make_demo_images.py ember-mesa        # only the named scene(s)

Every scene draws with its own fixed random seed, so running the script again
redraws the same pixels. (The JPEG bytes may still differ with another Pillow
or libjpeg version.) Nearly all of the scenes are 1200x800 (3:2, like a card);
"tall-waterfall" (600x900) and "prairie-panorama" (1600x500) have other shapes
on purpose, to exercise aspect-fill cropping.
"""

import argparse
import math
import os
import random
import sys

from PIL import Image, ImageChops, ImageDraw, ImageFilter, ImageOps

JPEG_QUALITY = 82
DEFAULT_OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Assets", "Demo")


# ---------------------------------------------------------------------------
# Colour helpers


def hexc(s):
    s = s.lstrip("#")
    return tuple(int(s[i:i + 2], 16) for i in (0, 2, 4))


def mix(a, b, t):
    return tuple(int(round(a[i] + (b[i] - a[i]) * t)) for i in range(3))


def ramp(stops, t):
    """Colour at t along stops, a sorted list of (position, colour)."""
    if t <= stops[0][0]:
        return stops[0][1]
    for (p0, c0), (p1, c1) in zip(stops, stops[1:]):
        if t <= p1:
            return mix(c0, c1, (t - p0) / (p1 - p0) if p1 > p0 else 0.0)
    return stops[-1][1]


def stops_of(*pairs):
    return [(p, hexc(c) if isinstance(c, str) else c) for p, c in pairs]


def gradient_map(gray, stops):
    """Maps an L image through a colour ramp (0 -> first stop, 255 -> last)."""
    cols = [ramp(stops, i / 255.0) for i in range(256)]
    return Image.merge("RGB", [gray.point([c[k] for c in cols]) for k in range(3)])


# ---------------------------------------------------------------------------
# Images and masks


def vgradient(size, stops):
    """RGB image graded top (0.0) to bottom (1.0)."""
    w, h = size
    col = Image.new("RGB", (1, h))
    col.putdata([ramp(stops, y / max(1, h - 1)) for y in range(h)])
    return col.resize((w, h), Image.NEAREST)


def vramp(size, pairs):
    """L image graded vertically through (y in pixels, value) pairs."""
    w, h = size
    pairs = sorted(pairs)
    vals = []
    for y in range(h):
        if y <= pairs[0][0]:
            v = pairs[0][1]
        elif y >= pairs[-1][0]:
            v = pairs[-1][1]
        else:
            for (y0, v0), (y1, v1) in zip(pairs, pairs[1:]):
                if y0 <= y <= y1:
                    v = v0 + (v1 - v0) * (y - y0) / max(1, y1 - y0)
                    break
        vals.append(int(max(0, min(255, round(v)))))
    col = Image.new("L", (1, h))
    col.putdata(vals)
    return col.resize((w, h), Image.NEAREST)


def solid(size, colour):
    return Image.new("RGB", size, colour)


def value_noise(rng, size, cell, octaves=4, persistence=0.5):
    """Soft fractal noise (L, stretched to 0..255). cell is (cx, cy) in pixels."""
    w, h = size
    cx, cy = cell if isinstance(cell, tuple) else (cell, cell)
    acc, total, amp = None, 0.0, 1.0
    for _ in range(octaves):
        gw, gh = max(2, int(w / cx) + 2), max(2, int(h / cy) + 2)
        grid = Image.frombytes("L", (gw, gh), rng.randbytes(gw * gh))
        layer = grid.resize((w, h), Image.BICUBIC)
        total += amp
        acc = layer if acc is None else Image.blend(acc, layer, amp / total)
        amp *= persistence
        cx, cy = max(1.0, cx / 2), max(1.0, cy / 2)
    return ImageOps.autocontrast(acc, cutoff=0.5)


def grain(rng, size):
    w, h = size
    return Image.frombytes("L", size, rng.randbytes(w * h))


def shift(img, gray, amount):
    """Adds (gray - 128) * amount / 128 to every channel: light/dark modulation."""
    amount = int(amount)
    scaled = gray.point(lambda v: v * 2 * amount // 255).convert("RGB")
    return ImageChops.add(img, scaled, 1.0, -amount)


def scale_mask(mask, k):
    return mask.point(lambda v: int(min(255, v * k)))


def radial(size, center, radius, power=1.6, strength=1.0):
    """L mask, strength*255 at center fading to 0 at radius."""
    r = max(1, int(radius))
    g = Image.radial_gradient("L").resize((2 * r, 2 * r), Image.BILINEAR)
    g = g.point(lambda v: int(255 * strength * max(0.0, 1.0 - v / 181.0) ** power))
    out = Image.new("L", size, 0)
    out.paste(g, (int(center[0]) - r, int(center[1]) - r))
    return out


def glow(img, center, radius, colour, power=1.6, strength=1.0):
    img.paste(solid(img.size, colour), (0, 0), radial(img.size, center, radius, power, strength))


def disc(img, center, radius, colour, soft=1.2):
    mask = Image.new("L", img.size, 0)
    x, y = center
    ImageDraw.Draw(mask).ellipse((x - radius, y - radius, x + radius, y + radius), fill=255)
    img.paste(solid(img.size, colour), (0, 0), mask.filter(ImageFilter.GaussianBlur(soft)))


# ---------------------------------------------------------------------------
# Terrain


def ridge(rng, w, base, amp, rough=0.55, levels=9, lo=-1.0, hi=1.0):
    """Midpoint-displacement skyline: w+1 y values around base, peaks up to amp higher."""
    n = 2 ** levels + 1
    pts = [0.0] * n
    pts[0], pts[-1] = rng.uniform(lo, hi), rng.uniform(lo, hi)
    step, scale = n - 1, 1.0
    while step > 1:
        half = step // 2
        for i in range(half, n - 1, step):
            pts[i] = (pts[i - half] + pts[i + half]) / 2 + rng.uniform(-1, 1) * scale
        scale *= rough
        step = half
    mn, mx = min(pts), max(pts)
    pts = [(p - mn) / (mx - mn) * 2 - 1 for p in pts]
    ys = []
    for x in range(w + 1):
        f = x / w * (n - 1)
        i = min(int(f), n - 2)
        t = f - i
        ys.append(base - amp * (pts[i] * (1 - t) + pts[i + 1] * t))
    return ys


def smooth(ys, radius):
    out, n = [], len(ys)
    for i in range(n):
        a, b = max(0, i - radius), min(n, i + radius + 1)
        out.append(sum(ys[a:b]) / (b - a))
    return out


def below_mask(size, ys, soft=0.7):
    w, h = size
    mask = Image.new("L", size, 0)
    pts = [(x * w / (len(ys) - 1), y) for x, y in enumerate(ys)]
    ImageDraw.Draw(mask).polygon(pts + [(w, h + 2), (0, h + 2)], fill=255)
    return mask.filter(ImageFilter.GaussianBlur(soft)) if soft else mask


def jag(rng, p0, p1, rough, levels=6, spread=0.18):
    """Points from p0 to p1 with midpoint displacement across the segment."""
    pts = [p0, p1]
    amp = spread * math.hypot(p1[0] - p0[0], p1[1] - p0[1])
    for _ in range(levels):
        nxt = [pts[0]]
        for a, b in zip(pts, pts[1:]):
            mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
            dx, dy = b[0] - a[0], b[1] - a[1]
            ln = math.hypot(dx, dy) or 1.0
            off = rng.uniform(-1, 1) * amp
            nxt += [(mx - dy / ln * off, my + dx / ln * off), b]
        pts = nxt
        amp *= rough
    return pts


def peaks(img, rng, specs, base, rock_lit, rock_dark, snow_lit, snow_dark, snowline, texture=None):
    """Mountains drawn back to front as (x, top y, half width): a sunlit left flank,
    a shadowed right flank split along a jagged ridge, and snow above snowline."""
    W, H = img.size
    for px, py, hw in specs:
        foot_l, foot_r = (px - hw, base), (px + hw * rng.uniform(0.9, 1.2), base)
        ridge_foot = (px + hw * rng.uniform(-0.1, 0.35), base)
        left = jag(rng, foot_l, (px, py), 0.55, spread=0.08)
        right = jag(rng, (px, py), foot_r, 0.55, spread=0.08)
        spine = jag(rng, (px, py), ridge_foot, 0.6, spread=0.12)
        lit = Image.new("L", (W, H), 0)
        dark = Image.new("L", (W, H), 0)
        ImageDraw.Draw(lit).polygon(left + spine[1:], fill=255)
        ImageDraw.Draw(dark).polygon(spine + right[::-1][:-1], fill=255)
        lit, dark = lit.filter(ImageFilter.GaussianBlur(0.7)), dark.filter(ImageFilter.GaussianBlur(0.7))
        line = ridge(rng, W, snowline(px, py), 26, rough=0.75)
        snowy = ImageOps.invert(below_mask((W, H), line, soft=1.5))
        if texture is not None:
            snowy = ImageChops.multiply(snowy, texture)
        for m, rc, sc in ((lit, rock_lit, snow_lit), (dark, rock_dark, snow_dark)):
            fill(img, m, rc)
            fill(img, ImageChops.multiply(m, snowy), sc)


def fill(img, mask, what):
    if isinstance(what, tuple):
        what = solid(img.size, what)
    img.paste(what, (0, 0), mask)


def conifer(draw, x, base, h, colour, rng):
    """A small fir silhouette standing on (x, base)."""
    w = h * rng.uniform(0.28, 0.38)
    tiers = 5
    right = []
    for i in range(1, tiers + 1):
        y = base - h + (h * 0.88) * i / tiers
        half = w / 2 * (0.3 + 0.7 * i / tiers)
        right.append((half, y))
        if i < tiers:
            right.append((half * 0.5, y - h * 0.04))
    trunk = max(1.0, w * 0.07)
    last_y = right[-1][1]
    pts = [(x, base - h)] + [(x + dx, y) for dx, y in right] + [(x + trunk, last_y), (x + trunk, base), (x - trunk, base), (x - trunk, last_y)]
    pts += [(x - dx, y) for dx, y in reversed(right)]
    draw.polygon(pts, fill=colour)


def treeline(img, ys, colour, rng, hmin, hmax, gap=(3, 9), x0=0, x1=None, sink=0.25):
    draw = ImageDraw.Draw(img)
    x1 = len(ys) - 1 if x1 is None else x1
    x = x0 + rng.uniform(0, gap[1])
    while x < x1:
        h = rng.uniform(hmin, hmax)
        conifer(draw, x, ys[int(x)] + h * sink, h, colour, rng)
        x += rng.uniform(*gap)


def stars(img, rng, count, ymax, colours=("#ffffff",), weight=None):
    draw = ImageDraw.Draw(img)
    w = img.size[0]
    cols = [hexc(c) for c in colours]
    placed = 0
    while placed < count:
        x, y = rng.uniform(0, w - 1), rng.uniform(0, ymax)
        if weight is not None and rng.random() * 255 > weight.getpixel((int(x), int(y))):
            continue
        placed += 1
        b = rng.random() ** 2.2
        c = mix((0, 0, 0), rng.choice(cols), 0.25 + 0.75 * b)
        base = img.getpixel((int(x), int(y)))
        c = tuple(max(base[k], c[k]) for k in range(3))
        if b > 0.93:
            draw.ellipse((x - 1.5, y - 1.5, x + 1.5, y + 1.5), fill=c)
        elif b > 0.6:
            draw.rectangle((x, y, x + 1, y + 1), fill=c)
        else:
            draw.point((x, y), fill=c)


def reflect(img, water_y, depth, rng, tint, tint_amount=0.3, darken=0.8, blur_rows=3, wobble=3.0):
    """Mirrors the band above water_y into the water below, with ripples and a tint."""
    w, h = img.size
    depth = min(depth, h - water_y, water_y)
    src = img.crop((0, water_y - depth, w, water_y)).transpose(Image.FLIP_TOP_BOTTOM)
    if blur_rows > 1:
        src = src.resize((w, max(1, depth // blur_rows)), Image.BILINEAR).resize((w, depth), Image.BILINEAR)
    out = src.copy()
    phase = rng.uniform(0, 6.28)
    for y in range(depth):
        off = int(round(math.sin(y * 0.45 + phase + math.sin(y * 0.07) * 2) * wobble * (0.3 + y / depth)))
        if off:
            out.paste(src.crop((0, y, w, y + 1)), (off, y))
    out = Image.blend(out, solid(out.size, tint), tint_amount)
    out = Image.blend(solid(out.size, (0, 0, 0)), out, darken)
    img.paste(out, (0, water_y))


def save(img, out_dir, name):
    path = os.path.join(out_dir, name + ".jpg")
    img.convert("RGB").save(path, "JPEG", quality=JPEG_QUALITY, optimize=True, progressive=False)
    return path


# ---------------------------------------------------------------------------
# Scenes. Each takes a seeded Random and returns an RGB image.


def ember_mesa(rng):
    """Desert mesas and buttes against a low sun."""
    W, H = 1200, 800
    horizon = 585
    img = vgradient((W, H), stops_of((0.0, "#2a1b4d"), (0.33, "#8e3b6e"), (0.58, "#ec7a4a"),
                                     (0.72, "#ffc06a"), (1.0, "#ffd98a")))
    # Thin streaks of cloud lit from below.
    streak = value_noise(rng, (W, H), (420, 26), octaves=4)
    streak = streak.point(lambda v: max(0, v - 150) * 2)
    streak = ImageChops.multiply(streak, vramp((W, H), [(90, 0), (200, 200), (420, 140), (520, 0)]))
    fill(img, streak, vgradient((W, H), stops_of((0.0, "#c0507a"), (0.5, "#ff9c6a"), (1.0, "#ffd8a0"))))
    sun = (800, horizon - 40)
    glow(img, sun, 520, hexc("#ffb060"), power=2.2, strength=0.85)
    glow(img, sun, 160, hexc("#fff0c0"), power=1.8, strength=0.9)
    disc(img, sun, 46, hexc("#fff6dc"))

    def mesas(ground, specs):
        ys = [float(ground)] * (W + 1)
        for cx, top_w, height, cliff, talus in specs:
            top = ground - height
            for x in range(W + 1):
                d = abs(x - cx) - top_w / 2
                if d <= 0:
                    y = top
                elif d <= cliff:
                    y = top + (d / cliff) ** 1.5 * height * 0.62
                elif d <= cliff + talus:
                    y = top + height * 0.62 + ((d - cliff) / talus) ** 0.7 * height * 0.38
                else:
                    continue
                ys[x] = min(ys[x], y)
        rough = ridge(rng, W, 0, 3, rough=0.7)
        return [y + r for y, r in zip(ys, rough)]

    far = mesas(horizon, [(140, 260, 70, 30, 60), (520, 120, 95, 14, 50), (1020, 340, 60, 26, 70)])
    fill(img, below_mask((W, H), far), vgradient((W, H), stops_of((0.6, "#9a4a5e"), (0.8, "#7a3550"))))
    mid = mesas(horizon + 25, [(330, 90, 190, 12, 70), (420, 36, 140, 8, 40), (1130, 260, 210, 20, 80)])
    fill(img, below_mask((W, H), mid), vgradient((W, H), stops_of((0.3, "#5e2637"), (0.9, "#3f1824"))))
    # Desert floor: warm near the horizon, shadowed in front.
    floor_y = horizon + 45
    ground = ridge(rng, W, floor_y, 8, rough=0.5)
    soil = vgradient((W, H), stops_of((0.75, "#9c4a30"), (0.85, "#6b2f22"), (1.0, "#2e1412")))
    soil = shift(soil, value_noise(rng, (W, H), (160, 30), octaves=5), 18)
    fill(img, below_mask((W, H), ground), soil)
    draw = ImageDraw.Draw(img)
    for _ in range(140):
        x = rng.uniform(0, W)
        y = rng.uniform(floor_y + 10, H)
        s = (y - floor_y) / (H - floor_y) * 9 + 1
        draw.ellipse((x - s * 1.6, y - s, x + s * 1.6, y + s * 0.3), fill=mix(hexc("#2a120f"), hexc("#5a2a1c"), rng.random()))
    return img


def alpine_lake(rng):
    """Snowy peaks, a dark fir shore and their reflection in a still lake."""
    W, H = 1200, 800
    water = 520
    img = vgradient((W, H), stops_of((0.0, "#2f6db8"), (0.45, "#86b6e2"), (0.65, "#d6e8f4")))
    cl = value_noise(rng, (W, H), (300, 110), octaves=5)
    cl = cl.point(lambda v: max(0, v - 160) * 3)
    cl = ImageChops.multiply(cl, vramp((W, H), [(0, 255), (230, 180), (320, 0)]))
    fill(img, cl, (250, 252, 255))
    def textured(colour, amount):
        return shift(solid((W, H), hexc(colour)), value_noise(rng, (W, H), (12, 40), octaves=3), amount)

    patchy = value_noise(rng, (W, H), (16, 60), octaves=3).point(lambda v: 255 if v > 90 else v * 2)
    # A paler range far behind, then the main peaks.
    peaks(img, rng, [(180, 300, 260), (560, 280, 240), (980, 290, 280)], 480,
          hexc("#8d9db4"), hexc("#6f7f98"), hexc("#e2eaf3"), hexc("#b5c4d8"),
          lambda px, py: py + 90, patchy)
    peaks(img, rng, [(380, 165, 250), (770, 130, 290), (1080, 230, 220), (60, 250, 200)], 480,
          textured("#7f8a9a", 14), textured("#434c5c", 10), textured("#fbfdff", 4), textured("#aebfd6", 6),
          lambda px, py: py + 150 + rng.uniform(-20, 30), patchy)
    # A haze band at the foot of the mountains.
    fill(img, vramp((W, H), [(330, 0), (440, 110), (480, 150)]), hexc("#c6d8e6"))
    # Forested shore.
    shore = ridge(rng, W, 470, 22, rough=0.5)
    fill(img, below_mask((W, H), shore), vgradient((W, H), stops_of((0.55, "#2f5a40"), (0.65, "#1c3a2a"))))
    treeline(img, shore, hexc("#163223"), rng, 18, 48, gap=(4, 11))
    ImageDraw.Draw(img).rectangle((0, water - 6, W, water), fill=hexc("#1d3a2c"))
    reflect(img, water, H - water, rng, tint=hexc("#1d5a6a"), tint_amount=0.28, darken=0.78, blur_rows=2, wobble=2.5)
    # A few light ripple lines on the water.
    draw = ImageDraw.Draw(img)
    for _ in range(50):
        y = rng.uniform(water + 20, H)
        x = rng.uniform(0, W)
        ln = rng.uniform(30, 120) * (y - water) / (H - water) + 10
        base = img.getpixel((int(x), int(y)))
        draw.line((x, y, x + ln, y), fill=mix(base, hexc("#d0e2ee"), 0.35), width=1)
    img = img.filter(ImageFilter.SMOOTH)
    return img


def misty_hills(rng):
    """Layer upon layer of forested ridges, valley fog between them."""
    W, H = 1200, 800
    img = vgradient((W, H), stops_of((0.0, "#9db7c9"), (0.35, "#dfe3dc"), (0.55, "#f4e7cf")))
    glow(img, (380, 250), 420, hexc("#fff4dc"), power=1.8, strength=0.9)
    disc(img, (380, 250), 34, hexc("#fffaf0"), soft=3)
    mist = hexc("#e9ecea")
    layers = [
        (330, 40, "#aab8bf", 5, 9),
        (400, 45, "#8fa3a8", 7, 12),
        (480, 50, "#6d8a86", 10, 18),
        (560, 55, "#4d6f64", 14, 26),
        (650, 60, "#2f5245", 22, 40),
        (750, 55, "#1a3329", 40, 75),
    ]
    for i, (base, amp, colour, hmin, hmax) in enumerate(layers):
        ys = smooth(ridge(rng, W, base, amp, rough=0.45), 6)
        c = hexc(colour)
        fill(img, below_mask((W, H), ys), c)
        treeline(img, ys, c, rng, hmin, hmax, gap=(hmin * 0.35, hmin * 0.8), sink=0.4)
        if i < len(layers) - 1:
            top = min(ys)
            fog = vramp((W, H), [(top + 10, 0), (base + amp * 0.6, 120), (base + amp + 70, 215)])
            fill(img, fog, mist)
    return img


def coastline_cliffs(rng):
    """Sea cliffs with a green top, a sea stack and a sandy cove."""
    W, H = 1200, 800
    horizon = 350
    img = vgradient((W, H), stops_of((0.0, "#3d86cf"), (0.3, "#8cc0ea"), (0.44, "#e3f1f8")))
    cl = value_noise(rng, (W, H), (240, 120), octaves=6)
    cloud = cl.point(lambda v: max(0, min(255, (v - 150) * 4)))
    cloud = ImageChops.multiply(cloud, vramp((W, H), [(0, 255), (260, 220), (330, 0)]))
    under = ImageChops.offset(cloud, 0, -10)
    fill(img, cloud, (250, 250, 252))
    fill(img, ImageChops.multiply(cloud, scale_mask(ImageOps.invert(under), 0.8)), hexc("#c2cbd6"))
    # Sea: deep blue far, turquoise near the shore.
    sea = vgradient((W, H), stops_of((0.43, "#3d78a4"), (0.6, "#1f5f88"), (0.85, "#1a8a97"), (1.0, "#47b8b0")))
    sea = shift(sea, value_noise(rng, (W, H), (200, 12), octaves=4), 14)
    img.paste(sea.crop((0, horizon, W, H)), (0, horizon))
    draw = ImageDraw.Draw(img)
    for _ in range(700):
        y = horizon + (rng.random() ** 1.6) * (H - horizon)
        t = (y - horizon) / (H - horizon)
        x = rng.uniform(-50, W)
        draw.line((x, y, x + rng.uniform(6, 30) + 120 * t, y), fill=mix(hexc("#5f9fc0"), hexc("#e8f6f6"), rng.random() * 0.6 + t * 0.3), width=1 + int(t * 2.5))
    # A hazy far headland on the horizon.
    head = [horizon - max(0.0, 38 * math.sin(min(1.0, x / 320) * math.pi) ** 0.6 * (1 if x < 320 else 0)) for x in range(W + 1)]
    head = [y + r for y, r in zip(head, ridge(rng, W, 0, 2))]
    above_sea = vramp((W, H), [(horizon, 255), (horizon + 1, 0)])
    fill(img, ImageChops.multiply(below_mask((W, H), head), above_sea), hexc("#7b9bb0"))
    # The cliff on the right.
    edge = []
    for y in range(272, H + 1, 4):
        t = (y - 272) / (H - 272)
        edge.append((740 - 260 * t ** 1.4 + rng.uniform(-10, 10) + 30 * math.sin(y * 0.03), y))
    top = ridge(rng, 460, 255, 18, rough=0.55)
    cliff_pts = [(740 + i, top[i]) for i in range(0, 461, 4)] + [(W + 5, H + 5)] + edge[::-1]
    cliff_mask = Image.new("L", (W, H), 0)
    ImageDraw.Draw(cliff_mask).polygon(cliff_pts, fill=255)
    cliff_mask = cliff_mask.filter(ImageFilter.GaussianBlur(0.8))
    strata = value_noise(rng, (W, H), (380, 14), octaves=4).point(lambda v: 128 + (v - 128) // 3)
    strata = ImageChops.add(strata, vramp((W, H), [(240, 0), (H, 200)]), 1.0, -90)
    face = gradient_map(strata, stops_of((0.0, "#d6a770"), (0.35, "#b07a4c"), (0.7, "#7b5236"), (1.0, "#4a3022")))
    # Buttresses and gullies: sunlit and shadowed vertical facets down the face.
    facets = value_noise(rng, (W, 1), (45, 1), octaves=3).point(lambda v: 40 if v < 110 else (215 if v > 150 else v))
    facets = facets.resize((W, H), Image.NEAREST)
    facets = ImageChops.add(facets, value_noise(rng, (W, H), (10, 160), octaves=3), 1.6, -80).filter(ImageFilter.GaussianBlur(1.5))
    face = shift(face, facets, 34)
    shade = Image.new("L", (W, H), 0)
    ImageDraw.Draw(shade).polygon([(740, 240), (W, 240), (W, H), (480, H)], fill=90)
    face = Image.composite(solid((W, H), hexc("#3a2a22")), face, shade.filter(ImageFilter.GaussianBlur(120)))
    fill(img, cliff_mask, face)
    grass_line = [-10.0] * 740 + [t + 16 + 6 * math.sin(i / 17) for i, t in enumerate(top)]
    grass_mask = ImageChops.multiply(cliff_mask, ImageOps.invert(below_mask((W, H), grass_line, soft=2)))
    grass = shift(vgradient((W, H), stops_of((0.3, "#8fb050"), (0.36, "#4f7a2e"))), value_noise(rng, (W, H), 8, octaves=3), 30)
    fill(img, grass_mask, grass)
    # A sea stack with foam at its foot.
    stack = [(590, 470), (598, 402), (612, 392), (626, 398), (634, 470)]
    draw = ImageDraw.Draw(img)
    draw.polygon(stack, fill=hexc("#6d4c35"))
    draw.polygon([(612, 392), (626, 398), (634, 470), (616, 470)], fill=hexc("#4a3324"))
    draw.polygon([(598, 402), (612, 390), (626, 398), (624, 404), (600, 406)], fill=hexc("#6f9a3e"))
    for _ in range(60):
        x, y = rng.uniform(580, 650), rng.uniform(466, 476)
        draw.ellipse((x - 5, y - 2, x + 5, y + 2), fill=(236, 246, 246))
    # Foam where the sea meets the cliff foot.
    for (x, y) in edge[10:]:
        for _ in range(3):
            fx, fy = x + rng.uniform(-30, 8), y + rng.uniform(-3, 3)
            s = 3 + (y - horizon) / 60
            draw.ellipse((fx - s * 2, fy - s * 0.6, fx + s * 2, fy + s * 0.6), fill=(238, 247, 246))
    # A sandy cove in the lower left.
    beach = [H - 120 + (x / 540) ** 1.8 * 140 + 5 * math.sin(x / 40) for x in range(W + 1)]
    wet = below_mask((W, H), [y - 8 for y in beach], soft=3)
    fill(img, wet, hexc("#e9f5f1"))
    sand = shift(vgradient((W, H), stops_of((0.8, "#d8c28e"), (1.0, "#ecdcae"))), grain(rng, (W, H)).filter(ImageFilter.GaussianBlur(0.8)), 10)
    fill(img, below_mask((W, H), beach, soft=2), sand)
    return img


def aurora_hills(rng):
    """Green and violet aurora curtains over snowy hills and dark firs."""
    W, H = 1200, 800
    img = vgradient((W, H), stops_of((0.0, "#03071a"), (0.45, "#071634"), (0.72, "#0d2d45")))
    stars(img, rng, 900, 560, colours=("#ffffff", "#cfe0ff", "#fff2d8"))

    def curtain(base_y, amp, length, freq, phase, strength):
        """Masks (green lower fringe, violet upper glow) of one folded aurora curtain."""
        green, violet = Image.new("L", (W, H), 0), Image.new("L", (W, H), 0)
        dg, dv = ImageDraw.Draw(green), ImageDraw.Draw(violet)
        flick = value_noise(rng, (W, 2), (10, 1), octaves=3)
        seg = 6
        for x in range(W):
            y = base_y + amp * math.sin(x * freq + phase) + amp * 0.4 * math.sin(x * freq * 2.7 + phase * 1.3)
            y += (x - W / 2) * 0.08 + (flick.getpixel((x, 1)) - 128) / 128 * 5
            b = strength * (0.3 + 0.7 * flick.getpixel((x, 0)) / 255.0)
            L = length * (0.55 + 0.45 * flick.getpixel((x, 1)) / 255.0)
            for k in range(0, int(L), seg):
                t = k / L
                g = b * (1 - t) ** 1.8 * min(1.0, (k + 3) / 14)
                v = b * 0.7 * math.exp(-((t - 0.7) / 0.22) ** 2)
                dg.line((x, y - k, x, y - k - seg), fill=int(255 * g))
                dv.line((x, y - k, x, y - k - seg), fill=int(255 * v))
        return green.filter(ImageFilter.GaussianBlur(3)), violet.filter(ImageFilter.GaussianBlur(10))

    for base_y, amp, length, freq, phase, strength in ((230, 30, 200, 0.013, 2.1, 0.55), (340 , 38, 280, 0.0105, 0.4, 0.95)):
        green, violet = curtain(base_y, amp, length, freq, phase, strength)
        fill(img, violet, hexc("#9a4cd8"))
        fill(img, green, hexc("#3ef0a0"))
        fill(img, scale_mask(green.point(lambda v: max(0, v - 150) * 2), 0.7), hexc("#d8ffe8"))
    # Far dark mountains under the lights.
    far_peaks = ridge(rng, W, 500, 45, rough=0.55)
    fill(img, below_mask((W, H), far_peaks), hexc("#0b1a30"))
    fill(img, vramp((W, H), [(430, 0), (560, 90)]), hexc("#123a4a"))
    # Snowy hills with a hint of green light on them.
    far = smooth(ridge(rng, W, 560, 40, rough=0.45), 10)
    light = value_noise(rng, (W, H), (300, 80), octaves=3)
    snow_far = gradient_map(light, stops_of((0.0, "#4f6a8a"), (1.0, "#8fb3c4")))
    fill(img, below_mask((W, H), far), snow_far)
    near = smooth(ridge(rng, W, 660, 60, rough=0.45), 12)
    snow_near = vgradient((W, H), stops_of((0.7, "#b4cfdc"), (0.85, "#7d9ab6"), (1.0, "#5a7696")))
    snow_near = shift(snow_near, value_noise(rng, (W, H), (120, 30), octaves=4), 14)
    treeline(img, far, hexc("#0a1622"), rng, 10, 24, gap=(3, 14), x0=0, x1=W)
    fill(img, below_mask((W, H), near), snow_near)
    draw = ImageDraw.Draw(img)
    for _ in range(16):
        x = rng.uniform(0, W)
        h = rng.uniform(70, 170)
        conifer(draw, x, near[int(x)] + h * 0.3, h, hexc("#06101a"), rng)
    sparkle = grain(rng, (W, H)).point(lambda v: 255 if v > 252 else 0)
    fill(img, ImageChops.multiply(sparkle, below_mask((W, H), [y + 30 for y in near])), (235, 245, 255))
    return img


def canyon(rng):
    """Banded canyon walls stepping down to a green river in the inner gorge."""
    W, H = 1200, 800
    img = vgradient((W, H), stops_of((0.0, "#3f86d2"), (0.28, "#b9d8f2")))
    cl = value_noise(rng, (W, H), (360, 60), octaves=5).point(lambda v: max(0, v - 165) * 3)
    fill(img, ImageChops.multiply(cl, vramp((W, H), [(0, 255), (170, 0)])), (255, 255, 255))
    # Rock layers: cream caprock, red walls, a pale band, dark inner-gorge schist.
    band_colours = ["#efdcb8", "#e3c191", "#c98a5a", "#b5603f", "#c06e48", "#a44a34", "#ba6a48",
                    "#dcb48a", "#c78a60", "#9c4632", "#8e3e2e", "#a8583c", "#7a3a2c", "#5e3028", "#4a2a26"]

    def strata(period, phase, brightness, haze=0.0, haze_colour="#b9c6d6"):
        """Horizontal rock bands (period pixels per band), slightly wavy, with a rough texture."""
        stops = []
        n = len(band_colours)
        for i, c in enumerate(band_colours):
            stops += [(i / n + 0.004, hexc(c)), ((i + 1) / n - 0.004, mix(hexc(c), (0, 0, 0), 0.12))]
        y = vramp((W, H), [(0, phase), (H, phase + H * 255 / (period * n))])
        wobble = value_noise(rng, (W, H), (260, 90), octaves=3).point(lambda v: 128 + (v - 128) // 14)
        y = ImageChops.add(y, wobble, 1.0, -128)
        rock = gradient_map(y, stops)
        rock = shift(rock, value_noise(rng, (W, H), (6, 26), octaves=3), 14)
        rock = Image.blend(solid((W, H), (30, 14, 10)), rock, brightness)
        return Image.blend(rock, solid((W, H), hexc(haze_colour)), haze) if haze else rock

    # The far rim: a flat plateau edge, then a far wall of temples and buttes.
    far = ridge(rng, W, 215, 4, rough=0.5)
    fill(img, below_mask((W, H), far), strata(34, 0, 1.0, 0.55))
    mid = [300.0] * (W + 1)
    for cx, hw, top in ((300, 60, 250), (520, 90, 232), (760, 50, 262), (930, 80, 240)):
        for x in range(W + 1):
            d = abs(x - cx) - hw
            if d < 60:
                mid[x] = min(mid[x], top + max(0.0, d) ** 1.2 * 0.9)
    mid = [y + r for y, r in zip(mid, ridge(rng, W, 0, 3, rough=0.7))]
    fill(img, below_mask((W, H), mid), strata(30, 0, 0.95, 0.35))
    # Inner gorge with the river.
    inner = [470 + 10 * math.sin(x / 70) for x in range(W + 1)]
    schist = vgradient((W, H), stops_of((0.58, "#6a4536"), (1.0, "#2e1e1a")))
    schist = shift(schist, value_noise(rng, (W, H), (30, 50), octaves=4), 22)
    fill(img, below_mask((W, H), inner), schist)
    river = Image.new("L", (W, H), 0)
    d = ImageDraw.Draw(river)
    for y in range(470, H + 20, 3):
        t = (y - 470) / (H - 470)
        cx = 600 + 70 * math.sin(t * 4.2) * (1 - t * 0.5)
        hw = 8 + 90 * t ** 1.6
        d.rectangle((cx - hw, y, cx + hw, y + 3), fill=255)
    river = river.filter(ImageFilter.GaussianBlur(2.5))
    water = vgradient((W, H), stops_of((0.6, "#7fb0a4"), (1.0, "#2f7c6e")))
    water = shift(water, value_noise(rng, (W, H), (60, 5), octaves=3), 18)
    fill(img, river, water)
    # Green banks along the river.
    banks = ImageChops.subtract(river.filter(ImageFilter.GaussianBlur(10)).point(lambda v: min(255, v * 2)), river)
    fill(img, scale_mask(banks, 0.7), shift(solid((W, H), hexc("#56703a")), value_noise(rng, (W, H), 6, octaves=2), 30))

    def wall(side, top_y, span):
        """Outline of one canyon wall: cliff bands alternating with talus slopes."""
        x, y = rng.uniform(80, 140), top_y
        pts = [(0.0, top_y), (x, y)]
        while y < H + 20:
            x += rng.uniform(4, 14)
            y += rng.uniform(30, 70)            # a cliff
            pts.append((x, y))
            run = rng.uniform(20, 70)
            x += run
            y += run * rng.uniform(0.25, 0.7)   # a slope below it
            pts.append((x, y))
        k = span / x
        pts = [(px * k + rng.uniform(-3, 3), py) for px, py in pts]
        if side > 0:
            pts = [(W - px, py) for px, py in pts]
            outer = [(W + 5, H + 25), (W + 5, top_y)]
        else:
            outer = [(-5, H + 25), (-5, top_y)]
        m = Image.new("L", (W, H), 0)
        ImageDraw.Draw(m).polygon(pts + outer, fill=255)
        return m.filter(ImageFilter.GaussianBlur(0.8))

    right = strata(48, 20, 0.7)
    right = Image.composite(solid((W, H), hexc("#2a1410")), right, vramp((W, H), [(200, 0), (H, 120)]))
    fill(img, wall(+1, 170, 520), right)
    left = strata(52, 0, 1.0)
    left = Image.composite(solid((W, H), hexc("#3a1a12")), left, vramp((W, H), [(300, 0), (H, 90)]))
    fill(img, wall(-1, 140, 500), left)
    return img


def starry_lake(rng):
    """The Milky Way over black peaks, mirrored in a mountain lake."""
    W, H = 1200, 800
    water = 540
    img = vgradient((W, H), stops_of((0.0, "#020310"), (0.45, "#0a1434"), (0.66, "#1c2f55"), (0.69, "#3a4a6a")))
    glow(img, (860, water), 420, hexc("#5a4a6a"), power=2.0, strength=0.6)
    # Milky Way band: a diagonal stripe of cloudy light.
    D = 2 * max(W, H)
    band = vramp((D, D), [(D // 2 - 190, 0), (D // 2 - 40, 255), (D // 2 + 40, 255), (D // 2 + 190, 0)])
    band = band.rotate(-32, resample=Image.BILINEAR).crop((D // 2 - W // 2 + 120, D // 2 - H // 2, D // 2 + W // 2 + 120, D // 2 + H // 2))
    dust = value_noise(rng, (W, H), (90, 90), octaves=5)
    milky = ImageChops.multiply(band, dust.point(lambda v: max(0, v - 60) * 255 // 195))
    fill(img, scale_mask(milky, 0.55), hexc("#c9c2e6"))
    lane = ImageChops.multiply(band, value_noise(rng, (W, H), (60, 25), octaves=4).point(lambda v: max(0, v - 170) * 3))
    fill(img, scale_mask(lane, 0.6), hexc("#0a0c1c"))
    stars(img, rng, 1100, water, colours=("#ffffff", "#d8e4ff", "#ffe8c8"))
    stars(img, rng, 900, water, colours=("#ffffff", "#e8e0ff"), weight=band)
    peaks = ridge(rng, W, 470, 110, rough=0.6, lo=-0.5, hi=0.2)
    fill(img, below_mask((W, H), peaks), hexc("#060914"))
    shore = ridge(rng, W, 525, 10, rough=0.5)
    fill(img, below_mask((W, H), shore), hexc("#04060c"))
    treeline(img, shore, hexc("#04060c"), rng, 8, 26, gap=(3, 12))
    ImageDraw.Draw(img).rectangle((0, water - 4, W, water), fill=hexc("#04060c"))
    reflect(img, water, H - water, rng, tint=hexc("#0a1a30"), tint_amount=0.2, darken=0.7, blur_rows=2, wobble=2)
    # Foreground rocks and grass, in silhouette.
    fg = [H - 40 + 20 * math.sin(x / 70) - max(0, 80 - abs(x - 150) * 0.5) for x in range(W + 1)]
    fg = [y + r for y, r in zip(fg, ridge(rng, W, 0, 6))]
    fill(img, below_mask((W, H), fg), hexc("#020306"))
    draw = ImageDraw.Draw(img)
    for _ in range(260):
        x = rng.uniform(0, W)
        y = fg[int(x)] + 4
        draw.line((x, y, x + rng.uniform(-8, 8), y - rng.uniform(8, 30)), fill=hexc("#020306"), width=2)
    return img


def lavender_fields(rng):
    """Rows of lavender running to a warm evening horizon."""
    W, H = 1200, 800
    horizon = 430
    img = vgradient((W, H), stops_of((0.0, "#6f86c4"), (0.3, "#d9a6b8"), (0.5, "#fbd19a"), (0.55, "#ffe3b0")))
    sun = (300, horizon - 50)
    glow(img, sun, 480, hexc("#ffd090"), power=2.0, strength=0.8)
    disc(img, sun, 38, hexc("#fff5e0"), soft=2)
    hills = smooth(ridge(rng, W, horizon - 18, 22, rough=0.45), 8)
    fill(img, below_mask((W, H), hills), hexc("#9c8aa6"))
    trees = [horizon - 2] * (W + 1)
    fill(img, below_mask((W, H), trees), hexc("#7e7a6a"))
    draw = ImageDraw.Draw(img)
    for _ in range(60):
        x = rng.uniform(0, W)
        r = rng.uniform(5, 13)
        draw.ellipse((x - r, horizon - r * 1.5, x + r, horizon + 2), fill=mix(hexc("#5d6a4e"), hexc("#7f8b66"), rng.random()))
    # The field: soil, then lavender rows converging on a vanishing point.
    soil = vgradient((W, H), stops_of((0.53, "#a08a6a"), (1.0, "#5a4632")))
    img.paste(soil.crop((0, horizon, W, H)), (0, horizon))
    vx, vy = 760, horizon
    rows = Image.new("L", (W, H), 0)
    d = ImageDraw.Draw(rows)
    spacing = 150
    for i in range(-20, 24):
        xl = vx + i * spacing
        d.polygon([(vx + (xl - vx) * 0.0 - 0.5, vy), (xl, H + 400 * 0 + 2), (xl + spacing * 0.72, H + 2), (vx + 0.5, vy)], fill=255)
    rows = rows.filter(ImageFilter.GaussianBlur(1))
    bloom = vgradient((W, H), stops_of((0.54, "#b49ad0"), (0.65, "#8e6cc0"), (1.0, "#5a3a8e")))
    sprig = value_noise(rng, (W, H), (3, 14), octaves=2)
    bloom = shift(bloom, sprig, 40)
    fill(img, rows, bloom)
    # Warm haze near the horizon.
    fill(img, vramp((W, H), [(horizon - 40, 0), (horizon, 140), (horizon + 60, 60), (horizon + 140, 0)]), hexc("#ffd9a8"))
    # A lone tree in the field.
    tx, ty = 960, horizon + 48
    draw = ImageDraw.Draw(img)
    draw.polygon([(tx - 5, ty), (tx - 2, ty - 60), (tx + 3, ty - 60), (tx + 6, ty)], fill=hexc("#2e2418"))
    for _ in range(40):
        ox, oy = rng.gauss(0, 34), rng.gauss(-85, 20)
        r = rng.uniform(14, 26)
        draw.ellipse((tx + ox - r, ty + oy - r, tx + ox + r, ty + oy + r * 0.8), fill=mix(hexc("#2f3a22"), hexc("#4a5630"), rng.random()))
    return img


def tall_waterfall(rng):
    """Portrait (600x900): a narrow waterfall dropping down a mossy gorge."""
    W, H = 600, 900
    img = vgradient((W, H), stops_of((0.0, "#a8cde8"), (0.12, "#e8f2f0")))
    # Far forest at the top of the falls.
    top = smooth(ridge(rng, W, 120, 20, rough=0.5), 4)
    fill(img, below_mask((W, H), top), hexc("#4f7a5a"))
    treeline(img, top, hexc("#3a6247"), rng, 14, 34, gap=(3, 8))
    # The back of the gorge, behind the falling water: dark, wet rock.
    back = vgradient((W, H), stops_of((0.14, "#3a4a40"), (0.6, "#1e2a24"), (1.0, "#141c18")))
    back = shift(back, value_noise(rng, (W, H), (8, 90), octaves=3), 20)
    fill(img, below_mask((W, H), [128.0] * (W + 1), soft=0), back)
    # Gorge walls: dark wet rock covered in moss.
    rock = value_noise(rng, (W, H), (60, 30), octaves=5)
    rock = gradient_map(rock, stops_of((0.0, "#1d2620"), (0.4, "#36443a"), (0.7, "#4f6a44"), (1.0, "#7da25a")))
    shade = vramp((W, H), [(120, 0), (H, 110)])
    rock = Image.composite(solid((W, H), (12, 18, 14)), rock, shade)
    walls = Image.new("L", (W, H), 0)
    d = ImageDraw.Draw(walls)
    left, right = [], []
    for y in range(140, H + 30, 10):
        t = (y - 140) / (H - 140)
        left.append((250 - 40 * t + rng.uniform(-12, 12) + 20 * math.sin(y / 60), y))
        right.append((350 + 50 * t + rng.uniform(-12, 12) + 18 * math.sin(y / 47 + 1), y))
    d.polygon([(-5, 130), (270, 135)] + left + [(-5, H + 5)], fill=255)
    d.polygon([(W + 5, 130), (330, 135)] + right + [(W + 5, H + 5)], fill=255)
    walls = walls.filter(ImageFilter.GaussianBlur(1.2))
    # The falling water behind the walls' edges: streaky, bright, widening.
    streaks = value_noise(rng, (W, H), (3, 160), octaves=3)
    water = gradient_map(streaks, stops_of((0.0, "#7f9ea4"), (0.5, "#d4e6ea"), (1.0, "#ffffff")))
    fall = Image.new("L", (W, H), 0)
    fd = ImageDraw.Draw(fall)
    for y in range(120, H, 6):
        t = (y - 120) / (H - 120)
        cx = 300 + 6 * math.sin(y / 80)
        hw = 26 + 34 * t
        fd.rectangle((cx - hw, y, cx + hw, y + 6), fill=255)
    fall = fall.filter(ImageFilter.GaussianBlur(4))
    fill(img, fall, water)
    fill(img, walls, rock)
    # Moss and fern clumps on the walls, softened a little.
    moss = img.copy()
    draw = ImageDraw.Draw(moss)
    for _ in range(2600):
        y = rng.uniform(140, H)
        t = (y - 140) / (H - 140)
        x = rng.uniform(0, W)
        r = rng.uniform(1.5, 5) * (0.7 + t)
        draw.ellipse((x - r * 1.6, y - r, x + r * 1.6, y + r * 0.5), fill=mix(hexc("#2a4a24"), hexc("#6a9446"), rng.random() * (1 - t * 0.6)))
    moss = moss.filter(ImageFilter.GaussianBlur(0.8))
    fill(img, ImageChops.multiply(walls, value_noise(rng, (W, H), (40, 40), octaves=3).point(lambda v: max(0, v - 90) * 2)), moss)
    # Plunge pool and rising spray.
    pool = [H - 90 + 10 * math.sin(x / 50) for x in range(W + 1)]
    fill(img, ImageChops.multiply(below_mask((W, H), pool), ImageOps.invert(walls)), hexc("#3f6f6a"))
    glow(img, (300, H - 80), 240, hexc("#eef6f4"), power=1.4, strength=0.85)
    glow(img, (300, H - 200), 160, hexc("#f6fbfa"), power=1.8, strength=0.5)
    return img


def prairie_panorama(rng):
    """Wide (1600x500): golden grassland under big evening clouds."""
    W, H = 1600, 500
    horizon = 330
    img = vgradient((W, H), stops_of((0.0, "#3a6aa8"), (0.45, "#9fbde0"), (0.66, "#f6d6a8")))
    cl = value_noise(rng, (W, H), (260, 110), octaves=6)
    mask = cl.point(lambda v: max(0, min(255, (v - 140) * 3)))
    mask = ImageChops.multiply(mask, vramp((W, H), [(0, 220), (200, 255), (290, 0)]))
    lit = gradient_map(cl, stops_of((0.5, "#b9a0b4"), (0.8, "#ffe2c4"), (1.0, "#fff7ea")))
    fill(img, mask, lit)
    glow(img, (1240, horizon - 10), 600, hexc("#ffc88a"), power=2.4, strength=0.7)
    mountains = smooth(ridge(rng, W, horizon - 22, 30, rough=0.55, levels=10), 3)
    fill(img, below_mask((W, H), mountains), hexc("#8c93b4"))
    hills = smooth(ridge(rng, W, horizon + 10, 18, rough=0.4, levels=10), 14)
    fill(img, below_mask((W, H), hills), hexc("#a88a58"))
    grass = vgradient((W, H), stops_of((0.62, "#d6a85a"), (0.8, "#b98a40"), (1.0, "#6e5226")))
    grass = shift(grass, value_noise(rng, (W, H), (260, 40), octaves=4), 26)
    grass = shift(grass, value_noise(rng, (W, H), (2, 9), octaves=2), 22)
    near = smooth(ridge(rng, W, horizon + 45, 22, rough=0.4, levels=10), 20)
    fill(img, below_mask((W, H), near), grass)
    draw = ImageDraw.Draw(img)
    for _ in range(900):
        x = rng.uniform(0, W)
        y = rng.uniform(near[int(x)] + 40, H + 10)
        h = 6 + (y - horizon) / (H - horizon) * 26
        draw.line((x, y, x + rng.uniform(-4, 4), y - h), fill=mix(hexc("#8a6a30"), hexc("#f0cc80"), rng.random()), width=1)
    # A lone cottonwood on the rise.
    tx, ty = 420, near[420] + 6
    draw.polygon([(tx - 4, ty), (tx - 2, ty - 40), (tx + 2, ty - 40), (tx + 5, ty)], fill=hexc("#3a2c1c"))
    for _ in range(30):
        ox, oy = rng.gauss(0, 22), rng.gauss(-58, 12)
        r = rng.uniform(9, 16)
        draw.ellipse((tx + ox - r, ty + oy - r, tx + ox + r, ty + oy + r * 0.8), fill=mix(hexc("#3f4a26"), hexc("#6a6a34"), rng.random()))
    return img


SCENES = [
    ("ember-mesa", ember_mesa, 1101),
    ("alpine-lake", alpine_lake, 2202),
    ("misty-hills", misty_hills, 3303),
    ("coastline-cliffs", coastline_cliffs, 4404),
    ("aurora-hills", aurora_hills, 5505),
    ("canyon", canyon, 6606),
    ("starry-lake", starry_lake, 7707),
    ("lavender-fields", lavender_fields, 8808),
    ("tall-waterfall", tall_waterfall, 9909),
    ("prairie-panorama", prairie_panorama, 1010),
]


def contact_sheet(paths, out):
    thumbs = []
    for p in paths:
        im = Image.open(p)
        im.thumbnail((400, 300))
        thumbs.append((os.path.basename(p), im))
    cols = 3
    rows = (len(thumbs) + cols - 1) // cols
    sheet = Image.new("RGB", (cols * 410 + 10, rows * 330 + 10), (16, 16, 20))
    d = ImageDraw.Draw(sheet)
    for i, (name, im) in enumerate(thumbs):
        x, y = 10 + (i % cols) * 410, 10 + (i // cols) * 330
        sheet.paste(im, (x + (400 - im.width) // 2, y + (300 - im.height) // 2))
        d.text((x, y + 304), f"{name} {im.width}x{im.height} thumb", fill=(220, 220, 220))
    sheet.save(out)


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("names", nargs="*", help="scenes to draw (default: all)")
    ap.add_argument("--out", default=DEFAULT_OUT, help="output folder (default: Assets/Demo)")
    ap.add_argument("--sheet", help="also write a contact sheet PNG here")
    args = ap.parse_args(argv)
    known = {name for name, _, _ in SCENES}
    unknown = [n for n in args.names if n not in known]
    if unknown:
        ap.error("unknown scene(s): %s (known: %s)" % (", ".join(unknown), ", ".join(sorted(known))))
    os.makedirs(args.out, exist_ok=True)
    paths = []
    for name, draw, seed in SCENES:
        if args.names and name not in args.names:
            continue
        img = draw(random.Random(seed))
        path = save(img, args.out, name)
        paths.append(path)
        print("%-22s %4dx%-4d %7d bytes" % (name + ".jpg", img.width, img.height, os.path.getsize(path)))
    if args.sheet:
        contact_sheet(paths, args.sheet)
        print("contact sheet:", args.sheet)


if __name__ == "__main__":
    main(sys.argv[1:])
