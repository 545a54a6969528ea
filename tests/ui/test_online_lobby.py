"""The lobby of ``nfgalaxy serve`` (issue 43): a name picked the first time, tables set up,
joined and started, a guest who may only watch; every refusal told in the store's words."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Input, OptionList, Select, Static, Switch

from nfgalaxy.tables import open_store
from nfgalaxy.tables.model import Pace, SeatKind, SeatSpec, TableSpec, TableStatus, Visibility
from nfgalaxy.ui.screens.lobby import YOUR_MOVE, LobbyScreen
from nfgalaxy.ui.screens.online_table import OnlineTableScreen
from nfgalaxy.ui.screens.player_name import PlayerNameScreen
from nfgalaxy.ui.screens.table_form import TableFormScreen
from tests.ui.online import (
    ANN,
    BOB,
    CAT,
    SIZE,
    app_for,
    connected,
    notices,
    register,
    started,
    until,
)


def _rows(app, list_id: str) -> list[str]:
    options = app.screen.query_one(f"#{list_id}", OptionList)
    return [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]


async def test_a_new_key_picks_a_name_and_a_taken_one_is_refused_with_the_reason(
    tmp_path: Path,
) -> None:
    path = tmp_path / "tables.sqlite"
    register(path, (BOB, "Bob"))
    app = app_for(path, ANN)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, PlayerNameScreen)
        await pilot.press(*"BOB", "enter")
        await pilot.pause()
        assert isinstance(app.screen, PlayerNameScreen), "a taken name was accepted"
        problem = str(app.screen.query_one("#name-problem", Static).render())
        assert "The name 'BOB' is taken: choose another." in problem
        assert app.screen.query_one(Input).value == "BOB", "the field was not kept"
        await pilot.press("escape")  # the first name cannot be skipped
        assert isinstance(app.screen, PlayerNameScreen)
        await pilot.press("backspace", "backspace", *"ss", "enter")
        await pilot.pause()
        assert isinstance(app.screen, LobbyScreen)
        assert app.online.player().name == "Bss"
        assert "You are Bss" in str(app.screen.query_one("#me", Static).render())


async def test_a_known_player_goes_straight_to_the_lobby_and_may_rename(tmp_path: Path) -> None:
    path = tmp_path / "tables.sqlite"
    register(path, (ANN, "Ann"), (BOB, "Bob"))
    connected(path, ANN)  # Bob has a name but no session on any front end
    app = app_for(path, ANN)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, LobbyScreen)
        assert "Players online: Ann\n" in str(app.screen.query_one("#who", Static).render()) + "\n"
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, PlayerNameScreen)
        app.screen.query_one(Input).value = "bob"
        await pilot.press("enter")
        await pilot.pause()
        assert "is taken" in str(app.screen.query_one("#name-problem", Static).render())
        app.screen.query_one(Input).value = "Annie"
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, LobbyScreen)
        assert open_store(path).player(ANN).name == "Annie"


async def test_a_guest_may_watch_a_table_but_not_sit_and_is_told_why(tmp_path: Path) -> None:
    path = tmp_path / "tables.sqlite"
    register(path, (ANN, "Ann"), (BOB, "Bob"))
    table = started(path, "new-frontiers", 3, ANN, BOB)
    app = app_for(path, None)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, LobbyScreen)  # no name asked of a guest
        assert "without an SSH key" in str(app.screen.query_one("#me", Static).render())
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, LobbyScreen)
        assert any("only a player with a key" in n for n in notices(app))
        assert f"#{table.id} New Frontiers" in _rows(app, "playing")[0]
        app.screen.query_one("#playing", OptionList).focus()
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, OnlineTableScreen)
        assert screen.online.seat is None and screen.viewer() is None
        assert not screen.query_one("DecisionList").decisions
        assert screen.query_one("#chat-line", Input).disabled


async def test_a_table_set_up_in_the_form_is_joined_and_started_from_the_lobby(
    tmp_path: Path,
) -> None:
    path = tmp_path / "tables.sqlite"
    register(path, (ANN, "Ann"), (BOB, "Bob"))
    app = app_for(path, ANN)
    bob = app_for(path, BOB)
    async with app.run_test(size=SIZE) as pilot, bob.run_test(size=SIZE) as bob_pilot:
        await pilot.pause()
        await pilot.press("c")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, TableFormScreen)
        first = form.chosen_game()
        # Only the chosen game's option rows are composed (as on the new-game screen).
        assert {row.has_class(f"for-{first}") for row in form.query(".game-option")} == {True}
        form.query_one("#game", Select).value = "roll-for-the-galaxy"
        await pilot.pause()
        rows = form.query(".game-option")
        assert rows and all(row.has_class("for-roll-for-the-galaxy") for row in rows)
        form.query_one("#seat-count", Select).value = 3
        await pilot.pause()
        form.query_one("#seat-2", Select).value = "greedy"
        form.query_one("#pace", Select).value = "async"
        await pilot.pause()
        assert form.query_one("#pace-amount", Input).value == "3"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, LobbyScreen)
        (mine,) = _rows(app, "mine")
        assert "Roll for the Galaxy" in mine and "3 seats: 1 taken, 1 free, 1 bot" in mine
        assert "async, 3 days a move" in mine and "waiting for players" in mine

        await bob_pilot.pause()
        bob.screen.refresh_lists()
        (offered,) = _rows(bob, "open")
        assert offered.startswith("#1 Roll for the Galaxy")
        bob.screen.query_one("#open", OptionList).focus()
        await bob_pilot.press("enter")  # Bob joins
        await bob_pilot.pause()
        assert any("You sit at table 1" in n for n in notices(bob))
        assert "2 taken, 0 free" in _rows(bob, "mine")[0]
        bob.screen.query_one("#mine", OptionList).focus()
        await bob_pilot.press("x")  # Bob leaves before the start, and comes back
        assert any("You left table 1" in n for n in notices(bob))
        assert _rows(bob, "mine") == ["(none)"] and _rows(bob, "open")[0].startswith("#1 ")
        bob.screen.query_one("#open", OptionList).focus()
        await bob_pilot.press("enter")

        store = open_store(path)
        table = store.table(1)
        assert [s.kind for s in table.spec.seats] == [SeatKind.HUMAN, SeatKind.HUMAN, SeatKind.BOT]
        assert table.spec.seats[2].level == "greedy" and table.occupants[:2] == (ANN, BOB)

        app.screen.refresh_lists()
        app.screen.query_one("#mine", OptionList).focus()
        await pilot.press("s")
        await pilot.pause()
        assert store.table(1).status is TableStatus.PLAYING
        assert isinstance(app.screen, OnlineTableScreen)


async def test_a_private_table_is_joined_only_with_its_code_and_refusals_are_in_words(
    tmp_path: Path,
) -> None:
    path = tmp_path / "tables.sqlite"
    register(path, (ANN, "Ann"), (BOB, "Bob"), (CAT, "Cat"))
    app = app_for(path, ANN)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("c")
        await pilot.pause()
        form = app.screen
        form.query_one("#private", Switch).value = True
        await pilot.pause()
        form.query_one("#invitation", Input).value = "moon"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert any("its invitation code is moon" in n for n in notices(app))
        assert "private, code moon" in _rows(app, "mine")[0]
        store = open_store(path)
        assert store.table(1).spec.visibility is Visibility.PRIVATE
        assert store.open_tables() == []
        # The host's lobby: starting before the seats are taken is refused in words.
        app.screen.query_one("#mine", OptionList).focus()
        await pilot.press("s")
        await pilot.pause()
        assert any("table 1 cannot start: seats 2 are free" in n.lower() for n in notices(app))

    bob = app_for(path, BOB)
    async with bob.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert _rows(bob, "open") == ["(none)"]
        await pilot.press("j", *"1", "tab", *"sun", "enter")
        await pilot.pause()
        assert any("that is not its invitation code" in n for n in notices(bob))
        assert store.table(1).occupants == (ANN, None)
        await pilot.press("j", *"1", "tab", *"moon", "enter")
        await pilot.pause()
        assert store.table(1).occupants == (ANN, BOB)


async def test_the_tables_where_it_is_your_move_are_marked_and_listed_first(
    tmp_path: Path,
) -> None:
    path = tmp_path / "tables.sqlite"
    register(path, (ANN, "Ann"), (BOB, "Bob"))
    first = started(path, "new-frontiers", 1, BOB, ANN)  # seed 1: seat 1 (Bob) starts
    second = started(path, "new-frontiers", 3, ANN, BOB)  # seed 3: seat 1 (Ann) starts
    app = app_for(path, ANN)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        rows = _rows(app, "mine")
        assert rows[0].startswith(f"#{second.id} ")
        assert rows[0].endswith(f"{YOUR_MOVE} (2 d 23 h left)")  # three days a move
        assert rows[1].startswith(f"#{first.id} ") and YOUR_MOVE not in rows[1]


async def test_a_player_coming_back_is_put_at_the_seat_of_their_live_table(tmp_path) -> None:
    path = tmp_path / "tables.sqlite"
    register(path, (ANN, "Ann"), (BOB, "Bob"))
    table = started(path, "new-frontiers", 3, ANN, BOB, pace=Pace.live(60))
    app = app_for(path, BOB)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, OnlineTableScreen) and screen.online.seat == 1
        assert any(f"Back at your seat at table {table.id}" in n for n in notices(app))


async def test_a_player_waiting_in_the_lobby_is_taken_to_their_table_when_another_starts_it(
    tmp_path: Path,
) -> None:
    path = tmp_path / "tables.sqlite"
    register(path, (ANN, "Ann"), (BOB, "Bob"))
    direct = open_store(path)
    host = app_for(path, ANN)
    bob = app_for(path, BOB)
    async with host.run_test(size=SIZE) as pilot, bob.run_test(size=SIZE) as bob_pilot:
        table = host.online.referee.new_table(
            TableSpec("new-frontiers", (SeatSpec(), SeatSpec()), seed=5), ANN
        )
        direct.join(table.id, BOB)
        for app, keys in ((host, pilot), (bob, bob_pilot)):
            app.screen.refresh_lists()
            await keys.pause()
            assert isinstance(app.screen, LobbyScreen)
            assert "waiting for players" in _rows(app, "mine")[0]
        host.screen.query_one("#mine", OptionList).focus()
        await pilot.press("s")  # Ann starts it: she is taken to it, and Bob, who waits
        # The notice is a message the app handles after the screen is pushed: wait for both.
        started = f"Table {table.id} has started"
        await until(
            bob_pilot,
            lambda: (
                isinstance(bob.screen, OnlineTableScreen)
                and any(started in n for n in notices(bob))
            ),
            seconds=6,
        )
        assert bob.screen.online.table_id == table.id and bob.screen.online.seat == 1
        # Ann, who started it, is at her seat once: the lobby's next reading adds no screen.
        await until(pilot, lambda: isinstance(host.screen, OnlineTableScreen))
        await pilot.pause(2.5)
        assert [type(s) for s in host.screen_stack].count(OnlineTableScreen) == 1
        assert host.screen.online.seat == 0
    direct.close()


async def test_the_lobby_reads_nothing_while_a_tables_screen_is_over_it(
    tmp_path: Path, monkeypatch
) -> None:
    """An idle player at a table costs the server nothing for the lobby under it (Textual
    counts the screen under the top one as current, so a guard on that read the store and
    laid out the lobby's lists every two seconds); back in the lobby its lists are read."""
    monkeypatch.setattr("nfgalaxy.ui.screens.lobby.REFRESH", 0.05)
    readings = []
    real = LobbyScreen.refresh_lists
    monkeypatch.setattr(
        LobbyScreen, "refresh_lists", lambda screen: (readings.append(1), real(screen))
    )
    path = tmp_path / "tables.sqlite"
    register(path, (ANN, "Ann"), (BOB, "Bob"))
    started(path, "new-frontiers", 3, ANN, BOB, pace=Pace.live(60))
    app = app_for(path, BOB)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, OnlineTableScreen))
        readings.clear()
        await pilot.pause(0.5)
        assert readings == []
        app.pop_screen()
        await until(pilot, lambda: len(readings) >= 3)
        assert isinstance(app.screen, LobbyScreen)
