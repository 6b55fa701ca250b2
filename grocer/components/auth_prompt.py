"""The auth prompt (000 §4.3): once, when a signed-out visitor's bag reaches 2 articles."""

from __future__ import annotations

import reflex as rx

from grocer.components.auth_dialog import svg_icon, to_dialog_button
from grocer.components.bag_now import PROMPT_NOW, shown_total
from grocer.components.dialog import notice_dialog
from grocer.components.form_parts import PRIMARY, SECONDARY
from grocer.components.i18n import t
from grocer.components.icons import icon_badge
from grocer.components.open_now import open_now_mark
from grocer.state.dialogs import DialogState
from grocer.state.session import SessionState
from grocer.state.signup import SignupState

_BAG = ("M6 7h12l-1 13H7L6 7Z", "M9 7V6a3 3 0 0 1 6 0v1")


PROMPT = "auth_prompt"


def _fresh_sign_up() -> rx.Var[bool]:
    """The sign-up dialog as its opening would reset it (step 1, nothing typed nor said): only
    then can the browser draw it before the state's opening, with nothing stale in it."""
    return (
        (SignupState.step == 1)
        & ~SignupState.done
        & (SignupState.email == "")
        & (SignupState.error == "")
        & (SignupState.info == "")
    )


def auth_prompt() -> rx.Component:
    return notice_dialog(
        icon_badge(svg_icon(_BAG, 28), "h-14 w-14", "rounded-2xl bg-orange-100 text-orange-600"),
        t("bag:authPrompt.text", count=shown_total()),
        rx.el.div(
            to_dialog_button(
                "bag:createAccount", "signup", PRIMARY, drawn_from=PROMPT, ahead=_fresh_sign_up()
            ),
            to_dialog_button("bag:signIn", "login", f"{SECONDARY} w-full", drawn_from=PROMPT),
            rx.el.button(
                t("bag:authPrompt.later"),
                type="button",
                on_click=DialogState.close_dialog,
                custom_attrs=open_now_mark({PROMPT_NOW: False}),
                class_name="text-sm font-semibold text-gray-600 hover:text-gray-900",
            ),
            class_name="flex w-full flex-col items-center gap-3",
        ),
        open=(DialogState.active == "auth_prompt") & ~SessionState.is_authenticated,
        on_close=DialogState.close_dialog,
        title=t("bag:authPrompt.title"),
        dialog_id="auth-prompt",
        spacing="gap-4 px-6 pb-7 pt-2",
        now_key=PROMPT_NOW,
    )
