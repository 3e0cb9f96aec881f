"""``hertta hearts engine`` as a client runs it: a real process, one line in, one line out."""

from __future__ import annotations

import json
import select
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from hertta.ai.normal import NormalPlayer
from hertta.hearts import knowledge_of, observe
from hertta.hearts.config import preset, with_options
from hertta.hearts.knowledge_json import knowledge_to_json
from hertta.hearts.records import parse_record
from hertta.hearts.round import (
    Phase,
    RoundState,
    choose_moon,
    deal_round,
    play_card,
    round_from_hands,
    submit_pass,
)
from hertta.rng import SplitMix64

GOLDEN = Path(__file__).parents[1] / "hearts" / "golden"
ANSWER_TIMEOUT = 120.0


class EngineProcess:
    """``python -m hertta hearts engine`` with pipes; :meth:`ask` sends a line, reads one."""

    def __init__(self, *options: str) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "hertta", "hearts", "engine", *options],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )

    def ask_raw(self, line: bytes) -> dict[str, Any]:
        stdin, stdout = self.process.stdin, self.process.stdout
        assert stdin is not None and stdout is not None
        stdin.write(line + b"\n")
        stdin.flush()
        ready, _, _ = select.select([stdout], [], [], ANSWER_TIMEOUT)
        assert ready, f"no answer within {ANSWER_TIMEOUT} s to {line[:200]!r}"
        answer = stdout.readline()
        assert answer.endswith(b"\n"), answer
        data = json.loads(answer)
        assert isinstance(data, dict)
        return data

    def ask(self, request: dict[str, Any]) -> dict[str, Any]:
        return self.ask_raw(json.dumps(request).encode("utf-8"))

    def close(self) -> tuple[int, str]:
        """End stdin; the exit code and everything written on stderr."""
        _, err = self.process.communicate(timeout=ANSWER_TIMEOUT)
        return self.process.returncode, err.decode("utf-8", "replace")


@pytest.fixture
def normal_engine() -> Iterator[EngineProcess]:
    engine = EngineProcess("--level", "normal")
    yield engine
    if engine.process.poll() is None:
        engine.process.kill()
        engine.process.wait()


def client_request(
    state: RoundState, seat: int, kind: str, totals: tuple[int, ...], number: int
) -> dict[str, Any]:
    """What a client that knows only the seat's own cards sends: the keys the tracker lists
    (no dealer, no opening leader, no pass progress), plus the kitty once the seat took it."""
    data = knowledge_to_json(knowledge_of(state, seat, totals))
    for key in ("dealer", "opening_leader", "passes_chosen"):
        data.pop(key, None)
    return {"id": number, **data, "decision": kind}


def drive_round(
    engine: EngineProcess, state: RoundState, totals: tuple[int, ...]
) -> tuple[RoundState, int]:
    """Play ``state`` to its end with every decision asked of a ``--level normal`` engine,
    each answer applied through the validated moves and compared with Normal's own decision
    on the full state's observation."""
    normal = NormalPlayer()
    rng = SplitMix64(0)  # Normal never draws from it
    asked = 0
    while state.phase is not Phase.ROUND_OVER:
        if state.phase is Phase.PASSING:
            seat, kind = state.waiting_for[-1], "pass"
        else:
            seat, kind = state.turn or 0, "play" if state.phase is Phase.PLAYING else "moon"
        answer = engine.ask(client_request(state, seat, kind, totals, asked))
        assert answer["id"] == asked, answer
        obs = observe(state, seat, totals)
        if kind == "pass":
            expected = [c.notation for c in sorted(normal.choose_pass(obs, rng))]
            assert answer == {"id": asked, "cards": expected}
            state = submit_pass(state, seat, answer["cards"])
        elif kind == "play":
            assert answer == {"id": asked, "card": normal.choose_play(obs, rng).notation}
            state = play_card(state, seat, answer["card"])
        else:
            assert answer == {"id": asked, "option": normal.choose_moon(obs, rng)}
            state = choose_moon(state, seat, answer["option"])
        asked += 1
    return state, asked


@pytest.mark.parametrize(
    ("name", "players", "direction", "seed"),
    [
        ("standard", 4, "left", 1),
        ("omnibus", 3, "right", 2),
        ("black_lady", 6, "across", 3),
        ("jack_of_diamonds", 5, "left2", 4),
        ("cancellation", 5, "right2", 5),
        ("cancellation", 6, "none", 6),
    ],
)
def test_a_whole_round_through_the_engine_agrees_with_the_validated_engine(
    normal_engine: EngineProcess, name: str, players: int, direction: str, seed: int
) -> None:
    state = deal_round(preset(name), players, seed % players, direction, seed)
    totals = tuple(10 * s for s in range(players))
    state, asked = drive_round(normal_engine, state, totals)
    assert state.phase is Phase.ROUND_OVER and state.score is not None
    assert asked == len(state.plays) + (players if direction != "none" else 0)
    assert normal_engine.close() == (0, "")


def test_a_moon_choice_through_the_engine() -> None:
    record = parse_record((GOLDEN / "moon_choose_subtract.json").read_text("utf-8"))
    state = round_from_hands(
        record.rules, record.players, record.dealer, record.pass_direction, record.hands
    )
    for card in record.plays:
        state = play_card(state, state.turn or 0, card)
    assert state.phase is Phase.MOON_CHOICE
    engine = EngineProcess("--level", "normal")
    for totals in ((0, 0, 0, 0), (90, 10, 10, 10)):
        final, asked = drive_round(engine, state, totals)
        assert asked == 1 and final.moon_choice in ("add", "subtract")
    assert engine.close() == (0, "")


BAD_LINES = [
    (b"not json", "not a JSON request 'not json': Expecting value"),
    (b"[" * 40_000 + b"]" * 40_000, "the JSON is nested too deeply"),
    (b"[" * 60_000 + b"]" * 60_000, "the line is 120000 characters long (at most 100000)"),
    (b"\xff\xfe\x00", "not UTF-8 text"),
    (b'{"id": 3}', "decision must be one of pass, play, moon, got None"),
    (b'{"id": 4, "decision": "play", "colour": 1}', "unknown key 'colour'"),
    (b'{"id": 5, "decision": "play", "rules": "standard"}', "missing key 'seat'"),
    (b'{"id": NaN, "decision": "play"}', "NaN is not a JSON number"),
    (b'{"id": 1e400, "decision": "play"}', "1e400 is too big a number"),  # not "id": Infinity
    (b"7", "a request must be a JSON object, got 7"),
]


def test_bad_requests_get_an_error_line_and_the_engine_goes_on(
    normal_engine: EngineProcess,
) -> None:
    state = deal_round(preset("standard"), 4, 0, "none", 9)
    good = client_request(state, state.turn or 0, "play", (0, 0, 0, 0), 99)
    assert normal_engine.ask(good) == {"id": 99, "card": "2C"}
    for line, message in BAD_LINES:
        answer = normal_engine.ask_raw(line)
        assert set(answer) == {"id", "error"}
        assert message in answer["error"], (line[:50], answer)
        assert normal_engine.ask(good) == {"id": 99, "card": "2C"}
    other = (good["seat"] + 1) % 4
    not_leader = client_request(state, other, "play", (0, 0, 0, 0), "w")
    assert normal_engine.ask(not_leader) == {
        "id": "w",
        "error": f"seat {other} cannot lead the first trick: it opens with 2C, which seat "
        f"{other} does not hold",
    }
    impossible = dict(good, id=[1], plays=[[good["seat"], "AH"]])
    answer = normal_engine.ask(impossible)
    assert answer["id"] == [1] and "cannot play AH: the round opens with 2C" in answer["error"]
    assert normal_engine.close() == (0, "")


def test_the_same_seed_gives_the_same_answers_and_a_bad_level_exits_2() -> None:
    state = deal_round(preset("standard"), 4, 2, "left", 12)
    requests = [client_request(state, seat, "pass", (0, 0, 0, 0), seat) for seat in range(4)]
    runs = []
    for seed in ("5", "5"):
        engine = EngineProcess("--level", "hard", "--seed", seed)
        runs.append([engine.ask(r) for r in requests])
        assert engine.close() == (0, "")
    assert runs[0] == runs[1]
    assert all(len(answer["cards"]) == 3 for answer in runs[0])
    bad = subprocess.run(
        [sys.executable, "-m", "hertta", "hearts", "engine", "--level", "grandmaster"],
        input=b"",
        capture_output=True,
        timeout=ANSWER_TIMEOUT,
    )
    assert bad.returncode == 2
    assert bad.stdout == b""
    assert bad.stderr.decode().strip().splitlines() == [
        "error: unknown player level 'grandmaster' (expected one of easy, normal, hard, expert)"
    ]


def test_moon_rule_options_reach_the_engine(normal_engine: EngineProcess) -> None:
    rules = with_options(
        preset("omnibus"), moon_rule="choose", bonus_card=None, moon_needs_bonus=False
    )
    state = deal_round(rules, 4, 1, "none", 3)
    request = client_request(state, state.turn or 0, "play", (0, 0, 0, 0), 1)
    assert request["rules"] == {
        "preset": "omnibus",
        "players": 4,
        "bonus_card": None,
        "moon_needs_bonus": False,
        "moon_rule": "choose",
    }
    assert normal_engine.ask(request) == {"id": 1, "card": "2C"}
    assert normal_engine.close() == (0, "")


def test_the_documented_example_session_is_what_the_engine_answers() -> None:
    """docs/engine-protocol.md's example, run as written (its level and seed from the line
    under it): the page must change when the players' decisions do."""
    page = (Path(__file__).parents[2] / "docs" / "engine-protocol.md").read_text("utf-8")
    example = page.split("## Example session", 1)[1]
    block = example.split("```text", 1)[1].split("```", 1)[0].strip().splitlines()
    level, seed = example.split("(`--level ", 1)[1].split("`", 1)[0].split(" --seed ")
    asked = [line[2:] for line in block if line.startswith("> ")]
    shown = [json.loads(line[2:]) for line in block if line.startswith("< ")]
    assert len(asked) == len(shown) >= 3
    engine = EngineProcess("--level", level, "--seed", seed)
    answers = [engine.ask_raw(line.encode()) for line in asked]
    assert engine.close()[0] == 0
    assert answers == shown
