"""The online games as game records: every finished table, read from the table store.

A finished table holds all of its game already: game, options, seed, seats (a human's name
kept when it ended, a bot's level), the decision log and the result. Its record is that,
replayed once through the rules (``derive_record``) for what only the engine knows of a game
(the round it ended in, why it ended), in the same ``GameRecord`` as a player's own games,
so ``nfgalaxy records``, ``export`` and ``replay`` read both alike. The store keeps each
table's record as it finishes, checked against the table by a digest when read
(``nfgalaxy.tables.record_keeping``), so a listing replays only what changed.
"""

from __future__ import annotations

import json

from nfgalaxy.records.record import GameRecord
from nfgalaxy.records.store import RecordEntry, find_among
from nfgalaxy.tables.model import Table
from nfgalaxy.tables.record_keeping import SOURCE, Progress, TableRecordError, derive_record
from nfgalaxy.tables.referee import seat_names
from nfgalaxy.tables.store import TableStore

__all__ = ["SOURCE", "OnlineRecords", "TableRecordError", "table_record"]


def table_record(store: TableStore, table: Table) -> GameRecord:
    """The record of a finished table, made now by replaying its log (not the kept one);
    ``TableRecordError`` when its log is not the game it states (a damaged or altered
    database)."""
    log = [json.dumps(d.decision, sort_keys=True, separators=(",", ":"))
           for d in store.decisions(table.id)]  # fmt: skip
    return derive_record(table, seat_names(store, table), log)


class OnlineRecords:
    """The finished tables of a store as records (a ``RecordSource``)."""

    def __init__(self, store: TableStore) -> None:
        self.store = store

    def count(self) -> int:
        """How many finished tables ``entries`` will read."""
        return self.store.finished_count()

    def entries(self, progress: Progress | None = None) -> list[RecordEntry]:
        """Every finished table's record, the last finished first; a table whose log does
        not replay is listed at the end with the reason. ``progress(done, total)`` is told
        as the tables are read."""
        readable, broken = [], []
        for kept in self.store.finished_records(progress):
            where = f"table {kept.table.id}"
            if kept.record is None:
                broken.append(RecordEntry(None, problem=kept.problem, label=where))
            else:
                readable.append(RecordEntry(None, record=kept.record, label=where))
        return readable + broken

    def find(self, record_id: str) -> GameRecord:
        """The record of this id (or its start)."""
        return find_among(self.entries(), record_id)
