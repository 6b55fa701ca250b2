"""Helpers of the states that the browser must not be able to call (issue 12 item 11): a public
method of an `rx.State` is an event handler any tab can invoke over the websocket."""

from __future__ import annotations

import grocer.state.delivery_panel
import grocer.state.forgot
import grocer.state.signup  # noqa: F401  (every state of the tree is registered)
from grocer.state.address import AddressState
from grocer.state.map_picker import MapPickerState


def test_form_position_is_not_an_event_handler() -> None:
    handlers = AddressState.event_handlers
    assert "form_position" not in handlers
    assert "_form_position" not in handlers
    assert callable(AddressState._form_position)  # still there for the map picker


def test_the_map_picker_reads_the_dialogs_point_backend_side() -> None:
    assert "_open" not in MapPickerState.event_handlers
