"""The websocket events' timing (grocer.web.metrics.EventTimer, issue 18): an event is timed
from its arrival to the first update sent back to its tab, counted once, and never matched with
another event's update."""

from __future__ import annotations

from prometheus_client import REGISTRY

from grocer.web.metrics import EventTimer


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def observed(handler: str) -> tuple[float, float]:
    """(how many latencies, their sum) recorded for `handler`."""
    count = REGISTRY.get_sample_value(
        "grocer_websocket_event_duration_seconds_count", {"handler": handler}
    )
    total = REGISTRY.get_sample_value(
        "grocer_websocket_event_duration_seconds_sum", {"handler": handler}
    )
    return count or 0.0, total or 0.0


def events(handler: str) -> float:
    return REGISTRY.get_sample_value("grocer_websocket_events_total", {"handler": handler}) or 0.0


def test_an_event_is_timed_from_its_arrival_to_its_first_update() -> None:
    clock = Clock()
    timer, name = EventTimer(clock), "state.test_timer.add_one"
    before, counted = observed(name), events(name)

    timer.arrived("tab-1", name)
    clock.now += 0.25  # waits for the tab's lock
    timer.started("tab-1", name)
    clock.now += 0.05
    timer.updated("tab-1")
    clock.now += 1.0
    timer.updated("tab-1")  # a later update of the same event is not counted again

    count, total = observed(name)
    assert count - before[0] == 1
    assert abs((total - before[1]) - 0.30) < 1e-9
    assert events(name) - counted == 1


def test_an_event_that_sends_nothing_is_not_matched_with_the_next_ones_update() -> None:
    clock = Clock()
    timer = EventTimer(clock)
    quiet, busy = "state.test_timer.quiet", "state.test_timer.busy"
    before_quiet, before_busy = observed(quiet), observed(busy)

    timer.arrived("tab-2", quiet)
    timer.arrived("tab-2", busy)
    timer.started("tab-2", quiet)  # sends no update
    clock.now += 2.0
    timer.started("tab-2", busy)
    clock.now += 0.1
    timer.updated("tab-2")

    assert observed(quiet) == before_quiet
    count, total = observed(busy)
    assert count - before_busy[0] == 1
    assert abs((total - before_busy[1]) - 2.1) < 1e-9  # from its own arrival


def test_tabs_are_timed_apart_and_a_closed_tab_leaves_nothing() -> None:
    clock = Clock()
    timer, name = EventTimer(clock), "state.test_timer.two_tabs"
    before = observed(name)

    timer.arrived("tab-a", name)
    clock.now += 1.0
    timer.arrived("tab-b", name)
    timer.started("tab-b", name)
    timer.updated("tab-a")  # tab a's event has not started: nothing to close
    timer.updated("tab-b")
    timer.forget("tab-a")

    count, total = observed(name)
    assert count - before[0] == 1 and abs(total - before[1]) < 1e-9
    assert not timer._arrived and not timer._current


def test_names_a_client_makes_up_cannot_grow_the_memory() -> None:
    timer = EventTimer(Clock())

    for _ in range(EventTimer.MAX_PER_NAME * 3):
        timer.arrived("tab-y", "state.made_up_0")
    for n in range(EventTimer.MAX_WAITING + 500):
        timer.arrived("tab-x", f"state.made_up_{n}")

    assert len(timer._arrived[("tab-y", "state.made_up_0")]) == EventTimer.MAX_PER_NAME
    assert len(timer._arrived) == EventTimer.MAX_WAITING
    timer.forget("tab-x")
    timer.forget("tab-y")
    assert not timer._arrived
