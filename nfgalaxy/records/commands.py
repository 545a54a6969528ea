"""``nfgalaxy records``, ``nfgalaxy export`` and ``nfgalaxy import``: the records on the
command line (``nfgalaxy replay``, which opens the app, is the main command's).

Each command returns its exit status and writes errors on stderr in words: 0 done, 1 refused
(an unknown id, a file that is not a record, a record whose replay fails).
"""

from __future__ import annotations

import argparse
import json
import sys
from datetime import date
from pathlib import Path
from typing import Any

from nfgalaxy.core.registry import UnknownGame, descriptor
from nfgalaxy.core.saves import in_words, replace_atomically
from nfgalaxy.records.check import RecordRefused, check
from nfgalaxy.records.record import GameRecord, RecordError
from nfgalaxy.records.store import (
    RecordSource,
    RecordStore,
    UnknownRecord,
    load_document,
    matching,
)


def _day(value: str) -> date:
    try:
        return date.fromisoformat(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{value!r} is not a date (YYYY-MM-DD)") from None


def add_commands(sub: Any, game_type: Any) -> None:
    """The records' subcommands, on the main parser's ``sub``; ``game_type`` turns a game's
    name or alias into its id."""
    listing = sub.add_parser("records", help="list the finished games kept (newest first)")
    # not ``game``: the main command gives an unset ``game`` the first game
    listing.add_argument(
        "--game",
        dest="only_game",
        metavar="GAME",
        type=game_type,
        default=None,
        help="only this game's (an id or alias)",
    )
    listing.add_argument("--player", default=None, help="only games with a player of this name")
    listing.add_argument(
        "--since", type=_day, default=None, metavar="YYYY-MM-DD", help="finished that day or later"
    )
    listing.add_argument(
        "--until", type=_day, default=None, metavar="YYYY-MM-DD", help="finished that day or before"
    )
    listing.add_argument("--json", action="store_true", help="print one JSON document")
    export = sub.add_parser("export", help="write a finished game as a JSON document")
    export.add_argument("id", help="the record's id (or its start), from `nfgalaxy records`")
    export.add_argument("-o", "--output", type=Path, default=None, help="default: stdout")
    for command in (listing, export):
        add_database_argument(command)
    imported = sub.add_parser(
        "import", help="check a game record by replaying it, and keep it if it is whole"
    )
    imported.add_argument("file", type=Path)


def add_database_argument(command: argparse.ArgumentParser) -> None:
    """``--database URL`` (and its schema): the online tables' games instead of the
    player's own."""
    command.add_argument(
        "--database",
        default=None,
        metavar="URL",
        help="the finished tables of an online server's store (a SQLite file or "
        "postgresql://...) instead of your own games",
    )
    command.add_argument(
        "--database-schema",
        default=None,
        metavar="NAME",
        help="the PostgreSQL schema of the tables (default: nfgalaxy)",
    )


def run(args: argparse.Namespace, store: RecordSource | None = None) -> int:
    """Run the records command ``args.command`` on ``store`` (the player's own records
    when None); only the player's own folder takes an import."""
    source: RecordSource = store or RecordStore()
    if args.command == "records":
        return _list(args, source)
    if args.command == "export":
        return _export(args, source)
    if not isinstance(source, RecordStore):
        print("nfgalaxy import: a record is imported into your own records", file=sys.stderr)
        return 1
    return _import(args, source)


def _list(args: argparse.Namespace, store: RecordSource) -> int:
    entries = store.entries()
    for entry in entries:
        if entry.record is None:
            print(f"nfgalaxy: {entry.where} cannot be read: {entry.problem}", file=sys.stderr)
    records = matching(
        (e.record for e in entries if e.record is not None),
        game=args.only_game,
        player=args.player,
        since=args.since,
        until=args.until,
    )
    if args.json:
        print(json.dumps([summary(r) for r in records], indent=2))
        return 0
    if not records:
        print("No finished games kept" + (" match." if entries else " yet."))
    for record in records:
        print(line(record))
    return 0


def summary(record: GameRecord) -> dict[str, Any]:
    """A record's document without its decisions: what a list needs."""
    document = record.to_document()
    del document["decisions"]
    return document


def title(game: str) -> str:
    try:
        return descriptor(game).title
    except UnknownGame:
        return game


def line(record: GameRecord) -> str:
    """One record as a line: id, when, game, length, and each player's score (a winner
    starred, a bot's kind in brackets)."""
    when = record.date.strftime("%Y-%m-%d %H:%M")
    length = f"{record.rounds} rounds, {len(record.decisions)} decisions"
    return f"{record.id}  {when}  {title(record.game)}  {length}  {record.seats_text()}"


def _export(args: argparse.Namespace, store: RecordSource) -> int:
    try:
        record = store.find(args.id)
    except (UnknownRecord, RecordError) as error:
        print(f"nfgalaxy export: {error}", file=sys.stderr)
        return 1
    text = json.dumps(record.to_document(), indent=1) + "\n"
    if args.output is None:
        sys.stdout.write(text)
        return 0
    try:
        replace_atomically(args.output, text)
    except OSError as error:
        print(
            f"nfgalaxy export: {args.output} cannot be written: {in_words(error)}", file=sys.stderr
        )
        return 1
    print(f"Game {record.id} written to {args.output}", file=sys.stderr)
    return 0


def _import(args: argparse.Namespace, store: RecordStore) -> int:
    try:
        record = load_document(args.file)
        check(record)
    except RecordError as error:
        print(f"nfgalaxy import: {args.file}: {error}", file=sys.stderr)
        return 1
    except RecordRefused as error:
        print(f"nfgalaxy import: {args.file} is refused: {error}", file=sys.stderr)
        return 1
    if store.path_for(record.id).is_file():
        print(f"Game {record.id} is kept already.")
        return 0
    try:
        store.add(record)
    except OSError as error:
        print(
            f"nfgalaxy import: {store.root} cannot be written: {in_words(error)}", file=sys.stderr
        )
        return 1
    print(f"Game {record.id} kept: {line(record)}")
    return 0
