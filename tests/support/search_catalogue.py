"""A small catalogue whose words exercise search: accents, ligatures, apostrophes, four
languages, the ranking tiers, an unavailable and a hidden article. Shared by the search
service tests and the search API tests (on SQLite and PostgreSQL alike)."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import sqlalchemy as sa
from sqlmodel import Session

from grocer.models.base import utcnow
from grocer.services import search_index, translations
from grocer.services.catalogue import A, C
from grocer.services.catalogue_cache import bump_version

# (key, French name, parent key or None, {lang: name})
CATEGORIES: list[tuple[str, str, str | None, dict[str, str]]] = [
    ("frais", "Fruits et légumes", None, {"en": "Fruit and vegetables", "de": "Obst und Gemüse"}),
    ("fruits", "Fruits", "frais", {"en": "Fruit", "es": "Frutas", "de": "Obst"}),
    ("mangues", "Mangues", "fruits", {"en": "Mangoes", "es": "Mangos", "de": "Mangos"}),
    ("legumes", "Légumes", "frais", {"en": "Vegetables", "es": "Verduras", "de": "Gemüse"}),
    ("epicerie", "Épicerie", None, {"en": "Grocery", "es": "Despensa", "de": "Lebensmittel"}),
    ("epices", "Condiments et épices", "epicerie", {"en": "Condiments and spices"}),
    ("poivres", "Épices", "epices", {"en": "Spices", "es": "Especias", "de": "Gewürze"}),
    ("arachides", "Arachide", "epicerie", {"en": "Peanut"}),
    ("laitiers", "Produits laitiers et œufs", None, {"en": "Dairy and eggs"}),
    ("oeufs", "Œufs", "laitiers", {"en": "Eggs", "es": "Huevos", "de": "Eier"}),
    ("boissons", "Boissons", None, {"en": "Drinks"}),
    ("bissap", "Bissap", "boissons", {}),
    ("jus", "Jus", "boissons", {"en": "Juices"}),
]

# (key, name, category key, brand, description, popularity, status, {lang: name})
ARTICLES: list[tuple[str, str, str, str, str, int, str, dict[str, str]]] = [
    ("kent", "Mangue Kent", "mangues", "Vergers d'Orodara", "Une mangue juteuse.", 500,
     "ACTIVE", {"en": "Kent mango", "es": "Mango Kent", "de": "Kent-Mango"}),
    ("amelie", "Mangue Amélie", "mangues", "Vergers d'Orodara", "Douce et parfumée.", 900,
     "ACTIVE", {"en": "Amélie mango", "es": "Mango Amélie", "de": "Amélie-Mango"}),
    ("jus-mangue", "Jus de mangue", "jus", "Dafani", "Pur jus.", 990, "ACTIVE",
     {"en": "Mango juice", "es": "Zumo de mango", "de": "Mangosaft"}),
    ("oeufs", "Œufs frais x30", "oeufs", "Ferme de Loumbila", "Plateau de 30 œufs.", 300,
     "ACTIVE", {"en": "Fresh eggs x30", "es": "Huevos frescos x30", "de": "Frische Eier x30"}),
    ("poivre", "Poivre noir", "poivres", "Sahel Épices", "Grains entiers.", 200, "ACTIVE",
     {"en": "Black pepper", "es": "Pimienta negra", "de": "Schwarzer Pfeffer"}),
    ("pdt", "Pommes de terre", "legumes", "Maraîchers du Kou", "Pour frites et purées.", 400,
     "ACTIVE", {"en": "Potatoes", "es": "Patatas", "de": "Kartoffeln"}),
    ("karite", "Beurre de karité", "epicerie", "Karité du Faso", "Beurre pur.", 150,
     "ACTIVE", {"en": "Shea butter", "es": "Manteca de karité", "de": "Sheabutter"}),
    ("tomates", "Tomates fraîches", "legumes", "Maraîchers du Kou", "Tomates rondes.", 350,
     "ACTIVE", {"en": "Fresh tomatoes", "es": "Tomates frescos", "de": "Frische Tomaten"}),
    ("pate-arachide", "Pâte d'arachide", "arachides", "Sahel Distribution", "Onctueuse.", 1,
     "ACTIVE", {"en": "Peanut paste"}),
    ("huile-arachide", "Huile d'arachide", "arachides", "Sahel Distribution", "1 litre.", 999,
     "OUT_OF_STOCK", {"en": "Peanut oil"}),
    ("brouillon", "Mangue brouillon", "mangues", "Test", "Pas encore en vente.", 5000,
     "DRAFT", {}),
    ("pamplemousse", "Pamplemousse rose", "fruits", "Vergers d'Azaguié", "Acidulé.", 50,
     "ACTIVE", {"en": "Pink grapefruit"}),
    ("riz", "Riz parfumé", "epicerie", "Rizerie du Sourou", "Riz long.", 1, "ACTIVE", {}),
    ("rizotto", "Rizotto aux cèpes", "epicerie", "Cuisine", "Prêt en 10 minutes.", 1000,
     "ACTIVE", {}),
    # One word, four places: the ranking's fields.
    ("bissap-name", "Jus de bissap", "jus", "Dafani", "Rafraîchissant.", 10, "ACTIVE", {}),
    ("bissap-cat", "Boisson rouge", "bissap", "Dafani", "Rafraîchissante.", 100, "ACTIVE", {}),
    ("bissap-brand", "Sirop rouge", "jus", "Bissap d'Or", "Concentré.", 200, "ACTIVE", {}),
    ("bissap-desc", "Thé glacé", "jus", "Lipton", "Saveur bissap.", 300, "ACTIVE", {}),
    ("yaourt", "Yaourt exotique", "laitiers", "Faso Lait", "Yaourt à la mangue.", 980,
     "ACTIVE", {"en": "Exotic yoghurt"}),
]  # fmt: skip


def load(db: Session) -> dict[str, int]:
    """Write the catalogue, its translations and its index; return key → id (articles and
    categories share the namespace of their keys, prefixed "c:" for categories)."""
    ids: dict[str, int] = {}
    for key, name, parent, _ in CATEGORIES:
        level = _level(key)
        row = db.execute(
            sa.insert(C)
            .values(
                key=key, name=name, level=level,
                parent_id=ids.get("c:" + parent) if parent else None,
                can_display_on_ui=True, display_order=1,
            )
            .returning(C.c.id)
        ).scalar_one()  # fmt: skip
        ids["c:" + key] = row
    now = utcnow()
    for key, name, category, brand, description, popularity, status, _ in ARTICLES:
        ids[key] = db.execute(
            sa.insert(A).values(**_article(key, name, ids["c:" + category], brand, description,
                                            popularity, status, now)).returning(A.c.id)
        ).scalar_one()  # fmt: skip
    translations.put(
        db,
        "category",
        [(ids["c:" + k], lang, text, None) for k, _, _, names in CATEGORIES
         for lang, text in names.items()],
    )  # fmt: skip
    translations.put(
        db,
        "article",
        [(ids[k], lang, text, None) for k, *_, names in ARTICLES for lang, text in names.items()],
    )
    search_index.rebuild(db)
    bump_version(db)
    db.commit()
    return ids


def _level(key: str) -> int:
    parents = {k: p for k, _, p, _ in CATEGORIES}
    level = 1
    while parents.get(key):
        key = parents[key]  # type: ignore[assignment]
        level += 1
    return level


def _article(
    key: str, name: str, category_id: int, brand: str, description: str, popularity: int,
    status: str, now: Any,
) -> dict[str, Any]:  # fmt: skip
    return {
        "key": key, "name": name, "price": Decimal(500), "image_urls": [], "express": False,
        "description": description, "brand": brand, "category_id": category_id, "status": status,
        "required_licenses": [], "currency": "XOF", "is_new": False, "is_organic": False,
        "is_local": False, "is_gluten_free": False, "is_kosher": False,
        "popularity": popularity, "created_at": now, "updated_at": now,
    }  # fmt: skip
