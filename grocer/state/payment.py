"""/payment (001 §2 "Payment page", §4 payment, §5, §9) and placing the order.

Every figure comes from the server (grocer.services.checkout.quote_for: the server bag, the
codes and the tip; amounts shown in the shopper's currency like the rest of the shop). The pay
button places the order with ONE idempotency key per payment attempt: made when the page
loads, kept in the tab's state and reused on a retry or a second click, so a double click or a
lost answer never makes two orders. Cash on delivery ends on the confirmation page; mobile
money starts the provider's request, then polls the payment until it is paid (confirmation),
refused (the order is cancelled and the bag comes back) or expired.

The add-payment-method form (tabs card / mobile money / PayPal) saves through
grocer.services.payment_methods.create, which keeps no card number nor CVV.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Mapping
from decimal import Decimal, InvalidOperation
from typing import Any

import reflex as rx

from grocer.models.base import utcnow
from grocer.services import checkout, money, payment_methods, pricing
from grocer.services.errors import Conflict, NotFound, ValidationFailed
from grocer.services.payments import service as payments
from grocer.settings import get_settings
from grocer.state import route_guard, session_guard
from grocer.state.address import AddressState
from grocer.state.bag import BagState
from grocer.state.checkout import PAYMENT_ROUTE, CheckoutState, parse_instructions
from grocer.state.checkout import ROUTE as CHECKOUT_ROUTE
from grocer.state.order_confirmation import OrderConfirmationState
from grocer.state.payment_method_form import (  # noqa: F401 (card_payload: re-exported)
    TAB_CARD,
    TAB_MOBILE,
    TAB_PAYPAL,
    TABS,
    card_payload,
    method_error_key,
)
from grocer.state.slot_dialog import DELIVERY, PICKUP, SlotDialogState, parse_timeslot

logger = logging.getLogger(__name__)

ROUTE = PAYMENT_ROUTE
CONFIRMATION_ROUTE = "/order-confirmation"  # the provider returns there too
TIP_CHOICES: tuple[str, ...] = pricing.TIP_CHOICES  # 5, 10, 15, custom (001 §9)
DEFAULT_TIP = pricing.DEFAULT_TIP
CASH, MOBILE_MONEY = "cash", "mobile_money"
CHANNELS: tuple[str, ...] = ("orange", "moov")
CODE_MAX = 40
POLL_MS = 4_000
TOAST_SECONDS = 3.0  # 001 §9
AMOUNT_KEYS = (
    "subtotal",
    "deliveryFee",
    "surcharge",
    "tip",
    "discount",
    "giftCard",
    "credit",
    "total",
)

K_PLACE_FAILED = "checkout:payment.errors.placeFailed"
K_CUSTOM_TIP = "checkout:payment.errors.customTip"
K_CHANNEL = "checkout:payment.errors.channel"
K_REFUSED = "checkout:payment.errors.refused"
K_EXPIRED = "checkout:payment.errors.expired"
K_GIFT_REQUIRED = "checkout:payment.errors.giftRequired"
K_METHOD_ADDED = "checkout:payment.methodAdded"
K_METHOD_FAILED = "checkout:payment.methodFailed"
#: The order and slot services' error keys → this page's messages.
PLACE_ERRORS: dict[str, str] = {
    "orders.errors.empty": "checkout:payment.errors.empty",
    "orders.errors.idempotencyMismatch": "checkout:payment.errors.changed",
    "slots.errors.full": "checkout:slots.errors.full",
    "slots.errors.closed": "checkout:slots.errors.closed",
    "cart.issues.belowDeliveryMinimum": "checkout:payment.errors.belowMinimum",
    "orders.errors.unavailable": "checkout:payment.errors.unavailable",
    "orders.errors.slotKind": "checkout:slots.errors.unavailable",
}


# --- pure rules (tests/state/test_payment_rules.py) ---


def new_attempt_key() -> str:
    """An Idempotency-Key for one payment attempt (1..80 of [A-Za-z0-9_-])."""
    return "pay-" + secrets.token_urlsafe(24)


def custom_tip_value(text: Any) -> str | None:
    """A custom tip as the pricing service takes it (a number ≥ 0), None when invalid."""
    raw = str(text or "").strip().replace(",", ".")
    if not raw:
        return "0"
    try:
        value = Decimal(raw)
    except InvalidOperation:
        return None
    if not value.is_finite() or value < 0 or value > Decimal("1000000"):
        return None
    return str(value)


def shown_amounts(quote: Mapping[str, Any]) -> dict[str, dict[str, str]]:
    """Each figure of the quote in every display currency (the page picks the shopper's)."""
    shown: dict[str, dict[str, str]] = {}
    for key in AMOUNT_KEYS:
        try:
            shown[key] = money.format_all(Decimal(str(quote.get(key) or "0")))
        except InvalidOperation:
            shown[key] = money.format_all(Decimal(0))
    return shown


def _digits(text: Any) -> str:
    return "".join(ch for ch in str(text or "") if ch.isdigit())


def order_body(
    *,
    timeslot: Mapping[str, Any],
    address: Mapping[str, Any],
    instructions: Mapping[str, Any],
    tip_choice: str,
    custom_tip: str | None,
    promo_code: str,
    gift_card_code: str,
    method: str,
    channel: str,
    phone: str,
) -> dict[str, Any]:
    """The body of checkout.place (POST /api/v1/orders): no price in it, ever."""
    kind = str(timeslot.get("kind") or "delivery")
    body: dict[str, Any] = {
        "kind": kind,
        "holdId": timeslot.get("holdId"),
        "slotId": timeslot.get("slotId"),
        # The order service takes digits only: the country code's digits lead.
        "instructions": {**instructions, "phone": _digits(instructions.get("phone"))},
        "tip": {"choice": tip_choice, "custom": custom_tip if tip_choice == "custom" else None},
        "promoCode": promo_code or None,
        "giftCardCode": gift_card_code or None,
        "payment": {
            "method": method,
            "channel": channel if method == MOBILE_MONEY else None,
            "phone": _digits(phone) if method == MOBILE_MONEY else None,
        },
    }
    if kind != PICKUP:
        if address.get("id"):
            body["addressId"] = int(address["id"])
        else:
            body["address"] = {
                key: address.get(key)
                for key in ("streetAddress", "city", "state", "country", "latitude", "longitude")
                if address.get(key) not in (None, "")
            }
    return body


_RECEIPTS: set[asyncio.Task[None]] = set()  # running sends, kept until done


def _send_receipt_later(order_id: int) -> None:
    """E-mail the receipt in a worker thread, after this handler's answer."""
    task = asyncio.create_task(asyncio.to_thread(checkout.send_receipt, order_id))
    _RECEIPTS.add(task)
    task.add_done_callback(_RECEIPTS.discard)


def mobile_money_offered() -> bool:
    """Mobile money is offered when its provider is configured."""
    return get_settings().mobile_money_enabled


class PaymentState(rx.State):
    """The payment page: quote, choices, the add-method form and the order attempt."""

    ready: bool = False
    amounts: dict[str, dict[str, str]] = {}
    credit_used: bool = False  # the account's credit is taken off the total
    promo_recognised: bool = False
    tip_choice: str = DEFAULT_TIP
    custom_tip: str = ""
    promo_code: str = ""  # applied (shown "Code appliqué. Réduction: …")
    gift_code: str = ""  # applied
    gift_open: bool = False
    mobile_offered: bool = False
    pickup: bool = False  # the chosen slot is a pickup: no fee nor surcharge, other texts
    method: str = CASH
    channel: str = "orange"
    mm_phone: str = ""
    error_key: str = ""
    field_error_key: str = ""
    placing: bool = False
    waiting: bool = False  # mobile money: waiting for the shopper's phone
    payment_url: str = ""  # the provider's payment page, when it gives one
    # The add-payment-method form.
    add_open: bool = False
    tab: str = TAB_CARD
    add_busy: bool = False
    add_error_key: str = ""
    toast_key: str = ""
    toast_error: bool = False

    _attempt_key: str = ""
    _reference: str = ""
    _order_number: str = ""
    _toast_seq: int = 0

    @rx.var
    def tip_amounts(self) -> dict[str, dict[str, str]]:
        """The fixed tips (EUR amounts of the spec, converted) in every display currency."""
        return {choice: money.format_all(amount) for choice, amount in pricing.TIPS.items()}

    # --- helpers ---

    def _tip(self) -> tuple[str, str | None]:
        if self.tip_choice != "custom":
            return self.tip_choice, None
        return "custom", custom_tip_value(self.custom_tip) or "0"

    async def _quote(self, user_id: int) -> None:
        choice, custom = self._tip()
        try:
            quote = await session_guard.call(
                checkout.quote_for,
                promo_code=self.promo_code or None,
                gift_card_code=self.gift_code or None,
                tip_choice=choice,
                custom_tip=custom,
                kind=PICKUP if self.pickup else DELIVERY,
                as_user=user_id,
            )
        except Exception as exc:
            self.error_key = session_guard.message_key(
                exc, {}, K_PLACE_FAILED, context="payment: quote"
            )
            return
        self.amounts = shown_amounts(quote)
        self.credit_used = Decimal(str(quote.get("credit") or "0")) > 0
        self.promo_recognised = bool(quote.get("promoRecognised"))

    async def _requote(self):
        user_id = await session_guard.signed_in_user_id(self)
        if user_id is not None:
            await self._quote(user_id)

    async def _to_confirmation(self) -> Any:
        """The move to the order's confirmation, with its page's order already read."""
        user_id = await session_guard.signed_in_user_id(self)
        if user_id is not None:
            shown = await self.get_state(OrderConfirmationState)
            await shown.prepare(user_id, self._order_number)
        return rx.redirect(f"{CONFIRMATION_ROUTE}?number={self._order_number}")

    async def _clear_client_checkout(self) -> list[Any]:
        """The order is placed: the browser forgets the slot and instructions, and the bag
        shows the server's (emptied by the order)."""
        (await self.get_state(SlotDialogState)).timeslot = ""
        (await self.get_state(CheckoutState)).instructions = ""
        return [BagState.load_account_bag]

    # --- events ---

    @rx.event
    async def load(self):
        """On load of /payment: the guard (signed in, a bag, a slot and instructions), the
        quote, and a new payment attempt (its idempotency key)."""
        return await self._prepare()

    @rx.event
    async def confirm_instructions(self, form: dict):
        """ "Confirmer" on /checkout: the instructions checked and kept (CheckoutState), then
        /payment opens with its quote already made, in the same answer as the move; its start
        then finds it ready (on a slow link, one round trip less before the page shows, issue
        23). A problem keeps the shopper on /checkout with its message."""
        if not await (await self.get_state(CheckoutState))._confirm(form):
            return None
        away = await self._prepare()
        return away if away is not None else rx.redirect(ROUTE)

    async def _prepare(self) -> Any:
        """The guard, the quote and a new attempt (`ready`); None, or where the shopper goes
        instead."""
        self.ready = False
        checkout_state = await self.get_state(CheckoutState)
        user_id, away = await checkout_state._guard(ROUTE)
        if user_id is None:
            return away
        slot = parse_timeslot((await self.get_state(SlotDialogState)).timeslot)
        if not slot or not parse_instructions(checkout_state.instructions):
            return route_guard.leave(CHECKOUT_ROUTE)
        self.pickup = slot.get("kind") == PICKUP
        if not self.placing and not self.waiting:
            self._attempt_key = new_attempt_key()
            self.error_key = ""
        self.mobile_offered = mobile_money_offered()
        if not self.mobile_offered:
            self.method = CASH
        if not self.mm_phone:
            self.mm_phone = parse_instructions(checkout_state.instructions).get("phone", "")
        self.add_open = False
        await self._quote(user_id)
        self.ready = True
        return None

    @rx.event
    async def choose_tip(self, choice: str):
        if choice in TIP_CHOICES and not self.placing:
            self.tip_choice = choice
            self.field_error_key = ""
            await self._requote()

    @rx.event
    async def set_custom_tip(self, text: str):
        """Custom tip: a number, min 0 (001 §5)."""
        self.custom_tip = str(text or "")[:12]
        if custom_tip_value(self.custom_tip) is None:
            self.field_error_key = K_CUSTOM_TIP
            return
        self.field_error_key = ""
        await self._requote()

    @rx.event
    async def apply_promo(self, form: dict):
        code = str((form or {}).get("promo_code") or "").strip()[:CODE_MAX]
        self.promo_code = code
        await self._requote()

    @rx.event
    def toggle_gift(self) -> None:
        self.gift_open = not self.gift_open

    @rx.event
    async def apply_gift(self, form: dict):
        code = str((form or {}).get("gift_code") or "").strip()[:CODE_MAX]
        if not code:
            self.field_error_key = K_GIFT_REQUIRED
            return
        self.field_error_key = ""
        self.gift_code = code
        await self._requote()

    @rx.event
    def choose_method(self, method: str) -> None:
        if method == CASH or (method == MOBILE_MONEY and self.mobile_offered):
            self.method = method

    @rx.event
    def choose_channel(self, channel: str) -> None:
        if channel in CHANNELS:
            self.channel = channel

    @rx.event
    def set_mm_phone(self, text: str) -> None:
        self.mm_phone = str(text or "")[:20]

    @rx.event
    async def pay(self):
        """Place the order (one idempotency key per attempt), then pay."""
        if self.placing or self.waiting:
            return
        user_id = await session_guard.signed_in_user_id(self)
        if user_id is None:
            self.error_key = "checkout:payment.errors.signedOut"
            return
        if self.method == MOBILE_MONEY and (self.channel not in CHANNELS or not self.mm_phone):
            self.error_key = K_CHANNEL
            return
        slot = parse_timeslot((await self.get_state(SlotDialogState)).timeslot)
        instructions = parse_instructions((await self.get_state(CheckoutState)).instructions)
        address = (await self.get_state(AddressState)).address
        choice, custom = self._tip()
        body = order_body(
            timeslot=slot,
            address=address,
            instructions=instructions,
            tip_choice=choice,
            custom_tip=custom,
            promo_code=self.promo_code,
            gift_card_code=self.gift_code,
            method=self.method,
            channel=self.channel,
            phone=self.mm_phone.replace(" ", ""),
        )
        if not self._attempt_key:
            self._attempt_key = new_attempt_key()
        self.placing = True
        self.error_key = ""
        yield
        try:
            result = await session_guard.call(
                checkout.place, body, self._attempt_key, utcnow(), as_user=user_id
            )
        except (Conflict, NotFound, ValidationFailed) as exc:
            self.placing = False
            self.error_key = PLACE_ERRORS.get(getattr(exc, "key", ""), K_PLACE_FAILED)
            if getattr(exc, "key", "") in ("slots.errors.full", "slots.errors.closed"):
                (await self.get_state(SlotDialogState)).timeslot = ""
            return
        except Exception as exc:
            # The answer is lost or the server failed: the same key is kept, so a retry
            # returns the order if it was made.
            self.placing = False
            self.error_key = session_guard.message_key(
                exc, {}, K_PLACE_FAILED, context="payment: place"
            )
            return
        order = result.order
        self._order_number = str(order["number"])
        if result.created:
            # The receipt goes after the commit, off this handler (a slow mail server must
            # not hold the shopper); the service logs, never raises, a failed delivery.
            _send_receipt_later(int(order["id"]))
        if self.method != MOBILE_MONEY or not result.payment_reference:
            self.placing = False
            for event in await self._clear_client_checkout():
                yield event
            yield await self._to_confirmation()
            return
        self._reference = result.payment_reference
        try:
            answer = await asyncio.to_thread(payments.start, self._reference)
        except Exception:
            logger.warning("payment: the mobile money request failed to start", exc_info=True)
            answer = {"status": "pending"}
        self.placing = False
        async for event in self._after_payment(answer):
            yield event

    async def _after_payment(self, answer: Mapping[str, Any]):
        status = str(answer.get("status") or "pending")
        if status == "paid":
            self.waiting = False
            for event in await self._clear_client_checkout():
                yield event
            yield await self._to_confirmation()
        elif status in ("failed", "cancelled"):
            self.waiting = False
            self.error_key = K_REFUSED
            self._attempt_key = new_attempt_key()  # a new attempt is a new order
            yield BagState.load_account_bag
        elif status in ("expired", "review"):
            self.waiting = False
            self.error_key = K_EXPIRED
            self._attempt_key = new_attempt_key()
            yield BagState.load_account_bag
        else:
            self.waiting = True
            self.error_key = ""
            url = str(answer.get("paymentUrl") or "")
            self.payment_url = url if url.startswith(("https://", "http://")) else ""

    @rx.event
    async def poll(self):
        """While waiting: ask the payment's status (the service asks the provider)."""
        if not self.waiting or not self._reference:
            return
        try:
            answer = await asyncio.to_thread(payments.refresh, self._reference)
        except Exception:
            logger.warning("payment: status check failed", exc_info=True)
            return
        async for event in self._after_payment(answer):
            yield event

    # --- the add-payment-method form ---

    @rx.event
    def open_add(self) -> None:
        """ "Ajouter un moyen de paiement" shows the form."""
        self.add_open = True
        self.add_error_key = ""

    @rx.event
    def close_add(self) -> None:
        self.add_open = False

    @rx.event
    def choose_tab(self, tab: str) -> None:
        if tab in TABS:
            self.tab = tab
            self.add_error_key = ""

    @rx.event
    async def add_method(self, form: dict):
        user_id = await session_guard.signed_in_user_id(self)
        if user_id is None or not isinstance(form, dict):
            return
        self.add_busy = True
        yield
        try:
            await session_guard.call(
                payment_methods.create, card_payload(self.tab, form), as_user=user_id
            )
        except Exception as exc:
            self.add_busy = False
            self.add_error_key = method_error_key(
                exc,
                session_guard.message_key(exc, {}, K_METHOD_FAILED, context="payment: add method"),
            )
            async for event in self._toast(K_METHOD_FAILED, error=True):
                yield event
            return
        self.add_busy = False
        self.add_open = False
        async for event in self._toast(K_METHOD_ADDED):
            yield event

    async def _toast(self, key: str, *, error: bool = False):
        self.toast_key, self.toast_error = key, error
        self._toast_seq += 1
        yield PaymentState.hide_toast(self._toast_seq)

    @rx.event(background=True)
    async def hide_toast(self, seq: int):
        await asyncio.sleep(TOAST_SECONDS)
        async with self:
            if seq == self._toast_seq:
                self.toast_key = ""
