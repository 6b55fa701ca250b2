"""The worker's start tunes the cycle collector (grocer.web.gc_tuning), and the app runs it."""

from __future__ import annotations

import asyncio
import gc

from grocer.web.gc_tuning import THRESHOLDS, tune_garbage_collection


def test_the_start_freezes_what_is_loaded_and_raises_the_thresholds() -> None:
    before = gc.get_threshold()
    try:
        asyncio.run(tune_garbage_collection())
        assert gc.get_threshold() == THRESHOLDS
        assert gc.get_freeze_count() > 100_000  # the modules and the app, out of every scan
    finally:
        gc.unfreeze()
        gc.set_threshold(*before)


def test_every_worker_runs_it_as_it_starts() -> None:
    from grocer.grocer import app

    assert tune_garbage_collection in app._lifespan_tasks
