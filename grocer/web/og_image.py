"""The picture a shared link shows: a 1200×630 JPEG made from a catalogue picture.

WhatsApp shows no picture when `og:image` is over 300 KB, and wants JPEG or PNG of at least
300×200 (DESIGN.md); the catalogue's pictures are WebP squares of 400 px. So the preview picture
is drawn here with Pillow: the picture fitted into 1200×630 (the Open Graph size, shown large by
every crawler), centred on white, JPEG at quality 80 (about 20-60 KB; the quality steps down if
a picture ever came out over the limit). A picture that is missing, not ours (only site paths
under `/img/` are read, inside `assets/`) or unreadable gives the fallback picture: the answer is
always a JPEG. Drawn pictures are kept in memory, keyed by the file and its modification time.
"""

from __future__ import annotations

import io
import logging
from functools import lru_cache
from pathlib import Path

from PIL import Image

from grocer.settings import get_settings
from grocer.views.catalogue import FALLBACK_IMAGE

log = logging.getLogger(__name__)

ASSETS = Path(__file__).resolve().parents[2] / "assets"
WIDTH, HEIGHT = 1200, 630
MARGIN = 30
QUALITIES: tuple[int, ...] = (80, 70, 60, 50)
MAX_BYTES = 300 * 1024
"""WhatsApp shows no picture above 300 KB."""
MAX_SOURCE_PIXELS = 40_000_000
WHITE = (255, 255, 255)


def picture_file(url: str | None, assets: Path = ASSETS, media: Path | None = None) -> Path | None:
    """The file of a site picture: `/img/...` inside `assets/img`, or a picture uploaded in
    the back-office, `/media/...` inside the media folder (GROCER_MEDIA_DIR); None for another
    site, a path leaving its folder, or no such file."""
    if not isinstance(url, str) or "\\" in url:
        return None
    path = url.split("?", 1)[0].split("#", 1)[0]
    if path.startswith("/img/"):
        folder, inside = assets / "img", path.removeprefix("/img/")
    elif path.startswith("/media/"):
        folder = media if media is not None else get_settings().media_dir
        inside = path.removeprefix("/media/")
    else:
        return None
    try:
        root = folder.resolve()
        candidate = (folder / inside).resolve()
    except (OSError, ValueError):
        return None
    if not candidate.is_relative_to(root) or not candidate.is_file():
        return None
    return candidate


def _fitted(source: Image.Image) -> Image.Image:
    """The picture on a white 1200×630 canvas, as large as fits inside the margin."""
    if source.mode in ("RGBA", "LA", "P"):
        rgba = source.convert("RGBA")
        flat = Image.new("RGB", rgba.size, WHITE)
        flat.paste(rgba, mask=rgba.getchannel("A"))
        source = flat
    else:
        source = source.convert("RGB")
    scale = min((WIDTH - 2 * MARGIN) / source.width, (HEIGHT - 2 * MARGIN) / source.height)
    size = (max(1, round(source.width * scale)), max(1, round(source.height * scale)))
    picture = source.resize(size, Image.Resampling.LANCZOS)
    canvas = Image.new("RGB", (WIDTH, HEIGHT), WHITE)
    canvas.paste(picture, ((WIDTH - size[0]) // 2, (HEIGHT - size[1]) // 2))
    return canvas


def encode(canvas: Image.Image) -> bytes:
    """Baseline JPEG at the first quality that stays under WhatsApp's limit."""
    data = b""
    for quality in QUALITIES:
        out = io.BytesIO()
        canvas.save(out, "JPEG", quality=quality, optimize=True)
        data = out.getvalue()
        if len(data) <= MAX_BYTES:
            break
    return data


def blank() -> bytes:
    """A white picture: the answer when not even the fallback picture can be read."""
    return encode(Image.new("RGB", (WIDTH, HEIGHT), WHITE))


@lru_cache(maxsize=256)
def _drawn(path: str, mtime_ns: int, size: int) -> bytes:
    """The preview picture of a file version (the key's time and size name the version)."""
    with Image.open(path) as source:
        if source.width * source.height > MAX_SOURCE_PIXELS:
            raise ValueError(f"{path}: {source.width}×{source.height} is too large")
        source.load()
        return encode(_fitted(source))


def _draw(path: Path) -> bytes | None:
    try:
        stat = path.stat()
        return _drawn(str(path), stat.st_mtime_ns, stat.st_size)
    except Exception:  # an unreadable picture: the caller falls back
        log.warning("preview picture: cannot draw %s", path, exc_info=True)
        return None


def preview_jpeg(picture: str | None, assets: Path = ASSETS) -> bytes:
    """The 1200×630 JPEG of a site picture, of the fallback picture, or a white one."""
    for url in (picture, FALLBACK_IMAGE):
        path = picture_file(url, assets)
        drawn = _draw(path) if path is not None else None
        if drawn is not None:
            return drawn
    return blank()
