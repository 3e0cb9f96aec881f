"""Hearts as a PettingZoo AEC environment: one round per episode, every preset, 3-6 players.

Agents are ``player_0`` .. ``player_{n-1}`` (the seats, clockwise). Each step one agent acts:

- passing (when the round has a pass): seats 0, 1, ... in turn each choose three cards, one
  card action per step; a seat's three cards go to the rules (``submit_pass``) after its third
  pick, and the exchange happens once every seat has passed;
- playing: the seat to play plays one card action;
- moon choice (``moon_rule="choose"`` only): the shooter picks action 52 (*add*) or 53
  (*subtract*).

Every move goes through the validated rules (:mod:`hertta.hearts.round`); an action outside
the action mask raises :class:`IllegalActionError`. The reward is 0 until the round ends,
then minus each seat's round points (what the round adds to its match total: penalty cards,
the bonus card, the moon). Observations: ``{"observation": int8 vector, "action_mask": int8
vector of 54}`` (:mod:`hertta.rl.encoding`); a seat that is not to act sees an all-zero mask.

``reset(seed=s)`` seeds the environment's generator (SplitMix64); each episode draws the deal,
the dealer and, unless fixed, the pass direction from it, so one seed gives one sequence of
episodes. ``reset()`` without a seed goes on with the generator (the first one seeds it from
the operating system).
"""

from __future__ import annotations

import secrets
from collections import Counter
from typing import Any, Final

import gymnasium
import numpy as np
import numpy.typing as npt
from pettingzoo import AECEnv  # type: ignore[import-untyped]

from hertta.cards import Card
from hertta.errors import HerttaError
from hertta.hearts.config import MOON_OPTIONS, RulesConfig, rules_from_json
from hertta.hearts.deck import PASS_COUNT, PASS_CYCLES, check_players, parse_pass_direction
from hertta.hearts.deck import pass_offset as direction_offset
from hertta.hearts.observation import Observation, observe
from hertta.hearts.round import (
    Phase,
    RoundState,
    choose_moon,
    deal_round,
    play_card,
    submit_pass,
)
from hertta.rl.encoding import (
    ACTION_COUNT,
    CARD_ACTIONS,
    HIGH,
    LOW,
    MOON_ACTIONS,
    OBSERVATION_SIZE,
    action_card,
    encode_observation,
)
from hertta.rng import SplitMix64

Observed = dict[str, npt.NDArray[np.int8]]
NAME: Final = "hertta_hearts_v0"


class IllegalActionError(HerttaError):
    """An action the current agent may not take (outside its action mask)."""


def agent_name(seat: int) -> str:
    return f"player_{seat}"


# PettingZoo ships no type information, so its base class is Any to mypy.
class HeartsEnv(AECEnv):  # type: ignore[misc]
    """The environment (see the module docstring); build one with :func:`hearts_env`."""

    metadata: Final = {"name": NAME, "render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(
        self,
        rules: RulesConfig,
        players: int,
        pass_direction: str | None = None,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        check_players(rules, players)
        if pass_direction is not None:
            direction_offset(parse_pass_direction(pass_direction), players)
        if render_mode not in (None, "ansi"):
            raise HerttaError(f"render_mode must be None or 'ansi', got {render_mode!r}")
        self.rules = rules
        self.players = players
        self.fixed_direction = pass_direction
        self.render_mode = render_mode
        self.possible_agents = [agent_name(s) for s in range(players)]
        observation = gymnasium.spaces.Box(LOW, HIGH, shape=(OBSERVATION_SIZE,), dtype=np.int8)
        mask = gymnasium.spaces.Box(0, 1, shape=(ACTION_COUNT,), dtype=np.int8)
        self.observation_spaces = {
            agent: gymnasium.spaces.Dict({"observation": observation, "action_mask": mask})
            for agent in self.possible_agents
        }
        self.action_spaces = {
            agent: gymnasium.spaces.Discrete(ACTION_COUNT) for agent in self.possible_agents
        }
        self._rng: SplitMix64 | None = None
        self.state_now: RoundState | None = None
        self.pending: list[Card] = []

    # --- the PettingZoo API ------------------------------------------------------------------

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._rng = SplitMix64(seed)
        elif self._rng is None:
            self._rng = SplitMix64(secrets.randbits(64))
        rng = self._rng
        cycle = PASS_CYCLES[self.players]
        direction = self.fixed_direction or cycle[rng.below(len(cycle))]
        dealer = rng.below(self.players)
        self.state_now = deal_round(self.rules, self.players, dealer, direction, rng.next_u64())
        self.pending = []
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = agent_name(self._acting_seat())

    def observe(self, agent: str) -> Observed:
        seat = self.possible_agents.index(agent)
        acting = self._acting_seat_or_none() == seat
        obs = self.seat_observation(agent)
        return {
            "observation": encode_observation(obs, self.pending if acting else ()),
            "action_mask": self._mask(obs) if acting else np.zeros(ACTION_COUNT, np.int8),
        }

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self._state()
        seat = self.possible_agents.index(agent)
        obs = observe(state, seat)
        number = _action_number(action)
        if number is None or not self._mask(obs)[number]:
            legal = [i for i, ok in enumerate(self._mask(obs)) if ok]
            raise IllegalActionError(f"{agent} cannot take action {action!r} (legal: {legal})")
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        if state.phase is Phase.PASSING:
            self.pending.append(action_card(number))
            if len(self.pending) == PASS_COUNT:
                state = submit_pass(state, seat, self.pending)
                self.pending = []
        elif state.phase is Phase.PLAYING:
            state = play_card(state, seat, action_card(number))
        else:
            option = next(o for o, a in MOON_ACTIONS.items() if a == number)
            state = choose_moon(state, seat, option)
        self.state_now = state
        score = state.score
        if score is not None:
            for s, points in enumerate(score.points):
                self.rewards[agent_name(s)] = float(-points)
            self.terminations = dict.fromkeys(self.agents, True)
            self.agent_selection = agent_name((seat + 1) % self.players)
        else:
            self.agent_selection = agent_name(self._acting_seat())
        self._accumulate_rewards()

    def render(self) -> str | None:
        if self.render_mode != "ansi" or self.state_now is None:
            return None
        return describe(self.seat_observation(self.agent_selection), self.pending)

    def close(self) -> None:
        """Nothing to release: the environment holds no window, file or process."""

    # --- for policies built on Hertta's own players ------------------------------------------

    def seat_observation(self, agent: str) -> Observation:
        """``agent``'s :class:`Observation` (what Hertta's players decide from)."""
        return observe(self._state(), self.possible_agents.index(agent))

    @property
    def round_state(self) -> RoundState:
        """The full round (every hand): for tests and tools, never for a policy."""
        return self._state()

    # --- inside --------------------------------------------------------------------------------

    def _state(self) -> RoundState:
        if self.state_now is None:
            raise HerttaError("call reset() before using the environment")
        return self.state_now

    def _acting_seat_or_none(self) -> int | None:
        state = self._state()
        if state.phase is Phase.PASSING:
            return state.waiting_for[0]
        return state.turn

    def _acting_seat(self) -> int:
        seat = self._acting_seat_or_none()
        if seat is None:
            raise HerttaError("the round is over: nobody acts")  # pragma: no cover
        return seat

    def _mask(self, obs: Observation) -> npt.NDArray[np.int8]:
        mask = np.zeros(ACTION_COUNT, dtype=np.int8)
        if obs.phase is Phase.PASSING:
            left = Counter(obs.hand)
            left.subtract(self.pending)
            for card in left.elements():
                mask[card.index] = 1
        elif obs.phase is Phase.PLAYING:
            for card in obs.legal_plays:
                mask[card.index] = 1
        elif obs.phase is Phase.MOON_CHOICE:
            for option in MOON_OPTIONS:
                mask[MOON_ACTIONS[option]] = 1
        return mask


def _action_number(action: Any) -> int | None:
    """An action as a plain int (NumPy integers included), or None if it is not one."""
    if isinstance(action, bool) or not isinstance(action, int | np.integer):
        return None
    number = int(action)
    return number if 0 <= number < ACTION_COUNT else None


def describe(obs: Observation, pending: list[Card]) -> str:
    """A few lines of text for ``render_mode="ansi"``: the seat, its hand and the trick."""
    hand = Counter(obs.hand)
    hand.subtract(pending)
    lines = [
        f"player_{obs.seat} ({obs.phase.value}, pass {obs.pass_direction.value})",
        "hand: " + " ".join(c.display for c in sorted(hand.elements())),
    ]
    if pending:
        lines.append("passing: " + " ".join(c.display for c in pending))
    if obs.trick_cards:
        lines.append(
            "trick: "
            + " ".join(
                f"{s}:{c.display}" for s, c in zip(obs.trick_seats, obs.trick_cards, strict=True)
            )
        )
    lines.append("points taken: " + " ".join(map(str, obs.points_taken)))
    return "\n".join(lines)


def hearts_env(
    players: int = 4,
    preset: str = "standard",
    *,
    pass_direction: str | None = None,
    render_mode: str | None = None,
    **options: Any,
) -> HeartsEnv:
    """A Hearts environment for ``players`` seats under ``preset`` with rule ``options``
    (``moon_rule="choose"``, ``bonus_card="JD"``, ...; see ``docs/engine-protocol.md``).
    ``pass_direction`` fixes every episode's pass (else each episode draws one from the
    player count's cycle). ConfigError names a bad preset, option or player count."""
    rules = rules_from_json({"preset": preset, **options})
    return HeartsEnv(rules, players, pass_direction, render_mode)


__all__ = [
    "CARD_ACTIONS",
    "HeartsEnv",
    "IllegalActionError",
    "agent_name",
    "hearts_env",
]
