"""Play Roll for the Galaxy in the Textual app through key presses, and check what is hidden."""

from __future__ import annotations

import pytest

from nfgalaxy.core.saves import SaveStore
from nfgalaxy.games.roll.rules import RollGame
from nfgalaxy.games.roll.ui.cup_text import COLUMN_WIDTH
from nfgalaxy.games.roll.ui.dice_cup import DiceCup
from nfgalaxy.games.roll.ui.tableau import roll_tableau_text
from nfgalaxy.ui.app import NfGalaxyApp
from nfgalaxy.ui.screens.end import EndScreen
from nfgalaxy.ui.screens.game import GameScreen
from nfgalaxy.ui.screens.help import HelpScreen
from nfgalaxy.ui.screens.inspector import InspectorScreen
from nfgalaxy.ui.screens.privacy import PrivacyScreen

SIZE = (160, 50)


async def start_roll(app: NfGalaxyApp, pilot, kinds: list[str]) -> GameScreen:
    """Choose Roll for the Galaxy on the new-game screen, set the seats, press Start."""
    screen = app.screen
    screen.query_one("#game").value = "roll-for-the-galaxy"
    for index in range(5):
        screen.query_one(f"#kind-{index}").value = kinds[index] if index < len(kinds) else "empty"
        screen.query_one(f"#name-{index}").value = f"P{index + 1}"
    await pilot.pause()
    await pilot.click("#start")
    await pilot.pause()
    games = [s for s in app.screen_stack if isinstance(s, GameScreen)]
    assert games, "the game did not start"
    return games[0]


async def press_like_a_player(app: NfGalaxyApp, pilot) -> None:
    """One human decision by keys: in the dice cup place wild dice, select a phase, then
    finish; elsewhere take the highlighted decision."""
    state = app.screen.state
    if isinstance(app.focused, DiceCup) and state.step_name() == "manage":
        me = state.players[state.to_move()]
        for _ in range(me.credits):  # the first dice of the citizenry
            await pilot.press("space", "right")
        await pilot.press("enter")
    elif isinstance(app.focused, DiceCup) and state.step_name() == "reassign":
        await pilot.press("1")  # the list's first move
    elif isinstance(app.focused, DiceCup):
        me = state.players[state.to_move()]
        if any(not w["column"] for w in me.workers):
            await pilot.press("v")  # the cursor starts on a wild die still to place
        elif me.selector < 0:
            await pilot.press("x", "t")
        else:
            await pilot.press("enter")
    else:
        await pilot.press("enter")


@pytest.mark.slow  # half a minute; the dice cup's keys have quick tests of their own below
async def test_one_human_plays_roll_against_bots_to_the_end_with_keys() -> None:
    app = NfGalaxyApp(bot_delay=0, seed=21)
    async with app.run_test(size=SIZE) as pilot:
        game = await start_roll(app, pilot, ["human", "greedy", "greedy"])
        state = game.state
        assert isinstance(state, RollGame)
        used_dice_cup = False
        for _ in range(4000):
            if isinstance(app.screen, EndScreen):
                break
            await pilot.pause()
            if state.to_move() == 0 and app.screen.query_one("#decisions").decisions:
                used_dice_cup |= isinstance(app.focused, DiceCup)
                await press_like_a_player(app, pilot)
        assert isinstance(app.screen, EndScreen), (state.round, state.step_name(), app.focused)
        assert state.is_over() and used_dice_cup
        table = app.screen.query_one("DataTable")
        for seat, score in enumerate(state.scores()):
            row = table.get_row_at(seat)
            assert row[0] == state.players[seat].name
            assert row[5] == score["total"]


async def test_dice_cup_keys_place_a_wild_die_and_select_a_phase() -> None:
    app = NfGalaxyApp(bot_delay=0, seed=4)
    async with app.run_test(size=SIZE) as pilot:
        game = await start_roll(app, pilot, ["human", "random"])
        state = game.state
        await reach_assign(app, pilot, state)
        me = state.players[0]
        assert isinstance(app.focused, DiceCup)
        wilds = [w for w in me.workers if not w["column"]]
        if wilds:
            await pilot.press("p")
            await pilot.pause()
            assert sum(1 for w in me.workers if not w["column"]) == len(wilds) - 1
            assert any(w["column"] == "produce" and w["face"] == "wild" for w in me.workers)
        while any(not w["column"] for w in me.workers):
            await pilot.press("e")
            await pilot.pause()
        await pilot.press("x", "dollar_sign")
        await pilot.pause()
        assert me.selected == "ship"
        assert me.worker(me.selector)["column"] == "ship"


async def test_a_refused_dice_cup_move_says_why_and_changes_nothing() -> None:
    app = NfGalaxyApp(bot_delay=0, seed=4)
    async with app.run_test(size=SIZE) as pilot:
        game = await start_roll(app, pilot, ["human", "random"])
        state = game.state
        await reach_assign(app, pilot, state)
        while any(not w["column"] for w in state.players[0].workers):
            await pilot.press("e")
            await pilot.pause()
        before = state.to_json()
        await pilot.press("c")  # Dictate before selecting a phase: §5.2.3 forbids it
        await pilot.pause()
        assert state.to_json() == before
        messages = [n.message for n in app._notifications]
        assert any("Dictate" in m or "select" in m for m in messages), messages
        assert not any("§" in m for m in messages)  # the reason in words, not a section


async def test_two_humans_never_see_each_others_roll_before_reveal() -> None:
    app = NfGalaxyApp(bot_delay=0, seed=8)
    async with app.run_test(size=SIZE) as pilot:
        game = await start_roll(app, pilot, ["human", "human", "random"])
        state = game.state
        privacy_seen = 0
        checked = False
        for _ in range(400):
            await pilot.pause()
            if isinstance(app.screen, PrivacyScreen):
                privacy_seen += 1
                # Behind the privacy screen the table shows nobody's hidden dice.
                cup = game.query_one(DiceCup)
                assert cup.viewer is None and "Hidden" in str(cup.render_strip())
                await pilot.press("enter")
                continue
            seat = state.to_move()
            if state.step_name() == "assign" and seat == 1 and not state.revealed:
                # P2 assigns while P1 has already rolled: P1's dice stay behind the screen.
                shown = "".join(
                    str(line) for line in roll_tableau_text(state, 0, 1, False).renderables
                )
                assert "behind the screen" in shown
                assert game.query_one(DiceCup).viewer == 1
                checked = True
                break
            await press_like_a_player(app, pilot)
        assert checked and privacy_seen >= 2


async def reach_assign(app: NfGalaxyApp, pilot, state: RollGame) -> None:
    """Past the choice of starting tiles, to the human's first Assign."""
    for _ in range(50):
        if state.step_name() == "assign" and state.to_move() == 0:
            return
        await pilot.press("enter")
        await pilot.pause()
    raise AssertionError("the human never got to assign")


async def test_a_roll_game_is_autosaved_continued_and_saved_under_a_name(
    private_data_dir,
) -> None:
    app = NfGalaxyApp(bot_delay=0, seed=31)
    async with app.run_test(size=SIZE) as pilot:
        game = await start_roll(app, pilot, ["human", "random", "random"])
        await reach_assign(app, pilot, game.state)
        await pilot.press("s")
        await pilot.pause()
        await pilot.press(*"dice night", "enter")
        await pilot.pause()
        named = private_data_dir / "saves" / "dice-night.json"
        assert SaveStore(private_data_dir / "saves").load(named)[0].to_json() == (
            game.state.to_json()
        )
        expected = game.state.to_json()
    app = NfGalaxyApp(bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        resume = app.screen.query_one("#continue")
        [game] = [str(option.prompt) for option in resume.options]
        assert app.focused is resume and game.startswith("Roll for the Galaxy · ")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert app.screen.state.to_json() == expected
        assert isinstance(app.focused, DiceCup)  # the human was assigning dice


async def test_help_and_inspector_show_roll_for_the_galaxy_in_a_roll_game() -> None:
    app = NfGalaxyApp(bot_delay=0, seed=32)
    async with app.run_test(size=SIZE) as pilot:
        game = await start_roll(app, pilot, ["human", "random"])
        await reach_assign(app, pilot, game.state)
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        assert "Roll for the Galaxy" in app.screen.query_one("Markdown").source
        await pilot.press("escape", "i")
        await pilot.pause()
        assert isinstance(app.screen, InspectorScreen)
        await pilot.press(*"galactic fed")
        await pilot.pause()
        details = str(app.screen.query_one("#details").render())
        assert "Galactic Federation" in details and "Status:" in details
        assert "End of game" in details
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is game


async def test_dragging_a_wild_die_onto_a_column_with_the_mouse_places_it() -> None:
    app = NfGalaxyApp(bot_delay=0, seed=4)
    async with app.run_test(size=SIZE) as pilot:
        game = await start_roll(app, pilot, ["human", "random"])
        state = game.state
        await reach_assign(app, pilot, state)
        me = state.players[0]
        # Make the first die a wild one still to place, as a roll could have left it.
        die = me.workers[0]
        die["face"], die["column"] = "wild", ""
        state._legal = None  # the engine offers what the changed position allows
        game.refresh_table()
        await pilot.pause()
        cup = game.query_one(DiceCup)
        hit = next(h for h in cup.hits if h.worker == die["id"])
        first, _last = cup.grid_lines
        # Content starts inside the border (1) and padding (1 across).
        await pilot.mouse_down(cup, offset=(hit.start + 3, hit.line + 1))
        settle_column = 2 * COLUMN_WIDTH + 3  # III Settle
        await pilot.mouse_up(cup, offset=(settle_column, first + 1))
        await pilot.pause()
        assert die["column"] == "settle"
        assert game.query_one("#decisions").decisions  # still the human's turn: select next
