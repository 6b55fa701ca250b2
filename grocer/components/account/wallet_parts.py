"""What the credit and gift-card sections share: an amount in the shopper's currency, a date
in the shopper's language, the balance box and the three loading states of a list."""

from __future__ import annotations

from typing import Any

import reflex as rx
from reflex.vars import VarData

from grocer.components.account.frame import empty_state, loading_text
from grocer.components.form_parts import SECONDARY
from grocer.components.i18n import current_language, t
from grocer.state.currency import CurrencyState

SUBHEADING = "text-base font-semibold text-gray-900"


def shown(amounts: Any) -> rx.Var[str]:
    """An amount written in every currency ({"XOF": ..., "EUR": ...}): the chosen one."""
    return rx.Var.create(amounts).to(dict[str, str])[CurrencyState.code]


def local_date(iso: rx.Var[Any]) -> rx.Var[str]:
    """An ISO date as the shopper's language writes it (25 novembre 2026); "" for none."""
    value = rx.Var.create(iso).to(str)
    return rx.Var(
        _js_expr=(
            f"(({value}) ? new Date({value}).toLocaleDateString({current_language}, "
            '{day: "numeric", month: "long", year: "numeric"}) : "")'
        ),
        _var_type=str,
        _var_data=VarData.merge(value._get_all_var_data(), current_language._get_all_var_data()),
    ).to(str)


def balance_box(label_key: str, amounts: Any, box_id: str, *extra: rx.Component) -> rx.Component:
    """The balance, large, in the chosen currency."""
    return rx.el.div(
        rx.el.p(
            t(label_key), id=f"{box_id}-label", class_name="text-sm font-medium text-green-900"
        ),
        rx.el.p(
            shown(amounts),
            id=box_id,
            class_name="mt-1 text-3xl font-bold tabular-nums text-green-900",
        ),
        *extra,
        class_name="rounded-2xl bg-green-50 p-4 sm:p-5",
    )


def list_states(
    status: rx.Var[str],
    rows: rx.Var[list[Any]],
    *,
    loading_key: str,
    empty_title_key: str,
    empty_text_key: str | None,
    retry: Any,
    shown_list: rx.Component,
) -> rx.Component:
    """Loading, failed (with a retry), empty, or the list itself."""
    return rx.match(
        status,
        ("loading", loading_text(loading_key)),
        (
            "error",
            rx.el.div(
                rx.el.p(t("wallet:errors.load"), role="alert", class_name="text-sm text-red-800"),
                rx.el.button(
                    t("wallet:retry"), type="button", on_click=retry, class_name=SECONDARY
                ),
                class_name="flex flex-col items-start gap-3 rounded-xl bg-red-50 p-4",
            ),
        ),
        rx.cond(rows.length() > 0, shown_list, empty_state(empty_title_key, empty_text_key)),
    )
