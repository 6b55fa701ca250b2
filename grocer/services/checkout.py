"""INTERIM, on piece P's branch only: the contract's `checkout.fail`, until piece O's
services/checkout.py lands (then O's file replaces this one whole). It cancels the order and
gives the lines back to the shopper's bag; releasing the slot is S's release_booking, not here.
"""

from __future__ import annotations

from datetime import datetime

from sqlmodel import Session, col, select

from grocer.models import Order, OrderLine, User
from grocer.services import cart
from grocer.services.errors import NotFound
from grocer.services.orders import OrderDict, get_order


def fail(db: Session, order_id: int, now: datetime, *, reason: str, restore_bag: bool) -> OrderDict:
    """The order's payment failed: cancelled (once), the bag given back when `restore_bag`."""
    order = db.get(Order, order_id)
    user = db.get(User, order.user_id) if order else None
    if order is None or user is None:
        raise NotFound()
    if order.status in ("pending", "confirmed"):
        order.status = "cancelled"
        order.updated_at = now
        db.add(order)
        db.flush()
        if restore_bag:
            lines = db.exec(select(OrderLine).where(col(OrderLine.order_id) == order_id)).all()
            for line in lines:
                if line.article_id is not None:
                    cart.add_item(db, user, line.article_id, line.quantity)
    return get_order(db, user, order.user_id, order_id)
