"""The shop's fixed facts that several layers name (spec 000 §9, 001 §9), written once.

Plain values, no rule: the services hold the rules that use them, the states and components
show them.
"""

from __future__ import annotations

#: The roles (001 §6): every sign-up is a consumer; an admin is marked and may act on any
#: account.
CONSUMER_ROLE = "consumer"
ADMIN_ROLE = "admin"
#: The back-office's second role (★): handles orders and slots, not users or prices.
STAFF_ROLE = "staff"
ROLES: tuple[str, ...] = (CONSUMER_ROLE, STAFF_ROLE, ADMIN_ROLE)

#: The languages of the shop (001 §1); French is the source and the fallback.
LANGUAGES: tuple[str, ...] = ("fr", "en", "es", "de")
DEFAULT_LANGUAGE = "fr"

#: The home market's city, Ouagadougou: where the maps open (000 §9 gives "about 12.3714,
#: -1.5197" for the map picker and "about 12.37, -1.52" for the address picker modal, the same
#: place written twice; one centre serves both).
HOME_CENTER: tuple[float, float] = (12.3714, -1.5197)

#: The largest id the database's integer columns hold (32-bit): ids and page numbers that come
#: from outside are bounded by it.
MAX_ID = 2**31 - 1
