"""The attribute a control carries for assets/open_now.js: what it opens or closes at once,
after how long, and on which screens (the syntax `parseWishes` reads)."""

from __future__ import annotations

from grocer.components.open_now import TOGGLE, open_now_mark, value_now_mark


def test_a_mark_names_each_key_with_its_wish_delay_and_screen() -> None:
    mark = open_now_mark(
        {"addressDialog": True, "bagOverlay": False, "slots": TOGGLE},
        later={"mapPicker": (True, 0.04), "signupDialog": (True, 0.3)},
        narrower_than={"mapPicker": 640},
    )
    assert mark == {
        "data-open-now": "addressDialog=1 bagOverlay=0 slots=~ mapPicker=1@40<640 "
        "signupDialog=1@300"
    }


def test_a_key_kept_to_small_screens_opens_at_once_without_a_delay() -> None:
    assert open_now_mark({"mapPicker": True}, narrower_than={"mapPicker": 640}) == {
        "data-open-now": "mapPicker=1<640"
    }


def test_a_value_mark_carries_spaces_and_signs_encoded() -> None:
    """parseValues splits a mark on spaces and URI-decodes each value."""
    mark = value_now_mark({"addressCity": "Bobo Dioulasso", "slotDay": "2026-12-01"})
    assert mark == {"data-value-now": "addressCity=Bobo%20Dioulasso slotDay=2026-12-01"}
    assert value_now_mark({"addressStreet": "12 = rue & 5%"}) == {
        "data-value-now": "addressStreet=12%20%3D%20rue%20%26%205%25"
    }
