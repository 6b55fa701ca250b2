"""How HTML reaches the browser: the built pages, what is written into them and the headers
every answer carries. No state or page logic lives here (tests/unit/test_layering.py).

- `build`: where the production build's pages are;
- `loading_shell`, `paint_first`: Reflex build plugins rewriting the built pages (rxconfig.py);
- `page_preview`: the ASGI middleware answering product and category pages with a preview of
  their data, read by `preview_data` (view-models of grocer.views) and written by
  `preview_html`;
- `cache_headers`, `security_headers`: ASGI middlewares adding headers (grocer/grocer.py).
"""
