"""Hearts matches in the store: a match in progress is its match code plus every decision.

A saved match is a :class:`~hertta.store.SavedGame` of kind ``"hearts"``: ``code`` is the match
code (which holds the rules), ``moves`` the decisions in the order they were made, one token
each, and ``data`` the table (opponents' names and levels) and the open result's id.

Decision tokens (cards in notation, e.g. ``QS``):

- ``P<seat>:<c>.<c>.<c>``: the seat chose the three cards it passes;
- ``<seat>:<card>``: the seat played the card;
- ``M<seat>:add`` / ``M<seat>:subtract``: the shooter's moon choice;
- ``N``: the round's result was seen; the next round is dealt.

Replaying the tokens through the validated moves of :mod:`hertta.hearts` rebuilds the match
exactly, mid-trick included. Statistics come from the result rows (``data``: rounds, points,
moons) and are pure.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from hertta.cards import parse_card
from hertta.errors import RecordError
from hertta.hearts import (
    HeartsMoveError,
    MatchState,
    Phase,
    choose_moon,
    finish_round,
    new_match,
    play_card,
    submit_pass,
    with_round,
)
from hertta.store.store import GameResult

KIND = "hearts"
NEXT_ROUND = "N"


def pass_token(seat: int, cards: Iterable[str]) -> str:
    return f"P{seat}:" + ".".join(cards)


def play_token(seat: int, card: str) -> str:
    return f"{seat}:{card}"


def moon_token(seat: int, option: str) -> str:
    return f"M{seat}:{option}"


def apply_token(match: MatchState, token: str) -> MatchState:
    """``match`` after one decision token; RecordError (or the move's own error) when the
    token is malformed or illegal there."""
    if token == NEXT_ROUND:
        return finish_round(match)
    head, sep, tail = token.partition(":")
    if not sep:
        raise RecordError(f"bad Hearts decision token {token!r}")
    state = match.round
    try:
        if head.startswith("P"):
            cards = [parse_card(c) for c in tail.split(".")]
            state = submit_pass(state, int(head[1:]), cards)
        elif head.startswith("M"):
            state = choose_moon(state, int(head[1:]), tail)
        else:
            state = play_card(state, int(head), parse_card(tail))
    except HeartsMoveError:
        raise
    except ValueError as error:  # a bad seat number or card notation
        raise RecordError(f"bad Hearts decision token {token!r}: {error}") from None
    return with_round(match, state)


def replay_match(code: str, tokens: Sequence[str]) -> MatchState:
    """The match of ``code`` after ``tokens`` (see the module docstring)."""
    match = new_match(code)
    for token in tokens:
        match = apply_token(match, token)
    return match


def parse_tokens(moves: str) -> list[str]:
    return moves.split()


def round_is_over(match: MatchState) -> bool:
    return match.round.phase is Phase.ROUND_OVER


@dataclass(frozen=True, slots=True)
class HeartsStats:
    """Hearts statistics of one player (seat 0 of every match). A match counts as played
    from its first decision; one left unfinished counts as played and not won."""

    played: int
    won: int
    rounds: int
    points: int
    moons: int

    @property
    def average_points(self) -> float | None:
        """Points per round (None before any round is finished)."""
        return self.points / self.rounds if self.rounds else None

    @property
    def win_percent(self) -> int:
        return round(100 * self.won / self.played) if self.played else 0


def _whole(value: object) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def hearts_stats(results: Sequence[GameResult]) -> HeartsStats:
    """Statistics from result rows of kind ``hearts`` (open ones count as played)."""
    rounds = points = moons = 0
    for result in results:
        rounds += _whole(result.data.get("rounds"))
        points += _whole(result.data.get("points"))
        moons += _whole(result.data.get("moons"))
    return HeartsStats(
        played=len(results),
        won=sum(1 for r in results if r.outcome == "won"),
        rounds=rounds,
        points=points,
        moons=moons,
    )


def seat_zero_record(match: MatchState) -> dict[str, int]:
    """What the statistics keep of a match for seat 0: finished rounds, their points, moons."""
    return {
        "rounds": len(match.results),
        "points": sum(score.points[0] for score in match.results),
        "moons": sum(1 for score in match.results if score.shooter == 0),
    }
