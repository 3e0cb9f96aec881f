"""Opening something in play: one read for everyone asking at once, and a change announced
while the read is under way is caught up once it is open (the read may have come first)."""

from __future__ import annotations

import asyncio

import pytest

from hertta.tables.openings import Openings


class Thing:
    def __init__(self, version: int) -> None:
        self.version = version
        self.caught_up = 0


class HeldRead:
    """A read from the store that the test holds open: it counts its calls, says when one has
    begun, and ends (with a new Thing, or ``error``) when released."""

    def __init__(self, error: Exception | None = None) -> None:
        self.calls = 0
        self.begun = asyncio.Event()
        self.release = asyncio.Event()
        self.error = error

    async def __call__(self) -> Thing:
        self.calls += 1
        self.begun.set()
        await self.release.wait()
        if self.error is not None:
            raise self.error
        return Thing(1)


def test_a_change_heard_during_the_read_is_caught_up() -> None:
    async def scenario() -> tuple[Thing, Thing]:
        openings: Openings[Thing] = Openings()
        read = HeldRead()

        async def catch_up(thing: Thing) -> None:
            thing.caught_up += 1
            thing.version = 2

        first = asyncio.ensure_future(openings.open("t", read, catch_up))
        second = asyncio.ensure_future(openings.open("t", read, catch_up))
        await read.begun.wait()
        openings.moved("t")  # another process moved it after the read began
        openings.moved("elsewhere")  # not being opened: nothing to remember
        read.release.set()
        a, b = await first, await second
        assert read.calls == 1
        return a, b

    a, b = asyncio.run(scenario())
    assert a is b
    assert (a.version, a.caught_up) == (2, 1)


def test_nothing_heard_means_no_catch_up_and_a_later_open_reads_afresh() -> None:
    async def scenario() -> list[Thing]:
        openings: Openings[Thing] = Openings()
        openings.moved("t")  # before anyone opens it: forgotten
        caught: list[Thing] = []

        async def catch_up(thing: Thing) -> None:
            caught.append(thing)

        async def read() -> Thing:
            return Thing(1)

        first = await openings.open("t", read, catch_up)
        second = await openings.open("t", read, catch_up)
        assert first is not second  # keeping what is open is the caller's business
        return caught

    assert asyncio.run(scenario()) == []


def test_a_failed_read_fails_everyone_waiting_and_the_next_open_tries_again() -> None:
    async def scenario() -> int:
        openings: Openings[Thing] = Openings()
        failing = HeldRead(LookupError("no table 't'"))

        first = asyncio.ensure_future(openings.open("t", failing))
        second = asyncio.ensure_future(openings.open("t", failing))
        await failing.begun.wait()
        failing.release.set()
        for waiting in (first, second):
            with pytest.raises(LookupError, match="'t'"):
                await waiting

        async def works() -> Thing:
            return Thing(3)

        assert (await openings.open("t", works)).version == 3
        return failing.calls

    assert asyncio.run(scenario()) == 1
