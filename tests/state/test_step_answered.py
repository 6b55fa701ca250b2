"""The sign-up and forgot-password dialogs show their next step as soon as a step is submitted
(issue 23, assets/open_now.js) and the server's step again once it has answered: every send,
verify and sign-up password event counts once in `answered`, whatever its answer (a wrong
e-mail, a wrong code, a refused password, a step forged out of order), and that count comes
with the step."""

from __future__ import annotations

from typing import Any

import pytest
from sqlmodel import Session

from grocer.state.forgot import ForgotState
from grocer.state.signup import SignupState
from tests.support.accounts import outbox_code
from tests.support.state_harness import PASSWORD, add_user, new_tree, run, sub

EMAIL = "binta@example.com"


def code_step(state_cls: type, address: str) -> Any:
    dialog = sub(new_tree(), state_cls)
    run(state_cls.send_code, dialog, {"email": address, "lang": "fr"})
    assert dialog.step == 2, dialog.error
    return dialog


@pytest.mark.parametrize("state_cls", [SignupState, ForgotState])
def test_every_verify_counts_once_whatever_its_answer(db: Session, state_cls: type) -> None:
    if state_cls is ForgotState:
        add_user(db, "binta")  # binta@example.com: the forgot-password code needs an account
    dialog = code_step(state_cls, EMAIL)
    before = dialog.answered
    run(state_cls.verify_code, dialog, {"code": "12"})  # refused in the state: a short code
    assert (dialog.step, dialog.answered) == (2, before + 1) and dialog.error
    run(state_cls.verify_code, dialog, {"code": "000000"})  # refused by the service
    assert (dialog.step, dialog.answered) == (2, before + 2) and dialog.error
    run(state_cls.verify_code, dialog, {"code": outbox_code(EMAIL)})
    assert (dialog.step, dialog.answered) == (3, before + 3) and dialog.error == ""
    run(state_cls.verify_code, dialog, {"code": outbox_code(EMAIL)})  # out of order: ignored
    assert (dialog.step, dialog.answered) == (3, before + 4)


@pytest.mark.parametrize("state_cls", [SignupState, ForgotState])
def test_every_send_counts_once_whatever_its_answer(db: Session, state_cls: type) -> None:
    if state_cls is ForgotState:
        add_user(db, "binta")
    dialog = sub(new_tree(), state_cls)
    run(state_cls.send_code, dialog, {"email": "pas-une-adresse", "lang": "fr"})
    assert (dialog.step, dialog.answered) == (1, 1) and dialog.error  # refused in the state
    run(state_cls.send_code, dialog, {"email": "x" * 400 + "@example.com"})
    assert (dialog.step, dialog.answered) == (1, 2) and dialog.error  # too long: refused
    run(state_cls.send_code, dialog, {"email": EMAIL, "lang": "fr"})
    assert (dialog.step, dialog.answered) == (2, 3) and dialog.error == ""
    assert dialog.email == EMAIL and dialog.resend_seconds > 0
    run(state_cls.send_code, dialog, {"email": EMAIL, "lang": "fr"})  # out of order: ignored
    assert (dialog.step, dialog.answered) == (2, 4)


def test_the_sign_up_password_step_counts_once_whatever_its_answer(db: Session) -> None:
    dialog = sub(new_tree(), SignupState)
    run(SignupState.set_password, dialog, {"password": PASSWORD, "confirm": PASSWORD})
    assert (dialog.step, dialog.answered) == (1, 1)  # forged before its step: ignored, counted
    dialog = code_step(SignupState, EMAIL)
    run(SignupState.verify_code, dialog, {"code": outbox_code(EMAIL)})
    before = dialog.answered
    run(SignupState.set_password, dialog, {"password": "court", "confirm": "court"})
    assert (dialog.step, dialog.answered) == (3, before + 1) and dialog.error
    run(SignupState.set_password, dialog, {"password": PASSWORD, "confirm": PASSWORD + "x"})
    assert (dialog.step, dialog.answered) == (3, before + 2) and dialog.error
    run(SignupState.set_password, dialog, {"password": PASSWORD, "confirm": PASSWORD})
    assert (dialog.step, dialog.answered) == (4, before + 3) and dialog.error == ""


def test_nothing_else_counts(db: Session) -> None:
    """Only the steps whose forms show their next step at once: going back, resending the
    code and the dialog's reset leave the count alone (it only grows)."""
    dialog = code_step(SignupState, EMAIL)
    assert dialog.answered == 1  # the e-mail step
    run(SignupState.resend_code, dialog, "fr")
    run(SignupState.back, dialog)
    dialog._reset()
    assert dialog.answered == 1
