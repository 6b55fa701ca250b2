"""The bare Reflex app `make bench` measures beside the shop: the floor Reflex itself sets.

Same Reflex version and the same serving as the shop (production build, one port, brotli and
gzip precompression); no theme, no Tailwind, no plugin of the shop's."""

import reflex as rx

config = rx.Config(
    app_name="bare",
    telemetry_enabled=False,
    show_built_with_reflex=False,
    plugins=[],
    disable_plugins=[rx.plugins.SitemapPlugin],
    frontend_compression_formats=["brotli", "gzip"],
)
