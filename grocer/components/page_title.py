"""A listing page's heading with its number of products ("Fruits (24 produits)")."""

from __future__ import annotations

from typing import Any

import reflex as rx

from grocer.components.i18n import t
from grocer.views.styles import PAGE_TITLE


def counted_title(title: Any, total: rx.Var[int]) -> rx.Component:
    """The page's h1: `title`, then the count in a lighter, smaller type."""
    return rx.el.h1(
        title,
        rx.el.span(
            " (",
            t("catalogue:productCount", count=total),
            ")",
            class_name="text-lg font-medium text-gray-500",
        ),
        class_name=PAGE_TITLE,
    )
