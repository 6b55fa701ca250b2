"""The bag answering a tap at once (issue 23; the browser's part is assets/bag_now.js).

A tap on "+ Ajouter", + / − or remove changes what the card, the bag's line and the header's
count show before the server's answer comes back; the answer then replaces it (a refusal puts
the server's quantity back). `bag_now()` is mounted once, with the connection banner; the
others take the server's value and give what to show. Opening and closing the panel and the
overlay are shown at once too (`opens_bag`, `closes_overlay`; assets/open_now.js).
"""

from __future__ import annotations

from collections.abc import Callable

import reflex as rx
from reflex.vars import VarData

from grocer.components.assets import BAG_NOW_JS, asset_component, asset_import
from grocer.components.open_now import dialog_key, open_now_mark
from grocer.services.bag_totals import AUTH_PROMPT_QUANTITY
from grocer.state.bag import BagRow, BagState
from grocer.state.dialogs import DialogState
from grocer.state.session import SessionState

PANEL = "bagPanel"
"""The side panel's key for the taps that open or close it at once (assets/open_now.js)."""
OVERLAY = "bagOverlay"
"""The full-screen cart overlay's key."""


def opens_bag(panel: bool, overlay: bool | None = None) -> dict[str, str]:
    """`custom_attrs` of a control that opens or closes the panel (and the overlay) at once."""
    wishes = {PANEL: panel} if overlay is None else {PANEL: panel, OVERLAY: overlay}
    return open_now_mark(wishes)


def closes_overlay() -> dict[str, str]:
    return open_now_mark({OVERLAY: False})


BagNow = asset_component(BAG_NOW_JS, "BagNow", answered=rx.Var[int], quantities=rx.Var[dict],
                        prompt_key=rx.Var[str], prompt_quantity=rx.Var[int],
                        prompt_ready=rx.Var[bool])  # fmt: skip
"""Hears the server's bag (its quantities and its count of answered taps), watches the taps;
a guest's tap reaching `prompt_quantity` articles draws the auth prompt (`prompt_key`) at
once."""

PROMPT_NOW = dialog_key("auth_prompt")
"""The auth prompt's key (grocer.components.auth_prompt)."""

ShownQuantity = asset_component(BAG_NOW_JS, "ShownQuantity", article_id=rx.Var[str],
                                quantity=rx.Var[int])  # fmt: skip
"""A quantity as text: the one tapped, else the server's (a bag line's, inside a list)."""

ShownLine = asset_component(BAG_NOW_JS, "ShownLine", article_id=rx.Var[str],
                            quantity=rx.Var[int])  # fmt: skip
"""A bag line, drawn while its shown quantity is above 0: a removal shows at once."""

ShownCount = asset_component(BAG_NOW_JS, "ShownCount", count=rx.Var[int],
                             quantities=rx.Var[dict])  # fmt: skip
"""The header's badge: the bag's total with the taps not yet answered; nothing at 0."""


def bag_now() -> rx.Component:
    # As BagState._after_guest_change decides: signed out, not shown yet, no dialog open.
    ready = (
        ~SessionState.is_authenticated & ~BagState.auth_prompt_shown & (DialogState.active == "")
    )
    return BagNow.create(
        answered=BagState.answered,
        quantities=BagState.quantities,
        prompt_key=PROMPT_NOW,
        prompt_quantity=AUTH_PROMPT_QUANTITY,
        prompt_ready=ready,
    )


def _bag_hook(name: str, function: str, *reads: rx.Var) -> rx.Var[int]:
    """`const {name} = {function}(...reads);` of assets/bag_now.js, declared in the body of the
    component that uses the result."""
    hook = f"const {name} = {function}({', '.join(str(var) for var in reads)});"
    data = VarData.merge(
        asset_import(BAG_NOW_JS, function),
        VarData(hooks={hook: None}),
        *(var._get_all_var_data() for var in reads),
    )
    return rx.Var(_js_expr=name, _var_type=int, _var_data=data).to(int)


def shown_quantity(article_id: rx.Var, quantity: rx.Var[int]) -> rx.Var[int]:
    """The quantity a card shows (a hook: for a memo component's body, not inside a list)."""
    return _bag_hook("bagShownQuantity", "useShownQuantity", article_id, quantity)


def shown_total() -> rx.Var[int]:
    """The bag's article count as shown, the taps not yet answered included (a hook, as
    `shown_quantity`)."""
    return _bag_hook("bagShownTotal", "useShownCount", BagState.count, BagState.quantities)


def shown_line(line: Callable[[rx.Var[BagRow]], rx.Component]) -> Callable[..., rx.Component]:
    """`line` (a bag line's markup, for `rx.foreach`) hidden as soon as it is tapped away."""

    def drawn(item: rx.Var[BagRow]) -> rx.Component:
        return ShownLine.create(line(item), article_id=item["id"], quantity=item["quantity"])

    return drawn


def shown_count(class_name: str) -> rx.Component:
    return ShownCount.create(
        count=BagState.count, quantities=BagState.quantities, class_name=class_name
    )
