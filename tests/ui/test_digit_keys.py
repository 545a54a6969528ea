"""Digit keys pick the numbered decision in the list, whatever part of the table has the focus."""

from __future__ import annotations

from nfgalaxy.games.roll.ui.dice_cup import DiceCup
from nfgalaxy.ui.app import NfGalaxyApp
from nfgalaxy.ui.widgets.decisions import DecisionList
from tests.ui.playtest import (
    SIZE,
    record_submissions,
    start,
    until_human_decides,
)


async def test_a_digit_key_takes_the_decision_with_that_number() -> None:
    app = NfGalaxyApp(bot_delay=0, seed=11)
    async with app.run_test(size=SIZE) as pilot:
        game = await start(app, pilot, "new-frontiers", ["human", "greedy", "greedy"])
        decisions = await until_human_decides(app, pilot)
        assert app.focused is decisions
        offered = list(decisions.decisions)
        assert len(offered) >= 3
        assert str(decisions.get_option_at_index(2).prompt).startswith(" 3. ")
        played = record_submissions(game)
        await pilot.press("3")
        await pilot.pause()
        assert played[0] == offered[2]
        keys = {b.binding.key: b.binding for b in app.screen.active_bindings.values()}
        assert keys["1"].key_display == "1–9" and keys["1"].show


async def test_roll_digits_pick_from_the_list_whether_the_dice_cup_or_the_list_has_focus() -> None:
    """A digit means one thing on Roll's table: the decision with that number. The dice cup
    has letters for the phases, so "4" never puts a die under Produce."""
    app = NfGalaxyApp(bot_delay=0, seed=4)
    async with app.run_test(size=SIZE) as pilot:
        game = await start(app, pilot, "roll-for-the-galaxy", ["human", "random"])
        state = game.state
        for _ in range(50):
            await until_human_decides(app, pilot)
            if state.step_name() == "assign":
                break
            await pilot.press("enter")
        assert isinstance(app.focused, DiceCup)
        decisions = app.screen.query_one(DecisionList)
        offered = list(decisions.decisions)
        played = record_submissions(game)
        await pilot.press("2")  # the cup has the focus: the list's decision 2 all the same
        await pilot.pause()
        assert played == [offered[1]]
        await until_human_decides(app, pilot)
        await pilot.press("d")
        assert app.focused is decisions
        offered = list(decisions.decisions)
        await pilot.press("1")
        await pilot.pause()
        assert played[-1] == offered[0]
