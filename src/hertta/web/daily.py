"""The daily deal at the web: which day it is in Finland, the setup of a daily table, and the
record of a won one (``docs/daily.md``).

A table dealt as the daily deal carries ``"daily": "YYYY-MM-DD"`` in its setup. When it is
won, :func:`record_daily_win` reads the table back from the store and replays its log (the
server's own game: nothing a client says is taken as a figure), checks that it is won and is
that day's deal, and that the day is still today, and keeps the moves of the game and the time
from its first move to the winning move as the store stamped them.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import date, datetime
from typing import Any, Final
from zoneinfo import ZoneInfo

from hertta.solitaire.daily import daily_code
from hertta.solitaire.game import Game, Status
from hertta.store import Store
from hertta.tables.h2h import setup_for
from hertta.tables.model import JsonObject
from hertta.tables.service import LoadedTable, TableService

log = logging.getLogger(__name__)

FINLAND: Final = ZoneInfo("Europe/Helsinki")
DAILY_KEY: Final = "daily"
"""The setup key that marks a daily table; its value is the day."""

Today = Callable[[], date]


def finland_today() -> date:
    """The calendar date in Finland now (the daily deal changes at midnight there)."""
    return datetime.now(FINLAND).date()


def daily_setup(day: date) -> JsonObject:
    """The setup of a table dealt as ``day``'s deal."""
    return {**setup_for(daily_code(day)), DAILY_KEY: day.isoformat()}


def daily_day(table: LoadedTable[Any] | None) -> str | None:
    """The day whose deal this table is, if it was dealt as a daily deal."""
    if table is None:
        return None
    day = table.row.setup.get(DAILY_KEY)
    return day if isinstance(day, str) else None


def is_daily_of(table: LoadedTable[Any] | None, day: date) -> bool:
    return daily_day(table) == day.isoformat()


def record_daily_win(store: Store, tables: TableService, table_id: str, today: date) -> bool:
    """Keep the result of a won daily table from the server's own records; whether a result
    was kept (False: not a daily table, not won, not today's deal, or kept already)."""
    table = tables.load(table_id)
    day = daily_day(table)
    game: Game = table.state
    if day is None or day != today.isoformat() or game.status is not Status.WON:
        return False
    if game.code != daily_code(today):
        log.warning("table %s says it is the deal of %s but deals %s", table_id, day, game.code)
        return False
    player = table.row.seats[0].player
    result_id = table.row.results.get(0)
    if player is None or result_id is None:
        return False
    span = store.won_span(result_id)
    if span is None:
        return False
    elapsed_ms = max(0, round((span.finished_at - span.started_at) * 1000))
    return store.record_daily_result(
        day, player, table_id, moves=game.position.moves, elapsed_ms=elapsed_ms,
        finished_at=span.finished_at,
    )
