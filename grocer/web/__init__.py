"""How HTML reaches the browser: the built pages, what is written into them and the headers
every answer carries. No state or page logic lives here (tests/unit/test_layering.py).

- `build`: where the production build's pages are;
- `loading_shell`, `paint_first`, `inline_styles`: Reflex build plugins rewriting the built
  pages (rxconfig.py);
- `chunk_groups`: the build plugin putting the small scripts every page starts with into one
  file (rolldown's `codeSplitting` groups in the compiled `vite.config.js`);
- `page_preview`: the ASGI middleware answering product and category pages with a preview of
  their data, read by `preview_data` (view-models of grocer.views) and written by
  `preview_html`;
- `hero_preload`: the page's first picture (a product's photo) asked for from the top of the
  `<head>` of every page `page_preview` answers;
- `link_preview`: the `<head>` tags of a shared link (title, description, canonical, Open Graph,
  Twitter card, JSON-LD) that `page_preview` writes into every page it answers, and which
  requests are link-preview crawlers;
- `site_files`: the ASGI middleware answering `/robots.txt`, `/sitemap.xml` (written by
  `sitemap`) and the 1200×630 JPEG pictures of shared links (drawn by `og_image`);
- `cache_headers`, `security_headers`: ASGI middlewares adding headers (grocer/grocer.py).
"""
