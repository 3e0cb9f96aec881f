"""Hearts match checkpoints: a match between rounds written out, so that resuming a long match
reads the checkpoint and the decisions of the current round instead of replaying every round.

A checkpoint is taken when a round has been dealt and nothing has been decided in it yet. Its
text is JSON (``docs/tables.md`` says where it is kept)::

    {"format": "hertta-hearts-checkpoint/1", "code": "HM1-S4-AAAAAAM", "round": 2,
     "results": [{"penalty": [0, 13, 9, 4], "bonus": [0, 0, 0, 0], "moon": null}, ...]}

Each finished round is kept as the points of the cards each seat took (``penalty`` >= 0,
``bonus`` <= 0) and the shooter's moon choice; its score is worked out again by the rules'
own scoring, so a checkpoint cannot hold points the rules would not give. The deal of the
current round comes from the match code, like every deal.
"""

from __future__ import annotations

import json
from typing import Any, Final

from hertta.errors import HerttaError, RecordError
from hertta.hearts.compiled import compile_rules
from hertta.hearts.match import MatchState, deal_match_round, new_match
from hertta.hearts.scoring import RoundScore, score_round

CHECKPOINT_FORMAT: Final = "hertta-hearts-checkpoint/1"


def at_round_start(match: MatchState) -> bool:
    """Whether ``match`` is at a checkpoint moment: a round dealt, nothing decided in it yet."""
    state = match.round
    return not match.over and not state.plays and all(
        chosen is None or chosen == () for chosen in state.passes
    )


def format_match_checkpoint(match: MatchState) -> str:
    """The checkpoint of a match at the start of a round (see :func:`at_round_start`)."""
    if not at_round_start(match):
        raise RecordError("a Hearts checkpoint is taken at the start of a round")
    return json.dumps(
        {
            "format": CHECKPOINT_FORMAT,
            "code": str(match.code),
            "round": match.round_index,
            "results": [
                {"penalty": list(s.penalty), "bonus": list(s.bonus), "moon": s.moon_option}
                for s in match.results
            ],
        },
        separators=(",", ":"),
    )


def _numbers(value: object, players: int, what: str) -> tuple[int, ...]:
    if (
        not isinstance(value, list)
        or len(value) != players
        or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    ):
        raise RecordError(f"checkpoint: {what} must be {players} whole numbers, got {value!r}")
    return tuple(value)


def _score(item: object, match: MatchState) -> RoundScore:
    if not isinstance(item, dict):
        raise RecordError(f"checkpoint: a round result must be an object, got {item!r}")
    rules = compile_rules(match.rules, match.players)
    penalty = _numbers(item.get("penalty"), match.players, "'penalty'")
    bonus = _numbers(item.get("bonus"), match.players, "'bonus'")
    if min(penalty) < 0 or sum(penalty) != rules.moon_total:
        raise RecordError(f"checkpoint: penalty points {penalty!r} do not add up to a round")
    if max(bonus) > 0 or sum(bonus) != rules.bonus_total:
        raise RecordError(f"checkpoint: bonus points {bonus!r} do not add up to a round")
    moon = item.get("moon")
    if moon is not None and not isinstance(moon, str):
        raise RecordError(f"checkpoint: 'moon' must be add, subtract or null, got {moon!r}")
    score = score_round(rules, penalty, bonus, moon)
    if score.moon_option != moon:
        raise RecordError(f"checkpoint: moon choice {moon!r} does not fit that round")
    return score


def parse_match_checkpoint(text: str) -> MatchState:
    """The match a checkpoint holds; :class:`RecordError` says what is wrong with it."""
    try:
        data: Any = json.loads(text)
    except (ValueError, RecursionError):
        raise RecordError("checkpoint: not JSON") from None
    if not isinstance(data, dict) or data.get("format") != CHECKPOINT_FORMAT:
        raise RecordError(f"checkpoint: not a {CHECKPOINT_FORMAT} object")
    try:
        match = new_match(str(data.get("code")))
        results_data = data.get("results")
        if not isinstance(results_data, list) or data.get("round") != len(results_data):
            raise RecordError("checkpoint: 'round' must be the number of results")
        results = tuple(_score(item, match) for item in results_data)
    except RecordError:
        raise
    except HerttaError as error:
        raise RecordError(f"checkpoint: {error}") from None
    totals = tuple(sum(column) for column in zip(*(s.points for s in results), strict=True))
    if not results:
        return match
    if max(totals) >= match.rules.score_limit:
        raise RecordError("checkpoint: those results already end the match")
    index = len(results)
    return MatchState(match.code, index, deal_match_round(match.code, index), results, totals)


