"""How a shared table's match ends, in every process that holds it: the process whose save
marks the table over rates it (once: the save is a compare-and-swap) and then tells its people
``table_over``; another process tells its people when it learns of the end, for a rated table
only once the ratings are written (PostgreSQL's ``rated`` notice), so ``table_over`` always
means the ratings can be read. A mixin of :class:`~hertta.tables.rooms.Room`.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

import anyio.to_thread

from hertta.tables.model import StaleTableError
from hertta.tables.online import OnlineStatus
from hertta.tables.room_types import SEATING_ATTEMPTS

if TYPE_CHECKING:
    from collections.abc import Awaitable

    from hertta.hearts.match import MatchState
    from hertta.tables.online import OnlineTable
    from hertta.tables.room_types import RoomServices


class RoomEnding:
    if TYPE_CHECKING:
        services: RoomServices
        online: OnlineTable
        _told_over: bool

        @property
        def id(self) -> str: ...

        async def refresh(self) -> None: ...

        def _notify(self, events: list[dict[str, Any]]) -> None: ...

        @property
        def match(self) -> MatchState | None: ...

        def _spawn(self, work: Awaitable[None]) -> None: ...

    def _finish_if_over(self) -> None:
        """Mark the table over and rate it once its match is over (a decision made here, or a
        table read again whose last decision was saved before the server stopped, the mark not:
        its people waited for ``table_over`` for good, and it stayed unrated)."""
        match = self.match
        if match is not None and match.over and self.online.status is OnlineStatus.PLAYING:
            self._spawn(self._finish(match))

    async def _finish(self, match: MatchState) -> None:
        storage = self.services.online
        for _attempt in range(SEATING_ATTEMPTS):
            over = replace(self.online, status=OnlineStatus.OVER)
            try:
                self.online = await anyio.to_thread.run_sync(
                    storage.update_online, over, self.online.version
                )
                break
            except StaleTableError:
                await self.refresh()
                if self.online.status is OnlineStatus.OVER:
                    return  # another process finished it: it rates it too
                # The seating changed under the mark (a person leaving as the last card fell):
                # mark it over on the seating as it is now. Taken as "finished elsewhere", the
                # table stayed "playing" for good, unrated, nobody told table_over.
        else:
            raise StaleTableError(f"the seating of table {self.id!r} kept changing at its end")
        if self.services.match_over is not None:
            await self.services.match_over(self.online, match)
        self.tell_over()

    async def rated(self) -> None:
        """A process rated this table's match (PostgreSQL's notice): over for everyone here."""
        await self.refresh()
        self.tell_over()

    def ended_elsewhere(self, before: OnlineTable, after: OnlineTable) -> list[dict[str, Any]]:
        """The events of reading ``after`` over ``before`` (another process ended an unrated
        match: over now; a rated one waits for :meth:`rated`)."""
        ended = before.status is not OnlineStatus.OVER and after.status is OnlineStatus.OVER
        if not ended or after.rated or self._told_over:
            return []
        self._told_over = True
        return [{"type": "table_over"}]

    def tell_over(self) -> None:
        if self.online.status is OnlineStatus.OVER and not self._told_over:
            self._told_over = True
            self._notify([{"type": "table_over"}])
