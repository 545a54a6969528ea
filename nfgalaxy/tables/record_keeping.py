"""Each finished table's game record, made once and kept beside it (``table_records``).

A table's record is its log replayed through the rules (``derive_record``): exact, but about as
slow as the game is long, and a listing of a server's records or its statistics reads every
finished table. So the record is made in the transaction that finishes the table (as its
ratings are moved) and kept as derived data, with the digest of everything it was made from:
the game and options, the seats and their names, the result, the time it ended and every
decision of the log (``source_digest``), sealed with the document itself. A listing reads
the logs and the kept documents in one query each, digests each table's log again, and uses
the kept document only where the digests agree; anywhere else (a table finished before
migration 7, a table whose record could not be made as it finished, a log, result or document
changed in the database since) the record is made again by replaying, so a damaged or altered
log is still found and listed as unreadable, and a good one's record is kept for the next
listing. Hashing a log is a small part of replaying it: the figures are in the commit that
added this (``benchmarks/bench_records.py`` measures them).
"""

from __future__ import annotations

import hashlib
import json
from abc import abstractmethod
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime

from nfgalaxy.core.decision import IllegalDecision
from nfgalaxy.core.registry import UnknownGame
from nfgalaxy.core.replay import replay_log
from nfgalaxy.records.record import GameRecord, RecordedPlayer, RecordError
from nfgalaxy.tables.dialect import Transaction
from nfgalaxy.tables.model import SeatKind, Table, TableStatus, seat_name
from nfgalaxy.tables.rating_store import RatingStore

SOURCE = "online"

#: Told ``(done, total)`` as the finished tables are read, for a progress indicator.
Progress = Callable[[int, int], None]


class TableRecordError(Exception):
    """A finished table whose log does not replay to its stated result; says why."""


@dataclass(frozen=True)
class KeptRecord:
    """A finished table and its record, or why it has none (``problem``)."""

    table: Table
    record: GameRecord | None
    problem: str = ""


def derive_record(table: Table, names: Sequence[str], log: Sequence[str]) -> GameRecord:
    """The record of a finished table whose seats have ``names`` and whose log holds the
    decisions ``log`` (their stored JSON text), replayed through the rules; raises
    ``TableRecordError`` when the log is not the game the table states."""
    if table.status is not TableStatus.FINISHED or table.result is None:
        raise TableRecordError(f"table {table.id} is {table.status.value}: not a finished game")
    spec = table.spec
    options = {**spec.game_options(), "names": list(names)}
    try:
        state = replay_log(spec.game, options, [json.loads(text) for text in log])
    except UnknownGame as error:
        raise TableRecordError(str(error)) from None
    except (IllegalDecision, ValueError, TypeError, KeyError, IndexError) as error:
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
    return GameRecord.from_state(state, players, source=SOURCE, now=_ended(table))


def source_digest(table: Table, names: Sequence[str], log: Iterable[tuple[int, str]]) -> str:
    """The digest of all a table's record is made from: its game, options, seats and their
    names, result, end and each decision of its log (``(seat, text)``, in order)."""
    spec = table.spec
    body = [
        table.id,
        spec.game,
        spec.game_options(),
        [[seat.kind.value, seat.level] for seat in spec.seats],
        list(names),
        table.result.to_json() if table.result else None,
        _ended(table).isoformat(),
        [[seat, text] for seat, text in log],
    ]
    canonical = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(canonical.encode("ascii")).hexdigest()


def _ended(table: Table) -> datetime:
    return datetime.fromtimestamp(table.finished or table.updated, UTC)


class RecordKeeping(RatingStore):
    """The finished tables' records, kept as they finish and read back by their digest
    (tables are ``TableStore``'s, which keeps each one's record as it finishes)."""

    @abstractmethod
    def finished_tables(self) -> list[Table]:
        """Every finished table, the last finished first."""

    def finished_count(self) -> int:
        """How many tables are finished: what a listing of their records will read."""
        with self._transaction(write=False) as tx:
            ((count,),) = tx.rows(
                "SELECT COUNT(*) FROM tables WHERE status = ?", (TableStatus.FINISHED.value,)
            )
        return int(count)

    def _keep_record(self, tx: Transaction, table: Table) -> None:
        """Make and keep a table's record as it finishes. A log that does not make one (a
        result the store was given by hand) keeps none: a listing finds out why."""
        names = self._names(tx, table)
        log = self._logs(tx, table.id).get(table.id, [])
        try:
            record = derive_record(table, names, [text for _, text in log])
        except TableRecordError:
            return
        self._put_records(tx, [(table, source_digest(table, names, log), record)])

    def finished_records(self, progress: Progress | None = None) -> list[KeptRecord]:
        """Every finished table with its record, the last finished first: the kept one where
        its digest still matches the table, else made again (and kept, when it can be made).
        ``progress(done, total)`` is told as the tables are read."""
        tables = self.finished_tables()
        with self._transaction(write=False) as tx:
            names = {table.id: self._names(tx, table) for table in tables}
            logs = self._logs(tx, None)
            kept = {
                int(table_id): (digest, document)
                for table_id, digest, document in tx.rows(
                    "SELECT table_id, digest, document FROM table_records"
                )
            }
        found: list[KeptRecord] = []
        fresh: list[tuple[Table, str, GameRecord]] = []
        if progress is not None:
            progress(0, len(tables))
        for done, table in enumerate(tables, start=1):
            log = logs.get(table.id, [])
            digest = source_digest(table, names[table.id], log)
            record = _kept(kept.get(table.id), digest)
            if record is None:
                try:
                    record = derive_record(table, names[table.id], [text for _, text in log])
                except TableRecordError as error:
                    found.append(KeptRecord(table, None, str(error)))
                else:
                    fresh.append((table, digest, record))
            if record is not None:
                found.append(KeptRecord(table, record))
            if progress is not None:
                progress(done, len(tables))
        if fresh:
            with self._transaction(write=True) as tx:
                self._put_records(tx, fresh)
        return found

    def _names(self, tx: Transaction, table: Table) -> list[str]:
        """The seats' names kept when the table finished, else each player's of now (a table
        finished before migration 4), as ``referee.seat_names``."""
        if table.names is not None:
            return list(table.names)
        names = []
        for number, (seat, who) in enumerate(zip(table.spec.seats, table.occupants, strict=True)):
            player = self._player(tx, who) if who else None
            names.append(seat_name(number, seat, player.name if player else None))
        return names

    def _logs(self, tx: Transaction, table_id: int | None) -> dict[int, list[tuple[int, str]]]:
        """The logs (each decision's seat and stored text, in order) of one table, or of
        every finished table when ``table_id`` is None: one query either way."""
        where, params = (
            ("d.table_id = ?", (table_id,))
            if table_id is not None
            else ("t.status = ?", (TableStatus.FINISHED.value,))
        )
        rows = tx.rows(
            "SELECT d.table_id, d.seat, d.decision FROM decisions d "
            f"JOIN tables t ON t.id = d.table_id WHERE {where} ORDER BY d.table_id, d.position",
            params,
        )
        logs: dict[int, list[tuple[int, str]]] = {}
        for number, seat, text in rows:
            logs.setdefault(int(number), []).append((int(seat), text))
        return logs

    def _put_records(
        self, tx: Transaction, records: Iterable[tuple[Table, str, GameRecord]]
    ) -> None:
        now = self._clock()
        for table, digest, record in records:
            document = json.dumps(record.to_document(), sort_keys=True)
            tx.change(
                "INSERT INTO table_records (table_id, digest, document, kept) "
                "VALUES (?, ?, ?, ?) ON CONFLICT (table_id) DO UPDATE SET "
                "digest = excluded.digest, document = excluded.document, kept = excluded.kept",
                (table.id, _seal(digest, document), document, now),
            )


def _seal(digest: str, document: str) -> str:
    """What is kept as a record's digest: its sources' digest sealed with the document, so
    that a document changed in the database is made again too."""
    return hashlib.sha256(f"{digest}\n{document}".encode()).hexdigest()


def _kept(row: tuple[str, str] | None, digest: str) -> GameRecord | None:
    """The kept record of a table, if it was made from what the table holds now."""
    if row is None or row[0] != _seal(digest, row[1]):
        return None
    try:
        return GameRecord.from_document(json.loads(row[1]))
    except (RecordError, ValueError):
        return None
