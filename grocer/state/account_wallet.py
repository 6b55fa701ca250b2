"""The account's "credit" and "giftcards" sections (001 §2): what they show and their three
actions, redeem a code, buy a card (paid by mobile money) and wait for that payment.

Thin: the services decide (grocer.services.credit, giftcards, giftcard_purchase, payments);
this state keeps what the page shows, with amounts already written in every currency
(grocer.views.wallet). The purchase's Idempotency-Key and payment reference stay server-side.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import reflex as rx

from grocer.models.base import utcnow
from grocer.services import credit, giftcard_purchase, giftcards
from grocer.services.errors import RateLimited, ServiceError
from grocer.services.payments import service as payments
from grocer.state import session_guard
from grocer.state.payment import POLL_MS, new_attempt_key
from grocer.state.toast import show_toast
from grocer.views import wallet

__all__ = ["POLL_MS", "WalletState"]

logger = logging.getLogger(__name__)

LOADING, READY, FAILED = "loading", "ready", "error"
#: The buy form's text inputs, emptied once a card is bought (no eval: the CSP forbids it).
BUY_TEXT_FIELDS = (
    "giftcard-recipient-email",
    "giftcard-sender-name",
    "giftcard-message",
    "giftcard-phone",
)
K_LOAD_FAILED = "wallet:errors.load"
K_REDEEM_FAILED = "wallet:errors.redeemFailed"
K_BUY_FAILED = "wallet:errors.buyFailed"
#: The services' message keys, as this page words them (anything else: the generic failure).
ERRORS: dict[str, str] = {
    "giftcards.errors.codeRequired": "wallet:errors.codeRequired",
    "giftcards.errors.unknown": "wallet:errors.unknown",
    "giftcards.errors.used": "wallet:errors.used",
    "giftcards.errors.amount": "wallet:errors.amount",
    "giftcards.errors.recipientRequired": "wallet:errors.recipientRequired",
    "giftcards.errors.recipientInvalid": "wallet:errors.recipientInvalid",
    "giftcards.errors.mobileMoneyOnly": "wallet:buy.unavailable",
    "payments.errors.channel": "wallet:errors.channel",
    "validation.phoneRequired": "wallet:errors.phone",
    "validation.phoneDigits": "wallet:errors.phone",
    "validation.phoneTooShort": "wallet:errors.phone",
    "validation.phoneTooLong": "wallet:errors.phone",
    "errors.tooLong": "wallet:errors.tooLong",
}


def error_key(exc: BaseException, default: str, context: str) -> str:
    """The message key of a failed call (a typed service error's, else `default`)."""
    if isinstance(exc, RateLimited):
        return "wallet:errors.tooMany"
    if isinstance(exc, ServiceError) and exc.key in ERRORS:
        return ERRORS[exc.key]
    return session_guard.message_key(exc, {}, default, context=context)


class WalletState(rx.State):
    # Credit
    credit_status: str = LOADING
    credit_balance: dict[str, str] = {}
    ledger: list[dict[str, Any]] = []
    # Gift cards
    cards_status: str = LOADING
    cards_balance: dict[str, str] = {}
    received: list[dict[str, Any]] = []
    purchased: list[dict[str, Any]] = []
    redeem_busy: bool = False
    redeem_error: str = ""
    # Buying a card
    can_buy: bool = False  # mobile money is configured
    buy_busy: bool = False
    buy_error: str = ""
    waiting: bool = False  # the payment waits for the buyer's phone
    payment_url: str = ""
    _attempt_key: str = ""
    _reference: str = ""

    @rx.var
    def amounts(self) -> list[dict[str, Any]]:
        return wallet.amounts_on_sale()

    @rx.var
    def referral_bonus(self) -> dict[str, str]:
        return dict(wallet.REFERRAL_BONUS)

    # --- loading ---

    @rx.event
    async def load_credit(self):
        """The credit section is shown: its balance and history."""
        user_id = await session_guard.signed_in_user_id(self)
        if user_id is None:
            return
        self.credit_status = LOADING
        yield
        try:
            answer = await session_guard.call(credit.get_credit, user_id, utcnow(), as_user=user_id)
        except Exception as exc:
            session_guard.message_key(exc, {}, K_LOAD_FAILED, context="wallet: credit")
            self.credit_status = FAILED
            return
        view = wallet.credit_view(answer)
        self.credit_balance, self.ledger = view["balance"], view["ledger"]
        self.credit_status = READY

    async def _load_cards(self, user_id: int) -> bool:
        try:
            answer = await session_guard.call(
                giftcards.list_for_user, user_id, utcnow(), as_user=user_id
            )
        except Exception as exc:
            session_guard.message_key(exc, {}, K_LOAD_FAILED, context="wallet: gift cards")
            self.cards_status = FAILED
            return False
        self._show_cards(answer)
        return True

    def _show_cards(self, answer: Any) -> None:
        view = wallet.cards_view(answer)
        self.cards_balance = view["balance"]
        self.received, self.purchased = view["received"], view["purchased"]
        self.cards_status = READY

    @rx.event
    async def load_cards(self):
        """The gift-card section is shown: balance, both lists, and whether cards can be
        bought here (only by mobile money)."""
        user_id = await session_guard.signed_in_user_id(self)
        if user_id is None:
            return
        self.can_buy = giftcard_purchase.available()
        self.cards_status = LOADING
        yield
        await self._load_cards(user_id)

    # --- redeeming ---

    @rx.event
    async def redeem(self, form: dict):  # the empty code's message is the service's
        """The redeem form: one code, added to the account's credit once."""
        code = str((form or {}).get("code") or "")[: giftcards.CODE_MAX * 2]
        user_id = await session_guard.signed_in_user_id(self)
        if user_id is None:
            yield await show_toast(self, "account:toasts.notSignedIn", error=True)
            return
        self.redeem_busy, self.redeem_error = True, ""
        yield
        try:
            answer = await session_guard.call(
                giftcards.redeem, user_id, code, utcnow(), as_user=user_id
            )
        except Exception as exc:
            self.redeem_busy = False
            self.redeem_error = error_key(exc, K_REDEEM_FAILED, "wallet: redeem")
            yield await show_toast(self, self.redeem_error, error=True)
            return
        self.redeem_busy = False
        self._show_cards(answer)
        yield rx.set_value("giftcard-code", "")
        yield await show_toast(self, "wallet:redeem.done")

    @rx.event
    def clear_redeem_error(self) -> None:
        self.redeem_error = ""

    # --- buying ---

    @rx.event
    async def buy(self, form: dict):
        """The buy form: a pending card and its order, then the mobile money payment."""
        if not isinstance(form, dict) or self.buy_busy or self.waiting:
            return
        user_id = await session_guard.signed_in_user_id(self)
        if user_id is None:
            yield await show_toast(self, "account:toasts.notSignedIn", error=True)
            return
        body = {
            "amount": form.get("amount"),
            "recipientEmail": form.get("recipient_email"),
            "senderName": form.get("sender_name"),
            "message": form.get("message"),
            "payment": {
                "method": "mobile_money",
                "channel": form.get("channel"),
                "phone": str(form.get("phone") or "").replace(" ", ""),
            },
        }
        if not self._attempt_key:
            self._attempt_key = new_attempt_key()
        self.buy_busy, self.buy_error = True, ""
        yield
        try:
            result = await session_guard.call(
                giftcard_purchase.purchase, body, self._attempt_key, utcnow(), as_user=user_id
            )
        except Exception as exc:
            self.buy_busy = False
            self.buy_error = error_key(exc, K_BUY_FAILED, "wallet: buy")
            return
        self._reference = result.payment_reference or ""
        try:
            answer: Any = await asyncio.to_thread(payments.start, self._reference)
        except Exception:
            logger.warning("wallet: the mobile money request failed to start", exc_info=True)
            answer = {"status": "pending"}
        self.buy_busy = False
        async for event in self._after_payment(user_id, answer):
            yield event

    async def _after_payment(self, user_id: int, answer: Any):
        status = str(answer.get("status") or "pending")
        if status == "pending":
            self.waiting = True
            url = str(answer.get("paymentUrl") or "")
            self.payment_url = url if url.startswith(("https://", "http://")) else ""
            await self._load_cards(user_id)
            return
        self.waiting, self.payment_url = False, ""
        self._attempt_key, self._reference = "", ""  # the next purchase is a new one
        await self._load_cards(user_id)
        if status == "paid":
            yield [rx.set_value(field, "") for field in BUY_TEXT_FIELDS]
            yield await show_toast(self, "wallet:buy.done")
        else:
            self.buy_error = "wallet:buy.refused"
            yield await show_toast(self, "wallet:buy.refused", error=True)

    @rx.event
    async def poll(self):
        """While the payment waits: ask how it stands (the service asks the provider)."""
        if not self.waiting or not self._reference:
            return
        user_id = await session_guard.signed_in_user_id(self)
        if user_id is None:
            return
        try:
            answer = await asyncio.to_thread(payments.refresh, self._reference)
        except Exception:
            logger.warning("wallet: payment status check failed", exc_info=True)
            return
        async for event in self._after_payment(user_id, answer):
            yield event
