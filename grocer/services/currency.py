"""Which currency a shopper sees: their manual choice, else the one of their country (000 §4.4)."""

from __future__ import annotations

from grocer.services.money import BASE_CURRENCY, normalise_currency

DEFAULT_CURRENCY = BASE_CURRENCY

# 000 §9 "Currency by country", as written there (ISO 3166 alpha-2 codes).
_COUNTRIES_BY_CURRENCY: dict[str, str] = {
    "XOF": "SN CI BF ML NE TG BJ GW",
    "EUR": "FR DE IT ES PT NL BE AT IE FI GR LU MT CY SK SI EE LV LT",
    "USD": "US CA GB",
}
COUNTRY_CURRENCY: dict[str, str] = {
    country: currency
    for currency, countries in _COUNTRIES_BY_CURRENCY.items()
    for country in countries.split()
}


def currency_for_country(code: str | None) -> str:
    """The currency of an ISO 3166 alpha-2 country (000 §9 table); XOF for any other."""
    return COUNTRY_CURRENCY.get((code or "").strip().upper(), DEFAULT_CURRENCY)


def resolve_currency(
    manual_choice: str | None, set_manually: bool, country: str | None
) -> tuple[str, bool]:
    """(currency, set manually). A stored manual choice wins; otherwise the country decides
    and the result is stored as not manual, so that a later detection may change it."""
    manual = normalise_currency(manual_choice)
    if set_manually and manual:
        return manual, True
    return currency_for_country(country), False
