"""Taps: what a tap does in Heart to Heart, as pure data the UI only renders.

Targets are heart positions ``1..25``, ``"stock"`` and ``"waste"``. The rules of a tap (seed 000 and
RULES.md "Taps"):

- a free heart card or the waste top, nothing selected: it becomes selected;
- the selected card again: deselected;
- another card while one is selected: equal ranks remove the pair (a move); otherwise the tapped
  card becomes the selection and, with *Siirtovirheet* (move errors) on, the message
  ``cards_must_match`` is shown (not a move);
- a covered card, an empty slot, an empty waste: nothing happens;
- the stock: a flip, or a recycle when empty (a move); a heart selection survives, a waste
  selection is dropped;
- undo, restart and new game clear the selection and any message.

The message is transient: the next tap that does something replaces or clears it; a tap that
does nothing (a covered card, an empty slot, an empty waste) leaves it showing.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum
from typing import Literal

from hertta.errors import IllegalMoveError
from hertta.solitaire import game as rules
from hertta.solitaire.game import WASTE, Game, Move, Status
from hertta.solitaire.layout import POSITION_COUNT, POSITIONS

Target = int | Literal["stock", "waste"]
Selection = int | Literal["waste"]

MESSAGE_CARDS_MUST_MATCH = "cards_must_match"


class Effect(Enum):
    """What a tap did; the UI animates and announces from this."""

    NOTHING = "nothing"
    SELECTED = "selected"
    DESELECTED = "deselected"
    RESELECTED = "reselected"
    PAIR = "pair"
    FLIP = "flip"
    RECYCLE = "recycle"


@dataclass(frozen=True, slots=True)
class TapSettings:
    """Player settings that change what taps show. Defaults follow the seed."""

    move_errors: bool = False
    """*Siirtovirheet*: explain a mismatched pair ("Korttien on oltava samanarvoisia")."""
    layout_assist: bool = True
    """*Asetteluapu*: circle playable cards; darken non-partners of the selection."""


@dataclass(frozen=True, slots=True)
class TapState:
    game: Game
    settings: TapSettings = TapSettings()
    selection: Selection | None = None
    message: str | None = None


@dataclass(frozen=True, slots=True)
class TapResult:
    state: TapState
    effect: Effect
    move: Move | None = None


def parse_target(value: object) -> Target:
    """A tap target from outside (JSON): 1..25, ``"stock"`` or ``"waste"``."""
    if isinstance(value, bool):
        raise IllegalMoveError(f"not a tap target: {value!r}")
    if isinstance(value, int) and 1 <= value <= POSITION_COUNT:
        return value
    if value == "stock" or value == "waste":
        return value
    raise IllegalMoveError(f"not a tap target: {value!r} (expected 1..25, 'stock' or 'waste')")


def tap(state: TapState, target: Target) -> TapResult:
    """Apply one tap. Never raises for a valid target: impossible taps do nothing."""
    target = parse_target(target)
    game = state.game
    # A tap that does nothing leaves everything as it was, a showing message too (RULES.md:
    # "nothing happens, selection unchanged, no message"); any other tap clears the message.
    quiet = replace(state, message=None)
    if game.status is not Status.PLAYING:
        return TapResult(state, Effect.NOTHING)
    position = game.position
    if target == "stock":
        move = Move.flip() if position.stock else Move.recycle()
        if move is Move.recycle() and not position.waste:
            return TapResult(state, Effect.NOTHING)
        selection = state.selection if isinstance(state.selection, int) else None
        after = replace(quiet, game=rules.play(game, move), selection=selection)
        effect = Effect.FLIP if move.kind is rules.MoveKind.FLIP else Effect.RECYCLE
        return TapResult(_drop_finished_selection(after), effect, move)
    if not _is_playable(state, target):
        return TapResult(state, Effect.NOTHING)
    selected = state.selection
    if selected is None:
        return TapResult(replace(quiet, selection=target), Effect.SELECTED)
    if selected == target:
        return TapResult(replace(quiet, selection=None), Effect.DESELECTED)
    if _rank_of(state, selected) is _rank_of(state, target):
        move = _pair_move(selected, target)
        after = replace(quiet, game=rules.play(game, move), selection=None)
        return TapResult(after, Effect.PAIR, move)
    message = MESSAGE_CARDS_MUST_MATCH if state.settings.move_errors else None
    return TapResult(replace(quiet, selection=target, message=message), Effect.RESELECTED)


def undo(state: TapState) -> TapState:
    """Undo the last move; clears the selection and any message."""
    return replace(state, game=rules.undo(state.game), selection=None, message=None)


def restart(state: TapState) -> TapState:
    return replace(state, game=rules.restart(state.game), selection=None, message=None)


def new_tap_state(game: Game, settings: TapSettings = TapSettings()) -> TapState:
    return TapState(game, settings)


def clear_selection(state: TapState) -> TapState:
    """What opening any dialog does."""
    return replace(state, selection=None, message=None)


@dataclass(frozen=True, slots=True)
class Assist:
    """*Asetteluapu*: which targets to circle and which to darken (both empty when it is off)."""

    circled: frozenset[Selection]
    darkened: frozenset[Selection]


def assist(state: TapState) -> Assist:
    if not state.settings.layout_assist or state.game.status is not Status.PLAYING:
        return Assist(frozenset(), frozenset())
    position = state.game.position
    free = position.free_positions()
    top = position.waste_top
    circled: set[Selection] = set()
    for p in free:
        rank = position.heart[p - 1].rank  # type: ignore[union-attr]
        partners = [q for q in free if q != p and position.heart[q - 1].rank is rank]  # type: ignore[union-attr]
        if partners or (top is not None and top.rank is rank):
            circled.add(p)
        if top is not None and top.rank is rank:
            circled.add("waste")
    darkened: set[Selection] = set()
    selected = state.selection
    if selected is not None:
        rank = _rank_of(state, selected)
        for p in POSITIONS:
            card = position.heart[p - 1]
            if card is None or p == selected:
                continue
            if not (p in free and card.rank is rank):
                darkened.add(p)
        if top is not None and selected != "waste" and top.rank is not rank:
            darkened.add("waste")
    return Assist(frozenset(circled), frozenset(darkened))


def _is_playable(state: TapState, target: Target) -> bool:
    position = state.game.position
    if target == "waste":
        return bool(position.waste)
    return isinstance(target, int) and position.is_free(target)


def _rank_of(state: TapState, target: Selection) -> object:
    position = state.game.position
    card = position.waste_top if target == "waste" else position.heart[target - 1]
    if card is None:
        raise IllegalMoveError(f"nothing at {target!r}")
    return card.rank


def _pair_move(a: Selection, b: Selection) -> Move:
    if a == "waste":
        return Move.pair(b, WASTE)  # type: ignore[arg-type]
    if b == "waste":
        return Move.pair(a, WASTE)
    return Move.pair(a, b)


def _drop_finished_selection(state: TapState) -> TapState:
    """A flip may end the game (dead end or not); never leave a selection on a finished game."""
    if state.game.status is not Status.PLAYING:
        return replace(state, selection=None)
    return state
