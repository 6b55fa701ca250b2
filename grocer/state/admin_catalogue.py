"""The back-office's catalogue panel (/admin, issue 17): categories and articles, with their
pictures.

Two views under one switch: the category tree (opened level by level; create, rename and
translate, move under another parent, order, show or hide) and the articles (a paged list
searched by name, SKU or brand and filtered by status and category; a form for every field the
shop shows). Every handler goes through grocer.state.admin_run.run_service: the service checks
the signed-in account's role from its row, so a shopper whose tab claims to be an admin
changes nothing. A refused field shows the service's own message next to that field; every
save ends with a toast."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypedDict

import reflex as rx

from grocer.services.admin import articles as article_svc
from grocer.services.admin import categories as category_svc
from grocer.services.admin.catalogue_texts import OTHER_LANGUAGES
from grocer.state.admin_run import (
    PanelState,
    forget_on_sign_out,
    pages_of,
)

VIEWS: tuple[str, ...] = ("categories", "articles")
LANGUAGES: tuple[str, ...] = OTHER_LANGUAGES
#: The article form's plain inputs: named as the service's fields, sent as typed.
ARTICLE_TEXT_FIELDS: tuple[str, ...] = (
    "name",
    "description",
    "price",
    "salePrice",
    "originalPrice",
    "weight",
    "lengthCm",
    "widthCm",
    "heightCm",
    "brand",
    "origin",
    "productQuality",
    "sku",
    "savings",
    "promotion",
    "status",
    "categoryId",
)
ARTICLE_FLAGS: tuple[str, ...] = tuple(article_svc.FLAGS)
#: Empty nutrition lines a new form offers (more with "add a line").
BLANK_LINES = 1
MAX_LINES = article_svc.NUTRITION_MAX_LINES


class CategoryRow(TypedDict):
    id: int
    name: str
    level: int
    parent: int  # 0: top level
    visible: bool
    shown: bool  # visible, and every parent too
    articles: int
    total: int
    children: int
    first: bool  # first among its siblings
    last: bool
    image: str


class Choice(TypedDict):
    id: str
    label: str


class CategoryForm(TypedDict):
    id: int  # 0: a new one
    name: str
    parent: str  # the parent's id ("" top level), for a new one
    parent_name: str
    level: int
    visible: bool
    image: str
    texts: dict[str, str]  # 'en_name', …


class ArticleRow(TypedDict):
    id: int
    name: str
    sku: str
    brand: str
    price: str
    sale: str
    status: str
    category: str
    image: str


class NutritionLine(TypedDict):
    name: str
    value: str
    unit: str


class ArticleForm(TypedDict):
    id: int  # 0: a new one
    values: dict[str, str]  # ARTICLE_TEXT_FIELDS
    flags: dict[str, bool]  # ARTICLE_FLAGS
    texts: dict[str, str]  # 'en_name', 'en_description', …
    lines: list[NutritionLine]
    image: str


def _blank_line() -> NutritionLine:
    return NutritionLine(name="", value="", unit="g")


def empty_category_form(parent: CategoryRow | None = None) -> CategoryForm:
    return CategoryForm(
        id=0,
        name="",
        parent=str(parent["id"]) if parent else "",
        parent_name=parent["name"] if parent else "",
        level=parent["level"] + 1 if parent else 1,
        visible=True,
        image="",
        texts={f"{lang}_name": "" for lang in LANGUAGES},
    )


def empty_article_form() -> ArticleForm:
    values = dict.fromkeys(ARTICLE_TEXT_FIELDS, "")
    values["status"] = "ACTIVE"
    return ArticleForm(
        id=0,
        values=values,
        flags=dict.fromkeys(ARTICLE_FLAGS, False),
        texts={f"{lang}_{part}": "" for lang in LANGUAGES for part in ("name", "description")},
        lines=[_blank_line() for _ in range(BLANK_LINES)],
        image="",
    )


def category_rows(tree: list[dict[str, Any]]) -> list[CategoryRow]:
    """The service's tree (depth first) as rows, each knowing its place among its siblings."""
    siblings: dict[int, list[int]] = {}
    for row in tree:
        siblings.setdefault(row["parentId"] or 0, []).append(row["id"])
    return [
        CategoryRow(
            id=row["id"],
            name=row["name"],
            level=row["level"],
            parent=row["parentId"] or 0,
            visible=row["visible"],
            shown=row["shown"],
            articles=row["articles"],
            total=row["total"],
            children=row["children"],
            first=siblings[row["parentId"] or 0][0] == row["id"],
            last=siblings[row["parentId"] or 0][-1] == row["id"],
            image=row["imageUrl"],
        )
        for row in tree
    ]


def category_form(found: dict[str, Any], rows: list[CategoryRow]) -> CategoryForm:
    parent = next((r for r in rows if r["id"] == found["parentId"]), None)
    texts = found["translations"]
    return CategoryForm(
        id=found["id"],
        name=found["name"],
        parent=str(found["parentId"] or ""),
        parent_name=parent["name"] if parent else "",
        level=found["level"],
        visible=found["visible"],
        image=found["imageUrl"],
        texts={f"{lang}_name": texts.get(lang, {}).get("name", "") for lang in LANGUAGES},
    )


def choices(rows: list[CategoryRow], keep: Callable[[CategoryRow], bool]) -> list[Choice]:
    """The categories `keep` accepts, in tree order, named by their path (a select's options)."""
    by_id = {row["id"]: row for row in rows}
    out = []
    for row in rows:
        if not keep(row):
            continue
        names, node = [row["name"]], by_id.get(row["parent"])
        while node is not None and len(names) < category_svc.MAX_LEVEL:
            names.insert(0, node["name"])
            node = by_id.get(node["parent"])
        out.append(Choice(id=str(row["id"]), label=" › ".join(names)))
    return out


def article_row(row: dict[str, Any]) -> ArticleRow:
    return ArticleRow(
        id=row["id"],
        name=row["name"],
        sku=row["sku"],
        brand=row["brand"],
        price=f"{row['price']} XOF",
        sale=f"{row['salePrice']} XOF" if row["salePrice"] else "",
        status=row["status"],
        category=row["categoryName"],
        image=row["imageUrl"],
    )


def article_form(found: dict[str, Any]) -> ArticleForm:
    values = {
        name: "" if found.get(name) is None else str(found[name]) for name in ARTICLE_TEXT_FIELDS
    }
    for money in ("price", "salePrice", "originalPrice"):  # whole francs: "1500", not "1500.00"
        if values[money].endswith(".00"):
            values[money] = values[money][:-3]
    texts = found["translations"]
    return ArticleForm(
        id=found["id"],
        values=values,
        flags={name: bool(found[name]) for name in ARTICLE_FLAGS},
        texts={
            f"{lang}_{part}": texts.get(lang, {}).get(part, "")
            for lang in LANGUAGES
            for part in ("name", "description")
        },
        lines=[NutritionLine(**line) for line in found["nutritions"]] or [_blank_line()],
        image=found["imageUrl"],
    )


def article_fields(form: dict[str, Any]) -> dict[str, Any]:
    """A submitted article form as the service's fields: ticked boxes as booleans (a browser
    sends "on" for them and nothing for the others), translations by language, the nutrition
    lines that have a name or a value (a cleared line is dropped)."""
    fields: dict[str, Any] = {name: form.get(name, "") for name in ARTICLE_TEXT_FIELDS}
    fields.update({name: name in form for name in ARTICLE_FLAGS})
    fields["translations"] = {
        lang: {part: form.get(f"{lang}_{part}", "") for part in ("name", "description")}
        for lang in LANGUAGES
    }
    lines = []
    for index in range(MAX_LINES):
        name = str(form.get(f"line_name_{index}", "")).strip()
        value = str(form.get(f"line_value_{index}", "")).strip()
        if name or value:
            lines.append({"name": name, "value": value, "unit": form.get(f"line_unit_{index}")})
    fields["nutritions"] = lines
    return fields


class AdminCatalogueState(PanelState, rx.State):
    view: str = "categories"

    categories: list[CategoryRow] = []
    opened: list[int] = []  # categories whose children are shown
    editing_category: bool = False
    category: CategoryForm = empty_category_form()

    articles: list[ArticleRow] = []
    article_query: str = ""
    article_status: str = ""
    article_category: str = ""
    article_page: int = 1
    article_pages: int = 1
    article_total: int = 0
    editing_article: bool = False
    article: ArticleForm = empty_article_form()

    @rx.var
    def tree_rows(self) -> list[CategoryRow]:
        """The rows on screen: the top level, and the children of every opened row whose
        own row is on screen."""
        shown: set[int] = set()
        out = []
        for row in self.categories:
            if row["parent"] == 0 or (row["parent"] in shown and row["parent"] in self.opened):
                shown.add(row["id"])
                out.append(row)
        return out

    @rx.var
    def parent_choices(self) -> list[Choice]:
        """Where the open category can move: under a level-1 or level-2 one (or the top
        level), not under itself or its own sub-categories."""
        own = {self.category["id"]}
        for row in self.categories:  # depth first: a parent comes before its children
            if row["parent"] in own:
                own.add(row["id"])
        return choices(
            self.categories,
            lambda row: row["level"] < category_svc.MAX_LEVEL and row["id"] not in own,
        )

    @rx.var
    def leaf_choices(self) -> list[Choice]:
        """The categories an article can go in (level 3)."""
        return choices(self.categories, lambda row: row["level"] == category_svc.MAX_LEVEL)

    @rx.var
    def all_choices(self) -> list[Choice]:
        """Every category: the article list's filter."""
        return choices(self.categories, lambda row: True)

    def _clear(self) -> None:
        self.categories, self.opened, self.articles = [], [], []
        self.article_query = self.article_status = self.article_category = ""
        self.article_page = self.article_pages = 1
        self.article_total = 0
        self._close_forms()

    # --- loading ---------------------------------------------------------------------------

    @rx.event
    async def load(self):
        """Opening the tab (the back-office's AdminState starts it): the tree (the article
        form's categories too) and, on the articles view, their first page."""

        async def work() -> None:
            await self._load_tree()
            if self.view == "articles":
                await self._load_articles()

        return await self._guarded(work)

    async def _load_tree(self) -> None:
        self.categories = category_rows(await self._run(category_svc.tree))
        known = {row["id"] for row in self.categories}
        self.opened = [i for i in self.opened if i in known]

    async def _load_articles(self) -> None:
        page = await self._run(
            article_svc.list_articles,
            q=self.article_query or None,
            status=self.article_status or None,
            category_id=self.article_category or None,
            page=self.article_page,
        )
        self.articles = [article_row(row) for row in page["items"]]
        self.article_total = page["total"]
        self.article_pages = pages_of(page["total"], page["size"])
        if self.article_page > self.article_pages:
            self.article_page = self.article_pages

    @rx.event
    async def show_view(self, view: str):
        if view not in VIEWS or view == self.view:
            return None
        self.view = view
        self._close_forms()
        return await self._guarded(self._load_articles if view == "articles" else self._load_tree)

    def _close_forms(self) -> None:
        self.editing_category = self.editing_article = False
        self.category, self.article = empty_category_form(), empty_article_form()
        self.error_field = self.error_message = ""

    @rx.event
    def close(self) -> None:
        self._close_forms()

    # --- categories ------------------------------------------------------------------------

    @rx.event
    def toggle_open(self, category_id: int) -> None:
        """Show or fold a category's children."""
        if not isinstance(category_id, int):
            return
        if category_id in self.opened:
            self.opened = [i for i in self.opened if i != category_id]
        elif any(row["id"] == category_id for row in self.categories):
            self.opened = [*self.opened, category_id]

    def _row(self, category_id: Any) -> CategoryRow | None:
        return next((row for row in self.categories if row["id"] == category_id), None)

    @rx.event
    def new_category(self, parent_id: int) -> None:
        """The form of a new category under `parent_id` (0: the top level)."""
        parent = self._row(parent_id)
        if parent_id and (parent is None or parent["level"] >= category_svc.MAX_LEVEL):
            return
        self._close_forms()
        self.editing_category, self.category = True, empty_category_form(parent)

    @rx.event
    async def open_category(self, category_id: int):
        async def work() -> None:
            found = await self._run(category_svc.category_detail, category_id)
            self._close_forms()
            self.editing_category, self.category = True, category_form(found, self.categories)

        return await self._guarded(work)

    @rx.event
    async def save_category(self, form: dict[str, Any]):
        if not self.editing_category:
            return None
        fields: dict[str, Any] = {
            "name": form.get("name", ""),
            "visible": "visible" in form,
            "translations": {lang: {"name": form.get(f"{lang}_name", "")} for lang in LANGUAGES},
        }

        async def work() -> None:
            self.error_field = self.error_message = ""
            if self.category["id"]:
                saved = await self._run(category_svc.update_category, self.category["id"], fields)
            else:
                parent = self.category["parent"]
                saved = await self._run(
                    category_svc.create_category, {**fields, "parentId": parent or None}
                )
                if parent and int(parent) not in self.opened:
                    self.opened = [*self.opened, int(parent)]
            await self._load_tree()
            self.category = category_form(saved, self.categories)

        return await self._guarded(work, "admin:toasts.saved")

    @rx.event
    async def move_category(self, form: dict[str, Any]):
        """The open category under the parent chosen ("" the top level)."""
        if not self.editing_category or not self.category["id"]:
            return None
        parent = form.get("parent") or None

        async def work() -> None:
            self.error_field = self.error_message = ""
            saved = await self._run(category_svc.move_category, self.category["id"], parent)
            if parent and str(parent).isdigit() and int(parent) not in self.opened:
                self.opened = [*self.opened, int(parent)]
            await self._load_tree()
            self.category = category_form(saved, self.categories)

        return await self._guarded(work, "admin:catalogue.toasts.moved")

    @rx.event
    async def step_category(self, category_id: int, direction: str):
        if direction not in category_svc.DIRECTIONS:
            return None

        async def work() -> None:
            await self._run(category_svc.step_category, category_id, direction)
            await self._load_tree()

        return await self._guarded(work, "admin:catalogue.toasts.ordered")

    @rx.event
    async def set_visible(self, category_id: int, visible: bool):
        async def work() -> None:
            await self._run(category_svc.update_category, category_id, {"visible": visible})
            await self._load_tree()
            if self.category["id"] == category_id:
                self.category = CategoryForm(**{**self.category, "visible": bool(visible)})

        return await self._guarded(work, "admin:toasts.saved")

    # --- articles --------------------------------------------------------------------------

    @rx.event
    async def filter_articles(self, form: dict[str, Any]):
        self.article_query = str(form.get("q") or "").strip()[:100]
        status = form.get("status")
        self.article_status = status if status in article_svc.STATUSES else ""
        category = str(form.get("category") or "")
        self.article_category = category if category.isdigit() else ""
        self.article_page = 1
        return await self._guarded(self._load_articles)

    @rx.event
    async def articles_page(self, step: int):
        if not isinstance(step, int) or step not in (-1, 1):
            return None
        self.article_page = min(max(1, self.article_page + step), self.article_pages)
        return await self._guarded(self._load_articles)

    @rx.event
    def new_article(self) -> None:
        self._close_forms()
        self.editing_article = True

    @rx.event
    async def open_article(self, article_id: int):
        async def work() -> None:
            found = await self._run(article_svc.article_detail, article_id)
            self._close_forms()
            self.editing_article, self.article = True, article_form(found)

        return await self._guarded(work)

    @rx.event
    def add_line(self) -> None:
        """One more empty nutrition line (what is typed in the others stays)."""
        if self.editing_article and len(self.article["lines"]) < MAX_LINES:
            self.article = ArticleForm(
                **{**self.article, "lines": [*self.article["lines"], _blank_line()]}
            )

    @rx.event
    async def save_article(self, form: dict[str, Any]):
        if not self.editing_article:
            return None
        fields = article_fields(form)

        async def work() -> None:
            self.error_field = self.error_message = ""
            if self.article["id"]:
                saved = await self._run(article_svc.update_article, self.article["id"], fields)
            else:
                saved = await self._run(article_svc.create_article, fields)
            self.article = article_form(saved)
            await self._load_articles()

        return await self._guarded(work, "admin:toasts.saved")

    # --- pictures ---------------------------------------------------------------------------

    @rx.event
    async def picture_saved(self, kind: str, ref_id: int, url: str):
        """The picture field (grocer.components.admin_pictures) saved an article's or a
        category's picture: the open form and the lists show the stored row again."""
        if kind == "article" and self.editing_article and self.article["id"] == ref_id:

            async def work() -> None:
                self.article = article_form(await self._run(article_svc.article_detail, ref_id))
                await self._load_articles()

            return await self._guarded(work)
        if kind == "category":

            async def reload() -> None:
                await self._load_tree()
                if self.editing_category and self.category["id"] == ref_id:
                    found = await self._run(category_svc.category_detail, ref_id)
                    self.category = category_form(found, self.categories)

            return await self._guarded(reload)
        return None


forget_on_sign_out(AdminCatalogueState)
