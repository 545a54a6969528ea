"""Play Race for the Galaxy in the Textual app through key presses, and check what is hidden."""

from __future__ import annotations

import pytest

from nfgalaxy.bots.base import make_bot
from nfgalaxy.games.race.rules import RaceGame
from nfgalaxy.ui.app import NfGalaxyApp
from nfgalaxy.ui.screens.end import EndScreen
from nfgalaxy.ui.screens.game import GameScreen
from nfgalaxy.ui.screens.help import HelpScreen
from nfgalaxy.ui.screens.inspector import InspectorScreen
from nfgalaxy.ui.screens.privacy import PrivacyScreen

SIZE = (120, 40)
RACE = "race-for-the-galaxy"


async def start_race(app: NfGalaxyApp, pilot, kinds: list[str]) -> GameScreen:
    """Choose Race for the Galaxy on the new-game screen, set the seats, press Start."""
    screen = app.screen
    screen.query_one("#game").value = RACE
    await pilot.pause()
    for index in range(len(screen.query(".seat"))):
        screen.query_one(f"#kind-{index}").value = kinds[index] if index < len(kinds) else "empty"
        screen.query_one(f"#name-{index}").value = f"P{index + 1}"
    await pilot.pause()
    await pilot.click("#start")
    await pilot.pause()
    games = [s for s in app.screen_stack if isinstance(s, GameScreen)]
    assert games, "the game did not start"
    return games[0]


def human_asked(app: NfGalaxyApp) -> bool:
    """A human must decide now: the decision list offers something."""
    lists = app.screen.query("#decisions")
    return bool(lists) and bool(lists.first().decisions)


async def press_like_a_player(app: NfGalaxyApp, pilot, advisor) -> None:
    """One decision by keys: the one a sensible player would take (the greedy bot's advice,
    so the game moves on like a real one), keyed by its number in the decision list (``d``
    first: a choice of several cards gives the hand the focus), or by arrows past 9."""
    offered = app.screen.query_one("#decisions").decisions
    advice = advisor.choose(app.screen.state)
    index = next(i for i, d in enumerate(offered) if (d.kind, d.args) == (advice.kind, advice.args))
    await pilot.press("d")
    if index < 9:
        await pilot.press(str(index + 1))
    else:
        await pilot.press(*["down"] * index, "enter")


async def play_to_the_end(app: NfGalaxyApp, pilot, state: RaceGame, limit: int) -> int:
    """Decide by keys whenever a human is asked, and pass the privacy screen with Enter; the
    number of times the keyboard changed hands is returned."""
    advisor = make_bot("greedy", seed=1)
    privacy = 0
    for _ in range(limit):
        if isinstance(app.screen, EndScreen):
            return privacy
        await pilot.pause()
        if isinstance(app.screen, PrivacyScreen):
            privacy += 1
            await pilot.press("enter")
        elif human_asked(app):
            await press_like_a_player(app, pilot, advisor)
    raise AssertionError(f"no end after {limit} steps: round {state.round}, {state.step_name()}")


def check_end_table(app: NfGalaxyApp, state: RaceGame) -> None:
    table = app.screen.query_one("DataTable")
    for seat, score in enumerate(state.scores()):
        row = table.get_row_at(seat)
        assert row[0] == state.players[seat].name
        assert list(row[1:]) == [
            score["chips"],
            score["printed"],
            score["bonus"],
            score["goals"],
            score["total"],
            score["tiebreak"],
        ]
    details = str(app.screen.query_one("#details").render())
    assert all(p.name in details for p in state.players) and "tie-break" in details
    assert "Action cards chosen, by phase:" in details


@pytest.mark.parametrize(
    "seats",
    [
        ["human", "greedy"],
        # 18 s; the two-player game ends the same way, sooner
        pytest.param(["human", "greedy", "greedy", "random"], marks=pytest.mark.slow),
    ],
    ids=["2p", "4p"],
)
async def test_one_human_plays_race_against_bots_to_the_end_with_keys(seats: list[str]) -> None:
    app = NfGalaxyApp(bot_delay=0, seed=21)
    async with app.run_test(size=SIZE) as pilot:
        game = await start_race(app, pilot, seats)
        state = game.state
        assert isinstance(state, RaceGame) and len(state.players) == len(seats)
        await play_to_the_end(app, pilot, state, 3000)
        assert isinstance(app.screen, EndScreen) and state.is_over()
        check_end_table(app, state)


@pytest.mark.slow  # a whole hot-seat game takes a minute; test_race_hidden covers the hand-over
async def test_two_humans_play_race_hot_seat_to_the_end_with_keys() -> None:
    app = NfGalaxyApp(bot_delay=0, seed=12)
    async with app.run_test(size=SIZE) as pilot:
        game = await start_race(app, pilot, ["human", "human"])
        state = game.state
        privacy = await play_to_the_end(app, pilot, state, 3000)
        assert isinstance(app.screen, EndScreen) and state.is_over()
        assert privacy >= 2 * state.round  # each round, each player took the keyboard
        check_end_table(app, state)


async def test_help_and_inspector_show_race_cards_in_a_race_game() -> None:
    app = NfGalaxyApp(bot_delay=0, seed=32)
    async with app.run_test(size=SIZE) as pilot:
        game = await start_race(app, pilot, ["human", "random"])
        await pilot.pause()
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        source = app.screen.query_one("Markdown").source
        assert "Race for the Galaxy" in source and "III Settle" in source
        await pilot.press("escape", "i")
        await pilot.pause()
        assert isinstance(app.screen, InspectorScreen)
        await pilot.press(*"galactic imp")
        await pilot.pause()
        details = str(app.screen.query_one("#details").render())
        assert "Galactic Imperium" in details
        assert "Transcribed from the published card list" in details
        assert "+4 mil vs Rebel" in details
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is game


async def test_a_race_game_is_autosaved_and_continued_with_its_hand_shown(
    private_data_dir,
) -> None:
    app = NfGalaxyApp(bot_delay=0, seed=33)
    async with app.run_test(size=SIZE) as pilot:
        game = await start_race(app, pilot, ["human", "greedy"])
        advisor = make_bot("greedy", seed=2)
        for _ in range(400):
            await pilot.pause()
            if game.state.round >= 3 and human_asked(app):
                break
            if human_asked(app):
                await press_like_a_player(app, pilot, advisor)
        assert game.state.round >= 3 and human_asked(app)
        expected = game.state.to_json()
        hand = sorted(game.state.players[0].hand)
    app = NfGalaxyApp(bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        resume = app.screen.query_one("#continue")
        [game] = [str(option.prompt) for option in resume.options]
        assert game.startswith("Race for the Galaxy · ")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert app.screen.state.to_json() == expected
        shown = app.screen.query_one("#hand")
        assert sorted(c for c in shown.card_ids if c in hand) == hand
