"""Answers of the payment routes (camelCase, amounts as decimal strings)."""

from __future__ import annotations

from pydantic import BaseModel


class CallbackAck(BaseModel):
    status: str


class PaymentOut(BaseModel):
    reference: str
    status: str
    orderId: int
    orderNumber: str
    channel: str | None = None
    amount: str
    currency: str
    paymentUrl: str | None = None
    expiresAt: str | None = None
    paidAt: str | None = None


class ReviewOut(BaseModel):
    reference: str
    orderId: int
    orderNumber: str
    userId: int
    orderStatus: str
    amount: str
    currency: str
    reviewReason: str | None = None
    paidAt: str | None = None
    updatedAt: str | None = None
