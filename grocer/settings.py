"""Every setting of the shop, read once from the environment with a safe default.

The README lists each variable; keep the two in step.
"""

from __future__ import annotations

import os
import secrets
from dataclasses import dataclass, field
from decimal import Decimal
from functools import lru_cache
from pathlib import Path

PROJECT_ROOT = Path(__file__).resolve().parent.parent
DATA_DIR = Path(os.environ.get("GROCER_DATA_DIR", PROJECT_ROOT / "data"))


def _env(name: str, default: str = "") -> str:
    return os.environ.get(name, default).strip()


def _env_bool(name: str, default: bool) -> bool:
    raw = _env(name)
    if not raw:
        return default
    return raw.lower() in {"1", "true", "yes", "on"}


def _jwt_secret() -> str:
    """Secret from the environment, else one generated once and kept in a local file."""
    value = _env("GROCER_JWT_SECRET")
    if value:
        return value
    path = DATA_DIR / "jwt_secret"
    if path.exists():
        return path.read_text().strip()
    DATA_DIR.mkdir(parents=True, exist_ok=True)
    value = secrets.token_urlsafe(48)
    path.write_text(value)
    path.chmod(0o600)
    return value


@dataclass(frozen=True)
class Settings:
    db_url: str
    redis_url: str
    jwt_secret: str = field(repr=False)
    smtp_host: str
    smtp_port: int
    smtp_username: str
    smtp_password: str = field(repr=False)
    smtp_from: str
    smtp_starttls: bool
    outbox_dir: Path
    allowed_origins: list[str]
    usd_per_eur: Decimal
    support_email: str
    support_phone: str
    trusted_proxy_header: str
    ip_services: list[str]
    geocoder_urls: list[str]
    photon_url: str
    tile_url: str
    tile_attribution: str
    http_timeout: float
    trusted_proxy_hops: int = 0
    geo_workers: int = 4
    geo_queue: int = 8
    geo_rate_per_minute: int = 60

    @property
    def smtp_enabled(self) -> bool:
        return bool(self.smtp_host)


def _list(name: str, default: str) -> list[str]:
    return [item.strip() for item in _env(name, default).split(",") if item.strip()]


def _env_int(name: str, default: int, *, low: int, high: int) -> int:
    """An integer setting; a value that is not a number, or out of range, refuses to start."""
    raw = _env(name)
    if not raw:
        return default
    try:
        value = int(raw)
    except ValueError:
        raise ValueError(f"{name} doit être un nombre entier (reçu {raw!r})") from None
    if not low <= value <= high:
        raise ValueError(f"{name} doit être compris entre {low} et {high} (reçu {value})")
    return value


@lru_cache(maxsize=1)
def get_settings() -> Settings:
    """Read the environment once; tests clear the cache after changing it."""
    DATA_DIR.mkdir(parents=True, exist_ok=True)
    return Settings(
        db_url=_env("REFLEX_DB_URL", f"sqlite:///{DATA_DIR / 'grocer.db'}"),
        redis_url=_env("REFLEX_REDIS_URL"),
        jwt_secret=_jwt_secret(),
        smtp_host=_env("GROCER_SMTP_HOST"),
        smtp_port=int(_env("GROCER_SMTP_PORT", "587") or 587),
        smtp_username=_env("GROCER_SMTP_USERNAME"),
        smtp_password=_env("GROCER_SMTP_PASSWORD"),
        smtp_from=_env("GROCER_SMTP_FROM", "Grocer <no-reply@grocer.local>"),
        smtp_starttls=_env_bool("GROCER_SMTP_STARTTLS", True),
        outbox_dir=Path(_env("GROCER_OUTBOX_DIR", str(DATA_DIR / "outbox"))),
        allowed_origins=_list(
            "GROCER_ALLOWED_ORIGINS", "http://localhost:3000,http://127.0.0.1:3000"
        ),
        usd_per_eur=Decimal(_env("GROCER_USD_PER_EUR", "1.08")),
        support_email=_env("GROCER_SUPPORT_EMAIL", "support@grocer.bf"),
        support_phone=_env("GROCER_SUPPORT_PHONE", "+226 25 30 00 00"),
        trusted_proxy_header=_env("GROCER_COUNTRY_HEADER", "CF-IPCountry"),
        ip_services=_list(
            "GROCER_IP_SERVICES", "https://ipapi.co/{ip}/json/,https://ipwho.is/{ip}"
        ),
        geocoder_urls=_list("GROCER_GEOCODER_URLS", "https://nominatim.openstreetmap.org"),
        photon_url=_env("GROCER_PHOTON_URL", "https://photon.komoot.io"),
        tile_url=_env("GROCER_TILE_URL", "https://tile.openstreetmap.org/{z}/{x}/{y}.png"),
        tile_attribution=_env(
            "GROCER_TILE_ATTRIBUTION",
            '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>'
            " contributors",
        ),
        http_timeout=float(_env("GROCER_HTTP_TIMEOUT", "4")),
        trusted_proxy_hops=_env_int("GROCER_TRUSTED_PROXY_HOPS", 0, low=0, high=10),
        geo_workers=_env_int("GROCER_GEO_WORKERS", 4, low=1, high=64),
        geo_queue=_env_int("GROCER_GEO_QUEUE", 8, low=0, high=1000),
        geo_rate_per_minute=_env_int("GROCER_GEO_RATE_PER_MINUTE", 60, low=1, high=100_000),
    )
