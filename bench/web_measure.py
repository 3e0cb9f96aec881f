"""What the web benchmarks share: asking on a socket and waiting for the answer, a bystander's
ping on its own socket, percentiles, and the line a series of times is printed as."""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any

from websockets.asyncio.client import ClientConnection, connect


class Asker:
    """Sends one intent at a time on ``ws`` and returns the message that answers it (``re``
    is its ``seq``); what is pushed meanwhile is read and dropped."""

    def __init__(self, ws: ClientConnection) -> None:
        self.ws = ws
        self.seq = 0

    async def __call__(self, op: str, **args: Any) -> dict[str, Any]:
        self.seq += 1
        await self.ws.send(json.dumps({"op": op, "seq": self.seq, **args}))
        while True:
            message: dict[str, Any] = json.loads(await self.ws.recv())
            if message.get("re") == self.seq:
                return message


async def bystander(url: str, cookie: str, stop: float) -> list[float]:
    """Ping every 50 ms until ``stop``; the round trip of each ping, in seconds."""
    times: list[float] = []
    async with connect(url, additional_headers={"Cookie": cookie}, compression=None) as ws:
        seq = 0
        while time.perf_counter() < stop:
            seq += 1
            start = time.perf_counter()
            await ws.send(json.dumps({"op": "ping", "seq": seq}))
            while json.loads(await ws.recv()).get("re") != seq:
                pass
            times.append(time.perf_counter() - start)
            await asyncio.sleep(0.05)
    return times


def percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile (0..1) of ``values``, nearest rank."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))]


def line(name: str, values: list[float], width: int = 26) -> str:
    ms = [1000 * percentile(values, q) for q in (0.5, 0.9, 0.99)]
    return (f"{name:{width}} n {len(values):6}  p50 {ms[0]:7.2f} ms  p90 {ms[1]:7.2f} ms  "
            f"p99 {ms[2]:7.2f} ms  max {1000 * max(values):8.2f} ms")
