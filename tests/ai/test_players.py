"""Every level: legal choices in every preset and player count, no hidden state, determinism."""

from __future__ import annotations

import ast
from collections.abc import Callable
from pathlib import Path

import pytest

import hertta.ai
from hertta.ai.driver import play_round
from hertta.ai.easy import EasyPlayer
from hertta.ai.hard import HardPlayer
from hertta.ai.normal import NormalPlayer
from hertta.ai.protocol import Player
from hertta.ai.registry import LEVEL_NAMES, make_player
from hertta.errors import ConfigError
from hertta.hearts.config import PRESETS, with_options
from hertta.hearts.deck import PASS_CYCLES
from hertta.hearts.observation import Observation, observe
from hertta.hearts.round import (
    Phase,
    RoundState,
    deal_round,
    play_card,
    round_from_hands,
    submit_pass,
)
from hertta.rng import SplitMix64

TABLES = [(name, n) for name, rules in PRESETS.items() for n in rules.player_counts]


def small_hard() -> HardPlayer:
    """Hard with a tiny budget: the same code paths, fast enough for the test suite."""
    return HardPlayer(budget=200, pass_budget=200, moon_samples=2, min_worlds=1)


def random_round(preset_name: str, players: int, seed: int) -> RoundState:
    rules = PRESETS[preset_name]
    cycle = PASS_CYCLES[players]
    return deal_round(rules, players, seed % players, cycle[seed % len(cycle)], seed)


def checked_round(
    state: RoundState, players: list[Player], seed: int, totals: tuple[int, ...] | None = None
) -> tuple[RoundState, list[tuple[str, object]]]:
    """Play a round, checking each answer against the observation before the engine sees it."""
    decisions: list[tuple[str, object]] = []

    def hook(kind: str, obs: Observation, answer: object) -> None:
        if kind == "play":
            assert answer in obs.legal_plays, (answer, obs.legal_plays)
        elif kind == "pass":
            assert isinstance(answer, list) and len(answer) == 3
            assert all(answer.count(c) <= obs.hand.count(c) for c in answer)
        else:
            assert answer in dict(obs.moon_options)
        decisions.append((kind, answer))

    rngs = [SplitMix64(seed * 31 + s) for s in range(state.players)]
    return play_round(state, players, rngs, totals, hook), decisions


@pytest.mark.parametrize(("preset_name", "players"), TABLES)
def test_easy_and_normal_play_legally_over_many_rounds(preset_name: str, players: int) -> None:
    rounds = 40 if preset_name != "cancellation" else 20
    for seed in range(rounds):
        seating: list[Player] = [
            NormalPlayer() if (s + seed) % 2 else EasyPlayer() for s in range(players)
        ]
        state, decisions = checked_round(random_round(preset_name, players, seed), seating, seed)
        assert state.phase is Phase.ROUND_OVER
        assert sum(kind == "play" for kind, _ in decisions) == len(state.plays)


@pytest.mark.parametrize(("preset_name", "players"), TABLES)
def test_hard_plays_legally_in_every_preset_and_player_count(
    preset_name: str, players: int
) -> None:
    for seed in range(4):
        seating: list[Player] = [small_hard() for _ in range(players)]
        state, _ = checked_round(random_round(preset_name, players, 100 + seed), seating, seed)
        assert state.phase is Phase.ROUND_OVER


def test_hard_and_normal_choose_a_moon_option_under_the_choose_rule() -> None:
    rules = with_options(PRESETS["standard"], moon_rule="choose")
    seen = set()
    for seed in range(400):
        state = deal_round(rules, 3, seed % 3, "none", seed)
        seating: list[Player] = [small_hard(), NormalPlayer(), NormalPlayer()]
        state, decisions = checked_round(state, seating, seed, totals=(40, 50, 60))
        seen.update(answer for kind, answer in decisions if kind == "moon")
        if state.moon_shooter is not None:
            break
    assert seen, "no moon in 400 three-player rounds"


# --- no hidden state --------------------------------------------------------------------


def _swapped_twin(state: RoundState, seat: int) -> RoundState | None:
    """The same round with two unplayed same-suit cards swapped between two other seats,
    replayed: the seat's observation is unchanged but the hidden hands differ."""
    others = [s for s in range(state.players) if s != seat]
    hands = [list(h) for h in state.hands]
    for a in others:
        for b in others:
            if a >= b:
                continue
            for x in hands[a]:
                for y in hands[b]:
                    if x.suit is y.suit and x != y:
                        dealt = [list(h) for h in state.dealt]
                        if x not in dealt[a] or y not in dealt[b]:
                            continue
                        dealt[a][dealt[a].index(x)] = y
                        dealt[b][dealt[b].index(y)] = x
                        try:
                            twin = round_from_hands(
                                state.rules,
                                state.players,
                                state.dealer,
                                state.pass_direction,
                                dealt,
                            )
                            for s, chosen in enumerate(state.passes):
                                if chosen:
                                    twin = submit_pass(twin, s, chosen)
                            for card in state.plays:
                                turn = twin.turn
                                assert turn is not None
                                twin = play_card(twin, turn, card)
                        except Exception:
                            continue
                        if observe(twin, seat) == observe(state, seat):
                            return twin
    return None


@pytest.mark.parametrize("level", ["normal", "hard", "easy"])
def test_decisions_depend_on_the_observation_only(level: str) -> None:
    compared = 0
    for seed in range(6):
        state = random_round("standard", 4, 200 + seed)
        state = submit_all_passes(state)
        for _ in range(seed * 5 + 3):
            turn = state.turn
            assert turn is not None
            state = play_card(
                state, turn, NormalPlayer().choose_play(observe(state, turn), SplitMix64(0))
            )
        seat = state.turn
        assert seat is not None
        twin = _swapped_twin(state, seat)
        if twin is None:
            continue
        assert twin.hands != state.hands
        player = small_hard() if level == "hard" else make_player(level)
        a = player.choose_play(observe(state, seat), SplitMix64(seed))
        b = player.choose_play(observe(twin, seat), SplitMix64(seed))
        assert a == b
        compared += 1
    assert compared >= 3


def submit_all_passes(state: RoundState) -> RoundState:
    while state.phase is Phase.PASSING:
        for seat in state.waiting_for:
            state = submit_pass(
                state, seat, NormalPlayer().choose_pass(observe(state, seat), SplitMix64(0))
            )
    return state


PLAYER_MODULES = [
    "easy",
    "normal",
    "hard",
    "expert",
    "inference",
    "passing",
    "play_rules",
    "situation",
    "knowledge",
    "sampling",
    "rollout",
    "search",
    "moon",
    "hint",
    "protocol",
]


def test_player_modules_never_touch_a_round_state() -> None:
    """The players' code imports no RoundState, no observe() and no validated moves: all it
    can get is the Observation it is handed."""
    forbidden = {
        "RoundState",
        "observe",
        "play_card",
        "submit_pass",
        "deal_round",
        "round_from_hands",
    }
    root = Path(hertta.ai.__file__).parent
    offenders = []
    for name in PLAYER_MODULES:
        tree = ast.parse((root / f"{name}.py").read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                offenders += [f"{name}: {a.name}" for a in node.names if a.name in forbidden]
                if node.module == "hertta.hearts.round" and any(
                    a.name not in ("Phase",) for a in node.names
                ):
                    offenders.append(f"{name}: {node.module}")
    assert offenders == []


# --- determinism ------------------------------------------------------------------------

FACTORIES: dict[str, Callable[[], Player]] = {
    "easy": EasyPlayer,
    "normal": NormalPlayer,
    "hard": small_hard,
}


@pytest.mark.parametrize("level", sorted(FACTORIES))
def test_the_same_seed_gives_the_same_decisions(level: str) -> None:
    runs = []
    for _ in range(2):
        seating = [FACTORIES[level]() for _ in range(4)]
        _, decisions = checked_round(random_round("omnibus", 4, 42), seating, seed=9)
        runs.append(decisions)
    assert runs[0] == runs[1]


def test_easy_draws_from_its_generator() -> None:
    seating: list[Player] = [EasyPlayer() for _ in range(4)]
    _, first = checked_round(random_round("standard", 4, 42), seating, seed=1)
    _, second = checked_round(random_round("standard", 4, 42), seating, seed=2)
    assert first != second


def test_the_registry_builds_every_level_and_refuses_others() -> None:
    for level in LEVEL_NAMES:
        assert make_player(level).name == level
        assert isinstance(make_player(level), Player)
    assert LEVEL_NAMES == ("easy", "normal", "hard", "expert")
    with pytest.raises(ConfigError, match="'grandmaster'"):
        make_player("grandmaster")
