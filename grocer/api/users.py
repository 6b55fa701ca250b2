"""API routes under /users: sign-up, the profile, password, e-mail change, preferences, deletion
request.

Every /users/{id} route acts on the caller's own account (an admin on any); another user's id
answers 404, as if it did not exist.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from grocer.api.auth import MailLanguage, Now
from grocer.api.deps import ClientDevice, ClientIp, CurrentSession, CurrentUser, SessionDep
from grocer.api.params import PathId
from grocer.api.schemas_auth import (
    DeletionRequestIn,
    DeletionRequestOut,
    EmailChangeOut,
    EmailChangeRequest,
    EmailChangeVerify,
    LoginOut,
    MessageOut,
    PasswordChange,
    PreferencesOut,
    PreferencesUpdate,
    ProfileUpdate,
    RegisterRequest,
    UserDetailsOut,
    error_responses,
)
from grocer.services import accounts, email_change

router = APIRouter(tags=["users"])

#: A user id that fits the database's integer column (a bigger one is a 400, never a 500).
UserId = PathId
_OWNED_ERRORS = error_responses(400, 401, 404)


@router.post(
    "/users/register",
    status_code=201,
    response_model=LoginOut,
    responses=error_responses(400, 409, 429),
)
def register(
    body: RegisterRequest, db: SessionDep, ip: ClientIp, device: ClientDevice, now: Now
) -> dict[str, Any]:
    """Create a consumer account (e-mail proven by `verificationToken` or the sign-up code) and
    sign it in. A taken e-mail or username (409) is told only once the e-mail is proven."""
    data = accounts.Registration(
        email=body.email or "",
        password=body.password or "",
        username=body.username,
        first_name=body.first_name,
        last_name=body.last_name,
        phones=[phone.to_input() for phone in body.phones],
        date_of_birth=body.date_of_birth,
        preferred_language=body.preferred_language,
        otp=body.otp,
        proof=body.verification_token,
        referral_code=body.referral_code,
    )
    return accounts.register(db, data, now, ip, device).to_json()


@router.get("/users/me", response_model=UserDetailsOut, responses=error_responses(401))
def me(user: CurrentUser, db: SessionDep) -> dict[str, Any]:
    return accounts.user_details(db, user)


@router.get("/users/{user_id}", response_model=UserDetailsOut, responses=_OWNED_ERRORS)
def user_details(user_id: UserId, user: CurrentUser, db: SessionDep) -> dict[str, Any]:
    return accounts.user_details(db, accounts.get_user(db, user, user_id))


@router.put("/users/{user_id}", response_model=UserDetailsOut, responses=_OWNED_ERRORS)
def update_profile(
    user_id: UserId, body: ProfileUpdate, user: CurrentUser, db: SessionDep, now: Now
) -> dict[str, Any]:
    """Change the fields sent (names, phones, birth date, gender, language, the address)."""
    updated = accounts.update_profile(db, user, user_id, body.changes(), now)
    return accounts.user_details(db, updated)


@router.put("/users/{user_id}/password", response_model=MessageOut, responses=_OWNED_ERRORS)
def change_password(
    user_id: UserId,
    body: PasswordChange,
    user: CurrentUser,
    session: CurrentSession,
    db: SessionDep,
    now: Now,
) -> dict[str, Any]:
    """Change the password; the caller's session stays, every other one ends."""
    accounts.change_password(
        db, user, user_id, body.current_password, body.new_password, now, keep_session=session
    )
    return {"message": "Mot de passe modifié avec succès"}


@router.put("/users/{user_id}/preferences", response_model=PreferencesOut, responses=_OWNED_ERRORS)
def update_preferences(
    user_id: UserId, body: PreferencesUpdate, user: CurrentUser, db: SessionDep
) -> dict[str, Any]:
    """Notification switches (e-mail, push, SMS); the ones not sent keep their value."""
    switches = body.notifications.model_dump()
    return accounts.update_notification_preferences(db, user, user_id, switches)


@router.post(
    "/users/{user_id}/deletion-request",
    status_code=201,
    response_model=DeletionRequestOut,
    responses=_OWNED_ERRORS,
)
def request_deletion(
    user_id: UserId, body: DeletionRequestIn, user: CurrentUser, db: SessionDep, now: Now
) -> dict[str, Any]:
    """Ask for the account to be closed and its personal data deleted: every session ends at
    once, and the account is anonymised after the grace period (`grocer purge-accounts`)."""
    request = accounts.request_deletion(db, user, user_id, body.reason, now)
    return accounts.deletion_request_json(request)


@router.post(
    "/users/{user_id}/email-change",
    status_code=202,
    response_model=EmailChangeOut,
    responses=error_responses(400, 401, 404, 429, 502),
)
def request_email_change(
    user_id: UserId,
    body: EmailChangeRequest,
    user: CurrentUser,
    db: SessionDep,
    ip: ClientIp,
    now: Now,
    lang: MailLanguage,
) -> dict[str, Any]:
    """Send a code to the new address (the current password is asked); the e-mail changes
    only once that code comes back to `/email-change/verify`."""
    address = email_change.request_email_change(
        db, user, user_id, body.new_email, body.password, now, ip, lang
    )
    return {"message": "Code de vérification envoyé", "newEmail": address}


@router.post(
    "/users/{user_id}/email-change/verify",
    response_model=UserDetailsOut,
    responses=error_responses(400, 401, 404, 429),
)
def verify_email_change(
    user_id: UserId,
    body: EmailChangeVerify,
    user: CurrentUser,
    db: SessionDep,
    ip: ClientIp,
    now: Now,
) -> dict[str, Any]:
    """The code sent to the new address: the account takes it (verified), the former address
    is told."""
    return email_change.confirm_email_change(db, user, user_id, body.new_email, body.code, now, ip)
