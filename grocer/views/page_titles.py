"""Page titles that name what the page shows: the same text in the served HTML (link previews,
grocer.web.link_preview) and in the tab once the app has taken over (grocer.state.product)."""

from __future__ import annotations

SITE_NAME = "Grocer"
PRODUCT_PAGE_TITLE = f"{SITE_NAME} – Produit"
"""The product page's title until its product is known (and the route's prerendered one)."""
SEARCH_PAGE_TITLE = f"{SITE_NAME} – Recherche"
"""The search page's title until a query is known."""
CATEGORY_PAGE_TITLE = f"{SITE_NAME} – Rayons"
"""A category page's title until its category is known."""


def named_title(name: str | None) -> str:
    """ "Mangue Kent – Grocer"; the site's name alone without a name."""
    return f"{name} – {SITE_NAME}" if name else SITE_NAME
