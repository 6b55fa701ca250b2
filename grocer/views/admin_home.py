"""The back-office's home panel rows as /admin shows them (grocer.state.admin_home keeps them
in typed vars): the merchandising service's answers cut to what a row or a form shows."""

from __future__ import annotations

from typing import Any, TypedDict

from grocer.services.pricing import normalise_code
from grocer.views.catalogue import PromoView, promo_view

#: The languages a form translates into, in the form's order (French is the row itself).
FORM_LANGUAGES: tuple[str, ...] = ("en", "es", "de")


class SectionRow(TypedDict):
    id: int
    title: str
    description: str
    image: str
    active: bool
    articles: int


class SectionArticleRow(TypedDict):
    id: int
    name: str
    sku: str
    price: str
    listed: bool  # the storefront shows it (status ACTIVE)
    position: int


class PromotionRow(TypedDict):
    id: int
    name: str
    code: str
    discount: str  # '25 %', '2000 XOF', ''
    dates: str  # '2026-12-01 → 2026-12-31', '→ 2026-12-31', ''
    active: bool
    on_banner: bool  # asked for the banner
    shown_today: bool  # the storefront's banner shows it today


class Form(TypedDict):
    """The values an edit form opens with (every field as text; flags as booleans)."""

    id: int  # 0: a new one
    name: str  # a promotion's name, a section's title
    description: str
    image: str
    active: bool
    on_banner: bool
    code: str
    discount_type: str
    discount_value: str
    starts_on: str
    end_date: str
    texts: dict[str, str]  # 'en_name', 'en_description', …


def section_row(row: dict[str, Any]) -> SectionRow:
    return SectionRow(
        id=int(row["id"]),
        title=row["title"],
        description=row["description"],
        image=row["image"],
        active=bool(row["active"]),
        articles=int(row["articles"]),
    )


def section_article_row(row: dict[str, Any]) -> SectionArticleRow:
    return SectionArticleRow(
        id=int(row["id"]),
        name=row["name"],
        sku=row["sku"],
        price=f"{row['price']} XOF",
        listed=row["status"] == "ACTIVE",
        position=int(row["position"]),
    )


def _discount(row: dict[str, Any]) -> str:
    value = row.get("discountValue")
    if not value:
        return ""
    number = value.removesuffix(".00")
    return f"{number} %" if row.get("discountType") == "PERCENT" else f"{number} XOF"


def promotion_row(row: dict[str, Any]) -> PromotionRow:
    starts, ends = row.get("startsOn") or "", row.get("endDate") or ""
    return PromotionRow(
        id=int(row["id"]),
        name=row["name"],
        code=row["promoCode"],
        discount=_discount(row),
        dates=f"{starts} → {ends}".strip() if starts or ends else "",
        active=bool(row["active"]),
        on_banner=bool(row["displayOnBanner"]),
        shown_today=bool(row["onBannerToday"]),
    )


def _texts(translations: dict[str, Any]) -> dict[str, str]:
    return {
        f"{lang}_{part}": str((translations.get(lang) or {}).get(part) or "")
        for lang in FORM_LANGUAGES
        for part in ("name", "description")
    }


EMPTY_FORM = Form(
    id=0,
    name="",
    description="",
    image="",
    active=True,
    on_banner=False,
    code="",
    discount_type="",
    discount_value="",
    starts_on="",
    end_date="",
    texts=_texts({}),
)


def section_form(row: dict[str, Any]) -> Form:
    return Form(
        **{
            **EMPTY_FORM,
            "id": int(row["id"]),
            "name": row["title"],
            "description": row["description"],
            "image": row["image"],
            "active": bool(row["active"]),
            "texts": _texts(row["translations"]),
        }
    )


def promotion_form(row: dict[str, Any]) -> Form:
    value = row.get("discountValue") or ""
    return Form(
        id=int(row["id"]),
        name=row["name"],
        description=row["description"],
        image=row["imageUrl"],
        active=bool(row["active"]),
        on_banner=bool(row["displayOnBanner"]),
        code=row["promoCode"],
        discount_type=row["discountType"],
        discount_value=value.removesuffix(".00"),
        starts_on=row.get("startsOn") or "",
        end_date=row.get("endDate") or "",
        texts=_texts(row["translations"]),
    )


def form_fields(form: dict[str, Any], names: dict[str, str]) -> dict[str, Any]:
    """A submitted form's values under the service's field names (`names`: the form's name →
    the service's), checkboxes as booleans (a browser sends "on" for a ticked box and nothing
    for the others), the translations gathered by language."""
    fields: dict[str, Any] = {}
    for name, field in names.items():
        if field in ("active", "displayOnBanner"):
            fields[field] = name in form
        else:
            fields[field] = form.get(name, "")
    fields["translations"] = {
        lang: {part: form.get(f"{lang}_{part}", "") for part in ("name", "description")}
        for lang in FORM_LANGUAGES
    }
    return fields


def banner_preview(draft: Form) -> list[PromoView]:
    """The storefront banner's one promotion from a form's unsaved values."""
    return [
        promo_view(
            {
                "id": draft["id"] or None,
                "name": draft["name"].strip(),
                "description": draft["description"].strip(),
                "promoCode": normalise_code(draft["code"]),
                "imageUrl": draft["image"],
            }
        )
    ]
