"""Two ``nfgalaxy serve`` front ends on one PostgreSQL database, over real SSH (issue 43):
Ann's OpenSSH client connects to one, Bob's to the other, and they play one live table with a
bot in its third seat. Each sees the other's decisions, the bot's decisions are made by exactly
one of the two front ends (the one leading the table), and nothing is lost between them. In
CI a PostgreSQL server that cannot be reached fails this test (``NFGALAXY_REQUIRE_POSTGRES``),
as it does the store's tests."""

from __future__ import annotations

import os
import secrets
import shutil
import subprocess
import time
from pathlib import Path

import psycopg
import pytest

from nfgalaxy.tables import open_store
from nfgalaxy.tables.model import Pace, SeatKind, SeatSpec, TableSpec
from nfgalaxy.tables.online import OnlineTable
from nfgalaxy.tables.referee import Referee
from tests.server.test_online_tables_ssh import PATIENCE, Terminals, _key, _ssh
from tests.tables.serve_process import ServeProcess

pytestmark = pytest.mark.skipif(
    shutil.which("ssh") is None or shutil.which("tmux") is None,
    reason="needs the OpenSSH client and tmux",
)

POSTGRES_URL = os.environ.get("NFGALAXY_TEST_POSTGRES", "postgresql://127.0.0.1:5432/test")
#: Decisions each human makes on their own screen.
EACH = 5


def _fingerprint(key: Path) -> str:
    """The key's fingerprint as ``ssh-keygen -l`` prints it: the server's word for the player."""
    shown = subprocess.run(
        ["ssh-keygen", "-l", "-f", f"{key}.pub"], capture_output=True, text=True, check=True
    )
    return shown.stdout.split()[1]


@pytest.fixture
def schema() -> str:
    try:
        psycopg.connect(POSTGRES_URL, connect_timeout=3).close()
    except psycopg.OperationalError as error:
        problem = f"PostgreSQL at {POSTGRES_URL} is unreachable: {error}"
        if os.environ.get("NFGALAXY_REQUIRE_POSTGRES") == "1":
            pytest.fail(f"{problem} (NFGALAXY_REQUIRE_POSTGRES=1: it may not be skipped)")
        pytest.skip(problem)
    name = f"nfg_test_{secrets.token_hex(6)}"
    yield name
    with psycopg.connect(POSTGRES_URL, autocommit=True) as connection:
        connection.execute(f'DROP SCHEMA IF EXISTS "{name}" CASCADE')


# Half a minute, mostly waiting on the terminals; tests/tables/test_table_servers.py plays two
# `serve` processes sharing one PostgreSQL to the end.
def test_two_front_ends_on_one_postgresql_play_one_table_over_ssh_bot_included(
    tmp_path: Path, schema: str
) -> None:
    keys = {name: _key(tmp_path, name) for name in ("ann", "bob")}
    seats = {0: _fingerprint(keys["ann"]), 1: _fingerprint(keys["bob"])}
    store = open_store(POSTGRES_URL, schema=schema)
    referee = Referee(store)
    store.register(seats[0], "Ann")
    store.register(seats[1], "Bob")
    spec = TableSpec(
        "new-frontiers", (SeatSpec(), SeatSpec(), SeatSpec.bot("random")), seed=8,
        pace=Pace.live(600),
    )  # fmt: skip
    table = referee.new_table(spec, seats[0])
    store.join(table.id, seats[1])
    store.start(table.id)
    fronts = [
        ServeProcess(tmp_path / f"front-{n}", "--database", POSTGRES_URL,
                     "--database-schema", schema)
        for n in (1, 2)
    ]  # fmt: skip
    terminals = Terminals()
    try:
        fronts = [front.ready() for front in fronts]
        assert fronts[0].port != fronts[1].port
        panes = {
            seat: terminals.open(name, _ssh(front.port, name, keys[name]))
            for seat, name, front in ((0, "ann", fronts[0]), (1, "bob", fronts[1]))
        }
        for pane in panes.values():  # a live table of theirs: each is put at their seat
            pane.wait(f"Back at your seat at table {table.id}")
        decided = {0: 0, 1: 0}
        deadline = time.monotonic() + 12 * PATIENCE
        while min(decided.values()) < EACH:
            assert time.monotonic() < deadline, "the table did not go on"
            game = referee.game(table.id)
            seat = game.to_move()
            assert seat is not None, "the game ended"
            before = len(game.history)
            if spec.seats[seat].kind is SeatKind.BOT:  # a front end's runner decides
                while len(referee.game(table.id).history) == before:
                    assert time.monotonic() < deadline, "no front end played the bot"
                    time.sleep(0.1)
                continue
            panes[seat].wait(lambda shown: "your move" in shown)
            panes[seat].keys("Enter")
            while len(referee.game(table.id).history) == before:
                assert time.monotonic() < deadline, f"seat {seat + 1}'s Enter decided nothing"
                time.sleep(0.1)
            decided[seat] += 1
            # The other player, on the other front end, sees it (the log of their own view),
            # read once the bot that may follow has made its move: a bot's run of events is one
            # line of the log, rewritten as the run goes on.
            while spec.seats[referee.game(table.id).to_move() or 0].kind is SeatKind.BOT:
                assert time.monotonic() < deadline, "no front end played the bot"
                time.sleep(0.1)
            other = 1 - seat
            line = OnlineTable(referee, table.id, seats[other]).log_lines()[-1]
            start = " ".join(line.split())[:20]  # the log wraps a line, never its first words
            try:
                panes[other].wait(lambda shown, start=start: start in " ".join(shown.split()))
            except AssertionError as error:
                raise AssertionError(f"{start!r} (of {line!r}) not shown") from error
        log = store.decisions(table.id)
        bots = sorted(d.position for d in log if spec.seats[d.seat].kind is SeatKind.BOT)
        played = sorted(p for front in fronts for _, _, p in front.decided())
        assert bots and played == bots  # each bot decision by exactly one front end
    finally:
        terminals.close()
        for front in fronts:
            front.stop()
        store.close()
