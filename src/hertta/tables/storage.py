"""What the table service needs from a store: the protocol that :class:`hertta.store.Store`
implements (SQLite today; another database behind the same calls later).

Every write that changes a table names the version it was made from and fails with
:class:`~hertta.tables.model.StaleTableError` when the stored table is already further on, so a
stale copy of a table (another process, a slow tab) can never overwrite a newer game.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from contextlib import AbstractContextManager
from dataclasses import dataclass
from typing import Any, Literal, Protocol

from hertta.errors import HerttaError
from hertta.tables.model import (
    Checkpoint,
    StoredDecision,
    StoredTable,
    TableRow,
    TableStatus,
)
from hertta.tables.online import OnlineTable

Outcome = Literal["won", "lost"]


class StoreUnavailableError(HerttaError):
    """The store cannot be reached or used now (the connection to PostgreSQL was lost during a
    transaction, the SQLite file was removed): nothing of the transaction was kept, unless its
    commit went through unanswered; the next transaction tries again. Defined here, beside the
    storage protocols, so that the table layer can wait for the store without importing it."""


class StoreBusy(Exception):
    """The store cannot take this work without waiting now (nothing of it was kept): the
    caller runs it in a thread instead (see ``Database.at_once``)."""


@dataclass(frozen=True, slots=True)
class SeatResult:
    """How a game ended for one seat, for the statistics."""

    outcome: Outcome
    score: int
    moves: int
    elapsed_ms: int = 0
    data: Mapping[str, Any] | None = None


@dataclass(frozen=True, slots=True)
class LobbyEntry:
    """A public table still taking seats, and when its row last changed (wall-clock seconds)."""

    table: OnlineTable
    updated_at: float


class TableStorage(Protocol):
    def transaction(self) -> AbstractContextManager[object]:
        """One atomic transaction; calls inside it join it."""
        ...

    def insert_table(self, row: TableRow) -> None: ...

    def read_table(self, table_id: str) -> StoredTable:
        """The row, the latest checkpoint and the decisions after it (UnknownTableError)."""
        ...

    def table_version(self, table_id: str) -> tuple[int, TableStatus]:
        """The stored version and status (a cheap read: is my copy still the newest?)."""
        ...

    def read_decisions(self, table_id: str, after: int = 0) -> list[StoredDecision]:
        """Decisions with ``seq > after``, in order."""
        ...

    def append_decision(
        self,
        table_id: str,
        expected_version: int,
        decision: StoredDecision,
        *,
        status: TableStatus,
        elapsed_ms: int,
        results: Mapping[int, int],
        checkpoint: Checkpoint | None,
        owed_since: float = 0.0,
    ) -> None:
        """Add one decision (``decision.seq == expected_version + 1``) and the table's new
        status, clock, results and ``owed_since`` (see :class:`~hertta.tables.model.TableRow`);
        StaleTableError when the stored version differs or the stored table is no longer
        active."""
        ...

    def update_table(
        self,
        table_id: str,
        expected_version: int,
        *,
        status: TableStatus,
        elapsed_ms: int,
        results: Mapping[int, int],
    ) -> None:
        """Change the row without a decision (the clock, leaving the table)."""
        ...

    def current_table(self, player: str, kind: str) -> str | None:
        """The table a person plays alone of this kind (their game in progress)."""
        ...

    def set_current_table(self, player: str, kind: str, table_id: str) -> None: ...

    def claim_current_table(
        self, player: str, kind: str, table_id: str, replacing: str | None
    ) -> bool:
        """Make ``table_id`` current only if the current table is still ``replacing`` (None: the
        person has none of this kind); False, changing nothing, when another writer got there
        first."""
        ...

    def open_result(self, player: str, kind: str, code: str) -> int: ...

    def close_result(self, result_id: int, result: SeatResult) -> None: ...


class OnlineStorage(Protocol):
    """What rooms need of the store: tables people share, and display names."""

    def transaction(self) -> AbstractContextManager[object]: ...

    def insert_online(self, table: OnlineTable) -> None: ...

    def insert_follow_up(self, finished_id: str, table: OnlineTable) -> str:
        """Open ``table`` to play again at after ``finished_id``'s match, unless one is open
        already: the id of the one it has (SeatError while its match is not over)."""
        ...

    def read_online(self, table_id: str) -> OnlineTable:
        """The table (UnknownTableError)."""
        ...

    def update_online(self, table: OnlineTable, expected_version: int) -> OnlineTable:
        """Store seats and status if still at ``expected_version`` (else StaleTableError)."""
        ...

    def lobby(self, limit: int = 100) -> list[LobbyEntry]: ...

    def waiting_seats_of(self, player: str) -> list[OnlineTable]: ...

    def mark_ready(self, table_id: str, version: int, seat: int) -> frozenset[int]:
        """``seat`` is ready to go on from game version ``version``; all seats ready there."""
        ...

    def ready_seats(self, table_id: str, version: int) -> frozenset[int]: ...

    def set_name(self, player: str, name: str) -> None: ...

    def names(self, players: Iterable[str]) -> dict[str, str]: ...


class CoordinationStorage(Protocol):
    """What processes that share tables keep in the store (:mod:`hertta.store.coordination`)."""

    def take_lease(self, table_id: str, owner: str, seconds: float) -> bool: ...

    def drop_lease(self, table_id: str, owner: str) -> None: ...

    def heartbeat(self, owner: str) -> None: ...

    def announce(self, table_id: str, owner: str, news: str) -> None: ...

    def forget_process(self, owner: str) -> None: ...

    def set_presence(self, table_id: str, seat: int, owner: str, connections: int) -> None: ...

    def connected_seats(
        self, table_id: str, fresh_s: float, other_than: str
    ) -> frozenset[int]: ...

    def connected_tables(self, fresh_s: float, other_than: str) -> frozenset[str]:
        """The tables with a seat connected in a process other than ``other_than`` whose
        heartbeat is fresh."""
        ...

    def live_processes(self, fresh_s: float) -> frozenset[str]: ...

    def set_stand_in(self, table_id: str, seat: int, level: str | None) -> None: ...

    def stand_ins(self, table_id: str) -> dict[int, str]: ...
