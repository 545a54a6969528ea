"""Between front ends: notices of new decisions, and the one front end that plays a table's
bots (LISTEN/NOTIFY and advisory locks in PostgreSQL, a poll and file locks in SQLite)."""

from __future__ import annotations

import time

import psycopg
import pytest

from nfgalaxy.tables.dialect import Notice
from nfgalaxy.tables.errors import PositionTaken


def test_a_decision_stored_by_one_connection_is_noticed_by_another_within_a_second(
    database, store, playing
):
    with database.connect().subscribe() as subscription:
        store.append(playing.id, 0, 0, {"kind": "k"})
        began = time.monotonic()
        notices = subscription.wait(timeout=1.0)
        assert time.monotonic() - began < 1.0
        assert notices == [Notice(playing.id, 0)]
        store.append(playing.id, 1, 1, {"kind": "k"})
        store.append(playing.id, 2, 0, {"kind": "k"})
        time.sleep(0.1)
        assert subscription.wait(timeout=1.0) == [Notice(playing.id, 1), Notice(playing.id, 2)]


def test_a_refused_decision_sends_no_notice(database, store, playing):
    store.append(playing.id, 0, 0, {"kind": "k"})
    with database.connect().subscribe() as subscription:
        with pytest.raises(PositionTaken):
            store.append(playing.id, 0, 1, {"kind": "k"})
        assert subscription.wait(timeout=0.3) == []


def test_one_connection_leads_a_table_at_a_time_until_it_releases_it(database, playing):
    first, second = database.connect(), database.connect()
    assert first.try_lead(playing.id)
    assert first.try_lead(playing.id)  # leading again is still leading
    assert not second.try_lead(playing.id)
    assert second.try_lead(playing.id + 1)  # another table has a leader of its own
    first.release(playing.id)  # once, even after two calls
    assert second.try_lead(playing.id)
    assert not first.try_lead(playing.id)


def test_the_lead_passes_on_when_the_leaders_connection_closes(database, playing):
    first, second = database.connect(), database.connect()
    assert first.try_lead(playing.id)
    assert not second.try_lead(playing.id)
    first.close()
    # PostgreSQL frees a closed session's locks as its backend exits, a moment after the
    # client hung up (on a loaded machine, long enough for a try at once to miss it).
    deadline = time.monotonic() + 10
    while not second.try_lead(playing.id):
        assert time.monotonic() < deadline, "the lead never passed on"
        time.sleep(0.05)


KILLED_LEADER = """
import sys, time
from nfgalaxy.tables import open_store
store = open_store(sys.argv[1], schema=sys.argv[2] or None)
assert store.try_lead(int(sys.argv[3]))
print("leading", flush=True)
time.sleep(60)
"""


def test_the_lead_passes_on_when_the_leading_process_is_killed(database, playing):
    follower = database.connect()
    with database.killed_at_the_end(KILLED_LEADER, playing.id, ready="leading"):
        assert not follower.try_lead(playing.id)
    # The server notices the closed connection of a killed process at once, but on its own
    # time: give it a moment.
    deadline = time.monotonic() + 5
    while not follower.try_lead(playing.id):
        assert time.monotonic() < deadline, "the lead never passed on"
        time.sleep(0.05)


def test_a_postgresql_store_whose_connection_was_ended_connects_again_and_leads_anew(
    database, playing
):
    if database.kind != "postgresql":
        pytest.skip("a SQLite file has no connection to lose")
    store, other = database.connect(), database.connect()
    assert store.try_lead(playing.id)
    ((pid,),) = store._connection.execute("SELECT pg_backend_pid()").fetchall()
    database.execute("SELECT pg_terminate_backend(?)", (pid,))
    with pytest.raises(psycopg.OperationalError):  # the one operation that found it ended
        store.table(playing.id)
    assert store.table(playing.id).id == playing.id  # connected again
    assert other.try_lead(playing.id)  # the ended session's lock went with it...
    assert not store.try_lead(playing.id)  # ...and the store does not think it still leads
