"""Delivery and pickup slots with a capacity (issue 14), on SQLite and PostgreSQL: the listing,
holds that expire, one live hold per shopper, bookings for orders, and the race for the last
places — through the service with a clock passed in, through the API with its clock frozen,
and through a real server process with real threads.
"""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from typing import Any

import httpx
import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient
from sqlmodel import Session, col, select

from grocer import settings as grocer_settings
from grocer.models import DeliverySlot, Order, SlotHold, User
from grocer.models.base import utcnow
from grocer.services import slot_capacity
from grocer.services.errors import NotFound, ValidationFailed
from grocer.services.slot_capacity import SlotClosed, SlotFull
from tests.support import API
from tests.support.accounts import Clock, bearer_for, stored_user
from tests.support.concurrency import at_once

#: A Monday, 08:00 UTC (the shop's local time): every slot of the day is still open.
NOW = datetime(2030, 3, 11, 8, 0, tzinfo=UTC)
TODAY = NOW.date()
TOMORROW = TODAY + timedelta(days=1)
RACERS, PLACES = 50, 10


@pytest.fixture
def capacity(monkeypatch: pytest.MonkeyPatch) -> Any:
    """Set GROCER_SLOT_CAPACITY for the days listed from now on."""

    def set_capacity(places: int) -> None:
        monkeypatch.setenv("GROCER_SLOT_CAPACITY", str(places))
        grocer_settings.get_settings.cache_clear()

    return set_capacity


@pytest.fixture
def shoppers(db: Session) -> tuple[User, User]:
    """Alice and Bob, stored shoppers."""
    return stored_user(db, "alice"), stored_user(db, "bob")


@pytest.fixture
def one_place(db: Session, capacity: Any) -> int:
    """Tomorrow's 9h - 13h delivery slot, with a single place."""
    capacity(1)
    return slot_id(db, TOMORROW)


def slot_id(db: Session, day: date, code: str = "9-13", kind: str = "delivery") -> int:
    """The id of a slot, listing its day first (which creates the day's rows)."""
    listed = slot_capacity.list_slots(db, kind, day, 1, NOW)
    db.commit()
    return next(s["id"] for s in listed if s["slot"] == code)


def stored_slot(db: Session, ident: int) -> DeliverySlot:
    db.expire_all()
    row = db.get(DeliverySlot, ident)
    assert row is not None
    return row


def remaining(db: Session, ident: int) -> int:
    row = stored_slot(db, ident)
    return row.capacity - row.booked - row.held


def make_order(db: Session, user: User, number: str) -> int:
    order = Order(number=number, user_id=user.id)  # type: ignore[arg-type]
    db.add(order)
    db.commit()
    assert order.id is not None
    return order.id


def live_holds(db: Session) -> list[SlotHold]:
    db.expire_all()
    return list(db.exec(select(SlotHold).where(col(SlotHold.status) == "held")).all())


# --- listing --------------------------------------------------------------------------------------


def test_the_listing_answers_every_delivery_slot_with_its_places_and_cutoff(db: Session) -> None:
    listed = slot_capacity.list_slots(db, "delivery", TODAY, 2, NOW)
    assert [(s["date"], s["slot"], s["label"]) for s in listed] == [
        ("2030-03-11", "9-13", "9h - 13h"),
        ("2030-03-11", "13-17", "13h - 17h"),
        ("2030-03-11", "17-21", "17h - 21h"),
        ("2030-03-12", "9-13", "9h - 13h"),
        ("2030-03-12", "13-17", "13h - 17h"),
        ("2030-03-12", "17-21", "17h - 21h"),
    ]
    first = listed[0]
    assert set(first) == {
        "id", "kind", "date", "start", "end", "slot", "label", "capacity", "remaining",
        "cutoffAt", "available",
    }  # fmt: skip
    assert first["kind"] == "delivery"
    assert (first["start"], first["end"]) == ("09:00", "13:00")
    assert (first["capacity"], first["remaining"]) == (20, 20)
    assert first["cutoffAt"] == "2030-03-11T07:00:00Z"  # two hours before 9h
    # 08:00 is past the 9h slot's cut-off (07:00): shown, not available
    assert [s["available"] for s in listed] == [False, True, True, True, True, True]
    assert len({s["id"] for s in listed}) == 6


def test_pickup_follows_its_own_template(db: Session) -> None:
    listed = slot_capacity.list_slots(db, "pickup", TOMORROW, 3, NOW)
    assert [s["label"] for s in listed] == ["9h - 13h", "15h - 17h"] * 3
    assert {s["kind"] for s in listed} == {"pickup"}
    assert [(s["start"], s["end"]) for s in listed[:2]] == [("09:00", "13:00"), ("15:00", "17:00")]


def test_listing_twice_creates_the_rows_once(db: Session) -> None:
    first = slot_capacity.list_slots(db, "delivery", TOMORROW, 5, NOW)
    again = slot_capacity.list_slots(db, "delivery", TOMORROW, 5, NOW)
    assert [s["id"] for s in first] == [s["id"] for s in again]
    assert len(db.exec(select(DeliverySlot)).all()) == 15


def test_a_started_or_closed_slot_is_listed_as_not_available(db: Session) -> None:
    ident = slot_id(db, TOMORROW, "13-17")
    day = datetime.combine(TOMORROW, datetime.min.time(), tzinfo=UTC)
    at = {
        s["slot"]: s["available"]
        for s in slot_capacity.list_slots(
            db, "delivery", TOMORROW, 1, day.replace(hour=10, minute=59)
        )
    }  # noqa: E501
    assert at == {"9-13": False, "13-17": True, "17-21": True}
    at = {
        s["slot"]: s["available"]
        for s in slot_capacity.list_slots(db, "delivery", TOMORROW, 1, day.replace(hour=11))
    }  # noqa: E501
    assert at == {"9-13": False, "13-17": False, "17-21": True}  # 13h - 2h cut-off
    assert remaining(db, ident) == 20  # closed, not full


def test_concurrent_first_listings_of_a_new_day_all_succeed(database: sa.Engine) -> None:
    def first_listing(_: int) -> list[int]:
        with Session(database, expire_on_commit=False) as own:
            listed = slot_capacity.list_slots(own, "pickup", TOMORROW, 7, NOW)
            own.commit()
            return [s["id"] for s in listed]

    results = at_once(12, first_listing)
    assert [r for r in results if isinstance(r, Exception)] == []
    assert len({tuple(r) for r in results}) == 1
    assert len(results[0]) == 14


@pytest.mark.parametrize("days", [0, -1, 15, 10**30, True])
def test_days_out_of_bounds_are_refused(db: Session, days: int) -> None:
    with pytest.raises(ValidationFailed) as refused:
        slot_capacity.list_slots(db, "delivery", TODAY, days, NOW)
    assert refused.value.field == "days"


def test_a_past_day_or_a_day_beyond_the_horizon_is_refused_and_the_horizon_cuts_a_listing(
    db: Session, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GROCER_SLOT_DAYS_AHEAD", "10")
    grocer_settings.get_settings.cache_clear()
    with pytest.raises(ValidationFailed) as refused:
        slot_capacity.list_slots(db, "delivery", TODAY - timedelta(days=1), 1, NOW)
    assert refused.value.key == "slots.errors.pastDay"
    with pytest.raises(ValidationFailed) as refused:
        slot_capacity.list_slots(db, "delivery", TODAY + timedelta(days=10), 1, NOW)
    assert refused.value.key == "slots.errors.tooFar"
    last_days = slot_capacity.list_slots(db, "pickup", TODAY + timedelta(days=8), 7, NOW)
    assert sorted({s["date"] for s in last_days}) == ["2030-03-19", "2030-03-20"]


def test_an_unknown_kind_is_refused(db: Session) -> None:
    with pytest.raises(ValidationFailed):
        slot_capacity.list_slots(db, "drone", TODAY, 1, NOW)


# --- holds --------------------------------------------------------------------------------------


def test_a_hold_takes_a_place_until_it_expires_by_itself(db: Session) -> None:
    alice = stored_user(db, "alice")
    ident = slot_id(db, TOMORROW)
    held = slot_capacity.hold(db, alice, ident, NOW)
    db.commit()
    assert held["expiresAt"] == "2030-03-11T08:20:00Z"
    assert held["slot"]["id"] == ident and held["slot"]["remaining"] == 19
    assert slot_capacity.current_hold(db, alice, NOW + timedelta(minutes=19)) == held
    later = NOW + timedelta(minutes=20)
    assert slot_capacity.current_hold(db, alice, later) is None
    listed = slot_capacity.list_slots(db, "delivery", TOMORROW, 1, later)  # the lazy sweep
    db.commit()
    assert listed[0]["remaining"] == 20
    assert remaining(db, ident) == 20 and live_holds(db) == []
    assert stored_slot(db, ident).held == 0


def test_the_periodic_sweep_releases_each_expired_hold_once(db: Session) -> None:
    users = [stored_user(db, f"u{i}") for i in range(3)]
    ident = slot_id(db, TOMORROW)
    for user in users:
        slot_capacity.hold(db, user, ident, NOW)
    db.commit()
    assert remaining(db, ident) == 17
    assert slot_capacity.sweep_expired_holds(db, NOW + timedelta(minutes=5)) == 0
    assert slot_capacity.sweep_expired_holds(db, NOW + timedelta(minutes=20)) == 3
    assert slot_capacity.sweep_expired_holds(db, NOW + timedelta(minutes=21)) == 0
    db.commit()
    assert remaining(db, ident) == 20


def test_a_hold_never_outlives_the_slot_cutoff(db: Session) -> None:
    alice = stored_user(db, "alice")
    ident = slot_id(db, TODAY, "13-17")  # cut-off 11:00
    held = slot_capacity.hold(db, alice, ident, NOW.replace(hour=10, minute=50))
    assert held["expiresAt"] == "2030-03-11T11:00:00Z"


def test_a_new_hold_releases_the_previous_one_and_the_same_slot_again_renews_it(
    db: Session,
) -> None:
    alice = stored_user(db, "alice")
    morning, evening = slot_id(db, TOMORROW, "9-13"), slot_id(db, TOMORROW, "17-21")
    first = slot_capacity.hold(db, alice, morning, NOW)
    second = slot_capacity.hold(db, alice, evening, NOW + timedelta(minutes=1))
    db.commit()
    assert second["holdId"] != first["holdId"]
    assert (remaining(db, morning), remaining(db, evening)) == (20, 19)
    replay = slot_capacity.hold(db, alice, evening, NOW + timedelta(minutes=5))
    db.commit()
    assert replay["holdId"] == second["holdId"]
    assert replay["expiresAt"] == "2030-03-11T08:25:00Z"
    assert remaining(db, evening) == 19
    assert [h.id for h in live_holds(db)] == [second["holdId"]]


def test_a_refused_hold_keeps_the_previous_one(
    db: Session, shoppers: tuple[User, User], capacity: Any
) -> None:
    alice, bob = shoppers
    capacity(1)
    mine, full = slot_id(db, TOMORROW, "9-13"), slot_id(db, TOMORROW, "13-17")
    slot_capacity.hold(db, bob, full, NOW)
    kept = slot_capacity.hold(db, alice, mine, NOW)
    db.commit()
    with pytest.raises(SlotFull) as refused:
        slot_capacity.hold(db, alice, full, NOW)
    db.rollback()  # what the API's session and the Reflex unit of work do on an error
    assert refused.value.key == "slots.errors.full" and refused.value.status == 409
    assert slot_capacity.current_hold(db, alice, NOW) == kept
    assert (remaining(db, mine), remaining(db, full)) == (0, 0)


def test_a_slot_past_its_cutoff_is_refused_as_closed(db: Session) -> None:
    alice = stored_user(db, "alice")
    ident = slot_id(db, TODAY, "9-13")  # cut-off 07:00, now 08:00
    with pytest.raises(SlotClosed) as refused:
        slot_capacity.hold(db, alice, ident, NOW)
    assert refused.value.key == "slots.errors.closed"
    db.rollback()
    assert remaining(db, ident) == 20


def test_an_unknown_slot_is_not_found(db: Session) -> None:
    alice = stored_user(db, "alice")
    with pytest.raises(NotFound):
        slot_capacity.hold(db, alice, 987_654, NOW)


def test_fifty_shoppers_racing_for_ten_places_through_the_service_get_exactly_ten(
    database: sa.Engine, db: Session, capacity: Any
) -> None:
    capacity(PLACES)
    users = [stored_user(db, f"shopper{i}") for i in range(RACERS)]
    ident = slot_id(db, TOMORROW)

    def race(index: int) -> str:
        with Session(database, expire_on_commit=False) as own:
            try:
                slot_capacity.hold(own, users[index], ident, NOW)
            except SlotFull:
                own.rollback()
                return "full"
            own.commit()
            return "held"

    results = at_once(RACERS, race)
    assert sorted(map(str, results)) == ["full"] * (RACERS - PLACES) + ["held"] * PLACES
    row = stored_slot(db, ident)
    assert (row.held, row.booked, row.capacity) == (PLACES, 0, PLACES)
    assert len(live_holds(db)) == PLACES


def test_two_tabs_holding_at_once_leave_one_live_hold(database: sa.Engine, db: Session) -> None:
    alice = stored_user(db, "alice")
    listed = slot_capacity.list_slots(db, "delivery", TOMORROW, 4, NOW)
    db.commit()
    ids = [s["id"] for s in listed]

    def tab(index: int) -> int:
        with Session(database, expire_on_commit=False) as own:
            held = slot_capacity.hold(own, alice, ids[index % len(ids)], NOW)
            own.commit()
            return held["holdId"]

    results = at_once(16, tab)
    assert [r for r in results if isinstance(r, Exception)] == []
    assert len(live_holds(db)) == 1
    db.expire_all()
    assert sum(row.held for row in db.exec(select(DeliverySlot)).all()) == 1


# --- bookings -----------------------------------------------------------------------------------


def test_booking_converts_the_live_hold_once_per_order(db: Session) -> None:
    alice = stored_user(db, "alice")
    ident = slot_id(db, TOMORROW)
    held = slot_capacity.hold(db, alice, ident, NOW)
    order = make_order(db, alice, "GR-1")
    booked = slot_capacity.book(
        db, alice, hold_id=held["holdId"], slot_id=None, order_id=order, now=NOW
    )
    db.commit()
    assert booked["id"] == ident and booked["remaining"] == 19
    row = stored_slot(db, ident)
    assert (row.held, row.booked) == (0, 1)
    again = slot_capacity.book(
        db, alice, hold_id=held["holdId"], slot_id=ident, order_id=order, now=NOW
    )  # noqa: E501
    db.commit()
    assert again["id"] == ident
    row = stored_slot(db, ident)
    assert (row.held, row.booked) == (0, 1)
    assert slot_capacity.current_hold(db, alice, NOW) is None


def test_booking_after_the_hold_expired_claims_a_remaining_place(db: Session) -> None:
    alice = stored_user(db, "alice")
    ident = slot_id(db, TOMORROW)
    held = slot_capacity.hold(db, alice, ident, NOW)
    order = make_order(db, alice, "GR-2")
    later = NOW + timedelta(hours=1)
    slot_capacity.book(db, alice, hold_id=held["holdId"], slot_id=None, order_id=order, now=later)
    db.commit()
    row = stored_slot(db, ident)
    assert (row.held, row.booked) == (0, 1)


def test_booking_with_only_a_slot_claims_directly_and_is_refused_when_full(
    db: Session, shoppers: tuple[User, User], one_place: int
) -> None:
    (alice, bob), ident = shoppers, one_place
    slot_capacity.book(
        db, alice, hold_id=None, slot_id=ident, order_id=make_order(db, alice, "GR-3"), now=NOW
    )
    db.commit()
    late = make_order(db, bob, "GR-4")
    with pytest.raises(SlotFull):
        slot_capacity.book(db, bob, hold_id=None, slot_id=ident, order_id=late, now=NOW)
    db.rollback()
    assert stored_slot(db, ident).booked == 1


def test_an_expired_hold_of_someone_else_does_not_keep_a_booking_out(
    db: Session, shoppers: tuple[User, User], one_place: int
) -> None:
    (alice, bob), ident = shoppers, one_place
    bobs = slot_capacity.hold(db, bob, ident, NOW)
    db.commit()
    later = NOW + timedelta(minutes=30)  # bob's hold expired, nobody swept yet
    slot_capacity.book(
        db, alice, hold_id=None, slot_id=ident, order_id=make_order(db, alice, "GR-5"), now=later
    )
    db.commit()
    order = make_order(db, bob, "GR-5b")
    with pytest.raises(SlotFull):  # his expired hold gives him no place any more
        slot_capacity.book(db, bob, hold_id=bobs["holdId"], slot_id=None, order_id=order, now=later)
    db.rollback()
    row = stored_slot(db, ident)
    assert (row.held, row.booked) == (0, 1)


def test_booking_a_closed_slot_without_a_live_hold_is_refused(db: Session) -> None:
    alice = stored_user(db, "alice")
    ident = slot_id(db, TODAY, "9-13")
    order = make_order(db, alice, "GR-6")
    with pytest.raises(SlotClosed):
        slot_capacity.book(db, alice, hold_id=None, slot_id=ident, order_id=order, now=NOW)


def test_booking_refuses_another_shoppers_hold_and_a_mismatched_slot(db: Session) -> None:
    alice, bob = stored_user(db, "alice"), stored_user(db, "bob")
    morning, evening = slot_id(db, TOMORROW, "9-13"), slot_id(db, TOMORROW, "17-21")
    held = slot_capacity.hold(db, alice, morning, NOW)
    order = make_order(db, bob, "GR-7")
    with pytest.raises(NotFound):
        slot_capacity.book(db, bob, hold_id=held["holdId"], slot_id=None, order_id=order, now=NOW)
    mine = make_order(db, alice, "GR-8")
    with pytest.raises(ValidationFailed):
        slot_capacity.book(
            db, alice, hold_id=held["holdId"], slot_id=evening, order_id=mine, now=NOW
        )  # noqa: E501
    with pytest.raises(ValidationFailed):
        slot_capacity.book(db, alice, hold_id=None, slot_id=None, order_id=mine, now=NOW)


def test_releasing_a_booking_frees_its_place_once(db: Session) -> None:
    alice = stored_user(db, "alice")
    ident = slot_id(db, TOMORROW)
    order = make_order(db, alice, "GR-9")
    slot_capacity.book(db, alice, hold_id=None, slot_id=ident, order_id=order, now=NOW)
    db.commit()
    assert remaining(db, ident) == 19
    slot_capacity.release_booking(db, order, NOW)
    slot_capacity.release_booking(db, order, NOW)
    slot_capacity.release_booking(db, make_order(db, alice, "GR-10"), NOW)  # nothing booked
    db.commit()
    assert remaining(db, ident) == 20
    assert stored_slot(db, ident).booked == 0


# --- the API ------------------------------------------------------------------------------------


@pytest.fixture
def clock(client: TestClient) -> Clock:
    frozen = Clock(client)
    frozen.now = NOW
    return frozen


def test_the_api_lists_slots_publicly(client: TestClient, clock: Clock) -> None:
    answer = client.get(f"{API}/delivery-slots", params={"kind": "pickup", "days": 2})
    assert answer.status_code == 200, answer.text
    listed = answer.json()
    assert [(s["date"], s["label"], s["available"]) for s in listed] == [
        ("2030-03-11", "9h - 13h", False),
        ("2030-03-11", "15h - 17h", True),
        ("2030-03-12", "9h - 13h", True),
        ("2030-03-12", "15h - 17h", True),
    ]
    assert listed[1]["cutoffAt"] == "2030-03-11T13:00:00Z" and listed[1]["remaining"] == 20
    default = client.get(f"{API}/delivery-slots").json()  # delivery, 7 days from today
    assert len(default) == 21 and default[0]["kind"] == "delivery"
    assert default[0]["date"] == "2030-03-11" and default[-1]["date"] == "2030-03-17"
    later = client.get(f"{API}/delivery-slots", params={"from": "2030-03-14", "days": 1}).json()
    assert [s["date"] for s in later] == ["2030-03-14"] * 3


@pytest.mark.parametrize(
    "params",
    [
        {"days": 0},
        {"days": 15},
        {"days": 10**30},
        {"days": "seven"},
        {"kind": "drone"},
        {"from": "2030-13-45"},
        {"from": "2030-02-30"},
        {"from": "11/03/2030"},
        {"from": "2030-03-11T00:00"},
        {"from": "x" * 5000},
        {"from": "2030-03-10"},  # yesterday
        {"from": "2030-04-10"},  # beyond the 30 days
    ],
)
def test_bad_listing_queries_are_400(
    client: TestClient, clock: Clock, params: dict[str, Any]
) -> None:
    answer = client.get(f"{API}/delivery-slots", params=params)
    assert answer.status_code == 400, answer.text
    assert {"message", "key"} <= set(answer.json())


def test_holding_over_the_api(client: TestClient, clock: Clock, db: Session) -> None:
    alice = stored_user(db, "alice")
    auth = bearer_for(alice)
    ident = client.get(f"{API}/delivery-slots", params={"from": "2030-03-12", "days": 1}).json()[0][
        "id"
    ]  # noqa: E501
    assert client.get(f"{API}/delivery-slots/hold", headers=auth).status_code == 404
    answer = client.post(f"{API}/delivery-slots/{ident}/hold", headers=auth)
    assert answer.status_code == 200, answer.text
    held = answer.json()
    assert set(held) == {"holdId", "expiresAt", "slot"}
    assert held["expiresAt"] == "2030-03-11T08:20:00Z" and held["slot"]["remaining"] == 19
    replay = client.post(f"{API}/delivery-slots/{ident}/hold", headers=auth).json()
    assert replay["holdId"] == held["holdId"] and replay["slot"]["remaining"] == 19
    assert client.get(f"{API}/delivery-slots/hold", headers=auth).json() == replay
    clock.advance(minutes=21)
    assert client.get(f"{API}/delivery-slots/hold", headers=auth).status_code == 404
    listed = client.get(f"{API}/delivery-slots", params={"from": "2030-03-12", "days": 1}).json()
    assert listed[0]["remaining"] == 20
    again = client.post(f"{API}/delivery-slots/{ident}/hold", headers=auth).json()
    assert client.delete(f"{API}/delivery-slots/hold", headers=auth).status_code == 204
    assert client.delete(f"{API}/delivery-slots/hold", headers=auth).status_code == 204
    assert client.get(f"{API}/delivery-slots/hold", headers=auth).status_code == 404
    assert again["slot"]["remaining"] == 19 and remaining(db, ident) == 20


def test_a_closed_or_full_slot_is_409_with_its_key(
    client: TestClient, clock: Clock, db: Session, capacity: Any
) -> None:
    alice, bob = stored_user(db, "alice"), stored_user(db, "bob")
    capacity(1)
    today = client.get(f"{API}/delivery-slots", params={"days": 2}).json()
    closed, open_ = today[0]["id"], today[3]["id"]
    answer = client.post(f"{API}/delivery-slots/{closed}/hold", headers=bearer_for(alice))
    assert answer.status_code == 409 and answer.json()["key"] == "slots.errors.closed"
    assert (
        client.post(f"{API}/delivery-slots/{open_}/hold", headers=bearer_for(bob)).status_code
        == 200
    )  # noqa: E501
    answer = client.post(f"{API}/delivery-slots/{open_}/hold", headers=bearer_for(alice))
    assert answer.status_code == 409 and answer.json()["key"] == "slots.errors.full"
    listed = client.get(f"{API}/delivery-slots", params={"days": 2}).json()
    assert (listed[3]["remaining"], listed[3]["available"]) == (0, False)


def test_another_shoppers_hold_can_be_neither_read_nor_released(
    client: TestClient, clock: Clock, db: Session
) -> None:
    alice, bob = stored_user(db, "alice"), stored_user(db, "bob")
    ident = client.get(f"{API}/delivery-slots", params={"days": 2}).json()[4]["id"]
    held = client.post(f"{API}/delivery-slots/{ident}/hold", headers=bearer_for(alice)).json()
    assert client.get(f"{API}/delivery-slots/hold", headers=bearer_for(bob)).status_code == 404
    assert client.delete(f"{API}/delivery-slots/hold", headers=bearer_for(bob)).status_code == 204
    assert client.get(f"{API}/delivery-slots/hold", headers=bearer_for(alice)).json() == held


def test_holding_needs_a_signed_in_shopper(client: TestClient, clock: Clock) -> None:
    ident = client.get(f"{API}/delivery-slots", params={"days": 2}).json()[4]["id"]
    for method, path in [
        ("POST", f"/delivery-slots/{ident}/hold"),
        ("GET", "/delivery-slots/hold"),
        ("DELETE", "/delivery-slots/hold"),
    ]:
        answer = client.request(method, API + path)
        assert answer.status_code == 401, (method, path)
        answer = client.request(method, API + path, headers={"Authorization": "Bearer forged"})
        assert answer.status_code == 401, (method, path)


@pytest.mark.parametrize("ident", ["0", "-1", "abc", "1.5", str(2**31), str(10**40)])
def test_bad_slot_ids_are_400_and_unknown_ones_404(
    client: TestClient, clock: Clock, db: Session, ident: str
) -> None:
    auth = bearer_for(stored_user(db, "alice"))
    answer = client.post(f"{API}/delivery-slots/{ident}/hold", headers=auth)
    assert answer.status_code == 400, answer.text
    answer = client.post(f"{API}/delivery-slots/424242/hold", headers=auth)
    assert answer.status_code == 404 and answer.json()["key"] == "slots.errors.notFound"


def test_the_slot_routes_are_in_the_openapi_schema(client: TestClient) -> None:
    schema = client.get(f"{API}/openapi.json").json()
    listing = schema["paths"][f"{API}/delivery-slots"]["get"]
    assert {p["name"] for p in listing["parameters"]} == {"kind", "from", "days"}
    ok = listing["responses"]["200"]["content"]["application/json"]["schema"]
    assert ok["type"] == "array" and ok["items"]["$ref"].endswith("/SlotDict")
    assert set(schema["components"]["schemas"]["SlotDict"]["properties"]) >= {
        "cutoffAt",
        "remaining",
    }  # noqa: E501
    hold_op = schema["paths"][f"{API}/delivery-slots/{{slot_id}}/hold"]["post"]
    assert {"401", "404", "409"} <= set(hold_op["responses"])


# --- the race over HTTP ---------------------------------------------------------------------------


def test_fifty_shoppers_racing_over_http_for_ten_places_get_exactly_ten(
    live_api: str, db: Session, capacity: Any
) -> None:
    """50 shoppers, each with their own token and connection, hold the same slot at once."""
    capacity(PLACES)  # the rows are made here, before the server sees the day
    users = [stored_user(db, f"racer{i}") for i in range(RACERS)]
    day = utcnow().date() + timedelta(days=2)
    listed = slot_capacity.list_slots(db, "delivery", day, 1, utcnow())
    db.commit()
    ident = listed[0]["id"]
    tokens = [bearer_for(user) for user in users]

    def race(index: int) -> tuple[int, str | None]:
        with httpx.Client(timeout=60) as http:
            answer = http.post(f"{live_api}/delivery-slots/{ident}/hold", headers=tokens[index])
            key = answer.json().get("key") if answer.status_code == 409 else None
            return answer.status_code, key

    results = at_once(RACERS, race)
    assert sorted(results, key=str) == sorted(
        [(200, None)] * PLACES + [(409, "slots.errors.full")] * (RACERS - PLACES), key=str
    )
    row = stored_slot(db, ident)
    assert (row.held, row.booked) == (PLACES, 0)
    with httpx.Client(timeout=30) as http:
        answer = http.get(f"{live_api}/delivery-slots", params={"from": day.isoformat(), "days": 1})
    assert answer.json()[0]["remaining"] == 0 and answer.json()[0]["available"] is False


def test_two_tabs_holding_over_http_at_once_keep_one_hold(live_api: str, db: Session) -> None:
    alice = stored_user(db, "alice")
    auth = bearer_for(alice)
    day = utcnow().date() + timedelta(days=2)
    ids = [s["id"] for s in slot_capacity.list_slots(db, "delivery", day, 2, utcnow())]
    db.commit()

    def tab(index: int) -> int:
        with httpx.Client(timeout=60) as http:
            return http.post(
                f"{live_api}/delivery-slots/{ids[index % 6]}/hold", headers=auth
            ).status_code  # noqa: E501

    assert at_once(12, tab) == [200] * 12
    assert len(live_holds(db)) == 1
    db.expire_all()
    assert sum(row.held for row in db.exec(select(DeliverySlot)).all()) == 1
