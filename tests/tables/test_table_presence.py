"""What the lobby lists besides a player's own tables: the players online (those a serve
process says are connected, ``TableStore.mark_present``: one word of presence for the live
clocks and the lobby alike) and the open tables being played, to watch."""

from __future__ import annotations

from nfgalaxy.tables.model import PRESENCE_SECONDS, SeatSpec, TableSpec, Visibility
from tests.tables.conftest import ANN, BOB, CAT


def _names(store) -> list[str]:
    return [player.name for player in store.online_players()]


def test_players_online_are_those_a_front_end_says_are_connected_by_name(store, players, clock):
    assert _names(store) == []
    store.mark_present([BOB, ANN])
    assert _names(store) == ["Ann", "Bob"]
    clock.advance(PRESENCE_SECONDS - 1)
    store.mark_present([CAT])
    store.mark_gone(BOB)  # Bob's last session ended
    assert _names(store) == ["Ann", "Cat"]
    clock.advance(2)  # Ann's front end said nothing for too long: gone
    assert _names(store) == ["Cat"]


def test_another_front_end_sees_the_same_players_online(database, store, players):
    store.mark_present([CAT])
    assert _names(database.connect()) == ["Cat"]


def test_a_key_without_a_name_is_never_listed(store, players):
    store.mark_present(["SHA256:stranger"])
    assert _names(store) == []


def test_the_open_tables_being_played_are_listed_to_watch_and_private_ones_are_not(store, players):
    two = (SeatSpec(), SeatSpec())
    shown = store.create(TableSpec("new-frontiers", two, seed=1), ANN)
    hidden = store.create(
        TableSpec("new-frontiers", two, seed=2, visibility=Visibility.PRIVATE, invitation="x"),
        ANN,
    )
    waiting = store.create(TableSpec("new-frontiers", two, seed=3), CAT)
    for table in (shown, hidden):
        store.join(table.id, BOB, invitation="x" if table is hidden else None)
        store.start(table.id)
    assert [t.id for t in store.tables_in_play()] == [shown.id]
    assert waiting.id in [t.id for t in store.open_tables()]
