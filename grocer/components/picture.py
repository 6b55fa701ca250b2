"""A small square picture the browser itself loads late (`loading="lazy"`): bag lines and
category pictures, where the carousel script's data-lazy-src (product_card.lazy_image) is not
mounted."""

from __future__ import annotations

from typing import Any

import reflex as rx


def small_image(src: Any, size: int, class_name: str, sized_by_style: bool = False) -> rx.Component:
    """A decorative (alt="") `size` px square picture; `sized_by_style` also fixes its size inline
    (where no width class applies)."""
    attrs: dict[str, Any] = {
        "width": str(size),
        "height": str(size),
        "loading": "lazy",
        "decoding": "async",
    }
    if sized_by_style:
        attrs["style"] = {"width": f"{size}px", "height": f"{size}px"}
    return rx.el.img(src=src, alt="", class_name=class_name, custom_attrs=attrs)
