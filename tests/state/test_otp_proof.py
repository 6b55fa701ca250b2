"""The forgot-password and sign-up dialogs keep step 2's single-use proof server-side only
(issue 12 §1): it lives in the backend-only `_proof`, never in a var sent to the browser, the
last step needs it, and another tab that only knows the e-mail gets nothing. The handlers are
called the way the websocket calls them, on the real database."""

from __future__ import annotations

import json
from typing import Any

import pytest
from sqlmodel import Session, select

from grocer.models import OtpChallenge, User
from grocer.models.base import utcnow
from grocer.services import accounts, otp
from grocer.services.errors import InvalidCredentials
from grocer.state.forgot import K_RESET_DONE, K_RESET_FAILED, ForgotState
from grocer.state.signup import K_CREATED_SIGNED_IN, SignupState
from tests.support.accounts import outbox_code
from tests.support.state_harness import PASSWORD, add_user, new_tree, run, sub

EMAIL = "awa@example.com"
NEW_PASSWORD = "nouveau-pass-2"


@pytest.fixture
def awa(db: Session) -> User:
    return add_user(db, "awa")  # awa@example.com (EMAIL), PASSWORD


def browser_view(root: Any) -> str:
    """Everything the tab's state tree sends to the browser (public vars, computed included)."""
    return json.dumps(root.dict(), default=str)


def assert_backend_only(state_cls: type) -> None:
    """`_proof` is a backend var of the dialog: kept in the server's copy of the tab, never in
    the vars Reflex sends (nor, therefore, in what the page could put in localStorage)."""
    assert state_cls.get_fields()["_proof"]._backend  # type: ignore[attr-defined]
    assert "_proof" not in state_cls.vars  # type: ignore[attr-defined]


def verified_forgot_tab(address: str) -> tuple[Any, Any]:
    """A tab whose forgot-password dialog went through steps 1 and 2 with the e-mailed code."""
    root = new_tree()
    forgot = sub(root, ForgotState)
    run(ForgotState.send_code, forgot, {"email": address.upper(), "lang": "fr"})
    assert forgot.step == 2, forgot.error
    run(ForgotState.verify_code, forgot, {"code": outbox_code(address)})
    assert forgot.step == 3, forgot.error
    return root, forgot


def test_forgot_password_flow_keeps_the_proof_backend_only_and_resets(
    db: Session, awa: User
) -> None:
    root, forgot = verified_forgot_tab(EMAIL)
    proof = forgot._proof
    assert len(proof) >= 43
    assert_backend_only(ForgotState)
    assert proof not in browser_view(root)
    challenge = db.exec(select(OtpChallenge)).one()
    assert challenge.token_hash == otp.hash_proof(proof)

    run(ForgotState.reset_password, forgot, {"password": NEW_PASSWORD, "confirm": NEW_PASSWORD})
    assert forgot.error == "" and forgot.done and forgot.info == K_RESET_DONE
    assert forgot._proof == ""
    db.expire_all()
    assert accounts.login(db, "awa", NEW_PASSWORD, utcnow()).user.id == awa.id
    forgot._reset()
    assert forgot._proof == "" and forgot.step == 1


def test_another_tab_knowing_only_the_email_cannot_reset(db: Session, awa: User) -> None:
    """The owner's tab has verified the code; the attacker's tab forges step 3 with the same
    e-mail (any browser can call any handler and set what it mirrors)."""
    _root, owner = verified_forgot_tab(EMAIL)
    attacker = sub(new_tree(), ForgotState)
    attacker.step, attacker.email = 3, EMAIL
    for _ in range(3):
        attacker.done = False
        run(
            ForgotState.reset_password,
            attacker,
            {"password": "hacked-1", "confirm": "hacked-1"},
        )
        assert attacker.error == K_RESET_FAILED and not attacker.done
    db.expire_all()
    with pytest.raises(InvalidCredentials):
        accounts.login(db, "awa", "hacked-1", utcnow())
    # The owner's proof still works (once).
    run(ForgotState.reset_password, owner, {"password": NEW_PASSWORD, "confirm": NEW_PASSWORD})
    assert owner.done and owner.error == ""
    db.expire_all()
    accounts.login(db, "awa", NEW_PASSWORD, utcnow())


def test_back_to_step_1_or_a_reset_drops_the_proof(awa: User) -> None:
    _root, forgot = verified_forgot_tab(EMAIL)
    forgot.step = 2
    run(ForgotState.back, forgot)
    assert forgot.step == 1 and forgot._proof == ""
    forgot._proof = "kept-until-the-dialog-opens-again"
    forgot._reset()  # DialogState calls it whenever the dialog opens
    assert forgot._proof == ""


def test_sign_up_flow_keeps_the_proof_backend_only_and_creates_the_account(
    db: Session,
) -> None:
    address = "new@example.com"
    root = new_tree()
    signup = sub(root, SignupState)
    run(SignupState.send_code, signup, {"email": address, "lang": "fr"})
    assert signup.step == 2, signup.error
    run(SignupState.verify_code, signup, {"code": outbox_code(address)})
    assert signup.step == 3, signup.error
    proof = signup._proof
    assert len(proof) >= 43
    assert_backend_only(SignupState)
    run(SignupState.set_password, signup, {"password": PASSWORD, "confirm": PASSWORD})
    assert signup.step == 4
    assert proof not in browser_view(root) and PASSWORD not in browser_view(root)

    # A second tab forging step 4 for the same e-mail creates nothing.
    forger = sub(new_tree(), SignupState)
    forger.step, forger.email, forger._password = 4, address, "hacked-1"
    run(SignupState.register, forger, {"phone": "70123456", "lang": "fr"})
    assert forger.error and not forger.done
    assert db.exec(select(User).where(User.email == address)).first() is None

    run(SignupState.register, signup, {"phone": "70123456", "lang": "fr"})
    assert signup.error == "" and signup.info == K_CREATED_SIGNED_IN
    assert signup._proof == "" and signup._password == ""
    user = db.exec(select(User).where(User.email == address)).one()
    assert user.email_verified


def test_the_password_is_hashed_at_its_step_and_that_hash_is_the_accounts(db: Session) -> None:
    """Step 3 hashes the password while the browser already shows the phone step (issue 23):
    the account gets that very hash, which the password opens; the hash stays backend-only
    and goes with a step back."""
    address = "hash.ahead@example.com"
    root = new_tree()
    signup = sub(root, SignupState)
    run(SignupState.send_code, signup, {"email": address, "lang": "fr"})
    run(SignupState.verify_code, signup, {"code": outbox_code(address)})
    run(SignupState.set_password, signup, {"password": PASSWORD, "confirm": PASSWORD})
    made = signup._password_hash
    assert made.startswith("$2") and accounts.verify_password(PASSWORD, made)
    assert "_password_hash" not in SignupState.vars  # type: ignore[attr-defined]
    assert made not in browser_view(root)
    run(SignupState.back, signup)
    assert signup.step == 3 and signup._password_hash == made  # still on the password step
    run(SignupState.back, signup)
    assert signup.step == 2 and signup._password_hash == "" and signup._password == ""
    run(SignupState.verify_code, signup, {"code": outbox_code(address)})
    run(SignupState.set_password, signup, {"password": NEW_PASSWORD, "confirm": NEW_PASSWORD})
    made = signup._password_hash
    run(SignupState.register, signup, {"phone": "70123456", "lang": "fr"})
    assert signup.info == K_CREATED_SIGNED_IN and signup._password_hash == ""
    user = db.exec(select(User).where(User.email == address)).one()
    assert user.password_hash == made and accounts.verify_password(NEW_PASSWORD, made)
    assert not accounts.verify_password(PASSWORD, user.password_hash)
