"""The embedded table store: one SQLite file in the server's data directory, no setup.

Every session of ``nfgalaxy serve`` is a process of its own, so several processes share the
file. Write-ahead logging lets them read while one writes, and ``synchronous=FULL`` syncs the
log at every commit: a decision ``append`` returned is on the disk, whatever then kills the
process. Writes begin with ``BEGIN IMMEDIATE``, taking the file's write lock at once, so two
writers queue (up to ``BUSY_SECONDS``) instead of one failing midway; the second then finds
the position the first took (``PositionTaken``).

SQLite has no notifications between processes: ``subscribe`` polls. Every ``POLL_SECONDS`` it
asks the connection's ``PRAGMA data_version``, which changes when another connection has
committed and costs no read of a table; only then does it read the decisions table by its row
id (a few rows, on an index). So a front end learns of a decision within ``POLL_SECONDS``
(10 ms on average) at the price of one pragma a poll, where reading the tables every 50 ms cost
more and told it 25 ms later on average. Leading a table is an exclusive ``flock`` of a
file per table beside the database, so it holds across processes and passes on when the
holder closes it or dies.
"""

from __future__ import annotations

import fcntl
import os
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from nfgalaxy.tables.dialect import Duplicate, Notice, Subscription, Transaction
from nfgalaxy.tables.migrations import Dialect
from nfgalaxy.tables.store import TableStore

BUSY_SECONDS = 10.0
#: How often a subscription looks whether anything was committed.
POLL_SECONDS = 0.02
_UNIQUE = ("SQLITE_CONSTRAINT_UNIQUE", "SQLITE_CONSTRAINT_PRIMARYKEY")


def _connect(path: Path) -> sqlite3.Connection:
    # isolation_level=None: no implicit transactions; each operation says BEGIN itself.
    # check_same_thread=False: the store is shared by threads, one at a time (its lock).
    connection = sqlite3.connect(
        path, timeout=BUSY_SECONDS, isolation_level=None, check_same_thread=False
    )
    connection.execute("PRAGMA journal_mode = WAL")
    connection.execute("PRAGMA synchronous = FULL")
    connection.execute("PRAGMA foreign_keys = ON")
    return connection


class _SqliteTransaction(Transaction):
    def __init__(self, connection: sqlite3.Connection) -> None:
        self._connection = connection

    def _execute(self, sql: str, params: Sequence[Any]) -> sqlite3.Cursor:
        try:
            return self._connection.execute(sql, tuple(params))
        except sqlite3.IntegrityError as error:
            if getattr(error, "sqlite_errorname", "") in _UNIQUE:
                raise Duplicate(str(error)) from error
            raise

    def rows(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        return self._execute(sql, params).fetchall()

    def change(self, sql: str, params: Sequence[Any] = ()) -> int:
        return self._execute(sql, params).rowcount


class SqliteStore(TableStore):
    """The store in the SQLite file at ``path`` (created, with its folder, if missing)."""

    dialect = Dialect.SQLITE

    def __init__(self, path: str | os.PathLike[str], clock: Callable[[], float] = time.time):
        super().__init__(clock)
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._connection = _connect(self.path)
        self._lock = threading.RLock()
        self._leading: dict[int, int] = {}  # table id -> the open lock file's descriptor

    @contextmanager
    def _transaction(self, write: bool) -> Iterator[Transaction]:
        with self._lock:
            self._connection.execute("BEGIN IMMEDIATE" if write else "BEGIN")
            try:
                yield _SqliteTransaction(self._connection)
            except BaseException:
                if self._connection.in_transaction:  # some errors end it themselves
                    self._connection.execute("ROLLBACK")
                raise
            self._connection.execute("COMMIT")

    def _has_schema_version(self, tx: Transaction) -> bool:
        return bool(
            tx.rows("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_version'")
        )

    def _prepare_migration(self, tx: Transaction) -> None:
        """Nothing: ``BEGIN IMMEDIATE`` already keeps every other writer out."""

    def _announce(self, tx: Transaction, table_id: int, position: int) -> None:
        """Nothing: subscribers poll the file (see ``_SqlitePoll``)."""

    def _log_mark(self, tx: Transaction) -> int:
        return int(tx.rows("SELECT COALESCE(MAX(rowid), 0) FROM decisions")[0][0])

    def subscribe(self) -> Subscription:
        return _SqlitePoll(self.path)

    def _lead_file(self, table_id: int) -> Path:
        return self.path.with_name(f"{self.path.name}-leaders") / str(int(table_id))

    def try_lead(self, table_id: int) -> bool:
        with self._lock:
            if table_id in self._leading:
                return True
            path = self._lead_file(table_id)
            path.parent.mkdir(exist_ok=True)
            # The files are never removed: unlinking a lock file lets a waiter lock the old
            # one while a newcomer locks a new one, and both would lead.
            descriptor = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
            try:
                fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                os.close(descriptor)
                return False
            self._leading[table_id] = descriptor
            return True

    def release(self, table_id: int) -> None:
        with self._lock:
            descriptor = self._leading.pop(table_id, None)
            if descriptor is not None:
                os.close(descriptor)  # closing the descriptor drops its flock

    def close(self) -> None:
        with self._lock:
            for table_id in list(self._leading):
                self.release(table_id)
            self._connection.close()


class _SqlitePoll(Subscription):
    """New decisions found by their row id: one writer at a time adds rows, so row ids grow
    in the order they were committed; and the undos (``retractions``). Deleting the newest
    decisions lets the next one take a row id of theirs, so after an undo the poll reads on
    from the retraction's ``log_mark``."""

    def __init__(self, path: Path) -> None:
        self._connection = _connect(path)
        self._version = self._data_version()
        self._last = self._latest("decisions")
        self._last_undo = self._latest("retractions")

    def _data_version(self) -> int:
        """SQLite's count of the commits by other connections, as this one last saw it."""
        return int(self._connection.execute("PRAGMA data_version").fetchone()[0])

    def _latest(self, table: str) -> int:
        ((last,),) = self._connection.execute(
            f"SELECT COALESCE(MAX(rowid), 0) FROM {table}"
        ).fetchall()
        return int(last)

    def _new(self) -> list[Notice]:
        found = []
        self._connection.execute("BEGIN")  # one moment: the undos and the decisions agree
        try:
            undone = self._connection.execute(
                "SELECT id, table_id, position, log_mark FROM retractions WHERE id > ? ORDER BY id",
                (self._last_undo,),
            ).fetchall()
            for number, table_id, position, mark in undone:
                self._last_undo = number
                self._last = min(self._last, int(mark))
                found.append(Notice(int(table_id), int(position)))
            rows = self._connection.execute(
                "SELECT rowid, table_id, position FROM decisions WHERE rowid > ? ORDER BY rowid",
                (self._last,),
            ).fetchall()
        finally:
            self._connection.execute("COMMIT")
        if rows:
            self._last = rows[-1][0]
        return found + [Notice(int(table_id), int(position)) for _, table_id, position in rows]

    def wait(self, timeout: float) -> list[Notice]:
        deadline = time.monotonic() + timeout
        while True:
            version = self._data_version()
            found = []
            if version != self._version:
                self._version = version
                found = self._new()
            left = deadline - time.monotonic()
            if found or left <= 0:
                return found
            time.sleep(min(POLL_SECONDS, left))

    def close(self) -> None:
        self._connection.close()
