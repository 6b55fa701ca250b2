"""The account's "profile" section (001 §2 "Account page", §3 "Profile labels", §5): the
profile form, the e-mail change by a code sent to the new address, the password change and
the account deletion request. The rules and messages are ProfileState's (grocer/state/profile.py).
"""

from __future__ import annotations

from typing import Any

import reflex as rx

from grocer.components.account.frame import empty_state, loading_text, section_frame
from grocer.components.form_parts import (
    PRIMARY,
    SECONDARY,
    error_box,
    field_input,
    phone_fields,
    submit_button,
    verbatim_attrs,
)
from grocer.components.i18n import current_language, t, t_var
from grocer.components.session_hooks import digits_only
from grocer.state.dialogs import DialogState
from grocer.state.profile import (
    CODE_LENGTH,
    EMAIL_MAX,
    GENDERS,
    NAME_MAX,
    REASON_MAX,
    ProfileState,
)
from grocer.views.styles import FOCUS

INPUT = (
    "block h-11 w-full rounded-xl border border-gray-300 bg-white px-3 text-base text-gray-900 "
    "shadow-sm focus:border-green-600 focus:outline-none focus:ring-4 focus:ring-green-600/15 "
    "disabled:bg-gray-100 disabled:text-gray-500 aria-[invalid=true]:border-red-500"
)
LABEL = "mb-1 block text-sm font-semibold text-gray-800"
SUBHEADING = "text-base font-semibold text-gray-900"
BLOCK = "space-y-4 border-t border-gray-200 pt-5"
DANGER = (
    "inline-flex h-11 items-center justify-center gap-2 rounded-full border border-red-300 "
    "bg-white px-5 text-sm font-semibold text-red-700 hover:bg-red-50 disabled:opacity-60 "
    f"{FOCUS}"
)
DANGER_SOLID = (
    "inline-flex h-11 items-center justify-center gap-2 rounded-full bg-red-700 px-5 text-sm "
    f"font-semibold text-white hover:bg-red-800 disabled:opacity-60 {FOCUS}"
)


def _form(*children: rx.Component, on_submit: Any, form_id: str, **props: Any) -> rx.Component:
    """A form of the section: uncontrolled inputs, checked by ProfileState, not the browser."""
    return rx.el.form(
        *children,
        on_submit=on_submit,
        reset_on_submit=False,
        custom_attrs={"noValidate": True},
        id=form_id,
        **props,
    )


def _submit_row(label_key: str, busy_key: str, busy: Any, *others: rx.Component) -> rx.Component:
    """The form's main button (busy while its call runs) and the buttons beside it."""
    return rx.el.div(
        rx.el.div(submit_button(t(label_key), t(busy_key), busy), class_name="sm:w-72"),
        *others,
        class_name="flex flex-wrap items-center gap-2",
    )


def _editable_form(
    legend: rx.Component,
    *children: rx.Component,
    on_submit: Any,
    form_id: str,
    key: Any,
    **props: Any,
) -> rx.Component:
    """A form whose fields are disabled while no profile is loaded (001 §2); `key` starts its
    inputs again from the state's values when they change."""
    return _form(
        rx.el.fieldset(legend, *children, disabled=~ProfileState.editable, class_name="min-w-0"),
        on_submit=on_submit,
        form_id=form_id,
        key=key,
        **props,
    )


def _field_error(errors: rx.Var[dict[str, str]], field: str) -> rx.Component:
    """The message under a field (role=alert), named by the field's aria-describedby."""
    return rx.cond(
        errors.contains(field),
        rx.el.p(
            t_var(errors[field].to(str)),
            id=f"profile-err-{field}",
            role="alert",
            class_name="mt-1 text-sm text-red-700",
        ),
    )


def _labelled(
    field: str, label_key: str, control: rx.Component, errors: rx.Var[dict[str, str]]
) -> rx.Component:
    return rx.el.div(
        rx.el.label(t(label_key), html_for=f"profile-{field}", class_name=LABEL),
        control,
        _field_error(errors, field),
    )


def _input(
    field: str,
    name: str,
    errors: rx.Var[dict[str, str]],
    *,
    autocomplete: str = "off",
    attrs: dict[str, Any] | None = None,
    **props: Any,
) -> rx.Component:
    return field_input(
        f"profile-{field}",
        name=name,
        class_name=INPUT,
        autocomplete=autocomplete,
        invalid=errors.contains(field),
        error_id=f"profile-err-{field}",
        attrs=attrs,
        **props,
    )


def _text(field: str, name: str, label_key: str, value: Any, auto: str, limit: int):
    errors = ProfileState.errors
    control = _input(
        field, name, errors, autocomplete=auto, default_value=value, attrs={"maxLength": limit}
    )
    return _labelled(field, label_key, control, errors)


def _phone(field: str, prefix: str, code: Any, number: Any, label_key: str, code_key: str):
    errors = ProfileState.errors
    return _labelled(
        field,
        label_key,
        phone_fields(
            f"profile-{field}",
            input_class=INPUT,
            country_code=code,
            invalid=errors.contains(field),
            error_id=f"profile-err-{field}",
            prefix=prefix,
            country_label=t(code_key),
            default_value=number,
        ),
        errors,
    )


def _email_row() -> rx.Component:
    """The e-mail (changed only through the code flow below) and its verified badge (001 §6)."""
    badge = rx.cond(
        ProfileState.email_verified,
        rx.el.span(
            t("profile:emailVerified"),
            class_name="rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800",
        ),
        rx.el.span(
            t("profile:emailNotVerified"),
            class_name="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900",
        ),
    )
    return rx.el.div(
        rx.el.label(t("profile:fields.email"), html_for="profile-email", class_name=LABEL),
        rx.el.div(
            rx.el.input(
                id="profile-email",
                name="email",
                type="email",
                value=ProfileState.email,
                read_only=True,
                class_name=f"{INPUT} min-w-0 basis-full bg-gray-50 sm:basis-auto sm:flex-1",
            ),
            badge,
            rx.el.button(
                t("profile:email.change"),
                type="button",
                on_click=ProfileState.open_email_change,
                disabled=~ProfileState.editable,
                class_name=f"{SECONDARY} h-11 text-sm",
            ),
            class_name="flex flex-wrap items-center gap-2",
        ),
        class_name="sm:col-span-2",
    )


def _gender() -> rx.Component:
    options = [rx.el.option(t("profile:genders.none"), value="")] + [
        rx.el.option(t(f"profile:genders.{gender}"), value=gender) for gender in GENDERS
    ]
    errors = ProfileState.errors
    return _labelled(
        "gender",
        "profile:fields.gender",
        rx.el.select(
            *options,
            id="profile-gender",
            name="gender",
            default_value=ProfileState.gender,
            class_name=INPUT,
        ),
        errors,
    )


def _profile_form() -> rx.Component:
    state = ProfileState
    return _editable_form(
        rx.el.legend(t("profile:personal"), class_name=f"{SUBHEADING} mb-3"),
        rx.el.div(
            _text(
                "firstName",
                "first_name",
                "profile:fields.firstName",
                state.first_name,
                "given-name",
                NAME_MAX,
            ),
            _text(
                "lastName",
                "last_name",
                "profile:fields.lastName",
                state.last_name,
                "family-name",
                NAME_MAX,
            ),
            _email_row(),
            _phone(
                "phone",
                "",
                state.country_code,
                state.phone,
                "profile:fields.phone",
                "profile:fields.countryCode",
            ),
            _phone(
                "businessPhone",
                "business_",
                state.business_country_code,
                state.business_phone,
                "profile:fields.businessPhone",
                "profile:fields.businessCountryCode",
            ),
            _labelled(
                "dateOfBirth",
                "profile:fields.birthDate",
                _input(
                    "dateOfBirth",
                    "birth_date",
                    state.errors,
                    type="date",
                    autocomplete="bday",
                    default_value=state.birth_date,
                ),
                state.errors,
            ),
            _gender(),
            rx.el.div(
                _text(
                    "streetAddress",
                    "street",
                    "profile:fields.address",
                    state.street,
                    "street-address",
                    300,
                ),
                class_name="sm:col-span-2",
            ),
            _text("city", "city", "profile:fields.city", state.city, "address-level2", 120),
            _text(
                "postalCode",
                "postal_code",
                "profile:fields.postalCode",
                state.postal_code,
                "postal-code",
                20,
            ),
            _text(
                "country",
                "country",
                "profile:fields.country",
                state.country,
                "country-name",
                120,
            ),
            class_name="grid grid-cols-1 gap-4 sm:grid-cols-2",
        ),
        rx.el.div(_submit_row("profile:save", "profile:saving", state.saving), class_name="mt-5"),
        key=state.revision,
        on_submit=state.save,
        form_id="profile-form",
    )


def _email_change() -> rx.Component:
    """The inline flow: the new address and the password, then the code sent there."""
    state = ProfileState
    cancel = rx.el.button(
        t("profile:email.cancel"),
        type="button",
        on_click=state.cancel_email_change,
        disabled=state.email_busy,
        class_name=f"{SECONDARY} h-11 text-sm",
    )
    invalid = state.email_error != ""

    def flow_input(
        field_id: str, label_key: str, class_name: str = INPUT, **props: Any
    ) -> rx.Component:
        """An input of the e-mail flow; its message is the flow's one error box."""
        return rx.el.div(
            rx.el.label(t(label_key), html_for=field_id, class_name=LABEL),
            field_input(
                field_id,
                class_name=class_name,
                invalid=invalid,
                error_id="profile-email-error",
                **props,
            ),
        )

    step_one = _form(
        rx.el.p(t("profile:email.intro"), class_name="text-sm text-gray-600"),
        flow_input(
            "profile-new-email",
            "profile:email.newEmail",
            name="new_email",
            type="email",
            autocomplete="email",
            attrs=verbatim_attrs(EMAIL_MAX),
        ),
        flow_input(
            "profile-email-password",
            "profile:email.password",
            name="password",
            type="password",
            autocomplete="current-password",
            attrs=verbatim_attrs(128),
        ),
        rx.el.input(type="hidden", name="lang", value=current_language),
        _submit_row("profile:email.send", "profile:email.sending", state.email_busy, cancel),
        on_submit=state.send_email_code,
        form_id="profile-email-form",
        class_name="space-y-3",
    )
    step_two = _form(
        rx.el.p(
            t("profile:email.codeSent", email=state.new_email), class_name="text-sm text-gray-600"
        ),
        flow_input(
            "profile-email-code",
            "profile:email.code",
            name="code",
            autocomplete="one-time-code",
            class_name=f"{INPUT} sm:w-48",
            placeholder="0" * CODE_LENGTH,
            attrs={
                "inputMode": "numeric",
                "maxLength": str(CODE_LENGTH),
                "pattern": "[0-9]*",
                "onInput": digits_only(CODE_LENGTH),
            },
        ),
        _submit_row("profile:email.confirm", "profile:email.confirming", state.email_busy, cancel),
        on_submit=state.confirm_email_code,
        form_id="profile-code-form",
        class_name="space-y-3",
    )
    return rx.cond(
        state.email_step > 0,
        rx.el.div(
            rx.el.h3(t("profile:email.change"), class_name=SUBHEADING),
            rx.cond(state.email_step == 1, step_one, step_two),
            error_box(state.email_error, "profile-email-error"),
            class_name=BLOCK,
        ),
    )


def _password_form() -> rx.Component:
    state = ProfileState
    errors = state.password_errors

    def password(field: str, name: str, label_key: str, auto: str) -> rx.Component:
        control = _input(
            field, name, errors, type="password", autocomplete=auto, attrs=verbatim_attrs(128)
        )
        return _labelled(field, label_key, control, errors)

    return _editable_form(
        rx.el.legend(t("profile:password.title"), class_name=SUBHEADING),
        rx.el.p(t("profile:password.intro"), class_name="mt-1 text-sm text-gray-600"),
        rx.el.div(
            password(
                "currentPassword",
                "current_password",
                "profile:password.current",
                "current-password",
            ),
            rx.el.div(class_name="hidden sm:block"),
            password("newPassword", "new_password", "profile:password.new", "new-password"),
            password(
                "confirmPassword",
                "confirm_password",
                "profile:password.confirm",
                "new-password",
            ),
            class_name="mt-3 grid grid-cols-1 gap-4 sm:grid-cols-2",
        ),
        rx.el.div(
            _submit_row("profile:password.submit", "profile:password.busy", state.password_busy),
            class_name="mt-4",
        ),
        key=state.password_revision,
        on_submit=state.change_password,
        form_id="profile-password-form",
        class_name=BLOCK,
    )


def _delete_account() -> rx.Component:
    """ "Supprimer mon compte", then the confirmation (account:confirmDelete.*) with a reason."""
    state = ProfileState
    confirmation = _form(
        rx.el.h4(
            t("account:confirmDelete.title"),
            id="profile-delete-title",
            class_name="font-semibold text-red-800",
        ),
        rx.el.p(t("account:confirmDelete.text"), class_name="text-sm text-red-800"),
        rx.el.div(
            rx.el.label(
                t("profile:delete.reason"), html_for="profile-delete-reason", class_name=LABEL
            ),
            rx.el.textarea(
                id="profile-delete-reason",
                name="reason",
                rows=3,
                max_length=REASON_MAX,
                class_name=f"{INPUT} h-auto py-2",
            ),
        ),
        error_box(state.delete_error, "profile-delete-error"),
        rx.el.div(
            rx.el.button(
                t("account:confirmDelete.cancel"),
                type="button",
                on_click=state.close_delete,
                disabled=state.delete_busy,
                class_name=f"{SECONDARY} h-11 text-sm",
            ),
            rx.el.button(
                rx.cond(
                    state.delete_busy,
                    t("account:confirmDelete.busy"),
                    t("account:confirmDelete.confirm"),
                ),
                type="submit",
                disabled=state.delete_busy,
                aria_busy=state.delete_busy,
                class_name=DANGER_SOLID,
            ),
            class_name="flex flex-wrap gap-2",
        ),
        on_submit=state.request_deletion,
        form_id="profile-delete-form",
        role="alertdialog",
        aria_labelledby="profile-delete-title",
        class_name="space-y-3 rounded-xl border border-red-200 bg-red-50 p-4",
    )
    return rx.el.div(
        rx.el.h3(t("profile:delete.title"), class_name=SUBHEADING),
        rx.el.p(t("profile:delete.text"), class_name="text-sm text-gray-600"),
        rx.cond(
            state.delete_open,
            confirmation,
            rx.el.button(
                t("profile:delete.open"),
                type="button",
                on_click=state.open_delete,
                disabled=~state.editable,
                class_name=DANGER,
            ),
        ),
        class_name=BLOCK,
    )


def _sign_in_required() -> rx.Component:
    """001 §2: "Profile without a user: Connexion requise with Se connecter"."""
    return empty_state(
        "account:signInRequired.title",
        "account:signInRequired.text",
        rx.el.button(
            t("account:signInRequired.action"),
            type="button",
            on_click=DialogState.open_dialog("login"),
            class_name=f"{PRIMARY} w-auto",
        ),
    )


def profile_section() -> rx.Component:
    state = ProfileState
    return section_frame(
        "account:nav.profile",
        rx.cond(
            state.status == "signed_out",
            _sign_in_required(),
            rx.fragment(
                rx.cond(
                    (state.status == "loading") | (state.status == ""),
                    loading_text("profile:loading"),
                ),
                error_box(state.load_error, "profile-load-error"),
                _profile_form(),
                _email_change(),
                _password_form(),
                _delete_account(),
            ),
        ),
        description_key="profile:intro",
        on_mount=state.load,
        id="profile-section",
    )
