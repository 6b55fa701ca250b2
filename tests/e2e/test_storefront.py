"""The storefront as a shopper uses it: home, category bar, category page, product grid with
paging and "Tout voir", the product page, the Refine dialog, error pages, the phone drawer.

Elements are found by role and visible French text. Waiting is Playwright's auto-waiting
(`expect`), never a fixed delay.
"""

from __future__ import annotations

import json
import re
import time

import httpx
import pytest
from playwright.sync_api import Page, expect

from tests.support.browser import frames_sent, wait_hydrated

pytestmark = pytest.mark.e2e


def _digits(text: str) -> int:
    return int(re.sub(r"\D", "", text.split("XOF")[0]))


def _grid_cards(page: Page):
    return page.locator("#products-grid article")


SORTED_GRID = """() => {
  const prices = Array.from(document.querySelectorAll('#products-grid article'))
    .map(e => parseInt(e.dataset.price.replace(/\\D/g, ''), 10));
  return prices.length > 1 && prices.every((p, i) => i === 0 || prices[i - 1] <= p);
}"""


def _first_level_one(shop: str) -> dict:
    tree = httpx.get(f"{shop}/api/v1/categories", timeout=10).json()
    return next(c for c in tree if c["children"] and c["children"][0]["children"])


def test_home_shows_the_sections_in_display_order(page: Page, shop: str) -> None:
    expected = [
        s["title"]
        for s in httpx.get(
            f"{shop}/api/v1/web-ui/articles-sections",
            params={"articlesonly": "true", "active": "true"},
            timeout=10,
        ).json()
        if s["articles"]
    ]
    assert expected, "the demo catalogue has home sections"
    page.goto("/")
    headings = page.locator("main section[aria-labelledby] h2")
    expect(headings).to_have_count(len(expected))
    expect(headings).to_have_text(expected)
    expect(page.get_by_role("img", name=re.compile("Bienvenue chez Grocer"))).to_be_visible()
    expect(page.get_by_text("Filtrer par")).to_be_visible()
    expect(page.get_by_role("button", name="Panier", exact=True)).to_be_visible()
    expect(page.get_by_role("link", name="View all").first).to_be_visible()


def test_category_dropdown_to_grid_to_product_and_back(page: Page, shop: str) -> None:
    main = _first_level_one(shop)
    sub = main["children"][0]
    leaf = sub["children"][0]
    page.goto("/")
    bar = page.get_by_role("navigation", name="Catégories")
    bar.get_by_role("link", name=main["name"]).hover()
    dropdown = page.get_by_role("region", name=main["name"])
    expect(dropdown.get_by_role("link", name=f"Voir tout {sub['name']}")).to_be_visible()
    dropdown.get_by_role("link", name=leaf["name"], exact=True).click()

    expect(page).to_have_url(re.compile(rf"/full-products\?.*categoryId={leaf['id']}"))
    heading = page.get_by_role("heading", level=1)
    expect(heading).to_contain_text(leaf["name"])
    expect(heading).to_contain_text(re.compile(r"\d+ produits?"))
    count = int(re.search(r"(\d+) produits?", heading.inner_text()).group(1))
    expect(_grid_cards(page)).to_have_count(min(count, 18))

    # A level-2 grid with more than one page: 18 per page, then "Tout voir" shows them all.
    page.goto(f"/full-products?mainCategoryId={main['id']}&categoryId={sub['id']}")
    heading = page.get_by_role("heading", level=1)
    expect(heading).to_contain_text(re.compile(r"\d+ produits"))
    total = int(re.search(r"(\d+) produits", heading.inner_text()).group(1))
    assert total > 18, "the demo level-2 category fills more than one page"
    expect(_grid_cards(page)).to_have_count(18)
    pages = -(-total // 18)
    expect(page.get_by_text(f"Page 1 sur {pages}")).to_be_visible()
    first_name = _grid_cards(page).first.get_attribute("aria-label")
    page.get_by_role("button", name="Page suivante").click()
    expect(page.get_by_text(f"Page 2 sur {pages}")).to_be_visible()
    expect(_grid_cards(page).first).not_to_have_attribute("aria-label", first_name or "")
    page.get_by_role("button", name="Tout voir").click()
    expect(_grid_cards(page)).to_have_count(total)
    expect(page.get_by_role("navigation", name="Pagination")).to_have_count(0)

    # Product page: nutrition facts and related products, then back to the grid.
    card = _grid_cards(page).first
    name = card.get_attribute("aria-label") or ""
    card.get_by_role("link", name=name).click()
    expect(page).to_have_url(re.compile(r"/produit/\d+"))
    expect(page.get_by_role("heading", level=1, name=name)).to_be_visible()
    expect(page.get_by_role("button", name="Add To Cart")).to_be_visible()
    expect(page.get_by_text("31 Visitors Right Now")).to_be_visible()
    page.get_by_role("tab", name="Additional information").click()
    panel = page.get_by_role("tabpanel")
    expect(panel.get_by_text("Valeurs nutritionnelles").first).to_be_visible()
    expect(panel.get_by_text("% valeur quotidienne*")).to_be_visible()
    related = page.get_by_role("region", name="Vous pourriez aussi aimer")
    expect(related.get_by_role("article").first).to_be_visible()
    stored = page.evaluate("Object.keys(localStorage).filter(k => k.startsWith('product_'))")
    assert stored, "the clicked product is kept under product_{id}"
    page.go_back()
    expect(page).to_have_url(re.compile(r"/full-products"))
    expect(_grid_cards(page).first).to_be_visible()


def test_quantity_stepper_on_a_card(page: Page) -> None:
    page.goto("/")
    card = page.locator("main article").first
    card.get_by_role("button", name="Ajouter au panier").click()
    expect(card.get_by_role("button", name="Supprimer")).to_be_visible()
    expect(card.get_by_role("button", name="Augmenter la quantité")).to_be_visible()
    card.get_by_role("button", name="Supprimer").click()
    expect(card.get_by_role("button", name="Ajouter au panier")).to_be_visible()


def test_refine_dialog_narrows_and_resorts_through_the_url(page: Page, shop: str) -> None:
    main = _first_level_one(shop)
    sub = main["children"][0]
    page.goto(f"/products?mainCategoryId={main['id']}&categoryId={sub['id']}")
    title = page.get_by_role("heading", name=re.compile("Tous les produits"))
    expect(title).to_contain_text(re.compile(r"\b[1-9]\d* produits"))  # loaded, not a blank count
    total = int(re.search(r"(\d+) produits", title.inner_text()).group(1))

    page.get_by_role("button", name="Filtrer").click()
    dialog = page.get_by_role("dialog", name="Refine")
    expect(dialog).to_be_visible()
    dialog.get_by_label("Price low to high").check()
    dialog.get_by_role("button", name="Apply Filters").click()
    expect(dialog).to_be_hidden()
    expect(page).to_have_url(re.compile(r"sort=price_asc"))
    cards = _grid_cards(page)
    expect(cards.first).to_be_visible()
    # the list arrives after the URL changes: wait until it is the sorted one
    page.wait_for_function(SORTED_GRID)
    prices = [_digits(p) for p in cards.evaluate_all("a => a.map(e => e.dataset.price)")]
    assert prices == sorted(prices) and len(prices) > 1

    page.get_by_role("button", name="Filtrer").click()
    dialog = page.get_by_role("dialog", name="Refine")
    brand_box = dialog.locator("input[data-group=brand]:not([data-all])").first
    brand = brand_box.get_attribute("value") or ""
    brand_box.check()
    expect(dialog.get_by_label("All Brands")).not_to_be_checked()
    dialog.get_by_role("button", name="Apply Filters").click()
    expect(page).to_have_url(re.compile(r"brand="))
    expect(title).not_to_contain_text(f"{total} produits")
    expect(title).to_contain_text(re.compile(r"\b[1-9]\d* produits?"))
    narrowed = int(re.search(r"(\d+) produits?", title.inner_text()).group(1))
    assert 0 < narrowed < total

    # A shared link shows the same list.
    url = page.url
    other = page.context.new_page()
    other.goto(url)
    other_title = other.get_by_role("heading", name=re.compile("Tous les produits"))
    expect(other_title).to_contain_text(re.compile(rf"\b{narrowed} produits?"))
    other.get_by_role("button", name="Filtrer").click()
    expect(other.get_by_role("dialog").get_by_label(brand, exact=True)).to_be_checked()
    expect(other.get_by_role("dialog").get_by_label("Price low to high")).to_be_checked()
    other.close()


def test_level_one_page_moves_to_its_first_level_two(page: Page, shop: str) -> None:
    """The level-2 page comes with the level-1 address's answer (no redirect to wait for), and
    the address bar moves to it; back goes to where the shopper was."""
    main = _first_level_one(shop)
    page.goto("/produit/987654321")
    documents: list[str] = []
    page.on(
        "request",
        lambda r: documents.append(r.url) if r.resource_type == "document" else None,
    )
    answer = page.goto(f"/level-one-products?mainCategoryId={main['id']}")
    assert answer is not None and answer.status == 200 and answer.request.redirected_from is None
    expect(page).to_have_url(
        re.compile(
            rf"/products/?\?mainCategoryId={main['id']}&categoryId={main['children'][0]['id']}"
        )
    )
    expect(page.get_by_role("heading", level=1)).to_have_text(main["children"][0]["name"])
    breadcrumb = page.get_by_role("navigation", name="Fil d'Ariane")
    expect(breadcrumb.get_by_role("link", name=main["name"])).to_be_visible()
    expect(page.locator("#products-grid article, main section article").first).to_be_visible()
    assert len(documents) == 1, f"one page asked for: {documents}"
    page.go_back()
    expect(page).to_have_url(re.compile(r"/produit/987654321"))


def test_deals_tabs_without_a_main_category(page: Page) -> None:
    page.goto("/products")
    expect(page.get_by_role("tab", name="Fresh Deals")).to_have_attribute("aria-selected", "true")
    expect(page.get_by_role("heading", name="Bakery on sale")).to_be_visible()
    page.get_by_role("tab", name="Sale").click()
    expect(page.get_by_text("Sale Items – Coming soon...")).to_be_visible()


def test_unknown_product_and_unknown_path(page: Page) -> None:
    page.goto("/produit/987654321")
    expect(page.get_by_text("404")).to_be_visible()
    expect(page.get_by_role("heading", name="Produit non trouvé")).to_be_visible()

    page.goto("/ce-chemin/nexiste-pas")
    expect(page.get_by_role("heading", name="Page introuvable")).to_be_visible()
    expect(
        page.get_by_text("La page que vous recherchez n'existe pas ou a été déplacée.")
    ).to_be_visible()
    expect(page.get_by_role("button", name="Réessayer")).to_be_visible()
    page.get_by_role("link", name="Retour à l'accueil").click()
    expect(page).to_have_url(re.compile(r"/$"))


@pytest.mark.parametrize(
    ("path", "title", "message"),
    [
        ("/error/network", "Problème de connexion", "Impossible de se connecter au serveur."),
        ("/error/server", "Erreur du serveur", "Le serveur rencontre actuellement"),
        ("/error", "Erreur de chargement", "Une erreur est survenue lors du chargement"),
        # the message travels as one of the shop's keys (free text is not shown: see
        # grocer.views.error_route)
        (
            "/error?type=server&message=errors%3AproductLoadFailed",
            "Erreur du serveur",
            "Le produit n'a pas pu être chargé.",
        ),
    ],
)
def test_error_pages(page: Page, path: str, title: str, message: str) -> None:
    page.goto(path)
    expect(page.get_by_role("heading", name=title)).to_be_visible()
    expect(page.get_by_text(message)).to_be_visible()
    expect(page.locator("main li")).to_have_count(3)
    expect(page.get_by_role("link", name=re.compile("E-mail"))).to_have_attribute(
        "href", re.compile("^mailto:")
    )
    expect(page.get_by_role("link", name=re.compile("Téléphone"))).to_have_attribute(
        "href", re.compile("^tel:")
    )


def test_phone_drawer_shows_the_categories(phone: Page, shop: str) -> None:
    main = _first_level_one(shop)
    phone.goto("/")
    wait_hydrated(phone)
    phone.get_by_role("button", name="Menu").click()
    drawer = phone.get_by_role("dialog", name="Menu")
    expect(drawer).to_be_visible()
    drawer.get_by_text(main["name"], exact=True).click()
    expect(drawer.get_by_role("link", name=f"Voir tout {main['name']}")).to_be_visible()
    expect(drawer.get_by_role("combobox", name="Langue")).to_have_value("fr")
    expect(drawer.get_by_role("combobox", name="Devise")).to_be_visible()
    expect(drawer.get_by_role("button", name="Se connecter")).to_be_visible()
    expect(drawer.get_by_role("button", name="Entrez votre adresse")).to_be_visible()
    phone.keyboard.press("Escape")
    expect(drawer).to_be_hidden()


def test_product_link_paints_a_shell_until_the_page_is_there(page: Page, shop: str) -> None:
    """A shared product link is not prerendered: its HTML must already paint the header band
    and a spinner (not a white screen), and the shell must be gone once the product shows."""
    first = _first_level_one(shop)
    sub = first["children"][0]
    articles = httpx.get(
        f"{shop}/api/v1/web-ui/articles", params={"categoryid": sub["id"]}, timeout=10
    ).json()["items"]
    article = articles[0]
    html = httpx.get(f"{shop}/produit/{article['id']}", timeout=10).text
    assert 'id="grocer-shell"' in html

    page.goto(f"/produit/{article['id']}")
    expect(page.get_by_role("heading", name=article["name"]).first).to_be_visible()
    expect(page.locator("#grocer-shell")).to_have_count(0)


NAV_COPY_JS = "() => localStorage.getItem('nav_categories_v1')"


def test_the_browser_keeps_its_copy_of_the_categories_and_never_sends_it_up(
    page: Page, shop: str
) -> None:
    """localStorage `nav_categories_v1` (spec 001 §3) holds the tree the bar shows, with when it
    was saved; the next page load does not carry it back to the server (16 kB on a slow link)."""
    sent = frames_sent(page)
    page.goto("/")
    page.wait_for_function(NAV_COPY_JS)
    copy = json.loads(page.evaluate(NAV_COPY_JS))
    tree = httpx.get(f"{shop}/api/v1/categories", params={"lang": "fr"}, timeout=10).json()
    assert [node["name"] for node in copy["data"]] == [node["name"] for node in tree]
    assert [kid["name"] for kid in copy["data"][0]["children"]] == [
        kid["name"] for kid in tree[0]["children"]
    ]
    assert abs(copy["savedAt"] - time.time() * 1000) < 120_000 and copy["lang"] == "fr"

    page.reload()
    wait_hydrated(page)
    expect(page.get_by_role("link", name=tree[0]["name"]).first).to_be_visible()
    assert sent, "the page sent no websocket message"
    carried = [frame for frame in sent if "nav_categories_v1" in frame or tree[-1]["name"] in frame]
    assert carried == []
