"""The full-page failure fallback (000 §2.7): what a rendering error anywhere shows.

It replaces Reflex's default error boundary (`install_error_fallback(app)`), so it is drawn
outside the page tree, after something already broke: it uses no state and no hook. Texts come
from the translator directly (`i18n.t`, French bundled), the support contacts from the
settings at build time, and the two buttons are plain JavaScript: "Réessayer" clears the error
(react-error-boundary's resetErrorBoundary), "Retour à l'accueil" loads "/".
"""

from __future__ import annotations

import json

import reflex as rx
from reflex.vars import VarData
from reflex_base.utils.imports import ImportVar
from reflex_components_core.base.error_boundary import ErrorBoundary

from grocer.components.error_box import suggestions
from grocer.settings import get_settings

_I18N = VarData(imports={"$/public/i18n.js": [ImportVar(tag="i18nGlobal", is_default=True)]})

ADVICE_KEYS = ("errors:defaultTip1", "errors:defaultTip2", "errors:defaultTip3")


def _text(key: str, **params: str) -> rx.Var[str]:
    args = f", {json.dumps(params)}" if params else ""
    return rx.Var(_js_expr=f"i18nGlobal.t({json.dumps(key)}{args})", _var_type=str, _var_data=_I18N)


def _js(expr: str) -> rx.Var:
    return rx.Var(_js_expr=expr)


_BUTTON = (
    "inline-flex h-12 items-center justify-center rounded-full px-6 text-base font-semibold "
    "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-600"
)


def error_fallback() -> rx.Component:
    """The 500 page (drawn by the error boundary's fallbackRender, with `event_args`)."""
    settings = get_settings()
    return rx.el.div(
        rx.el.div(
            rx.el.p("500", class_name="text-7xl font-black tracking-tight text-green-700"),
            rx.el.h1(_text("auth:appError.title"), class_name="text-2xl font-bold text-gray-900"),
            rx.el.p(_text("auth:appError.message"), class_name="text-gray-600"),
            suggestions(
                rx.el.p(_text("errors:suggestions"), class_name="font-semibold text-gray-900"),
                (_text(key) for key in ADVICE_KEYS),
                "text-gray-700",
                "bg-gray-50 p-4",
            ),
            rx.el.div(
                rx.el.button(
                    _text("errors:retry"),
                    type="button",
                    custom_attrs={"onClick": _js("(() => event_args.resetErrorBoundary())")},
                    class_name=f"{_BUTTON} bg-green-700 text-white hover:bg-green-800",
                ),
                rx.el.a(
                    _text("errors:backHome"),
                    href="/",
                    custom_attrs={
                        "onClick": _js(
                            '((e) => { e.preventDefault(); window.location.assign("/"); })'
                        )
                    },
                    class_name=f"{_BUTTON} border border-gray-300 bg-white text-gray-800 hover:bg-gray-50",
                ),
                class_name="flex flex-wrap justify-center gap-3",
            ),
            rx.el.div(
                rx.el.p(_text("errors:support")),
                rx.el.p(
                    rx.el.a(
                        _text("errors:supportEmail", email=settings.support_email),
                        href=f"mailto:{settings.support_email}",
                        class_name="font-semibold text-green-800 underline-offset-2 hover:underline",
                    )
                ),
                rx.el.p(
                    rx.el.a(
                        _text("errors:supportPhone", phone=settings.support_phone),
                        href="tel:" + settings.support_phone.replace(" ", ""),
                        class_name="font-semibold text-green-800 underline-offset-2 hover:underline",
                    )
                ),
                class_name="space-y-1 text-sm text-gray-600",
            ),
            role="alert",
            class_name=(
                "flex w-full max-w-lg flex-col items-center gap-5 rounded-3xl bg-white p-8 text-center "
                "shadow-xl ring-1 ring-gray-100"
            ),
        ),
        class_name="fixed inset-0 z-[100] flex items-center justify-center overflow-y-auto bg-gray-50 p-4",
    )


def error_boundary(*children: rx.Component, **props) -> rx.Component:
    """Reflex's ErrorBoundary with the shop's fallback page."""
    # ErrorBoundary.create turns this into `(event_args) => <fallback/>`.
    return ErrorBoundary.create(*children, fallback_render=rx.Var.create(error_fallback()), **props)


def install_error_fallback(app: rx.App) -> None:
    """Replace the app's default error boundary (the framework's "An error occurred...")."""

    def wrap(stateful: bool) -> rx.Component:
        return error_boundary(**({} if stateful else {"on_error": rx.noop()}))

    app.app_wraps[(55, "ErrorBoundary")] = wrap
