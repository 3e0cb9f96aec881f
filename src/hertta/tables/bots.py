"""Where computer players, hints and other CPU work run: a pool of worker processes, never the
event loop.

A :class:`~hertta.tables.game.BotTask` is plain data (a seat's observation, a level, a seed)
whose ``run`` is pure, so it pickles into a worker and the same task gives the same answer
anywhere. Workers run at a lower scheduling priority than the server, so a machine busy with
computer players still answers people first. :class:`ThreadBotRunner` runs tasks in threads
(tests inject slow or blocking players through it).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import threading
import time
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from multiprocessing import get_context
from typing import Final, Protocol, TypeVar

from hertta.tables.game import BotTask

log = logging.getLogger(__name__)

WORKER_NICENESS: Final = 10
PARENT_CHECK_S: Final = 1.0
T = TypeVar("T")


def run_task(task: BotTask) -> object:
    """What a worker does with a task (a top-level function, so it pickles)."""
    return task.run()


def call(function: Callable[[], T]) -> T:
    """Run any picklable zero-argument callable in a worker (solver searches and the like)."""
    return function()


def _start_worker(parent: int) -> None:
    """In each worker: a lower priority than the server, and an end when the server ends (a
    worker of a server killed outright would otherwise live on, an orphan). ``parent`` is the
    server's pid as the server knew it: a server killed while its workers were still starting
    leaves them with init as their parent already, which reading our own parent here would
    take for the server."""
    with contextlib.suppress(OSError):
        os.nice(WORKER_NICENESS)

    def watch_parent() -> None:
        while os.getppid() == parent:
            time.sleep(PARENT_CHECK_S)
        os._exit(0)

    threading.Thread(target=watch_parent, name="parent-watch", daemon=True).start()


class BotRunner(Protocol):
    async def run(self, task: BotTask) -> object:
        """The task's answer, computed away from the event loop."""
        ...

    async def call(self, function: Callable[[], T]) -> T:
        """Any picklable CPU-bound function, away from the event loop."""
        ...

    def close(self) -> None: ...


class _ExecutorRunner:
    def __init__(self, make: Callable[[], Executor]) -> None:
        self._make = make
        self._executor: Executor | None = None

    def _pool(self) -> Executor:
        if self._executor is None:
            self._executor = self._make()
        return self._executor

    async def _submit(self, function: Callable[..., T], *args: object) -> T:
        loop = asyncio.get_running_loop()
        pool = self._pool()
        try:
            return await loop.run_in_executor(pool, function, *args)
        except BrokenProcessPool:
            # A worker died (killed, out of memory): start a fresh pool and try once more. The
            # broken one is shut down, not dropped (its semaphores would be left behind), once:
            # another task that met it too may have started the fresh one already.
            log.warning("a worker process died; starting a new pool")
            if self._executor is pool:
                self._executor = None
                pool.shutdown(wait=False, cancel_futures=True)
            return await loop.run_in_executor(self._pool(), function, *args)

    async def run(self, task: BotTask) -> object:
        return await self._submit(run_task, task)

    async def call(self, function: Callable[[], T]) -> T:
        return await self._submit(call, function)

    def close(self) -> None:
        if self._executor is not None:
            # Waiting lets the workers end on their own (a search in progress finishes, under
            # Expert's second): not waiting left their semaphores for the resource tracker
            # to warn about at exit.
            self._executor.shutdown(wait=True, cancel_futures=True)
            self._executor = None


class ProcessBotRunner(_ExecutorRunner):
    """Worker processes, one per core by default (spawned, not forked: the server has threads)."""

    def __init__(self, workers: int | None = None) -> None:
        count = workers or os.cpu_count() or 1
        super().__init__(
            lambda: ProcessPoolExecutor(
                max_workers=count, mp_context=get_context("spawn"), initializer=_start_worker,
                initargs=(os.getpid(),),
            )
        )


class ThreadBotRunner(_ExecutorRunner):
    """Threads instead of processes: for tests (a task may block on an event the test sets)."""

    def __init__(self, workers: int = 4) -> None:
        super().__init__(lambda: ThreadPoolExecutor(max_workers=workers))
