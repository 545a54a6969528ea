"""A tournament's finished games kept in a file as they finish, so a run can be resumed.

A tournament of the slower games takes hours (a 2-player game of the slowest between the two
strongest search levels took over 20 minutes), and one stopped by a crash, a closed terminal
or the end of a working day used to keep only what was printed at its end. With ``--record
FILE`` every game is appended to ``FILE`` the moment it ends (one JSON line, written whole and
synced), and a later run of the same command with the same file plays only the games still
missing: the games are fixed by the command (game ``i``'s deal, seats and bot seeds follow
from the seed, see ``tasks``), so a game taken from the file is the game that run would have
played.

The file's first line says which tournament it belongs to (game, options, line-up, seed): a
file of another tournament is refused with what differs, and left as it is. A last line torn
by a crash mid-write is dropped (it holds no finished game); anything else unreadable is
refused, untouched. Games that stopped with an error are not kept: they are played again.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from nfgalaxy import __version__
from nfgalaxy.bots.tournament import GameRecord, GameTask

SCHEMA = "nfgalaxy-tournament-record/1"


class RecordError(ValueError):
    """A record file that cannot be used for this tournament; it is left untouched."""


@dataclass(frozen=True)
class Identity:
    """What makes two runs the same tournament: every game ``i`` is then the same game."""

    game: str
    options: dict[str, Any]
    bots: list[str]
    seed: int

    def header(self) -> dict[str, Any]:
        return {
            "schema": SCHEMA,
            "version": __version__,
            "game": self.game,
            "options": self.options,
            "bots": self.bots,
            "seed": self.seed,
        }

    def differences(self, header: dict[str, Any]) -> list[str]:
        """The fields of ``header`` that are not this tournament's, in words."""
        mine = json.loads(json.dumps(self.header(), default=str))  # as it reads back
        return [
            f"{key} {header.get(key)!r} (this run: {mine[key]!r})"
            for key in ("game", "options", "bots", "seed")
            if header.get(key) != mine[key]
        ]


@dataclass
class Loaded:
    """What a record file holds for this tournament."""

    records: dict[int, GameRecord]  # by game index
    version: str  # of nfgalaxy when the file was begun
    dropped_torn_line: bool = False


def record_line(record: GameRecord) -> str:
    """One finished game as one line of JSON (entries and games numbered from 0, as kept)."""
    return json.dumps(
        {
            "index": record.index,
            "seed": record.seed,
            "seating": record.seating,
            "winners": record.winners,
            "scores": record.scores,
            "decisions": record.decisions,
            "think": [[round(s, 6) for s in seconds] for seconds in record.think],
            "rounds": record.rounds,
            "end": record.end,
        },
        separators=(",", ":"),
    )


def _record(data: Any, where: str) -> GameRecord:
    try:
        return GameRecord(
            index=int(data["index"]),
            seed=int(data["seed"]),
            seating=[int(e) for e in data["seating"]],
            winners=[int(e) for e in data["winners"]],
            scores=[int(s) for s in data["scores"]],
            decisions=[int(n) for n in data["decisions"]],
            think=[[float(s) for s in seconds] for seconds in data["think"]],
            rounds=int(data.get("rounds", 0)),
            end=[str(reason) for reason in data.get("end", [])],
        )
    except (KeyError, TypeError, ValueError) as error:
        raise RecordError(f"{where} is not a finished game ({error!r})") from None


def load(path: Path, identity: Identity, todo: list[GameTask]) -> Loaded:
    """The games ``path`` holds for the tournament ``identity`` (``todo``: its games in
    order); an empty ``Loaded`` if the file does not exist. ``RecordError`` says why a file
    cannot be used; the file is not changed then."""
    if not path.exists():
        return Loaded({}, __version__)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise RecordError(f"{path} cannot be read ({error.__class__.__name__})") from None
    lines = text.split("\n")
    torn = lines[-1] != ""  # a finished file ends with a newline
    body = lines[:-1]
    if not body:
        raise RecordError(f"{path} holds no tournament record (no header line)")
    try:
        header = json.loads(body[0])
    except json.JSONDecodeError:
        raise RecordError(f"{path} is not a tournament record (its first line)") from None
    if not isinstance(header, dict) or header.get("schema") != SCHEMA:
        raise RecordError(f"{path} is not a tournament record of this kind ({SCHEMA})")
    differ = identity.differences(header)
    if differ:
        raise RecordError(
            f"{path} records another tournament: " + "; ".join(differ) + ". Use another file."
        )
    records: dict[int, GameRecord] = {}
    for number, line in enumerate(body[1:], 2):
        where = f"{path}, line {number}"
        try:
            data = json.loads(line)
        except json.JSONDecodeError:
            raise RecordError(f"{where} is not JSON: the file is damaged") from None
        record = _record(data, where)
        if not 0 <= record.index < len(todo):
            continue  # a game beyond this run's --games: kept in the file, not used
        task = todo[record.index]
        if record.seed != task.seed or record.seating != list(task.entries):
            raise RecordError(f"{where} is game {record.index + 1} of another deal or seating")
        records[record.index] = record
    return Loaded(records, str(header.get("version", "?")), dropped_torn_line=torn)


class Recorder:
    """Appends finished games to a record file, each line written whole and synced, so a
    crash loses at most the game being played."""

    def __init__(self, path: Path, identity: Identity, loaded: Loaded) -> None:
        self.path = path
        if not path.exists():
            path.parent.mkdir(parents=True, exist_ok=True)
            self._write_whole([json.dumps(identity.header(), default=str)])
        elif loaded.dropped_torn_line:
            # Rewritten without the torn line (atomically), so new lines start on a line
            # of their own.
            kept = path.read_text(encoding="utf-8").split("\n")[:-1]
            self._write_whole(kept)

    def _write_whole(self, lines: list[str]) -> None:
        temp = self.path.with_name(f".{self.path.name}.writing")
        with open(temp, "w", encoding="utf-8") as out:
            out.write("".join(line + "\n" for line in lines))
            out.flush()
            os.fsync(out.fileno())
        os.replace(temp, self.path)

    def add(self, record: GameRecord) -> None:
        data = (record_line(record) + "\n").encode("utf-8")
        fd = os.open(self.path, os.O_WRONLY | os.O_APPEND)
        try:
            os.write(fd, data)
            os.fsync(fd)
        finally:
            os.close(fd)
