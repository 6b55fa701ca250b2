"""A worker builds the offline gazetteer's index as it starts, so that the first place search
of the map picker does not wait about 0.7 s for it (issue 23's journey)."""

from __future__ import annotations

import asyncio

import pytest

from grocer.services import gazetteer
from grocer.services.once import BuiltOnce
from grocer.state.map_picker import warm_up_place_search


def test_the_start_builds_the_index_the_first_search_needs(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    index = BuiltOnce(gazetteer._build_index)
    monkeypatch.setattr(gazetteer, "_index", index)
    assert not index.built
    asyncio.run(warm_up_place_search())
    assert index.built
    assert gazetteer.search("Ouagadougou", 1)[0]["address"]["city"] == "Ouagadougou"


def test_every_worker_runs_it_as_it_starts() -> None:
    from grocer.grocer import app

    assert warm_up_place_search in app._lifespan_tasks
