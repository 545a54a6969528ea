"""Benchmark: listing the online records and their statistics over many finished tables.

``--tables`` tables (one player and one random bot, each game played to its end by random
legal decisions) are finished in a fresh table store, then the records are listed as
``nfgalaxy records --database`` and the lobby's statistics read them
(``OnlineRecords.entries``), twice (the second time as a player opening the screen again),
and the statistics are counted over them. Reported per database: the time to make the tables
(their finishing included), each listing and the statistics.

The decisions are written straight into the log, in one transaction per table, and the last
one through ``TableStore.append`` with the result, as the referee finishes a game: the table
finishes the way every table does, but without a transaction per decision, so a thousand
tables are made in a minute.

Run ``python benchmarks/bench_records.py [--tables 1000 --game new-frontiers]``; the
PostgreSQL case uses a schema of its own on ``--postgres`` (dropped afterwards) and is left
out if that server cannot be reached. Reports, does not assert.
"""

from __future__ import annotations

import argparse
import json
import random
import secrets
import tempfile
import time
from pathlib import Path

from nfgalaxy.core.registry import new_game
from nfgalaxy.records.statistics import statistics
from nfgalaxy.tables.model import Result, SeatSpec, TableSpec
from nfgalaxy.tables.store import TableStore
from nfgalaxy.tables.table_records import OnlineRecords

PLAYER = "SHA256:bench"


def finish_tables(store: TableStore, game: str, count: int) -> None:
    """``count`` finished tables of ``game``: a player and a random bot, random decisions."""
    store.register(PLAYER, "Bench")
    choose = random.Random(1)
    for seed in range(count):
        spec = TableSpec(game, (SeatSpec(), SeatSpec.bot("random")), seed=seed)
        table = store.start(store.create(spec, PLAYER).id)
        state = new_game(game, 2, seed, dict(spec.options))
        log = []
        while not state.is_over():
            seat = state.to_move()
            decision = choose.choice(state.legal_decisions())
            state.apply(decision)
            log.append((seat, decision.to_json()))
        with store._transaction(write=True) as tx:  # the benchmark's shortcut, see above
            for position, (seat, decision) in enumerate(log[:-1]):
                tx.change(
                    "INSERT INTO decisions (table_id, position, seat, decision, at) "
                    "VALUES (?, ?, ?, ?, ?)",
                    (table.id, position, seat, _text(decision), time.time()),
                )
        seat, decision = log[-1]
        result = Result(tuple(state.scores()), tuple(state.winners()))
        store.append(table.id, len(log) - 1, seat, decision, result=result)


def _text(decision: dict) -> str:
    return json.dumps(decision, sort_keys=True, separators=(",", ":"))


def measure(name: str, store: TableStore, game: str, count: int) -> None:
    store.migrate()
    started = time.perf_counter()
    finish_tables(store, game, count)
    made = time.perf_counter() - started
    print(f"{name}: {count} finished tables of {game} made in {made:.1f} s")
    for attempt in ("first", "second"):
        started = time.perf_counter()
        entries = OnlineRecords(store).entries()
        listed = time.perf_counter() - started
        readable = [e.record for e in entries if e.record is not None]
        print(f"  {attempt} listing: {listed * 1000:.0f} ms ({len(readable)} readable)")
    started = time.perf_counter()
    statistics(readable)
    print(f"  statistics over them: {(time.perf_counter() - started) * 1000:.0f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=1000)
    parser.add_argument("--game", default="new-frontiers")
    parser.add_argument("--postgres", default="postgresql://127.0.0.1:5432/test")
    args = parser.parse_args()
    from nfgalaxy.tables.sqlite_store import SqliteStore

    with (
        tempfile.TemporaryDirectory() as folder,
        SqliteStore(str(Path(folder) / "tables.sqlite")) as store,
    ):
        measure("SQLite", store, args.game, args.tables)
    import psycopg

    try:
        psycopg.connect(args.postgres, connect_timeout=3).close()
    except psycopg.OperationalError as error:
        print(f"PostgreSQL left out: {error}")
        return
    from nfgalaxy.tables.postgres_store import PostgresStore

    schema = f"nfg_bench_{secrets.token_hex(6)}"
    try:
        with PostgresStore(args.postgres, schema) as store:
            measure("PostgreSQL", store, args.game, args.tables)
    finally:
        with psycopg.connect(args.postgres, autocommit=True) as connection:
            connection.execute(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE')


if __name__ == "__main__":
    main()
