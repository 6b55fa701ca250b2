"""The back-office's slots panel (/admin, issue 17):
the weekly slot template, slot capacities and closed days.

Every handler goes through grocer.state.admin_run.run_service: the service checks the signed-in
account's role from its row."""

from __future__ import annotations

import reflex as rx


class AdminSlotsState(rx.State):
    @rx.event
    async def load(self):
        """Opening the tab (the back-office's AdminState starts it)."""
        return None
