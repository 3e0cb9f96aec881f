"""The real Hertta app for browser tests that need to hold the computer players mid-thought: the
app of ``hertta serve`` (``create_app``), served by a real ``uvicorn.Server`` in a thread of the
test process on 127.0.0.1 and a free port, with a :class:`GatedRunner` where the worker pool
would be. Every computer player's decision and every hint is a task the runner runs
(``runner.run(task)``); each one waits in its worker thread until the test lets it through
(``release``), so a test can look at the page between two computer decisions, let several come
in a burst, or keep a hint slow. Nothing is emulated: the rules, the tables, the store, the
transport and the messages are the server's own.

Two of these on one database file are two server processes' worth of the same game (the cookie
key and the tables live in the database), as when two tabs reach different processes."""

from __future__ import annotations

import contextlib
import socket
import threading
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Final, TypeVar

import uvicorn

from hertta.tables.bots import ThreadBotRunner
from hertta.tables.game import BotTask
from hertta.web.app import create_app
from hertta.web.server import WS_MAX_BYTES
from hertta.web.settings import Settings

T = TypeVar("T")
HOLD_TIMEOUT_S: Final = 60.0
"""How long a task waits for the test at most: a test that forgets to let it through fails
(the task raises) instead of hanging."""
WAIT_TIMEOUT_S: Final = 30.0
START_TIMEOUT_S: Final = 30.0


class GatedRunner(ThreadBotRunner):
    """Computer players and hints in threads, each held before it starts until the test
    releases it: every task waits in its worker thread on one ``threading.Semaphore``, which
    ``release(n)`` raises by n (permits given ahead of time let the next tasks straight
    through)."""

    def __init__(self, workers: int = 8) -> None:
        super().__init__(workers=workers)
        self._gate = threading.Semaphore(0)
        self._changed = threading.Condition()
        self._owed = 0
        """Tasks that came minus tasks released (below 0: released ahead of time)."""
        self._opened = False

    def _held(self, work: Callable[[], T]) -> T:
        with self._changed:
            opened = self._opened
            if not opened:
                self._owed += 1
                self._changed.notify_all()
        if not opened and not self._gate.acquire(timeout=HOLD_TIMEOUT_S):
            raise TimeoutError("the test never let this computer decision or hint through")
        return work()

    async def run(self, task: BotTask) -> object:
        return await self._submit(self._held, task.run)

    def release(self, count: int = 1) -> None:
        """Let ``count`` tasks through: those waiting, or else the next ones to come."""
        with self._changed:
            self._owed -= count
            self._changed.notify_all()
        self._gate.release(count)

    def held(self) -> int:
        """How many tasks are waiting to be let through."""
        with self._changed:
            return max(0, self._owed)

    def wait_held(self, count: int, timeout: float = WAIT_TIMEOUT_S) -> None:
        """Wait until at least ``count`` tasks are waiting."""
        with self._changed:
            came = self._changed.wait_for(lambda: self._owed >= count, timeout=timeout)
            assert came, f"{count} tasks expected to wait, {max(0, self._owed)} came"

    def open(self) -> None:
        """Let every task through from now on (so the server can stop)."""
        with self._changed:
            self._opened = True
            waiting = max(0, self._owed)
            self._owed = 0
        if waiting:
            self._gate.release(waiting)


class GatedServer:
    """The app on ``db_path`` under uvicorn in a background thread (use as a context manager)."""

    def __init__(self, db_path: str | Path, runner: GatedRunner | None = None) -> None:
        self.runner = runner if runner is not None else GatedRunner()
        self.app = create_app(Settings(db_path=str(db_path)), runner=self.runner)
        # Bound here, before the server runs: the port is known and free, and a request sent
        # before the server is up waits in the listen queue instead of being refused.
        self._socket = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self._socket.bind(("127.0.0.1", 0))
        self._socket.listen(64)
        self.port: int = self._socket.getsockname()[1]
        config = uvicorn.Config(
            self.app, log_level="warning", ws_max_size=WS_MAX_BYTES, lifespan="on",
            timeout_graceful_shutdown=5,
        )
        self.server = uvicorn.Server(config)
        self._thread = threading.Thread(
            target=self.server.run, kwargs={"sockets": [self._socket]}, daemon=True,
            name=f"gated-server-{self.port}",
        )

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> GatedServer:
        self._thread.start()
        # Ready when /healthz answers: the request waits in the listen queue until it does.
        with urllib.request.urlopen(f"{self.url}/healthz", timeout=START_TIMEOUT_S) as reply:
            assert reply.status == 200, reply.status
        return self

    def stop(self) -> None:
        self.runner.open()  # a task still held would keep its worker thread busy
        self.server.should_exit = True
        self._thread.join(timeout=30)
        assert not self._thread.is_alive(), "the gated server did not stop"
        with contextlib.suppress(OSError):
            self._socket.close()

    def __enter__(self) -> GatedServer:
        return self.start()

    def __exit__(self, *_exc: object) -> None:
        self.stop()


@contextlib.contextmanager
def gated_servers(db_path: str | Path, count: int = 1) -> Iterator[list[GatedServer]]:
    """``count`` gated servers on one database, stopped however the test ends."""
    with contextlib.ExitStack() as stack:
        yield [stack.enter_context(GatedServer(db_path)) for _ in range(count)]
