"""The back-office's shared pieces (/admin, issue 17): field and button styles, the pager, a
list's search form and a paged list. Every panel module builds on these."""

from __future__ import annotations

from typing import Any

import reflex as rx

from grocer.components.i18n import t
from grocer.views.styles import FOCUS

INPUT = (
    "h-11 w-full rounded-xl border border-gray-300 bg-white px-3 text-sm text-gray-900 "
    f"placeholder:text-gray-500 {FOCUS}"
)
SMALL = (
    "inline-flex h-10 items-center justify-center rounded-full border border-gray-300 bg-white "
    "px-4 text-sm font-semibold text-gray-800 hover:bg-gray-50 disabled:opacity-50 "
    f"disabled:cursor-not-allowed {FOCUS}"
)
GREEN = (
    "inline-flex h-10 items-center justify-center rounded-full bg-green-700 px-4 text-sm "
    f"font-semibold text-white hover:bg-green-800 disabled:opacity-60 {FOCUS}"
)
BADGE = "rounded-full px-2.5 py-0.5 text-xs font-semibold"
STATUS_COLOURS = {
    "pending": "bg-amber-100 text-amber-900",
    "confirmed": "bg-blue-100 text-blue-900",
    "shipped": "bg-indigo-100 text-indigo-900",
    "delivered": "bg-green-100 text-green-900",
    "cancelled": "bg-gray-200 text-gray-800",
}


def pager(page: rx.Var[int], pages: rx.Var[int], step: Any) -> rx.Component:
    return rx.el.div(
        rx.el.button(
            t("admin:pager.previous"),
            type="button",
            on_click=step(-1),
            disabled=page <= 1,
            class_name=SMALL,
        ),
        rx.el.span(t("admin:pager.page", page=page, pages=pages), class_name="text-sm"),
        rx.el.button(
            t("admin:pager.next"),
            type="button",
            on_click=step(1),
            disabled=page >= pages,
            class_name=SMALL,
        ),
        class_name="flex items-center justify-between gap-3",
    )


def empty(key: str) -> rx.Component:
    return rx.el.p(t(key), class_name="py-8 text-center text-sm text-gray-600")


def search_form(
    field_id: str, key: str, value: rx.Var[str], button: str, on_submit: Any, *extra: rx.Component
) -> rx.Component:
    """A list's search box (its words in `q`), `extra` fields, and the submit button."""
    return rx.el.form(
        rx.el.label(t(key), html_for=field_id, class_name="sr-only"),
        rx.el.input(
            id=field_id,
            name="q",
            default_value=value,
            placeholder=t(key),
            max_length=100,
            class_name=INPUT,
        ),
        *extra,
        rx.el.button(t(button), type="submit", class_name=GREEN),
        on_submit=on_submit,
        class_name="flex flex-col gap-2 sm:flex-row",
    )


def paged_list(
    rows: rx.Var, render: Any, empty_key: str, page: rx.Var[int], pages: rx.Var[int], step: Any
) -> rx.Component:
    """A page of rows (or the empty message) and the pager under it."""
    return rx.fragment(
        rx.cond(rows.length() > 0, rx.el.ul(rx.foreach(rows, render)), empty(empty_key)),
        pager(page, pages, step),
    )


# --- form pieces shared by the panels' edit forms (catalogue, home) ---------------------------

TEXTAREA = INPUT.replace("h-11", "min-h-20 py-2")
ICON_BUTTON = SMALL.replace("px-4", "w-10 px-0")


def field_error(
    field: str, refused: rx.Var[str], message: rx.Var[str], prefix: str
) -> rx.Component:
    """The service's `message` under the control of `field` when `refused` names it."""
    return rx.cond(
        refused == field,
        rx.el.p(message, id=f"{prefix}-error-{field}", class_name="text-sm text-red-700"),
    )


def labelled(
    control_id: str, label: rx.Var[str], control: rx.Component, error: rx.Component
) -> rx.Component:
    """A label over its control, and the control's refusal (`field_error`) under it."""
    return rx.el.div(
        rx.el.label(label, html_for=control_id, class_name="text-sm font-medium"),
        control,
        error,
        class_name="flex min-w-0 flex-col gap-1",
    )


def move_buttons(
    up_label: rx.Var[str],
    down_label: rx.Var[str],
    first: rx.Var[bool],
    last: rx.Var[bool],
    on_move: Any,
    busy: rx.Var[bool],
) -> rx.Component:
    """Up and down buttons, named after what they move for a screen reader."""
    return rx.fragment(
        rx.el.button(
            "↑",
            type="button",
            on_click=on_move("up"),
            disabled=first | busy,
            aria_label=up_label,
            class_name=ICON_BUTTON,
        ),
        rx.el.button(
            "↓",
            type="button",
            on_click=on_move("down"),
            disabled=last | busy,
            aria_label=down_label,
            class_name=ICON_BUTTON,
        ),
    )


def flag_badge(on: rx.Var[bool], yes: str, no: str) -> rx.Component:
    """A green badge saying `yes` when `on`, a grey one saying `no` otherwise (i18n keys)."""
    return rx.el.span(
        rx.cond(on, t(yes), t(no)),
        class_name=rx.cond(
            on, f"{BADGE} bg-green-100 text-green-900", f"{BADGE} bg-gray-200 text-gray-800"
        ),
    )


def dotted(*parts: Any) -> list[Any]:
    """`parts` with " · " between them: the children of a line of facts ("date · actor ·
    action")."""
    out: list[Any] = []
    for part in parts:
        if out:
            out.append(" · ")
        out.append(part)
    return out


def text_input(form: str, name: str, value: rx.Var, limit: int, **props: Any) -> rx.Component:
    """An uncontrolled text field of `form` (its id `form-name`), starting from `value`."""
    return rx.el.input(
        id=f"{form}-{name}",
        name=name,
        default_value=value,
        max_length=limit,
        class_name=INPUT,
        **props,
    )


def text_area(form: str, name: str, value: rx.Var, limit: int, **props: Any) -> rx.Component:
    """An uncontrolled text area of `form` (its id `form-name`), starting from `value`."""
    return rx.el.textarea(
        id=f"{form}-{name}",
        name=name,
        default_value=value,
        max_length=limit,
        rows=3,
        class_name=TEXTAREA,
        **props,
    )


def checkbox(
    form: str, name: str, label: rx.Var[str], checked: rx.Var, error: rx.Component
) -> rx.Component:
    """A box inside its label, and the refusal (`field_error`) under it."""
    return rx.el.div(
        rx.el.label(
            rx.el.input(
                type="checkbox",
                id=f"{form}-{name}",
                name=name,
                default_checked=checked,
                class_name="h-5 w-5 accent-green-700",
            ),
            label,
            html_for=f"{form}-{name}",
            class_name="flex items-center gap-2 text-sm",
        ),
        error,
    )
