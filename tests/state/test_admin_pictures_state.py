"""The back-office's picture field handlers (grocer.state.admin_pictures) called the way the
upload route calls them: an admin's file becomes the article's picture (the catalogue panel is
told, the toast says so); a refused file shows the service's message under its field and writes
nothing; the browser's own refusals say the same as the service. A shopper whose tab claims the
admin role, staff and a visitor change nothing."""

from __future__ import annotations

import io
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import reflex as rx
from PIL import Image
from sqlmodel import Session, select

from grocer import settings as grocer_settings
from grocer.models import Article, AuditEntry, Section, User
from grocer.services.admin import pictures
from grocer.state.admin_pictures import AdminPictureState
from grocer.state.auth import AuthState
from grocer.state.toast import ToastState
from tests.support.state_harness import new_tree, run, sign_in, sub


@pytest.fixture
def media(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    folder = tmp_path / "media"
    monkeypatch.setenv("GROCER_MEDIA_DIR", str(folder))
    grocer_settings.get_settings.cache_clear()
    yield folder
    grocer_settings.get_settings.cache_clear()


def field_of(db: Session, user: User, roles: list[str]) -> tuple[Any, Any]:
    user.roles = roles
    db.add(user)
    db.commit()
    root = new_tree()
    sign_in(root, db, user)
    return root, sub(root, AdminPictureState)


def jpeg() -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (640, 480), (200, 120, 20)).save(out, "JPEG")
    return out.getvalue()


def files(name: str, data: bytes) -> list[rx.UploadFile]:
    return [rx.UploadFile(file=io.BytesIO(data), path=Path(name), size=len(data))]


def written(folder: Path) -> list[Path]:
    return sorted(folder.rglob("*")) if folder.exists() else []


def picture_of(db: Session, article: Article) -> str:
    db.expire_all()
    row = db.get(Article, article.id)
    assert row is not None
    return (row.image_urls or [""])[0]


def test_an_admin_saves_an_articles_picture_and_the_catalogue_panel_is_told(
    db: Session, shop: dict[str, Any], media: Path
) -> None:
    root, field = field_of(db, shop["alice"], ["admin"])
    article = shop["articles"][0]

    run(AdminPictureState.save, field, "article", article.id, files("a.jpg", jpeg()))
    assert field.answered  # the field then asks for the rest over the websocket
    (events,) = run(AdminPictureState.finish, field)

    url = picture_of(db, article)
    assert url.startswith("/media/article/")
    assert (media / url.removeprefix("/media/")).is_file()
    told, _expire = events
    assert told.handler.fn.__name__ == "picture_saved"
    assert [value._js_expr for _name, value in told.args] == [
        json.dumps("article"),
        str(article.id),
        json.dumps(url),
    ]
    assert sub(root, ToastState).key == "admin:pictures.saved"
    assert (field.busy, field.error_message, field.kind) == (False, "", "article")
    assert not field.answered
    assert run(AdminPictureState.finish, field) == [None]  # once only


def test_a_sections_picture_tells_the_home_panel(
    db: Session, shop: dict[str, Any], media: Path
) -> None:
    section = Section(key="saison", title="De saison")
    db.add(section)
    db.commit()
    _root, field = field_of(db, shop["alice"], ["admin"])
    run(AdminPictureState.save, field, "section", section.id, files("s.jpg", jpeg()))
    (events,) = run(AdminPictureState.finish, field)
    told, _expire = events
    assert told.handler.state_full_name.endswith("admin_home_state")
    db.expire_all()
    stored = db.get(Section, section.id)
    assert stored is not None and (stored.image or "").startswith("/media/section/")


def test_a_refused_file_shows_the_services_message_and_writes_nothing(
    db: Session, shop: dict[str, Any], media: Path
) -> None:
    root, field = field_of(db, shop["alice"], ["admin"])
    article = shop["articles"][0]
    run(AdminPictureState.save, field, "article", article.id, files("notes.jpg", b"pas une image"))
    assert "n'est pas une image" in field.error_message
    (events,) = run(AdminPictureState.finish, field)
    assert len(events) == 1  # the toast only: no panel to tell
    assert sub(root, ToastState).key == "admin:toasts.invalid"
    run(AdminPictureState.save, field, "article", article.id, files("photo.png", jpeg()))
    assert "renommez-le en .jpg" in field.error_message
    run(AdminPictureState.save, field, "article", article.id, [])
    assert field.error_message == "Le fichier est vide : choisissez une image"
    run(AdminPictureState.save, field, "article", 999_999, files("a.jpg", jpeg()))
    run(AdminPictureState.finish, field)
    assert sub(root, ToastState).key == "admin:toasts.notFound"
    run(AdminPictureState.save, field, "user", article.id, files("a.jpg", jpeg()))
    assert "Type inconnu" in field.error_message
    assert written(media) == []
    assert picture_of(db, article) == ""
    assert db.exec(select(AuditEntry)).all() == []
    assert field.busy is False


def test_the_browsers_refusals_say_what_the_service_says(db: Session, shop: dict[str, Any]) -> None:
    _root, field = field_of(db, shop["alice"], ["admin"])
    run(AdminPictureState.rejected, field, "category", [{"errors": [{"code": "file-too-large"}]}])
    assert (field.kind, field.error_message) == ("category", pictures.PictureTooLarge.message)
    run(AdminPictureState.rejected, field, "article", [{"errors": [{"code": "file-invalid-type"}]}])
    assert field.kind == "article" and "JPEG, PNG ou WebP" in field.error_message
    for forged in ("not a list", None, [None], [{"errors": None}], [{"errors": [3]}]):
        run(AdminPictureState.rejected, field, "article", forged)
    assert "JPEG, PNG ou WebP" in field.error_message
    run(AdminPictureState.sending, field, "article", {"progress": 0.5})
    assert field.progress == 50
    assert "JPEG, PNG ou WebP" in field.error_message  # a late progress event keeps the answer
    run(AdminPictureState.sending, field, "article", {"progress": "x"})
    assert field.progress == 0


@pytest.mark.parametrize("role", ["consumer", "staff"])
def test_a_shopper_claiming_the_admin_role_and_staff_change_nothing(
    db: Session, shop: dict[str, Any], media: Path, role: str
) -> None:
    root, field = field_of(db, shop["alice"], [role])
    sub(root, AuthState).user_roles = json.dumps(["admin"])  # a forged browser storage
    article = shop["articles"][0]
    run(AdminPictureState.save, field, "article", article.id, files("a.jpg", jpeg()))
    run(AdminPictureState.finish, field)
    assert sub(root, ToastState).key == "admin:toasts.denied"
    assert written(media) == [] and picture_of(db, article) == ""


def test_a_visitor_changes_nothing(db: Session, shop: dict[str, Any], media: Path) -> None:
    field = sub(new_tree(), AdminPictureState)
    article = shop["articles"][0]
    run(AdminPictureState.save, field, "article", article.id, files("a.jpg", jpeg()))
    assert run(AdminPictureState.finish, field) == [None]
    assert written(media) == [] and picture_of(db, article) == ""
    assert not field.answered
