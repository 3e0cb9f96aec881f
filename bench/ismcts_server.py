"""OpenSpiel's IS-MCTS made repeatable: every search runs in a child forked from one unchanging
process with address-space randomisation off, so the same position and seed give the same card
in every run, every process and every order of requests.

Why: ``ISMCTSBot`` draws among children whose UCT values tie, in the iteration order of an
``absl::flat_hash_map``, and Abseil places a table's entries partly by the table's memory address
and a per-process seed taken from an address. So the same bot, seeded alike, chooses differently
in two runs (checked 2026-12-04: two bots parted from the ninth card), and two versions of our
player could not be compared round by round against it. Here:

* the server (this file's text run by ``python -s -c`` from ``/`` under ``setarch -R``, with
  ``PYTHONHASHSEED=0`` its only environment variable, so that neither the client's path nor its
  environment reaches the server's heap) imports pyspiel, loads the game and then only waits and
  forks, so the heap every search starts from is the same, and with randomisation off so are its
  addresses;
* each request is read, searched and answered by a fresh child, which then exits: nothing a
  search allocates outlives it, so what was asked before cannot change the next answer;
* a bot is built per request from the request's seed (the caller derives one per decision).

What is left that reaches the server's heap: the interpreter (its path, its virtual environment's
prefix), the machine's libraries and this file's own text (it is the ``-c`` argument: any edit,
a comment included, changes which of the tied cards IS-MCTS picks); runs pair card for card
when they share those.

The frames on the pipes: the client writes one byte ``g`` (the server forks on it), then the
request as a 4-byte little-endian length and JSON ``{"actions": [...], "steps": k,
"simulations": n, "seed": s}``: every OpenSpiel action from the initial state, then ``k``
searches, each applied before the next. The child answers with a length and JSON ``{"actions":
[...], "cpu": seconds}``; a length of ``0xFFFFFFFF`` (written by the server when the child ended
without answering) is an error.
"""

from __future__ import annotations

import json
import os
import shutil
import struct
import subprocess
import sys
import time
import traceback
from collections.abc import Sequence
from types import TracebackType
from typing import IO, Any

_LENGTH = struct.Struct("<I")
_FAILED = 0xFFFFFFFF
UCT_C = 2.0
"""OpenSpiel's exploration constant for the bot (its examples' value)."""


class IsmctsServerError(RuntimeError):
    """The server's child ended without an answer (a crash in OpenSpiel, or a bad request)."""


class IsmctsServer:
    """A client of one server process; use as a context manager."""

    def __init__(self) -> None:
        # The server's heap must not depend on where or how the client runs: its path, its
        # working directory and its environment (PYTHONPATH fills sys.path) all end up in
        # objects allocated before the first fork. So the server is this file's text run with
        # -c, from "/", with no user site and an environment of one variable.
        with open(__file__, encoding="utf-8") as source:
            command = [sys.executable, "-s", "-c", source.read()]
        setarch = working_setarch()
        self.repeatable = setarch is not None
        if setarch is not None:
            command = [setarch, "-R", *command]
        self._process = subprocess.Popen(
            command,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            env={"PYTHONHASHSEED": "0"},
            cwd="/",
        )

    def search(
        self, actions: Sequence[int], steps: int, simulations: int, seed: int
    ) -> tuple[list[int], float]:
        """``steps`` IS-MCTS choices after ``actions`` (each applied before the next) and the
        child's CPU seconds for the searches."""
        stdin, stdout = self._pipes()
        request = json.dumps(
            {"actions": list(actions), "steps": steps, "simulations": simulations, "seed": seed}
        ).encode()
        stdin.write(b"g" + _LENGTH.pack(len(request)) + request)
        stdin.flush()
        (length,) = _LENGTH.unpack(_read_exact(stdout, _LENGTH.size))
        if length == _FAILED:
            raise IsmctsServerError(f"IS-MCTS search failed after actions {list(actions)!r}")
        answer = json.loads(_read_exact(stdout, length))
        return [int(a) for a in answer["actions"]], float(answer["cpu"])

    def close(self) -> None:
        if self._process.stdin:
            self._process.stdin.close()
        self._process.wait(timeout=30)
        if self._process.stdout:
            self._process.stdout.close()

    def __enter__(self) -> IsmctsServer:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close()

    def _pipes(self) -> tuple[IO[bytes], IO[bytes]]:
        stdin, stdout = self._process.stdin, self._process.stdout
        if stdin is None or stdout is None:
            raise IsmctsServerError("the IS-MCTS server is closed")
        return stdin, stdout


def working_setarch() -> str | None:
    """The path of a ``setarch`` whose ``-R`` runs here, or None (none on the PATH, or a
    container that forbids changing the personality: then searches are not repeatable)."""
    setarch = shutil.which("setarch")
    if setarch is None:
        return None
    done = subprocess.run([setarch, "-R", "true"], capture_output=True, timeout=10)
    return setarch if done.returncode == 0 else None


def _read_exact(stream: IO[bytes], size: int) -> bytes:
    data = stream.read(size)
    if data is None or len(data) != size:
        raise IsmctsServerError("the IS-MCTS server closed its output")
    return data


# The server side: runs in its own process, never imported by the client's code paths.


def _read_fd(size: int) -> bytes:
    data = b""
    while len(data) < size:
        chunk = os.read(0, size - len(data))
        if not chunk:
            raise EOFError
        data += chunk
    return data


def _answer_one(game: Any, pyspiel: Any) -> None:
    """In the child: read one request, search, write the answer."""
    (length,) = _LENGTH.unpack(_read_fd(_LENGTH.size))
    request = json.loads(_read_fd(length))
    state = game.new_initial_state()
    for action in request["actions"]:
        state.apply_action(action)
    seed = int(request["seed"]) % (2**31)
    evaluator = pyspiel.RandomRolloutEvaluator(1, seed)
    bot = pyspiel.ISMCTSBot(
        seed,
        evaluator,
        UCT_C,
        int(request["simulations"]),
        -1,
        pyspiel.ISMCTSFinalPolicyType.MAX_VISIT_COUNT,
        False,
        False,
    )
    start = time.process_time()
    chosen = []
    for _ in range(int(request["steps"])):
        action = bot.step(state)
        chosen.append(action)
        state.apply_action(action)
    cpu = time.process_time() - start
    answer = json.dumps({"actions": chosen, "cpu": cpu}).encode()
    os.write(1, _LENGTH.pack(len(answer)) + answer)


def serve() -> None:
    import pyspiel

    game = pyspiel.load_game("hearts", {"qs_breaks_hearts": False})
    while os.read(0, 1):
        child = os.fork()
        if child == 0:
            code = 1
            try:
                _answer_one(game, pyspiel)
                code = 0
            except BaseException:
                traceback.print_exc()
            finally:
                os._exit(code)
        _, status = os.waitpid(child, 0)
        if status != 0:
            os.write(1, _LENGTH.pack(_FAILED))


if __name__ == "__main__":
    serve()
