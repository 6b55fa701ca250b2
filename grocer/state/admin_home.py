"""The back-office's home panel (/admin, issue 17): home sections (order, texts, shown or not,
their articles in order) and banner promotions, with a preview of the banner as the
storefront's home draws it, from the form's unsaved values.

Every handler goes through grocer.state.admin_run.run_service: the service checks the signed-in
account's role from its row, so a shopper whose tab claims to be an admin changes nothing.
A refused form field shows the service's own message next to that field."""

from __future__ import annotations

from typing import Any

import reflex as rx

from grocer.services.admin import merchandising as svc
from grocer.state.admin_run import (
    PanelState,
    forget_on_sign_out,
    pages_of,
)
from grocer.views.admin_home import (
    EMPTY_FORM,
    Form,
    PromotionRow,
    SectionArticleRow,
    SectionRow,
    banner_preview,
    form_fields,
    promotion_form,
    promotion_row,
    section_article_row,
    section_form,
    section_row,
)
from grocer.views.catalogue import PromoView

#: The section form's inputs → the service's fields.
SECTION_FIELDS = {"name": "title", "description": "description", "active": "active"}
#: The promotion form's inputs → the service's fields.
PROMOTION_FIELDS = {
    "name": "name",
    "description": "description",
    "active": "active",
    "on_banner": "displayOnBanner",
    "code": "promoCode",
    "discount_type": "discountType",
    "discount_value": "discountValue",
    "starts_on": "startsOn",
    "end_date": "endDate",
}
#: What the preview follows as it is typed.
DRAFT_FIELDS = ("name", "description", "code")
_MOVES = ("up", "down")


class AdminHomeState(PanelState, rx.State):
    sections: list[SectionRow] = []

    # the open form: "" none, "section" or "promotion" (its values in `form`, id 0 for a new one)
    editing: str = ""
    form: Form = EMPTY_FORM
    draft: Form = EMPTY_FORM  # the promotion form's values as typed (the preview's)

    articles: list[SectionArticleRow] = []  # the open section's
    article_page: int = 1
    article_pages: int = 1
    candidates: list[SectionArticleRow] = []  # articles found to add to it
    candidate_query: str = ""

    promotions: list[PromotionRow] = []
    promotion_query: str = ""
    promotion_page: int = 1
    promotion_pages: int = 1

    @rx.var
    def preview(self) -> list[PromoView]:
        """The banner's promotion as the storefront's home would show it now."""
        return banner_preview(self.draft)

    def _clear(self) -> None:
        self.sections, self.promotions, self.articles, self.candidates = [], [], [], []
        self.editing, self.form, self.draft = "", EMPTY_FORM, EMPTY_FORM
        self.error_field = self.error_message = ""

    # --- loading ---------------------------------------------------------------------------

    @rx.event
    async def load(self):
        """Opening the tab (the back-office's AdminState starts it): the sections in order
        and the first page of promotions."""

        async def work() -> None:
            await self._load_sections()
            await self._load_promotions()

        return await self._guarded(work)

    async def _load_sections(self) -> None:
        self.sections = [section_row(row) for row in await self._run(svc.list_sections)]

    async def _load_promotions(self) -> None:
        page = await self._run(
            svc.list_promotions, q=self.promotion_query or None, page=self.promotion_page
        )
        self.promotions = [promotion_row(row) for row in page["items"]]
        self.promotion_pages = pages_of(page["total"], page["size"])

    def _show_articles(self, page: dict[str, Any]) -> None:
        self.articles = [section_article_row(row) for row in page["items"]]
        self.article_page = page["page"]
        self.article_pages = pages_of(page["total"], page["size"])

    # --- sections --------------------------------------------------------------------------

    @rx.event
    async def move_section(self, section_id: int, direction: str):
        if direction not in _MOVES:
            return None

        async def work() -> None:
            rows = await self._run(svc.move_section, section_id, direction)
            self.sections = [section_row(row) for row in rows]

        return await self._guarded(work, "admin:home.toasts.moved")

    @rx.event
    async def open_section(self, section_id: int):
        async def work() -> None:
            found = await self._run(svc.section_detail, section_id)
            self._open("section", section_form(found))
            self._show_articles(await self._run(svc.section_articles, section_id))

        return await self._guarded(work)

    @rx.event
    def new_section(self) -> None:
        self._open("section", EMPTY_FORM)

    def _open(self, kind: str, form: Form) -> None:
        self.editing, self.form, self.draft = kind, form, form
        self.error_field = self.error_message = ""
        self.articles, self.candidates, self.candidate_query = [], [], ""
        self.article_page = self.article_pages = 1

    @rx.event
    def close(self) -> None:
        self.editing, self.form, self.draft = "", EMPTY_FORM, EMPTY_FORM
        self.error_field = self.error_message = ""
        self.articles, self.candidates = [], []

    @rx.event
    async def save_section(self, form: dict[str, Any]):
        if self.editing != "section":
            return None
        fields = form_fields(form, SECTION_FIELDS)

        async def work() -> None:
            self.error_field = self.error_message = ""
            if self.form["id"]:
                saved = await self._run(svc.update_section, self.form["id"], fields)
            else:
                saved = await self._run(svc.create_section, fields)
            self.form = self.draft = section_form(saved)
            await self._load_sections()

        return await self._guarded(work, "admin:toasts.saved")

    # --- a section's articles --------------------------------------------------------------

    @rx.event
    async def articles_page(self, step: int):
        if not isinstance(step, int) or step not in (-1, 1) or not self.form["id"]:
            return None
        wanted = min(max(1, self.article_page + step), self.article_pages)

        async def work() -> None:
            self._show_articles(await self._run(svc.section_articles, self.form["id"], page=wanted))

        return await self._guarded(work)

    @rx.event
    async def find_articles(self, form: dict[str, Any]):
        self.candidate_query = str(form.get("q") or "").strip()[:100]

        async def work() -> None:
            page = await self._run(svc.find_articles, q=self.candidate_query or None, size=8)
            self.candidates = [section_article_row(row) for row in page["items"]]

        return await self._guarded(work)

    async def _members(self, fn: Any, *args: Any, done: str) -> Any:
        """A change of the open section's articles; its page as it now is."""
        if self.editing != "section" or not self.form["id"]:
            return None
        section_id = self.form["id"]

        async def work() -> None:
            self._show_articles(await self._run(fn, section_id, *args))
            await self._load_sections()  # its article count

        return await self._guarded(work, done)

    @rx.event
    async def add_article(self, article_id: int):
        return await self._members(svc.add_section_article, article_id, done="admin:toasts.saved")

    @rx.event
    async def remove_article(self, article_id: int):
        return await self._members(
            svc.remove_section_article, article_id, done="admin:toasts.saved"
        )

    @rx.event
    async def move_article(self, article_id: int, direction: str):
        if direction not in _MOVES:
            return None
        return await self._members(
            svc.move_section_article, article_id, direction, done="admin:home.toasts.moved"
        )

    # --- promotions ------------------------------------------------------------------------

    @rx.event
    async def search_promotions(self, form: dict[str, Any]):
        self.promotion_query = str(form.get("q") or "").strip()[:100]
        self.promotion_page = 1
        return await self._guarded(self._load_promotions)

    @rx.event
    async def promotions_page(self, step: int):
        if not isinstance(step, int) or step not in (-1, 1):
            return None
        self.promotion_page = min(max(1, self.promotion_page + step), self.promotion_pages)
        return await self._guarded(self._load_promotions)

    @rx.event
    async def open_promotion(self, promotion_id: int):
        async def work() -> None:
            self._open(
                "promotion", promotion_form(await self._run(svc.promotion_detail, promotion_id))
            )

        return await self._guarded(work)

    @rx.event
    def new_promotion(self) -> None:
        self._open("promotion", EMPTY_FORM)

    @rx.event
    def set_draft(self, field: str, value: str) -> None:
        """A preview field as it is typed (the banner's preview follows)."""
        if field in DRAFT_FIELDS and isinstance(value, str):
            self.draft = Form(**{**self.draft, field: value[: svc.DESCRIPTION_MAX]})

    @rx.event
    async def save_promotion(self, form: dict[str, Any]):
        if self.editing != "promotion":
            return None
        fields = form_fields(form, PROMOTION_FIELDS)

        async def work() -> None:
            self.error_field = self.error_message = ""
            if self.form["id"]:
                saved = await self._run(svc.update_promotion, self.form["id"], fields)
            else:
                saved = await self._run(svc.create_promotion, fields)
            self.form = self.draft = promotion_form(saved)
            await self._load_promotions()

        return await self._guarded(work, "admin:toasts.saved")

    # --- pictures ---------------------------------------------------------------------------

    @rx.event
    async def picture_saved(self, kind: str, ref_id: int, url: str):
        """The picture field (grocer.state.admin_pictures) saved a section's or a
        promotion's picture: the open form and the lists show the stored row again."""
        if kind not in ("section", "promotion") or self.editing != kind:
            return None
        if self.form["id"] != ref_id:
            return None

        async def work() -> None:
            if kind == "section":
                self.form = self.draft = section_form(await self._run(svc.section_detail, ref_id))
                await self._load_sections()
            else:
                found = await self._run(svc.promotion_detail, ref_id)
                self.form = self.draft = promotion_form(found)
                await self._load_promotions()

        return await self._guarded(work)


forget_on_sign_out(AdminHomeState)
