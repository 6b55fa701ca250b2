"""The back-office's home panel (/admin, issue 17): the home sections in the storefront's
order (up and down buttons, an edit form with its articles in order) and the banner's
promotions (a paged list, a form beside a live preview drawn by the storefront's own banner
component). Works at 390 px: rows stack, forms are one column."""

from __future__ import annotations

from typing import Any

import reflex as rx

from grocer.components.admin_parts import (
    GREEN,
    ICON_BUTTON,
    INPUT,
    SMALL,
    checkbox,
    empty,
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
from grocer.components.i18n import t
from grocer.components.promo_banner import promo_banner
from grocer.services.admin.merchandising import DESCRIPTION_MAX, DISCOUNT_TYPES, TITLE_MAX
from grocer.state.admin_home import AdminHomeState
from grocer.views.admin_home import FORM_LANGUAGES

State = AdminHomeState


# --- form pieces ------------------------------------------------------------------------------


def _error(field: str) -> rx.Component:
    """The service's message for `field` when it refused it."""
    return field_error(field, State.error_field, State.error_message, "home")


def _field(form: str, name: str, field: str, label: str, control: rx.Component) -> rx.Component:
    """A labelled control of `form` and, under it, the refusal of the service's `field`."""
    return labelled(f"{form}-{name}", t(label), control, _error(field))


def _text_input(form: str, name: str, value: rx.Var, limit: int, **props: Any) -> rx.Component:
    return text_input(form, name, value, limit, **props)


def _textarea(form: str, name: str, value: rx.Var, **props: Any) -> rx.Component:
    return text_area(form, name, value, DESCRIPTION_MAX, **props)


def _checkbox(form: str, name: str, field: str, label: str, checked: rx.Var) -> rx.Component:
    return checkbox(form, name, t(label), checked, _error(field))


def _translations(form: str) -> rx.Component:
    """The name (a section's title) and description in en, es and de; blank: French."""
    texts = State.form["texts"].to(dict[str, str])
    return rx.el.details(
        rx.el.summary(t("admin:home.translations"), class_name="cursor-pointer text-sm"),
        _error("translations"),
        *(
            rx.el.fieldset(
                rx.el.legend(t(f"admin:home.languages.{lang}"), class_name="text-sm font-semibold"),
                _field(
                    form,
                    f"{lang}_name",
                    f"translations.{lang}.name",
                    "admin:home.name",
                    _text_input(form, f"{lang}_name", texts[f"{lang}_name"], TITLE_MAX),
                ),
                _field(
                    form,
                    f"{lang}_description",
                    f"translations.{lang}.description",
                    "admin:home.description",
                    _textarea(form, f"{lang}_description", texts[f"{lang}_description"]),
                ),
                class_name="mt-2 flex flex-col gap-2",
            )
            for lang in FORM_LANGUAGES
        ),
        class_name="rounded-xl border border-gray-200 p-3",
    )


def _form_buttons() -> rx.Component:
    return rx.el.div(
        rx.el.button(t("admin:home.save"), type="submit", disabled=State.busy, class_name=GREEN),
        rx.el.button(t("admin:home.close"), type="button", on_click=State.close, class_name=SMALL),
        class_name="flex flex-wrap gap-2",
    )


def _form_key(kind: str) -> rx.Var:
    """A new key for every row opened (and after a creation): the uncontrolled inputs start
    again from the row's values."""
    return kind + State.form["id"].to_string()


def _moves(label: rx.Var, first: rx.Var[bool], last: rx.Var[bool], on_move: Any) -> rx.Component:
    """Up and down buttons named after what they move ("Monter « Fruits »")."""
    return move_buttons(
        t("admin:home.up", name=label),
        t("admin:home.down", name=label),
        first,
        last,
        on_move,
        State.busy,
    )


# --- sections ---------------------------------------------------------------------------------


def _section(row: rx.Var, index: rx.Var[int]) -> rx.Component:
    title = row["title"].to(str)
    return rx.el.li(
        rx.el.div(
            rx.el.p(title, class_name="break-words font-semibold"),
            rx.el.p(
                t("admin:home.articleCount", count=row["articles"]),
                class_name="text-xs text-gray-600",
            ),
            flag_badge(row["active"].to(bool), "admin:home.shown", "admin:home.hidden"),
            class_name="min-w-0 flex-1 space-y-1",
        ),
        rx.el.div(
            _moves(
                title,
                index == 0,
                index == State.sections.length() - 1,
                lambda direction: State.move_section(row["id"], direction),
            ),
            rx.el.button(
                t("admin:home.edit"),
                type="button",
                on_click=State.open_section(row["id"]),
                aria_label=t("admin:home.editNamed", name=title),
                class_name=SMALL,
            ),
            class_name="flex shrink-0 gap-2",
        ),
        data_section=title,
        class_name="flex flex-wrap items-center gap-3 border-t border-gray-100 py-3 first:border-t-0",
    )


def _section_article(row: rx.Var, index: rx.Var[int]) -> rx.Component:
    name = row["name"].to(str)
    first = (index == 0) & (State.article_page == 1)
    last = (index == State.articles.length() - 1) & (State.article_page == State.article_pages)
    return rx.el.li(
        rx.el.div(
            rx.el.p(row["position"].to_string(), ". ", name, class_name="break-words text-sm"),
            rx.el.p(
                row["price"].to(str),
                rx.cond(row["listed"].to(bool), "", rx.fragment(" · ", t("admin:home.notListed"))),
                class_name="text-xs text-gray-600",
            ),
            class_name="min-w-0 flex-1",
        ),
        rx.el.div(
            _moves(name, first, last, lambda d: State.move_article(row["id"], d)),
            rx.el.button(
                "×",
                type="button",
                on_click=State.remove_article(row["id"]),
                disabled=State.busy,
                aria_label=t("admin:home.remove", name=name),
                class_name=ICON_BUTTON,
            ),
            class_name="flex shrink-0 gap-2",
        ),
        data_article=name,
        class_name="flex items-center gap-2 border-t border-gray-100 py-2 first:border-t-0",
    )


def _candidate(row: rx.Var) -> rx.Component:
    name = row["name"].to(str)
    return rx.el.li(
        rx.el.span(name, " · ", row["price"].to(str), class_name="min-w-0 break-words text-sm"),
        rx.el.button(
            t("admin:home.add"),
            type="button",
            on_click=State.add_article(row["id"]),
            disabled=State.busy,
            aria_label=t("admin:home.addNamed", name=name),
            class_name=SMALL,
        ),
        class_name="flex items-center justify-between gap-2 py-1",
    )


def _section_articles() -> rx.Component:
    return rx.el.section(
        rx.el.h3(t("admin:home.articles"), class_name="font-semibold"),
        paged_list(
            State.articles,
            _section_article,
            "admin:home.noArticles",
            State.article_page,
            State.article_pages,
            State.articles_page,
        ),
        search_form(
            "home-article-q",
            "admin:home.findArticles",
            State.candidate_query,
            "admin:home.find",
            State.find_articles,
        ),
        rx.el.ul(rx.foreach(State.candidates, _candidate)),
        class_name="space-y-2",
        aria_label=t("admin:home.articles"),
    )


def _section_form() -> rx.Component:
    form = State.form
    return rx.el.div(
        rx.el.h3(
            rx.cond(
                form["id"].to(int) > 0, t("admin:home.editSection"), t("admin:home.newSection")
            ),
            class_name="text-base font-semibold",
        ),
        checked_form(
            _field(
                "section",
                "name",
                "title",
                "admin:home.title",
                _text_input("section", "name", form["name"], TITLE_MAX),
            ),
            _field(
                "section",
                "description",
                "description",
                "admin:home.description",
                _textarea("section", "description", form["description"]),
            ),
            _checkbox("section", "active", "active", "admin:home.shownLabel", form["active"]),
            _translations("section"),
            _form_buttons(),
            on_submit=State.save_section,
            form_id="home-section-form",
            class_name="flex flex-col gap-3",
        ),
        rx.cond(
            form["id"].to(int) > 0,
            rx.fragment(
                picture_field("section", form["id"].to(int), form["image"].to(str)),
                _section_articles(),
            ),
        ),
        key=_form_key("section"),
        class_name="space-y-4 rounded-2xl bg-gray-50 p-3",
    )


def _sections() -> rx.Component:
    return rx.el.section(
        rx.el.div(
            rx.el.h2(t("admin:home.sections"), class_name="text-lg font-semibold"),
            rx.el.button(
                t("admin:home.newSection"),
                type="button",
                on_click=State.new_section,
                class_name=SMALL,
            ),
            class_name="flex flex-wrap items-center justify-between gap-2",
        ),
        rx.el.p(t("admin:home.sectionsHelp"), class_name="text-sm text-gray-600"),
        rx.cond(
            State.sections.length() > 0,
            rx.el.ol(rx.foreach(State.sections, _section), aria_label=t("admin:home.sections")),
            empty("admin:home.noSections"),
        ),
        rx.cond(State.editing == "section", _section_form()),
        class_name=f"{CARD} space-y-3",
    )


# --- promotions -------------------------------------------------------------------------------


def _promotion(row: rx.Var) -> rx.Component:
    name = row["name"].to(str)
    return rx.el.li(
        rx.el.div(
            rx.el.p(name, class_name="break-words font-semibold"),
            rx.el.p(
                row["code"].to(str),
                " ",
                row["discount"].to(str),
                " ",
                row["dates"].to(str),
                class_name="break-words text-sm text-gray-700",
            ),
            rx.el.div(
                flag_badge(row["active"].to(bool), "admin:home.active", "admin:home.inactive"),
                flag_badge(
                    row["shown_today"].to(bool),
                    "admin:home.onBannerToday",
                    "admin:home.notOnBanner",
                ),
                class_name="flex flex-wrap gap-1",
            ),
            class_name="min-w-0 flex-1 space-y-1",
        ),
        rx.el.button(
            t("admin:home.edit"),
            type="button",
            on_click=State.open_promotion(row["id"]),
            aria_label=t("admin:home.editNamed", name=name),
            class_name=SMALL,
        ),
        data_promotion=name,
        class_name="flex flex-wrap items-center gap-3 border-t border-gray-100 py-3 first:border-t-0",
    )


def _preview() -> rx.Component:
    """The banner as the storefront's home draws it, from the form as it is typed."""
    return rx.el.figure(
        rx.el.figcaption(t("admin:home.preview"), class_name="text-sm font-semibold"),
        promo_banner(State.preview),
        class_name="space-y-2",
        data_preview="banner",
    )


def _draft_input(name: str, value: rx.Var, limit: int) -> rx.Component:
    """A field the preview follows as it is typed."""
    return _text_input(
        "promotion", name, value, limit, on_change=lambda text: State.set_draft(name, text)
    )


def _promotion_form() -> rx.Component:
    form = State.form
    return rx.el.div(
        rx.el.h3(
            rx.cond(
                form["id"].to(int) > 0, t("admin:home.editPromotion"), t("admin:home.newPromotion")
            ),
            class_name="text-base font-semibold",
        ),
        _preview(),
        checked_form(
            _field(
                "promotion",
                "name",
                "name",
                "admin:home.name",
                _draft_input("name", form["name"], TITLE_MAX),
            ),
            _field(
                "promotion",
                "description",
                "description",
                "admin:home.description",
                _textarea(
                    "promotion",
                    "description",
                    form["description"],
                    on_change=lambda text: State.set_draft("description", text),
                ),
            ),
            _field(
                "promotion",
                "code",
                "promoCode",
                "admin:home.code",
                _draft_input("code", form["code"], 40),
            ),
            rx.el.div(
                _field(
                    "promotion",
                    "discount_type",
                    "discountType",
                    "admin:home.discountType",
                    rx.el.select(
                        rx.el.option(t("admin:home.noDiscount"), value=""),
                        *(
                            rx.el.option(t(f"admin:home.discountTypes.{kind}"), value=kind)
                            for kind in DISCOUNT_TYPES
                        ),
                        id="promotion-discount_type",
                        name="discount_type",
                        default_value=form["discount_type"],
                        class_name=INPUT,
                    ),
                ),
                _field(
                    "promotion",
                    "discount_value",
                    "discountValue",
                    "admin:home.discountValue",
                    _text_input(
                        "promotion",
                        "discount_value",
                        form["discount_value"],
                        16,
                        input_mode="decimal",
                    ),
                ),
                _field(
                    "promotion",
                    "starts_on",
                    "startsOn",
                    "admin:home.startsOn",
                    _text_input("promotion", "starts_on", form["starts_on"], 10, type="date"),
                ),
                _field(
                    "promotion",
                    "end_date",
                    "endDate",
                    "admin:home.endDate",
                    _text_input("promotion", "end_date", form["end_date"], 10, type="date"),
                ),
                class_name="grid gap-3 sm:grid-cols-2",
            ),
            _checkbox("promotion", "active", "active", "admin:home.activeLabel", form["active"]),
            _checkbox(
                "promotion",
                "on_banner",
                "displayOnBanner",
                "admin:home.onBannerLabel",
                form["on_banner"],
            ),
            _translations("promotion"),
            _form_buttons(),
            on_submit=State.save_promotion,
            form_id="home-promotion-form",
            class_name="flex flex-col gap-3",
        ),
        rx.cond(
            form["id"].to(int) > 0,
            picture_field("promotion", form["id"].to(int), form["image"].to(str)),
        ),
        key=_form_key("promotion"),
        class_name="space-y-4 rounded-2xl bg-gray-50 p-3",
    )


def _promotions() -> rx.Component:
    return rx.el.section(
        rx.el.div(
            rx.el.h2(t("admin:home.promotions"), class_name="text-lg font-semibold"),
            rx.el.button(
                t("admin:home.newPromotion"),
                type="button",
                on_click=State.new_promotion,
                class_name=SMALL,
            ),
            class_name="flex flex-wrap items-center justify-between gap-2",
        ),
        rx.cond(State.editing == "promotion", _promotion_form()),
        search_form(
            "home-promotion-q",
            "admin:home.findPromotions",
            State.promotion_query,
            "admin:home.find",
            State.search_promotions,
        ),
        paged_list(
            State.promotions,
            _promotion,
            "admin:home.noPromotions",
            State.promotion_page,
            State.promotion_pages,
            State.promotions_page,
        ),
        class_name=f"{CARD} space-y-3",
    )


def home_panel() -> rx.Component:
    return rx.el.div(_sections(), _promotions(), class_name="space-y-3")
