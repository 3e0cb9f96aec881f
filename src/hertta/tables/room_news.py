"""Events at a shared table that no saved row carries, passed between server processes: a
quick reaction (told where the person reacted) and a decision the turn clock made (told by the
process that keeps the clock). With several processes (PostgreSQL) each is announced with a
``news`` notice, ``"<table> <process> <event>"``, and every other process tells its own
connections; alone, there is no one to tell. Mixed into :class:`~hertta.tables.rooms.Room`.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from functools import partial
from typing import TYPE_CHECKING, Any, Final

import anyio.to_thread

from hertta.errors import HerttaError
from hertta.tables.reactions import check_reaction

if TYPE_CHECKING:
    from hertta.tables.live import Change
    from hertta.tables.online import OnlineTable
    from hertta.tables.room_types import RoomServices

log = logging.getLogger(__name__)

TIMED_KINDS: Final = frozenset({"pass", "play", "moon", "next"})
"""The decisions a turn clock times (``timed_out`` names which ran out)."""


def news_text(event: dict[str, Any]) -> str:
    """``reaction <seat> <code>`` or ``timed_out <seat> <kind>``."""
    if event["type"] == "reaction":
        return f"reaction {event['seat']} {event['reaction']}"
    return f"timed_out {event['seat']} {event['kind']}"


def parse_news(text: str, seats: int) -> dict[str, Any] | None:
    """The event of a news text; None for anything else (a newer process's news, noise)."""
    kind, _, rest = text.partition(" ")
    seat_text, _, detail = rest.partition(" ")
    if not seat_text.isascii() or not seat_text.isdigit() or not 0 <= int(seat_text) < seats:
        return None
    seat = int(seat_text)
    if kind == "timed_out" and detail in TIMED_KINDS:
        return {"type": "timed_out", "seat": seat, "kind": detail}
    if kind == "reaction":
        try:
            return {"type": "reaction", "seat": seat, "reaction": check_reaction(detail)}
        except HerttaError:
            return None
    return None


class RoomNews:
    if TYPE_CHECKING:
        services: RoomServices
        online: OnlineTable

        @property
        def id(self) -> str: ...

        def _notify(
            self, events: list[dict[str, Any]], *, game: Change | None = None,
            origin: object | None = None,
        ) -> None: ...

        def _spawn(self, work: Awaitable[None]) -> None: ...

    def announce(self, event: dict[str, Any]) -> None:
        """Tell the other processes of ``event`` (told here already), without waiting."""
        if not self.services.alone and self.services.coordination is not None:
            self._spawn(self.announce_now([event]))

    async def announce_now(self, events: list[dict[str, Any]]) -> None:
        """Tell the other processes of ``events`` and return once the store has the notices:
        what is saved after this reaches them after the events (their notices come in the
        order the store took them)."""
        coordination = self.services.coordination
        if self.services.alone or coordination is None:
            return
        for event in events:
            await self._tell(
                partial(coordination.announce, self.id, self.services.owner, news_text(event))
            )

    async def _tell(self, tell: Callable[[], None]) -> None:
        try:
            await anyio.to_thread.run_sync(tell)
        except HerttaError as error:  # the database is away: the event stays here
            log.warning("table %s: news not sent: %s", self.id, error)

    def heard(self, owner: str, text: str) -> None:
        """News from a process (``owner``): told to this process's connections, unless it is
        this process's own coming back."""
        if owner == self.services.owner:
            return
        event = parse_news(text, len(self.online.seats))
        if event is not None:
            self._notify([event])
