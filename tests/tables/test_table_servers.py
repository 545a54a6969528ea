"""Real ``nfgalaxy serve`` processes keep the tables going: one killed with SIGKILL and
restarted plays its table on to the end with nothing lost, and two sharing one database (each
on a port of its own) play one table to the end from both, exactly one of them deciding each
bot decision. On a SQLite file and on PostgreSQL (a schema of the test's own)."""

from __future__ import annotations

import random
import time
from pathlib import Path

from serve_process import ServeProcess, play_humans_until

from nfgalaxy.core.replay import replay_log
from nfgalaxy.tables.model import SeatKind, SeatSpec, TableSpec, TableStatus
from nfgalaxy.tables.referee import Referee

ANN, BOB = "SHA256:ann", "SHA256:bob"


def _serve(database, directory, ready: bool = True) -> ServeProcess:
    arguments = ["--database", database.target]
    if database.schema:
        arguments += ["--database-schema", database.schema]
    server = ServeProcess(directory, *arguments)
    return server.ready() if ready else server


def _started(store, seats, seed: int, *others: str):
    table = Referee(store).new_table(TableSpec("new-frontiers", seats, seed=seed), ANN)
    for fingerprint in others:
        store.join(table.id, fingerprint)
    return store.start(table.id)


def _finished(store, table):
    return lambda: store.table(table.id).status is TableStatus.FINISHED


def _assert_a_whole_game(store, table) -> list:
    log = store.decisions(table.id)
    replayed = replay_log("new-frontiers", table.spec.game_options(), [d.decision for d in log])
    assert replayed.is_over()
    assert list(store.table(table.id).result.scores) == replayed.scores()
    return log


def test_a_server_killed_with_sigkill_and_restarted_plays_the_table_on_to_its_end(
    database, store, players, tmp_path
):
    table = _started(store, (SeatSpec(), SeatSpec.bot("random"), SeatSpec.bot("random")), 7)
    session, choose = [Referee(database.connect())], random.Random(4)
    first = _serve(database, tmp_path / "first")
    try:
        play_humans_until(session, table, lambda: len(first.decided()) >= 20, 20, choose)
    finally:
        first.kill()
    confirmed = store.decisions(table.id)
    assert first.process.returncode < 0 and len(confirmed) >= 20
    second = _serve(database, tmp_path / "second")
    try:
        play_humans_until(session, table, _finished(store, table), 30, choose)
    finally:
        second.stop()
    log = _assert_a_whole_game(store, table)
    assert log[: len(confirmed)] == confirmed  # nothing confirmed was lost
    first_played = {p for _, _, p in first.decided()}
    assert second.decided() and first_played.isdisjoint(p for _, _, p in second.decided())


def test_two_servers_on_one_database_play_a_table_to_its_end_one_deciding_each_bot_decision(
    database, store, players, tmp_path
):
    seats = (SeatSpec(), SeatSpec(), SeatSpec.bot("random"))
    table = _started(store, seats, 11, BOB)
    # Ann's session on one front end, Bob's on the other: each through its own connection.
    sessions = [Referee(database.connect()), Referee(database.connect())]
    choose = random.Random(9)
    servers = [_serve(database, tmp_path / f"front-{n}", ready=False) for n in (1, 2)]
    servers = [server.ready() for server in servers]  # started together
    assert servers[0].port != servers[1].port
    try:
        both = lambda: sum(len(s.decided()) for s in servers) >= 10  # noqa: E731
        play_humans_until(sessions, table, both, 20, choose)
        # The front end leading the table dies: the other takes its bots over.
        (leader,) = [s for s in servers if s.decided()]
        leader.kill()
        play_humans_until(sessions, table, _finished(store, table), 30, choose)
    finally:
        for server in servers:
            server.stop()
    log = _assert_a_whole_game(store, table)
    bots = sorted(d.position for d in log if table.spec.seats[d.seat].kind is SeatKind.BOT)
    decided = sorted(p for server in servers for _, _, p in server.decided())
    assert decided == bots  # every bot decision by exactly one of them
    assert all(server.decided() for server in servers)
    for server in servers:
        assert "taken meanwhile" not in server.log_path.read_text()


def test_a_servers_search_bot_thinks_in_its_worker_process_and_decides(
    database, store, players, tmp_path
):
    table = _started(store, (SeatSpec.bot("normal"), SeatSpec()), 21)
    assert Referee(store).game(table.id).to_move() == 0
    server = _serve(database, tmp_path / "front")
    try:
        deadline = time.monotonic() + 20
        while not store.decisions(table.id):
            assert time.monotonic() < deadline, server.log_path.read_text()[-2000:]
            time.sleep(0.05)
        pid = server.process.pid
        tasks = Path(f"/proc/{pid}/task").iterdir()  # a child is listed by its thread
        children = [c for task in tasks for c in (task / "children").read_text().split()]
        commands = [Path(f"/proc/{child}/cmdline").read_bytes() for child in children]
        assert any(b"multiprocessing" in command for command in commands)  # the worker
    finally:
        server.stop()
    (first, *_) = store.decisions(table.id)
    assert first.seat == 0 and server.decided()[0] == (table.id, 0, 0)
