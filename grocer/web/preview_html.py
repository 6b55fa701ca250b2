"""The server's first look at a page: above-the-fold HTML built from the catalogue.

A category page is prerendered with empty lists and a product page is not prerendered at all,
so their pictures (the largest thing a phone shows) used to wait for the app's scripts, the
websocket and a round trip: 2.7-3.0 s of LCP under Lighthouse's mobile settings. The server
now writes what the page will show above the fold (names, pictures, prices) into the HTML it
sends (`grocer.web.page_preview`); the page keeps it on screen until its own data arrives
(`grocer.components.preview_slot`). `preview_data` reads the catalogue, this module writes the
markup: the same elements and Tailwind classes as the page's own components (so the page takes
over without a jump), every value escaped. Names come in the request's language (the catalogue's
translations, French when one is missing) and labels are the same strings the app's components
read (assets/locales/{lang}/*.json, the French one when a key is missing), so an English
shopper's preview reads English before the app runs, as the app does once it has switched.

The preview is not interactive (the app is not running yet); links are real links, and a tap on
a card's "+ Ajouter" is kept and done by the card that replaces it (grocer.web.tap_replay).
Prices are written in XOF with the other currencies beside them, and a line of script picks
the shopper's saved currency (`preferredCurrency`) before the first paint.
"""

from __future__ import annotations

import json
from html import escape
from typing import Any
from urllib.parse import urlencode

from grocer.services.bag_totals import MAX_QUANTITY
from grocer.services.catalogue import DEFAULT_PAGE_SIZE
from grocer.services.languages import DEFAULT_LANGUAGE
from grocer.views.catalogue import (
    FALLBACK_IMAGE,
    GRID_PART,
    CardView,
    CategoryNode,
    HomeSection,
    ProductView,
)
from grocer.views.icons import icon_markup
from grocer.views.locale_text import label
from grocer.views.offline_bag import ADD_ATTRIBUTE, added_article_json
from grocer.views.styles import (
    ADD_BUTTON,
    ADD_TO_BAG,
    ARROW,
    BACK_HOME,
    BADGES,
    BUY_ROW,
    CARD,
    CARD_EXPRESS,
    CARD_IMAGE,
    CARD_NAME,
    CARD_PROMOTION,
    CARD_SAVED,
    CARD_WEIGHT,
    CRUMBS,
    CURRENT_CRUMB,
    DEPARTMENT,
    DEPARTMENT_ICON,
    DISCOUNT_BADGE,
    FAVOURITE,
    FILTER_BUTTON,
    HOME_BLOCK_CARDS,
    HOME_BLOCK_IMAGE,
    HOME_BLOCK_SLOT,
    HOME_IMAGE_SECTION,
    HOME_ROW_SECTION,
    IMAGE,
    LEAF_LINK,
    LEAVES_TITLE,
    LISTING_BUTTON,
    MAIN_IMAGE,
    ORIGINAL,
    PAGE_TITLE,
    PILL,
    PLACEHOLDER,
    PRICE,
    PRICE_ROW,
    PRODUCT_ADD_TAP,
    PRODUCT_GRID,
    PRODUCTS_GRID,
    QUALITY_BADGE,
    SECTION_TITLE,
    SLIDES_CAROUSEL,
    SLIDES_ROW,
    STEPPER,
    STEPPER_BUTTON,
    STEPPER_QUANTITY,
    VIEW_ALL,
)
from grocer.web.preview_data import CategoryPreview, ListingPreview, PreviewRow

PREVIEW_ID = "grocer-preview"

_CURRENCY_SCRIPT = (
    "<script>(function(){try{var c=(localStorage.getItem('preferredCurrency')||'')"
    ".replace(/\"/g,'');if(!c||c==='XOF')return;"
    f"document.querySelectorAll('#{PREVIEW_ID} [data-prices]').forEach(function(e){{"
    "var p=JSON.parse(e.getAttribute('data-prices'));if(p[c])e.textContent=p[c];});"
    "}catch(e){}})();</script>"
)


def _e(value: Any) -> str:
    return escape("" if value is None else str(value), quote=True)


def _img(
    src: Any, alt: Any, size: int, class_name: str, first: bool = False, lazy: bool = False
) -> str:
    """A picture; `first` ones are fetched first (the LCP); `lazy` ones when scrolled near,
    once the app's scripts run (the page's own lazy pictures, grocer.components.product_card)."""
    url = src if isinstance(src, str) and src.startswith("/") else FALLBACK_IMAGE
    source = f'src="{PLACEHOLDER}" data-lazy-src="{_e(url)}"' if lazy else f'src="{_e(url)}"'
    priority = ' fetchpriority="high"' if first and not lazy else ""
    return (
        f'<img {source} alt="{_e(alt)}" class="{class_name}" width="{size}" '
        f'height="{size}" decoding="async"{priority}>'
    )


def _prices(article: CardView, field: str) -> tuple[str, str]:
    """The XOF text of a price field, and the data-prices attribute with every currency."""
    display = article.get("display") if isinstance(article.get("display"), dict) else {}
    by_code = {
        code: str(prices.get(field) or "")
        for code, prices in display.items()
        if isinstance(prices, dict)
    }
    return by_code.get("XOF", ""), f" data-prices='{_e(json.dumps(by_code))}'"


def _price_tag(article: CardView, large: bool = False) -> str:
    """grocer.components.price.price_tag."""
    price, price_data = _prices(article, "price")
    original, original_data = _prices(article, "original")
    struck = f'<s class="{ORIGINAL[large]}"{original_data}>{_e(original)}</s>' if original else ""
    return (
        f'<div class="{PRICE_ROW}">'
        f'<span class="{PRICE[large]}"{price_data}>{_e(price)}</span>{struck}</div>'
    )


def _discount_badge(article: CardView) -> str:
    percent = article.get("discountPercent")
    return f'<span class="{DISCOUNT_BADGE}">-{_e(percent)} %</span>' if percent else ""


def _quality_badge(article: CardView) -> str:
    quality = article.get("productQuality")
    return f'<span class="{QUALITY_BADGE}">{_e(quality)}</span>' if quality else ""


_MOVE_SCRIPT = (
    "<script>(function(){"
    f"var p=document.getElementById('{PREVIEW_ID}'),to=p&&p.getAttribute('data-for');"
    "if(to&&to.charAt(0)==='/'&&to.charAt(1)!=='/'&&location.pathname+location.search!==to)"
    "history.replaceState(history.state,'',to);})();</script>"
)
"""A page served at another address than its own (a level-1 category answered with its first
level-2 page) moves the address bar to its own as it is parsed, before the app reads it."""


def wrap(for_url: str, inner: str, moved: bool = False) -> str:
    """The preview element: what the slot adopts; `for_url` is the address it was made for
    (where a `moved` page puts the address bar)."""
    return (
        f'<div id="{PREVIEW_ID}" data-for="{_e(for_url)}" aria-busy="true">'
        f"{inner}{_CURRENCY_SCRIPT}{_MOVE_SCRIPT if moved else ''}</div>"
    )


# --- product page ---------------------------------------------------------------------------


PAGE_PRODUCT_ID = "grocer-page-product"
"""The element holding the product's data for the app's first render (assets/page_product.js)."""


def product_data(view: ProductView) -> str:
    """The product as the state would hold it, for the app to draw from its first render
    (a data block, not a script: the browser never runs it; with no "<" in it, no text of
    the catalogue can end it early)."""
    data = json.dumps(view, ensure_ascii=False, separators=(",", ":")).replace("<", "\\u003c")
    return f'<script type="application/json" id="{PAGE_PRODUCT_ID}">{data}</script>'


def back_home(lang: str = DEFAULT_LANGUAGE) -> str:
    """grocer.pages.product_detail.back_home, for the loading shell (outside the slot)."""
    return (
        f'<a href="/" class="{BACK_HOME}">{icon_markup("arrow-left", 16)}'
        f"{_e(label('catalogue:backHome', lang))}</a>"
    )


def product(view: ProductView, lang: str = DEFAULT_LANGUAGE) -> str:
    """The top of grocer.pages.product_detail.product_view: picture, name, price, weight and
    description."""
    images = view.get("images") or [FALLBACK_IMAGE]
    badge = _discount_badge(view)
    description = view.get("description") or label("catalogue:noDescription", lang)
    return (
        f'<div class="{PRODUCT_GRID}"><div><div class="relative">'
        + _img(images[0], view.get("name"), 600, MAIN_IMAGE, first=True)
        + (f'<div class="absolute left-4 top-4">{badge}</div>' if badge else "")
        + "</div></div><div>"
        f'<h1 class="{PAGE_TITLE}">{_e(view.get("name"))}</h1>'
        f'<div class="mt-3">{_price_tag(view, large=True)}</div>'
        f'<p class="mt-1 text-sm text-gray-500">{_e(view.get("weightText"))}</p>'
        f'<p class="mt-4 line-clamp-4 text-gray-700">{_e(description)}</p>'
        f"{_buy_row(view, lang)}</div></div>"
    )


def _buy_row(view: ProductView, lang: str) -> str:
    """The quantity stepper (at 1) and "Add To Cart", as the product page draws them. The
    stepper answers a tap before the app runs and the app's takes its quantity over; a tap on
    "Add To Cart" is done by the app's (both in grocer/web/tap_replay.js)."""
    stepper = (
        f'<div class="{STEPPER}" data-preview-stepper data-product-id="{_e(view.get("id"))}" '
        f'data-max="{MAX_QUANTITY}">'
        f'<button type="button" class="{STEPPER_BUTTON}" data-preview-step="-1" disabled '
        f'aria-label="{_e(label("catalogue:decrease", lang))}">{icon_markup("minus", 18)}</button>'
        f'<span class="{STEPPER_QUANTITY}" aria-live="polite" role="status" '
        f'aria-label="{_e(label("catalogue:quantity", lang))}">1</span>'
        f'<button type="button" class="{STEPPER_BUTTON}" data-preview-step="1" '
        f'aria-label="{_e(label("catalogue:increase", lang))}">{icon_markup("plus", 18)}</button>'
        "</div>"
    )
    add = (
        f'<button type="button" class="{ADD_TO_BAG}" data-tap="{PRODUCT_ADD_TAP}">'
        f"{icon_markup('bag', 18)}{_e(label('catalogue:addToCart', lang))}</button>"
    )
    return f'<div class="{BUY_ROW}">{stepper}{add}</div>'


# --- category page --------------------------------------------------------------------------


def _bag_mark(article: CardView) -> str:
    """The article as "+ Ajouter" adds it while the websocket is down (assets/offline.js reads
    `data-bag-add`: grocer.views.offline_bag)."""
    return f" {ADD_ATTRIBUTE}='{_e(added_article_json(article))}'"


def _card(article: CardView, first: bool, lazy: bool = False, lang: str = DEFAULT_LANGUAGE) -> str:
    """grocer.components.product_card.product_card, without its heart button; its add button
    has the live card's `data-tap`, so a tap on it is done there."""
    article_id = int(article["id"])
    href = f"/produit/{article_id}"
    badges = _discount_badge(article) + _quality_badge(article)
    image = _img(
        article.get("imageUrl"),
        article.get("name"),
        300,
        f"{IMAGE} {CARD_IMAGE}",
        first=first,
        lazy=lazy,
    )
    return (
        f'<article class="{CARD}"><div class="relative">'
        f'<a href="{href}" class="block rounded-xl" tabindex="-1" aria-hidden="true">{image}</a>'
        + (f'<div class="{BADGES}">{badges}</div>' if badges else "")
        + f'<span class="{FAVOURITE}">{icon_markup("heart", 18)}</span></div>'
        f'<div class="mt-2"><button type="button" data-tap="add-{article_id}" '
        f'class="{ADD_BUTTON}" aria-label="{_e(label("catalogue:addToBag", lang))}" '
        f'title="{_e(article.get("name"))}"{_bag_mark(article)}>{icon_markup("plus", 18)}'
        f'<span class="ml-1">{_e(label("catalogue:add", lang))}</span></button></div>'
        f'<div class="mt-2 flex flex-col">{_price_tag(article)}'
        f'<a href="{href}" class="{CARD_NAME}">{_e(article.get("name"))}</a>'
        f'<p class="{CARD_WEIGHT}">{_e(article.get("weightText"))}</p>'
        f"{_card_notes(article, lang)}</div>"
        "</article>"
    )


def _card_notes(article: CardView, lang: str) -> str:
    """The card's last lines (what the shopper saves, the promotion, EXPRESS), so that the
    page's own card, when it takes over, is the same height."""
    saved, saved_data = _prices(article, "saved")
    before, _, after = label("catalogue:youSave", lang).partition("{{amount}}")
    return (
        (
            f'<p class="{CARD_SAVED}">{_e(before)}<span{saved_data}>{_e(saved)}</span>'
            f"{_e(after)}</p>"
            if saved
            else ""
        )
        + (
            f'<p class="{CARD_PROMOTION}">{_e(article["promotion"])}</p>'
            if article.get("promotion")
            else ""
        )
        + (
            f'<p class="{CARD_EXPRESS}">{icon_markup("bolt", 12)}EXPRESS</p>'
            if article.get("express")
            else ""
        )
    )


def _row(
    row: PreviewRow,
    slides: str = SLIDES_CAROUSEL,
    subtitle: str | None = None,
    view_all_href: str | None = None,
    part: str | None = None,
    lazy: bool = False,
    lang: str = DEFAULT_LANGUAGE,
) -> str:
    """grocer.components.product_row.product_row: title, then the first cards. A `part` (the
    row's id) names the section for the page, which keeps it until it mounts its own."""
    arrows = "".join(
        f'<span class="{ARROW}">{icon_markup(name, 18)}</span>'
        for name in ("chevron-left", "chevron-right")
    )
    cards = "".join(
        f'<div class="{slides}">{_card(a, first=not lazy and i < 2, lazy=lazy, lang=lang)}</div>'
        for i, a in enumerate(row["articles"])
    )
    return (
        f'<section{_part(part)} class="{HOME_ROW_SECTION}">'
        '<div class="mb-3 flex items-end justify-between gap-3"><div class="min-w-0">'
        f'<h2{_title_id(part)} class="{SECTION_TITLE}">{_e(row["title"])}</h2>'
        + (f'<p class="text-sm text-gray-500">{_e(subtitle)}</p>' if subtitle is not None else "")
        + '</div><div class="flex shrink-0 items-center gap-2">'
        f"{_view_all(view_all_href, lang)}"
        f'<div class="flex items-center gap-2">{arrows}</div></div></div>'
        f'<div class="overflow-hidden"><div class="-ml-3 flex touch-pan-y">{cards}</div></div>'
        "</section>"
    )


def _part(part: str | None) -> str:
    """A section's attributes: its part name, and its heading as its label (as the page's)."""
    if not part:
        return ""
    return f' data-preview-part="{_e(part)}" aria-labelledby="{_e(part)}-title"'


def _title_id(part: str | None) -> str:
    return f' id="{_e(part)}-title"' if part else ""


def _view_all(href: str | None, lang: str) -> str:
    """ "Voir tout": a real link where the preview knows where it goes."""
    text = _e(label("catalogue:viewAll", lang))
    if href is None:
        return f'<span class="{VIEW_ALL}">{text}</span>'
    return f'<a href="{_e(href)}" class="{VIEW_ALL}">{text}</a>'


def _crumbs(main: CategoryNode | None, current: CategoryNode | None, lang: str) -> str:
    """grocer.pages.products.breadcrumb's items: home, the main category, the current one."""
    link = "hover:underline"
    sep = '<li aria-hidden="true" class="text-gray-400">›</li>'
    crumbs = f'<li><a href="/" class="{link}">{_e(label("catalogue:home", lang))}</a></li>'
    if main:
        crumbs += (
            f'{sep}<li><a href="/level-one-products?mainCategoryId={int(main["id"])}" '
            f'class="{link}">{_e(main["name"])}</a></li>'
        )
    if current and (not main or int(current["id"]) != int(main["id"])):
        crumbs += f'{sep}<li aria-current="page" class="{CURRENT_CRUMB}">{_e(current["name"])}</li>'
    return crumbs


def category(data: CategoryPreview, lang: str = DEFAULT_LANGUAGE) -> str:
    """The top of grocer.pages.products._category_content."""
    main, current = data["main"], data["current"]
    main_id, current_id = int(main["id"]), int(current["id"])
    crumbs = _crumbs(main, current, lang)
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
        + f'" class="{LEAF_LINK}">{_e(leaf["name"])}</a></li>'
        for leaf in data["leaves"]
    )
    filter_button = _filter_button(lang)
    html = (
        f'<nav class="pt-4"><ol class="{CRUMBS}">{crumbs}</ol></nav>'
        '<div class="mt-3 flex flex-wrap items-center justify-between gap-3">'
        f'<h1 class="{PAGE_TITLE}">{_e(current["name"])}</h1>'
        f"{filter_button}</div>"
        f'<nav class="mt-4 flex gap-2 overflow-x-auto pb-1">{tabs}</nav>'
    )
    if leaves:
        html += (
            f'<section class="mt-5"><h2 class="{LEAVES_TITLE}">'
            f"{_e(label('catalogue:subcategories', lang))}</h2>"
            f'<ul class="mt-2 flex flex-wrap gap-2">{leaves}</ul></section>'
        )
    if row := data.get("row"):
        html += _row(row, part=row.get("rowId"), lang=lang)
    return html


# --- home -----------------------------------------------------------------------------------


def _image_block(section: HomeSection, lang: str) -> str:
    """grocer.pages.home.image_block: the section's picture beside a block of cards."""
    cards = "".join(
        f'<div class="{HOME_BLOCK_SLOT[i]}">{_card(a, first=False, lazy=True, lang=lang)}</div>'
        for i, a in enumerate(section["articles"][: len(HOME_BLOCK_SLOT)])
    )
    picture = _img(
        section.get("image"), "", 600, "h-full w-full object-cover object-top", lazy=True
    )
    part = section["rowId"]
    return (
        f'<section{_part(part)} class="{HOME_IMAGE_SECTION}">'
        '<div class="mb-3 flex items-end justify-between gap-3"><div class="min-w-0">'
        f'<h2{_title_id(part)} class="{SECTION_TITLE}">{_e(section["title"])}</h2>'
        f'<p class="text-sm text-gray-500">{_e(section["description"])}</p></div>'
        f"{_view_all(section['viewAll'], lang)}</div>"
        f'<div class="grid gap-4 lg:grid-cols-3"><div class="{HOME_BLOCK_IMAGE}">{picture}</div>'
        f'<div class="{HOME_BLOCK_CARDS}">{cards}</div></div></section>'
    )


def home(sections: list[HomeSection], lang: str = DEFAULT_LANGUAGE) -> str:
    """grocer.pages.home's sections, each as the page draws it and named for the page to keep
    until it mounts its own. Their pictures wait until scrolled near, as the page's do: on the
    home the banner above them is what a phone paints first."""
    return "".join(
        _image_block(section, lang)
        if section["hasImage"]
        else _row(
            {"title": section["title"], "articles": section["articles"]},
            slides=SLIDES_ROW,
            subtitle=section["description"],
            view_all_href=section["viewAll"],
            part=section["rowId"],
            lazy=True,
            lang=lang,
        )
        for section in sections
    )


# --- full products --------------------------------------------------------------------------


def _product_count(count: int, lang: str) -> str:
    """catalogue:productCount as the translator picks its plural (Intl.PluralRules): "one" for
    0 and 1 in French, for 1 alone in English, Spanish and German."""
    one = count <= 1 if lang == DEFAULT_LANGUAGE else count == 1
    key = "catalogue:productCount_one" if one else "catalogue:productCount_other"
    return label(key, lang, count=count)


def _filter_button(lang: str) -> str:
    return (
        f'<span class="{FILTER_BUTTON}">{icon_markup("filter", 18)}'
        f"{_e(label('catalogue:filter', lang))}</span>"
    )


def _department(main_id: int, sub: CategoryNode) -> str:
    """grocer.pages.full_products._department: picture (or icon), name, first three leaves."""
    href = "/products?" + _e(urlencode({"mainCategoryId": main_id, "categoryId": sub["id"]}))
    picture = sub.get("imageUrl")
    if picture:
        art = (
            f'<img src="{_e(picture if picture.startswith("/") else FALLBACK_IMAGE)}" alt="" '
            'class="h-20 w-20 shrink-0 rounded-full bg-green-50 object-cover" width="80" '
            'height="80" loading="lazy" decoding="async" style="width:80px;height:80px">'
        )
    else:
        art = f'<span aria-hidden="true" class="{DEPARTMENT_ICON}">{_e(sub.get("icon"))}</span>'
    leaves = "".join(
        f"<span>{' · ' if i else ''}{_e(leaf['name'])}</span>"
        for i, leaf in enumerate(sub["children"][:3])
    )
    return (
        f'<li><a href="{href}" class="{DEPARTMENT}">{art}<span>'
        f'<span class="block font-bold text-gray-900">{_e(sub["name"])}</span>'
        f'<span class="mt-1 block text-sm text-gray-600">{leaves}</span></span></a></li>'
    )


def full_products(data: ListingPreview, lang: str = DEFAULT_LANGUAGE) -> str:
    """The top of grocer.pages.full_products: breadcrumb and title, then the first cards of
    the grid, or the level-2 departments of a level-1 category."""
    crumbs = _crumbs(data["main"], data["current"], lang)
    html = f'<nav class="pt-4"><ol class="{CRUMBS}">{crumbs}</ol></nav>'
    if data["variant"] == "overview" and data["main"]:
        main_id = int(data["main"]["id"])
        departments = "".join(_department(main_id, sub) for sub in data["departments"])
        return (
            html + f'<h1 class="mt-3 {PAGE_TITLE}">{_e(data["title"])}</h1>'
            f'<section class="mt-5"><h2 class="sr-only">{_e(label("catalogue:departments", lang))}'
            f'</h2><ul class="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">{departments}</ul>'
            "</section>"
        )
    total = data["total"]
    see_all = (
        f'<span class="{LISTING_BUTTON}">{_e(label("catalogue:seeEverything", lang))}</span>'
        if total > DEFAULT_PAGE_SIZE
        else ""
    )
    cards = "".join(_card(a, first=i < 2, lang=lang) for i, a in enumerate(data["articles"]))
    return (
        html + '<div class="mt-3 flex flex-wrap items-center justify-between gap-3">'
        f'<h1 class="{PAGE_TITLE}">{_e(data["title"])}'
        f'<span class="text-lg font-medium text-gray-500"> ({_e(_product_count(total, lang))})'
        "</span>"
        f'</h1><div class="flex items-center gap-2">{see_all}{_filter_button(lang)}</div></div>'
        f'<div class="mt-5"><div data-preview-part="{GRID_PART}" class="{PRODUCTS_GRID}">'
        f"{cards}</div></div>"
    )
