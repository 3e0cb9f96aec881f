"""Opening what a process keeps in play (a live table, a room, a person's session): one read
however many ask at once, and no change from another process lost while the read is under way.

A notice that another process moved something arrives on its own schedule: it may come while
this process is still reading that thing from the store, and the read may have come before the
move. Such a notice is noted here, and the thing is brought up to date once it is open.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Generic, TypeVar

T = TypeVar("T")


class Openings(Generic[T]):
    """The reads under way, by key."""

    def __init__(self) -> None:
        self._pending: dict[str, asyncio.Future[T]] = {}
        self._moved: set[str] = set()

    def moved(self, key: str) -> None:
        """``key`` changed elsewhere; if it is being opened now, it is caught up once open."""
        if key in self._pending:
            self._moved.add(key)

    async def open(
        self,
        key: str,
        read: Callable[[], Awaitable[T]],
        catch_up: Callable[[T], Awaitable[None]] | None = None,
    ) -> T:
        """``read()`` once for everyone asking for ``key`` now (the first asker's read)."""
        pending = self._pending.get(key)
        if pending is not None:
            return await asyncio.shield(pending)
        future: asyncio.Future[T] = asyncio.get_running_loop().create_future()
        self._pending[key] = future
        self._moved.discard(key)
        try:
            found = await read()
            if key in self._moved and catch_up is not None:
                await catch_up(found)
            future.set_result(found)
            return found
        except BaseException as error:
            future.set_exception(error)
            future.exception()  # retrieved here, so a lone opener leaves no warning behind
            raise
        finally:
            del self._pending[key]
            self._moved.discard(key)
