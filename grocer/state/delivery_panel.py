"""The cart overlay's "Delivery options" panel (000 §2.6, §4.6): slots, pickup, week view.

The day cards come from grocer.services.slots (5 days from today plus a week offset). The
week offset never goes below 0 (nor past the slots service's last page), and changing the week
resets the selected day.
"""

from __future__ import annotations

from typing import Any, TypedDict

import reflex as rx

from grocer.models.base import utcnow
from grocer.services import slots
from grocer.state.slot_dialog import SlotDialogState

DAYS = slots.DAYS_PER_PAGE[slots.DELIVERY]  # 5
FULL_WEEK_DAYS = 7
MAX_WEEK = slots.MAX_PAGE


class DayCard(TypedDict):
    """One day card of the panel; its texts are message keys."""

    index: int
    offset: int  # days from today
    iso: str
    day: int  # day of the month
    label_key: str  # the weekday, short
    name_key: str  # the card's accessible name: "Aujourd'hui", "Demain", else the weekday
    month_key: str


def day_cards(today: Any, week_offset: int, full_week: bool) -> list[DayCard]:
    """The day cards as the panel draws them (labels are message keys)."""
    count = FULL_WEEK_DAYS if full_week else DAYS
    cards = []
    for index, day in enumerate(slots.delivery_days(today, week_offset, count)):
        offset = (day - today).days
        weekday = f"bag:weekdaysShort.{day.weekday()}"
        cards.append(
            DayCard(
                index=index,
                offset=offset,
                iso=day.isoformat(),
                day=day.day,
                label_key=weekday,
                name_key=(
                    "bag:days.today"
                    if offset == 0
                    else "bag:days.tomorrow"
                    if offset == 1
                    else weekday
                ),
                month_key=f"bag:monthsShort.{day.month}",
            )
        )
    return cards


class DeliveryPanelState(rx.State):
    show_slots: bool = False
    pickup: bool = False
    full_week: bool = False
    professional: bool = False
    week_offset: int = 0
    selected_day: int = -1

    @rx.var
    def days(self) -> list[DayCard]:
        return day_cards(utcnow().date(), self.week_offset, self.full_week)

    @rx.event
    async def toggle_slots(self) -> None:
        """ "Voir les créneaux" opens (and closes) the slot panel; opening it fetches the
        delivery dialog's slots ahead, for "Choisir l'heure de livraison"."""
        self.show_slots = not self.show_slots
        if self.show_slots:
            await (await self.get_state(SlotDialogState)).fetch_delivery_ahead()

    @rx.event
    def toggle_pickup(self) -> None:
        """ "Je souhaite passer récupérer"."""
        self.pickup = not self.pickup

    @rx.event
    def toggle_full_week(self) -> None:
        self.full_week = not self.full_week
        self.selected_day = -1

    @rx.event
    def toggle_professional(self) -> None:
        self.professional = not self.professional

    @rx.event
    def next_week(self) -> None:
        if self.week_offset < MAX_WEEK:
            self.week_offset += 1
            self.selected_day = -1

    @rx.event
    def previous_week(self) -> None:
        if self.week_offset > 0:
            self.week_offset -= 1
            self.selected_day = -1

    @rx.event
    def select_day(self, index: int) -> None:
        count = FULL_WEEK_DAYS if self.full_week else DAYS
        if isinstance(index, int) and not isinstance(index, bool) and 0 <= index < count:
            self.selected_day = index
