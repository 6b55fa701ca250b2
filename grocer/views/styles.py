"""The Tailwind classes (and element ids) that the components and the server's HTML share.

The page preview (grocer.web.preview_html) draws above-the-fold markup with the same classes as
the components that replace it, so the page takes over without a jump; both import them from
here, which needs neither Reflex nor a component. A component adds its interactive classes
(hover, focus) to these where the preview, which is not interactive, does not.
"""

from __future__ import annotations

# --- ids ------------------------------------------------------------------------------------

PAGE_ROOT_ID = "top"
"""Every page's root element (grocer.components.layout.page_layout): the loading shell goes
away once it is in the document."""
SLOT_ID = "page-preview-slot"
"""The element of a prerendered page the server writes the preview into (preview_slot)."""

# --- shared by every page -------------------------------------------------------------------

FOCUS = "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-600"
"""The keyboard focus ring of links and buttons."""
PAGE_TITLE = "text-2xl font-extrabold text-gray-900 sm:text-3xl"
"""Every page's h1."""

# --- product card (grocer.components.product_card) ------------------------------------------

CARD = "flex h-full flex-col rounded-2xl bg-white p-2"
IMAGE = "aspect-square w-full object-contain"
CARD_IMAGE = "rounded-xl bg-gray-50 p-2"
BADGES = "pointer-events-none absolute left-2 top-2 flex flex-col items-start gap-1"
DISCOUNT_BADGE = "rounded-md bg-red-600 px-1.5 py-0.5 text-xs font-bold text-white"
QUALITY_BADGE = "rounded-md bg-green-100 px-1.5 py-0.5 text-[11px] font-semibold text-green-800"
FAVOURITE = (
    "absolute right-2 top-2 inline-flex h-8 w-8 items-center justify-center rounded-full "
    "bg-white/90 text-gray-500 shadow-sm"
)
FAVOURITE_PRESSED = "aria-pressed:text-red-600 aria-pressed:*:fill-current"
"""A favourite's heart: red and filled (the button's aria-pressed says so)."""
ADD_BUTTON = (
    "inline-flex h-9 w-full items-center justify-center rounded-full border-2 border-green-700 "
    "bg-white text-sm font-semibold text-green-800"
)
CARD_NAME = "mt-1 line-clamp-2 min-h-10 text-sm font-medium text-gray-800"
CARD_WEIGHT = "mt-0.5 text-xs text-gray-500"

# --- prices (grocer.components.price) -------------------------------------------------------

PRICE_ROW = "flex flex-wrap items-baseline gap-x-2"
PRICE: dict[bool, str] = {
    False: "text-base font-bold text-gray-900",
    True: "text-2xl font-bold text-gray-900",
}
"""The price paid, by size (large: the product page); ORIGINAL the struck-through one."""
ORIGINAL: dict[bool, str] = {False: "text-xs text-gray-500", True: "text-base text-gray-500"}

# --- rows of cards (grocer.components.carousel, product_row) --------------------------------

SLIDES_CAROUSEL = "min-w-0 shrink-0 grow-0 basis-1/2 pl-3 sm:basis-1/4 lg:basis-1/6"
SLIDES_ROW = "min-w-0 shrink-0 grow-0 basis-1/2 pl-3 sm:basis-1/3 lg:basis-1/6"
"""The home rows' slides: 2, 3 or 6 cards in sight."""
"""Product carousels: 2 under 640 px, 4 under 1024 px, else 6."""
ARROW = (
    "inline-flex h-9 w-9 items-center justify-center rounded-full border border-gray-200 "
    "bg-white text-gray-700 shadow-sm"
)
"""A previous / next button's look."""
VIEW_ALL = (
    "inline-flex shrink-0 items-center whitespace-nowrap rounded-full px-3 py-1.5 text-sm "
    "font-semibold text-green-700 "
    f"hover:bg-green-50 hover:underline {FOCUS}"
)

# --- category page (grocer.pages.products, grocer.components.refine_dialog) -----------------

PILL = "inline-flex shrink-0 items-center rounded-full border px-4 py-2 text-sm font-medium"
CRUMBS = "flex flex-wrap items-center gap-2 text-sm text-gray-600"
CURRENT_CRUMB = "font-semibold text-gray-900"
LEAVES_TITLE = "text-sm font-bold uppercase tracking-wide text-gray-500"
LEAF_LINK = "inline-flex rounded-lg bg-green-50 px-3 py-2 text-sm font-medium text-green-800"
FILTER_BUTTON = (
    "inline-flex items-center gap-2 rounded-full border border-gray-300 bg-white px-4 py-2 "
    "text-sm font-semibold text-gray-800"
)
"""The "Filtrer" button's look."""
PRODUCTS_GRID = "grid scroll-mt-40 grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-6"
"""The product grid of the category and full-products pages."""

# --- full products (grocer.pages.full_products) ---------------------------------------------

LISTING_BUTTON = (
    "inline-flex h-10 items-center gap-1 rounded-full border border-gray-300 bg-white px-4 "
    "text-sm font-semibold text-gray-800"
)
""""Tout voir" and the pager's buttons (the page adds hover, focus and disabled looks)."""
DEPARTMENT = "flex h-full items-center gap-4 rounded-2xl bg-white p-4"
DEPARTMENT_ICON = "flex h-20 w-20 items-center justify-center rounded-full bg-green-50 text-3xl"

# --- product page (grocer.pages.product_detail) ---------------------------------------------

BACK_HOME = (
    "mt-4 inline-flex items-center gap-2 rounded-full px-3 py-1.5 text-sm font-semibold "
    "text-gray-700"
)
MAIN_IMAGE = "aspect-square w-full rounded-2xl bg-white object-contain p-4"
PRODUCT_GRID = "mt-4 grid gap-8 md:grid-cols-2"
BUY_ROW = "mt-6 flex flex-wrap items-center gap-3"
"""The quantity stepper and "Add To Cart", side by side."""
STEPPER = "inline-flex items-center rounded-full border border-gray-300 bg-white"
STEPPER_BUTTON = (
    "inline-flex h-11 w-11 items-center justify-center rounded-full text-gray-800 "
    "disabled:opacity-40"
)
STEPPER_QUANTITY = "min-w-10 text-center text-lg font-bold"
ADD_TO_BAG = (
    "inline-flex h-12 flex-1 items-center justify-center gap-2 rounded-full bg-green-700 px-6 "
    "font-semibold text-white"
)
PRODUCT_ADD_TAP = "product-add"
"""`data-tap` of "Add To Cart": a tap on the painted one is done by the app's
(grocer/web/tap_replay.js)."""

SECTION_TITLE = "text-xl font-bold text-gray-900"
"""A home or category section's heading."""
HOME_BLOCK_IMAGE = (
    "aspect-[5/2] overflow-hidden rounded-2xl bg-green-100 sm:aspect-[3/1] "
    "lg:col-span-1 lg:aspect-auto"
)
"""The picture of a home section with an image, beside its block of cards."""
HOME_BLOCK_CARDS = "grid grid-cols-2 gap-3 sm:grid-cols-3 lg:col-span-2 lg:grid-cols-4"
HOME_BLOCK_SLOT = ("block", "block", "hidden sm:block", "hidden lg:block")
"""Which of a home block's four cards shows at each width (2 on a phone, 3, then 4)."""
HOME_IMAGE_SECTION = "py-6 [content-visibility:auto] [contain-intrinsic-size:auto_560px]"
HOME_ROW_SECTION = "py-6 [content-visibility:auto] [contain-intrinsic-size:auto_480px]"
"""Off-screen sections skip style and layout until scrolled near (less main-thread work)."""
PLACEHOLDER = "data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7"
"""A transparent pixel shown until a lazy picture comes near the viewport (assets/carousel.js
swaps in its `data-lazy-src`)."""
CARD_SAVED = "mt-1 text-xs font-semibold text-red-700"
CARD_PROMOTION = "mt-1 line-clamp-1 text-xs text-green-700"
CARD_EXPRESS = "mt-1 inline-flex items-center gap-1 text-[11px] font-bold text-amber-700"
"""A card's last lines: what the shopper saves, the promotion, the EXPRESS mark."""
