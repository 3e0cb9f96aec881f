"""The benchmark scripts' command lines: nonsense is refused before any work, and bad input found
later is one line and exit code 2, never a traceback (``bench/bench_cli.py``)."""

from __future__ import annotations

import math
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "bench"))

from bench_cli import interval  # noqa: E402


@pytest.mark.parametrize(
    ("script", "args", "words"),
    [
        ("h2h_bench.py", ["--runs", "0"], "--runs: must be at least 1, got '0'"),
        ("h2h_bench.py", ["--seconds", "-1"], "--seconds: must be a time above 0, got '-1'"),
        ("solver_bench.py", ["--codes", "0"], "--codes: must be at least 1"),
        ("solver_bench.py", ["--workers", "x"], "--workers: not a whole number: 'x'"),
        ("hearts_bench.py", ["--runs", "0"], "--runs: must be at least 1"),
        ("ai_bench.py", ["--timing-rounds", "0"], "--timing-rounds: must be at least 1"),
        ("ai_bench.py", ["--versus", "expert"], "--versus takes two levels, A,B: 'expert'"),
        ("ai_bench.py", ["--openspiel", "hard", "--ismcts-sims", "0"], "--ismcts-sims"),
        ("ai_bench.py", ["--openspiel", "nope", "--deals", "1"], "unknown player level 'nope'"),
        ("level_duel.py", ["--level", "hard", "--totals", "a,b,c,d"], "whole numbers"),
        ("level_duel.py", ["--level", "hard", "--against-options", "{x"], "not a JSON object"),
        ("level_duel.py", ["--level", "hard", "--options", "[1]"], "--options: not a JSON"),
        ("ai_bench.py", ["--openspiel", "hard", "--level-options", "7"], "not a JSON object"),
        ("duel_report.py", ["no-such-dump.json"], "No such file or directory"),
        ("rollout_duel.py", ["--preset", "nope", "--deals", "1"], "unknown rules preset 'nope'"),
        ("web_bench.py", ["--clients", "0"], "--clients: must be at least 1"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(script: str, args: list[str], words: str) -> None:
    done = subprocess.run(
        [sys.executable, f"bench/{script}", *args],
        capture_output=True, text=True, cwd=ROOT, timeout=120,
    )
    assert done.returncode == 2, (done.stdout, done.stderr)
    assert words in done.stderr
    assert "Traceback" not in done.stderr
    assert done.stderr.strip().splitlines()[-1].startswith(("error: ", f"{script}: error: "))


def test_an_interval_of_one_sample_says_so() -> None:
    assert interval(-1.234, 2.5) == "[-1.23, +2.50]"
    assert interval(0.5, 1.5, "5.2f") == "[ 0.50,  1.50]"
    assert interval(-math.inf, math.inf) == "[no interval: one sample]"
