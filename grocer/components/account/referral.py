"""The account's "referral" section (001 §2 "Account page"): share by e-mail, the share link
with its copy button, how it works, the terms (§9) and the referral settings."""

from __future__ import annotations

import reflex as rx

from grocer.components.account.frame import loading_text, section_frame
from grocer.components.form_parts import (
    PRIMARY,
    SECONDARY,
    error_box,
    field_input,
    info_box,
    spinner,
    verbatim_attrs,
)
from grocer.components.i18n import t
from grocer.services.settings_doc import MONTHLY_INVITATION_LIMITS
from grocer.state.account_referral import EMAILS_MAX, NAME_MAX, AccountReferralState
from grocer.state.currency import CurrencyState
from grocer.views.styles import FOCUS

S = AccountReferralState
BOX = "rounded-xl border border-gray-200 p-4"
SUBTITLE = "text-base font-semibold text-gray-900"
LABEL = "block text-sm font-medium text-gray-800"
HINT = "mt-1 text-xs text-gray-600"
INPUT = (
    "mt-1 block h-11 w-full min-w-0 rounded-xl border border-gray-300 bg-white px-3 text-base "
    "text-gray-900 placeholder:text-gray-500 disabled:bg-gray-100 disabled:text-gray-500 "
    f"aria-[invalid=true]:border-red-500 {FOCUS}"
)
INVITE_ERROR_ID = "referral-invite-error"
SETTINGS_MESSAGE_ID = "referral-settings-message"


def _amounts() -> dict[str, rx.Var[str]]:
    """The reward and the minimum in the shopper's currency, for the texts' placeholders."""
    return {
        "amount": S.reward_shown[CurrencyState.code].to(str),
        "minimum": S.minimum_shown[CurrencyState.code].to(str),
    }


def _busy_button(label_key: str, busy_key: str, busy: rx.Var[bool], **props) -> rx.Component:
    return rx.el.button(
        rx.cond(busy, spinner(), rx.fragment()),
        rx.cond(busy, t(busy_key), t(label_key)),
        type="submit",
        aria_busy=busy,
        class_name=f"{PRIMARY} sm:w-auto",
        **props,
    )


def _labelled(
    field_id: str, label_key: str, field: rx.Component, hint_key: str = ""
) -> rx.Component:
    return rx.el.div(
        rx.el.label(t(label_key), html_for=field_id, class_name=LABEL),
        field,
        rx.el.p(t(hint_key), class_name=HINT) if hint_key else rx.fragment(),
    )


def _not_eligible() -> rx.Component:
    return rx.cond(
        S.eligible,
        rx.fragment(),
        rx.el.p(
            t("referral:notEligible"),
            role="note",
            class_name="rounded-xl bg-amber-50 px-3 py-2.5 text-sm font-medium text-amber-900",
        ),
    )


def _invite_form() -> rx.Component:
    """001 §3 referral form: yourName (optional), emailInvitation (several, comma-separated)."""
    locked = ~S.eligible | S.invite_busy
    return rx.el.form(
        rx.el.h3(t("referral:invite.title"), class_name=SUBTITLE),
        _labelled(
            "referral-your-name",
            "referral:invite.yourName",
            field_input(
                "referral-your-name",
                name="yourName",
                autocomplete="name",
                class_name=INPUT,
                disabled=locked,
                attrs={"maxLength": str(NAME_MAX)},
            ),
        ),
        _labelled(
            "referral-emails",
            "referral:invite.emails",
            field_input(
                "referral-emails",
                name="emailInvitation",
                type="text",
                autocomplete="off",
                class_name=INPUT,
                disabled=locked,
                invalid=S.invite_error != "",
                error_id=INVITE_ERROR_ID,
                placeholder=t("referral:invite.emailsPlaceholder"),
                attrs={**verbatim_attrs(EMAILS_MAX), "inputMode": "email"},
            ),
            "referral:invite.emailsHint",
        ),
        error_box(S.invite_error, INVITE_ERROR_ID, params=S.message_params),
        info_box(S.invite_info, params=S.message_params),
        info_box(S.skipped_info, params=rx.Var.create({"count": S.skipped_count.to_string()})),
        _busy_button(
            "referral:invite.submit", "referral:invite.busy", S.invite_busy, disabled=locked
        ),
        rx.el.p(
            t(
                "referral:invite.thisMonth",
                count=S.sent_this_month.to_string(),
                limit=S.monthly_limit.to_string(),
            ),
            class_name="text-xs text-gray-600",
        ),
        key=S.form_serial.to_string(),
        on_submit=S.send_invitation,
        reset_on_submit=False,
        aria_label=t("referral:invite.title"),
        class_name=f"{BOX} space-y-3",
    )


def _share_link() -> rx.Component:
    return rx.el.div(
        rx.el.h3(t("referral:link.title"), class_name=SUBTITLE),
        _labelled(
            "referral-link",
            "referral:link.label",
            rx.el.input(
                id="referral-link",
                value=S.link,
                read_only=True,
                class_name=f"{INPUT} bg-gray-50 text-sm",
            ),
        ),
        rx.el.p(
            t("referral:link.code"),
            " ",
            rx.el.strong(S.code, class_name="font-mono tracking-widest text-gray-900"),
            class_name="text-sm text-gray-700",
        ),
        rx.el.div(
            rx.el.button(
                t("referral:link.copy"),
                type="button",
                # written by the page itself: an event sent from the server would need eval,
                # which the Content-Security-Policy forbids
                on_click=[rx.set_clipboard(S.link), S.copy_link],
                class_name=SECONDARY,
            ),
            rx.el.span(
                rx.cond(S.copied, t("referral:link.copied"), ""),
                role="status",
                class_name="text-sm font-semibold text-green-800",
            ),
            class_name="flex flex-wrap items-center gap-3",
        ),
        rx.el.p(
            t("referral:link.rewards", count=S.rewards_count.to_string()),
            class_name="text-sm text-gray-700",
        ),
        class_name=f"{BOX} space-y-3",
    )


def _how_it_works() -> rx.Component:
    amounts = _amounts()
    steps = [
        ("1", "referral:how.step1Title", t("referral:how.step1")),
        ("2", "referral:how.step2Title", t("referral:how.step2", minimum=amounts["minimum"])),
        ("3", "referral:how.step3Title", t("referral:how.step3", amount=amounts["amount"])),
    ]
    return rx.el.div(
        rx.el.h3(t("referral:how.title"), class_name=SUBTITLE),
        rx.el.ol(
            *(
                rx.el.li(
                    rx.el.span(
                        number,
                        aria_hidden="true",
                        class_name=(
                            "flex h-8 w-8 shrink-0 items-center justify-center rounded-full "
                            "bg-green-700 text-sm font-bold text-white"
                        ),
                    ),
                    rx.el.div(
                        rx.el.p(t(title), class_name="font-semibold text-gray-900"),
                        rx.el.p(text, class_name="text-sm text-gray-700"),
                    ),
                    class_name="flex gap-3",
                )
                for number, title, text in steps
            ),
            class_name="mt-3 grid gap-4 md:grid-cols-3",
        ),
        class_name=BOX,
    )


def _terms() -> rx.Component:
    amounts = _amounts()
    lines = [
        t("referral:terms.reward", amount=amounts["amount"]),
        t("referral:terms.minimum", minimum=amounts["minimum"]),
        t("referral:terms.expiry"),
        t("referral:terms.once"),
        t("referral:terms.personal"),
        t("referral:terms.change"),
    ]
    return rx.el.div(
        rx.el.h3(t("referral:terms.title"), class_name=SUBTITLE),
        rx.el.ul(
            *(rx.el.li(line) for line in lines),
            class_name="mt-2 list-disc space-y-1 pl-5 text-sm text-gray-700",
        ),
        class_name=BOX,
    )


def _toggle(name: str, label_key: str, value: rx.Var[bool]) -> rx.Component:
    """A switch (role=switch): its state is the section's, sent with the save."""
    return rx.el.div(
        rx.el.span(t(label_key), id=f"referral-{name}-label", class_name="text-sm text-gray-800"),
        rx.el.button(
            rx.el.span(
                class_name=rx.cond(
                    value,
                    "block h-5 w-5 translate-x-5 rounded-full bg-white shadow transition",
                    "block h-5 w-5 translate-x-0 rounded-full bg-white shadow transition",
                ),
            ),
            type="button",
            role="switch",
            aria_checked=value,
            custom_attrs={"aria-labelledby": f"referral-{name}-label"},
            on_click=S.toggle(name),
            class_name=rx.cond(
                value,
                f"flex h-7 w-12 shrink-0 items-center rounded-full bg-green-700 px-1 {FOCUS}",
                f"flex h-7 w-12 shrink-0 items-center rounded-full bg-gray-400 px-1 {FOCUS}",
            ),
        ),
        class_name="flex items-center justify-between gap-4 py-1",
    )


def _settings_form() -> rx.Component:
    return rx.el.form(
        rx.el.h3(t("referral:settings.title"), class_name=SUBTITLE),
        rx.el.div(
            _toggle(
                "email_notifications", "referral:settings.emailNotifications", S.email_notifications
            ),
            _toggle(
                "push_notifications", "referral:settings.pushNotifications", S.push_notifications
            ),
            _toggle("public_profile", "referral:settings.publicProfile", S.public_profile),
            _toggle("shared_statistics", "referral:settings.sharedStatistics", S.shared_statistics),
            class_name="divide-y divide-gray-100",
        ),
        rx.el.div(
            _labelled(
                "referral-limit",
                "referral:settings.monthlyLimit",
                rx.el.select(
                    *(rx.el.option(str(n), value=str(n)) for n in MONTHLY_INVITATION_LIMITS),
                    id="referral-limit",
                    name="monthlyInvitationLimit",
                    default_value=S.monthly_limit.to_string(),
                    class_name=INPUT,
                ),
            ),
            _labelled(
                "referral-delay",
                "referral:settings.delay",
                field_input(
                    "referral-delay",
                    name="invitationDelayMinutes",
                    type="number",
                    class_name=INPUT,
                    default_value=S.delay_minutes.to_string(),
                    invalid=(S.settings_message != "") & ~S.settings_ok,
                    error_id=SETTINGS_MESSAGE_ID,
                    # no min/max: the browser would refuse 61 itself, without the spec's message
                    attrs={"inputMode": "numeric", "step": "1"},
                ),
                "referral:settings.delayHint",
            ),
            class_name="grid gap-4 sm:grid-cols-2",
        ),
        rx.cond(
            S.settings_ok,
            info_box(S.settings_message, SETTINGS_MESSAGE_ID),
            error_box(S.settings_message, SETTINGS_MESSAGE_ID),
        ),
        _busy_button(
            "referral:settings.save",
            "referral:settings.busy",
            S.settings_busy,
            disabled=S.settings_busy,
        ),
        on_submit=S.save_settings,
        reset_on_submit=False,
        aria_label=t("referral:settings.title"),
        no_validate=True,
        class_name=f"{BOX} space-y-4",
    )


def _content() -> rx.Component:
    amounts = _amounts()
    return rx.el.div(
        rx.el.p(t("referral:intro", amount=amounts["amount"]), class_name="text-sm text-gray-700"),
        _not_eligible(),
        rx.el.div(_invite_form(), _share_link(), class_name="grid gap-4 lg:grid-cols-2"),
        _how_it_works(),
        _terms(),
        _settings_form(),
        class_name="space-y-5",
    )


def referral_section() -> rx.Component:
    return section_frame(
        "account:nav.referral",
        rx.cond(
            S.loaded,
            _content(),
            rx.cond(
                S.load_error != "",
                error_box(S.load_error, "referral-load-error"),
                loading_text("referral:loading"),
            ),
        ),
        on_mount=S.load,
    )
