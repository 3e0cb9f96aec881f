"""The examples page's data: a won Heart to Heart game replayed move by move.

The page gets the move list up front and asks for one step at a time: the public position after
``step`` moves (the stock as a count, the waste as its top and count, as in the game) and what
that step's move did, for its caption. Only the listed example deals are served, so a request
can never start a search on an arbitrary code. The fewest-moves search behind an example runs
once per process, in the worker pool (:class:`Examples`), never on the event loop.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import partial
from typing import Any

from hertta.errors import DealCodeError, NotationError
from hertta.solitaire.deal_codes import normalize_deal_code
from hertta.solitaire.game import WASTE, Move, MoveKind, Position, apply_move, new_game, status_of
from hertta.solitaire.optimal import RULES_EXAMPLE_CODE, example_solution
from hertta.tables.bots import BotRunner
from hertta.tables.h2h_view import heart_view

EXAMPLE_CODES: tuple[str, ...] = (RULES_EXAMPLE_CODE,)
"""The deals the page shows; the first is the rules text's deal and the page's default."""


@dataclass(frozen=True, slots=True)
class ExampleGame:
    """A winning line: ``positions[n]`` is the table after the first ``n`` moves."""

    code: str
    moves: tuple[Move, ...]
    positions: tuple[Position, ...]

    @property
    def total(self) -> int:
        return len(self.moves)


def example_code(code: str) -> str:
    """The canonical code of one of :data:`EXAMPLE_CODES`; DealCodeError for any other."""
    try:
        canonical = normalize_deal_code(code)
    except DealCodeError:
        canonical = code
    if canonical not in EXAMPLE_CODES:
        listed = ", ".join(EXAMPLE_CODES)
        raise DealCodeError(f"{code!r} is not one of the example deals ({listed})")
    return canonical


def example_from_moves(canonical: str, moves: tuple[Move, ...]) -> ExampleGame:
    positions = [new_game(canonical).start]
    for move in moves:
        # apply_move checks each move; the list is the solver's, so this is a consistency check.
        positions.append(apply_move(positions[-1], move))
    return ExampleGame(canonical, moves, tuple(positions))


def solve_example(canonical: str) -> tuple[Move, ...]:
    """The search itself (what the worker pool runs)."""
    return tuple(example_solution(canonical))


@dataclass(eq=False)
class Examples:
    """The example lines, each searched once (in the worker pool) and kept."""

    runner: BotRunner
    _found: dict[str, ExampleGame] = field(default_factory=dict)

    async def get(self, code: str) -> ExampleGame:
        canonical = example_code(code)  # cached by the canonical code only
        found = self._found.get(canonical)
        if found is None:
            moves = await self.runner.call(partial(solve_example, canonical))
            found = self._found[canonical] = example_from_moves(canonical, moves)
        return found


def public_position(position: Position) -> dict[str, Any]:
    """What the game screen would show of a position: no stock cards, only the waste's top."""
    cards, free = heart_view(position)
    top = position.waste_top
    return {
        "heart": cards,
        "free": free,
        "stock": len(position.stock),
        "waste": {"count": len(position.waste), "top": None if top is None else top.notation},
    }


def caption(before: Position, move: Move, after: Position) -> dict[str, Any]:
    """What a move did, as data the page puts into words: the card a flip turned over, or the
    two cards of a pair (``waste`` tells whether the second was the waste's top)."""
    if move.kind is MoveKind.FLIP:
        top = after.waste_top
        return {"kind": "flip", "card": None if top is None else top.notation}
    if move.kind is MoveKind.RECYCLE:
        return {"kind": "recycle"}
    first = before.heart[move.first - 1]
    second = before.waste_top if move.second == WASTE else before.heart[move.second - 1]
    assert first is not None and second is not None  # the move was legal
    return {
        "kind": "pair",
        "first": first.notation,
        "second": second.notation,
        "waste": move.second == WASTE,
    }


def step_view(example: ExampleGame, step: int) -> dict[str, Any]:
    """The page's data for ``step`` (0 is the deal): the position after that many moves, the
    move that led there and its caption. :class:`NotationError` outside ``0..total``."""
    if not 0 <= step <= example.total:
        raise NotationError(f"step {step!r} is not in 0..{example.total} for {example.code}")
    position = example.positions[step]
    move = example.moves[step - 1] if step else None
    return {
        "code": example.code,
        "step": step,
        "total": example.total,
        "move": None if move is None else move.notation,
        "caption": None
        if move is None
        else caption(example.positions[step - 1], move, position),
        "moves": position.moves,
        "score": position.score,
        "status": status_of(position).value,
        "position": public_position(position),
    }
