"""The nutrition facts panel (spec 001 §3): % of daily value for fat (65 g), sodium (2300 mg),
carbohydrate (275 g), fiber (28 g) and protein (50 g), on a 2,000-calorie diet; the serving is
100 g unless told otherwise. Pure functions: values in, values out (no database, no Reflex)."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Mapping
from decimal import ROUND_HALF_UP, Decimal, InvalidOperation
from typing import Any

CALORIE_REFERENCE = 2000
DEFAULT_SERVING_G = 100

#: Daily value of each nutrient that has one, with its unit.
DAILY_VALUES: dict[str, tuple[Decimal, str]] = {
    "fat": (Decimal(65), "g"),
    "sodium": (Decimal(2300), "mg"),
    "carbohydrate": (Decimal(275), "g"),
    "fiber": (Decimal(28), "g"),
    "protein": (Decimal(50), "g"),
}

#: Names a catalogue may use for the same nutrient (English and French), lower case, no accents.
ALIASES: dict[str, str] = {
    "calories": "calories",
    "calorie": "calories",
    "energy": "calories",
    "energie": "calories",
    "kcal": "calories",
    "fat": "fat",
    "total fat": "fat",
    "fats": "fat",
    "lipides": "fat",
    "matieres grasses": "fat",
    "sodium": "sodium",
    "carbohydrate": "carbohydrate",
    "carbohydrates": "carbohydrate",
    "total carbohydrate": "carbohydrate",
    "glucides": "carbohydrate",
    "fiber": "fiber",
    "fibre": "fiber",
    "fibers": "fiber",
    "fibres": "fiber",
    "dietary fiber": "fiber",
    "fibres alimentaires": "fiber",
    "protein": "protein",
    "proteins": "protein",
    "proteines": "protein",
    "sugars": "sugars",
    "sugar": "sugars",
    "sucres": "sugars",
}

#: The panel's order for the nutrients it knows; others follow in their given order.
ORDER = ("calories", "fat", "sodium", "carbohydrate", "fiber", "sugars", "protein")

_TO_MG: dict[str, Decimal] = {"mg": Decimal(1), "g": Decimal(1000), "µg": Decimal("0.001")}


def canonical_name(name: str | None) -> str | None:
    """The panel's key for a nutrient name ("Matières grasses" → "fat"), None if unknown."""
    if not name:
        return None
    decomposed = unicodedata.normalize("NFKD", name)
    plain = "".join(c for c in decomposed if not unicodedata.combining(c)).casefold().strip()
    return ALIASES.get(" ".join(plain.split()))


def _decimal(value: Any) -> Decimal | None:
    if isinstance(value, bool) or value is None:
        return None
    try:
        result = Decimal(str(value))
    except (InvalidOperation, ValueError):
        return None
    return result if result.is_finite() and result >= 0 else None


def convert_mass(value: Decimal, unit: str, target: str) -> Decimal | None:
    """`value` in `unit` (mg, g, µg) expressed in `target`; None for other units."""
    source, goal = _TO_MG.get((unit or "").strip().lower()), _TO_MG.get(target)
    if source is None or goal is None:
        return None
    return value * source / goal


def scale_to_serving(value: Decimal, serving_g: Decimal | int, per_g: int = 100) -> Decimal:
    """A per-`per_g` amount (the catalogue gives per 100 g) for a serving of `serving_g`."""
    return value * Decimal(serving_g) / Decimal(per_g)


def percent_daily_value(name: str | None, value: Any, unit: str) -> int | None:
    """Whole percent of the daily value (half up), or None for a nutrient without one."""
    key = canonical_name(name)
    amount = _decimal(value)
    if key not in DAILY_VALUES or amount is None:
        return None
    reference, ref_unit = DAILY_VALUES[key]
    in_ref = convert_mass(amount, unit, ref_unit)
    if in_ref is None:
        return None
    return int((in_ref * 100 / reference).quantize(Decimal(1), rounding=ROUND_HALF_UP))


def format_quantity(value: Decimal) -> str:
    """A measure as a French reader writes it: at most one decimal, comma ("0,4", "13")."""
    rounded = value.quantize(Decimal("0.1"), rounding=ROUND_HALF_UP)
    if rounded == rounded.to_integral_value():
        return str(int(rounded))
    return str(rounded).replace(".", ",")


def nutrition_panel(
    nutritions: Iterable[Mapping[str, Any]] | None, serving_g: int = DEFAULT_SERVING_G
) -> list[dict[str, Any]]:
    """Rows of the panel for one serving: {key, name, amount, percent} (percent None when the
    nutrient has no daily value). Invalid entries are skipped; known nutrients come first."""
    rows: list[dict[str, Any]] = []
    for item in nutritions or []:
        if not isinstance(item, Mapping):
            continue
        value = _decimal(item.get("value"))
        name = str(item.get("name") or "").strip()
        if value is None or not name:
            continue
        unit = str(item.get("unit") or "g").strip()
        amount = scale_to_serving(value, serving_g)
        key = canonical_name(name)
        rows.append(
            {
                "key": key or "",
                "name": name,
                "amount": f"{format_quantity(amount)} {unit}",
                "percent": percent_daily_value(name, amount, unit),
            }
        )
    rank = {k: i for i, k in enumerate(ORDER)}
    return sorted(rows, key=lambda r: rank.get(r["key"], len(ORDER)))
