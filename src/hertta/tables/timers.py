"""Timers for the table platform: "call this in N seconds", on a clock the app injects.

The tables never read the time or sleep themselves: turn clocks and grace periods ask a
:class:`Timers`. :class:`LoopTimers` runs on the event loop; tests use a fake whose time they
move by hand (``tests/tables/fake_timers.py``).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Protocol

from hertta.tables.clock import Clock


class TimerHandle(Protocol):
    def cancel(self) -> None: ...


class Timers(Protocol):
    def now(self) -> float:
        """Seconds on a monotonic clock."""
        ...

    def call_later(self, delay: float, callback: Callable[[], None]) -> TimerHandle:
        """Call ``callback`` (on the event loop) ``delay`` seconds from now, unless cancelled."""
        ...


class LoopTimers:
    """Timers on the running event loop and a monotonic clock."""

    def __init__(self, clock: Clock) -> None:
        self._clock = clock

    def now(self) -> float:
        return self._clock()

    def call_later(self, delay: float, callback: Callable[[], None]) -> TimerHandle:
        return asyncio.get_running_loop().call_later(max(0.0, delay), callback)
