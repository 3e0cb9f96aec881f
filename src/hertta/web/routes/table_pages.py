"""The pages of tables people share: the lobby with its new-table form (``/tables``), a table
(``/t/{id}``, what an invite link opens) and a finished match's replay (``/replay/{id}``).

The pages only draw; everything they do goes through the HTTP API and the table socket of
``docs/tables.md``, the same ones any other client uses.
"""

from __future__ import annotations

from typing import Any

import anyio.to_thread
from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse

from hertta.hearts import PRESET_NAMES
from hertta.hearts.decisions import parse_decision
from hertta.tables.hearts_replay import match_rounds
from hertta.tables.model import UnknownTableError
from hertta.tables.online import CLOCK_CHOICES, DEFAULT_CLOCK, public_json
from hertta.tables.reactions import REACTIONS
from hertta.web.deps import (
    PlayerDep,
    PreferencesDep,
    ServicesDep,
    language_of,
    render,
    script_json,
)
from hertta.web.hearts_session import hearts_limits
from hertta.web.routes.online import may_see
from hertta.web.services import AppServices

router = APIRouter()


def table_limits() -> dict[str, Any]:
    """What the new-table form offers: the solo game's limits plus the clock choices."""
    return {**hearts_limits(), "clocks": list(CLOCK_CHOICES), "default_clock": DEFAULT_CLOCK,
            "reactions": list(REACTIONS)}


@router.get("/tables", response_class=HTMLResponse)
async def tables_page(
    request: Request, services: ServicesDep, player: PlayerDep, preferences: PreferencesDep
) -> HTMLResponse:
    names = await anyio.to_thread.run_sync(services.store.names, [player])
    limits = table_limits()
    config = {"lang": language_of(preferences), "limits": limits}
    return render(request, services, "tables.html", preferences, limits=limits,
                  presets=PRESET_NAMES, own_name=names.get(player, ""),
                  config_json=script_json(config))


@router.get("/t/{table_id}", response_class=HTMLResponse)
async def table_page(
    request: Request,
    table_id: str,
    services: ServicesDep,
    player: PlayerDep,
    preferences: PreferencesDep,
    invite: str | None = None,
) -> HTMLResponse:
    """The table an invite link opens: 404 for a table that does not exist or that this
    person may not see (a private table without its invite: the same answer, so the page
    does not tell which). The socket checks again (4404), and it alone carries table data."""
    online = await anyio.to_thread.run_sync(services.store.read_online, table_id)
    if not may_see(online, player, invite):
        raise UnknownTableError(f"no table {table_id!r}")
    names = await anyio.to_thread.run_sync(services.store.names, [player])
    socket = f"/ws/tables/{table_id}" + (f"?invite={invite}" if invite else "")
    config = {
        "lang": language_of(preferences),
        "socket": socket,
        "table": table_id,
        "animationMs": preferences["animation_ms"],
        "trickPause": preferences["trick_pause"],
        "sounds": preferences["sounds"],
        "limits": table_limits(),
        "name": names.get(player),
    }
    return render(request, services, "table.html", preferences, table_id=table_id,
                  limits=table_limits(), own_name=names.get(player, ""),
                  config_json=script_json(config))


def _replay(services: AppServices, table_id: str) -> dict[str, Any]:
    online = services.store.read_online(table_id)
    table = services.finished_table(online)
    if table is None:
        raise UnknownTableError(f"no finished match at table {table_id!r}")
    code = str(table.row.setup.get("code"))
    decisions = [parse_decision(d.text) for d in services.store.read_decisions(table_id)]
    return {"id": table_id, "code": code, "seats": [seat.name for seat in table.row.seats],
            "rules": public_json(online)["rules"], "rounds": match_rounds(code, decisions),
            "totals": list(table.state.totals), "winners": list(table.state.winners),
            "losers": list(table.state.losers)}


@router.get("/replay/{table_id}", response_class=HTMLResponse)
async def replay_page(
    request: Request,
    table_id: str,
    services: ServicesDep,
    preferences: PreferencesDep,
) -> HTMLResponse:
    """A finished match, round by round and trick by trick. Its link is shareable: once the
    match is over its code (which deals every hand) is public at the table anyway, and the
    table id in the link is itself an unguessable 128-bit value."""
    replay = await anyio.to_thread.run_sync(_replay, services, table_id)
    return render(request, services, "replay.html", preferences, replay=replay,
                  config_json=script_json(replay))
