"""The bag's rules, once for both bags: a line's quantity (1..99, merging adds and caps, ±1),
how many lines a bag holds, a line's amounts (line total, struck-through total) and the bag's
totals (subtotal, promo discount, what is missing to the delivery minimum).

Two bags follow them: the signed-in shopper's server bag (grocer.services.cart, catalogue
prices) and a guest's bag kept in the browser (grocer.state.bag, the price texts the page
showed, 001 §5). A signed-in page shows the server's own answer; only a guest's totals are
computed from `BagLine`s. Pure functions, no database.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from decimal import Decimal
from typing import TypedDict, TypeVar

from grocer.services import pricing
from grocer.services.money import ZERO, decimal_string

K = TypeVar("K")

MIN_QUANTITY = 1
MAX_QUANTITY = 99
MAX_LINES = 200
#: The longest price text a line keeps (what a page shows, "650 XOF"; the server ignores it).
PRICE_TEXT_MAX = 40
#: A change that removes a line whatever quantity it holds.
REMOVE_DELTA = -MAX_QUANTITY


class BagLine(TypedDict):
    """A line of a bag kept in the browser (localStorage `cart`, 001 §3 "Bag item"): the
    article id as text, its quantity and the texts the page shows. Prices are the page's
    texts (a signed-in mirror holds the server's); `itemId` is the server line it mirrors,
    None for a guest line."""

    id: str
    quantity: int
    price: str | None
    salePrice: str | None
    originalPrice: str | None
    name: str
    image: str
    weight: str
    express: bool
    itemId: int | None


# --- quantities ---------------------------------------------------------------------------------


def capped(quantity: int) -> int:
    """A line never holds more than 99."""
    return min(quantity, MAX_QUANTITY)


#: A signed-out shopper is asked to keep the bag when its total reaches this (000 §4.3, §9).
AUTH_PROMPT_QUANTITY = 2


def prompts_sign_in(before: int, after: int) -> bool:
    """Whether a guest's bag going from `before` to `after` articles calls for the auth prompt:
    it reaches exactly 2, or goes past it in one change (the product page adds its whole
    quantity at once)."""
    reached = after == AUTH_PROMPT_QUANTITY != before
    passed = before < AUTH_PROMPT_QUANTITY < after
    return reached or passed


def summed(pairs: Iterable[tuple[K, int]]) -> dict[K, int]:
    """Quantities per article, repeats added up (not capped: a caller decides whether more
    than 99 is capped or refused)."""
    totals: dict[K, int] = {}
    for key, quantity in pairs:
        totals[key] = totals.get(key, 0) + quantity
    return totals


def merged(pairs: Iterable[tuple[K, int]]) -> dict[K, int]:
    """Two bags made one (a guest bag merged at sign-in, a stored bag's duplicates): nothing
    is dropped, quantities of the same article are added and capped at 99."""
    return {key: capped(quantity) for key, quantity in summed(pairs).items()}


def merged_keeping_larger(server: Mapping[K, int], local: Mapping[K, int]) -> dict[K, int]:
    """Two copies of one bag made one without losing a line: every article of either side,
    at the larger of its two quantities (what a client does after a 412)."""
    out = dict(server)
    for key, quantity in local.items():
        out[key] = max(out.get(key, 0), quantity)
    return out


def stepped(quantity: int, delta: int | None) -> int:
    """A line's quantity after +n / -n (`delta`, capped at 99), or 0 when it goes (a
    removal is `delta` None, and -1 at quantity 1 removes it too, 001 §4)."""
    if delta is None:
        return 0
    return max(0, capped(quantity + delta))


def clamped_delta(step: int) -> int:
    """A change is -99..99: -99 removes any line, +99 fills it."""
    return max(REMOVE_DELTA, min(MAX_QUANTITY, step))


def has_room(lines: int, adding: int = 1) -> bool:
    """Whether a bag of `lines` lines may take `adding` new ones (200 at most)."""
    return lines + adding <= MAX_LINES


# --- amounts ------------------------------------------------------------------------------------


def struck_total(original: Decimal | None, unit: Decimal, quantity: int) -> Decimal | None:
    """The struck-through total of a line: its original price times the quantity, shown
    only when the original is above what is paid."""
    struck = pricing.struck_if_higher(original, unit)
    return None if struck is None else pricing.line_total(struck, quantity)


@dataclass(frozen=True)
class BagTotals:
    """What a bag's footer and overlay show, in XOF."""

    subtotal: Decimal
    promo: pricing.PromoResult
    delivery_minimum_remaining: Decimal

    @property
    def discount(self) -> Decimal:
        return self.promo.discount

    def as_json(self) -> dict[str, str]:
        """The totals of the cart service's answer (decimal strings)."""
        return {
            "subtotal": decimal_string(self.subtotal),
            "deliveryMinimumRemaining": decimal_string(self.delivery_minimum_remaining),
            "discount": decimal_string(self.discount),
        }


def totals(lines: Iterable[tuple[Decimal, int]], promo_code: str | None = None) -> BagTotals:
    """The totals of (unit price, quantity) lines: the subtotal of the line totals, the promo
    code's discount on it (001 §5) and what is missing to the delivery minimum."""
    subtotal = pricing.subtotal(lines)
    return BagTotals(
        subtotal=subtotal,
        promo=pricing.evaluate_promo(promo_code, subtotal),
        delivery_minimum_remaining=pricing.delivery_minimum_remaining(subtotal),
    )


# --- a bag kept in the browser ----------------------------------------------------------------


def _text(line: Mapping[str, object], key: str) -> str | None:
    value = line.get(key)
    return value if isinstance(value, str) else None


def unit_price(line: Mapping[str, object]) -> Decimal:
    """One unit of a browser line: its price text, else its sale price text (001 §5)."""
    return pricing.bag_unit_price(_text(line, "price"), _text(line, "salePrice"))


def original_price(line: Mapping[str, object]) -> Decimal | None:
    text = _text(line, "originalPrice")
    return pricing.parse_price_text(text) if text else None


def line_total(line: BagLine) -> Decimal:
    """001 §5: the price (else the sale price) text, digits and dot only, × quantity."""
    return pricing.bag_line_price(_text(line, "price"), _text(line, "salePrice"), line["quantity"])


def line_struck_total(line: BagLine) -> Decimal | None:
    return struck_total(original_price(line), unit_price(line), line["quantity"])


def guest_totals(lines: Iterable[BagLine], promo_code: str | None = None) -> BagTotals:
    """The totals of a guest's bag, from the texts its lines keep."""
    return totals(((unit_price(line), line["quantity"]) for line in lines), promo_code)


def answer_totals(answer: Mapping[str, object]) -> dict[str, Decimal] | None:
    """The totals a cart service answer carries (subtotal, discount, delivery-minimum
    remainder), read back as amounts; None when one is missing or unreadable."""
    out: dict[str, Decimal] = {}
    for key in ("subtotal", "discount", "deliveryMinimumRemaining"):
        value = answer.get(key)
        if not isinstance(value, str) or len(value) > 20:
            return None
        try:
            amount = Decimal(value)
        except ArithmeticError:
            return None
        if not amount.is_finite() or amount < ZERO:
            return None
        out[key] = amount
    return out
