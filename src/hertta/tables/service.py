"""The table service: create, resume and move tables, through the store and the game's rules.

Every decision, from a person, a computer player or a replay, goes through :meth:`decide`:
the game's validated path first (a refusal raises and nothing is written), then one store
transaction that appends the decision (a compare-and-swap on the version: a stale copy gets
StaleTableError and writes nothing), opens a result at a person's first decision and closes
the results when the game ends. Only then does the caller tell anyone.

Resuming reads the latest checkpoint and replays only the decisions after it
(:attr:`LoadedTable.replayed` counts them); a damaged checkpoint falls back to the whole log.
"""

from __future__ import annotations

import logging
import secrets
import time
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Final, Generic, TypeVar

from hertta.errors import ConfigError, HerttaError, RecordError
from hertta.tables.game import TableGame
from hertta.tables.model import (
    Checkpoint,
    JsonObject,
    Seat,
    SeatError,
    StoredDecision,
    TableError,
    TableRow,
    TableStatus,
)
from hertta.tables.storage import TableStorage

log = logging.getLogger(__name__)


class _Overtaken(Exception):
    """Another writer made a table current first (:meth:`TableService.start_first`)."""

State = TypeVar("State")


@dataclass(frozen=True, slots=True)
class LoadedTable(Generic[State]):
    """A table in memory: its row and the game state after ``row.version`` decisions.
    ``checkpoint_version``: the version of the latest stored checkpoint; ``replayed``: how many
    decisions reading it replayed."""

    row: TableRow
    state: State
    checkpoint_version: int = 0
    replayed: int = 0

    @property
    def id(self) -> str:
        return self.row.id

    @property
    def version(self) -> int:
        return self.row.version


FOLLOW_AT_MOST: Final = 64
"""More decisions than this behind (a process that was cut off a while) and a table is read
whole: its watchers get one update with the newest state rather than a flood of them."""


@dataclass(frozen=True, slots=True)
class Followed:
    """One decision another writer saved: by ``seat`` (None: the table's own), and the table
    after it."""

    decision: object
    seat: int | None
    after: LoadedTable[Any]


def _replay(
    game: TableGame[Any, Any], table_id: str, state: Any, decisions: Sequence[StoredDecision]
) -> Iterator[tuple[StoredDecision, object, Any]]:
    """Each stored decision applied in turn: (the entry, its decision, the state after it);
    TableError names the entry that does not replay."""
    for stored in decisions:
        try:
            decision = game.parse_decision(stored.text)
            state = game.apply(state, decision)
        except HerttaError as error:
            raise TableError(
                f"table {table_id!r}: stored decision {stored.seq} {stored.text!r} "
                f"does not replay: {error}"
            ) from None
        yield stored, decision, state


def new_table_id() -> str:
    """An unguessable table id (128 bits)."""
    return secrets.token_urlsafe(16)


INVITE_BYTES: Final = 24
"""An invite token is 192 random bits (the issue asks for at least 128)."""


def new_invite() -> str:
    """A shared table's invite token."""
    return secrets.token_urlsafe(INVITE_BYTES)


class TableService:
    """Tables of every game kind in ``games``, kept in ``storage``."""

    def __init__(self, storage: TableStorage, games: Sequence[TableGame[Any, Any]]) -> None:
        self.storage = storage
        self.games: Mapping[str, TableGame[Any, Any]] = {game.kind: game for game in games}

    def game(self, kind: str) -> TableGame[Any, Any]:
        found = self.games.get(kind)
        if found is None:
            raise ConfigError(f"unknown game kind {kind!r} (have {', '.join(self.games)})")
        return found

    # -- creating and reading --------------------------------------------------------------

    def create(
        self, kind: str, setup: JsonObject, seats: Sequence[Seat], *, table_id: str | None = None
    ) -> LoadedTable[Any]:
        """A new table (the setup is checked by dealing it before anything is stored)."""
        state = self.game(kind).deal(setup)
        # Stamped as the store stamps it, to within a moment: a process that does not keep the
        # table's clock times it from this (it showed no clock at a match just started there).
        now = time.time()
        row = TableRow(table_id or new_table_id(), kind, dict(setup), tuple(seats),
                       updated_at=now, owed_since=now)
        self.storage.insert_table(row)
        return LoadedTable(row, state)

    def load(self, table_id: str) -> LoadedTable[Any]:
        """The table as stored: its checkpoint and the decisions after it."""
        stored = self.storage.read_table(table_id)
        row = stored.row
        game = self.game(row.kind)
        checkpoint_version = 0
        decisions: Sequence[StoredDecision] = stored.decisions
        state: Any = None
        if stored.checkpoint is not None:
            try:
                state = game.parse_checkpoint(row.setup, stored.checkpoint.text)
                checkpoint_version = stored.checkpoint.version
            except RecordError:
                log.warning("table %s: damaged checkpoint; replaying its whole log", table_id)
                decisions = self.storage.read_decisions(table_id)
        if state is None:
            state = game.deal(row.setup)
        for _, _, after in _replay(game, table_id, state, decisions):
            state = after
        if checkpoint_version + len(decisions) != row.version:
            raise TableError(
                f"table {table_id!r}: {checkpoint_version} + {len(decisions)} decisions "
                f"for version {row.version}"
            )
        return LoadedTable(row, state, checkpoint_version, len(decisions))

    def follow(self, table: LoadedTable[Any]) -> list[Followed] | None:
        """The decisions another writer saved after ``table``, each applied in turn, so those
        who watch it are told of each one as of a decision made here (its events included).
        None when the stored table does not simply go on from ``table`` (nothing new, its row
        changed without a decision, more than :data:`FOLLOW_AT_MOST` decisions, a log that
        does not replay): then it is read whole with :meth:`load`."""
        stored = self.storage.read_table(table.id)
        row = stored.row
        if not 0 < row.version - table.version <= FOLLOW_AT_MOST:
            return None
        decisions = [d for d in stored.decisions if d.seq > table.version]
        if stored.checkpoint is not None and stored.checkpoint.version > table.version:
            # A checkpoint was saved meanwhile: the decisions before it are read on their own
            # (the log is append-only, so they are the ones the row's version counts).
            decisions = [
                d for d in self.storage.read_decisions(table.id, after=table.version)
                if d.seq <= row.version
            ]
        if [d.seq for d in decisions] != list(range(table.version + 1, row.version + 1)):
            return None
        game = self.game(row.kind)
        kept = table.checkpoint_version if stored.checkpoint is None else stored.checkpoint.version
        followed = []
        try:
            for stored_decision, decision, state in _replay(game, table.id, table.state,
                                                            decisions):
                step = row if stored_decision.seq == row.version else replace(
                    row, version=stored_decision.seq, status=TableStatus.ACTIVE
                )
                checkpoint = kept if step is row else table.checkpoint_version
                followed.append(Followed(decision, stored_decision.seat,
                                         LoadedTable(step, state, checkpoint)))
        except TableError:
            return None
        return followed

    # -- moving ----------------------------------------------------------------------------

    def decide(
        self,
        table: LoadedTable[Any],
        seat: int | None,
        decision: object,
        *,
        elapsed_ms: int | None = None,
    ) -> LoadedTable[Any]:
        """``decision`` by ``seat`` (None: the table itself), checked, applied and saved."""
        row = table.row
        game = self.game(row.kind)
        if row.status is not TableStatus.ACTIVE:
            raise SeatError(f"table {row.id!r} is {row.status.value}: no more decisions")
        required = game.decision_seat(decision)
        if seat is not None:
            if not 0 <= seat < len(row.seats):
                raise SeatError(f"no seat {seat!r} at table {row.id!r}")
            if required is not None and required != seat:
                raise SeatError(f"seat {seat} cannot make seat {required}'s decision")
        elif required is not None:
            raise SeatError(f"only seat {required} can make that decision")
        state = game.apply(table.state, decision)
        version = row.version + 1
        over = game.is_over(state)
        elapsed = row.elapsed_ms if elapsed_ms is None else elapsed_ms
        results = dict(row.results)
        checkpoint = None
        if version - table.checkpoint_version >= game.checkpoint_every:
            text = game.format_checkpoint(state)
            checkpoint = None if text is None else Checkpoint(version, text)
        now = time.time()  # the store's own stamp of this save, to within a moment
        owed_since = now
        if row.owed_since and game.owed_phase(table.state) == game.owed_phase(state):
            owed_since = row.owed_since
        with self.storage.transaction():
            person = None if seat is None else row.seats[seat].player
            if person is not None and seat is not None and seat not in results:
                results[seat] = self.storage.open_result(
                    person, row.kind, game.result_code(row.setup)
                )
            if over:
                for held, result_id in results.items():
                    outcome = game.result(state, held, elapsed, left=False)
                    self.storage.close_result(result_id, outcome)
            status = TableStatus.OVER if over else TableStatus.ACTIVE
            self.storage.append_decision(
                row.id,
                row.version,
                StoredDecision(version, seat, game.format_decision(decision)),
                status=status,
                elapsed_ms=elapsed,
                results=results,
                checkpoint=checkpoint,
                owed_since=owed_since,
            )
        new_row = replace(
            row, version=version, status=status, elapsed_ms=elapsed, results=results,
            updated_at=now, owed_since=owed_since,
        )
        kept = checkpoint.version if checkpoint is not None else table.checkpoint_version
        return LoadedTable(new_row, state, kept)

    def save_clock(self, table: LoadedTable[Any], elapsed_ms: int) -> LoadedTable[Any]:
        """Keep the play time (a paused clock survives a restart)."""
        row = table.row
        if elapsed_ms == row.elapsed_ms:
            return table
        self.storage.update_table(
            row.id, row.version, status=row.status, elapsed_ms=elapsed_ms, results=row.results
        )
        return replace(table, row=replace(row, elapsed_ms=elapsed_ms))

    def leave(self, table: LoadedTable[Any], elapsed_ms: int | None = None) -> LoadedTable[Any]:
        """Give up an unfinished game: its open results count as lost. A finished one (or
        one that never had a decision) is left as it is."""
        row = table.row
        if row.status is not TableStatus.ACTIVE:
            return table
        game = self.game(row.kind)
        elapsed = row.elapsed_ms if elapsed_ms is None else elapsed_ms
        with self.storage.transaction():
            for seat, result_id in row.results.items():
                self.storage.close_result(
                    result_id, game.result(table.state, seat, elapsed, left=True)
                )
            self.storage.update_table(
                row.id, row.version, status=TableStatus.LEFT, elapsed_ms=elapsed,
                results=row.results,
            )
        return replace(table, row=replace(row, status=TableStatus.LEFT, elapsed_ms=elapsed))

    # -- a person's own table of a kind ----------------------------------------------------

    def current(self, player: str, kind: str) -> LoadedTable[Any] | None:
        """The table this person plays alone (None when there is none or it cannot be read)."""
        table_id = self.storage.current_table(player, kind)
        if table_id is None:
            return None
        try:
            return self.load(table_id)
        except HerttaError:
            log.warning("player's %s table %s cannot be read; starting afresh", kind, table_id)
            return None

    def start_alone(
        self,
        player: str,
        kind: str,
        setup: JsonObject,
        seats: Sequence[Seat],
        *,
        leaving: LoadedTable[Any] | None = None,
        elapsed_ms: int | None = None,
        table_id: str | None = None,
    ) -> LoadedTable[Any]:
        """A new table for ``player`` of ``kind`` (dealt and checked first), which becomes
        their current one; the table they leave, if unfinished, counts as lost. A bad setup
        changes nothing: the transaction is undone."""
        with self.storage.transaction():
            if leaving is not None:
                self.leave(leaving, elapsed_ms)
            table = self.create(kind, setup, seats, table_id=table_id)
            self.storage.set_current_table(player, kind, table.id)
        return table

    def start_first(
        self,
        player: str,
        kind: str,
        setup: JsonObject,
        seats: Sequence[Seat],
        *,
        replacing: str | None,
    ) -> LoadedTable[Any]:
        """A new table for ``player`` of ``kind`` when they have none to play: ``replacing`` is
        the current table seen (None: none), left or unreadable. If another process made a table
        current since (the same person's tabs opened at once on two processes), nothing is
        stored and that table is returned instead, so every tab shows one game."""
        try:
            with self.storage.transaction():
                table = self.create(kind, setup, seats)
                if not self.storage.claim_current_table(player, kind, table.id, replacing):
                    raise _Overtaken  # undoes the table just created
            return table
        except _Overtaken:
            pass
        winner = self.current(player, kind)
        if winner is not None and winner.row.status is not TableStatus.LEFT:
            return winner
        # The table that got there first cannot be played either (it cannot be read, or it
        # was left at once): start as before, unconditionally.
        return self.start_alone(player, kind, setup, seats)
