"""A real ``nfgalaxy serve`` in a process of its own, for the tests that kill one with SIGKILL
or run two on one database; and a player's session at a table, deciding as a session's app
would (through the referee, on a store connection of its own)."""

from __future__ import annotations

import os
import random
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

from nfgalaxy.tables.model import SeatKind, Table, TableStatus
from nfgalaxy.tables.referee import Referee

ROOT = Path(__file__).resolve().parents[2]
#: How the runner logs each decision it stored (``nfgalaxy.tables.runner``).
DECIDED = re.compile(r"table (\d+): seat (\d+) \(\w+\) decided at position (\d+)")


class ServeProcess:
    """``nfgalaxy serve --port 0`` with the given arguments, its log (INFO) in a file; it is
    started at once, and ``ready`` waits until it serves (so several start together)."""

    def __init__(self, data_dir: Path, *arguments: str) -> None:
        data_dir.mkdir(parents=True, exist_ok=True)
        self.log_path = data_dir / f"serve-{time.monotonic_ns()}.log"
        env = {
            **os.environ,
            "PYTHONPATH": str(ROOT),
            "NFGALAXY_DATA_DIR": str(data_dir),
            "NFGALAXY_LOG_LEVEL": "INFO",
        }
        with open(self.log_path, "w") as log:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "nfgalaxy", "serve", "--port", "0", *arguments],
                stdout=subprocess.PIPE,
                stderr=log,
                text=True,
                env=env,
            )
        self.lines: list[str] = []
        self.port = 0

    def ready(self) -> ServeProcess:
        """Wait until it listens and has opened the tables' store."""
        assert self.process.stdout is not None
        while not self.lines or not self.lines[-1].startswith("Tables:"):
            line = self.process.stdout.readline()
            assert line, f"serve stopped: {self.lines} {self.log_path.read_text()}"
            self.lines.append(line.strip())
        self.port = int(re.search(r":(\d+)$", self.lines[0]).group(1))
        return self

    def decided(self) -> list[tuple[int, int, int]]:
        """(table, seat, position) of every decision this process's runner stored."""
        return [
            (int(t), int(s) - 1, int(p)) for t, s, p in DECIDED.findall(self.log_path.read_text())
        ]

    def kill(self) -> None:
        """SIGKILL: no clean shutdown, as with ``kill -9``."""
        os.kill(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=30)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.kill()


def play_humans_until(
    referees: list[Referee],
    table: Table,
    done,
    seconds: float,
    choose: random.Random,
) -> None:
    """The humans' sessions: whenever a human seat is to move, decide for it (a random legal
    decision), seat by seat through ``referees[seat % len(referees)]`` (sessions on as many
    front ends); the bots' seats are the servers'. Until ``done()``, or fail after
    ``seconds``."""
    deadline = time.monotonic() + seconds
    store = referees[0].store
    with store.subscribe() as decisions:
        while not done():
            _play_one(referees, table, choose, deadline, decisions)


def _play_one(referees, table, choose, deadline, decisions) -> None:
    """A human's decision if one is to move, else wait for the next decision stored."""
    store = referees[0].store
    assert time.monotonic() < deadline, (
        f"table {table.id} stuck at {len(store.decisions(table.id))} decisions"
    )
    seat = referees[0].game(table.id).to_move()
    playing = store.table(table.id).status is TableStatus.PLAYING
    if not playing or seat is None or table.spec.seats[seat].kind is SeatKind.BOT:
        decisions.wait(0.2)
        return
    referee = referees[seat % len(referees)]
    game = referee.game(table.id)
    if game.to_move() == seat:
        referee.play(table.id, table.occupants[seat], choose.choice(game.legal_decisions()))
