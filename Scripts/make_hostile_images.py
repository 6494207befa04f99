#!/usr/bin/env python3
"""Writes hostile and edge-case image files for Scripts/image_suites.py into a folder (not into the repo).

    python3 Scripts/make_hostile_images.py OUTDIR

Huge ancillary PNG chunk lengths, PNGs with thousands of chunks, truncated JPEGs, CMYK JPEGs, GIF frames larger than
their logical screen, progressive JPEGs with many scans (jpegtran -scans), all eight Exif orientations, a PNG with
gigabytes of zeros after its rows, and large pictures near the limits. Needs Pillow, ImageMagick's convert and
jpegtran (libjpeg-turbo-progs).
"""
import os
import struct
import subprocess
import sys
import zlib

from PIL import Image


def chunk(kind, data, length=None):
    body = kind + data
    return struct.pack(">I", len(data) if length is None else length) + body + struct.pack(">I", zlib.crc32(body))


def png(width, height, extra=b"", rows=None, colour=2):
    ihdr = chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, colour, 0, 0, 0))
    if rows is None:
        rows = b"".join(b"\0" + bytes([x * 255 // max(1, width - 1) for x in range(width) for _ in range(3)]) for _ in range(height))
    return b"\x89PNG\r\n\x1a\n" + ihdr + extra + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")


def gif(screen, frame, pixels=None):
    """A GIF whose logical screen is `screen` and whose one frame is `frame`, 1-bit colour, LZW data for `pixels`
    codes of index 0 (clear, then nothing: the decoder fills the rest)."""
    head = b"GIF89a" + struct.pack("<HHBBB", screen[0], screen[1], 0x80, 0, 0) + b"\xff\x00\x00\x00\x00\xff"
    image = b"," + struct.pack("<HHHHB", 0, 0, frame[0], frame[1], 0)
    data = b"\x02\x02\x44\x01\x00"  # min code size 2, one sub-block: clear, 0, end.
    return head + image + data + b";"


def scan_starts(jpeg):
    """The offsets of the SOS markers of a JPEG, and of its EOI."""
    starts, at = [], 2
    while at < len(jpeg) - 1:
        marker = jpeg[at + 1]
        if marker == 0xD9:
            return starts, at
        length = struct.unpack(">H", jpeg[at + 2:at + 4])[0]
        if marker != 0xDA:
            at += 2 + length
            continue
        starts.append(at)
        at += 2 + length
        while not (jpeg[at] == 0xFF and jpeg[at + 1] not in (0x00,) and not 0xD0 <= jpeg[at + 1] <= 0xD7):
            at += 1
    return starts, at


def repeat_last_scan(jpeg, scans):
    """`jpeg` (progressive) with its smallest scan (a DC refinement: a bit a block) repeated at the end until it has
    `scans` scans, as a hostile file does: each costs a pass over every block."""
    starts, end = scan_starts(jpeg)
    bounds = list(zip(starts, starts[1:] + [end]))
    first, stop = min(bounds, key=lambda b: b[1] - b[0])
    return jpeg[:end] + jpeg[first:stop] * max(0, scans - len(starts)) + jpeg[end:]


def png_with_tail(width, height, tail):
    """A valid RGB PNG whose one zlib stream goes on with `tail` zeros after its last row (about 1 KB of file a
    MB of zeros), split into 64 KB IDAT chunks: a decoder that inflates the whole stream pays for every zero."""
    rows = b"".join(b"\0" + bytes([255, 0, 0]) * width for _ in range(height))
    deflate = zlib.compressobj(9)
    data = deflate.compress(rows)
    zeros = bytes(1 << 24)
    while tail > 0:
        data += deflate.compress(zeros[:min(tail, len(zeros))])
        tail -= len(zeros)
    data += deflate.flush()
    idat = b"".join(chunk(b"IDAT", data[at:at + 65536]) for at in range(0, len(data), 65536))
    ihdr = chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
    return b"\x89PNG\r\n\x1a\n" + ihdr + idat + chunk(b"IEND", b"")


def write(folder, name, data):
    with open(os.path.join(folder, name), "wb") as f:
        f.write(data)


def photo(path, size, **save):
    """A smooth photo-like picture (gradients and a disc) of `size`."""
    w, h = size
    small = Image.new("RGB", (64, 64))
    small.putdata([(x * 4, y * 4, (x + y) * 2) for y in range(64) for x in range(64)])
    image = small.resize(size, Image.BILINEAR)
    image.save(path, **save)


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    # Ancillary chunks claiming far more than the file holds, and a bit more than the 8 MiB limit.
    for kind in (b"tEXt", b"zTXt", b"iTXt", b"pCAL", b"sCAL", b"sPLT", b"iCCP", b"eXIf", b"vpAg"):
        write(out, f"png-huge-{kind.decode()}.png", png(8, 8, chunk(kind, b"x" * 8, length=0x7FFFFFFF))[:80])
    for kind in (b"tEXt", b"zTXt", b"iCCP", b"vpAg"):
        write(out, f"png-9MiB-{kind.decode()}.png", png(8, 8, chunk(kind, b"k\0" + b"x" * (9 * 1024 * 1024))))
    # Many small chunks before the picture: 200,000 tEXt chunks, and as many unknown ancillary ones.
    write(out, "png-200k-tEXt.png", png(8, 8, b"".join(chunk(b"tEXt", b"k\0%d" % i) for i in range(200_000))))
    write(out, "png-200k-unknown.png", png(8, 8, b"".join(chunk(b"vpAg", b"%d" % i) for i in range(200_000))))
    # A 7000x7000 PNG (49 MP) with a million one-byte IDAT chunks would be large; 7000x7000 plain stands for size.
    big = os.path.join(out, "png-7000x7000.png")
    photo(big, (7000, 7000), compress_level=1)
    inter = os.path.join(out, "png-4800x4800-interlaced.png")
    subprocess.run(["convert", big, "-resize", "4800x4800", "-interlace", "PNG", "-define", "png:compression-level=1", inter], check=True)
    # JPEGs: a photo, cut at several places; CMYK (Adobe, as ImageMagick writes it); huge baseline.
    base = os.path.join(out, "jpeg-photo.jpg")
    photo(base, (1800, 1200), quality=90)
    data = open(base, "rb").read()
    for cut in (1000, len(data) // 2, len(data) - 2):
        write(out, f"jpeg-cut-at-{cut}.jpg", data[:cut])
    # Cut in half with an end marker appended (the data runs out mid-scan: refused), and whole but for its end
    # marker (shown, with a note).
    write(out, "jpeg-cut-half-with-eoi.jpg", data[:len(data) // 2] + b"\xff\xd9")
    write(out, "jpeg-no-eoi.jpg", data[:-2])
    # A 16x16 PNG with 4 GiB of zeros after its rows in the same zlib stream (4 MB of file).
    write(out, "png-16x16-4gib-zero-tail.png", png_with_tail(16, 16, 4 << 30))
    subprocess.run(["convert", base, "-colorspace", "CMYK", os.path.join(out, "jpeg-cmyk-adobe.jpg")], check=True)
    photo(os.path.join(out, "jpeg-8000x6000.jpg"), (8000, 6000), quality=85)
    # Progressive: 3000 scans of a 48 MP picture and of a 2000x1500 one, and 99 (under the limit). jpegtran writes
    # at most 100 scans, so a small scan of its usual progressive file is repeated.
    for name, size, scans in (("jpeg-48mp-3000-scans.jpg", (8000, 6000), 3000), ("jpeg-3mp-3000-scans.jpg", (2000, 1500), 3000),
                              ("jpeg-3mp-99-scans.jpg", (2000, 1500), 99)):
        plain = os.path.join(out, "plain.tmp.jpg")
        photo(plain, size, quality=80)
        progressive = subprocess.run(["jpegtran", "-progressive", plain], capture_output=True, check=True).stdout
        os.remove(plain)
        write(out, name, repeat_last_scan(progressive, scans))
    # GIF frames larger than the logical screen: 65535², 7000x7000 (49 MP, under the pixel limit), 4000x4000.
    for frame in ((65535, 65535), (7000, 7000), (4000, 4000)):
        write(out, f"gif-frame-{frame[0]}x{frame[1]}-on-8x8.gif", gif((8, 8), frame))
    # A whole 7000x7000 frame (its LZW data complete, a few KB) on an 8x8 screen: Pillow writes it, the screen is patched.
    whole = os.path.join(out, "gif-frame-7000x7000-whole-on-8x8.gif")
    Image.new("P", (7000, 7000), 0).save(whole)
    data = bytearray(open(whole, "rb").read())
    data[6:10] = struct.pack("<HH", 8, 8)
    write(out, os.path.basename(whole), bytes(data))
    # Small files that decode whole to many megapixels: a lossless WebP, an RLE BMP, a GIF.
    Image.new("RGB", (4000, 4000), (255, 0, 0)).save(os.path.join(out, "webp-4000x4000-lossless.webp"), lossless=True)
    Image.new("P", (4800, 4800), 0).save(os.path.join(out, "gif-4800x4800.gif"))
    subprocess.run(["convert", "-size", "7000x7000", "xc:red", "-type", "palette", "-compress", "RLE",
                    "BMP3:" + os.path.join(out, "bmp-7000x7000-rle.bmp")], check=True)
    # The largest HEIC the old limit let through, of noise (the codec's worst case): 4096x4096, 18 MB, slow to encode.
    subprocess.run(["convert", "-size", "2048x2048", "xc:", "+noise", "Random", "-resize", "4096x4096", "-quality", "90",
                    os.path.join(out, "heic-4096x4096-noise.heic")], check=False)
    # Exif orientations 1 to 8 on an asymmetric picture (red top-left corner), written by Pillow.
    marker = Image.new("RGB", (300, 200), (40, 40, 200))
    marker.paste((220, 30, 30), (0, 0, 100, 60))
    for value in range(1, 9):
        exif = Image.Exif()
        exif[0x0112] = value
        marker.save(os.path.join(out, f"exif-orientation-{value}.jpg"), quality=95, exif=exif)


if __name__ == "__main__":
    main()
