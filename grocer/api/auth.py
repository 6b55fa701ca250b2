"""API routes under /auth: sign-in, tokens, and the e-mailed codes of sign-up and reset."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request

from grocer.api.deps import ClientDevice, ClientIp, CurrentSession, CurrentUser, SessionDep
from grocer.api.schemas_auth import (
    EmailRequest,
    LoginOut,
    LoginRequest,
    LogoutAllOut,
    MessageOut,
    OtpSentOut,
    RefreshRequest,
    ResetPasswordRequest,
    ResetVerifiedOut,
    SecondFactorOut,
    SignupVerifiedOut,
    TokensOut,
    VerifyCodeRequest,
    error_responses,
)
from grocer.models.base import utcnow
from grocer.services import accounts, otp
from grocer.services.errors import ValidationFailed
from grocer.services.languages import language_from_header

router = APIRouter(tags=["auth"])

#: The clock, as a dependency so that tests can move it (app.dependency_overrides[utcnow]).
Now = Annotated[datetime, Depends(utcnow)]


def mail_language(request: Request) -> str:
    """The e-mail's language: the first supported one the browser asks for, else French."""
    return language_from_header(request.headers.get("accept-language"))


MailLanguage = Annotated[str, Depends(mail_language)]


def code_sent() -> dict[str, Any]:
    """The answer of a code sent (its lifetime and the wait before another)."""
    return {
        "message": "Code envoyé",
        "expiresIn": int(otp.CODE_LIFETIME.total_seconds()),
        "resendIn": int(otp.RESEND_COOLDOWN.total_seconds()),
    }


@router.post(
    "/auth/login",
    response_model=LoginOut | SecondFactorOut,
    responses=error_responses(400, 401, 403, 429, 502),
)
def login(
    body: LoginRequest, db: SessionDep, ip: ClientIp, device: ClientDevice, now: Now
) -> dict[str, Any]:
    """Sign in with a username or an e-mail; rememberMe keeps the session 30 days (else 1).
    With two-factor sign-in on, a right password answers no token but `twoFactorRequired`, the
    method and a `challenge` for /auth/login/second-factor (the code is e-mailed or texted)."""
    result = accounts.login(
        db, body.username, body.password, now, remember_me=body.remember_me, ip=ip, device=device
    )
    return result.to_json()


@router.post("/auth/refresh", response_model=TokensOut, responses=error_responses(400, 401, 403))
def refresh(body: RefreshRequest, db: SessionDep, now: Now) -> dict[str, Any]:
    """Rotate the refresh token; a token used twice ends its whole session."""
    return accounts.refresh(db, body.refresh_token, now).to_json()


@router.post("/auth/logout", response_model=MessageOut, responses=error_responses(400))
def logout(body: RefreshRequest, db: SessionDep, now: Now) -> dict[str, Any]:
    """End the session of this refresh token; an unknown or missing one is not an error."""
    accounts.logout(db, body.refresh_token, now)
    return {"message": "Déconnexion réussie"}


@router.post("/auth/logout-all", response_model=LogoutAllOut, responses=error_responses(401))
def logout_all(user: CurrentUser, db: SessionDep, now: Now) -> dict[str, Any]:
    """End every session of the signed-in user ("logout from all devices")."""
    revoked = accounts.logout_all(db, user, now)
    return {"message": "Déconnecté de tous les appareils", "revoked": revoked}


@router.post("/auth/logout-others", response_model=TokensOut, responses=error_responses(400, 401))
def logout_others(
    user: CurrentUser, session: CurrentSession, db: SessionDep, now: Now
) -> dict[str, Any]:
    """End every session of the signed-in user but keep the caller signed in: its new tokens
    are the answer (every earlier token, its own included, is refused from now on)."""
    if not session:
        raise ValidationFailed("session", "Jeton sans session", key="errors.invalidField")
    return accounts.logout_other_devices(db, user, session, now).to_json()


@router.post(
    "/auth/request-otp", response_model=OtpSentOut, responses=error_responses(400, 404, 429, 502)
)
def request_otp(
    body: EmailRequest, db: SessionDep, ip: ClientIp, now: Now, lang: MailLanguage
) -> dict[str, Any]:
    """Forgot password, step 1: e-mail a reset code."""
    accounts.request_password_reset(db, body.email, now, ip, lang)
    return code_sent()


@router.post(
    "/auth/verify-otp", response_model=ResetVerifiedOut, responses=error_responses(400, 429)
)
def verify_otp(body: VerifyCodeRequest, db: SessionDep, now: Now) -> dict[str, Any]:
    """Forgot password, step 2: check the reset code (`otp`, or `code`); answers the
    single-use `resetToken` that step 3 needs."""
    proof = accounts.verify_reset_code(db, body.email, body.otp, now)
    return {"message": "Code vérifié", "verified": True, "resetToken": proof}


@router.post(
    "/auth/reset-password", response_model=MessageOut, responses=error_responses(400, 404, 429)
)
def reset_password(
    body: ResetPasswordRequest, db: SessionDep, ip: ClientIp, now: Now
) -> dict[str, Any]:
    """Forgot password, step 3: needs the `resetToken` of step 2 or the code itself, never the
    e-mail alone; failures are limited per e-mail and per address (429)."""
    accounts.reset_password(
        db, body.email, body.new_password, now, code=body.otp, proof=body.reset_token, ip=ip
    )
    return {"message": "Mot de passe réinitialisé avec succès"}


@router.post("/auth/send-otp", response_model=OtpSentOut, responses=error_responses(400, 429, 502))
def send_signup_otp(
    body: EmailRequest, db: SessionDep, ip: ClientIp, now: Now, lang: MailLanguage
) -> dict[str, Any]:
    """Sign-up, step 1 (and resend): e-mail a verification code to a free address."""
    accounts.send_signup_code(db, body.email, now, ip, lang)
    return code_sent()


@router.post(
    "/auth/verify-signup-otp",
    response_model=SignupVerifiedOut,
    responses=error_responses(400, 429),
)
def verify_signup_otp(body: VerifyCodeRequest, db: SessionDep, now: Now) -> dict[str, Any]:
    """Sign-up, step 2: check the code (`code`, or `otp`); answers the single-use
    `verificationToken` that /users/register needs."""
    proof = accounts.verify_signup_code(db, body.email, body.otp, now)
    return {"message": "Code vérifié", "verified": True, "verificationToken": proof}
