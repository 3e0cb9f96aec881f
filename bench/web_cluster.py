"""``bench/web_bench.py --database postgresql://... --workers 2``: many connections across
several server processes over PostgreSQL, against one process on SQLite in the same run.

The same load runs twice, each time against freshly started servers: first ``hertta serve
--workers N`` on the PostgreSQL database (``--database throwaway`` starts a private cluster,
as the tests do), then the baseline, one ``hertta serve`` process on a new SQLite file. The
load, ``--connections`` sockets in all (2,000 by default): ``--people-tables`` shared tables of
four simulated people, ``--bot-tables`` tables of one simulated person and three Easy computer
players, and Heart to Heart games for the rest, each tapping like a person after a think time
of 0..2 x ``--h2h-think-ms``. Measured for ``--seconds``: every op's round trip (a tap, a
person's decision), decisions per second (taps, people's and computer players' decisions) and
the CPU seconds of the server processes.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from websockets.asyncio.client import connect

from web_measure import Asker, line, percentile
from web_shared_tables import Stats, new_person, person, seat_tables

ROOT = Path(__file__).resolve().parents[1]


def tree_cpu_seconds(root: int) -> float:
    """User + system CPU seconds of ``root`` and every process below it (from /proc)."""
    parents: dict[int, int] = {}
    times: dict[int, float] = {}
    tick = os.sysconf("SC_CLK_TCK")
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        parents[int(entry.name)] = int(fields[1])
        times[int(entry.name)] = (int(fields[11]) + int(fields[12])) / tick
    total, stack = 0.0, [root]
    while stack:
        pid = stack.pop()
        total += times.get(pid, 0.0)
        stack += [child for child, parent in parents.items() if parent == pid]
    return total


async def tapper(url: str, cookie: str, stop: float, think_ms: float, seed: int,
                 times: list[float]) -> None:
    """A Heart to Heart player who taps the stock (or starts again) after each think time."""
    rng = (seed * 0x9E3779B97F4A7C15) & (2**64 - 1) or 1
    async with connect(url, additional_headers={"Cookie": cookie}, compression=None,
                       open_timeout=120) as ws:
        ask = Asker(ws)
        state = (await ask("hello"))["state"]
        while time.perf_counter() < stop:
            rng = (rng * 6364136223846793005 + 1442695040888963407) & (2**64 - 1)
            await asyncio.sleep((rng >> 33) % max(1, int(2 * think_ms)) / 1000)
            if time.perf_counter() >= stop:
                break
            op = "tap" if state["status"] == "playing" else "new"
            started = time.perf_counter()
            reply = await ask(op, **({"target": "stock"} if op == "tap" else {}))
            times.append(time.perf_counter() - started)
            state = reply["state"]


async def load(args: argparse.Namespace, port: int, pid: int) -> dict[str, float]:
    base, ws_base = f"http://127.0.0.1:{port}", f"ws://127.0.0.1:{port}"
    seatings = seat_tables(base, ws_base, args.people_tables, args.bot_tables, "easy")
    games = max(0, args.connections - len(seatings))
    cookies = [new_person(base, f"G{index}") for index in range(games)]
    stats, taps = Stats(), []
    ready = asyncio.Event()
    setup = 15.0  # every socket connected (and seated) before measuring
    stop = time.perf_counter() + setup + args.seconds
    tasks = [asyncio.ensure_future(person(url, cookie, sits, stop, args.think_ms, i, stats, ready))
             for i, (url, cookie, sits) in enumerate(seatings)]
    tasks += [asyncio.ensure_future(tapper(f"{ws_base}/ws/h2h", cookie, stop, args.h2h_think_ms,
                                           i + 1, taps))
              for i, cookie in enumerate(cookies)]
    await asyncio.sleep(setup)
    ready.set()
    taps.clear()
    computer_before = stats.computer
    cpu_before, measured_from = tree_cpu_seconds(pid), time.perf_counter()
    await asyncio.sleep(max(0.0, stop - time.perf_counter()))
    seconds = time.perf_counter() - measured_from
    cpu = tree_cpu_seconds(pid) - cpu_before
    computer = stats.computer - computer_before
    taps_in, people_in = list(taps), list(stats.decisions)  # what finished in the time
    everything = taps_in + people_in
    results = await asyncio.gather(*tasks, return_exceptions=True)
    failed = [r for r in results if isinstance(r, BaseException)]
    print(f"  {len(tasks)} sockets ({games} Heart to Heart, {len(seatings)} at Hearts tables), "
          f"{len(failed)} ended in an error")
    print("  " + line("round trip, every op", everything, 28))
    print("  " + line("Heart to Heart taps", taps_in, 28))
    print("  " + line("people's Hearts decisions", people_in, 28))
    decided = len(everything) + computer
    print(f"  decisions {decided / seconds:.0f}/s (computer players' {computer / seconds:.0f}/s);"
          f" server CPU {cpu:.0f} s in {seconds:.0f} s")
    return {"p50": percentile(everything, 0.5), "p99": percentile(everything, 0.99),
            "rate": decided / seconds}


def run_cluster(args: argparse.Namespace, free_port: Any, start_server: Any) -> None:
    cluster = None
    database = args.database
    if database == "throwaway":
        sys.path.insert(0, str(ROOT))
        from tests.postgres_cluster import Cluster

        cluster = Cluster()
        database = cluster.new_database()
    try:
        figures = {}
        with tempfile.TemporaryDirectory() as folder:
            for name, target, workers in (
                (f"PostgreSQL, {args.workers} processes", database, args.workers),
                ("baseline: SQLite, one process", str(Path(folder) / "bench.db"), 1),
            ):
                port = free_port()
                print(f"{name} (port {port}), {args.seconds:g} s measured")
                # One computer-player process per server process: the machine has two cores.
                server = start_server(port, target, ("--workers", str(workers)),
                                      {"HERTTA_WORKERS": "1"})
                try:
                    figures[name] = asyncio.run(load(args, port, server.pid))
                finally:
                    server.terminate()
                    server.wait(timeout=30)
        (multi, multi_f), (_, single) = figures.items()
        print(f"{multi} / one SQLite process: decisions/s {multi_f['rate'] / single['rate']:.2f}x, "
              f"round trip p50 {multi_f['p50'] / single['p50']:.2f}x, "
              f"p99 {multi_f['p99'] / single['p99']:.2f}x")
    finally:
        if cluster is not None:
            cluster.stop()
