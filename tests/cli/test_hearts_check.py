"""``hertta hearts check`` against files that are not records: endless ones, too big ones, and
names that would break the one error line. A real process with its memory limited, so that a
check reading without a bound fails here quickly instead of taking the machine's memory."""

from __future__ import annotations

import json
import os
import resource
import subprocess
from pathlib import Path

import pytest

from hertta.cli.hearts import MAX_RECORD_BYTES
from tests.cli.test_errors import one_line_error
from tests.web.server_process import hertta_command

GOLDEN = Path(__file__).parents[1] / "hearts" / "golden"
MEMORY_LIMIT = 512 << 20
"""Address space for the check: some 60 MB is all it needs; an unbounded read of /dev/zero
reaches this in well under a second."""


def limit_memory() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))


def check(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*hertta_command(), "hearts", "check", *args], capture_output=True, text=True,
        timeout=60, check=False, preexec_fn=limit_memory,
    )


def too_big(result: subprocess.CompletedProcess[str], path: str) -> None:
    one_line_error(result, repr(path), f"over {MAX_RECORD_BYTES} bytes")


def test_dev_zero_is_refused_in_one_line() -> None:
    too_big(check("/dev/zero"), "/dev/zero")
    result = check("/dev/zero", "--json")
    too_big(result, "/dev/zero")
    assert json.loads(result.stdout)["error"]["kind"] == "malformed"


def test_an_endless_fifo_is_refused_in_one_line(tmp_path: Path) -> None:
    fifo = tmp_path / "endless"
    os.mkfifo(fifo)
    # The writer's open waits for the check's; it ends on a broken pipe once the check stops.
    writer = subprocess.Popen(["sh", "-c", 'exec yes > "$1"', "sh", str(fifo)],
                              stderr=subprocess.DEVNULL)
    try:
        too_big(check(str(fifo)), str(fifo))
    finally:
        writer.kill()
        writer.wait()


def padded_record(size: int) -> bytes:
    record = (GOLDEN / "standard_4p.json").read_bytes()
    return record + b" " * (size - len(record))


def test_a_record_of_the_limit_is_read_and_one_byte_more_is_not(tmp_path: Path) -> None:
    path = tmp_path / "padded.json"
    path.write_bytes(padded_record(MAX_RECORD_BYTES))
    result = check(str(path))
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[-1] == "OK: 52 plays, all legal"
    path.write_bytes(padded_record(MAX_RECORD_BYTES + 1))
    too_big(check(str(path)), str(path))


@pytest.mark.parametrize("name", ["two\nlines.json", "tab\tand\rreturn.json"])
def test_a_file_name_is_quoted_so_the_error_stays_one_line(tmp_path: Path, name: str) -> None:
    path = tmp_path / name
    path.write_text(json.dumps({"format": "hertta-hearts-round/1"}))
    one_line_error(check(str(path)), repr(str(path)), "missing")
    path.write_bytes(padded_record(MAX_RECORD_BYTES + 1))
    too_big(check(str(path)), str(path))
