"""The small types of shared tables in play: what a room needs (its services), what it tells
its watchers (a change), and who made a decision the turn clock made."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final, Protocol

from hertta.hearts.decisions import MoonDecision, NextRound, PassDecision, PlayDecision
from hertta.hearts.match import MatchState
from hertta.tables.bots import BotRunner
from hertta.tables.hearts_view import decision_events
from hertta.tables.live import Change, LiveTables
from hertta.tables.online import OnlineTable
from hertta.tables.service import TableService
from hertta.tables.storage import CoordinationStorage, OnlineStorage
from hertta.tables.timers import Timers

if TYPE_CHECKING:
    from hertta.tables.rooms import Room

DECISION_TYPES: Final = (PassDecision, PlayDecision, MoonDecision, NextRound)
GRACE_S: Final = 60.0
STAND_IN_LEVEL: Final = "normal"
Events = list[dict[str, Any]]
SEATING_ATTEMPTS: Final = 5
"""How often a seating change (a rename, the mark "over" too) is made again on a seating another
process changed first; then the seating is left as it is (a name waits for the person's next
sit)."""


@dataclass(frozen=True, slots=True)
class TimedOut:
    """The origin of a decision the turn clock made for ``seat``: a ``kind`` of decision
    (pass, play, moon)."""

    seat: int
    kind: str


@dataclass(frozen=True, slots=True)
class RoomChange:
    """Something changed at the room; each watcher asks for its own seat's events."""

    room: Room
    table_events: Events
    game: Change | None = None
    origin: object | None = None

    def events_for(self, seat: int | None) -> Events:
        events = list(self.table_events)
        game = self.game
        decision = None if game is None else game.decision
        if game is not None and isinstance(decision, DECISION_TYPES):
            events += decision_events(game.before.state, game.after.state, decision, seat)
        return events


class RoomWatcher(Protocol):
    def room_changed(self, change: RoomChange) -> None:
        """Called on the event loop after every change; must only queue messages."""
        ...


MatchOver = Callable[[OnlineTable, MatchState], Awaitable[None]]


@dataclass(eq=False)
class RoomServices:
    tables: TableService
    online: OnlineStorage
    live: LiveTables
    runner: BotRunner
    timers: Timers
    deal_secret: str
    grace_s: float = GRACE_S
    match_over: MatchOver | None = None
    """Called once when a match ends (ratings)."""
    coordination: CoordinationStorage | None = None
    """With several processes: where presence is shared (None: this process is alone)."""
    owner: str = ""
    """This process's name in the store (leases, presence)."""
    fresh_s: float = 3.0
    """How recent a process's heartbeat must be for its connections to count."""
    alone: bool = True
    """Whether this is the only process serving tables (SQLite). With several, a person not
    connected here may well be connected to another process: not seen is not away."""
