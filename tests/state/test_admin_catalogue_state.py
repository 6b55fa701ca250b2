"""The back-office's catalogue panel handlers (grocer.state.admin_catalogue) called the way the
websocket would: an admin builds, orders, moves and hides categories (the storefront's tree
follows) and creates and edits an article from the form's submitted values (the storefront's
product answers them; a refused field shows the service's message beside it). A shopper whose
tab claims the admin role, staff, and a visitor change nothing; signing out empties the
panel."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest
from sqlmodel import Session, func, select

from grocer.models import Article, AuditEntry, Category, Nutrition, User
from grocer.services import catalogue
from grocer.state import session_events
from grocer.state.admin_catalogue import AdminCatalogueState
from grocer.state.auth import AuthState
from grocer.state.toast import ToastState
from tests.support.state_harness import new_tree, run, sign_in, sub

State = AdminCatalogueState


@pytest.fixture
def tree(db: Session) -> dict[str, int]:
    """Épicerie › Fruits › Pommes, and Boissons."""
    ids: dict[str, int] = {}
    for name, level, parent, order in (
        ("Épicerie", 1, None, 1),
        ("Fruits", 2, "Épicerie", 1),
        ("Pommes", 3, "Fruits", 1),
        ("Boissons", 1, None, 2),
    ):
        row = Category(key=name.lower(), name=name, level=level,
                       parent_id=ids.get(parent or ""), display_order=order)  # fmt: skip
        db.add(row)
        db.commit()
        assert row.id is not None
        ids[name] = row.id
    return ids


def panel_of(db: Session, user: User, roles: list[str]) -> tuple[Any, Any]:
    user.roles = roles
    db.add(user)
    db.commit()
    root = new_tree()
    sign_in(root, db, user)
    return root, sub(root, State)


def toast(root: Any) -> str:
    return sub(root, ToastState).key


def storefront_tree(db: Session) -> list[tuple[str, list[str]]]:
    db.expire_all()
    return [(c["name"], [k["name"] for k in c["children"]]) for c in catalogue.category_tree(db)]


ARTICLE_FORM = {
    "name": "Mangue Amélie", "description": "Juteuse", "price": "1500", "salePrice": "",
    "originalPrice": "", "weight": "1 kg", "lengthCm": "", "widthCm": "", "heightCm": "",
    "brand": "Vergers du Faso", "origin": "Burkina Faso", "productQuality": "Bio",
    "sku": "MANG-1", "savings": "", "promotion": "", "status": "ACTIVE", "express": "on",
    "line_name_0": "Calories", "line_value_0": "60", "line_unit_0": "kcal",
    "line_name_1": "", "line_value_1": "", "line_unit_1": "g",
    "en_name": "Amelie mango", "en_description": "", "es_name": "", "es_description": "",
    "de_name": "", "de_description": "",
}  # fmt: skip


def test_an_admin_builds_orders_moves_and_hides_categories(
    db: Session, shop: dict[str, Any], tree: dict[str, int]
) -> None:
    root, panel = panel_of(db, shop["alice"], ["consumer", "admin"])
    run(State.load, panel)
    assert [r["name"] for r in panel.tree_rows] == ["Épicerie", "Boissons"]
    run(State.toggle_open, panel, tree["Épicerie"])
    run(State.toggle_open, panel, tree["Fruits"])
    assert [(r["name"], r["level"]) for r in panel.tree_rows] == [
        ("Épicerie", 1), ("Fruits", 2), ("Pommes", 3), ("Boissons", 1)
    ]  # fmt: skip
    assert [c["label"] for c in panel.leaf_choices] == ["Épicerie › Fruits › Pommes"]

    # a sub-category of Boissons: a blank name is refused beside the field
    run(State.new_category, panel, tree["Boissons"])
    assert panel.editing_category and panel.category["level"] == 2
    run(State.save_category, panel, {"name": " ", "visible": "on"})
    assert (panel.error_field, toast(root)) == ("name", "admin:toasts.invalid")
    assert "obligatoire" in panel.error_message
    run(State.save_category, panel, {"name": "Jus", "visible": "on", "en_name": "Juice"})
    assert toast(root) == "admin:toasts.saved" and panel.error_field == ""
    assert panel.category["id"] > 0 and panel.category["texts"]["en_name"] == "Juice"
    assert ("Boissons", ["Jus"]) in storefront_tree(db)
    # a level-3 category offers no sub-category
    run(State.new_category, panel, tree["Pommes"])
    assert panel.category["level"] == 2  # the form of Jus stays open

    run(State.step_category, panel, tree["Boissons"], "up")
    assert toast(root) == "admin:catalogue.toasts.ordered"
    assert [name for name, _ in storefront_tree(db)] == ["Boissons", "Épicerie"]
    run(State.step_category, panel, tree["Pommes"], "up")  # level 3: by name
    assert toast(root) == "admin:toasts.notAllowed"
    run(State.step_category, panel, tree["Boissons"], "sideways")  # refused quietly

    # Fruits under Boissons, then back; under its own child: refused beside the select
    run(State.open_category, panel, tree["Fruits"])
    offered = [c["label"] for c in panel.parent_choices]
    assert offered == ["Boissons", "Boissons › Jus", "Épicerie"]  # not itself nor below it
    run(State.move_category, panel, {"parent": str(tree["Pommes"])})  # a forged choice
    assert panel.error_field == "parentId" and "niveau 3" in panel.error_message
    run(State.move_category, panel, {"parent": str(tree["Boissons"])})
    assert toast(root) == "admin:catalogue.toasts.moved" and panel.error_field == ""
    assert ("Boissons", ["Jus", "Fruits"]) in storefront_tree(db)  # placed last
    run(State.move_category, panel, {"parent": ""})
    assert panel.error_field == ""
    assert [name for name, _ in storefront_tree(db)] == ["Boissons", "Épicerie", "Fruits"]

    run(State.set_visible, panel, tree["Boissons"], False)
    assert [name for name, _ in storefront_tree(db)] == ["Épicerie", "Fruits"]
    hidden = next(r for r in panel.categories if r["name"] == "Jus")
    assert not hidden["shown"] and hidden["visible"]


def test_an_admin_creates_and_edits_an_article(
    db: Session, shop: dict[str, Any], tree: dict[str, int]
) -> None:
    root, panel = panel_of(db, shop["alice"], ["admin"])
    run(State.load, panel)
    run(State.show_view, panel, "articles")
    assert panel.view == "articles" and panel.article_total == 3  # the shop's three
    run(State.new_article, panel)
    run(State.save_article, panel, {**ARTICLE_FORM})  # no category chosen
    assert panel.error_field == "categoryId" and toast(root) == "admin:toasts.invalid"
    form = {**ARTICLE_FORM, "categoryId": str(tree["Pommes"])}
    run(State.save_article, panel, {**form, "salePrice": "1500"})
    assert panel.error_field == "salePrice" and "inférieur" in panel.error_message
    run(State.save_article, panel, {**form, "line_value_0": "beaucoup"})
    assert panel.error_field == "nutritions.0.value"
    db.expire_all()
    assert db.exec(select(func.count()).select_from(Article)).one() == 3

    run(State.save_article, panel, form)
    assert toast(root) == "admin:toasts.saved" and panel.error_field == ""
    made = panel.article["id"]
    assert made > 0 and panel.article["values"]["price"] == "1500"
    assert panel.article["flags"]["express"] and not panel.article["flags"]["isNew"]
    assert [line["name"] for line in panel.article["lines"]] == ["Calories"]
    assert panel.articles[0]["name"] == "Mangue Amélie" and panel.article_total == 4
    db.expire_all()
    shown = catalogue.get_article(db, made)
    assert (shown["name"], shown["price"], shown["express"]) == ("Mangue Amélie", "1500.00", True)
    assert catalogue.get_article(db, made, "en")["name"] == "Amelie mango"

    # edited: on sale, the express box unticked, the nutrition line cleared
    run(State.add_line, panel)
    assert len(panel.article["lines"]) == 2
    edited = {**form, "salePrice": "1200", "line_name_0": "", "line_value_0": ""}
    del edited["express"]
    run(State.save_article, panel, edited)
    db.expire_all()
    shown = catalogue.get_article(db, made)
    assert (shown["salePrice"], shown["express"]) == ("1200.00", False)
    assert db.exec(select(Nutrition).where(Nutrition.article_id == made)).all() == []

    run(State.filter_articles, panel, {"q": "vergers", "status": "ACTIVE", "category": ""})
    assert [a["id"] for a in panel.articles] == [made]
    run(State.filter_articles, panel, {"q": "", "status": "GONE", "category": "x"})
    assert panel.article_status == "" and panel.article_total == 4

    # a picture saved by the picture field: the open form shows it
    article = db.get(Article, made)
    article.image_urls = ["/media/article/abc.webp"]
    db.add(article)
    db.commit()
    run(State.picture_saved, panel, "article", made, "/media/article/abc.webp")
    assert panel.article["image"] == "/media/article/abc.webp"


def every_handler(panel: Any, tree: dict[str, int], article: int) -> None:
    """Each handler once, as a forged client would send it."""
    run(State.load, panel)
    run(State.toggle_open, panel, tree["Épicerie"])
    run(State.new_category, panel, 0)
    panel.editing_category = True
    run(State.save_category, panel, {"name": "Pirate", "visible": "on"})
    run(State.open_category, panel, tree["Fruits"])
    panel.editing_category, panel.category = True, {**panel.category, "id": tree["Fruits"]}
    run(State.save_category, panel, {"name": "Pirate"})
    run(State.move_category, panel, {"parent": str(tree["Boissons"])})
    run(State.step_category, panel, tree["Boissons"], "up")
    run(State.set_visible, panel, tree["Épicerie"], False)
    run(State.show_view, panel, "articles")
    run(State.filter_articles, panel, {"q": "article"})
    run(State.articles_page, panel, 1)
    run(State.open_article, panel, article)
    run(State.new_article, panel)
    run(State.save_article, panel, {**ARTICLE_FORM, "categoryId": str(tree["Pommes"])})
    panel.editing_article, panel.article = True, {**panel.article, "id": article}
    run(State.save_article, panel, {**ARTICLE_FORM, "price": "1"})
    run(State.picture_saved, panel, "article", article, "/x.webp")
    run(State.picture_saved, panel, "category", tree["Fruits"], "/x.webp")


def unchanged(db: Session) -> bool:
    db.expire_all()
    names = [(c.name, c.parent_id is None, c.can_display_on_ui, c.display_order)
             for c in db.exec(select(Category).order_by(Category.id)).all()]  # fmt: skip
    prices = sorted(int(a.price) for a in db.exec(select(Article)).all())
    trail = db.exec(select(func.count()).select_from(AuditEntry)).one()
    return (
        names
        == [
            ("Épicerie", True, True, 1),
            ("Fruits", False, True, 1),
            ("Pommes", False, True, 1),
            ("Boissons", True, True, 2),
        ]  # fmt: skip
        and prices == [100, 200, 300]
        and trail == 0
    )


@pytest.mark.parametrize("role", ["consumer", "staff"])
def test_a_shopper_claiming_the_admin_role_and_staff_change_nothing(
    db: Session, shop: dict[str, Any], tree: dict[str, int], role: str
) -> None:
    root, panel = panel_of(db, shop["alice"], [role])
    sub(root, AuthState).user_roles = json.dumps(["admin"])  # what a forged storage says
    every_handler(panel, tree, shop["articles"][0].id)
    assert unchanged(db)
    assert toast(root) == "admin:toasts.denied"
    assert panel.categories == [] and panel.articles == []


def test_a_visitor_changes_nothing(db: Session, shop: dict[str, Any], tree: dict[str, int]) -> None:
    panel = sub(new_tree(), State)
    every_handler(panel, tree, shop["articles"][0].id)
    assert unchanged(db)
    assert panel.categories == [] and panel.articles == []


def test_signing_out_empties_the_panel(
    db: Session, shop: dict[str, Any], tree: dict[str, int]
) -> None:
    root, panel = panel_of(db, shop["alice"], ["admin"])
    run(State.load, panel)
    run(State.open_category, panel, tree["Fruits"])
    assert panel.categories and panel.editing_category
    asyncio.run(session_events.fire(session_events.LOGGED_OUT, sub(root, AuthState)))
    assert panel.categories == [] and not panel.editing_category and panel.articles == []
