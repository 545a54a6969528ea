"""Tables and their seats: set up, listed, joined, left and started."""

from __future__ import annotations

import pytest

from nfgalaxy.tables.errors import SeatRefused, TableClosed, UnknownPlayer, UnknownTable
from nfgalaxy.tables.model import (
    Pace,
    SeatSpec,
    TableSpec,
    TableStatus,
    Visibility,
)

ANN, BOB, CAT = "SHA256:ann", "SHA256:bob", "SHA256:cat"
TWO_HUMANS_AND_A_BOT = (SeatSpec(), SeatSpec(), SeatSpec.bot("normal"))


def private_spec() -> TableSpec:
    return TableSpec(
        "roll-for-the-galaxy",
        TWO_HUMANS_AND_A_BOT,
        seed=99,
        visibility=Visibility.PRIVATE,
        invitation="orion-7",
    )


def test_a_new_table_keeps_its_spec_and_seats_its_host_in_the_first_human_seat(store, players):
    spec = TableSpec(
        "new-frontiers",
        (SeatSpec.bot("greedy"), SeatSpec(), SeatSpec()),
        seed=2**40,
        options={"first_game": False},
        pace=Pace.live(90),
        ladder=True,  # a rated table with a bot: the bot ladder
    )
    table = store.create(spec, ANN)
    assert table.spec == spec
    assert (table.status, table.host, table.result) == (TableStatus.OPEN, ANN, None)
    assert table.occupants == (None, ANN, None)
    assert table.free_seats() == [2]
    assert store.table(table.id) == table


def test_the_lobby_lists_open_public_tables_not_private_or_started_ones(store, players):
    public = store.create(TableSpec("new-frontiers", TWO_HUMANS_AND_A_BOT, seed=1), ANN)
    store.create(private_spec(), ANN)
    started = store.create(TableSpec("new-frontiers", (SeatSpec(), SeatSpec()), seed=2), BOB)
    store.join(started.id, CAT)
    store.start(started.id)
    assert [t.id for t in store.open_tables()] == [public.id]
    assert [t.id for t in store.tables_of(CAT)] == [started.id]


def test_a_private_table_is_joined_only_with_its_invitation_code(database, store, players):
    table = store.create(private_spec(), ANN)
    for code in (None, "orion-8"):
        with pytest.raises(SeatRefused, match="invitation code"):
            store.join(table.id, BOB, invitation=code)
    assert store.table(table.id).occupants == (ANN, None, None)
    assert store.join(table.id, BOB, invitation="orion-7").occupants == (ANN, BOB, None)


def test_a_player_takes_one_seat_and_a_taken_or_bot_seat_is_refused(store, players):
    table = store.create(TableSpec("new-frontiers", TWO_HUMANS_AND_A_BOT, seed=1), ANN)
    with pytest.raises(SeatRefused, match="already sit"):
        store.join(table.id, ANN)
    for seat in (0, 2, 7):
        with pytest.raises(SeatRefused, match="not a free seat"):
            store.join(table.id, BOB, seat=seat)
    store.join(table.id, BOB, seat=1)
    with pytest.raises(SeatRefused, match="no free seat"):
        store.join(table.id, CAT)
    with pytest.raises(UnknownPlayer):
        store.join(table.id, "SHA256:nobody")
    assert store.table(table.id).occupants == (ANN, BOB, None)


def test_leaving_before_the_start_frees_the_seat_and_the_last_to_leave_abandons_it(store, players):
    table = store.create(TableSpec("new-frontiers", TWO_HUMANS_AND_A_BOT, seed=1), ANN)
    store.join(table.id, BOB)
    assert store.leave(table.id, ANN).occupants == (None, BOB, None)
    with pytest.raises(SeatRefused, match="no seat"):
        store.leave(table.id, ANN)
    left = store.leave(table.id, BOB)
    assert left.status is TableStatus.ABANDONED
    with pytest.raises(TableClosed, match="abandoned"):
        store.join(table.id, CAT)


def test_a_table_starts_with_every_human_seat_taken_and_then_keeps_its_seats(store, players):
    table = store.create(TableSpec("new-frontiers", TWO_HUMANS_AND_A_BOT, seed=1), ANN)
    with pytest.raises(TableClosed, match="seats 2 are free"):
        store.start(table.id)
    store.join(table.id, BOB)
    assert store.start(table.id).status is TableStatus.PLAYING
    for attempt in (lambda: store.leave(table.id, BOB), lambda: store.start(table.id)):
        with pytest.raises(TableClosed, match="is being played"):
            attempt()
    assert store.abandon(table.id).status is TableStatus.ABANDONED


def test_an_unknown_table_is_refused_with_its_number(store, players):
    for attempt in (
        lambda: store.table(404),
        lambda: store.join(404, ANN),
        lambda: store.start(404),
        lambda: store.decisions(404),
        lambda: store.append(404, 0, 0, {"kind": "pass"}),
    ):
        with pytest.raises(UnknownTable, match="no table 404"):
            attempt()
