"""Fruit and vegetable drawings for the demo pictures: each fruit drawn as itself (a mango is
an oblong, slightly kidney-shaped fruit blushing from green to red, a pineapple has its crown, a
watermelon its striped rind and red slice...), so that a shopper recognises the article at a
glance. Every function draws around (cx, cy) within about 0.8 x s."""

from __future__ import annotations

import math
from collections.abc import Callable

from grocer.seed.drawing import RGB, Draw, box, dark, ellipse_poly, leaf, light, lw, mix

ShapeFn = Callable[[Draw, float, float, float, RGB, RGB], None]
Point = tuple[float, float]

LEAF_GREEN: RGB = (67, 160, 71)
UNRIPE_GREEN: RGB = (124, 179, 66)
BLUSH_RED: RGB = (211, 47, 47)
STEM_BROWN: RGB = (93, 64, 55)
SEED_BLACK: RGB = (33, 33, 33)


def body_outline(
    cx: float,
    cy: float,
    rx: float,
    ry: float,
    angle: float = 0,
    bend: float = 0,
    taper: float = 0,
    n: int = 72,
) -> list[Point]:
    """An oval along its long axis (half-length `rx`, half-width `ry`) turned by `angle`
    degrees: `bend` curves both ends the same way (a kidney or bean), `taper` makes the end
    at +rx fatter (> 0) or thinner (< 0) than the other (a pear)."""
    a = math.radians(angle)
    cos_a, sin_a = math.cos(a), math.sin(a)
    pts = []
    for i in range(n):
        t = math.tau * i / n
        u = rx * math.cos(t)
        v = ry * math.sin(t) * (1 + taper * math.cos(t)) + bend * ry * math.cos(t) ** 2
        pts.append((cx + u * cos_a - v * sin_a, cy + u * sin_a + v * cos_a))
    return pts


def along(cx: float, cy: float, angle: float, u: float, v: float = 0) -> Point:
    """The point `u` along and `v` across an axis through (cx, cy) turned by `angle`."""
    a = math.radians(angle)
    return cx + u * math.cos(a) - v * math.sin(a), cy + u * math.sin(a) + v * math.cos(a)


def chord(cx: float, cy: float, rx: float, ry: float, p: Point, angle: float) -> list[Point]:
    """Where the line through `p` at `angle` degrees crosses the ellipse (cx, cy, rx, ry), or
    [] when it misses: lines drawn inside a fruit without leaving it."""
    dx, dy = math.cos(math.radians(angle)), math.sin(math.radians(angle))
    px, py = p[0] - cx, p[1] - cy
    qa = (dx / rx) ** 2 + (dy / ry) ** 2
    qb = 2 * (px * dx / rx**2 + py * dy / ry**2)
    qc = (px / rx) ** 2 + (py / ry) ** 2 - 1
    disc = qb * qb - 4 * qa * qc
    if disc <= 0:
        return []
    root = math.sqrt(disc)
    return [
        (p[0] + dx * k, p[1] + dy * k) for k in ((-qb - root) / (2 * qa), (-qb + root) / (2 * qa))
    ]


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
    """A whole citrus (dimpled peel, green calyx, a leaf) and a cut half showing its segments."""
    wx, wy, r = cx + s * 0.17, cy - s * 0.12, s * 0.52
    d.ellipse(box(wx, wy, r), fill=c, outline=dark(c), width=lw(s))
    dot = dark(c, 0.14)
    for i in range(16):
        a = i * 2.4
        rr = r * 0.85 * ((i % 5) + 1) / 5
        d.ellipse(box(wx + rr * math.cos(a), wy + rr * math.sin(a), s * 0.016), fill=dot)
    d.ellipse(box(wx, wy - r * 0.93, s * 0.05), fill=(56, 142, 60))
    leaf(d, wx + s * 0.2, wy - r - s * 0.06, s * 0.18, -30)
    hx, hy, hr = cx - s * 0.3, cy + s * 0.32, s * 0.42
    d.ellipse(box(hx, hy, hr), fill=c, outline=dark(c), width=lw(s))
    d.ellipse(box(hx, hy, hr * 0.86), fill=light(c, 0.75))
    d.ellipse(box(hx, hy, hr * 0.78), fill=light(c, 0.22))
    for i in range(9):
        a = math.tau * i / 9
        d.line(
            (hx, hy, hx + hr * 0.78 * math.cos(a), hy + hr * 0.78 * math.sin(a)),
            fill=light(c, 0.75),
            width=lw(s),
        )
    d.ellipse(box(hx, hy, hr * 0.08), fill=light(c, 0.75))


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


def shape_mango(d: Draw, cx: float, cy: float, s: float, c: RGB, accent: RGB) -> None:
    """An oblong, slightly kidney-shaped mango, green at its tip, blushing to red at the
    stem's shoulder, with its stem and a leaf (not the round `fruit` of an apple or orange)."""
    angle, rx, ry = -28.0, s * 0.74, s * 0.48
    ox, oy = cx - s * 0.02, cy + s * 0.1
    d.polygon(
        body_outline(ox, oy, rx, ry, angle, bend=0.28, taper=0.12), fill=mix(c, UNRIPE_GREEN, 0.6)
    )
    steps = 9  # green tip -> the variety's colour -> red blush near the stem
    for k in range(1, steps + 1):
        scale = 1 - 0.72 * k / steps
        f = k / steps
        colour = (
            mix(mix(c, UNRIPE_GREEN, 0.6), c, f * 2)
            if f <= 0.5
            else mix(c, BLUSH_RED, (f - 0.5) * 1.2)
        )
        sx, sy = along(ox, oy, angle, rx * (1 - scale) * 0.75, -ry * (1 - scale) * 0.35)
        d.polygon(
            body_outline(sx, sy, rx * scale, ry * scale, angle, bend=0.28, taper=0.12),
            fill=colour,
        )
    d.polygon(
        body_outline(ox, oy, rx, ry, angle, bend=0.28, taper=0.12),
        outline=dark(c, 0.35),
        width=lw(s),
    )
    hx, hy = along(ox, oy, angle, -rx * 0.2, -ry * 0.45)
    d.polygon(ellipse_poly(hx, hy, rx * 0.22, ry * 0.12, angle), fill=light(c, 0.55))
    tip = along(ox, oy, angle, rx * 0.97, -ry * 0.05)
    end = along(ox, oy, angle, rx * 1.12, -ry * 0.28)
    d.line((*tip, *end), fill=STEM_BROWN, width=round(s * 0.06))
    leaf(d, end[0] - s * 0.16, end[1] - s * 0.06, s * 0.17, 200)


def shape_papaya(d: Draw, cx: float, cy: float, s: float, c: RGB, accent: RGB) -> None:
    """A papaya cut lengthwise: green-yellow skin, orange flesh and the black seeds in its
    hollow (a pear-shaped fruit, thinner at the stem)."""
    angle, rx, ry = -35.0, s * 0.8, s * 0.44
    d.polygon(
        body_outline(cx, cy, rx, ry, angle, taper=-0.28),
        fill=mix(c, UNRIPE_GREEN, 0.45),
        outline=dark(UNRIPE_GREEN, 0.35),
        width=lw(s),
    )
    d.polygon(
        body_outline(cx, cy, rx * 0.9, ry * 0.82, angle, taper=-0.28), fill=mix(c, BLUSH_RED, 0.15)
    )
    hx, hy = along(cx, cy, angle, -rx * 0.1)
    d.polygon(body_outline(hx, hy, rx * 0.5, ry * 0.36, angle, taper=-0.3), fill=dark(c, 0.25))
    for i in range(13):
        u = -rx * 0.45 + rx * 0.9 * ((i * 0.618) % 1)
        v = ry * 0.22 * math.sin(i * 2.1) * (1 - abs(u) / (rx * 0.55))
        d.ellipse(box(*along(hx, hy, angle, u * 0.92, v), s * 0.045), fill=SEED_BLACK)
    d.line(
        (*along(cx, cy, angle, rx * 0.98), *along(cx, cy, angle, rx * 1.08)),
        fill=STEM_BROWN,
        width=round(s * 0.07),
    )


def shape_pineapple(d: Draw, cx: float, cy: float, s: float, c: RGB, accent: RGB) -> None:
    """A pineapple: an oval golden body crossed by its diamond pattern, under a crown of
    spiky green leaves."""
    bx, by, rx, ry = cx, cy + s * 0.2, s * 0.42, s * 0.55
    for ang in (-150, -128, -108, -90, -72, -52, -30):
        a = math.radians(ang)
        length = s * (0.5 if ang == -90 else 0.4 if abs(ang + 90) < 30 else 0.32)
        base = (bx, by - ry * 0.9)
        tip = (base[0] + length * math.cos(a), base[1] + length * math.sin(a))
        side = (math.cos(a + math.pi / 2) * s * 0.06, math.sin(a + math.pi / 2) * s * 0.06)
        colour = (56, 142, 60) if ang % 4 else (102, 187, 106)
        d.polygon(
            [(base[0] - side[0], base[1] - side[1]), tip, (base[0] + side[0], base[1] + side[1])],
            fill=colour,
            outline=(27, 94, 32),
            width=max(1, lw(s) // 2),
        )
    d.ellipse((bx - rx, by - ry, bx + rx, by + ry), fill=c, outline=dark(c, 0.4), width=lw(s))
    line = dark(c, 0.3)
    step = s * 0.17
    for k in range(-5, 6):
        for ang in (55, 125):
            ends = chord(bx, by, rx, ry, (bx + k * step, by), ang)
            if ends:
                d.line((*ends[0], *ends[1]), fill=line, width=lw(s))
    for i in range(-3, 4):
        for j in range(-4, 5):
            x, y = bx + i * step * 0.9, by + j * step * 0.62 + (i % 2) * step * 0.31
            if ((x - bx) / rx) ** 2 + ((y - by) / ry) ** 2 < 0.7:
                d.ellipse(box(x, y, s * 0.022), fill=dark(c, 0.45))


def shape_watermelon(d: Draw, cx: float, cy: float, s: float, c: RGB, accent: RGB) -> None:
    """A striped watermelon and, in front, a slice: red flesh, black seeds, pale and green
    rind."""
    wx, wy, rx, ry, angle = cx + s * 0.12, cy - s * 0.22, s * 0.66, s * 0.46, -12.0
    d.polygon(ellipse_poly(wx, wy, rx, ry, angle, n=72), fill=c, outline=dark(c, 0.4), width=lw(s))
    stripe = mix(c, (174, 213, 129), 0.55)
    for k in (-0.66, -0.33, 0.0, 0.33, 0.66):
        pts = []
        for i in range(25):
            u = -rx * 0.96 + rx * 1.92 * i / 24
            v = ry * k * math.sqrt(max(0.0, 1 - (u / rx) ** 2)) + s * 0.03 * math.sin(i * 1.7)
            pts.append(along(wx, wy, angle, u, v))
        d.line(pts, fill=stripe, width=lw(s) * 2)
    sx, sy, r = cx - s * 0.14, cy + s * 0.12, s * 0.6
    d.pieslice(box(sx, sy, r), 0, 180, fill=dark(c, 0.1), outline=dark(c, 0.4), width=lw(s))
    d.pieslice(box(sx, sy, r * 0.9), 0, 180, fill=(220, 237, 200))
    d.pieslice(box(sx, sy, r * 0.82), 0, 180, fill=(229, 57, 53))
    for i in range(7):
        a = math.radians(20 + i * 23)
        rr = r * (0.45 if i % 2 else 0.6)
        x, y = sx + rr * math.cos(a), sy + rr * math.sin(a)
        d.polygon(ellipse_poly(x, y, s * 0.04, s * 0.025, math.degrees(a)), fill=SEED_BLACK)


def shape_coconut(d: Draw, cx: float, cy: float, s: float, c: RGB, accent: RGB) -> None:
    """A hairy brown coconut with its three eyes, and a half showing the white flesh."""
    wx, wy, r = cx + s * 0.2, cy - s * 0.18, s * 0.5
    d.ellipse(box(wx, wy, r), fill=c, outline=dark(c, 0.4), width=lw(s))
    fibre = dark(c, 0.3)
    for i in range(26):
        a = i * 2.4
        rr = r * (0.25 + 0.65 * ((i * 0.37) % 1))
        x, y = wx + rr * math.cos(a), wy + rr * math.sin(a)
        d.line(
            (x, y, x + s * 0.08 * math.cos(a + 0.6), y + s * 0.08 * math.sin(a + 0.6)),
            fill=fibre,
            width=lw(s),
        )
    for dx, dy in ((-0.08, -0.2), (0.08, -0.2), (0.0, -0.07)):
        d.ellipse(box(wx + dx * s, wy + dy * s, s * 0.045), fill=dark(c, 0.55))
    hx, hy, hr = cx - s * 0.24, cy + s * 0.3, s * 0.44
    d.ellipse(box(hx, hy, hr), fill=dark(c, 0.15), outline=dark(c, 0.45), width=lw(s))
    d.ellipse(box(hx, hy, hr * 0.86), fill=(250, 250, 245))
    d.ellipse(box(hx, hy, hr * 0.6), fill=(236, 239, 241), outline=(207, 216, 220), width=lw(s))


def shape_pod(d: Draw, cx: float, cy: float, s: float, c: RGB, accent: RGB) -> None:
    """A baobab fruit (pain de singe): a long velvety pod on its stalk, with pieces of its
    white pulp in front."""
    angle, rx, ry = -22.0, s * 0.72, s * 0.3
    ox, oy = cx + s * 0.05, cy - s * 0.1
    d.polygon(
        body_outline(ox, oy, rx, ry, angle, bend=0.15, taper=0.15),
        fill=c,
        outline=dark(c, 0.4),
        width=lw(s),
    )
    for i in range(24):
        u = -rx * 0.8 + rx * 1.6 * ((i * 0.618) % 1)
        v = ry * 0.7 * math.sin(i * 2.3) * math.sqrt(max(0.0, 1 - (u / rx) ** 2))
        d.ellipse(box(*along(ox, oy, angle, u, v), s * 0.018), fill=light(c, 0.35))
    end = along(ox, oy, angle, rx * 0.98)
    stalk = [
        end,
        along(ox, oy, angle, rx * 1.08, -ry * 0.3),
        along(ox, oy, angle, rx * 1.1, -ry * 0.9),
    ]
    d.line(stalk, fill=STEM_BROWN, width=round(s * 0.05), joint="curve")
    for dx, dy, rr in ((-0.4, 0.5, 0.13), (-0.15, 0.58, 0.11), (0.08, 0.52, 0.12)):
        d.rounded_rectangle(
            box(cx + dx * s, cy + dy * s, rr * s),
            radius=rr * s * 0.45,
            fill=(245, 240, 225),
            outline=(189, 176, 150),
            width=lw(s),
        )


def shape_tomato(d: Draw, cx: float, cy: float, s: float, c: RGB, accent: RGB) -> None:
    """A round, slightly flattened tomato with its green star-shaped calyx."""
    cy += s * 0.08
    rx, ry = s * 0.7, s * 0.6
    d.ellipse((cx - rx, cy - ry, cx + rx, cy + ry), fill=c, outline=dark(c), width=lw(s))
    d.polygon(
        ellipse_poly(cx - rx * 0.45, cy - ry * 0.4, rx * 0.18, ry * 0.1, -30), fill=light(c, 0.5)
    )
    for i in range(5):
        a = -90 + i * 72 + 36
        tip = along(cx, cy - ry * 0.82, a, s * 0.2)
        mid = along(cx, cy - ry * 0.82, a, s * 0.1)
        d.polygon(ellipse_poly(*mid, s * 0.11, s * 0.04, a), fill=LEAF_GREEN, outline=(46, 125, 50))
        d.line((cx, cy - ry * 0.82, *tip), fill=(46, 125, 50), width=lw(s))
    d.line(
        (cx, cy - ry * 0.82, cx + s * 0.04, cy - ry - s * 0.12),
        fill=(46, 125, 50),
        width=round(s * 0.05),
    )


def shape_bulb(d: Draw, cx: float, cy: float, s: float, c: RGB, accent: RGB) -> None:
    """An onion, shallot or garlic bulb: round below, drawn to a dry point on top, with its
    roots and the lines of its skin."""
    by, r = cy + s * 0.15, s * 0.55
    top = (cx, cy - s * 0.62)
    arc = [
        (cx + r * math.cos(math.radians(t)), by + r * math.sin(math.radians(t)))
        for t in range(-50, 231, 6)
    ]
    d.polygon([top, *arc], fill=c, outline=dark(c, 0.4), width=lw(s))
    line = dark(c, 0.25) if sum(c) > 600 else light(c, 0.35)
    for k in (-0.6, -0.3, 0.0, 0.3, 0.6):
        pts = [
            (cx + k * r * math.sin(math.radians(t)), by - r * math.cos(math.radians(t)) * 0.95)
            for t in range(-10, 181, 10)
        ]
        d.line([(cx, top[1] + s * 0.1), *pts[2:]], fill=line, width=lw(s))
    d.line((*top, cx + s * 0.05, top[1] - s * 0.14), fill=dark(c, 0.35), width=round(s * 0.05))
    for dx in (-0.12, -0.04, 0.04, 0.12):
        x0, y0 = cx + dx * s, by + r * 0.98
        d.line((x0, y0, x0 + dx * s * 0.6, y0 + s * 0.1), fill=(161, 136, 127), width=lw(s))


def shape_cabbage(d: Draw, cx: float, cy: float, s: float, c: RGB, accent: RGB) -> None:
    """A head of cabbage: round, wrapped in outer leaves, veins from its base."""
    outer = dark(c, 0.18)
    for dx, dy, rr in ((-0.3, 0.12, 0.45), (0.3, 0.12, 0.45), (0.0, 0.28, 0.45)):
        d.ellipse(
            box(cx + dx * s, cy + dy * s, rr * s), fill=outer, outline=dark(c, 0.4), width=lw(s)
        )
    d.ellipse(box(cx, cy, s * 0.55), fill=c, outline=dark(c, 0.35), width=lw(s))
    vein = light(c, 0.55)
    base = (cx, cy + s * 0.55)
    for ang in (-150, -120, -90, -60, -30):
        a = math.radians(ang)
        d.line(
            (*base, cx + s * 0.5 * math.cos(a), cy + s * 0.05 + s * 0.5 * math.sin(a)),
            fill=vein,
            width=lw(s),
        )
    d.arc(box(cx, cy + s * 0.1, s * 0.42), 200, 340, fill=dark(c, 0.3), width=lw(s))


def shape_pepper(d: Draw, cx: float, cy: float, s: float, c: RGB, accent: RGB) -> None:
    """A bell pepper: three rounded lobes and a thick green stem."""
    cy += s * 0.1
    for dx in (-0.26, 0.26, 0.0):
        shade = c if dx == 0 else dark(c, 0.12)
        d.polygon(
            body_outline(cx + dx * s, cy, s * 0.55, s * 0.27, 90, taper=0.25),
            fill=shade,
            outline=dark(c, 0.4),
            width=lw(s),
        )
    d.polygon(
        ellipse_poly(cx - s * 0.06, cy - s * 0.1, s * 0.25, s * 0.05, 80), fill=light(c, 0.45)
    )
    d.rounded_rectangle(
        (cx - s * 0.12, cy - s * 0.62, cx + s * 0.12, cy - s * 0.5),
        radius=s * 0.04,
        fill=(46, 125, 50),
    )
    d.line(
        (cx, cy - s * 0.6, cx + s * 0.08, cy - s * 0.78), fill=(46, 125, 50), width=round(s * 0.07)
    )


PRODUCE_SHAPES: dict[str, ShapeFn] = {
    name.removeprefix("shape_"): fn
    for name, fn in globals().items()
    if name.startswith("shape_") and callable(fn)
}
