"""/admin: the back-office (issue 17, ★), for the shop's team (admin and staff roles)."""

from __future__ import annotations

import reflex as rx

from grocer.components.admin import back_office
from grocer.components.i18n import t
from grocer.components.layout import page_layout
from grocer.state.admin import ROUTE, AdminState

__all__ = ["ROUTE", "admin"]


def admin() -> rx.Component:
    return page_layout(
        rx.el.div(
            rx.el.h1(t("admin:title"), class_name="text-2xl font-bold text-gray-900"),
            rx.cond(
                AdminState.ready,
                back_office(),
                rx.el.div(
                    class_name="h-64 animate-pulse rounded-3xl bg-gray-100", aria_busy="true"
                ),
            ),
            class_name="space-y-4 py-6 md:py-10",
        )
    )
