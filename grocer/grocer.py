"""The Reflex app: the REST API mounted beside the pages."""

import reflex as rx

from grocer.api.app import create_api
from grocer.api.payments import payment_poller
from grocer.components.connection_banner import OVERLAY_WRAP
from grocer.components.layout import SHELL_WRAP
from grocer.components.overlays import DIALOGS_WRAP
from grocer.logs import configure as configure_logs
from grocer.pages import register_pages
from grocer.settings import get_settings
from grocer.state.currency import warm_up_detection
from grocer.state.error_route import route_unexpected_exception
from grocer.state.map_picker import warm_up_place_search
from grocer.web.cache_headers import StaticCacheHeaders
from grocer.web.event_metrics import install_event_metrics
from grocer.web.favicon import icon_href
from grocer.web.gc_tuning import tune_garbage_collection
from grocer.web.hydrate_snapshot import install as install_hydrate_snapshot
from grocer.web.metrics import HttpMetrics
from grocer.web.origins import install_origin_policy
from grocer.web.page_preview import PagePreview
from grocer.web.release import install_release_check
from grocer.web.request_id import RequestId
from grocer.web.security_headers import SecurityHeaders
from grocer.web.shutdown import graceful_shutdown
from grocer.web.site_files import SiteFiles
from grocer.web.storage_updates import install as install_storage_updates
from grocer.web.worker_liveness import install_worker_liveness

# The grocer loggers write text, or JSON lines with GROCER_LOG_FORMAT=json (grocer.logs).
configure_logs(get_settings().log_format)
# The API is mounted beside the pages; static files get cache lifetimes (see cache_headers);
# product and category pages are answered with a preview of their data (see page_preview);
# robots.txt, the sitemap and the pictures of shared links are made from the catalogue
# (see site_files).
# Each transformer wraps the ones before it: SecurityHeaders wraps everything (pages, static
# files, the API, /ping, the SPA fallback, 404s) with the CSP and the other headers; around
# it, every answer is counted and timed (HttpMetrics) and gets its request id (RequestId, the
# outermost, so that every log line of the request carries it).
app = rx.App(
    theme=None,
    # The tab's icon in the page itself: no /favicon.ico request on a first visit.
    head_components=[rx.el.link(rel="icon", type="image/svg+xml", href=icon_href())],
    # No sonner toaster (about 10 KiB of script on every page): the shop's own toast
    # (grocer.components.toast) and error pages stand where Reflex would toast.
    toaster=None,
    api_transformer=[
        create_api(),
        StaticCacheHeaders,
        PagePreview,
        SiteFiles,
        SecurityHeaders,
        HttpMetrics,
        RequestId,
    ],
    # An exception no handler caught sends the tab to /error/server (spec 001 §8).
    backend_exception_handler=route_unexpected_exception,
)
register_pages(app)
# Each websocket event counted and timed, to its first update (grocer.web.event_metrics).
install_event_metrics(app)
# A tab's hydration reads only the vars that can differ from the page's compiled defaults.
install_hydrate_snapshot()
# A move between pages sends back only the browser-stored values that changed.
install_storage_updates()
# Several workers: the tabs of a worker that died keep their states on another one.
install_worker_liveness(app)
# A tab of another release than this worker's reloads once (grocer.web.release).
install_release_check(app)
# The websocket accepts the shop's own origin (whatever port or host it is served on) and the
# configured ones, and logs the origins it refuses (see grocer.web.origins).
install_origin_policy(app, get_settings().allowed_origins, get_settings().trusted_proxy_hops)
# A translated connection bar instead of Reflex's raw "Cannot connect to server" toast.
app.app_wraps[OVERLAY_WRAP[0]] = OVERLAY_WRAP[1]
# The dialogs and overlays, mounted once for every page (grocer.components.overlays).
app.app_wraps[DIALOGS_WRAP[0]] = DIALOGS_WRAP[1]
# The header and what every page shares, kept mounted from one page to the next
# (grocer.components.layout.shell).
app.app_wraps[SHELL_WRAP[0]] = SHELL_WRAP[1]
# Polls pending mobile-money payments and expires overdue ones (every worker; idempotent).
app.register_lifespan_task(payment_poller)
# Python's cycle collector tuned for a server of many tab states (grocer.web.gc_tuning).
app.register_lifespan_task(tune_garbage_collection)
# The country detection ready before the first tab asks for its currency.
app.register_lifespan_task(warm_up_detection)
# The offline gazetteer ready before the first place search (the map picker's).
app.register_lifespan_task(warm_up_place_search)
# SIGTERM lets the events under way finish (GROCER_SHUTDOWN_GRACE_SECONDS).
app.register_lifespan_task(graceful_shutdown)
