"""Accounts, their phones and the security records behind sign-in."""

from __future__ import annotations

from datetime import date, datetime

from sqlmodel import Field, SQLModel

from grocer.models.base import UserOwnedRow, json_field, utcnow


class User(SQLModel, table=True):
    __tablename__ = "users"

    id: int | None = Field(default=None, primary_key=True)
    username: str = Field(max_length=150, unique=True, index=True)
    email: str = Field(max_length=254, unique=True, index=True)
    password_hash: str = Field(max_length=100)
    first_name: str = Field(default="", max_length=100)
    last_name: str = Field(default="", max_length=100)
    date_of_birth: date | None = None
    gender: str | None = Field(default=None, max_length=30)
    roles: list[str] = json_field()
    email_verified: bool = False
    is_active: bool = True
    preferred_language: str = Field(default="fr", max_length=5)
    registration_date: datetime = Field(default_factory=utcnow)
    last_login: datetime | None = None
    # Access tokens issued before this moment are refused (logout-all, password reset/change).
    tokens_valid_after: datetime | None = None
    # Referral: the code in the shopper's share link, and who invited this account.
    referral_code: str | None = Field(default=None, max_length=16, unique=True, index=True)
    referred_by: int | None = Field(default=None, foreign_key="users.id", ondelete="SET NULL")
    # Set when the purge anonymised the account (its orders stay, without personal data).
    deleted_at: datetime | None = None


class UserPhone(UserOwnedRow, table=True):
    __tablename__ = "user_phones"

    country_code: str = Field(max_length=6)
    number: str = Field(max_length=20)
    phone_type: str = Field(default="MOBILE", max_length=20)
    is_primary: bool = False
    is_verified: bool = False


class RefreshToken(UserOwnedRow, table=True):
    """A refresh token, stored as a SHA-256 hash; tokens of one sign-in share a family."""

    __tablename__ = "refresh_tokens"

    token_hash: str = Field(max_length=64, unique=True, index=True)
    family_id: str = Field(max_length=64, index=True)
    remember_me: bool = False
    created_at: datetime = Field(default_factory=utcnow)
    expires_at: datetime
    used_at: datetime | None = None
    revoked_at: datetime | None = None


class OtpChallenge(SQLModel, table=True):
    """A one-time code sent by e-mail (purpose "signup" or "reset"), stored hashed."""

    __tablename__ = "otp_challenges"

    id: int | None = Field(default=None, primary_key=True)
    email: str = Field(max_length=254, index=True)
    purpose: str = Field(max_length=10)
    code_hash: str = Field(max_length=64)
    created_at: datetime = Field(default_factory=utcnow)
    last_sent_at: datetime = Field(default_factory=utcnow)
    expires_at: datetime
    attempts: int = 0
    verified_at: datetime | None = None
    consumed_at: datetime | None = None
    # SHA-256 of the single-use token handed out when the code is verified (step 2); step 3
    # must present it (or the code). Never the e-mail alone.
    token_hash: str | None = Field(default=None, max_length=64)


class RateEvent(SQLModel, table=True):
    """One counted event (a failed login, an OTP send) under a key, shared by all workers."""

    __tablename__ = "rate_events"

    id: int | None = Field(default=None, primary_key=True)
    key: str = Field(max_length=200, index=True)
    created_at: datetime = Field(default_factory=utcnow, index=True)


class LoginEvent(UserOwnedRow, table=True):
    """One sign-in (or failed attempt) as the shopper sees it under "recent logins"."""

    __tablename__ = "login_events"

    created_at: datetime = Field(default_factory=utcnow, index=True)
    success: bool = True
    method: str = Field(default="password", max_length=20)  # password, email, app, sms, recovery
    ip: str | None = Field(default=None, max_length=64)
    device: str | None = Field(default=None, max_length=200)
    country: str | None = Field(default=None, max_length=80)
    region: str | None = Field(default=None, max_length=120)
    city: str | None = Field(default=None, max_length=120)
    # The refresh-token family of the session this sign-in opened ("this device").
    family_id: str | None = Field(default=None, max_length=64, index=True)


class TwoFactorSecret(SQLModel, table=True):
    """An account's authenticator app (TOTP): the pending secret until a code confirms it, then
    the confirmed one, and the recovery codes, stored hashed."""

    __tablename__ = "two_factor_secrets"

    user_id: int = Field(foreign_key="users.id", primary_key=True, ondelete="CASCADE")
    pending_secret: str | None = Field(default=None, max_length=64)
    secret: str | None = Field(default=None, max_length=64)
    confirmed_at: datetime | None = None
    recovery_hashes: list[str] = json_field()
    updated_at: datetime = Field(default_factory=utcnow)


class PendingLogin(UserOwnedRow, table=True):
    """A sign-in whose password was right and that waits for its second factor.

    The client holds only a random token (stored here hashed); the code sent by e-mail or SMS is
    hashed too, attempts are counted, and the row is consumed once."""

    __tablename__ = "pending_logins"

    token_hash: str = Field(max_length=64, unique=True, index=True)
    method: str = Field(max_length=10)  # email, sms, app
    code_hash: str | None = Field(default=None, max_length=64)
    remember_me: bool = False
    ip: str | None = Field(default=None, max_length=64)
    device: str | None = Field(default=None, max_length=200)
    attempts: int = 0
    created_at: datetime = Field(default_factory=utcnow)
    expires_at: datetime
    consumed_at: datetime | None = None
