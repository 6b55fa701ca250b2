"""The back-office's catalogue panel (/admin, issue 17):
categories and articles, with their pictures.

Every handler goes through grocer.state.admin_run.run_service: the service checks the signed-in
account's role from its row."""

from __future__ import annotations

import reflex as rx


class AdminCatalogueState(rx.State):
    @rx.event
    async def load(self):
        """Opening the tab (the back-office's AdminState starts it)."""
        return None
