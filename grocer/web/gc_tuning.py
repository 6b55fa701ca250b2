"""Python's cycle collector, tuned for a server that holds thousands of tab states.

Each tab's state tree is a few thousand objects, and a new tab allocates thousands more. With
Python's default thresholds (a young collection every 700 allocations, a full one every 100 of
them) a worker that holds the states of 850 tabs ran 9 full collections of 100–170 ms each while
200 new shoppers arrived within a second, and their hydrations waited behind them (issue 18's
storm: p95 700 ms on one host; 350 ms with the settings below, measured by bench_ws).

So, once the worker has started: everything loaded so far (modules, the app, compiled pages;
they live as long as the process) is moved out of the collector's sight (`gc.freeze`), and the
young generation is collected every 50,000 allocations instead of 700. Full collections still
run (Python also waits until a quarter of the long-lived objects are new), but rarely, and over
the tab states only. Reference counting still frees everything that is not in a cycle at once.
"""

from __future__ import annotations

import gc

#: Allocations between young collections, and collections of each generation before the next.
THRESHOLDS = (50_000, 10, 10)


async def tune_garbage_collection() -> None:
    """A lifespan task: freeze what the start loaded and raise the thresholds, then return."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*THRESHOLDS)
