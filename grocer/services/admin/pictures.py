"""Pictures uploaded in the back-office (admins only): an article's, a category's, a home
section's or a promotion's, stored as WebP in the sizes the pages draw them at.

Every check runs before anything is written: the size (MAX_BYTES), a file Pillow reads as
JPEG, PNG or WebP (anything else, an animation, or more than MAX_PIXELS pixels — a
decompression bomb — is refused), and a file name whose extension is the real format's. The
picture is then turned upright (EXIF orientation), flattened on white and cut to each size
of its kind (RENDITIONS), and each size is written under a name made of a hash of the
picture's content: a temporary file renamed into place, so that no reader ever sees half a
file, and a new picture is a new address that every cache may keep for ever (the /media route
and nginx say so). The row then points at it, in the caller's transaction, with the audit
entry and the catalogue version bumped (every worker's cache drops its answers, the
storefront shows the picture at once).

The old file stays on disk: pages cached elsewhere (a shopper's tab, a crawler's copy) may
still show it. The new files are removed again if the transaction does not commit.

The search index holds no picture (only words and ids), so nothing is reindexed here.
"""

from __future__ import annotations

import hashlib
import io
import os
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

import sqlalchemy as sa
from PIL import Image, ImageOps, UnidentifiedImageError
from sqlalchemy import event
from sqlalchemy.orm import SessionTransaction
from sqlmodel import Session, col

from grocer.models import Article, Category, Promotion, Section, User
from grocer.models.base import utcnow
from grocer.services import catalogue_cache
from grocer.services.admin import access, audit
from grocer.services.errors import NotFound, ValidationFailed
from grocer.services.validation import record_id
from grocer.settings import get_settings

Kind = Literal["article", "category", "section", "promotion"]
KINDS: tuple[Kind, ...] = ("article", "category", "section", "promotion")
MAX_BYTES = 5 * 1024 * 1024
MAX_MEGABYTES = MAX_BYTES // (1024 * 1024)
MAX_PIXELS = 40_000_000
"""About 7,700 × 5,200: more than any camera's picture; beyond it a small file could ask for
gigabytes once decoded (a decompression bomb)."""
WEBP_QUALITY = 80
URL_PREFIX = "/media"
HASH_LENGTH = 24
FIELD = "file"

#: The formats Pillow may read, and the extensions each may carry. A phone's JPEG may hold a
#: second, smaller picture (MPO): it is a JPEG, and its first picture is the one kept.
FORMATS: dict[str, tuple[str, ...]] = {
    "JPEG": (".jpg", ".jpeg"),
    "MPO": (".jpg", ".jpeg"),
    "PNG": (".png",),
    "WEBP": (".webp",),
}
#: The readers Pillow may try (its JPEG reader gives an MPO picture itself).
OPENERS: tuple[str, ...] = ("JPEG", "PNG", "WEBP")
EXTENSIONS: tuple[str, ...] = (".jpg", ".jpeg", ".png", ".webp")
FORMAT_NAMES = {"JPEG": "JPEG", "MPO": "JPEG", "PNG": "PNG", "WEBP": "WebP"}
WHITE = (255, 255, 255)


@dataclass(frozen=True)
class Rendition:
    """One size of a picture: written as `<hash><suffix>.webp`. `whole` fits the picture in
    on white (nothing of a product is cut off); otherwise it is cropped to fill the frame."""

    suffix: str
    width: int
    height: int
    whole: bool = False


#: The sizes the pages draw (grocer.seed.images draws the demo's in the same sizes): the first
#: is the one the row points at; the others sit beside it under the same hash.
RENDITIONS: dict[Kind, tuple[Rendition, ...]] = {
    # Cards and lists (at most 400 px), and the product page's 600 px gallery.
    "article": (Rendition("", 400, 400, whole=True), Rendition("-600", 600, 600, whole=True)),
    # The round category pictures of the menus and the category bar.
    "category": (Rendition("", 200, 200),),
    # The home section's square beside its articles.
    "section": (Rendition("", 600, 600),),
    # The promotion's card, and the home banner's wide (1200 × 400) and phone (600 × 300) ones.
    "promotion": (
        Rendition("", 600, 400),
        Rendition("-banner", 1200, 400),
        Rendition("-banner-600", 600, 300),
    ),
}
ACTIONS: dict[Kind, str] = {
    "article": "article.picture",
    "category": "category.update",
    "section": "section.update",
    "promotion": "promotion.update",
}


class PictureTooLarge(ValidationFailed):
    """A file over MAX_BYTES: 413, with the limit in the message."""

    status = 413
    key = "admin.errors.pictureTooLarge"
    message = f"Image trop volumineuse : {MAX_MEGABYTES} Mo au plus"

    def __init__(self) -> None:
        super().__init__(FIELD)


def _refuse(message: str) -> ValidationFailed:
    return ValidationFailed(FIELD, message, key="admin.errors.picture")


# --- checks ------------------------------------------------------------------------------------


def _extension(filename: Any) -> str:
    """The file name's extension, lower case, when it is one of EXTENSIONS."""
    name = filename if isinstance(filename, str) else ""
    suffix = Path(name.strip().replace("\\", "/")).suffix.lower()
    if suffix not in EXTENSIONS:
        raise _refuse("Choisissez une image JPEG, PNG ou WebP (.jpg, .jpeg, .png ou .webp)")
    return suffix


def read_picture(filename: Any, data: Any) -> Image.Image:
    """The picture in `data`, read whole, when it passes every check (ValidationFailed, or
    PictureTooLarge, with a French message otherwise). Nothing is written."""
    if not isinstance(data, bytes | bytearray) or not data:
        raise _refuse("Le fichier est vide : choisissez une image")
    if len(data) > MAX_BYTES:
        raise PictureTooLarge()
    suffix = _extension(filename)
    try:
        picture = Image.open(io.BytesIO(data), formats=OPENERS)
    except Image.DecompressionBombError:
        raise _refuse(_too_many_pixels()) from None
    except (UnidentifiedImageError, OSError, ValueError, SyntaxError):
        raise _refuse("Ce fichier n'est pas une image JPEG, PNG ou WebP lisible") from None
    found = picture.format or ""
    if found not in FORMATS:  # pragma: no cover - `formats` above allows no other
        raise _refuse("Ce fichier n'est pas une image JPEG, PNG ou WebP lisible")
    if suffix not in FORMATS[found]:
        real = FORMAT_NAMES[found]
        raise _refuse(
            f"Le fichier se termine par {suffix} mais c'est une image {real} : "
            f"renommez-le en {FORMATS[found][0]}"
        )
    width, height = picture.size
    if width * height > MAX_PIXELS:
        raise _refuse(_too_many_pixels())
    if found != "MPO" and getattr(picture, "n_frames", 1) > 1:
        raise _refuse("Les images animées ne sont pas acceptées : choisissez une image fixe")
    try:
        picture.load()
    except Exception:  # a truncated or corrupt file fails only here
        raise _refuse("Cette image est abîmée ou incomplète : choisissez-en une autre") from None
    return picture


def _too_many_pixels() -> str:
    return f"Image trop grande : {MAX_PIXELS // 1_000_000} millions de pixels au plus"


# --- conversion --------------------------------------------------------------------------------


def flattened(picture: Image.Image) -> Image.Image:
    """The picture upright (its EXIF orientation applied), in RGB, transparency on white."""
    upright = ImageOps.exif_transpose(picture) or picture
    if upright.mode in ("RGBA", "LA", "PA") or "transparency" in upright.info:
        rgba = upright.convert("RGBA")
        flat = Image.new("RGB", rgba.size, WHITE)
        flat.paste(rgba, mask=rgba.getchannel("A"))
        return flat
    return upright.convert("RGB")


def rendered(picture: Image.Image, size: Rendition) -> Image.Image:
    """`picture` (RGB) at one size: fitted in on white, or cropped to fill (centred)."""
    box = (size.width, size.height)
    if size.whole:
        return ImageOps.pad(picture, box, Image.Resampling.LANCZOS, color=WHITE)
    return ImageOps.fit(picture, box, Image.Resampling.LANCZOS)


def encode(picture: Image.Image) -> bytes:
    out = io.BytesIO()
    picture.save(out, "WEBP", quality=WEBP_QUALITY, method=4)
    return out.getvalue()


def convert(picture: Image.Image, kind: Kind) -> list[tuple[str, bytes]]:
    """Every size of `kind` as (suffix, WebP bytes), the row's own first."""
    flat = flattened(picture)
    return [(size.suffix, encode(rendered(flat, size))) for size in RENDITIONS[kind]]


# --- files -------------------------------------------------------------------------------------


def media_dir() -> Path:
    return get_settings().media_dir


def url_for(kind: str, name: str) -> str:
    return f"{URL_PREFIX}/{kind}/{name}"


def write_files(folder: Path, files: Sequence[tuple[str, bytes]]) -> list[Path]:
    """Write each (name, bytes) into `folder` (a temporary name renamed into place) and return
    the files that did not exist before. A file already there has the same content (its name
    is its hash) and is left alone. On a failure, what was written is removed again."""
    folder.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    try:
        for name, data in files:
            target = folder / name
            if target.exists():
                continue
            handle, temporary = tempfile.mkstemp(dir=folder, prefix=".upload-", suffix=".tmp")
            try:
                with os.fdopen(handle, "wb") as out:
                    out.write(data)
                    out.flush()
                    os.fsync(out.fileno())
                os.chmod(temporary, 0o644)
                os.replace(temporary, target)
            except BaseException:
                Path(temporary).unlink(missing_ok=True)
                raise
            written.append(target)
    except BaseException:
        remove(written)
        raise
    return written


def remove(paths: Sequence[Path]) -> None:
    for path in paths:
        path.unlink(missing_ok=True)


def _remove_unless_committed(db: Session, paths: list[Path]) -> None:
    """Remove `paths` when the session's transaction ends without a commit (a rollback, a
    failed commit, a session closed without one): no file without a row pointing at it."""
    if not paths:
        return
    outcome = {"committed": False, "done": False}

    def committed(_session: Session) -> None:
        outcome["committed"] = True

    def ended(_session: Session, transaction: SessionTransaction) -> None:
        if transaction.parent is not None or outcome["done"]:
            return  # a savepoint, or already settled
        outcome["done"] = True
        if not outcome["committed"]:
            remove(paths)

    event.listen(db, "after_commit", committed)
    event.listen(db, "after_transaction_end", ended)


# --- the rows ----------------------------------------------------------------------------------

_MODELS: dict[Kind, type[Article | Category | Section | Promotion]] = {
    "article": Article,
    "category": Category,
    "section": Section,
    "promotion": Promotion,
}


def _row(db: Session, kind: Kind, ref_id: Any) -> Article | Category | Section | Promotion:
    number = record_id(ref_id)
    row = db.get(_MODELS[kind], number) if number is not None else None
    if row is None:
        raise NotFound()
    return row


def _lock(db: Session, row: Article | Category | Section | Promotion) -> None:
    """Lock the row and read it again: an edit saved meanwhile keeps the row's other pictures,
    and two saves of its picture run one after the other. PostgreSQL locks the row; SQLite has
    no row locks, so a no-op UPDATE takes its database write lock first."""
    model = type(row)
    if db.get_bind().dialect.name == "sqlite":
        db.exec(sa.update(model).where(col(model.id) == row.id).values(id=model.id))
        db.refresh(row)
    else:
        db.refresh(row, with_for_update=True)


def _current(row: Article | Category | Section | Promotion) -> str | None:
    if isinstance(row, Article):
        return (row.image_urls or [None])[0]
    return row.image if isinstance(row, Section) else row.image_url


def _point_at(row: Article | Category | Section | Promotion, url: str) -> tuple[dict, dict, str]:
    """Point the row at `url`: (before, after, label) for the audit entry."""
    if isinstance(row, Article):
        old = list(row.image_urls or [])
        row.image_urls = [url, *old[1:]]  # the first picture replaced, the others kept
        row.updated_at = utcnow()
        return {"imageUrls": old}, {"imageUrls": list(row.image_urls)}, row.name
    if isinstance(row, Section):
        before = {"image": row.image}
        row.image = url
        return before, {"image": url}, row.title
    before = {"imageUrl": row.image_url}
    row.image_url = url
    return before, {"imageUrl": url}, row.name


def check_kind(kind: Any) -> Kind:
    for known in KINDS:
        if kind == known:
            return known
    raise ValidationFailed("kind", "Type inconnu : article, catégorie, section ou promotion")


def save_picture(db: Session, actor: User, kind: Any, ref_id: Any, filename: Any, data: Any) -> str:
    """Store `data` (the file `filename`) as the picture of the `kind` row `ref_id` and return
    its new address. The row, the audit entry and the catalogue version change in the caller's
    transaction; the files are removed again if it does not commit. The picture is converted
    before the row is locked: the lock is held only for the update."""
    access.require(actor, "catalogue")
    which = check_kind(kind)
    row = _row(db, which, ref_id)
    files = convert(read_picture(filename, data), which)
    digest = hashlib.sha256(files[0][1]).hexdigest()[:HASH_LENGTH]
    named = [(f"{digest}{suffix}.webp", content) for suffix, content in files]
    written = write_files(media_dir() / which, named)
    _remove_unless_committed(db, written)
    url = url_for(which, named[0][0])
    _lock(db, row)
    if _current(row) == url:  # the same picture again: nothing changes
        return url
    before, after, label = _point_at(row, url)
    db.add(row)
    assert row.id is not None
    audit.record(db, actor, ACTIONS[which], which, row.id, label=label, before=before, after=after)
    catalogue_cache.bump_version(db)
    db.flush()
    return url
