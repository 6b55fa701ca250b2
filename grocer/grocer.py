"""The Reflex app: the REST API mounted beside the pages."""

import reflex as rx

from grocer.api.app import create_api
from grocer.api.cache_headers import StaticCacheHeaders
from grocer.pages import register_pages

# The API is mounted beside the pages; static files get cache lifetimes (see cache_headers).
app = rx.App(theme=None, api_transformer=[create_api(), StaticCacheHeaders])
register_pages(app)
