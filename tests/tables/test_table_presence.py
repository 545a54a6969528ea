"""What the lobby lists besides a player's own tables: the players online (each session says
it is there now and then, migration 2's ``players.last_seen``; a session killed without a
word fades out) and the open tables being played, to watch."""

from __future__ import annotations

from nfgalaxy.tables.model import ONLINE_WITHIN, SeatSpec, TableSpec, Visibility
from tests.tables.conftest import ANN, BOB, CAT


def _names(store) -> list[str]:
    return [player.name for player in store.online()]


def test_players_online_are_those_whose_session_said_so_lately_by_name(store, players, clock):
    assert _names(store) == []
    store.seen(BOB)
    store.seen(ANN)
    assert _names(store) == ["Ann", "Bob"]
    clock.advance(ONLINE_WITHIN - 1)
    store.seen(CAT)
    assert _names(store) == ["Ann", "Bob", "Cat"]
    clock.advance(2)  # Ann and Bob said nothing for longer than the window: gone
    assert _names(store) == ["Cat"]


def test_a_session_that_ends_takes_its_player_off_the_list_at_once(store, players):
    store.seen(ANN)
    store.seen(BOB)
    store.gone(ANN)
    assert _names(store) == ["Bob"]


def test_another_front_end_sees_the_same_players_online(database, store, players):
    store.seen(CAT)
    assert _names(database.connect()) == ["Cat"]


def test_a_key_without_a_name_is_never_listed(store, players):
    store.seen("SHA256:stranger")
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
