"""The back-office's panels (/admin, issue 17): dashboard, orders, accounts and the audit trail.
Lists are paged on the server (AdminState); every panel works at 390 px (rows stack)."""

from __future__ import annotations

import reflex as rx

from grocer.components.admin_catalogue import catalogue_panel
from grocer.components.admin_home import home_panel
from grocer.components.admin_parts import (
    BADGE,
    GREEN,
    INPUT,
    SMALL,
    STATUS_COLOURS,
    dotted,
    empty,
    paged_list,
    search_form,
)
from grocer.components.admin_slots import slots_panel
from grocer.components.checkout_summary import CARD
from grocer.components.i18n import t, t_var
from grocer.models import ORDER_STATUSES
from grocer.services.admin.audit import ACTIONS
from grocer.state.admin import AdminState
from grocer.views.admin import DayBar, SlotFill
from grocer.views.styles import FOCUS


def tabs() -> rx.Component:
    return rx.el.nav(
        rx.foreach(
            AdminState.tabs,
            lambda tab: rx.el.button(
                t_var("admin:tabs." + tab),
                type="button",
                on_click=AdminState.open_tab(tab),
                aria_current=rx.cond(AdminState.tab == tab, "page", "false"),
                class_name=rx.cond(
                    AdminState.tab == tab,
                    f"{BADGE} h-10 bg-green-700 px-4 text-sm text-white {FOCUS}",
                    f"{BADGE} h-10 bg-white px-4 text-sm text-gray-800 ring-1 ring-gray-200 {FOCUS}",
                ),
            ),
        ),
        aria_label=t("admin:title"),
        class_name="flex flex-wrap gap-2",
    )


def status_badge(status: rx.Var[str]) -> rx.Component:
    return rx.el.span(
        t_var("admin:status." + status),
        class_name=rx.match(
            status,
            *((name, f"{BADGE} {colour}") for name, colour in STATUS_COLOURS.items()),
            f"{BADGE} bg-gray-100 text-gray-800",
        ),
        data_status=status,
    )


# --- dashboard -------------------------------------------------------------------------------


def _counts(title: str, counts: rx.Var) -> rx.Component:
    return rx.el.section(
        rx.el.h2(t(title), class_name="text-base font-semibold"),
        rx.el.dl(
            *(
                rx.el.div(
                    rx.el.dt(t(f"admin:status.{status}"), class_name="text-xs text-gray-600"),
                    rx.el.dd(
                        counts[status].to_string(),
                        class_name="text-2xl font-bold tabular-nums",
                        data_count=status,
                    ),
                    class_name="rounded-2xl bg-gray-50 p-3",
                )
                for status in ORDER_STATUSES
            ),
            class_name="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-5",
        ),
        class_name=CARD,
    )


def _bar(bar: rx.Var) -> rx.Component:
    """One day: its orders above a bar as tall as its share of the busiest day, the day under."""
    return rx.el.li(
        rx.el.span(bar["orders"].to_string(), class_name="text-xs font-semibold tabular-nums"),
        rx.el.div(
            rx.el.div(
                class_name="w-full rounded-t-lg bg-green-600",
                style={"height": bar["height"].to_string() + "%"},
            ),
            class_name="flex h-28 w-full items-end",
        ),
        rx.el.span(bar["day"].to(str), class_name="text-xs text-gray-600"),
        title=bar["revenue"].to(str) + " XOF",
        data_day=bar["day"].to(str),
        class_name="flex flex-1 flex-col items-center gap-1",
    )


def _chart(bars: rx.Var) -> rx.Component:
    return rx.el.figure(
        rx.el.figcaption(t("admin:dashboard.chart"), class_name="text-base font-semibold"),
        rx.el.ol(rx.foreach(bars, _bar), class_name="mt-3 flex items-end gap-2"),
        class_name=CARD,
    )


def _slot_fill(slot: rx.Var) -> rx.Component:
    return rx.el.li(
        rx.el.div(
            rx.el.span(
                *dotted(
                    slot["day"].to(str),
                    t_var("admin:dashboard.kinds." + slot["kind"].to(str)),
                    slot["hours"].to(str),
                ),
            ),
            rx.el.span(
                slot["taken"].to_string(),
                " / ",
                slot["capacity"].to_string(),
                class_name="font-semibold tabular-nums",
            ),
            class_name="flex justify-between gap-3 text-sm",
        ),
        rx.el.div(
            rx.el.div(
                class_name=rx.cond(
                    slot["almost_full"].to(bool), "h-2 bg-amber-500", "h-2 bg-green-600"
                ),
                style={"width": slot["percent"].to_string() + "%"},
            ),
            class_name="mt-1 h-2 overflow-hidden rounded-full bg-gray-100",
        ),
        class_name="py-2",
    )


def _filling(slots: rx.Var) -> rx.Component:
    return rx.el.section(
        rx.el.h2(t("admin:dashboard.slots"), class_name="text-base font-semibold"),
        rx.cond(
            slots.length() > 0,
            rx.el.ul(rx.foreach(slots, _slot_fill)),
            empty("admin:dashboard.noSlots"),
        ),
        class_name=CARD,
    )


def dashboard_panel() -> rx.Component:
    board = AdminState.board
    return rx.el.div(
        _counts("admin:dashboard.today", board["today"].to(dict)),
        _counts("admin:dashboard.week", board["week"].to(dict)),
        rx.el.div(
            rx.el.div(
                rx.el.p(t("admin:dashboard.revenue"), class_name="text-xs text-gray-600"),
                rx.el.p(
                    board["revenueToday"].to(str),
                    " / ",
                    board["revenueWeek"].to(str),
                    class_name="text-xl font-bold tabular-nums",
                ),
                class_name=CARD,
            ),
            rx.el.div(
                rx.el.p(t("admin:dashboard.toReview"), class_name="text-xs text-gray-600"),
                rx.el.p(board["toReview"].to_string(), class_name="text-xl font-bold"),
                class_name=CARD,
            ),
            class_name="grid gap-3 sm:grid-cols-2",
        ),
        rx.el.div(
            _chart(board["days"].to(list[DayBar])),
            _filling(board["slots"].to(list[SlotFill])),
            class_name="grid gap-3 md:grid-cols-2",
        ),
        class_name="space-y-3",
    )


# --- orders ----------------------------------------------------------------------------------


def _order_actions(row: rx.Var) -> rx.Component:
    note_id = "note-" + row["id"].to_string()
    return rx.cond(
        row["next"].to(list[str]).length() > 0,
        rx.el.form(
            rx.el.label(t("admin:orders.note"), html_for=note_id, class_name="sr-only"),
            rx.el.input(
                id=note_id,
                placeholder=t("admin:orders.note"),
                max_length=500,
                on_change=lambda text: AdminState.set_note(row["id"].to_string(), text),
                class_name=INPUT,
            ),
            rx.el.div(
                rx.foreach(
                    row["next"].to(list[str]),
                    lambda status: rx.el.button(
                        t_var("admin:status." + status),
                        type="button",
                        disabled=AdminState.busy,
                        on_click=AdminState.change_status(row["id"], status),
                        data_move=status,
                        class_name=rx.cond(status == "cancelled", SMALL, GREEN),
                    ),
                ),
                class_name="flex flex-wrap gap-2",
            ),
            on_submit=rx.prevent_default,
            class_name="flex flex-col gap-2 sm:flex-row sm:items-center",
        ),
        rx.el.p(t("admin:orders.final"), class_name="text-xs text-gray-500"),
    )


def _order(row: rx.Var) -> rx.Component:
    return rx.el.li(
        rx.el.div(
            rx.el.div(
                rx.el.p(row["number"].to(str), class_name="font-semibold"),
                rx.el.p(row["date"].to(str), class_name="text-xs text-gray-600"),
                class_name="min-w-0",
            ),
            status_badge(row["status"].to(str)),
            class_name="flex items-start justify-between gap-3",
        ),
        rx.el.p(
            *dotted(row["customer"].to(str), row["email"].to(str)),
            class_name="break-words text-sm text-gray-700",
        ),
        rx.el.p(
            *dotted(row["total"].to(str), row["payment"].to(str), row["slot"].to(str)),
            class_name="text-sm text-gray-700",
        ),
        _order_actions(row),
        data_order=row["number"].to(str),
        class_name="space-y-2 border-t border-gray-100 py-4 first:border-t-0",
    )


def _review(row: rx.Var) -> rx.Component:
    return rx.el.li(
        rx.el.div(
            rx.el.p(row["number"].to(str), class_name="font-semibold"),
            status_badge(row["order_status"].to(str)),
            class_name="flex items-start justify-between gap-3",
        ),
        rx.el.p(
            *dotted(row["amount"].to(str), row["channel"].to(str), row["at"].to(str)),
            class_name="text-sm text-gray-700",
        ),
        rx.el.p(row["reason"].to(str), class_name="text-sm italic text-gray-700"),
        rx.el.button(
            t("admin:orders.show"),
            type="button",
            on_click=AdminState.show_order(row["number"].to(str)),
            class_name=SMALL,
        ),
        data_review=row["number"].to(str),
        class_name="space-y-1 border-t border-amber-200 py-3 first:border-t-0",
    )


def _reviews() -> rx.Component:
    """The payments a person must look at, above the orders (only when there are some)."""
    return rx.cond(
        AdminState.reviews.length() > 0,
        rx.el.section(
            rx.el.h2(t("admin:orders.reviews"), class_name="text-base font-semibold"),
            rx.el.p(t("admin:orders.reviewHint"), class_name="text-sm text-gray-700"),
            rx.el.ul(rx.foreach(AdminState.reviews, _review)),
            class_name="space-y-2 rounded-3xl bg-amber-50 p-4 ring-1 ring-amber-200",
        ),
    )


def orders_panel() -> rx.Component:
    return rx.el.section(
        _reviews(),
        search_form(
            "admin-order-q",
            "admin:orders.search",
            AdminState.order_query,
            "admin:orders.filter",
            AdminState.filter_orders,
            rx.el.label(t("admin:status.all"), html_for="admin-order-status", class_name="sr-only"),
            rx.el.select(
                rx.el.option(t("admin:status.all"), value=""),
                *(rx.el.option(t(f"admin:status.{s}"), value=s) for s in ORDER_STATUSES),
                id="admin-order-status",
                name="status",
                default_value=AdminState.order_status,
                class_name=INPUT,
            ),
        ),
        rx.el.p(
            t("admin:orders.total", count=AdminState.order_total),
            class_name="text-sm text-gray-600",
        ),
        paged_list(
            AdminState.orders,
            _order,
            "admin:orders.empty",
            AdminState.order_page,
            AdminState.order_pages,
            AdminState.orders_page,
        ),
        class_name=f"{CARD} space-y-3",
    )


# --- accounts --------------------------------------------------------------------------------


def _user(row: rx.Var) -> rx.Component:
    role_id = "role-" + row["id"].to_string()
    return rx.el.li(
        rx.el.div(
            rx.el.div(
                rx.el.p(row["name"].to(str), class_name="font-semibold"),
                rx.el.p(row["email"].to(str), class_name="break-all text-sm text-gray-700"),
                rx.el.p(
                    *dotted(
                        t("admin:users.orders", count=row["orders"]),
                        t("admin:users.since", date=row["since"].to(str)),
                    ),
                    class_name="text-xs text-gray-600",
                ),
                class_name="min-w-0",
            ),
            rx.el.span(
                rx.cond(row["active"].to(bool), t("admin:users.active"), t("admin:users.disabled")),
                class_name=rx.cond(
                    row["active"].to(bool),
                    f"{BADGE} bg-green-100 text-green-900",
                    f"{BADGE} bg-red-100 text-red-900",
                ),
            ),
            class_name="flex items-start justify-between gap-3",
        ),
        rx.el.div(
            rx.el.label(t("admin:users.role"), html_for=role_id, class_name="text-sm"),
            rx.el.select(
                *(
                    rx.el.option(t(f"admin:roles.{r}"), value=r)
                    for r in ("consumer", "staff", "admin")
                ),
                id=role_id,
                value=row["role"].to(str),
                disabled=AdminState.busy,
                on_change=lambda role: AdminState.set_role(row["id"], role),
                class_name=f"{INPUT} w-auto",
            ),
            rx.el.button(
                rx.cond(row["active"].to(bool), t("admin:users.disable"), t("admin:users.enable")),
                type="button",
                disabled=AdminState.busy,
                on_click=AdminState.set_active(row["id"], ~row["active"].to(bool)),
                class_name=SMALL,
            ),
            class_name="flex flex-wrap items-center gap-2",
        ),
        data_user=row["email"].to(str),
        class_name="space-y-2 border-t border-gray-100 py-4 first:border-t-0",
    )


def users_panel() -> rx.Component:
    return rx.el.section(
        search_form(
            "admin-user-q",
            "admin:users.search",
            AdminState.user_query,
            "admin:users.find",
            AdminState.search_users,
        ),
        paged_list(
            AdminState.users,
            _user,
            "admin:users.empty",
            AdminState.user_page,
            AdminState.user_pages,
            AdminState.users_page,
        ),
        class_name=f"{CARD} space-y-3",
    )


# --- the audit trail -------------------------------------------------------------------------


def _entry(row: rx.Var) -> rx.Component:
    return rx.el.li(
        rx.el.p(
            *dotted(
                row["at"].to(str),
                row["actor"].to(str),
                t_var("admin:audit.actions." + row["action"].to(str)),
            ),
            class_name="text-xs text-gray-600",
        ),
        rx.el.p(row["target"].to(str), class_name="font-semibold"),
        rx.el.p(row["change"].to(str), class_name="break-words text-sm"),
        rx.cond(
            row["note"].to(str) != "",
            rx.el.p(row["note"].to(str), class_name="text-sm italic text-gray-700"),
        ),
        class_name="space-y-1 border-t border-gray-100 py-3 first:border-t-0",
    )


def audit_panel() -> rx.Component:
    return rx.el.section(
        rx.el.label(t("admin:audit.all"), html_for="admin-audit-action", class_name="sr-only"),
        rx.el.select(
            rx.el.option(t("admin:audit.all"), value=""),
            *(rx.el.option(t(f"admin:audit.actions.{a}"), value=a) for a in ACTIONS),
            id="admin-audit-action",
            value=AdminState.trail_action,
            on_change=AdminState.filter_trail,
            class_name=INPUT,
        ),
        paged_list(
            AdminState.trail,
            _entry,
            "admin:audit.empty",
            AdminState.trail_page,
            AdminState.trail_pages,
            AdminState.trail_page_step,
        ),
        class_name=f"{CARD} space-y-3",
    )


def back_office() -> rx.Component:
    """The tabs and the open panel."""
    return rx.el.div(
        tabs(),
        rx.match(
            AdminState.tab,
            ("orders", orders_panel()),
            ("slots", slots_panel()),
            ("catalogue", catalogue_panel()),
            ("home", home_panel()),
            ("users", users_panel()),
            ("audit", audit_panel()),
            dashboard_panel(),
        ),
        class_name="space-y-4",
    )
