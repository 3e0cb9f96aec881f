"""``hertta hearts check FILE [--json]``."""

import json
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from hertta.cli.hearts import app
from hertta.hearts.records import parse_record, replay_record

GOLDEN = Path(__file__).parent / "golden"
runner = CliRunner()


def test_check_prints_decisions_tricks_and_points() -> None:
    result = runner.invoke(app, ["check", str(GOLDEN / "standard_4p.json")])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert "  play 1: seat 0 plays 2C  (legal: 2C)" in lines
    assert lines[-2] == "round points: seat 0 0, seat 1 7, seat 2 19, seat 3 0"
    assert lines[-1] == "OK: 52 plays, all legal"


def test_check_json() -> None:
    result = runner.invoke(app, ["check", "--json", str(GOLDEN / "omnibus_moon.json")])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["ok"] is True
    assert data["points"] == [-10, 26, 26, 26]
    assert data["moon"] == {"shooter": 0, "option": "add"}


def test_an_illegal_play_exits_2_with_the_play(tmp_path: Path) -> None:
    text = (GOLDEN / "standard_4p.json").read_text("utf-8")
    data = json.loads(text)
    state = replay_record(parse_record(text))
    held = [c for t in state.tricks for s, c in zip(t.seats, t.cards, strict=True) if s == 0]
    data["plays"][0] = max(held).notation  # seat 0 holds it, but must open with the 2C
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data), "utf-8")
    result = runner.invoke(app, ["check", str(path)])
    assert result.exit_code == 2
    last = result.stdout.splitlines()[-1]
    assert last.startswith(f"ILLEGAL play 1: seat 0 plays {data['plays'][0]}")
    assert "(legal: 2C)" in last
    result = runner.invoke(app, ["check", str(path), "--json"])
    assert result.exit_code == 2
    error = json.loads(result.stdout)["error"]
    assert error == {
        "kind": "play",
        "index": 0,
        "seat": 0,
        "card": data["plays"][0],
        "legal": ["2C"],
        "reason": "must_lead_opening_club",
        "message": error["message"],
    }


def hands_with_a_duplicate() -> str:
    data = json.loads((GOLDEN / "standard_4p.json").read_text("utf-8"))
    data["hands"][1][0] = data["hands"][0][0]
    return json.dumps(data)


def with_change(**change: object) -> str:
    data = json.loads((GOLDEN / "standard_4p.json").read_text("utf-8"))
    data.update(change)
    return json.dumps(data)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("{nope", "not JSON"),
        ("[]", "must be a JSON object"),
        (with_change(plays=["2C", "1X"]), "not a card: '1X'"),
        (hands_with_a_duplicate(), "is dealt 2 times"),
        (with_change(hands=[["2C"]] * 4), "seat 0 has 1 cards, expected 13"),
        (with_change(rules="hearts-deluxe"), "unknown rules preset 'hearts-deluxe'"),
        (with_change(players=5), "hands must be a list of 5"),
    ],
)
def test_malformed_records_give_one_line_and_exit_2(tmp_path: Path, text: str, words: str) -> None:
    path = tmp_path / "record.json"
    path.write_text(text, "utf-8")
    result = runner.invoke(app, ["check", str(path)])
    assert result.exit_code == 2
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1
    assert lines[0].startswith("error: ") and words in lines[0]
    assert "Traceback" not in result.output


def test_a_missing_file(tmp_path: Path) -> None:
    result = runner.invoke(app, ["check", str(tmp_path / "absent.json")])
    assert result.exit_code == 2
    assert result.stderr.startswith("error: cannot read")
    assert len(result.stderr.splitlines()) == 1


def test_binary_garbage(tmp_path: Path) -> None:
    path = tmp_path / "garbage.json"
    path.write_bytes(b"\xff\xfe\x00\x81")
    result = runner.invoke(app, ["check", str(path), "--json"])
    assert result.exit_code == 2
    assert json.loads(result.stdout)["ok"] is False
    assert len(result.stderr.splitlines()) == 1


def test_the_main_cli_mounts_hearts() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "hertta", "hearts", "check", str(GOLDEN / "standard_3p.json")],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[-1] == "OK: 51 plays, all legal"
