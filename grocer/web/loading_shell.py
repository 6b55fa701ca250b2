"""A painted page for the routes that are not prerendered, while the app loads.

Reflex prerenders static routes, but a dynamic one (`/produit/{id}`) and any unknown path are
answered with React Router's SPA fallback, whose body holds no page: on a phone over a weak
connection the shopper stares at a white screen until the whole bundle has arrived and the
page has rendered (5.4 s with Lighthouse's mobile throttling applied for real). This build
plugin puts a small, self-styled shell into that fallback (header band with the logo, a
spinner) so that something recognisable paints with the HTML. React 19 skips unexpected tags
in `<body>` while hydrating (see SHELL_TAG); the shell's own script removes it as soon as the
app has drawn a page; the 500 fallback covers the whole screen anyway. Having no text, the
shell reads the same in every language.

The app's own frame (its root `#top`, the header: grocer.components.layout.shell) is in the
fallback too, rendered without a page; the shell hides it (its style goes with it) and stays
until the app has drawn a page into it (a `<main>` under `#top`): the shopper sees one header,
the shell's and its preview, then the page.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import reflex as rx

from grocer.views.styles import PAGE_ROOT_ID

SHELL_ID = "grocer-shell"
SHELL_TAG = "grocer-shell"
"""A tag of its own, which no component renders: React, hydrating `<body>`, passes over a node
whose tag it does not expect, but takes a `<div>` for the first `<div>` the app renders there
(then reports a mismatch, #418, and renders the page again)."""

_LEAF = (
    '<svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="#fff" '
    'stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true">'
    '<path d="M5 21c0-9 5-15 15-16-1 10-7 15-15 16Z"/><path d="M5 21c3-5 6-8 10-11"/></svg>'
)

PREVIEW_MARK = '<div class="gs-spin" role="presentation"></div>'
"""The spinner, which the server replaces with a page's preview (grocer.web.page_preview)."""

SHELL_HTML = f"""<{SHELL_TAG} id="{SHELL_ID}" aria-busy="true">
<style>
#{SHELL_ID}{{display:block;min-height:100vh;background:#f9fafb;font-family:system-ui,sans-serif}}
#{SHELL_ID} .gs-band{{display:none;height:40px;background:#016630}}
#{SHELL_ID} .gs-bar{{display:flex;align-items:center;gap:8px;height:64px;padding:0 16px;
background:#fff}}
#{SHELL_ID} *{{box-sizing:border-box}}
#{SHELL_ID} .gs-search{{height:57px;padding:0 16px;background:#fff;
border-bottom:1px solid #e5e7eb}}
#{SHELL_ID} .gs-search span{{display:block;height:44px;border-radius:9999px;background:#f3f4f6}}
#{SHELL_ID} .gs-cats{{display:none;height:48px;background:#fff;border-bottom:1px solid #e5e7eb}}
#{SHELL_ID} .gs-menu{{width:44px;height:44px;margin-right:4px;background:
linear-gradient(#111827,#111827) 12px 14px/20px 2px no-repeat,
linear-gradient(#111827,#111827) 12px 21px/20px 2px no-repeat,
linear-gradient(#111827,#111827) 12px 28px/20px 2px no-repeat}}
@media (min-width:1024px){{#{SHELL_ID} .gs-band{{display:block}}
#{SHELL_ID} .gs-menu,#{SHELL_ID} .gs-search{{display:none}}
#{SHELL_ID} .gs-bar{{height:65px;border-bottom:1px solid #e5e7eb}}
#{SHELL_ID} .gs-cats{{display:block}}}}
#{SHELL_ID} .gs-mark{{display:inline-flex;align-items:center;justify-content:center;width:36px;
height:36px;border-radius:12px;background:#16a34a}}
#{SHELL_ID} .gs-name{{font-size:20px;font-weight:800;letter-spacing:-.02em;color:#166534}}
#{SHELL_ID} .gs-spin{{width:40px;height:40px;margin:25vh auto 0;border-radius:50%;
border:4px solid #dcfce7;border-top-color:#16a34a;animation:gs-turn .8s linear infinite}}
@keyframes gs-turn{{to{{transform:rotate(360deg)}}}}
#{PAGE_ROOT_ID}{{display:none}}
@media (prefers-reduced-motion:reduce){{#{SHELL_ID} .gs-spin{{animation-duration:3s}}}}
</style>
<div class="gs-band"></div>
<div class="gs-bar"><span class="gs-menu"></span><span class="gs-mark">{_LEAF}</span>
<span class="gs-name">Grocer</span></div>
<div class="gs-search"><span></span></div><div class="gs-cats"></div>
{PREVIEW_MARK}
<script>(function(){{var s=document.getElementById("{SHELL_ID}");if(!s)return;
var o=new MutationObserver(function(){{if(document.querySelector("#{PAGE_ROOT_ID} main")){{
s.remove();o.disconnect();}}}});o.observe(document.body,{{childList:true,subtree:true}});}})();</script>
</{SHELL_TAG}>"""
"""The shell, drawn like the header (phone: menu, logo, search row; desktop: green band, logo,
category bar, at the header's heights) with inline CSS: it must paint the same whatever page
classes the app's Tailwind sheet holds. A preview put in place of the spinner uses that sheet."""

FALLBACK_PAGES: tuple[str, ...] = ("__spa-fallback.html", "404.html")


def add_shell(html: str) -> str:
    """The fallback page with the shell as the body's first child (unchanged if present)."""
    if SHELL_ID in html or "<body>" not in html:
        return html
    return html.replace("<body>", f"<body>{SHELL_HTML}", 1)


class LoadingShellPlugin(rx.plugins.Plugin):
    """Adds the shell to the SPA fallback pages after the production build (before Reflex
    copies the fallback to 404.html and compresses the output)."""

    def post_build(self, **context: Any) -> None:
        static_dir = Path(context["static_dir"])
        for name in FALLBACK_PAGES:
            page = static_dir / name
            if page.exists():
                page.write_text(add_shell(page.read_text(encoding="utf-8")), encoding="utf-8")
