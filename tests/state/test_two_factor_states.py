"""Two-factor sign-in in the Reflex states, on the real database: the sign-in dialog's second
step (the challenge stays backend-only, a wrong code keeps the step, the right one runs the
normal signed-in flow) and the settings panel (the app's enrolment, the recovery codes shown
once, switching off with the password)."""

from __future__ import annotations

import json
from typing import Any

import pyotp
import pytest
from sqlmodel import Session

from grocer.models import User
from grocer.models.base import utcnow
from grocer.services import two_factor
from grocer.state.auth import AuthState
from grocer.state.dialogs import DialogState
from grocer.state.two_factor import TwoFactorState
from tests.support.accounts import outbox_code, wrong_code
from tests.support.state_harness import PASSWORD, add_user, new_tree, run, sign_in, sub

EMAIL = "awa@example.com"


@pytest.fixture
def awa(db: Session) -> User:
    user = add_user(db, "awa")
    user.email_verified = True
    db.add(user)
    db.commit()
    return user


def browser_view(root: Any) -> str:
    return json.dumps(root.dict(), default=str)


def password_step(root: Any) -> Any:
    """The sign-in dialog opened, then the right password submitted."""
    sub(root, DialogState).active = "login"
    auth = sub(root, AuthState)
    run(AuthState.submit_login, auth, {"username": "awa", "password": PASSWORD})
    return auth


def test_email_second_step_in_the_same_dialog(db: Session, awa: User) -> None:
    two_factor.choose(db, awa, "email", utcnow())
    root = new_tree()
    auth = password_step(root)
    assert auth.second_step and auth.second_method == "email"
    assert auth.access_token == "" and not auth.is_authenticated
    assert sub(root, DialogState).active == "login"  # still the sign-in dialog
    assert auth.second_resend_seconds == 60
    challenge = auth._challenge
    assert len(challenge) >= 43 and challenge not in browser_view(root)
    assert AuthState.get_fields()["_challenge"]._backend  # type: ignore[attr-defined]

    code = outbox_code(EMAIL)
    run(AuthState.submit_second_factor, auth, {"code": "12a3"})
    assert auth.login_error == "security:errors.codeFormat"
    run(AuthState.submit_second_factor, auth, {"code": wrong_code(code)})
    assert auth.login_error == "security:errors.codeInvalid" and auth.second_step

    events = run(AuthState.submit_second_factor, auth, {"code": code})
    assert auth.is_authenticated and auth.access_token
    assert not auth.second_step and auth._challenge == "" and auth.login_error == ""
    assert sub(root, DialogState).active == ""
    sent = [e for batch in events if isinstance(batch, list) for e in batch]
    assert any("welcome_after_sign_in" in str(e) for e in sent)
    assert code not in browser_view(root)


def test_back_and_reopening_drop_the_pending_sign_in(db: Session, awa: User) -> None:
    two_factor.choose(db, awa, "email", utcnow())
    root = new_tree()
    auth = password_step(root)
    run(AuthState.back_to_password, auth)
    assert not auth.second_step and auth._challenge == ""
    code = outbox_code(EMAIL)
    run(AuthState.submit_second_factor, auth, {"code": code})
    assert not auth.is_authenticated  # no step, no challenge: nothing happens
    auth = password_step(root)
    auth._reset_on_open()
    assert not auth.second_step and auth._challenge == ""


def test_app_second_step_with_totp_or_a_recovery_code(db: Session, awa: User) -> None:
    now = utcnow()
    enrolment = two_factor.start_app(db, awa, now)
    secret = enrolment.secret.replace(" ", "")
    codes = two_factor.confirm_app(db, awa, pyotp.TOTP(secret).at(now), now)
    root = new_tree()
    auth = password_step(root)
    assert auth.second_method == "app" and auth.second_resend_seconds == 0
    run(AuthState.toggle_recovery, auth)
    assert auth.recovery_mode
    run(AuthState.submit_second_factor, auth, {"code": "123456"})
    assert auth.login_error == "security:errors.recoveryFormat"
    run(AuthState.submit_second_factor, auth, {"code": codes[0]})
    assert auth.is_authenticated, auth.login_error


def test_panel_enrols_the_app_and_shows_the_codes_once(db: Session, awa: User) -> None:
    root = new_tree()
    sign_in(root, db, awa)
    panel = sub(root, TwoFactorState)
    run(TwoFactorState.load, panel)
    assert panel.loaded and panel.method == "disabled"
    run(TwoFactorState.choose, panel, "app")
    assert panel.enrolling and panel.shown_choice == "app"
    assert panel.qr_code.startswith("data:image/svg+xml")
    secret = panel.secret_text.replace(" ", "")
    run(TwoFactorState.confirm_app, panel, {"code": "000000"})
    assert panel.error == "security:errors.codeInvalid" and panel.method == "disabled"
    run(TwoFactorState.confirm_app, panel, {"code": pyotp.TOTP(secret).now()})
    assert panel.method == "app" and not panel.enrolling
    assert len(panel.recovery_codes) == 10
    assert panel.secret_text == "" and panel.qr_code == ""
    assert secret not in browser_view(root).replace(" ", "")
    run(TwoFactorState.codes_noted, panel)
    assert panel.recovery_codes == []
    run(TwoFactorState.load, panel)
    assert panel.recovery_codes == [] and panel.method == "app"


def test_panel_choices_and_switching_off(db: Session, awa: User) -> None:
    root = new_tree()
    sign_in(root, db, awa)
    panel = sub(root, TwoFactorState)
    run(TwoFactorState.load, panel)
    run(TwoFactorState.choose, panel, "sms")
    assert panel.error == "security:errors.noPhone" and panel.method == "disabled"
    run(TwoFactorState.choose, panel, "email")
    assert panel.method == "email" and panel.error == ""
    run(TwoFactorState.choose, panel, "disabled")
    assert panel.asking_password and panel.method == "email"
    run(TwoFactorState.disable, panel, {"password": ""})
    assert panel.error == "security:errors.passwordWrong" and panel.method == "email"
    run(TwoFactorState.disable, panel, {"password": "wrong-password"})
    assert panel.error == "security:errors.passwordWrong" and panel.method == "email"
    run(TwoFactorState.disable, panel, {"password": PASSWORD})
    assert panel.method == "disabled" and not panel.asking_password


def test_panel_needs_a_signed_in_user(db: Session, awa: User) -> None:
    panel = sub(new_tree(), TwoFactorState)
    run(TwoFactorState.choose, panel, "email")
    db.expire_all()
    assert two_factor.status(db, awa)["method"] == "disabled"


def test_resend_waits_for_the_countdown_and_the_server(db: Session, awa: User) -> None:
    two_factor.choose(db, awa, "email", utcnow())
    auth = password_step(new_tree())
    run(AuthState.resend_second_factor, auth)  # the countdown runs: nothing is sent
    assert auth.login_error == "" and auth.second_info == ""
    auth.second_resend_seconds = 0  # a browser that skips the countdown meets the server's wait
    run(AuthState.resend_second_factor, auth)
    assert auth.login_error == "security:errors.resendWait" and not auth.login_busy
