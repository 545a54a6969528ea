"""A table's log of decisions: appended only at the next position, kept whatever happens."""

from __future__ import annotations

import threading

import pytest

from nfgalaxy.tables.errors import PositionTaken, Refused, SeatRefused, TableClosed, UnknownTable
from nfgalaxy.tables.model import Result, SeatSpec, TableSpec, TableStatus

ANN = "SHA256:ann"


def test_a_decision_goes_only_at_the_next_position_and_a_refused_one_stores_nothing(store, playing):
    with pytest.raises(PositionTaken) as ahead:
        store.append(playing.id, 1, 0, {"kind": "select", "args": ["develop"]})
    assert (ahead.value.position, ahead.value.current) == (1, 0)
    first = store.append(playing.id, 0, 0, {"kind": "select", "args": ["develop"]})
    assert (first.position, first.seat, first.decision) == (
        0,
        0,
        {"kind": "select", "args": ["develop"]},
    )
    with pytest.raises(PositionTaken, match="position 0 of table") as taken:
        store.append(playing.id, 0, 1, {"kind": "select", "args": ["settle"]})
    assert taken.value.current == 1
    assert store.decisions(playing.id) == [first]


def test_the_log_reads_from_a_position_on_in_order(store, playing):
    for position in range(4):
        store.append(playing.id, position, position % 2, {"kind": "k", "args": [position]})
    later = store.decisions(playing.id, since=2)
    assert [(d.position, d.seat, d.decision["args"]) for d in later] == [(2, 0, [2]), (3, 1, [3])]
    # Past the end of a table's log: nothing; of a table that does not exist: refused.
    assert store.decisions(playing.id, since=4) == []
    with pytest.raises(UnknownTable):
        store.decisions(playing.id + 100)


def test_a_seat_the_table_does_not_have_or_a_decision_that_is_not_json_is_refused(store, playing):
    with pytest.raises(SeatRefused, match="no seat 3"):
        store.append(playing.id, 0, 2, {"kind": "k"})
    for bad in (["kind"], {"kind": object()}):
        with pytest.raises(Refused, match="JSON object"):
            store.append(playing.id, 0, 0, bad)
    assert store.decisions(playing.id) == []


def test_no_decision_before_the_start_or_after_the_end(store, players, playing):
    waiting = store.create(TableSpec("new-frontiers", (SeatSpec(), SeatSpec()), seed=1), ANN)
    with pytest.raises(TableClosed, match="has not started"):
        store.append(waiting.id, 0, 0, {"kind": "k"})
    result = Result(({"total": 30}, {"total": 41}), (1,))
    store.append(playing.id, 0, 1, {"kind": "k"}, result=result)
    finished = store.table(playing.id)
    assert (finished.status, finished.result) == (TableStatus.FINISHED, result)
    with pytest.raises(TableClosed, match="is finished"):
        store.append(playing.id, 1, 0, {"kind": "k"})
    with pytest.raises(TableClosed, match="is finished"):
        store.finish(playing.id, result)
    assert len(store.decisions(playing.id)) == 1


def test_two_sessions_deciding_at_one_position_exactly_one_wins_and_both_read_one_log(
    database, store, playing
):
    sessions = [database.connect(), database.connect()]
    rounds = 8
    outcomes: list[list[object]] = [[], []]
    barrier = threading.Barrier(2, timeout=30)

    def decide(number: int) -> None:
        for position in range(rounds):
            barrier.wait()
            try:
                outcomes[number].append(
                    sessions[number].append(playing.id, position, number, {"by": number})
                )
            except PositionTaken as taken:
                outcomes[number].append(taken)

    threads = [threading.Thread(target=decide, args=(n,)) for n in (0, 1)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    for position, (first, second) in enumerate(zip(*outcomes, strict=True)):
        losers = [o for o in (first, second) if isinstance(o, PositionTaken)]
        assert len(losers) == 1, (position, first, second)
        assert losers[0].position == position
    logs = [s.decisions(playing.id) for s in (*sessions, store)]
    assert logs[0] == logs[1] == logs[2]
    winners = [
        o for pair in zip(*outcomes, strict=True) for o in pair if not isinstance(o, PositionTaken)
    ]
    assert logs[0] == winners


KILLED_WRITER = """
import sys, time
from nfgalaxy.tables import open_store
store = open_store(sys.argv[1], schema=sys.argv[2] or None)
store.append(int(sys.argv[3]), 0, 0, {"kind": "select", "args": ["develop"]})
print("confirmed", flush=True)
time.sleep(60)
"""


def test_a_confirmed_decision_survives_a_kill_9_of_the_process_that_stored_it(database, playing):
    with database.killed_at_the_end(KILLED_WRITER, playing.id, ready="confirmed"):
        pass
    [kept] = database.connect().decisions(playing.id)
    assert (kept.position, kept.seat, kept.decision) == (
        0,
        0,
        {"kind": "select", "args": ["develop"]},
    )
