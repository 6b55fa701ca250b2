"""`/sitemap.xml` and `/robots.txt`: what search engines may read, and where every page is.

The sitemap lists the home, every visible category at the address the shop's own links give it
(grocer.web.link_preview.category_url) and every listed product (`/produit/{id}`, with its last
change), as absolute URLs on the public base URL (GROCER_PUBLIC_BASE_URL). A file holds at most
50,000 addresses (sitemaps.org): past that, `/sitemap.xml` is an index of `/sitemap-{n}.xml`
files, the first with the home and the categories, the others with the products by id.
The writers here are pure; grocer.web.site_files reads the catalogue and serves them.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from datetime import UTC, datetime
from typing import Any
from xml.sax.saxutils import escape

from grocer.web.link_preview import absolute, category_url

NAMESPACE = "http://www.sitemaps.org/schemas/sitemap/0.9"
URLS_PER_FILE = 50_000
XML_HEADER = '<?xml version="1.0" encoding="UTF-8"?>\n'
DISALLOWED: tuple[str, ...] = (
    "/account",
    "/checkout",
    "/payment",
    "/order-confirmation",
    "/api/",
    "/error",
)
"""A shopper's own pages, the API and the error pages: nothing for a search engine."""

Entry = tuple[str, datetime | None]
"""A site path and its last change, when known."""


def lastmod(when: datetime) -> str:
    """A W3C datetime in UTC (a naive time is taken as UTC, as the shop stores times)."""
    aware = when if when.tzinfo else when.replace(tzinfo=UTC)
    return aware.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def category_paths(tree: Iterable[dict[str, Any]]) -> list[str]:
    """Every category of the tree (levels 1 to 3), at the address the shop's links give it."""
    paths: list[str] = []

    def walk(node: dict[str, Any], main_id: int) -> None:
        level = int(node.get("level") or 1)
        paths.append(category_url(level, main_id, int(node["id"])))
        for child in node.get("children") or []:
            if isinstance(child, dict) and child.get("id") is not None:
                walk(child, main_id)

    for root in tree:
        if isinstance(root, dict) and root.get("id") is not None:
            walk(root, int(root["id"]))
    return list(dict.fromkeys(paths))


def product_entries(rows: Iterable[tuple[int, datetime | None]]) -> Iterator[Entry]:
    return ((f"/produit/{int(pid)}", changed) for pid, changed in rows)


def urlset(base_url: str, entries: Iterable[Entry]) -> str:
    """A sitemaps.org `<urlset>` of absolute addresses."""
    parts = [XML_HEADER, f'<urlset xmlns="{NAMESPACE}">\n']
    for path, changed in entries:
        parts.append(f"<url><loc>{escape(absolute(base_url, path))}</loc>")
        if changed is not None:
            parts.append(f"<lastmod>{lastmod(changed)}</lastmod>")
        parts.append("</url>\n")
    parts.append("</urlset>\n")
    return "".join(parts)


def sitemap_index(base_url: str, files: int) -> str:
    """A sitemaps.org `<sitemapindex>` of `/sitemap-1.xml` … `/sitemap-{files}.xml`."""
    parts = [XML_HEADER, f'<sitemapindex xmlns="{NAMESPACE}">\n']
    for number in range(1, files + 1):
        loc = escape(absolute(base_url, f"/sitemap-{number}.xml"))
        parts.append(f"<sitemap><loc>{loc}</loc></sitemap>\n")
    parts.append("</sitemapindex>\n")
    return "".join(parts)


def file_count(pages: int, products: int, per_file: int = URLS_PER_FILE) -> int:
    """How many files the sitemap needs: one when everything fits, else one for the pages and
    one per `per_file` products."""
    if pages + products <= per_file:
        return 1
    return 1 + -(-products // per_file)


def robots(base_url: str) -> str:
    """robots.txt: everything but a shopper's own pages and the API, and where the sitemap is."""
    lines = ["User-agent: *", *(f"Disallow: {path}" for path in DISALLOWED), "Allow: /", ""]
    lines.append(f"Sitemap: {absolute(base_url, '/sitemap.xml')}")
    return "\n".join(lines) + "\n"
