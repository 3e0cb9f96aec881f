"""Play rounds and matches with computer players, every move through the validated path.

Each decision is asked with the deciding seat's :func:`~hertta.hearts.observe` view only, so a
player can never see hidden cards, and every answer goes through ``submit_pass``,
``play_card`` or ``choose_moon``, so an illegal answer raises at once.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from hertta.ai.protocol import Player
from hertta.hearts.codes import MatchCode
from hertta.hearts.match import MatchState, finish_round, new_match, with_round
from hertta.hearts.observation import Observation, observe
from hertta.hearts.round import Phase, RoundState, choose_moon, play_card, submit_pass
from hertta.rng import SplitMix64

DecisionHook = Callable[[str, Observation, object], None]
"""Called after each decision with its kind (``pass``, ``play``, ``moon``), the observation
and the answer: tests and benchmarks watch decisions through it."""


def play_round(
    state: RoundState,
    players: Sequence[Player],
    rngs: Sequence[SplitMix64],
    totals: Sequence[int] | None = None,
    hook: DecisionHook | None = None,
) -> RoundState:
    """Play ``state`` to its end: passes, tricks and a moon choice, seat ``s`` by
    ``players[s]`` drawing from ``rngs[s]``."""
    while state.phase is Phase.PASSING:
        for seat in state.waiting_for:
            obs = observe(state, seat, totals)
            cards = players[seat].choose_pass(obs, rngs[seat])
            if hook is not None:
                hook("pass", obs, cards)
            state = submit_pass(state, seat, cards)
    while state.phase is Phase.PLAYING:
        turn = state.turn
        assert turn is not None
        obs = observe(state, turn, totals)
        card = players[turn].choose_play(obs, rngs[turn])
        if hook is not None:
            hook("play", obs, card)
        state = play_card(state, turn, card)
    if state.phase is Phase.MOON_CHOICE:
        shooter = state.turn
        assert shooter is not None
        obs = observe(state, shooter, totals)
        option = players[shooter].choose_moon(obs, rngs[shooter])
        if hook is not None:
            hook("moon", obs, option)
        state = choose_moon(state, shooter, option)
    return state


def play_match(
    code: MatchCode,
    players: Sequence[Player],
    rngs: Sequence[SplitMix64],
    hook: DecisionHook | None = None,
    max_rounds: int = 1000,
) -> MatchState:
    """Play the match of ``code`` to its end (or ``max_rounds`` rounds)."""
    match = new_match(code)
    for _ in range(max_rounds):
        state = play_round(match.round, players, rngs, match.totals, hook)
        match = finish_round(with_round(match, state))
        if match.over:
            break
    return match
