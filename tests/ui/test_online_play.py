"""Playing at an online table (issue 43): two apps on one store take turns, each sees the
other's decisions within a moment; a session decides only for its own seat; a lost race is
told and shows the winner's decision; the table's chat."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from textual.widgets import Input, RichLog

from nfgalaxy.core.decision import IllegalDecision
from nfgalaxy.tables import open_store
from nfgalaxy.tables.model import CHAT_BURST, Pace, SeatSpec, StandIn, TableSpec
from nfgalaxy.tables.referee import TURN_ORDER
from nfgalaxy.ui.screens.end import EndScreen
from nfgalaxy.ui.screens.lobby import LobbyScreen
from nfgalaxy.ui.screens.online_table import OnlineTableScreen
from nfgalaxy.ui.widgets.decisions import DecisionList
from tests.ui.online import ANN, BOB, SIZE, app_for, notices, register, session, started, until

NF = "new-frontiers"
#: With seed 3, seat 1 (Ann, the host) moves first.
SEED = 3


def _ann_and_bob(tmp_path: Path):
    """A started table; Ann's app, and Bob's session without a screen (the other player)."""
    path = tmp_path / "tables.sqlite"
    register(path, (ANN, "Ann"), (BOB, "Bob"))
    return started(path, NF, SEED, ANN, BOB), app_for(path, ANN), session(path, BOB)


async def _at_table(app, pilot) -> OnlineTableScreen:
    """From the lobby to the player's first table (Enter on its row)."""
    await pilot.pause()
    await pilot.press("enter")
    await pilot.pause()
    screen = app.screen
    assert isinstance(screen, OnlineTableScreen)
    return screen


async def test_two_apps_take_turns_and_each_sees_the_others_decisions_at_once(
    tmp_path: Path,
) -> None:
    path = tmp_path / "tables.sqlite"
    register(path, (ANN, "Ann"), (BOB, "Bob"))
    table = started(path, NF, SEED, ANN, BOB)
    ann, bob = app_for(path, ANN), app_for(path, BOB)
    async with ann.run_test(size=SIZE) as ann_pilot, bob.run_test(size=SIZE) as bob_pilot:
        screens = {0: await _at_table(ann, ann_pilot), 1: await _at_table(bob, bob_pilot)}
        pilots = {0: ann_pilot, 1: bob_pilot}
        assert "Ann: choose" in screens[0].query_one(DecisionList).border_title
        assert "Waiting for Ann" in screens[1].query_one(DecisionList).border_title
        assert screens[1].sub_title.startswith("Round") and "Ann to move" in screens[1].sub_title
        made = {0: 0, 1: 0}
        while min(made.values()) < 3:
            seat = screens[0].state.to_move()
            other = 1 - seat
            mover = screens[seat]
            assert not screens[other].query_one(DecisionList).decisions, "offered out of turn"
            if made[seat] == 0:
                await pilots[seat].press("d", "enter")  # the first decision offered, by keys
            else:  # the same, quicker (each key waits for the screen to be drawn again)
                mover.play(mover.query_one(DecisionList).decisions[0])
            stored = len(open_store(path).decisions(table.id))
            assert mover.online.length == stored, "the mover's screen is behind the store"
            # Both apps share this test's one event loop, drawing in turn: "at once" here is
            # within seconds (the time from the store to a session is measured without a
            # screen, in tests/tables/test_online_table.py).
            watcher = screens[other].online
            await until(pilots[other], lambda w=watcher, n=stored: w.length == n, 5.0)
            made[seat] += 1
        # The screens show the same game, each from its own seat.
        assert screens[0].state.to_move() == screens[1].state.to_move()
        assert screens[0].query_one("#log").lines == screens[1].query_one("#log").lines


async def test_a_decision_for_another_seat_is_refused_and_nothing_is_stored(
    tmp_path: Path,
) -> None:
    path = tmp_path / "tables.sqlite"
    register(path, (ANN, "Ann"), (BOB, "Bob"))
    table = started(path, NF, SEED, ANN, BOB)
    bob = app_for(path, BOB)
    async with bob.run_test(size=SIZE) as pilot:
        screen = await _at_table(bob, pilot)
        assert screen.state.to_move() == 0 and screen.viewer() == 1
        assert "Ann to move · 2 d 23 h left · table 1" in screen.sub_title  # 3 days a move
        assert not screen.query_one(DecisionList).decisions
        await pilot.press("enter", "1", "space", "u")  # nothing Bob presses decides for Ann
        await pilot.pause()
        forged = session(path, BOB).referee.game(table.id).legal_decisions()[0]
        with pytest.raises(IllegalDecision) as refused:
            screen.online.submit(forged)  # as a hacked client would send it
        assert refused.value.rule == TURN_ORDER
        assert "seat 1's turn to decide, not seat 2's" in refused.value.message
        screen.play(forged)
        await pilot.pause()
        assert any("not seat 2's" in n for n in notices(bob))
        assert open_store(path).decisions(table.id) == []


async def test_a_decision_that_lost_the_race_is_told_and_the_winners_is_shown(
    tmp_path: Path,
) -> None:
    path = tmp_path / "tables.sqlite"
    register(path, (ANN, "Ann"), (BOB, "Bob"))
    table = started(path, NF, SEED, ANN, BOB)
    ann = app_for(path, ANN)
    async with ann.run_test(size=SIZE) as pilot:
        screen = await _at_table(ann, pilot)
        offered = screen.query_one(DecisionList).decisions
        # Ann's other session (a second terminal with her key) decides at the same moment:
        # after this session's referee judged its decision, before the store appends it.
        other, winner = session(path, ANN), offered[-1]
        store = screen.online.store
        append = store.append

        def at_the_same_moment(*args, **kwargs):
            other.referee.play(table.id, ANN, winner.to_json())
            return append(*args, **kwargs)

        store.append = at_the_same_moment
        screen.play(offered[0])
        await pilot.pause()
        assert any("another decision was stored first" in n.lower() for n in notices(ann))
        log = open_store(path).decisions(table.id)
        assert [d.decision for d in log] == [winner.to_json()]
        assert screen.online.length == 1
        assert screen.state.history[0]["args"] == list(winner.args)


async def test_the_chat_shows_lines_with_names_refuses_a_flood_and_mutes_a_player(
    tmp_path: Path,
) -> None:
    table, ann, bob = _ann_and_bob(tmp_path)
    async with ann.run_test(size=SIZE) as pilot:
        screen = await _at_table(ann, pilot)
        chat = screen.query_one("#chat-log", RichLog)
        await pilot.press("c", *"hi all", "enter")
        await pilot.pause()
        assert [line.text for line in bob.store.chat(table.id)] == ["hi all"]
        assert screen.query_one("#chat-line", Input).value == ""
        bob.store.say(table.id, BOB, "hi Ann")
        await until(pilot, lambda: "Bob: hi Ann" in "\n".join(s.text for s in chat.lines))
        assert "Ann: hi all" in chat.lines[0].text
        line = screen.query_one("#chat-line", Input)
        for n in range(CHAT_BURST):  # the first line and these make one too many
            line.value = f"line {n}"
            await pilot.press("enter")
        assert any("at most 5 lines in 10 seconds" in n for n in notices(ann))
        assert line.value == f"line {CHAT_BURST - 1}"  # kept, to be sent again later
        line.value = "/mute bob"
        await pilot.press("enter")
        await pilot.pause()
        assert all(not s.text.startswith("Bob:") for s in chat.lines)
        bob.store.say(table.id, BOB, "still there?")
        screen.read_chat()  # as the chat's timer does every second
        assert all(not s.text.startswith("Bob:") for s in chat.lines)
        await pilot.press("escape")  # out of the chat line, still at the table
        assert isinstance(ann.screen, OnlineTableScreen)
        await pilot.press("escape")  # back to the lobby
        await pilot.pause()
        assert not isinstance(ann.screen, OnlineTableScreen)


async def test_u_takes_back_your_own_last_decision_until_another_seat_acts(tmp_path) -> None:
    table, ann, bob = _ann_and_bob(tmp_path)
    async with ann.run_test(size=SIZE) as pilot:
        screen = await _at_table(ann, pilot)
        assert not screen.can_undo()
        await pilot.press("d", "enter")
        await pilot.pause()
        assert len(bob.store.decisions(table.id)) == 1 and screen.can_undo()
        await pilot.press("u")
        await pilot.pause()
        assert bob.store.decisions(table.id) == []
        assert any("last decision taken back" in n for n in notices(ann))
        assert screen.query_one(DecisionList).decisions, "Ann is not offered her move again"
        await pilot.press("d", "enter")
        await pilot.pause()
        game = bob.referee.game(table.id)
        bob.referee.play(table.id, BOB, game.legal_decisions()[0])  # Bob acts: too late
        await until(pilot, lambda: screen.online.length == 2)
        assert not screen.can_undo()
        await pilot.press("u")
        await pilot.pause()
        assert len(bob.store.decisions(table.id)) == 2


async def test_a_finished_table_shows_the_end_and_n_goes_back_to_the_lobby(tmp_path) -> None:
    table, ann, bob = _ann_and_bob(tmp_path)
    keys = (ANN, BOB)
    for _ in range(2000):  # both players' decisions, the first offered, to the end
        game = bob.referee.game(table.id)
        if game.is_over():
            break
        bob.referee.play(table.id, keys[game.to_move()], game.legal_decisions()[0])
    assert bob.store.table(table.id).result is not None
    async with ann.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "finished" in ann.screen.query_one("#mine").get_option_at_index(0).prompt
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(ann.screen, EndScreen)
        assert ann.screen.state.is_over() and "seed" not in ann.screen.state.options
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(ann.screen, LobbyScreen)


async def test_the_screen_says_when_a_bot_decided_for_a_player_and_shows_the_live_clock(
    tmp_path: Path,
) -> None:
    path = tmp_path / "tables.sqlite"
    register(path, (ANN, "Ann"), (BOB, "Bob"))
    table = started(path, NF, SEED, ANN, BOB, pace=Pace.live(90))
    server = session(path, None)  # the serve process: its runner stands in
    bob = app_for(path, BOB)
    async with bob.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = bob.screen  # a live table of his: straight back to his seat
        assert isinstance(screen, OnlineTableScreen)
        shown = re.search(r"Ann to move · (\d+) s left · table 1", screen.sub_title)
        assert shown and 75 <= int(shown.group(1)) <= 90, screen.sub_title
        game = server.referee.game(table.id)
        server.referee.play_stand_in(table.id, 0, game.legal_decisions()[0], StandIn.CLOCK)
        note = "Ann's clock ran out: a bot decided for them"
        await until(pilot, lambda: note in screen.query_one("#log").entries)
        assert "your move" in screen.sub_title and " s left" in screen.sub_title
    server.store.close()


async def test_waiting_for_the_servers_bot_shows_the_thinking_indicator_not_a_screen_class(
    tmp_path: Path,
) -> None:
    path = tmp_path / "tables.sqlite"
    register(path, (ANN, "Ann"))
    direct = session(path, None)
    spec = TableSpec(NF, (SeatSpec(), SeatSpec.bot("random")), seed=SEED)
    table = direct.referee.new_table(spec, ANN)
    direct.store.start(table.id)
    direct.store.close()
    ann = app_for(path, ANN)
    async with ann.run_test(size=SIZE) as pilot:
        screen = await _at_table(ann, pilot)
        assert not screen.query_one("#thinking").has_class("-shown")
        screen.play(screen.state.legal_decisions()[0])  # Ann's: then the bot's turn
        await pilot.pause()
        assert screen.state.to_move() == 1
        # The server plays the bot: the indicator says so, and the screen is not restyled.
        assert screen.query_one("#thinking").has_class("-shown")
        assert not screen.has_class("bot-thinking")
