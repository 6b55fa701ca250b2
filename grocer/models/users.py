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
