"""One module per route; register_pages adds them all to the app.

Other pages (session, account, checkout, maps) are registered here too, by the helpers that
write them, with one `app.add_page(...)` each.
"""

import reflex as rx


def register_pages(app: rx.App) -> None:
    from grocer.components.layout import on_load
    from grocer.pages import errors, full_products, home, product_detail, products
    from grocer.state.catalogue import CatalogueState
    from grocer.state.listing import ListingState
    from grocer.state.product import ProductState

    app.html_lang = "fr"
    app.add_page(
        home.index,
        route="/",
        title="Grocer – Courses en ligne à Ouagadougou",
        on_load=on_load(CatalogueState.load_home),
    )
    for route in ("/products", "/level-one-products"):
        app.add_page(
            products.products_page,
            route=route,
            title="Grocer – Rayons",
            on_load=on_load(ListingState.load_category_page),
        )
    app.add_page(
        full_products.full_products_page,
        route="/full-products",
        title="Grocer – Produits",
        on_load=on_load(ListingState.load_full_products),
    )
    app.add_page(
        product_detail.product_page,
        route="/produit/[product_id]",
        title="Grocer – Produit",
        on_load=on_load(ProductState.load),
    )
    app.add_page(
        errors.error_page("default"), route="/error", title="Grocer – Erreur", on_load=on_load()
    )
    app.add_page(
        errors.error_page("network"),
        route="/error/network",
        title="Grocer – Problème de connexion",
        on_load=on_load(),
    )
    app.add_page(
        errors.error_page("server"),
        route="/error/server",
        title="Grocer – Erreur du serveur",
        on_load=on_load(),
    )
    app.add_page(
        errors.error_page("notfound"),
        route="404",
        title="Grocer – Page introuvable",
        on_load=on_load(),
    )

    # Session and bag (issue #4): the checkout placeholder, the 500 fallback replacing the
    # framework's error boundary, and the deliberately broken route of the browser tests
    # (registered only with GROCER_E2E_BROKEN_ROUTE=1).
    from grocer.components.error_fallback import install_error_fallback
    from grocer.pages import checkout, e2e_broken

    checkout.register(app)
    e2e_broken.register(app)
    install_error_fallback(app)
