"""SQLModel tables. Importing this package registers every table on SQLModel.metadata."""

from grocer.models.account import (
    Address,
    CreditEntry,
    DeletionRequest,
    GiftCard,
    PaymentMethod,
    UserSettings,
)
from grocer.models.catalogue import (
    Article,
    CatalogueVersion,
    Category,
    Nutrition,
    Promotion,
    Section,
    SectionArticle,
)
from grocer.models.commerce import ORDER_STATUSES, Cart, CartItem, CartMerge, Order, OrderLine
from grocer.models.users import OtpChallenge, RateEvent, RefreshToken, User, UserPhone

__all__ = [
    "ORDER_STATUSES",
    "Address",
    "Article",
    "Cart",
    "CartItem",
    "CartMerge",
    "CatalogueVersion",
    "Category",
    "CreditEntry",
    "DeletionRequest",
    "GiftCard",
    "Nutrition",
    "Order",
    "OrderLine",
    "OtpChallenge",
    "PaymentMethod",
    "Promotion",
    "RateEvent",
    "RefreshToken",
    "Section",
    "SectionArticle",
    "User",
    "UserPhone",
    "UserSettings",
]
