"""What a game supplies to the table platform: its decisions, its rules' one validated path,
its checkpoints, its results and its computer players' requests.

Everything else (creating and resuming tables, numbering and saving decisions before anyone is
told, refusing stale copies, opening and closing result rows, running computer players off the
event loop) is written once, in :mod:`hertta.tables.service` and :mod:`hertta.tables.live`.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Protocol, TypeVar

from hertta.tables.model import JsonObject, TableRow
from hertta.tables.storage import SeatResult

State = TypeVar("State")
DecisionT = TypeVar("DecisionT")


class BotTask(Protocol):
    """Work for a computer player, run in a worker process: it must pickle (a frozen
    dataclass of plain data and observations) and ``run`` must be pure."""

    def run(self) -> object:
        """The answer: a decision in the game's notation (or, for a hint, a JSON-ready dict)."""
        ...


@dataclass(frozen=True, slots=True)
class BotRequest:
    """A decision a computer player owes now: ``seat`` at table version ``version``."""

    seat: int
    version: int
    task: BotTask
    floor_s: float = 0.0
    """The least time from asking to playing the answer, so its timing tells nothing of the
    hand (:data:`hertta.ai.registry.ANSWER_FLOORS_S`)."""


class TableGame(Protocol[State, DecisionT]):
    kind: str
    checkpoint_every: int
    """Decisions between checkpoints (taken at the game's next checkpoint moment)."""

    def deal(self, setup: JsonObject) -> State:
        """The state before any decision (ConfigError or DealCodeError for a bad setup)."""
        ...

    def parse_decision(self, text: str) -> DecisionT: ...

    def format_decision(self, decision: DecisionT) -> str: ...

    def decision_seat(self, decision: DecisionT) -> int | None:
        """The seat that must make ``decision``; None: any person at the table may."""
        ...

    def apply(self, state: State, decision: DecisionT) -> State:
        """The rules' validated path: the next state, or a HerttaError that refuses it."""
        ...

    def format_checkpoint(self, state: State) -> str | None:
        """The state as a checkpoint, or None when this is not a moment for one."""
        ...

    def parse_checkpoint(self, setup: JsonObject, text: str) -> State:
        """A state from its checkpoint (RecordError when it is damaged)."""
        ...

    def is_over(self, state: State) -> bool:
        """Whether the game has ended by its rules."""
        ...

    def result(self, state: State, seat: int, elapsed_ms: int, *, left: bool) -> SeatResult:
        """How the game went for ``seat``, once it is over or when it is left unfinished."""
        ...

    def result_code(self, setup: JsonObject) -> str:
        """The code kept with the statistics (never shown while the game runs)."""
        ...

    def bot_requests(self, row: TableRow, state: State) -> Sequence[BotRequest]:
        """Decisions the computer players owe now (every one they can make at once)."""
        ...

    def table_decision(self, state: State) -> DecisionT | None:
        """A decision the table makes by itself now, or None (e.g. ending a match)."""
        ...

    def owed_phase(self, state: State) -> Hashable:
        """Which decision ``state`` waits on, as a key that stays the same while that decision
        is owed (a pass stays one while the seats pass one by one): the turn clock counts from
        when the key changed (:attr:`~hertta.tables.model.TableRow.owed_since`)."""
        ...
