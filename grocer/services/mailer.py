"""Outgoing e-mail: OTP codes over SMTP, or into an outbox folder on a machine without SMTP.

The outbox is the development default (no GROCER_SMTP_HOST): the message is written as an .eml
file and the log says where, with the code, so that sign-up and password reset work on a fresh
machine. In SMTP mode nothing secret is logged.
"""

from __future__ import annotations

import logging
import secrets
import smtplib
import ssl
from datetime import UTC, datetime
from email.message import EmailMessage
from email.utils import format_datetime, make_msgid
from pathlib import Path

from grocer.services.errors import DeliveryFailed
from grocer.settings import Settings, get_settings

log = logging.getLogger("grocer.mailer")

SMTP_TIMEOUT_SECONDS = 15
_IMPLICIT_TLS_PORT = 465

# (subject, body) per language and purpose; {code} and {minutes} are filled in.
_TEXTS: dict[str, dict[str, tuple[str, str]]] = {
    "fr": {
        "signup": (
            "Votre code de vérification Grocer",
            "Bonjour,\n\nVotre code de vérification est : {code}\n\n"
            "Ce code expire dans {minutes} minutes. Ne le communiquez à personne.\n\n"
            "Si vous n'êtes pas à l'origine de cette demande, ignorez cet e-mail.\n\n"
            "L'équipe Grocer\n",
        ),
        "reset": (
            "Réinitialisation de votre mot de passe Grocer",
            "Bonjour,\n\nVotre code de réinitialisation du mot de passe est : {code}\n\n"
            "Ce code expire dans {minutes} minutes. Ne le communiquez à personne.\n\n"
            "Si vous n'avez pas demandé de réinitialisation, ignorez cet e-mail : "
            "votre mot de passe reste inchangé.\n\nL'équipe Grocer\n",
        ),
    },
    "en": {
        "signup": (
            "Your Grocer verification code",
            "Hello,\n\nYour verification code is: {code}\n\n"
            "It expires in {minutes} minutes. Do not share it with anyone.\n\n"
            "If you did not ask for it, ignore this e-mail.\n\nThe Grocer team\n",
        ),
        "reset": (
            "Reset your Grocer password",
            "Hello,\n\nYour password reset code is: {code}\n\n"
            "It expires in {minutes} minutes. Do not share it with anyone.\n\n"
            "If you did not ask for a reset, ignore this e-mail: your password is unchanged.\n\n"
            "The Grocer team\n",
        ),
    },
}


def compose_otp_email(
    to: str, code: str, purpose: str, lang: str = "fr", *, valid_minutes: int = 10
) -> EmailMessage:
    """The message itself (French unless another known language is asked for)."""
    texts = _TEXTS.get(lang, _TEXTS["fr"])
    subject, body = texts.get(purpose, texts["signup"])
    settings = get_settings()
    message = EmailMessage()
    message["From"] = settings.smtp_from
    message["To"] = to
    message["Subject"] = subject
    message["Date"] = format_datetime(datetime.now(UTC))
    message["Message-ID"] = make_msgid(domain="grocer.local")
    message.set_content(body.format(code=code, minutes=valid_minutes), charset="utf-8")
    return message


def send_otp_email(
    to: str, code: str, purpose: str, lang: str = "fr", *, valid_minutes: int = 10
) -> None:
    """Deliver a one-time code; DeliveryFailed when the SMTP server cannot take it."""
    message = compose_otp_email(to, code, purpose, lang, valid_minutes=valid_minutes)
    settings = get_settings()
    if settings.smtp_enabled:
        _send_smtp(message, settings)
        log.info("OTP e-mail (%s) sent over SMTP", purpose)
    else:
        path = _write_outbox(message, purpose, settings.outbox_dir)
        log.warning("OTP e-mail (%s) for %s written to %s (code %s)", purpose, to, path, code)


def _send_smtp(message: EmailMessage, settings: Settings) -> None:
    context = ssl.create_default_context()
    try:
        if settings.smtp_port == _IMPLICIT_TLS_PORT:
            smtp: smtplib.SMTP = smtplib.SMTP_SSL(
                settings.smtp_host,
                settings.smtp_port,
                timeout=SMTP_TIMEOUT_SECONDS,
                context=context,
            )
        else:
            smtp = smtplib.SMTP(
                settings.smtp_host, settings.smtp_port, timeout=SMTP_TIMEOUT_SECONDS
            )
        with smtp:
            if settings.smtp_starttls and settings.smtp_port != _IMPLICIT_TLS_PORT:
                smtp.starttls(context=context)
            if settings.smtp_username:
                smtp.login(settings.smtp_username, settings.smtp_password)
            smtp.send_message(message)
    except (smtplib.SMTPException, OSError) as exc:
        log.error("SMTP delivery failed: %s", type(exc).__name__)
        raise DeliveryFailed() from exc


def _write_outbox(message: EmailMessage, purpose: str, outbox: Path) -> Path:
    outbox.mkdir(parents=True, exist_ok=True)
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%S%f")
    path = outbox / f"{stamp}-{purpose}-{secrets.token_hex(4)}.eml"
    path.write_bytes(message.as_bytes())
    path.chmod(0o600)
    return path
