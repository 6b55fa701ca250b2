"""Favourites in the tab (issue 15): the hearts of the cards, "Add To Wishlist", "Mes favoris".

- `FavoritesState.ids` is the one small list every heart reads (`ids.contains(article_id)`):
  no per-card state. Signed in, it is the account's list (grocer.services.favorites), kept
  in a backend var; as a guest, the list the browser keeps under localStorage `favorites`
  (JSON ids, oldest first, synced across tabs, at most MAX_FAVOURITES).
- A toggle saves on the server when signed in, in the browser as a guest. At sign-in the
  guest's favourites are merged into the account (unknown ids ignored, the cap respected) and
  the browser key is cleared; a restored session and the section load the account's ids,
  merging first a guest list still in the browser (a merge cut short by leaving the page);
  a logout clears both; a session that ends without a logout leaves the guest list (merged
  at the next sign-in).
- `FavoritesSectionState` is the "Mes favoris" section: a page of the favourite articles as
  cards, shown only while still in `ids`, so that a heart or "Retirer" takes a card out at once.

Every id from the browser is checked (`record_id`: a positive 32-bit int) before use.
"""

from __future__ import annotations

import json
import logging
from typing import Any

import reflex as rx

from grocer.services import favorites
from grocer.services.errors import NotFound
from grocer.services.favorites import MAX_FAVOURITES, FavouritesFull
from grocer.services.validation import record_id
from grocer.state import session_events, session_guard
from grocer.state.session import parse_json
from grocer.state.toast import show_toast
from grocer.views.catalogue import CardView, cards

logger = logging.getLogger(__name__)

STORAGE_KEY = "favorites"

K_FULL = "favorites:errors.full"
K_GONE = "favorites:errors.gone"
K_FAILED = "favorites:errors.saveFailed"


def guest_ids(stored: object) -> list[int]:
    """The guest list kept in the browser, checked: valid ids, once each, the newest
    MAX_FAVOURITES; garbage is an empty list."""
    found = [i for i in (record_id(v, text=False) for v in parse_json(stored, list)) if i]
    return list(dict.fromkeys(found))[-MAX_FAVOURITES:]


def dump_ids(ids: list[int]) -> str:
    return json.dumps(ids, separators=(",", ":")) if ids else ""


class FavoritesState(rx.State):
    guest: str = rx.LocalStorage("", name=STORAGE_KEY, sync=True)
    _account_ids: list[int] = []  # newest first (the service's order)
    _signed_in: bool = False

    @rx.var
    def ids(self) -> list[int]:
        """The favourite article ids this tab shows (the account's, else the guest's)."""
        return list(self._account_ids) if self._signed_in else guest_ids(self.guest)

    def _show_account(self, ids: list[int]) -> None:
        self._account_ids = list(ids)
        self._signed_in = True

    def _forget_account(self) -> None:
        self._account_ids = []
        self._signed_in = False

    async def _save(self, user_id: int, ident: int, keep: bool) -> Any:
        """Add or remove one favourite on the server; a toast when it cannot be done."""
        change = favorites.add if keep else favorites.remove
        try:
            ids = await session_guard.call(change, user_id, ident, as_user=user_id)
        except FavouritesFull:
            return await show_toast(self, K_FULL, error=True)
        except NotFound:
            return await show_toast(self, K_GONE, error=True)
        except Exception:
            logger.warning("favourites: change not saved", exc_info=True)
            return await show_toast(self, K_FAILED, error=True)
        self._show_account(ids)
        return None

    async def _set(self, article_id: Any, keep: bool | None) -> Any:
        """Keep (True), forget (False) or toggle (None) the favourite `article_id`."""
        ident = record_id(article_id)
        if ident is None:
            return None
        user_id = await session_guard.signed_in_user_id(self)
        if user_id is None:
            self._forget_account()
            guest = guest_ids(self.guest)
            wanted = ident not in guest if keep is None else keep
            if not wanted:
                self.guest = dump_ids([i for i in guest if i != ident])
            elif ident not in guest:
                if len(guest) >= MAX_FAVOURITES:
                    return await show_toast(self, K_FULL, error=True)
                self.guest = dump_ids([*guest, ident])
            return None
        wanted = ident not in self.ids if keep is None else keep
        return await self._save(user_id, ident, wanted)

    @rx.event
    async def toggle(self, article_id: Any):
        """The heart of a card, "Add To Wishlist": the opposite of what the tab shows."""
        return await self._set(article_id, None)

    @rx.event
    async def remove(self, article_id: Any):
        """ "Retirer" in "Mes favoris": only ever removes (a double click is no re-add)."""
        return await self._set(article_id, False)

    async def _sync_account(self, user_id: int) -> bool:
        """The account's ids, after merging a guest list the browser still holds (a sign-in
        whose merge did not finish: the merge is idempotent); True when a list was merged."""
        guest = guest_ids(self.guest)
        if guest:
            ids = await session_guard.call(favorites.merge, user_id, guest, as_user=user_id)
            self.guest = ""
        else:
            ids = await session_guard.call(favorites.ids, user_id, as_user=user_id)
        self._show_account(ids)
        return bool(guest)

    @rx.event
    async def sync_account(self):
        """After a sign-in, and when a tab starts on a valid session: the guest's favourites
        join the account and leave the browser, then the account's ids are shown. If the
        merge fails the guest list stays, merged at the next try (reload, sign-in, section)."""
        user_id = await session_guard.signed_in_user_id(self)
        if user_id is None:
            return None
        try:
            merged = await self._sync_account(user_id)
        except Exception:
            logger.warning("favourites: account favourites not loaded", exc_info=True)
            return None
        return rx.remove_local_storage(STORAGE_KEY) if merged else None


class FavoritesSectionState(FavoritesState):
    """ "Mes favoris": the favourite articles as cards, a page at a time."""

    articles: list[CardView] = []
    loading: bool = True  # until the first answer (the page paints "Chargement...")
    failed: bool = False
    page: int = 0
    pages: int = 0

    @rx.var
    def shown(self) -> list[CardView]:
        """The loaded cards still favourite (a heart or "Retirer" takes one out at once)."""
        kept = set(self.ids)
        return [card for card in self.articles if card["id"] in kept]

    @rx.var
    def more(self) -> bool:
        return self.page < self.pages

    async def _fetch(self, page: int):
        user_id = await session_guard.signed_in_user_id(self)
        if user_id is None:
            self.loading = False
            return
        try:
            await self._sync_account(user_id)
            found = await session_guard.call(
                favorites.page, user_id, page, favorites.PAGE_SIZE, as_user=user_id
            )
        except Exception:
            logger.warning("favourites: could not load the section", exc_info=True)
            self.loading = False
            self.failed = True
            return
        loaded = self.articles if page > 1 else []
        known = {card["id"] for card in loaded}
        self.articles = loaded + [c for c in cards(found["items"]) if c["id"] not in known]
        self.page, self.pages = found["page"], found["pages"]
        self.loading = False

    @rx.event
    async def load(self):
        """The section is shown: its first page, after the ids (which may have changed in
        another tab, or still wait for a guest list to merge)."""
        self.loading = True
        self.failed = False
        yield
        await self._fetch(1)

    @rx.event
    async def load_more(self):
        if self.loading or not self.more:
            return
        self.loading = True
        yield
        await self._fetch(self.page + 1)


# --- what the session's moments do to the favourites (grocer.state.session_events) -------------


async def _sync_account(state: rx.State) -> Any:
    """A sign-in, or a tab starting on a valid session: the guest list merges, the ids load."""
    return FavoritesState.sync_account()


session_events.on(session_events.RESTORED)(_sync_account)
session_events.on(session_events.SIGNED_IN)(_sync_account)


@session_events.on(session_events.ENDED)
async def _forget_when_the_session_ends(state: rx.State) -> None:
    (await state.get_state(FavoritesState))._forget_account()


@session_events.on(session_events.LOGGED_OUT)
async def _clear_on_logout(state: rx.State) -> Any:
    """A logout leaves nothing of the account's favourites in the browser."""
    mine = await state.get_state(FavoritesState)
    mine._forget_account()
    mine.guest = ""
    return rx.remove_local_storage(STORAGE_KEY)
