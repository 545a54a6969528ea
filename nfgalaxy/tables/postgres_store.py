"""The table store in PostgreSQL, for several front-end machines sharing one database.

``nfgalaxy serve --database postgresql://…`` points every front end at one server. The store's
tables live in a schema of their own (``nfgalaxy`` unless told otherwise; the tests make one per
run), chosen by the connection's ``search_path``, so the SQL of ``store`` runs unchanged.

What only PostgreSQL has, and SQLite imitates in ``sqlite_store``:

* Notices. Every ``append`` sends ``pg_notify`` on the schema's channel inside its
  transaction, so the notice goes out when, and only when, the decision is committed; a
  ``subscribe``-d connection LISTENs and learns of it at once, wherever it was decided.
* Leadership. ``try_lead`` takes a session-level advisory lock keyed by the schema and the
  table: one connection holds it at a time, and PostgreSQL drops it when that connection
  ends, however it ends, so a killed front end's tables pass to another.
* Migrations. ``migrate`` takes a transaction-level advisory lock first, so two front ends
  starting together do not both migrate.

A connection the server ended (a restart, a failover) fails the one operation that finds it
so, and the next opens a new one: a front end runs for weeks, and the bot runner retries its
rounds. The ended session's advisory locks went with it, so the store then leads nothing
until it takes a table's lock again (another front end may have taken it meanwhile).
"""

from __future__ import annotations

import hashlib
import re
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from functools import cache
from typing import Any

import psycopg

from nfgalaxy.tables.dialect import Duplicate, Notice, Subscription, Transaction
from nfgalaxy.tables.errors import StoreError
from nfgalaxy.tables.migrations import Dialect
from nfgalaxy.tables.store import TableStore

DEFAULT_SCHEMA = "nfgalaxy"
CONNECT_SECONDS = 10
#: A schema name that needs no quoting and leaves room for the channel's suffix in
#: PostgreSQL's 63 bytes of an identifier.
_SCHEMA = re.compile(r"[a-z_][a-z0-9_]{0,47}")
_CHANNEL_SUFFIX = "_decisions"
#: The advisory lock of migrations; tables' locks use their ids, which start at 1.
_MIGRATION_KEY = 0
_INT4 = 2**31


@cache
def _placeholders(sql: str) -> str:
    """The store's ``?`` parameters as psycopg's ``%s`` (the SQL holds no other ``?``/``%``)."""
    return sql.replace("%", "%%").replace("?", "%s")


def _namespace(schema: str) -> int:
    """The first key of the schema's advisory locks: a stable 32-bit number from its name
    (Python's own hash changes between processes), so schemas sharing a server never
    contend."""
    return int.from_bytes(hashlib.sha256(schema.encode()).digest()[:4], "big", signed=True)


def _connect(conninfo: str) -> psycopg.Connection[Any]:
    try:
        return psycopg.connect(conninfo, autocommit=True, connect_timeout=CONNECT_SECONDS)
    except psycopg.OperationalError as error:
        raise StoreError(f"cannot connect to the PostgreSQL database: {error}") from error


class _PostgresTransaction(Transaction):
    def __init__(self, cursor: psycopg.Cursor[Any]) -> None:
        self._cursor = cursor

    def _execute(self, sql: str, params: Sequence[Any]) -> None:
        try:
            self._cursor.execute(_placeholders(sql), tuple(params))
        except psycopg.errors.UniqueViolation as error:
            raise Duplicate(str(error)) from error

    def rows(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        self._execute(sql, params)
        return self._cursor.fetchall() if self._cursor.description else []

    def change(self, sql: str, params: Sequence[Any] = ()) -> int:
        self._execute(sql, params)
        return self._cursor.rowcount


class PostgresStore(TableStore):
    """The store in ``schema`` of the database at ``conninfo`` (a ``postgresql://`` URL or
    libpq's ``key=value`` words)."""

    dialect = Dialect.POSTGRESQL

    def __init__(
        self,
        conninfo: str,
        schema: str = DEFAULT_SCHEMA,
        clock: Callable[[], float] = time.time,
    ) -> None:
        super().__init__(clock)
        if not _SCHEMA.fullmatch(schema):
            raise StoreError(
                f"a schema name is lowercase letters, digits and _ (at most 48), not {schema!r}"
            )
        self.schema = schema
        self.channel = schema + _CHANNEL_SUFFIX
        self._conninfo = conninfo
        self._namespace = _namespace(schema)
        self._lock = threading.RLock()
        self._leading: set[int] = set()
        self._connection = self._open()

    def _open(self) -> psycopg.Connection[Any]:
        connection = _connect(self._conninfo)
        # A schema not created yet is allowed in the path: migrate creates it.
        connection.execute(f'SET search_path TO "{self.schema}"')
        return connection

    def _connected(self) -> psycopg.Connection[Any]:
        """The connection, opened again if the last one broke (the server restarted, or
        ended it): the operation that found it broken failed, the next one goes on. Its
        advisory locks went with it, so this store leads no table until it takes one again."""
        if self._connection.broken:
            self._connection.close()
            self._leading.clear()
            self._connection = self._open()
        return self._connection

    @contextmanager
    def _transaction(self, write: bool) -> Iterator[Transaction]:
        with self._lock:
            connection = self._connected()
            if not write:
                # A read is one statement (a table and its seats come from one join, so from
                # one moment), or statements whose moments need not agree (a table's check
                # before its log or chat). On the autocommit connection each is then one
                # round trip to the server, not three (BEGIN, SELECT, COMMIT): a front end
                # reads a table at every decision anyone makes.
                with connection.cursor() as cursor:
                    yield _PostgresTransaction(cursor)
                return
            with connection.transaction(), connection.cursor() as cursor:
                yield _PostgresTransaction(cursor)

    def _has_schema_version(self, tx: Transaction) -> bool:
        return bool(
            tx.rows(
                "SELECT 1 FROM pg_tables WHERE schemaname = ? AND tablename = 'schema_version'",
                (self.schema,),
            )
        )

    def _prepare_migration(self, tx: Transaction) -> None:
        tx.rows(
            "SELECT pg_advisory_xact_lock(CAST(? AS INTEGER), CAST(? AS INTEGER))",
            (self._namespace, _MIGRATION_KEY),
        )
        tx.change(f'CREATE SCHEMA IF NOT EXISTS "{self.schema}"')

    def _announce(self, tx: Transaction, table_id: int, position: int) -> None:
        tx.rows("SELECT pg_notify(?, ?)", (self.channel, f"{table_id} {position}"))

    def subscribe(self) -> Subscription:
        return _PostgresListen(self._conninfo, self.channel)

    def _lock_keys(self, table_id: int) -> tuple[int, int]:
        if not 0 < table_id < _INT4:
            raise StoreError(f"table {table_id} has no advisory lock (ids from 1 to {_INT4 - 1})")
        return self._namespace, table_id

    def try_lead(self, table_id: int) -> bool:
        with self._lock:
            connection = self._connected()  # a broken one held no lock any more
            if table_id in self._leading:
                # Advisory locks count: taking it again would need two releases.
                return True
            ((won,),) = connection.execute(
                "SELECT pg_try_advisory_lock(%s::integer, %s::integer)", self._lock_keys(table_id)
            ).fetchall()
            if won:
                self._leading.add(table_id)
            return bool(won)

    def release(self, table_id: int) -> None:
        with self._lock:
            connection = self._connected()
            if table_id in self._leading:
                connection.execute(
                    "SELECT pg_advisory_unlock(%s::integer, %s::integer)",
                    self._lock_keys(table_id),
                )
                self._leading.discard(table_id)

    def close(self) -> None:
        with self._lock:
            self._leading.clear()  # the server drops the session's locks with it
            self._connection.close()


class _PostgresListen(Subscription):
    """A connection of its own that LISTENs on the schema's channel."""

    def __init__(self, conninfo: str, channel: str) -> None:
        self._connection = _connect(conninfo)
        self._connection.execute(f'LISTEN "{channel}"')

    def wait(self, timeout: float) -> list[Notice]:
        received = list(self._connection.notifies(timeout=timeout, stop_after=1))
        if received:  # and whatever else has come in meanwhile
            received += self._connection.notifies(timeout=0)
        notices = []
        for notify in received:
            table_id, position = notify.payload.split()
            notices.append(Notice(int(table_id), int(position)))
        return notices

    def close(self) -> None:
        self._connection.close()
