"""The back-office's slots (issue 17, ★) on SQLite and PostgreSQL: the weekly template and its
preview, the made slots' capacity (refused below the places taken, race-proof), closing and
reopening a day (a new hold is refused, a booking stays), who may do it, and bad input that is
always a 4xx, never a 500. The API's clock is frozen on a Monday morning."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from typing import Any

import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient
from sqlmodel import Session, col, select

from grocer.models import AuditEntry, DeliverySlot, Order, SlotHold, User
from grocer.services import slot_capacity
from grocer.services.admin import slots as admin_slots
from grocer.services.errors import Conflict
from grocer.services.slot_capacity import SlotFull
from tests.support import API
from tests.support.accounts import Clock, bearer_for, stored_user
from tests.support.concurrency import at_once

#: A Monday, 08:00 UTC (the shop's local time).
NOW = datetime(2030, 3, 11, 8, 0, tzinfo=UTC)
TUESDAY = date(2030, 3, 12)
ADMIN = f"{API}/admin/slots"


@pytest.fixture
def clock(client: TestClient) -> Clock:
    frozen = Clock(client)
    frozen.now = NOW
    return frozen


@pytest.fixture
def admin(db: Session) -> User:
    return stored_user(db, "root", ["admin"])


@pytest.fixture
def auth(admin: User) -> dict[str, str]:
    return bearer_for(admin)


def days(client: TestClient, auth: dict[str, str], first: str | None = None) -> dict[str, Any]:
    params = {"from": first} if first else {}
    answer = client.get(f"{ADMIN}/delivery/days", params=params, headers=auth)
    assert answer.status_code == 200, answer.text
    return answer.json()


def made(client: TestClient, auth: dict[str, str], day: date, code: str) -> dict[str, Any]:
    """A made delivery slot as the back-office lists it (listing its week makes it)."""
    week = days(client, auth, day.isoformat())
    found = next(d for d in week["days"] if d["date"] == day.isoformat())
    return next(s for s in found["slots"] if s["slot"] == code)


def week(capacity: int = 20, cutoff: int = 120, **changes: dict[str, Any]) -> list[dict[str, Any]]:
    """A whole delivery week; `changes` keyed 'weekday_slot' ('1_9-13') override cells."""
    return [
        {
            "weekday": weekday,
            "slot": code,
            "open": True,
            "capacity": capacity,
            "cutoffMinutes": cutoff,
            **changes.get(f"{weekday}_{code}", {}),
        }
        for weekday in range(7)
        for code in ("9-13", "13-17", "17-21")
    ]


def hold(client: TestClient, user: User, slot: int) -> int:
    return client.post(f"{API}/delivery-slots/{slot}/hold", headers=bearer_for(user)).status_code


def stored(db: Session, ident: int) -> DeliverySlot:
    db.expire_all()
    row = db.get(DeliverySlot, ident)
    assert row is not None
    return row


def book(db: Session, user: User, slot: int, number: str) -> Order:
    """The shopper holds the slot and an order books it (the checkout's two steps)."""
    held = slot_capacity.hold(db, user, slot, NOW)
    order = Order(number=number, user_id=user.id)  # type: ignore[arg-type]
    db.add(order)
    db.flush()
    assert order.id is not None
    slot_capacity.book(db, user, hold_id=held["holdId"], slot_id=None, order_id=order.id, now=NOW)
    db.commit()
    return order


def trail(db: Session, action: str) -> list[AuditEntry]:
    query = select(AuditEntry).where(col(AuditEntry.action) == action).order_by(col(AuditEntry.id))
    return list(db.exec(query).all())


# --- the weekly template ----------------------------------------------------------------------


def test_the_template_starts_as_the_settings_and_its_preview_changes_nothing(
    client: TestClient, clock: Clock, db: Session, auth: dict[str, str]
) -> None:
    template = client.get(f"{ADMIN}/pickup/template", headers=auth).json()
    assert template["slots"] == ["9-13", "15-17"]
    assert [d["weekday"] for d in template["days"]] == list(range(7))
    cell = template["days"][0]["cells"][1]
    assert cell == {
        "weekday": 0, "slot": "15-17", "label": "15h - 17h", "open": True, "capacity": 20,
        "cutoffMinutes": 120,
    }  # fmt: skip
    alice = stored_user(db, "alice")
    taken = made(client, auth, TUESDAY, "9-13")
    assert hold(client, alice, taken["id"]) == 200
    cells = week(**{"1_9-13": {"open": False}, "1_13-17": {"capacity": 5, "cutoffMinutes": 60}})
    preview = client.post(f"{ADMIN}/delivery/template/preview", json={"cells": cells}, headers=auth)
    assert preview.status_code == 200, preview.text
    effect = preview.json()
    assert [(c["date"], c["slot"], c["newCapacity"]) for c in effect["changes"]] == [
        ("2030-03-12", "13-17", 5)
    ]
    assert effect["changes"][0]["newCutoffMinutes"] == 60
    assert [(c["date"], c["slot"], c["taken"]) for c in effect["kept"]] == [
        ("2030-03-12", "9-13", 1)
    ]
    assert stored(db, made(client, auth, TUESDAY, "13-17")["id"]).capacity == 20  # a preview
    assert trail(db, "slot.template") == []


def test_saving_the_template_changes_the_made_slots_that_can_take_it_and_the_days_to_come(
    client: TestClient, clock: Clock, db: Session, auth: dict[str, str]
) -> None:
    alice = stored_user(db, "alice")
    taken = made(client, auth, TUESDAY, "9-13")
    assert hold(client, alice, taken["id"]) == 200
    cells = week(**{"1_9-13": {"open": False}, "1_13-17": {"capacity": 5, "cutoffMinutes": 60}})
    saved = client.put(f"{ADMIN}/delivery/template", json={"cells": cells}, headers=auth)
    assert saved.status_code == 200, saved.text
    body = saved.json()
    assert body["changed"] == 1
    assert [(k["slot"], k["taken"], k["kept"]) for k in body["kept"]] == [("9-13", 1, True)]
    assert body["template"]["days"][1]["cells"][0]["open"] is False
    assert stored(db, taken["id"]).capacity == 20  # kept: alice holds a place of it
    after = made(client, auth, TUESDAY, "13-17")
    assert (after["capacity"], after["cutoffMinutes"]) == (5, 60)
    assert after["cutoffAt"] == "2030-03-12T12:00:00Z"
    # next Tuesday is made from the saved template
    listed = client.get(f"{API}/delivery-slots", params={"from": "2030-03-19", "days": 1}).json()
    assert [(s["slot"], s["capacity"], s["available"]) for s in listed] == [
        ("9-13", 0, False),
        ("13-17", 5, True),
        ("17-21", 20, True),
    ]
    assert client.get(f"{ADMIN}/delivery/template", headers=auth).json() == body["template"]
    (entry,) = trail(db, "slot.template")
    assert entry.target_label == "delivery"
    assert entry.before["1/13-17"] == {"is_open": True, "capacity": 20, "cutoff_minutes": 120}
    assert entry.after["1/13-17"] == {"is_open": True, "capacity": 5, "cutoff_minutes": 60}
    assert set(entry.after) == {"1/9-13", "1/13-17"}


# --- one slot's capacity ----------------------------------------------------------------------


def test_a_capacity_below_the_places_taken_is_refused_with_their_number(
    client: TestClient, clock: Clock, db: Session, auth: dict[str, str]
) -> None:
    alice, bob, carol = (stored_user(db, n) for n in ("alice", "bob", "carol"))
    slot = made(client, auth, TUESDAY, "9-13")["id"]
    assert hold(client, alice, slot) == 200
    book(db, bob, slot, "GR-1")
    url = f"{ADMIN}/made/{slot}"
    refused = client.put(url, json={"capacity": 1}, headers=auth)
    assert refused.status_code == 409
    assert "2 places déjà prises" in refused.json()["message"]
    assert stored(db, slot).capacity == 20
    answer = client.put(url, json={"capacity": 2, "cutoffMinutes": 30}, headers=auth)
    assert answer.status_code == 200, answer.text
    row = answer.json()
    assert (row["capacity"], row["booked"], row["held"], row["remaining"]) == (2, 1, 1, 0)
    assert row["cutoffAt"] == "2030-03-12T08:30:00Z"
    assert hold(client, carol, slot) == 409  # full
    (entry,) = trail(db, "slot.capacity")
    assert entry.before == {"capacity": 20, "cutoffMinutes": 120}
    assert entry.after == {"capacity": 2, "cutoffMinutes": 30}
    assert entry.target_id == slot


def test_an_earlier_cutoff_brings_the_holds_expiry_with_it(
    client: TestClient, clock: Clock, db: Session, auth: dict[str, str]
) -> None:
    alice = stored_user(db, "alice")
    slot = made(client, auth, NOW.date(), "13-17")["id"]  # today 13h: closes 11h
    assert hold(client, alice, slot) == 200  # until 08:20
    answer = client.put(f"{ADMIN}/made/{slot}", json={"capacity": 20, "cutoffMinutes": 290})
    assert answer.status_code == 401
    answer = client.put(
        f"{ADMIN}/made/{slot}", json={"capacity": 20, "cutoffMinutes": 290}, headers=auth
    )
    assert answer.status_code == 200 and answer.json()["cutoffAt"] == "2030-03-11T08:10:00Z"
    db.expire_all()
    (live,) = db.exec(select(SlotHold).where(col(SlotHold.slot_id) == slot)).all()
    assert live.expires_at == datetime(2030, 3, 11, 8, 10, tzinfo=UTC)


def test_a_started_slot_cannot_change(
    client: TestClient, clock: Clock, auth: dict[str, str]
) -> None:
    slot = made(client, auth, NOW.date(), "9-13")["id"]
    clock.advance(hours=2)
    answer = client.put(f"{ADMIN}/made/{slot}", json={"capacity": 3}, headers=auth)
    assert answer.status_code == 409 and "commencé" in answer.json()["message"]


def test_a_hold_and_a_lower_capacity_racing_never_overbook(
    database: sa.Engine, db: Session, admin: User
) -> None:
    alice, bob = stored_user(db, "alice"), stored_user(db, "bob")
    for round_ in range(3):
        day = TUESDAY + timedelta(days=round_)
        listed = slot_capacity.list_slots(db, "delivery", day, 1, NOW)
        slot = listed[0]["id"]
        admin_slots.set_capacity(db, admin, slot, 2, now=NOW)
        slot_capacity.hold(db, alice, slot, NOW)
        db.commit()

        def race(index: int, slot: int = slot) -> str:
            with Session(database, expire_on_commit=False) as own:
                try:
                    if index == 0:
                        admin_slots.set_capacity(own, admin, slot, 1, now=NOW)
                    else:
                        slot_capacity.hold(own, bob, slot, NOW)
                except (Conflict, SlotFull):
                    own.rollback()
                    return "refused"
                own.commit()
                return "done"

        results = at_once(2, race)
        assert sorted(map(str, results)) == ["done", "refused"], results
        row = stored(db, slot)
        assert row.booked + row.held <= row.capacity


def test_two_capacity_changes_at_once_both_land_in_turn(
    database: sa.Engine, db: Session, admin: User
) -> None:
    slot = slot_capacity.list_slots(db, "delivery", TUESDAY, 1, NOW)[0]["id"]
    db.commit()
    staff = stored_user(db, "fatou", ["staff"])

    def change(index: int) -> int:
        with Session(database, expire_on_commit=False) as own:
            answered = admin_slots.set_capacity(
                own, (admin, staff)[index], slot, 5 + index, now=NOW
            )
            own.commit()
            return answered["capacity"]

    assert sorted(at_once(2, change)) == [5, 6]
    assert stored(db, slot).capacity in (5, 6)
    entries = trail(db, "slot.capacity")
    assert len(entries) == 2 and {e.actor_name for e in entries} == {"root", "fatou"}


# --- closed days ------------------------------------------------------------------------------


def test_closing_a_day_stops_new_holds_and_keeps_the_bookings(
    client: TestClient, clock: Clock, db: Session, auth: dict[str, str]
) -> None:
    alice, bob, carol = (stored_user(db, n) for n in ("alice", "bob", "carol"))
    morning = made(client, auth, TUESDAY, "9-13")["id"]
    afternoon = made(client, auth, TUESDAY, "13-17")["id"]
    order = book(db, alice, morning, "GR-2030-0001")
    assert hold(client, bob, afternoon) == 200
    url = f"{ADMIN}/delivery/closures/2030-03-12"
    effect = client.get(f"{url}/effect", headers=auth).json()
    assert effect["closed"] is False
    assert [(b["number"], b["slot"], b["customer"]["username"]) for b in effect["bookings"]] == [
        ("GR-2030-0001", "9-13", "alice")
    ]
    assert [(h["slot"], h["customer"]["username"]) for h in effect["holds"]] == [("13-17", "bob")]
    closed = client.put(url, json={"note": "Fête nationale"}, headers=auth)
    assert closed.status_code == 200, closed.text
    assert closed.json()["bookingsKept"] == 1 and closed.json()["holdsReleased"] == 1
    assert closed.json()["closure"]["note"] == "Fête nationale"
    assert hold(client, carol, morning) == 409
    assert hold(client, carol, afternoon) == 409
    assert client.get(f"{API}/delivery-slots/hold", headers=bearer_for(bob)).status_code == 404
    kept = stored(db, morning)
    assert (kept.booked, kept.held) == (1, 0)
    db.expire_all()
    booking = db.exec(select(SlotHold).where(col(SlotHold.order_id) == order.id)).one()
    assert booking.status == "booked"
    listed = client.get(f"{API}/delivery-slots", params={"from": "2030-03-12", "days": 1}).json()
    assert not any(s["available"] for s in listed)
    tuesday = days(client, auth, "2030-03-12")["days"][0]
    assert tuesday["closed"] is True and tuesday["note"] == "Fête nationale"
    changing = client.put(f"{ADMIN}/made/{afternoon}", json={"capacity": 9}, headers=auth)
    assert changing.status_code == 409 and "rouvrez" in changing.json()["message"]
    assert client.put(url, json={}, headers=auth).status_code == 409  # closed already
    ahead = client.get(f"{ADMIN}/delivery/closures", headers=auth).json()
    assert [(c["date"], c["note"]) for c in ahead] == [("2030-03-12", "Fête nationale")]
    assert client.get(f"{ADMIN}/pickup/closures", headers=auth).json() == []
    # reopened: the template's values again, and a new hold passes
    reopened = client.delete(url, headers=auth)
    assert reopened.status_code == 200, reopened.text
    assert [(s["slot"], s["capacity"], s["booked"]) for s in reopened.json()["slots"]] == [
        ("9-13", 20, 1),
        ("13-17", 20, 0),
        ("17-21", 20, 0),
    ]
    assert reopened.json()["slots"][1]["cutoffAt"] == "2030-03-12T11:00:00Z"
    assert hold(client, carol, afternoon) == 200
    assert client.delete(url, headers=auth).status_code == 404
    assert [e.after for e in trail(db, "slot.closure")] == [
        {"closed": True, "note": "Fête nationale"},
        {"closed": False},
    ]


def test_a_day_closed_before_it_is_made_is_made_without_places(
    client: TestClient, clock: Clock, auth: dict[str, str]
) -> None:
    closed = client.put(f"{ADMIN}/pickup/closures/2030-03-20", json={"note": ""}, headers=auth)
    assert closed.status_code == 200 and closed.json()["bookingsKept"] == 0
    listed = client.get(
        f"{API}/delivery-slots", params={"kind": "pickup", "from": "2030-03-20", "days": 1}
    ).json()
    assert [(s["capacity"], s["available"]) for s in listed] == [(0, False), (0, False)]
    delivery = client.get(f"{API}/delivery-slots", params={"from": "2030-03-20", "days": 1})
    assert all(s["available"] for s in delivery.json())  # the other kind stays open


# --- who may, and what is refused -------------------------------------------------------------


def test_staff_may_run_the_slots_and_a_shopper_may_not(
    client: TestClient, clock: Clock, db: Session, auth: dict[str, str]
) -> None:
    staff = bearer_for(stored_user(db, "fatou", ["staff"]))
    shopper = bearer_for(stored_user(db, "alice"))
    slot = made(client, auth, TUESDAY, "9-13")["id"]
    for headers, expected in ((staff, 200), (shopper, 403)):
        assert client.get(f"{ADMIN}/delivery/template", headers=headers).status_code == expected
        answer = client.put(f"{ADMIN}/made/{slot}", json={"capacity": 7}, headers=headers)
        assert answer.status_code == expected
        answer = client.put(
            f"{ADMIN}/delivery/template", json={"cells": week(capacity=3)}, headers=headers
        )
        assert answer.status_code == expected
    assert stored(db, slot).capacity == 3  # the staff's template, not the shopper's
    refused = client.put(f"{ADMIN}/delivery/closures/2030-03-13", json={}, headers=shopper)
    assert refused.status_code == 403
    assert client.get(f"{ADMIN}/delivery/closures", headers=auth).json() == []


@pytest.mark.parametrize(
    ("method", "path", "body", "status"),
    [
        ("GET", "/bike/template", None, 400),
        ("GET", "/DELIVERY/days", None, 400),
        ("GET", "/delivery/days?from=2030-02-30", None, 400),
        ("GET", "/delivery/days?from=2030-03-01", None, 400),
        ("GET", "/delivery/days?from=2031-03-01", None, 400),
        ("PUT", "/delivery/template", {"cells": "all"}, 400),
        ("PUT", "/delivery/template", {}, 400),
        ("PUT", "/delivery/template", {"cells": week()[:-1]}, 400),
        ("PUT", "/delivery/template", {"cells": [*week()[:-1], week()[0]]}, 400),
        ("PUT", "/delivery/template", {"cells": week(capacity=-1)}, 400),
        ("PUT", "/delivery/template", {"cells": week(capacity=2.5)}, 400),  # type: ignore[arg-type]
        ("PUT", "/delivery/template", {"cells": week(cutoff=10**9)}, 400),
        ("PUT", "/pickup/template", {"cells": week()}, 400),  # delivery's hours
        ("POST", "/delivery/template/preview", {"cells": [1, 2]}, 400),
        ("PUT", "/delivery/template", [1], 400),
        ("PUT", "/made/999999", {"capacity": 3}, 404),
        ("PUT", "/made/abc", {"capacity": 3}, 400),
        ("PUT", "/made/{slot}", {"capacity": "3"}, 400),
        ("PUT", "/made/{slot}", {"capacity": True}, 400),
        ("PUT", "/made/{slot}", {"capacity": -2}, 400),
        ("PUT", "/made/{slot}", {}, 400),
        ("PUT", "/made/{slot}", {"capacity": 3, "cutoffMinutes": -1}, 400),
        ("PUT", "/delivery/closures/2030-13-01", {}, 400),
        ("PUT", "/delivery/closures/2030-03-10", {}, 400),
        ("PUT", "/delivery/closures/tomorrow", {}, 400),
        ("PUT", "/delivery/closures/2030-03-13", {"note": "x" * 501}, 400),
        ("PUT", "/delivery/closures/2030-03-13", {"note": 5}, 400),
        ("GET", "/delivery/closures/20300313/effect", None, 400),
        ("DELETE", "/delivery/closures/2030-03-13", None, 404),
    ],
)
def test_bad_input_is_a_clear_4xx(
    client: TestClient,
    clock: Clock,
    auth: dict[str, str],
    method: str,
    path: str,
    body: Any,
    status: int,
) -> None:
    slot = made(client, auth, TUESDAY, "9-13")["id"]
    answer = client.request(
        method, ADMIN + path.replace("{slot}", str(slot)), json=body, headers=auth
    )
    assert answer.status_code == status, answer.text
    if status == 400:
        assert answer.json()["message"]
