"""The new-game form says what it holds (issue 42, point 4): a seat switched to Human is not
called "Bot 1" (nor a bot "Player 2"), a name the player typed stays, and a switch says on or
off in words."""

from __future__ import annotations

from textual.widgets import Input, Label, Switch

from nfgalaxy.ui.app import NfGalaxyApp
from nfgalaxy.ui.widgets.cycle import Cycle


async def _new_frontiers_form(app: NfGalaxyApp, pilot):
    """The new-game screen with New Frontiers chosen."""
    await pilot.pause()
    screen = app.screen
    screen.query_one("#game", Cycle).value = "new-frontiers"
    await pilot.pause()
    return screen


async def test_a_seat_switched_between_human_and_bot_takes_that_kinds_name_unless_typed() -> None:
    app = NfGalaxyApp(bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await _new_frontiers_form(app, pilot)
        kind, name = screen.query_one("#kind-1", Cycle), screen.query_one("#name-1", Input)
        kind.value = "greedy"
        await pilot.pause()
        assert name.value == "Bot 1"
        kind.value = "human"
        await pilot.pause()
        assert name.value == "Player 2"
        kind.value = "normal"
        await pilot.pause()
        assert name.value == "Bot 1"
        name.value = "Ada"
        kind.value = "human"
        await pilot.pause()
        assert name.value == "Ada"  # typed by the player: kept


async def test_a_switch_says_on_or_off_in_words() -> None:
    app = NfGalaxyApp(bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await _new_frontiers_form(app, pilot)
        switch = screen.query_one("#opt-new-frontiers-goals", Switch)
        word = screen.query_one("#opt-new-frontiers-goals-word", Label)
        before = str(word.render())
        assert before == ("on" if switch.value else "off")
        switch.toggle()
        await pilot.pause()
        assert str(word.render()) == ("on" if switch.value else "off") != before
