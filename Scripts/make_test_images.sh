#!/usr/bin/env bash
# Writes the tiny image fixtures the decoder tests read (Tests/VitrineSDLTests/Fixtures), with ImageMagick.
# Tests never run this: its output is committed. Each file is a few hundred bytes.
set -euo pipefail
out="$(dirname "$0")/../Tests/VitrineSDLTests/Fixtures"
mkdir -p "$out"
# Left half red, right half blue, as a CMYK JPEG with an Adobe marker (stored inverted, as Photoshop does).
convert -size 16x16 xc:red -fill blue -draw 'rectangle 8,0 15,15' -colorspace CMYK -quality 95 -strip "$out/cmyk-adobe.jpg"
# The same picture as a progressive JPEG (ImageMagick writes libjpeg's usual 10 scans).
convert -size 16x16 xc:red -fill blue -draw 'rectangle 8,0 15,15' -interlace JPEG -quality 95 -strip "$out/progressive.jpg"
# 8-bit greyscale with a transparent grey (tRNS): left half grey 76, right half the transparent grey 200.
convert -size 16x16 xc:'gray(76)' -fill 'gray(200)' -draw 'rectangle 8,0 15,15' -transparent 'gray(200)' \
    -define png:color-type=0 -define png:bit-depth=8 -strip "$out/grey-trns.png"
# An animated WebP of two frames, red then blue, and a lossless one whose first frame is red on the left and
# transparent on the right.
convert -size 16x16 xc:red -size 16x16 xc:blue -loop 0 -delay 10 -quality 90 "$out/animated.webp"
convert \( -size 16x16 xc:none -fill red -draw 'rectangle 0,0 7,15' \) \( -size 16x16 xc:blue \) -loop 0 -delay 10 \
    -define webp:lossless=true "$out/animated-alpha.webp"
# A 64x48 Adam7-interlaced PNG with alpha: left half opaque red, right half transparent.
convert -size 64x48 xc:none -fill red -draw 'rectangle 0,0 31,47' -interlace PNG -define png:color-type=6 -strip "$out/interlaced-alpha.png"
# An animated GIF, red then blue, and an interlaced one whose left half is red and right half transparent.
convert -size 16x16 xc:red -size 16x16 xc:blue -loop 0 -delay 10 "$out/animated.gif"
convert -size 16x16 xc:none -fill red -draw 'rectangle 0,0 7,15' -interlace GIF "$out/interlaced-alpha.gif"
# BMPs SDL_image reads: 24-bit, and 8-bit palette with RLE compression (for the damaged-file tests).
convert -size 16x16 xc:red -fill blue -draw 'rectangle 8,0 15,15' BMP3:"$out/plain.bmp"
convert -size 16x16 xc:red -fill blue -draw 'rectangle 8,0 15,15' -type palette -compress RLE BMP3:"$out/palette-rle.bmp"
# HEIC and AVIF (through libheif), 64x48, left half red, right half blue.
convert -size 64x48 xc:red -fill blue -draw 'rectangle 32,0 63,47' -quality 90 "$out/photo.heic"
convert -size 64x48 xc:red -fill blue -draw 'rectangle 32,0 63,47' -quality 90 "$out/photo.avif"
