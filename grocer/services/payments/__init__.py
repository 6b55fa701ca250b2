"""Payments through a mobile-money provider: the interface (provider.py), a CinetPay-style
adapter (cinetpay.py), payments as records (records.py: created with the order, read) and the
flows that talk to the provider (service.py: start, refresh, callbacks, mark_paid, expiry).

The package exports the records' functions only: checkout creates payments through it, and
service.py fails orders through checkout, so re-exporting service here would close a cycle.
"""

from grocer.services.payments.records import (
    CHANNELS,
    PaymentDict,
    ReviewDict,
    create_payment,
    get_payment,
    payment_of,
    review_list,
)

__all__ = [
    "CHANNELS",
    "PaymentDict",
    "ReviewDict",
    "create_payment",
    "get_payment",
    "payment_of",
    "review_list",
]
