"""The server's first look at a page: above-the-fold HTML built from the catalogue.

A category page is prerendered with empty lists and a product page is not prerendered at all,
so their pictures (the largest thing a phone shows) used to wait for the app's scripts, the
websocket and a round trip: 2.7-3.0 s of LCP under Lighthouse's mobile settings. The server
now writes what the page will show above the fold (names, pictures, prices) into the HTML it
sends (`grocer.api.page_preview`); the page keeps it on screen until its own data arrives
(`grocer.components.preview_slot`). `views` reads the catalogue, `html` writes the markup.
"""
