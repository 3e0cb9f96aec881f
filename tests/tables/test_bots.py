"""The worker pool: a worker that dies (killed, out of memory) costs a fresh pool and one more
try, not the decision; the broken pool is shut down."""

from __future__ import annotations

import asyncio
import logging
import os
from functools import partial
from pathlib import Path

import pytest

from hertta.tables.bots import ProcessBotRunner


def die_the_first_time(marker: str) -> str:
    """In a worker: end the worker at once the first time (as the kernel's OOM killer would),
    answer the next time."""
    if not os.path.exists(marker):
        Path(marker).touch()
        os._exit(1)
    return "answered"


def test_a_worker_that_dies_costs_a_fresh_pool_and_one_more_try(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    runner = ProcessBotRunner(1)

    async def scenario() -> None:
        marker = str(tmp_path / "died")
        broken = runner._pool()
        assert await runner.call(partial(die_the_first_time, marker)) == "answered"
        assert runner._executor is not broken
        assert await runner.call(partial(die_the_first_time, marker)) == "answered"

    with caplog.at_level(logging.WARNING, logger="hertta.tables.bots"):
        try:
            asyncio.run(scenario())
        finally:
            runner.close()
    assert any("a worker process died" in r.getMessage() for r in caplog.records)
