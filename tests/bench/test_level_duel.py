"""``bench/level_duel.py``: duplicate single rounds of one level's seat against another level,
replayed alike from the same seed, and dumps that ``bench/duel_report.py`` pairs by deal."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]


def _run(*args: str) -> list[str]:
    done = subprocess.run(
        [sys.executable, *args], capture_output=True, text=True, check=True, cwd=ROOT
    )
    return done.stdout.splitlines()


def _duel(path: Path, seed: int) -> dict[str, Any]:
    _run(
        "bench/level_duel.py",
        "--level",
        "normal",
        "--against",
        "easy",
        "--deals",
        "3",
        "--seed",
        str(seed),
        "--workers",
        "2",
        "--dump",
        str(path),
    )
    data: dict[str, Any] = json.loads(path.read_text())
    return data


def test_every_seat_of_every_deal_once_and_replayed_alike(tmp_path: Path) -> None:
    first = _duel(tmp_path / "a.json", 7)
    again = _duel(tmp_path / "b.json", 7)
    other = _duel(tmp_path / "c.json", 8)
    rows = first["rounds"]
    assert [(r["deal"], r["lone_seat"]) for r in rows] == [
        (d, s) for d in range(3) for s in range(4)
    ]
    assert all(sum(r["points"]) in (26, 78, -26) for r in rows)  # a moon: 3 x 26 or -26
    assert all(len(r["cpu"]) == 13 for r in rows if r["deal"] % 4 == 3)  # a hold round: 13 plays
    assert all(len(r["cpu"]) == 14 for r in rows if r["deal"] % 4 != 3)  # a pass and 13 plays
    assert [r["points"] for r in again["rounds"]] == [r["points"] for r in rows]
    assert [r["points"] for r in other["rounds"]] != [r["points"] for r in rows]
    # Paired by deal against itself the difference is exactly nothing.
    lines = _run("bench/duel_report.py", str(tmp_path / "a.json"), str(tmp_path / "b.json"))
    assert lines[-1] == "  paired minus the first, 3 deals: +0.00 [+0.00, +0.00]"
