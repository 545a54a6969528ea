"""Roll's dice cup by keys: a phase has a letter, the focus shows, a Dictate is looked at
before it is final, and Enter offers only what the engine offers."""

from __future__ import annotations

from typing import Any

import pytest

from nfgalaxy.core.decision import Decision, IllegalDecision
from nfgalaxy.games.roll.rules import DICTATE, STOP, RollGame, Step
from nfgalaxy.games.roll.ui.dice_cup import DiceCup
from nfgalaxy.ui.app import NfGalaxyApp
from nfgalaxy.ui.screens.game import GameScreen
from nfgalaxy.ui.widgets.decisions import DecisionList
from tests.ui.playtest import SIZE, record_submissions, start, until_human_decides


async def reach_assign(app: NfGalaxyApp, pilot: Any, seed: int = 4) -> GameScreen:
    """A game of the human against a random bot, at the human's first Assign."""
    game = await start(app, pilot, "roll-for-the-galaxy", ["human", "random"])
    for _ in range(50):
        await until_human_decides(app, pilot)
        if game.state.step_name() == "assign" and game.state.to_move() == 0:
            return game
        await pilot.press("enter")
    raise AssertionError("the human never got to assign")


async def place_wild_dice(pilot: Any, state: RollGame) -> None:
    while any(not w["column"] for w in state.players[0].workers):
        await pilot.press("e")
        await pilot.pause()


def footer_keys(app: NfGalaxyApp) -> dict[str, str]:
    """The keys the footer shows now, with their words."""
    return {
        b.binding.key: b.binding.description
        for b in app.screen.active_bindings.values()
        if b.binding.show and b.enabled
    }


async def test_x_then_a_phase_letter_selects_that_phase_with_the_chosen_die() -> None:
    app = NfGalaxyApp(bot_delay=0, seed=4)
    async with app.run_test(size=SIZE) as pilot:
        game = await reach_assign(app, pilot)
        state = game.state
        await place_wild_dice(pilot, state)
        assert isinstance(app.focused, DiceCup)
        chosen = app.focused.current()
        await pilot.press("x", "t")  # t: III Settle (3 would be the list's decision 3)
        await pilot.pause()
        me = state.players[0]
        assert me.selected == "settle"
        assert me.worker(me.selector)["id"] == chosen["id"]


async def test_the_dice_cup_shows_whether_it_has_the_keys() -> None:
    app = NfGalaxyApp(bot_delay=0, seed=4)
    async with app.run_test(size=SIZE) as pilot:
        game = await reach_assign(app, pilot)
        cup = game.query_one(DiceCup)
        decisions = game.query_one(DecisionList)
        assert app.focused is cup
        assert cup.border_title.startswith("▶") and "keys here" in cup.border_title
        # Only the part with the keys has the accent border (the list had it always).
        assert cup.styles.border_top[1] != decisions.styles.border_top[1]
        accent = cup.styles.border_top[1]
        await pilot.press("d")
        await pilot.pause()
        assert app.focused is decisions
        assert decisions.styles.border_top[1] == accent != cup.styles.border_top[1]
        assert not cup.border_title.startswith("▶")
        assert "keys elsewhere (b: here)" in cup.border_title
        await pilot.press("b")  # the board: its dice cup, while it has dice to move
        await pilot.pause()
        assert app.focused is cup and cup.border_title.startswith("▶")


async def select_and_pick_two_free_dice(app: NfGalaxyApp, pilot: Any, game: GameScreen):
    """Select a phase, then put the cursor on a die other than the selection die."""
    state = game.state
    await place_wild_dice(pilot, state)
    await pilot.press("x", "e")
    await pilot.pause()
    me = state.players[0]
    free = [w for w in me.workers if w["id"] != me.selector]
    if len(free) < 2:
        pytest.skip("this roll leaves no second die to Dictate with")
    cup = game.query_one(DiceCup)
    while cup.cursor != free[0]["id"]:
        await pilot.press("right")
    return me, free


async def test_a_dictate_is_composed_and_shown_and_only_enter_makes_it_final() -> None:
    app = NfGalaxyApp(bot_delay=0, seed=4)
    async with app.run_test(size=SIZE) as pilot:
        game = await reach_assign(app, pilot)
        _me, free = await select_and_pick_two_free_dice(app, pilot, game)
        state = game.state
        cup = game.query_one(DiceCup)
        before = state.to_json()
        played = record_submissions(game)
        given, moved = free[0], free[1]
        await pilot.press("c")  # give up the chosen die (composed, not sent)
        while cup.cursor != moved["id"]:
            await pilot.press("right")
        target = "ship" if moved["column"] != "ship" else "develop"
        await pilot.press("dollar_sign" if target == "ship" else "v")
        await pilot.pause()
        assert played == [] and state.to_json() == before  # nothing final yet
        shown = str(cup.render_strip())
        assert "Dictate, to confirm: give up" in shown and f"to {target.title()}" in shown
        assert footer_keys(app)["enter"] == "Dictate"
        await pilot.press("escape")  # changed my mind: nothing composed
        assert "Dictate, to confirm" not in str(cup.render_strip())
        while cup.cursor != given["id"]:
            await pilot.press("right")
        await pilot.press("c")
        while cup.cursor != moved["id"]:
            await pilot.press("right")
        await pilot.press("dollar_sign" if target == "ship" else "v")
        await pilot.press("enter")
        await pilot.pause()
        assert [d.kind for d in played[:2]] == [DICTATE, "move"]
        assert played[0].args == (given["colour"], given["face"], given["column"])
        assert played[1].args[3] == target


async def test_enter_while_a_dictate_must_still_move_a_die_offers_no_stop() -> None:
    """Dictate taken from the list leaves the cup moving a die: Enter is not offered (the
    engine offers no "move no more workers" before one has moved), and a stop sent anyway is
    refused in words that do not name it."""
    app = NfGalaxyApp(bot_delay=0, seed=4)
    async with app.run_test(size=SIZE) as pilot:
        game = await reach_assign(app, pilot)
        await select_and_pick_two_free_dice(app, pilot, game)
        state = game.state
        decisions = game.query_one(DecisionList)
        number = next(i for i, d in enumerate(decisions.decisions) if d.kind == DICTATE) + 1
        await pilot.press(str(number))  # the digit picks from the list, from the cup too
        await pilot.pause()
        assert state.step_name() == "reassign"
        assert not any(d.kind == STOP for d in state.legal_decisions())
        cup = game.query_one(DiceCup)
        assert "enter" not in footer_keys(app) and "Enter" not in cup.border_subtitle
        before = state.to_json()
        await pilot.press("enter")
        await pilot.pause()
        assert state.to_json() == before
        with pytest.raises(IllegalDecision) as refused:
            state.apply(Decision(STOP, ("Dictate",)))
        assert "stop" not in refused.value.message
        assert "move" in refused.value.message


async def to_recruiting(game: GameScreen, citizenry: dict[str, int], credits: int) -> None:
    """Put the human in Manage Empire with these citizenry dice and credits (recruiting is
    a choice only when dice of two colours wait and the credits do not pay for all)."""
    state = game.state
    me = state.players[0]
    me.citizenry = {colour: citizenry.get(colour, 0) for colour in me.citizenry}
    me.credits = credits
    state.queue.insert(0, [Step.MANAGE, 0, 0])
    state._legal = None  # the engine offers what the changed position allows
    game.refresh_table()
    game.offer(0)


async def test_recruiting_is_composed_in_the_cup_changeable_and_sent_on_enter() -> None:
    app = NfGalaxyApp(bot_delay=0, seed=4)
    async with app.run_test(size=SIZE) as pilot:
        game = await reach_assign(app, pilot)
        state = game.state
        await to_recruiting(game, {"white": 2, "red": 1, "green": 1}, credits=2)
        await pilot.pause()
        cup = game.query_one(DiceCup)
        assert app.focused is cup
        cup_before = dict(state.players[0].cup)
        played = record_submissions(game)
        assert "0 of 2 chosen" in str(cup.render_strip())
        assert "Space choose" in cup.border_subtitle
        await pilot.press("space", "right", "space")  # both Home dice
        assert "2 of 2 chosen · H H" in str(cup.render_strip())
        await pilot.press("space")  # changed my mind: not the second Home die
        assert "1 of 2 chosen · H ·" in str(cup.render_strip())
        await pilot.press("right", "right", "space")  # the Genes die instead
        assert "2 of 2 chosen · H G" in str(cup.render_strip())
        assert footer_keys(app)["enter"] == "Recruit"
        await pilot.pause()
        assert played == []  # nothing sent before Enter
        await pilot.press("enter")
        await pilot.pause()
        assert [d.kind for d in played] == ["recruit", "recruit"]
        assert [d.args for d in played] == [("white",), ("green",)]
        me = state.players[0]
        assert me.cup["white"] == cup_before["white"] + 1
        assert me.cup["green"] == cup_before["green"] + 1
        assert me.citizenry["white"] == 1 and me.citizenry["red"] == 1
        assert state.step_name() != "manage"


async def test_recruiting_sends_only_the_decisions_the_engine_asks_for() -> None:
    """Once one colour is left in the citizenry the engine recruits the rest itself; the
    cup does not send a recruit that would land on the next step."""
    app = NfGalaxyApp(bot_delay=0, seed=4)
    async with app.run_test(size=SIZE) as pilot:
        game = await reach_assign(app, pilot)
        state = game.state
        await to_recruiting(game, {"white": 1, "red": 3}, credits=3)
        await pilot.pause()
        cup_before = dict(state.players[0].cup)
        played = record_submissions(game)
        await pilot.press("space", "right", "space", "right", "space")  # H M M
        assert "3 of 3 chosen · H M M" in str(game.query_one(DiceCup).render_strip())
        await pilot.press("enter")
        await pilot.pause()
        assert not [n for n in app._notifications if "Not allowed" in (n.title or "")]
        assert [d.args for d in played] == [("white",)]  # then only red is left: the engine
        me = state.players[0]
        assert me.citizenry["white"] == 0 and me.citizenry["red"] == 1
        assert me.cup["red"] == cup_before["red"] + 2


async def test_recruiting_one_die_is_said_in_the_singular() -> None:
    """Issue 42.4: "1 dice" was written where one credit recruits one die."""
    app = NfGalaxyApp(bot_delay=0, seed=4)
    async with app.run_test(size=SIZE) as pilot:
        game = await reach_assign(app, pilot)
        await to_recruiting(game, {"white": 1, "red": 1}, credits=1)
        await pilot.pause()
        await pilot.press("enter")  # nothing chosen yet
        await pilot.press("space", "right", "space")  # a second die for one credit
        await pilot.pause()
        said = [n.message for n in app._notifications]
        assert "Choose 1 die to recruit (Space); 0 chosen." in said
        assert "You recruit 1 die: choose another one off first." in said
