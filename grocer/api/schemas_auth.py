"""Request and response bodies of the auth and users routes (camelCase on the wire).

Requests bound every string and list, so an oversized body is a 400 before any work is done.
Fields the services check themselves (required e-mail, password rules) are optional here, so
that the caller gets the spec's message rather than a generic "field required".
"""

from __future__ import annotations

from datetime import date
from typing import Any

from pydantic import AliasChoices, BaseModel, ConfigDict, Field, StrictBool, field_validator
from pydantic.alias_generators import to_camel

from grocer.services.accounts import PhoneInput
from grocer.services.addresses import ADDRESS_LIMITS, AddressDict


class CamelModel(BaseModel):
    model_config = ConfigDict(alias_generator=to_camel, populate_by_name=True, extra="ignore")

    def payload(self) -> dict[str, Any]:
        """The fields the client sent, under their camelCase names."""
        return self.model_dump(by_alias=True, exclude_unset=True)

    @field_validator("*", mode="after")
    @classmethod
    def _no_nul(cls, value: Any) -> Any:
        """PostgreSQL text cannot hold NUL: refuse it here (400) rather than fail in SQL."""
        if isinstance(value, str) and "\x00" in value:
            raise ValueError("caractère NUL interdit")
        return value


def _code_field() -> Any:
    """The 6-digit code; clients name it `otp` (000) or `code` (001): both are read."""
    return Field(default=None, max_length=16, validation_alias=AliasChoices("otp", "code"))


# --- requests ---------------------------------------------------------------------------------


class LoginRequest(CamelModel):
    username: str | None = Field(default=None, max_length=254, description="username or e-mail")
    password: str | None = Field(default=None, max_length=128)
    remember_me: StrictBool = True


class RefreshRequest(CamelModel):
    refresh_token: str | None = Field(default=None, max_length=512)


class EmailRequest(CamelModel):
    email: str | None = Field(default=None, max_length=320)


class VerifyCodeRequest(EmailRequest):
    otp: str | None = _code_field()


def _proof_field(description: str) -> Any:
    return Field(default=None, max_length=128, description=description)


class ResetPasswordRequest(VerifyCodeRequest):
    """Step 3 of the forgot-password flow: `resetToken` (from verify-otp) or the code itself
    (`otp`/`code`) must come with the e-mail; the e-mail alone is refused."""

    new_password: str | None = Field(default=None, max_length=128)
    reset_token: str | None = _proof_field(
        "the single-use token answered by /auth/verify-otp (or send the code as `otp`)"
    )


class ChallengeRequest(CamelModel):
    challenge: str | None = Field(
        default=None, max_length=128, description="the `challenge` POST /auth/login answered"
    )


class SecondFactorRequest(ChallengeRequest):
    code: str | None = Field(
        default=None,
        max_length=32,
        description="the 6-digit code (e-mail, SMS or the app), or a recovery code",
    )


class TwoFactorChoice(CamelModel):
    method: str | None = Field(default=None, max_length=10, examples=["email"])


class TwoFactorCode(CamelModel):
    code: str | None = Field(default=None, max_length=32)


class TwoFactorDisable(TwoFactorCode):
    password: str | None = Field(default=None, max_length=128)


class PhoneIn(CamelModel):
    country_code: str | None = Field(default=None, max_length=6, examples=["+226"])
    number: str | None = Field(default=None, max_length=32, examples=["70123456"])
    phone_type: str = Field(default="MOBILE", max_length=20)
    is_primary: StrictBool = False

    def to_input(self) -> PhoneInput:
        return PhoneInput(self.country_code, self.number, self.phone_type, self.is_primary)


class RegisterRequest(CamelModel):
    """001 §3. `roles` is accepted for compatibility and ignored: sign-up makes consumers.
    The e-mail is proven by `verificationToken` (from verify-signup-otp) or by the code itself
    (`otp`/`code`); the e-mail alone is refused."""

    username: str | None = Field(default=None, max_length=150)
    email: str | None = Field(default=None, max_length=320)
    password: str | None = Field(default=None, max_length=128)
    first_name: str | None = Field(default=None, max_length=100)
    last_name: str | None = Field(default=None, max_length=100)
    phones: list[PhoneIn] = Field(default_factory=list, max_length=5)
    date_of_birth: date | None = None
    preferred_language: str | None = Field(default=None, max_length=5)
    roles: list[str] | None = Field(default=None, max_length=10)
    otp: str | None = _code_field()
    verification_token: str | None = _proof_field(
        "the single-use token answered by /auth/verify-signup-otp (or send the code as `otp`)"
    )
    referral_code: str | None = Field(
        default=None,
        max_length=16,
        description="the code of the friend's share link (`?ref=`); an unknown one is ignored",
    )


class ProfileAddressIn(CamelModel):
    """The profile's address fields (001 §3): they edit the default address (created if none)."""

    street_address: str | None = Field(default=None, max_length=ADDRESS_LIMITS["streetAddress"])
    city: str | None = Field(default=None, max_length=ADDRESS_LIMITS["city"])
    postal_code: str | None = Field(default=None, max_length=ADDRESS_LIMITS["postalCode"])
    country: str | None = Field(default=None, max_length=ADDRESS_LIMITS["country"])


class ProfileUpdate(CamelModel):
    first_name: str | None = Field(default=None, max_length=100)
    last_name: str | None = Field(default=None, max_length=100)
    phones: list[PhoneIn] | None = Field(
        default=None, max_length=5, description="replaces every number of the account"
    )
    phone: PhoneIn | None = Field(
        default=None, description="the primary number (null or an empty number removes it)"
    )
    business_phone: PhoneIn | None = Field(
        default=None, description="the BUSINESS number (null or an empty number removes it)"
    )
    date_of_birth: date | None = None
    gender: str | None = Field(default=None, max_length=30)
    preferred_language: str | None = Field(default=None, max_length=5)
    address: ProfileAddressIn | None = None

    def changes(self) -> dict[str, Any]:
        """Only the fields the client sent, keyed as the service expects."""
        sent = self.model_dump(exclude_unset=True, by_alias=False)
        if self.phones is not None and "phones" in sent:
            sent["phones"] = [phone.to_input() for phone in self.phones]
        for name in ("phone", "business_phone"):
            if name in sent:
                value = getattr(self, name)
                sent[name] = value.to_input() if value is not None else None
        if "address" in sent:
            sent["address"] = self.address.payload() if self.address is not None else None
        return sent


class EmailChangeRequest(CamelModel):
    new_email: str | None = Field(default=None, max_length=320)
    password: str | None = Field(default=None, max_length=128)


class EmailChangeVerify(CamelModel):
    new_email: str | None = Field(default=None, max_length=320)
    code: str | None = Field(
        default=None, max_length=16, validation_alias=AliasChoices("code", "otp")
    )


class PasswordChange(CamelModel):
    current_password: str | None = Field(default=None, max_length=128)
    new_password: str | None = Field(default=None, max_length=128)


class NotificationSwitches(CamelModel):
    email: StrictBool | None = None
    push: StrictBool | None = None
    sms: StrictBool | None = None


class PreferencesUpdate(CamelModel):
    notifications: NotificationSwitches = Field(default_factory=NotificationSwitches)


class DeletionRequestIn(CamelModel):
    reason: str | None = Field(default=None, max_length=1000)


# --- responses --------------------------------------------------------------------------------


class MessageOut(CamelModel):
    message: str


class OtpSentOut(MessageOut):
    expires_in: int
    resend_in: int


class VerifiedOut(MessageOut):
    verified: bool


class ResetVerifiedOut(VerifiedOut):
    reset_token: str = Field(
        description="single-use proof for /auth/reset-password (`resetToken`); it expires with "
        "the code and is the only copy: keep it out of storage the page's scripts can read"
    )


class SignupVerifiedOut(VerifiedOut):
    verification_token: str = Field(
        description="single-use proof for /users/register (`verificationToken`); it expires "
        "with the code and is the only copy: keep it out of storage the page's scripts can read"
    )


class LogoutAllOut(MessageOut):
    revoked: int


class TokensOut(CamelModel):
    access_token: str
    refresh_token: str
    token_type: str
    expires_in: int
    refresh_expires_in: int


class UserInfoOut(CamelModel):
    id: int
    user_id: int
    username: str
    first_name: str
    last_name: str
    email: str
    roles: list[str]
    email_verified: bool


class LoginOut(TokensOut):
    user_info: UserInfoOut


class SecondFactorOut(CamelModel):
    """A right password on an account with two-factor sign-in: no token yet."""

    two_factor_required: bool
    method: str = Field(description="email, sms or app")
    challenge: str = Field(
        description="single-use, for /auth/login/second-factor; expires in `expiresIn` seconds"
    )
    expires_in: int


class TwoFactorStatusOut(CamelModel):
    method: str
    email_verified: bool
    has_phone: bool
    app_confirmed: bool
    recovery_codes_left: int


class TwoFactorEnrolmentOut(CamelModel):
    secret: str = Field(description="for typing into the app by hand; answered only here")
    otpauth_uri: str
    qr_code: str = Field(description="the otpauth address as a QR code (SVG data URI)")


class RecoveryCodesOut(CamelModel):
    recovery_codes: list[str] = Field(description="each works once; answered only here")


class PrimaryPhoneOut(CamelModel):
    phone_number: str
    is_verified: bool


class PhoneOut(PrimaryPhoneOut):
    id: int
    country_code: str
    number: str
    is_primary: bool
    phone_type: str


class UserDetailsOut(CamelModel):
    user_id: int
    id: int
    username: str
    first_name: str
    last_name: str
    email: str
    primary_phone: PrimaryPhoneOut | None
    phones: list[PhoneOut]
    date_of_birth: date | None
    gender: str | None
    registration_date: str | None
    last_login: str | None
    is_active: bool
    email_verified: bool
    preferred_language: str
    roles: list[str]
    addresses: list[AddressDict]


class EmailChangeOut(MessageOut):
    new_email: str


class NotificationsOut(CamelModel):
    email: bool
    push: bool
    sms: bool


class PreferencesOut(CamelModel):
    user_id: int
    notifications: NotificationsOut


class DeletionRequestOut(CamelModel):
    id: int
    user_id: int
    reason: str | None
    created_at: str | None
    purge_after: str | None = Field(
        description="when the account may be anonymised (GROCER_DELETION_GRACE_DAYS later)"
    )
    status: str


class ErrorOut(BaseModel):
    """Every error: the French message, its i18n key, and the field when one is at fault."""

    message: str
    key: str
    field: str | None = None


def error_responses(*statuses: int) -> dict[int | str, dict[str, Any]]:
    """OpenAPI entries for the error statuses a route may answer."""
    return {status: {"model": ErrorOut} for status in statuses}
