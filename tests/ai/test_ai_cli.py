"""``hertta hearts tournament`` through a Typer app that registers the command."""

from __future__ import annotations

import json
from pathlib import Path

import typer
from typer.testing import CliRunner

from hertta.cli.tournament import register


def _app() -> typer.Typer:
    app = typer.Typer()

    @app.callback()
    def hearts() -> None:
        """Hearts."""

    register(app)
    return app


def test_tournament_json_and_plot(tmp_path: Path) -> None:
    plot = tmp_path / "scores.png"
    result = CliRunner().invoke(
        _app(),
        [
            "tournament",
            "--seats",
            "normal,easy,easy",
            "--rounds",
            "6",
            "--preset",
            "omnibus",
            "--workers",
            "1",
            "--seed",
            "4",
            "--json",
            "--plot",
            str(plot),
        ],
    )
    assert result.exit_code == 0, result.output
    line = result.stdout.strip().splitlines()[-1]
    assert "Infinity" not in line and "NaN" not in line
    data = json.loads(line)
    assert data["preset"] == "omnibus" and data["seats"] == ["normal", "easy", "easy"]
    assert set(data["levels"]) == {"normal", "easy"}
    low, high = data["levels"]["normal"]["ci95"]
    if data["match_codes"] > 1:
        assert low <= data["levels"]["normal"]["mean_points_per_round"] <= high
    else:
        assert low is None and high is None  # one cluster: no interval
    assert plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_tournament_table() -> None:
    result = CliRunner().invoke(
        _app(),
        ["tournament", "--seats", "normal,easy,easy,easy", "--rounds", "3", "--workers", "1"],
    )
    assert result.exit_code == 0, result.output
    assert "normal" in result.stdout and "easy" in result.stdout
    assert "95% CI" in result.stdout
    # Its stderr is not a terminal here: no progress bar's last frame there.
    assert result.stderr == "", result.stderr


def test_bad_input_is_one_line_and_exit_2() -> None:
    for args in (
        ["--seats", "normal,guru,easy"],
        ["--seats", "normal,easy,easy", "--preset", "nonsense"],
        ["--seats", "normal,easy,easy,easy", "--preset", "cancellation"],
        ["--seats", "easy,,easy,easy"],  # not a table of three
        ["--seats", "easy,easy,easy", "--plot", "/no/such/folder/x.png"],
        ["--seats", "easy,easy,easy", "--plot", "chart.xyz"],
    ):
        result = CliRunner().invoke(_app(), ["tournament", "--rounds", "2", *args])
        assert result.exit_code == 2, (args, result.output)
        assert result.output.count("error:") == 1
