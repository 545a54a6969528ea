"""A table's chat: short printable lines, kept with the table, rate-limited, mutable."""

from __future__ import annotations

import pytest

from nfgalaxy.tables.errors import ChatRefused, UnknownPlayer, UnknownTable
from nfgalaxy.tables.model import CHAT_BURST, CHAT_MAX, CHAT_WINDOW, SeatSpec, TableSpec, Visibility

ANN, BOB, CAT = "SHA256:ann", "SHA256:bob", "SHA256:cat"


def texts(lines) -> list[tuple[str, str]]:
    return [(line.author, line.text) for line in lines]


def test_chat_lines_are_kept_with_the_table_in_order_and_read_from_a_line_on(
    database, store, playing
):
    first = store.say(playing.id, ANN, "  good luck  ")
    store.say(playing.id, BOB, "you too")
    assert texts(store.chat(playing.id)) == [(ANN, "good luck"), (BOB, "you too")]
    assert texts(database.connect().chat(playing.id, since=first.number)) == [(BOB, "you too")]


UNPRINTABLE_OR_BLANK = ("", "   ", "hi\nthere", "\x1b[2Jgone", "bell\x07", "a\u200bb")


def test_a_blank_long_or_unprintable_chat_line_is_refused_and_nothing_stored(store, playing):
    for text in (*UNPRINTABLE_OR_BLANK, "x" * (CHAT_MAX + 1)):
        with pytest.raises(ChatRefused) as refused:
            store.say(playing.id, ANN, text)
        assert refused.value.reason, text
    assert store.chat(playing.id) == []


def test_a_line_of_200_characters_is_kept(store, playing):
    assert store.say(playing.id, ANN, "é" * CHAT_MAX).text == "é" * CHAT_MAX


def test_a_flood_is_refused_until_the_window_has_passed_and_other_tables_are_not_counted(
    store, playing, clock
):
    for n in range(CHAT_BURST):
        store.say(playing.id, ANN, f"line {n}")
        clock.advance(0.5)
    with pytest.raises(ChatRefused, match=f"at most {CHAT_BURST} lines"):
        store.say(playing.id, ANN, "one too many")
    store.say(playing.id, BOB, "Bob may speak")
    other = store.create(TableSpec("new-frontiers", (SeatSpec(), SeatSpec()), seed=1), ANN)
    store.say(other.id, ANN, "another table")
    clock.advance(CHAT_WINDOW - 2.0)  # the first line is now older than the window
    store.say(playing.id, ANN, "again")
    assert len(store.chat(playing.id)) == CHAT_BURST + 2


def test_a_muted_players_lines_are_hidden_from_the_muter_only_and_kept(store, playing):
    store.say(playing.id, BOB, "spam")
    store.mute(playing.id, ANN, BOB)
    store.mute(playing.id, ANN, BOB)  # twice is once
    store.say(playing.id, CAT, "hello")
    assert store.muted(playing.id, ANN) == {BOB}
    assert texts(store.chat(playing.id, viewer=ANN)) == [(CAT, "hello")]
    assert texts(store.chat(playing.id, viewer=CAT)) == [(BOB, "spam"), (CAT, "hello")]
    store.unmute(playing.id, ANN, BOB)
    assert len(store.chat(playing.id, viewer=ANN)) == 2
    with pytest.raises(ChatRefused, match="yourself"):
        store.mute(playing.id, ANN, ANN)


def test_a_private_tables_chat_is_its_players_and_strangers_are_refused(store, players):
    spec = TableSpec(
        "new-frontiers",
        (SeatSpec(), SeatSpec()),
        seed=1,
        visibility=Visibility.PRIVATE,
        invitation="code",
    )
    table = store.create(spec, ANN)
    store.say(table.id, ANN, "waiting for Bob")
    with pytest.raises(ChatRefused, match="private"):
        store.say(table.id, CAT, "let me in")
    with pytest.raises(UnknownPlayer):
        store.say(table.id, "SHA256:nobody", "hi")
    with pytest.raises(UnknownTable):
        store.say(404, ANN, "hi")
    assert texts(store.chat(table.id)) == [(ANN, "waiting for Bob")]
