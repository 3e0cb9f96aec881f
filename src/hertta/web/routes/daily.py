"""The daily deal's page and its JSON twin: the day's code and the day's ranking
(``docs/daily.md``). ``?day=YYYY-MM-DD`` shows an earlier day."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta
from typing import Any

import anyio.to_thread
from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse

from hertta.solitaire.daily import daily_code, day_text
from hertta.web.deps import PlayerDep, PreferencesDep, ServicesDep, render
from hertta.web.errors import BadRequest
from hertta.web.games import format_duration
from hertta.web.services import AppServices

router = APIRouter()

RANKING_SIZE = 100


@dataclass(frozen=True, slots=True)
class DailyRow:
    rank: int
    name: str
    moves: int
    elapsed_ms: int
    mine: bool

    @property
    def time(self) -> str:
        """``m:ss.t``: the ranking goes by the millisecond, so whole seconds showed two rows
        alike ("0:42") under different ranks; tenths part them nearly always."""
        return f"{format_duration(self.elapsed_ms)}.{self.elapsed_ms // 100 % 10}"

    def to_json(self) -> dict[str, Any]:
        return {"rank": self.rank, "name": self.name, "moves": self.moves,
                "elapsed_ms": self.elapsed_ms, "mine": self.mine}


def shown_day(services: AppServices, asked: str | None) -> date:
    """The day asked for (today without one); a day after today is refused."""
    today = services.today()
    if asked is None:
        return today
    day = date.fromisoformat(day_text(asked))
    if day > today:
        raise BadRequest(f"the ranking of {asked!r} is not open yet (today is {today})")
    return day


def daily_rows(services: AppServices, day: date, viewer: str) -> list[DailyRow]:
    """Each winner's best result of ``day``: fewest moves, then the shortest time; equal
    results share a rank."""
    results = services.store.daily_ranking(day.isoformat(), RANKING_SIZE)
    rows: list[DailyRow] = []
    for index, result in enumerate(results, start=1):
        previous = rows[-1] if rows else None
        tied = previous is not None and (previous.moves, previous.elapsed_ms) == (
            result.moves, result.elapsed_ms
        )
        rank = previous.rank if tied and previous is not None else index
        rows.append(DailyRow(rank, result.name, result.moves, result.elapsed_ms,
                             result.player == viewer))
    return rows


@router.get("/daily", response_class=HTMLResponse)
async def daily_page(
    request: Request,
    services: ServicesDep,
    player: PlayerDep,
    preferences: PreferencesDep,
    day: str | None = None,
) -> HTMLResponse:
    shown = shown_day(services, day)
    rows = await anyio.to_thread.run_sync(daily_rows, services, shown, player)
    today = services.today()
    return render(request, services, "daily.html", preferences, day=shown,
                  code=daily_code(shown), is_today=shown == today, rows=rows,
                  earlier=None if shown == date.min else shown - timedelta(days=1),
                  later=None if shown == today else shown + timedelta(days=1), today=today)


@router.get("/api/daily")
async def daily_json(
    services: ServicesDep, player: PlayerDep, day: str | None = None
) -> dict[str, Any]:
    shown = shown_day(services, day)
    rows = await anyio.to_thread.run_sync(daily_rows, services, shown, player)
    return {"day": shown.isoformat(), "code": daily_code(shown),
            "today": shown == services.today(), "results": [row.to_json() for row in rows]}
