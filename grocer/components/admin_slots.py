"""The back-office's slots panel (/admin, issue 17): a kind switch (delivery / pickup), the
next days' slots with their capacity and cut-off editable one by one, the weekly template
(its effect on the slots already open shown before it is saved), and the closed days (a
day's bookings and holds shown before it is closed). Works at 390 px: rows wrap, inputs are
narrow, forms are one column."""

from __future__ import annotations

import reflex as rx

from grocer.components.admin_parts import BADGE, GREEN, INPUT, SMALL, dotted, empty
from grocer.components.checkout_summary import CARD
from grocer.components.i18n import t, t_var
from grocer.services import slots
from grocer.services.admin.audit import NOTE_MAX
from grocer.services.admin.slots import MAX_CAPACITY, MAX_CUTOFF_MINUTES
from grocer.state.admin_slots import AdminSlotsState

State = AdminSlotsState
NUMBER = INPUT.replace("w-full", "w-24")
H3 = "text-base font-semibold"
BOX = "rounded-xl border border-gray-200 p-3"


def _weekday(weekday: rx.Var) -> rx.Var[str]:
    return t_var("admin:slots.weekdays." + weekday.to_string())


def _error(where: rx.Var[str] | str) -> rx.Component:
    """The service's message for the form `where`, when it refused it."""
    return rx.cond(
        (State.error_field == where) & (State.error_message != ""),
        rx.el.p(State.error_message, role="alert", class_name="text-sm text-red-700"),
    )


def _number(name: str | rx.Var[str], value: rx.Var, high: int, label: rx.Var[str]) -> rx.Component:
    """A labelled whole-number input (the label wraps it: no id to keep unique)."""
    return rx.el.label(
        rx.el.span(label, class_name="text-xs text-gray-700"),
        rx.el.input(
            type="number",
            name=name,
            default_value=value.to_string(),
            min=0,
            max=high,
            step=1,
            required=True,
            class_name=NUMBER,
        ),
        class_name="flex flex-col gap-1",
    )


def _kind_switch() -> rx.Component:
    return rx.el.div(
        *(
            rx.el.button(
                t(f"admin:slots.kinds.{kind}"),
                type="button",
                on_click=State.set_kind(kind),
                aria_pressed=rx.cond(State.kind == kind, "true", "false"),
                class_name=rx.cond(State.kind == kind, GREEN, SMALL),
            )
            for kind in slots.METHODS
        ),
        role="group",
        aria_label=t("admin:slots.kind"),
        class_name="flex flex-wrap gap-2",
    )


# --- the next days ----------------------------------------------------------------------------


def _slot(row: rx.Var, day: rx.Var) -> rx.Component:
    slot_id = row["id"].to_string()
    locked = row["started"].to(bool) | day["closed"].to(bool)
    return rx.el.li(
        rx.el.div(
            rx.el.span(row["label"].to(str), class_name="font-semibold"),
            rx.el.span(
                t(
                    "admin:slots.days.taken",
                    booked=row["booked"],
                    held=row["held"],
                    remaining=row["remaining"],
                ),
                class_name="text-xs text-gray-600",
            ),
            rx.cond(
                row["started"].to(bool),
                rx.el.span(
                    t("admin:slots.days.started"), class_name=f"{BADGE} bg-gray-200 text-gray-800"
                ),
            ),
            class_name="flex flex-wrap items-center gap-2",
        ),
        rx.el.form(
            rx.el.input(type="hidden", name="slot", value=slot_id),
            _number("capacity", row["capacity"], MAX_CAPACITY, t("admin:slots.days.capacity")),
            _number("cutoff", row["cutoff"], MAX_CUTOFF_MINUTES, t("admin:slots.days.cutoff")),
            rx.el.button(
                t("admin:slots.days.save"),
                type="submit",
                disabled=locked | State.busy,
                class_name=SMALL,
            ),
            key=slot_id + "-" + row["capacity"].to_string() + "-" + row["cutoff"].to_string(),
            on_submit=State.save_capacity,
            aria_label=t("admin:slots.days.slotForm", label=row["label"], date=day["date"].to(str)),
            class_name="flex flex-wrap items-end gap-2",
        ),
        _error("slot-" + slot_id),
        data_slot=row["label"].to(str),
        class_name="space-y-2 border-t border-gray-100 py-2",
    )


def _day(day: rx.Var) -> rx.Component:
    return rx.el.li(
        rx.el.div(
            rx.el.span(_weekday(day["weekday"]), class_name="font-semibold"),
            rx.el.span(day["date"].to(str), class_name="text-sm text-gray-600"),
            rx.cond(
                day["closed"].to(bool),
                rx.el.span(
                    t("admin:slots.days.closed"), class_name=f"{BADGE} bg-red-100 text-red-900"
                ),
            ),
            rx.el.span(day["note"].to(str), class_name="break-words text-sm text-gray-600"),
            class_name="flex flex-wrap items-center gap-2",
        ),
        rx.el.ul(rx.foreach(day["slots"], lambda row: _slot(row, day))),
        data_day=day["date"].to(str),
        class_name=BOX,
    )


def _days() -> rx.Component:
    return rx.el.section(
        rx.el.h3(t("admin:slots.days.title"), class_name=H3),
        rx.el.div(
            rx.el.button(
                t("admin:slots.days.previous"),
                type="button",
                on_click=State.days_page("previous"),
                disabled=(State.previous_day == "") | State.busy,
                class_name=SMALL,
            ),
            rx.el.button(
                t("admin:slots.days.next"),
                type="button",
                on_click=State.days_page("next"),
                disabled=(State.next_day == "") | State.busy,
                class_name=SMALL,
            ),
            class_name="flex flex-wrap justify-between gap-2",
        ),
        rx.el.ul(rx.foreach(State.days, _day), class_name="space-y-3"),
        aria_label=t("admin:slots.days.title"),
        class_name="space-y-3",
    )


# --- the weekly template ----------------------------------------------------------------------


def _cell(cell: rx.Var) -> rx.Component:
    name = cell["name"].to(str)
    return rx.el.div(
        rx.el.span(cell["label"].to(str), class_name="w-24 text-sm font-medium"),
        rx.el.label(
            rx.el.input(
                type="checkbox",
                name=name + "-open",
                default_checked=cell["open"].to(bool),
                class_name="h-5 w-5 accent-green-700",
            ),
            t("admin:slots.template.open"),
            class_name="flex items-center gap-2 text-sm",
        ),
        _number(
            name + "-capacity",
            cell["capacity"],
            MAX_CAPACITY,
            t("admin:slots.template.capacity"),
        ),
        _number(
            name + "-cutoff", cell["cutoff"], MAX_CUTOFF_MINUTES, t("admin:slots.template.cutoff")
        ),
        class_name="flex flex-wrap items-end gap-3 border-t border-gray-100 py-2",
    )


def _changes(rows: rx.Var, title: str) -> rx.Component:
    return rx.cond(
        rows.length() > 0,
        rx.el.div(
            rx.el.p(t(title, count=rows.length()), class_name="text-sm font-semibold"),
            rx.el.ul(
                rx.foreach(
                    rows,
                    lambda c: rx.el.li(
                        *dotted(
                            c["date"].to(str),
                            c["label"].to(str),
                            c["change"].to(str),
                            t("admin:slots.template.taken", count=c["taken"]),
                        ),
                        class_name="break-words text-sm",
                    ),
                ),
                class_name="list-disc pl-5",
            ),
        ),
    )


def _preview() -> rx.Component:
    return rx.cond(
        State.previewing,
        rx.el.div(
            rx.cond(
                (State.changes.length() == 0) & (State.kept.length() == 0),
                rx.el.p(t("admin:slots.template.none"), class_name="text-sm"),
            ),
            _changes(State.changes, "admin:slots.template.changes"),
            _changes(State.kept, "admin:slots.template.kept"),
            rx.el.div(
                rx.el.button(
                    t("admin:slots.template.confirm"),
                    type="button",
                    on_click=State.save_template,
                    disabled=State.busy,
                    class_name=GREEN,
                ),
                rx.el.button(
                    t("admin:slots.template.cancel"),
                    type="button",
                    on_click=State.cancel_template,
                    class_name=SMALL,
                ),
                class_name="flex flex-wrap gap-2",
            ),
            id="slots-template-preview",
            class_name=f"{BOX} space-y-2 bg-amber-50",
        ),
    )


def _template() -> rx.Component:
    return rx.el.section(
        rx.el.h3(t("admin:slots.template.title"), class_name=H3),
        rx.el.p(t("admin:slots.template.hint"), class_name="text-sm text-gray-600"),
        rx.el.form(
            rx.foreach(
                State.template,
                lambda day: rx.el.fieldset(
                    rx.el.legend(_weekday(day["weekday"]), class_name="font-semibold"),
                    rx.foreach(day["cells"], _cell),
                    class_name=BOX,
                ),
            ),
            _error("template"),
            rx.el.button(
                t("admin:slots.template.preview"),
                type="submit",
                disabled=State.busy,
                class_name=SMALL,
            ),
            key=State.kind + State.template_version.to_string(),
            on_submit=State.preview_template,
            id="slots-template",
            class_name="space-y-3",
        ),
        _preview(),
        # after a save: the slots it had to keep as they were
        rx.cond(~State.previewing, _changes(State.kept, "admin:slots.template.kept")),
        aria_label=t("admin:slots.template.title"),
        class_name="space-y-3",
    )


# --- closed days ------------------------------------------------------------------------------


def _closure_effect() -> rx.Component:
    return rx.cond(
        State.closing_day != "",
        rx.el.div(
            rx.el.p(
                t("admin:slots.closures.effect", date=State.closing_day),
                class_name="text-sm font-semibold",
            ),
            rx.el.p(
                t("admin:slots.closures.bookings", count=State.bookings.length()),
                class_name="text-sm",
            ),
            rx.el.ul(
                rx.foreach(
                    State.bookings,
                    lambda b: rx.el.li(
                        *dotted(
                            b["number"].to(str),
                            b["label"].to(str),
                            b["customer"].to(str),
                            t_var("admin:status." + b["status"].to(str)),
                        ),
                        class_name="break-words text-sm",
                    ),
                ),
                class_name="list-disc pl-5",
            ),
            rx.el.p(t("admin:slots.closures.holds", count=State.holds), class_name="text-sm"),
            rx.el.div(
                rx.el.button(
                    t("admin:slots.closures.confirm"),
                    type="button",
                    on_click=State.close_day,
                    disabled=State.busy,
                    class_name=GREEN,
                ),
                rx.el.button(
                    t("admin:slots.closures.cancel"),
                    type="button",
                    on_click=State.cancel_closure,
                    class_name=SMALL,
                ),
                class_name="flex flex-wrap gap-2",
            ),
            id="slots-closure-effect",
            class_name=f"{BOX} space-y-2 bg-amber-50",
        ),
    )


def _closure(row: rx.Var) -> rx.Component:
    day = row["date"].to(str)
    return rx.el.li(
        rx.el.div(
            rx.el.p(day, class_name="font-semibold"),
            rx.el.p(row["note"].to(str), class_name="break-words text-sm text-gray-600"),
            class_name="min-w-0 flex-1",
        ),
        rx.el.button(
            t("admin:slots.closures.reopen"),
            type="button",
            on_click=State.reopen(day),
            disabled=State.busy,
            aria_label=t("admin:slots.closures.reopenNamed", date=day),
            class_name=SMALL,
        ),
        class_name="flex items-center gap-3 border-t border-gray-100 py-2",
    )


def _closures() -> rx.Component:
    return rx.el.section(
        rx.el.h3(t("admin:slots.closures.title"), class_name=H3),
        rx.el.form(
            rx.el.label(
                rx.el.span(t("admin:slots.closures.day"), class_name="text-sm font-medium"),
                rx.el.input(type="date", name="day", required=True, class_name=INPUT),
                class_name="flex flex-col gap-1",
            ),
            rx.el.label(
                rx.el.span(t("admin:slots.closures.note"), class_name="text-sm font-medium"),
                rx.el.input(name="note", max_length=NOTE_MAX, class_name=INPUT),
                class_name="flex flex-col gap-1",
            ),
            _error("closure"),
            rx.el.button(
                t("admin:slots.closures.preview"),
                type="submit",
                disabled=State.busy,
                class_name=SMALL,
            ),
            on_submit=State.preview_closure,
            id="slots-closure",
            class_name="flex flex-col gap-2",
        ),
        _closure_effect(),
        rx.cond(
            State.closures.length() > 0,
            rx.el.ul(rx.foreach(State.closures, _closure)),
            empty("admin:slots.closures.empty"),
        ),
        aria_label=t("admin:slots.closures.title"),
        class_name="space-y-3",
    )


def slots_panel() -> rx.Component:
    return rx.el.section(
        _kind_switch(),
        _days(),
        _template(),
        _closures(),
        id="admin-slots",
        class_name=f"{CARD} min-w-0 space-y-6",
    )
