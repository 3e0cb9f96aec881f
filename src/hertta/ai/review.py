"""A finished round looked over by Hard: for each of one seat's decisions (its pass, every card
it played, its moon choice), the choice Hard would have made in its place, from what that seat
knew then, and the points the seat's own choice cost compared with it.

The cost comes from Hard's own search (:func:`hertta.ai.hard.play_world`,
:func:`~hertta.ai.pass_search.pass_world`): both choices are played out in the same sampled worlds
(paired, so the noise of the deal cancels), scored by the seat's own points in the round, and
sampled until the paired difference's standard error is at most :data:`TARGET_ERROR` (about
+-0.5 points at two standard errors) or :data:`MAX_WORLDS` worlds have been tried. A choice that
costs :data:`MISTAKE_POINTS` or more is a mistake; the reason is the hint's reason code for
Hard's choice. It is pure and deterministic for a seed (a :class:`RoundReviewTask` runs it in
the worker pool, after the round, never while it is played).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from hertta.ai.hard import HardPlayer, interchangeable_groups, play_world
from hertta.ai.hint import pass_reason, play_reason
from hertta.ai.knowledge import knowledge_of
from hertta.ai.pass_search import pass_world
from hertta.ai.search import Collector, Evaluation, World
from hertta.ai.situation import situation_of
from hertta.cards import Card
from hertta.errors import IllegalMoveError
from hertta.hearts.config import RulesConfig
from hertta.hearts.deck import PassDirection
from hertta.hearts.observation import Observation, observe
from hertta.hearts.round import Phase, RoundState, play_card, round_from_hands, submit_pass
from hertta.rng import SplitMix64

MISTAKE_POINTS: Final = 2.0
"""A choice that costs this many expected points or more is marked as a mistake."""
TARGET_ERROR: Final = 0.25
"""Sample until the cost's standard error is at most this (about +-0.5 at two errors)..."""
MIN_WORLDS: Final = 60
MAX_WORLDS: Final = 2000
"""...after at least MIN_WORLDS worlds and never beyond MAX_WORLDS."""
BATCH: Final = 30


def own_points(points: Sequence[int], seat: int, totals: Sequence[int], limit: int) -> float:
    """The utility of the review: minus the seat's points in the round, nothing else."""
    return -float(points[seat])


@dataclass(frozen=True, slots=True)
class Assessment:
    """One decision: ``chosen`` and Hard's ``best`` (cards, or a moon option's name in
    ``option``/``best_option``), the expected ``cost`` in points (0 when they are the same
    choice) with its standard ``error``, the reason code for Hard's choice, and for a play
    the trick it went to (0-based)."""

    kind: str
    chosen: tuple[Card, ...]
    best: tuple[Card, ...]
    cost: float
    error: float
    reason: str
    trick: int | None = None
    option: str | None = None
    best_option: str | None = None
    worlds: int = 0

    @property
    def mistake(self) -> bool:
        # By the cost as shown (one decimal), so that a shown 2.0 is always marked.
        return round(self.cost, 1) >= MISTAKE_POINTS

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "chosen": [card.notation for card in self.chosen],
            "best": [card.notation for card in self.best],
            "option": self.option,
            "best_option": self.best_option,
            "cost": round(self.cost, 1),
            "error": round(self.error, 2),
            "mistake": self.mistake,
            "reason": self.reason,
            "trick": self.trick,
            "worlds": self.worlds,
        }


def paired_cost(world: World) -> tuple[float, float, int]:
    """Sample ``world`` (two candidates: Hard's, then the seat's) until the paired gap is known
    well enough; (cost, its standard error, worlds)."""
    collector = Collector(2)
    while True:
        for _ in range(min(BATCH, MAX_WORLDS - len(collector.logs))):  # the last batch stops at it
            collector.add(*world())
        done = len(collector.logs)
        evaluation: Evaluation = collector.result()
        gap, error = evaluation.paired_gap(0, 1)
        if done >= MAX_WORLDS or (done >= MIN_WORLDS and error <= TARGET_ERROR):
            return max(0.0, gap), error, done


def assess_play(obs: Observation, card: Card, rng: SplitMix64, hard: HardPlayer) -> Assessment:
    """The seat played ``card``; Hard would have played..."""
    best = hard.choose_play(obs, rng)
    situation = situation_of(obs)
    reason = play_reason(situation, best)
    know = knowledge_of(obs)
    same = any(best in group and card in group for group in interchangeable_groups(obs, know))
    trick = len(obs.tricks)
    if same:
        return Assessment("play", (card,), (best,), 0.0, 0.0, reason, trick)
    # Both cards are played out as the search plays a card without the moon plan: a card
    # Hard chose for the plan is measured here by its plain value, so the cost of not going
    # for a moon is not shown (the cost is never below 0).
    world, _ = play_world(
        obs, know, [best, card], rng, hard.play_noise, own_points, hard.wary(obs.seat)
    )
    cost, error, worlds = paired_cost(world)
    return Assessment("play", (card,), (best,), cost, error, reason, trick, worlds=worlds)


def assess_pass(
    obs: Observation, cards: Sequence[Card], rng: SplitMix64, hard: HardPlayer
) -> Assessment:
    chosen = tuple(sorted(cards))
    best = tuple(sorted(hard.choose_pass(obs, rng)))
    reason = pass_reason(obs, best)
    if best == chosen:
        return Assessment("pass", chosen, best, 0.0, 0.0, reason)
    cost, error, worlds = paired_cost(
        pass_world(
            obs,
            [list(best), list(chosen)],
            rng,
            own_points,
            hard.wary(obs.seat),
        )
    )
    return Assessment("pass", chosen, best, cost, error, reason, worlds=worlds)


def assess_moon(obs: Observation, option: str, rng: SplitMix64, hard: HardPlayer) -> Assessment:
    """The moon choice: Hard's option is shown; the choice moves points between seats rather
    than costing the shooter's own, so no cost is given."""
    best = hard.choose_moon(obs, rng)
    points = dict(obs.moon_options)[best]
    ends = max(t + p for t, p in zip(obs.match_totals, points, strict=True))
    reason = "moon_ends_match" if ends >= obs.rules.score_limit else "moon_best_chance"
    return Assessment("moon", (), (), 0.0, 0.0, reason, option=option, best_option=best)


@dataclass(frozen=True, slots=True)
class RoundReviewTask:
    """A finished round's review for the worker pool: the round's record (laid open once it
    is over: the deal, every pass, every card, the moon choice) and the seat looked at, all
    plain data so that it pickles."""

    rules: RulesConfig
    players: int
    dealer: int
    pass_direction: PassDirection
    dealt: tuple[tuple[Card, ...], ...]
    passes: tuple[tuple[Card, ...], ...]
    plays: tuple[Card, ...]
    moon_choice: str | None
    seat: int
    totals: tuple[int, ...]
    seed: int
    round_index: int

    def run(self) -> dict[str, Any]:
        return {**review_round(self), "round": self.round_index}


def review_task(
    final: RoundState, seat: int, totals: Sequence[int], seed: int, round_index: int
) -> RoundReviewTask:
    """The review of ``seat``'s decisions in ``final``, a finished round (IllegalMoveError
    for one still being played: its cards are not all laid open yet)."""
    if final.phase is not Phase.ROUND_OVER:
        raise IllegalMoveError(f"a round is reviewed once it is over, not {final.phase.value}")
    passes = tuple(tuple(cards or ()) for cards in final.passes)
    return RoundReviewTask(final.rules, final.players, final.dealer, final.pass_direction,
                           final.dealt, passes, final.plays, final.moon_choice, seat,
                           tuple(totals), seed, round_index)


@dataclass(frozen=True, slots=True)
class RoundDecisions:
    """A finished round replayed from its deal: the seat's decisions in order (kind, what the
    seat knew then, what it chose) and every hand once the passes were exchanged."""

    decisions: tuple[tuple[str, Observation, Any], ...]
    after_pass: tuple[tuple[Card, ...], ...]


def replay_decisions(record: RoundReviewTask) -> RoundDecisions:
    """Replay the round from its deal through the rules' own functions."""
    seat, totals = record.seat, record.totals
    state = round_from_hands(record.rules, record.players, record.dealer, record.pass_direction,
                             record.dealt)
    decisions: list[tuple[str, Observation, Any]] = []
    if state.phase is Phase.PASSING:
        decisions.append(("pass", observe(state, seat, totals), record.passes[seat]))
        for passer, cards in enumerate(record.passes):
            state = submit_pass(state, passer, cards)
    after_pass = state.hands
    for card in record.plays:
        turn = state.turn
        assert turn is not None, "a card played after the tricks were over"
        if turn == seat:
            decisions.append(("play", observe(state, seat, totals), card))
        state = play_card(state, turn, card)
    if record.moon_choice is not None and state.moon_shooter == seat:
        decisions.append(("moon", observe(state, seat, totals), record.moon_choice))
    return RoundDecisions(tuple(decisions), after_pass)


def review_round(record: RoundReviewTask, hard: HardPlayer | None = None) -> dict[str, Any]:
    """The review of the seat's round as JSON: every decision's assessment, the hands after
    the pass, and the points lost to mistakes (the sum of the mistakes' costs)."""
    player = hard if hard is not None else HardPlayer()
    replayed = replay_decisions(record)
    found: list[Assessment] = []
    for index, (kind, obs, choice) in enumerate(replayed.decisions):
        # Each decision its own generator: one decision's sampling never shifts another's.
        rng = SplitMix64((record.seed + index * 0x9E3779B97F4A7C15) % 2**64)
        if kind == "pass":
            found.append(assess_pass(obs, choice, rng, player))
        elif kind == "play":
            found.append(assess_play(obs, choice, rng, player))
        else:
            found.append(assess_moon(obs, choice, rng, player))
    return {
        "type": "review",
        "seat": record.seat,
        "decisions": [a.to_json() for a in found],
        "mistakes": sum(1 for a in found if a.mistake),
        "lost": round(sum(a.cost for a in found if a.mistake), 1),
        "after_pass": [[card.notation for card in hand] for hand in replayed.after_pass],
    }
