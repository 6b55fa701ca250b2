"""How HTML reaches the browser: the built pages and the headers every answer carries.

Today: where the production build's pages are (`build`) and the browser-hardening headers
(`security_headers`). The page preview, paint-first and loading shell join them later.
No state or page logic lives here.
"""
