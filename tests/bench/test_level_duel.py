"""``bench/level_duel.py``: duplicate single rounds of one level's seat against another level,
replayed alike from the same seed, and dumps that ``bench/duel_report.py`` pairs by deal."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]


def _call(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, *args], capture_output=True, text=True, cwd=ROOT)


def _run(*args: str) -> list[str]:
    done = _call(*args)
    assert done.returncode == 0, done.stderr
    return done.stdout.splitlines()


def _duel(path: Path, seed: int, *extra: str) -> tuple[dict[str, Any], list[str]]:
    """The dump of a Normal seat's duel against Easy (3 deals unless ``extra`` says), and the
    printed lines."""
    lines = _run(
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
        *extra,
    )
    data: dict[str, Any] = json.loads(path.read_text())
    return data, lines


def test_every_seat_of_every_deal_once_and_replayed_alike(tmp_path: Path) -> None:
    first, _ = _duel(tmp_path / "a.json", 7)
    again, _ = _duel(tmp_path / "b.json", 7)
    other, _ = _duel(tmp_path / "c.json", 8)
    rows = first["rounds"]
    assert [(r["deal"], r["lone_seat"]) for r in rows] == [
        (d, s) for d in range(3) for s in range(4)
    ]
    assert all(sum(r["points"]) in (26, 78, -26) for r in rows)  # a moon: 3 x 26 or -26
    assert all(len(r["cpu"]) == 13 for r in rows if r["deal"] % 4 == 3)  # a hold round: 13 plays
    assert all(len(r["cpu"]) == 14 for r in rows if r["deal"] % 4 != 3)  # a pass and 13 plays
    assert [r["points"] for r in again["rounds"]] == [r["points"] for r in rows]
    assert [r["points"] for r in other["rounds"]] != [r["points"] for r in rows]
    assert all(len(r["plays"]) == 52 for r in rows)
    assert all(len(r["passes"]) == 4 for r in rows)
    assert all(r["passes"] == [[], [], [], []] for r in rows if r["deal"] % 4 == 3)
    assert all(all(len(p) == 3 for p in r["passes"]) for r in rows if r["deal"] % 4 != 3)
    # Paired by deal against itself the difference is exactly nothing, and no round parts.
    lines = _run("bench/duel_report.py", str(tmp_path / "a.json"), str(tmp_path / "b.json"))
    assert lines[-2] == "  paired minus the first, 3 deals: +0.00 [+0.00, +0.00]"
    assert lines[-1] == (
        "  where the runs part, 12 rounds: alike 12, first at our decision 0, at theirs 0"
    )


def test_totals_turn_by_deal_and_the_match_ends_are_counted(tmp_path: Path) -> None:
    data, lines = _duel(tmp_path / "late.json", 7, "--deals", "2", "--totals", "99,98,97,96")
    rows = data["rounds"]
    assert [r["totals"] for r in rows if r["lone_seat"] == 0] == [
        [99, 98, 97, 96],
        [98, 97, 96, 99],
    ]
    # Every seat is one point from the limit, so every round ends the match; each ended
    # match has one win to share, between the lone seat and the three others.
    ended = [line for line in lines if "the match ends" in line]
    assert ended and ended[0].startswith("  the match ends in 8 rounds;")
    lone = sum(_lone_share(r) for r in rows)
    assert f"normal wins {lone:.2f} of them" in ended[0]


def _lone_share(row: dict[str, Any]) -> float:
    """The lone seat's share of the match win after this round (ties share it)."""
    after = [t + p for t, p in zip(row["totals"], row["points"], strict=True)]
    winners = [s for s, t in enumerate(after) if t == min(after)]
    return 1 / len(winners) if row["lone_seat"] in winners else 0.0


def test_totals_of_the_wrong_length_are_refused() -> None:
    done = _call("bench/level_duel.py", "--level", "normal", "--totals", "1,2")
    assert done.returncode == 2
    assert "--totals needs 4 numbers: '1,2'" in done.stderr


def test_two_levels_on_the_same_deals_part_only_at_the_lone_seat(tmp_path: Path) -> None:
    # Easy against Easy, then Normal in the lone seat: the other seats' generators and
    # answers are alike, so every round that differs first differs at the lone seat.
    base = tmp_path / "easy.json"
    _run(
        "bench/level_duel.py",
        "--level",
        "easy",
        "--against",
        "easy",
        "--deals",
        "3",
        "--seed",
        "7",
        "--workers",
        "1",
        "--dump",
        str(base),
    )
    _duel(tmp_path / "normal.json", 7)
    lines = _run("bench/duel_report.py", str(base), str(tmp_path / "normal.json"))
    parting = next(line for line in lines if line.startswith("  where the runs part"))
    assert parting.startswith("  where the runs part, 12 rounds: alike ")
    alike, ours, theirs = (int(x) for x in re.findall(r"\d+", parting.split(":", 1)[1]))
    assert alike + ours == 12 and theirs == 0 and ours > 0
    # The rounds that part do so at our decisions only, and each kind is told.
    assert not any(line.startswith("    at one of theirs") for line in lines)
    assert any(line.startswith("    at our ") for line in lines)


def test_the_against_seats_take_their_own_options(tmp_path: Path) -> None:
    # Easy alone against small Hards: the Hards' budget is theirs to set, and it changes
    # how they play the same deals (the lone Easy seat plays alike in both runs).
    plays = []
    for budget in (600, 2_400):
        options = json.dumps({"budget": budget, "pass_budget": budget, "moon_samples": 8})
        dump = tmp_path / f"hard-{budget}.json"
        _run(
            "bench/level_duel.py", "--level", "easy", "--against", "hard",
            "--against-options", options, "--deals", "1", "--seed", "7", "--workers", "2",
            "--dump", str(dump),
        )
        data = json.loads(dump.read_text())
        assert data["against_options"] == json.loads(options)
        assert data["options"] == {}
        plays.append([r["plays"] for r in data["rounds"]])
    assert plays[0] != plays[1]
