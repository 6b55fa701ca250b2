"""What the cart overlay gains for checkout: the slot dialogs' openers, the chosen slot, and
"Continuer vers la commande" (the way on for everyone; "Passer la commande" stays the spec's
button shown only after a failed save)."""

from __future__ import annotations

from typing import Any

import reflex as rx

from grocer.components.bag_now import opens_bag
from grocer.components.dialog import FOCUS
from grocer.components.form_parts import PRIMARY
from grocer.components.i18n import t
from grocer.components.open_now import open_now_mark
from grocer.components.slot_dialog import DELIVERY_NOW, day_name, saving_choice
from grocer.state.bag import BagState
from grocer.state.checkout import ROUTE, CheckoutState
from grocer.state.delivery_panel import DeliveryPanelState
from grocer.state.session import SessionState
from grocer.state.slot_dialog import PICKUP, SlotDialogState

LINK_BUTTON = (
    "inline-flex h-11 w-full items-center justify-center rounded-full bg-gray-900 px-4 text-sm "
    f"font-semibold text-white hover:bg-gray-700 {FOCUS}"
)


def choose_hour_button() -> rx.Component:
    """Under the day cards: the delivery dialog, on the chosen day card when there is one."""
    chosen = DeliveryPanelState.selected_day
    day = rx.cond(chosen >= 0, DeliveryPanelState.days[chosen]["iso"].to(str), "")
    return rx.el.button(
        t("checkout:overlay.chooseHour"),
        type="button",
        on_click=SlotDialogState.open_delivery(day),
        class_name=f"{LINK_BUTTON} mt-3",
        custom_attrs=open_now_mark({DELIVERY_NOW: True}),
    )


def choose_pickup_button() -> rx.Component:
    return rx.el.button(
        t("checkout:overlay.choosePickup"),
        type="button",
        on_click=SlotDialogState.open_pickup,
        class_name=LINK_BUTTON,
    )


def _chosen_line(pickup: rx.Var[bool] | bool, day: rx.Var, label: rx.Var) -> rx.Component:
    return rx.el.p(
        rx.cond(pickup, t("checkout:overlay.chosenPickup"), t("checkout:overlay.chosenDelivery")),
        " ",
        rx.el.strong(day_name(day), ", ", label.to(str)),
        role="status",
        class_name="rounded-2xl bg-green-50 p-3 text-sm text-green-900",
        custom_attrs={"data-testid": "overlay-chosen-slot"},
    )


def chosen_slot() -> rx.Component:
    """The kept `deliveryTimeslot`, as the delivery panel shows it; from the tap on the
    delivery dialog's "Enregistrer" to the state's answer, the hour chosen in it
    (`saving_choice`)."""
    stored, saving = SlotDialogState.stored, saving_choice()
    return rx.cond(
        saving,
        _chosen_line(False, saving["tab"].to(dict), saving["label"]),
        rx.cond(
            SlotDialogState.has_choice,
            _chosen_line(stored["kind"] == PICKUP, SlotDialogState.stored_day, stored["label"]),
        ),
    )


def to_checkout_button(label: Any, class_name: str) -> rx.Component:
    """A way on to /checkout from the cart overlay. Signed in, the tap moves the browser at
    once (the page's scripts were fetched ahead) and closes the overlay, while its event
    prepares the form (`CheckoutState.moved`, one round trip less before the form on a slow
    link, issue 23). Signed out, the event decides where to go (the guard's sign-in)."""

    def button(on_click: Any, attrs: dict[str, str]) -> rx.Component:
        return rx.el.button(
            label, type="button", on_click=on_click, class_name=class_name, custom_attrs=attrs
        )

    return rx.cond(
        SessionState.is_authenticated,
        button([rx.redirect(ROUTE), CheckoutState.moved], opens_bag(False, False)),
        button(CheckoutState.go, {}),
    )


def continue_to_checkout() -> rx.Component:
    return rx.cond(BagState.count > 0, to_checkout_button(t("checkout:overlay.continue"), PRIMARY))
