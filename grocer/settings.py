"""Every setting of the shop, read once from the environment with a safe default.

The README lists each variable; keep the two in step.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import secrets
import time
from dataclasses import dataclass, field
from decimal import Decimal
from functools import cached_property, lru_cache
from pathlib import Path

PROJECT_ROOT = Path(__file__).resolve().parent.parent
DATA_DIR = Path(os.environ.get("GROCER_DATA_DIR", PROJECT_ROOT / "data"))

JWT_SECRET_MIN_BYTES = 32
#: Labels of the keys derived from the one secret: a key never serves two purposes.
TOKEN_SIGNING_LABEL = b"grocer token signing"
OTP_HASHING_LABEL = b"grocer otp hashing"
#: Set by `reflex run --env prod` (and `reflex export`) before rxconfig.py is (re)loaded.
REFLEX_ENV_MODE = "REFLEX_ENV_MODE"
OUTBOX_OK = "GROCER_OUTBOX_OK"


class SettingsError(RuntimeError):
    """A setting that makes the shop unsafe to run; the message says how to fix it."""


def _env(name: str, default: str = "") -> str:
    return os.environ.get(name, default).strip()


def _env_bool(name: str, default: bool) -> bool:
    raw = _env(name)
    if not raw:
        return default
    return raw.lower() in {"1", "true", "yes", "on"}


def _checked_secret(value: str, origin: str) -> str:
    if len(value.encode()) < JWT_SECRET_MIN_BYTES:
        raise SettingsError(
            f"{origin} is too short: the JWT secret needs at least {JWT_SECRET_MIN_BYTES} bytes "
            "(e.g. `python -c 'import secrets; print(secrets.token_urlsafe(48))'`)."
        )
    return value


def _read_secret_file(path: Path) -> str:
    """The secret another process wrote; it may still be writing it (a few ms at most).
    A file left group- or world-readable by an older version is narrowed to 0600."""
    try:
        if path.stat().st_mode & 0o077:
            path.chmod(0o600)
    except OSError:
        pass  # not ours to change: reading it is still fine
    for _ in range(50):
        value = path.read_text().strip()
        if value:
            return _checked_secret(value, str(path))
        time.sleep(0.02)
    raise SettingsError(f"{path} is empty: delete it or set GROCER_JWT_SECRET.")


def _jwt_secret() -> str:
    """Secret from the environment, else one generated once and kept in a local file.

    The file is created 0600 in one step (O_EXCL), never world-readable for an instant; when
    several workers start at once, the ones that lose the race read the winner's secret.
    """
    value = _env("GROCER_JWT_SECRET")
    if value:
        return _checked_secret(value, "GROCER_JWT_SECRET")
    path = DATA_DIR / "jwt_secret"
    DATA_DIR.mkdir(parents=True, exist_ok=True)
    try:
        fd = os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600)
    except FileExistsError:
        return _read_secret_file(path)
    value = secrets.token_urlsafe(48)
    with os.fdopen(fd, "w") as handle:
        handle.write(value)
    return value


def derive_key(secret: str, label: bytes) -> bytes:
    """A 32-byte key for one purpose: HMAC-SHA256 of the label under the secret."""
    return hmac.new(secret.encode(), label, hashlib.sha256).digest()


def check_mail_delivery() -> None:
    """Refuse a production start that would write codes to the outbox instead of mailing them.

    Read live (not cached): rxconfig.py calls it after `reflex run --env prod` has set
    REFLEX_ENV_MODE, so the error comes before the build. GROCER_OUTBOX_OK=1 allows the outbox
    on purpose (the demo of `make run`, the browser tests).
    """
    if _env(REFLEX_ENV_MODE).lower() != "prod" or _env("GROCER_SMTP_HOST"):
        return
    if _env_bool(OUTBOX_OK, False):
        return
    raise SettingsError(
        "Production mode (--env prod) without GROCER_SMTP_HOST: sign-up and password-reset "
        "codes would only be written to the outbox folder. Set GROCER_SMTP_HOST, or set "
        "GROCER_OUTBOX_OK=1 to accept the outbox on purpose (a demo)."
    )


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
    api_docs: bool
    trusted_proxy_hops: int = 0
    geo_workers: int = 4
    geo_queue: int = 8
    geo_rate_per_minute: int = 60
    mobile_money_url: str = ""
    mobile_money_site_id: str = ""
    mobile_money_api_key: str = field(default="", repr=False)
    mobile_money_secret: str = field(default="", repr=False)
    public_base_url: str = "http://localhost:3000"
    payment_expiry_minutes: int = 20
    payment_poll_seconds: int = 30
    shutdown_grace_seconds: int = 10
    # Delivery and pickup slots (grocer.services.slot_capacity); a day's rows take the values
    # in force when the day is first listed.
    slot_capacity: int = 20
    slot_cutoff_minutes: int = 120
    slot_hold_minutes: int = 20
    slot_days_ahead: int = 30
    # Account deletion: a request signs the shopper out at once; `grocer purge-accounts`
    # anonymises the account once this many days have passed.
    deletion_grace_days: int = 30
    # Operations: the grocer loggers' format (grocer.logs) and the bearer token that opens
    # /api/v1/metrics (unset: no metrics route).
    log_format: str = "text"
    metrics_token: str = field(default="", repr=False)
    # Pictures uploaded in the back-office (grocer.services.admin.pictures), served at /media/;
    # several workers must share this folder (nginx serves it too: deploy/nginx-grocer.conf).
    media_dir: Path = DATA_DIR / "media"

    @property
    def mobile_money_enabled(self) -> bool:
        """Mobile money is offered only when a provider endpoint is configured."""
        return bool(self.mobile_money_url)

    @property
    def smtp_enabled(self) -> bool:
        return bool(self.smtp_host)

    @cached_property
    def token_signing_key(self) -> bytes:
        """The HS256 key of access tokens (derived: the OTP hashes use another key)."""
        return derive_key(self.jwt_secret, TOKEN_SIGNING_LABEL)

    @cached_property
    def otp_hash_key(self) -> bytes:
        """The HMAC key of the stored one-time codes (derived: tokens use another key)."""
        return derive_key(self.jwt_secret, OTP_HASHING_LABEL)


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


def _env_choice(name: str, default: str, choices: tuple[str, ...]) -> str:
    """One of `choices`; anything else refuses to start."""
    value = _env(name, default).lower() or default
    if value not in choices:
        raise ValueError(f"{name} doit être l'une de : {', '.join(choices)} (reçu {value!r})")
    return value


def _token(name: str) -> str:
    """A bearer token of the operator's (unset: the feature stays off); a guessable one refuses
    to start."""
    value = _env(name)
    if value and len(value) < 16:
        raise ValueError(f"{name} doit compter au moins 16 caractères")
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
        api_docs=_env_bool("GROCER_API_DOCS", False),
        trusted_proxy_hops=_env_int("GROCER_TRUSTED_PROXY_HOPS", 0, low=0, high=10),
        geo_workers=_env_int("GROCER_GEO_WORKERS", 4, low=1, high=64),
        geo_queue=_env_int("GROCER_GEO_QUEUE", 8, low=0, high=1000),
        geo_rate_per_minute=_env_int("GROCER_GEO_RATE_PER_MINUTE", 60, low=1, high=100_000),
        mobile_money_url=_env("GROCER_MOBILE_MONEY_URL").rstrip("/"),
        mobile_money_site_id=_env("GROCER_MOBILE_MONEY_SITE_ID"),
        mobile_money_api_key=_env("GROCER_MOBILE_MONEY_API_KEY"),
        mobile_money_secret=_env("GROCER_MOBILE_MONEY_SECRET"),
        public_base_url=_env("GROCER_PUBLIC_BASE_URL", "http://localhost:3000").rstrip("/"),
        payment_expiry_minutes=_env_int("GROCER_PAYMENT_EXPIRY_MINUTES", 20, low=1, high=1440),
        payment_poll_seconds=_env_int("GROCER_PAYMENT_POLL_SECONDS", 30, low=0, high=3600),
        shutdown_grace_seconds=_env_int("GROCER_SHUTDOWN_GRACE_SECONDS", 10, low=0, high=300),
        slot_capacity=_env_int("GROCER_SLOT_CAPACITY", 20, low=0, high=100_000),
        slot_cutoff_minutes=_env_int("GROCER_SLOT_CUTOFF_MINUTES", 120, low=0, high=10_080),
        slot_hold_minutes=_env_int("GROCER_SLOT_HOLD_MINUTES", 20, low=1, high=1_440),
        slot_days_ahead=_env_int("GROCER_SLOT_DAYS_AHEAD", 30, low=1, high=365),
        deletion_grace_days=_env_int("GROCER_DELETION_GRACE_DAYS", 30, low=0, high=3650),
        log_format=_env_choice("GROCER_LOG_FORMAT", "text", ("text", "json")),
        metrics_token=_token("GROCER_METRICS_TOKEN"),
        media_dir=Path(_env("GROCER_MEDIA_DIR") or str(DATA_DIR / "media")),
    )
