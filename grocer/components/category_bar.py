"""The desktop category bar (spec 001 §2): level-1 categories with picture; hovering opens a
dropdown with level-2 tabs and level-3 lists in 3 columns, "Voir tout {name}", or "Aucune
sous-catégorie disponible". Placement left / centre / right by viewport; closes 500 ms after
the pointer leaves (tabs 200 ms); the bar hides scrolling down and shows scrolling up or near
the top. Hover and scroll are handled in the browser (assets/nav.js): no server round trip.
"""

from __future__ import annotations

import reflex as rx
from reflex.vars import VarData
from reflex.vars.function import FunctionStringVar
from reflex_base.event import EventChain
from reflex_base.utils.imports import ImportVar
from reflex_components_core.react_router.dom import ReactRouterLink

from grocer.components.i18n import t
from grocer.components.picture import small_image
from grocer.components.skeleton import block
from grocer.state.catalogue import CatalogueState
from grocer.views.catalogue import CategoryNode, NavNode
from grocer.views.styles import FOCUS

NAV_MODULE = "$/public/nav.js"
_NAV_HOOK = "const navState = useNav();"


def _nav_data(*names: str) -> VarData:
    return VarData(
        imports={NAV_MODULE: [ImportVar(tag=n, install=False) for n in ("useNav", *names)]},
        hooks={_NAV_HOOK: None},
    )


def nav_value(field: str, var_type: type = str) -> rx.Var:
    """A field of the browser-side navigation state (open, tab, place, hidden, pastStrip)."""
    return rx.Var(_js_expr=f"navState.{field}", _var_type=var_type, _var_data=_nav_data())


def nav_handler(js: str, *deps: rx.Var, names: tuple[str, ...] = ()) -> rx.Var:
    """An event handler written in JS against assets/nav.js (`js` is an arrow function)."""
    return rx.Var(
        _js_expr=js,
        _var_data=VarData.merge(_nav_data(*names), *(d._get_all_var_data() for d in deps)),
    ).to(FunctionStringVar, EventChain)


def level_one_href(main_id: rx.Var[int]) -> rx.Var[str]:
    """The page of a level-1 category."""
    return rx.Var.create(f"/level-one-products?mainCategoryId={main_id}")


def level_two_href(main_id: rx.Var[int], sub_id: rx.Var[int]) -> rx.Var[str]:
    """The page of a level-2 category (with its sections and products)."""
    return rx.Var.create(f"/products?mainCategoryId={main_id}&categoryId={sub_id}")


def level_three_href(main_id: rx.Var[int], leaf_id: rx.Var[int]) -> rx.Var[str]:
    """The products of a level-3 category."""
    return rx.Var.create(f"/full-products?mainCategoryId={main_id}&categoryId={leaf_id}")


def category_picture(
    cat: rx.Var[NavNode] | rx.Var[CategoryNode],
    size: int = 28,
    image_class: str = "",
    icon_class: str = "text-lg leading-none",
) -> rx.Component:
    """The category's image (round, `size` px), else its icon."""
    return rx.cond(
        cat["imageUrl"],
        small_image(
            cat["imageUrl"],
            size,
            f"{image_class} rounded-full bg-green-50 object-cover".strip(),
            sized_by_style=True,
        ),
        rx.el.span(cat["icon"], aria_hidden="true", class_name=icon_class),
    )


def _close_on_click() -> rx.Var:
    return nav_handler("(() => closeMenu())", names=("closeMenu",))


def _panel(main: rx.Var[NavNode], sub: rx.Var[NavNode]) -> rx.Component:
    leaves = sub["children"]
    return rx.el.div(
        ReactRouterLink.create(
            t("catalogue:seeAll", name=sub["name"]),
            to=level_two_href(main["id"], sub["id"]),
            on_click=_close_on_click(),
            class_name=f"text-sm font-bold text-green-700 hover:underline {FOCUS}",
        ),
        rx.cond(
            leaves.length() > 0,
            rx.el.ul(
                rx.foreach(
                    leaves,
                    lambda leaf: rx.el.li(
                        ReactRouterLink.create(
                            leaf["name"],
                            to=level_three_href(main["id"], leaf["id"]),
                            on_click=_close_on_click(),
                            class_name=(
                                "block rounded-md px-2 py-1.5 text-sm text-gray-700 "
                                f"hover:bg-green-50 hover:text-green-800 {FOCUS}"
                            ),
                        ),
                        class_name="break-inside-avoid",
                    ),
                ),
                class_name="mt-3 columns-3 gap-4",
            ),
            rx.el.p(t("catalogue:noSubcategory"), class_name="mt-3 text-sm text-gray-500"),
        ),
        class_name="min-w-0 flex-1 p-5",
    )


def _dropdown(main: rx.Var[NavNode]) -> rx.Component:
    subs = main["children"]
    active = rx.Var(
        _js_expr=f"(navState.tab ?? {subs!s}[0]?.id)",
        _var_type=int,
        _var_data=VarData.merge(_nav_data(), subs._get_all_var_data()),
    )
    place = nav_value("place")
    return rx.el.div(
        rx.el.div(
            rx.cond(
                subs.length() > 0,
                rx.fragment(
                    rx.el.ul(
                        rx.foreach(
                            subs,
                            lambda sub: rx.el.li(
                                ReactRouterLink.create(
                                    sub["name"],
                                    rx.el.span("›", aria_hidden="true", class_name="text-gray-400"),
                                    to=level_two_href(main["id"], sub["id"]),
                                    on_click=_close_on_click(),
                                    on_mouse_enter=nav_handler(
                                        f"(() => enterTab({sub['id']!s}))",
                                        sub["id"],
                                        names=("enterTab",),
                                    ),
                                    on_focus=nav_handler(
                                        f"(() => enterTab({sub['id']!s}))",
                                        sub["id"],
                                        names=("enterTab",),
                                    ),
                                    class_name=rx.cond(
                                        active == sub["id"],
                                        (
                                            "flex items-center justify-between rounded-lg "
                                            "bg-green-50 px-3 py-2 text-sm font-semibold "
                                            "text-green-800 "
                                        )
                                        + FOCUS,
                                        (
                                            "flex items-center justify-between rounded-lg px-3 "
                                            "py-2 text-sm text-gray-700 hover:bg-gray-50 "
                                        )
                                        + FOCUS,
                                    ),
                                ),
                            ),
                        ),
                        on_mouse_leave=nav_handler("(() => leaveTab())", names=("leaveTab",)),
                        class_name="w-56 shrink-0 border-r border-gray-100 p-3",
                    ),
                    rx.foreach(
                        subs,
                        lambda sub: rx.cond(active == sub["id"], _panel(main, sub)),
                    ),
                ),
                rx.el.p(t("catalogue:noSubcategory"), class_name="p-6 text-sm text-gray-500"),
            ),
            class_name=(
                "flex max-h-[70vh] w-[760px] max-w-[calc(100vw-2rem)] overflow-y-auto rounded-2xl "
                "border border-gray-100 bg-white text-left shadow-xl"
            ),
        ),
        on_mouse_enter=nav_handler(
            f"(() => openMenu({main['id']!s}, null))", main["id"], names=("openMenu",)
        ),
        on_mouse_leave=nav_handler("(() => leaveMenu())", names=("leaveMenu",)),
        on_focus=nav_handler(
            f"(() => openMenu({main['id']!s}, null))", main["id"], names=("openMenu",)
        ),
        on_blur=nav_handler("((e) => blurMenu(e))", names=("blurMenu",)),
        custom_attrs={"onKeyDown": nav_handler("((e) => keyMenu(e))", names=("keyMenu",))},
        class_name=rx.match(
            place,
            ("right", "absolute right-4 top-full z-50 pt-1"),
            ("centre", "absolute left-1/2 top-full z-50 -translate-x-1/2 pt-1"),
            "absolute left-4 top-full z-50 pt-1",
        ),
        role="region",
        aria_label=main["name"],
    )


def _item(cat: rx.Var[NavNode]) -> rx.Component:
    cat_id = cat["id"]
    is_open = nav_value("open", int) == cat_id
    return rx.el.li(
        ReactRouterLink.create(
            category_picture(cat),
            rx.el.span(cat["name"], class_name="whitespace-nowrap"),
            to=level_one_href(cat["id"]),
            on_click=_close_on_click(),
            class_name=rx.cond(
                is_open,
                (
                    "flex items-center gap-2 rounded-full bg-green-50 px-3 py-1.5 text-sm "
                    "font-semibold text-green-800 "
                )
                + FOCUS,
                (
                    "flex items-center gap-2 rounded-full px-3 py-1.5 text-sm font-medium "
                    "text-gray-700 hover:bg-gray-50 "
                )
                + FOCUS,
            ),
            aria_expanded=rx.cond(is_open, "true", "false"),
        ),
        on_mouse_enter=nav_handler(
            f"((e) => openMenu({cat_id!s}, e.currentTarget))", cat_id, names=("openMenu",)
        ),
        on_focus=nav_handler(
            f"((e) => openMenu({cat_id!s}, e.currentTarget))", cat_id, names=("openMenu",)
        ),
        on_mouse_leave=nav_handler("(() => leaveMenu())", names=("leaveMenu",)),
        on_blur=nav_handler("((e) => blurMenu(e))", names=("blurMenu",)),
        custom_attrs={"onKeyDown": nav_handler("((e) => keyMenu(e))", names=("keyMenu",))},
        class_name="shrink-0",
    )


def _skeleton() -> rx.Component:
    return rx.fragment(
        *(
            rx.el.li(
                rx.el.div(
                    block("h-7 w-7 rounded-full"),
                    block("h-4 w-24"),
                    class_name="flex items-center gap-2 px-3 py-1.5",
                ),
                aria_hidden="true",
            )
            for _ in range(7)
        )
    )


def category_bar() -> rx.Component:
    """The bar under the header (desktop only); skeleton until the categories arrive."""
    hidden = nav_value("hidden", bool)
    return rx.el.nav(
        rx.el.div(
            rx.el.ul(
                rx.cond(
                    CatalogueState.nav_loaded,
                    rx.foreach(CatalogueState.nav, _item),
                    _skeleton(),
                ),
                class_name=(
                    "flex h-12 items-center gap-1 overflow-x-auto px-4 [scrollbar-width:none] "
                    "[&::-webkit-scrollbar]:hidden"
                ),
            ),
            rx.foreach(
                CatalogueState.nav,
                lambda cat: rx.cond(nav_value("open", int) == cat["id"], _dropdown(cat)),
            ),
            class_name="relative mx-auto max-w-7xl",
        ),
        aria_label=t("catalogue:categories"),
        class_name=rx.cond(
            hidden,
            (
                "absolute inset-x-0 top-full z-10 hidden -translate-y-full border-b "
                "border-gray-100 bg-white opacity-0 transition duration-200 lg:block "
                "pointer-events-none"
            ),
            (
                "absolute inset-x-0 top-full z-10 hidden border-b border-gray-100 bg-white "
                "transition duration-200 lg:block"
            ),
        ),
    )
