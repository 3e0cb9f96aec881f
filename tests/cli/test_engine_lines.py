"""``hertta hearts engine`` against lines no client should send: far too long ones, endless
ones, numbers too big for a double, a key given twice, white space JSON does not have; and a
byte order mark before the first line, which it passes over. A real process throughout: an
error answer, then the engine reads on, in bounded memory and without a traceback."""

from __future__ import annotations

import json
import resource
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from hertta.ai.engine import MAX_REQUEST_CHARS
from hertta.hearts.config import preset
from hertta.hearts.round import deal_round
from tests.ai.test_engine_cli import EngineProcess, client_request

MIB = 1 << 20
HEADROOM = 200 * MIB
"""Address space the engine may add once it has answered a first request: ample for every
answer, far less than the line sent after it."""
HUGE_LINE = 256 * MIB


def good_request() -> dict[str, Any]:
    state = deal_round(preset("standard"), 4, 0, "none", 9)
    return client_request(state, state.turn or 0, "play", (0, 0, 0, 0), 99)


GOOD_ANSWER = {"id": 99, "card": "2C"}


@pytest.fixture
def engine() -> Iterator[EngineProcess]:
    process = EngineProcess("--level", "normal")
    yield process
    if process.process.poll() is None:
        process.process.kill()
        process.process.wait()


def send(engine: EngineProcess, size: int, end: bytes = b"\n") -> None:
    """Write a line of ``size`` bytes a mebibyte at a time (this process never holds it)."""
    stdin = engine.process.stdin
    assert stdin is not None
    piece = b"x" * MIB
    try:
        for start in range(0, size, MIB):
            stdin.write(piece[: min(MIB, size - start)])
        stdin.write(end)
        stdin.flush()
    except BrokenPipeError:
        pytest.fail(f"the engine died: {engine.close()}")


def answer(engine: EngineProcess) -> dict[str, Any]:
    stdout = engine.process.stdout
    assert stdout is not None
    line = stdout.readline()
    assert line.endswith(b"\n"), (line, engine.close())
    data = json.loads(line)
    assert isinstance(data, dict)
    return data


def test_a_long_line_gets_its_length_and_the_engine_reads_on(engine: EngineProcess) -> None:
    send(engine, 3 * MIB)
    assert answer(engine) == {
        "id": None,
        "error": f"not a JSON request '{'x' * 116}...: the line is {3 * MIB} characters long "
        f"(at most {MAX_REQUEST_CHARS})",
    }
    assert engine.ask(good_request()) == GOOD_ANSWER
    # Characters, not bytes: "ä" is two bytes of UTF-8.
    reply = engine.ask_raw("ä".encode() * MAX_REQUEST_CHARS * 3)
    assert reply["error"].endswith(f"the line is {3 * MAX_REQUEST_CHARS} characters long "
                                   f"(at most {MAX_REQUEST_CHARS})"), reply
    # Just below the bound a line is read whole and still answered by its own length.
    reply = engine.ask_raw(b"[" * (MAX_REQUEST_CHARS + 1))
    assert f"the line is {MAX_REQUEST_CHARS + 1} characters long" in reply["error"], reply
    assert engine.ask(good_request()) == GOOD_ANSWER
    assert engine.close() == (0, "")


def vm_size(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmSize:"):
            return int(line.split()[1]) * 1024
    raise AssertionError(f"no VmSize for process {pid}")


def test_a_line_bigger_than_the_memory_it_may_use_and_no_newline_at_all(
    engine: EngineProcess,
) -> None:
    """Limited to its size after one answer plus HEADROOM, the engine answers a line larger
    than that, then a good request, then a line that never ends before stdin does."""
    assert engine.ask(good_request()) == GOOD_ANSWER
    limit = vm_size(engine.process.pid) + HEADROOM
    resource.prlimit(engine.process.pid, resource.RLIMIT_AS, (limit, limit))
    send(engine, HUGE_LINE)
    assert answer(engine)["error"].endswith(f"the line is {HUGE_LINE} characters long "
                                            f"(at most {MAX_REQUEST_CHARS})")
    assert engine.ask(good_request()) == GOOD_ANSWER
    send(engine, HUGE_LINE, end=b"")
    assert engine.process.stdin is not None
    engine.process.stdin.close()
    assert answer(engine)["error"].endswith(f"the line is {HUGE_LINE} characters long "
                                            f"(at most {MAX_REQUEST_CHARS})")
    assert engine.process.stderr is not None
    assert (engine.process.wait(timeout=60), engine.process.stderr.read()) == (0, b"")


def test_the_end_of_a_stream_inside_a_long_line_still_gets_an_answer() -> None:
    line = b"{" * (2 * MIB)
    result = subprocess.run(
        [sys.executable, "-m", "hertta", "hearts", "engine", "--level", "normal"],
        input=line, capture_output=True, timeout=60, check=False,
    )
    assert (result.returncode, result.stderr) == (0, b"")
    [reply] = result.stdout.decode().splitlines()
    assert json.loads(reply)["error"].endswith(f"the line is {2 * MIB} characters long "
                                               f"(at most {MAX_REQUEST_CHARS})")


@pytest.mark.parametrize(
    "digits", ["1" + "0" * 400, "-1" + "0" * 400, "2" + "0" * 308, "9" * 5000],
    ids=["1e400", "-1e400", "2e308", "5000 digits"],
)
def test_an_integer_too_big_for_a_double_is_refused_like_1e400(
    engine: EngineProcess, digits: str
) -> None:
    request = good_request()
    line = json.dumps({**request, "totals": "TOTALS"}).replace('"TOTALS"', f"[{digits}, 0, 0, 0]")
    reply = engine.ask_raw(line.encode())
    assert set(reply) == {"id", "error"}, reply
    assert reply["error"].endswith(f"{digits[:20]}... ({len(digits)} characters) is too big a "
                                   "number"), reply
    big_id = json.dumps({**request, "id": "ID"}).replace('"ID"', digits)
    assert "is too big a number" in engine.ask_raw(big_id.encode())["error"]
    # The largest double's integer is still a number.
    largest = int(sys.float_info.max)
    answered = engine.ask_raw(json.dumps({**request, "id": largest}).encode())
    assert answered == {"id": largest, "card": "2C"}
    assert engine.close() == (0, "")


def test_a_byte_order_mark_before_the_first_line_is_passed_over_and_json_is_strict() -> None:
    request = json.dumps(good_request())
    twice = request.replace('"id": 99', '"id": 1, "id": 99')
    lines = [b"\xef\xbb\xbf" + request.encode(), twice.encode(), b"\x0c",
             request.encode() + b"\x1e", b"\xef\xbb\xbf" + request.encode(),
             b" \t" + request.encode() + b"\r"]
    result = subprocess.run(
        [sys.executable, "-m", "hertta", "hearts", "engine", "--level", "normal"],
        input=b"\n".join(lines) + b"\n", capture_output=True, timeout=60, check=False,
    )
    assert (result.returncode, result.stderr) == (0, b"")
    replies = [json.loads(line) for line in result.stdout.decode().splitlines()]
    assert len(replies) == len(lines)
    first, twice_reply, form_feed, separator, later_mark, spaced = replies
    assert first == GOOD_ANSWER == spaced  # JSON's own white space is fine
    assert twice_reply["error"].endswith("the key 'id' is given twice")
    for reply in (form_feed, separator, later_mark):  # a mark inside the stream is no JSON
        assert reply["id"] is None and reply["error"].startswith("not a JSON request")
