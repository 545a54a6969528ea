"""The table store's tests: each test that takes ``database`` (or ``store``) gets a database
of its own, a SQLite file in its temporary folder."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from nfgalaxy.tables.model import SeatSpec, Table, TableSpec
from nfgalaxy.tables.sqlite_store import SqliteStore
from nfgalaxy.tables.store import TableStore

ROOT = Path(__file__).resolve().parents[2]
ANN, BOB, CAT = "SHA256:ann", "SHA256:bob", "SHA256:cat"


class Clock:
    """The stores' time, moved on by the tests (the chat window passes without a sleep)."""

    def __init__(self) -> None:
        self.now = time.time()

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


@dataclass
class Database:
    """One database under test; ``connect`` opens another connection to it
    (as another front end or session would), closed at the end of the test."""

    kind: str
    target: str
    clock: Clock
    opened: list[TableStore] = field(default_factory=list)

    def connect(self, migrate: bool = True) -> TableStore:
        store = SqliteStore(self.target, clock=self.clock)
        self.opened.append(store)
        if migrate:
            store.migrate()
        return store

    @contextmanager
    def killed_at_the_end(self, script: str, table_id: int, ready: str) -> Iterator[None]:
        """Run ``script`` in a process of its own (with the database's target and
        ``table_id`` as its arguments) until it prints ``ready``, then kill it with SIGKILL
        when the block ends: no clean shutdown, as when a serve process is killed -9."""
        process = subprocess.Popen(
            [sys.executable, "-c", script, self.target, str(table_id)],
            stdout=subprocess.PIPE,
            text=True,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
        )
        try:
            assert process.stdout is not None
            assert process.stdout.readline().strip() == ready
            yield
        finally:
            os.kill(process.pid, signal.SIGKILL)
            process.wait(timeout=30)
        assert process.returncode == -signal.SIGKILL

    def execute(self, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        """Run SQL on a connection of its own, outside the store (to tamper with it)."""
        with sqlite3.connect(self.target) as connection:
            return connection.execute(sql, params).fetchall()

    def tables(self) -> list[str]:
        """The names of the tables in the store."""
        query = "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite%'"
        return sorted(row[0] for row in self.execute(query))


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def database(tmp_path: Path, clock: Clock) -> Iterator[Database]:
    found = Database("sqlite", str(tmp_path / "tables.sqlite"), clock)
    yield found
    for store in found.opened:
        store.close()


@pytest.fixture
def store(database: Database) -> TableStore:
    return database.connect()


@pytest.fixture
def players(store: TableStore) -> tuple[str, str, str]:
    """Three registered players: Ann, Bob and Cat."""
    for fingerprint, name in ((ANN, "Ann"), (BOB, "Bob"), (CAT, "Cat")):
        store.register(fingerprint, name)
    return ANN, BOB, CAT


@pytest.fixture
def playing(store: TableStore, players) -> Table:
    """A started two-player table: Ann (its host) in seat 1, Bob in seat 2."""
    table = store.create(TableSpec("new-frontiers", (SeatSpec(), SeatSpec()), seed=5), ANN)
    store.join(table.id, BOB)
    return store.start(table.id)
