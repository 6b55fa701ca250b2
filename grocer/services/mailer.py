"""Outgoing e-mail: OTP codes, sign-in warnings, order receipts and referral e-mails, over
SMTP or into an outbox folder.

The outbox is the development default (no GROCER_SMTP_HOST): the message is written as an .eml
file (0600) and the log says where, so that sign-up and password reset work on a fresh machine.
The log never holds a code, in either mode: logs travel to places an e-mail never should.
Production without SMTP refuses to start unless GROCER_OUTBOX_OK=1 (settings.check_mail_delivery).
"""

from __future__ import annotations

import logging
import os
import secrets
import smtplib
import ssl
from collections.abc import Mapping
from datetime import UTC, date, datetime
from decimal import Decimal
from email.message import EmailMessage
from email.utils import format_datetime, make_msgid
from pathlib import Path
from typing import Any

from babel.dates import format_date

from grocer.services.errors import DeliveryFailed
from grocer.services.money import format_amount
from grocer.services.validation import ascii_email
from grocer.settings import Settings, get_settings

log = logging.getLogger("grocer.mailer")

SMTP_TIMEOUT_SECONDS = 15
_IMPLICIT_TLS_PORT = 465
LOGIN_WARNING = "login-warning"
ORDER_RECEIPT = "order-receipt"
EMAIL_CHANGED = "email-changed"
GIFT_CARD = "gift-card"
GIFT_CARD_RECEIPT = "gift-card-receipt"

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
        "email": (
            "Confirmez votre nouvelle adresse email Grocer",
            "Bonjour,\n\nPour utiliser cette adresse avec votre compte Grocer, saisissez ce "
            "code dans votre profil : {code}\n\n"
            "Ce code expire dans {minutes} minutes. Ne le communiquez à personne.\n\n"
            "Si vous n'êtes pas à l'origine de cette demande, ignorez cet e-mail.\n\n"
            "L'équipe Grocer\n",
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
        "email": (
            "Confirm your new Grocer e-mail address",
            "Hello,\n\nTo use this address with your Grocer account, enter this code in your "
            "profile: {code}\n\n"
            "It expires in {minutes} minutes. Do not share it with anyone.\n\n"
            "If you did not ask for it, ignore this e-mail.\n\nThe Grocer team\n",
        ),
    },
}

# The notice sent to the former address once an account's e-mail changed; {new} is filled in.
_EMAIL_CHANGED_TEXTS: dict[str, tuple[str, str]] = {
    "fr": (
        "Votre adresse email Grocer a été modifiée",
        "Bonjour,\n\nL'adresse email de votre compte Grocer est désormais {new}. "
        "Cette adresse-ci ne recevra plus nos messages.\n\n"
        "Si vous n'êtes pas à l'origine de ce changement, contactez-nous sans attendre : "
        "{support}.\n\nL'équipe Grocer\n",
    ),
    "en": (
        "Your Grocer e-mail address was changed",
        "Hello,\n\nThe e-mail address of your Grocer account is now {new}. This address will "
        "no longer receive our messages.\n\n"
        "If you did not make this change, contact us at once: {support}.\n\nThe Grocer team\n",
    ),
}

# The warning after repeated failed sign-ins; {failures} and {minutes} are filled in.
_WARNING_TEXTS: dict[str, tuple[str, str]] = {
    "fr": (
        "Tentatives de connexion inhabituelles",
        "Bonjour,\n\nNous avons constaté {failures} tentatives de connexion à votre compte "
        "Grocer avec un mot de passe incorrect au cours des {minutes} dernières minutes.\n\n"
        "Si c'était vous, vous pouvez ignorer cet e-mail. Sinon, quelqu'un essaie peut-être "
        "de deviner votre mot de passe : choisissez un mot de passe que vous n'utilisez nulle "
        "part ailleurs (« Mot de passe oublié ? » dans la fenêtre de connexion).\n\n"
        "Votre compte n'est pas bloqué : vous pouvez toujours vous connecter.\n\n"
        "L'équipe Grocer\n",
    ),
    "en": (
        "Unusual sign-in attempts",
        "Hello,\n\nWe noticed {failures} attempts to sign in to your Grocer account with a "
        "wrong password in the last {minutes} minutes.\n\n"
        "If this was you, you can ignore this e-mail. Otherwise someone may be trying to guess "
        'your password: choose one you use nowhere else ("Forgot password?" in the sign-in '
        "window).\n\nYour account is not locked: you can still sign in.\n\nThe Grocer team\n",
    ),
    "es": (
        "Intentos de inicio de sesión inusuales",
        "Hola:\n\nHemos detectado {failures} intentos de iniciar sesión en tu cuenta de Grocer "
        "con una contraseña incorrecta en los últimos {minutes} minutos.\n\n"
        "Si fuiste tú, puedes ignorar este correo. Si no, es posible que alguien intente "
        "adivinar tu contraseña: elige una que no uses en ningún otro sitio («¿Olvidaste tu "
        "contraseña?» en la ventana de inicio de sesión).\n\n"
        "Tu cuenta no está bloqueada: puedes seguir iniciando sesión.\n\nEl equipo de Grocer\n",
    ),
    "de": (
        "Ungewöhnliche Anmeldeversuche",
        "Hallo,\n\nwir haben in den letzten {minutes} Minuten {failures} Versuche festgestellt, "
        "sich mit einem falschen Passwort bei Ihrem Grocer-Konto anzumelden.\n\n"
        "Wenn Sie das waren, können Sie diese E-Mail ignorieren. Andernfalls versucht "
        "vielleicht jemand, Ihr Passwort zu erraten: Wählen Sie ein Passwort, das Sie nirgendwo "
        "sonst verwenden („Passwort vergessen?“ im Anmeldefenster).\n\n"
        "Ihr Konto ist nicht gesperrt: Sie können sich weiterhin anmelden.\n\n"
        "Ihr Grocer-Team\n",
    ),
}


# The order receipt, per language (French for any other); the {fields} are filled in.
_RECEIPT_TEXTS: dict[str, dict[str, str]] = {
    "fr": {
        "subject": "Votre commande Grocer {number}",
        "intro": "Bonjour {name},\n\nMerci pour votre commande ! Nous l'avons bien reçue.",
        "number": "Commande",
        "slot_delivery": "Livraison",
        "slot_pickup": "Retrait",
        "address": "Adresse",
        "pickup_address": "Retrait en magasin",
        "lines": "Articles",
        "subtotal": "Sous-total",
        "deliveryFee": "Frais de livraison",
        "surcharge": "Supplément carburant et congestion",
        "tip": "Pourboire",
        "discount": "Réduction",
        "giftCard": "Carte cadeau",
        "total": "Total",
        "payment": "Paiement",
        "cash": "Paiement à la livraison (espèces)",
        "mobile_money": "Mobile money",
        "outro": "L'équipe Grocer",
    },
    "en": {
        "subject": "Your Grocer order {number}",
        "intro": "Hello {name},\n\nThank you for your order! We have received it.",
        "number": "Order",
        "slot_delivery": "Delivery",
        "slot_pickup": "Pickup",
        "address": "Address",
        "pickup_address": "Pickup in store",
        "lines": "Items",
        "subtotal": "Subtotal",
        "deliveryFee": "Delivery fee",
        "surcharge": "Fuel and congestion surcharge",
        "tip": "Tip",
        "discount": "Discount",
        "giftCard": "Gift card",
        "total": "Total",
        "payment": "Payment",
        "cash": "Cash on delivery",
        "mobile_money": "Mobile money",
        "outro": "The Grocer team",
    },
}
_RECEIPT_FIGURES = ("subtotal", "deliveryFee", "surcharge", "tip", "discount", "giftCard")
_BABEL_LOCALES = {"fr": "fr_FR", "en": "en"}


def _slot_text(slot: Mapping[str, Any], lang: str) -> str:
    """'jeudi 26 novembre 2026, 9h - 13h' (the day as the shopper's language writes it)."""
    try:
        day = format_date(
            date.fromisoformat(str(slot.get("date"))), "full", locale=_BABEL_LOCALES[lang]
        )
    except ValueError:
        day = str(slot.get("date") or "")
    label = slot.get("label") or ""
    return f"{day}, {label}" if day and label else day or str(label)


def _address_text(address: Mapping[str, Any]) -> str:
    parts = ("streetAddress", "apartment", "postalCode", "city", "state", "country")
    return ", ".join(str(address[key]) for key in parts if address.get(key))


def compose_order_receipt(to: str, order: Mapping[str, Any], lang: str = "fr") -> EmailMessage:
    """The receipt of a placed order (an OrderDict): number, slot, address, lines and
    figures in XOF as the shop writes them, in French or English."""
    lang = lang if lang in _RECEIPT_TEXTS else "fr"
    texts = _RECEIPT_TEXTS[lang]

    def amount(value: str) -> str:
        return format_amount(Decimal(value), "XOF", lang=lang)

    kind = "pickup" if order.get("kind") == "pickup" else "delivery"
    address = order.get("address") or {}
    where = _address_text(address) if kind == "delivery" else texts["pickup_address"]
    lines = [
        f"- {line['quantity']} × {line['name']} : {amount(line['lineTotal'])}"
        for line in order.get("lines", [])
    ]
    figures = [
        f"{texts[key]} : {amount(order[key])}"
        for key in _RECEIPT_FIGURES
        if key in order and (key in ("subtotal", "deliveryFee") or Decimal(order[key]))
    ]
    instructions = order.get("instructions") or {}
    name = instructions.get("recipientFirstName") or ""
    body = "\n".join(
        [
            texts["intro"].format(name=name).replace(" ,", ","),
            "",
            f"{texts['number']} : {order['number']}",
            f"{texts['slot_' + kind]} : {_slot_text(order.get('slot') or {}, lang)}",
            f"{texts['address']} : {where}",
            f"{texts['payment']} : {texts.get(str(order.get('paymentMethod')), '')}",
            "",
            f"{texts['lines']} :",
            *lines,
            "",
            *figures,
            f"{texts['total']} : {amount(order['total'])}",
            "",
            texts["outro"],
            "",
        ]
    )
    return _message(to, texts["subject"].format(number=order["number"]), body)


def send_order_receipt(to: str, order: Mapping[str, Any], lang: str = "fr") -> None:
    """Deliver an order's receipt; DeliveryFailed when the SMTP server cannot take it."""
    _deliver(compose_order_receipt(to, order, lang), ORDER_RECEIPT)


# A gift card: the recipient's message (with the code) and the buyer's receipt, per language
# (French for any other). {amount}, {sender}, {code}, {number}, {recipient} are filled in.
_GIFT_TEXTS: dict[str, dict[str, str]] = {
    "fr": {
        "subject": "Vous avez reçu une carte cadeau Grocer de {amount}",
        "intro": "Bonjour,\n\n{sender} vous offre une carte cadeau Grocer de {amount}.",
        "someone": "Quelqu'un",
        "message": "Son message :",
        "code": "Votre code : {code}",
        "how": (
            "Pour l'utiliser, connectez-vous sur Grocer, ouvrez Mon compte > Cartes cadeaux et "
            "entrez ce code : son montant s'ajoute à votre crédit, déduit automatiquement de "
            "votre prochaine commande. Le code ne peut servir qu'une fois ; ne le communiquez "
            "à personne d'autre."
        ),
        "receipt_subject": "Votre achat de carte cadeau Grocer {number}",
        "receipt": (
            "Bonjour,\n\nMerci ! Votre carte cadeau de {amount} est payée (commande "
            "{number}). Nous avons envoyé son code à {recipient}.\n\nVous la retrouvez dans "
            "Mon compte > Cartes cadeaux."
        ),
        "outro": "L'équipe Grocer",
    },
    "en": {
        "subject": "You have received a Grocer gift card worth {amount}",
        "intro": "Hello,\n\n{sender} is giving you a Grocer gift card worth {amount}.",
        "someone": "Someone",
        "message": "Their message:",
        "code": "Your code: {code}",
        "how": (
            "To use it, sign in to Grocer, open My account > Gift cards and enter this code: "
            "its amount is added to your credit, taken automatically off your next order. "
            "The code works only once; do not share it with anyone else."
        ),
        "receipt_subject": "Your Grocer gift card purchase {number}",
        "receipt": (
            "Hello,\n\nThank you! Your gift card worth {amount} is paid (order {number}). "
            "We have sent its code to {recipient}.\n\nYou will find it under My account > "
            "Gift cards."
        ),
        "outro": "The Grocer team",
    },
}


def _gift_texts(lang: str) -> dict[str, str]:
    return _GIFT_TEXTS.get(lang, _GIFT_TEXTS["fr"])


def compose_gift_card(
    to: str,
    *,
    code: str,
    amount_xof: Decimal,
    sender: str | None,
    message: str | None,
    lang: str = "fr",
) -> EmailMessage:
    """The recipient's gift card: who gives it, the amount, the message, the code and how to
    redeem it (in the buyer's language, French unless English)."""
    texts = _gift_texts(lang)
    amount = format_amount(amount_xof, "XOF", lang=lang)
    parts = [texts["intro"].format(sender=sender or texts["someone"], amount=amount), ""]
    if message:
        parts += [texts["message"], message, ""]
    parts += [texts["code"].format(code=code), "", texts["how"], "", texts["outro"], ""]
    return _message(to, texts["subject"].format(amount=amount), "\n".join(parts))


def compose_gift_card_receipt(
    to: str, *, number: str, amount_xof: Decimal, recipient: str, lang: str = "fr"
) -> EmailMessage:
    """The buyer's receipt once the card is paid (no code: it went to the recipient)."""
    texts = _gift_texts(lang)
    amount = format_amount(amount_xof, "XOF", lang=lang)
    body = texts["receipt"].format(amount=amount, number=number, recipient=recipient)
    return _message(
        to, texts["receipt_subject"].format(number=number), f"{body}\n\n{texts['outro']}\n"
    )


def send_gift_card(message: EmailMessage, *, receipt: bool = False) -> None:
    """Deliver a composed gift-card message; DeliveryFailed when SMTP cannot take it."""
    _deliver(message, GIFT_CARD_RECEIPT if receipt else GIFT_CARD)


# Referral (001 §2, §9): the invitation a shopper sends a friend, and the reward notice.
# {sender} is the sender's name (or a neutral word), {link} the share link, {amount} the
# reward, {minimum} the friend's first order minimum.
_REFERRAL_TEXTS: dict[str, dict[str, str]] = {
    "fr": {
        "subject": "{sender} vous invite à faire vos courses sur Grocer",
        "friend": "Un ami",
        "body": "Bonjour,\n\n{sender} vous invite à découvrir Grocer, l'épicerie en ligne.\n\n"
        "Créez votre compte avec ce lien : {link}\n\n"
        "Dès la livraison de votre première commande d'au moins {minimum}, {sender} reçoit "
        "{amount} de crédit.\n\nÀ très vite,\nL'équipe Grocer\n",
        "reward_subject": "Vous avez gagné {amount} de crédit Grocer",
        "reward_body": "Bonjour,\n\nMerci pour votre parrainage ! La première commande de la "
        "personne que vous avez invitée a été livrée : {amount} de crédit ont été ajoutés à "
        "votre compte. Ce crédit expire dans 12 mois et sera déduit automatiquement de votre "
        "prochaine commande.\n\nL'équipe Grocer\n",
    },
    "en": {
        "subject": "{sender} invites you to shop on Grocer",
        "friend": "A friend",
        "body": "Hello,\n\n{sender} invites you to discover Grocer, the online grocery.\n\n"
        "Create your account with this link: {link}\n\n"
        "Once your first order of at least {minimum} is delivered, {sender} receives "
        "{amount} of credit.\n\nSee you soon,\nThe Grocer team\n",
        "reward_subject": "You earned {amount} of Grocer credit",
        "reward_body": "Hello,\n\nThank you for referring a friend! Their first order has been "
        "delivered: {amount} of credit has been added to your account. It expires in 12 "
        "months and is deducted automatically from your next order.\n\nThe Grocer team\n",
    },
    "es": {
        "subject": "{sender} te invita a hacer la compra en Grocer",
        "friend": "Un amigo",
        "body": "Hola:\n\n{sender} te invita a descubrir Grocer, la tienda de alimentación en "
        "línea.\n\nCrea tu cuenta con este enlace: {link}\n\n"
        "Cuando se entregue tu primer pedido de al menos {minimum}, {sender} recibirá "
        "{amount} de crédito.\n\nHasta pronto,\nEl equipo de Grocer\n",
        "reward_subject": "Has ganado {amount} de crédito en Grocer",
        "reward_body": "Hola:\n\n¡Gracias por tu recomendación! El primer pedido de la persona "
        "que invitaste ha sido entregado: se han añadido {amount} de crédito a tu cuenta. "
        "Caduca en 12 meses y se descuenta automáticamente de tu próximo pedido.\n\n"
        "El equipo de Grocer\n",
    },
    "de": {
        "subject": "{sender} lädt Sie zum Einkaufen bei Grocer ein",
        "friend": "Ein Freund",
        "body": "Hallo,\n\n{sender} lädt Sie ein, Grocer kennenzulernen, den Online-"
        "Lebensmittelladen.\n\nErstellen Sie Ihr Konto über diesen Link: {link}\n\n"
        "Sobald Ihre erste Bestellung von mindestens {minimum} geliefert ist, erhält {sender} "
        "{amount} Guthaben.\n\nBis bald,\nIhr Grocer-Team\n",
        "reward_subject": "Sie haben {amount} Grocer-Guthaben erhalten",
        "reward_body": "Hallo,\n\ndanke für Ihre Empfehlung! Die erste Bestellung der von Ihnen "
        "eingeladenen Person wurde geliefert: {amount} Guthaben wurden Ihrem Konto "
        "gutgeschrieben. Es verfällt nach 12 Monaten und wird automatisch von Ihrer nächsten "
        "Bestellung abgezogen.\n\nIhr Grocer-Team\n",
    },
}
REFERRAL_INVITATION = "referral-invitation"
REFERRAL_REWARD = "referral-reward"


def compose_referral_invitation(
    to: str, sender: str, link: str, lang: str = "fr", *, amount: Decimal, minimum: Decimal
) -> EmailMessage:
    """A friend's invitation: who sends it, the share link, the reward rule (amounts in XOF,
    as the shop writes them)."""
    lang = lang if lang in _REFERRAL_TEXTS else "fr"
    texts = _REFERRAL_TEXTS[lang]
    fields = {
        "sender": " ".join(sender.split()) or texts["friend"],
        "link": link,
        "amount": format_amount(amount, "XOF", lang=lang),
        "minimum": format_amount(minimum, "XOF", lang=lang),
    }
    return _message(to, texts["subject"].format(**fields), texts["body"].format(**fields))


def send_referral_invitation(
    to: str, sender: str, link: str, lang: str = "fr", *, amount: Decimal, minimum: Decimal
) -> None:
    """Deliver an invitation; DeliveryFailed when the SMTP server cannot take it."""
    message = compose_referral_invitation(to, sender, link, lang, amount=amount, minimum=minimum)
    _deliver(message, REFERRAL_INVITATION)


def compose_referral_reward(to: str, amount: Decimal, lang: str = "fr") -> EmailMessage:
    lang = lang if lang in _REFERRAL_TEXTS else "fr"
    texts = _REFERRAL_TEXTS[lang]
    shown = format_amount(amount, "XOF", lang=lang)
    return _message(
        to,
        texts["reward_subject"].format(amount=shown),
        texts["reward_body"].format(amount=shown),
    )


def send_referral_reward(to: str, amount: Decimal, lang: str = "fr") -> None:
    """Tell a referrer their friend's first delivery earned them credit."""
    _deliver(compose_referral_reward(to, amount, lang), REFERRAL_REWARD)


def _message(to: str, subject: str, body: str) -> EmailMessage:
    settings = get_settings()
    message = EmailMessage()
    message["From"] = settings.smtp_from
    message["To"] = ascii_email(to)  # an internationalised domain in its xn-- form
    message["Subject"] = subject
    message["Date"] = format_datetime(datetime.now(UTC))
    message["Message-ID"] = make_msgid(domain="grocer.local")
    message.set_content(body, charset="utf-8")
    return message


def compose_otp_email(
    to: str, code: str, purpose: str, lang: str = "fr", *, valid_minutes: int = 10
) -> EmailMessage:
    """The message itself (French unless another known language is asked for)."""
    texts = _TEXTS.get(lang, _TEXTS["fr"])
    subject, body = texts.get(purpose, texts["signup"])
    return _message(to, subject, body.format(code=code, minutes=valid_minutes))


def compose_login_warning(to: str, lang: str, *, failures: int, minutes: int) -> EmailMessage:
    """The owner's warning about repeated failed sign-ins (French unless a known language)."""
    subject, body = _WARNING_TEXTS.get(lang, _WARNING_TEXTS["fr"])
    return _message(to, subject, body.format(failures=failures, minutes=minutes))


def send_otp_email(
    to: str, code: str, purpose: str, lang: str = "fr", *, valid_minutes: int = 10
) -> None:
    """Deliver a one-time code; DeliveryFailed when the SMTP server cannot take it."""
    _deliver(compose_otp_email(to, code, purpose, lang, valid_minutes=valid_minutes), purpose)


def compose_email_changed(to: str, new_address: str, lang: str = "fr") -> EmailMessage:
    """The notice to an account's former address that its e-mail is now `new_address`."""
    subject, body = _EMAIL_CHANGED_TEXTS.get(lang, _EMAIL_CHANGED_TEXTS["fr"])
    support = get_settings().support_email
    return _message(to, subject, body.format(new=new_address, support=support))


def send_email_changed(to: str, new_address: str, lang: str = "fr") -> None:
    """Tell the former address of an account that its e-mail changed; DeliveryFailed as above."""
    _deliver(compose_email_changed(to, new_address, lang), EMAIL_CHANGED)


def send_login_warning(to: str, lang: str, *, failures: int, minutes: int) -> None:
    """Warn an account's owner that its password is being guessed; DeliveryFailed as above."""
    _deliver(compose_login_warning(to, lang, failures=failures, minutes=minutes), LOGIN_WARNING)


def _deliver(message: EmailMessage, kind: str) -> None:
    """SMTP when configured, else the outbox. Logs the kind and where, never the content."""
    settings = get_settings()
    if settings.smtp_enabled:
        _send_smtp(message, settings)
        log.info("e-mail (%s) sent over SMTP", kind)
    else:
        path = _write_outbox(message, kind, settings.outbox_dir)
        log.warning("e-mail (%s) written to the outbox: %s", kind, path)


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


def _write_outbox(message: EmailMessage, kind: str, outbox: Path) -> Path:
    """The .eml file is created 0600 in one step (it holds a code until read)."""
    outbox.mkdir(parents=True, exist_ok=True)
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%S%f")
    path = outbox / f"{stamp}-{kind}-{secrets.token_hex(4)}.eml"
    fd = os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600)
    with os.fdopen(fd, "wb") as handle:
        handle.write(message.as_bytes())
    return path


# --- sign-in codes of the two-factor sign-in (e-mail and SMS) ---------------------------------

LOGIN_CODE = "login-code"
SMS = "sms"

# (e-mail subject, e-mail body, SMS text) per language; {code} and {minutes} are filled in.
_LOGIN_CODE_TEXTS: dict[str, tuple[str, str, str]] = {
    "fr": (
        "Votre code de connexion Grocer",
        "Bonjour,\n\nVotre code de connexion est : {code}\n\n"
        "Ce code expire dans {minutes} minutes. Ne le communiquez à personne.\n\n"
        "Si vous n'êtes pas en train de vous connecter, quelqu'un connaît votre mot de passe : "
        "changez-le sans attendre.\n\nL'équipe Grocer\n",
        "Grocer : votre code de connexion est {code}. Il expire dans {minutes} minutes. "
        "Ne le communiquez à personne.",
    ),
    "en": (
        "Your Grocer sign-in code",
        "Hello,\n\nYour sign-in code is: {code}\n\n"
        "It expires in {minutes} minutes. Do not share it with anyone.\n\n"
        "If you are not signing in, someone knows your password: change it now.\n\n"
        "The Grocer team\n",
        "Grocer: your sign-in code is {code}. It expires in {minutes} minutes. "
        "Do not share it with anyone.",
    ),
    "es": (
        "Tu código de inicio de sesión de Grocer",
        "Hola:\n\nTu código de inicio de sesión es: {code}\n\n"
        "Caduca en {minutes} minutos. No lo compartas con nadie.\n\n"
        "Si no estás iniciando sesión, alguien conoce tu contraseña: cámbiala ahora.\n\n"
        "El equipo de Grocer\n",
        "Grocer: tu código de inicio de sesión es {code}. Caduca en {minutes} minutos. "
        "No lo compartas con nadie.",
    ),
    "de": (
        "Ihr Grocer-Anmeldecode",
        "Hallo,\n\nIhr Anmeldecode lautet: {code}\n\n"
        "Er läuft in {minutes} Minuten ab. Geben Sie ihn an niemanden weiter.\n\n"
        "Wenn Sie sich gerade nicht anmelden, kennt jemand Ihr Passwort: Ändern Sie es sofort.\n\n"
        "Ihr Grocer-Team\n",
        "Grocer: Ihr Anmeldecode lautet {code}. Er läuft in {minutes} Minuten ab. "
        "Geben Sie ihn an niemanden weiter.",
    ),
}


def _login_code_texts(lang: str) -> tuple[str, str, str]:
    return _LOGIN_CODE_TEXTS.get(lang, _LOGIN_CODE_TEXTS["fr"])


def send_login_code_email(to: str, code: str, lang: str = "fr", *, valid_minutes: int) -> None:
    """The second factor of a sign-in by e-mail; DeliveryFailed as for the other codes."""
    subject, body, _sms = _login_code_texts(lang)
    message = _message(to, subject, body.format(code=code, minutes=valid_minutes))
    _deliver(message, LOGIN_CODE)


def login_code_sms(code: str, lang: str = "fr", *, valid_minutes: int) -> str:
    """The text of a sign-in code by SMS."""
    return _login_code_texts(lang)[2].format(code=code, minutes=valid_minutes)


def compose_sms(to_phone: str, text: str) -> EmailMessage:
    """An SMS as the outbox keeps it: a plain message whose `To-Phone` header is the number
    (never sent over SMTP: an SMS has no e-mail address)."""
    message = EmailMessage()
    message["To-Phone"] = to_phone
    message["Subject"] = "SMS"
    message["Date"] = format_datetime(datetime.now(UTC))
    message.set_content(text, charset="utf-8")
    return message


def send_sms(to_phone: str, text: str) -> None:
    """Send an SMS. No SMS provider is configured yet, so it is written to the outbox folder
    (kind "sms", the same path as e-mails without SMTP, whether or not SMTP is set) and the
    log says where, never what."""
    path = _write_outbox(compose_sms(to_phone, text), SMS, get_settings().outbox_dir)
    log.warning("SMS written to the outbox (no SMS provider configured): %s", path)


SECURITY_ALERT = "security-alert"


def send_security_alert(to: str, subject: str, body: str) -> None:
    """A security alert the owner asked for (grocer.services.login_records writes the text);
    DeliveryFailed as above."""
    _deliver(_message(to, subject, body), SECURITY_ALERT)
