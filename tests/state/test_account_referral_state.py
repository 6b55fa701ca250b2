"""The referral section's state (001 §2, §4, §5): loading, the invitation form's messages, the
copy confirmation, the referral settings, and the friend's code kept from a share link."""

from __future__ import annotations

from reflex.istate.data import RouterData
from sqlmodel import Session, col, select

from grocer.models import User
from grocer.services import settings_doc
from grocer.state.account_referral import (
    K_SAVED,
    K_SENT,
    AccountReferralState,
    ReferralLinkState,
)
from grocer.state.signup import SignupState
from tests.support.accounts import outbox_code
from tests.support.orders import order_row
from tests.support.smtp import SmtpServer
from tests.support.state_harness import PASSWORD, add_user, new_tree, run, sign_in, sub


def delivered_order(db: Session, user: User) -> None:
    db.add(order_row(user.id))
    db.commit()


def section(db: Session, user: User) -> AccountReferralState:
    root = new_tree()
    sign_in(root, db, user)
    state = sub(root, AccountReferralState)
    run(AccountReferralState.load, state)
    return state


def test_signed_out_nothing_loads() -> None:
    state = sub(new_tree(), AccountReferralState)
    run(AccountReferralState.load, state)
    assert state.loaded is False and state.code == ""


def test_load_shows_code_link_rules_and_settings(db: Session) -> None:
    state = section(db, add_user(db, "alice"))
    assert state.loaded and len(state.code) == 8 and state.link.endswith(f"/?ref={state.code}")
    assert state.eligible is False
    assert state.reward_shown["EUR"] == "50,00\u00a0€"
    assert state.minimum_shown["EUR"] == "99,00\u00a0€"
    assert (state.email_notifications, state.push_notifications) == (True, False)
    assert (state.public_profile, state.shared_statistics) == (False, True)
    assert (state.monthly_limit, state.delay_minutes) == (25, 5)


def test_inviting_before_a_delivered_order_says_why(db: Session) -> None:
    state = section(db, add_user(db, "alice"))
    run(AccountReferralState.send_invitation, state, {"emailInvitation": "ami@example.bf"})
    assert state.invite_error == "referral:errors.notEligible" and not state.invite_busy


def test_invitation_messages(db: Session, smtp: SmtpServer) -> None:
    alice = add_user(db, "alice")
    delivered_order(db, alice)
    state = section(db, alice)
    assert state.eligible is True
    run(AccountReferralState.send_invitation, state, {"emailInvitation": " , "})
    assert state.invite_error == "referral:errors.emailRequired"
    run(AccountReferralState.send_invitation, state, {"emailInvitation": "a@example.bf, oops"})
    assert state.invite_error == "referral:errors.emailInvalid"
    assert state.message_params == {"email": "oops"}
    form = {"yourName": "Awa", "emailInvitation": "a@example.bf, b@example.bf, bob@example.com"}
    add_user(db, "bob")
    run(AccountReferralState.send_invitation, state, form)
    assert (state.invite_error, state.invite_info) == ("", K_SENT)
    assert state.message_params == {"count": "2"}
    assert (state.skipped_info, state.skipped_count) == ("referral:invite.skipped", 1)
    assert state.sent_this_month == 2 and state.form_serial == 1
    assert len(smtp.messages_to("a@example.bf")) == 1
    run(AccountReferralState.send_invitation, state, {"emailInvitation": "c@example.bf"})
    assert state.invite_error == "referral:errors.wait"
    assert state.message_params == {"minutes": "5"}


def test_copy_confirms_for_a_moment(db: Session) -> None:
    state = sub(new_tree(), AccountReferralState)
    run(AccountReferralState.copy_link, state)
    assert state.copied is False  # nothing loaded, nothing copied
    state = section(db, add_user(db, "alice"))
    (event,) = run(AccountReferralState.copy_link, state)
    assert state.copied is True and state.copied_serial == 1
    assert "forget_copied" in str(event)


def test_settings_are_checked_and_saved(db: Session) -> None:
    alice = add_user(db, "alice")
    state = section(db, alice)
    run(AccountReferralState.toggle, state, "push_notifications")
    run(AccountReferralState.toggle, state, "not_a_toggle")
    form = {"monthlyInvitationLimit": "50", "invitationDelayMinutes": "61"}
    run(AccountReferralState.save_settings, state, form)
    assert (state.settings_message, state.settings_ok) == ("referral:errors.delay", False)
    for bad in ("", "abc", "-1", "2.5"):
        run(AccountReferralState.save_settings, state, {**form, "invitationDelayMinutes": bad})
        assert state.settings_message == "referral:errors.delay", bad
    run(AccountReferralState.save_settings, state, {**form, "invitationDelayMinutes": " 10 "})
    assert (state.settings_message, state.settings_ok) == (K_SAVED, True)
    assert alice.id is not None
    saved = settings_doc.get_settings_doc(db, alice, alice.id)["referral"]
    assert saved["pushNotifications"] is True
    assert (saved["monthlyInvitationLimit"], saved["invitationDelayMinutes"]) == (50, 10)


def test_a_share_link_code_is_kept_only_when_it_looks_like_one() -> None:
    link = sub(new_tree(), ReferralLinkState)
    for query, kept in (
        ("?ref=abcd2345", "ABCD2345"),
        ("?ref=<script>", "ABCD2345"),
        ("", "ABCD2345"),
    ):
        link.router = RouterData.from_router_data({"pathname": "/", "asPath": "/" + query})
        run(ReferralLinkState.keep_code, link)
        assert link.referral_code == kept
    link.referral_code = "forged value"
    assert link.code_for_signup() is None


def test_a_sign_up_after_a_share_link_is_attributed_to_the_friend(db: Session) -> None:
    alice = add_user(db, "alice")
    code = section(db, alice).code
    address = "friend@example.com"
    root = new_tree()
    sub(root, ReferralLinkState).referral_code = code.lower()
    signup = sub(root, SignupState)
    run(SignupState.send_code, signup, {"email": address, "lang": "fr"})
    run(SignupState.verify_code, signup, {"code": outbox_code(address)})
    run(SignupState.set_password, signup, {"password": PASSWORD, "confirm": PASSWORD})
    run(SignupState.register, signup, {"phone": "70123456", "lang": "fr"})
    assert signup.done, signup.error
    friend = db.exec(select(User).where(col(User.email) == address)).one()
    assert friend.referred_by == alice.id
    assert sub(root, ReferralLinkState).referral_code == ""  # used once
