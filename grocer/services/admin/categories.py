"""The catalogue's categories in the back-office (admins only): the three levels as a tree with
their article counts, create, rename (with the en/es/de names), move under another parent,
order among siblings, show or hide.

Rules the storefront relies on, kept here:
- a category's level follows its parent's (a top category is level 1), at most 3: a category
  cannot go under a level-3 one, nor under itself or one of its own sub-categories, and a move
  carries its whole subtree, whose levels follow;
- articles hang on level-3 categories (the category bar's third level links to their list), so
  a move that would take a category holding articles off level 3 is refused;
- levels 1 and 2 are ordered by `display_order` (then name); level 3 by name only (001 §5), so
  only levels 1 and 2 can be reordered.

Every change is audited ("category.create" / "category.update", the changed fields only),
reindexes the search documents it touches and bumps the catalogue version in the caller's
transaction, so every worker's cache and the search show it at once. Order changes take a lock
first (`_lock_tree`), so two reorders or moves at once run one after the other.
"""

from __future__ import annotations

from typing import Any

from sqlmodel import Session, col, func, select
from typing_extensions import TypedDict

from grocer.models import Article, Category, User
from grocer.services import catalogue, search_index
from grocer.services.admin import access, audit
from grocer.services.admin.catalogue_texts import (
    TextsDict,
    changed,
    clean_translations,
    new_key,
    put_texts,
    required_text,
    stored_texts,
    write_lock,
)
from grocer.services.catalogue_cache import bump_version
from grocer.services.errors import Conflict, NotFound, ValidationFailed
from grocer.services.validation import check_bool, check_choice, record_id

MAX_LEVEL = 3
DIRECTIONS: tuple[str, ...] = ("up", "down")
#: The advisory lock of the category tree's writers (a constant used for nothing else).
_TREE_LOCK = 0x63617431


class AdminCategoryDict(TypedDict):
    id: int
    key: str
    name: str
    level: int
    parentId: int | None
    visible: bool  # canDisplayOnUi
    shown: bool  # visible, and every parent too: the storefront's bar shows it
    displayOrder: int
    imageUrl: str
    articles: int  # articles directly in it
    total: int  # articles in it and below it
    children: int
    translations: dict[str, TextsDict]


# --- shared checks (the articles service uses them too) ---------------------------------------


# --- reading ----------------------------------------------------------------------------------


def _category(db: Session, category_id: Any) -> Category:
    ident = record_id(category_id, text=False)
    found = db.get(Category, ident) if ident is not None else None
    if found is None:
        raise NotFound("Catégorie introuvable", key="catalogue.errors.categoryNotFound")
    return found


def _sibling_order(c: Category) -> tuple[Any, ...]:
    """The storefront's order (`catalogue._child_order`): levels 1 and 2 by displayOrder then
    name, level 3 by name only."""
    return catalogue._child_order(c)  # type: ignore[arg-type]


def _article_counts(db: Session) -> dict[int, int]:
    rows = db.exec(
        select(Article.category_id, func.count())
        .where(col(Article.category_id).is_not(None))
        .group_by(col(Article.category_id))
    ).all()
    return {int(cid): int(n) for cid, n in rows if cid is not None}


def tree(db: Session, actor: User) -> list[AdminCategoryDict]:
    """Every category, hidden ones too, as a tree read depth first (a parent, then its
    children in the storefront's order): each row says its level and parent. Not paged: the
    tree is short (a few hundred rows) and a move needs it whole."""
    access.require(actor, "catalogue")
    rows = list(db.exec(select(Category)).all())
    counts = _article_counts(db)
    texts = stored_texts(db, "category", (c.id for c in rows if c.id is not None))
    children: dict[int | None, list[Category]] = {}
    for c in rows:
        children.setdefault(c.parent_id, []).append(c)
    known = {c.id for c in rows}
    # a row whose parent is gone (never with the foreign key, but cheap to keep) is a root
    roots = [c for c in rows if c.parent_id is None or c.parent_id not in known]
    out: list[AdminCategoryDict] = []

    def walk(c: Category, shown_above: bool) -> int:
        assert c.id is not None
        kids = sorted(children.get(c.id, []), key=_sibling_order)
        index = len(out)
        shown = shown_above and c.can_display_on_ui
        out.append(_category_dict(c, counts.get(c.id, 0), 0, len(kids), texts.get(c.id, {})))
        out[index]["shown"] = shown
        total = counts.get(c.id, 0) + sum(walk(kid, shown) for kid in kids)
        out[index]["total"] = total
        return total

    for root in sorted(roots, key=_sibling_order):
        walk(root, True)
    return out


def _category_dict(
    c: Category, articles: int, total: int, children: int, texts: dict[str, TextsDict]
) -> AdminCategoryDict:
    assert c.id is not None
    return AdminCategoryDict(
        id=c.id,
        key=c.key,
        name=c.name,
        level=c.level,
        parentId=c.parent_id,
        visible=c.can_display_on_ui,
        shown=c.can_display_on_ui,
        displayOrder=c.display_order,
        imageUrl=c.image_url or "",
        articles=articles,
        total=total,
        children=children,
        translations=texts,
    )


def category_detail(db: Session, actor: User, category_id: Any) -> AdminCategoryDict:
    """One category as the tree shows it."""
    access.require(actor, "catalogue")
    wanted = _category(db, category_id).id
    found = next((row for row in tree(db, actor) if row["id"] == wanted), None)
    assert found is not None
    return found


# --- writing ----------------------------------------------------------------------------------


def _lock_tree(db: Session) -> None:
    """The tree's writers (order, moves, new keys) one after the other."""
    write_lock(db, Category, _TREE_LOCK)


def _siblings(db: Session, parent_id: int | None) -> list[Category]:
    where = (
        col(Category.parent_id).is_(None)
        if parent_id is None
        else col(Category.parent_id) == parent_id
    )
    return sorted(db.exec(select(Category).where(where)).all(), key=_sibling_order)


def _next_order(db: Session, parent_id: int | None) -> int:
    return max((c.display_order for c in _siblings(db, parent_id)), default=0) + 1


def _parent(db: Session, parent_id: Any) -> Category | None:
    """The parent named by a form or a body (None: the top level)."""
    if parent_id is None or parent_id == "":
        return None
    ident = record_id(parent_id)
    found = db.get(Category, ident) if ident is not None else None
    if found is None:
        raise ValidationFailed("parentId", "Catégorie parente introuvable")
    if found.level >= MAX_LEVEL:
        raise ValidationFailed(
            "parentId",
            "Une catégorie de niveau 3 ne peut pas avoir de sous-catégorie (3 niveaux au plus)",
        )
    return found


def _audit(db: Session, actor: User, action: str, c: Category, before: dict, after: dict) -> None:
    assert c.id is not None
    audit.record(db, actor, action, "category", c.id, label=c.name, before=before, after=after)


def _values(c: Category) -> dict[str, Any]:
    return {
        "name": c.name,
        "parentId": c.parent_id,
        "level": c.level,
        "visible": c.can_display_on_ui,
        "displayOrder": c.display_order,
    }


def create_category(db: Session, actor: User, fields: dict[str, Any]) -> AdminCategoryDict:
    """A new category (`name` required, `parentId` optional: the level follows, at most 3),
    placed last among its siblings, shown unless `visible` is false; audited."""
    access.require(actor, "catalogue")
    name = required_text(fields.get("name"), "name", "nom")
    visible = (
        check_bool(fields["visible"], field="visible", label="visible")
        if fields.get("visible") is not None
        else True
    )
    texts = clean_translations(fields.get("translations"), with_description=False)
    _lock_tree(db)
    parent = _parent(db, fields.get("parentId"))
    parent_id = parent.id if parent else None
    category = Category(
        key=new_key(db, Category, name, 120),
        name=name,
        level=parent.level + 1 if parent else 1,
        parent_id=parent_id,
        can_display_on_ui=visible,
        display_order=_next_order(db, parent_id),
    )
    db.add(category)
    db.flush()
    assert category.id is not None
    _, after_texts = put_texts(db, "category", category.id, {}, texts)
    _audit(db, actor, "category.create", category, {}, {**_values(category), **after_texts})
    search_index.reindex_categories(db, [category.id])
    bump_version(db)
    db.flush()
    return category_detail(db, actor, category.id)


def update_category(
    db: Session, actor: User, category_id: Any, fields: dict[str, Any]
) -> AdminCategoryDict:
    """Rename (`name`, `translations`) or show/hide (`visible`); the fields left out stay.
    Audited with the changed fields only."""
    access.require(actor, "catalogue")
    values: dict[str, Any] = {}
    if "name" in fields:
        values["name"] = required_text(fields["name"], "name", "nom")
    if "visible" in fields:
        values["can_display_on_ui"] = check_bool(
            fields["visible"], field="visible", label="visible"
        )
    texts = clean_translations(fields.get("translations"), with_description=False)
    category = _category(db, category_id)
    assert category.id is not None
    old = _values(category)
    old_texts = stored_texts(db, "category", [category.id]).get(category.id, {})
    for name, value in values.items():
        setattr(category, name, value)
    db.add(category)
    before, after = changed(old, _values(category))
    text_before, text_after = put_texts(db, "category", category.id, old_texts, texts)
    before, after = {**before, **text_before}, {**after, **text_after}
    if after:
        _audit(db, actor, "category.update", category, before, after)
        db.flush()
        if set(after) & {"name", "translations"}:  # search reads visibility live
            search_index.reindex_categories(db, [category.id])
        bump_version(db)
    db.flush()
    return category_detail(db, actor, category.id)


def _subtree(db: Session, root: Category) -> list[Category]:
    """The category and every category below it (at most two levels down)."""
    found, layer = [root], [root]
    while layer:
        ids = [c.id for c in layer]
        layer = list(db.exec(select(Category).where(col(Category.parent_id).in_(ids))).all())
        found += layer
    return found


def move_category(db: Session, actor: User, category_id: Any, parent_id: Any) -> AdminCategoryDict:
    """Put a category (with its subtree) under another parent (None: the top level), last
    among its new siblings. Refused (400, field parentId): under itself or one of its own
    sub-categories, a 4th level, or articles taken off level 3."""
    access.require(actor, "catalogue")
    _lock_tree(db)
    category = _category(db, category_id)
    parent = _parent(db, parent_id)
    new_parent = parent.id if parent else None
    if new_parent == category.parent_id:
        return category_detail(db, actor, category.id)
    subtree = _subtree(db, category)
    if parent is not None and parent.id in {c.id for c in subtree}:
        raise ValidationFailed(
            "parentId", "Une catégorie ne peut pas aller sous elle-même ni sous une sous-catégorie"
        )
    shift = (parent.level + 1 if parent else 1) - category.level
    if max(c.level for c in subtree) + shift > MAX_LEVEL:
        raise ValidationFailed(
            "parentId", "Ce déplacement créerait un 4e niveau (3 niveaux au plus)"
        )
    counts = _article_counts(db)
    if shift and any(counts.get(c.id or 0) for c in subtree if c.level + shift != MAX_LEVEL):
        raise ValidationFailed(
            "parentId",
            "Des articles de cette catégorie quitteraient le niveau 3 : déplacez-les d'abord",
        )
    old = _values(category)
    last = _next_order(db, new_parent)
    category.parent_id, category.display_order = new_parent, last
    for c in subtree:
        c.level += shift
        db.add(c)
    before, after = changed(old, _values(category))
    _audit(db, actor, "category.update", category, before, after)
    db.flush()
    search_index.reindex_categories(db, [c.id for c in subtree if c.id is not None])
    bump_version(db)
    db.flush()
    return category_detail(db, actor, category.id)


def _place(db: Session, actor: User, category: Category, index: int) -> None:
    """Put the category at `index` (0-based, clamped) among its siblings and number them
    1..n; each one whose order changes is audited."""
    if category.level >= MAX_LEVEL:
        raise Conflict(
            "Les catégories de niveau 3 sont classées par nom sur la boutique",
            key="admin.catalogue.errors.byName",
        )
    ordered = [c for c in _siblings(db, category.parent_id) if c.id != category.id]
    ordered.insert(min(max(index, 0), len(ordered)), category)
    moved = False
    for position, c in enumerate(ordered, start=1):
        if c.display_order != position:
            before = {"displayOrder": c.display_order}
            c.display_order = position
            db.add(c)
            _audit(db, actor, "category.update", c, before, {"displayOrder": position})
            moved = True
    if moved:
        bump_version(db)
    db.flush()


def step_category(db: Session, actor: User, category_id: Any, direction: Any) -> AdminCategoryDict:
    """One place up or down among its siblings (nothing at either end)."""
    access.require(actor, "catalogue")
    step = -1 if check_choice(direction, DIRECTIONS, field="direction", label="sens") == "up" else 1
    _lock_tree(db)
    category = _category(db, category_id)
    index = [c.id for c in _siblings(db, category.parent_id)].index(category.id)
    _place(db, actor, category, index + step)
    return category_detail(db, actor, category.id)


def place_category(db: Session, actor: User, category_id: Any, position: Any) -> AdminCategoryDict:
    """Put the category at `position` (1 = first) among its siblings; past the end: last."""
    access.require(actor, "catalogue")
    wanted = record_id(position, text=False)
    if wanted is None:
        raise ValidationFailed("position", "La position est un entier à partir de 1")
    _lock_tree(db)
    category = _category(db, category_id)
    _place(db, actor, category, wanted - 1)
    return category_detail(db, actor, category.id)
