"""The delivery address dialog (000 §2.3, §4.5), with its map picker, the "Magasins à
proximité" modal and the save toast. Mounted once by `global_overlays()`.

Opened by `open_address_dialog()` (header link, cart overlay, checkout summary: opened and
started in one event) or, on a saved address, by `AddressState.edit_address(id)`. On open it
detects the sign-in, loads the stored or edited address, asks the device position once and
fills the fields from it; on screens narrower than 640 px the map picker opens by itself.
"""

from __future__ import annotations

from typing import Any

import reflex as rx
from reflex_base.vars.base import Var, VarData

from grocer.components.address_picker_modal import address_picker_modal
from grocer.components.browser import browser_call, mount_hook, on_each_value
from grocer.components.buttons import icon_text_button
from grocer.components.dialog import FOCUS, dialog
from grocer.components.form_parts import (
    coordinate_attrs,
    error_box,
    field_input,
    spinner,
    submit_button,
)
from grocer.components.i18n import current_language, t, t_var
from grocer.components.icons import icon, stroke_icon
from grocer.components.map_picker import PICKER_NOW, field_key, map_picker
from grocer.components.open_now import (
    dialog_key,
    open_now_mark,
    saving_now,
    shown_value,
    step_now_mark,
)
from grocer.components.prefetch import map_ahead
from grocer.components.toast import toast_box
from grocer.services.validation import LATITUDE, LONGITUDE
from grocer.state.address import GEOLOCATE_JS, LABEL_MAX, TEXT_FIELDS, AddressState
from grocer.state.dialogs import DialogState
from grocer.state.map_picker import SMALL_SCREEN_PX, MapPickerState, StorePickerState
from grocer.state.session import SessionState
from grocer.views.icons import PATHS

INPUT = (
    "block h-11 w-full rounded-xl border border-gray-300 bg-white px-3.5 text-base text-gray-900 "
    "placeholder:text-gray-400 shadow-sm transition focus:border-green-600 focus:outline-none "
    "focus:ring-4 focus:ring-green-600/15 aria-[invalid=true]:border-red-500 "
    "aria-[invalid=true]:ring-2 aria-[invalid=true]:ring-red-500/15"
)
LABEL = "mb-1 block text-sm font-semibold text-gray-800"
TILE = (
    "flex min-h-12 items-center gap-2.5 rounded-2xl border border-gray-200 bg-white px-3 py-2.5 "
    "text-left text-sm font-semibold text-gray-800 shadow-sm transition hover:border-green-600 "
    f"hover:bg-green-50 disabled:cursor-wait disabled:opacity-70 {FOCUS}"
)

# Extra stroke icons (24×24).
MAP = ("M9 4 3 6v14l6-2 6 2 6-2V4l-6 2-6-2Z", "M9 4v14", "M15 6v14")
STORE = ("M4 10v10h16V10", "M3 10l2-6h14l2 6", "M3 10a3 3 0 0 0 6 0 3 3 0 0 0 6 0 3 3 0 0 0 6 0",
         "M10 20v-5h4v5")  # fmt: skip


def _input(
    field_id: str,
    value: rx.Var,
    on_change: Any,
    *,
    invalid: rx.Var[bool] | bool = False,
    type: str = "text",  # noqa: A002 (the HTML attribute)
    autocomplete: str = "off",
    placeholder: Any = None,
    extra: dict[str, Any] | None = None,
) -> rx.Component:
    """A controlled input, debounced in the browser (nothing typed is lost on a slow link)."""
    return rx.debounce_input(
        field_input(
            field_id,
            name=field_id,
            class_name=INPUT,
            autocomplete=autocomplete,
            invalid=invalid,
            error_id="address-error",
            placeholder=placeholder,
            # A number input is declared through its attribute: Reflex would otherwise send the
            # value through Number() ("" → 0, "12." → 12) and fight the shopper's typing.
            attrs={"type": type, **(extra or {})},
            value=value,
            on_change=on_change,
        ),
        debounce_timeout=250,
        force_notify_on_blur=True,
        force_notify_by_enter=True,
    )


def shown_field(name: str) -> rx.Var[str]:
    """The field `name` as drawn: what the picker's "Confirmer" just put in, else the state's
    (assets/open_now.js)."""
    return shown_value(field_key(name), getattr(AddressState, name))


SAVE_NOW = "addressSave"
"""The dialog's submit: drawn as step 1 (saving) from the tap until the state's answer."""


def saving_shown() -> rx.Var[bool]:
    """Whether the form was submitted and the state has not answered it yet: the dialog is
    drawn closed meanwhile, and the address as the form holds it (`shown_label`)."""
    return saving_now(SAVE_NOW, AddressState.answered)


def shown_label() -> rx.Var[str]:
    """The one-line address as drawn: while a submit is on its way, the form's, written as
    grocer.state.address.address_label writes it (from the fields as drawn); else the state's
    `label`."""
    street, city, country = (shown_field(name) for name in ("street", "city", "country"))
    saving, label = saving_shown(), AddressState.label
    expr = (
        f"({saving} ? ((s, c, k) => {{ const text = s && c && "
        "!s.toLowerCase().includes(c.toLowerCase()) ? `${s}, ${c}` : s || c || k; "
        f"return text.length <= {LABEL_MAX} ? text : "
        f"text.slice(0, {LABEL_MAX - 1}).replace(/[ ,]+$/, '') + '…'; }})"
        f"(String({street}).trim(), String({city}).trim(), String({country}).trim()) : {label})"
    )
    data = VarData.merge(
        *(var._get_all_var_data() for var in (street, city, country, saving, label))
    )
    return rx.Var(_js_expr=expr, _var_type=str, _var_data=data).to(str)


def text_field(
    name: str,
    label_key: str,
    *,
    required: bool = False,
    key: str = "",
    autocomplete: str = "off",
    placeholder: Any = None,
    class_name: str = "",
) -> rx.Component:
    field_id = f"address-{name.replace('_', '-')}"
    invalid = AddressState.invalid_fields.contains(key) if key else False
    return rx.el.div(
        rx.el.label(
            t(label_key),
            rx.el.span(" *", class_name="text-red-600", aria_hidden="true") if required else "",
            html_for=field_id,
            class_name=LABEL,
        ),
        _input(
            field_id,
            shown_field(name),
            AddressState.set_field(name),
            invalid=invalid,
            autocomplete=autocomplete,
            placeholder=placeholder,
            extra={
                "maxLength": str(TEXT_FIELDS[name][1]),
                **({"aria-required": "true"} if required else {}),
            },
        ),
        class_name=f"min-w-0 {class_name}".strip(),
    )


def coordinate_field(axis: str) -> rx.Component:
    """The latitude or longitude (`axis`, also the AddressState var) typed by hand."""
    field_id = f"address-{axis}"
    return rx.el.div(
        rx.el.label(t(f"address:fields.{axis}"), html_for=field_id, class_name=LABEL),
        _input(
            field_id,
            shown_field(axis),
            AddressState.set_field(axis),
            extra=coordinate_attrs(axis),
        ),
        class_name="min-w-0",
    )


def _tile(
    glyph: rx.Component, label: Any, on_click: Any, tile_id: str, wide: bool = False, **props: Any
) -> rx.Component:
    """One quick action: an icon beside its label, in a tile (`wide`: the whole row on a phone)."""
    return rx.el.button(
        glyph,
        rx.el.span(label),
        type="button",
        on_click=on_click,
        class_name=f"{TILE} col-span-2 sm:col-span-1" if wide else TILE,
        id=tile_id,
        **props,
    )


def quick_actions() -> rx.Component:
    """Current position, choose on the map, nearby stores."""
    locating = AddressState.locating
    return rx.el.div(
        _tile(
            rx.cond(locating, spinner(20), icon("locate", 20, "text-green-700")),
            rx.cond(
                locating,
                t("address:dialog.locating"),
                t("address:dialog.useCurrentPosition"),
            ),
            AddressState.use_current_position,
            "address-use-position",
            aria_busy=locating,
        ),
        _tile(
            stroke_icon(MAP, 20, "text-green-700"),
            t("address:dialog.chooseOnMap"),
            MapPickerState.open_picker,
            "address-open-map",
        ),
        _tile(
            stroke_icon(STORE, 20, "text-green-700"),
            t("address:dialog.nearbyStores"),
            [
                StorePickerState.open_store_picker(current_language),
                browser_call(GEOLOCATE_JS, StorePickerState.got_location),
            ],
            "address-open-stores",
            wide=True,
        ),
        class_name="grid grid-cols-2 gap-2 sm:grid-cols-3",
    )


def default_checkbox() -> rx.Component:
    return rx.el.label(
        rx.el.input(
            type="checkbox",
            checked=AddressState.is_default,
            on_change=AddressState.toggle_default,
            id="address-default",
            name="address-default",
            class_name="h-5 w-5 rounded accent-green-700",
        ),
        t("address:dialog.setDefault"),
        html_for="address-default",
        class_name="inline-flex cursor-pointer items-center gap-2.5 text-sm text-gray-800",
    )


def guest_sign_in() -> rx.Component:
    return rx.cond(
        AddressState.signed_in,
        rx.fragment(),
        rx.el.div(
            rx.el.p(t("address:dialog.signInHint"), class_name="flex-1 text-sm text-gray-600"),
            icon_text_button(
                "user",
                t("address:dialog.signIn"),
                on_click=AddressState.sign_in,
                class_name=(
                    "inline-flex h-10 shrink-0 items-center justify-center gap-2 rounded-full "
                    "border border-gray-300 bg-white px-4 text-sm font-semibold text-gray-800 "
                    f"transition hover:bg-gray-50 {FOCUS}"
                ),
            ),
            class_name=(
                "flex flex-col items-stretch gap-2 border-t border-gray-100 pt-4 "
                "min-[420px]:flex-row min-[420px]:items-center"
            ),
        ),
    )


#: The screen's width, read when the event is sent (the picker opens by itself under 640 px).
SCREEN_WIDTH: Var[int] = Var(_js_expr="window.innerWidth", _var_type=int)


ADDRESS_NOW = dialog_key("address")
"""The dialog's key: a tap that opens it draws it open at once (assets/open_now.js)."""
PICKER_AFTER_S = 0.04
"""The picker is drawn over the dialog a moment after it, as the state opens it in a message of
its own: drawn in the same update, it was hidden from the accessibility tree behind it."""


def open_address_dialog() -> Any:
    """The event of a control that opens the address dialog: opened and started at once."""
    return MapPickerState.open_dialog(current_language, SCREEN_WIDTH)


def opens_address_now() -> dict[str, Any]:
    """`custom_attrs` of a control that opens the dialog (`open_address_dialog`): when the
    opening would show the form as it is now (`AddressState.opens_fresh`, the same sign-in,
    the picker empty), the dialog is drawn open at once, and on a phone the picker over it, as
    the state then opens them (issue 23)."""
    mark = open_now_mark(
        {ADDRESS_NOW: True},
        later={PICKER_NOW: (True, PICKER_AFTER_S)},
        narrower_than={PICKER_NOW: SMALL_SCREEN_PX},
    )["data-open-now"]
    # Another dialog the state still has open is drawn closed (a tap can reach this control
    # only then: an open modal covers the page), its close on the way (the sign-up's success
    # closed by the browser's clock, the prompt's "Plus tard"): the state's opening replaces
    # it. Only the address dialog itself, open in the state, waits for the state.
    fresh = (
        AddressState.opens_fresh
        & (AddressState.signed_in == SessionState.is_authenticated)
        & (MapPickerState.query == "")
        & (DialogState.active != "address")
    )
    return {"data-open-now": rx.cond(fresh, mark, "")}


def address_form() -> rx.Component:
    return rx.el.form(
        # Mounted each time the dialog opens (Radix mounts the content only while open).
        mount_hook(MapPickerState.dialog_opened(current_language, SCREEN_WIDTH)),
        quick_actions(),
        error_box(AddressState.error_key, "address-error", sign=PATHS["alert"]),
        rx.el.div(
            text_field(
                "street",
                "address:fields.street",
                required=True,
                key="streetAddress",
                autocomplete="street-address",
                placeholder=t("address:fields.streetPlaceholder"),
                class_name="col-span-2 sm:col-span-4",
            ),
            text_field(
                "apartment",
                "address:fields.apartment",
                autocomplete="address-line2",
                class_name="col-span-2",
            ),
            text_field(
                "city",
                "address:fields.city",
                required=True,
                key="city",
                autocomplete="address-level2",
                class_name="sm:col-span-2",
            ),
            text_field(
                "region",
                "address:fields.state",
                autocomplete="address-level1",
                class_name="sm:col-span-2",
            ),
            text_field(
                "postal_code",
                "address:fields.postalCode",
                autocomplete="postal-code",
                class_name="sm:col-span-2",
            ),
            text_field(
                "country",
                "address:fields.country",
                required=True,
                key="country",
                autocomplete="country-name",
                class_name="sm:col-span-2",
            ),
            coordinate_field(LATITUDE),
            coordinate_field(LONGITUDE),
            class_name="grid grid-cols-2 gap-x-3 gap-y-3 sm:grid-cols-4",
        ),
        default_checkbox(),
        submit_button(
            t_var(AddressState.submit_key),
            t("address:dialog.saving"),
            AddressState.busy,
            id="address-submit",
        ),
        guest_sign_in(),
        on_submit=AddressState.submit,
        reset_on_submit=False,
        custom_attrs={"noValidate": True, **step_now_mark(SAVE_NOW, 1, ADDRESS_NOW)},
        class_name="flex flex-col gap-4 overflow-y-auto px-6 pb-6 pt-3 [&>*]:shrink-0",
        id="address-form",
    )


def address_toast(*, in_dialog: bool) -> rx.Component:
    """The 3-second toast of a save (000 §4.5). While the dialog is open it is drawn inside it
    (the rest of the page is inert then), otherwise at the bottom of the page."""
    dialog_open = DialogState.active == "address"
    shown = (AddressState.toast_key != "") & (dialog_open if in_dialog else ~dialog_open)
    return rx.cond(
        shown,
        toast_box(
            t_var(AddressState.toast_key),
            error=AddressState.toast_error,
            close_label=t("address:toast.close"),
            on_dismiss=AddressState.dismiss_toast,
            element_id="address-toast",
        ),
    )


def account_address_sync() -> rx.Component:
    """Loads the signed-in shopper's address at start and whenever the sign-in changes (the
    element is re-created when `is_authenticated` flips, which runs on_mount again). A guest
    whose page holds no account address has nothing to load or forget: no element, no event
    (one message less for every new tab). After a sign-out (in this tab or another one) the
    account's address is still held, so the element is there once more, to forget it."""
    return rx.cond(
        SessionState.is_authenticated | (AddressState.account_address.length() > 0),
        mount_hook(AddressState.sync_account, key=SessionState.is_authenticated.to_string()),
    )


def console_echo() -> rx.Component:
    """Logs AddressState.console_line in the browser console, once per new line (the element
    is re-created when the count changes); the logging code is compiled into the page."""
    return rx.cond(
        AddressState.console_line != "",
        mount_hook(
            rx.console_log(AddressState.console_line), key=AddressState.console_seq.to_string()
        ),
    )


def address_dialog() -> rx.Component:
    """Everything of the delivery address, mounted once (see `global_overlays`)."""
    return rx.fragment(
        account_address_sync(),
        console_echo(),
        # The device position, each time a handler asks for it (opening, "ma position").
        on_each_value(
            AddressState.locate_request,
            browser_call(GEOLOCATE_JS, AddressState.got_position(AddressState.locate_request)),
        ),
        dialog(
            address_form(),
            address_toast(in_dialog=True),
            map_ahead(),
            open=(DialogState.active == "address") & ~saving_shown(),
            on_close=AddressState.close,
            title=rx.cond(
                AddressState.editing, t("address:dialog.editTitle"), t("address:dialog.title")
            ),
            description=t("address:dialog.subtitle"),
            describe_visibly=True,
            size="lg",
            dialog_id="address-dialog",
            now_key=ADDRESS_NOW,
        ),
        map_picker(),
        address_picker_modal(on_select=AddressState.fill_from_choice),
        address_toast(in_dialog=False),
    )
