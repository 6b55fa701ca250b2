"""Translation catalogs (assets/locales/{fr,en,es,de}/*.json).

- every namespace the i18n init module loads exists in every language;
- every key of the French catalog exists in en, es and de, and no language has extra keys;
- the `{{placeholders}}` of a text are the same in every language;
- en, es and de are real translations: a value identical to the French one is allowed only for
  the explicit whitelist below (the spec's English labels, which the French UI shows in English,
  and words spelt the same in English).
- every `t("namespace:key")` written in the Python UI code exists in the French catalog.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import reflex as rx

from grocer.components.i18n import DEFERRED_NAMESPACES, namespace_module, t
from grocer.components.i18n import NAMESPACES as I18N_NAMESPACES

ROOT = Path(__file__).resolve().parents[2]
LOCALES = ROOT / "assets" / "locales"
LANGUAGES = ("fr", "en", "es", "de")
NAMESPACES = I18N_NAMESPACES  # the list the UI registers (grocer/components/i18n.py)
PLACEHOLDER = re.compile(r"\{\{\s*([\w.]+)\s*\}\}")

#: The spec shows these labels in English in the French UI (spec 001 §2: "Go to Business",
#: "View all", the Refine dialog, the filter menu, the product page...), so the English text
#: is the French catalog's text too. Only for English; es and de always translate them.
SPEC_ENGLISH_LABELS: dict[str, set[str]] = {
    "common": {"goToBusiness", "signIn", "createAccount", "backToTop", "menu", "auto"},
    "catalogue": {
        "viewAll", "shopByMenu", "chipPeakQuality", "chipNew", "chipGlutenFree", "chipOrganic",
        "chipKosher", "chipLocal", "refine", "sortBy", "sortPopular", "sortRating", "sortSale",
        "sortPriceAsc", "sortPriceDesc", "shopBy", "shopBySale", "shopByNew", "shopByOrganic",
        "shopByLocal", "brand", "allBrands", "madeIn", "applyFilters", "freshDeals", "sale",
        "bakeryOnSale", "beerOnSale", "wineOnSale", "saleComingSoon", "addToCart",
        "addToWishlist", "realTime", "visitorsNow", "sku", "tabDescription", "tabInfo",
        "tabReviews",
    },
    # Owned by the session/bag work: the spec's English texts of the bag panel and account.
    "auth": {"welcome.title", "account.account", "account.admin"},
    "bag": {
        "title", "empty.title", "empty.text", "subtotalBeforeTax", "checkout", "emptyBag",
        "confirmEmpty.title", "confirmEmpty.text", "confirmEmpty.warning", "continueShopping",
        "promo.add", "delivery.title",
    },
    # The delivery-slot dialog's signed-out block (001 §2), English in the spec.
    "checkout": {"slots.signInPrompt", "slots.signIn", "slots.signUp"},
}  # fmt: skip

#: Proper names, brands and symbols: the same in every language, whichever namespace.
PROPER_NAMES = {"Grocer", "XOF", "EUR", "USD", "€", "$", "Orange Money", "Wave", "PayPal",
                "Visa", "Mastercard", "Telecel", "Mobile Money", "App Store", "Google Play",
                "Facebook", "Instagram", "YouTube", "X", "OK", "Email", "Admin"}  # fmt: skip


def load(lang: str, ns: str) -> dict[str, object]:
    return json.loads((LOCALES / lang / f"{ns}.json").read_text(encoding="utf-8"))


def flatten(data: object, prefix: str = "") -> dict[str, str]:
    """Nested catalogs as dotted keys (i18next's keySeparator)."""
    if isinstance(data, dict):
        out: dict[str, str] = {}
        for key, value in data.items():
            out.update(flatten(value, f"{prefix}{key}."))
        return out
    return {prefix[:-1]: data}  # type: ignore[dict-item]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("ns", NAMESPACES)
def test_every_namespace_exists_and_is_an_object(lang, ns):
    assert isinstance(load(lang, ns), dict)


def test_no_unknown_namespace_or_language():
    assert sorted(p.name for p in LOCALES.iterdir() if p.is_dir()) == sorted(LANGUAGES)
    for lang in LANGUAGES:
        assert {p.stem for p in (LOCALES / lang).glob("*.json")} == set(NAMESPACES)


def test_every_namespace_is_bundled_in_french_once():
    """The first render's namespaces in the init module, each other one in its own module
    (assets/i18n_ns/<ns>.js), which the code that shows it imports."""
    init = (ROOT / "assets" / "i18n.js").read_text(encoding="utf-8")
    for ns in NAMESPACES:
        own = ROOT / "assets" / "i18n_ns" / f"{ns}.js"
        if ns in DEFERRED_NAMESPACES:
            assert f"./locales/fr/{ns}.json" not in init, ns
            code = own.read_text(encoding="utf-8")
            assert f'"../locales/fr/{ns}.json"' in code and f'addFrench("{ns}"' in code, ns
        else:
            assert f"./locales/fr/{ns}.json" in init and f'"{ns}"' in init, ns
            assert not own.exists(), ns


def test_a_deferred_key_brings_its_strings():
    """`t()` of a deferred namespace's key imports that namespace's strings into the module that
    renders it; a first-render key imports none."""
    deferred_key = rx.el.p(t("address:dialog.apply"))._get_all_imports()
    first_render_key = rx.el.p(t("catalogue:viewAll"))._get_all_imports()
    assert namespace_module("address") in deferred_key
    assert not any("i18n_ns" in module for module in first_render_key)


@pytest.mark.parametrize("lang", LANGUAGES[1:])
@pytest.mark.parametrize("ns", NAMESPACES)
def test_same_keys_as_french(lang, ns):
    fr, other = flatten(load("fr", ns)), flatten(load(lang, ns))
    assert sorted(set(fr) - set(other)) == [], f"missing in {lang}/{ns}.json"
    assert sorted(set(other) - set(fr)) == [], f"extra in {lang}/{ns}.json"


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("ns", NAMESPACES)
def test_values_are_non_empty_strings(lang, ns):
    for key, value in flatten(load(lang, ns)).items():
        assert isinstance(value, str) and value.strip(), f"{lang}/{ns}:{key}"


@pytest.mark.parametrize("lang", LANGUAGES[1:])
@pytest.mark.parametrize("ns", NAMESPACES)
def test_same_placeholders(lang, ns):
    fr, other = flatten(load("fr", ns)), flatten(load(lang, ns))
    for key, text in fr.items():
        if key in other:
            assert set(PLACEHOLDER.findall(other[key])) == set(PLACEHOLDER.findall(text)), (
                f"{lang}/{ns}:{key}"
            )


@pytest.mark.parametrize("lang", LANGUAGES[1:])
@pytest.mark.parametrize("ns", NAMESPACES)
def test_really_translated(lang, ns):
    fr, other = flatten(load("fr", ns)), flatten(load(lang, ns))
    allowed = SPEC_ENGLISH_LABELS.get(ns, set()) if lang == "en" else set()
    same = sorted(
        key
        for key, text in fr.items()
        if other.get(key) == text and key not in allowed and text.strip() not in PROPER_NAMES
    )
    assert same == [], f"{lang}/{ns}.json copies the French text of {same}"


def test_whitelist_is_still_needed():
    """A whitelisted key whose English now differs from French should leave the whitelist."""
    for ns in ("common", "catalogue", "errors"):
        keys = SPEC_ENGLISH_LABELS.get(ns, set())
        fr, en = flatten(load("fr", ns)), flatten(load("en", ns))
        for key in keys:
            assert key in fr, f"{ns}:{key} is not a key any more"
            assert en[key] == fr[key], f"{ns}:{key} is translated: remove it from the whitelist"


def test_exact_french_texts_of_the_spec():
    common, catalogue, errors = load("fr", "common"), load("fr", "catalogue"), load("fr", "errors")
    assert common["enterAddress"] == "Entrez votre adresse"
    assert common["language"] == "Langue"
    assert common["currency"] == "Devise"
    assert common["bag"] == "Panier"
    assert common["menu"] == "Menu"
    assert catalogue["seeAll"] == "Voir tout {{name}}"
    assert catalogue["noSubcategory"] == "Aucune sous-catégorie disponible"
    assert catalogue["noSections"] == "Aucune section disponible pour cette catégorie."
    assert catalogue["loadingProduct"] == "Chargement du produit..."
    assert catalogue["productNotFound"] == "Produit non trouvé"
    assert catalogue["noDescription"] == "Aucune description disponible pour ce produit."
    assert catalogue["related"] == "Vous pourriez aussi aimer"
    assert catalogue["addToBag"] == "Ajouter au panier"
    assert catalogue["increase"] == "Augmenter la quantité"
    assert catalogue["decrease"] == "Diminuer la quantité"
    assert catalogue["remove"] == "Supprimer"
    assert catalogue["filter"] == "Filtrer"
    assert catalogue["seeEverything"] == "Tout voir"
    assert catalogue["saleComingSoon"] == "Sale Items – Coming soon..."
    assert errors["sectionsTitle"] == "Erreur de chargement des sections"
    assert errors["sectionsMessage"] == (
        "Impossible de charger les sections de produits. Vérifiez votre connexion internet."
    )
    assert errors["networkTitle"] == "Problème de connexion"
    assert errors["networkMessage"] == (
        "Impossible de se connecter au serveur. Vérifiez votre connexion internet."
    )
    assert errors["serverTitle"] == "Erreur du serveur"
    assert (
        errors["serverMessage"] == "Le serveur rencontre actuellement des difficultés techniques."
    )
    assert errors["notfoundTitle"] == "Page introuvable"
    assert (
        errors["notfoundMessage"] == "La page que vous recherchez n'existe pas ou a été déplacée."
    )
    assert errors["defaultTitle"] == "Erreur de chargement"
    assert errors["defaultMessage"] == "Une erreur est survenue lors du chargement des données."
    assert errors["retry"] == "Réessayer"
    for kind in ("network", "server", "notfound", "default"):
        assert all(errors[f"{kind}Tip{i}"] for i in (1, 2, 3))


_T_CALL = re.compile(r"""\bt\(\s*f?["']([a-z]+):([A-Za-z0-9_{}]+)["']""")


def test_every_key_used_in_the_ui_exists():
    """`t("ns:key")` in grocer/ must name a French key (f-string keys are expanded by hand)."""
    used: set[tuple[str, str]] = set()
    for path in (ROOT / "grocer").rglob("*.py"):
        for ns, key in _T_CALL.findall(path.read_text(encoding="utf-8")):
            if "{" not in key:
                used.add((ns, key))
    expanded = {("catalogue", f"banner{i}") for i in range(1, 5)} | {
        ("errors", f"{kind}{part}")
        for kind in ("network", "server", "notfound", "default")
        for part in ("Title", "Message", "Tip1", "Tip2", "Tip3")
    }
    missing = []
    for ns, key in used | expanded:
        catalog = flatten(load("fr", ns))
        plural = any(k.startswith(f"{key}_") for k in catalog)
        if key not in catalog and not plural:
            missing.append(f"{ns}:{key}")
    assert missing == []
