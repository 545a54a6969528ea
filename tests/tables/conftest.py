"""The table store's tests run twice: on a SQLite file and on a real PostgreSQL server.

Every test that takes ``database`` (or ``store``) runs against both. The PostgreSQL cases use a
schema of their own, ``nfg_test_<random>``, dropped afterwards, on the server that
``NFGALAXY_TEST_POSTGRES`` names (``postgresql://127.0.0.1:5432/test`` by default). When that
server cannot be reached they are skipped, unless ``NFGALAXY_REQUIRE_POSTGRES=1`` says a
skipped PostgreSQL test is a failure (CI sets it: ``.ci/run``).
"""

from __future__ import annotations

import os
import secrets
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

import psycopg
import pytest

from nfgalaxy.tables.model import SeatSpec, Table, TableSpec
from nfgalaxy.tables.postgres_store import PostgresStore
from nfgalaxy.tables.sqlite_store import SqliteStore
from nfgalaxy.tables.store import TableStore

ROOT = Path(__file__).resolve().parents[2]
POSTGRES_URL = os.environ.get("NFGALAXY_TEST_POSTGRES", "postgresql://127.0.0.1:5432/test")
REQUIRE_POSTGRES = os.environ.get("NFGALAXY_REQUIRE_POSTGRES") == "1"
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
    """One database under test, of either kind; ``connect`` opens another connection to it
    (as another front end or session would), closed at the end of the test."""

    kind: str
    target: str
    schema: str | None
    clock: Clock
    opened: list[TableStore] = field(default_factory=list)

    def connect(self, migrate: bool = True) -> TableStore:
        store: TableStore
        if self.kind == "sqlite":
            store = SqliteStore(self.target, clock=self.clock)
        else:
            assert self.schema is not None
            store = PostgresStore(self.target, self.schema, clock=self.clock)
        self.opened.append(store)
        if migrate:
            store.migrate()
        return store

    @contextmanager
    def killed_at_the_end(self, script: str, table_id: int, ready: str) -> Iterator[None]:
        """Run ``script`` in a process of its own (with the database's target, schema and
        ``table_id`` as its arguments) until it prints ``ready``, then kill it with SIGKILL
        when the block ends: no clean shutdown, as when a serve process is killed -9."""
        process = subprocess.Popen(
            [sys.executable, "-c", script, self.target, self.schema or "", str(table_id)],
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
        if self.kind == "sqlite":
            with sqlite3.connect(self.target) as connection:
                return connection.execute(sql, params).fetchall()
        with psycopg.connect(self.target, autocommit=True) as connection:
            connection.execute(f'SET search_path TO "{self.schema}"')
            cursor = connection.execute(sql.replace("?", "%s"), params)
            return cursor.fetchall() if cursor.description else []

    def tables(self) -> list[str]:
        """The names of the tables in the store's schema."""
        if self.kind == "sqlite":
            query = (
                "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite%'"
            )
            return sorted(row[0] for row in self.execute(query))
        query = "SELECT tablename FROM pg_tables WHERE schemaname = ?"
        return sorted(row[0] for row in self.execute(query, (self.schema,)))


def _postgres_reachable() -> str | None:
    """Why PostgreSQL cannot be used, or None."""
    try:
        psycopg.connect(POSTGRES_URL, connect_timeout=3).close()
    except psycopg.OperationalError as error:
        return f"PostgreSQL at {POSTGRES_URL} is unreachable: {error}"
    return None


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request, tmp_path: Path, clock: Clock) -> Iterator[Database]:
    if request.param == "sqlite":
        found = Database("sqlite", str(tmp_path / "tables.sqlite"), None, clock)
    else:
        problem = _postgres_reachable()
        if problem:
            if REQUIRE_POSTGRES:
                pytest.fail(f"{problem} (NFGALAXY_REQUIRE_POSTGRES=1: it may not be skipped)")
            pytest.skip(problem)
        found = Database("postgresql", POSTGRES_URL, f"nfg_test_{secrets.token_hex(6)}", clock)
    yield found
    for store in found.opened:
        store.close()
    if found.kind == "postgresql":
        with psycopg.connect(POSTGRES_URL, autocommit=True) as connection:
            connection.execute(f'DROP SCHEMA IF EXISTS "{found.schema}" CASCADE')


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
