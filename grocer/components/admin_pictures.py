"""The picture field of the back-office's forms (issue 17): the row's picture now, a file picker
(click, or drop a file on it), the picked file's name, a "Save the picture" button with the
upload's progress, and the service's message under it when it refuses the file.

The browser refuses a file over the limit or of another type before sending anything (the
same message as the service's); the service checks everything again. One field per kind is on
a page at a time: the upload's id is the kind's."""

from __future__ import annotations

import reflex as rx

from grocer.components.admin_parts import GREEN, SMALL
from grocer.components.browser import mount_hook
from grocer.components.i18n import t
from grocer.services.admin.pictures import MAX_BYTES
from grocer.state.admin_pictures import AdminPictureState as State

#: What the picker offers (MIME type → extensions), as the service accepts them.
ACCEPT: dict[str, list[str]] = {
    "image/jpeg": [".jpg", ".jpeg"],
    "image/png": [".png"],
    "image/webp": [".webp"],
}
PREVIEW = 96


def _upload_id(kind: str) -> str:
    return f"picture-{kind}"


def _current(kind: str, current: rx.Var[str]) -> rx.Component:
    return rx.cond(
        current,
        rx.el.img(
            src=current,
            alt=t("admin:pictures.current"),
            class_name="h-24 w-24 shrink-0 rounded-xl border border-gray-200 bg-white object-contain",
            custom_attrs={"width": str(PREVIEW), "height": str(PREVIEW)},
            id=f"picture-{kind}-current",
        ),
        rx.el.div(
            t("admin:pictures.none"),
            class_name=(
                "flex h-24 w-24 shrink-0 items-center justify-center rounded-xl border "
                "border-dashed border-gray-300 bg-white p-2 text-center text-xs text-gray-600"
            ),
        ),
    )


def _picker(kind: str) -> rx.Component:
    """The drop zone: a button-like area that opens the file dialog (its input is hidden)."""
    return rx.upload.root(
        rx.el.span(t("admin:pictures.choose"), class_name=f"{SMALL} h-auto min-h-10 py-1"),
        rx.el.span(t("admin:pictures.rules"), class_name="text-xs text-gray-600"),
        id=_upload_id(kind),
        multiple=False,
        max_files=1,
        max_size=MAX_BYTES,
        accept=ACCEPT,
        on_drop_rejected=lambda rejections: State.rejected(kind, rejections),
        drag_active_style={"border_color": "#15803d", "background_color": "#f0fdf4"},
        class_name=(
            "flex min-w-0 cursor-pointer flex-col items-start gap-1 rounded-xl border "
            "border-dashed border-gray-300 p-2"
        ),
        aria_label=t("admin:pictures.choose"),
    )


def picture_field(kind: str, ref_id: rx.Var[int], current: rx.Var[str]) -> rx.Component:
    """The picture of the `kind` row `ref_id` (its address now: `current`), with an upload."""
    upload_id = _upload_id(kind)
    chosen = rx.selected_files(upload_id)
    mine = State.kind == kind
    sending = mine & (State.busy | ((State.progress > 0) & (State.progress < 100)))
    return rx.el.section(
        rx.el.h3(t("admin:pictures.title"), class_name="text-sm font-semibold text-gray-900"),
        rx.el.div(
            _current(kind, current),
            _picker(kind),
            class_name="flex min-w-0 items-start gap-3",
        ),
        rx.cond(
            chosen.length() > 0,
            rx.el.p(
                t("admin:pictures.chosen", name=chosen[0]),
                class_name="break-all text-sm text-gray-800",
                id=f"picture-{kind}-chosen",
            ),
        ),
        rx.el.div(
            rx.el.button(
                rx.cond(sending, t("admin:pictures.saving"), t("admin:pictures.save")),
                type="button",
                on_click=[
                    State.save(
                        kind,
                        ref_id,
                        rx.upload_files(
                            upload_id=upload_id,
                            on_upload_progress=lambda p: State.sending(kind, p),
                        ),
                    ),
                    rx.clear_selected_files(upload_id),
                ],
                # Picked files are cleared as the upload starts: a second click finds none.
                disabled=(chosen.length() == 0) | State.busy | (ref_id <= 0),
                aria_busy=rx.cond(sending, "true", "false"),
                aria_describedby=f"picture-{kind}-message",
                class_name=GREEN,
            ),
            rx.cond(
                sending & (State.progress > 0),
                rx.el.progress(
                    value=State.progress,
                    max=100,
                    aria_label=t("admin:pictures.progress"),
                    class_name="h-2 w-28 accent-green-700",
                ),
            ),
            class_name="flex flex-wrap items-center gap-3",
        ),
        rx.el.p(
            rx.cond(mine, State.error_message, ""),
            id=f"picture-{kind}-message",
            role="alert",
            class_name="text-sm text-red-700 empty:hidden",
        ),
        # Mounted each time a save has answered (`finish` unmounts it again).
        rx.cond(State.answered, mount_hook(State.finish)),
        class_name="flex min-w-0 flex-col gap-2 rounded-xl bg-white p-3",
        aria_label=t("admin:pictures.title"),
    )
