"""What a table is: a game kind, its setup, its seats, its version and its status.

A table is one game (a Heart to Heart deal, a Hearts match) at which seats sit. A seat is held
by a person (their player id) or by a computer player (its level). Everything decided at the
table is a numbered decision in its log; the table's ``version`` is the number of decisions made,
so two copies of a table (two processes, two tabs) that agree on the version agree on the game.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Final

from hertta.errors import ConfigError, HerttaError

JsonObject = dict[str, Any]
"""A small JSON object (setup, extras); the store keeps it as text."""

MAX_NAME: Final = 20


class TableError(HerttaError):
    """Something about a table itself (not a game rule) is wrong."""


class StaleTableError(TableError):
    """The table changed since this copy was read (another process or another copy wrote a
    newer version). Nothing was written; read the table again."""


class UnknownTableError(TableError, LookupError):
    """No table with that id."""


class SeatError(TableError):
    """A decision came from a seat that may not make it."""


class TableStatus(StrEnum):
    ACTIVE = "active"
    OVER = "over"
    """The game ended by its rules (a win, the last round of a match)."""
    LEFT = "left"
    """Given up before its end (a new game started instead): its results count as lost."""


@dataclass(frozen=True, slots=True)
class Seat:
    """A seat: a person (``player``: their id) or a computer player (``level``), and the name
    shown for it (a person's is filled in from their profile when there is one)."""

    player: str | None = None
    level: str | None = None
    name: str = ""

    def __post_init__(self) -> None:
        if (self.player is None) == (self.level is None):
            raise ConfigError(f"a seat is a person or a computer player, not {self!r}")
        if len(self.name) > MAX_NAME:
            raise ConfigError(f"a seat's name has at most {MAX_NAME} characters: {self.name!r}")

    def to_json(self) -> JsonObject:
        if self.player is not None:
            return {"player": self.player, "name": self.name}
        return {"level": self.level, "name": self.name}


def seat_from_json(value: object) -> Seat:
    if not isinstance(value, Mapping):
        raise ConfigError(f"not a seat: {value!r}")
    player, level, name = value.get("player"), value.get("level"), value.get("name", "")
    if not (player is None or isinstance(player, str)) or not (
        level is None or isinstance(level, str)
    ):
        raise ConfigError(f"not a seat: {value!r}")
    if not isinstance(name, str):
        raise ConfigError(f"not a seat name: {name!r}")
    return Seat(player, level, name)


@dataclass(frozen=True, slots=True)
class TableRow:
    """A table as the store keeps it, apart from its decision log.

    ``setup``: what the game needs to deal (a code and its options); ``elapsed_ms``: play time
    (Heart to Heart's clock); ``results``: the open result row of each person's seat (the
    statistics)."""

    id: str
    kind: str
    setup: JsonObject
    seats: tuple[Seat, ...]
    version: int = 0
    status: TableStatus = TableStatus.ACTIVE
    elapsed_ms: int = 0
    results: Mapping[int, int] = field(default_factory=dict)
    updated_at: float = field(default=0.0, compare=False)
    """When the row last changed (wall-clock seconds; 0 when not known): where a turn clock
    that was running in a process that stopped goes on from. Not part of a row's equality."""
    owed_since: float = field(default=0.0, compare=False)
    """When the decision the table waits on became owed (wall-clock seconds; 0 when not known:
    read as ``updated_at``). A pass owed by several seats stays owed from the first moment
    while they pass one by one (:meth:`~hertta.tables.game.TableGame.owed_phase`): the turn
    clock of every process counts from it. Not part of a row's equality."""

    @property
    def owed_from(self) -> float:
        """``owed_since``, or for a row that does not know it its last change."""
        return self.owed_since or self.updated_at


@dataclass(frozen=True, slots=True)
class StoredDecision:
    """One entry of a table's log: decision number ``seq`` (1, 2, ...), the seat that made it
    (None for the table's own, such as "next round") and the decision in the game's notation."""

    seq: int
    seat: int | None
    text: str


@dataclass(frozen=True, slots=True)
class Checkpoint:
    """The game's state after decision ``version``, in the game's checkpoint format."""

    version: int
    text: str


@dataclass(frozen=True, slots=True)
class StoredTable:
    """What reading a table gives: its row, its latest checkpoint (if any) and the decisions
    after it (all of them without a checkpoint)."""

    row: TableRow
    checkpoint: Checkpoint | None
    decisions: tuple[StoredDecision, ...]
