"""Pricing rules: price text, line totals, promo and gift codes, tips and the order total.

Pure functions over `Decimal` amounts in the base currency (XOF). The spec states its business
amounts in euros; they are kept here as `*_EUR` constants and converted once with `money.eur`,
so that a shopper paying in XOF never meets a delivery minimum of 35 francs.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal

from grocer.services.errors import ValidationFailed
from grocer.services.money import CENT, MAX_AMOUNT, ZERO, decimal_string, eur, to_decimal
from grocer.services.validation import check_choice

# --- the spec's constants (000 §9, 001 §9), in euros, then in XOF ------------------------------
FALLBACK_UNIT_PRICE = Decimal("0.01")
DELIVERY_MINIMUM_EUR = Decimal("35")
DELIVERY_FEE_EUR = Decimal("7.99")
SURCHARGE_EUR = Decimal("0.68")
NEW50_THRESHOLD_EUR = Decimal("99")
NEW50_DISCOUNT_EUR = Decimal("5")
SAVE10_RATE = Decimal("0.10")
GIFT10_EUR = Decimal("10")
REFERRAL_CREDIT_EUR = Decimal("50")
TIPS_EUR: dict[str, Decimal] = {"5": Decimal("5"), "10": Decimal("10"), "15": Decimal("15")}
CUSTOM_TIP = "custom"
TIP_CHOICES: tuple[str, ...] = (*TIPS_EUR, CUSTOM_TIP)
DEFAULT_TIP = "5"
DEFAULT_DISCOUNT_PERCENT = 20
#: How an order reaches the shopper: only a delivery pays the fee and the surcharge.
KINDS: tuple[str, ...] = ("delivery", "pickup")

DELIVERY_MINIMUM = eur(DELIVERY_MINIMUM_EUR)
DELIVERY_FEE = eur(DELIVERY_FEE_EUR)
SURCHARGE = eur(SURCHARGE_EUR)
NEW50_THRESHOLD = eur(NEW50_THRESHOLD_EUR)
NEW50_DISCOUNT = eur(NEW50_DISCOUNT_EUR)
GIFT10_VALUE = eur(GIFT10_EUR)
REFERRAL_CREDIT = eur(REFERRAL_CREDIT_EUR)
TIPS: dict[str, Decimal] = {choice: eur(amount) for choice, amount in TIPS_EUR.items()}

PROMO_CODES: tuple[str, ...] = ("NEW50", "SAVE10")
GIFT_CARD_CODES: dict[str, Decimal] = {"GIFT10": GIFT10_VALUE}

_NOT_PRICE_CHAR = re.compile(r"[^0-9.]")
_PRICE = re.compile(r"[0-9]+(\.[0-9]*)?|\.[0-9]+")


def parse_price_text(text: str | int | float | Decimal | None) -> Decimal:
    """A unit price from display text such as "650 XOF" or "$2.99" (000 §3).

    Every character but digits and the dot is stripped. Text that is then not a number
    (empty, ".", "1.2.3"), zero, or beyond what a money column holds is unreadable, and the
    spec's fallback 0.01 is used, like the client's `parseFloat(...) || 0.01`. Beware: the
    French decimal comma is stripped too ("1,91 €" reads 191), so feed it machine text.
    """
    if text is None or isinstance(text, bool):
        return FALLBACK_UNIT_PRICE
    raw = format(Decimal(str(text)), "f") if isinstance(text, int | float | Decimal) else text
    cleaned = _NOT_PRICE_CHAR.sub("", str(raw))
    if not _PRICE.fullmatch(cleaned):
        return FALLBACK_UNIT_PRICE
    value = Decimal(cleaned)
    return value if ZERO < value <= MAX_AMOUNT else FALLBACK_UNIT_PRICE


def unit_price(price: Decimal, sale_price: Decimal | None) -> Decimal:
    """What one unit of a catalogue article costs: its sale price when it has one."""
    return sale_price if sale_price is not None and sale_price > 0 else price


def line_total(unit: Decimal, qty: int) -> Decimal:
    """Unit price times quantity, to 2 decimals (the bag's displayed line total)."""
    return (Decimal(unit) * qty).quantize(CENT, rounding=ROUND_HALF_UP)


def bag_unit_price(price_text: str | None, sale_price_text: str | None) -> Decimal:
    """One unit of a local bag line (001 §5): the price text, or else the sale price text."""
    return parse_price_text(price_text if price_text not in (None, "") else sale_price_text)


def bag_line_price(price_text: str | None, sale_price_text: str | None, quantity: int) -> Decimal:
    """A local bag line (001 §5): the price text, or else the sale price text, times quantity."""
    return line_total(bag_unit_price(price_text, sale_price_text), quantity)


def subtotal(lines: Iterable[tuple[Decimal, int]]) -> Decimal:
    """Sum of the line totals of (unit price, quantity) pairs."""
    return sum((line_total(unit, qty) for unit, qty in lines), start=Decimal("0.00"))


def delivery_minimum_remaining(subtotal_xof: Decimal) -> Decimal:
    """How much is still missing to reach the delivery minimum; 0 once it is reached."""
    return max(ZERO, DELIVERY_MINIMUM - subtotal_xof).quantize(CENT)


def normalise_code(code: str | None) -> str:
    """Codes are trimmed and case-insensitive (001 §5)."""
    return (code or "").strip().upper()


@dataclass(frozen=True)
class PromoResult:
    """The outcome of a promo code. Any non-empty code shows "Code appliqué. Réduction: ..."
    (the spec's behaviour); `recognised` tells the shop's own codes apart."""

    code: str
    discount: Decimal
    recognised: bool


def evaluate_promo(code: str | None, subtotal_xof: Decimal) -> PromoResult:
    """NEW50: 5 EUR off from a 99 EUR subtotal; SAVE10: 10 % of the subtotal; others: 0."""
    normalised = normalise_code(code)
    discount = ZERO
    if normalised == "NEW50" and subtotal_xof >= NEW50_THRESHOLD:
        discount = NEW50_DISCOUNT
    elif normalised == "SAVE10":
        discount = (subtotal_xof * SAVE10_RATE).quantize(CENT, rounding=ROUND_HALF_UP)
    return PromoResult(normalised, discount, normalised in PROMO_CODES)


def promo_discount(code: str | None, subtotal_xof: Decimal) -> Decimal:
    """The discount a promo code gives on this subtotal (XOF)."""
    return evaluate_promo(code, subtotal_xof).discount


def gift_card_value(code: str | None) -> Decimal:
    """GIFT10 is worth 10 EUR (in XOF); any other code nothing."""
    return GIFT_CARD_CODES.get(normalise_code(code), ZERO)


def tip_amount(choice: str, custom: Decimal | str | None = None) -> Decimal:
    """The tip in XOF: 5, 10 or 15 EUR, or a custom XOF amount (negative counts as 0)."""
    key = str(choice).strip().lower()
    if key in TIPS:
        return TIPS[key]
    if key != CUSTOM_TIP:
        raise ValidationFailed("tip", "Pourboire invalide", key="checkout.errors.tip")
    if custom is None or custom == "":
        return ZERO
    return max(ZERO, to_decimal(custom, "tip"))


def order_total(
    subtotal: Decimal,
    delivery_fee: Decimal,
    surcharge: Decimal,
    tip: Decimal,
    discount: Decimal,
    gift_card: Decimal,
) -> Decimal:
    """subtotal + fee + surcharge + tip - discount - gift card, floored at 0 (001 §9)."""
    total = subtotal + delivery_fee + surcharge + tip - discount - gift_card
    return max(ZERO, total).quantize(CENT, rounding=ROUND_HALF_UP)


@dataclass(frozen=True)
class Quote:
    """Every figure of the payment page, computed once for the UI and the order."""

    subtotal: Decimal
    delivery_fee: Decimal
    surcharge: Decimal
    tip: Decimal
    promo: PromoResult
    gift_card: Decimal
    total: Decimal
    delivery_minimum_remaining: Decimal
    credit: Decimal = ZERO
    """The account's credit used, already taken off `total` (never more than it was)."""

    @property
    def discount(self) -> Decimal:
        return self.promo.discount

    def as_json(self) -> dict[str, str | bool]:
        """camelCase decimal strings, as the API and Reflex vars carry money."""
        return {
            "subtotal": decimal_string(self.subtotal),
            "deliveryFee": decimal_string(self.delivery_fee),
            "surcharge": decimal_string(self.surcharge),
            "tip": decimal_string(self.tip),
            "promoCode": self.promo.code,
            "promoRecognised": self.promo.recognised,
            "discount": decimal_string(self.discount),
            "giftCard": decimal_string(self.gift_card),
            "credit": decimal_string(self.credit),
            "total": decimal_string(self.total),
            "deliveryMinimumRemaining": decimal_string(self.delivery_minimum_remaining),
        }


def check_kind(kind: object) -> str:
    """Delivery or pickup; anything else is a 400 naming the allowed values."""
    return check_choice(kind, KINDS, field="kind", label="mode")


def quote(
    subtotal_xof: Decimal,
    *,
    kind: str = "delivery",
    promo_code: str | None = None,
    gift_card_code: str | None = None,
    tip_choice: str = DEFAULT_TIP,
    custom_tip: Decimal | str | None = None,
    credit_available: Decimal = ZERO,
) -> Quote:
    """The whole payment summary for a subtotal and the shopper's codes and tip.

    A `kind` of "pickup" (collected at the shop) pays neither the delivery fee nor the fuel and
    congestion surcharge: both are 0 and the total formula stays the same. The account's
    credit (`credit_available`) is then deducted automatically, up to the total (001 §2).
    """
    delivered = check_kind(kind) == "delivery"
    fee, surcharge = (DELIVERY_FEE, SURCHARGE) if delivered else (ZERO, ZERO)
    promo = evaluate_promo(promo_code, subtotal_xof)
    tip = tip_amount(tip_choice, custom_tip)
    gift = gift_card_value(gift_card_code)
    total = order_total(subtotal_xof, fee, surcharge, tip, promo.discount, gift)
    credit = min(max(ZERO, Decimal(credit_available)), total).quantize(CENT)
    return Quote(
        subtotal=subtotal_xof,
        delivery_fee=fee.quantize(CENT),
        surcharge=surcharge.quantize(CENT),
        tip=tip,
        promo=promo,
        gift_card=gift,
        total=total - credit,
        delivery_minimum_remaining=delivery_minimum_remaining(subtotal_xof),
        credit=credit,
    )


def struck_if_higher(original: Decimal | None, paid: Decimal | None) -> Decimal | None:
    """The original price shown struck through next to what is paid: only when it is
    higher (a card, a bag line); None otherwise."""
    if original is None or paid is None or original <= paid:
        return None
    return original


def discount_percent(original: Decimal | None, sale: Decimal | None) -> int | None:
    """The product card's badge: the saving in percent of the original (struck) price,
    rounded half up; None when nothing is on sale.

    The spec shows 20 when the discount computes to zero; a badge that would not be a
    positive number (no original price, or a "sale" above it) shows 20 too.
    """
    if sale is None:
        return None
    if original is None or original <= 0:
        return DEFAULT_DISCOUNT_PERCENT
    percent = ((original - sale) / original * 100).quantize(Decimal(1), rounding=ROUND_HALF_UP)
    return int(percent) if percent > 0 else DEFAULT_DISCOUNT_PERCENT
