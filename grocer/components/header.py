"""The header (spec 001 §2): logo, delivery address, search box, language and currency selects
(with the detected country and an "auto" marker), "Go to Business", sign-in / create account
or the account menu, and the bag with its item count. Sticky; the category bar hangs under it.
"""

from __future__ import annotations

import reflex as rx
from reflex.vars import VarData
from reflex_components_core.react_router.dom import ReactRouterLink

from grocer.components.account_menu import account_menu
from grocer.components.address_dialog import open_address_dialog, opens_address_now, shown_label
from grocer.components.auth_buttons import sign_in_button, sign_up_button
from grocer.components.bag_now import opens_bag, shown_count
from grocer.components.buttons import ROUND, icon_button
from grocer.components.category_bar import category_bar
from grocer.components.i18n import (
    I18N_VAR_DATA,
    LANGUAGE_NAMES,
    current_language,
    t,
)
from grocer.components.icons import icon, logo
from grocer.components.search_box import search_box
from grocer.models.constants import LANGUAGES
from grocer.state.bag import BagState
from grocer.state.currency import CURRENCIES, SYMBOLS, CurrencyState
from grocer.state.language import LanguageState
from grocer.state.session import SessionState
from grocer.views.styles import FOCUS

SELECT = (
    "h-8 cursor-pointer rounded-md border border-white/30 bg-green-800 px-2 text-xs font-semibold "
    "text-white hover:border-white focus-visible:outline-2 focus-visible:outline-white"
)
SIGN_IN = f"rounded-full px-4 py-2 text-sm font-semibold text-gray-800 hover:bg-gray-100 {FOCUS}"
SIGN_UP = (
    "rounded-full bg-green-700 px-4 py-2 text-sm font-semibold text-white "
    f"hover:bg-green-800 {FOCUS}"
)
BAG_COUNT = (
    "absolute -right-1 -top-1 inline-flex h-5 min-w-5 items-center justify-center "
    "rounded-full bg-orange-500 px-1 text-[11px] font-bold text-white"
)
SELECT_LIGHT = (
    "h-11 w-full cursor-pointer rounded-lg border border-gray-300 bg-white px-3 text-base "
    f"text-gray-900 {FOCUS}"
)


def _switch_language(value: rx.Var[str]):
    """Switch the translator in the browser, then let the server record the choice.

    The chosen value is bound into the switch when the shopper chooses: Reflex runs the call
    from its event queue, which waits while the websocket is not connected (a choice made just
    after hydration, or replayed by grocer.web.tap_replay), and by then React has put the
    controlled select back to the current language."""
    switch = rx.Var(
        _js_expr=f"((lng) => () => setLanguage(lng))({value!s})",
        _var_data=VarData.merge(I18N_VAR_DATA, value._get_all_var_data()),
    )
    return [rx.call_function(switch), LanguageState.remember(value)]


def language_select(full_names: bool = False, select_id: str = "language-select") -> rx.Component:
    """fr / en / es / de (the drawer shows Français, English, Español, Deutsch)."""
    return rx.el.select(
        *(
            rx.el.option(LANGUAGE_NAMES[code] if full_names else code.upper(), value=code)
            for code in LANGUAGES
        ),
        value=current_language,
        on_change=_switch_language,
        aria_label=t("common:language"),
        id=select_id,
        custom_attrs={"data-tap": "lang"},
        class_name=SELECT_LIGHT if full_names else SELECT,
    )


def currency_select(light: bool = False, select_id: str = "currency-select") -> rx.Component:
    """XOF / EUR / USD with their symbols."""
    return rx.el.select(
        *(
            rx.el.option(code if SYMBOLS[code] == code else f"{code} ({SYMBOLS[code]})", value=code)
            for code in CURRENCIES
        ),
        value=CurrencyState.code,
        on_change=CurrencyState.choose,
        aria_label=t("common:currency"),
        id=select_id,
        class_name=SELECT_LIGHT if light else SELECT,
    )


def currency_marker(light: bool = False) -> rx.Component:
    """The detected country and whether the currency was chosen automatically."""
    tone = "text-gray-600" if light else "text-green-100"
    return rx.el.span(
        rx.cond(
            CurrencyState.detected_country != "",
            rx.el.span(
                icon("globe", 12),
                CurrencyState.detected_country,
                class_name="inline-flex items-center gap-1",
                title=t("common:detectedCountry"),
            ),
        ),
        rx.cond(
            CurrencyState.auto_detected,
            rx.el.span(
                t("common:auto"),
                class_name=(
                    "rounded bg-gray-100 px-1.5 text-[10px] font-bold uppercase text-gray-700"
                    if light
                    else "rounded bg-white/20 px-1.5 text-[10px] font-bold uppercase text-white"
                ),
                title=t("common:autoDetected"),
            ),
        ),
        class_name=f"inline-flex items-center gap-1.5 text-xs {tone}",
    )


def address_link(light: bool = False) -> rx.Component:
    """ "Entrez votre adresse" (or the saved address); opens the address dialog."""
    return rx.el.button(
        icon("pin", 16),
        rx.el.span(
            rx.cond(shown_label() != "", shown_label(), t("common:enterAddress")),
            class_name="truncate",
        ),
        type="button",
        on_click=open_address_dialog(),
        custom_attrs={"data-tap": "address", **opens_address_now()},
        class_name=(
            (
                f"flex min-w-0 items-center gap-2 rounded-lg px-2 py-2 text-left text-sm "
                f"text-gray-800 hover:bg-gray-100 {FOCUS}"
            )
            if light
            else "flex min-w-0 max-w-xs items-center gap-1.5 rounded px-1 py-1 text-xs font-medium "
            "text-white hover:underline focus-visible:outline-2 focus-visible:outline-white"
        ),
    )


def sign_in_buttons() -> rx.Component:
    return rx.el.div(
        sign_in_button(t("common:signIn"), SIGN_IN),
        sign_up_button(t("common:createAccount"), SIGN_UP),
        class_name="hidden items-center gap-1 md:flex",
    )


def header_account_slot() -> rx.Component:
    """Signed in: the account menu ("Account" and the first name, 001 §2); signed out:
    "Sign in" and "create account"."""
    return rx.cond(SessionState.is_authenticated, account_menu(), sign_in_buttons())


def bag_button() -> rx.Component:
    return icon_button(
        t("common:bag"),
        f"relative {ROUND} h-11 w-11 text-gray-800 hover:bg-gray-100 {FOCUS}",
        icon("bag", 24),
        shown_count(BAG_COUNT),
        on_click=BagState.open_panel,
        custom_attrs=opens_bag(panel=True),
    )


def top_bar() -> rx.Component:
    """The thin green bar above the header: address, language, currency, business link."""
    return rx.el.div(
        rx.el.div(
            address_link(),
            rx.el.div(
                rx.el.div(
                    icon("globe", 14, "text-green-100"),
                    language_select(),
                    class_name="flex items-center gap-1",
                ),
                rx.el.div(
                    currency_select(), currency_marker(), class_name="flex items-center gap-1.5"
                ),
                rx.el.a(
                    t("common:goToBusiness"),
                    href="/",
                    class_name=(
                        "hidden text-xs font-semibold text-white hover:underline "
                        "focus-visible:outline-2 focus-visible:outline-white sm:inline"
                    ),
                ),
                class_name="flex items-center gap-3",
            ),
            class_name="mx-auto flex h-10 max-w-7xl items-center justify-between gap-3 px-4",
        ),
        class_name="hidden bg-green-800 text-white lg:block",
    )


def site_header(menu_trigger: rx.Component) -> rx.Component:
    """Sticky header; `menu_trigger` is the phone menu button (drawer trigger)."""
    return rx.fragment(
        top_bar(),
        rx.el.header(
            rx.el.div(
                rx.el.div(
                    menu_trigger,
                    ReactRouterLink.create(
                        logo(),
                        to="/",
                        aria_label=t("common:home"),
                        class_name=f"shrink-0 rounded-lg {FOCUS}",
                    ),
                    rx.el.div(search_box(), class_name="hidden flex-1 md:block"),
                    rx.el.div(
                        header_account_slot(),
                        bag_button(),
                        class_name="ml-auto flex items-center gap-1",
                    ),
                    class_name="mx-auto flex h-16 max-w-7xl items-center gap-3 px-4 lg:gap-6",
                ),
                rx.el.div(search_box("site-search-phone"), class_name="px-4 pb-3 md:hidden"),
                class_name="relative z-20 border-b border-gray-100 bg-white",
            ),
            category_bar(),
            class_name="sticky top-0 z-40",
        ),
        # Room for the category bar, which floats under the header and hides on scroll.
        rx.el.div(class_name="hidden h-12 lg:block", aria_hidden="true"),
    )
