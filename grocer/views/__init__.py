"""View-models: what the pages show, shaped from the services' answers, with no Reflex.

The Reflex states keep these rows in typed vars (so components read their fields without
casts), and the server's page preview (grocer.web) writes the same rows into HTML, so both
faces show one shape. `styles` holds the Tailwind classes that the components and the preview
both draw with. Nothing here imports a state, a page or a component (tests/unit/test_layering.py).
"""
