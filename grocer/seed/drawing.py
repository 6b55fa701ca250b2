"""Small drawing helpers shared by the demo pictures (:mod:`grocer.seed.images`) and the
produce drawings (:mod:`grocer.seed.produce`): colour arithmetic and polygon shapes."""

from __future__ import annotations

import math

from PIL import ImageColor, ImageDraw

RGB = tuple[int, int, int]
Draw = ImageDraw.ImageDraw
WHITE: RGB = (255, 255, 255)


def rgb(colour: str) -> RGB:
    r, g, b = ImageColor.getrgb(colour)[:3]
    return r, g, b


def mix(a: RGB, b: RGB, t: float) -> RGB:
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


def dark(c: RGB, t: float = 0.3) -> RGB:
    return mix(c, (0, 0, 0), t)


def light(c: RGB, t: float = 0.45) -> RGB:
    return mix(c, WHITE, t)


def luminance(c: RGB) -> float:
    return (0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2]) / 255


def ellipse_poly(
    cx: float, cy: float, rx: float, ry: float, angle: float = 0, n: int = 48
) -> list[tuple[float, float]]:
    a = math.radians(angle)
    pts = []
    for i in range(n):
        t = 2 * math.pi * i / n
        x, y = rx * math.cos(t), ry * math.sin(t)
        pts.append((cx + x * math.cos(a) - y * math.sin(a), cy + x * math.sin(a) + y * math.cos(a)))
    return pts


def box(cx: float, cy: float, r: float) -> tuple[float, float, float, float]:
    return cx - r, cy - r, cx + r, cy + r


def lw(s: float) -> int:
    return max(2, round(s / 40))


def leaf(d: Draw, cx: float, cy: float, length: float, angle: float) -> None:
    pts = ellipse_poly(cx, cy, length, length * 0.4, angle)
    d.polygon(pts, fill=(67, 160, 71), outline=(46, 125, 50), width=lw(length * 4))
    a = math.radians(angle)
    d.line(
        (
            cx - length * math.cos(a) * 0.8,
            cy - length * math.sin(a) * 0.8,
            cx + length * math.cos(a) * 0.8,
            cy + length * math.sin(a) * 0.8,
        ),
        fill=(46, 125, 50),
        width=lw(length * 4),
    )
