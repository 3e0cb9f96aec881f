"""The search of a pass (Hard's and Expert's): which 3 cards to pass, played out in sampled deals.

A world deals the other hands at random (the seat knows only its dealt hand), lets the other seats
pass by Normal's rules, makes the exchange with each candidate as this seat's pass and plays the
round out by the rollout policy; every candidate meets the same world, so their comparison is
paired (:mod:`hertta.ai.search`).
"""

from __future__ import annotations

from collections.abc import Sequence

from hertta.ai.knowledge import Knowledge, knowledge_of
from hertta.ai.passing import PassContext, normal_pass
from hertta.ai.rollout import EVERYONE, final_points, play_out
from hertta.ai.rollout_tables import policy_tables
from hertta.ai.sampling import DealSampler
from hertta.ai.search import Utility, World, round_utility
from hertta.cards import Card
from hertta.hearts.compiled import compile_rules
from hertta.hearts.deck import hand_size, pass_offset
from hertta.hearts.fast import FastRound
from hertta.hearts.observation import Observation
from hertta.rng import SplitMix64


def pass_world(
    obs: Observation,
    candidates: Sequence[Sequence[Card]],
    rng: SplitMix64,
    utility: Utility = round_utility,
    wary: int = EVERYONE,
) -> World:
    """The pass search's world (see the module docstring): each call samples one and returns
    its log-weight (always 0: no card has been played to weigh it by) and each of
    ``candidates`` scored by ``utility`` (``wary``: see :func:`hertta.ai.rollout.choose_card`)."""
    rules = obs.rules
    n = obs.players
    compiled = compile_rules(rules, n)
    tables = policy_tables(compiled)
    offset = pass_offset(obs.pass_direction, n)
    know = pass_knowledge(obs, hand_size(rules, n))
    seat = obs.seat

    sampler = DealSampler(know)

    def world() -> tuple[float, list[float]]:
        deal = sampler.sample(rng)
        dealt = FastRound.start(
            compiled,
            obs.dealer,
            [[c.index for c in h] for h in deal.hands],
            [c.index for c in deal.kitty],
        )
        passes: list[list[int]] = [
            [] if s == seat else
            [c.index for c in normal_pass(PassContext(tuple(deal.hands[s]), rules))]
            for s in range(n)
        ]
        values = []
        for cards in candidates:
            passes[seat] = [c.index for c in cards]
            game = dealt.clone()
            game.exchange(passes, offset)  # the engine's own exchange, on its bitmasks
            play_out(game, tables, wary)
            values.append(utility(final_points(game), seat, obs.match_totals, rules.score_limit))
        return 0.0, values

    return world


def pass_knowledge(obs: Observation, size: int) -> Knowledge:
    """What a seat knows while choosing its pass: its dealt hand, nothing else. (Seats that
    already chose show smaller hands in the observation; here every hand is whole.)"""
    know = knowledge_of(obs)
    return Knowledge(
        seat=obs.seat,
        players=obs.players,
        rules=obs.rules,
        hand=obs.hand,
        unseen=know.unseen,
        hand_sizes=tuple(size for _ in range(obs.players)),
        hidden_kitty=obs.kitty_size,
        kitty=(),
        voids=tuple(frozenset() for _ in range(obs.players)),
        known=tuple(() for _ in range(obs.players)),
        penalty=(0,) * obs.players,
        bonus=(0,) * obs.players,
        played=(),
    )

