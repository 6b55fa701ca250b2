"""Back-office pictures (issue 17, ★) over the REST API, on SQLite and PostgreSQL: a JPEG or
PNG becomes WebP files in the sizes the pages draw, named by their content's hash; the row
points at the new one (an article's other pictures kept), the storefront's API shows it at once
and /media/ answers it with a year's cache lifetime; the old file stays. A too-big file, an
empty one, a text file named .jpg, a PNG named .jpg, an animation, a huge picture are each
refused with a French message, and nothing is written (media folder, row, audit trail). A
shopper, staff and a visitor are refused; an unknown row is a 404; a transaction that does not
commit leaves no new file."""

from __future__ import annotations

import io
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from PIL import Image
from sqlmodel import Session, col, select

from grocer import settings as grocer_settings
from grocer.models import Article, AuditEntry, Category, Promotion, Section, User
from grocer.services.admin import pictures
from grocer.services.admin.pictures import MAX_BYTES
from tests.support import API
from tests.support.accounts import bearer_for, stored_user
from tests.support.carts import make_article
from tests.support.concurrency import at_once

Auth = dict[str, str]


@pytest.fixture
def media(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The media folder of this test (GROCER_MEDIA_DIR)."""
    folder = tmp_path / "media"
    monkeypatch.setenv("GROCER_MEDIA_DIR", str(folder))
    grocer_settings.get_settings.cache_clear()
    yield folder
    grocer_settings.get_settings.cache_clear()


@pytest.fixture
def root(db: Session) -> User:
    return stored_user(db, "root", ["admin"])


@pytest.fixture
def admin(root: User) -> Auth:
    return bearer_for(root)


@pytest.fixture
def article(db: Session) -> int:
    """An article with two pictures: the first is replaced, the second kept."""
    article_id = make_article(db, "mangue", "1500")
    row = db.get(Article, article_id)
    assert row is not None
    row.image_urls = ["/img/products/mangue.webp", "/img/products/mangue-2.webp"]
    db.add(row)
    db.commit()
    return article_id


def picture(fmt: str = "JPEG", size: tuple[int, int] = (800, 500), **save: Any) -> bytes:
    """A picture in `fmt`: red on the left half, blue on the right."""
    mode = "RGBA" if fmt == "PNG" else "RGB"
    img = Image.new(mode, size, (30, 60, 200))
    img.paste((200, 30, 30), (0, 0, size[0] // 2, size[1]))
    out = io.BytesIO()
    img.save(out, fmt, **save)
    return out.getvalue()


def upload(
    client: TestClient,
    auth: Auth,
    plural: str,
    ref_id: int | str,
    name: str,
    data: bytes,
    status: int = 200,
) -> dict[str, Any]:
    answer = client.post(
        f"{API}/admin/{plural}/{ref_id}/picture",
        headers=auth,
        files={"file": (name, data, "application/octet-stream")},
    )
    assert answer.status_code == status, answer.text
    return answer.json()


def stored(folder: Path) -> dict[str, bytes]:
    """Every file under the media folder (hidden temporary ones too), by relative path."""
    if not folder.exists():
        return {}
    return {str(p.relative_to(folder)): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


def file_of(media: Path, url: str) -> Path:
    assert url.startswith("/media/")
    return media / url.removeprefix("/media/")


def size_of(path: Path) -> tuple[str, tuple[int, int]]:
    with Image.open(path) as img:
        return img.format or "", img.size


def trail(db: Session) -> list[AuditEntry]:
    db.expire_all()
    return list(db.exec(select(AuditEntry).order_by(col(AuditEntry.id))).all())


# --- saved pictures ------------------------------------------------------------------------------


def test_a_jpeg_becomes_the_articles_webp_picture_on_the_storefront_at_once(
    client: TestClient, db: Session, admin: Auth, article: int, media: Path
) -> None:
    before = client.get(f"{API}/articles/{article}").json()  # cached by the catalogue version
    assert before["imageUrl"] == "/img/products/mangue.webp"

    url = upload(client, admin, "articles", article, "Mangue Kent.JPG", picture())["url"]

    assert url.startswith("/media/article/") and url.endswith(".webp")
    assert size_of(file_of(media, url)) == ("WEBP", (400, 400))
    assert size_of(file_of(media, url.replace(".webp", "-600.webp"))) == ("WEBP", (600, 600))
    db.expire_all()
    row = db.get(Article, article)
    assert row is not None
    assert row.image_urls == [url, "/img/products/mangue-2.webp"]
    shown = client.get(f"{API}/articles/{article}").json()
    assert shown["imageUrl"] == url
    assert shown["imageUrls"] == [url, "/img/products/mangue-2.webp"]

    served = client.get(url)
    assert served.status_code == 200
    assert served.headers["content-type"] == "image/webp"
    assert served.headers["cache-control"] == "public, max-age=31536000, immutable"
    assert served.content == file_of(media, url).read_bytes()

    (entry,) = trail(db)
    assert (entry.action, entry.target_type, entry.target_id) == (
        "article.picture",
        "article",
        article,
    )
    assert entry.before == {
        "imageUrls": ["/img/products/mangue.webp", "/img/products/mangue-2.webp"]
    }
    assert entry.after == {"imageUrls": [url, "/img/products/mangue-2.webp"]}


def _category(db: Session) -> int:
    row = Category(key="fruits", name="Fruits", level=1, image_url="/img/categories/fruits.webp")
    db.add(row)
    db.commit()
    assert row.id is not None
    return row.id


def _section(db: Session) -> int:
    row = Section(key="saison", title="De saison", image="/img/sections/saison.webp")
    db.add(row)
    db.commit()
    assert row.id is not None
    return row.id


def _promotion(db: Session) -> int:
    row = Promotion(key="soldes", name="Soldes", image_url="/img/promotions/soldes.webp")
    db.add(row)
    db.commit()
    assert row.id is not None
    return row.id


KINDS: dict[str, tuple[str, Callable[[Session], int], str, str, dict[str, tuple[int, int]]]] = {
    # kind: (plural, make a row, its picture's field, audit action, the files' sizes)
    "category": ("categories", _category, "image_url", "category.update", {"": (200, 200)}),
    "section": ("sections", _section, "image", "section.update", {"": (600, 600)}),
    "promotion": (
        "promotions",
        _promotion,
        "image_url",
        "promotion.update",
        {"": (600, 400), "-banner": (1200, 400), "-banner-600": (600, 300)},
    ),
}
MODELS: dict[str, Any] = {"category": Category, "section": Section, "promotion": Promotion}


@pytest.mark.parametrize("kind", list(KINDS))
def test_a_png_becomes_the_rows_webp_picture_in_every_size_its_pages_draw(
    client: TestClient, db: Session, admin: Auth, media: Path, kind: str
) -> None:
    plural, make, field, action, sizes = KINDS[kind]
    ref_id = make(db)
    old = getattr(db.get(MODELS[kind], ref_id), field)

    url = upload(client, admin, plural, ref_id, "affiche.png", picture("PNG", (900, 900)))["url"]

    assert url.startswith(f"/media/{kind}/")
    for suffix, size in sizes.items():
        assert size_of(file_of(media, url.replace(".webp", f"{suffix}.webp"))) == ("WEBP", size)
    assert len(stored(media)) == len(sizes)
    db.expire_all()
    assert getattr(db.get(MODELS[kind], ref_id), field) == url
    (entry,) = trail(db)
    assert (entry.action, entry.target_type, entry.target_id) == (action, kind, ref_id)
    assert list(entry.before.values()) == [old] and list(entry.after.values()) == [url]


def test_the_storefront_shows_a_new_category_picture_at_once(
    client: TestClient, db: Session, admin: Auth, media: Path
) -> None:
    category = _category(db)
    assert client.get(f"{API}/categories/{category}").json()["imageUrl"].startswith("/img/")
    url = upload(client, admin, "categories", category, "fruits.webp", picture("WEBP"))["url"]
    assert client.get(f"{API}/categories/{category}").json()["imageUrl"] == url


def test_a_new_picture_keeps_the_old_file_and_the_same_one_again_changes_nothing(
    client: TestClient, db: Session, admin: Auth, article: int, media: Path
) -> None:
    first = upload(client, admin, "articles", article, "a.jpg", picture())["url"]
    second = upload(client, admin, "articles", article, "b.png", picture("PNG", (300, 300)))["url"]
    assert first != second
    assert file_of(media, first).is_file() and file_of(media, second).is_file()
    again = upload(client, admin, "articles", article, "b.png", picture("PNG", (300, 300)))["url"]
    assert again == second
    assert [e.action for e in trail(db)] == ["article.picture", "article.picture"]
    db.expire_all()
    row = db.get(Article, article)
    assert row is not None and row.image_urls[0] == second


# --- refusals: a clear message, nothing written -----------------------------------------------


def _animated_webp() -> bytes:
    frames = [Image.new("RGB", (64, 64), colour) for colour in ("red", "blue")]
    out = io.BytesIO()
    frames[0].save(out, "WEBP", save_all=True, append_images=frames[1:], duration=100)
    return out.getvalue()


def _huge_png() -> bytes:
    out = io.BytesIO()
    Image.new("1", (10_000, 10_000)).save(out, "PNG")  # a few kB, 100 million pixels
    return out.getvalue()


def _cut(data: bytes) -> bytes:
    """The first two thirds of a picture: its header reads, its pixels do not."""
    return data[: len(data) * 2 // 3]


def _too_big() -> bytes:
    data = picture()
    return data + b"\0" * (MAX_BYTES + 1 - len(data))


REFUSALS: dict[str, tuple[str, Callable[[], bytes], int, str]] = {
    # case: (file name, content, status, part of the message)
    "too big": ("grande.jpg", _too_big, 413, "Image trop volumineuse : 5 Mo au plus"),
    "empty": ("vide.jpg", lambda: b"", 400, "Le fichier est vide"),
    "text named .jpg": (
        "notes.jpg",
        lambda: b"Liste de courses : mangues, riz\n" * 50,
        400,
        "n'est pas une image JPEG, PNG ou WebP lisible",
    ),
    "png named .jpg": (
        "photo.jpg",
        lambda: picture("PNG"),
        400,
        "Le fichier se termine par .jpg mais c'est une image PNG : renommez-le en .png",
    ),
    "jpeg named .webp": (
        "photo.webp",
        lambda: picture(),
        400,
        "c'est une image JPEG : renommez-le en .jpg",
    ),
    "picture named .txt": ("photo.txt", lambda: picture(), 400, "Choisissez une image JPEG"),
    "gif": ("anim.gif", lambda: picture("GIF"), 400, "Choisissez une image JPEG, PNG ou WebP"),
    "gif named .png": ("anim.png", lambda: picture("GIF"), 400, "n'est pas une image JPEG"),
    "animated webp": ("anim.webp", _animated_webp, 400, "Les images animées ne sont pas"),
    "huge dimensions": ("enorme.png", _huge_png, 400, "40 millions de pixels au plus"),
    "truncated": ("coupee.jpg", lambda: _cut(picture()), 400, "abîmée ou incomplète"),
}


@pytest.mark.parametrize("case", list(REFUSALS))
def test_a_refused_file_says_why_and_writes_nothing(
    client: TestClient, db: Session, admin: Auth, article: int, media: Path, case: str
) -> None:
    name, content, status, message = REFUSALS[case]
    kept = upload(client, admin, "articles", article, "garde.jpg", picture())["url"]
    files = stored(media)

    answer = upload(client, admin, "articles", article, name, content(), status)

    assert message in answer["message"]
    assert answer["field"] == "file"
    assert stored(media) == files
    db.expire_all()
    row = db.get(Article, article)
    assert row is not None and row.image_urls == [kept, "/img/products/mangue-2.webp"]
    assert len(trail(db)) == 1


def test_a_body_beyond_the_picture_limit_is_refused_before_it_is_read(
    client: TestClient, admin: Auth, article: int, media: Path
) -> None:
    answer = upload(client, admin, "articles", article, "x.jpg", b"\xff" * (7 * 1024 * 1024), 413)
    assert answer["message"] == "Image trop volumineuse : 5 Mo au plus"
    assert stored(media) == {}
    # Other routes keep their 1 MB limit.
    big = client.post(f"{API}/admin/sections", headers=admin, json={"title": "x" * 2_000_000})
    assert big.status_code == 413
    assert big.json()["message"] == "Requête trop volumineuse : 1 Mo au plus"


def test_no_file_or_a_text_field_is_a_clear_400(
    client: TestClient, admin: Auth, article: int, media: Path
) -> None:
    answer = client.post(f"{API}/admin/articles/{article}/picture", headers=admin)
    assert answer.status_code == 400
    assert "Le fichier est vide" in answer.json()["message"]
    answer = client.post(
        f"{API}/admin/articles/{article}/picture", headers=admin, data={"file": "pas un fichier"}
    )
    assert answer.status_code == 400
    assert stored(media) == {}


# --- who may, and which row ---------------------------------------------------------------------


def test_shoppers_staff_and_visitors_are_refused_and_nothing_is_written(
    client: TestClient, db: Session, article: int, media: Path
) -> None:
    shopper = bearer_for(stored_user(db, "alice"))
    staff = bearer_for(stored_user(db, "fatou", ["staff"]))
    for auth, status in ((shopper, 403), (staff, 403), ({}, 401)):
        upload(client, auth, "articles", article, "a.jpg", picture(), status)
    assert stored(media) == {}
    db.expire_all()
    row = db.get(Article, article)
    assert row is not None and row.image_urls[0] == "/img/products/mangue.webp"
    assert trail(db) == []


def test_an_unknown_row_is_a_404_and_a_bad_id_a_400(
    client: TestClient, admin: Auth, media: Path
) -> None:
    for plural in ("articles", "categories", "sections", "promotions"):
        upload(client, admin, plural, 999_999, "a.jpg", picture(), 404)
    upload(client, admin, "articles", 0, "a.jpg", picture(), 400)
    upload(client, admin, "articles", "abc", "a.jpg", picture(), 400)
    upload(client, admin, "articles", 2**40, "a.jpg", picture(), 400)
    assert stored(media) == {}


# --- the transaction ----------------------------------------------------------------------------


def test_a_transaction_that_does_not_commit_leaves_no_new_file(
    db: Session, root: User, article: int, media: Path
) -> None:
    url = pictures.save_picture(db, root, "article", article, "a.jpg", picture())
    assert file_of(media, url).is_file()
    db.rollback()
    assert stored(media) == {}
    db.expire_all()
    row = db.get(Article, article)
    assert row is not None and row.image_urls[0] == "/img/products/mangue.webp"

    kept = pictures.save_picture(db, root, "article", article, "a.jpg", picture())
    db.commit()
    assert kept == url and file_of(media, kept).is_file()
    # A second save of another picture that rolls back removes its own files only.
    other = pictures.save_picture(db, root, "article", article, "b.png", picture("PNG"))
    db.rollback()
    assert not file_of(media, other).exists()
    assert file_of(media, kept).is_file()


# --- the /media/ route ------------------------------------------------------------------------


def test_the_media_route_answers_stored_pictures_only(
    client: TestClient, admin: Auth, article: int, media: Path
) -> None:
    url = upload(client, admin, "articles", article, "a.jpg", picture())["url"]
    assert client.head(url).status_code == 200
    (media / "article" / "notes.txt").write_text("secret")
    (media / "secret.webp").write_bytes(b"x")
    name = url.rsplit("/", 1)[1]
    for path in (
        "/media/article/notes.txt",
        "/media/article/" + "0" * 24 + ".webp",
        "/media/user/" + name,
        "/media/article/..%2Fsecret.webp",
        "/media/article/%2E%2E/secret.webp",
        "/media/secret.webp",
    ):
        assert client.get(path).status_code == 404, path


# --- two admins at once -----------------------------------------------------------------------


def test_saves_at_the_same_instant_keep_one_picture_and_the_others(
    media: Path, live_api: str, db: Session, admin: Auth, article: int
) -> None:
    same = picture()
    others = [picture("PNG", (300 + 10 * i, 300)) for i in range(3)]
    with httpx.Client(base_url=live_api, headers=admin, timeout=60) as http:

        def send(data: bytes, name: str) -> Any:
            answer = http.post(
                f"/admin/articles/{article}/picture", files={"file": (name, data, "image/x")}
            )
            return answer.status_code, answer.json().get("url")

        # a double submit: one picture, one change in the trail
        doubled = at_once(2, lambda _i: send(same, "a.jpg"))
        assert [status for status, _ in doubled] == [200, 200]
        assert doubled[0][1] == doubled[1][1]
        assert len(trail(db)) == 1
        # three different pictures at once: each is saved in turn, the last one stays
        answers = at_once(3, lambda i: send(others[i], f"{i}.png"))
    assert [status for status, _ in answers] == [200, 200, 200]
    db.expire_all()
    row = db.get(Article, article)
    assert row is not None
    assert row.image_urls[0] in {url for _, url in answers}
    assert row.image_urls[1:] == ["/img/products/mangue-2.webp"]
    entries = trail(db)[1:]
    assert len(entries) == 3
    # each change starts from the one before it: no save was lost
    assert [e.before["imageUrls"][0] for e in entries[1:]] == [
        e.after["imageUrls"][0] for e in entries[:-1]
    ]
    for _, url in answers:
        assert file_of(media, url).is_file()
