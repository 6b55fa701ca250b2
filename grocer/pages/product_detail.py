"""Product detail (/produit/{id}): back to home, spinner "Chargement du produit...", 404 view,
gallery with thumbnails, name, price, description, quantity stepper (min 1), "Add To Cart",
"Add To Wishlist", "Real Time / 31 Visitors Right Now", payment logos, facts, related strip,
and the tabs Description / Additional information (nutrition facts) / Reviews."""

from __future__ import annotations

import reflex as rx
from reflex.experimental.client_state import ClientStateVar
from reflex.vars.base import Var, VarData
from reflex.vars.function import FunctionStringVar
from reflex_components_core.react_router.dom import ReactRouterLink

from grocer.components.assets import PAGE_PRODUCT_JS, asset_import
from grocer.components.buttons import text_button
from grocer.components.i18n import t, t_var
from grocer.components.icons import icon
from grocer.components.layout import page_layout
from grocer.components.offline_marks import bag_add_mark
from grocer.components.preview_slot import preview_slot
from grocer.components.price import price_tag
from grocer.components.product_card import discount_badge, image_fallback, is_favourite
from grocer.components.product_row import product_row
from grocer.components.tabs import tab_list, tab_panel
from grocer.services.bag_totals import MAX_QUANTITY
from grocer.state.currency import CurrencyState
from grocer.state.favorites import FavoritesState
from grocer.state.product import ProductState
from grocer.views.styles import (
    ADD_TO_BAG,
    BACK_HOME,
    BUY_ROW,
    FOCUS,
    MAIN_IMAGE,
    PAGE_TITLE,
    PRODUCT_ADD_TAP,
    PRODUCT_GRID,
    STEPPER,
    STEPPER_BUTTON,
    STEPPER_QUANTITY,
)


def _shown_product() -> Var:
    """The product drawn: the state's, or while it loads the copy the server wrote into the
    page (assets/page_product.js): the page is drawn, and its stepper answers, from the app's
    first render instead of after the websocket's first answers (issue 23)."""
    state = ProductState.product
    loading = ProductState.loading
    return Var(
        _js_expr=f"shownProduct({state}, {loading})",
        _var_type=state._var_type,
        _var_data=VarData.merge(
            asset_import(PAGE_PRODUCT_JS, "shownProduct"),
            state._get_all_var_data(),
            loading._get_all_var_data(),
        ),
    ).guess_type()


P = _shown_product()
FROM_PAGE = Var(
    _js_expr=f"(({P})?.id != null)", _var_type=bool, _var_data=P._get_all_var_data()
).to(bool)
"""A product is drawn while the state loads (the page's own copy)."""


def _shown_image() -> Var:
    """`ProductState.image` of the product drawn (the page's copy has no computed vars)."""
    images, index = P["images"], ProductState.image_index
    return Var(
        _js_expr=f"(({images})?.[{index}] ?? ({images})?.[0] ?? {ProductState.image})",
        _var_type=str,
        _var_data=VarData.merge(
            images._get_all_var_data(),
            index._get_all_var_data(),
            ProductState.image._get_all_var_data(),
        ),
    ).to(str)


def _shown_currency() -> Var:
    """The currency drawn: the state's once hydrated, before that the shopper's stored one
    (as the server's preview drew it)."""
    code, hydrated, prices = CurrencyState.code, rx.State.is_hydrated, P["display"]
    return Var(
        _js_expr=f"shownCurrency({code}, {hydrated}, {prices})",
        _var_type=str,
        _var_data=VarData.merge(
            asset_import(PAGE_PRODUCT_JS, "shownCurrency"),
            code._get_all_var_data(),
            hydrated._get_all_var_data(),
            prices._get_all_var_data(),
        ),
    ).to(str)


def back_home() -> rx.Component:
    return ReactRouterLink.create(
        icon("arrow-left", 16),
        t("catalogue:backHome"),
        to="/",
        class_name=f"{BACK_HOME} hover:bg-gray-100 {FOCUS}",
    )


def loading_view() -> rx.Component:
    return rx.el.div(
        rx.el.span(
            class_name=(
                "h-10 w-10 animate-spin rounded-full border-4 border-green-200 border-t-green-700"
            ),
            aria_hidden="true",
        ),
        rx.el.p(t("catalogue:loadingProduct"), class_name="mt-4 text-gray-700"),
        role="status",
        class_name="flex min-h-[50vh] flex-col items-center justify-center",
    )


def not_found_view() -> rx.Component:
    return rx.el.div(
        rx.el.p("404", class_name="text-6xl font-extrabold text-green-700"),
        rx.el.h1(
            t("catalogue:productNotFound"), class_name="mt-2 text-2xl font-bold text-gray-900"
        ),
        ReactRouterLink.create(
            t("catalogue:backHome"),
            to="/",
            class_name=(
                "mt-6 rounded-full bg-green-700 px-5 py-2.5 text-sm font-semibold text-white "
                f"hover:bg-green-800 {FOCUS}"
            ),
        ),
        class_name="flex min-h-[50vh] flex-col items-center justify-center text-center",
    )


def gallery() -> rx.Component:
    images = P["images"]
    return rx.el.div(
        rx.el.div(
            rx.el.img(
                src=_shown_image(),
                alt=P["name"],
                class_name=MAIN_IMAGE,
                custom_attrs={
                    "width": "600",
                    "height": "600",
                    "fetchPriority": "high",
                    "onError": image_fallback,
                },
            ),
            rx.el.div(discount_badge(P), class_name="absolute left-4 top-4"),
            class_name="relative",
        ),
        rx.cond(
            images.length() > 1,
            rx.el.div(
                rx.foreach(
                    images,
                    lambda src, i: rx.el.button(
                        rx.el.img(
                            src=src,
                            alt="",
                            class_name="h-full w-full object-contain",
                            custom_attrs={"width": "72", "height": "72", "loading": "lazy"},
                        ),
                        type="button",
                        aria_label=t("catalogue:showImage", n=i + 1),
                        aria_pressed=rx.cond(ProductState.image_index == i, "true", "false"),
                        on_click=ProductState.select_image(i),
                        class_name=rx.cond(
                            ProductState.image_index == i,
                            f"h-18 w-18 rounded-xl border-2 border-green-700 bg-white p-1 {FOCUS}",
                            f"h-18 w-18 rounded-xl border border-gray-200 bg-white p-1 {FOCUS}",
                        ),
                    ),
                ),
                class_name="mt-3 flex gap-2",
                role="group",
                aria_label=t("catalogue:gallery"),
            ),
        ),
    )


#: The quantity chosen on the product page, kept in the browser: a tap on − or + changes it
#: at once, with no round trip (on a slow link each one cost a quarter to half a second);
#: "Add To Cart" sends it with the article, one event. It is held for one article
#: ({article id: quantity}), so another product starts at 1 by itself, however the page's
#: change of article is rendered (a remount of the stepper is not something to count on: it
#: came only from a state without the product drawn in between). The stepper empties it as it
#: goes, so a shopper who leaves the page and comes back to the product starts at 1 too.
QUANTITY = ClientStateVar.create("product_quantity", {})


def _held_call(js: str, function: str, var_type: type) -> Var:
    """`js` (formatted with `held`, the chosen quantities, and `id`, this product's), which
    calls `function` of assets/page_product.js."""
    held, ident = QUANTITY.value, P["id"]
    return Var(
        _js_expr=js.format(held=held, id=ident),
        _var_type=var_type,
        _var_data=VarData.merge(
            asset_import(PAGE_PRODUCT_JS, function),
            held._get_all_var_data(),
            ident._get_all_var_data(),
        ),
    )


def _quantity() -> Var:
    """The quantity shown for this product: chosen here, else chosen on the server's painted
    stepper before the app ran (assets/page_product.js), else 1."""
    return _held_call(
        "(({held})?.[String({id})] ?? previewQuantity({id}) ?? 1)", "previewQuantity", int
    ).to(int)


def _taken_over() -> Var:
    """The stepper's own quantities once it has taken over the painted stepper's (issue 23:
    the shopper sets the quantity on the server's preview while the scripts arrive)."""
    return _held_call("takePreviewQuantity({id}, {held})", "takePreviewQuantity", dict)


def _quantity_after(step: int) -> Var:
    """This product's quantity after `step` (−1 or +1), between 1 and the bag's maximum per
    line; the quantity chosen for another product is dropped."""
    current = _quantity()
    return Var(
        _js_expr=(
            f"({{[String({P['id']})]: Math.max(1, Math.min({MAX_QUANTITY}, "
            f"{current} + ({step})))}})"
        ),
        _var_type=dict,
        _var_data=current._get_all_var_data(),
    )


FORGOTTEN = Var(
    _js_expr="forgetPreviewQuantity()",
    _var_type=dict,
    _var_data=asset_import(PAGE_PRODUCT_JS, "forgetPreviewQuantity"),
)
"""No quantity chosen, the painted stepper's forgotten too: a later visit starts at 1."""


def stepper() -> rx.Component:
    """Quantity, min 1 (001 §5): answered in the browser, back to 1 for each product and each
    visit of its page."""
    btn = f"{STEPPER_BUTTON} hover:bg-gray-100 {FOCUS}"
    return rx.el.div(
        rx.el.button(
            icon("minus", 18),
            type="button",
            aria_label=t("catalogue:decrease"),
            disabled=_quantity() <= 1,
            on_click=QUANTITY.set_value(_quantity_after(-1)),
            class_name=btn,
        ),
        rx.el.span(
            _quantity(),
            class_name=STEPPER_QUANTITY,
            aria_live="polite",
            aria_label=t("catalogue:quantity"),
            role="status",
        ),
        rx.el.button(
            icon("plus", 18),
            type="button",
            aria_label=t("catalogue:increase"),
            on_click=QUANTITY.set_value(_quantity_after(1)),
            class_name=btn,
        ),
        on_mount=QUANTITY.set_value(_taken_over()),
        on_unmount=QUANTITY.set_value(FORGOTTEN),
        class_name=STEPPER,
    )


def _pay_badge(label: str, style: str, mark: rx.Component | None = None) -> rx.Component:
    return rx.el.li(
        mark if mark is not None else rx.fragment(),
        label,
        class_name=(
            f"inline-flex h-8 items-center gap-1 rounded-md px-2 text-xs font-extrabold {style}"
        ),
    )


def payment_logos() -> rx.Component:
    mastercard = rx.el.svg(
        rx.el.svg.circle(cx="9", cy="8", r="7", custom_attrs={"fill": "#eb001b"}),
        rx.el.svg.circle(
            cx="17", cy="8", r="7", custom_attrs={"fill": "#f79e1b", "fillOpacity": "0.9"}
        ),
        view_box="0 0 26 16",
        width="26",
        height="16",
        custom_attrs={"aria-hidden": "true"},
    )
    return rx.el.div(
        rx.el.p(t("catalogue:securePayment"), class_name="text-sm font-semibold text-gray-700"),
        rx.el.ul(
            _pay_badge("Orange Money", "bg-black text-orange-500"),
            _pay_badge("Mobile Money", "bg-yellow-400 text-blue-900"),
            _pay_badge("Telecel", "bg-red-600 text-white"),
            _pay_badge("Wave", "bg-sky-700 text-white"),
            _pay_badge("VISA", "bg-blue-900 italic text-white"),
            _pay_badge("Mastercard", "border border-gray-200 bg-white text-gray-800", mastercard),
            _pay_badge("PayPal", "border border-gray-200 bg-white text-blue-800"),
            class_name="mt-2 flex flex-wrap gap-2",
        ),
        class_name="mt-6",
    )


def _fact(key: str, value: rx.Var[str] | rx.Var[str | None]) -> rx.Component:
    return rx.cond(
        value,
        rx.el.div(
            rx.el.dt(t(key), class_name="text-gray-500"),
            rx.el.dd(value, class_name="font-medium text-gray-900"),
            class_name="flex gap-2",
        ),
    )


def description(layout: str) -> rx.Component:
    """The product's description ("no description" when it has none): cut short in the summary,
    whole in its tab."""
    return rx.el.p(
        rx.cond(P["description"], P["description"], t("catalogue:noDescription")),
        class_name=f"{layout} text-gray-700",
    )


WISHLIST = (
    "inline-flex h-11 items-center gap-2 rounded-full border border-gray-300 px-5 "
    "text-sm font-semibold text-gray-800 hover:border-green-700 aria-pressed:border-red-300 "
    f"aria-pressed:*:fill-current aria-pressed:*:text-red-600 {FOCUS}"
)
"""The wish list button: keeps the product as a favourite; pressed (a red, filled heart)
when it is one."""


def wishlist_button() -> rx.Component:
    """ "Add To Wishlist" (its label, per the spec), a toggle; "Dans vos favoris" beside it
    while the product is a favourite."""
    pressed = is_favourite(P["id"])
    return rx.el.div(
        text_button(
            icon("heart", 18),
            FavoritesState.toggle(P["id"]),
            WISHLIST,
            t("catalogue:addToWishlist"),
            aria_pressed=pressed,
        ),
        rx.cond(
            pressed,
            rx.el.span(
                icon("check", 16),
                t("favorites:inFavorites"),
                class_name="inline-flex items-center gap-1 text-sm font-medium text-green-800",
            ),
        ),
        class_name="mt-3 flex flex-wrap items-center gap-3",
    )


def summary() -> rx.Component:
    return rx.el.div(
        rx.el.h1(P["name"], class_name=PAGE_TITLE),
        rx.el.div(price_tag(P, large=True, code=_shown_currency()), class_name="mt-3"),
        rx.el.p(P["weightText"], class_name="mt-1 text-sm text-gray-500"),
        description("mt-4 line-clamp-4"),
        rx.el.div(
            stepper(),
            text_button(
                icon("bag", 18),
                ProductState.add_to_cart(_quantity()),
                f"{ADD_TO_BAG} hover:bg-green-800 {FOCUS}",
                t("catalogue:addToCart"),
                # Shown in the bag at once, or kept while the websocket is down.
                # Its painted twin's tap, made before the app ran, is done here
                # (grocer/web/tap_replay.js).
                custom_attrs={
                    **bag_add_mark(P),
                    "data-bag-quantity": _quantity(),
                    "data-tap": PRODUCT_ADD_TAP,
                },
            ),
            class_name=BUY_ROW,
        ),
        wishlist_button(),
        visitors_banner(),
        payment_logos(),
        rx.el.dl(
            _fact("catalogue:sku", P["sku"]),
            _fact("catalogue:category", P["categoryName"]),
            _fact("catalogue:brandFact", P["brand"]),
            _fact("catalogue:origin", P["origin"]),
            _fact("catalogue:weight", P["weightText"]),
            class_name="mt-6 space-y-1 border-t border-gray-100 pt-4 text-sm",
        ),
    )


def nutrition_panel() -> rx.Component:
    rows = P["nutrition"]
    return rx.cond(
        rows.length() > 0,
        rx.el.div(
            rx.el.h3(t("catalogue:nutritionFacts"), class_name="text-2xl font-extrabold"),
            rx.el.p(
                t("catalogue:servingSize", grams=100),
                class_name="border-b-8 border-gray-900 pb-1 text-sm",
            ),
            rx.el.table(
                rx.el.caption(t("catalogue:nutritionFacts"), class_name="sr-only"),
                rx.el.thead(
                    rx.el.tr(
                        rx.el.th(
                            t("catalogue:amountPerServing"),
                            scope="col",
                            class_name="py-1 text-left text-xs font-bold",
                        ),
                        rx.el.th(
                            t("catalogue:dailyValue"),
                            scope="col",
                            class_name="py-1 text-right text-xs font-bold",
                        ),
                    ),
                    class_name="border-b border-gray-900",
                ),
                rx.el.tbody(
                    rx.foreach(
                        rows,
                        lambda r: rx.el.tr(
                            rx.el.th(
                                rx.el.span(
                                    rx.cond(
                                        r["key"],
                                        t_var("catalogue:nutrient_" + r["key"]),
                                        r["name"],
                                    ),
                                    class_name="font-bold",
                                ),
                                " ",
                                r["amount"],
                                scope="row",
                                class_name="py-1 text-left font-normal",
                            ),
                            rx.el.td(
                                rx.cond(r["percent"] != None, r["percent"].to(str) + " %", ""),  # noqa: E711
                                class_name="py-1 text-right font-bold",
                            ),
                            class_name="border-b border-gray-300 text-sm",
                        ),
                    )
                ),
                class_name="w-full",
            ),
            rx.el.p(t("catalogue:dailyValueNote"), class_name="mt-2 text-xs text-gray-600"),
            class_name="max-w-sm rounded-lg border-2 border-gray-900 bg-white p-4",
        ),
        rx.el.p(t("catalogue:noNutrition"), class_name="text-gray-600"),
    )


def review_form() -> rx.Component:
    field = f"mt-1 w-full rounded-lg border border-gray-300 bg-white px-3 py-2 text-sm {FOCUS}"
    return rx.el.form(
        rx.el.h3(t("catalogue:writeReview"), class_name="text-lg font-bold"),
        rx.el.label(
            t("catalogue:reviewName"),
            rx.el.input(name="name", type="text", required=True, max_length=80, class_name=field),
            class_name="mt-3 block text-sm font-semibold text-gray-700",
        ),
        rx.el.label(
            t("catalogue:reviewRating"),
            rx.el.select(
                *(
                    rx.el.option(t("catalogue:reviewStars", count=n), value=str(n))
                    for n in (5, 4, 3, 2, 1)
                ),
                name="rating",
                default_value="5",
                class_name=field,
            ),
            class_name="mt-3 block text-sm font-semibold text-gray-700",
        ),
        rx.el.label(
            t("catalogue:reviewComment"),
            rx.el.textarea(name="comment", rows=4, max_length=2000, class_name=field),
            class_name="mt-3 block text-sm font-semibold text-gray-700",
        ),
        rx.el.button(
            t("catalogue:reviewPublish"),
            type="submit",
            class_name=(
                "mt-4 rounded-full bg-green-700 px-5 py-2 text-sm font-semibold text-white "
                f"hover:bg-green-800 {FOCUS}"
            ),
        ),
        rx.cond(
            ProductState.review_sent,
            rx.el.p(
                t("catalogue:reviewThanks"),
                role="status",
                class_name="mt-3 text-sm font-semibold text-green-700",
            ),
        ),
        on_submit=ProductState.publish_review,
        reset_on_submit=True,
        class_name="max-w-lg",
    )


PRODUCT_TABS = (
    ("description", "catalogue:tabDescription"),
    ("info", "catalogue:tabInfo"),
    ("reviews", "catalogue:tabReviews"),
)


def tabs() -> rx.Component:
    return rx.el.section(
        tab_list(
            PRODUCT_TABS,
            ProductState.tab,
            ProductState.select_tab,
            t("catalogue:productTabs"),
            "-mb-px px-4 py-3 text-sm",
            "flex gap-2 overflow-x-auto border-b border-gray-200",
            prefix="product-",
        ),
        tab_panel(
            ProductState.tab,
            rx.match(
                ProductState.tab,
                (
                    "info",
                    nutrition_panel(),
                ),
                ("reviews", review_form()),
                description("max-w-3xl whitespace-pre-line"),
            ),
            prefix="product-",
            class_name="py-6",
        ),
        class_name="mt-10 rounded-2xl bg-white px-5",
    )


LIVE_DOT = "h-2.5 w-2.5 animate-pulse rounded-full bg-red-500"
"""The pulsing red dot of the live visitors banner."""


def visitors_banner() -> rx.Component:
    """The live visitors notice, under the product's buttons in the page flow. The spec draws
    it as a fixed banner, but fixed it covered controls: "Add To Cart" on a 390 px phone, and
    on a desktop the related cards' "Ajouter" and the footer's links as the page scrolled
    under it (issue 19: it must never cover a control). In the flow it covers nothing."""
    return rx.el.div(
        rx.el.span(class_name=LIVE_DOT, aria_hidden="true"),
        rx.el.span(t("catalogue:realTime"), class_name="font-bold"),
        rx.el.span("/", aria_hidden="true", class_name="text-white/60"),
        rx.el.span(t("catalogue:visitorsNow")),
        class_name=(
            "mt-4 flex w-fit items-center gap-2 rounded-full bg-gray-900/90 px-4 py-2 text-xs "
            "text-white shadow-lg"
        ),
    )


def product_view() -> rx.Component:
    return rx.fragment(
        rx.el.div(
            gallery(),
            summary(),
            class_name=PRODUCT_GRID,
        ),
        tabs(),
        rx.cond(
            ProductState.related.length() > 0,
            product_row(t("catalogue:related"), ProductState.related, row_id="related-products"),
        ),
    )


def cached_copy_reader() -> rx.Component:
    """Mounted when loading failed: sends the browser's copy of the card (localStorage
    `product_{id}`, spec 001 §4) to the server, from code compiled into the page (no eval)."""
    stored = FunctionStringVar.create("localStorage.getItem").call(ProductState.cache_key)
    return rx.cond(
        ProductState.cache_key != "",
        rx.el.span(hidden=True, on_mount=ProductState.use_cached(stored)),
    )


def product_page() -> rx.Component:
    return page_layout(
        back_home(),
        rx.cond(
            ProductState.loading & ~FROM_PAGE,
            # The server's preview of the product (grocer.web) until its data is in.
            preview_slot(loading_view()),
            rx.cond(ProductState.not_found, not_found_view(), product_view()),
        ),
        cached_copy_reader(),
    )
