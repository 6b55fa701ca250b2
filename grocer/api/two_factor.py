"""API routes of two-factor sign-in: the second step of a sign-in (POST /auth/login answered
`twoFactorRequired`), and the signed-in user's own setting (001 §2 Settings → security, §9).
The setting's routes take no id: they act on the caller only."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from grocer.api.auth import Now, code_sent
from grocer.api.deps import ClientIp, CurrentUser, SessionDep
from grocer.api.schemas_auth import (
    ChallengeRequest,
    LoginOut,
    OtpSentOut,
    RecoveryCodesOut,
    SecondFactorRequest,
    TwoFactorChoice,
    TwoFactorCode,
    TwoFactorDisable,
    TwoFactorEnrolmentOut,
    TwoFactorStatusOut,
    error_responses,
)
from grocer.services import accounts, second_factor, two_factor

router = APIRouter(tags=["two-factor"])


@router.post(
    "/auth/login/second-factor", response_model=LoginOut, responses=error_responses(400, 403, 429)
)
def login_second_factor(
    body: SecondFactorRequest, db: SessionDep, ip: ClientIp, now: Now
) -> dict[str, Any]:
    """Finish a sign-in with its `challenge` and the `code`: the e-mailed or texted code, the
    app's code, or a recovery code (used up). 400 for a wrong code or a dead challenge, 429
    after 5 wrong codes (or the sign-in's failure limits)."""
    return accounts.login_second_factor(db, body.challenge, body.code, now, ip=ip).to_json()


@router.post(
    "/auth/login/second-factor/resend",
    response_model=OtpSentOut,
    responses=error_responses(400, 429, 502),
)
def resend_second_factor(body: ChallengeRequest, db: SessionDep, now: Now) -> dict[str, Any]:
    """A new code for an e-mail or SMS sign-in, 60 s after the last (the old one stops
    working)."""
    second_factor.resend(db, body.challenge, now)
    return code_sent()


@router.get("/user/two-factor", response_model=TwoFactorStatusOut, responses=error_responses(401))
def get_two_factor(user: CurrentUser, db: SessionDep) -> dict[str, Any]:
    """The caller's method and what each choice needs."""
    return two_factor.status(db, user)


@router.put(
    "/user/two-factor", response_model=TwoFactorStatusOut, responses=error_responses(400, 401)
)
def choose_two_factor(
    body: TwoFactorChoice, user: CurrentUser, db: SessionDep, now: Now
) -> dict[str, Any]:
    """Switch to `email` (a verified e-mail) or `sms` (a phone on the account) at once; `app`
    goes through the enrolment, `disabled` through /user/two-factor/disable."""
    return two_factor.choose(db, user, body.method, now)


@router.post(
    "/user/two-factor/app",
    response_model=TwoFactorEnrolmentOut,
    responses=error_responses(401),
)
def start_app(user: CurrentUser, db: SessionDep, now: Now) -> dict[str, Any]:
    """Start (or restart) the authenticator app's enrolment: its secret, otpauth address and
    QR code, answered this once."""
    return two_factor.start_app(db, user, now).to_json()


@router.post(
    "/user/two-factor/app/confirm",
    response_model=RecoveryCodesOut,
    responses=error_responses(400, 401, 429),
)
def confirm_app(body: TwoFactorCode, user: CurrentUser, db: SessionDep, now: Now) -> dict[str, Any]:
    """Switch the app on with a code it shows; answers the 10 recovery codes (only now)."""
    return {"recoveryCodes": two_factor.confirm_app(db, user, body.code, now)}


@router.post(
    "/user/two-factor/disable",
    response_model=TwoFactorStatusOut,
    responses=error_responses(400, 401, 429),
)
def disable_two_factor(
    body: TwoFactorDisable, user: CurrentUser, db: SessionDep, now: Now
) -> dict[str, Any]:
    """Switch two-factor sign-in off with the current `password` (or, for the app, a `code`)."""
    return two_factor.disable(db, user, now, password=body.password, code=body.code)
