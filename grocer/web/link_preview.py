"""What a shared link shows: the `<head>` tags of a catalogue page, written by the server.

Shoppers pass products around on WhatsApp. Its crawler (and Facebook's, Telegram's, Slack's...)
runs no script: it reads the served HTML's `<head>` for a title, a description, a picture and a
canonical address (Open Graph, Twitter cards), and search engines read the schema.org JSON-LD of
a product and its offer. The pages are built once for everybody (a generic title, React's own
`og:image` of the favicon), so `grocer.web.page_preview` calls `with_head` on every page it
answers: the page's own tags of that kind are taken out and these written in their place, right
after the charset, where a crawler that reads only the start of a page finds them.

`PageMeta` is what a page says of itself; `product_meta`, `category_meta` and `site_meta` make
it from the view-models the preview already reads; `head_tags` writes it with every value
escaped (the JSON-LD too: `<` `>` `&` become JSON escapes, so `</script>` in a name cannot end
the block). The texts are in the page's language (grocer.services.languages.page_language:
`?lang=`, the shopper's cookie, Accept-Language, French), names from the catalogue's
translations and words from the app's own locale files; `og:locale` says which, the `<html>`
element's `lang` too, and `hreflang` alternates name the page in each language (`?lang=xx`,
the language-less address being `x-default`). The canonical address is the language-less one,
unless the request asked for a language in its address: that version is its own canonical, as
search engines want of the pages an `hreflang` set names.

Crawlers fetch with `Accept: */*` or none, so `wants_page` answers them by their user agent
(`is_link_crawler`) as well as browsers by `Accept: text/html`.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass, field
from decimal import Decimal
from html import escape, unescape
from typing import Any
from urllib.parse import urlencode

from grocer.services import catalogue, money, pricing
from grocer.services.languages import DEFAULT_LANGUAGE, LANGUAGES
from grocer.views.catalogue import CardView, CategoryNode, ProductView
from grocer.views.locale_text import label
from grocer.views.page_titles import SITE_NAME, named_title
from grocer.web.preview_data import CategoryPreview, ListingPreview

LOCALES: dict[str, str] = {"fr": "fr_FR", "en": "en_GB", "es": "es_ES", "de": "de_DE"}
"""Open Graph locales of the shop's languages (the English catalog is British English)."""
LOCALE = LOCALES[DEFAULT_LANGUAGE]
DESCRIPTION_CHARS = 160
"""Search engines cut a description at about 160 characters; WhatsApp shows two lines."""
OG_WIDTH, OG_HEIGHT = 1200, 630
SITE_IMAGE = "/og/site.jpg"
IN_STOCK = "https://schema.org/InStock"
OUT_OF_STOCK = "https://schema.org/OutOfStock"

LINK_CRAWLERS = re.compile(
    r"whatsapp|facebookexternalhit|facebot|facebookcatalog|meta-externalagent|twitterbot"
    r"|telegrambot|slackbot|slack-imgproxy|linkedinbot|discordbot|googlebot|google-inspectiontool"
    r"|adsbot-google|bingbot|bingpreview|applebot|duckduckbot|yandex|baiduspider|pinterest"
    r"|redditbot|skypeuripreview|microsoftpreview|teams|viber|snapchat|embedly|iframely"
    r"|vkshare|mastodon|bluesky|signal|qwantify|petalbot",
    re.I,
)
"""Link-preview crawlers and search engines, by a word of their user agent."""

_HEAD = re.compile(r"<head\b[^>]*>.*?</head\s*>", re.S | re.I)
_TITLE = re.compile(r"<title\b[^>]*>(.*?)</title\s*>", re.S | re.I)
_CHARSET = re.compile(r"<meta\b[^>]*\bchar[_-]?set\b[^>]*>", re.I)
_HEAD_OPEN = re.compile(r"<head\b[^>]*>", re.I)
_REPLACED = re.compile(
    r"<title\b[^>]*>.*?</title\s*>"
    r"|<meta\b[^>]*\b(?:name|property)=[\"'](?:description|og:[^\"']*|twitter:[^\"']*"
    r"|product:[^\"']*)[\"'][^>]*>"
    r"|<link\b[^>]*\brel=[\"']canonical[\"'][^>]*>"
    r"|<link\b[^>]*\bhreflang=[^>]*>"
    r"|<script\b[^>]*\btype=[\"']application/ld\+json[\"'][^>]*>.*?</script\s*>",
    re.S | re.I,
)
"""The tags `with_head` writes, as the built page may already hold them (React's own title and
og:image): taken out so that a crawler finds one of each."""
_SPACES = re.compile(r"\s+")
_HTML_OPEN = re.compile(r"<html\b[^>]*>", re.I)
_HTML_LANG = re.compile(r"""\slang=(?:"[^"]*"|'[^']*'|[^\s>]*)""", re.I)


@dataclass(frozen=True)
class PageMeta:
    """What a page says of itself to a crawler. `title` None keeps the built page's title."""

    path: str
    """The page's canonical address on this site (path and query)."""
    description: str
    title: str | None = None
    image: str = SITE_IMAGE
    image_alt: str = SITE_NAME
    og_type: str = "website"
    price: str | None = None
    currency: str | None = None
    in_stock: bool = True
    json_ld: dict[str, Any] | None = field(default=None, hash=False, compare=False)
    lang: str = DEFAULT_LANGUAGE
    """The language the page is written in."""
    lang_in_url: bool = False
    """The address asked for that language (`?lang=`): the canonical address keeps it."""


# --- who gets the page --------------------------------------------------------------------


def is_link_crawler(user_agent: str) -> bool:
    """Whether a request comes from a link-preview crawler or a search engine."""
    return bool(user_agent) and LINK_CRAWLERS.search(user_agent) is not None


def wants_page(accept: str, user_agent: str) -> bool:
    """A browser asking for a page (`Accept: text/html`), or a crawler whatever it accepts."""
    return "text/html" in accept or is_link_crawler(user_agent)


# --- what a page says of itself -----------------------------------------------------------


def shorten(text: str, limit: int = DESCRIPTION_CHARS) -> str:
    """One line of at most `limit` characters, cut at a word with "…" when it is longer."""
    text = _SPACES.sub(" ", text or "").strip()
    if len(text) <= limit:
        return text
    cut = text[: limit - 1]
    if " " in cut[limit // 2 :]:
        cut = cut.rsplit(" ", 1)[0]
    return cut.rstrip(" ,;:.-–—") + "…"


def picture_version(picture: str | None) -> str:
    """A short fingerprint of a picture's address: a new picture gives the preview a new URL,
    so crawlers that keep the old one for days fetch the new one."""
    return hashlib.sha256((picture or "").encode("utf-8")).hexdigest()[:10]


def og_image_path(kind: str, item_id: int, picture: str | None) -> str:
    """The preview picture of a product or category (grocer.web.site_files draws it)."""
    return f"/og/{kind}/{int(item_id)}.jpg?v={picture_version(picture)}"


def offer_price(article: dict[str, Any]) -> str:
    """The price a shopper pays for one unit, in the base currency's minor unit ("1200")."""
    unit = pricing.unit_price(
        pricing.parse_price_text(article.get("price")),
        _decimal_or_none(article.get("salePrice")),
    )
    return f"{money.round_for(unit, money.BASE_CURRENCY):f}"


def _decimal_or_none(value: Any) -> Decimal | None:
    if value in (None, ""):
        return None
    parsed = pricing.parse_price_text(value)
    return parsed if parsed > 0 else None


def product_meta(
    article: dict[str, Any], view: ProductView, lang: str = DEFAULT_LANGUAGE
) -> PageMeta:
    """A product page: its name, description (or name, weight and price), its picture, its
    price in XOF and schema.org Product with the offer."""
    product_id = int(view["id"])
    path = f"/produit/{product_id}"
    name = view.get("name") or SITE_NAME
    price = offer_price(article)
    price_text = money.format_amount(Decimal(price), money.BASE_CURRENCY)
    facts = " · ".join(p for p in (name, view.get("weightText"), price_text) if p)
    description = shorten(view.get("description") or facts)
    picture = (view.get("images") or [None])[0]
    in_stock = article.get("status") == catalogue.LISTED_STATUS
    product: dict[str, Any] = {
        "@context": "https://schema.org",
        "@type": "Product",
        "name": name,
        "description": description,
        "sku": view.get("sku") or str(product_id),
        "productID": str(product_id),
    }
    if view.get("brand"):
        product["brand"] = {"@type": "Brand", "name": view["brand"]}
    if view.get("categoryName"):
        product["category"] = view["categoryName"]
    product["offers"] = {
        "@type": "Offer",
        "price": price,
        "priceCurrency": money.BASE_CURRENCY,
        "availability": IN_STOCK if in_stock else OUT_OF_STOCK,
    }
    return PageMeta(
        path=path,
        title=named_title(name),
        description=description,
        image=og_image_path("produit", product_id, picture),
        image_alt=name,
        og_type="product",
        price=price,
        currency=money.BASE_CURRENCY,
        in_stock=in_stock,
        json_ld=product,
        lang=lang,
    )


def _listing_meta(
    path: str,
    title: str,
    names: list[str],
    picture: CategoryNode | None,
    articles: list[CardView],
    lang: str,
) -> PageMeta:
    """A listing page: its name, what it holds and the tagline, its category's picture (the
    shop's without one), and schema.org ItemList of the products it shows first."""
    colon = " :" if lang == "fr" else ":"  # French typography puts a space before a colon
    summary = f"{title}{colon} {', '.join(names)}." if names else f"{title}."
    items = [
        {
            "@type": "ListItem",
            "position": i + 1,
            "url": f"/produit/{int(a['id'])}",
            "name": a["name"],
        }
        for i, a in enumerate(articles)
    ]
    return PageMeta(
        path=path,
        title=f"{title} – {SITE_NAME}",
        description=shorten(f"{summary} {label('common:footerTagline', lang)}"),
        image=(
            og_image_path("categorie", int(picture["id"]), picture.get("imageUrl"))
            if picture
            else SITE_IMAGE
        ),
        image_alt=title,
        json_ld=(
            {
                "@context": "https://schema.org",
                "@type": "ItemList",
                "name": title,
                "itemListElement": items,
            }
            if items
            else None
        ),
        lang=lang,
    )


def category_meta(path: str, data: CategoryPreview, lang: str = DEFAULT_LANGUAGE) -> PageMeta:
    """A category page: named by its subcategories, else by its first products."""
    current = data["current"]
    articles = data["row"]["articles"] if data["row"] else []
    names = [leaf["name"] for leaf in data["leaves"]] or [a["name"] for a in articles]
    return _listing_meta(path, current["name"], names, current, articles, lang)


def listing_meta(path: str, data: ListingPreview, lang: str = DEFAULT_LANGUAGE) -> PageMeta:
    """/full-products: a level-1 category named by its departments, a category or a section by
    its first products."""
    names = [d["name"] for d in data["departments"]] or [a["name"] for a in data["articles"]]
    picture = data["current"] or data["main"]
    return _listing_meta(path, data["title"], names, picture, data["articles"], lang)


def category_path(path: str, main_id: int, category_id: int, section_id: int = 0) -> str:
    """The canonical address of a listing page: only what names the place, in one order."""
    pairs = [
        (name, value)
        for name, value in (
            ("mainCategoryId", main_id),
            ("categoryId", category_id),
            ("sectionId", section_id),
        )
        if value
    ]
    return f"{path}?{urlencode(pairs)}" if pairs else path


LISTING_PATHS: dict[int, str] = {1: "/level-one-products", 2: "/products", 3: "/full-products"}
"""The page a category of each level opens (the category bar's and the pages' links)."""


def category_url(level: int, main_id: int, category_id: int) -> str:
    """The address the shop's links give a category: level 1 alone, levels 2 and 3 under their
    main category."""
    if level <= 1:
        return category_path(LISTING_PATHS[1], category_id, 0)
    return category_path(LISTING_PATHS[min(level, 3)], main_id, category_id)


def site_meta(path: str, lang: str = DEFAULT_LANGUAGE) -> PageMeta:
    """A page of the whole shop (the home): the shop's title and tagline, and its banner."""
    return PageMeta(
        path=path,
        title=f"{SITE_NAME} – {label('common:shopTitle', lang)}",
        description=label("common:footerTagline", lang),
        lang=lang,
    )


# --- writing the tags ---------------------------------------------------------------------


def _e(value: Any) -> str:
    return escape("" if value is None else str(value), quote=True)


def absolute(base_url: str, path: str) -> str:
    """An address of this site on its public base URL (GROCER_PUBLIC_BASE_URL)."""
    return base_url.rstrip("/") + "/" + path.lstrip("/")


def json_ld_script(data: dict[str, Any]) -> str:
    """A JSON-LD block whose text cannot end the script or open markup: `<`, `>` and `&` are
    written as JSON escapes (the data reads the same)."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    for char, code in (("<", "\\u003c"), (">", "\\u003e"), ("&", "\\u0026")):
        text = text.replace(char, code)
    text = text.replace("\u2028", "\\u2028").replace("\u2029", "\\u2029")
    return f'<script type="application/ld+json">{text}</script>'


def _absolute_urls(data: Any, base_url: str) -> Any:
    """JSON-LD with every site path ("/produit/7") made absolute."""
    if isinstance(data, dict):
        return {k: _absolute_urls(v, base_url) for k, v in data.items()}
    if isinstance(data, list):
        return [_absolute_urls(v, base_url) for v in data]
    if isinstance(data, str) and data.startswith("/") and not data.startswith("//"):
        return absolute(base_url, data)
    return data


def in_language(path: str, lang: str) -> str:
    """A site address with `lang=` added to its query (the version of a page in `lang`)."""
    return f"{path}{'&' if '?' in path else '?'}{urlencode({'lang': lang})}"


def alternates(meta: PageMeta, base_url: str) -> list[str]:
    """`<link rel="alternate" hreflang>` of the page in each language, and `x-default`."""
    links = [(lang, absolute(base_url, in_language(meta.path, lang))) for lang in LANGUAGES] + [
        ("x-default", absolute(base_url, meta.path))
    ]
    return [f'<link rel="alternate" hreflang="{h}" href="{_e(url)}">' for h, url in links]


def head_tags(meta: PageMeta, base_url: str, page_title: str = SITE_NAME) -> str:
    """The `<head>` tags of a page: title, description, canonical, language alternates, Open
    Graph and Twitter card, every value escaped."""
    title = meta.title or page_title or SITE_NAME
    canonical = in_language(meta.path, meta.lang) if meta.lang_in_url else meta.path
    url = absolute(base_url, canonical)
    image = absolute(base_url, meta.image)
    locale = LOCALES.get(meta.lang, LOCALE)
    properties = [
        ("og:type", meta.og_type),
        ("og:site_name", SITE_NAME),
        ("og:locale", locale),
        *(("og:locale:alternate", other) for other in LOCALES.values() if other != locale),
        ("og:title", title),
        ("og:description", meta.description),
        ("og:url", url),
        ("og:image", image),
        ("og:image:secure_url", image) if image.startswith("https:") else None,
        ("og:image:type", "image/jpeg"),
        ("og:image:width", OG_WIDTH),
        ("og:image:height", OG_HEIGHT),
        ("og:image:alt", meta.image_alt),
    ]
    if meta.price is not None:
        properties += [
            ("product:price:amount", meta.price),
            ("product:price:currency", meta.currency),
            ("product:availability", "in stock" if meta.in_stock else "out of stock"),
        ]
    names = [
        ("twitter:card", "summary_large_image"),
        ("twitter:title", title),
        ("twitter:description", meta.description),
        ("twitter:image", image),
        ("twitter:image:alt", meta.image_alt),
    ]
    tags = [
        f"<title>{_e(title)}</title>",
        f'<meta name="description" content="{_e(meta.description)}">',
        f'<link rel="canonical" href="{_e(url)}">',
        *alternates(meta, base_url),
        *(f'<meta property="{p[0]}" content="{_e(p[1])}">' for p in properties if p),
        *(f'<meta name="{name}" content="{_e(value)}">' for name, value in names),
    ]
    return "".join(tags)


def json_ld(meta: PageMeta, base_url: str) -> str:
    """The page's JSON-LD block with absolute addresses ("" without one); a Product's offer
    and picture are the page's canonical address and preview picture."""
    if not meta.json_ld:
        return ""
    data = _absolute_urls(meta.json_ld, base_url)
    if data.get("@type") == "Product":
        canonical = in_language(meta.path, meta.lang) if meta.lang_in_url else meta.path
        url = absolute(base_url, canonical)
        data = {**data, "url": url, "image": [absolute(base_url, meta.image)]}
        data["offers"] = {**data["offers"], "url": url}
    return json_ld_script(data)


def page_title(html: str) -> str:
    """The text of the built page's own `<title>` (unescaped), or "" without one."""
    head = _HEAD.search(html)
    found = _TITLE.search(head.group(0)) if head else None
    return unescape(found.group(1)).strip() if found else ""


def head_start(html: str) -> re.Match[str] | None:
    """Where the tags that must come first in a page's head go: right after the charset (a
    crawler reading only the start of a page finds them), else after `<head>`; None without a
    head."""
    return _CHARSET.search(html) or _HEAD_OPEN.search(html)


def with_head(html: str, meta: PageMeta, base_url: str) -> str:
    """The page with its own head tags of these kinds replaced by the page's: `head_tags`
    right after the charset, the JSON-LD last in the head (unchanged without a `<head>`).

    The JSON-LD goes last because React hydrates the head's inline `<script>` (Reflex's theme
    line) by taking the first `<script>` without `src` it meets: a data block before it would
    be taken for it (a hydration error, #418). Meta and link tags are never taken so."""
    head = _HEAD.search(html)
    if head is None:
        return html
    tags = head_tags(meta, base_url, page_title(html))
    cleaned = _REPLACED.sub("", head.group(0))
    anchor = head_start(cleaned)
    assert anchor is not None  # the head matched from its opening tag
    close = cleaned.lower().rindex("</head")
    new_head = (
        cleaned[: anchor.end()]
        + tags
        + cleaned[anchor.end() : close]
        + json_ld(meta, base_url)
        + cleaned[close:]
    )
    return with_lang(html[: head.start()] + new_head + html[head.end() :], meta.lang)


def with_lang(html: str, lang: str) -> str:
    """The page with its `<html>` element's `lang` set to `lang` (unchanged without one): the
    built pages say "fr"; the app keeps the attribute on the language it shows once it runs."""
    opening = _HTML_OPEN.search(html)
    if opening is None:
        return html
    tag = opening.group(0)
    if _HTML_LANG.search(tag):
        new_tag = _HTML_LANG.sub(f' lang="{_e(lang)}"', tag, count=1)
    else:
        new_tag = f'{tag[:5]} lang="{_e(lang)}"{tag[5:]}'
    return html[: opening.start()] + new_tag + html[opening.end() :]
