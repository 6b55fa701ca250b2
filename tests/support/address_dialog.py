"""The address dialog in a state tree (tests/support/state_harness.py): open it, type into
it, read back what was saved."""

from __future__ import annotations

from typing import Any

from sqlmodel import Session, select

from grocer.models import Address, User
from grocer.state.address import AddressState
from grocer.state.dialogs import DialogState
from tests.support.state_harness import run, sub

FULL_ADDRESS = {
    "street": "12 Avenue Kwame Nkrumah",
    "city": "Ouagadougou",
    "country": "Burkina Faso",
    "latitude": "12.369",
    "longitude": "-1.52",
}


def fill(form: Any, values: dict[str, str]) -> None:
    """Type `values` into the address dialog's fields."""
    for name, value in values.items():
        run(AddressState.set_field, form, name, value)


def opened(root: Any) -> Any:
    """The address dialog, opened in the tab: its form state."""
    sub(root, DialogState).active = "address"
    form = sub(root, AddressState)
    run(AddressState.dialog_opened, form, "fr")
    return form


def saved(db: Session, user: User) -> list[Address]:
    """The user's addresses in the database."""
    db.expire_all()
    return list(db.exec(select(Address).where(Address.user_id == user.id)).all())
