"""The Reflex app: the REST API mounted beside the pages."""

import reflex as rx

from grocer.api.app import create_api
from grocer.api.payments import payment_poller
from grocer.components.connection_banner import OVERLAY_WRAP
from grocer.pages import register_pages
from grocer.web.cache_headers import StaticCacheHeaders
from grocer.web.page_preview import PagePreview
from grocer.web.security_headers import SecurityHeaders

# The API is mounted beside the pages; static files get cache lifetimes (see cache_headers);
# product and category pages are answered with a preview of their data (see page_preview).
# Each transformer wraps the ones before it: SecurityHeaders, last, wraps everything (pages,
# static files, the API, /ping, the SPA fallback, 404s) with the CSP and the other headers.
app = rx.App(
    theme=None,
    api_transformer=[create_api(), StaticCacheHeaders, PagePreview, SecurityHeaders],
)
register_pages(app)
# A translated connection bar instead of Reflex's raw "Cannot connect to server" toast.
app.app_wraps[OVERLAY_WRAP[0]] = OVERLAY_WRAP[1]
# Polls pending mobile-money payments and expires overdue ones (every worker; idempotent).
app.register_lifespan_task(payment_poller)
