"""Bad input of every kind on the command line, and servers that cannot start: one line on
stderr naming what is wrong, exit code 2, never a traceback. Real processes throughout."""

from __future__ import annotations

import json
import os
import socket
import sqlite3
import subprocess
from pathlib import Path

import pytest

from hertta.store import Store
from hertta.store.database import SCHEMA_VERSION
from tests.cli import unprivileged
from tests.web.server_process import free_port, hertta_command


def run(
    *args: str, prefix: list[str] | None = None, timeout: float = 60
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*(prefix or []), *hertta_command(), *args], capture_output=True, text=True,
        timeout=timeout, check=False,
    )


def one_line_error(result: subprocess.CompletedProcess[str], *words: str) -> None:
    assert result.returncode == 2, (result.returncode, result.stdout, result.stderr)
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert "Traceback" not in result.stderr
    for word in words:
        assert word in lines[0], (word, lines[0])


# -- hertta hearts check -------------------------------------------------------------------------


def test_check_refuses_deeply_nested_json(tmp_path: Path) -> None:
    path = tmp_path / "deep.json"
    path.write_text("[" * 100_000 + "]" * 100_000)
    one_line_error(run("hearts", "check", str(path)), str(path))
    one_line_error(run("hearts", "check", str(path), "--json"), str(path))


def test_check_refuses_a_directory_a_missing_file_and_bad_bytes(tmp_path: Path) -> None:
    one_line_error(run("hearts", "check", str(tmp_path)), str(tmp_path))
    one_line_error(run("hearts", "check", str(tmp_path / "nope.json")), "nope.json")
    bad = tmp_path / "bad.json"
    bad.write_bytes(b"\xff\xfe{not utf-8")
    one_line_error(run("hearts", "check", str(bad)), "bad.json")


def test_check_refuses_an_unreadable_file(tmp_path: Path) -> None:
    path = tmp_path / "secret.json"
    path.write_text(json.dumps({"format": "hertta-hearts-round/1"}))
    unprivileged.hand_over(path, 0o600)
    result = run("hearts", "check", str(path), prefix=unprivileged.prefix())
    one_line_error(result, "secret.json", "readable")


# -- hertta serve --------------------------------------------------------------------------------


@pytest.mark.parametrize("port", ["99999", "0", "-1", "65536"])
def test_serve_refuses_a_bad_port(tmp_path: Path, port: str) -> None:
    result = run("serve", "--port", port, "--db", str(tmp_path / "h.db"))
    one_line_error(result, port)
    assert "running" not in result.stdout


def test_usage_mistakes_are_one_line_too(tmp_path: Path) -> None:
    one_line_error(run("serve", "--port", "abc", "--db", str(tmp_path / "h.db")), "--port")
    one_line_error(run("no-such-command"), "no-such-command")
    one_line_error(run("hearts", "check"), "file")
    one_line_error(run("h2h", "show", "--bogus"), "--bogus")
    # The message quotes the value and names the command, even when the error does not know it.
    one_line_error(run("h2h", "new", "--seed", "abc"), "'abc'", "hertta h2h new:")
    one_line_error(run("hearts", "engine", "--level"), "hertta hearts engine:", "--level")
    # An option given twice: Click takes the last value, and the message quotes that one.
    one_line_error(run("h2h", "new", "--seed=5", "--seed=abc"), "'abc'")


def test_check_refuses_numbers_and_keys_json_should_not_hold(tmp_path: Path) -> None:
    """A record's JSON is read as strictly as an engine request: a number of thousands of
    digits (Python itself refuses over 4,300), NaN, and a key given twice, each one line."""
    path = tmp_path / "odd.json"
    for text, words in (('{"format": "hertta-hearts-round/1", "dealer": ' + "9" * 5000 + "}",
                         ("too big a number",)),
                        ('{"format": "hertta-hearts-round/1", "dealer": NaN}', ("NaN",)),
                        ('{"format": "x", "format": "hertta-hearts-round/1"}', ("'format'",
                                                                                 "twice"))):
        path.write_text(text)
        one_line_error(run("hearts", "check", str(path)), str(path), *words)


def test_a_tournament_of_unbounded_size_is_refused_before_it_starts() -> None:
    one_line_error(run("hearts", "tournament", "--rounds", "1000000000", "--workers", "1"),
                   "rounds must be 1 to 1,000,000", "1000000000")
    one_line_error(run("hearts", "tournament", "--rounds", "10", "--workers", "1000"),
                   "--workers", "'1000'")


@pytest.mark.parametrize("group", [[], ["h2h"], ["hearts"]])
def test_a_bare_command_group_shows_its_help_once(group: list[str]) -> None:
    result = run(*group)
    assert result.returncode == 0 and result.stdout.count("Usage:") == 1, result.stdout


@pytest.mark.parametrize("host", ["no-such-host.invalid", "999.1.1.1", "bad host!"])
def test_serve_refuses_a_bad_host(tmp_path: Path, host: str) -> None:
    db = str(tmp_path / "h.db")
    result = run("serve", "--host", host, "--port", str(free_port()), "--db", db)
    one_line_error(result, host)


def test_serve_refuses_a_port_in_use(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = run("serve", "--port", str(port), "--db", str(tmp_path / "h.db"))
    one_line_error(result, str(port))


def corrupt(tmp_path: Path) -> Path:
    path = tmp_path / "corrupt.db"
    path.write_bytes(b"SQLite format 3\x00" + b"\x07" * 8192)
    return path


def folder(tmp_path: Path) -> Path:
    path = tmp_path / "a-folder"
    path.mkdir()
    return path


def under_a_file(tmp_path: Path) -> Path:
    (tmp_path / "plain-file").write_text("x")
    return tmp_path / "plain-file" / "hertta.db"


def read_only(tmp_path: Path) -> Path:
    """A database on a disk the server cannot write (a folder and file it may only read)."""
    place = tmp_path / "ro"
    place.mkdir()
    path = place / "hertta.db"
    Store(path).close()
    with sqlite3.connect(path) as raw:  # a journal the server would have to write to use it
        raw.execute("PRAGMA journal_mode=DELETE")
    unprivileged.hand_over(path, 0o444)
    unprivileged.hand_over(place, 0o555)
    return path


def read_only_file(tmp_path: Path) -> Path:
    """A database file the server may only read, in WAL mode as the server leaves it, in a
    folder it may write (so its -wal and -shm files can be made: it started, then answered
    every move with an internal error)."""
    place = tmp_path / "ro-file"
    place.mkdir()
    path = place / "hertta.db"
    Store(path).close()
    unprivileged.hand_over(path, 0o444)
    os.chmod(place, 0o777)
    return path


def another_programs(tmp_path: Path) -> Path:
    """An SQLite database of another program: Hertta's tables were added to it."""
    path = tmp_path / "places.sqlite"
    with sqlite3.connect(path) as raw:
        raw.execute("CREATE TABLE moz_places (url TEXT)")
    return path


def another_programs_at_our_version(tmp_path: Path) -> Path:
    """Another program's database whose user_version happens to be Hertta's schema: it started,
    then a traceback (no such table: meta)."""
    path = tmp_path / "other.db"
    with sqlite3.connect(path) as raw:
        raw.execute("CREATE TABLE things (a)")
        raw.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
    return path


@pytest.mark.parametrize(
    ("make", "words"),
    [(corrupt, ["not a database"]), (another_programs, ["not Hertta's", "moz_places"]),
     (another_programs_at_our_version, ["not Hertta's", "things"]), (folder, ["directory"]),
     (under_a_file, ["not a directory"]),
     (read_only, ["readonly"]), (read_only_file, ["readonly"])],
)
def test_serve_refuses_a_database_it_cannot_use(
    tmp_path: Path, make: object, words: list[str]
) -> None:
    path = make(tmp_path)  # type: ignore[operator]
    result = run("serve", "--port", str(free_port()), "--db", str(path),
                 prefix=unprivileged.prefix())
    one_line_error(result, str(path), *words)
    assert "running" not in result.stdout
