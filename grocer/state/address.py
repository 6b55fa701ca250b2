"""The delivery address the header shows. STUB (owned by the maps work); keep `label`."""

import reflex as rx


class AddressState(rx.State):
    label: str = ""
