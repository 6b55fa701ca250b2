"""The profile section's handlers on a real database: the profile loads and saves with its
field errors and toasts, a 401 ends the session, another failure falls back to userInfo, the
password change keeps this tab, the e-mail change by a code, and the deletion request signs
out. The handlers take no account id from the browser: each tab acts on its own account."""

from __future__ import annotations

import json
from typing import Any

import pytest
from sqlmodel import Session, select

from grocer.models import DeletionRequest, User, UserPhone
from grocer.services import accounts
from grocer.state.auth import AuthState
from grocer.state.profile import ProfileState
from grocer.state.session import SessionState
from grocer.state.toast import ToastState
from tests.support.accounts import outbox_code
from tests.support.state_harness import PASSWORD, new_tree, run, sign_in, sub

FORM = {
    "first_name": "Alice",
    "last_name": "Kaboré",
    "country_code": "+226",
    "phone": "70 11 22 33",
    "business_country_code": "+33",
    "business_phone": "612345678",
    "birth_date": "1990-02-03",
    "gender": "female",
    "street": "Rue 15",
    "city": "Ouagadougou",
    "postal_code": "",
    "country": "Burkina Faso",
}


def _tab(db: Session, user: User) -> tuple[Any, Any]:
    root = new_tree()
    sign_in(root, db, user)
    profile = sub(root, ProfileState)
    run(ProfileState.load, profile)
    return root, profile


def _toast(root: Any) -> tuple[str, bool]:
    toast = sub(root, ToastState)
    return toast.key, toast.error


def test_load_fills_the_form_from_the_server(db: Session, shop: dict[str, Any]) -> None:
    root, profile = _tab(db, shop["alice"])
    assert profile.status == "ready" and profile.editable
    assert (profile.email, profile.email_verified) == ("alice@example.com", False)
    assert profile.country_code == "+226" and profile.phone == ""


def test_loading_the_same_profile_again_keeps_what_is_typed(
    db: Session, shop: dict[str, Any]
) -> None:
    """The section may mount twice: the inputs start again only when the values changed."""
    _root, profile = _tab(db, shop["alice"])
    revision = profile.revision
    run(ProfileState.load, profile)
    assert profile.revision == revision and profile.status == "ready"
    run(ProfileState.save, profile, FORM)
    assert profile.revision == revision + 1 and profile.first_name == "Alice"


def test_signed_out_tab_shows_sign_in_required(db: Session) -> None:
    profile = sub(new_tree(), ProfileState)
    run(ProfileState.load, profile)
    assert profile.status == "signed_out" and not profile.editable


def test_a_401_on_the_profile_ends_the_session(db: Session, shop: dict[str, Any]) -> None:
    alice = shop["alice"]
    root = new_tree()
    sign_in(root, db, alice)
    alice.is_active = False
    db.add(alice)
    db.commit()
    profile = sub(root, ProfileState)
    run(ProfileState.load, profile)
    assert profile.status == "signed_out"
    assert sub(root, SessionState).access_token == ""


def test_another_failure_falls_back_to_the_local_user_info(
    db: Session, shop: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    def unavailable(*_args: Any, **_kw: Any) -> Any:
        raise RuntimeError("database down")

    monkeypatch.setattr(accounts, "user_details", unavailable)
    root, profile = _tab(db, shop["alice"])
    assert profile.status == "fallback" and not profile.editable
    assert profile.load_error == "profile:errors.loadFailed"
    assert profile.email == "alice@example.com"
    assert sub(root, SessionState).access_token != ""


def test_save_shows_every_field_error_and_saves_nothing(db: Session, shop: dict[str, Any]) -> None:
    root, profile = _tab(db, shop["alice"])
    bad = {
        **FORM,
        "phone": "7011",
        "business_phone": "70-ab",
        "birth_date": "not-a-date",
        "street": "",
        "country": "",
    }
    run(ProfileState.save, profile, bad)
    assert profile.errors == {
        "phone": "auth:signup.errors.phoneTooShort",
        "businessPhone": "auth:signup.errors.phoneDigits",
        "dateOfBirth": "profile:errors.birthDate",
        "streetAddress": "profile:errors.required",
        "country": "profile:errors.required",
    }
    assert not profile.saving
    db.expire_all()
    assert db.exec(select(UserPhone)).all() == []
    assert _toast(root) == ("", False)


def test_save_writes_the_profile_and_shows_the_toast(db: Session, shop: dict[str, Any]) -> None:
    alice = shop["alice"]
    root, profile = _tab(db, alice)
    run(ProfileState.save, profile, {**FORM, "user_id": str(shop["bob"].id)})
    assert profile.errors == {}
    assert _toast(root) == ("profile:toasts.saved", False)
    assert (profile.business_country_code, profile.business_phone) == ("+33", "612345678")
    assert (profile.street, profile.city, profile.gender) == ("Rue 15", "Ouagadougou", "female")
    db.expire_all()
    details = accounts.user_details(db, db.get(User, alice.id))  # type: ignore[arg-type]
    assert details["lastName"] == "Kaboré" and details["dateOfBirth"] == "1990-02-03"
    assert json.loads(sub(root, SessionState).user_info)["lastName"] == "Kaboré"
    bob = accounts.user_details(db, db.get(User, shop["bob"].id))  # type: ignore[arg-type]
    assert bob["lastName"] != "Kaboré" and bob["phones"] == []  # the form names no account


def test_password_change_checks_then_keeps_this_tab_signed_in(
    db: Session, shop: dict[str, Any]
) -> None:
    alice = shop["alice"]
    other = new_tree()
    sign_in(other, db, alice)
    root, profile = _tab(db, alice)
    form = {"current_password": PASSWORD, "new_password": "nouveau1", "confirm_password": "x"}
    run(ProfileState.change_password, profile, form)
    assert profile.password_errors == {"confirmPassword": "auth:validation.passwordMismatch"}
    run(
        ProfileState.change_password,
        profile,
        {**form, "new_password": "12", "confirm_password": "12"},
    )
    assert profile.password_errors == {"newPassword": "auth:validation.passwordTooShort"}
    wrong = {**form, "current_password": "pas-le-bon", "confirm_password": "nouveau1"}
    run(ProfileState.change_password, profile, wrong)
    assert profile.password_errors == {"currentPassword": "profile:errors.currentPasswordWrong"}

    run(ProfileState.change_password, profile, {**form, "confirm_password": "nouveau1"})
    assert profile.password_errors == {}
    db.expire_all()
    assert _toast(root) == ("profile:toasts.passwordChanged", False)
    run(ProfileState.load, profile)
    assert profile.status == "ready"  # this tab stays signed in
    other_profile = sub(other, ProfileState)
    run(ProfileState.load, other_profile)
    assert other_profile.status == "signed_out"  # the other session ended
    assert accounts.verify_password("nouveau1", db.get(User, alice.id).password_hash)  # type: ignore[union-attr]


def test_email_change_by_the_code_sent_to_the_new_address(
    db: Session, shop: dict[str, Any]
) -> None:
    root, profile = _tab(db, shop["alice"])
    run(ProfileState.open_email_change, profile)
    run(
        ProfileState.send_email_code,
        profile,
        {"new_email": "bob@example.com", "password": PASSWORD},
    )
    assert profile.email_error == "auth:signup.errors.emailUnavailable"
    run(ProfileState.send_email_code, profile, {"new_email": "a@b.bf", "password": "nope-nope"})
    assert profile.email_error == "profile:errors.currentPasswordWrong"
    run(
        ProfileState.send_email_code,
        profile,
        {"new_email": "alice.new@example.com", "password": PASSWORD},
    )
    assert (profile.email_step, profile.new_email) == (2, "alice.new@example.com")
    code = outbox_code("alice.new@example.com")
    run(ProfileState.confirm_email_code, profile, {"code": "12a"})
    assert profile.email_error == "auth:signup.errors.codeFormat"
    wrong = f"{(int(code) + 1) % 1_000_000:06d}"
    run(ProfileState.confirm_email_code, profile, {"code": wrong})
    assert profile.email_error == "auth:signup.errors.codeInvalid"
    run(ProfileState.confirm_email_code, profile, {"code": code})
    assert profile.email_step == 0 and profile.email_error == ""
    assert (profile.email, profile.email_verified) == ("alice.new@example.com", True)
    assert _toast(root) == ("profile:toasts.emailChanged", False)
    assert json.loads(sub(root, SessionState).user_info)["email"] == "alice.new@example.com"


def test_deletion_request_signs_the_tab_out(db: Session, shop: dict[str, Any]) -> None:
    alice, bob = shop["alice"], shop["bob"]
    root, profile = _tab(db, alice)
    run(ProfileState.request_deletion, profile, {"reason": "x"})  # not confirmed: nothing
    db.expire_all()
    assert db.exec(select(DeletionRequest)).all() == []
    run(ProfileState.open_delete, profile)
    events = run(ProfileState.request_deletion, profile, {"reason": "Je pars", "user_id": bob.id})
    assert AuthState.logout in events
    db.expire_all()
    [request] = db.exec(select(DeletionRequest)).all()
    assert (request.user_id, request.reason) == (alice.id, "Je pars")
    run(ProfileState.load, profile)
    assert profile.status == "signed_out"  # the server ended the session
