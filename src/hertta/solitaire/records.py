"""Heart to Heart game records: a game is its deal code plus the moves played.

The record is JSON, for example
``{"format": "hertta-h2h-game/1", "code": "HH1-N-AAAAAAM", "moves": ["F", "25+W"]}``,
with moves in the notation of :mod:`hertta.solitaire.game` (``F``, ``R``, ``a+b``, ``a+W``).
Parsing replays every move through the validated path, so a record that parses is a legal game.
"""

from __future__ import annotations

import json
from typing import Any

from hertta.errors import HerttaError, RecordError
from hertta.solitaire.game import Game, parse_move, replay

RECORD_FORMAT = "hertta-h2h-game/1"


def game_record(game: Game) -> dict[str, Any]:
    if game.code is None:
        raise RecordError("a game without a deal code has no record")
    return {"format": RECORD_FORMAT, "code": game.code, "moves": [m.notation for m in game.log]}


def format_game_record(game: Game) -> str:
    return json.dumps(game_record(game))


def parse_game_record(text: str) -> Game:
    """The game a record describes; :class:`RecordError` names what is wrong."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise RecordError(f"not JSON: {error.msg} at line {error.lineno}") from None
    if not isinstance(data, dict):
        raise RecordError(f"a game record is a JSON object, got {type(data).__name__}")
    if data.get("format") != RECORD_FORMAT:
        raise RecordError(f"unknown format {data.get('format')!r}; expected {RECORD_FORMAT!r}")
    code, moves = data.get("code"), data.get("moves")
    if not isinstance(code, str):
        raise RecordError(f"'code' must be a deal code string, got {code!r}")
    if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
        raise RecordError(f"'moves' must be a list of move strings, got {moves!r}")
    try:
        return replay(code, [parse_move(m) for m in moves])
    except RecordError:
        raise
    except HerttaError as error:
        raise RecordError(f"record of {code!r}: {error}") from None
