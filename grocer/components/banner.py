"""The home banner carousel: four images with srcset (600 / 1200 px), the first one loaded
with high priority (it is the page's largest paint)."""

from __future__ import annotations

import reflex as rx

from grocer.components.carousel import Carousel, arrows, slide
from grocer.components.i18n import t

BANNERS = 4
WIDTH, HEIGHT = 1200, 400


def _slide(index: int) -> rx.Component:
    """Phones get the 600×300 picture (its own composition), wider screens the 1200×400 one."""
    base = f"/img/banners/banner-{index}"
    first = index == 1
    srcset = f"{base}-600.webp 600w, {base}.webp 1200w"
    sizes = "(max-width: 639px) 100vw, (max-width: 1280px) 100vw, 1248px"
    if first:
        picture = {
            "src": f"{base}.webp",
            "custom_attrs": {
                "srcSet": srcset,
                "sizes": sizes,
                "width": str(WIDTH),
                "height": str(HEIGHT),
                "fetchPriority": "high",
                "decoding": "sync",
            },
        }
        source: dict = {"srcSet": f"{base}-600.webp 600w"}
    else:
        # Later slides load after the page (assets/carousel.js swaps data-src in).
        picture = {
            "custom_attrs": {
                "data-src": f"{base}.webp",
                "data-srcset": srcset,
                "sizes": sizes,
                "width": str(WIDTH),
                "height": str(HEIGHT),
                "decoding": "async",
            },
        }
        source = {"data-srcset": f"{base}-600.webp 600w"}
    return rx.el.picture(
        rx.el.source(
            media="(max-width: 639px)",
            custom_attrs={**source, "width": "600", "height": "300"},
        ),
        rx.el.img(
            alt=t(f"catalogue:banner{index}"),
            class_name="aspect-[2/1] w-full rounded-2xl bg-green-700 object-cover sm:aspect-[3/1]",
            **picture,
        ),
    )


def banner_carousel() -> rx.Component:
    return rx.el.section(
        Carousel.create(
            *(
                slide(_slide(i), "min-w-0 shrink-0 grow-0 basis-full pl-3")
                for i in range(1, BANNERS + 1)
            ),
            id="home-banner",
            aria_label=t("catalogue:banners"),
        ),
        rx.el.div(arrows("home-banner"), class_name="absolute bottom-3 right-3"),
        class_name="relative",
        aria_label=t("catalogue:banners"),
    )
