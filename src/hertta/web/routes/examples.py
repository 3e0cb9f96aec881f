"""The examples page: a won Heart to Heart game replayed move by move, and its step data."""

from __future__ import annotations

import json
import re
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse

from hertta.solitaire.layout import COORDINATES
from hertta.web.deps import PreferencesDep, ServicesDep, render
from hertta.web.errors import BadRequest
from hertta.web.examples import EXAMPLE_CODES, step_view

router = APIRouter()


@router.get("/h2h/examples", response_class=HTMLResponse)
async def examples_page(
    request: Request, services: ServicesDep, preferences: PreferencesDep
) -> HTMLResponse:
    example = await services.examples.get(EXAMPLE_CODES[0])
    config = {
        "code": example.code,
        "total": example.total,
        "moves": [move.notation for move in example.moves],
        "start": step_view(example, 0),
        "animationMs": preferences["animation_ms"],
    }
    return render(
        request,
        services,
        "examples.html",
        preferences,
        example=example,
        coordinates=COORDINATES,
        # "</" never occurs in this JSON (codes, notation, numbers), so it is safe in <script>.
        config_json=json.dumps(config),
    )


@router.get("/api/h2h/examples/{code}/{step}")
async def example_step(code: str, step: str, services: ServicesDep) -> dict[str, Any]:
    """One step of an example line; 400 ``bad_code`` for a deal that is not an example, 400
    ``bad_notation`` for a step outside the line, 400 ``bad_request`` for a step that is not a
    number (quoted: FastAPI's own check said only that the request did not fit)."""
    if not re.fullmatch(r"-?[0-9]{1,9}", step):
        raise BadRequest(f"a step is a whole number, got {step!r:.80}")
    return step_view(await services.examples.get(code), int(step))
