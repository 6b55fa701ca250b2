"""/account: the account area (001 §2 "Account page"), one section at a time."""

from __future__ import annotations

import reflex as rx

from grocer.components.account.addresses import addresses_section
from grocer.components.account.credit import credit_section
from grocer.components.account.favorites import favorites_section
from grocer.components.account.giftcards import giftcards_section
from grocer.components.account.nav import account_nav, phone_logout
from grocer.components.account.orders import orders_section
from grocer.components.account.payment_methods import payment_methods_section
from grocer.components.account.profile import profile_section
from grocer.components.account.referral import referral_section
from grocer.components.account.settings import settings_section
from grocer.components.i18n import t
from grocer.components.layout import page_layout
from grocer.state.account import ROUTE, AccountState

__all__ = ["ROUTE", "account"]


def _section() -> rx.Component:
    return rx.match(
        AccountState.section,
        ("addresses", addresses_section()),
        ("payment", payment_methods_section()),
        ("orders", orders_section()),
        ("favorites", favorites_section()),
        ("credit", credit_section()),
        ("giftcards", giftcards_section()),
        ("referral", referral_section()),
        ("settings", settings_section()),
        profile_section(),
    )


def _waiting() -> rx.Component:
    return rx.el.div(
        rx.el.div(class_name="h-7 w-48 animate-pulse rounded bg-gray-200"),
        rx.el.div(class_name="mt-5 h-40 animate-pulse rounded-xl bg-gray-100"),
        aria_busy="true",
        class_name="rounded-2xl border border-gray-200 bg-white p-6",
    )


def account() -> rx.Component:
    return page_layout(
        rx.el.div(
            rx.el.h1(t("account:title"), class_name="text-2xl font-bold text-gray-900"),
            rx.el.div(
                account_nav(),
                rx.el.div(
                    rx.cond(AccountState.ready, _section(), _waiting()),
                    phone_logout(),
                    class_name="min-w-0 flex-1 space-y-4",
                ),
                class_name="mt-4 flex flex-col gap-4 md:flex-row md:gap-8",
            ),
            class_name="py-6 md:py-10",
        )
    )
