"""Money: the base currency (XOF), conversions, rounding and French display.

Amounts are `Decimal` end to end. Catalogue prices and every stored figure are in XOF; a
display currency is applied only when an amount is shown (`format_amount`) or charged
(`round_for`). The CFA franc is pegged to the euro (1 EUR = 655.957 XOF exactly); the dollar
floats, so its rate (USD per EUR) is a setting.
"""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal, InvalidOperation
from functools import lru_cache

from babel import Locale
from babel.numbers import NumberPattern, get_currency_symbol, parse_pattern

from grocer.services.errors import ValidationFailed
from grocer.settings import get_settings

BASE_CURRENCY = "XOF"
SUPPORTED: tuple[str, ...] = ("XOF", "EUR", "USD")
SYMBOLS: dict[str, str] = {"XOF": "XOF", "EUR": "€", "USD": "$"}
MINOR_UNITS: dict[str, int] = {"XOF": 0, "EUR": 2, "USD": 2}
XOF_PER_EUR = Decimal("655.957")

# What fr-FR amounts look like (CLDR, as the browser's Intl.NumberFormat("fr-FR") writes
# them, so that text rendered by Python and by the browser is identical): narrow no-break
# space (U+202F) between thousands, decimal comma, no-break space (U+00A0) before the symbol.
GROUP_SEPARATOR = "\u202f"
SYMBOL_SEPARATOR = "\u00a0"

CENT = Decimal("0.01")
ZERO = Decimal("0")
# The largest amount a money column (Numeric(14, 2)) holds.
MAX_AMOUNT = Decimal("999999999999.99")


def normalise_currency(code: str | None) -> str | None:
    """The upper-cased code when the shop supports it, else None (stored values may be stale)."""
    normalised = (code or "").strip().upper()
    return normalised if normalised in SUPPORTED else None


def check_currency(code: str | None) -> str:
    """The upper-cased code if the shop supports it; ValidationFailed otherwise."""
    normalised = normalise_currency(code)
    if normalised is None:
        raise ValidationFailed(
            "currency", "Devise non prise en charge", key="errors.unsupportedCurrency"
        )
    return normalised


def _units_per_eur(currency: str, usd_per_eur: Decimal | None) -> Decimal:
    if currency == "XOF":
        return XOF_PER_EUR
    if currency == "EUR":
        return Decimal(1)
    rate = get_settings().usd_per_eur if usd_per_eur is None else Decimal(usd_per_eur)
    if not rate.is_finite() or rate <= 0:
        raise ValidationFailed("usdPerEur", "Taux de change invalide", key="errors.exchangeRate")
    return rate


def convert(
    amount: Decimal, from_cur: str, to_cur: str, usd_per_eur: Decimal | None = None
) -> Decimal:
    """`amount` in `from_cur` expressed in `to_cur`, unrounded (round once, at the end)."""
    source, target = check_currency(from_cur), check_currency(to_cur)
    if source == target:
        return Decimal(amount)
    in_eur = Decimal(amount) / _units_per_eur(source, usd_per_eur)
    return in_eur * _units_per_eur(target, usd_per_eur)


def round_for(amount: Decimal, currency: str) -> Decimal:
    """Round half up to the currency's minor unit (XOF whole francs, EUR and USD cents)."""
    exponent = Decimal(1).scaleb(-MINOR_UNITS[check_currency(currency)])
    return Decimal(amount).quantize(exponent, rounding=ROUND_HALF_UP)


def eur(amount_eur: Decimal | int | str) -> Decimal:
    """A business amount the spec states in euros (fee, minimum, tips...), in XOF.

    Kept to two decimals, the precision of the money columns, so that the figure can be
    stored as is and still converts back to the exact euro amount when shown in EUR.
    """
    return (Decimal(amount_eur) * XOF_PER_EUR).quantize(CENT, rounding=ROUND_HALF_UP)


def decimal_string(amount: Decimal) -> str:
    """The JSON form of a stored amount: a plain decimal string with two places ("650.00")."""
    return f"{Decimal(amount).quantize(CENT, rounding=ROUND_HALF_UP):f}"


def to_decimal(value: object, field: str) -> Decimal:
    """A finite Decimal a money column can hold, from user input; ValidationFailed otherwise."""
    if isinstance(value, bool) or value is None:
        raise ValidationFailed(field)
    try:
        result = Decimal(str(value).strip()) if not isinstance(value, Decimal) else value
    except (InvalidOperation, ValueError) as exc:
        raise ValidationFailed(field) from exc
    if not result.is_finite() or abs(result) > MAX_AMOUNT:
        raise ValidationFailed(field)
    return result


#: The CLDR locale of each shop language: French as Intl.NumberFormat("fr-FR") writes it.
_CLDR_LOCALES = {"fr": "fr_FR", "en": "en", "es": "es", "de": "de"}


@lru_cache(maxsize=8)
def _currency_pattern(lang: str) -> tuple[Locale, NumberPattern]:
    locale = Locale.parse(_CLDR_LOCALES.get(lang, _CLDR_LOCALES["fr"]))
    return locale, parse_pattern(locale.currency_formats["standard"])


def format_amount(
    amount_xof: Decimal, currency: str, usd_per_eur: Decimal | None = None, lang: str = "fr"
) -> str:
    """An XOF amount as the shopper reads it in their currency: "1 250 XOF", "1,91 €",
    "2,06 $" in French (the pages' format, whatever the language), "€1.91" in English.

    The number follows the language's CLDR pattern (Babel: grouping, decimal mark, where
    the symbol goes); the symbols are the spec's (XOF, €, $, 001 §9) rather than CLDR's
    ("F CFA", "$US"), and the rounding is the shop's half up to the currency's minor unit
    (CLDR rounds half to even), done before Babel sees the number.
    """
    code = check_currency(currency)
    value = round_for(convert(amount_xof, BASE_CURRENCY, code, usd_per_eur), code)
    return _formatted(value if value else abs(value), code, lang)  # never "-0"


@lru_cache(maxsize=8192)
def _formatted(value: Decimal, code: str, lang: str) -> str:
    """Amounts repeat (the same prices, over and over): each is written once."""
    locale, pattern = _currency_pattern(lang)
    text = pattern.apply(value, locale, currency=code, currency_digits=True)
    symbol = SYMBOLS[code]
    if symbol.isalpha() and pattern.prefix[0].endswith("¤"):
        symbol += SYMBOL_SEPARATOR  # letters before the digits: "XOF 1,250" (CLDR spacing)
    return text.replace(get_currency_symbol(code, locale), symbol, 1)


def format_all(amount_xof: Decimal | None) -> dict[str, str]:
    """An XOF amount written in every display currency ({"XOF": "1 250 XOF", "EUR": ...}),
    "" each when there is none: a page picks the shopper's currency, so switching currency
    needs no round trip."""
    if amount_xof is None:
        return dict.fromkeys(SUPPORTED, "")
    rate = get_settings().usd_per_eur
    return {code: format_amount(Decimal(amount_xof), code, rate) for code in SUPPORTED}
