"""``hertta h2h solve`` and ``hertta h2h survey``."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from typer.testing import CliRunner

from hertta.cli import app
from hertta.errors import DealCodeError
from hertta.solitaire.deal_codes import format_deal_code
from hertta.solitaire.game import Status, is_dead_end, parse_moves, replay
from hertta.solitaire.optimal import fewest_moves
from hertta.solitaire.solver import deal_abstraction, find_plan, is_dead
from hertta.solitaire.survey import classify_deal

runner = CliRunner()
SOLVE_KEYS = {"code", "winnable", "dead_at_start", "moves", "solution"}


def solve_json(*args: str) -> dict[str, object]:
    result = runner.invoke(app, ["h2h", "solve", *args, "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert isinstance(data, dict) and set(data) == SOLVE_KEYS
    return data


def first_number(test: str) -> int:
    for n in range(1000):
        state = deal_abstraction(n)
        if test == "dead" and is_dead(state):
            return n
        if test == "lost alive" and not is_dead(state) and find_plan(state) is None:
            return n
    raise AssertionError(test)


def test_solve_gives_a_winning_line() -> None:
    data = solve_json("hh1-n-aaaaaam")
    assert data["code"] == "HH1-N-AAAAAAM"
    assert data["winnable"] is True and data["dead_at_start"] is False
    solution = data["solution"]
    assert isinstance(solution, list) and data["moves"] == len(solution)
    assert replay("HH1-N-AAAAAAM", parse_moves(solution)).status is Status.WON


def test_solve_optimal_gives_the_fewest_moves() -> None:
    data = solve_json("HH1-N-AAAAAAM", "--optimal")
    solution = data["solution"]
    assert isinstance(solution, list)
    assert replay("HH1-N-AAAAAAM", parse_moves(solution)).status is Status.WON
    best = fewest_moves(replay("HH1-N-AAAAAAM", []).start)
    assert best is not None and data["moves"] == len(best)
    quick = solve_json("HH1-N-AAAAAAM")
    assert isinstance(quick["moves"], int) and quick["moves"] >= len(best)


def test_solve_reports_losses_and_dead_deals() -> None:
    lost = format_deal_code(first_number("lost alive"))
    data = solve_json(lost)
    assert data == {
        "code": lost,
        "winnable": False,
        "dead_at_start": False,
        "moves": None,
        "solution": None,
    }
    dead = format_deal_code(first_number("dead"))
    data = solve_json(dead, "--optimal")
    assert data["dead_at_start"] is True and data["winnable"] is False
    assert is_dead_end(replay(dead, []).start)


def test_solve_text_output() -> None:
    result = runner.invoke(app, ["h2h", "solve", "HH1-N-AAAAAAM"])
    assert result.exit_code == 0
    lines = result.output.splitlines()
    assert lines[0] == "HH1-N-AAAAAAM: winnable; not dead at the start"
    assert lines[2].startswith("F F F F F F F F F 25+W")


def test_bad_code_is_a_deal_code_error() -> None:
    result = runner.invoke(app, ["h2h", "solve", "HH1-N-12"])
    assert isinstance(result.exception, DealCodeError)
    result = runner.invoke(app, ["h2h", "survey", "--count", "3", "--start", "XX"])
    assert isinstance(result.exception, DealCodeError)


def test_bad_code_exits_with_two() -> None:
    for args in (
        ["solve", "HH1-N-12"],
        ["survey", "--count", "2", "--start", "nope"],
        # The plot's place is checked before the survey runs: no traceback after the work.
        ["survey", "--count", "2", "--plot", "/no/such/folder/survey.png"],
        ["survey", "--count", "2", "--plot", "survey.xyz"],
        ["survey", "--count", "5", "--start", "HH1-N-ZZZZZZY"],  # past the last deal
    ):
        proc = subprocess.run(
            [sys.executable, "-m", "hertta", "h2h", *args],
            capture_output=True,
            text=True,
            check=False,
        )
        assert proc.returncode == 2, proc.stderr
        assert len(proc.stderr.strip().splitlines()) == 1 and "Traceback" not in proc.stderr


def test_survey_into_a_file_leaves_stderr_empty() -> None:
    # The progress bar runs on a terminal only; into a pipe it left one newline on stderr.
    proc = subprocess.run(
        [sys.executable, "-m", "hertta", "h2h", "survey", "--count", "5", "--workers", "1",
         "--optimal-sample", "0"],
        capture_output=True, text=True, check=False,
    )
    assert (proc.returncode, proc.stderr) == (0, "")
    assert proc.stdout.startswith("Survey of 5 deals")


def test_survey_json(tmp_path: Path) -> None:
    plot = tmp_path / "survey.png"
    result = runner.invoke(
        app,
        [
            "h2h", "survey", "--count", "40", "--start", "HH1-N-AAAAABA", "--workers", "1",
            "--optimal-sample", "3", "--json", "--plot", str(plot),
        ],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["start"] == "HH1-N-AAAAABA" and data["count"] == 40
    numbers = range(26, 66)
    verdicts = [classify_deal(n) for n in numbers]
    assert data["winnable"]["count"] == sum(won for _, won in verdicts)
    assert data["dead_at_start"]["count"] == sum(dead for dead, _ in verdicts)
    low, high = data["winnable"]["ci95"]
    assert low <= data["winnable"]["share"] <= high
    times = data["solve_time_ms"]
    assert 0 < times["median"] <= times["p99"] <= times["max"]
    sample = data["fewest_moves_sample"]
    assert sample["size"] == 3 and sample["solved"] + sample["capped"] == 3
    assert sum(sample["distribution"].values()) == sample["solved"]
    assert plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_survey_text_is_the_same_with_one_or_two_workers() -> None:
    outputs = []
    for workers in ("1", "2"):
        result = runner.invoke(
            app, ["h2h", "survey", "--count", "30", "--workers", workers, "--optimal-sample", "0"]
        )
        assert result.exit_code == 0, result.output
        lines = result.stdout.splitlines()
        outputs.append([line for line in lines if line.startswith(("winnable", "dead at start"))])
    assert outputs[0] == outputs[1] and len(outputs[0]) == 2
    verdicts = [classify_deal(n) for n in range(30)]
    assert outputs[0][0].split()[1] == str(sum(won for _, won in verdicts))
    assert outputs[0][1].split()[3] == str(sum(dead for dead, _ in verdicts))
