"""The account's "giftcards" section (001 §2 "Account page"): the balance, the buy button and
its form (paid by mobile money, or disabled with the reason when the shop has none), the
terms, the redeem form (one code field, busy while it checks) and the lists of cards received
and purchased."""

from __future__ import annotations

from typing import Any

import reflex as rx

from grocer.components.account.frame import CARD, section_frame
from grocer.components.account.wallet_parts import (
    SUBHEADING,
    balance_box,
    list_states,
    local_date,
    shown,
)
from grocer.components.auth_dialog import INPUT, LABEL
from grocer.components.choice import radio_card
from grocer.components.form_parts import (
    SECONDARY,
    error_box,
    field_input,
    submit_button,
    verbatim_attrs,
)
from grocer.components.i18n import t
from grocer.components.payment_wait import payment_waiting
from grocer.services.giftcard_purchase import EMAIL_MAX, MESSAGE_MAX, SENDER_MAX
from grocer.services.giftcards import CODE_MAX
from grocer.state.account_wallet import POLL_MS, WalletState

_SUMMARY = (
    "cursor-pointer list-none [&::-webkit-details-marker]:hidden "
    "inline-flex items-center gap-2 font-semibold"
)
_BADGE = "rounded-full px-2 py-0.5 text-xs font-semibold"


# --- redeem -------------------------------------------------------------------------------------


def _redeem_form() -> rx.Component:
    return rx.el.form(
        rx.el.label(t("wallet:redeem.label"), html_for="giftcard-code", class_name=LABEL),
        rx.el.div(
            field_input(
                "giftcard-code",
                name="code",
                class_name=INPUT + " font-mono uppercase",
                placeholder="XXXX-XXXX-XXXX-XXXX",
                invalid=WalletState.redeem_error != "",
                error_id="giftcard-redeem-error",
                attrs={**verbatim_attrs(CODE_MAX * 2), "autoCapitalize": "characters"},
                on_change=WalletState.clear_redeem_error.debounce(400),
            ),
            rx.el.div(
                submit_button(
                    t("wallet:redeem.submit"),
                    t("wallet:redeem.busy"),
                    WalletState.redeem_busy,
                ),
                class_name="sm:w-56 sm:shrink-0",
            ),
            class_name="flex flex-col gap-3 sm:flex-row",
        ),
        error_box(WalletState.redeem_error, "giftcard-redeem-error"),
        id="giftcard-redeem-form",
        on_submit=WalletState.redeem,
        class_name="space-y-3",
        aria_label=t("wallet:redeem.title"),
    )


# --- buy ----------------------------------------------------------------------------------------


def _amount_choice(amount: rx.Var[dict[str, Any]], index: rx.Var[int]) -> rx.Component:
    return radio_card(
        "amount",
        amount["value"].to(str),
        shown(amount["label"]),
        required=True,
        default_checked=index == 1,
    )


def _text_field(field_id: str, label_key: str, limit: int, **props: Any) -> rx.Component:
    return rx.el.div(
        rx.el.label(t(label_key), html_for=field_id, class_name=LABEL),
        field_input(
            field_id,
            name=field_id.removeprefix("giftcard-").replace("-", "_"),
            class_name=INPUT,
            attrs={"maxLength": str(limit)},
            **props,
        ),
    )


def _buy_fields() -> rx.Component:
    return rx.el.fieldset(
        rx.el.fieldset(
            rx.el.legend(t("wallet:buy.amount"), class_name=LABEL),
            rx.el.div(
                rx.foreach(WalletState.amounts, _amount_choice),
                class_name="grid min-w-0 grid-cols-2 gap-2 sm:grid-cols-4",
            ),
        ),
        _text_field(
            "giftcard-recipient-email",
            "wallet:buy.recipient",
            EMAIL_MAX,
            type="email",
            autocomplete="email",
            required=True,
        ),
        _text_field("giftcard-sender-name", "wallet:buy.sender", SENDER_MAX, autocomplete="name"),
        rx.el.div(
            rx.el.label(t("wallet:buy.message"), html_for="giftcard-message", class_name=LABEL),
            rx.el.textarea(
                id="giftcard-message",
                name="message",
                rows=3,
                max_length=MESSAGE_MAX,
                class_name=INPUT.replace("h-12", "min-h-24 py-3"),
            ),
        ),
        rx.el.fieldset(
            rx.el.legend(t("wallet:buy.channel"), class_name=LABEL),
            rx.el.div(
                radio_card(
                    "channel", "orange", "Orange Money", required=True, default_checked=True
                ),
                radio_card("channel", "moov", "Moov Money"),
                class_name="grid grid-cols-2 gap-2",
            ),
        ),
        _text_field(
            "giftcard-phone",
            "wallet:buy.phone",
            20,
            type="tel",
            autocomplete="tel-national",
            input_mode="numeric",
            placeholder="70 12 34 56",
            required=True,
        ),
        error_box(WalletState.buy_error, "giftcard-buy-error"),
        submit_button(t("wallet:buy.submit"), t("wallet:buy.busy"), WalletState.buy_busy),
        disabled=~WalletState.can_buy | WalletState.waiting,
        class_name="min-w-0 space-y-4 disabled:opacity-60 [&_fieldset]:min-w-0",
    )


def _waiting() -> rx.Component:
    return payment_waiting(
        WalletState.waiting,
        WalletState.payment_url,
        WalletState.poll,
        ms=POLL_MS,
        title_key="wallet:buy.waiting",
        text_key="wallet:buy.waitingText",
        link_key="wallet:buy.openPaymentPage",
    )


def _buy() -> rx.Component:
    return rx.el.details(
        rx.el.summary(t("wallet:buy.open"), class_name=f"{_SUMMARY} {SECONDARY}"),
        rx.el.div(
            rx.el.p(t("wallet:buy.intro"), class_name="text-sm text-gray-600"),
            rx.cond(
                WalletState.can_buy,
                rx.fragment(),
                rx.el.p(
                    t("wallet:buy.unavailable"),
                    id="giftcard-buy-unavailable",
                    role="note",
                    class_name="rounded-xl bg-amber-50 px-3 py-2.5 text-sm font-medium text-amber-900",
                ),
            ),
            _waiting(),
            rx.el.form(
                _buy_fields(),
                id="giftcard-buy-form",
                on_submit=WalletState.buy,
                aria_label=t("wallet:buy.title"),
            ),
            class_name=f"mt-4 space-y-4 {CARD}",
        ),
        id="giftcard-buy",
    )


def _terms() -> rx.Component:
    return rx.el.details(
        rx.el.summary(
            t("wallet:terms.open"), class_name=f"{_SUMMARY} text-sm text-green-800 underline"
        ),
        rx.el.ul(
            *(
                rx.el.li(t(f"wallet:terms.{item}"))
                for item in ("credit", "once", "validity", "personal", "refund")
            ),
            class_name="mt-2 list-disc space-y-1 pl-5 text-sm text-gray-700",
        ),
    )


# --- the lists ----------------------------------------------------------------------------------


def _status(card: rx.Var[dict[str, Any]]) -> rx.Component:
    return rx.cond(
        card["redeemed"].to(bool),
        rx.el.span(
            t("wallet:cards.status.redeemed"), class_name=f"{_BADGE} bg-gray-100 text-gray-700"
        ),
        rx.match(
            card["status"].to(str),
            (
                "pending",
                rx.el.span(
                    t("wallet:cards.status.pending"),
                    class_name=f"{_BADGE} bg-amber-100 text-amber-900",
                ),
            ),
            (
                "void",
                rx.el.span(
                    t("wallet:cards.status.void"), class_name=f"{_BADGE} bg-red-50 text-red-800"
                ),
            ),
            rx.el.span(
                t("wallet:cards.status.active"), class_name=f"{_BADGE} bg-green-100 text-green-900"
            ),
        ),
    )


def _received(card: rx.Var[dict[str, Any]]) -> rx.Component:
    return rx.el.li(
        rx.el.div(
            rx.el.p(card["code"].to(str), class_name="font-mono font-semibold text-gray-900"),
            rx.el.p(
                t("wallet:cards.redeemedOn", date=local_date(card["date"])),
                class_name="text-sm text-gray-600",
            ),
            class_name="min-w-0",
        ),
        rx.el.p(shown(card["value"]), class_name="shrink-0 font-semibold tabular-nums"),
        class_name="flex items-start justify-between gap-3 py-3",
    )


def _purchased(card: rx.Var[dict[str, Any]]) -> rx.Component:
    return rx.el.li(
        rx.el.div(
            rx.el.p(
                t("wallet:cards.for", email=card["recipient"].to(str)),
                class_name="break-all font-medium text-gray-900",
            ),
            rx.el.p(
                local_date(card["date"]),
                rx.cond(
                    card["code"].to(str) != "",
                    rx.el.span(card["code"].to(str), class_name="font-mono"),
                ),
                class_name="flex flex-wrap gap-x-3 text-sm text-gray-600",
            ),
            _status(card),
            class_name="min-w-0 space-y-1",
        ),
        rx.el.p(shown(card["value"]), class_name="shrink-0 font-semibold tabular-nums"),
        class_name="flex items-start justify-between gap-3 py-3",
    )


def _card_list(
    title_key: str, rows: Any, row: Any, empty_title_key: str, list_id: str
) -> rx.Component:
    return rx.el.div(
        rx.el.h3(t(title_key), id=f"{list_id}-title", class_name=SUBHEADING),
        list_states(
            WalletState.cards_status,
            rows,
            loading_key="wallet:cards.loading",
            empty_title_key=empty_title_key,
            empty_text_key=None,
            retry=WalletState.load_cards,
            shown_list=rx.el.ul(
                rx.foreach(rows, row),
                id=list_id,
                aria_labelledby=f"{list_id}-title",
                class_name="divide-y divide-gray-100",
            ),
        ),
        class_name="space-y-3",
    )


def giftcards_section() -> rx.Component:
    return section_frame(
        "wallet:cards.title",
        balance_box(
            "wallet:cards.balance",
            WalletState.cards_balance,
            "giftcards-balance",
            rx.el.p(t("wallet:cards.note"), class_name="mt-2 text-sm text-green-900"),
        ),
        rx.el.div(
            rx.el.h3(t("wallet:redeem.title"), class_name=SUBHEADING),
            _redeem_form(),
            class_name="space-y-3",
        ),
        _buy(),
        _terms(),
        _card_list(
            "wallet:cards.received",
            WalletState.received,
            _received,
            "wallet:cards.noneReceived",
            "giftcards-received",
        ),
        _card_list(
            "wallet:cards.purchased",
            WalletState.purchased,
            _purchased,
            "wallet:cards.nonePurchased",
            "giftcards-purchased",
        ),
        id="account-giftcards",
        on_mount=WalletState.load_cards,
    )
