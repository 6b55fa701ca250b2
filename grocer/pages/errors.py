"""Error pages (spec 001 §2, §8): /error (default), /error/network, /error/server and the
not-found page for any other path. Titles and messages from the spec, three suggestions each,
"Réessayer", back to home, and the support e-mail and phone (settings). Fully static: they
render without the server (a network error page must not need the network).

A redirect to them (grocer.state.error_route) carries in its query the type, a message key,
the time of the failure, the page that failed (`from`: "Réessayer" reopens it in place of the
error page) and the log reference; the page shows them, read in the browser (assets/
error_pages.js)."""

from __future__ import annotations

import json

import reflex as rx
from reflex.vars import VarData
from reflex.vars.function import FunctionStringVar
from reflex_base.event import EventChain
from reflex_base.utils.imports import ImportVar
from reflex_components_core.react_router.dom import ReactRouterLink

from grocer.components.buttons import icon_text_link
from grocer.components.error_box import retry_button, suggestions
from grocer.components.i18n import current_language, t, t_var
from grocer.components.icons import icon, icon_badge
from grocer.components.layout import page_layout
from grocer.components.product_card import FOCUS
from grocer.settings import get_settings
from grocer.views.error_route import MESSAGE_KEYS

ERROR_KINDS: dict[str, tuple[str, str]] = {
    # kind: (status shown, icon)
    "network": ("500", "wifi-off"),
    "server": ("500", "server"),
    "notfound": ("404", "search"),
    "default": ("500", "alert"),
}

_retry = rx.Var(
    _js_expr="(() => retryPage())",
    _var_data=VarData(
        imports={"$/public/error_pages.js": [ImportVar(tag="retryPage", install=False)]}
    ),
).to(FunctionStringVar, EventChain)


def error_content(kind: str) -> rx.Component:
    status, icon_name = ERROR_KINDS[kind]
    settings = get_settings()
    phone_href = "tel:" + "".join(ch for ch in settings.support_phone if ch.isdigit() or ch == "+")
    return rx.el.div(
        icon_badge(icon(icon_name, 36), "h-20 w-20", "rounded-full bg-green-50 text-green-700"),
        rx.el.p(status, class_name="mt-4 text-6xl font-extrabold text-green-700"),
        rx.el.h1(t(f"errors:{kind}Title"), class_name="mt-2 text-2xl font-bold text-gray-900"),
        rx.el.p(t(f"errors:{kind}Message"), class_name="mt-2 max-w-lg text-gray-700"),
        suggestions(
            rx.el.h2(t("errors:suggestions"), class_name="font-semibold text-gray-900"),
            (t(f"errors:{kind}Tip{i}") for i in (1, 2, 3)),
            "mt-2 text-sm text-gray-700",
            "mt-6 max-w-md bg-white p-5",
        ),
        rx.el.div(
            retry_button(_retry, "py-2.5"),
            ReactRouterLink.create(
                icon("home", 16),
                t("errors:backHome"),
                to="/",
                class_name=(
                    "inline-flex items-center gap-2 rounded-full border border-gray-300 "
                    "bg-white px-5 "
                    f"py-2.5 text-sm font-semibold text-gray-800 hover:border-green-700 {FOCUS}"
                ),
            ),
            class_name="mt-6 flex flex-wrap justify-center gap-3",
        ),
        rx.el.div(
            rx.el.p(t("errors:support")),
            rx.el.p(
                icon_text_link(
                    "mail",
                    t("errors:supportEmail", email=settings.support_email),
                    14,
                    href=f"mailto:{settings.support_email}",
                    class_name=f"inline-flex items-center gap-1 text-green-700 underline {FOCUS}",
                ),
                icon_text_link(
                    "phone",
                    t("errors:supportPhone", phone=settings.support_phone),
                    14,
                    href=phone_href,
                    class_name=f"inline-flex items-center gap-1 text-green-700 underline {FOCUS}",
                ),
                class_name="mt-1 flex flex-wrap justify-center gap-4",
            ),
            class_name="mt-8 text-sm text-gray-600",
        ),
        class_name="flex flex-col items-center py-12 text-center",
    )


_SEARCH = VarData(
    imports={"$/public/error_pages.js": [ImportVar(tag="useErrorSearch", install=False)]},
    hooks={"const errorSearch = useErrorSearch();": None},
)


def _param(name: str) -> str:
    return f'(errorSearch.get("{name}") ?? "")'


error_type: rx.Var[str] = rx.Var(_js_expr=_param("type"), _var_type=str, _var_data=_SEARCH).to(str)
"""/error?type=network|server|notfound (the redirect of a failed load carries its type)."""
error_message_key: rx.Var[str] = rx.Var(
    _js_expr=f"({json.dumps(sorted(MESSAGE_KEYS))}.includes({_param('message')}) "
    f'? {_param("message")} : "")',
    _var_type=str,
    _var_data=_SEARCH,
).to(str)
"""The redirect's message: one of the keys the shop sends (grocer.views.error_route), else
"" (a crafted link cannot put its own words on the shop's error page)."""
error_time: rx.Var[str] = rx.Var(
    _js_expr=f"errorTime({_param('timestamp')}, {current_language!s})",
    _var_type=str,
    _var_data=VarData.merge(
        _SEARCH,
        current_language._get_all_var_data(),
        VarData(imports={"$/public/error_pages.js": [ImportVar(tag="errorTime", install=False)]}),
    ),
).to(str)
"""When the failure happened, in the shopper's language and time zone."""
error_ref: rx.Var[str] = rx.Var(
    _js_expr=f'(/^[0-9a-f]{{8}}$/.test({_param("ref")}) ? {_param("ref")} : "")',
    _var_type=str,
    _var_data=_SEARCH,
).to(str)
"""The short reference under which the server logged the failure (for the support line)."""


def error_details() -> rx.Component:
    """What the redirect carried (spec 001 §8): its message, when it happened, its reference.
    Empty on a page opened without them."""
    line = "text-center text-xs text-gray-500"
    return rx.el.div(
        rx.cond(error_message_key != "", rx.el.p(t_var(error_message_key), class_name=line)),
        rx.cond(
            error_time != "", rx.el.p(t("errors:occurredAt", time=error_time), class_name=line)
        ),
        rx.cond(error_ref != "", rx.el.p(t("errors:reference", ref=error_ref), class_name=line)),
        id="error-details",
        class_name="-mt-6 space-y-1 pb-8",
    )


def _with_detail(kind: str) -> rx.Component:
    return rx.fragment(error_content(kind), error_details())


def error_page(kind: str):
    def page() -> rx.Component:
        if kind != "default":
            return page_layout(_with_detail(kind))
        # /error: the type and message of the redirect, when given, else the default page.
        return page_layout(
            rx.match(
                error_type,
                ("network", _with_detail("network")),
                ("server", _with_detail("server")),
                ("notfound", _with_detail("notfound")),
                _with_detail("default"),
            )
        )

    page.__name__ = f"error_{kind}"
    return page
