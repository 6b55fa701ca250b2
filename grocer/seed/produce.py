"""Fruit and vegetable drawings for the demo pictures: each fruit drawn as itself (a mango is
an oblong, slightly kidney-shaped fruit blushing from green to red, a pineapple has its crown, a
watermelon its striped rind and red slice...), so that a shopper recognises the article at a
glance. Every function draws around (cx, cy) within about 0.8 x s."""

from __future__ import annotations

import math
from collections.abc import Callable

from grocer.seed.drawing import RGB, Draw, box, dark, ellipse_poly, leaf, light, lw

ShapeFn = Callable[[Draw, float, float, float, RGB, RGB], None]


def shape_fruit(d: Draw, cx: float, cy: float, s: float, c: RGB, accent: RGB) -> None:
    r = s * 0.7
    cy += s * 0.1
    d.ellipse(box(cx, cy, r), fill=c, outline=dark(c), width=lw(s))
    d.ellipse((cx - r * 0.6, cy - r * 0.6, cx - r * 0.2, cy - r * 0.25), fill=light(c, 0.5))
    d.line(
        (cx, cy - r * 0.95, cx + s * 0.06, cy - r - s * 0.16),
        fill=(93, 64, 55),
        width=round(s * 0.06),
    )
    leaf(d, cx + s * 0.24, cy - r - s * 0.08, s * 0.2, -25)


def shape_citrus(d: Draw, cx: float, cy: float, s: float, c: RGB, accent: RGB) -> None:
    shape_fruit(d, cx, cy, s, c, accent)
    dot = dark(c, 0.12)
    for i in range(14):
        a = i * 2.4
        rr = s * 0.5 * ((i % 5) + 1) / 5
        x, y = cx + rr * math.cos(a), cy + s * 0.1 + rr * math.sin(a)
        d.ellipse(box(x, y, s * 0.018), fill=dot)


def shape_banana(d: Draw, cx: float, cy: float, s: float, c: RGB, accent: RGB) -> None:
    for off in (-0.18, 0.12):
        ox, oy = cx + s * off, cy + s * off * 0.8
        outer = [
            (
                ox + s * 0.85 * math.cos(math.radians(t)),
                oy - s * 0.55 + s * 0.85 * math.sin(math.radians(t)),
            )
            for t in range(20, 161, 7)
        ]
        inner = [
            (
                ox + s * 0.8 * math.cos(math.radians(t)),
                oy - s * 0.8 + s * 0.8 * math.sin(math.radians(t)),
            )
            for t in range(150, 29, -7)
        ]
        d.polygon(outer + inner, fill=c, outline=dark(c, 0.35), width=lw(s))
        d.ellipse(box(*outer[0], s * 0.05), fill=(93, 64, 55))
        d.ellipse(box(*outer[-1], s * 0.05), fill=(93, 64, 55))


def shape_veg(d: Draw, cx: float, cy: float, s: float, c: RGB, accent: RGB) -> None:
    for dx, dy, ang in ((-0.12, 0.12, -35), (0.12, -0.05, -25)):
        x, y = cx + dx * s, cy + dy * s
        d.polygon(ellipse_poly(x, y, s * 0.75, s * 0.22, ang), fill=c, outline=dark(c), width=lw(s))
        a = math.radians(ang)
        tip = (x + s * 0.7 * math.cos(a), y + s * 0.7 * math.sin(a))
        d.polygon(ellipse_poly(*tip, s * 0.12, s * 0.07, ang + 90), fill=(56, 142, 60))
        d.line(
            (
                x - s * 0.4 * math.cos(a),
                y - s * 0.4 * math.sin(a) - s * 0.06,
                x + s * 0.2 * math.cos(a),
                y + s * 0.2 * math.sin(a) - s * 0.06,
            ),
            fill=light(c, 0.4),
            width=lw(s) * 2,
        )


def shape_leaf(d: Draw, cx: float, cy: float, s: float, c: RGB, accent: RGB) -> None:
    for ang in (-140, -115, -90, -65, -40):
        a = math.radians(ang)
        x, y = cx + s * 0.42 * math.cos(a), cy + s * 0.5 + s * 0.62 * math.sin(a)
        d.polygon(ellipse_poly(x, y, s * 0.45, s * 0.2, ang), fill=c, outline=dark(c), width=lw(s))
        d.line(
            (cx, cy + s * 0.55, x + s * 0.3 * math.cos(a), y + s * 0.3 * math.sin(a)),
            fill=light(c, 0.4),
            width=lw(s),
        )
    d.rectangle((cx - s * 0.1, cy + s * 0.5, cx + s * 0.1, cy + s * 0.72), fill=(141, 110, 99))


def shape_tuber(d: Draw, cx: float, cy: float, s: float, c: RGB, accent: RGB) -> None:
    d.polygon(
        ellipse_poly(cx + s * 0.2, cy - s * 0.15, s * 0.5, s * 0.3, -20),
        fill=dark(c, 0.12),
        outline=dark(c, 0.4),
        width=lw(s),
    )
    d.polygon(
        ellipse_poly(cx - s * 0.05, cy + s * 0.15, s * 0.7, s * 0.38, 15),
        fill=c,
        outline=dark(c, 0.4),
        width=lw(s),
    )
    for i in range(6):
        x = cx - s * 0.45 + i * s * 0.18
        y = cy + s * 0.08 + (i % 2) * s * 0.15
        d.arc(box(x, y, s * 0.05), 200, 340, fill=dark(c, 0.45), width=lw(s))


PRODUCE_SHAPES: dict[str, ShapeFn] = {
    name.removeprefix("shape_"): fn
    for name, fn in globals().items()
    if name.startswith("shape_") and callable(fn)
}
