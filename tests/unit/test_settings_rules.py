"""Pure rules of the enforced settings: the device name, the place, the switches of the
document, the auto-logout choices, local times (001 §2 Settings, §3, §7, §9)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from hypothesis import given
from hypothesis import strategies as st

from grocer.services import geoip, login_records, settings_doc
from grocer.services.login_records import device_label, local_time, place_text

#: 001 §2: notifications email on, push off, SMS off; privacy public profile off, data sharing
#: on; security alerts all on.
SPEC_SWITCHES = {
    "email": True,
    "push": False,
    "sms": False,
    "publicProfile": False,
    "dataSharing": True,
    "newLogins": True,
    "passwordChanges": True,
    "failedLogins": True,
}
AGENTS = {
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) "
    "Chrome/124.0.0.0 Mobile Safari/537.36": "Chrome · Android",
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like "
    "Gecko) Version/17.4 Mobile/15E148 Safari/604.1": "Safari · iOS",
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) "
    "Chrome/124.0.0.0 Safari/537.36 Edg/124.0.0.0": "Edge · Windows",
    "Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0": "Firefox · Linux",
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) "
    "HeadlessChrome/124.0.0.0 Safari/537.36": "Chrome · Linux",
    "Mozilla/5.0 (Linux; Android 13; SM-A536B) AppleWebKit/537.36 (KHTML, like Gecko) "
    "SamsungBrowser/24.0 Chrome/117.0.0.0 Mobile Safari/537.36": "Samsung Internet · Android",
    "curl/8.5.0": "",
    "": "",
}


@pytest.mark.parametrize(("agent", "label"), AGENTS.items())
def test_device_label_names_browser_and_system(agent: str, label: str) -> None:
    assert device_label(agent) == label


@given(st.text(max_size=2000))
def test_device_label_is_always_short(agent: str) -> None:
    assert len(device_label(agent)) <= login_records.DEVICE_MAX


def test_place_parts_in_order_and_only_the_known_ones() -> None:
    assert (
        place_text("Ouagadougou", "Centre", "Burkina Faso") == "Ouagadougou, Centre, Burkina Faso"
    )
    assert place_text(None, "", "France") == "France"
    assert place_text(None, None, None) == ""


def test_ip_service_answers_give_city_region_and_country_name() -> None:
    ipapi = {"ip": "1", "city": "Paris", "region": "Île-de-France", "country_name": "France"}
    assert geoip._place_of(ipapi) == {
        "city": "Paris",
        "region": "Île-de-France",
        "country_name": "France",
    }
    ipwho = {"success": True, "city": "Abidjan", "region": "Abidjan", "country": "Ivory Coast"}
    assert geoip._place_of(ipwho)["country_name"] == "Ivory Coast"
    assert geoip._place_of({"success": False, "city": "x"}) == {}
    assert geoip._place_of({"error": True}) == {}
    assert geoip._place_of(["not", "a", "dict"]) == {}
    assert geoip._place_of({"city": 12, "region": " "}) == {}


def test_private_addresses_have_no_place() -> None:
    assert geoip.offline_country_name("127.0.0.1") is None
    assert geoip.lookup_place("10.0.0.1") == {}
    assert geoip.offline_country_name("41.138.96.1") == "Burkina Faso"


def test_local_time_uses_the_chosen_timezone() -> None:
    moment = datetime(2026, 11, 25, 12, 5, tzinfo=UTC)
    assert local_time(moment, "Europe/Paris") == "25/11/2026 13:05"
    assert local_time(moment, "Asia/Tokyo") == "25/11/2026 21:05"
    assert local_time(moment, "Africa/Ouagadougou") == "25/11/2026 12:05"
    assert local_time(moment, "Not/AZone") == "25/11/2026 13:05"  # the default


def test_switches_round_trip_through_the_document() -> None:
    switches = settings_doc.switches_of(settings_doc.DEFAULT_SETTINGS)
    assert switches == SPEC_SWITCHES
    flipped = {name: not on for name, on in switches.items()}
    document = settings_doc.apply_settings(
        settings_doc.DEFAULT_SETTINGS, settings_doc.switches_payload({**flipped, "bogus": True})
    )
    assert settings_doc.switches_of(document) == flipped
    assert document["security"]["twoFactorMethod"] == "disabled"  # never part of the switches


@pytest.mark.parametrize(
    ("choice", "minutes"),
    [("30", 30), ("60", 60), ("1440", 1440), ("10080", 10080), ("never", None)],
)
def test_auto_logout_choices_are_the_spec_s(choice: str, minutes: int | None) -> None:
    assert settings_doc.auto_logout_choice(choice) == minutes


@pytest.mark.parametrize("bad", ["45", "", "0", "-30", "Never", "1e3"])
def test_other_auto_logout_choices_are_refused(bad: str) -> None:
    with pytest.raises(ValueError):
        settings_doc.auto_logout_choice(bad)
