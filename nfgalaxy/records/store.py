"""The records of one player: a file per finished game in the user data directory.

``$NFGALAXY_DATA_DIR/records/<id>.json`` (beside ``saves/``; the server gives each user a data
directory of their own). Each file is a record's document (``GameRecord.to_document``), written
to a temporary file and renamed into place like a save, so a crash never leaves half a record.
A file that cannot be read is listed with the reason and never changed or replaced.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Protocol

from nfgalaxy.core.saves import SaveError, read_json, replace_atomically
from nfgalaxy.records.record import GameRecord, RecordError

FOLDER = "records"
#: The shortest start of an id a player may type for a record.
SHORTEST_PREFIX = 4


class UnknownRecord(LookupError):
    """No record (or more than one) answers to the id given; the message says which."""


@dataclass(frozen=True)
class RecordEntry:
    """One file of the store: its record, or why it cannot be read."""

    #: The record's file (None for a record not kept in a file of its own).
    path: Path | None
    record: GameRecord | None = None
    problem: str = ""
    #: Where the record is kept, in words, when it is not a file of its own (an online
    #: table: ``table 12``).
    label: str = ""

    @property
    def id(self) -> str:
        if self.record is not None:
            return self.record.id
        return self.path.stem if self.path is not None else self.label

    @property
    def where(self) -> str:
        return self.label or str(self.path)


class RecordSource(Protocol):
    """Where records are read from: a player's folder (``RecordStore``) or the finished
    tables of a table store (``nfgalaxy.tables.table_records``)."""

    def entries(self) -> list[RecordEntry]:
        """Every record, the last finished first; unreadable ones at the end."""
        ...

    def find(self, record_id: str) -> GameRecord:
        """The record of this id or of the only id that starts with it."""
        ...


def default_root() -> Path:
    """``$NFGALAXY_DATA_DIR/records``, or ``records`` in the platform's user data dir."""
    base = os.environ.get("NFGALAXY_DATA_DIR")
    if base:
        return Path(base) / FOLDER
    from platformdirs import user_data_dir

    return Path(user_data_dir("nfgalaxy")) / FOLDER


class RecordStore:
    """The finished games of one player (one folder)."""

    def __init__(self, root: Path | None = None) -> None:
        self.root = Path(root) if root is not None else default_root()

    def path_for(self, record_id: str) -> Path:
        return self.root / f"{record_id}.json"

    def add(self, record: GameRecord) -> Path:
        """Keep ``record`` (atomically); returns its file. The same game kept again is the
        same file; a file of that name that cannot be read is left as it is, and ``OSError``
        raised, so that nothing of its owner's is replaced unseen."""
        target = self.path_for(record.id)
        if target.exists() and read(target).record is None:
            raise FileExistsError(f"{target} cannot be read and is left as it is")
        self.root.mkdir(parents=True, exist_ok=True)
        replace_atomically(target, json.dumps(record.to_document()))
        return target

    def entries(self) -> list[RecordEntry]:
        """Every record file, the last game finished first; unreadable ones at the end."""
        if not self.root.is_dir():
            return []
        found = [read(p) for p in self.root.glob("*.json") if not p.name.startswith(".")]
        readable = [e for e in found if e.record is not None]
        readable.sort(key=lambda e: (e.record.finished_at, e.id), reverse=True)  # type: ignore[union-attr]
        return readable + sorted((e for e in found if e.record is None), key=lambda e: e.where)

    def records(self) -> list[GameRecord]:
        """The readable records, the last finished first."""
        return [e.record for e in self.entries() if e.record is not None]

    def find(self, record_id: str) -> GameRecord:
        """The record of this id, or of the only id that starts with it (at least
        ``SHORTEST_PREFIX`` characters); ``UnknownRecord`` or ``RecordError`` if none can be
        given."""
        wanted = record_id.strip().lower()
        exact = self.path_for(wanted)
        if wanted and "/" not in wanted and exact.is_file():
            return _usable(read(exact))
        return find_among(self.entries(), record_id)


def read(path: Path) -> RecordEntry:
    """A record file, or why it cannot be read (it is never changed here)."""
    try:
        return RecordEntry(path, record=load_document(path))
    except RecordError as error:
        return RecordEntry(path, problem=str(error))


def load_document(path: Path) -> GameRecord:
    """The record in a file (a record's own, or one exported); ``RecordError`` in words."""
    if not path.exists():
        raise RecordError("there is no such file")
    try:
        data = read_json(path, "a game record's")
    except SaveError as error:
        raise RecordError(str(error)) from None
    return GameRecord.from_document(data)


def find_among(entries: Iterable[RecordEntry], record_id: str) -> GameRecord:
    """The record of ``entries`` whose id is ``record_id`` or the only one that starts with
    it (at least ``SHORTEST_PREFIX`` characters); ``UnknownRecord`` or ``RecordError``."""
    wanted = record_id.strip().lower()
    if len(wanted) < SHORTEST_PREFIX:
        raise UnknownRecord(
            f"no record {record_id!r} (give at least {SHORTEST_PREFIX} "
            "characters of its id; `nfgalaxy records` lists them)"
        )
    matches = [e for e in entries if e.id.startswith(wanted)]
    if not matches:
        raise UnknownRecord(f"no record {record_id!r} (`nfgalaxy records` lists them)")
    if len(matches) > 1:
        ids = ", ".join(e.id for e in matches[:5])
        raise UnknownRecord(f"{record_id!r} could be any of {ids}: give more of the id")
    return _usable(matches[0])


def _usable(entry: RecordEntry) -> GameRecord:
    if entry.record is None:
        raise RecordError(f"{entry.path.name if entry.path else entry.label}: {entry.problem}")
    return entry.record


def matching(
    records: Iterable[GameRecord],
    game: str | None = None,
    player: str | None = None,
    since: date | None = None,
    until: date | None = None,
) -> list[GameRecord]:
    """The records of ``game`` (an id), with a player of that name (any case), finished on
    or after ``since`` and on or before ``until`` (days, in UTC)."""
    wanted = player.casefold() if player else None
    return [
        r
        for r in records
        if (game is None or r.game == game)
        and (wanted is None or wanted in (n.casefold() for n in r.names()))
        and (since is None or r.date.date() >= since)
        and (until is None or r.date.date() <= until)
    ]
