"""``hertta serve`` with odd ``HERTTA_*`` environment variables: a number that is not ASCII
digits ends in one line and exit code 2 before any port is bound; a secret that is not UTF-8
signs cookies with its bytes."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest
from itsdangerous import Signer

from hertta.web.players import SIGNER_SALT
from hertta.web.settings import Settings
from tests.cli.test_errors import one_line_error
from tests.web.server_process import ServerProcess, free_port, hertta_command


def serve(tmp_path: Path, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*hertta_command(), "serve", "--port", str(free_port()), "--db", str(tmp_path / "h.db")],
        env={**os.environ, **env}, capture_output=True, text=True, timeout=60, check=False,
    )


@pytest.mark.parametrize(
    "workers",
    ["abc", "\N{SUPERSCRIPT ONE}", "\N{ARABIC-INDIC DIGIT THREE}", "1" + "0" * 5000, "65"],
    ids=["letters", "superscript", "arabic-indic", "5001 digits", "too many"],
)
def test_hertta_workers_must_be_ascii_digits_from_1_to_64(tmp_path: Path, workers: str) -> None:
    result = serve(tmp_path, HERTTA_WORKERS=workers)
    one_line_error(result, "HERTTA_WORKERS", repr(workers)[:40], "1..64")
    assert "running" not in result.stdout


def test_hertta_workers_may_have_leading_zeros_and_space() -> None:
    assert Settings.from_env({"HERTTA_WORKERS": " 002 "}, db_path="h.db").workers == 2
    assert Settings.from_env({"HERTTA_WORKERS": "0" * 5000 + "64"}, db_path="h.db").workers == 64


@pytest.mark.parametrize("grace", ["0", "3601", "1.5", "\N{SUPERSCRIPT ONE}", "9" * 400])
def test_hertta_away_grace_s_must_be_whole_seconds_up_to_an_hour(
    tmp_path: Path, grace: str
) -> None:
    result = serve(tmp_path, HERTTA_AWAY_GRACE_S=grace)
    one_line_error(result, "HERTTA_AWAY_GRACE_S", repr(grace)[:40], "1..3600")


def test_hertta_away_grace_s_sets_how_long_an_away_person_keeps_the_seat() -> None:
    assert Settings.from_env({}, db_path="h.db").away_grace_s is None  # the default, 60 s
    assert Settings.from_env({"HERTTA_AWAY_GRACE_S": "3600"}, db_path="h.db").away_grace_s == 3600
    assert Settings.from_env({"HERTTA_AWAY_GRACE_S": " 05"}, db_path="h.db").away_grace_s == 5


def test_a_secret_that_is_not_utf8_signs_with_its_bytes(tmp_path: Path) -> None:
    secret = b"\xff\xfe not UTF-8 \xc3"
    # os.environ holds such bytes as surrogate escapes; Popen writes them back as bytes.
    server = ServerProcess(str(tmp_path / "h.db"), env={"HERTTA_SECRET": os.fsdecode(secret)})
    try:
        server.start()
        cookie = server.player_cookie().split("=", 1)[1]
    finally:
        server.stop()
    assert Signer(secret, salt=SIGNER_SALT).validate(cookie)
    assert not Signer(b"other", salt=SIGNER_SALT).validate(cookie)
