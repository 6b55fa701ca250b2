"""The account's profile section (001 §2 "Account page", §3 "Profile labels", §5, §8): the
profile form saved for real, the password change, the e-mail change proven by a code sent to
the new address, and the account deletion request.

Every rule is the services' (grocer.services.accounts, email_change): this state reads the
submitted forms, shows the services' problems under their fields as message keys, and shows
the toasts of §8. The profile is loaded from the server (GET /users/{id}'s service); a 401
there ends the session (001 §4), another failure falls back to the browser's userInfo,
read-only. Nothing secret is kept: passwords and codes are passed on and forgotten.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Mapping
from datetime import date
from typing import Any

import reflex as rx

from grocer.models.base import utcnow
from grocer.services import accounts, email_change, phones, tokens
from grocer.services.addresses import ADDRESS_LIMITS, REQUIRED_ADDRESS_FIELDS
from grocer.services.errors import (
    DeliveryFailed,
    RateLimited,
    Unauthorized,
    ValidationFailed,
)
from grocer.state import session_events, session_guard
from grocer.state.auth import AuthState
from grocer.state.checkout import PHONE_KEYS, split_phone
from grocer.state.client_address import router_client_address
from grocer.state.forms import PASSWORD_MAX, form_text
from grocer.state.otp_flow import CODE_LENGTH, chosen_language, code_digits, password_rules_problem
from grocer.state.session import MAX_TOKEN_LENGTH, SessionState, parse_json
from grocer.state.toast import show_toast

logger = logging.getLogger(__name__)

GENDERS: tuple[str, ...] = ("female", "male", "other")
NAME_MAX = accounts.NAME_MAX
EMAIL_MAX = accounts.EMAIL_MAX
REASON_MAX = accounts.DELETION_REASON_MAX

K_SAVED = "profile:toasts.saved"
K_UPDATE_FAILED = "account:toasts.updateFailed"
K_PASSWORD_CHANGED = "profile:toasts.passwordChanged"
K_EMAIL_CHANGED = "profile:toasts.emailChanged"
K_LOAD_FAILED = "profile:errors.loadFailed"
K_REQUIRED = "profile:errors.required"
K_TOO_MANY = "auth:signup.errors.tooManyAttempts"
K_CODE_FORMAT = "auth:signup.errors.codeFormat"
K_PASSWORD_WRONG = "profile:errors.currentPasswordWrong"

#: The services' error keys → the messages the form shows under a field.
FIELD_KEYS: dict[str, str] = {
    **PHONE_KEYS,
    "validation.phoneCountry": "profile:errors.phoneCountry",
    "validation.dateOfBirth": "profile:errors.birthDate",
    "validation.emailRequired": "auth:signup.errors.emailRequired",
    "validation.emailInvalid": "auth:signup.errors.emailInvalid",
    "errors.tooLong": "profile:errors.tooLong",
    "errors.invalidField": "profile:errors.invalid",
    "address.errors.required": K_REQUIRED,
    "account.errors.currentPasswordWrong": K_PASSWORD_WRONG,
    "validation.fillAllFields": "auth:validation.fillAllFields",
    "emailChange.errors.emailUnavailable": "auth:signup.errors.emailUnavailable",
    "emailChange.errors.sameEmail": "profile:errors.sameEmail",
    "emailChange.errors.codeFormat": K_CODE_FORMAT,
    "emailChange.errors.codeInvalid": "auth:signup.errors.codeInvalid",
    "emailChange.errors.notVerified": "auth:signup.errors.codeInvalid",
}
#: The name inputs, named as accounts.update_profile's changes.
_NAME_INPUTS = ("first_name", "last_name")
#: The address inputs (form name, camelCase key).
ADDRESS_FIELDS: tuple[tuple[str, str], ...] = (
    ("street", "streetAddress"),
    ("city", "city"),
    ("postal_code", "postalCode"),
    ("country", "country"),
)


# --- pure helpers (tests/state/test_profile_state.py) ------------------------------------------


def session_id_of(token: str) -> str | None:
    """The sign-in (refresh-token family) this tab's access token belongs to: the session a
    password change keeps. The token was verified by `session_guard` just before."""
    if not token or len(token) > MAX_TOKEN_LENGTH:
        return None
    try:
        return tokens.read_access_token(token).session_id
    except Unauthorized:
        return None


def field_key(exc: ValidationFailed) -> str:
    return FIELD_KEYS.get(exc.key, "profile:errors.invalid")


def read_profile_form(form: Mapping[str, Any]) -> tuple[dict[str, Any], dict[str, str]]:
    """The submitted profile form as accounts.update_profile's changes, and the message key of
    each field the form itself cannot read (a birth date that is no date)."""
    errors: dict[str, str] = {}
    changes: dict[str, Any] = {name: form_text(form, name, NAME_MAX + 1) for name in _NAME_INPUTS}
    born = form_text(form, "birth_date", 10).strip()
    try:
        changes["date_of_birth"] = date.fromisoformat(born) if born else None
    except ValueError:
        errors["dateOfBirth"] = "profile:errors.birthDate"
    gender = form_text(form, "gender", 10)
    changes["gender"] = gender if gender in GENDERS else None
    for attr, prefix in (("phone", ""), ("business_phone", "business_")):
        changes[attr] = accounts.PhoneInput(
            form_text(form, f"{prefix}country_code", 6),
            form_text(form, f"{prefix}phone", 32),
            "BUSINESS" if prefix else "MOBILE",
            not prefix,
        )
    changes["address"] = {
        key: form_text(form, name, ADDRESS_LIMITS[key] + 1) for name, key in ADDRESS_FIELDS
    }
    return changes, errors


def profile_errors(changes: Mapping[str, Any], today: date) -> dict[str, str]:
    """The services' problems of a profile change, as a message key per form field. A missing
    part of the address marks each required field left blank."""
    errors: dict[str, str] = {}
    for problem in accounts.profile_problems(changes, today):
        if problem.key == "address.errors.required":
            address = changes.get("address") or {}
            for key in REQUIRED_ADDRESS_FIELDS:
                if not str(address.get(key) or "").strip():
                    errors.setdefault(key, K_REQUIRED)
        else:
            errors.setdefault(problem.field, field_key(problem))
    return errors


def _phone_of(details: Mapping[str, Any], business: bool) -> tuple[str, str]:
    """(country code, national number) of the primary or the business phone of the details."""
    rows = [p for p in details.get("phones") or [] if isinstance(p, Mapping)]
    if business:
        found = next((p for p in rows if p.get("phoneType") == "BUSINESS"), None)
    else:
        found = next((p for p in rows if p.get("isPrimary")), None)
    if not found:
        return phones.DEFAULT_COUNTRY_CODE, ""
    return split_phone(str(found.get("phoneNumber") or ""))


def _failure_key(exc: BaseException, default: str) -> str:
    if isinstance(exc, RateLimited):
        return K_TOO_MANY
    if isinstance(exc, ValidationFailed):
        return field_key(exc)
    return default


#: The vars the profile form's inputs start from.
_FORM_VARS = (
    "first_name",
    "last_name",
    "country_code",
    "phone",
    "business_country_code",
    "business_phone",
    "birth_date",
    "gender",
    *(attr for attr, _key in ADDRESS_FIELDS),
)


class SignedOut(Exception):
    """The tab has no signed-in user any more: the handler stops, nothing was called."""


class ProfileState(rx.State):
    """What the profile section shows and its four forms."""

    # "" before the first load, "loading", "ready", "fallback" (local userInfo, read-only),
    # "signed_out" ("Connexion requise").
    status: str = ""
    revision: int = 0  # bumped when other values load: the form's inputs start again from them
    _shown: str = ""  # the values the form's inputs started from (JSON)
    load_error: str = ""

    first_name: str = ""
    last_name: str = ""
    email: str = ""
    email_verified: bool = False
    country_code: str = phones.DEFAULT_COUNTRY_CODE
    phone: str = ""
    business_country_code: str = phones.DEFAULT_COUNTRY_CODE
    business_phone: str = ""
    birth_date: str = ""
    gender: str = ""
    street: str = ""
    city: str = ""
    postal_code: str = ""
    country: str = ""

    errors: dict[str, str] = {}
    saving: bool = False

    password_errors: dict[str, str] = {}
    password_busy: bool = False
    password_revision: int = 0

    email_step: int = 0  # 0 closed, 1 new address and password, 2 the code
    new_email: str = ""
    email_error: str = ""
    email_busy: bool = False

    delete_open: bool = False
    delete_busy: bool = False
    delete_error: str = ""

    @rx.var
    def editable(self) -> bool:
        return self.status == "ready"

    # --- loading ------------------------------------------------------------------------------

    def _fill(self, details: Mapping[str, Any]) -> None:
        def text(name: str, limit: int = 254) -> str:
            value = details.get(name)
            return value[:limit] if isinstance(value, str) else ""

        self.first_name, self.last_name = text("firstName", 100), text("lastName", 100)
        self.email = text("email")
        self.email_verified = details.get("emailVerified") is True
        self.country_code, self.phone = _phone_of(details, business=False)
        self.business_country_code, self.business_phone = _phone_of(details, business=True)
        self.birth_date = text("dateOfBirth", 10)
        gender = text("gender", 10)
        self.gender = gender if gender in GENDERS else ""
        rows = details.get("addresses") or []
        address = rows[0] if rows and isinstance(rows[0], Mapping) else {}
        for attr, key in ADDRESS_FIELDS:
            value = address.get(key)
            setattr(self, attr, value if isinstance(value, str) else "")
        shown = json.dumps([getattr(self, name) for name in _FORM_VARS], ensure_ascii=False)
        if shown != self._shown:
            # Other values: the inputs start again from them. The same values (the section
            # mounted twice, a reload): what the shopper is typing stays.
            self._shown = shown
            self.revision += 1

    def _clear(self) -> None:
        self._fill({})
        self.errors, self.password_errors = {}, {}
        self._close_email_change()
        self.delete_open, self.delete_error = False, ""
        self.saving = self.password_busy = self.delete_busy = False

    async def _user_id(self) -> int | None:
        """The signed-in user, or None with "Connexion requise" shown."""
        user_id = await session_guard.signed_in_user_id(self)
        if user_id is None:
            self._clear()
            self.status = "signed_out"
        return user_id

    async def _as_user(self, fn: Any, *args: Any, **kwargs: Any) -> Any:
        """`fn(db, account, user id, *args)` for the user signed in on this tab (never an id
        from the browser); `SignedOut` when there is none ("Connexion requise" shows)."""
        user_id = await self._user_id()
        if user_id is None:
            raise SignedOut()
        return await session_guard.call(fn, user_id, *args, as_user=user_id, **kwargs)

    @rx.event
    async def load(self):
        """On showing the section: the profile from the server (001 §4, §8)."""
        if self.status != "ready":  # a profile already shown stays usable while it reloads
            self.status = "loading"
        self.load_error = ""
        self.errors = {}
        yield
        user_id = await self._user_id()
        if user_id is None:
            return
        try:
            details = await session_guard.call(accounts.user_details, as_user=user_id)
        except Unauthorized:
            self._clear()
            self.status = "signed_out"
            await (await self.get_state(SessionState))._end_session()
            return
        except Exception:
            logger.warning("profile: could not load the profile", exc_info=True)
            session = await self.get_state(SessionState)
            self._fill(parse_json(session.user_info, dict))
            self.status, self.load_error = "fallback", K_LOAD_FAILED
            return
        self._fill(details)
        self.status = "ready"

    # --- the profile form -------------------------------------------------------------------

    @rx.event
    async def save(self, form: dict):
        """ "Enregistrer": every field checked, then saved; the toasts of §8."""
        if self.saving or self.status != "ready":
            return
        changes, errors = read_profile_form(form)
        errors = {**profile_errors(changes, utcnow().date()), **errors}
        if errors:
            self.errors = errors
            return
        self.errors = {}
        self.saving = True
        yield
        try:
            details = await self._as_user(accounts.save_profile, changes, utcnow())
        except SignedOut:
            return
        except Exception as exc:
            self.saving = False
            if isinstance(exc, ValidationFailed):
                self.errors = {exc.field: field_key(exc)}
            else:
                logger.warning("profile: save failed (%s)", type(exc).__name__, exc_info=exc)
            yield await show_toast(self, K_UPDATE_FAILED, error=True)
            return
        self.saving = False
        self._fill(details)
        await self._update_user_info(details)
        yield await show_toast(self, K_SAVED)

    async def _update_user_info(self, details: Mapping[str, Any]) -> None:
        """The header's name and the stored userInfo follow the saved profile."""
        session = await self.get_state(SessionState)
        info = parse_json(session.user_info, dict)
        if not info:
            return
        for key in ("firstName", "lastName", "email", "emailVerified"):
            if key in details:
                info[key] = details[key]
        session.user_info = json.dumps(info, ensure_ascii=False)

    # --- the password ---------------------------------------------------------------------

    @rx.event
    async def change_password(self, form: dict):
        """ "Changer le mot de passe" (001 §5): this tab stays signed in, the others end."""
        if self.password_busy or self.status != "ready":
            return
        current = form_text(form, "current_password", PASSWORD_MAX)
        new = form_text(form, "new_password", PASSWORD_MAX)
        confirm = form_text(form, "confirm_password", PASSWORD_MAX)
        errors: dict[str, str] = {}
        if not current:
            errors["currentPassword"] = "auth:validation.fillAllFields"
        problem = password_rules_problem(new, confirm) if new or confirm else ""
        if not new:
            errors["newPassword"] = "auth:validation.fillAllFields"
        elif problem:
            field = "confirmPassword" if problem.endswith("passwordMismatch") else "newPassword"
            errors[field] = problem
        self.password_errors = errors
        if errors:
            return
        self.password_busy = True
        yield
        session = await self.get_state(SessionState)
        try:
            await self._as_user(
                accounts.change_password,
                current,
                new,
                utcnow(),
                keep_session=session_id_of(session.access_token),
            )
        except SignedOut:
            return
        except Exception as exc:
            self.password_busy = False
            if isinstance(exc, ValidationFailed | RateLimited):
                self.password_errors = {"currentPassword": _failure_key(exc, K_PASSWORD_WRONG)}
                return
            logger.warning("profile: password change failed (%s)", type(exc).__name__)
            yield await show_toast(self, K_UPDATE_FAILED, error=True)
            return
        self.password_busy = False
        self.password_revision += 1
        yield await show_toast(self, K_PASSWORD_CHANGED)

    # --- the e-mail ---------------------------------------------------------------------------

    @rx.event
    def open_email_change(self) -> None:
        if self.status == "ready":
            self.email_step, self.email_error, self.new_email = 1, "", ""

    def _close_email_change(self) -> None:
        self.email_step, self.email_error, self.new_email, self.email_busy = 0, "", "", False

    @rx.event
    def cancel_email_change(self) -> None:
        self._close_email_change()

    @rx.event
    async def send_email_code(self, form: dict):
        """Step 1: the new address and the password; a code goes to that address."""
        if self.email_busy or self.email_step != 1:
            return
        address = form_text(form, "new_email", EMAIL_MAX + 1).strip()
        password = form_text(form, "password", PASSWORD_MAX)
        if not address or not password:
            self.email_error = "auth:validation.fillAllFields"
            return
        self.email_error = ""
        self.email_busy = True
        yield
        try:
            sent_to = await self._as_user(
                email_change.request_email_change,
                address,
                password,
                utcnow(),
                router_client_address(self.router),
                chosen_language(form),
            )
        except SignedOut:
            return
        except Exception as exc:
            self.email_busy = False
            default = (
                "auth:signup.errors.sendFailed"
                if isinstance(exc, DeliveryFailed)
                else "auth:signup.errors.server"
            )
            self.email_error = _failure_key(exc, default)
            return
        self.email_busy = False
        self.new_email = str(sent_to)
        self.email_step = 2

    @rx.event
    async def confirm_email_code(self, form: dict):
        """Step 2: the 6-digit code received at the new address."""
        if self.email_busy or self.email_step != 2:
            return
        code = code_digits(form_text(form, "code", 64))
        if len(code) != CODE_LENGTH:
            self.email_error = K_CODE_FORMAT
            return
        self.email_error = ""
        self.email_busy = True
        yield
        try:
            details = await self._as_user(
                email_change.confirm_email_change,
                self.new_email,
                code,
                utcnow(),
                router_client_address(self.router),
            )
        except SignedOut:
            return
        except Exception as exc:
            self.email_busy = False
            self.email_error = _failure_key(exc, "auth:signup.errors.verifyFailed")
            return
        self._close_email_change()
        self.email, self.email_verified = str(details["email"]), True
        await self._update_user_info(details)
        yield await show_toast(self, K_EMAIL_CHANGED)

    # --- the deletion request -------------------------------------------------------------

    @rx.event
    def open_delete(self) -> None:
        if self.status == "ready":
            self.delete_open, self.delete_error = True, ""

    @rx.event
    def close_delete(self) -> None:
        if not self.delete_busy:
            self.delete_open, self.delete_error = False, ""

    @rx.event
    async def request_deletion(self, form: dict):
        """ "Supprimer": the request is recorded, every session ends, and this tab signs out."""
        if self.delete_busy or not self.delete_open:
            return
        reason = form_text(form, "reason", REASON_MAX + 1)
        self.delete_busy = True
        yield
        try:
            await self._as_user(accounts.request_deletion, reason, utcnow())
        except SignedOut:
            return
        except Exception as exc:
            self.delete_busy = False
            if isinstance(exc, ValidationFailed):
                self.delete_error = "profile:errors.reasonTooLong"
                return
            logger.warning("profile: deletion request failed (%s)", type(exc).__name__)
            yield await show_toast(self, K_UPDATE_FAILED, error=True)
            return
        self._clear()
        yield AuthState.logout


@session_events.on(session_events.LOGGED_OUT)
@session_events.on(session_events.ENDED)
async def _forget_the_profile(state: rx.State) -> None:
    """Signed out: nothing of the profile stays in the tab."""
    profile = await state.get_state(ProfileState)
    profile._clear()
    profile.status = ""
