"""``bench/ismcts_server.py`` and the OpenSpiel duel: IS-MCTS searched in a forked child of an
unchanging server with address randomisation off answers alike for the same position and seed,
whatever was asked before and in whichever process, so two runs of a duel replay alike.
(OpenSpiel is the optional ``bench`` extra, which the test command installs.)"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("pyspiel")

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "bench"))

from ismcts_server import (  # noqa: E402
    IsmctsServer,
    IsmctsServerError,
    working_setarch,
)

# A no-pass deal in OpenSpiel's actions: card k goes to player k % 4.
DEAL = [0, *[(k * 19) % 52 for k in range(52)]]


def test_same_position_and_seed_give_the_same_cards_whatever_came_before() -> None:
    with IsmctsServer() as first, IsmctsServer() as second:
        assert first.repeatable == (working_setarch() is not None)
        if not first.repeatable:
            # Without setarch -R the server still answers legal cards, only not repeatably.
            cards, _ = first.search(DEAL, 4, 50, 7)
            assert len(cards) == 4
            return
        second.search(DEAL, 2, 30, 99)  # other requests first: they must not matter
        second.search(DEAL, 1, 60, 5)
        cards, cpu = first.search(DEAL, 16, 200, 7)
        again, _ = second.search(DEAL, 16, 200, 7)
        assert cards == again
        assert len(set(cards)) == 16 and cards[0] == 0  # the 2♣ opens, no card twice
        assert cpu > 0
        other_seed, _ = first.search(DEAL, 16, 200, 8)
        assert other_seed[0] == 0


def test_the_clients_path_and_environment_do_not_reach_the_answers(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Run from another copy of the file, another directory and another PYTHONPATH (all of
    which once changed the server's heap, and with it IS-MCTS's ties), the same cards."""
    if working_setarch() is None:
        pytest.fail("setarch -R is not permitted here: IS-MCTS cannot be made repeatable")
    with IsmctsServer() as here:
        expected, _ = here.search(DEAL, 16, 200, 3)
    copy = tmp_path / "a" / "much" / "longer" / "path"
    copy.mkdir(parents=True)
    (copy / "ismcts_server.py").write_text((ROOT / "bench" / "ismcts_server.py").read_text())
    script = (
        "import sys; sys.path.insert(0, sys.argv[1]); from ismcts_server import IsmctsServer\n"
        "with IsmctsServer() as s: print(s.search([int(a) for a in sys.argv[2:]], 16, 200, 3)[0])"
    )
    monkeypatch.setenv("PYTHONPATH", f"{ROOT / 'src'}:{tmp_path / ('x' * 40)}")
    done = subprocess.run(
        [sys.executable, "-c", script, str(copy), *map(str, DEAL)],
        capture_output=True,
        text=True,
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == expected


def test_a_bad_request_is_an_error_and_the_server_goes_on() -> None:
    with IsmctsServer() as server:
        with pytest.raises(IsmctsServerError, match="after actions"):
            server.search([*DEAL, 51], 1, 10, 1)  # the A♠ is not the 2♣ holder's lead
        cards, _ = server.search(DEAL, 1, 10, 1)
        assert cards == [0]


def _duel_dump(tmp_path: Path, name: str) -> str:
    done = subprocess.run(
        [
            sys.executable,
            "bench/ai_bench.py",
            "--openspiel",
            "normal",
            "--ismcts-sims",
            "100",
            "--lone",
            "ours",
            "--deals",
            "1",
            "--seed",
            "11",
            "--skip-timing",
            "--dump",
            str(tmp_path / name),
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert done.returncode == 0, done.stderr
    assert "IS-MCTS repeatable" in done.stdout
    return (tmp_path / f"{name}.ours.100.json").read_text()


def test_two_runs_of_a_duel_play_every_card_alike(tmp_path: Path) -> None:
    first = _duel_dump(tmp_path, "a")
    second = _duel_dump(tmp_path, "b")
    rounds = json.loads(first)["rounds"]
    assert len(rounds) == 4 and all(len(r["plays"]) == 52 for r in rounds)
    if working_setarch() is not None:
        assert first == second
