"""The UI pieces of the dialogs that prove an e-mail by a code (sign-up and forgot password).

Both dialogs run on an `OtpFlowState` (grocer.state.otp_flow), so their e-mail, code and
new-password steps, the dialog around them (`code_flow_dialog`) and its end (`done_panel`) are
drawn once here. `flow` ("signup" or "forgot") names the dialog: it
prefixes the element ids (`{flow}-email`, `{flow}-code`, `{flow}-password`, `{flow}-confirm`,
each step's `…-form`, and `{flow}-error`) and picks the texts the two specs word differently
(`auth:{flow}.emailIntro`, `.sendCode`, `.codeSent`, `.verify`, `.resend`).
"""

from __future__ import annotations

from typing import Any

import reflex as rx

from grocer.components.auth_dialog import code_field, password_field, svg_icon, text_field
from grocer.components.dialog import dialog
from grocer.components.form_parts import (
    CHECK,
    LINK,
    SECONDARY,
    checked_form,
    error_box,
    info_box,
    network_notice,
    submit_button,
    verbatim_attrs,
)
from grocer.components.i18n import current_language, t
from grocer.components.icons import icon_badge
from grocer.components.open_now import (
    dialog_key,
    shown_value,
    value_now_field,
)
from grocer.components.open_now import shown_step as shown_step_now
from grocer.state.dialogs import DialogState
from grocer.state.otp_flow import EMAIL_MAX, RESEND_SECONDS, OtpFlowState


def lang_input() -> rx.Component:
    """The shopper's language, so the e-mailed code arrives in it."""
    return rx.el.input(type="hidden", name="lang", value=current_language)


def step_form(
    *children: rx.Component, on_submit: Any, form_id: str, next_step: str | None = None
) -> rx.Component:
    """One step's form: uncontrolled inputs, checked by the state rather than the browser.
    `next_step` ("signup=3"): the step the dialog shows as soon as it is submitted, before
    the server's answer (see `shown_step`)."""
    attrs = {"data-step-now": next_step} if next_step else None
    return checked_form(*children, on_submit=on_submit, form_id=form_id, attrs=attrs)


def shown_step(state: type[OtpFlowState], flow: str) -> rx.Var[int]:
    """The step the dialog draws: the one a form's `next_step` asked for, until the state has
    answered it (`OtpFlowState.answered`), else the state's (assets/open_now.js; a hook: for
    the dialogs' memo component body)."""
    return shown_step_now(flow, state.step, state.answered)


def drawn_ahead(state: type[OtpFlowState], flow: str) -> rx.Var[bool]:
    """Whether the step drawn is one submitted for and not answered yet (not the state's)."""
    return shown_step(state, flow) != state.step


def step_error(state: type[OtpFlowState], flow: str) -> rx.Var[str]:
    """The state's message, while the step it belongs to is the one drawn (a step drawn ahead
    of the server's answer starts clean; a refusal brings its step back with the message)."""
    return rx.cond(drawn_ahead(state, flow), "", state.error).to(str)


def back_button(state: type[OtpFlowState]) -> rx.Component:
    """ "Retour" to the previous step (disabled while a call is running)."""
    return rx.el.button(
        t("auth:common.back"),
        type="button",
        on_click=state.back,
        disabled=state.busy,
        class_name=SECONDARY,
    )


def email_step(state: type[OtpFlowState], flow: str, *after: rx.Component) -> rx.Component:
    """Step 1: the e-mail the code goes to; `after` follows the Send button."""
    return step_form(
        rx.el.p(t(f"auth:{flow}.emailIntro"), class_name="text-sm text-gray-600"),
        text_field(
            "email",
            t("auth:common.email"),
            f"{flow}-email",
            type="email",
            autocomplete="email",
            placeholder=t("auth:common.emailPlaceholder"),
            default_value=state.email,
            error_id=f"{flow}-error",
            invalid=state.error != "",
            autofocus=True,
            extra={**verbatim_attrs(EMAIL_MAX), **value_now_field(email_key(flow))},
        ),
        lang_input(),
        submit_button(t(f"auth:{flow}.sendCode"), t("auth:common.sending"), state.busy),
        *after,
        on_submit=state.send_code,
        form_id=f"{flow}-email-form",
        next_step=f"{flow}=2",
    )


def email_key(flow: str) -> str:
    """The key under which the e-mail just submitted is shown on the code step, before the
    server's answer (assets/open_now.js)."""
    return f"{flow}Email"


def code_step(state: type[OtpFlowState], flow: str) -> rx.Component:
    """Step 2: the 6-digit code, Verify, Back and Resend (a countdown until it is allowed).
    Drawn as soon as step 1 is submitted: until the server's answer, it names the e-mail
    typed, the countdown stands at its start and Verify is not busy with the sending."""
    ahead = drawn_ahead(state, flow)
    seconds = rx.cond(ahead, RESEND_SECONDS, state.resend_seconds)
    return step_form(
        rx.el.p(
            t(f"auth:{flow}.codeSent", email=shown_value(email_key(flow), state.email)),
            class_name="text-sm text-gray-600",
        ),
        code_field(f"{flow}-code", error_id=f"{flow}-error", invalid=step_error(state, flow) != ""),
        submit_button(t(f"auth:{flow}.verify"), t("auth:common.verifying"), state.busy & ~ahead),
        rx.el.div(
            back_button(state),
            rx.el.button(
                rx.cond(
                    seconds > 0,
                    t("auth:common.resendIn", seconds=seconds),
                    t(f"auth:{flow}.resend"),
                ),
                type="button",
                on_click=state.resend_code(current_language),
                disabled=(seconds > 0) | state.busy,
                class_name=LINK,
            ),
            class_name="flex items-center justify-between gap-3",
        ),
        on_submit=state.verify_code,
        form_id=f"{flow}-code-form",
        next_step=f"{flow}=3",
    )


def password_step(
    state: type[OtpFlowState],
    flow: str,
    label: Any,
    *actions: rx.Component,
    on_submit: Any,
    next_step: str | None = None,
) -> rx.Component:
    """Step 3: a new password and its confirmation (each with show/hide), then `actions`;
    `next_step` as `step_form`'s."""
    fields = (
        ("password", label, state.show_password, state.toggle_password),
        ("confirm", t("auth:common.confirmPassword"), state.show_confirm, state.toggle_confirm),
    )
    return step_form(
        *(
            password_field(
                name,
                field_label,
                f"{flow}-{name}",
                shown=shown,
                on_toggle=on_toggle,
                autocomplete="new-password",
                error_id=f"{flow}-error",
                invalid=step_error(state, flow) != "",
            )
            for name, field_label, shown, on_toggle in fields
        ),
        rx.el.p(t("auth:common.passwordHint"), class_name="-mt-2 text-xs text-gray-500"),
        *actions,
        on_submit=on_submit,
        form_id=f"{flow}-password-form",
        next_step=next_step,
    )


def done_panel(
    title: Any, *after: rx.Component, padding: str = "py-4", **title_props: Any
) -> rx.Component:
    """The end of a flow: a large check mark, `title`, then `after`."""
    return rx.el.div(
        icon_badge(svg_icon(CHECK, 32), "h-16 w-16", "rounded-full bg-green-100 text-green-700"),
        rx.el.p(title, class_name="text-lg font-bold text-gray-900", **title_props),
        *after,
        class_name=f"flex flex-col items-center gap-4 {padding} text-center",
    )


def code_flow_dialog(
    state: type[OtpFlowState],
    flow: str,
    *,
    titles: tuple[str, ...],
    description: Any,
    email: rx.Component,
    later: tuple[rx.Component, ...],
    done: rx.Component,
    header: rx.Component | None = None,
    footer: rx.Component | None = None,
    padding_top: str = "pt-2",
) -> rx.Component:
    """The dialog of a flow (opened as `DialogState.active == flow`): the notices, then step 1
    (`email`), 2 (the code) or 3… (`later`) with the title of that step in `titles`, or `done`
    at the end; `header` and `footer` are hidden once done."""

    def unless_done(part: rx.Component) -> rx.Component:
        return rx.cond(state.done, rx.fragment(), part)

    shown = shown_step(state, flow)
    title = rx.match(
        shown, *((step, t(key)) for step, key in enumerate(titles[1:], start=2)), t(titles[0])
    )
    # Each step keyed: without a key React keeps the previous step's <input> elements where the
    # next step has inputs at the same place, and an uncontrolled input keeps its text (the
    # e-mail just typed would show in the code field).
    steps = (
        (2, rx.fragment(code_step(state, flow), key=f"{flow}-step-2")),
        *((n, rx.fragment(part, key=f"{flow}-step-{n}")) for n, part in enumerate(later, start=3)),
    )
    return dialog(
        *([unless_done(header)] if header is not None else []),
        rx.el.div(
            network_notice(),
            error_box(step_error(state, flow), f"{flow}-error"),
            unless_done(info_box(state.info)),
            rx.cond(
                state.done,
                done,
                rx.match(shown, *steps, rx.fragment(email, key=f"{flow}-step-1")),
            ),
            *([unless_done(footer)] if footer is not None else []),
            class_name=f"flex flex-col gap-4 overflow-y-auto px-6 pb-6 {padding_top}",
        ),
        open=DialogState.active == flow,
        on_close=DialogState.close_dialog,
        title=title,
        description=description,
        dialog_id=f"{flow}-dialog",
        now_key=dialog_key(flow),
    )
