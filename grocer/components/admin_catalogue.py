"""The back-office's catalogue panel (/admin, issue 17): a switch between the category tree
(opened level by level; create, rename and translate, move, order, show or hide) and the
articles (a paged list with search and filters, and a form for every field the shop shows, with
the picture once the article exists). Works at 390 px: rows wrap, forms are one column there."""

from __future__ import annotations

from typing import Any

import reflex as rx

from grocer.components.admin_parts import (
    BADGE,
    GREEN,
    ICON_BUTTON,
    INPUT,
    SMALL,
    checkbox,
    dotted,
    field_error,
    flag_badge,
    labelled,
    move_buttons,
    paged_list,
    search_form,
    text_area,
    text_input,
)
from grocer.components.admin_pictures import picture_field
from grocer.components.checkout_summary import CARD
from grocer.components.form_parts import checked_form
from grocer.components.i18n import t, t_var
from grocer.services.admin import articles as article_svc
from grocer.services.admin.catalogue_texts import DESCRIPTION_MAX, NAME_MAX
from grocer.services.admin.categories import MAX_LEVEL
from grocer.state.admin_catalogue import LANGUAGES, AdminCatalogueState
from grocer.views.styles import FOCUS

State = AdminCatalogueState
K = "admin:catalogue."
SELECT = INPUT + " pr-8"
STATUS_COLOURS = {
    "ACTIVE": "bg-green-100 text-green-900",
    "OUT_OF_STOCK": "bg-amber-100 text-amber-900",
    "INACTIVE": "bg-gray-200 text-gray-800",
}


# --- form pieces ------------------------------------------------------------------------------


def _error(field: str) -> rx.Component:
    return field_error(field, State.error_field, State.error_message, "catalogue")


def _field(
    form: str, name: str, label: str, control: rx.Component, field: str = ""
) -> rx.Component:
    """A labelled control and, under it, the service's refusal of `field` (default: `name`)."""
    return labelled(f"{form}-{name}", t(K + label), control, _error(field or name))


def _input(
    form: str, name: str, value: rx.Var, limit: int = NAME_MAX, **props: Any
) -> rx.Component:
    return text_input(form, name, value, limit, **props)


def _number(form: str, name: str, value: rx.Var) -> rx.Component:
    """A number typed as text (a comma is a decimal point too): the service judges it."""
    return _input(form, name, value, 20, input_mode="decimal", autocomplete="off")


def _textarea(form: str, name: str, value: rx.Var) -> rx.Component:
    return text_area(form, name, value, DESCRIPTION_MAX)


def _checkbox(form: str, name: str, label: str, checked: rx.Var) -> rx.Component:
    return checkbox(form, name, t(K + label), checked, _error(name))


def _choices(choices: rx.Var, *first: rx.Component) -> list[rx.Component]:
    return [*first, rx.foreach(choices, lambda c: rx.el.option(c["label"], value=c["id"]))]


def _buttons() -> rx.Component:
    return rx.el.div(
        rx.el.button(t(K + "save"), type="submit", disabled=State.busy, class_name=GREEN),
        rx.el.button(t(K + "close"), type="button", on_click=State.close, class_name=SMALL),
        class_name="flex flex-wrap gap-2",
    )


def _translations(form: str, texts: rx.Var, with_description: bool) -> rx.Component:
    """The name (and description) in en, es and de; blank: French is shown."""
    return rx.el.details(
        rx.el.summary(t(K + "translations"), class_name="cursor-pointer text-sm"),
        _error("translations"),
        *(
            rx.el.fieldset(
                rx.el.legend(t(f"{K}languages.{lang}"), class_name="text-sm font-semibold"),
                _field(
                    form,
                    f"{lang}_name",
                    "name",
                    _input(form, f"{lang}_name", texts[f"{lang}_name"]),
                    f"translations.{lang}.name",
                ),
                *(
                    [
                        _field(
                            form,
                            f"{lang}_description",
                            "description",
                            _textarea(form, f"{lang}_description", texts[f"{lang}_description"]),
                            f"translations.{lang}.description",
                        )
                    ]
                    if with_description
                    else []
                ),
                class_name="mt-2 flex flex-col gap-2",
            )
            for lang in LANGUAGES
        ),
        class_name="rounded-xl border border-gray-200 p-3",
    )


# --- categories -------------------------------------------------------------------------------


ROW = "flex flex-wrap items-center gap-2 border-t border-gray-100 py-3 first:border-t-0"


def _indented(level: rx.Var) -> rx.Var[str]:
    """A row's classes, indented by its level."""
    return rx.match(level, (2, f"{ROW} pl-4 sm:pl-8"), (3, f"{ROW} pl-8 sm:pl-16"), ROW)


def _category(row: rx.Var) -> rx.Component:
    name = row["name"].to(str)
    level = row["level"].to(int)
    opened = State.opened.contains(row["id"])
    return rx.el.li(
        rx.el.div(
            rx.cond(
                row["children"].to(int) > 0,
                rx.el.button(
                    rx.cond(opened, "▾", "▸"),
                    type="button",
                    on_click=State.toggle_open(row["id"]),
                    aria_expanded=rx.cond(opened, "true", "false"),
                    aria_label=t(K + "toggle", name=name),
                    class_name=ICON_BUTTON,
                ),
                rx.el.span(class_name="w-10 shrink-0"),
            ),
            rx.el.div(
                rx.el.p(name, class_name="break-words font-semibold"),
                rx.el.p(
                    *dotted(t(K + "level", level=level), t(K + "articleCount", count=row["total"])),
                    class_name="text-xs text-gray-600",
                ),
                rx.cond(
                    row["visible"].to(bool),
                    rx.cond(row["shown"].to(bool), rx.fragment(), _hidden_above()),
                    flag_badge(row["visible"].to(bool), K + "shown", K + "hidden"),
                ),
                class_name="min-w-0 flex-1 space-y-1",
            ),
            class_name="flex min-w-0 flex-1 items-start gap-2",
        ),
        rx.el.div(
            rx.cond(
                level < MAX_LEVEL,
                move_buttons(
                    t(K + "up", name=name),
                    t(K + "down", name=name),
                    row["first"].to(bool),
                    row["last"].to(bool),
                    lambda direction: State.step_category(row["id"], direction),
                    State.busy,
                ),
            ),
            rx.el.button(
                rx.cond(row["visible"].to(bool), t(K + "hide"), t(K + "show")),
                type="button",
                on_click=State.set_visible(row["id"], ~row["visible"].to(bool)),
                disabled=State.busy,
                aria_label=rx.cond(
                    row["visible"].to(bool),
                    t(K + "hideNamed", name=name),
                    t(K + "showNamed", name=name),
                ),
                class_name=SMALL,
            ),
            rx.el.button(
                t(K + "edit"),
                type="button",
                on_click=State.open_category(row["id"]),
                aria_label=t(K + "editNamed", name=name),
                class_name=SMALL,
            ),
            rx.cond(
                level < MAX_LEVEL,
                rx.el.button(
                    t(K + "addChild"),
                    type="button",
                    on_click=State.new_category(row["id"]),
                    aria_label=t(K + "addChildNamed", name=name),
                    class_name=SMALL,
                ),
            ),
            class_name="flex flex-wrap gap-2",
        ),
        data_category=name,
        class_name=_indented(level),
    )


def _hidden_above() -> rx.Component:
    return rx.el.span(t(K + "hiddenAbove"), class_name=f"{BADGE} bg-gray-100 text-gray-700")


def _move_form() -> rx.Component:
    """Another parent for the open category (its subtree follows)."""
    form = State.category
    return checked_form(
        labelled(
            "category-parent",
            t(K + "moveUnder"),
            rx.el.select(
                *_choices(State.parent_choices, rx.el.option(t(K + "topLevel"), value="")),
                id="category-parent",
                name="parent",
                default_value=form["parent"].to(str),
                class_name=SELECT,
            ),
            _error("parentId"),
        ),
        rx.el.button(t(K + "move"), type="submit", disabled=State.busy, class_name=SMALL),
        on_submit=State.move_category,
        form_id="category-move-form",
        class_name="flex flex-col gap-2 border-t border-gray-200 pt-3",
    )


def _category_form() -> rx.Component:
    form = State.category
    editing = form["id"].to(int) > 0
    return rx.el.div(
        rx.el.h3(
            rx.cond(editing, t(K + "editCategory"), t(K + "newCategory")),
            class_name="text-base font-semibold",
        ),
        rx.cond(
            editing,
            rx.fragment(),
            rx.el.p(
                rx.cond(
                    form["parent"].to(str) != "",
                    t(K + "under", name=form["parent_name"].to(str), level=form["level"]),
                    t(K + "topLevelNew"),
                ),
                class_name="text-sm text-gray-700",
            ),
        ),
        _error("parentId"),
        rx.cond(editing, picture_field("category", form["id"].to(int), form["image"].to(str))),
        checked_form(
            _field("category", "name", "name", _input("category", "name", form["name"])),
            _checkbox("category", "visible", "visibleLabel", form["visible"]),
            _translations("category", form["texts"].to(dict[str, str]), with_description=False),
            _buttons(),
            on_submit=State.save_category,
            form_id="category-form",
            class_name="flex flex-col gap-3",
        ),
        rx.cond(editing, _move_form()),
        key="category" + form["id"].to_string(),
        class_name="space-y-3 rounded-2xl bg-gray-50 p-3",
    )


def _categories() -> rx.Component:
    return rx.el.section(
        rx.el.div(
            rx.el.h3(t(K + "categories"), class_name="text-lg font-semibold"),
            rx.el.button(
                t(K + "newTop"), type="button", on_click=State.new_category(0), class_name=GREEN
            ),
            class_name="flex flex-wrap items-center justify-between gap-2",
        ),
        rx.el.p(t(K + "categoriesHelp"), class_name="text-sm text-gray-600"),
        rx.cond(State.editing_category, _category_form()),
        rx.cond(
            State.tree_rows.length() > 0,
            rx.el.ul(rx.foreach(State.tree_rows, _category), aria_label=t(K + "categories")),
            rx.el.p(t(K + "noCategories"), class_name="py-8 text-center text-sm text-gray-600"),
        ),
        class_name="space-y-3",
    )


# --- articles ---------------------------------------------------------------------------------


def _status(status: rx.Var[str]) -> rx.Component:
    return rx.el.span(
        t_var(K + "statuses." + status),
        class_name=rx.match(
            status,
            *((name, f"{BADGE} {colour}") for name, colour in STATUS_COLOURS.items()),
            f"{BADGE} bg-gray-100 text-gray-800",
        ),
    )


def _article(row: rx.Var) -> rx.Component:
    name = row["name"].to(str)
    return rx.el.li(
        rx.cond(
            row["image"].to(str) != "",
            rx.el.img(
                src=row["image"].to(str),
                alt="",
                width=48,
                height=48,
                loading="lazy",
                class_name="h-12 w-12 shrink-0 rounded-lg bg-gray-100 object-cover",
            ),
            rx.el.span(class_name="h-12 w-12 shrink-0 rounded-lg bg-gray-100"),
        ),
        rx.el.div(
            rx.el.p(name, class_name="break-words font-semibold"),
            rx.el.p(
                row["price"].to(str),
                rx.cond(row["sale"].to(str) != "", rx.fragment(" → ", row["sale"].to(str))),
                " · ",
                row["category"].to(str),
                class_name="break-words text-xs text-gray-600",
            ),
            rx.el.p(
                row["sku"].to(str), " ", row["brand"].to(str), class_name="text-xs text-gray-500"
            ),
            _status(row["status"].to(str)),
            class_name="min-w-0 flex-1 space-y-1",
        ),
        rx.el.button(
            t(K + "edit"),
            type="button",
            on_click=State.open_article(row["id"]),
            aria_label=t(K + "editNamed", name=name),
            class_name=SMALL,
        ),
        data_article=name,
        class_name="flex items-center gap-3 border-t border-gray-100 py-3 first:border-t-0",
    )


def _filters() -> rx.Component:
    return search_form(
        "catalogue-q",
        K + "findArticles",
        State.article_query,
        K + "find",
        State.filter_articles,
        rx.el.select(
            rx.el.option(t(K + "anyStatus"), value=""),
            *(rx.el.option(t(f"{K}statuses.{s}"), value=s) for s in article_svc.STATUSES),
            name="status",
            default_value=State.article_status,
            aria_label=t(K + "status"),
            class_name=SELECT,
        ),
        rx.el.select(
            *_choices(State.all_choices, rx.el.option(t(K + "anyCategory"), value="")),
            name="category",
            default_value=State.article_category,
            aria_label=t(K + "category"),
            class_name=SELECT,
        ),
    )


def _line(line: rx.Var, index: rx.Var[int]) -> rx.Component:
    """One nutrition line: name, value, unit (a cleared line is dropped on save)."""
    number = index.to_string()
    return rx.el.div(
        rx.el.input(
            name="line_name_" + number,
            default_value=line["name"].to(str),
            max_length=article_svc.NUTRITION_NAME_MAX,
            aria_label=t(K + "nutrient"),
            placeholder=t(K + "nutrient"),
            class_name=INPUT + " col-span-2 sm:col-span-1",
        ),
        rx.el.input(
            name="line_value_" + number,
            default_value=line["value"].to(str),
            max_length=20,
            input_mode="decimal",
            aria_label=t(K + "amount"),
            placeholder=t(K + "amount"),
            class_name=INPUT,
        ),
        rx.el.select(
            *(rx.el.option(unit, value=unit) for unit in article_svc.NUTRITION_UNITS),
            name="line_unit_" + number,
            default_value=line["unit"].to(str),
            aria_label=t(K + "unit"),
            class_name=SELECT,
        ),
        class_name="grid grid-cols-2 gap-2 sm:grid-cols-3",
    )


def _nutrition() -> rx.Component:
    return rx.el.fieldset(
        rx.el.legend(t(K + "nutrition"), class_name="text-sm font-semibold"),
        rx.el.p(t(K + "nutritionHelp"), class_name="text-xs text-gray-600"),
        rx.foreach(State.article["lines"], _line),
        rx.cond(
            State.error_field.contains("nutritions"),
            rx.el.p(
                State.error_message,
                id="catalogue-error-nutritions",
                class_name="text-sm text-red-700",
            ),
        ),
        rx.el.button(t(K + "addLine"), type="button", on_click=State.add_line, class_name=SMALL),
        class_name="flex flex-col gap-2 rounded-xl border border-gray-200 p-3",
    )


def _article_form() -> rx.Component:
    form = State.article
    values = form["values"].to(dict[str, str])
    flags = form["flags"].to(dict[str, bool])
    editing = form["id"].to(int) > 0

    def text(name: str, label: str, limit: int = NAME_MAX) -> rx.Component:
        return _field("article", name, label, _input("article", name, values[name], limit))

    def number(name: str, label: str) -> rx.Component:
        return _field("article", name, label, _number("article", name, values[name]))

    return rx.el.div(
        rx.el.h3(
            rx.cond(editing, t(K + "editArticle"), t(K + "newArticle")),
            class_name="text-base font-semibold",
        ),
        rx.cond(editing, picture_field("article", form["id"].to(int), form["image"].to(str))),
        checked_form(
            text("name", "name"),
            _field(
                "article",
                "description",
                "description",
                _textarea("article", "description", values["description"]),
            ),  # fmt: skip
            rx.el.div(
                number("price", "price"),
                number("salePrice", "salePrice"),
                number("originalPrice", "originalPrice"),
                class_name="grid grid-cols-1 gap-3 sm:grid-cols-3",
            ),
            _field(
                "article",
                "categoryId",
                "category",
                rx.el.select(
                    *_choices(State.leaf_choices, rx.el.option(t(K + "chooseCategory"), value="")),
                    id="article-categoryId",
                    name="categoryId",
                    default_value=values["categoryId"],
                    class_name=SELECT,
                ),
            ),
            _field(
                "article",
                "status",
                "status",
                rx.el.select(
                    *(rx.el.option(t(f"{K}statuses.{s}"), value=s) for s in article_svc.STATUSES),
                    id="article-status",
                    name="status",
                    default_value=values["status"],
                    class_name=SELECT,
                ),
            ),
            text("weight", "weight", 50),
            rx.el.div(
                number("lengthCm", "length"),
                number("widthCm", "width"),
                number("heightCm", "height"),
                class_name="grid grid-cols-3 gap-2",
            ),
            rx.el.div(
                text("brand", "brand", 120),
                text("origin", "origin", 120),
                text("productQuality", "quality", 60),
                text("sku", "sku", 40),
                text("savings", "savings", 120),
                text("promotion", "promotion", 200),
                class_name="grid grid-cols-1 gap-3 sm:grid-cols-2",
            ),
            rx.el.div(
                *(_checkbox("article", flag, flag, flags[flag]) for flag in article_svc.FLAGS),
                class_name="flex flex-wrap gap-4",
            ),
            _nutrition(),
            _translations("article", form["texts"].to(dict[str, str]), with_description=True),
            _buttons(),
            on_submit=State.save_article,
            form_id="article-form",
            class_name="flex flex-col gap-3",
        ),
        key="article" + form["id"].to_string(),
        class_name="space-y-3 rounded-2xl bg-gray-50 p-3",
    )


def _articles() -> rx.Component:
    return rx.el.section(
        rx.el.div(
            rx.el.h3(
                t(K + "articles"),
                " (",
                State.article_total.to_string(),
                ")",
                class_name="text-lg font-semibold",
            ),  # fmt: skip
            rx.el.button(
                t(K + "newArticle"), type="button", on_click=State.new_article, class_name=GREEN
            ),
            class_name="flex flex-wrap items-center justify-between gap-2",
        ),
        _filters(),
        rx.cond(State.editing_article, _article_form()),
        paged_list(
            State.articles,
            _article,
            K + "noArticles",
            State.article_page,
            State.article_pages,
            State.articles_page,
        ),
        class_name="space-y-3",
    )


# --- the panel --------------------------------------------------------------------------------


def _switch() -> rx.Component:
    def button(view: str) -> rx.Component:
        on = State.view == view
        return rx.el.button(
            t(f"{K}views.{view}"),
            type="button",
            on_click=State.show_view(view),
            aria_pressed=rx.cond(on, "true", "false"),
            class_name=rx.cond(
                on,
                f"{BADGE} h-10 bg-green-700 px-4 text-sm text-white {FOCUS}",
                f"{BADGE} h-10 bg-white px-4 text-sm text-gray-800 ring-1 ring-gray-200 {FOCUS}",
            ),
        )

    return rx.el.div(
        button("categories"),
        button("articles"),
        role="group",
        aria_label=t(K + "title"),
        class_name="flex flex-wrap gap-2",
    )


def catalogue_panel() -> rx.Component:
    return rx.el.section(
        rx.el.h2(t(K + "title"), class_name="text-lg font-semibold"),
        _switch(),
        rx.cond(State.view == "articles", _articles(), _categories()),
        aria_label=t(K + "title"),
        class_name=f"{CARD} min-w-0 space-y-4",
    )
