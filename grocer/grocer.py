"""The Reflex app: the REST API mounted beside the pages."""

import reflex as rx

from grocer.api.app import create_api
from grocer.pages import register_pages

app = rx.App(theme=None, api_transformer=create_api())
register_pages(app)
