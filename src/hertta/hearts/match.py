"""A match: rounds until a total reaches the score limit.

Round ``k`` (0 = the first) is dealt by seat ``k % players`` (the dealer rotates clockwise and
seat 0 deals first), passes in direction ``PASS_CYCLES[players][k % len(cycle)]`` and is shuffled
from the match code (:mod:`hertta.hearts.codes`). After the round in which any total reaches or
exceeds the limit the match is over: everyone tied for the lowest total wins, everyone tied for
the highest loses. Totals may be negative (bonus cards, subtracted moons).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from hertta.errors import IllegalMoveError
from hertta.hearts.codes import MatchCode, parse_match_code
from hertta.hearts.config import RulesConfig
from hertta.hearts.deck import pass_direction_for_round
from hertta.hearts.round import Phase, RoundState, deal_round
from hertta.hearts.scoring import RoundScore


def dealer_for_round(players: int, round_index: int) -> int:
    return round_index % players


def deal_match_round(code: MatchCode, round_index: int) -> RoundState:
    """Round ``round_index`` of the match, exactly as the code deals it."""
    return deal_round(
        code.rules,
        code.players,
        dealer_for_round(code.players, round_index),
        pass_direction_for_round(code.players, round_index),
        code.round_seed(round_index),
    )


def tied_lowest(totals: tuple[int, ...]) -> tuple[int, ...]:
    best = min(totals)
    return tuple(seat for seat, total in enumerate(totals) if total == best)


def tied_highest(totals: tuple[int, ...]) -> tuple[int, ...]:
    worst = max(totals)
    return tuple(seat for seat, total in enumerate(totals) if total == worst)


@dataclass(frozen=True, slots=True)
class MatchState:
    """A match between rounds or during one. ``round`` is the round being played (the last one
    once the match is over); ``results`` the scores of the finished rounds, ``totals`` their
    sums per seat."""

    code: MatchCode
    round_index: int
    round: RoundState
    results: tuple[RoundScore, ...]
    totals: tuple[int, ...]
    over: bool = False

    @property
    def rules(self) -> RulesConfig:
        return self.code.rules

    @property
    def players(self) -> int:
        return self.code.players

    @property
    def winners(self) -> tuple[int, ...]:
        """Seats tied for the lowest total (the final winners once ``over``)."""
        return tied_lowest(self.totals)

    @property
    def losers(self) -> tuple[int, ...]:
        """Seats tied for the highest total (the final losers once ``over``)."""
        return tied_highest(self.totals)


def totals_before_round(match: MatchState) -> tuple[int, ...]:
    """The totals before the current round (once the match is over, ``match.totals`` already
    holds its last round)."""
    if not match.over:
        return match.totals
    last = match.results[-1].points
    return tuple(t - p for t, p in zip(match.totals, last, strict=True))


def totals_after_round(match: MatchState) -> tuple[int, ...] | None:
    """The totals once the current round's points are added (None while it is not over)."""
    score = match.round.score
    if score is None:
        return None
    before = totals_before_round(match)
    return tuple(t + p for t, p in zip(before, score.points, strict=True))


def is_last_round(match: MatchState) -> bool:
    """Whether the current round, once finished, ends the match (its points take a total to
    the score limit or past it). False while the round is still being played."""
    if match.over:
        return True
    after = totals_after_round(match)
    return after is not None and max(after) >= match.rules.score_limit


def new_match(code: MatchCode | str) -> MatchState:
    """A match from a code (or its text), its first round dealt."""
    if isinstance(code, str):
        code = parse_match_code(code)
    return MatchState(code, 0, deal_match_round(code, 0), (), (0,) * code.players)


def with_round(match: MatchState, state: RoundState) -> MatchState:
    """``match`` with its current round moved on to ``state`` (a later state of that round)."""
    if match.over:
        raise IllegalMoveError("the match is over")
    current = match.round
    if (state.dealt, state.dealer, state.rules, state.players, state.pass_direction) != (
        current.dealt,
        current.dealer,
        current.rules,
        current.players,
        current.pass_direction,
    ):
        raise IllegalMoveError(f"that state is not round {match.round_index + 1} of this match")
    # Later, not earlier nor another branch: the passes chosen stay chosen, the cards played
    # stay played (a rewind, or a pass skipped, would be a round the rules never allowed).
    kept_passes = all(
        mine is None or mine == theirs
        for mine, theirs in zip(current.passes, state.passes, strict=True)
    )
    if (
        not kept_passes
        or state.plays[: len(current.plays)] != current.plays
        or (current.moon_choice is not None and state.moon_choice != current.moon_choice)
    ):
        raise IllegalMoveError(
            f"that state is not a later state of round {match.round_index + 1}: it does not "
            "keep the passes and cards already played"
        )
    return replace(match, round=state)


def finish_round(match: MatchState) -> MatchState:
    """Add the finished round's points; end the match or deal the next round."""
    if match.over:
        raise IllegalMoveError("the match is over")
    score = match.round.score
    if match.round.phase is not Phase.ROUND_OVER or score is None:
        raise IllegalMoveError(
            f"round {match.round_index + 1} is not over (phase {match.round.phase.value})"
        )
    totals = tuple(t + p for t, p in zip(match.totals, score.points, strict=True))
    results = (*match.results, score)
    if is_last_round(match):
        return replace(match, results=results, totals=totals, over=True)
    index = match.round_index + 1
    return MatchState(match.code, index, deal_match_round(match.code, index), results, totals)
