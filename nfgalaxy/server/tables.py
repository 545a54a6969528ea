"""The server's side of online tables: the store it opens, what each session's app is told,
the bot runner, and the word to the other front ends of who is connected.

``nfgalaxy serve`` opens the table store once at start (migrating it; a database of a newer
schema stops the server before it listens, ``SchemaTooNew``): a SQLite file in the server's data
directory by default, or ``--database postgresql://…`` shared by several front ends. Each
session's app finds the store through ``NFGALAXY_TABLES_DB`` (and ``NFGALAXY_TABLES_SCHEMA``),
and its player through ``NFGALAXY_PLAYER_KEY``, the SSH key's fingerprint (absent for a keyless
guest, who may watch but not sit). The serve process runs the ``BotRunner`` in a thread on a
connection of its own, so a table with bots goes on whoever is connected, and says every few
seconds which players are connected to it (``TableStore.mark_present``), which is how a live
table of any front end knows a player dropped out.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

from nfgalaxy.server.environment import DB_VARIABLE, KEY_VARIABLE, SCHEMA_VARIABLE
from nfgalaxy.tables import POSTGRES_SCHEMES, SQLITE_SCHEME, TableStore, open_store
from nfgalaxy.tables.model import PRESENCE_SECONDS
from nfgalaxy.tables.runner import BotRunner

log = logging.getLogger(__name__)

DEFAULT_DATABASE_NAME = "tables.sqlite"
#: How often the server says again who is connected: well within the word's lifetime.
PRESENCE_EVERY = PRESENCE_SECONDS / 3
_PASSWORD = re.compile(r"(://[^:/@]+:)[^@]*@")


@dataclass(frozen=True)
class TablesDatabase:
    """Where the tables are kept: a SQLite path or a PostgreSQL URL, and its schema."""

    target: str
    schema: str | None = None

    @staticmethod
    def given(target: str, schema: str | None = None) -> TablesDatabase:
        """The database ``--database`` names. A SQLite path is made absolute: each session's
        app runs in a directory of its own, where a relative path would name another file."""
        if target.startswith(POSTGRES_SCHEMES):
            return TablesDatabase(target, schema)
        path = target.removeprefix(SQLITE_SCHEME)
        return TablesDatabase(str(Path(path).expanduser().resolve()), schema)

    @staticmethod
    def default(root: Path) -> TablesDatabase:
        """The embedded store: a SQLite file in the server's data directory."""
        return TablesDatabase(str((root / DEFAULT_DATABASE_NAME).resolve()))

    def open(self) -> TableStore:
        return open_store(self.target, schema=self.schema)

    def describe(self) -> str:
        """For the operator, without a password the URL may hold."""
        if self.target.startswith(POSTGRES_SCHEMES):
            schema = f" (schema {self.schema})" if self.schema else ""
            shown = _PASSWORD.sub(r"\1***@", self.target)
            return f"PostgreSQL {shown}{schema}"
        return f"SQLite file {self.target}"

    def environment(self, fingerprint: str | None) -> dict[str, str]:
        """What a session's app is told of the tables, for the player ``fingerprint``."""
        env = {DB_VARIABLE: self.target}
        if self.schema:
            env[SCHEMA_VARIABLE] = self.schema
        if fingerprint:
            env[KEY_VARIABLE] = fingerprint
        return env


class ServerTables:
    """The serve process's store, runner and word of who is connected."""

    def __init__(self, database: TablesDatabase, run_bots: bool = True) -> None:
        self.database = database
        self.run_bots = run_bots
        self.store: TableStore | None = None
        self.runner: BotRunner | None = None
        self._presence: asyncio.Task[None] | None = None

    async def start(self, connected: Callable[[], Iterable[str]]) -> None:
        """Open (and migrate) the store, start the runner and the word of who is connected
        (``connected()``: the fingerprints with a session here now). Raises ``StoreError``
        (``SchemaTooNew`` for a database of a newer nfgalaxy) before anything runs."""
        self.store = await asyncio.to_thread(self.database.open)
        if self.run_bots:
            self.runner = BotRunner(await asyncio.to_thread(self.database.open))
            self.runner.start()
        self._presence = asyncio.get_running_loop().create_task(self._say_present(connected))

    async def _say_present(self, connected: Callable[[], Iterable[str]]) -> None:
        while True:
            await self.present(connected())
            await asyncio.sleep(PRESENCE_EVERY)

    async def present(self, fingerprints: Iterable[str]) -> None:
        """Say these players are connected (a new session says so at once)."""
        found = sorted(set(fingerprints))
        if found and self.store is not None:
            try:
                await asyncio.to_thread(self.store.mark_present, found)
            except Exception:  # a database away for a moment: said again soon
                log.exception("could not record who is connected")

    async def gone(self, fingerprint: str) -> None:
        """The player's last session here ended."""
        if self.store is not None:
            try:
                await asyncio.to_thread(self.store.mark_gone, fingerprint)
            except Exception:
                log.exception("could not record that a player left")

    async def stop(self) -> None:
        if self._presence is not None:
            self._presence.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._presence
        if self.runner is not None:
            runner = self.runner
            await asyncio.to_thread(runner.stop)
            if not runner.running:
                runner.store.close()
        if self.store is not None:
            self.store.close()
