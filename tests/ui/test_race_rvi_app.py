"""Rebel vs Imperium in the app: six seats on one screen at 120x40 (the roster of every
player, the goals in short), and a whole 6-player game to the end through real key presses,
the end table adding up with the goals."""

from __future__ import annotations

import pytest

from nfgalaxy.games.race.rules import RaceGame
from nfgalaxy.games.race.ui.goals import GoalsPanel
from nfgalaxy.games.race.ui.roster import SeatRoster
from nfgalaxy.ui.app import NfGalaxyApp
from nfgalaxy.ui.screens.end import EndScreen
from nfgalaxy.ui.screens.game import GameScreen
from tests.ui.playtest import rows_shown
from tests.ui.test_race_app import RACE, check_end_table, human_asked, play_to_the_end
from tests.ui.test_race_hidden import screen_text

SEATS = ["human", "greedy", "greedy", "greedy", "greedy", "greedy"]


async def start_rvi(app: NfGalaxyApp, pilot) -> GameScreen:
    screen = app.screen
    screen.query_one("#game").value = RACE
    await rows_shown(screen, pilot, RACE)  # one pause was not always enough on a loaded machine
    for index, kind in enumerate(SEATS):
        screen.query_one(f"#kind-{index}").value = kind
        screen.query_one(f"#name-{index}").value = f"P{index + 1}"
    screen.query_one(f"#opt-{RACE}-expansion").value = "rvi"
    await pilot.pause()
    await pilot.click("#start")
    await pilot.pause()
    games = [s for s in app.screen_stack if isinstance(s, GameScreen)]
    assert games, "the game did not start"
    return games[0]


async def six_seats_in_round_two(app: NfGalaxyApp, pilot) -> RaceGame:
    """Start the six-seat game and answer the human's decisions into round 2; check that the
    roster of every player and the goals in short fit the screen there."""
    game = await start_rvi(app, pilot)
    state = game.state
    assert isinstance(state, RaceGame) and len(state.players) == 6
    assert state.options["expansion"] == "rvi" and state.options["takeovers"]
    for _ in range(200):
        await pilot.pause()
        if human_asked(app) and state.round >= 2:
            break
        if human_asked(app):
            await pilot.press("d", "enter")
    roster = app.screen.query_one(SeatRoster)
    assert roster.display and roster.region.bottom <= 40
    rows = screen_text(app, roster)
    assert all(f"P{i + 1}" in rows for i in range(6)) and "▶ P1 (you)" in rows
    goals = app.screen.query_one(GoalsPanel)
    assert goals.display and len(state.goals) == 6
    assert goals.region.height <= 6  # two goals to a line: the hand keeps its room
    return state


async def test_six_seats_fit_one_screen() -> None:
    app = NfGalaxyApp(bot_delay=0, seed=7)
    async with app.run_test(size=(120, 40)) as pilot:
        await six_seats_in_round_two(app, pilot)


@pytest.mark.slow  # 25 s: the six-seat screen is checked above, a game's end by test_race_app
async def test_six_seats_play_rvi_to_the_end() -> None:
    app = NfGalaxyApp(bot_delay=0, seed=7)
    async with app.run_test(size=(120, 40)) as pilot:
        state = await six_seats_in_round_two(app, pilot)
        await play_to_the_end(app, pilot, state, 4000)
        assert isinstance(app.screen, EndScreen) and state.is_over()
        check_end_table(app, state)
        details = str(app.screen.query_one("#details").render())
        assert "Goals (First 3 VP" in details
