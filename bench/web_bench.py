"""The web server under load: four scenarios against a real ``hertta serve`` process on
127.0.0.1 and a free port with a temporary database, and several processes over PostgreSQL.

``--scenario taps`` (the default): round-trip time per tap with many concurrent Heart to Heart
games, beside a bare echo, in the same server process:

1. ``echo``: N WebSocket clients send tap-sized JSON frames to ``/ws/echo`` (no game work);
2. ``game``: N clients, each its own player and game, tap like a person who sees only the page
   (a visible pair if there is one, else mostly the stock, sometimes a random card).

Each client waits a random think time (uniform 0..2 x ``--think-ms``, 1000 by default: about
one tap a second per game, a brisk person's pace) between taps. Before the two phases every
client plays ``--warmup-taps`` taps on the fresh server ("cold", shown but not the figure).

``--scenario bots``: ``--tables`` Hearts tables of one quick simulated person and five Hard
computer players each play continuously, while a bystander pings on its own socket every
50 ms and a new visitor (no cookie) loads the home page every 250 ms. The same bystander and
visitor are first measured for the same time on the idle server: that is the baseline.

``--scenario shared``: shared Hearts tables of four people and of one person with three Hard
players, playing at once (``bench/web_shared_tables.py``).

``--database postgresql://... --workers 2`` (or ``--database throwaway``, a private cluster):
``--connections`` sockets across several server processes over PostgreSQL, and the same load
against one process on SQLite in the same run (``bench/web_cluster.py``).

``--scenario resume``: a Heart to Heart game of ``--moves`` moves is written through the
table service, then resumed: reading it (checkpoint + the moves after it) in this process, and
a page's first snapshot from a freshly started server; the baseline is replaying every move.

Every scenario prints its latencies (p50/p90/p99/max) and rates, and the baseline it names above
measured in the same run with the ratio; taps, bots and shared also the server's CPU and
peak memory. Usage::

    .venv/bin/python bench/web_bench.py [--clients 200] [--taps 100] [--think-ms 1000]
    .venv/bin/python bench/web_bench.py --scenario bots [--tables 20] [--seconds 60]
    .venv/bin/python bench/web_bench.py --scenario resume [--moves 30000]
    .venv/bin/python bench/web_bench.py --scenario shared [--people-tables 200] [--bot-tables 200]
    .venv/bin/python bench/web_bench.py --database throwaway --workers 2 [--connections 2000]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import resource
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from http.cookies import SimpleCookie
from pathlib import Path
from typing import Any

from websockets.asyncio.client import connect

from hertta.rng import SplitMix64

try:  # run as a script: this folder is on the path
    import bench_cli
    from web_measure import Asker, bystander, line, percentile
except ModuleNotFoundError:  # imported by the tests as bench.web_bench
    from bench.web_measure import Asker, bystander, line, percentile

    from bench import bench_cli


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def start_server(
    port: int, db: str, extra: tuple[str, ...] = (), env: dict[str, str] | None = None
) -> subprocess.Popen[bytes]:
    """``hertta serve`` on 127.0.0.1:``port`` (with ``extra`` arguments), once it answers."""
    script = Path(sys.executable).with_name("hertta")
    command = [str(script)] if script.exists() else [sys.executable, "-m", "hertta"]
    command += ["serve", "--host", "127.0.0.1", "--port", str(port), "--db", db, *extra]
    environment = {**os.environ, "HERTTA_BENCH_ECHO": "1", **(env or {})}
    process = subprocess.Popen(command, env=environment, stdout=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if process.poll() is not None:  # it said why on stderr (a bad database, a used port)
            raise ChildProcessError(f"the server ended at start (exit code {process.returncode})")
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=1):
                return process
        except OSError:
            time.sleep(0.05)
    process.kill()
    raise ChildProcessError("the server did not answer within 60 s of its start")


def player_cookie(port: int) -> str:
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5) as reply:
        cookie = SimpleCookie()
        cookie.load(reply.headers.get("set-cookie", ""))
    return f"hertta_player={cookie['hertta_player'].value}"


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process so far (from /proc/<pid>/stat)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def own_cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def peak_memory_kib(pid: int) -> int:
    for entry in Path(f"/proc/{pid}/status").read_text().splitlines():
        if entry.startswith("VmHWM:"):
            return int(entry.split()[1])
    return 0


def choose_taps(
    state: dict[str, Any],
    rng: SplitMix64,
    pair_percent: int = 80,
    stock_percent: int = 92,
    tap_waste: bool = False,
) -> list[int | str]:
    """What a person who sees only the page might tap next: a visible pair (two free heart
    cards of one rank, or a free card and the waste top of its rank) on a roll below
    ``pair_percent``, else the stock below ``stock_percent``, else a random heart place (or,
    with ``tap_waste``, half the time the waste). tests/web/test_no_hidden_cards.py uses it too."""
    free = state["free"]
    rank = {p: state["heart"][p - 1][0] for p in free}
    top = state["waste"]["top"]
    pairs: list[list[int | str]] = [
        [p, q] for i, p in enumerate(free) for q in free[i + 1 :] if rank[p] == rank[q]
    ]
    pairs += [[p, "waste"] for p in free if top is not None and rank[p] == top[0]]
    roll = rng.below(100)
    if pairs and roll < pair_percent:
        return list(rng.choice(pairs))
    if roll < stock_percent:
        return ["stock"]
    if tap_waste and not rng.below(2):
        return ["waste"]
    return [rng.below(25) + 1]


async def think(rng: SplitMix64, think_ms: float) -> None:
    if think_ms > 0:
        await asyncio.sleep(rng.below(int(2 * think_ms * 1000) + 1) / 1e6)


async def echo_client(url: str, taps: int, think_ms: float, seed: int) -> list[float]:
    rng = SplitMix64(seed)
    times: list[float] = []
    async with connect(url, compression=None) as ws:
        for seq in range(taps):
            await think(rng, think_ms)
            frame = json.dumps({"op": "tap", "seq": seq, "target": "stock"})
            start = time.perf_counter()
            await ws.send(frame)
            await ws.recv()
            times.append(time.perf_counter() - start)
    return times


async def game_client(
    url: str, cookie: str, taps: int, think_ms: float, seed: int
) -> tuple[list[float], int]:
    rng = SplitMix64(seed)
    times: list[float] = []
    games = 1
    async with connect(url, additional_headers={"Cookie": cookie}, compression=None) as ws:
        ask = Asker(ws)
        state = (await ask("hello"))["state"]
        done = 0
        while done < taps:
            if state["status"] != "playing":
                state = (await ask("new"))["state"]
                games += 1
            for target in choose_taps(state, rng):
                await think(rng, think_ms)
                start = time.perf_counter()
                reply = await ask("tap", target=target)
                times.append(time.perf_counter() - start)
                state = reply["state"]
                done += 1
    return times, games


class Meter:
    """Wall time and the CPU time of the server and of this client process over one phase."""

    def __init__(self, server_pid: int | None) -> None:
        self.server_pid = server_pid
        self.wall = time.perf_counter()
        self.client_cpu = own_cpu_seconds()
        self.server_cpu = cpu_seconds(server_pid) if server_pid else 0.0

    def report(self, name: str, times: list[float]) -> None:
        seconds = time.perf_counter() - self.wall
        values = sorted(times)
        ms = [1000 * percentile(values, q) for q in (0.5, 0.9, 0.99)]
        taps = len(values)
        cpu = f"client CPU {1e6 * (own_cpu_seconds() - self.client_cpu) / taps:5.0f} us/tap"
        if self.server_pid:
            server = cpu_seconds(self.server_pid) - self.server_cpu
            cpu = f"server CPU {1e6 * server / taps:5.0f} us/tap, " + cpu
        print(
            f"{name:5}  taps {taps:6}  {taps / seconds:6.0f}/s  p50 {ms[0]:6.2f} ms  "
            f"p90 {ms[1]:6.2f} ms  p99 {ms[2]:6.2f} ms  max {1000 * values[-1]:7.2f} ms  ({cpu})"
        )


async def run(args: argparse.Namespace, port: int, server_pid: int | None) -> None:
    base = f"ws://127.0.0.1:{port}"
    cookies = [player_cookie(port) for _ in range(args.clients)]
    if args.warmup_taps:
        # A fresh server's first minute is not its steady state: the tables are created, the
        # templates compiled, SQLite's cache filled. Shown, then measured again warm.
        meter = Meter(server_pid)
        cold = await asyncio.gather(
            *(
                game_client(f"{base}/ws/h2h", cookies[i], args.warmup_taps, args.think_ms, i)
                for i in range(args.clients)
            )
        )
        meter.report("cold", [t for times, _ in cold for t in times])
    meter = Meter(server_pid)
    echo = await asyncio.gather(
        *(echo_client(f"{base}/ws/echo", args.taps, args.think_ms, i) for i in range(args.clients))
    )
    echo_times = [t for times in echo for t in times]
    meter.report("echo", echo_times)
    meter = Meter(server_pid)
    games = await asyncio.gather(
        *(
            game_client(f"{base}/ws/h2h", cookies[i], args.taps, args.think_ms, 1000 + i)
            for i in range(args.clients)
        )
    )
    game_times = [t for times, _ in games for t in times]
    meter.report("game", game_times)
    print(f"games played: {sum(count for _, count in games)}")
    # The baseline: the bare echo in the same run, so the ratio is what the game's work adds.
    print(
        "ratio game/echo: p50 "
        f"{percentile(game_times, 0.5) / percentile(echo_times, 0.5):.2f}x, p99 "
        f"{percentile(game_times, 0.99) / percentile(echo_times, 0.99):.2f}x"
    )


def quick_decision(state: dict[str, Any]) -> tuple[str, dict[str, Any]] | None:
    """A person who decides at once: pass the three highest cards, play the lowest legal
    card, add for a moon, go on after a round, start again after a match."""
    status = state["status"]
    if status in ("match_over", "none"):
        return "new", dict(NEW_BOT_TABLE)
    if status == "round_over":
        return "next", {}
    obs = state["observation"]
    if status == "passing" and not obs["passed"]:
        order = sorted(obs["hand"], key=lambda c: "23456789TJQKA".index(c[0]))
        return "pass", {"cards": order[-3:]}
    if status == "playing" and obs["turn"] == 0:
        return "play", {"card": obs["legal_plays"][0]}
    if status == "moon_choice" and obs["moon_shooter"] == 0:
        return "moon", {"option": "add"}
    return None


NEW_BOT_TABLE: dict[str, Any] = {
    "players": 6, "preset": "standard", "score_limit": 100,
    "opponents": [{"name": f"Hard{i}", "level": "hard"} for i in range(1, 6)],
}


async def hearts_table(url: str, cookie: str, stop: float, counts: dict[str, int]) -> None:
    """One table: the quick person answers whenever the table waits for them."""
    async with connect(url, additional_headers={"Cookie": cookie}, compression=None) as ws:
        seq = 0
        await ws.send(json.dumps({"op": "hello", "seq": 0}))
        state = json.loads(await ws.recv())["state"]
        while time.perf_counter() < stop:
            choice = quick_decision(state)
            if choice is not None:
                seq += 1
                await ws.send(json.dumps({"op": choice[0], "seq": seq, **choice[1]}))
                counts["person"] += 1
            message = json.loads(await asyncio.wait_for(ws.recv(), 60))
            if "state" in message:
                state = message["state"]
            counts["computer"] += sum(
                e["type"] in ("play", "passed") and e.get("seat") != 0
                for e in message.get("events", [])
            )


async def visitor(base: str, stop: float) -> list[float]:
    times: list[float] = []

    def load() -> None:
        with urllib.request.urlopen(f"{base}/", timeout=30) as reply:
            reply.read()

    while time.perf_counter() < stop:
        start = time.perf_counter()
        await asyncio.to_thread(load)
        times.append(time.perf_counter() - start)
        await asyncio.sleep(0.25)
    return times


async def run_bots(args: argparse.Namespace, port: int, server_pid: int) -> None:
    base = f"http://127.0.0.1:{port}"
    ws_base = f"ws://127.0.0.1:{port}"
    watcher = player_cookie(port)
    stop = time.perf_counter() + args.seconds
    idle_pings, idle_pages = await asyncio.gather(
        bystander(f"{ws_base}/ws/h2h", watcher, stop), visitor(base, stop)
    )
    print(line("idle: bystander ping", idle_pings))
    print(line("idle: new visitor's page", idle_pages))
    cookies = [player_cookie(port) for _ in range(args.tables)]
    counts = {"person": 0, "computer": 0}
    cpu_before = cpu_seconds(server_pid)
    stop = time.perf_counter() + args.seconds
    tables = [hearts_table(f"{ws_base}/ws/hearts", c, stop, counts) for c in cookies]
    results = await asyncio.gather(
        bystander(f"{ws_base}/ws/h2h", watcher, stop), visitor(base, stop), *tables
    )
    busy_pings, busy_pages = results[0], results[1]
    print(line(f"{args.tables} tables: bystander ping", busy_pings))
    print(line(f"{args.tables} tables: visitor's page", busy_pages))
    p99 = [percentile(v, 0.99) for v in (idle_pings, busy_pings, idle_pages, busy_pages)]
    print(f"ratio busy/idle p99: ping {p99[1] / p99[0]:.1f}x, page {p99[3] / p99[2]:.1f}x "
          f"(goals: ping p99 <= 50 ms, page p99 <= 200 ms)")
    cpu = cpu_seconds(server_pid) - cpu_before
    rate = counts["computer"] / args.seconds
    print(f"computer players' decisions {counts['computer']} ({rate:.1f}/s), the people's "
          f"{counts['person']}; web process CPU {cpu:.1f} s in {args.seconds:g} s "
          "(the computer players think in worker processes)")


def main() -> None:
    parser = argparse.ArgumentParser(description=bench_cli.description(__doc__))
    parser.add_argument("--scenario", choices=("taps", "bots", "resume", "shared"),
                        default="taps")
    parser.add_argument("--database", help="cluster: a postgresql:// URL, or 'throwaway'")
    parser.add_argument(
        "--workers", type=bench_cli.count, default=2, help="cluster: server processes",
    )
    parser.add_argument(
        "--connections", type=bench_cli.count, default=2000, help="cluster: sockets",
    )
    parser.add_argument("--h2h-think-ms", type=float, default=5000.0,
                        help="cluster: mean pause between a Heart to Heart game's taps")
    parser.add_argument("--people-tables", type=int, default=None,
                        help="shared: tables of four people")
    parser.add_argument("--bot-tables", type=int, default=None,
                        help="shared: tables of one person and three Hard players")
    parser.add_argument("--tables", type=bench_cli.count, default=20, help="bots: Hearts tables")
    parser.add_argument(
        "--seconds", type=bench_cli.seconds, default=60.0, help="bots: seconds per phase",
    )
    parser.add_argument(
        "--moves", type=bench_cli.count, default=30_000, help="resume: moves in the game",
    )
    parser.add_argument("--clients", type=bench_cli.count, default=200)
    parser.add_argument(
        "--taps", type=bench_cli.count, default=100, help="taps per client and phase",
    )
    parser.add_argument(
        "--think-ms", type=float, default=None,
        help="mean pause between taps (taps: 1000, shared: 250)",
    )
    parser.add_argument(
        "--warmup-taps", type=int, default=20, help="taps: per client on the fresh server first"
    )
    parser.add_argument(
        "--attach",
        type=int,
        default=0,
        metavar="PORT",
        help="measure a server already running on 127.0.0.1:PORT (with the "
        "echo endpoint on) instead of starting one",
    )
    args = parser.parse_args()
    cluster = args.database is not None
    if args.think_ms is None:
        args.think_ms = 250.0 if args.scenario == "shared" else 1000.0
        args.think_ms = 1000.0 if cluster else args.think_ms
    if args.people_tables is None:
        args.people_tables = 25 if cluster else 200
    if args.bot_tables is None:
        args.bot_tables = 100 if cluster else 200
    if cluster:
        if args.seconds == 60.0:
            args.seconds = 30.0
        from web_cluster import run_cluster

        run_cluster(args, free_port, start_server)
        return
    if args.scenario == "resume":
        from web_resume import run_resume

        run_resume(args, free_port, start_server)
        return
    if args.attach:
        asyncio.run(run(args, args.attach, None))
        return
    with tempfile.TemporaryDirectory() as folder:
        port = free_port()
        server = start_server(port, str(Path(folder) / "bench.db"))
        try:
            if args.scenario == "shared":
                # Imported here: the bench folder is on the path when this file runs as a script.
                from web_shared_tables import run_shared

                print(f"shared tables, {args.seconds:g} s measured, think time 0.."
                      f"{2 * args.think_ms:g} ms, server pid {server.pid}")
                asyncio.run(run_shared(args, port, lambda: cpu_seconds(server.pid)))
            elif args.scenario == "bots":
                print(f"{args.tables} Hearts tables (a quick person and 5 Hard computer players"
                      f" each), {args.seconds:g} s per phase, server pid {server.pid}")
                asyncio.run(run_bots(args, port, server.pid))
            else:
                print(
                    f"{args.clients} clients x {args.taps} taps, think time 0.."
                    f"{2 * args.think_ms:g} ms, server pid {server.pid} on 127.0.0.1:{port}"
                )
                asyncio.run(run(args, port, server.pid))
            print(f"server peak memory (VmHWM): {peak_memory_kib(server.pid) / 1024:.1f} MiB")
        finally:
            server.terminate()
            server.wait(timeout=10)


if __name__ == "__main__":
    bench_cli.run(main)
