"""What the cart overlay gains for checkout: the slot dialogs' openers, the chosen slot, and
"Continuer vers la commande" (the way on for everyone; "Passer la commande" stays the spec's
button shown only after a failed save)."""

from __future__ import annotations

import reflex as rx

from grocer.components.dialog import FOCUS
from grocer.components.form_parts import PRIMARY
from grocer.components.i18n import t
from grocer.components.open_now import open_now_mark
from grocer.components.slot_dialog import DELIVERY_NOW, day_name
from grocer.state.bag import BagState
from grocer.state.checkout import CheckoutState
from grocer.state.delivery_panel import DeliveryPanelState
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


def chosen_slot() -> rx.Component:
    """The kept `deliveryTimeslot`, as the delivery panel shows it."""
    stored = SlotDialogState.stored
    return rx.cond(
        SlotDialogState.has_choice,
        rx.el.p(
            rx.cond(
                stored["kind"] == PICKUP,
                t("checkout:overlay.chosenPickup"),
                t("checkout:overlay.chosenDelivery"),
            ),
            " ",
            rx.el.strong(day_name(SlotDialogState.stored_day), ", ", stored["label"].to(str)),
            role="status",
            class_name="rounded-2xl bg-green-50 p-3 text-sm text-green-900",
            custom_attrs={"data-testid": "overlay-chosen-slot"},
        ),
    )


def continue_to_checkout() -> rx.Component:
    return rx.cond(
        BagState.count > 0,
        rx.el.button(
            t("checkout:overlay.continue"),
            type="button",
            on_click=CheckoutState.go,
            class_name=PRIMARY,
        ),
    )
