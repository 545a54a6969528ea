"""Online tables: the store of players, tables and their decision logs, and the referee.

A table is its game, options, seed and seats, and the log of decisions made at it (``model``);
the engines are deterministic, so that is the whole game. The ``store`` keeps it, in SQLite by
default (``sqlite_store``: a file in the server's data directory) or in PostgreSQL for several
front ends (``postgres_store``), with one schema and its versioned ``migrations``; the
``referee`` has the engine judge every decision before the store appends it. Nothing here is a
game or a screen: the lobby (``nfgalaxy.ui``) and the server read and write through this.

``open_store`` is the way in: it picks the database from what it is given and migrates it.
"""

from __future__ import annotations

import os
from pathlib import Path

from nfgalaxy.tables.errors import StoreError
from nfgalaxy.tables.store import TableStore

__all__ = ["POSTGRES_SCHEMES", "SQLITE_SCHEME", "TableStore", "open_store"]

#: How a URL names each database (anything else is a SQLite file's path).
POSTGRES_SCHEMES = ("postgresql://", "postgres://")
SQLITE_SCHEME = "sqlite:///"


def open_store(target: str | os.PathLike[str], *, schema: str | None = None) -> TableStore:
    """The store at ``target``, migrated to this nfgalaxy's schema: a ``postgresql://`` URL
    (in ``schema``, by default ``nfgalaxy``), or a SQLite file as a path or a
    ``sqlite:///path`` URL. A database of a newer schema is refused (``SchemaTooNew``)."""
    text = os.fspath(target)
    store: TableStore
    if text.startswith(POSTGRES_SCHEMES):
        # Imported here: a server on SQLite never loads the PostgreSQL driver.
        from nfgalaxy.tables.postgres_store import DEFAULT_SCHEMA, PostgresStore

        store = PostgresStore(text, schema or DEFAULT_SCHEMA)
    elif schema is not None:
        raise StoreError("a schema is for a PostgreSQL database, not a SQLite file")
    else:
        from nfgalaxy.tables.sqlite_store import SqliteStore

        path = text.removeprefix(SQLITE_SCHEME) if text.startswith(SQLITE_SCHEME) else text
        store = SqliteStore(Path(path))
    try:
        store.migrate()
    except BaseException:
        store.close()
        raise
    return store
