"""The resend countdown of the code step (sign-up, forgotten password): it ticks only while the
code step is shown, and a shopper who comes back to that step finds it where it would be."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import pytest

from grocer.state import otp_flow
from grocer.state.signup import SignupState
from tests.support.state_harness import new_tree, run, sub


class Dialog:
    """Just what `tick_down` touches of a dialog's state: its lock and three vars."""

    def __init__(self) -> None:
        self.step, self.resend_seconds, self.ticked_at = 2, 60, 0.0

    async def __aenter__(self) -> Dialog:
        return self

    async def __aexit__(self, *exc: Any) -> None:
        return None


def test_the_countdown_stops_when_the_code_step_is_left(monkeypatch: pytest.MonkeyPatch) -> None:
    dialog = Dialog()
    ticks: list[int] = []

    async def one_second(_seconds: float) -> None:
        ticks.append(dialog.resend_seconds)
        if len(ticks) == 4:
            dialog.step = 3  # the code was right: the password step

    monkeypatch.setattr(otp_flow.asyncio, "sleep", one_second)
    asyncio.run(
        otp_flow.tick_down(dialog, "resend_seconds", "ticked_at", shown=lambda d: d.step == 2)
    )
    assert ticks == [60, 59, 58, 57]
    assert dialog.resend_seconds == 57 and dialog.ticked_at == 0.0  # stopped, can start again


def test_the_countdown_still_ends_at_zero(monkeypatch: pytest.MonkeyPatch) -> None:
    dialog = Dialog()
    dialog.resend_seconds = 3

    async def one_second(_seconds: float) -> None:
        return None

    monkeypatch.setattr(otp_flow.asyncio, "sleep", one_second)
    asyncio.run(
        otp_flow.tick_down(dialog, "resend_seconds", "ticked_at", shown=lambda d: d.step == 2)
    )
    assert dialog.resend_seconds == 0


def test_back_to_the_code_step_resumes_the_countdown_where_it_would_be() -> None:
    signup = sub(new_tree(), SignupState)
    signup.step, signup.email = 3, "awa@example.com"
    signup._resend_at = time.time() + 20.2
    assert run(SignupState.back, signup) == [SignupState.run_countdown]
    assert signup.step == 2 and signup.resend_seconds == 21

    signup.step = 3
    signup._resend_at = time.time() - 1
    assert run(SignupState.back, signup) == [None]
    assert signup.step == 2 and signup.resend_seconds == 0


def test_seconds_until() -> None:
    assert otp_flow.seconds_until(time.time() - 5) == 0
    assert otp_flow.seconds_until(time.time() + 59.5) == 60
