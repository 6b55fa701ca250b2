"""The credit and gift-card sections' handlers, called the way the websocket calls them: they
act only for the signed-in shopper (nothing a browser sends names an account), show the
service's answers and messages, and sell no card when mobile money is not configured."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal
from typing import Any

from sqlmodel import Session, col, select

from grocer.models import CreditEntry, GiftCard, Order
from grocer.models.base import utcnow
from grocer.services import credit
from grocer.state.account_wallet import WalletState
from grocer.state.toast import ToastState
from tests.support.state_harness import new_tree, run, sign_in, sub

BUY = {
    "amount": "10000",
    "recipient_email": "ami@example.bf",
    "channel": "orange",
    "phone": "70 12 34 56",
}


def wallet_of(db: Session, user: Any) -> tuple[Any, Any]:
    root = new_tree()
    sign_in(root, db, user)
    return root, sub(root, WalletState)


def test_signed_out_nothing_is_read_or_changed(db: Session, shop: dict[str, Any]) -> None:
    db.add(GiftCard(code="OPEN-CARD-01", initial_value=Decimal(5000), balance=Decimal(5000)))
    db.commit()
    state = sub(new_tree(), WalletState)
    run(WalletState.load_credit, state)
    run(WalletState.load_cards, state)
    run(WalletState.redeem, state, {"code": "OPEN-CARD-01"})
    run(WalletState.buy, state, BUY)
    assert state.ledger == [] and state.received == []
    db.expire_all()
    card = db.exec(select(GiftCard).where(col(GiftCard.code) == "OPEN-CARD-01")).one()
    assert card.redeemed_by is None
    assert db.exec(select(Order)).all() == []


def test_the_credit_shown_is_the_shoppers_own(db: Session, shop: dict[str, Any]) -> None:
    alice, bob = shop["alice"], shop["bob"]
    long_ago = utcnow() - timedelta(days=400)
    credit.add_referral_credit(db, alice.id, "1000", "Parrainage", now=long_ago)
    credit.add_credit(db, alice.id, "6559.57", "Parrainage", now=utcnow())
    credit.add_credit(db, bob.id, "99999", "giftcard:BOBS", now=utcnow())
    db.commit()
    _root, state = wallet_of(db, alice)
    run(WalletState.load_credit, state)
    assert state.credit_status == "ready"
    assert state.credit_balance["EUR"].startswith("10,00")
    assert [(row["kind"], row["sign"], row["expired"]) for row in state.ledger] == [
        ("referral", "+", False),
        ("referral", "+", True),  # shown with "Expiré", no longer counted
    ]


def test_redeem_shows_the_spec_message_then_the_new_balance(
    db: Session, shop: dict[str, Any]
) -> None:
    db.add(GiftCard(code="ALICE-CARD-1", initial_value=Decimal(5000), balance=Decimal(5000)))
    db.commit()
    root, state = wallet_of(db, shop["alice"])
    run(WalletState.redeem, state, {"code": "   "})
    assert state.redeem_error == "wallet:errors.codeRequired"
    run(WalletState.redeem, state, {"code": "alice-card-1"})
    assert state.redeem_error == "" and not state.redeem_busy
    assert state.cards_balance["XOF"].replace("\u202f", " ").startswith("5 000")
    assert sub(root, ToastState).key == "wallet:redeem.done"
    run(WalletState.redeem, state, {"code": "alice-card-1"})
    assert state.redeem_error == "wallet:errors.used"
    assert sub(root, ToastState).error is True


def test_without_mobile_money_the_form_is_off_and_nothing_is_sold(
    db: Session, shop: dict[str, Any]
) -> None:
    _root, state = wallet_of(db, shop["alice"])
    run(WalletState.load_cards, state)
    assert state.can_buy is False
    run(WalletState.buy, state, BUY)
    assert state.buy_error == "wallet:buy.unavailable" and not state.waiting
    assert db.exec(select(Order)).all() == []


def test_a_forged_amount_is_refused(db: Session, shop: dict[str, Any], mobile_money: Any) -> None:
    _root, state = wallet_of(db, shop["alice"])
    run(WalletState.load_cards, state)
    assert state.can_buy is True
    run(WalletState.buy, state, {**BUY, "amount": "1"})
    assert state.buy_error == "wallet:errors.amount"
    assert db.exec(select(Order)).all() == []
    assert db.exec(select(CreditEntry)).all() == []
