"""A refused decision is answered in the game's words, never the engine's step names."""

from __future__ import annotations

import pytest

from nfgalaxy.core import Decision
from nfgalaxy.ui.app import NfGalaxyApp
from nfgalaxy.ui.widgets.decisions import Decided
from tests.ui.playtest import (
    SIZE,
    internal_words,
    start,
    until_human_decides,
)


async def test_a_refused_roll_key_is_answered_in_the_games_words() -> None:
    app = NfGalaxyApp(bot_delay=0, seed=4)
    async with app.run_test(size=SIZE) as pilot:
        game = await start(app, pilot, "roll-for-the-galaxy", ["human", "random"])
        state = game.state
        for _ in range(50):
            await until_human_decides(app, pilot)
            if state.step_name() == "assign":
                break
            await pilot.press("enter")
        while any(not w["column"] for w in state.players[0].workers):
            await pilot.press("e")
            await pilot.pause()
        before = state.to_json()
        await pilot.press("enter")  # done, before selecting a phase
        await pilot.pause()
        assert state.to_json() == before
        refusals = [n.message for n in app._notifications if n.title == "Not allowed"]
        assert refusals, "nothing was refused"
        assert "select a phase" in refusals[-1].lower()
        assert not internal_words(refusals[-1]), refusals[-1]


@pytest.mark.parametrize("kind", ["buy", "settle", "store_good", "keep_goal"])
async def test_a_refused_new_frontiers_decision_is_answered_in_the_games_words(kind) -> None:
    app = NfGalaxyApp(bot_delay=0, seed=11)
    async with app.run_test(size=SIZE) as pilot:
        game = await start(app, pilot, "new-frontiers", ["human", "greedy"])
        await until_human_decides(app, pilot)
        before = game.state.to_json()
        game.post_message(Decided(Decision(kind, ("no-such-tile",))))  # as a board key would
        await pilot.pause()
        assert game.state.to_json() == before
        refusals = [n.message for n in app._notifications if n.title == "Not allowed"]
        assert refusals, "nothing was refused"
        assert refusals[-1][0].isupper()
        assert not internal_words(refusals[-1]), refusals[-1]


def test_a_refusal_names_a_rule_in_words_but_never_a_section_of_the_specification() -> None:
    from nfgalaxy.ui.screens.game import refusal_words

    assert refusal_words("Not your turn", "turn order") == "Not your turn (turn order)"
    assert refusal_words("The selection die cannot be reassigned", "§5.2.3") == (
        "The selection die cannot be reassigned"
    )
    assert refusal_words("Too many cards", "12.1") == "Too many cards"
    assert refusal_words("Too many cards", "") == "Too many cards"
