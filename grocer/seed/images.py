"""Draw the demo catalogue's pictures with Pillow (nothing is downloaded).

Run ``python -m grocer.seed.images [ASSETS_DIR]`` to (re)write every picture referenced by
:mod:`grocer.seed.demo_data` under ``assets/`` (default: the project's ``assets/``), plus
``img/fallback.webp``, ``img/logo.svg`` and ``favicon.ico``.
"""

from __future__ import annotations

import math
import sys
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from grocer.seed import demo_data as data
from grocer.seed.drawing import (
    RGB,
    WHITE,
    Draw,
    box,
    dark,
    ellipse_poly,
    leaf,
    light,
    luminance,
    lw,
    mix,
    rgb,
)
from grocer.seed.produce import PRODUCE_SHAPES, ShapeFn

Art = tuple[str, str]  # (shape, colour)

SCALE = 2  # supersampling factor
WEBP_QUALITY = 70
PRODUCT_SIZE = 400
CATEGORY_SIZE = 200
SECTION_SIZE = 600
PROMOTION_SIZE = (600, 400)
BANNER_SIZES = ((1200, 400, ""), (600, 300, "-600"))
INK: RGB = (38, 50, 56)
GREEN: RGB = (46, 125, 50)

FONT_DIRS = ("/usr/share/fonts", "/usr/local/share/fonts")

# level-1 key -> (background, accent)
PALETTE: dict[str, tuple[str, str]] = {
    "fruits-legumes": ("#fff3e0", "#ef6c00"),
    "cereales-feculents": ("#fff8e1", "#8d6e63"),
    "produits-laitiers-oeufs": ("#e3f2fd", "#1565c0"),
    "viandes-poissons": ("#fce4ec", "#ad1457"),
    "epicerie": ("#f1f8e9", "#558b2f"),
    "boissons": ("#e0f7fa", "#00838f"),
    "boulangerie-petit-dejeuner": ("#fbe9e7", "#bf360c"),
    "hygiene-maison": ("#ede7f6", "#5e35b1"),
    "bebe": ("#f3e5f5", "#8e24aa"),
}
DEFAULT_PALETTE = ("#eceff1", "#546e7a")
# gradient pairs for banners, promotions and sections
POSTER_COLOURS: tuple[tuple[str, str], ...] = (
    ("#1b5e20", "#66bb6a"),
    ("#e65100", "#ffb74d"),
    ("#4e342e", "#a1887f"),
    ("#b71c1c", "#ef5350"),
    ("#006064", "#4dd0e1"),
    ("#4a148c", "#ba68c8"),
)
PROMOTION_ART: dict[str, list[str]] = {
    "bienvenue": ["mangue-amelie", "lait-frais-pasteurise", "baguette"],
    "saison-mangues": ["mangue-kent", "mangue-amelie", "mangue-keitt"],
    "consommer-local": ["riz-etuve-de-bagre", "fonio-precuit", "jus-de-bissap"],
    "economies": ["huile-de-coton-raffinee-savor", "cubes-maggi-etoile", "lait-concentre-sucre"],
    "boissons-fraiches": ["jus-de-bissap", "coca-cola", "eau-minerale-lafi"],
    "fete-tabaski": ["gigot-d-agneau", "brochettes-de-boeuf", "viande-de-mouton"],
}

# --------------------------------------------------------------------------- fonts


@lru_cache(maxsize=4)
def font_path(bold: bool = True) -> str | None:
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    for root in FONT_DIRS:
        found = sorted(Path(root).rglob(name)) if Path(root).is_dir() else []
        if found:
            return str(found[0])
    return None


@lru_cache(maxsize=64)
def font(size: int, bold: bool = True) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    path = font_path(bold)
    if path:
        return ImageFont.truetype(path, size)
    return ImageFont.load_default(size)


def wrap(
    draw: Draw, text: str, fnt: ImageFont.FreeTypeFont | ImageFont.ImageFont, width: float
) -> list[str]:
    lines: list[str] = []
    current = ""
    for word in text.split():
        candidate = f"{current} {word}".strip()
        if not current or draw.textlength(candidate, font=fnt) <= width:
            current = candidate
        else:
            lines.append(current)
            current = word
    if current:
        lines.append(current)
    return lines


def fit_text(
    draw: Draw, text: str, width: float, sizes: Sequence[int], max_lines: int, bold: bool = True
) -> tuple[ImageFont.FreeTypeFont | ImageFont.ImageFont, list[str]]:
    """Largest font from ``sizes`` whose wrapped text fits; else truncate with an ellipsis."""
    fnt = font(sizes[-1], bold)
    lines: list[str] = []
    for size in sizes:
        fnt = font(size, bold)
        lines = wrap(draw, text, fnt, width)
        if len(lines) <= max_lines and all(draw.textlength(x, font=fnt) <= width for x in lines):
            return fnt, lines
    lines = lines[:max_lines]
    last = lines[-1]
    while last and draw.textlength(last + "…", font=fnt) > width:
        last = last[:-1]
    lines[-1] = last.rstrip() + "…"
    return fnt, lines


def draw_lines(
    draw: Draw,
    lines: list[str],
    fnt: ImageFont.FreeTypeFont | ImageFont.ImageFont,
    x: float,
    y: float,
    fill: RGB,
    spacing: float = 1.2,
    anchor: str = "la",
) -> float:
    size = getattr(fnt, "size", 12)
    for i, line in enumerate(lines):
        draw.text((x, y + i * size * spacing), line, font=fnt, fill=fill, anchor=anchor)
    return y + len(lines) * size * spacing


# --------------------------------------------------------------------------- shapes


def label_colour(c: RGB, accent: RGB) -> RGB:
    return accent if luminance(c) > 0.85 else c


def shape_sack(d: Draw, cx: float, cy: float, s: float, c: RGB, accent: RGB) -> None:
    body = [
        (cx - s * 0.3, cy - s * 0.5),
        (cx - s * 0.6, cy - s * 0.05),
        (cx - s * 0.62, cy + s * 0.7),
        (cx + s * 0.62, cy + s * 0.7),
        (cx + s * 0.6, cy - s * 0.05),
        (cx + s * 0.3, cy - s * 0.5),
    ]
    d.polygon(body, fill=c, outline=dark(c, 0.4), width=lw(s))
    d.polygon(
        [
            (cx - s * 0.3, cy - s * 0.5),
            (cx - s * 0.4, cy - s * 0.8),
            (cx + s * 0.4, cy - s * 0.8),
            (cx + s * 0.3, cy - s * 0.5),
        ],
        fill=light(c, 0.2),
        outline=dark(c, 0.4),
        width=lw(s),
    )
    d.rectangle((cx - s * 0.34, cy - s * 0.56, cx + s * 0.34, cy - s * 0.46), fill=(141, 110, 99))
    lab = label_colour(c, accent)
    d.rounded_rectangle(
        (cx - s * 0.4, cy + s * 0.05, cx + s * 0.4, cy + s * 0.5),
        radius=s * 0.06,
        fill=WHITE if lab is c else light(lab, 0.85),
        outline=dark(lab, 0.1),
        width=lw(s),
    )
    d.ellipse(box(cx, cy + s * 0.27, s * 0.13), fill=dark(lab, 0.1))


def shape_bag(d: Draw, cx: float, cy: float, s: float, c: RGB, accent: RGB) -> None:
    lab = label_colour(c, accent)
    d.rounded_rectangle(
        (cx - s * 0.5, cy - s * 0.7, cx + s * 0.5, cy + s * 0.75),
        radius=s * 0.08,
        fill=lab,
        outline=dark(lab),
        width=lw(s),
    )
    zig = [
        (cx - s * 0.5 + i * s * 0.1, cy - s * 0.7 - (s * 0.05 if i % 2 else 0)) for i in range(11)
    ]
    d.line(zig, fill=dark(lab), width=lw(s) * 2)
    d.rectangle((cx - s * 0.5, cy - s * 0.62, cx + s * 0.5, cy - s * 0.52), fill=dark(lab, 0.2))
    d.ellipse(
        (cx - s * 0.32, cy - s * 0.3, cx + s * 0.32, cy + s * 0.3),
        fill=WHITE,
        outline=dark(lab, 0.2),
        width=lw(s),
    )
    d.ellipse(box(cx, cy, s * 0.22), fill=c if lab is not c else light(c, 0.3))
    d.rectangle((cx - s * 0.35, cy + s * 0.45, cx + s * 0.35, cy + s * 0.55), fill=WHITE)


def shape_box(d: Draw, cx: float, cy: float, s: float, c: RGB, accent: RGB) -> None:
    lab = label_colour(c, accent)
    front = (cx - s * 0.55, cy - s * 0.45, cx + s * 0.42, cy + s * 0.72)
    d.polygon(
        [
            (cx - s * 0.55, cy - s * 0.45),
            (cx - s * 0.37, cy - s * 0.63),
            (cx + s * 0.6, cy - s * 0.63),
            (cx + s * 0.42, cy - s * 0.45),
        ],
        fill=light(lab, 0.35),
        outline=dark(lab),
        width=lw(s),
    )
    d.polygon(
        [
            (cx + s * 0.42, cy - s * 0.45),
            (cx + s * 0.6, cy - s * 0.63),
            (cx + s * 0.6, cy + s * 0.54),
            (cx + s * 0.42, cy + s * 0.72),
        ],
        fill=dark(lab, 0.25),
        outline=dark(lab),
        width=lw(s),
    )
    d.rectangle(front, fill=lab, outline=dark(lab), width=lw(s))
    d.rectangle((cx - s * 0.55, cy - s * 0.05, cx + s * 0.42, cy + s * 0.3), fill=WHITE)
    d.ellipse(box(cx - s * 0.06, cy + s * 0.12, s * 0.12), fill=dark(lab, 0.1))


def shape_can(d: Draw, cx: float, cy: float, s: float, c: RGB, accent: RGB) -> None:
    lab = label_colour(c, accent)
    metal = (207, 216, 220)
    d.ellipse(
        (cx - s * 0.42, cy + s * 0.55, cx + s * 0.42, cy + s * 0.75),
        fill=dark(metal),
        outline=dark(metal, 0.4),
        width=lw(s),
    )
    d.rectangle((cx - s * 0.42, cy - s * 0.55, cx + s * 0.42, cy + s * 0.65), fill=lab)
    d.line(
        (cx - s * 0.42, cy - s * 0.55, cx - s * 0.42, cy + s * 0.65), fill=dark(lab), width=lw(s)
    )
    d.line(
        (cx + s * 0.42, cy - s * 0.55, cx + s * 0.42, cy + s * 0.65), fill=dark(lab), width=lw(s)
    )
    d.rectangle((cx - s * 0.42, cy - s * 0.15, cx + s * 0.42, cy + s * 0.25), fill=WHITE)
    d.ellipse(box(cx, cy + s * 0.05, s * 0.14), fill=lab)
    d.rectangle((cx - s * 0.36, cy - s * 0.5, cx - s * 0.28, cy + s * 0.6), fill=light(lab, 0.3))
    d.ellipse(
        (cx - s * 0.42, cy - s * 0.65, cx + s * 0.42, cy - s * 0.45),
        fill=metal,
        outline=dark(metal, 0.4),
        width=lw(s),
    )
    d.ellipse((cx - s * 0.34, cy - s * 0.62, cx + s * 0.34, cy - s * 0.48), fill=light(metal))


def shape_bottle(d: Draw, cx: float, cy: float, s: float, c: RGB, accent: RGB) -> None:
    out = dark(c, 0.4)
    d.polygon(
        [
            (cx - s * 0.12, cy - s * 0.55),
            (cx + s * 0.12, cy - s * 0.55),
            (cx + s * 0.32, cy - s * 0.2),
            (cx - s * 0.32, cy - s * 0.2),
        ],
        fill=c,
        outline=out,
        width=lw(s),
    )
    d.rounded_rectangle(
        (cx - s * 0.32, cy - s * 0.25, cx + s * 0.32, cy + s * 0.8),
        radius=s * 0.1,
        fill=c,
        outline=out,
        width=lw(s),
    )
    d.rectangle(
        (cx - s * 0.12, cy - s * 0.7, cx + s * 0.12, cy - s * 0.5), fill=c, outline=out, width=lw(s)
    )
    d.rounded_rectangle(
        (cx - s * 0.15, cy - s * 0.82, cx + s * 0.15, cy - s * 0.66),
        radius=s * 0.03,
        fill=dark(accent, 0.1),
    )
    d.rectangle(
        (cx - s * 0.32, cy + s * 0.05, cx + s * 0.32, cy + s * 0.45),
        fill=WHITE,
        outline=out,
        width=lw(s),
    )
    d.ellipse(box(cx, cy + s * 0.25, s * 0.12), fill=label_colour(c, accent))
    d.rectangle((cx - s * 0.24, cy - s * 0.15, cx - s * 0.17, cy + s * 0.7), fill=light(c, 0.45))


def shape_carton(d: Draw, cx: float, cy: float, s: float, c: RGB, accent: RGB) -> None:
    lab = label_colour(c, accent)
    body = (250, 250, 250)
    d.rectangle(
        (cx - s * 0.4, cy - s * 0.78, cx + s * 0.4, cy - s * 0.68),
        fill=(224, 224, 224),
        outline=(176, 190, 197),
        width=lw(s),
    )
    d.polygon(
        [
            (cx - s * 0.4, cy - s * 0.35),
            (cx - s * 0.4, cy - s * 0.68),
            (cx + s * 0.4, cy - s * 0.68),
            (cx + s * 0.4, cy - s * 0.35),
        ],
        fill=(238, 238, 238),
        outline=(176, 190, 197),
        width=lw(s),
    )
    d.rectangle(
        (cx - s * 0.4, cy - s * 0.35, cx + s * 0.4, cy + s * 0.8),
        fill=body,
        outline=(176, 190, 197),
        width=lw(s),
    )
    d.rectangle(
        (cx - s * 0.4, cy + s * 0.15, cx + s * 0.4, cy + s * 0.8),
        fill=lab,
        outline=(176, 190, 197),
        width=lw(s),
    )
    d.ellipse(box(cx, cy - s * 0.08, s * 0.16), fill=lab)
    d.line((cx - s * 0.3, cy + s * 0.6, cx + s * 0.3, cy + s * 0.6), fill=WHITE, width=lw(s) * 2)


def shape_jar(d: Draw, cx: float, cy: float, s: float, c: RGB, accent: RGB) -> None:
    d.rounded_rectangle(
        (cx - s * 0.45, cy - s * 0.38, cx + s * 0.45, cy + s * 0.75),
        radius=s * 0.15,
        fill=c,
        outline=dark(c, 0.4),
        width=lw(s),
    )
    d.rounded_rectangle(
        (cx - s * 0.4, cy - s * 0.62, cx + s * 0.4, cy - s * 0.36),
        radius=s * 0.05,
        fill=dark(accent, 0.1),
    )
    for i in range(1, 6):
        x = cx - s * 0.4 + i * s * 0.8 / 6
        d.line((x, cy - s * 0.6, x, cy - s * 0.38), fill=dark(accent, 0.3), width=lw(s))
    d.rectangle(
        (cx - s * 0.45, cy - s * 0.05, cx + s * 0.45, cy + s * 0.4),
        fill=WHITE,
        outline=dark(c, 0.4),
        width=lw(s),
    )
    d.ellipse(box(cx, cy + s * 0.17, s * 0.12), fill=label_colour(c, accent))
    d.rectangle((cx - s * 0.35, cy - s * 0.3, cx - s * 0.27, cy + s * 0.65), fill=light(c, 0.5))


def shape_cup(d: Draw, cx: float, cy: float, s: float, c: RGB, accent: RGB) -> None:
    body = c if luminance(c) < 0.97 else (250, 250, 250)
    d.polygon(
        [
            (cx - s * 0.5, cy - s * 0.3),
            (cx + s * 0.5, cy - s * 0.3),
            (cx + s * 0.38, cy + s * 0.7),
            (cx - s * 0.38, cy + s * 0.7),
        ],
        fill=body,
        outline=dark(body, 0.35),
        width=lw(s),
    )
    d.polygon(
        [
            (cx - s * 0.47, cy - s * 0.05),
            (cx + s * 0.47, cy - s * 0.05),
            (cx + s * 0.42, cy + s * 0.35),
            (cx - s * 0.42, cy + s * 0.35),
        ],
        fill=accent,
    )
    d.ellipse(box(cx, cy + s * 0.15, s * 0.1), fill=WHITE)
    d.ellipse(
        (cx - s * 0.56, cy - s * 0.45, cx + s * 0.56, cy - s * 0.2),
        fill=(224, 224, 224),
        outline=(158, 158, 158),
        width=lw(s),
    )
    d.ellipse((cx - s * 0.45, cy - s * 0.41, cx + s * 0.45, cy - s * 0.25), fill=light(accent))


def shape_cheese(d: Draw, cx: float, cy: float, s: float, c: RGB, accent: RGB) -> None:
    out = dark(c, 0.4)
    d.polygon(
        [
            (cx - s * 0.7, cy + s * 0.1),
            (cx + s * 0.3, cy - s * 0.55),
            (cx + s * 0.75, cy - s * 0.25),
        ],
        fill=light(c, 0.35),
        outline=out,
        width=lw(s),
    )
    d.polygon(
        [
            (cx - s * 0.7, cy + s * 0.1),
            (cx + s * 0.75, cy - s * 0.25),
            (cx + s * 0.75, cy + s * 0.45),
            (cx - s * 0.7, cy + s * 0.65),
        ],
        fill=c,
        outline=out,
        width=lw(s),
    )
    for x, y, r in ((-0.35, 0.3, 0.08), (0.1, 0.12, 0.1), (0.45, 0.2, 0.06), (0.2, 0.38, 0.05)):
        d.ellipse(box(cx + x * s, cy + y * s, r * s), fill=dark(c, 0.15))


def shape_egg(d: Draw, cx: float, cy: float, s: float, c: RGB, accent: RGB) -> None:
    tray = (188, 170, 164)
    for dx, dy in ((-0.42, -0.02), (0.42, -0.02), (0.0, -0.14)):
        d.ellipse(
            (
                cx + (dx - 0.22) * s,
                cy + (dy - 0.42) * s,
                cx + (dx + 0.22) * s,
                cy + (dy + 0.18) * s,
            ),
            fill=c,
            outline=dark(c, 0.3),
            width=lw(s),
        )
        d.ellipse(
            (
                cx + (dx - 0.12) * s,
                cy + (dy - 0.32) * s,
                cx + (dx - 0.04) * s,
                cy + (dy - 0.18) * s,
            ),
            fill=light(c, 0.6),
        )
    d.rounded_rectangle(
        (cx - s * 0.75, cy + s * 0.08, cx + s * 0.75, cy + s * 0.6),
        radius=s * 0.08,
        fill=tray,
        outline=dark(tray),
        width=lw(s),
    )
    for i in range(4):
        x = cx - s * 0.56 + i * s * 0.375
        d.arc(
            (x - s * 0.16, cy - s * 0.05, x + s * 0.16, cy + s * 0.25),
            0,
            180,
            fill=dark(tray),
            width=lw(s),
        )


def shape_chicken(d: Draw, cx: float, cy: float, s: float, c: RGB, accent: RGB) -> None:
    bone = (250, 245, 235)
    d.line(
        (cx + s * 0.1, cy + s * 0.1, cx + s * 0.6, cy + s * 0.6),
        fill=(189, 189, 189),
        width=round(s * 0.16) + 2 * lw(s),
    )
    for x, y in ((0.56, 0.7), (0.7, 0.56)):
        d.ellipse(
            box(cx + x * s, cy + y * s, s * 0.12), fill=bone, outline=(189, 189, 189), width=lw(s)
        )
    d.line(
        (cx + s * 0.25, cy + s * 0.25, cx + s * 0.6, cy + s * 0.6), fill=bone, width=round(s * 0.16)
    )
    d.polygon(
        ellipse_poly(cx - s * 0.15, cy - s * 0.15, s * 0.55, s * 0.4, 45),
        fill=c,
        outline=dark(c, 0.35),
        width=lw(s),
    )
    d.polygon(ellipse_poly(cx - s * 0.3, cy - s * 0.3, s * 0.18, s * 0.08, 45), fill=light(c, 0.4))


def shape_meat(d: Draw, cx: float, cy: float, s: float, c: RGB, accent: RGB) -> None:
    d.polygon(
        ellipse_poly(cx, cy + s * 0.05, s * 0.75, s * 0.52, -12),
        fill=(255, 241, 230),
        outline=dark(c, 0.3),
        width=lw(s),
    )
    d.polygon(ellipse_poly(cx - s * 0.03, cy + s * 0.05, s * 0.65, s * 0.43, -12), fill=c)
    for i in range(3):
        y = cy - s * 0.1 + i * s * 0.15
        d.arc(
            (cx - s * 0.45, y - s * 0.1, cx + s * 0.3, y + s * 0.1),
            200,
            330,
            fill=light(c, 0.5),
            width=lw(s),
        )
    d.ellipse(
        box(cx + s * 0.3, cy + s * 0.05, s * 0.1),
        fill=(255, 248, 240),
        outline=dark(c, 0.3),
        width=lw(s),
    )


def shape_fish(d: Draw, cx: float, cy: float, s: float, c: RGB, accent: RGB) -> None:
    out = dark(c, 0.4)
    d.polygon(
        [
            (cx + s * 0.4, cy),
            (cx + s * 0.82, cy - s * 0.32),
            (cx + s * 0.74, cy),
            (cx + s * 0.82, cy + s * 0.32),
        ],
        fill=dark(c, 0.1),
        outline=out,
        width=lw(s),
    )
    d.polygon(
        [
            (cx - s * 0.2, cy - s * 0.25),
            (cx + s * 0.15, cy - s * 0.45),
            (cx + s * 0.2, cy - s * 0.2),
        ],
        fill=dark(c, 0.1),
        outline=out,
        width=lw(s),
    )
    d.polygon(ellipse_poly(cx - s * 0.12, cy, s * 0.6, s * 0.3), fill=c, outline=out, width=lw(s))
    d.arc((cx - s * 0.55, cy - s * 0.2, cx - s * 0.3, cy + s * 0.2), 300, 60, fill=out, width=lw(s))
    d.ellipse(box(cx - s * 0.52, cy - s * 0.06, s * 0.07), fill=WHITE)
    d.ellipse(box(cx - s * 0.52, cy - s * 0.06, s * 0.035), fill=(33, 33, 33))
    for i in range(3):
        x = cx - s * 0.15 + i * s * 0.15
        d.arc(
            (x - s * 0.08, cy - s * 0.1, x + s * 0.08, cy + s * 0.1),
            300,
            60,
            fill=light(c, 0.35),
            width=lw(s),
        )


def shape_loaf(d: Draw, cx: float, cy: float, s: float, c: RGB, accent: RGB) -> None:
    d.rounded_rectangle(
        (cx - s * 0.72, cy - s * 0.1, cx + s * 0.72, cy + s * 0.55),
        radius=s * 0.15,
        fill=dark(c, 0.1),
        outline=dark(c, 0.4),
        width=lw(s),
    )
    d.ellipse(
        (cx - s * 0.75, cy - s * 0.5, cx + s * 0.75, cy + s * 0.3),
        fill=c,
        outline=dark(c, 0.4),
        width=lw(s),
    )
    for i in range(3):
        x = cx - s * 0.35 + i * s * 0.35
        d.line(
            (x - s * 0.1, cy - s * 0.05, x + s * 0.1, cy - s * 0.3),
            fill=light(c, 0.45),
            width=lw(s) * 2,
        )


def shape_baguette(d: Draw, cx: float, cy: float, s: float, c: RGB, accent: RGB) -> None:
    d.polygon(
        ellipse_poly(cx, cy, s * 0.88, s * 0.2, -30), fill=c, outline=dark(c, 0.4), width=lw(s)
    )
    a = math.radians(-30)
    for i in range(-2, 3):
        x, y = cx + i * s * 0.28 * math.cos(a), cy + i * s * 0.28 * math.sin(a)
        d.line(
            (x - s * 0.08, y + s * 0.04, x + s * 0.08, y - s * 0.1),
            fill=light(c, 0.5),
            width=lw(s) * 2,
        )


def shape_croissant(d: Draw, cx: float, cy: float, s: float, c: RGB, accent: RGB) -> None:
    ox, oy = cx, cy + s * 0.45

    def point(t: float, inner: bool) -> tuple[float, float]:
        r = math.radians(t)
        k = 1 - (0.04 + 0.58 * math.sin(math.radians(t - 180))) if inner else 1.0
        return ox + s * 0.85 * k * math.cos(r), oy + s * 0.95 * k * math.sin(r)

    outline = [point(t, False) for t in range(182, 359, 4)]
    outline += [point(t, True) for t in range(358, 181, -4)]
    d.polygon(outline, fill=c, outline=dark(c, 0.4), width=lw(s))
    for t in (215, 242, 270, 298, 325):
        d.line((*point(t, True), *point(t, False)), fill=dark(c, 0.3), width=lw(s) * 2)
    d.arc(
        (cx - s * 0.6, cy - s * 0.22, cx + s * 0.1, cy + s * 0.3),
        205,
        255,
        fill=light(c, 0.45),
        width=lw(s) * 2,
    )


def shape_bar(d: Draw, cx: float, cy: float, s: float, c: RGB, accent: RGB) -> None:
    d.rectangle(
        (cx - s * 0.5, cy - s * 0.7, cx + s * 0.5, cy), fill=c, outline=dark(c, 0.4), width=lw(s)
    )
    for i in range(1, 3):
        x = cx - s * 0.5 + i * s / 3
        d.line((x, cy - s * 0.7, x, cy), fill=dark(c, 0.3), width=lw(s))
    d.line(
        (cx - s * 0.5, cy - s * 0.35, cx + s * 0.5, cy - s * 0.35), fill=dark(c, 0.3), width=lw(s)
    )
    d.rectangle(
        (cx - s * 0.55, cy - s * 0.15, cx + s * 0.55, cy + s * 0.75),
        fill=accent,
        outline=dark(accent),
        width=lw(s),
    )
    d.rectangle((cx - s * 0.55, cy + s * 0.2, cx + s * 0.55, cy + s * 0.4), fill=WHITE)


def shape_soap(d: Draw, cx: float, cy: float, s: float, c: RGB, accent: RGB) -> None:
    d.rounded_rectangle(
        (cx - s * 0.62, cy - s * 0.15, cx + s * 0.62, cy + s * 0.55),
        radius=s * 0.2,
        fill=dark(c, 0.12),
        outline=dark(c, 0.4),
        width=lw(s),
    )
    d.rounded_rectangle(
        (cx - s * 0.58, cy - s * 0.2, cx + s * 0.58, cy + s * 0.35),
        radius=s * 0.18,
        fill=c,
        outline=dark(c, 0.4),
        width=lw(s),
    )
    d.rounded_rectangle(
        (cx - s * 0.3, cy - s * 0.05, cx + s * 0.3, cy + s * 0.18),
        radius=s * 0.05,
        outline=dark(c, 0.25),
        width=lw(s),
    )
    for x, y, r in ((-0.35, -0.45, 0.12), (0.05, -0.6, 0.09), (0.35, -0.42, 0.14)):
        d.ellipse(
            box(cx + x * s, cy + y * s, r * s),
            fill=(255, 255, 255),
            outline=(144, 202, 249),
            width=lw(s),
        )


def shape_tube(d: Draw, cx: float, cy: float, s: float, c: RGB, accent: RGB) -> None:
    lab = label_colour(c, accent)
    d.rectangle((cx - s * 0.32, cy - s * 0.82, cx + s * 0.32, cy - s * 0.68), fill=dark(lab, 0.2))
    d.polygon(
        [
            (cx - s * 0.32, cy - s * 0.68),
            (cx + s * 0.32, cy - s * 0.68),
            (cx + s * 0.22, cy + s * 0.45),
            (cx - s * 0.22, cy + s * 0.45),
        ],
        fill=WHITE,
        outline=dark(lab, 0.3),
        width=lw(s),
    )
    d.polygon(
        [
            (cx - s * 0.3, cy - s * 0.45),
            (cx + s * 0.3, cy - s * 0.45),
            (cx + s * 0.25, cy + s * 0.1),
            (cx - s * 0.25, cy + s * 0.1),
        ],
        fill=lab,
    )
    d.rounded_rectangle(
        (cx - s * 0.14, cy + s * 0.45, cx + s * 0.14, cy + s * 0.72),
        radius=s * 0.03,
        fill=dark(accent, 0.1),
    )


def shape_pack(d: Draw, cx: float, cy: float, s: float, c: RGB, accent: RGB) -> None:
    for dx in (-0.45, 0.45, 0.0):
        shape_bottle(d, cx + dx * s, cy + (0.1 if dx else 0.0) * s, s * 0.62, c, accent)
    d.rectangle(
        (cx - s * 0.7, cy + s * 0.05, cx + s * 0.7, cy + s * 0.25),
        fill=light(accent, 0.2),
        outline=dark(accent),
        width=lw(s),
    )


def shape_roll(d: Draw, cx: float, cy: float, s: float, c: RGB, accent: RGB) -> None:
    body = c if luminance(c) < 0.97 else (250, 250, 250)
    for dx in (-0.3, 0.3):
        x = cx + dx * s
        d.rectangle(
            (x - s * 0.28, cy - s * 0.45, x + s * 0.28, cy + s * 0.6),
            fill=body,
            outline=(176, 190, 197),
            width=lw(s),
        )
        d.ellipse(
            (x - s * 0.28, cy + s * 0.5, x + s * 0.28, cy + s * 0.7),
            fill=body,
            outline=(176, 190, 197),
            width=lw(s),
        )
        d.rectangle((x - s * 0.27, cy + s * 0.4, x + s * 0.27, cy + s * 0.6), fill=body)
        d.ellipse(
            (x - s * 0.28, cy - s * 0.55, x + s * 0.28, cy - s * 0.35),
            fill=WHITE,
            outline=(176, 190, 197),
            width=lw(s),
        )
        d.ellipse((x - s * 0.08, cy - s * 0.49, x + s * 0.08, cy - s * 0.41), fill=(141, 110, 99))
        d.rectangle((x - s * 0.28, cy + s * 0.05, x + s * 0.28, cy + s * 0.2), fill=accent)


def shape_brush(d: Draw, cx: float, cy: float, s: float, c: RGB, accent: RGB) -> None:
    d.rounded_rectangle(
        (cx - s * 0.08, cy - s * 0.2, cx + s * 0.08, cy + s * 0.8),
        radius=s * 0.06,
        fill=c,
        outline=dark(c, 0.4),
        width=lw(s),
    )
    d.rounded_rectangle(
        (cx - s * 0.1, cy - s * 0.65, cx + s * 0.1, cy - s * 0.15),
        radius=s * 0.05,
        fill=c,
        outline=dark(c, 0.4),
        width=lw(s),
    )
    for i in range(5):
        y = cy - s * 0.6 + i * s * 0.1
        d.line((cx - s * 0.1, y, cx - s * 0.32, y), fill=(236, 239, 241), width=lw(s) * 3)


def shape_broom(d: Draw, cx: float, cy: float, s: float, c: RGB, accent: RGB) -> None:
    straw = (212, 163, 115)
    d.polygon(
        [
            (cx - s * 0.12, cy - s * 0.85),
            (cx + s * 0.12, cy - s * 0.85),
            (cx + s * 0.5, cy + s * 0.8),
            (cx - s * 0.5, cy + s * 0.8),
        ],
        fill=straw,
        outline=dark(straw, 0.4),
        width=lw(s),
    )
    for i in range(9):
        t = (i - 4) / 4
        d.line(
            (cx + t * s * 0.08, cy - s * 0.5, cx + t * s * 0.45, cy + s * 0.78),
            fill=dark(straw, 0.25),
            width=lw(s),
        )
    for y in (-0.6, -0.4):
        d.rectangle(
            (cx - s * 0.18, cy + y * s, cx + s * 0.18, cy + (y + 0.07) * s), fill=(183, 28, 28)
        )


def shape_sponge(d: Draw, cx: float, cy: float, s: float, c: RGB, accent: RGB) -> None:
    d.rounded_rectangle(
        (cx - s * 0.62, cy + s * 0.05, cx + s * 0.62, cy + s * 0.42),
        radius=s * 0.06,
        fill=(67, 160, 71),
        outline=(27, 94, 32),
        width=lw(s),
    )
    d.rounded_rectangle(
        (cx - s * 0.62, cy - s * 0.45, cx + s * 0.62, cy + s * 0.1),
        radius=s * 0.1,
        fill=c,
        outline=dark(c, 0.4),
        width=lw(s),
    )
    for i in range(10):
        x = cx - s * 0.5 + (i % 5) * s * 0.25 + (i // 5) * s * 0.12
        y = cy - s * 0.3 + (i // 5) * s * 0.2
        d.ellipse(box(x, y, s * 0.035), fill=dark(c, 0.2))


def shape_bucket(d: Draw, cx: float, cy: float, s: float, c: RGB, accent: RGB) -> None:
    d.arc(
        (cx - s * 0.5, cy - s * 0.85, cx + s * 0.5, cy + s * 0.1),
        180,
        360,
        fill=(96, 125, 139),
        width=lw(s) * 2,
    )
    d.polygon(
        [
            (cx - s * 0.58, cy - s * 0.35),
            (cx + s * 0.58, cy - s * 0.35),
            (cx + s * 0.44, cy + s * 0.72),
            (cx - s * 0.44, cy + s * 0.72),
        ],
        fill=c,
        outline=dark(c, 0.4),
        width=lw(s),
    )
    d.ellipse(
        (cx - s * 0.58, cy - s * 0.45, cx + s * 0.58, cy - s * 0.25),
        fill=dark(c, 0.25),
        outline=dark(c, 0.4),
        width=lw(s),
    )
    d.line((cx - s * 0.5, cy, cx + s * 0.5, cy), fill=light(c, 0.4), width=lw(s) * 2)


def shape_cloth(d: Draw, cx: float, cy: float, s: float, c: RGB, accent: RGB) -> None:
    d.rectangle(
        (cx - s * 0.6, cy - s * 0.5, cx + s * 0.6, cy + s * 0.6),
        fill=c,
        outline=dark(c, 0.4),
        width=lw(s),
    )
    for i in range(1, 6):
        y = cy - s * 0.5 + i * s * 1.1 / 6
        d.line((cx - s * 0.6, y, cx + s * 0.6, y), fill=dark(c, 0.15), width=lw(s) * 2)
    d.polygon(
        [
            (cx + s * 0.6, cy - s * 0.5),
            (cx + s * 0.6, cy - s * 0.05),
            (cx + s * 0.15, cy - s * 0.5),
        ],
        fill=light(c, 0.35),
        outline=dark(c, 0.4),
        width=lw(s),
    )


def shape_basket(d: Draw, cx: float, cy: float, s: float, c: RGB, accent: RGB) -> None:
    d.arc(
        (cx - s * 0.5, cy - s * 0.75, cx + s * 0.5, cy + s * 0.25),
        180,
        360,
        fill=dark(c, 0.2),
        width=max(2, round(s * 0.09)),
    )
    d.ellipse(box(cx - s * 0.22, cy - s * 0.2, s * 0.22), fill=(251, 140, 0))
    d.ellipse(box(cx + s * 0.2, cy - s * 0.18, s * 0.2), fill=(229, 57, 53))
    leaf(d, cx + s * 0.02, cy - s * 0.42, s * 0.16, -40)
    d.polygon(
        [
            (cx - s * 0.75, cy - s * 0.1),
            (cx + s * 0.75, cy - s * 0.1),
            (cx + s * 0.55, cy + s * 0.65),
            (cx - s * 0.55, cy + s * 0.65),
        ],
        fill=c,
    )
    for i in range(1, 3):
        y = cy - s * 0.1 + i * s * 0.25
        d.line(
            (cx - s * 0.72 + i * s * 0.06, y, cx + s * 0.72 - i * s * 0.06, y),
            fill=light(c, 0.35),
            width=max(1, round(s * 0.05)),
        )
    for i in range(1, 5):
        x = cx - s * 0.75 + i * s * 0.3
        d.line(
            (x, cy - s * 0.08, cx + (x - cx) * 0.75, cy + s * 0.63),
            fill=light(c, 0.35),
            width=max(1, round(s * 0.05)),
        )


SHAPES: dict[str, ShapeFn] = {
    **PRODUCE_SHAPES,
    **{
        name.removeprefix("shape_"): fn
        for name, fn in globals().items()
        if name.startswith("shape_") and callable(fn)
    },
}


def draw_art(d: Draw, art: Art, cx: float, cy: float, s: float, accent: RGB) -> None:
    shape, colour = art
    SHAPES.get(shape, shape_box)(d, cx, cy, s, rgb(colour), accent)


# --------------------------------------------------------------------------- pictures


def save_webp(img: Image.Image, path: Path, size: tuple[int, int]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    if img.size != size:
        img = img.resize(size, Image.Resampling.LANCZOS)
    img.convert("RGB").save(path, "WEBP", quality=WEBP_QUALITY, method=6)


def gradient(w: int, h: int, a: RGB, b: RGB) -> Image.Image:
    strip = Image.new("RGB", (256, 1))
    strip.putdata([mix(a, b, i / 255) for i in range(256)])
    return strip.resize((w, h), Image.Resampling.BILINEAR)


def product_image(name: str, art: Art, palette: tuple[str, str]) -> Image.Image:
    n = PRODUCT_SIZE * SCALE
    bg, accent = rgb(palette[0]), rgb(palette[1])
    img = Image.new("RGB", (n, n), bg)
    d = ImageDraw.Draw(img)
    d.ellipse(box(n * 0.5, n * 0.38, n * 0.34), fill=light(bg, 0.6))
    draw_art(d, art, n * 0.5, n * 0.38, n * 0.3, accent)
    band = (n * 0.04, n * 0.75, n * 0.96, n * 0.96)
    d.rounded_rectangle(band, radius=n * 0.04, fill=WHITE)
    fnt, lines = fit_text(d, name, n * 0.84, [26 * SCALE, 23 * SCALE, 20 * SCALE], 2)
    size = getattr(fnt, "size", 12)
    top = (band[1] + band[3]) / 2 - len(lines) * size * 1.2 / 2 + size * 0.6
    draw_lines(d, lines, fnt, n * 0.5, top, INK, anchor="mm")
    return img


def category_image(art: Art, palette: tuple[str, str]) -> Image.Image:
    n = CATEGORY_SIZE * SCALE
    bg, accent = rgb(palette[0]), rgb(palette[1])
    img = Image.new("RGB", (n, n), bg)
    d = ImageDraw.Draw(img)
    d.ellipse(box(n / 2, n / 2, n * 0.42), fill=light(bg, 0.6))
    draw_art(d, art, n / 2, n / 2, n * 0.3, accent)
    return img


def poster(
    w: int,
    h: int,
    title: str,
    subtitle: str,
    code: str | None,
    colours: tuple[str, str],
    arts: list[Art],
    subtitle_lines: int = 3,
) -> Image.Image:
    """Banner-like picture: text on the left, products on white plates on the right."""
    W, H = w * SCALE, h * SCALE
    a, b = rgb(colours[0]), rgb(colours[1])
    img = gradient(W, H, a, b)
    d = ImageDraw.Draw(img)
    d.ellipse(box(W * 0.95, H * 0.1, H * 0.6), fill=mix(b, WHITE, 0.15))
    d.ellipse(box(W * 0.05, H * 1.05, H * 0.35), fill=mix(a, WHITE, 0.08))
    wide = w / h >= 2.5
    base = min(H, W / 2.2)
    pad = base * 0.1
    text_w = W * (0.55 if wide else 0.6) - pad
    tfont, tlines = fit_text(d, title, text_w, [round(base * f) for f in (0.16, 0.13, 0.11)], 2)
    y = draw_lines(d, tlines, tfont, pad, pad, WHITE, spacing=1.15)
    sfont, slines = fit_text(
        d,
        subtitle,
        text_w,
        [round(base * f) for f in (0.075, 0.065, 0.058)],
        subtitle_lines,
        bold=False,
    )
    y = draw_lines(d, slines, sfont, pad, y + base * 0.03, WHITE, spacing=1.3)
    if code:
        cfont = font(round(base * 0.07))
        tw = d.textlength(code, font=cfont)
        pill = (pad, y + base * 0.05, pad + tw + base * 0.12, y + base * 0.17)
        d.rounded_rectangle(pill, radius=base * 0.06, fill=WHITE)
        d.text(
            ((pill[0] + pill[2]) / 2, (pill[1] + pill[3]) / 2),
            code,
            font=cfont,
            fill=a,
            anchor="mm",
        )
    if wide:
        plate = H * 0.22
        centres = [(W * 0.7, H * 0.6), (W * 0.83, H * 0.33), (W * 0.88, H * 0.72)]
    else:
        plate = min(H * 0.3, W * 0.16)
        centres = [(W * 0.81, H * 0.55)]
    for (x, y), art in zip(centres, arts, strict=False):
        d.ellipse(box(x, y, plate), fill=WHITE)
        draw_art(d, art, x, y, plate * 0.72, a)
    return img


def section_image(title: str, colours: tuple[str, str], arts: list[Art]) -> Image.Image:
    n = SECTION_SIZE * SCALE
    a, b = rgb(colours[0]), rgb(colours[1])
    img = gradient(n, n, light(b, 0.7), light(b, 0.5))
    d = ImageDraw.Draw(img)
    cells = [(0.29, 0.26), (0.71, 0.26), (0.29, 0.6), (0.71, 0.6)]
    for (x, y), art in zip(cells, arts, strict=False):
        d.ellipse(box(n * x, n * y, n * 0.17), fill=WHITE)
        draw_art(d, art, n * x, n * y, n * 0.13, a)
    d.rectangle((0, n * 0.8, n, n), fill=a)
    fnt, lines = fit_text(d, title, n * 0.9, [round(n * 0.07), round(n * 0.055)], 2)
    size = getattr(fnt, "size", 12)
    top = n * 0.9 - len(lines) * size * 1.2 / 2 + size * 0.6
    draw_lines(d, lines, fnt, n / 2, top, WHITE, anchor="mm")
    return img


def fallback_image() -> Image.Image:
    n = PRODUCT_SIZE * SCALE
    img = Image.new("RGB", (n, n), (236, 239, 241))
    d = ImageDraw.Draw(img)
    d.ellipse(box(n / 2, n * 0.4, n * 0.3), fill=WHITE)
    shape_basket(d, n / 2, n * 0.42, n * 0.22, (144, 164, 174), (96, 125, 139))
    fnt = font(24 * SCALE, bold=False)
    d.text((n / 2, n * 0.85), "Image indisponible", font=fnt, fill=(96, 125, 139), anchor="mm")
    return img


def favicon(path: Path) -> None:
    n = 256
    img = Image.new("RGBA", (n, n), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((0, 0, n - 1, n - 1), radius=56, fill=(232, 245, 233, 255))
    shape_basket(d, n / 2, n * 0.52, n * 0.42, GREEN, GREEN)
    path.parent.mkdir(parents=True, exist_ok=True)
    # 16 and 32 px are all browsers ask for; each larger size adds kilobytes to a first visit.
    img.save(path, format="ICO", sizes=[(16, 16), (32, 32)])


LOGO_SVG = """<svg xmlns="http://www.w3.org/2000/svg" width="200" height="56" \
viewBox="0 0 200 56" role="img" aria-label="Grocer">
  <title>Grocer</title>
  <g fill="none" stroke="#2e7d32" stroke-width="4" stroke-linecap="round">
    <path d="M12 24 C12 6, 40 6, 40 24"/>
  </g>
  <circle cx="20" cy="20" r="6" fill="#fb8c00"/>
  <circle cx="32" cy="20" r="5.5" fill="#e53935"/>
  <path d="M26 13 q6 -7 12 -4 q-5 6 -12 4z" fill="#43a047"/>
  <path d="M4 24 H48 L43 48 H9 Z" fill="#2e7d32"/>
  <g stroke="#81c784" stroke-width="2.2" stroke-linecap="round">
    <path d="M8 32 H44"/><path d="M10 40 H42"/>
    <path d="M16 26 L18 46"/><path d="M26 26 V46"/><path d="M36 26 L34 46"/>
  </g>
  <text x="58" y="38" font-family="'DejaVu Sans', Verdana, Arial, sans-serif" \
font-size="28" font-weight="700" fill="#1b5e20" letter-spacing="0.5">Grocer</text>
</svg>
"""


# --------------------------------------------------------------------------- driver


def _out(assets_dir: Path, web_path: str) -> Path:
    return assets_dir / web_path.lstrip("/")


def _arts(keys: list[str]) -> list[Art]:
    return [data.ARTICLE_ART[k] for k in keys if k in data.ARTICLE_ART]


def generate_all(assets_dir: Path) -> int:
    """Draw every picture of the demo catalogue under ``assets_dir``; return the file count."""
    assets_dir = Path(assets_dir)
    count = 0

    def save(img: Image.Image, web_path: str, size: tuple[int, int]) -> None:
        nonlocal count
        save_webp(img, _out(assets_dir, web_path), size)
        count += 1

    top_of: dict[str, str] = {}
    for level, parent, category in data.iter_categories():
        top_of[category["key"]] = category["key"] if level == 1 else top_of[parent or ""]
        palette = PALETTE.get(top_of[category["key"]], DEFAULT_PALETTE)
        art = data.CATEGORY_ART.get(category["key"], ("box", palette[1]))
        save(category_image(art, palette), category["image"], (CATEGORY_SIZE, CATEGORY_SIZE))

    for l1_key, _, _, article in data.iter_articles():
        palette = PALETTE.get(l1_key, DEFAULT_PALETTE)
        save(
            product_image(article["name"], data.ARTICLE_ART[article["key"]], palette),
            article["image"],
            (PRODUCT_SIZE, PRODUCT_SIZE),
        )

    for i, promo in enumerate(data.PROMOTIONS):
        colours = POSTER_COLOURS[i % len(POSTER_COLOURS)]
        arts = _arts(PROMOTION_ART.get(promo["key"], [])) or [("basket", "#2e7d32")]
        w, h = PROMOTION_SIZE
        save(
            poster(
                w,
                h,
                promo["name"],
                promo["description"],
                promo["promo_code"],
                colours,
                arts,
                subtitle_lines=5,
            ),
            promo["image"],
            PROMOTION_SIZE,
        )

    promos = {p["key"]: (i, p) for i, p in enumerate(data.PROMOTIONS)}
    for i, banner in enumerate(data.BANNERS):
        index, promo = promos.get(banner["promotion"] or "", (i, None))
        colours = POSTER_COLOURS[index % len(POSTER_COLOURS)]
        arts = _arts(PROMOTION_ART.get(promo["key"], [])) if promo else []
        arts = arts or [("basket", "#2e7d32")]
        code = promo["promo_code"] if promo else None
        for (w, h, suffix), path in zip(
            BANNER_SIZES, (banner["image"], banner["image_small"]), strict=True
        ):
            assert path.endswith(f"{banner['key']}{suffix}.webp"), path
            save(
                poster(w, h, banner["title"], banner["subtitle"], code, colours, arts), path, (w, h)
            )

    sections = [s for s in data.all_sections() if s["image"]]
    for i, section in enumerate(sections):
        colours = POSTER_COLOURS[i % len(POSTER_COLOURS)]
        save(
            section_image(section["title"], colours, _arts(section["articles"][:4])),
            section["image"] or "",
            (SECTION_SIZE, SECTION_SIZE),
        )

    save(fallback_image(), "/img/fallback.webp", (PRODUCT_SIZE, PRODUCT_SIZE))
    logo = _out(assets_dir, "/img/logo.svg")
    logo.parent.mkdir(parents=True, exist_ok=True)
    logo.write_text(LOGO_SVG, encoding="utf-8")
    favicon(_out(assets_dir, "/favicon.ico"))
    count += 2

    missing = [p for p in data.image_paths() if not _out(assets_dir, p).is_file()]
    if missing:
        raise RuntimeError(f"pictures not generated: {missing[:5]}")
    return count


def default_assets_dir() -> Path:
    return Path(__file__).resolve().parents[2] / "assets"


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    target = Path(args[0]) if args else default_assets_dir()
    count = generate_all(target)
    size = sum(p.stat().st_size for p in (target / "img").rglob("*") if p.is_file())
    print(f"{count} files written under {target} (img/: {size / 1024:.0f} KiB)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
