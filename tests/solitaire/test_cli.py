import json
import subprocess
import sys

from typer.testing import CliRunner

from hertta.cli import app
from hertta.solitaire.game import Status, new_game

runner = CliRunner()


def test_show_draws_the_heart_with_positions() -> None:
    result = runner.invoke(app, ["h2h", "show", "hh1-n-aaaaaam"])
    assert result.exit_code == 0, result.output
    assert "HH1-N-AAAAAAM" in result.output
    assert "[4♥]" in result.output  # the free point
    assert " 10♥ " in result.output.splitlines()[2]  # position 1, covered
    assert "25" in result.output and "stock: 26" in result.output


def test_show_json_lists_every_card_in_notation() -> None:
    result = runner.invoke(app, ["h2h", "show", "HH1-N-AAAAAAM", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert set(data) == {"code", "heart", "stock", "waste"}
    assert data["code"] == "HH1-N-AAAAAAM"
    assert data["heart"][0] == "TH" and data["heart"][24] == "4H"
    assert data["waste"] == ["AH"]
    assert len(data["stock"]) == 26 and data["stock"][8] == "4H"


def test_new_prints_a_live_code() -> None:
    result = runner.invoke(app, ["h2h", "new"])
    assert result.exit_code == 0
    assert new_game(result.output.strip()).status is Status.PLAYING
    seeded = [runner.invoke(app, ["h2h", "new", "--seed", "5"]).output for _ in range(2)]
    assert seeded[0] == seeded[1]


def test_bad_code_is_one_line_and_exit_two() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "hertta", "h2h", "show", "HH1-N-12"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 2
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1
    assert "'HH1-N-12'" in lines[0] and "HH1-N-XXXXXXX" in lines[0]
    assert "Traceback" not in proc.stderr
