"""A table may forbid spectators: someone without a seat is refused its game and its chat,
with the reason; its players see it as ever."""

from __future__ import annotations

import pytest

from nfgalaxy.tables.errors import ChatRefused, Refused
from nfgalaxy.tables.model import SeatSpec, TableSpec
from nfgalaxy.tables.online import OnlineTable
from nfgalaxy.tables.referee import Referee
from tests.tables.conftest import ANN, BOB, CAT

REASON = "allows no spectators: only its players see it"


def _started(store, spectators: bool):
    spec = TableSpec("new-frontiers", (SeatSpec(), SeatSpec()), seed=5, spectators=spectators)
    table = store.create(spec, ANN)
    store.join(table.id, BOB)
    return store.start(table.id)


def test_a_table_without_spectators_keeps_that_and_refuses_a_watcher_with_the_reason(
    store, players
):
    table = _started(store, spectators=False)
    assert store.table(table.id).spec.spectators is False
    referee = Referee(store)
    for watcher in (CAT, None):  # a player without a seat, a guest
        with pytest.raises(Refused, match=REASON):
            OnlineTable(referee, table.id, watcher)
    mine = OnlineTable(referee, table.id, BOB)
    assert mine.seat == 1
    with pytest.raises(ChatRefused, match=REASON):
        store.say(table.id, CAT, "hello")
    store.say(table.id, BOB, "hello")
    assert store.tables_in_play()[0].watch_refusal(CAT) == f"table {table.id} {REASON}"


def test_a_table_open_to_spectators_is_watched_from_the_public_view(store, players):
    table = _started(store, spectators=True)
    watcher = OnlineTable(Referee(store), table.id, CAT)
    assert watcher.seat is None and table.watch_refusal(None) is None
    store.say(table.id, CAT, "good luck")
