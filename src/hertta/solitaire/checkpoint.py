"""Heart to Heart checkpoints: a game in progress written out whole, so that resuming it reads
the checkpoint and the few moves after it instead of replaying thousands.

The text is JSON (``docs/tables.md`` describes where it is kept)::

    {"format": "hertta-h2h-checkpoint/1", "code": "HH1-N-AAAAAAM", "played": 2,
     "position": {"heart": "TH 7H - ...", "stock": "4H 9H ...", "waste": "AH 2H",
                  "moves": 2, "score": 0},
     "history": [{...}, {...}], "recent": "F F"}

``heart`` lists the 25 positions in order (``-`` for a removed card), ``stock`` top first and
``waste`` bottom first, every card in notation. ``history`` and ``recent`` are what undo needs
(:class:`~hertta.solitaire.game.Game`). :func:`parse_checkpoint` checks that every position could
come from the code's deal (a heart card only at its own place, the reservoir a part of the
deal's, the score 10 per heart card removed); anything else is a :class:`RecordError`, and the
caller then replays the game from its move list instead.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any, Final

from hertta.cards import ALL_CARDS, Card
from hertta.errors import HerttaError, RecordError
from hertta.solitaire.game import (
    POINTS_PER_CARD,
    UNDO_DEPTH,
    Game,
    Position,
    new_game,
    parse_moves,
)

CHECKPOINT_FORMAT: Final = "hertta-h2h-checkpoint/1"
REMOVED: Final = "-"
_CARDS: Final = {card.notation: card for card in ALL_CARDS}
"""Checkpoints hold cards in canonical notation only: a lookup, not the general parser (a
checkpoint has thousands of cards and resuming must stay fast)."""


def _card(text: str) -> Card:
    card = _CARDS.get(text)
    if card is None:
        raise RecordError(f"checkpoint: not a card in notation: {text!r}")
    return card


def _cards_text(cards: tuple[Card, ...]) -> str:
    return " ".join(card.notation for card in cards)


def _position_json(position: Position) -> dict[str, Any]:
    return {
        "heart": " ".join(REMOVED if c is None else c.notation for c in position.heart),
        "stock": _cards_text(position.stock),
        "waste": _cards_text(position.waste),
        "moves": position.moves,
        "score": position.score,
    }


def format_checkpoint(game: Game) -> str:
    """The checkpoint text of a game dealt from a code."""
    if game.code is None:
        raise RecordError("a game without a deal code has no checkpoint")
    return json.dumps(
        {
            "format": CHECKPOINT_FORMAT,
            "code": game.code,
            "played": game.played,
            "position": _position_json(game.position),
            "history": [_position_json(p) for p in game.history],
            "recent": " ".join(move.notation for move in game.recent),
        },
        separators=(",", ":"),
    )


def _whole(value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise RecordError(f"checkpoint: {what} must be a whole number >= 0, got {value!r}")
    return value


def _card_list(value: object, what: str) -> tuple[Card, ...]:
    if not isinstance(value, str):
        raise RecordError(f"checkpoint: {what} must be a string of cards, got {value!r}")
    return tuple(_card(item) for item in value.split())


def _position(value: object, start: Position) -> Position:
    if not isinstance(value, dict):
        raise RecordError(f"checkpoint: a position must be an object, got {value!r}")
    heart_text = value.get("heart")
    if not isinstance(heart_text, str):
        raise RecordError(f"checkpoint: 'heart' must be a string, got {heart_text!r}")
    items = heart_text.split()
    if len(items) != len(start.heart):
        raise RecordError(f"checkpoint: the heart has {len(items)} places, not 25")
    heart = tuple(None if item == REMOVED else _card(item) for item in items)
    for place, (card, dealt) in enumerate(zip(heart, start.heart, strict=True), start=1):
        if card is not None and card != dealt:
            raise RecordError(f"checkpoint: {card.notation} cannot lie at place {place}")
    stock = _card_list(value.get("stock"), "'stock'")
    waste = _card_list(value.get("waste"), "'waste'")
    reservoir = Counter((*start.stock, *start.waste))
    extra = Counter((*stock, *waste)) - reservoir
    if extra:
        raise RecordError(f"checkpoint: cards not in the deal's reservoir: {sorted(extra)!r}")
    score = _whole(value.get("score"), "'score'")
    removed = sum(card is None for card in heart)
    if score != POINTS_PER_CARD * removed:
        raise RecordError(f"checkpoint: score {score} with {removed} heart cards removed")
    return Position(heart, stock, waste, _whole(value.get("moves"), "'moves'"), score)


def parse_checkpoint(text: str) -> Game:
    """The game a checkpoint holds; :class:`RecordError` says what is wrong with it."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise RecordError("checkpoint: not JSON") from None
    if not isinstance(data, dict) or data.get("format") != CHECKPOINT_FORMAT:
        raise RecordError(f"checkpoint: not a {CHECKPOINT_FORMAT} object")
    try:
        start = new_game(str(data.get("code"))).start
        history_data = data.get("history")
        if not isinstance(history_data, list) or len(history_data) > UNDO_DEPTH:
            raise RecordError("checkpoint: 'history' must be a list of at most 100 positions")
        history = tuple(_position(item, start) for item in history_data)
        recent_text = data.get("recent")
        if not isinstance(recent_text, str):
            raise RecordError(f"checkpoint: 'recent' must be a string, got {recent_text!r}")
        recent = tuple(parse_moves(recent_text))
        return Game(
            str(data["code"]),
            start,
            _position(data.get("position"), start),
            recent,
            history,
            _whole(data.get("played"), "'played'"),
        )
    except RecordError:
        raise
    except HerttaError as error:
        raise RecordError(f"checkpoint: {error}") from None
