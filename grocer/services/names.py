"""Names shown and derived for accounts (pure functions, no database, clock passed in)."""

from __future__ import annotations

import re
import secrets
import string
from datetime import UTC, datetime

_SUFFIX_ALPHABET = string.ascii_lowercase + string.digits
_SUFFIX_LENGTH = 5
_NAME_SEPARATORS = re.compile(r"[._]")
_NAME_MAX = 100  # the first_name / last_name column width


def display_name(first_name: str | None, last_name: str | None, username: str) -> str:
    """Spec 000 §9: first plus last name; else the first name; else the username."""
    first = (first_name or "").strip()
    last = (last_name or "").strip()
    if first and last:
        return f"{first} {last}"
    return first or username


def _capitalise(part: str) -> str:
    """Upper-case the first letter only, like the original client (keeps "McDo" as is)."""
    return part[:1].upper() + part[1:]


def names_from_email(email: str) -> tuple[str, str]:
    """Spec 001 §4: first/last name guessed from the e-mail's local part when none is given.

    "jean.dupont" and "jean_dupont" give ("Jean", "Dupont"); more parts go to the last name;
    a local part without a separator is the first name as written, with the last name "User"
    (stray separators, as in ".moussa.", are dropped).
    """
    local = email.split("@", 1)[0].strip()
    parts = [p for p in _NAME_SEPARATORS.split(local) if p]
    if len(parts) >= 2:
        first = _capitalise(parts[0])
        last = " ".join(_capitalise(p) for p in parts[1:])
        return first[:_NAME_MAX], last[:_NAME_MAX]
    return (parts[0] if parts else local or "User")[:_NAME_MAX], "User"


def generate_username(now: datetime, suffix: str | None = None) -> str:
    """Spec 001 §4: "user", a millisecond timestamp and a random suffix (5 base-36 chars)."""
    if suffix is None:
        suffix = "".join(secrets.choice(_SUFFIX_ALPHABET) for _ in range(_SUFFIX_LENGTH))
    aware = now if now.tzinfo else now.replace(tzinfo=UTC)  # naive means UTC here
    return f"user{int(aware.timestamp() * 1000)}{suffix}"
