"""Reflex configuration. Settings come from the environment (see grocer/settings.py)."""

import os
import sys

import reflex as rx

from grocer.settings import SettingsError, check_mail_delivery, get_settings
from grocer.web.chunk_groups import ChunkGroupsPlugin
from grocer.web.delta_transition import DeltaTransitionPlugin
from grocer.web.first_hydration import FirstHydrationPlugin
from grocer.web.inline_styles import InlineStylesPlugin
from grocer.web.loading_shell import LoadingShellPlugin
from grocer.web.own_origin import OwnOriginPlugin
from grocer.web.paint_first import PaintFirstPlugin
from grocer.web.release import ReleasePlugin
from grocer.web.service_worker import ServiceWorkerPlugin
from grocer.web.socket_start import SocketStartPlugin
from grocer.web.tap_replay import TapReplayPlugin

os.environ.setdefault("REFLEX_USE_NPM", "1")
os.environ.setdefault("REFLEX_TELEMETRY_ENABLED", "false")
# `--env prod` without SMTP (unless GROCER_OUTBOX_OK=1) or a short GROCER_JWT_SECRET stops here,
# before the build, with the reason and no traceback.
try:
    check_mail_delivery()
    get_settings()
except SettingsError as exc:
    sys.exit(f"Grocer cannot start: {exc}")

config = rx.Config(
    app_name="grocer",
    telemetry_enabled=False,
    show_built_with_reflex=False,
    plugins=[
        # Reflex scans app/ and utils/ only; memo components (the product card, the dialogs'
        # module of grocer.components.overlays) are compiled into app_components/.
        rx.plugins.TailwindV4Plugin(
            config={
                "content": [
                    "./app/**/*.{js,ts,jsx,tsx}",
                    "./utils/**/*.{js,ts,jsx,tsx}",
                    "./app_components/**/*.{js,ts,jsx,tsx}",
                ],
                "plugins": ["@tailwindcss/typography@0.5.20"],
            }
        ),
        LoadingShellPlugin(),
        PaintFirstPlugin(),
        TapReplayPlugin(),
        InlineStylesPlugin(),
        ServiceWorkerPlugin(),
        OwnOriginPlugin(),
        ReleasePlugin(),
        DeltaTransitionPlugin(),
        FirstHydrationPlugin(),
        SocketStartPlugin(),
        ChunkGroupsPlugin(),
    ],
    disable_plugins=[rx.plugins.SitemapPlugin],
    # Brotli for browsers that accept it (about a fifth smaller than gzip on our scripts).
    frontend_compression_formats=["brotli", "gzip"],
    cors_allowed_origins=get_settings().allowed_origins,
    # The same proxies as the shop's own rule (grocer.services.client_address), so that Reflex's
    # router.session.client_ip means what the API's and the states' client address means.
    trusted_proxy_hops=get_settings().trusted_proxy_hops,
    redis_url=get_settings().redis_url or None,
    # One worker keeps tab states in memory: the disk manager's batched writes stalled the event
    # loop for 300-480 ms under 200 shoppers (make bench). Several workers share Redis instead.
    state_manager_mode="redis" if get_settings().redis_url else "memory",
    frontend_packages=[
        "embla-carousel@8.6.0",
        "@radix-ui/react-dialog@1.3.1",  # grocer.components.dialog.RADIX: fetched when wanted
    ],
)
