"""What the web benchmarks share: a bystander's ping on its own socket, percentiles, and the
line a series of times is printed as."""

from __future__ import annotations

import asyncio
import json
import time

from websockets.asyncio.client import connect


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
