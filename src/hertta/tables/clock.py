"""Clocks of the table platform: a pausable game timer on an injected monotonic clock (seconds).

Nothing in :mod:`hertta.tables` reads the time itself: the app passes a clock in (tests pass a
fake one they move by hand)."""

from __future__ import annotations

from collections.abc import Callable

Clock = Callable[[], float]


class GameTimer:
    """Milliseconds of play. ``run(True)`` starts or keeps it running, ``run(False)`` pauses."""

    __slots__ = ("_base_ms", "_clock", "_since")

    def __init__(self, clock: Clock, elapsed_ms: int = 0) -> None:
        self._clock = clock
        self._base_ms = max(0, int(elapsed_ms))
        self._since: float | None = None

    @property
    def clock(self) -> Clock:
        return self._clock

    @property
    def running(self) -> bool:
        return self._since is not None

    @property
    def elapsed_ms(self) -> int:
        if self._since is None:
            return self._base_ms
        return self._base_ms + int((self._clock() - self._since) * 1000)

    def run(self, running: bool) -> None:
        if running and self._since is None:
            self._since = self._clock()
        elif not running and self._since is not None:
            self._base_ms = self.elapsed_ms
            self._since = None

    def reset(self) -> None:
        self._base_ms = 0
        self._since = None
