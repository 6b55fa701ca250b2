"""The back-office's home panel handlers (grocer.state.admin_home) called the way the websocket
would: an admin reorders the home sections (the storefront's sections service answers in the
new order), edits a section and its articles, and writes a promotion whose banner preview
follows the unsaved form; a refused field shows the service's message beside it. A shopper
whose tab claims the admin role, staff, and a visitor change nothing; signing out empties the
panel."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest
from sqlmodel import Session, col, func, select

from grocer.models import AuditEntry, Promotion, Section, SectionArticle, User
from grocer.services import catalogue
from grocer.state import session_events
from grocer.state.admin_home import AdminHomeState
from grocer.state.auth import AuthState
from grocer.state.toast import ToastState
from tests.support.state_harness import new_tree, run, sign_in, sub


@pytest.fixture
def home(db: Session, shop: dict[str, Any]) -> dict[str, int]:
    """Three home sections (Fruits, Légumes, Boissons), the first holding the shop's articles,
    and one promotion."""
    ids = {}
    for order, title in enumerate(("Fruits", "Légumes", "Boissons"), start=1):
        section = Section(key=title.lower(), title=title, display_order=order)
        db.add(section)
        db.commit()
        ids[title] = section.id
    for position, article in enumerate(shop["articles"], start=1):
        db.add(SectionArticle(section_id=ids["Fruits"], article_id=article.id, position=position))
    promotion = Promotion(key="promo", name="Soldes", display_on_banner=True)
    db.add(promotion)
    db.commit()
    ids["promotion"] = promotion.id
    return ids


def panel_of(db: Session, user: User, roles: list[str]) -> tuple[Any, Any]:
    user.roles = roles
    db.add(user)
    db.commit()
    root = new_tree()
    sign_in(root, db, user)
    return root, sub(root, AdminHomeState)


def titles(db: Session) -> list[str]:
    db.expire_all()
    return [s["title"] for s in catalogue.sections(db, active=True)]


def toast(root: Any) -> str:
    return sub(root, ToastState).key


SECTION_FORM = {"name": "Fruits frais", "description": "De saison", "active": "on",
                "en_name": "Fresh fruit", "en_description": "", "es_name": "", "es_description": "",
                "de_name": "", "de_description": ""}  # fmt: skip
PROMOTION_FORM = {"name": "Mangues", "description": "-25 %", "code": "mangue25",
                  "discount_type": "PERCENT", "discount_value": "25", "starts_on": "",
                  "end_date": "", "active": "on", "on_banner": "on"}  # fmt: skip


def test_an_admin_reorders_and_edits_the_home(
    db: Session, shop: dict[str, Any], home: dict[str, int]
) -> None:
    root, panel = panel_of(db, shop["alice"], ["consumer", "admin"])
    run(AdminHomeState.load, panel)
    assert [s["title"] for s in panel.sections] == ["Fruits", "Légumes", "Boissons"]
    assert panel.sections[0]["articles"] == 3
    assert [p["name"] for p in panel.promotions] == ["Soldes"]

    run(AdminHomeState.move_section, panel, home["Boissons"], "up")
    assert toast(root) == "admin:home.toasts.moved"
    assert [s["title"] for s in panel.sections] == ["Fruits", "Boissons", "Légumes"]
    assert titles(db) == ["Fruits", "Boissons", "Légumes"]
    run(AdminHomeState.move_section, panel, home["Fruits"], "sideways")  # refused quietly
    assert titles(db) == ["Fruits", "Boissons", "Légumes"]

    run(AdminHomeState.open_section, panel, home["Fruits"])
    assert panel.editing == "section" and panel.form["name"] == "Fruits"
    assert [a["position"] for a in panel.articles] == [1, 2, 3]
    run(AdminHomeState.save_section, panel, {**SECTION_FORM, "name": "  "})
    assert (panel.error_field, toast(root)) == ("title", "admin:toasts.invalid")
    assert "obligatoire" in panel.error_message
    run(AdminHomeState.save_section, panel, SECTION_FORM)
    assert toast(root) == "admin:toasts.saved" and panel.error_field == ""
    assert panel.form["texts"]["en_name"] == "Fresh fruit"
    assert titles(db)[0] == "Fruits frais"
    # unticked "shown": the storefront drops it
    run(
        AdminHomeState.save_section, panel, {k: v for k, v in SECTION_FORM.items() if k != "active"}
    )
    assert titles(db) == ["Boissons", "Légumes"]

    first, second, third = (a.id for a in shop["articles"])
    run(AdminHomeState.move_article, panel, third, "up")
    run(AdminHomeState.remove_article, panel, first)
    assert [a["id"] for a in panel.articles] == [third, second]
    run(AdminHomeState.find_articles, panel, {"q": "article-0"})
    assert [a["id"] for a in panel.candidates] == [first]
    run(AdminHomeState.add_article, panel, first)
    run(AdminHomeState.add_article, panel, first)  # twice: refused
    assert toast(root) == "admin:toasts.notAllowed"
    db.expire_all()
    stored = db.exec(
        select(SectionArticle.article_id)
        .where(SectionArticle.section_id == home["Fruits"])
        .order_by(col(SectionArticle.position))
    ).all()
    assert list(stored) == [third, second, first]


def test_the_promotion_form_previews_the_banner_and_shows_refusals(
    db: Session, shop: dict[str, Any], home: dict[str, int]
) -> None:
    root, panel = panel_of(db, shop["alice"], ["admin"])
    run(AdminHomeState.load, panel)
    run(AdminHomeState.new_promotion, panel)
    run(AdminHomeState.set_draft, panel, "name", "Mangues")
    run(AdminHomeState.set_draft, panel, "code", " mangue25 ")
    run(AdminHomeState.set_draft, panel, "active", "no")  # not a previewed field
    preview = panel.preview
    assert [(p["name"], p["description"], p["promoCode"]) for p in preview] == [
        ("Mangues", "Mangues", "MANGUE25")  # no description yet: the banner shows the name
    ]
    run(AdminHomeState.save_promotion, panel, {**PROMOTION_FORM, "discount_value": "150"})
    assert panel.error_field == "discountValue" and "100" in panel.error_message
    run(
        AdminHomeState.save_promotion,
        panel,
        {**PROMOTION_FORM, "starts_on": "2027-01-10", "end_date": "2027-01-01"},
    )
    assert panel.error_field == "endDate"
    db.expire_all()
    assert db.exec(select(func.count()).select_from(Promotion)).one() == 1
    run(AdminHomeState.save_promotion, panel, PROMOTION_FORM)
    assert toast(root) == "admin:toasts.saved" and panel.form["id"] > 0
    assert panel.form["code"] == "MANGUE25" and panel.error_field == ""
    assert [p["name"] for p in panel.promotions] == ["Mangues", "Soldes"]
    assert panel.promotions[0]["discount"] == "25 %" and panel.promotions[0]["shown_today"]
    db.expire_all()
    assert [p["name"] for p in catalogue.banner_promotions(db)] == ["Soldes", "Mangues"]

    # a picture saved by the picture field: the open form shows it
    saved = db.get(Promotion, panel.form["id"])
    saved.image_url = "/media/promotion/abc.webp"
    db.add(saved)
    db.commit()
    run(AdminHomeState.picture_saved, panel, "promotion", saved.id, saved.image_url)
    assert panel.form["image"] == "/media/promotion/abc.webp"


def every_handler(panel: Any, home: dict[str, int], article: int) -> None:
    """Each handler once, as a forged client would send it."""
    run(AdminHomeState.load, panel)
    run(AdminHomeState.move_section, panel, home["Boissons"], "up")
    run(AdminHomeState.open_section, panel, home["Fruits"])
    panel.editing, panel.form = "section", {**panel.form, "id": home["Fruits"]}
    run(AdminHomeState.save_section, panel, SECTION_FORM)
    run(AdminHomeState.articles_page, panel, 1)
    run(AdminHomeState.find_articles, panel, {"q": "article"})
    run(AdminHomeState.add_article, panel, article)
    run(AdminHomeState.remove_article, panel, article)
    run(AdminHomeState.move_article, panel, article, "down")
    run(AdminHomeState.new_section, panel)
    run(AdminHomeState.save_section, panel, SECTION_FORM)
    run(AdminHomeState.search_promotions, panel, {"q": "Soldes"})
    run(AdminHomeState.promotions_page, panel, 1)
    run(AdminHomeState.open_promotion, panel, home["promotion"])
    panel.editing, panel.form = "promotion", {**panel.form, "id": home["promotion"]}
    run(AdminHomeState.save_promotion, panel, PROMOTION_FORM)
    run(AdminHomeState.new_promotion, panel)
    run(AdminHomeState.save_promotion, panel, PROMOTION_FORM)
    run(AdminHomeState.picture_saved, panel, "promotion", home["promotion"], "/x.webp")


def unchanged(db: Session, home: dict[str, int]) -> bool:
    db.expire_all()
    sections = db.exec(select(Section).order_by(col(Section.display_order))).all()
    promotions = db.exec(select(Promotion)).all()
    members = db.exec(select(func.count()).select_from(SectionArticle)).one()
    trail = db.exec(select(func.count()).select_from(AuditEntry)).one()
    return (
        [s.title for s in sections] == ["Fruits", "Légumes", "Boissons"]
        and [p.name for p in promotions] == ["Soldes"]
        and members == 3
        and trail == 0
    )


@pytest.mark.parametrize("role", ["consumer", "staff"])
def test_a_shopper_claiming_the_admin_role_and_staff_change_nothing(
    db: Session, shop: dict[str, Any], home: dict[str, int], role: str
) -> None:
    root, panel = panel_of(db, shop["alice"], [role])
    auth = sub(root, AuthState)
    auth.user_roles = json.dumps(["admin"])  # what a forged browser storage says
    every_handler(panel, home, shop["articles"][0].id)
    assert unchanged(db, home)
    assert toast(root) == "admin:toasts.denied"
    assert panel.sections == [] and panel.promotions == [] and panel.articles == []


def test_a_visitor_changes_nothing(db: Session, shop: dict[str, Any], home: dict[str, int]) -> None:
    panel = sub(new_tree(), AdminHomeState)
    every_handler(panel, home, shop["articles"][0].id)
    assert unchanged(db, home)
    assert panel.sections == [] and panel.promotions == []


def test_signing_out_empties_the_panel(
    db: Session, shop: dict[str, Any], home: dict[str, int]
) -> None:
    root, panel = panel_of(db, shop["alice"], ["admin"])
    run(AdminHomeState.load, panel)
    run(AdminHomeState.open_promotion, panel, home["promotion"])
    assert panel.sections and panel.editing == "promotion"
    asyncio.run(session_events.fire(session_events.LOGGED_OUT, sub(root, AuthState)))
    assert panel.sections == [] and panel.promotions == [] and panel.editing == ""
