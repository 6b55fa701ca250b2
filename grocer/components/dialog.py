"""THE dialog primitive of the shop: every dialog, side panel and full-screen overlay uses it.

Built on @radix-ui/react-dialog (unstyled, no Radix Themes; through assets/dialog.js, which
fetches it when a dialog is first wanted and draws a closed dialog's trigger until then): a focus trap, Escape closes,
focus returns to the opener, the page behind is inert (aria-hidden) and does not scroll, the
dialog is labelled by its title (aria-labelledby) and described by its description, and it
carries role="dialog" and aria-modal="true". Stacked dialogs (the address dialog over the
cart overlay) each keep their own trap; Escape closes the top one.

    dialog(
        *children,
        open=DialogState.active == "login",      # Var[bool] (or bool)
        on_close=DialogState.close_dialog,       # event(s) run on Escape, backdrop, ×
        title=t("auth:login.title"),             # str | Var[str] | Component
        description=None,                        # str | Var[str] | Component (sr-only when
                                                 #   `describe_visibly` is False)
        variant="center",                        # "center" | "side" | "full"
        size="md",                               # "sm" | "md" | "lg" (center variant)
        show_close=True, close_label=None,       # the × button (label: common:close)
        dialog_id=None,                          # id of the content element
        header=True,                             # False: the children draw their own top
                                                 #   and must include dialog_title(...)
        class_name="",                           # extra classes for the content box
    )

`open` is controlled by a state var: the dialog asks to close through `on_close`, it never
closes itself, so the state stays the one source of truth.
"""

from __future__ import annotations

from typing import Any, Literal

import reflex as rx
from reflex_base.event import EventHandler, no_args_event_spec

from grocer.components.i18n import t
from grocer.views.styles import FOCUS, PAGE_ROOT_ID

RADIX = "@radix-ui/react-dialog@1.3.1"
"""Installed through rxconfig's frontend_packages: assets/dialog.js fetches it when a dialog is
first wanted, so that no page's first scripts carry it (issue 21)."""
LIBRARY = "$/public/dialog.js"


class _RadixDialog(rx.Component):
    library = LIBRARY


class DialogRoot(_RadixDialog):
    tag = "Root"
    alias = "DialogRoot"
    open: rx.Var[bool]
    modal: rx.Var[bool]
    # Shown opened or closed at once on a tap (assets/open_now.js): see `dialog(now_key=...)`.
    now_key: rx.Var[str]
    # Radix asks for a change of `open`; the app only ever opens through state, so any
    # request is a request to close (the boolean argument is not needed).
    on_open_change: EventHandler[no_args_event_spec]


class DialogTrigger(_RadixDialog):
    """The opener of a dialog that opens itself (the Refine dialog, the phone menu)."""

    tag = "Trigger"
    alias = "DialogTrigger"
    as_child: rx.Var[bool]


def _part(tag: str) -> type[_RadixDialog]:
    """A Radix Dialog part without props of its own, rendered as `Dialog{tag}`."""
    name = f"Dialog{tag}"
    return type(name, (_RadixDialog,), {"tag": tag, "alias": name, "__module__": __name__})


DialogPortal = _part("Portal")
DialogOverlay = _part("Overlay")
DialogContent = _part("Content")
DialogTitle = _part("Title")
DialogDescription = _part("Description")


class DialogClose(_RadixDialog):
    tag = "Close"
    alias = "DialogClose"
    as_child: rx.Var[bool]


Variant = Literal["center", "side", "full"]

_SIZES = {"sm": "sm:max-w-sm", "md": "sm:max-w-md", "lg": "sm:max-w-2xl"}

_CONTENT = {
    # A card in the middle; on a phone a sheet from the bottom, full width.
    "center": (
        "fixed inset-x-0 bottom-0 z-50 flex max-h-[92dvh] w-full flex-col overflow-hidden "
        "rounded-t-3xl bg-white shadow-2xl outline-none grocer-sheet "
        "sm:inset-x-auto sm:bottom-auto sm:left-1/2 sm:top-1/2 sm:-translate-x-1/2 "
        "sm:-translate-y-1/2 sm:rounded-3xl grocer-pop"
    ),
    # A panel along the right edge (the bag).
    "side": (
        "fixed inset-y-0 right-0 z-50 flex h-dvh w-full max-w-md flex-col bg-white shadow-2xl "
        "outline-none grocer-slide"
    ),
    # The whole screen (the cart overlay).
    "full": "fixed inset-0 z-50 flex flex-col overflow-hidden bg-gray-50 outline-none grocer-fade",
}

_OVERLAY = "fixed inset-0 z-50 bg-gray-950/45 backdrop-blur-[2px] grocer-fade"


def close_button(label: Any = None, on_click: Any = None, class_name: str = "") -> rx.Component:
    """The round × button (asks the dialog to close through its on_close)."""
    return DialogClose.create(
        rx.el.button(
            rx.el.svg(
                rx.el.svg.path(d="M6 6l12 12"),
                rx.el.svg.path(d="M18 6 6 18"),
                view_box="0 0 24 24",
                width="20",
                height="20",
                custom_attrs={
                    "fill": "none",
                    "stroke": "currentColor",
                    "strokeWidth": "2",
                    "strokeLinecap": "round",
                    "aria-hidden": "true",
                },
            ),
            type="button",
            aria_label=label if label is not None else t("common:close"),
            class_name=(
                "inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full "
                f"text-gray-600 hover:bg-gray-100 hover:text-gray-900 {FOCUS} {class_name}"
            ).strip(),
            **({"on_click": on_click} if on_click is not None else {}),
        ),
        as_child=True,
    )


def dialog_title(title: Any, class_name: str = "") -> rx.Component:
    """The accessible title (use inside `dialog(..., header=False)` custom tops)."""
    return DialogTitle.create(
        title, class_name=class_name or "text-xl font-bold tracking-tight text-gray-900"
    )


def dialog_description(text: Any, class_name: str = "") -> rx.Component:
    """The accessible description, drawn where the caller wants it (instead of `description`)."""
    return DialogDescription.create(text, class_name=class_name or "text-sm text-gray-600")


def dialog(
    *children: rx.Component,
    open: rx.Var[bool] | bool,
    on_close: Any,
    title: Any,
    description: Any = None,
    describe_visibly: bool = False,
    variant: Variant = "center",
    size: str = "md",
    show_close: bool = True,
    close_label: Any = None,
    dialog_id: str | None = None,
    header: bool = True,
    class_name: str = "",
    now_key: str | None = None,
) -> rx.Component:
    """An accessible modal dialog (see the module docstring). With `now_key`, a control marked
    by `open_now.open_now_mark` and the dialog's own close requests show it opened or
    closed at once, before the state's answer (issue 23)."""
    parts: list[rx.Component] = []
    if header:
        parts.append(
            rx.el.div(
                dialog_title(title),
                close_button(close_label) if show_close else rx.fragment(),
                class_name=(
                    "flex items-start justify-between gap-4 px-6 pb-2 pt-6"
                    if variant == "center"
                    else "flex items-center justify-between gap-4 border-b border-gray-100 px-5 py-4"
                ),
            )
        )
    if description is not None:
        parts.append(
            DialogDescription.create(
                description,
                class_name="px-6 text-sm text-gray-600" if describe_visibly else "sr-only",
            )
        )
    content_class = _CONTENT[variant]
    if variant == "center":
        content_class += " " + _SIZES.get(size, _SIZES["md"])
    attrs: dict[str, Any] = {"aria-modal": "true"}
    content = DialogContent.create(
        *parts,
        *children,
        class_name=f"{content_class} {class_name}".strip(),
        custom_attrs=attrs,
        **({"id": dialog_id} if dialog_id else {}),
    )
    return DialogRoot.create(
        DialogPortal.create(DialogOverlay.create(class_name=_OVERLAY), content),
        open=open,
        on_open_change=on_close,
        **({"now_key": now_key} if now_key else {}),
    )


def notice_dialog(
    badge: rx.Component,
    message: Any,
    *actions: rx.Component,
    open: rx.Var[bool] | bool,
    on_close: Any,
    title: Any,
    dialog_id: str,
    spacing: str,
    title_inside: bool = False,
    now_key: str | None = None,
) -> rx.Component:
    """A small dialog that tells one thing, centred: `badge`, the title when `title_inside`
    (else it stays in the header), `message` (the dialog's description), then `actions`;
    `now_key` as `dialog`'s."""
    heading = (
        [dialog_title(title, class_name="text-2xl font-bold tracking-tight text-gray-900")]
        if title_inside
        else []
    )
    return dialog(
        rx.el.div(
            badge,
            *heading,
            dialog_description(message, class_name="text-gray-600"),
            *actions,
            class_name=f"flex flex-col items-center {spacing} text-center",
        ),
        open=open,
        on_close=on_close,
        title=title,
        header=not title_inside,
        size="sm",
        dialog_id=dialog_id,
        now_key=now_key,
    )


#: Keyframes used by the variants (added once to the page by `dialog_styles()`): on a phone a
#: dialog, a sheet or the bag panel appears in place, fading in, and does not move: a slowed
#: phone draws a slide's frames late, and the sheet's buttons moved under the shopper's finger
#: for 0.2 s after each opening (issue 23: the journey's taps after an opening waited for it).
#: Wider screens keep the panel's slide and the card's pop.
#:
#: Two rules keep a modal's opening and closing from restyling the whole page (issue 23; on a
#: 4× slowed phone they cost 25–75 ms each on the home page, twice per dialog):
#: - Radix's scroll lock (react-remove-scroll-bar) sets `--removed-body-scroll-bar-size` on
#:   <body>. Inherited, as custom properties are unless registered, its change restyled every
#:   element; registered as not inherited, it restyles <body> alone. Nothing of ours reads it.
#: - Radix sets `pointer-events: none` on <body>, an inherited property, so that nothing outside
#:   the modal takes a tap. The page's root keeps `auto`, so the page is not restyled: every
#:   modal of the shop lays its backdrop (`fixed inset-0`) over the page, which takes those taps.
_NO_PAGE_RESTYLE = (
    '@property --removed-body-scroll-bar-size { syntax: "*"; inherits: false; }\n'
    f"#{PAGE_ROOT_ID} {{ pointer-events: auto }}\n"
)
DIALOG_CSS = (
    _NO_PAGE_RESTYLE
    + """@keyframes grocer-fade { from { opacity: 0 } to { opacity: 1 } }
@keyframes grocer-pop { from { opacity: 0; scale: .97 } to { opacity: 1; scale: 1 } }
@keyframes grocer-slide { from { translate: 32px 0; opacity: .6 } to { translate: 0 0; opacity: 1 } }
.grocer-fade, .grocer-sheet, .grocer-slide { animation: grocer-fade .16s ease-out }
@media (min-width: 640px) {
  .grocer-slide { animation: grocer-slide .2s ease-out }
  .grocer-pop { animation: grocer-pop .18s ease-out }
}
@media (prefers-reduced-motion: reduce) {
  .grocer-fade, .grocer-sheet, .grocer-slide, .grocer-pop { animation: none }
}
"""
)


def dialog_styles() -> rx.Component:
    return rx.el.style(DIALOG_CSS)
