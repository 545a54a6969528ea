"""The table store's footing: the transactions, notices and leaders a dialect provides, and
the schema's version and its migrations. The operations on players (``player_store``) and on
tables, decisions and chat (``store``) are written over it, once for both databases.
"""

from __future__ import annotations

import time
from abc import abstractmethod
from collections.abc import Callable
from contextlib import AbstractContextManager

from nfgalaxy.tables.dialect import Closing, Subscription, Transaction
from nfgalaxy.tables.errors import (
    SchemaTooNew,
    StoreError,
)
from nfgalaxy.tables.migrations import LATEST, SCHEMA_VERSION_TABLE, Dialect, pending


class StoreCore(Closing):
    """What every part of the store rests on: the dialect's connections, notices and leaders,
    and the schema's version and migrations (see ``nfgalaxy.tables.store``)."""

    dialect: Dialect

    def __init__(self, clock: Callable[[], float] = time.time) -> None:
        #: Unix seconds; the tests give a clock of their own to pass the chat window at once.
        self._clock = clock

    # -- what a dialect provides ---------------------------------------------------------

    @abstractmethod
    def _transaction(self, write: bool) -> AbstractContextManager[Transaction]:
        """A transaction committed on leaving, rolled back on an exception."""

    @abstractmethod
    def _has_schema_version(self, tx: Transaction) -> bool:
        """Whether the ``schema_version`` table exists yet."""

    @abstractmethod
    def _prepare_migration(self, tx: Transaction) -> None:
        """Before migrating: keep other front ends from migrating at the same time."""

    @abstractmethod
    def _announce(self, tx: Transaction, table_id: int, position: int) -> None:
        """Tell the other front ends of a decision stored by ``tx``, once it commits."""

    def _log_mark(self, tx: Transaction) -> int:
        """What a poll of the decisions reads on from after an undo (see ``retractions``):
        nothing, for a database that tells of changes itself."""
        return 0

    @abstractmethod
    def subscribe(self) -> Subscription:
        """Notices of the decisions stored from now on, by any connection."""

    @abstractmethod
    def try_lead(self, table_id: int) -> bool:
        """Become the one front end that plays ``table_id``'s bots, if no other is: True
        when this store leads it (again), until ``release`` or until the store closes."""

    @abstractmethod
    def release(self, table_id: int) -> None:
        """Stop leading ``table_id`` (nothing if not leading it)."""

    # -- schema -------------------------------------------------------------------------

    def schema_version(self) -> int:
        """The version the database is at (0 for an empty one)."""
        with self._transaction(write=False) as tx:
            return self._version(tx)

    def _version(self, tx: Transaction) -> int:
        if not self._has_schema_version(tx):
            return 0
        return int(tx.rows("SELECT COALESCE(MAX(version), 0) FROM schema_version")[0][0])

    def migrate(self) -> int:
        """Bring the schema to the latest version, in one transaction; returns the version.
        A database of a newer schema is refused (``SchemaTooNew``) and left as it was."""
        with self._transaction(write=True) as tx:
            self._prepare_migration(tx)
            current = self._version(tx)
            if current > LATEST:
                raise SchemaTooNew(current, LATEST)
            tx.change(SCHEMA_VERSION_TABLE)
            for migration in pending(current):
                for statement in migration.sql(self.dialect):
                    tx.change(statement)
                tx.change(
                    "INSERT INTO schema_version (version, summary, applied) VALUES (?, ?, ?)",
                    (migration.version, migration.summary, self._clock()),
                )
        return max(current, LATEST)

    def check_schema(self) -> None:
        """Refuse a database that is not at this nfgalaxy's schema version."""
        found = self.schema_version()
        if found > LATEST:
            raise SchemaTooNew(found, LATEST)
        if found < LATEST:
            raise StoreError(
                f"the database's schema is version {found}, older than {LATEST}: migrate it"
            )
