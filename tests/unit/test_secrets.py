"""The server secret and what is derived from it (issue 12 §11): the generated file is 0600 from
its first byte and shared by workers that start together, a short secret is refused, tokens and
OTP hashes use two different derived keys, codes never reach the log, and production without
SMTP refuses to start unless the outbox is meant."""

from __future__ import annotations

import hashlib
import hmac
import logging
import os
import stat
import subprocess
import sys
import threading
from pathlib import Path

import jwt
import pytest

from grocer import settings as grocer_settings
from grocer.models.base import utcnow
from grocer.services import mailer, otp, tokens
from grocer.settings import SettingsError, get_settings

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """No GROCER_JWT_SECRET: the secret comes from a file in a fresh data folder."""
    monkeypatch.delenv("GROCER_JWT_SECRET", raising=False)
    monkeypatch.setattr(grocer_settings, "DATA_DIR", tmp_path / "data")
    get_settings.cache_clear()
    return tmp_path / "data"


def test_generated_secret_file_is_private_from_its_creation(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Created 0600 in one step: no chmod afterwards (which would leave a window in which the
    file is readable by others), whatever the umask."""

    def no_chmod(*_args: object, **_kw: object) -> None:
        raise AssertionError("the secret file must be created private, not chmod-ed later")

    monkeypatch.setattr(Path, "chmod", no_chmod)
    monkeypatch.setattr(os, "chmod", no_chmod)
    old_umask = os.umask(0o022)
    try:
        secret = grocer_settings._jwt_secret()
    finally:
        os.umask(old_umask)
    path = data_dir / "jwt_secret"
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert path.read_text() == secret and len(secret.encode()) >= 32
    assert grocer_settings._jwt_secret() == secret  # kept: read back, not replaced


def test_workers_starting_together_share_one_secret(data_dir: Path) -> None:
    start = threading.Barrier(8)
    seen: list[str] = []

    def worker() -> None:
        start.wait()
        seen.append(grocer_settings._jwt_secret())

    threads = [threading.Thread(target=worker) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(seen) == 8 and len(set(seen)) == 1
    assert (data_dir / "jwt_secret").read_text() == seen[0]


def test_an_existing_world_readable_secret_file_is_narrowed(data_dir: Path) -> None:
    data_dir.mkdir(parents=True)
    path = data_dir / "jwt_secret"
    path.write_text("s" * 40 + "\n")
    path.chmod(0o644)
    assert grocer_settings._jwt_secret() == "s" * 40
    assert stat.S_IMODE(path.stat().st_mode) == 0o600


@pytest.mark.parametrize("secret", ["short", "x" * 31, "é" * 15])
def test_a_short_jwt_secret_is_refused(monkeypatch: pytest.MonkeyPatch, secret: str) -> None:
    monkeypatch.setenv("GROCER_JWT_SECRET", secret)
    get_settings.cache_clear()
    with pytest.raises(SettingsError, match="at least 32 bytes"):
        get_settings()


def test_a_short_secret_file_is_refused(data_dir: Path) -> None:
    data_dir.mkdir(parents=True)
    (data_dir / "jwt_secret").write_text("too-short")
    with pytest.raises(SettingsError, match="at least 32 bytes"):
        get_settings()


def test_tokens_and_otp_hashes_use_two_keys_derived_from_the_secret(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    secret = "k" * 48
    monkeypatch.setenv("GROCER_JWT_SECRET", secret)
    get_settings.cache_clear()
    settings = get_settings()
    signing = hmac.new(secret.encode(), b"grocer token signing", hashlib.sha256).digest()
    hashing = hmac.new(secret.encode(), b"grocer otp hashing", hashlib.sha256).digest()
    assert settings.token_signing_key == signing
    assert settings.otp_hash_key == hashing
    assert len({signing, hashing, secret.encode()}) == 3
    assert secret not in repr(settings)
    # Access tokens are signed with the signing key only.
    token = tokens.create_access_token(7, ["consumer"], utcnow())
    assert jwt.decode(token, signing, algorithms=["HS256"])["sub"] == "7"
    for other_key in (secret.encode(), hashing):
        with pytest.raises(jwt.InvalidSignatureError):
            jwt.decode(token, other_key, algorithms=["HS256"])
    # OTP codes are hashed with the hashing key only.
    expected = hmac.new(hashing, b"reset:a@example.bf:123456", hashlib.sha256).hexdigest()
    assert otp.hash_code("a@example.bf", "reset", "123456") == expected


def test_no_code_is_logged_when_writing_to_the_outbox(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.DEBUG):
        mailer.send_otp_email("a@example.bf", "481516", "signup")
        mailer.send_login_warning("a@example.bf", "fr", failures=10, minutes=15)
    assert "481516" not in caplog.text
    assert "a@example.bf" not in caplog.text
    files = sorted(get_settings().outbox_dir.glob("*.eml"))
    assert len(files) == 2
    assert all(stat.S_IMODE(f.stat().st_mode) == 0o600 for f in files)


@pytest.mark.parametrize(
    ("lang", "subject"),
    [
        ("fr", "Tentatives de connexion inhabituelles"),
        ("en", "Unusual sign-in attempts"),
        ("es", "Intentos de inicio de sesión inusuales"),
        ("de", "Ungewöhnliche Anmeldeversuche"),
        ("xx", "Tentatives de connexion inhabituelles"),
    ],
)
def test_login_warning_is_written_in_the_users_language(lang: str, subject: str) -> None:
    message = mailer.compose_login_warning("a@example.bf", lang, failures=10, minutes=15)
    assert message["Subject"] == subject
    body = message.get_content()
    assert "10" in body and "15" in body


@pytest.mark.parametrize(
    ("env", "refused"),
    [
        ({"REFLEX_ENV_MODE": "prod"}, True),
        ({"REFLEX_ENV_MODE": "prod", "GROCER_OUTBOX_OK": "0"}, True),
        ({"REFLEX_ENV_MODE": "prod", "GROCER_OUTBOX_OK": "1"}, False),
        ({"REFLEX_ENV_MODE": "prod", "GROCER_SMTP_HOST": "smtp.example.bf"}, False),
        ({"REFLEX_ENV_MODE": "dev"}, False),
        ({}, False),
    ],
)
def test_production_without_smtp_needs_the_outbox_allowed(
    monkeypatch: pytest.MonkeyPatch, env: dict[str, str], refused: bool
) -> None:
    for name in ("REFLEX_ENV_MODE", "GROCER_OUTBOX_OK", "GROCER_SMTP_HOST"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    if refused:
        with pytest.raises(SettingsError, match="GROCER_OUTBOX_OK=1"):
            grocer_settings.check_mail_delivery()
    else:
        grocer_settings.check_mail_delivery()


def test_rxconfig_refuses_a_production_start_without_smtp(tmp_path: Path) -> None:
    """`reflex run --env prod` sets REFLEX_ENV_MODE=prod and (re)loads rxconfig.py before the
    build: the start stops there with the message."""
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in {"GROCER_SMTP_HOST", "GROCER_OUTBOX_OK"}
    }
    env.update(REFLEX_ENV_MODE="prod", GROCER_DATA_DIR=str(tmp_path))
    run = [sys.executable, "-c", "import rxconfig"]
    refused = subprocess.run(run, cwd=ROOT, env=env, capture_output=True, text=True)
    assert refused.returncode != 0
    assert "GROCER_OUTBOX_OK=1" in refused.stderr
    allowed = subprocess.run(
        run, cwd=ROOT, env={**env, "GROCER_OUTBOX_OK": "1"}, capture_output=True, text=True
    )
    assert allowed.returncode == 0, allowed.stderr
