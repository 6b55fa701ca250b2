"""The account's addresses section (001 §2 "Account page"): the recent local address
("Récente", "Modifier", "Ajouter à mes adresses"), the saved addresses with their type,
default badge, lines and creation date, and their Modifier / Supprimer. Adding and editing
happen in the address dialog (grocer/components/address_dialog.py, mounted on every page);
the list follows that dialog's saves (grocer/state/account_addresses.py)."""

from __future__ import annotations

from typing import Any

import reflex as rx

from grocer.components.account.confirm_delete import confirm_delete
from grocer.components.account.frame import section_frame
from grocer.components.account.list_parts import (
    BLUE,
    GREEN,
    ROW,
    SMALL_DANGER,
    add_button,
    badge,
    list_body,
    small_button,
)
from grocer.components.i18n import t
from grocer.state.account_addresses import AccountAddressesState
from grocer.state.address import AddressState

NS = "addressbook:addresses"


def created_on(iso: rx.Var) -> rx.Component:
    """'Créée le 12 novembre 2026': the date in the shown language's own format."""
    date = rx.Var(_js_expr=f"new Date({iso!s})", _var_data=iso._get_all_var_data())
    return rx.cond(
        iso,
        rx.el.p(t(f"{NS}.createdAt", date=date), class_name="text-xs text-gray-500"),
    )


def address_lines(address: Any) -> rx.Component:
    """Street, apartment, city, region, postal code, country (the empty ones left out)."""

    def line(key: str, look: str = "text-sm text-gray-700") -> rx.Component:
        return rx.cond(address[key], rx.el.p(address[key], class_name=f"{look} break-words"))

    return rx.el.div(
        line("streetAddress", "font-semibold text-gray-900 break-words"),
        line("apartment"),
        line("city"),
        line("state"),
        line("postalCode"),
        line("country"),
        class_name="min-w-0 space-y-0.5",
    )


def recent_address() -> rx.Component:
    """The address this browser keeps (userAddress), when there is one."""
    recent = AddressState.stored_address
    adding = AccountAddressesState.adding
    return rx.cond(
        recent.length() > 0,
        rx.el.div(
            rx.el.div(
                rx.el.h3(t(f"{NS}.recent.title"), class_name="font-semibold text-gray-900"),
                badge(t(f"{NS}.recent.badge"), BLUE),
                class_name="flex flex-wrap items-center gap-2",
            ),
            address_lines(recent),
            rx.el.p(t(f"{NS}.recent.hint"), class_name="text-xs text-gray-500"),
            rx.el.div(
                small_button(t(f"{NS}.recent.edit"), AddressState.edit_stored),
                small_button(
                    rx.cond(adding, t(f"{NS}.recent.adding"), t(f"{NS}.recent.addToAccount")),
                    AccountAddressesState.add_recent,
                    disabled=adding,
                    aria_busy=adding,
                ),
                class_name="flex flex-wrap gap-2",
            ),
            class_name=f"{ROW} border-blue-200 bg-blue-50/40",
            id="recent-address",
        ),
    )


def saved_address(address: Any) -> rx.Component:
    street = address["streetAddress"]
    return rx.el.li(
        rx.el.div(
            rx.el.span(
                rx.cond(
                    address["addressType"] == "HOME",
                    t(f"{NS}.types.home"),
                    t(f"{NS}.types.office"),
                ),
                class_name="text-sm font-bold uppercase tracking-wide text-gray-600",
            ),
            rx.cond(address["isDefault"], badge(t(f"{NS}.default"), GREEN)),
            class_name="flex flex-wrap items-center gap-2",
        ),
        address_lines(address),
        created_on(address["createdAt"]),
        rx.el.div(
            small_button(
                t(f"{NS}.edit"),
                AddressState.edit_address(address["id"]),
                aria_label=t(f"{NS}.editLabel", street=street),
            ),
            small_button(
                t(f"{NS}.delete"),
                AccountAddressesState.ask_delete(address["id"]),
                SMALL_DANGER,
                aria_label=t(f"{NS}.deleteLabel", street=street),
            ),
            class_name="mt-auto flex flex-wrap gap-2",
        ),
        class_name=ROW,
    )


def saved_addresses() -> rx.Component:
    return rx.el.ul(
        rx.foreach(AccountAddressesState.rows, saved_address),
        class_name="grid gap-3 sm:grid-cols-2",
        id="saved-addresses",
    )


def addresses_section() -> rx.Component:
    state = AccountAddressesState
    return section_frame(
        "account:nav.addresses",
        recent_address(),
        rx.el.div(
            rx.cond(
                state.loaded & ~state.failed,
                rx.el.h3(
                    t(f"{NS}.heading", count=state.rows.length()),
                    class_name="text-lg font-semibold text-gray-900",
                ),
                rx.el.span(),
            ),
            add_button(f"{NS}.add", AddressState.new_address),
            class_name="flex flex-wrap items-center justify-between gap-3",
        ),
        list_body(
            state,
            NS,
            saved_addresses(),
        ),
        confirm_delete(state, "address-delete-dialog"),
        on_mount=state.load,
        id="account-addresses",
    )
