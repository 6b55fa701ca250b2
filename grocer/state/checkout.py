"""/checkout: the delivery-instructions step (001 §2 "Delivery instructions step").

The guard: a signed-out visitor goes to / with the sign-in dialog open and comes back here
after signing in (or up); an empty bag goes back to the shop. The form (recipient, phone,
delivery preference, other instructions) is prefilled from the stored `deliveryInstructions`,
else from the profile; "Confirmer" keeps it under that key (the spec's fields) and goes on to
/payment (PaymentState.confirm_instructions, which prepares that page in the same answer). A
guest's slot choice is held on the server here, once the shopper is signed in. The bag's way
in (`go`) prepares the form the same way, so that each page shows without waiting for its
start's round trip (issue 23).
"""

from __future__ import annotations

import json
import logging
from collections.abc import Mapping
from typing import Any

import reflex as rx

from grocer.services import accounts, phones
from grocer.services import checkout as checkout_service
from grocer.services.errors import ValidationFailed
from grocer.state import route_guard, session_events, session_guard
from grocer.state.bag import OVERLAY_OPENED, BagState
from grocer.state.slot_dialog import SlotDialogState, hold_stored, parse_timeslot

logger = logging.getLogger(__name__)

ROUTE = "/checkout"
PAYMENT_ROUTE = "/payment"
STORAGE_KEY = "deliveryInstructions"
# The order service's limits: the form checks what the order will check, no more, no less.
PREFERENCES: tuple[str, ...] = checkout_service.DELIVERY_PREFERENCES
DEFAULT_PREFERENCE = PREFERENCES[0]
NAME_MAX = checkout_service.NAME_MAX
NOTES_MAX = checkout_service.NOTES_MAX
STORED_MAX = 2_000

K_FIRST = "checkout:instructions.errors.firstName"
K_LAST = "checkout:instructions.errors.lastName"
K_NAME_LONG = "checkout:instructions.errors.nameTooLong"
K_NOTES_LONG = "checkout:instructions.errors.notesTooLong"
K_PREFERENCE = "checkout:instructions.errors.preference"
#: The phone rule's keys (grocer.services.phones) → the sign-up dialog's messages.
PHONE_KEYS: dict[str, str] = {
    "validation.phoneRequired": "auth:signup.errors.phoneRequired",
    "validation.phoneTooShort": "auth:signup.errors.phoneTooShort",
    "validation.phoneDigits": "auth:signup.errors.phoneDigits",
    "validation.phoneTooLong": "auth:signup.errors.phoneTooLong",
    "validation.phoneCountry": "checkout:instructions.errors.phoneCountry",
}


# --- pure rules (tests/state/test_checkout_rules.py) ---


def split_phone(text: str) -> tuple[str, str]:
    """ "+22670123456" → ("+226", "70123456"); the longest known country code wins."""
    value = str(text or "").replace(" ", "")
    for code in sorted(phones.COUNTRY_CODES, key=len, reverse=True):
        if value.startswith(code):
            return code, value[len(code) :]
    return phones.DEFAULT_COUNTRY_CODE, value.lstrip("+")


def check_instructions(data: Mapping[str, Any]) -> tuple[dict[str, str], dict[str, str]]:
    """The form as the spec's deliveryInstructions, and the message key of each bad field.

    Names are required (at most 60 characters); the phone follows the sign-up rule (country
    code of the list, at least 8 digits); the preference is one of PREFERENCES; the other
    instructions are optional (at most 500 characters)."""
    errors: dict[str, str] = {}

    def text(name: str) -> str:
        value = data.get(name)
        return value.strip() if isinstance(value, str) else ""

    first, last, notes = (
        text("recipientFirstName"),
        text("recipientLastName"),
        text("deliveryNotes"),
    )
    for field, value, key in (
        ("recipientFirstName", first, K_FIRST),
        ("recipientLastName", last, K_LAST),
    ):
        if not value:
            errors[field] = key
        elif len(value) > NAME_MAX:
            errors[field] = K_NAME_LONG
    phone = ""
    try:
        code, digits = phones.validate_phone(text("countryCode"), text("phone"))
        phone = f"{code}{digits}"
    except ValidationFailed as exc:
        errors["phone"] = PHONE_KEYS.get(exc.key, "auth:signup.errors.phoneRequired")
    preference = text("deliveryPreference") or DEFAULT_PREFERENCE
    if preference not in PREFERENCES:
        errors["deliveryPreference"] = K_PREFERENCE
    if len(notes) > NOTES_MAX:
        errors["deliveryNotes"] = K_NOTES_LONG
    clean = {
        "recipientFirstName": first,
        "recipientLastName": last,
        "phone": phone,
        "deliveryPreference": preference,
        "deliveryNotes": notes,
    }
    return clean, errors


def parse_instructions(text: Any) -> dict[str, str]:
    """The stored deliveryInstructions when complete and valid, else {}."""
    if not isinstance(text, str) or not text or len(text) > STORED_MAX:
        return {}
    try:
        data = json.loads(text)
    except ValueError:
        return {}
    if not isinstance(data, dict):
        return {}
    code, number = split_phone(str(data.get("phone") or ""))
    clean, errors = check_instructions({**data, "countryCode": code, "phone": number})
    return {} if errors else clean


class CheckoutState(rx.State):
    """The delivery-instructions form and the guard of /checkout and /payment."""

    instructions: str = rx.LocalStorage("", name=STORAGE_KEY, sync=True)

    ready: bool = False  # the guard let the shopper in (the form shows)
    first_name: str = ""
    last_name: str = ""
    country_code: str = phones.DEFAULT_COUNTRY_CODE
    phone: str = ""
    preference: str = DEFAULT_PREFERENCE
    notes: str = ""
    errors: dict[str, str] = {}
    slot_error_key: str = ""

    @rx.var
    def stored(self) -> dict[str, str]:
        return parse_instructions(self.instructions)

    # --- the guard, shared with /payment ---

    async def _guard(self, route: str) -> tuple[int | None, Any]:
        """The signed-in user id, or None and what to do instead (the visitor leaves)."""
        self.ready = False
        user_id, away = await route_guard.require_sign_in(self, route)
        if user_id is None:
            return None, away
        bag = await self.get_state(BagState)
        if bag.count == 0:
            return None, route_guard.leave("/")
        return user_id, None

    async def _hold_guest_choice(self, user_id: int) -> None:
        """A choice made before signing in is held now; one that cannot be is dropped with
        its reason shown."""
        dialog = await self.get_state(SlotDialogState)
        stored = parse_timeslot(dialog.timeslot)
        self.slot_error_key = ""
        if stored and "holdId" not in stored:
            self.slot_error_key = await hold_stored(self, user_id)

    # --- events ---

    @rx.event
    async def load(self):
        """On load of /checkout: the guard, then the form prefilled."""
        return await self._prepare()

    @rx.event
    async def go(self):
        """ "Continuer vers la commande" and "Passer la commande" (the bag): the overlay closes
        and /checkout opens with its form already prefilled, in the same answer as the move;
        its start then finds it ready (on a slow link, one round trip less before the form
        shows, issue 23). A visitor the guard refuses goes where /checkout's start sends him."""
        away = await self._leave_the_bag()
        return away if away is not None else rx.redirect(ROUTE)

    @rx.event
    async def moved(self):
        """The same for a signed-in shopper's tap, which moved the browser to /checkout at
        once (grocer.components.overlay_checkout.to_checkout_button): the overlay closes and
        the form comes in this answer, while the page is drawn; no move of its own. A visitor
        the guard refuses still goes where /checkout's start sends him."""
        return await self._leave_the_bag()

    async def _leave_the_bag(self) -> Any:
        """The bag's panel and overlay closed, then the form prepared (`_prepare`)."""
        (await self.get_state(BagState))._close_overlays()
        return await self._prepare()

    async def _prepare(self) -> Any:
        """The guard, then the form prefilled (`ready`); None, or where the visitor goes
        instead."""
        user_id, away = await self._guard(ROUTE)
        if user_id is None:
            return away
        await self._hold_guest_choice(user_id)
        await self._prefill(user_id)
        self.errors = {}
        self.ready = True
        return None

    async def prefill_ahead(self) -> None:
        """The form prefilled as the cart overlay opens (BagState.open_overlay), for a
        signed-in shopper with a bag: /checkout then shows it filled as it opens, instead of a
        round trip later (issue 23, "Fetch ahead"). Nothing is held or refused here: the move
        to /checkout and its start still run the guard (`_prepare`)."""
        user_id = await session_guard.signed_in_user_id(self)
        if user_id is None or (await self.get_state(BagState)).count == 0:
            return
        await self._prefill(user_id)
        self.errors = {}
        self.ready = True

    async def _prefill(self, user_id: int) -> None:
        """The form from the instructions this browser keeps, else from the profile (once)."""
        stored = parse_instructions(self.instructions)
        if stored:
            code, number = split_phone(stored["phone"])
            self._fill(stored, code, number)
        elif not (self.first_name or self.phone):
            try:
                details = await session_guard.call(accounts.user_details, as_user=user_id)
            except Exception:
                logger.warning("checkout: could not read the profile", exc_info=True)
                details = {}
            phone_rows = details.get("phones") or []
            first = phone_rows[0] if phone_rows else {}
            self._fill(
                {
                    "recipientFirstName": details.get("firstName") or "",
                    "recipientLastName": details.get("lastName") or "",
                    "deliveryPreference": DEFAULT_PREFERENCE,
                    "deliveryNotes": "",
                },
                str(first.get("countryCode") or phones.DEFAULT_COUNTRY_CODE),
                str(first.get("number") or ""),
            )

    def _fill(self, data: Mapping[str, str], code: str, number: str) -> None:
        self.first_name = str(data.get("recipientFirstName") or "")[:NAME_MAX]
        self.last_name = str(data.get("recipientLastName") or "")[:NAME_MAX]
        self.country_code = code if code in phones.COUNTRY_CODES else phones.DEFAULT_COUNTRY_CODE
        self.phone = number[:20]
        preference = str(data.get("deliveryPreference") or DEFAULT_PREFERENCE)
        self.preference = preference if preference in PREFERENCES else DEFAULT_PREFERENCE
        self.notes = str(data.get("deliveryNotes") or "")[:NOTES_MAX]

    async def _confirm(self, form: dict) -> bool:
        """ "Confirmer" (PaymentState.confirm_instructions): the form checked, the slot chosen,
        deliveryInstructions kept. False, with the problems shown, when the shopper stays."""
        if not isinstance(form, dict):
            return False
        data = {
            "recipientFirstName": form.get("recipient_first_name"),
            "recipientLastName": form.get("recipient_last_name"),
            "countryCode": form.get("country_code"),
            "phone": form.get("phone"),
            "deliveryPreference": form.get("delivery_preference"),
            "deliveryNotes": form.get("delivery_notes"),
        }
        clean, errors = check_instructions(data)
        code = data["countryCode"] if data["countryCode"] in phones.COUNTRY_CODES else "+226"
        self._fill(clean, str(code), str(data.get("phone") or "").strip())
        self.errors = errors
        if errors:
            return False
        dialog = await self.get_state(SlotDialogState)
        if not parse_timeslot(dialog.timeslot):
            self.slot_error_key = "checkout:slots.errors.choose"
            return False
        self.instructions = json.dumps(clean, ensure_ascii=False)
        return True

    @rx.event
    def forget(self) -> None:
        """After an order: the instructions are used (the next order starts from the profile)."""
        self.instructions = ""
        self.notes = ""


# --- the session's moments ---


@session_events.on(session_events.LOGGED_OUT)
async def _forget_on_logout(state: rx.State) -> None:
    (await state.get_state(CheckoutState)).ready = False


async def _prefill_on_overlay(state: rx.State) -> None:
    await (await state.get_state(CheckoutState)).prefill_ahead()


OVERLAY_OPENED.append(_prefill_on_overlay)
