"""Translations in the browser: `t(key, **params)` as a Reflex Var, and the language switch.

The translator runs in the browser (assets/i18n.js, assets/translator.js).
`t("catalogue:viewAll")` compiles to the JS call `t("catalogue:viewAll", {...})` whose VarData
imports the init module's `useShopTranslation` and adds the hook line, so it can be used as a child (text) and as a prop (aria-label, placeholder,
alt). Keys are `namespace:key`; without a namespace the `common` namespace is used. The French
catalog is bundled, so the prerendered HTML already reads French.
"""

from __future__ import annotations

import json
from typing import Any

import reflex as rx
from reflex.vars import VarData
from reflex_base.utils.imports import ImportVar

LANGUAGE_NAMES: dict[str, str] = {
    "fr": "Français",
    "en": "English",
    "es": "Español",
    "de": "Deutsch",
}
"""Each language named in itself (shown as is in every language)."""

NAMESPACES: tuple[str, ...] = (
    "common",
    "catalogue",
    "errors",
    "auth",
    "bag",
    "address",
    "checkout",
    "account",
    "settings",
    "wallet",
    "addressbook",
    "orders",
    "referral",
    "profile",
    "favorites",
    "security",
    "admin",
)

INIT_MODULE = "$/public/i18n.js"

FIRST_RENDER_NAMESPACES: tuple[str, ...] = (
    "common",
    "catalogue",
    "errors",
    "auth",
    "bag",
    "account",
    "favorites",
)
"""Namespaces a page's first render reads: bundled in French with the init module."""

DEFERRED_NAMESPACES: frozenset[str] = frozenset(NAMESPACES) - frozenset(FIRST_RENDER_NAMESPACES)
"""Namespaces no page's first render reads: a `t()` of one of their keys imports that namespace's
French strings (`namespace_module`), so they travel with the code that shows them (issue 21)."""


def namespace_module(ns: str) -> str:
    """The module adding a deferred namespace's French strings (assets/i18n_ns/<ns>.js)."""
    return f"$/public/i18n_ns/{ns}.js"


_HOOK = "const [i18nT, i18nInstance] = useShopTranslation();"


class ShopI18nProvider(rx.Component):
    """The page's one subscription to language changes (assets/i18n.js), mounted once at the
    root as an app wrap by every Var that translates; `useShopTranslation` reads it."""

    library = INIT_MODULE
    tag = "ShopI18nProvider"


I18N_VAR_DATA = VarData(
    imports={
        INIT_MODULE: [
            ImportVar(tag="useShopTranslation", install=False),
            ImportVar(tag="setLanguage", install=False),
        ]
    },
    hooks={_HOOK: None},
    app_wraps=((44, ShopI18nProvider.create()),),
)
"""Imports the init module's hook (a context read: a language change re-renders in a
transition), adds it to the component and the provider to the app's root."""


def _key_var_data(key: str) -> VarData:
    """The translation's VarData; for a deferred namespace, with a side-effect import of its
    strings (added before the importing code renders)."""
    ns = key.partition(":")[0]
    if ns not in DEFERRED_NAMESPACES:
        return I18N_VAR_DATA
    strings = VarData(imports={namespace_module(ns): [ImportVar(tag=None, install=False)]})
    return VarData.merge(I18N_VAR_DATA, strings) or I18N_VAR_DATA


def t(key: str, **params: Any) -> rx.Var[str]:
    """The translation of `key` in the current language, as a string Var.

    `params` fill the `{{name}}` placeholders; values may be Vars (e.g. a category name).
    """
    if params:
        params_var = rx.Var.create(params)
        expr = f"i18nT({json.dumps(key)}, {params_var!s})"
        data = VarData.merge(_key_var_data(key), params_var._get_all_var_data())
    else:
        expr = f"i18nT({json.dumps(key)})"
        data = _key_var_data(key)
    return rx.Var(_js_expr=expr, _var_type=str, _var_data=data).to(str)


def t_var(key: rx.Var[str], params: rx.Var | None = None) -> rx.Var[str]:
    """The translation of a key held in a Var (e.g. a message key sent by a state), its
    `{{name}}` placeholders filled from `params` (a dict Var) when given."""
    if params is None:
        return rx.Var(
            _js_expr=f"i18nT({key!s})",
            _var_type=str,
            _var_data=VarData.merge(I18N_VAR_DATA, key._get_all_var_data()),
        ).to(str)
    return rx.Var(
        _js_expr=f"i18nT({key!s}, {params!s})",
        _var_type=str,
        _var_data=VarData.merge(I18N_VAR_DATA, key._get_all_var_data(), params._get_all_var_data()),
    ).to(str)


current_language: rx.Var[str] = rx.Var(
    _js_expr='(i18nInstance.resolvedLanguage || i18nInstance.language || "fr").slice(0, 2)',
    _var_type=str,
    _var_data=I18N_VAR_DATA,
).to(str)
"""The language the translator shows now (two letters)."""


class HtmlLang(rx.Component):
    """Keeps <html lang> on the shown language after hydration (mount it once per page)."""

    library = INIT_MODULE
    tag = "HtmlLang"
