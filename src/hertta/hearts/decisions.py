"""Hearts decisions as a type: what a seat (or the table) decides, with parse and format.

Every decision of a match, from a person, a computer player, a replay or the store, is one of:

- :class:`PassDecision` ``P<seat>:<c>.<c>.<c>``: the seat chose the three cards it passes;
- :class:`PlayDecision` ``<seat>:<card>``: the seat played the card;
- :class:`MoonDecision` ``M<seat>:add`` / ``M<seat>:subtract``: the shooter's moon choice;
- :class:`NextRound` ``N``: the finished round was seen; its points are added and the next round
  is dealt (or the match ends).

Cards are in notation (``QS``, ``TH``; see ``docs/hearts-decisions.md``). :func:`format_decision`
gives the canonical text and :func:`parse_decision` reads it back (``parse(format(d)) == d``);
:func:`apply_decision` is the one validated path from a match and a decision to the next match
state, and :func:`decision_needed` says whose decision the match waits for.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final, Literal

from hertta.cards import Card, parse_card
from hertta.errors import RecordError
from hertta.hearts.match import MatchState, finish_round, new_match, with_round
from hertta.hearts.round import Phase, choose_moon, play_card, submit_pass


@dataclass(frozen=True, slots=True)
class PassDecision:
    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class PlayDecision:
    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class MoonDecision:
    seat: int
    option: str


@dataclass(frozen=True, slots=True)
class NextRound:
    """Not a seat's decision: the table moves on once the round's result has been seen."""


Decision = PassDecision | PlayDecision | MoonDecision | NextRound
DecisionKind = Literal["pass", "play", "moon", "next"]

_PASS_RE = re.compile(r"P([0-5]):([2-9TJQKA][CDSH])\.([2-9TJQKA][CDSH])\.([2-9TJQKA][CDSH])")
_PLAY_RE = re.compile(r"([0-5]):([2-9TJQKA][CDSH])")
_MOON_RE = re.compile(r"M([0-5]):(add|subtract)")
NEXT_TEXT: Final = "N"


def format_decision(decision: Decision) -> str:
    """The canonical text of a decision (see the module docstring). RecordError for a value
    no text can hold (a seat beyond 5, a pass of other than three cards, an unknown moon
    option): what is written must read back as the same decision."""
    if isinstance(decision, PassDecision):
        text = f"P{decision.seat}:" + ".".join(card.notation for card in decision.cards)
    elif isinstance(decision, PlayDecision):
        text = f"{decision.seat}:{decision.card.notation}"
    elif isinstance(decision, MoonDecision):
        text = f"M{decision.seat}:{decision.option}"
    elif isinstance(decision, NextRound):
        return NEXT_TEXT
    else:  # a text, None, a number: written as "N" it would read back as the next round
        raise RecordError(f"not a Hearts decision: {decision!r}")
    try:
        valid = parse_decision(text) == decision
    except RecordError:
        valid = False
    if not valid:
        raise RecordError(f"not a decision that can be written: {decision!r}")
    return text


def parse_decision(text: str) -> Decision:
    """A decision from its canonical text; RecordError quotes anything else."""
    if not isinstance(text, str):
        raise RecordError(f"not a Hearts decision: {text!r}")
    if text == NEXT_TEXT:
        return NextRound()
    if found := _PASS_RE.fullmatch(text):
        cards = tuple(parse_card(found.group(i)) for i in (2, 3, 4))
        return PassDecision(int(found.group(1)), cards)
    if found := _PLAY_RE.fullmatch(text):
        return PlayDecision(int(found.group(1)), parse_card(found.group(2)))
    if found := _MOON_RE.fullmatch(text):
        return MoonDecision(int(found.group(1)), found.group(2))
    raise RecordError(
        f"not a Hearts decision: {text!r} (expected P0:AS.KS.9C, 0:QS, M0:add, M0:subtract or N)"
    )


def format_decisions(decisions: Iterable[Decision]) -> str:
    return " ".join(format_decision(decision) for decision in decisions)


def parse_decisions(text: str) -> list[Decision]:
    """Decisions separated by single spaces, as :func:`format_decisions` writes them (``""``:
    none); RecordError quotes the list for anything else (two spaces, a tab, a line break)."""
    if not isinstance(text, str):
        raise RecordError(f"not a list of Hearts decisions: {text!r}")
    if text == "":
        return []
    try:
        return [parse_decision(item) for item in text.split(" ")]
    except RecordError as err:
        raise RecordError(f"in the decisions {text[:200]!r}: {err}") from None


def decision_seat(decision: Decision) -> int | None:
    """The seat that made the decision (None for :class:`NextRound`)."""
    return None if isinstance(decision, NextRound) else decision.seat


def apply_decision(match: MatchState, decision: Decision) -> MatchState:
    """``match`` after ``decision``, through the rules' validated moves: HeartsMoveError (an
    IllegalMoveError with a ``reason``) when the rules refuse it; the match is unchanged."""
    if isinstance(decision, NextRound):
        return finish_round(match)
    state = match.round
    if isinstance(decision, PassDecision):
        state = submit_pass(state, decision.seat, decision.cards)
    elif isinstance(decision, PlayDecision):
        state = play_card(state, decision.seat, decision.card)
    else:
        state = choose_moon(state, decision.seat, decision.option)
    return with_round(match, state)


def replay_decisions(code: str, decisions: Sequence[Decision]) -> MatchState:
    """The match of ``code`` after ``decisions``, each through :func:`apply_decision`."""
    match = new_match(code)
    for decision in decisions:
        match = apply_decision(match, decision)
    return match


@dataclass(frozen=True, slots=True)
class Needed:
    """What the match waits for: ``kind`` of decision from each of ``seats`` (for ``next``,
    no seat: the table moves on; for a finished match, ``kind`` is None)."""

    kind: DecisionKind | None
    seats: tuple[int, ...]


def decision_needed(match: MatchState) -> Needed:
    """Whose decision the match waits for now. Passing is simultaneous: every seat that has not
    chosen its pass yet is listed."""
    if match.over:
        return Needed(None, ())
    state = match.round
    phase = state.phase
    if phase is Phase.PASSING:
        return Needed("pass", state.waiting_for)
    if phase is Phase.PLAYING:
        return Needed("play", state.waiting_for)
    if phase is Phase.MOON_CHOICE:
        return Needed("moon", state.waiting_for)
    return Needed("next", ())

