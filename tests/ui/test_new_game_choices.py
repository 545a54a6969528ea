"""The new-game screen offers an option with a fixed set of words (``OptionKind.CHOICE``) as a
list to choose from, passes the word chosen to the game, and says why a setup the game refuses
cannot start. Race's expansion level is the example (its options come from its descriptor)."""

from __future__ import annotations

from nfgalaxy.core.registry import descriptor
from nfgalaxy.ui.app import NfGalaxyApp
from nfgalaxy.ui.screens.game import GameScreen
from nfgalaxy.ui.widgets.cycle import Cycle
from tests.ui.playtest import rows_shown

RACE = "race-for-the-galaxy"


async def choose(app: NfGalaxyApp, pilot, seats: list[str], **values: object) -> None:
    screen = app.screen
    screen.query_one("#game").value = RACE
    await rows_shown(screen, pilot, RACE)
    for index, kind in enumerate([*seats, *["empty"] * (6 - len(seats))]):
        screen.query_one(f"#kind-{index}").value = kind
    for name, value in values.items():
        screen.query_one(f"#opt-{RACE}-{name}").value = value
    await pilot.pause()


async def test_a_choice_option_is_a_list_of_its_words_and_reaches_the_game() -> None:
    app = NfGalaxyApp(bot_delay=0, seed=4)
    async with app.run_test(size=(140, 45)) as pilot:
        await choose(app, pilot, ["human", "greedy", "greedy", "greedy", "greedy", "greedy"])
        field = app.screen.query_one(f"#opt-{RACE}-expansion", Cycle)
        option = descriptor(RACE).option("expansion")
        assert option is not None and field.value == option.default == "auto"
        shown = [(str(label), str(v)) for label, v in field.choices]
        assert [v for _label, v in shown] == list(option.choices)
        assert [label for label, _v in shown] == list(option.choice_labels)  # words for people
        field.value = "rvi"
        await pilot.pause()
        assert app.screen.options()["expansion"] == "rvi"
        app.screen.query_one("#start").press()
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        state = app.screen.state
        assert state.options["expansion"] == "rvi" and len(state.players) == 6


async def test_by_default_the_number_of_players_picks_the_cards() -> None:
    """Five seats and the expansion left at "by the number of players": The Gathering Storm."""
    app = NfGalaxyApp(bot_delay=0, seed=4)
    async with app.run_test(size=(140, 45)) as pilot:
        await choose(app, pilot, ["human", "greedy", "greedy", "greedy", "greedy"])
        app.screen.query_one("#start").press()
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert app.screen.state.options["expansion"] == "tgs"


async def test_a_setup_the_game_refuses_is_told_and_not_started() -> None:
    app = NfGalaxyApp(bot_delay=0, seed=4)
    async with app.run_test(size=(140, 45)) as pilot:
        await choose(
            app, pilot, ["human", "greedy", "greedy", "greedy", "greedy"], expansion="base"
        )
        app.screen.query_one("#start").press()
        await pilot.pause()
        assert not isinstance(app.screen, GameScreen)
        notes = [n.message for n in app._notifications]
        assert any("is for 2 to 4 players" in note for note in notes), notes


async def test_only_the_chosen_games_rows_are_on_the_form_and_each_keeps_what_was_set() -> None:
    """The form composes the chosen game's seats and options only (every game's at once made
    the first screen slow); choosing another game and back finds the options as they were
    set, and the seat rows a game with more players adds come from the last setup."""
    app = NfGalaxyApp(bot_delay=0, seed=4)
    async with app.run_test(size=(140, 45)) as pilot:
        screen = app.screen
        first = descriptor(screen.query_one("#game").value)
        assert len(screen.query(".seat")) == first.max_players
        assert not screen.query(f"#opt-{RACE}-expansion")
        await choose(app, pilot, ["human", "greedy"], expansion="rvi", advanced=True)
        race = descriptor(RACE)
        assert [r.display for r in screen.query(".seat")][: race.max_players] == [
            True
        ] * race.max_players
        screen.query_one("#game").value = first.id
        await rows_shown(screen, pilot, first.id)
        assert not screen.query(f"#opt-{RACE}-expansion")
        assert [r.display for r in screen.query(".seat")].count(True) == first.max_players
        screen.query_one("#game").value = RACE
        await rows_shown(screen, pilot, RACE)
        assert screen.query_one(f"#opt-{RACE}-expansion").value == "rvi"
        assert screen.query_one(f"#opt-{RACE}-advanced").value is True
        assert screen.options()["expansion"] == "rvi"


async def test_games_chosen_one_after_another_leave_one_whole_set_of_rows() -> None:
    """Choosing games faster than the form redraws leaves one set of rows, the last game's;
    a seat row mounted for a bigger game is whole (its kind can be set) once shown. The
    form awaits its removals and mounts: on a loaded machine a test setting a new Race seat's
    kind one pause after choosing Race found its list not yet composed."""
    app = NfGalaxyApp(bot_delay=0, seed=4)
    async with app.run_test(size=(140, 45)) as pilot:
        screen = app.screen
        first = screen.query_one("#game").value
        for game in (RACE, first, RACE):
            screen.query_one("#game").value = game
        await rows_shown(screen, pilot, RACE)
        assert len(screen.query(f"#opt-{RACE}-expansion")) == 1
        assert not screen.query(f".for-{first}")
        last = descriptor(RACE).max_players - 1
        screen.query_one(f"#kind-{last}").value = "greedy"
        await pilot.pause()
        assert screen.query_one(f"#kind-{last}").value == "greedy"
