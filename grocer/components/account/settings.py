"""The account's "settings" section (001 §2 "Account page", §4, §8, §9).

Notifications and privacy switches, security (two-factor panel, recent logins, auto-logout,
logout of every other device, security alerts), language, currency and timezone, and the save
button. Every value is enforced (grocer/state/settings.py): the language and currency selects
switch the whole site at once (the header's own selects), the auto-logout signs idle tabs out.
"""

from __future__ import annotations

from typing import Any

import reflex as rx

from grocer.components.account.frame import loading_text, section_frame
from grocer.components.account.two_factor import two_factor_panel
from grocer.components.assets import SESSION_JS, asset_import
from grocer.components.form_parts import SECONDARY, error_box, info_box, spinner
from grocer.components.header import SELECT_LIGHT, currency_marker, currency_select, language_select
from grocer.components.i18n import t
from grocer.components.icons import icon, stroke_icon
from grocer.state.settings import AUTO_LOGOUT_CHOICES, TIMEZONES, SettingsState
from grocer.views.styles import FOCUS

BLOCK = "rounded-xl border border-gray-200 p-4 sm:p-5"
BLOCK_TITLE = "text-base font-semibold text-gray-900"
LABEL = "block text-sm font-medium text-gray-800"
HINT = "mt-0.5 text-xs text-gray-600"
BADGE = "inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold"
SAVE = (
    "inline-flex h-12 w-full items-center justify-center gap-2 rounded-full bg-green-700 px-6 "
    "text-base font-semibold text-white shadow-sm transition hover:bg-green-800 sm:w-auto "
    f"disabled:cursor-not-allowed disabled:bg-green-700/60 {FOCUS}"
)
_LOGOUT = ("M15 4h4v16h-4", "M10 17l5-5-5-5", "M15 12H3")
_TRACK = f"relative inline-flex h-7 w-12 shrink-0 items-center rounded-full transition {FOCUS}"

_BROWSER_TIMEZONE = rx.Var(
    _js_expr="browserTimezone()", _var_data=asset_import(SESSION_JS, "browserTimezone")
).to(str)


def _block(title_key: str, *children: rx.Component, block_id: str) -> rx.Component:
    return rx.el.section(
        rx.el.h3(t(title_key), id=f"{block_id}-title", class_name=BLOCK_TITLE),
        rx.el.div(*children, class_name="mt-3"),
        aria_labelledby=f"{block_id}-title",
        class_name=BLOCK,
    )


def _switch(name: str, label_key: str, hint_key: str | None = None) -> rx.Component:
    """One on/off setting: a button with role=switch named by its label."""
    on = SettingsState.switches[name]
    label_id = f"setting-{name}-label"
    return rx.el.div(
        rx.el.div(
            rx.el.span(t(label_key), id=label_id, class_name=LABEL),
            rx.el.p(t(hint_key), class_name=HINT) if hint_key else rx.fragment(),
            class_name="min-w-0",
        ),
        rx.el.button(
            rx.el.span(
                class_name=rx.cond(
                    on,
                    "inline-block h-5 w-5 translate-x-6 rounded-full bg-white shadow transition",
                    "inline-block h-5 w-5 translate-x-1 rounded-full bg-white shadow transition",
                )
            ),
            type="button",
            role="switch",
            id=f"setting-{name}",
            on_click=SettingsState.toggle(name),
            class_name=rx.cond(on, f"{_TRACK} bg-green-700", f"{_TRACK} bg-gray-400"),
            custom_attrs={
                "aria-checked": rx.cond(on, "true", "false"),
                "aria-labelledby": label_id,
            },
        ),
        class_name="flex items-center justify-between gap-4 py-2.5",
    )


def _labelled(field_id: str, label_key: str, control: rx.Component, *extra: Any) -> rx.Component:
    return rx.el.div(
        rx.el.div(
            rx.el.label(t(label_key), html_for=field_id, class_name=LABEL),
            *extra,
            class_name="flex flex-wrap items-center gap-2",
        ),
        rx.el.div(control, class_name="mt-1.5"),
    )


def _notifications() -> rx.Component:
    return _block(
        "settings:notifications.title",
        _switch("email", "settings:notifications.email", "settings:notifications.emailHint"),
        _switch("push", "settings:notifications.push"),
        _switch("sms", "settings:notifications.sms"),
        block_id="settings-notifications",
    )


def _privacy() -> rx.Component:
    return _block(
        "settings:privacy.title",
        _switch("publicProfile", "settings:privacy.publicProfile"),
        _switch("dataSharing", "settings:privacy.dataSharing"),
        block_id="settings-privacy",
    )


def _login_row(row: rx.Var[dict[str, str]]) -> rx.Component:
    return rx.el.li(
        rx.el.div(
            rx.el.span(
                rx.cond(row["device"] != "", row["device"], t("settings:logins.unknownDevice")),
                class_name="font-medium text-gray-900",
            ),
            rx.cond(
                row["current"] == "1",
                rx.el.span(
                    t("settings:logins.current"), class_name=f"{BADGE} bg-green-100 text-green-900"
                ),
            ),
            rx.cond(
                row["failed"] == "1",
                rx.el.span(
                    t("settings:logins.failed"), class_name=f"{BADGE} bg-red-100 text-red-800"
                ),
            ),
            class_name="flex flex-wrap items-center gap-2",
        ),
        rx.el.p(
            row["when"],
            " · ",
            rx.cond(row["place"] != "", row["place"], t("settings:logins.unknownPlace")),
            class_name="mt-0.5 break-words text-xs text-gray-600",
        ),
        class_name="py-2.5",
        custom_attrs={"data-testid": "login-row"},
    )


def _recent_logins() -> rx.Component:
    return rx.el.div(
        rx.el.h4(t("settings:logins.title"), class_name=LABEL),
        rx.cond(
            SettingsState.logins.length() > 0,
            rx.el.ul(
                rx.foreach(SettingsState.logins, _login_row),
                class_name="mt-1 divide-y divide-gray-100",
                aria_label=t("settings:logins.title"),
            ),
            rx.el.p(t("settings:logins.empty"), class_name="mt-1 text-sm text-gray-600"),
        ),
        class_name="mt-4",
    )


def _auto_logout() -> rx.Component:
    return _labelled(
        "settings-auto-logout",
        "settings:session.autoLogout",
        rx.el.select(
            *(
                rx.el.option(t(f"settings:session.choices.{choice}"), value=choice)
                for choice in AUTO_LOGOUT_CHOICES
            ),
            id="settings-auto-logout",
            value=SettingsState.auto_logout,
            on_change=SettingsState.set_auto_logout,
            class_name=SELECT_LIGHT,
        ),
    )


def _logout_everywhere() -> rx.Component:
    return rx.el.div(
        rx.el.button(
            rx.cond(SettingsState.logout_busy, spinner(), stroke_icon(_LOGOUT, 18)),
            t("settings:security.logoutAll"),
            type="button",
            on_click=SettingsState.logout_other_devices,
            disabled=SettingsState.logout_busy,
            aria_busy=SettingsState.logout_busy,
            class_name=f"{SECONDARY} w-full sm:w-auto",
        ),
        rx.el.p(t("settings:security.logoutAllHint"), class_name=HINT),
        rx.cond(
            SettingsState.logout_key == "settings:security.logoutAllDone",
            info_box(SettingsState.logout_key, "settings-logout-all-status"),
            error_box(SettingsState.logout_key, "settings-logout-all-status"),
        ),
        class_name="space-y-2",
    )


def _security() -> rx.Component:
    return _block(
        "settings:security.title",
        two_factor_panel(),
        _recent_logins(),
        rx.el.div(_auto_logout(), _logout_everywhere(), class_name="mt-4 space-y-4"),
        rx.el.h4(t("settings:alerts.title"), class_name=f"mt-5 {LABEL}"),
        _switch("newLogins", "settings:alerts.newLogins"),
        _switch("passwordChanges", "settings:alerts.passwordChanges"),
        _switch("failedLogins", "settings:alerts.failedLogins"),
        block_id="settings-security",
    )


def _auto_badge() -> rx.Component:
    return rx.el.span(t("settings:region.auto"), class_name=f"{BADGE} bg-gray-100 text-gray-700")


def _timezone() -> rx.Component:
    return _labelled(
        "settings-timezone",
        "settings:region.timezone",
        rx.el.div(
            rx.el.select(
                *(rx.el.option(zone, value=zone) for zone in TIMEZONES),
                id="settings-timezone",
                value=SettingsState.timezone,
                on_change=SettingsState.choose_timezone,
                class_name=SELECT_LIGHT,
            ),
            rx.el.button(
                icon("globe", 20),
                type="button",
                on_click=SettingsState.detect_timezone(_BROWSER_TIMEZONE),
                aria_label=t("settings:region.detectTimezone"),
                title=t("settings:region.detectTimezone"),
                class_name=(
                    "inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-lg "
                    f"border border-gray-300 text-gray-800 hover:bg-gray-50 {FOCUS}"
                ),
            ),
            class_name="flex items-center gap-2",
        ),
        rx.cond(SettingsState.timezone_auto, _auto_badge()),
    )


def _region() -> rx.Component:
    return _block(
        "settings:region.title",
        rx.el.div(
            _labelled(
                "settings-language",
                "settings:region.language",
                language_select(full_names=True, select_id="settings-language"),
            ),
            _labelled(
                "settings-currency",
                "settings:region.currency",
                currency_select(light=True, select_id="settings-currency"),
                currency_marker(light=True),
            ),
            _timezone(),
            class_name="grid gap-4 sm:grid-cols-2",
        ),
        block_id="settings-region",
    )


def _save() -> rx.Component:
    return rx.el.div(
        rx.el.button(
            rx.cond(SettingsState.saving, spinner(), rx.fragment()),
            rx.cond(SettingsState.saving, t("settings:saving"), t("settings:save")),
            type="button",
            on_click=SettingsState.save,
            disabled=SettingsState.saving,
            aria_busy=SettingsState.saving,
            class_name=SAVE,
        ),
        class_name="flex justify-end",
    )


def settings_section() -> rx.Component:
    return section_frame(
        "account:nav.settings",
        error_box(SettingsState.error_key, "settings-load-error"),
        rx.cond(
            SettingsState.loaded,
            rx.el.div(
                _notifications(),
                _privacy(),
                _security(),
                _region(),
                _save(),
                class_name="space-y-5",
            ),
            rx.cond(SettingsState.error_key == "", loading_text("settings:loading")),
        ),
        description_key="settings:description",
        on_mount=SettingsState.load,
    )
