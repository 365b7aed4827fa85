#!/usr/bin/env python3
"""Draws the web app's PNG icons (Sources/WlogServer/Resources/app/icon-192.png, icon-512.png):
a barbell on the app's blue, the same shapes as icon.svg, written with zlib alone (no imaging
library, no download). Run again after changing the shapes; the PNGs are committed."""
import os
import struct
import zlib

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BLUE, WHITE = (11, 92, 173), (255, 255, 255)
# Rectangles in a 100 × 100 box (x, y, width, height): the bar, two plates a side, the collars.
SHAPES = [(10, 47, 80, 6), (18, 30, 8, 40), (28, 36, 6, 28), (74, 30, 8, 40), (66, 36, 6, 28)]


def pixel(x, y, size):
    u, v = x * 100.0 / size, y * 100.0 / size
    return WHITE if any(a <= u < a + w and b <= v < b + h for a, b, w, h in SHAPES) else BLUE


def png(size):
    rows = b"".join(b"\x00" + bytes(c for x in range(size) for c in pixel(x, y, size)) for y in range(size))

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xffffffff)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b""))


for size in (192, 512):
    with open(os.path.join(ROOT, "Sources/WlogServer/Resources/app/icon-%d.png" % size), "wb") as out:
        out.write(png(size))
