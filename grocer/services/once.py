"""A value built on first use, once per process even when threads race for it.

For what is slow to load and never changes (the offline gazetteer's index, the geoip
database): the first caller builds it under a lock, every later caller reads it without one.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Generic, TypeVar

T = TypeVar("T")


class BuiltOnce(Generic[T]):
    """`build()` run by the first call only (double-checked under a lock); the same value after."""

    def __init__(self, build: Callable[[], T]) -> None:
        self._build = build
        self._lock = threading.Lock()
        self._value: T | None = None

    @property
    def built(self) -> bool:
        """Whether the value is there: a call now would not build it."""
        return self._value is not None

    def __call__(self) -> T:
        value = self._value
        if value is None:
            with self._lock:
                if self._value is None:
                    self._value = self._build()
                value = self._value
        return value
