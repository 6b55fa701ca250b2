"""The preview's markup: the same elements and Tailwind classes as the page's own components
(so the page takes over without a jump), every value escaped. Labels are the French catalog's,
like the rest of the prerendered HTML; the app switches language once it runs.

The preview is not interactive (no buttons, the app is not running yet); links are real links.
Prices are written in XOF with the other currencies beside them, and a line of script picks
the shopper's saved currency (`preferredCurrency`) before the first paint.
"""

from __future__ import annotations

import json
from functools import cache
from html import escape
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from grocer.components.carousel import SLIDES_CAROUSEL
from grocer.components.icons import icon_markup
from grocer.components.product_card import FALLBACK_IMAGE, FOCUS
from grocer.components.product_row import VIEW_ALL
from grocer.pages.products import PILL

PREVIEW_ID = "grocer-preview"
LOCALES = Path(__file__).resolve().parents[2] / "assets" / "locales" / "fr"

_CURRENCY_SCRIPT = (
    "<script>(function(){try{var c=(localStorage.getItem('preferredCurrency')||'')"
    ".replace(/\"/g,'');if(!c||c==='XOF')return;"
    f"document.querySelectorAll('#{PREVIEW_ID} [data-prices]').forEach(function(e){{"
    "var p=JSON.parse(e.getAttribute('data-prices'));if(p[c])e.textContent=p[c];});"
    "}catch(e){}})();</script>"
)


@cache
def label(key: str) -> str:
    """The French text of `namespace:key` (the catalog the prerendered pages read)."""
    namespace, _, name = key.partition(":")
    texts = json.loads((LOCALES / f"{namespace}.json").read_text(encoding="utf-8"))
    return str(texts.get(name, ""))


def _e(value: Any) -> str:
    return escape("" if value is None else str(value), quote=True)


def _img(src: Any, alt: Any, size: int, class_name: str, first: bool = False) -> str:
    url = src if isinstance(src, str) and src.startswith("/") else FALLBACK_IMAGE
    priority = ' fetchpriority="high"' if first else ""
    return (
        f'<img src="{_e(url)}" alt="{_e(alt)}" class="{class_name}" width="{size}" '
        f'height="{size}" decoding="async"{priority}>'
    )


def _prices(article: dict[str, Any], field: str) -> tuple[str, str]:
    """The XOF text of a price field, and the data-prices attribute with every currency."""
    display = article.get("display") if isinstance(article.get("display"), dict) else {}
    by_code = {
        code: str(prices.get(field) or "")
        for code, prices in display.items()
        if isinstance(prices, dict)
    }
    return by_code.get("XOF", ""), f" data-prices='{_e(json.dumps(by_code))}'"


def _price_tag(article: dict[str, Any], large: bool = False) -> str:
    """grocer.components.price.price_tag."""
    price, price_data = _prices(article, "price")
    original, original_data = _prices(article, "original")
    size = "text-2xl" if large else "text-base"
    struck = (
        f'<s class="{"text-base" if large else "text-xs"} text-gray-500"{original_data}>'
        f"{_e(original)}</s>"
        if original
        else ""
    )
    return (
        '<div class="flex flex-wrap items-baseline gap-x-2">'
        f'<span class="{size} font-bold text-gray-900"{price_data}>{_e(price)}</span>{struck}</div>'
    )


def _badges(article: dict[str, Any]) -> str:
    parts = []
    if article.get("discountPercent"):
        parts.append(
            '<span class="rounded-md bg-red-600 px-1.5 py-0.5 text-xs font-bold text-white">'
            f"-{_e(article['discountPercent'])} %</span>"
        )
    if article.get("productQuality"):
        parts.append(
            '<span class="rounded-md bg-green-100 px-1.5 py-0.5 text-[11px] font-semibold '
            f'text-green-800">{_e(article["productQuality"])}</span>'
        )
    return "".join(parts)


def wrap(for_url: str, inner: str) -> str:
    """The preview element: what the slot adopts; `for_url` is the address it was made for."""
    return (
        f'<div id="{PREVIEW_ID}" data-for="{_e(for_url)}" aria-busy="true">'
        f"{inner}{_CURRENCY_SCRIPT}</div>"
    )


# --- product page ---------------------------------------------------------------------------


def back_home() -> str:
    """grocer.pages.product_detail.back_home, for the loading shell (outside the slot)."""
    arrow = icon_markup("arrow-left", 16)
    return (
        '<a href="/" class="mt-4 inline-flex items-center gap-2 rounded-full px-3 py-1.5 text-sm '
        f'font-semibold text-gray-700 hover:bg-gray-100 {FOCUS}">{arrow}'
        f"{_e(label('catalogue:backHome'))}</a>"
    )


def product(view: dict[str, Any]) -> str:
    """The top of grocer.pages.product_detail.product_view: picture, name, price, weight and
    description."""
    images = view.get("images") or [FALLBACK_IMAGE]
    badge = _badges({"discountPercent": view.get("discountPercent")})
    description = view.get("description") or label("catalogue:noDescription")
    return (
        '<div class="mt-4 grid gap-8 md:grid-cols-2"><div><div class="relative">'
        + _img(
            images[0],
            view.get("name"),
            600,
            "aspect-square w-full rounded-2xl bg-white object-contain p-4",
            first=True,
        )
        + (f'<div class="absolute left-4 top-4">{badge}</div>' if badge else "")
        + "</div></div><div>"
        f'<h1 class="text-2xl font-extrabold text-gray-900 sm:text-3xl">{_e(view.get("name"))}</h1>'
        f'<div class="mt-3">{_price_tag(view, large=True)}</div>'
        f'<p class="mt-1 text-sm text-gray-500">{_e(view.get("weightText"))}</p>'
        f'<p class="mt-4 line-clamp-4 text-gray-700">{_e(description)}</p>'
        "</div></div>"
    )


# --- category page --------------------------------------------------------------------------


def _card(article: dict[str, Any], first: bool) -> str:
    """grocer.components.product_card.product_card, without its buttons."""
    href = f"/produit/{int(article['id'])}"
    badges = _badges(article)
    return (
        '<article class="flex h-full flex-col rounded-2xl bg-white p-2">'
        f'<div class="relative"><a href="{href}" class="block rounded-xl" tabindex="-1" '
        'aria-hidden="true">'
        + _img(
            article.get("imageUrl"),
            article.get("name"),
            300,
            "aspect-square w-full object-contain rounded-xl bg-gray-50 p-2",
            first=first,
        )
        + "</a>"
        + (
            '<div class="pointer-events-none absolute left-2 top-2 flex flex-col items-start '
            f'gap-1">{badges}</div>'
            if badges
            else ""
        )
        + '<span class="absolute right-2 top-2 inline-flex h-8 w-8 items-center justify-center '
        f'rounded-full bg-white/90 text-gray-500 shadow-sm">{icon_markup("heart", 18)}</span>'
        + '</div><div class="mt-2"><span class="inline-flex h-9 w-full items-center '
        "justify-center rounded-full border-2 border-green-700 bg-white text-sm font-semibold "
        f'text-green-800">{icon_markup("plus", 18)}'
        f'<span class="ml-1">{_e(label("catalogue:add"))}</span></span></div>'
        f'<div class="mt-2 flex flex-col">{_price_tag(article)}'
        f'<a href="{href}" class="mt-1 line-clamp-2 min-h-10 text-sm font-medium text-gray-800">'
        f"{_e(article.get('name'))}</a>"
        f'<p class="mt-0.5 text-xs text-gray-500">{_e(article.get("weightText"))}</p></div>'
        "</article>"
    )


def _row(row: dict[str, Any]) -> str:
    """grocer.components.product_row.product_row: title, then the first cards."""
    arrows = "".join(
        '<span class="inline-flex h-9 w-9 items-center justify-center rounded-full border '
        f'border-gray-200 bg-white text-gray-700 shadow-sm">{icon_markup(name, 18)}</span>'
        for name in ("chevron-left", "chevron-right")
    )
    slides = "".join(
        f'<div class="{SLIDES_CAROUSEL}">{_card(a, first=i < 2)}</div>'
        for i, a in enumerate(row["articles"])
    )
    return (
        '<section class="py-6"><div class="mb-3 flex items-end justify-between gap-3">'
        f'<div class="min-w-0"><h2 class="text-xl font-bold text-gray-900">{_e(row["title"])}</h2>'
        '</div><div class="flex shrink-0 items-center gap-2">'
        f'<span class="{VIEW_ALL}">{_e(label("catalogue:viewAll"))}</span>'
        f'<div class="flex items-center gap-2">{arrows}</div></div></div>'
        f'<div class="overflow-hidden"><div class="-ml-3 flex touch-pan-y">{slides}</div></div>'
        "</section>"
    )


def category(data: dict[str, Any]) -> str:
    """The top of grocer.pages.products._category_content."""
    main, current = data["main"], data["current"]
    main_id, current_id = int(main["id"]), int(current["id"])
    link = "hover:underline"
    crumbs = (
        f'<li><a href="/" class="{link}">{_e(label("catalogue:home"))}</a></li>'
        '<li aria-hidden="true" class="text-gray-400">›</li>'
        f'<li><a href="/level-one-products?mainCategoryId={main_id}" class="{link}">'
        f"{_e(main['name'])}</a></li>"
    )
    if current_id != main_id:
        crumbs += (
            '<li aria-hidden="true" class="text-gray-400">›</li>'
            '<li aria-current="page" class="font-semibold text-gray-900">'
            f"{_e(current['name'])}</li>"
        )
    tabs = "".join(
        '<a href="/products?'
        + _e(urlencode({"mainCategoryId": main_id, "categoryId": sub["id"]}))
        + '" '
        + (
            f'class="{PILL} border-green-700 bg-green-700 text-white">'
            if sub["id"] == current_id
            else f'class="{PILL} border-gray-200 bg-white text-gray-800">'
        )
        + f"{_e(sub['name'])}</a>"
        for sub in main["children"]
    )
    leaves = "".join(
        '<li><a href="/full-products?'
        + _e(urlencode({"mainCategoryId": main_id, "categoryId": leaf["id"]}))
        + '" class="inline-flex rounded-lg bg-green-50 px-3 py-2 text-sm font-medium '
        f'text-green-800">{_e(leaf["name"])}</a></li>'
        for leaf in data["leaves"]
    )
    filter_button = (
        '<span class="inline-flex items-center gap-2 rounded-full border border-gray-300 bg-white '
        f'px-4 py-2 text-sm font-semibold text-gray-800">{icon_markup("filter", 18)}'
        f"{_e(label('catalogue:filter'))}</span>"
    )
    html = (
        '<nav class="pt-4"><ol class="flex flex-wrap items-center gap-2 text-sm text-gray-600">'
        f"{crumbs}</ol></nav>"
        '<div class="mt-3 flex flex-wrap items-center justify-between gap-3">'
        f'<h1 class="text-2xl font-extrabold text-gray-900 sm:text-3xl">{_e(current["name"])}</h1>'
        f"{filter_button}</div>"
        f'<nav class="mt-4 flex gap-2 overflow-x-auto pb-1">{tabs}</nav>'
    )
    if leaves:
        html += (
            '<section class="mt-5"><h2 class="text-sm font-bold uppercase tracking-wide '
            f'text-gray-500">{_e(label("catalogue:subcategories"))}</h2>'
            f'<ul class="mt-2 flex flex-wrap gap-2">{leaves}</ul></section>'
        )
    if data.get("row"):
        html += _row(data["row"])
    return html
