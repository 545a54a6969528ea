"""What a database gives the table store: transactions, and notices of new decisions.

``TableStore`` (``store``) writes every operation once, in the SQL both databases share, over a
``Transaction``: statements with ``?`` parameters (the PostgreSQL dialect turns them into its
``%s``), and a ``Duplicate`` for a row a unique key refused, whichever driver raised it, so the
store can tell "this name is taken" from any other failure. A ``Subscription`` is how a front
end learns of decisions stored by the others: PostgreSQL's LISTEN/NOTIFY, or a poll of the
SQLite file.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Self


class Duplicate(Exception):
    """A row a unique or primary key refused; a dialect's ``Transaction`` raises it."""


class Transaction(ABC):
    """One open transaction of a dialect, with ``?`` parameters in both."""

    @abstractmethod
    def rows(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        """Run a statement and return its rows (raises ``Duplicate`` on a unique key)."""

    @abstractmethod
    def change(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run a statement and return how many rows it changed."""


@dataclass(frozen=True)
class Notice:
    """A decision was stored at ``position`` of table ``table_id``."""

    table_id: int
    position: int


class Closing(ABC):
    """Something holding a connection: closed by ``close`` or at the end of a ``with``."""

    @abstractmethod
    def close(self) -> None: ...

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class Subscription(Closing):
    """Notices of new decisions at any table, from the moment of subscribing."""

    @abstractmethod
    def wait(self, timeout: float) -> list[Notice]:
        """The notices since the last call, waiting up to ``timeout`` seconds for one."""
