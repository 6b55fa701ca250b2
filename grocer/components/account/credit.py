"""The account's "credit" section (001 §2 "Account page"): the balance in the chosen currency,
the note that credit is deducted automatically from the next order, the referral bonus link
(50, converted) and the history of credit lines (date, reason, +/- amount, expiry)."""

from __future__ import annotations

from typing import Any

import reflex as rx

from grocer.components.account.frame import section_frame
from grocer.components.account.wallet_parts import (
    SUBHEADING,
    balance_box,
    list_states,
    local_date,
    shown,
)
from grocer.components.form_parts import LINK
from grocer.components.i18n import t
from grocer.state.account import AccountState, section_route
from grocer.state.account_wallet import WalletState


def _reason(row: rx.Var[dict[str, Any]]) -> rx.Component:
    ref = row["ref"].to(str)
    return rx.match(
        row["kind"].to(str),
        ("order", t("wallet:credit.reason.order", number=ref)),
        ("refund", t("wallet:credit.reason.refund", number=ref)),
        ("giftcard", t("wallet:credit.reason.giftcard", last=ref)),
        ("referral", t("wallet:credit.reason.referral")),
        row["reason"].to(str),
    )


def _expiry(row: rx.Var[dict[str, Any]]) -> rx.Component:
    return rx.cond(
        row["expired"].to(bool),
        rx.el.span(
            t("wallet:credit.expired"),
            class_name="rounded-full bg-gray-200 px-2 py-0.5 text-xs font-semibold text-gray-700",
        ),
        rx.cond(
            row["expiresAt"].to(str) != "",
            rx.el.span(
                t("wallet:credit.expires", date=local_date(row["expiresAt"])),
                class_name="text-xs text-gray-600",
            ),
        ),
    )


def _line(row: rx.Var[dict[str, Any]]) -> rx.Component:
    spent = row["sign"].to(str) == "-"
    return rx.el.li(
        rx.el.div(
            rx.el.p(_reason(row), class_name="break-words font-medium text-gray-900"),
            rx.el.p(
                rx.el.time(local_date(row["date"]), date_time=row["date"].to(str)),
                _expiry(row),
                class_name="mt-0.5 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-gray-600",
            ),
            class_name="min-w-0 flex-1",
        ),
        rx.el.p(
            row["sign"].to(str),
            shown(row["amount"]),
            class_name=rx.cond(
                row["expired"].to(bool),
                "shrink-0 font-semibold tabular-nums text-gray-500 line-through",
                rx.cond(
                    spent,
                    "shrink-0 font-semibold tabular-nums text-gray-900",
                    "shrink-0 font-semibold tabular-nums text-green-800",
                ),
            ),
        ),
        class_name="flex items-start justify-between gap-3 py-3",
    )


def _referral_link() -> rx.Component:
    return rx.el.a(
        t("wallet:credit.referral", amount=shown(WalletState.referral_bonus)),
        href=section_route("referral"),
        on_click=[rx.prevent_default, AccountState.open_section("referral")],
        class_name=LINK,
    )


def credit_section() -> rx.Component:
    return section_frame(
        "wallet:credit.title",
        balance_box(
            "wallet:credit.balance",
            WalletState.credit_balance,
            "credit-balance",
            rx.el.p(t("wallet:credit.note"), class_name="mt-2 text-sm text-green-900"),
        ),
        _referral_link(),
        rx.el.div(
            rx.el.h3(t("wallet:credit.history"), class_name=SUBHEADING),
            list_states(
                WalletState.credit_status,
                WalletState.ledger,
                loading_key="wallet:credit.loading",
                empty_title_key="wallet:credit.emptyTitle",
                empty_text_key="wallet:credit.emptyText",
                retry=WalletState.load_credit,
                shown_list=rx.el.ul(
                    rx.foreach(WalletState.ledger, _line),
                    class_name="divide-y divide-gray-100",
                    aria_label=t("wallet:credit.history"),
                ),
            ),
            class_name="space-y-3",
        ),
        id="account-credit",
        on_mount=WalletState.load_credit,
    )
