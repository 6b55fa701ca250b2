"""The product card (spec 001 §2 "Product card and row") and the pieces the product page reuses.

An article here is a `CardView` (grocer.views.catalogue): the service's article trimmed to what
a card shows, plus `display` (prices per currency, formatted by money.py) and `weightText`.
"""

from __future__ import annotations

from typing import Any

import reflex as rx
from reflex.vars import VarData
from reflex.vars.function import FunctionStringVar
from reflex_base.event import EventChain
from reflex_components_core.react_router.dom import ReactRouterLink

from grocer.components.assets import CAROUSEL_JS, asset_import
from grocer.components.i18n import t
from grocer.components.icons import icon
from grocer.components.price import price_of, price_tag, saved_of
from grocer.state.bag import BagState
from grocer.state.favorites import FavoritesState
from grocer.views.catalogue import FALLBACK_IMAGE, CardView
from grocer.views.styles import (
    ADD_BUTTON,
    BADGES,
    CARD,
    CARD_IMAGE,
    CARD_NAME,
    CARD_WEIGHT,
    DISCOUNT_BADGE,
    FAVOURITE,
    FAVOURITE_PRESSED,
    FOCUS,
    IMAGE,
    QUALITY_BADGE,
)

PLACEHOLDER = "data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7"
"""A transparent pixel shown until a lazy picture comes near the viewport."""

_FALLBACK_DATA = asset_import(CAROUSEL_JS, "imageFallback")
image_fallback: rx.Var = rx.Var(_js_expr="imageFallback", _var_data=_FALLBACK_DATA)
"""onError for <img>: switch once to /img/fallback.webp."""


def remember_handler(article: rx.Var[CardView]) -> rx.Var:
    """on_click of a link to the product page: keep the product under localStorage product_{id}."""
    return rx.Var(
        _js_expr=f"(() => rememberProduct({article!s}))",
        _var_data=VarData.merge(
            asset_import(CAROUSEL_JS, "rememberProduct"),
            article._get_all_var_data(),
        ),
    ).to(FunctionStringVar, EventChain)


def product_href(article: rx.Var[CardView]) -> rx.Var[str]:
    return rx.Var.create(f"/produit/{article['id']}")


def image_src(url: rx.Var) -> rx.Var[str]:
    return rx.cond(url, url, FALLBACK_IMAGE)


def lazy_image(
    src: rx.Var[str] | str, alt: Any, width: int, height: int, class_name: str = "", **attrs: Any
) -> rx.Component:
    """A picture loaded when it comes within 300 px of the viewport (assets/carousel.js)."""
    if "onError" not in attrs:
        attrs["onError"] = image_fallback
    return rx.el.img(
        src=PLACEHOLDER,
        alt=alt,
        class_name=class_name,
        custom_attrs={
            "data-lazy-src": src,
            "width": str(width),
            "height": str(height),
            "decoding": "async",
            **attrs,
        },
    )


def product_image(
    article: rx.Var[CardView], size: int = 300, eager: bool = False, class_name: str = ""
) -> rx.Component:
    classes = f"{IMAGE} {class_name}".strip()
    if not eager:
        return lazy_image(image_src(article["imageUrl"]), article["name"], size, size, classes)
    return rx.el.img(
        src=image_src(article["imageUrl"]),
        alt=article["name"],
        class_name=classes,
        custom_attrs={
            "width": str(size),
            "height": str(size),
            "decoding": "async",
            "onError": image_fallback,
        },
    )


def quantity_stepper(article: rx.Var[CardView], large: bool = False) -> rx.Component:
    """− (a trash can at quantity 1) · quantity · +, for an article already in the bag."""
    key = article["id"].to(str)
    qty = BagState.quantities[key]
    size = "h-10" if large else "h-9"
    btn = (
        f"inline-flex {size} w-10 items-center justify-center rounded-full text-white "
        f"hover:bg-green-800 {FOCUS}"
    )

    def step(name: str, label: str, on_click: Any) -> rx.Component:
        return rx.el.button(
            icon(name, 18), type="button", class_name=btn, aria_label=t(label), on_click=on_click
        )

    return rx.el.div(
        rx.cond(
            qty <= 1,
            step("trash", "catalogue:remove", BagState.decrement(key)),
            step("minus", "catalogue:decrease", BagState.decrement(key)),
        ),
        rx.el.span(qty, class_name="min-w-8 text-center font-semibold", aria_live="polite"),
        step("plus", "catalogue:increase", BagState.increment(key)),
        class_name=(
            f"flex {size} w-full items-center justify-between rounded-full bg-green-700 text-white"
        ),
    )


def add_to_bag(article: rx.Var[CardView]) -> rx.Component:
    """Add-to-bag, which becomes the quantity stepper once the article is in the bag."""
    key = article["id"].to(str)
    return rx.cond(
        BagState.quantities[key] > 0,
        quantity_stepper(article),
        rx.el.button(
            icon("plus", 18),
            rx.el.span(t("catalogue:add"), class_name="ml-1"),
            type="button",
            class_name=f"{ADD_BUTTON} hover:bg-green-700 hover:text-white {FOCUS}",
            aria_label=t("catalogue:addToBag"),
            title=article["name"],
            on_click=BagState.add_item(article),
            custom_attrs={"data-tap": rx.Var.create(f"add-{article['id']}")},
        ),
    )


def is_favourite(article_id: rx.Var) -> rx.Var[bool]:
    """Whether the tab's favourites hold `article_id` (one list read by every heart)."""
    return FavoritesState.ids.contains(article_id)


def favourite_heart(article: rx.Var[CardView]) -> rx.Component:
    """The heart of a card: one toggle button, filled (by CSS, on aria-pressed) when the
    article is a favourite. No state of its own: it reads the tab's one list of ids."""
    pressed = is_favourite(article["id"])
    return rx.el.button(
        icon("heart", 18),
        type="button",
        class_name=f"{FAVOURITE} {FAVOURITE_PRESSED} hover:text-red-600 {FOCUS}",
        aria_label=rx.cond(pressed, t("favorites:remove"), t("catalogue:favourite")),
        aria_pressed=pressed,
        on_click=FavoritesState.toggle(article["id"]),
    )


def discount_badge(article: rx.Var[CardView]) -> rx.Component:
    return rx.cond(
        article["discountPercent"],
        rx.el.span(
            "-",
            article["discountPercent"],
            " %",
            class_name=DISCOUNT_BADGE,
        ),
    )


def product_card(article: rx.Var[CardView], eager: bool = False) -> rx.Component:
    href = product_href(article)
    remember = remember_handler(article)
    return rx.el.article(
        rx.el.div(
            ReactRouterLink.create(
                product_image(article, eager=eager, class_name=CARD_IMAGE),
                to=href,
                on_click=remember,
                class_name=f"block rounded-xl {FOCUS}",
                tab_index=-1,
                aria_hidden="true",
            ),
            rx.el.div(
                discount_badge(article),
                rx.cond(
                    article["productQuality"],
                    rx.el.span(
                        article["productQuality"],
                        class_name=QUALITY_BADGE,
                    ),
                ),
                class_name=BADGES,
            ),
            favourite_heart(article),
            class_name="relative",
        ),
        rx.el.div(add_to_bag(article), class_name="mt-2"),
        rx.el.div(
            price_tag(article),
            ReactRouterLink.create(
                article["name"],
                to=href,
                on_click=remember,
                class_name=f"{CARD_NAME} hover:text-green-700 hover:underline {FOCUS}",
            ),
            rx.el.p(article["weightText"], class_name=CARD_WEIGHT),
            rx.cond(
                saved_of(article) != "",
                rx.el.p(
                    t("catalogue:youSave", amount=saved_of(article)),
                    class_name="mt-1 text-xs font-semibold text-red-700",
                ),
            ),
            rx.cond(
                article["promotion"],
                rx.el.p(
                    article["promotion"],
                    class_name="mt-1 line-clamp-1 text-xs text-green-700",
                ),
            ),
            rx.cond(
                article["express"],
                rx.el.p(
                    icon("bolt", 12),
                    "EXPRESS",
                    class_name=(
                        "mt-1 inline-flex items-center gap-1 text-[11px] font-bold text-amber-700"
                    ),
                ),
            ),
            class_name="mt-2 flex flex-col",
        ),
        class_name=CARD,
        aria_label=article["name"],
        custom_attrs={"data-price": price_of(article)},
    )
