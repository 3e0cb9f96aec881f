"""Heart to Heart game records: a game is its deal code plus the moves played.

The record is JSON, for example
``{"format": "hertta-h2h-game/1", "code": "HH1-N-AAAAAAM", "moves": ["F", "25+W"]}``,
with moves in the notation of :mod:`hertta.solitaire.game` (``F``, ``R``, ``a+b``, ``a+W``): the
line from the deal to the position, undone moves left out. Parsing replays every move through
the validated path, so a record that parses is a legal game.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from hertta.errors import HerttaError, RecordError
from hertta.solitaire.deal_codes import normalize_deal_code
from hertta.solitaire.game import Game, Move, parse_move, replay

RECORD_FORMAT = "hertta-h2h-game/1"


@dataclass(frozen=True, slots=True)
class GameRecord:
    """A deal code and the moves played from it."""

    code: str
    moves: tuple[Move, ...]

    def replay(self) -> Game:
        """The game the record describes (every move through the validated path)."""
        return replay(self.code, self.moves)


def game_record(code: str, moves: Sequence[Move]) -> GameRecord:
    """A record of ``moves`` from the deal ``code`` (the code is normalised)."""
    return GameRecord(normalize_deal_code(code), tuple(moves))


def record_to_json(record: GameRecord) -> dict[str, Any]:
    return {
        "format": RECORD_FORMAT,
        "code": record.code,
        "moves": [move.notation for move in record.moves],
    }


def format_game_record(record: GameRecord) -> str:
    return json.dumps(record_to_json(record))


def parse_game_record(text: str) -> GameRecord:
    """The record in ``text``, checked by replaying it; :class:`RecordError` names what is
    wrong."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise RecordError(f"not JSON: {error.msg} at line {error.lineno}") from None
    except RecursionError:
        raise RecordError("not a game record: the JSON is nested too deeply") from None
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
        record = game_record(code, [parse_move(m) for m in moves])
        record.replay()
    except RecordError:
        raise
    except HerttaError as error:
        raise RecordError(f"record of {code!r}: {error}") from None
    return record
