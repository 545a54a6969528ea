"""Benchmark: keystroke-to-screen latency over SSH with 1 and with 20 sessions.

Starts ``nfgalaxy serve`` in-process on a free loopback port, opens sessions with asyncssh,
starts a game in each, then times how long a key (cursor down in the decision list) takes to
produce the app's redraw at the client. Reports, does not assert.
Run ``python benchmarks/bench_ssh.py [--keys 30]``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import tempfile
import time
from pathlib import Path

import asyncssh

from nfgalaxy.server.ssh import GameServer, ServeConfig

TERM = {"term_type": "xterm-256color", "term_size": (140, 44)}


async def read_until(proc, text: bytes, seconds: float = 120) -> None:
    seen = b""
    deadline = time.monotonic() + seconds
    while text not in seen:
        seen += await asyncio.wait_for(proc.stdout.read(65536), deadline - time.monotonic())


async def session(port: int, keys: int, ready: asyncio.Barrier) -> list[float]:
    async with asyncssh.connect(  # as a keyless guest: no key or agent of whoever runs it
        "127.0.0.1",
        port,
        username="bench",
        known_hosts=None,
        client_keys=None,
        agent_path=None,
        password="",
    ) as conn:
        proc = await conn.create_process(encoding=None, **TERM)
        await read_until(proc, b"Players online")  # the lobby: n for a game of one's own
        proc.stdin.write(b"n")
        await read_until(proc, b"Start game")
        proc.stdin.write(b"\r")
        await read_until(proc, b"choose")
        await asyncio.sleep(1)
        while True:  # drain what is left of the first screen
            try:
                await asyncio.wait_for(proc.stdout.read(65536), 0.3)
            except TimeoutError:
                break
        await ready.wait()
        latencies = []
        for index in range(keys):
            key = b"\x1b[B" if index % 2 == 0 else b"\x1b[A"
            started = time.monotonic()
            proc.stdin.write(key)
            await asyncio.wait_for(proc.stdout.read(65536), 30)
            latencies.append(time.monotonic() - started)
            await asyncio.sleep(0.05)
            while True:
                try:
                    await asyncio.wait_for(proc.stdout.read(65536), 0.05)
                except TimeoutError:
                    break
        proc.close()
        return latencies


async def measure(sessions: int, keys: int) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as root:
        server = GameServer(ServeConfig(port=0, data_root=Path(root), bot_delay=0))
        await server.start()
        try:
            ready = asyncio.Barrier(sessions)
            results = await asyncio.gather(
                *(session(server.port, keys, ready) for _ in range(sessions))
            )
        finally:
            await server.shutdown()
    times = sorted(t for r in results for t in r)
    return {
        "sessions": sessions,
        "keys": len(times),
        "median_ms": round(1000 * statistics.median(times), 1),
        "p95_ms": round(1000 * times[int(0.95 * (len(times) - 1))], 1),
        "max_ms": round(1000 * times[-1], 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--keys", type=int, default=30)
    args = parser.parse_args()
    report = [asyncio.run(measure(n, args.keys)) for n in (1, 20)]
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
