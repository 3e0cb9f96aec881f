"""The PettingZoo environment: PettingZoo's own API and seed tests for every preset and
player count, rewards that are the round's points, observations that are the seat's view."""

from __future__ import annotations

import re
import warnings
from collections import Counter
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from hertta.cards import ALL_CARDS
from hertta.errors import ConfigError
from hertta.hearts.config import PRESET_NAMES, preset
from hertta.hearts.observation import observe
from hertta.hearts.round import Phase
from hertta.rl import (
    ACTION_COUNT,
    MOON_ACTIONS,
    OBSERVATION_SIZE,
    OFFSETS,
    HeartsEnv,
    IllegalActionError,
    PlayerPolicy,
    hearts_env,
)
from hertta.rl.encoding import layout_rows

TABLES = [(name, n) for name in PRESET_NAMES for n in preset(name).player_counts]
DOCS = Path(__file__).parents[2] / "docs" / "rl.md"

# api_test warns about any observation that is a dict, and exempts by name only PettingZoo's
# own games with action masks (chess, connect four, ...). Every other warning fails a test.
DICT_OBSERVATION_WARNINGS = (
    "Observation is not a NumPy array",
    "Observation space for each agent probably should be gymnasium.spaces.box",
)


def run_checked(check: Any, *args: Any, **kwargs: Any) -> None:
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        check(*args, **kwargs)
    others = [
        str(w.message) for w in seen if not str(w.message).startswith(DICT_OBSERVATION_WARNINGS)
    ]
    assert others == []


@pytest.mark.parametrize(("name", "players"), TABLES)
def test_pettingzoo_api_test_passes(name: str, players: int) -> None:
    run_checked(api_test, hearts_env(players, name, render_mode="ansi"), num_cycles=400)
    run_checked(api_test, hearts_env(players, name, moon_rule="choose"), num_cycles=400)


@pytest.mark.parametrize(("name", "players"), TABLES)
def test_pettingzoo_seed_test_passes(name: str, players: int) -> None:
    run_checked(seed_test, lambda: hearts_env(players, name), num_cycles=400)


def random_episode(env: HeartsEnv, seed: int) -> dict[str, float]:
    """One episode of random legal actions; each agent's reward at its termination."""
    env.reset(seed=seed)
    generator = np.random.default_rng(seed)
    final: dict[str, float] = {}
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        if terminated or truncated:
            final[agent] = reward
            env.step(None)
            continue
        assert agent == env.agent_selection
        for other in env.agents:
            if other != agent:
                assert not env.observe(other)["action_mask"].any()
        env.step(int(generator.choice(np.flatnonzero(obs["action_mask"]))))
    return final


@pytest.mark.parametrize(("name", "players"), TABLES)
def test_the_rewards_are_minus_the_round_points(name: str, players: int) -> None:
    env = hearts_env(players, name, moon_rule="choose")
    for seed in range(3):
        final = random_episode(env, seed)
        score = env.round_state.score
        assert score is not None and env.agents == []
        assert final == {f"player_{s}": float(-p) for s, p in enumerate(score.points)}


def test_a_moon_choice_is_an_action_of_the_shooter() -> None:
    env = hearts_env(3, "standard", moon_rule="choose", pass_direction="none")
    normal = PlayerPolicy("normal")
    for seed in range(400):
        env.reset(seed=seed)
        for agent in env.agent_iter():
            obs, _, terminated, _, _ = env.last()
            if terminated:
                env.step(None)
                continue
            if env.round_state.phase is Phase.MOON_CHOICE:
                mask = obs["action_mask"]
                assert list(np.flatnonzero(mask)) == list(MOON_ACTIONS.values())
                env.step(MOON_ACTIONS["subtract"])
                score = env.round_state.score
                assert score is not None and score.moon_option == "subtract"
                return
            env.step(normal.action(env, agent))
    pytest.fail("no moon in 400 three-player rounds of Normal players")


def test_passing_is_three_single_card_actions_and_the_pass_is_the_three_cards() -> None:
    env = hearts_env(4, pass_direction="left")
    env.reset(seed=3)
    agent = env.agent_selection
    assert agent == "player_0"
    hand = env.seat_observation(agent).hand
    picks = [hand[0], hand[5], hand[9]]
    for number, card in enumerate(picks):
        vector = env.observe(agent)["observation"]
        passing = vector[OFFSETS["passing"] : OFFSETS["passing"] + 52]
        assert list(np.flatnonzero(passing)) == sorted(c.index for c in picks[:number])
        assert not env.observe(agent)["action_mask"][[c.index for c in picks[:number]]].any()
        env.step(card.index)
    assert env.round_state.passes[0] == tuple(sorted(picks))
    assert env.agent_selection == "player_1"


def test_an_action_outside_the_mask_is_refused_with_the_legal_ones() -> None:
    env = hearts_env(4, pass_direction="none")
    env.reset(seed=1)
    agent = env.agent_selection
    legal = list(np.flatnonzero(env.observe(agent)["action_mask"]))
    assert legal == [0]  # the 2C opens
    for bad in (5, 52, -1, ACTION_COUNT, "2C", True, 1.0):
        with pytest.raises(IllegalActionError, match=r"legal: \[0\]"):
            env.step(bad)
    env.step(np.int64(0))
    assert env.round_state.plays == (ALL_CARDS[0],)


def test_the_observation_is_the_seats_own_view() -> None:
    env = hearts_env(5, "cancellation", pass_direction="right")
    random_episode(env, 11)  # warm-up: a whole episode works
    env.reset(seed=12)
    generator = np.random.default_rng(12)
    for _ in range(60):
        agent = env.agent_selection
        state = env.round_state
        for seat in range(5):
            obs = observe(state, seat)
            vector = env.observe(f"player_{seat}")["observation"]
            assert vector.shape == (OBSERVATION_SIZE,) and vector.dtype == np.int8
            pending = env.pending if f"player_{seat}" == agent else []
            hand = Counter(obs.hand)
            hand.subtract(pending)
            block = vector[OFFSETS["hand"] : OFFSETS["hand"] + 52]
            assert {ALL_CARDS[i]: int(block[i]) for i in np.flatnonzero(block)} == +hand
            sizes = vector[OFFSETS["hand_sizes"] : OFFSETS["hand_sizes"] + 5]
            assert sizes[0] == sum(hand.values())
            for other in range(1, 5):
                assert sizes[other] == obs.hand_sizes[(seat + other) % 5]
        env.step(int(generator.choice(np.flatnonzero(env.observe(agent)["action_mask"]))))


def test_before_any_play_a_seat_sees_only_its_own_hand_and_the_card_values() -> None:
    env = hearts_env(4, pass_direction="none")
    env.reset(seed=5)
    vector = env.observe("player_1")["observation"]
    for block in ("passing", "received", "carried", "kitty"):
        assert not vector[OFFSETS[block] : OFFSETS[block] + 52].any(), block
    assert not vector[OFFSETS["trick"] : OFFSETS["carried"]].any()  # trick, played, taken
    hand = vector[OFFSETS["hand"] : OFFSETS["hand"] + 52]
    assert [ALL_CARDS[i] for i in np.flatnonzero(hand)] == list(env.round_state.hands[1])


def test_the_same_seed_gives_the_same_episodes_and_unseeded_resets_go_on() -> None:
    first, second = hearts_env(6, "black_lady"), hearts_env(6, "black_lady")
    assert random_episode(first, 4) == random_episode(second, 4)
    first.reset(seed=4)
    second.reset(seed=4)
    first.reset()
    second.reset()
    assert first.round_state == second.round_state
    again = hearts_env(6, "black_lady")
    again.reset(seed=4)
    assert again.round_state != first.round_state


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(ConfigError, match="cancellation is for 5, 6 players, not 4"):
        hearts_env(4, "cancellation")
    with pytest.raises(ConfigError, match="unknown rule option 'colour'"):
        hearts_env(4, colour="red")
    with pytest.raises(ConfigError, match="pass 'across' needs an even number of players"):
        hearts_env(5, pass_direction="across")
    with pytest.raises(ConfigError, match="unknown rules preset 'chess'"):
        hearts_env(4, "chess")


def test_the_layout_in_the_docs_is_the_layout_of_the_code() -> None:
    text = DOCS.read_text("utf-8")
    for row in layout_rows():
        assert row in text
    assert f"int8 vector of {OBSERVATION_SIZE}" in text


def test_the_example_in_the_docs_runs() -> None:
    text = DOCS.read_text("utf-8")
    blocks = re.findall(r"```python\n(.*?)```", text, re.S)
    example = next(b for b in blocks if "PlayerPolicy" in b and "EPISODES" in b)
    example = example.replace("EPISODES = 200", "EPISODES = 3")
    namespace: dict[str, Any] = {}
    exec(compile(example, str(DOCS), "exec"), namespace)
    assert 0 <= namespace["normal_points"] <= 26
    assert 0 <= namespace["random_points"] <= 26
