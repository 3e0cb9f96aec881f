"""Timers whose time the test moves by hand: callbacks run in deadline order as it passes."""

from __future__ import annotations

import heapq
from collections.abc import Callable
from dataclasses import dataclass, field


@dataclass(eq=False)
class FakeHandle:
    cancelled: bool = False

    def cancel(self) -> None:
        self.cancelled = True


@dataclass(eq=False)
class FakeTimers:
    time: float = 1000.0
    _queue: list[tuple[float, int, Callable[[], None], FakeHandle]] = field(default_factory=list)
    _count: int = 0

    def now(self) -> float:
        return self.time

    def call_later(self, delay: float, callback: Callable[[], None]) -> FakeHandle:
        handle = FakeHandle()
        self._count += 1
        heapq.heappush(self._queue, (self.time + max(0.0, delay), self._count, callback, handle))
        return handle

    def advance(self, seconds: float) -> None:
        target = self.time + seconds
        while self._queue and self._queue[0][0] <= target:
            when, _count, callback, handle = heapq.heappop(self._queue)
            self.time = when
            if not handle.cancelled:
                callback()
        self.time = target

    @property
    def pending(self) -> int:
        return sum(1 for *_rest, handle in self._queue if not handle.cancelled)
