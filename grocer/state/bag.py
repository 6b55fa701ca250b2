"""The one bag of the app: the guest bag in the browser, the signed-in bag on the server.

Where the bag lives (000 §4.3):
- The browser keeps the bag under localStorage `cart` (a JSON list of lines: id, quantity,
  price texts, name, image, weight, express) and reloads it at start. The key is synced across
  tabs, so every tab of a browser shows the same bag.
- A signed-in shopper's bag is the server's (grocer.services.cart): each change is sent to the
  server and the answer (with catalogue prices, never the browser's) replaces the local copy,
  which is then only a mirror. It follows the shopper to another browser.
- A change is sent as a delta (+1, -1, -99 for "remove"), never as an absolute quantity: the
  tab's mirror may be stale (another device added something), and a delta applies to what the
  server holds. Until the server has taken them, the deltas are kept in localStorage
  `cartChanges` as batches, each with a random merge key: a batch sent twice (a retry, a
  second tab) is applied once. The retry, the manual resync and the next page load send the
  same deltas again, so a failed save never overwrites the server bag with the tab's copy.
- On sign-in with a non-empty guest bag, the guest bag is merged into the server bag
  (`cart.sync`, nothing dropped) under the guest bag's merge key (made with the guest bag and
  kept in `cartChanges`, so two tabs signing in at once merge it once), with up to 5 attempts
  waiting 300 ms × attempt; after 5 failures the overlay shows the red notice and a manual
  resync. Until a save succeeds the browser also keeps `cartPendingSave` ("sync": a guest bag
  still to merge; "changes": signed-in deltas the server has not taken yet; "replace", left
  by earlier versions: a whole bag, saved by a replace based on the server's version that,
  on 412, merges both sides' lines at the larger quantity and retries), so a reload does not
  lose it.
- When a session ends without a logout (expiry, revocation), the changes the server never
  took stay in the browser as a guest bag, merged at the next sign-in; the mirror of what the
  server holds goes. A logout removes the whole bag from the browser (000 §4.1).

Every handler is a door: ids, quantities and article dicts from the browser are checked
(types, lengths, 1..99), and a signed-in change names only the caller's own cart (the
services take the user from the verified token, never from the browser).

Fault injection for the browser tests only: the save-failure switch of
grocer.testing_switches (GROCER_FAULT_CART_SAVE_FILE) refuses the next N saves. Unset (always,
outside tests/e2e), nothing happens.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import re
import secrets
from collections.abc import Awaitable, Callable, Iterable, Mapping
from decimal import Decimal
from functools import lru_cache
from typing import Any, TypedDict

import reflex as rx
from reflex.event import EventSpec

from grocer import testing_switches
from grocer.services import bag_totals, money, pricing
from grocer.services import cart as cart_service
from grocer.services.bag_totals import MAX_LINES, MAX_QUANTITY, REMOVE_DELTA, BagLine
from grocer.services.errors import ServiceError
from grocer.services.validation import record_id
from grocer.state import session_events, session_guard
from grocer.state.dialogs import DialogState
from grocer.state.slot_dialog import SlotDialogState

logger = logging.getLogger(__name__)

BAG_STORAGE_KEYS: tuple[str, ...] = ("cart", "cartPendingSave", "cartChanges")
SAVE_ATTEMPTS = 5  # 000 §9
SAVE_WAIT_SECONDS = 0.3  # × the attempt number
_TEXT_LIMITS = {"name": 200, "image": 500, "weight": 60}
_STORED_MAX = 100_000  # characters of the stored bag read back from the browser
PROMO_MAX = cart_service.MAX_PROMO_LENGTH
PENDING_SYNC = "sync"
PENDING_CHANGES = "changes"
PENDING_REPLACE = "replace"
PENDING_MODES = (PENDING_SYNC, PENDING_CHANGES, PENDING_REPLACE)
MAX_BATCHES = 50  # unsaved batches read back from the browser
REPLACE_TRIES = 3  # a replace refused with 412: merge with the server bag, retry
_ETAG = re.compile(r'"[0-9]{1,10}-[0-9]{1,12}"')
#: The totals of the server's answer that the mirror keeps (grocer.services.cart).
SERVER_TOTALS = ("subtotal", "discount", "deliveryMinimumRemaining")


# --- lines (pure) -----------------------------------------------------------------------------


def article_id(value: object) -> int | None:
    """A catalogue id from the browser: a positive 32-bit int, or its digits as text."""
    return record_id(value)


def _short_text(value: object, limit: int) -> str:
    return value.strip()[:limit] if isinstance(value, str) else ""


def _price_text(value: object) -> str | None:
    if isinstance(value, int | float | Decimal) and not isinstance(value, bool):
        value = str(value)
    if not isinstance(value, str) or not value.strip():
        return None
    return value.strip()[: bag_totals.PRICE_TEXT_MAX]


def _image(value: object) -> str:
    text = _short_text(value, _TEXT_LIMITS["image"])
    return text if text.startswith(("/", "https://", "http://")) else ""


def clean_line(raw: object) -> BagLine | None:
    """One stored or received bag line, checked; None when unusable."""
    if not isinstance(raw, Mapping):
        return None
    ident = article_id(raw.get("id"))
    quantity = raw.get("quantity", 1)
    if ident is None or isinstance(quantity, bool) or not isinstance(quantity, int):
        return None
    if quantity < 1:
        return None
    item_id = article_id(raw.get("itemId"))
    return {
        "id": str(ident),
        "quantity": bag_totals.capped(quantity),
        "price": _price_text(raw.get("price")),
        "salePrice": _price_text(raw.get("salePrice")),
        "originalPrice": _price_text(raw.get("originalPrice")),
        "name": _short_text(raw.get("name"), _TEXT_LIMITS["name"]) or "Product",
        "image": _image(raw.get("image") or raw.get("imageUrl")),
        "weight": _short_text(raw.get("weight"), _TEXT_LIMITS["weight"]),
        "express": raw.get("express") is True,
        "itemId": item_id,
    }


def parse_lines(stored: object) -> list[BagLine]:
    """The bag kept in localStorage `cart`: garbage gives an empty bag, duplicates merge
    (bag_totals.merged: added, capped at 99; the first line's texts are kept)."""
    if not isinstance(stored, str) or not stored or len(stored) > _STORED_MAX:
        return []
    try:
        raw = json.loads(stored)
    except ValueError:
        return []
    if not isinstance(raw, list):
        return []
    first: dict[str, BagLine] = {}
    pairs = []
    for entry in raw[:MAX_LINES]:
        line = clean_line(entry)
        if line is not None:
            first.setdefault(line["id"], line)
            pairs.append((line["id"], line["quantity"]))
    return [{**first[ident], "quantity": n} for ident, n in bag_totals.merged(pairs).items()]


@lru_cache(maxsize=128)
def _parsed(stored: str) -> tuple[BagLine, ...]:
    return tuple(parse_lines(stored))


def read_lines(stored: object) -> list[BagLine]:
    """The stored bag's lines as fresh dicts (cached parse: the vars read it many times)."""
    if not isinstance(stored, str):
        return []
    return [BagLine(**line) for line in _parsed(stored)]


def dump_lines(lines: list[BagLine]) -> str:
    return json.dumps(lines, ensure_ascii=False, separators=(",", ":")) if lines else ""


def line_from_article(article: Mapping[str, Any]) -> BagLine | None:
    """A new bag line (quantity 1) from a catalogue article dict the page holds.

    The unit price is what one unit costs (the sale price when there is one), like the
    server's; the browser's figures only ever price the guest's own display.
    """
    price, sale = _price_text(article.get("price")), _price_text(article.get("salePrice"))
    image = article.get("imageUrl")
    if not image and isinstance(article.get("imageUrls"), list) and article["imageUrls"]:
        image = article["imageUrls"][0]
    return clean_line(
        {
            "id": article.get("id"),
            "quantity": 1,
            "price": sale or price,
            "salePrice": sale,
            "originalPrice": article.get("originalPrice") or (price if sale else None),
            "name": article.get("name") or article.get("title"),
            "image": image,
            "weight": article.get("weightText") or article.get("weight"),
            "express": article.get("express") is True,
        }
    )


def lines_from_server(answer: Mapping[str, Any]) -> list[BagLine]:
    """The server bag (grocer.services.cart answer) as local lines."""
    lines = []
    for item in answer.get("items") or []:
        line = clean_line(
            {
                "id": item.get("articleId"),
                "itemId": item.get("id"),
                "quantity": item.get("quantity"),
                "price": item.get("unitPrice"),
                "salePrice": item.get("salePrice"),
                "originalPrice": item.get("originalPrice"),
                "name": item.get("name"),
                "image": item.get("imageUrl"),
                "weight": item.get("weight"),
                "express": item.get("express"),
            }
        )
        if line is not None:
            lines.append(line)
    return lines


def payload_items(lines: list[BagLine]) -> list[dict[str, Any]]:
    """000 §3 cart payload items (prices are informative: the server uses its own)."""
    return [
        {
            "articleId": int(line["id"]),
            "quantity": line["quantity"],
            "unitPrice": str(bag_totals.unit_price(line)),
            "originalPrice": line.get("originalPrice"),
            "salePrice": line.get("salePrice"),
        }
        for line in lines
    ]


# --- unsaved changes (pure) ---------------------------------------------------------------------
#
# localStorage `cartChanges` holds {"guestKey": the guest bag's merge key, "etag": the server
# bag's version the mirror shows, "batches": [{"key", "deltas": {articleId: delta}, "sent"}],
# and, while the mirror shows the server's answer, "totals": that answer's subtotal, discount
# and deliveryMinimumRemaining (the page shows them rather than computing its own)}.
# A change joins the last batch unless it was already sent (a sent batch may have been applied:
# it keeps its key and its content) or it goes the other way for that article (a removal then
# an add must stay in that order).


def new_merge_key() -> str:
    """A random merge key (144 bits): the server applies a batch once per key."""
    return secrets.token_urlsafe(18)


def _valid_key(value: object) -> str:
    return value if isinstance(value, str) and cart_service.MERGE_KEY.fullmatch(value) else ""


def _clean_deltas(raw: object) -> dict[str, int]:
    if not isinstance(raw, Mapping):
        return {}
    deltas: dict[str, int] = {}
    for ident, step in list(raw.items())[:MAX_LINES]:
        article = article_id(ident)
        if article is None or isinstance(step, bool) or not isinstance(step, int):
            continue
        if step and -MAX_QUANTITY <= step <= MAX_QUANTITY:
            deltas[str(article)] = step
    return deltas


def read_changes(stored: object) -> dict[str, Any]:
    """The unsaved-changes record kept in the browser, checked; garbage is an empty one."""
    record: dict[str, Any] = {"guestKey": "", "etag": "", "batches": []}
    if not isinstance(stored, str) or not stored or len(stored) > _STORED_MAX:
        return record
    try:
        raw = json.loads(stored)
    except ValueError:
        return record
    if not isinstance(raw, Mapping):
        return record
    record["guestKey"] = _valid_key(raw.get("guestKey"))
    etag = raw.get("etag")
    record["etag"] = etag if isinstance(etag, str) and _ETAG.fullmatch(etag) else ""
    batches = raw.get("batches")
    for batch in batches[:MAX_BATCHES] if isinstance(batches, list) else []:
        if not isinstance(batch, Mapping):
            continue
        key, deltas = _valid_key(batch.get("key")), _clean_deltas(batch.get("deltas"))
        if key and deltas:
            record["batches"].append(
                {"key": key, "deltas": deltas, "sent": batch.get("sent") is True}
            )
    totals = raw.get("totals")
    if isinstance(totals, Mapping) and bag_totals.answer_totals(totals) is not None:
        record["totals"] = {key: totals[key] for key in SERVER_TOTALS}
    return record


def dump_changes(record: Mapping[str, Any]) -> str:
    if not any(record.get(key) for key in ("guestKey", "etag", "batches", "totals")):
        return ""
    return json.dumps(record, separators=(",", ":"))


def with_delta(batches: list[dict[str, Any]], ident: str, step: int) -> list[dict[str, Any]]:
    """The batches with one more change of article `ident` (see above for where it goes)."""
    batches = [dict(batch, deltas=dict(batch["deltas"])) for batch in batches]
    last = batches[-1] if batches else None
    pending = last["deltas"].get(ident, 0) if last else 0
    if last is None or last["sent"] or pending * step < 0 or pending == REMOVE_DELTA:
        last = {"key": new_merge_key(), "deltas": {}, "sent": False}
        batches.append(last)
        pending = 0
    total = bag_totals.clamped_delta(pending + step)
    if total:
        last["deltas"][ident] = total
    else:
        last["deltas"].pop(ident, None)
    return [batch for batch in batches if batch["deltas"]]


def raised_by(batches: Iterable[Mapping[str, Any]]) -> dict[str, int]:
    """How much the batches, in order, add to each article (0 when they lower it): the sum
    of the changes since its last removal (what was added after a removal is still wanted)."""
    totals: dict[str, int] = {}
    for batch in batches:
        for ident, step in batch["deltas"].items():
            totals[ident] = 0 if step == REMOVE_DELTA else totals.get(ident, 0) + step
    return {ident: max(0, total) for ident, total in totals.items()}


def guest_key_for(batches: Iterable[Mapping[str, Any]]) -> str:
    """The merge key of the guest bag made of unsaved batches: derived from their keys, so
    that every tab of the browser that ends the session makes the same one."""
    joined = "|".join(batch["key"] for batch in batches)
    return hashlib.sha256(joined.encode()).hexdigest()[:40]


def unsaved_as_guest_lines(batches: list[dict[str, Any]], lines: list[BagLine]) -> list[BagLine]:
    """What the server never took, as guest lines: each article the batches raised, by what
    they raised it (its texts from the tab's copy). Lowering and removals are left out:
    merged into the server bag, a guest bag can only add, and adding keeps every line."""
    known = {line["id"]: line for line in lines}
    guest = []
    for ident, step in raised_by(batches).items():
        if step <= 0:
            continue
        line = clean_line({**known.get(ident, {"id": ident}), "quantity": step, "itemId": None})
        if line is not None:
            guest.append(line)
    return guest


def quantities_of(lines: Iterable[Mapping[str, Any]]) -> dict[int, int]:
    return {int(line["id"]): line["quantity"] for line in lines}


# --- saving to the server ------------------------------------------------------------------------


class SaveRefused(RuntimeError):
    """A save refused by the e2e fault switch."""


def _refuse_if_faulty() -> None:
    if testing_switches.cart_save_refused():
        raise SaveRefused(f"bag save refused by {testing_switches.FAULT_CART_SAVE_ENV}")


def batch_deltas(batches: Iterable[Mapping[str, Any]]) -> list[tuple[dict[int, int], str]]:
    """The unsaved batches as the cart service applies them: (deltas by article, merge key)."""
    return [
        ({int(ident): step for ident, step in batch["deltas"].items()}, batch["key"])
        for batch in batches
    ]


async def save_lines(
    user_id: int,
    mode: str,
    lines: list[BagLine],
    *,
    key: str | None = None,
    if_match: str | None = None,
) -> dict:
    """One save attempt of a whole bag: merge a guest bag under its merge key ("sync"), or
    replace the server bag if it is still at the version `if_match` ("replace": 412 else)."""
    _refuse_if_faulty()
    items = payload_items(lines)
    if mode == PENDING_SYNC:
        return await session_guard.call(cart_service.sync, items, key, as_user=user_id)
    return await session_guard.call(
        cart_service.replace_cart,
        {"userId": user_id, "storeId": None, "cartItems": items},
        if_match=if_match,
        as_user=user_id,
    )


async def save_changes(user_id: int, batches: list[dict[str, Any]]) -> dict:
    """One save attempt of the unsaved deltas: every batch under its merge key, in order, in
    one transaction (a batch the server already has is skipped); no batch: a reload."""
    _refuse_if_faulty()
    if delay := testing_switches.cart_save_delay():
        await asyncio.sleep(delay)
    return await session_guard.call(
        cart_service.apply_batches, batch_deltas(batches), as_user=user_id
    )


def load_server_bag(user_id: int) -> Awaitable[dict]:
    """The caller's own server bag, as the cart service answers it."""
    return session_guard.call(cart_service.get_cart, as_user=user_id)


class BagRow(TypedDict):
    """A bag line as the side panel and the overlay draw it: texts, quantity, and the unit,
    line and struck-through amounts in every display currency ("" when none)."""

    id: str
    name: str
    image: str
    weight: str
    quantity: int
    express: bool
    unit: dict[str, str]
    total: dict[str, str]
    original: dict[str, str]


OVERLAY_OPENED: list[Callable[[rx.State], Awaitable[None]]] = []
"""What the cart overlay's opening fetches ahead besides the slots (grocer.state.checkout
adds its form: it imports this module, so it registers here rather than being imported)."""


class BagState(rx.State):
    """The bag: lines, counts and totals for the page; the side panel and the overlay."""

    cart: str = rx.LocalStorage("", name="cart", sync=True)
    pending_save: str = rx.LocalStorage("", name="cartPendingSave", sync=True)
    # Unsaved deltas, the guest bag's merge key, the mirror's version (see read_changes).
    unsaved: str = rx.LocalStorage("", name="cartChanges", sync=True)

    # Cart save state (000 §3).
    save_failed: bool = False
    save_attempts: int = 0
    is_saving: bool = False

    panel_open: bool = False
    overlay_open: bool = False
    confirm_empty: bool = False
    promo_banner_open: bool = True
    auth_prompt_shown: bool = False
    promo_code: str = ""
    # The bag taps (add, +, −, remove) this tab has had answered, whatever the answer: the page
    # shows a tap at once and waits for this count to know its answer is in
    # (assets/bag_now.js).
    answered: int = 0
    # The websocket connection the bag last served (grocer.state.page_start): another one means
    # the tab reconnected, maybe to another worker (see `after_reconnect`).
    _connection: str = ""

    # --- what the page shows ---------------------------------------------------------------

    @rx.var
    def items(self) -> list[BagRow]:
        """The lines as drawn: texts, quantity and amounts in every display currency."""
        return [
            BagRow(
                id=line["id"],
                name=line["name"],
                image=line["image"],
                weight=line["weight"],
                quantity=line["quantity"],
                express=line["express"],
                unit=money.format_all(bag_totals.unit_price(line)),
                total=money.format_all(bag_totals.line_total(line)),
                original=money.format_all(bag_totals.line_struck_total(line)),
            )
            for line in read_lines(self.cart)
        ]

    @rx.var
    def count(self) -> int:
        """Total quantity (the header's badge, "Your bag (n)")."""
        return sum(line["quantity"] for line in read_lines(self.cart))

    @rx.var
    def quantities(self) -> dict[str, int]:
        return {line["id"]: line["quantity"] for line in read_lines(self.cart)}

    def _totals(self) -> dict[str, Decimal]:
        """The bag's totals: the server's answer while the page mirrors it (a signed-in bag
        with nothing unsaved), else computed from the lines (a guest's bag, or unsaved
        changes) by the same rules (grocer.services.bag_totals)."""
        record = self._changes()
        server = record.get("totals")
        if server and not record["batches"] and not self.pending_save:
            found = bag_totals.answer_totals(server)
            if found is not None:
                return found
        totals = bag_totals.guest_totals(read_lines(self.cart), self.promo_code)
        return {
            "subtotal": totals.subtotal,
            "discount": totals.discount,
            "deliveryMinimumRemaining": totals.delivery_minimum_remaining,
        }

    @rx.var
    def subtotal_xof(self) -> str:
        return money.decimal_string(self._totals()["subtotal"])

    @rx.var
    def subtotal(self) -> dict[str, str]:
        return money.format_all(self._totals()["subtotal"])

    @rx.var
    def minimum_remaining(self) -> dict[str, str]:
        """What is missing to reach the delivery minimum (35 EUR, converted), "" once met."""
        remaining = self._totals()["deliveryMinimumRemaining"]
        return money.format_all(remaining if remaining > 0 else None)

    @rx.var
    def below_minimum(self) -> bool:
        return bool(read_lines(self.cart)) and self._totals()["deliveryMinimumRemaining"] > 0

    @rx.var
    def promo_discount(self) -> dict[str, str]:
        """The applied code's discount on the subtotal (001 §5), "" when no code."""
        if not self.promo_code:
            return money.format_all(None)
        return money.format_all(self._totals()["discount"])

    @rx.event
    async def apply_promo(self, form_data: dict):
        """The promo box's "Add": any non-empty code is applied (no visible validation)."""
        raw = form_data.get("promo_code") if isinstance(form_data, Mapping) else None
        code = pricing.normalise_code(raw[:PROMO_MAX] if isinstance(raw, str) else "")
        if not code:
            return
        self.promo_code = code
        user_id = await session_guard.signed_in_user_id(self)
        if user_id is not None and not self._pending_mode():
            try:
                answer = await session_guard.call(cart_service.apply_promo, code, as_user=user_id)
            except Exception:
                logger.info("bag: promo code not kept on the server", exc_info=True)
                return
            self._show_server_bag(answer)  # its discount is the server's

    # --- local changes -----------------------------------------------------------------------

    def _lines(self) -> list[BagLine]:
        return read_lines(self.cart)

    def _set_lines(self, lines: list[BagLine]) -> None:
        self.cart = dump_lines(lines)
        if not lines:
            self.confirm_empty = False

    def _changes(self) -> dict[str, Any]:
        return read_changes(self.unsaved)

    def _keep_changes(self, record: Mapping[str, Any]) -> None:
        self.unsaved = dump_changes(record)

    def _ensure_guest_key(self) -> str:
        """The guest bag's merge key, made with the bag (so every tab has the same one)."""
        record = self._changes()
        if not record["guestKey"]:
            record["guestKey"] = new_merge_key()
            self._keep_changes(record)
        return record["guestKey"]

    def _add_delta(self, ident: str, step: int) -> None:
        record = self._changes()
        record["batches"] = with_delta(record["batches"], ident, step)
        self._keep_changes(record)
        self.pending_save = PENDING_CHANGES

    def _drop_articles(self, article_ids: Iterable[int]) -> None:
        """Articles gone from the catalogue cannot be saved: they leave the bag and the
        unsaved changes."""
        gone = {str(i) for i in article_ids}
        self._set_lines([line for line in self._lines() if line["id"] not in gone])
        record = self._changes()
        for batch in record["batches"]:
            batch["deltas"] = {i: d for i, d in batch["deltas"].items() if i not in gone}
        record["batches"] = [batch for batch in record["batches"] if batch["deltas"]]
        self._keep_changes(record)

    def _show_server_bag(self, answer: Mapping[str, Any]) -> None:
        """The server took everything: the local bag becomes the mirror of its answer."""
        self._set_lines(lines_from_server(answer))
        record = {"guestKey": "", "etag": cart_service.etag(answer), "batches": []}
        if bag_totals.answer_totals(answer) is not None:
            record["totals"] = {key: answer[key] for key in SERVER_TOTALS}
        self._keep_changes(record)
        self.pending_save = ""
        self.save_failed = False
        self.save_attempts = 0

    def _pending_mode(self) -> str:
        """What the browser still has to save (a PENDING_* mode), "" when nothing."""
        if self.pending_save in (PENDING_SYNC, PENDING_REPLACE) and self._lines():
            return self.pending_save
        if self.pending_save == PENDING_CHANGES or self._changes()["batches"]:
            return PENDING_CHANGES
        return ""

    def _forget_account_bag(self) -> None:
        """The session ended without a logout: the mirror of the server bag goes; what the
        server never took stays as a guest bag (merged at the next sign-in): the unsaved
        deltas that raised a line, a guest bag never merged, a whole bag never saved."""
        record = self._changes()
        if self.pending_save not in (PENDING_SYNC, PENDING_REPLACE):
            guest = unsaved_as_guest_lines(record["batches"], self._lines())
            if guest:
                record["guestKey"] = guest_key_for(record["batches"])
            self._set_lines(guest)
            self.pending_save = ""
        record["batches"] = []
        record["etag"] = ""
        record.pop("totals", None)
        self._keep_changes(record)
        self.save_failed = False
        self.save_attempts = 0

    def _close_overlays(self) -> None:
        self.panel_open = False
        self.overlay_open = False
        self.confirm_empty = False

    def _clear_all(self) -> None:
        """Logout: the bag leaves the browser."""
        self._set_lines([])
        self.pending_save = ""
        self.unsaved = ""
        self.save_failed = False
        self.save_attempts = 0
        self.overlay_open = False
        self.auth_prompt_shown = False

    async def _after_guest_change(self, before: int):
        """The auth prompt (000 §4.3), once (`bag_totals.prompts_sign_in`)."""
        after = sum(line["quantity"] for line in self._lines())
        if after == 0:
            self.auth_prompt_shown = False
        if bag_totals.prompts_sign_in(before, after) and not self.auth_prompt_shown:
            dialogs = await self.get_state(DialogState)
            if not dialogs.active:
                self.auth_prompt_shown = True
                await dialogs._open("auth_prompt")

    async def _send_changes(self, user_id: int) -> dict:
        """One attempt at the unsaved deltas. They are marked sent first: from then on a
        batch keeps its key and content, so that the server can tell a resend."""
        record = self._changes()
        for batch in record["batches"]:
            batch["sent"] = True
        self._keep_changes(record)
        return await save_changes(user_id, record["batches"])

    async def _send_now(self, user_id: int):
        """Send the unsaved deltas with the change just made; the answer becomes the bag.

        An article gone from the catalogue is dropped and the rest sent again; a change the
        server refuses for good (too many lines) is dropped and the server bag reloaded; a
        failure to reach the database keeps the deltas and retries (save_bag).
        """
        try:
            try:
                answer = await self._send_changes(user_id)
            except cart_service.UnknownArticles as exc:
                self._drop_articles(exc.article_ids)
                answer = await self._send_changes(user_id)
        except ServiceError as exc:
            logger.info("bag: change refused (%s), reloading the server bag", exc.key)
            record = self._changes()
            record["batches"] = []
            self._keep_changes(record)
            try:
                answer = await load_server_bag(user_id)
            except Exception:
                logger.warning("bag: reload after a refused change failed", exc_info=True)
                return BagState.save_bag
        except Exception:
            logger.warning("bag: change not saved, will retry", exc_info=True)
            return BagState.save_bag
        self._show_server_bag(answer)
        return None

    async def _change(self, ident: int, delta: int | None, article: Mapping | None = None):
        """+1 / -1 (`delta`), or removal (`delta` None), of one line; signed in, the same
        change is sent to the server as a delta (removal: -99, whatever it holds)."""
        user_id = await session_guard.signed_in_user_id(self)
        lines = self._lines()
        before = sum(line["quantity"] for line in lines)
        key = str(ident)
        line = next((item for item in lines if item["id"] == key), None)
        if line is None:
            if delta is None or delta < 0 or article is None:
                return None
            new = line_from_article(article)
            if new is None or not bag_totals.has_room(len(lines)):
                return None
            new["quantity"] = step = bag_totals.stepped(0, delta)
            lines.append(new)
        else:
            quantity = bag_totals.stepped(line["quantity"], delta)
            if quantity == line["quantity"]:
                return None
            step = REMOVE_DELTA if delta is None else quantity - line["quantity"]
            if quantity <= 0:
                lines.remove(line)
            else:
                line["quantity"] = quantity
        self._set_lines(lines)
        if user_id is None:
            self._ensure_guest_key()
            await self._after_guest_change(before)
            return None
        if self.pending_save in (PENDING_SYNC, PENDING_REPLACE):
            return None  # a whole unsaved bag waits for its save, this change in it
        self._add_delta(key, step)
        return await self._send_now(user_id)

    async def _add_article(self, article: object, quantity: object = 1):
        """`quantity` (1..99, else 1) of `article` into the bag: a new line, or more of one
        (000 §4.3). One change, sent to the server once, whatever the quantity."""
        if not isinstance(article, Mapping):
            return None
        ident = article_id(article.get("id"))
        if ident is None:
            return None
        count = quantity if isinstance(quantity, int) and not isinstance(quantity, bool) else 1
        return await self._change(ident, max(1, bag_totals.capped(count)), article)

    @rx.event
    async def add_item(self, article: dict):
        """Add-to-bag from a product card: +1, or a new line at 1 (000 §4.3)."""
        self.answered += 1
        return await self._add_article(article)

    @rx.event
    async def increment(self, item_id: str):
        self.answered += 1
        ident = article_id(item_id)
        return None if ident is None else await self._change(ident, 1)

    @rx.event
    async def decrement(self, item_id: str):
        """-1; at 1 the line goes (001 §4)."""
        self.answered += 1
        ident = article_id(item_id)
        return None if ident is None else await self._change(ident, -1)

    @rx.event
    async def remove(self, item_id: str):
        self.answered += 1
        ident = article_id(item_id)
        return None if ident is None else await self._change(ident, None)

    @rx.event
    def ask_empty(self) -> None:
        self.confirm_empty = bool(self._lines())

    @rx.event
    def cancel_empty(self) -> None:
        self.confirm_empty = False

    @rx.event
    async def empty_bag(self):
        """ "Empty bag", once confirmed. Signed in, each line the tab shows is removed on the
        server (a line another device added meanwhile, unseen here, stays)."""
        if not self.confirm_empty:
            return None
        self.confirm_empty = False
        user_id = await session_guard.signed_in_user_id(self)
        lines = self._lines()
        self._set_lines([])
        self.auth_prompt_shown = False
        if user_id is None or self.pending_save == PENDING_SYNC:
            self.pending_save = ""  # a guest bag (never merged): it just goes
            return None
        if self.pending_save == PENDING_REPLACE:
            self.pending_save = ""
        for line in lines:
            self._add_delta(line["id"], REMOVE_DELTA)
        return await self._send_now(user_id)

    # --- saving to the server ----------------------------------------------------------------

    @rx.event
    async def after_sign_in(self):
        """The shopper just signed in on this tab: merge a non-empty guest bag into the
        server bag (with retries, once per guest bag), else show the server bag.

        Lines that all come from the server and no guest bag key: another tab of this
        browser merged the guest bag already and this is its answer; nothing to merge.
        """
        if self._changes()["batches"]:
            self._forget_account_bag()  # deltas of an earlier session: a guest bag now
        lines = self._lines()
        if self.pending_save == PENDING_REPLACE and lines:
            return BagState.save_bag
        guest = any(line.get("itemId") is None for line in lines)
        if lines and (self.pending_save == PENDING_SYNC or self._changes()["guestKey"] or guest):
            self._ensure_guest_key()
            self.pending_save = PENDING_SYNC
            return BagState.save_bag
        return BagState.load_account_bag

    @rx.event
    async def restore_account_bag(self):
        """A tab starts with a valid session: the server bag, after what is still unsaved."""
        return BagState.save_bag if self._pending_mode() else BagState.load_account_bag

    @rx.event
    async def load_account_bag(self):
        user_id = await session_guard.signed_in_user_id(self)
        if user_id is None:
            return None
        if self._pending_mode():
            return BagState.save_bag  # never show the server bag over unsaved changes
        try:
            answer = await load_server_bag(user_id)
        except Exception:
            logger.warning("bag: could not load the server bag", exc_info=True)
            return None
        self._show_server_bag(answer)
        return None

    def after_reconnect(self, connection: str) -> EventSpec | None:
        """The page (re)started on `connection`: after a reconnect, a signed-in shopper's bag
        is loaded from the server again. The hydration that follows a reconnect restores the
        bag from the browser's copy, which misses a change whose answer was lost with the old
        connection (a worker stopped or killed while it saved it: the server has the change,
        the browser never heard). First load: nothing (the session's start loads it)."""
        previous, self._connection = self._connection, connection
        if not previous or previous == connection:
            return None
        return BagState.load_account_bag

    async def _replace_merging(self, user_id: int) -> dict:
        """A whole unsaved bag ("replace"), never over a bag that changed since the version
        it was based on: on 412 both sides' lines are merged, each at the larger quantity
        (the rule of grocer.services.cart), and the replace is tried again."""
        lines = self._lines()
        etag = self._changes()["etag"]
        for _ in range(REPLACE_TRIES):
            if not etag:
                server = await load_server_bag(user_id)
                server_lines = lines_from_server(server)
                merged = bag_totals.merged_keeping_larger(
                    quantities_of(server_lines), quantities_of(lines)
                )
                texts = {line["id"]: line for line in [*server_lines, *lines]}
                lines = [{**texts[str(a)], "quantity": q} for a, q in merged.items()]
                etag = cart_service.etag(server)
            try:
                return await save_lines(user_id, PENDING_REPLACE, lines, if_match=etag)
            except cart_service.CartChanged:
                etag = ""
        raise SaveRefused("the bag kept changing during the save")

    async def _save_once(self, user_id: int, mode: str) -> dict:
        if mode == PENDING_SYNC:
            key = self._ensure_guest_key()
            return await save_lines(user_id, PENDING_SYNC, self._lines(), key=key)
        if mode == PENDING_REPLACE:
            return await self._replace_merging(user_id)
        return await self._send_changes(user_id)

    @rx.event
    async def save_bag(self):
        """Save what is unsaved: up to 5 attempts, waiting 300 ms × attempt (000 §4.3).

        A guest bag is merged under its key, deltas are sent again under theirs, so that a
        retry, the manual resync or a reload never applies anything twice nor overwrites the
        server bag. With nothing unsaved, a save is a reload of the server bag. Events of a
        tab run one at a time, so saves never overlap (the guard against concurrent saves);
        `is_saving` disables the manual resync meanwhile.
        """
        if self.is_saving:
            return
        mode = self._pending_mode() or PENDING_CHANGES
        self.is_saving = True
        self.save_failed = False
        yield
        attempt = 0
        dropped_unknown = False
        while attempt < SAVE_ATTEMPTS:
            user_id = await session_guard.signed_in_user_id(self)
            if user_id is None:
                self.is_saving = False
                return
            if mode == PENDING_SYNC and not self._lines():
                self.pending_save = ""
                self.is_saving = False
                self.save_attempts = 0
                yield BagState.load_account_bag
                return
            try:
                answer = await self._save_once(user_id, mode)
            except cart_service.UnknownArticles as exc:
                if dropped_unknown:
                    attempt += 1
                    self.save_attempts = attempt
                    continue
                # Articles gone from the catalogue cannot be saved: they leave the bag.
                dropped_unknown = True
                self._drop_articles(exc.article_ids)
                continue
            except Exception as exc:
                attempt += 1
                self.save_attempts = attempt
                logger.warning("bag: save attempt %s failed (%s)", attempt, type(exc).__name__)
                if attempt >= SAVE_ATTEMPTS:
                    self.save_failed = True
                    self.is_saving = False
                    return
                yield
                await asyncio.sleep(SAVE_WAIT_SECONDS * attempt)
                continue
            self._show_server_bag(answer)
            self.is_saving = False
            return

    @rx.event
    async def offline_synced(self, stored: str):
        """The browser kept bag changes while the websocket was down (assets/offline.js) and
        has now saved them: a signed-in shopper's went to the server as absolute quantities
        (PUT /cart/quantities), so the server bag is shown again (after anything this tab
        still had unsaved); a guest's bag is the browser's own, taken as it is stored."""
        user_id = await session_guard.signed_in_user_id(self)
        if user_id is not None:
            return BagState.load_account_bag
        lines = parse_lines(stored)
        self._set_lines(lines)
        if lines:
            self._ensure_guest_key()
        return None

    @rx.event
    def resync(self):
        """ "cliquer ici pour synchroniser": a new round of attempts (disabled while saving)."""
        if self.is_saving:
            return None
        return BagState.save_bag

    # --- panel, overlay, prompt, banner --------------------------------------------------------

    @rx.event
    def open_panel(self) -> None:
        self.panel_open = True

    @rx.event
    def close_panel(self) -> None:
        self.panel_open = False
        self.confirm_empty = False

    @rx.event
    async def open_overlay(self) -> None:
        """ "Check out" in the side panel opens the full-screen cart overlay, and fetches the
        delivery dialog's slots and /checkout's prefilled form ahead: while the shopper gives
        the address, they are on their way for "Choisir l'heure de livraison" and "Continuer
        vers la commande" (issue 23)."""
        self.panel_open = False
        self.confirm_empty = False
        self.overlay_open = True
        await (await self.get_state(SlotDialogState)).fetch_delivery_ahead()
        for fetch in OVERLAY_OPENED:
            await fetch(self)

    @rx.event
    def close_overlay(self) -> None:
        self.overlay_open = False

    @rx.event
    def reset_auth_prompt(self) -> None:
        """The auth prompt may show again."""
        self.auth_prompt_shown = False

    @rx.event
    def close_promo_banner(self) -> None:
        self.promo_banner_open = False


# --- what the session's moments do to the bag (grocer.state.session_events) ---------------------


@session_events.on(session_events.OPENED)
async def _close_on_page_load(state: rx.State) -> None:
    """A (re)loaded page opens clean: the tab's state outlives a reload, its overlays should
    not."""
    (await state.get_state(BagState))._close_overlays()


@session_events.on(session_events.RESTORED)
async def _restore_on_start(state: rx.State) -> EventSpec:
    """A tab starts on a valid session: the server bag, after what is still unsaved."""
    return BagState.restore_account_bag()


@session_events.on(session_events.SIGNED_IN)
async def _merge_after_sign_in(state: rx.State) -> EventSpec:
    """A sign-in (or sign-up) on this tab: the guest bag merges into the server bag."""
    return BagState.after_sign_in()


@session_events.on(session_events.ENDED)
async def _keep_the_unsaved_when_the_session_ends(state: rx.State) -> None:
    (await state.get_state(BagState))._forget_account_bag()


@session_events.on(session_events.LOGGED_OUT)
async def _leave_the_browser_on_logout(state: rx.State) -> list[EventSpec]:
    """000 §4.1: a logout removes the whole bag from the browser."""
    (await state.get_state(BagState))._clear_all()
    return [rx.remove_local_storage(key) for key in BAG_STORAGE_KEYS]
