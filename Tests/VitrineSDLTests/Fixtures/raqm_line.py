#!/usr/bin/env python3
"""Draws one line of text as Pillow lays it out with libraqm (bidi, script runs, HarfBuzz shaping), for ShapingTests.

usage: raqm_line.py FONT PIXELSIZE TEXT
Prints "W H" and then the ink's coverage (0-255), cropped to the ink's bounding box, as hex rows. Exit 77 when
Pillow or its raqm layout is not installed."""
import sys

try:
    from PIL import Image, ImageDraw, ImageFont, features
except ImportError:
    sys.exit(77)
if not features.check("raqm"):
    sys.exit(77)

path, size, text = sys.argv[1], int(sys.argv[2]), sys.argv[3]
font = ImageFont.truetype(path, size, layout_engine=ImageFont.Layout.RAQM)
left, top, right, bottom = font.getbbox(text)
image = Image.new("L", (right - left + 8, bottom - top + 8), 0)
ImageDraw.Draw(image).text((4 - left, 4 - top), text, font=font, fill=255)
box = image.getbbox()
if box is None:
    print("0 0")
    sys.exit(0)
ink = image.crop(box)
print(ink.width, ink.height)
data = ink.tobytes()
for y in range(ink.height):
    print(data[y * ink.width:(y + 1) * ink.width].hex())
