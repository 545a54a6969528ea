"""The online games as game records: every finished table, read from the table store.

A finished table holds all of its game already: game, options, seed, seats (a human's name
kept when it ended, a bot's level), the decision log and the result. Its record is that,
replayed once through the rules (``replay_log``) for what only the engine knows of a game
(the round it ended in, why it ended), in the same ``GameRecord`` as a player's own games,
so ``nfgalaxy records``, ``export`` and ``replay`` read both alike.
"""

from __future__ import annotations

from datetime import UTC, datetime

from nfgalaxy.core.decision import IllegalDecision
from nfgalaxy.core.registry import UnknownGame
from nfgalaxy.core.replay import replay_log
from nfgalaxy.records.record import GameRecord, RecordedPlayer
from nfgalaxy.records.store import RecordEntry, find_among
from nfgalaxy.tables.model import SeatKind, Table, TableStatus
from nfgalaxy.tables.referee import seat_names
from nfgalaxy.tables.store import TableStore

SOURCE = "online"


class TableRecordError(Exception):
    """A finished table whose log does not replay to its stated result; says why."""


def table_record(store: TableStore, table: Table) -> GameRecord:
    """The record of a finished table; ``TableRecordError`` when its log is not the game
    it states (a damaged or altered database)."""
    if table.status is not TableStatus.FINISHED or table.result is None:
        raise TableRecordError(f"table {table.id} is {table.status.value}: not a finished game")
    spec = table.spec
    names = seat_names(store, table)
    options = {**spec.game_options(), "names": names}
    log = store.decisions(table.id)
    try:
        state = replay_log(spec.game, options, [d.decision for d in log])
    except UnknownGame as error:
        raise TableRecordError(str(error)) from None
    except (IllegalDecision, ValueError, TypeError, KeyError) as error:
        raise TableRecordError(f"its log does not replay: {error}") from None
    if not state.is_over():
        raise TableRecordError(f"its {len(log)} decisions end before the game does")
    if tuple(state.winners()) != tuple(table.result.winners) or [
        s["total"] for s in state.scores()
    ] != [s["total"] for s in table.result.scores]:
        raise TableRecordError("its log replays to another result than the one kept")
    # A bot's level is its kind, which a record states beside its name (``Bot 2 (hard)``).
    players = [
        RecordedPlayer(name) if seat.kind is SeatKind.HUMAN else
        RecordedPlayer(f"Bot {number + 1}", str(seat.level))
        for number, (name, seat) in enumerate(zip(names, spec.seats, strict=True))
    ]  # fmt: skip
    ended = datetime.fromtimestamp(table.finished or table.updated, UTC)
    return GameRecord.from_state(state, players, source=SOURCE, now=ended)


class OnlineRecords:
    """The finished tables of a store as records (a ``RecordSource``)."""

    def __init__(self, store: TableStore) -> None:
        self.store = store

    def entries(self) -> list[RecordEntry]:
        """Every finished table's record, the last finished first; a table whose log does
        not replay is listed at the end with the reason."""
        readable, broken = [], []
        for table in self.store.finished_tables():
            where = f"table {table.id}"
            try:
                record = table_record(self.store, table)
            except TableRecordError as error:
                broken.append(RecordEntry(None, problem=str(error), label=where))
            else:
                readable.append(RecordEntry(None, record=record, label=where))
        return readable + broken

    def find(self, record_id: str) -> GameRecord:
        """The record of this id (or its start)."""
        return find_among(self.entries(), record_id)
