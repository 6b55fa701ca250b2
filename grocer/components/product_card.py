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
from grocer.components.bag_now import shown_quantity
from grocer.components.i18n import t
from grocer.components.icons import icon
from grocer.components.offline_marks import bag_add_mark, bag_step_mark
from grocer.components.price import price_of, price_tag, saved_of
from grocer.state.bag import BagState
from grocer.state.currency import CurrencyState
from grocer.state.favorites import FavoritesState
from grocer.views.catalogue import FALLBACK_IMAGE, CardView
from grocer.views.styles import (
    ADD_BUTTON,
    BADGES,
    CARD,
    CARD_EXPRESS,
    CARD_IMAGE,
    CARD_NAME,
    CARD_PROMOTION,
    CARD_SAVED,
    CARD_WEIGHT,
    DISCOUNT_BADGE,
    FAVOURITE,
    FAVOURITE_PRESSED,
    FOCUS,
    IMAGE,
    PLACEHOLDER,
    QUALITY_BADGE,
)

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


def quantity_stepper(article: rx.Var[CardView], qty: rx.Var[int]) -> rx.Component:
    """− (a trash can at quantity 1) · quantity · +, for an article already in the bag."""
    key = article["id"].to(str)
    size = "h-9"
    btn = (
        f"inline-flex {size} w-10 items-center justify-center rounded-full text-white "
        f"hover:bg-green-800 {FOCUS}"
    )

    def step(name: str, label: str, on_click: Any, by: int) -> rx.Component:
        return rx.el.button(
            icon(name, 18),
            type="button",
            class_name=btn,
            aria_label=t(label),
            on_click=on_click,
            custom_attrs=bag_step_mark(key, by),
        )

    return rx.el.div(
        rx.cond(
            qty <= 1,
            step("trash", "catalogue:remove", BagState.decrement(key), -1),
            step("minus", "catalogue:decrease", BagState.decrement(key), -1),
        ),
        rx.el.span(qty, class_name="min-w-8 text-center font-semibold", aria_live="polite"),
        step("plus", "catalogue:increase", BagState.increment(key), 1),
        class_name=(
            f"flex {size} w-full items-center justify-between rounded-full bg-green-700 text-white"
        ),
    )


def add_to_bag(article: rx.Var[CardView], qty: rx.Var[int]) -> rx.Component:
    """Add-to-bag, which becomes the quantity stepper once the article is in the bag."""
    return rx.cond(
        qty > 0,
        quantity_stepper(article, qty),
        rx.el.button(
            icon("plus", 18),
            rx.el.span(t("catalogue:add"), class_name="ml-1"),
            type="button",
            class_name=f"{ADD_BUTTON} hover:bg-green-700 hover:text-white {FOCUS}",
            aria_label=t("catalogue:addToBag"),
            title=article["name"],
            on_click=BagState.add_item(article),
            custom_attrs={
                "data-tap": rx.Var.create(f"add-{article['id']}"),
                **bag_add_mark(article),
            },
        ),
    )


def is_favourite(article_id: rx.Var) -> rx.Var[bool]:
    """Whether the tab's favourites hold `article_id` (one list read by every heart)."""
    return FavoritesState.ids.contains(article_id)


def favourite_heart(article: rx.Var[CardView], pressed: rx.Var[bool]) -> rx.Component:
    """The heart of a card: one toggle button, filled (by CSS, on aria-pressed) when the
    article is a favourite (`pressed`, read from the tab's one list of ids)."""
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


def product_card(article: rx.Var[CardView]) -> rx.Component:
    """One card of a row or grid: the memoised `shop_card` given what it shows of the tab's
    state (quantity in the bag, favourite, currency) as props, so that a change of the bag
    re-renders the one card it concerns instead of every card of the page."""
    return shop_card(
        article=article,
        quantity=BagState.quantities[article["id"].to(str)],
        favourite=is_favourite(article["id"]),
        currency=CurrencyState.code,
    )


@rx.memo
def shop_card(
    article: rx.Var[CardView],
    quantity: rx.Var[int],
    favourite: rx.Var[bool],
    currency: rx.Var[str],
) -> rx.Component:
    """The card's markup, compiled once as a React component (not repeated for every list of
    cards of a page), reading no state of its own."""
    href = product_href(article)
    remember = remember_handler(article)
    return rx.el.article(
        rx.el.div(
            ReactRouterLink.create(
                product_image(article, class_name=CARD_IMAGE),
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
            favourite_heart(article, favourite),
            class_name="relative",
        ),
        rx.el.div(add_to_bag(article, shown_quantity(article["id"], quantity)), class_name="mt-2"),
        rx.el.div(
            price_tag(article, code=currency),
            ReactRouterLink.create(
                article["name"],
                to=href,
                on_click=remember,
                class_name=f"{CARD_NAME} hover:text-green-700 hover:underline {FOCUS}",
            ),
            rx.el.p(article["weightText"], class_name=CARD_WEIGHT),
            rx.cond(
                saved_of(article, currency) != "",
                rx.el.p(
                    t("catalogue:youSave", amount=saved_of(article, currency)),
                    class_name=CARD_SAVED,
                ),
            ),
            rx.cond(
                article["promotion"],
                rx.el.p(
                    article["promotion"],
                    class_name=CARD_PROMOTION,
                ),
            ),
            rx.cond(
                article["express"],
                rx.el.p(
                    icon("bolt", 12),
                    "EXPRESS",
                    class_name=CARD_EXPRESS,
                ),
            ),
            class_name="mt-2 flex flex-col",
        ),
        class_name=CARD,
        aria_label=article["name"],
        custom_attrs={"data-price": price_of(article, currency)},
    )
