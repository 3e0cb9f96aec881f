"""Heart to Heart state, moves, score, undo and the end of the game.

A :class:`Game` is immutable: :func:`play` takes a game and a move and returns a new game, or raises
:class:`~hertta.errors.IllegalMoveError`. Every move, from a person, the solver or a replay, passes
through :func:`play`. Undo keeps the 100 most recent previous positions.

Move notation (also used by game records and the solver): ``F`` flip the stock's top card onto the
waste, ``R`` recycle the whole waste back into the stock, ``a+b`` remove the pair at heart positions
``a`` < ``b``, ``a+W`` remove the heart card at ``a`` with the waste's top card.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import Enum

from hertta.cards import Card, Rank
from hertta.errors import IllegalMoveError, NotationError
from hertta.rng import SplitMix64
from hertta.solitaire.deal_codes import (
    deck_for_number,
    format_deal_code,
    normalize_deal_code,
    parse_deal_code,
    random_deal_number,
)
from hertta.solitaire.layout import COVERED_BY_MASKS, POSITION_COUNT, POSITIONS

UNDO_DEPTH = 100
POINTS_PER_CARD = 10
WIN_SCORE = POINTS_PER_CARD * POSITION_COUNT
WASTE = 0
"""Pair partner meaning "the waste's top card" in :class:`Move`."""


class MoveKind(Enum):
    FLIP = "flip"
    RECYCLE = "recycle"
    PAIR = "pair"


class Status(Enum):
    PLAYING = "playing"
    WON = "won"
    DEAD_END = "dead_end"


@dataclass(frozen=True, slots=True)
class Move:
    """A move. For pairs ``first`` is a heart position and ``second`` another one or ``WASTE``."""

    kind: MoveKind
    first: int = 0
    second: int = 0

    @staticmethod
    def flip() -> Move:
        return _FLIP

    @staticmethod
    def recycle() -> Move:
        return _RECYCLE

    @staticmethod
    def pair(first: int, second: int) -> Move:
        """A heart pair (two positions) or, with ``second == WASTE``, a heart card and the waste."""
        if second != WASTE and second < first:
            first, second = second, first
        return Move(MoveKind.PAIR, first, second)

    @property
    def notation(self) -> str:
        if self.kind is MoveKind.FLIP:
            return "F"
        if self.kind is MoveKind.RECYCLE:
            return "R"
        return f"{self.first}+{'W' if self.second == WASTE else self.second}"

    def __str__(self) -> str:
        return self.notation


_FLIP = Move(MoveKind.FLIP)
_RECYCLE = Move(MoveKind.RECYCLE)
_MOVE_RE = re.compile(r"(\d{1,2})\+(\d{1,2}|W)")


def parse_move(text: str) -> Move:
    """Read a move in notation (``F``, ``R``, ``23+24``, ``25+W``); case-insensitive."""
    # ASCII only: "٢" is a digit to \d and to int(), and upper() maps some letters to ASCII.
    cleaned = text.strip().upper() if isinstance(text, str) and text.isascii() else ""
    if cleaned == "F":
        return _FLIP
    if cleaned == "R":
        return _RECYCLE
    match = _MOVE_RE.fullmatch(cleaned)
    if match:
        first = int(match.group(1))
        second = WASTE if match.group(2) == "W" else int(match.group(2))
        in_range = 1 <= first <= POSITION_COUNT and (
            second == WASTE or 1 <= second <= POSITION_COUNT
        )
        if in_range and first != second:
            return Move.pair(first, second)
    raise NotationError(f"not a Heart to Heart move: {text!r} (expected F, R, 23+24 or 25+W)")


def format_moves(moves: Iterable[Move]) -> str:
    return " ".join(m.notation for m in moves)


def parse_moves(text: str | Sequence[str]) -> list[Move]:
    items = text.split() if isinstance(text, str) else list(text)
    return [parse_move(item) for item in items]


@dataclass(frozen=True, slots=True)
class Position:
    """Everything on the table. ``heart[p - 1]`` is the card at position p (None when removed);
    ``stock`` lists the face-down cards top first; ``waste`` lists the face-up pile bottom first."""

    heart: tuple[Card | None, ...]
    stock: tuple[Card, ...]
    waste: tuple[Card, ...]
    moves: int = 0
    score: int = 0

    @property
    def present_mask(self) -> int:
        mask = 0
        for i, card in enumerate(self.heart):
            if card is not None:
                mask |= 1 << i
        return mask

    @property
    def waste_top(self) -> Card | None:
        return self.waste[-1] if self.waste else None

    def is_free(self, position: int) -> bool:
        return (
            self.heart[position - 1] is not None
            and (self.present_mask & COVERED_BY_MASKS[position]) == 0
        )

    def free_positions(self) -> list[int]:
        mask = self.present_mask
        return [p for p in POSITIONS if (mask >> (p - 1)) & 1 and (mask & COVERED_BY_MASKS[p]) == 0]

    @property
    def cards_left_in_heart(self) -> int:
        return sum(card is not None for card in self.heart)


def deal_position(deck: Sequence[Card]) -> Position:
    """The starting position of a 52-card order: d[0..24] to positions 1..25, d[25..50] the
    stock with d[25] on top, d[51] turned onto the waste (free of charge)."""
    if len(deck) != 52:
        raise IllegalMoveError(f"a Heart to Heart deal needs 52 cards, got {len(deck)}")
    return Position(heart=tuple(deck[:25]), stock=tuple(deck[25:51]), waste=(deck[51],))


def is_won(position: Position) -> bool:
    return all(card is None for card in position.heart)


def is_dead_end(position: Position) -> bool:
    """No free heart card has a same-rank partner that is free in the heart or anywhere in the
    stock or the waste (RULES.md). A won position is not a dead end."""
    free = position.free_positions()
    if not free:
        return False
    reservoir = {card.rank for card in position.stock} | {card.rank for card in position.waste}
    seen: set[Rank] = set()
    for p in free:
        rank = position.heart[p - 1].rank  # type: ignore[union-attr]
        if rank in seen or rank in reservoir:
            return False
        seen.add(rank)
    return True


def status_of(position: Position) -> Status:
    if is_won(position):
        return Status.WON
    if is_dead_end(position):
        return Status.DEAD_END
    return Status.PLAYING


def legal_moves(position: Position) -> list[Move]:
    """Every legal move, flips and recycles included; none once the game is won or dead."""
    if status_of(position) is not Status.PLAYING:
        return []
    moves: list[Move] = []
    free = position.free_positions()
    top = position.waste_top
    for i, p in enumerate(free):
        rank = position.heart[p - 1].rank  # type: ignore[union-attr]
        moves.extend(
            Move.pair(p, q)
            for q in free[i + 1 :]
            if position.heart[q - 1].rank is rank  # type: ignore[union-attr]
        )
        if top is not None and top.rank is rank:
            moves.append(Move.pair(p, WASTE))
    if position.stock:
        moves.append(_FLIP)
    elif position.waste:
        moves.append(_RECYCLE)
    return moves


def apply_move(position: Position, move: Move) -> Position:
    """The position after ``move``, or :class:`IllegalMoveError` quoting the move and why."""
    _refuse_if_over(status_of(position), move)
    return _apply_to_live_position(position, move)


def _refuse_if_over(status: Status, move: Move) -> None:
    if status is Status.WON:
        raise IllegalMoveError(f"move {move.notation!r}: the game is already won")
    if status is Status.DEAD_END:
        raise IllegalMoveError(f"move {move.notation!r}: no moves left (dead end); only undo")


def _apply_to_live_position(position: Position, move: Move) -> Position:
    """``apply_move`` once the position is known to be neither won nor dead."""
    moves = position.moves + 1
    if move.kind is MoveKind.FLIP:
        if not position.stock:
            raise IllegalMoveError("move 'F': the stock is empty (recycle the waste with 'R')")
        return Position(
            position.heart,
            position.stock[1:],
            (*position.waste, position.stock[0]),
            moves,
            position.score,
        )
    if move.kind is MoveKind.RECYCLE:
        if position.stock:
            raise IllegalMoveError("move 'R': the stock is not empty yet")
        if not position.waste:
            raise IllegalMoveError("move 'R': the waste is empty")
        return Position(position.heart, position.waste, (), moves, position.score)
    first = _free_card(position, move.first, move)
    if move.second == WASTE:
        top = position.waste_top
        if top is None:
            raise IllegalMoveError(f"move {move.notation!r}: the waste is empty")
        if top.rank is not first.rank:
            raise IllegalMoveError(
                f"move {move.notation!r}: {first.display} and {top.display} differ in rank"
            )
        heart = _without(position.heart, move.first)
        return Position(
            heart, position.stock, position.waste[:-1], moves, position.score + POINTS_PER_CARD
        )
    if move.first == move.second:
        raise IllegalMoveError(f"move {move.notation!r}: a card cannot pair with itself")
    second = _free_card(position, move.second, move)
    if second.rank is not first.rank:
        raise IllegalMoveError(
            f"move {move.notation!r}: {first.display} and {second.display} differ in rank"
        )
    heart = _without(_without(position.heart, move.first), move.second)
    return Position(
        heart, position.stock, position.waste, moves, position.score + 2 * POINTS_PER_CARD
    )


def _free_card(position: Position, p: int, move: Move) -> Card:
    if not 1 <= p <= POSITION_COUNT:
        raise IllegalMoveError(f"move {move.notation!r}: no heart position {p}")
    card = position.heart[p - 1]
    if card is None:
        raise IllegalMoveError(f"move {move.notation!r}: position {p} is empty")
    if not position.is_free(p):
        raise IllegalMoveError(f"move {move.notation!r}: the card at position {p} is covered")
    return card


def _without(heart: tuple[Card | None, ...], p: int) -> tuple[Card | None, ...]:
    return (*heart[: p - 1], None, *heart[p:])


@dataclass(frozen=True, slots=True)
class Game:
    """A game of one deal: its start, its current position, and what undo needs: up to
    ``UNDO_DEPTH`` previous positions (``history``) and the moves that led from each of them
    (``recent``, aligned with ``history``, newest last). ``played`` counts the moves of the line
    from the start to this position (undo takes one off).

    Memory and the cost of a move stay bounded however long the game runs; the whole move
    list of a game is its record (:mod:`hertta.solitaire.records`), kept by whoever stores it.
    """

    code: str | None
    start: Position
    position: Position
    recent: tuple[Move, ...] = ()
    history: tuple[Position, ...] = ()
    played: int = 0
    status: Status = field(init=False, compare=False, repr=False)
    """Computed once when the game is built: the dead-end check is the costliest part of a move,
    and servers ask for the status several times per tap."""

    def __post_init__(self) -> None:
        if len(self.recent) != len(self.history) or self.played < len(self.recent):
            raise IllegalMoveError(
                f"inconsistent game: {len(self.recent)} recent moves, {len(self.history)} "
                f"previous positions, {self.played} moves played"
            )
        object.__setattr__(self, "status", status_of(self.position))

    @property
    def can_undo(self) -> bool:
        return bool(self.history) and self.status is not Status.WON

    @property
    def started(self) -> bool:
        """A game counts as played from its first move."""
        return self.played > 0

    @property
    def last_move(self) -> Move | None:
        """The move undo would take back (None when there is none)."""
        return self.recent[-1] if self.recent else None


def new_game(code: str) -> Game:
    """The game of a deal code (dealt as it is, dead or not)."""
    canonical = normalize_deal_code(code)
    start = deal_position(deck_for_number(parse_deal_code(canonical)))
    return Game(canonical, start, start)


def game_from_deck(deck: Sequence[Card]) -> Game:
    """A game from an explicit 52-card order (tests, puzzles); it has no code."""
    start = deal_position(deck)
    return Game(None, start, start)


def play(game: Game, move: Move) -> Game:
    """The one validated entry for every move."""
    _refuse_if_over(game.status, move)
    after = _apply_to_live_position(game.position, move)
    history = (*game.history, game.position)[-UNDO_DEPTH:]
    recent = (*game.recent, move)[-UNDO_DEPTH:]
    return Game(game.code, game.start, after, recent, history, game.played + 1)


def undo(game: Game) -> Game:
    """Take back the last move (up to 100); refused after a win or with nothing to undo."""
    if game.status is Status.WON:
        raise IllegalMoveError("undo: the game is won and over")
    if not game.history:
        raise IllegalMoveError("undo: nothing to undo")
    return Game(
        game.code,
        game.start,
        game.history[-1],
        game.recent[:-1],
        game.history[:-1],
        game.played - 1,
    )


def restart(game: Game) -> Game:
    """The same deal from the start."""
    return Game(game.code, game.start, game.start)


def replay(code: str, moves: Iterable[Move]) -> Game:
    """A game rebuilt from its record: the code and the moves played."""
    game = new_game(code)
    for move in moves:
        game = play(game, move)
    return game


def new_game_code(rng: SplitMix64) -> str:
    """A uniformly random code among the deals that are not dead at the start."""
    while True:
        number = random_deal_number(rng)
        if not is_dead_end(deal_position(deck_for_number(number))):
            return format_deal_code(number)
