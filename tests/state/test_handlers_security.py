"""Every event handler is a door: any browser can call any handler with any arguments, and can
put anything in its localStorage (which the states mirror). These tests call the session and
bag handlers the way the websocket would, with forged arguments and forged storage, and read
the database to show that nothing changes that should not.
"""

from __future__ import annotations

import json
from datetime import timedelta
from typing import Any

import jwt
import pytest
from sqlmodel import Session, select

from grocer import testing_switches
from grocer.models import CartItem, RefreshToken, User
from grocer.models.base import utcnow
from grocer.services import accounts, cart, tokens
from grocer.services.errors import (
    Conflict,
    DeliveryFailed,
    Forbidden,
    InvalidCredentials,
    NotFound,
    RateLimited,
    Unauthorized,
    ValidationFailed,
)
from grocer.settings import get_settings
from grocer.state import auth as auth_module
from grocer.state import bag as bag_module
from grocer.state import session_guard
from grocer.state.auth import AuthState
from grocer.state.bag import BagState
from grocer.state.delivery_panel import DeliveryPanelState
from grocer.state.dialogs import DialogState
from grocer.state.forgot import ForgotState
from grocer.state.signup import SignupState
from tests.support.state_harness import PASSWORD, new_tree, run, server_lines, sign_in, sub

# --- forged and expired tokens ---------------------------------------------------------------


def forged_tokens(user_id: int) -> list[str]:
    now = utcnow()
    payload = {"sub": str(user_id), "roles": ["admin"], "typ": "access"}
    return [
        "garbage",
        "x" * 10_000,
        jwt.encode({**payload, "exp": 9999999999}, "not-the-secret", algorithm="HS256"),
        jwt.encode(
            {**payload, "exp": 9999999999, "typ": "refresh"},
            get_settings().token_signing_key,
            algorithm="HS256",
        ),
        jwt.encode({**payload, "exp": 1}, get_settings().token_signing_key, algorithm="HS256"),
        tokens.create_access_token(user_id, ["admin"], now - timedelta(hours=1)),
        jwt.encode(
            {**payload, "exp": 9999999999}, get_settings().token_signing_key, algorithm="HS512"
        ),
    ]


def test_forged_or_expired_tokens_never_reach_an_account(db: Session, shop: dict) -> None:
    alice, article = shop["alice"], shop["articles"][0]
    for token in forged_tokens(alice.id):
        root = new_tree()
        auth, bag = sub(root, AuthState), sub(root, BagState)
        auth.access_token = token
        auth.expires_at = "99999999999999"
        auth.user_info = json.dumps({"firstName": "Mallory", "roles": ["admin"]})
        auth.user_roles = json.dumps(["admin"])
        assert session_guard.token_user_id(token) is None
        assert auth.is_authenticated is False
        assert auth.is_admin is False and auth.display_name == ""
        run(BagState.add_item, bag, {"id": article.id, "name": "x", "price": "1"})
        # Treated as a guest: the bag is local, the account's server bag untouched.
        assert bag.count == 1
        assert server_lines(db, alice) == {}


def test_expired_access_token_is_refreshed_once_then_a_bad_refresh_signs_out(
    db: Session, shop: dict
) -> None:
    alice, article = shop["alice"], shop["articles"][0]
    root = new_tree()
    pair = sign_in(root, db, alice)
    auth, bag = sub(root, AuthState), sub(root, BagState)
    auth.access_token = tokens.create_access_token(alice.id, [], utcnow() - timedelta(hours=1))
    run(BagState.add_item, bag, {"id": article.id})
    assert server_lines(db, alice) == {article.id: 1}
    assert auth.refresh_token != pair.refresh_token  # rotated
    assert session_guard.token_user_id(auth.access_token) == alice.id

    # A refresh token that is not genuine: the session is cleared, nothing is saved.
    auth.access_token = "expired"
    auth.refresh_token = "forged-refresh-token"
    run(BagState.add_item, bag, {"id": article.id})
    assert auth.access_token == "" and auth.user_info == "" and not auth.is_authenticated
    assert server_lines(db, alice) == {article.id: 1}


# --- the bag: other users' lines, quantities, types ----------------------------------------


def test_a_forged_line_id_cannot_touch_another_users_bag(db: Session, shop: dict) -> None:
    alice, bob = shop["alice"], shop["bob"]
    a0, a1 = shop["articles"][0], shop["articles"][1]
    cart.add_item(db, bob, a1.id, 5)
    db.commit()
    bob_line = db.exec(select(CartItem)).one().id

    root = new_tree()
    sign_in(root, db, alice)
    bag = sub(root, BagState)
    # Alice's browser claims a line whose server id is Bob's.
    bag.cart = json.dumps([{"id": str(a1.id), "itemId": bob_line, "quantity": 5, "price": "1"}])
    run(BagState.decrement, bag, str(a1.id))
    run(BagState.remove, bag, str(a1.id))
    assert server_lines(db, bob) == {a1.id: 5}
    # Her own bag is what the server says it is (the refused change reloaded it).
    assert server_lines(db, alice) == {}
    run(BagState.add_item, bag, {"id": a0.id, "userId": bob.id})
    assert server_lines(db, alice) == {a0.id: 1}
    assert server_lines(db, bob) == {a1.id: 5}


@pytest.mark.parametrize(
    "argument",
    [
        None,
        "",
        "abc",
        "-1",
        "0",
        "1 OR 1=1",
        "9" * 1000,
        ["1"],
        {"id": {"id": 1}},
        True,
        1.5,
        -3,
        2**40,
    ],
)
def test_bad_ids_change_nothing(argument: Any) -> None:
    root = new_tree()
    bag = sub(root, BagState)
    bag.cart = json.dumps([{"id": "1", "quantity": 2, "price": "100"}])
    before = bag.cart
    for handler in (BagState.increment, BagState.decrement, BagState.remove):
        run(handler, bag, argument)
    run(BagState.add_item, bag, argument)
    run(BagState.add_item, bag, {"id": argument})
    assert bag.cart == before


def test_quantities_stay_between_1_and_99(db: Session, shop: dict) -> None:
    article = shop["articles"][0]
    root = new_tree()
    bag = sub(root, BagState)
    forged = [
        {"id": "11", "quantity": -5},
        {"id": "12", "quantity": 0},
        {"id": "13", "quantity": 10**9},
        {"id": "14", "quantity": "7"},
        {"id": "15", "quantity": True},
        {"id": "16", "quantity": 2.5},
        {"id": str(article.id), "quantity": 98},
    ]
    bag.cart = json.dumps(forged)
    assert bag.quantities == {"13": 99, str(article.id): 98}
    for _ in range(5):
        run(BagState.increment, bag, str(article.id))
    assert bag.quantities[str(article.id)] == 99

    # Signed in, the server never receives more than 99 either.
    sign_in(root, db, shop["alice"])
    bag.cart = ""
    run(BagState.add_item, bag, {"id": article.id})
    line = json.loads(bag.cart)[0]
    bag.cart = json.dumps([{**line, "quantity": 99}])
    run(BagState.increment, bag, str(article.id))
    assert server_lines(db, shop["alice"])[article.id] <= 99


def test_stored_bag_garbage_is_an_empty_bag() -> None:
    root = new_tree()
    bag = sub(root, BagState)
    for stored in (None, "", "{", "null", '{"id": 1}', "[1, 2, 3]", "x" * 200_000, 12):
        bag.cart = stored
        assert bag.items == [] and bag.count == 0 and bag.subtotal_xof == "0.00"
    bag.cart = json.dumps(
        [{"id": "1", "quantity": 1, "price": "<script>", "image": "javascript:alert(1)"}]
    )
    (item,) = bag.items
    assert item["image"] == ""  # only http(s) or site paths are kept
    assert bag.subtotal_xof == "0.01"  # unreadable price: the spec's fallback


def test_huge_article_texts_are_cut() -> None:
    root = new_tree()
    bag = sub(root, BagState)
    run(BagState.add_item, bag, {"id": 3, "name": "n" * 100_000, "price": "9" * 5000, "weight": 7})
    (line,) = json.loads(bag.cart)
    assert len(line["name"]) == 200 and len(line["price"]) == 40 and line["weight"] == ""


def test_promo_code_is_trimmed_and_bounded() -> None:
    root = new_tree()
    bag = sub(root, BagState)
    run(BagState.apply_promo, bag, {"promo_code": " save10 " + "x" * 1000})
    assert len(bag.promo_code) <= 40
    run(BagState.apply_promo, bag, {"promo_code": ["SAVE10"]})
    run(BagState.apply_promo, bag, "SAVE10")
    assert len(bag.promo_code) <= 40


def test_emptying_needs_the_confirmation(db: Session, shop: dict) -> None:
    article = shop["articles"][0]
    root = new_tree()
    sign_in(root, db, shop["alice"])
    bag = sub(root, BagState)
    run(BagState.add_item, bag, {"id": article.id})
    run(BagState.empty_bag, bag)  # no "Are you sure?" first: nothing happens
    assert server_lines(db, shop["alice"]) == {article.id: 1}
    run(BagState.ask_empty, bag)
    run(BagState.empty_bag, bag)
    assert server_lines(db, shop["alice"]) == {} and bag.count == 0


# --- signing in, secrets --------------------------------------------------------------------


@pytest.mark.parametrize(
    "form",
    [
        None,
        "alice",
        [],
        {"username": {"$ne": ""}, "password": {"$ne": ""}},
        {"username": "a" * 100_000, "password": "b" * 100_000},
        {"username": "alice", "password": ["x"]},
    ],
)
def test_login_with_forged_forms_signs_nobody_in(db: Session, shop: dict, form: Any) -> None:
    root = new_tree()
    auth = sub(root, AuthState)
    run(AuthState.submit_login, auth, form)
    assert auth.access_token == "" and not auth.is_authenticated
    assert auth.login_error.startswith("auth:")
    assert auth.login_busy is False


def test_login_keeps_no_password_and_logout_revokes(db: Session, shop: dict) -> None:
    root = new_tree()
    auth = sub(root, AuthState)
    run(
        AuthState.submit_login,
        auth,
        {"username": "alice", "password": PASSWORD, "remember_me": "on"},
    )
    assert auth.is_authenticated and auth.first_name_or_username
    assert PASSWORD not in json.dumps(root.dict(), default=str)
    refresh = auth.refresh_token
    run(AuthState.logout, auth)
    assert auth.access_token == "" and auth.refresh_token == "" and not auth.is_authenticated
    db.expire_all()
    row = db.exec(
        select(RefreshToken).where(RefreshToken.token_hash == tokens.hash_refresh_token(refresh))
    ).one()
    assert row.revoked_at is not None


def test_sign_up_password_never_reaches_a_public_var() -> None:
    root = new_tree()
    signup = sub(root, SignupState)
    signup.step, signup.email = 3, "new@example.com"
    run(SignupState.set_password, signup, {"password": PASSWORD, "confirm": PASSWORD})
    assert signup.step == 4
    assert PASSWORD not in json.dumps(root.dict(), default=str)
    assert signup._password == PASSWORD  # backend only
    run(SignupState.back, signup)
    run(SignupState.back, signup)
    assert signup._password == ""


def test_steps_cannot_be_skipped(db: Session, shop: dict) -> None:
    """A forged call to a later step does nothing: the step is the server's."""
    alice = shop["alice"]
    before = alice.password_hash
    root = new_tree()
    forgot = sub(root, ForgotState)
    run(ForgotState.reset_password, forgot, {"password": "hacked1", "confirm": "hacked1"})
    # Even at step 3, without a verified code the service refuses.
    forgot.step, forgot.email = 3, alice.email
    run(ForgotState.reset_password, forgot, {"password": "hacked1", "confirm": "hacked1"})
    assert forgot.error == "auth:forgot.errors.resetFailed"
    signup = sub(root, SignupState)
    run(SignupState.register, signup, {"phone": "70123456"})
    signup.step, signup.email = 4, "eve@example.com"
    run(SignupState.register, signup, {"phone": "70123456"})
    db.expire_all()
    assert db.get(User, alice.id).password_hash == before
    assert db.exec(select(User).where(User.email == "eve@example.com")).first() is None


def test_dialog_and_panel_arguments_are_checked() -> None:
    root = new_tree()
    dialogs, panel = sub(root, DialogState), sub(root, DeliveryPanelState)
    for name in ("<script>", None, ["login"], 1, "welcome"):
        run(DialogState.open_dialog, dialogs, name)
        assert dialogs.active == ""
    for index in (-1, 5, 99, "1", True, None, 1.0):
        run(DeliveryPanelState.select_day, panel, index)
        assert panel.selected_day == -1
    run(DeliveryPanelState.previous_week, panel)
    assert panel.week_offset == 0
    run(DeliveryPanelState.next_week, panel)
    run(DeliveryPanelState.select_day, panel, 2)
    assert panel.selected_day == 2
    run(DeliveryPanelState.next_week, panel)
    assert panel.week_offset == 2 and panel.selected_day == -1


# --- the save after sign-in, and the fault switch --------------------------------------------


def test_guest_bag_is_merged_at_sign_in_and_retried(
    db: Session, shop: dict, tmp_path: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    alice = shop["alice"]
    a0, a1 = shop["articles"][0], shop["articles"][1]
    cart.add_item(db, alice, a0.id, 1)
    db.commit()
    monkeypatch.setattr(bag_module, "SAVE_WAIT_SECONDS", 0)
    fault = tmp_path / "fault"
    fault.write_text("5")
    monkeypatch.setenv(testing_switches.FAULT_CART_SAVE_ENV, str(fault))

    root = new_tree()
    bag = sub(root, BagState)
    run(BagState.add_item, bag, {"id": a0.id})
    run(BagState.add_item, bag, {"id": a1.id})
    sign_in(root, db, alice)
    run(BagState.after_sign_in, bag)
    run(BagState.save_bag, bag)
    assert bag.save_failed and bag.save_attempts == 5 and not bag.is_saving
    assert bag.pending_save == "sync" and server_lines(db, alice) == {a0.id: 1}

    run(BagState.resync, bag)
    run(BagState.save_bag, bag)
    assert not bag.save_failed and bag.pending_save == ""
    assert server_lines(db, alice) == {a0.id: 2, a1.id: 1}  # merged, nothing dropped
    assert bag.quantities == {str(a0.id): 2, str(a1.id): 1}


def test_fault_switch_does_nothing_when_unset(
    tmp_path: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(testing_switches.FAULT_CART_SAVE_ENV, raising=False)
    assert testing_switches.cart_save_refused() is False
    monkeypatch.setenv(testing_switches.FAULT_CART_SAVE_ENV, str(tmp_path / "missing"))
    assert testing_switches.cart_save_refused() is False
    (tmp_path / "n").write_text("2")
    monkeypatch.setenv(testing_switches.FAULT_CART_SAVE_ENV, str(tmp_path / "n"))
    assert [testing_switches.cart_save_refused() for _ in range(3)] == [True, True, False]


# --- the error catalogues (000 §8, 001 §8) ---------------------------------------------------


class _Status(Exception):
    pass


def _service(status: int) -> Exception:
    from grocer.services.errors import ServiceError

    error = ServiceError()
    error.status = status
    return error


@pytest.mark.parametrize(
    ("exc", "key"),
    [
        (InvalidCredentials(), "auth:errors.wrongCredentials"),
        (Unauthorized(), "auth:errors.unauthorized"),
        (ValidationFailed("username"), "auth:errors.badRequest"),
        (Forbidden(), "auth:errors.forbidden"),
        (NotFound(), "auth:errors.serviceUnavailable"),
        (DeliveryFailed(), "auth:errors.server"),
        (_service(503), "auth:errors.server"),
        (ConnectionRefusedError(), "auth:errors.network"),
        (TimeoutError(), "auth:errors.timeout"),
        (RateLimited(), "auth:errors.tooManyAttempts"),
        (Conflict(), "auth:errors.unexpected"),
        (_Status("?"), "auth:errors.unexpected"),
    ],
)
def test_login_error_catalogue(exc: Exception, key: str) -> None:
    assert auth_module.login_error_key(exc) == key


@pytest.mark.parametrize(
    ("payload", "key"),
    [
        ({"accessToken": None, "userInfo": None}, "auth:errors.unauthorized"),
        ({"accessToken": "t"}, "auth:errors.unauthorized"),
        (
            {"accessToken": "t", "userInfo": {"a": 1}, "expiresIn": "x"},
            "auth:errors.invalidResponse",
        ),
        ({"accessToken": 5, "userInfo": {"a": 1}, "expiresIn": 900}, "auth:errors.invalidResponse"),
        ([], "auth:errors.invalidResponse"),
        ({"accessToken": "t", "userInfo": {"a": 1}, "expiresIn": 900}, ""),
    ],
)
def test_login_response_checks(payload: Any, key: str) -> None:
    assert auth_module.login_response_problem(payload) == key


@pytest.mark.parametrize(
    ("username", "password", "key"),
    [
        ("", "", "auth:validation.fillAllFields"),
        ("alice", "", "auth:validation.fillAllFields"),
        ("   ", "secret", "auth:validation.fillAllFields"),
        ("ab", "secret", "auth:validation.usernameTooShort"),
        ("alice", "12345", "auth:validation.passwordTooShort"),
        ("alice", "123456", ""),
    ],
)
def test_login_validation(username: str, password: str, key: str) -> None:
    assert auth_module.login_validation_key(username, password) == key


def test_forgot_and_signup_catalogues() -> None:
    from grocer.state import forgot, signup

    assert forgot.send_error_key(NotFound()) == "auth:forgot.errors.emailNotFound"
    assert forgot.send_error_key(RateLimited()) == "auth:forgot.errors.sendTooMany"
    assert forgot.send_error_key(DeliveryFailed()) == "auth:forgot.errors.sendFailed"
    assert forgot.verify_error_key(ValidationFailed("otp")) == "auth:forgot.errors.codeInvalid"
    assert forgot.verify_error_key(RateLimited()) == "auth:forgot.errors.verifyTooMany"
    assert forgot.verify_error_key(DeliveryFailed()) == "auth:forgot.errors.verifyFailed"
    assert forgot.reset_error_key(_service(500)) == "auth:forgot.errors.resetServer"
    assert forgot.reset_error_key(ValidationFailed("otp")) == "auth:forgot.errors.resetFailed"
    assert signup.send_error_key(ValidationFailed("email")) == "auth:signup.errors.emailUnavailable"
    assert signup.send_error_key(RateLimited()) == "auth:signup.errors.tooManyAttempts"
    assert signup.send_error_key(DeliveryFailed()) == "auth:signup.errors.server"
    assert signup.send_error_key(NotFound()) == "auth:signup.errors.sendFailed"
    assert signup.send_error_key(ValidationFailed("email"), resend=True) == (
        "auth:signup.errors.resendInvalidEmail"
    )
    assert signup.send_error_key(NotFound(), resend=True) == "auth:signup.errors.resendFailed"
    assert signup.verify_error_key(ValidationFailed("otp")) == "auth:signup.errors.codeInvalid"
    assert signup.verify_error_key(NotFound()) == "auth:signup.errors.verifyFailed"
    assert signup.code_digits("12-ab 34 5678") == "123456"
    assert signup.code_digits(None) == ""


# --- the session over time -------------------------------------------------------------------


def test_five_minute_check_refreshes_or_signs_out(db: Session, shop: dict) -> None:
    alice = shop["alice"]
    root = new_tree()
    sign_in(root, db, alice)
    auth, bag = sub(root, AuthState), sub(root, BagState)
    bag.cart = json.dumps([{"id": "1", "quantity": 1, "price": "1", "itemId": 9}])
    run(AuthState.check_session, auth)  # valid: nothing to do
    assert auth.is_authenticated
    auth.access_token = tokens.create_access_token(alice.id, [], utcnow() - timedelta(hours=1))
    run(AuthState.check_session, auth)  # expired: refreshed with the refresh token
    assert session_guard.token_user_id(auth.access_token) == alice.id
    auth.access_token = tokens.create_access_token(alice.id, [], utcnow() - timedelta(hours=1))
    auth.refresh_token = "revoked-or-unknown"
    run(AuthState.check_session, auth)  # and when that fails: signed out, mirror bag gone
    assert not auth.is_authenticated and auth.refresh_token == "" and bag.count == 0


def test_roles_and_badges_need_a_genuine_session(db: Session, shop: dict) -> None:
    admin = accounts.create_admin(db, "root", "root@example.com", PASSWORD)
    root = new_tree()
    sign_in(root, db, admin)
    auth = sub(root, AuthState)
    assert auth.is_admin and auth.email_verified and auth.email == "root@example.com"
    assert auth.display_name == "root User" and auth.first_name_or_username == "root"
    auth.access_token = "forged"
    assert not auth.is_admin and not auth.email_verified and auth.email == ""


def test_a_page_load_closes_what_the_tab_left_open(db: Session, shop: dict) -> None:
    root = new_tree()
    auth, bag, dialogs = sub(root, AuthState), sub(root, BagState), sub(root, DialogState)
    bag.overlay_open = bag.panel_open = True
    dialogs.active = "login"
    run(AuthState.start_session, auth)
    assert not bag.overlay_open and not bag.panel_open and dialogs.active == ""


@pytest.mark.parametrize("state_cls", [ForgotState, SignupState])
def test_resend_waits_for_the_server_cooldown(db: Session, shop: dict, state_cls: type) -> None:
    root = new_tree()
    dialog = sub(root, state_cls)
    dialog.step = 2
    dialog.email = shop["alice"].email if state_cls is ForgotState else "new.user@example.com"
    events = run(state_cls.resend_code, dialog, "fr")
    assert dialog.info.endswith(".resent") and dialog.error == ""
    assert dialog.resend_seconds == 60 and events[-1]  # countdown and message timer
    run(state_cls.resend_code, dialog, "fr")  # still counting down: refused locally
    assert dialog.resend_seconds == 60
    dialog.resend_seconds = 0  # a forged early resend: the server's 60 s wait answers
    run(state_cls.resend_code, dialog, "fr")
    assert dialog.error in (
        "auth:forgot.errors.resendFailed",
        "auth:signup.errors.tooManyAttempts",
    )
