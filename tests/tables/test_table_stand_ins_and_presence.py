"""What schema 2 keeps: why a bot decided for a human (with the decision), what a live table
does when a player is away, and who is connected; and a database of schema 1 upgraded to it
keeps its tables. On both databases."""

from __future__ import annotations

import pytest

from nfgalaxy.tables.errors import SeatRefused
from nfgalaxy.tables.migrations import MIGRATIONS, SCHEMA_VERSION_TABLE
from nfgalaxy.tables.model import (
    PRESENCE_SECONDS,
    Absence,
    Pace,
    SeatSpec,
    StandIn,
    TableSpec,
)

ANN, BOB = "SHA256:ann", "SHA256:bob"


def test_a_stand_in_is_kept_with_its_decision_and_read_back(database, store, playing):
    store.append(playing.id, 0, 0, {"kind": "k"}, stand_in=StandIn.CLOCK)
    store.append(playing.id, 1, 1, {"kind": "k"})
    read = database.connect().decisions(playing.id)
    assert [d.stand_in for d in read] == [StandIn.CLOCK, None]
    assert StandIn.CLOCK.note("Ann") == "Ann's clock ran out: a bot decided for them"


def test_a_bot_seat_has_no_stand_in_and_nothing_is_stored(store, players):
    spec = TableSpec("new-frontiers", (SeatSpec(), SeatSpec.bot("random")), seed=2)
    table = store.start(store.create(spec, ANN).id)
    with pytest.raises(SeatRefused, match="a bot's: no stand-in"):
        store.append(table.id, 0, 1, {"kind": "k"}, stand_in=StandIn.ABSENT)
    assert store.decisions(table.id) == []


def test_a_tables_absence_and_grace_are_kept(database, store, players):
    spec = TableSpec(
        "new-frontiers", (SeatSpec(), SeatSpec()), seed=2, pace=Pace.live(45),
        absence=Absence.BOT, grace=30,
    )  # fmt: skip
    table = store.create(spec, ANN)
    assert database.connect().table(table.id).spec == spec


def test_a_player_is_present_while_a_front_end_says_so_and_away_from_when_it_stops(
    store, players, clock
):
    assert not store.presence(ANN).here  # never seen
    store.mark_present([ANN, "SHA256:nobody-yet"])
    arrived = clock.now
    clock.advance(PRESENCE_SECONDS - 1)
    store.mark_present([ANN])
    assert store.presence(ANN).here and store.presence(ANN).since == arrived
    assert [p.name for p in store.online_players()] == ["Ann"]
    store.mark_gone(ANN)
    left = clock.now
    clock.advance(5)
    assert (store.presence(ANN).here, store.presence(ANN).since) == (False, left)
    store.mark_present([BOB])
    clock.advance(PRESENCE_SECONDS + 1)  # Bob's front end died: no word for too long
    assert not store.presence(BOB).here and store.online_players() == []
    store.mark_present([ANN])
    assert store.presence(ANN).since == clock.now  # back: present from now


def test_a_database_of_schema_1_is_upgraded_and_its_tables_kept(database, players):
    # Rebuild the store as schema 1 left it, with a table in it.
    fresh = database.connect(migrate=False)
    for name in (
        "table_records", "rating_changes", "ratings", "retractions", "mutes", "chat",
        "decisions", "seats",
        "tables", "players", "schema_version",
    ):  # fmt: skip
        database.execute(f"DROP TABLE {name}")
    database.execute(SCHEMA_VERSION_TABLE)
    for statement in MIGRATIONS[0].sql(fresh.dialect):
        database.execute(statement)
    database.execute("INSERT INTO schema_version VALUES (1, 'first', 0)")
    database.execute("INSERT INTO players VALUES (?, 'Ann', 'ann', 0, NULL)", (ANN,))
    database.execute(
        "INSERT INTO tables (game, options, seed, pace, pace_amount, visibility, invitation, "
        "rated, status, host, created, updated) "
        "VALUES ('new-frontiers', '{}', 3, 'live', 60, 'open', NULL, FALSE, 'open', ?, 0, 0)",
        (ANN,),
    )
    database.execute("INSERT INTO seats VALUES (1, 0, 'human', NULL, ?)", (ANN,))
    assert fresh.migrate() == MIGRATIONS[-1].version
    (table,) = fresh.open_tables()
    assert (table.spec.absence, table.spec.grace, table.occupants) == (Absence.WAIT, 120, (ANN,))
