"""The Reflex app: the REST API mounted beside the pages."""

import reflex as rx

from grocer.api.app import create_api
from grocer.api.cache_headers import StaticCacheHeaders
from grocer.api.page_preview import PagePreview
from grocer.pages import register_pages

# The API is mounted beside the pages; static files get cache lifetimes (see cache_headers);
# product and category pages are answered with a preview of their data (see page_preview).
app = rx.App(theme=None, api_transformer=[create_api(), StaticCacheHeaders, PagePreview])
register_pages(app)
