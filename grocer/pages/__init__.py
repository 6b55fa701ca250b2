"""One module per route, and one way to register them: a `Page` row each in `PAGES`.

A row names the component, the route, the title and the state handlers that load the page's
data; `register_pages` adds every row with one on-load event, `PageStartState.start`, which
loads the category tree, the currency by country (once per tab) and then runs the row's
handlers (grocer.state.page_start says why one event). A new page is one more row.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import reflex as rx
from reflex.event import EventHandler

from grocer import testing_switches
from grocer.components.error_fallback import install_error_fallback
from grocer.pages import (
    account,
    admin,
    checkout,
    e2e_broken,
    errors,
    full_products,
    home,
    order_confirmation,
    payment,
    product_detail,
    products,
    search,
)
from grocer.state.account import AccountState
from grocer.state.account_referral import ReferralLinkState
from grocer.state.admin import AdminState
from grocer.state.catalogue import CatalogueState
from grocer.state.checkout import CheckoutState
from grocer.state.listing import ListingState
from grocer.state.order_confirmation import OrderConfirmationState
from grocer.state.page_start import PageStartState, declare
from grocer.state.payment import PaymentState
from grocer.state.product import ProductState
from grocer.state.search import SearchState


@dataclass(frozen=True)
class Page:
    """One route of the shop."""

    component: Callable[[], rx.Component]
    route: str
    title: str | rx.Var[str]  # a Var: a title that follows the page's state
    loads: tuple[EventHandler, ...] = ()  # after the category tree (PageStartState.start)
    bare: bool = False  # no on-load at all: a page outside the layout, with nothing to load


PAGES: tuple[Page, ...] = (
    Page(
        home.index,
        "/",
        "Grocer – Courses en ligne à Ouagadougou",
        (CatalogueState.load_home, ReferralLinkState.keep_code),
    ),
    Page(
        products.products_page,
        "/products",
        ListingState.category_page_title,
        (ListingState.load_category_page,),
    ),
    Page(
        products.products_page,
        "/level-one-products",
        ListingState.category_page_title,
        (ListingState.load_category_page,),
    ),
    Page(
        full_products.full_products_page,
        "/full-products",
        ListingState.full_products_page_title,
        (ListingState.load_full_products,),
    ),
    Page(
        product_detail.product_page,
        "/produit/[product_id]",
        ProductState.page_title,
        (ProductState.load,),
    ),
    Page(search.search_page, search.ROUTE, SearchState.page_title, (SearchState.load,)),
    Page(errors.error_page("default"), "/error", "Grocer – Erreur"),
    Page(errors.error_page("network"), "/error/network", "Grocer – Problème de connexion"),
    Page(errors.error_page("server"), "/error/server", "Grocer – Erreur du serveur"),
    Page(errors.error_page("notfound"), "404", "Grocer – Page introuvable"),
    Page(checkout.checkout, checkout.ROUTE, "Commande – Grocer", (CheckoutState.load,)),
    Page(payment.payment, payment.ROUTE, "Paiement – Grocer", (PaymentState.load,)),
    Page(account.account, account.ROUTE, "Mon compte – Grocer", (AccountState.load,)),
    Page(admin.admin, admin.ROUTE, "Back-office – Grocer", (AdminState.load,)),
    Page(
        order_confirmation.order_confirmation,
        order_confirmation.ROUTE,
        "Commande confirmée – Grocer",
        (OrderConfirmationState.load,),
    ),
)

for _page in PAGES:  # what each route's PageStartState.start may run
    if not _page.bare:
        declare(_page.route, _page.loads)

#: The page that throws while rendering (the 500 fallback's browser test) and the page whose
#: handler raises (the error routing's): registered only when the browser tests turn their
#: switch on (grocer.testing_switches).
BROKEN_PAGE = Page(e2e_broken.broken, e2e_broken.ROUTE, "Grocer", bare=True)
BROKEN_HANDLER_PAGE = Page(e2e_broken.broken_handler, e2e_broken.HANDLER_ROUTE, "Grocer", bare=True)


def pages() -> tuple[Page, ...]:
    """The pages this server registers."""
    if testing_switches.broken_route_enabled():
        return (*PAGES, BROKEN_PAGE, BROKEN_HANDLER_PAGE)
    return PAGES


def register_pages(app: rx.App) -> None:
    """Add every page to the app (grocer/grocer.py calls it once)."""
    app.html_lang = "fr"
    for page in pages():
        app.add_page(
            page.component,
            route=page.route,
            title=page.title,
            on_load=None if page.bare else PageStartState.start(page.route),
        )
    # The 500 fallback replaces the framework's error boundary on every page.
    install_error_fallback(app)
