"""Sign-in records ("recent logins", 001 §2) and the security alerts the owner asked for.

Every sign-in that issues tokens is recorded (`on_signed_in`: when, how, the device named from
the browser's User-Agent, the address, the session it opened) with its country from the
offline database at once; its city and region follow from the IP service chain in a daemon
thread once the sign-in is committed, so a slow or dead service never delays a sign-in (001
§7: failures ignored). Failed passwords of a known account are recorded too (`on_failed_login`).

The alerts of the settings' `securityNotifications` (all on by default) are e-mailed from that
thread as well: a sign-in from a device and address pair the account never used before
(`newLogins`; the account's very first sign-in is not "new"), a wrong password (`failedLogins`,
at most once per FAILED_ALERT_EVERY) and a changed or reset password (`passwordChanges`).
Security e-mails are never optional marketing: the notifications.email switch does not stop
them (settings_doc.optional_email_allowed).
"""

from __future__ import annotations

import logging
import re
import threading
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from sqlalchemy import event
from sqlmodel import Session, col, delete, select

from grocer.db import run_unit_of_work
from grocer.models import LoginEvent, User
from grocer.models.base import as_utc, iso_utc
from grocer.services import geoip, mailer, ratelimit
from grocer.services.errors import DeliveryFailed
from grocer.services.ownership import ensure_account
from grocer.services.settings_doc import DEFAULT_TIMEZONE, account_settings, security_alert_on

log = logging.getLogger(__name__)

RECENT_LIMIT = 10  # the sign-ins the settings section lists
DEVICE_MAX = 60
IP_MAX = 64
FAILED_ALERT_EVERY = timedelta(minutes=30)
KEEP_FOR = timedelta(days=180)  # how long sign-in records are kept

# --- the device, from the User-Agent (pure) -------------------------------------------------

_BROWSERS: tuple[tuple[str, str], ...] = (
    (r"Edg(e|A|iOS)?/", "Edge"),
    (r"OPR/|Opera", "Opera"),
    (r"SamsungBrowser/", "Samsung Internet"),
    (r"Firefox/|FxiOS/", "Firefox"),
    (r"Chrome/|CriOS/|Chromium/", "Chrome"),
    (r"Version/[\d.]+.*Safari/", "Safari"),
)
_SYSTEMS: tuple[tuple[str, str], ...] = (
    (r"Android", "Android"),
    (r"iPhone|iPad|iPod", "iOS"),
    (r"CrOS", "ChromeOS"),
    (r"Windows", "Windows"),
    (r"Mac OS X|Macintosh", "macOS"),
    (r"Linux", "Linux"),
)


def device_label(user_agent: str | None) -> str:
    """A short name of the browser and system ("Chrome · Android"); "" when neither is known
    (the page then says "unknown device")."""
    text = (user_agent or "")[:512]
    parts = [
        next((name for pattern, name in table if re.search(pattern, text)), "")
        for table in (_BROWSERS, _SYSTEMS)
    ]
    return " · ".join(p for p in parts if p)[:DEVICE_MAX]


# --- work after the commit (network, e-mail), never on the sign-in's path ---------------------


class _Later:
    """Daemon threads for what follows a committed sign-in; `wait` lets a caller (a test, a
    shutdown) see them finished."""

    def __init__(self) -> None:
        self._threads: set[threading.Thread] = set()
        self._lock = threading.Lock()

    def run(self, job: Callable[[], None]) -> None:
        def body() -> None:
            try:
                job()
            except Exception:  # a follow-up never fails anything: it is logged
                log.warning("sign-in follow-up failed", exc_info=True)
            finally:
                with self._lock:
                    self._threads.discard(threading.current_thread())

        thread = threading.Thread(target=body, name="login-record", daemon=True)
        with self._lock:
            self._threads.add(thread)
        thread.start()

    def wait(self, timeout: float = 10.0) -> None:
        with self._lock:
            running = list(self._threads)
        for thread in running:
            thread.join(timeout)


LATER = _Later()


def _after_commit(db: Session, job: Callable[[], None]) -> None:
    event.listen(db, "after_commit", lambda _session: LATER.run(job), once=True)


# --- the alerts' texts ----------------------------------------------------------------------

# (subject, body) per alert and language; French for any other language.
_ALERTS: dict[str, dict[str, tuple[str, str]]] = {
    "newLogins": {
        "fr": (
            "Nouvelle connexion à votre compte Grocer",
            "Bonjour,\n\nUne nouvelle connexion à votre compte Grocer a eu lieu le {when}.\n"
            "Appareil : {device}\nLieu : {place}\nAdresse IP : {ip}\n\n"
            "Si c'était vous, ignorez cet e-mail. Sinon, changez votre mot de passe et "
            "utilisez « Se déconnecter de tous les appareils » dans vos paramètres.\n\n"
            "L'équipe Grocer\n",
        ),
        "en": (
            "New sign-in to your Grocer account",
            "Hello,\n\nYour Grocer account was signed in to on {when}.\n"
            "Device: {device}\nPlace: {place}\nIP address: {ip}\n\n"
            "If this was you, ignore this e-mail. Otherwise change your password and use "
            '"Log out of all devices" in your settings.\n\nThe Grocer team\n',
        ),
        "es": (
            "Nuevo inicio de sesión en tu cuenta de Grocer",
            "Hola:\n\nSe ha iniciado sesión en tu cuenta de Grocer el {when}.\n"
            "Dispositivo: {device}\nLugar: {place}\nDirección IP: {ip}\n\n"
            "Si fuiste tú, ignora este correo. Si no, cambia tu contraseña y usa «Cerrar "
            "sesión en todos los dispositivos» en tus ajustes.\n\nEl equipo de Grocer\n",
        ),
        "de": (
            "Neue Anmeldung bei Ihrem Grocer-Konto",
            "Hallo,\n\nam {when} hat sich jemand bei Ihrem Grocer-Konto angemeldet.\n"
            "Gerät: {device}\nOrt: {place}\nIP-Adresse: {ip}\n\n"
            "Wenn Sie das waren, ignorieren Sie diese E-Mail. Andernfalls ändern Sie Ihr "
            "Passwort und nutzen Sie „Von allen Geräten abmelden“ in Ihren Einstellungen.\n\n"
            "Ihr Grocer-Team\n",
        ),
    },
    "failedLogins": {
        "fr": (
            "Échec de connexion à votre compte Grocer",
            "Bonjour,\n\nUne tentative de connexion à votre compte Grocer avec un mot de passe "
            "incorrect a eu lieu le {when}.\nAppareil : {device}\nLieu : {place}\n"
            "Adresse IP : {ip}\n\nSi ce n'était pas vous, choisissez un mot de passe que vous "
            "n'utilisez nulle part ailleurs.\n\nL'équipe Grocer\n",
        ),
        "en": (
            "Failed sign-in to your Grocer account",
            "Hello,\n\nSomeone tried to sign in to your Grocer account with a wrong password "
            "on {when}.\nDevice: {device}\nPlace: {place}\nIP address: {ip}\n\n"
            "If this was not you, choose a password you use nowhere else.\n\nThe Grocer team\n",
        ),
        "es": (
            "Intento fallido de inicio de sesión en tu cuenta de Grocer",
            "Hola:\n\nAlguien intentó iniciar sesión en tu cuenta de Grocer con una contraseña "
            "incorrecta el {when}.\nDispositivo: {device}\nLugar: {place}\nDirección IP: {ip}"
            "\n\nSi no fuiste tú, elige una contraseña que no uses en ningún otro sitio.\n\n"
            "El equipo de Grocer\n",
        ),
        "de": (
            "Fehlgeschlagene Anmeldung bei Ihrem Grocer-Konto",
            "Hallo,\n\nam {when} hat jemand versucht, sich mit einem falschen Passwort bei "
            "Ihrem Grocer-Konto anzumelden.\nGerät: {device}\nOrt: {place}\nIP-Adresse: {ip}"
            "\n\nWenn Sie das nicht waren, wählen Sie ein Passwort, das Sie nirgendwo sonst "
            "verwenden.\n\nIhr Grocer-Team\n",
        ),
    },
    "passwordChanges": {
        "fr": (
            "Votre mot de passe Grocer a été modifié",
            "Bonjour,\n\nLe mot de passe de votre compte Grocer a été modifié le {when}.\n\n"
            "Si c'était vous, ignorez cet e-mail. Sinon, réinitialisez-le tout de suite "
            "(« Mot de passe oublié ? » dans la fenêtre de connexion).\n\nL'équipe Grocer\n",
        ),
        "en": (
            "Your Grocer password was changed",
            "Hello,\n\nThe password of your Grocer account was changed on {when}.\n\n"
            'If this was you, ignore this e-mail. Otherwise reset it at once ("Forgot '
            'password?" in the sign-in window).\n\nThe Grocer team\n',
        ),
        "es": (
            "Se ha cambiado tu contraseña de Grocer",
            "Hola:\n\nLa contraseña de tu cuenta de Grocer se cambió el {when}.\n\n"
            "Si fuiste tú, ignora este correo. Si no, restablécela enseguida («¿Olvidaste tu "
            "contraseña?» en la ventana de inicio de sesión).\n\nEl equipo de Grocer\n",
        ),
        "de": (
            "Ihr Grocer-Passwort wurde geändert",
            "Hallo,\n\ndas Passwort Ihres Grocer-Kontos wurde am {when} geändert.\n\n"
            "Wenn Sie das waren, ignorieren Sie diese E-Mail. Andernfalls setzen Sie es sofort "
            "zurück („Passwort vergessen?“ im Anmeldefenster).\n\nIhr Grocer-Team\n",
        ),
    },
}
_UNKNOWN = {"fr": "inconnu", "en": "unknown", "es": "desconocido", "de": "unbekannt"}


def local_time(moment: datetime, timezone: str) -> str:
    """A moment as the shopper reads it, in their chosen timezone ("25/11/2026 14:05")."""
    try:
        zone = ZoneInfo(timezone)
    except (KeyError, ValueError):
        zone = ZoneInfo(DEFAULT_TIMEZONE)
    return as_utc(moment).astimezone(zone).strftime("%d/%m/%Y %H:%M")


def place_text(city: str | None, region: str | None, country: str | None) -> str:
    """ "Ouagadougou, Centre, Burkina Faso": the known parts, in that order."""
    return ", ".join(p for p in (city, region, country) if p)


@dataclass(frozen=True)
class _Alert:
    """What an alert e-mail needs, read while the sign-in's session was open."""

    kind: str
    to: str
    lang: str
    when: str
    device: str = ""
    ip: str = ""
    place: str = ""

    def send(self, place: str | None = None) -> None:
        texts = _ALERTS[self.kind]
        subject, body = texts.get(self.lang, texts["fr"])
        unknown = _UNKNOWN.get(self.lang, _UNKNOWN["fr"])
        text = body.format(
            when=self.when,
            device=self.device or unknown,
            ip=self.ip or unknown,
            place=place or self.place or unknown,
        )
        try:
            mailer.send_security_alert(self.to, subject, text)
        except DeliveryFailed:
            log.warning("security alert (%s) not delivered", self.kind)


def _alert(db: Session, user: User, kind: str, now: datetime, **details: str) -> _Alert | None:
    """The alert `kind` for `user`, or None when the owner switched it off."""
    assert user.id is not None
    if not security_alert_on(db, user.id, kind):
        return None
    timezone = account_settings(db, user.id)["languageAndRegion"]["timezone"]
    when = f"{local_time(now, timezone)} ({timezone})"
    return _Alert(kind, user.email, user.preferred_language or "fr", when, **details)


def _record_alert(
    db: Session, user: User, kind: str, now: datetime, record: LoginEvent
) -> _Alert | None:
    """The alert `kind` about a sign-in record (its device, address and country)."""
    return _alert(
        db,
        user,
        kind,
        now,
        device=record.device or "",
        ip=record.ip or "",
        place=record.country or "",
    )


# --- recording --------------------------------------------------------------------------------


def _new_event(
    user: User, now: datetime, *, ip: str, device: str, success: bool, method: str
) -> LoginEvent:
    assert user.id is not None
    address = (ip or "").strip()[:IP_MAX]
    return LoginEvent(
        user_id=user.id,
        created_at=as_utc(now),
        success=success,
        method=method[:20],
        ip=address or None,
        device=(device or "")[:DEVICE_MAX] or None,
        country=geoip.offline_country_name(address),
    )


def _same(column: Any, value: str | None) -> Any:
    return col(column).is_(None) if value is None else col(column) == value


def _known_pair(db: Session, user_id: int, ip: str | None, device: str | None) -> tuple[bool, bool]:
    """(the account signed in before, it did so from this device and address)."""
    signed_in = (col(LoginEvent.user_id) == user_id, col(LoginEvent.success).is_(True))
    before = db.exec(select(LoginEvent.id).where(*signed_in).limit(1)).first() is not None
    known = (
        before
        and db.exec(
            select(LoginEvent.id)
            .where(*signed_in, _same(LoginEvent.ip, ip), _same(LoginEvent.device, device))
            .limit(1)
        ).first()
        is not None
    )
    return before, known


def _prune(db: Session, user_id: int, now: datetime) -> None:
    """Records older than KEEP_FOR go (the list shows the last ten; alerts look back that far)."""
    db.exec(
        delete(LoginEvent).where(
            col(LoginEvent.user_id) == user_id, col(LoginEvent.created_at) < as_utc(now) - KEEP_FOR
        )
    )


def _store_place(db: Session, event_id: int, place: dict[str, str]) -> None:
    row = db.get(LoginEvent, event_id)
    if row is None:
        return
    row.city = place.get("city") or row.city
    row.region = place.get("region") or row.region
    row.country = place.get("country_name") or row.country
    db.add(row)


def _follow_up(event: LoginEvent, alert: _Alert | None) -> Callable[[], None]:
    """After the commit: the city and region from the IP services, then the alert."""
    event_id, ip = event.id, event.ip or ""

    def job() -> None:
        place = geoip.lookup_place(ip) if ip else {}
        if place and event_id is not None:
            run_unit_of_work(_store_place, event_id, place)
        if alert is not None:
            found = place_text(place.get("city"), place.get("region"), place.get("country_name"))
            alert.send(found or None)

    return job


def on_signed_in(
    db: Session,
    user: User,
    now: datetime,
    *,
    ip: str,
    device: str,
    family_id: str,
    method: str = "password",
) -> LoginEvent:
    """Record a sign-in that issued the tokens of session `family_id` (the caller commits);
    once committed, the place is completed and the new-login alert sent when it is due."""
    assert user.id is not None
    record = _new_event(user, now, ip=ip, device=device, success=True, method=method)
    record.family_id = family_id
    _prune(db, user.id, now)
    signed_in_before, known = _known_pair(db, user.id, record.ip, record.device)
    alert = (
        _record_alert(db, user, "newLogins", now, record)
        if signed_in_before and not known
        else None
    )
    db.add(record)
    db.flush()
    _after_commit(db, _follow_up(record, alert))
    return record


def on_failed_login(
    db: Session, user: User | None, now: datetime, *, ip: str, device: str = ""
) -> LoginEvent | None:
    """Record a wrong password for a known account (the caller commits); once committed, the
    failed-login alert goes when it is on and none went in the last FAILED_ALERT_EVERY."""
    if user is None or user.id is None:
        return None
    record = _new_event(user, now, ip=ip, device=device, success=False, method="password")
    alert = None
    alert_key = ratelimit.key("failed-login-alert:user", str(user.id))
    if not ratelimit.count(db, alert_key, as_utc(now) - FAILED_ALERT_EVERY):
        alert = _record_alert(db, user, "failedLogins", now, record)
        if alert is not None:
            ratelimit.hit(db, alert_key, now)
    db.add(record)
    db.flush()
    _after_commit(db, _follow_up(record, alert))
    return record


def on_password_changed(db: Session, user: User, now: datetime) -> None:
    """A changed or reset password: the owner is told once it is committed (when on)."""
    alert = _alert(db, user, "passwordChanges", now)
    if alert is not None:
        _after_commit(db, alert.send)


def move_session(db: Session, user_id: int, old_family: str | None, new_family: str) -> None:
    """The sign-in records of a session that continues under new tokens (logout of the other
    devices) follow it, so that "this session" stays marked. The caller commits."""
    if not old_family:
        return
    for row in db.exec(
        select(LoginEvent).where(
            col(LoginEvent.user_id) == user_id, col(LoginEvent.family_id) == old_family
        )
    ).all():
        row.family_id = new_family
        db.add(row)


def recent_logins(
    db: Session, actor: User, user_id: int, current_session: str | None = None
) -> list[dict[str, Any]]:
    """The account's last RECENT_LIMIT sign-ins and failed attempts, newest first, dated in
    the account's timezone; `current` marks the caller's own session."""
    ensure_account(db, actor, user_id)
    timezone = account_settings(db, user_id)["languageAndRegion"]["timezone"]
    rows = db.exec(
        select(LoginEvent)
        .where(col(LoginEvent.user_id) == user_id)
        .order_by(col(LoginEvent.created_at).desc(), col(LoginEvent.id).desc())
        .limit(RECENT_LIMIT)
    ).all()
    return [
        {
            "id": row.id,
            "createdAt": iso_utc(row.created_at),
            "when": local_time(row.created_at, timezone),
            "timezone": timezone,
            "device": row.device or "",
            "ip": row.ip or "",
            "city": row.city or "",
            "region": row.region or "",
            "country": row.country or "",
            "place": place_text(row.city, row.region, row.country),
            "success": row.success,
            "method": row.method,
            "current": bool(current_session) and row.family_id == current_session,
        }
        for row in rows
    ]
