"""Undo in the app: ``u`` takes back a decision while nothing new is known, and only then."""

from __future__ import annotations

import json

from nfgalaxy.ui.app import NfGalaxyApp
from nfgalaxy.ui.screens.game import GameScreen
from nfgalaxy.ui.widgets.decisions import DecisionList


async def _start(app: NfGalaxyApp, pilot, game: str = "new-frontiers") -> GameScreen:
    screen = app.screen
    screen.query_one("#game").value = game
    for index, kind in enumerate(["human", "random", "random", "empty", "empty"]):
        screen.query_one(f"#kind-{index}").value = kind
    await pilot.pause()
    screen.action_start()
    await pilot.pause()
    assert isinstance(app.screen, GameScreen)
    return app.screen


async def _human_turn(pilot, game: GameScreen) -> None:
    for _ in range(200):
        if game.human_to_move():
            return
        await pilot.pause(0.01)
    raise AssertionError("the human never got a turn")


def _footer_keys(app: NfGalaxyApp) -> set[str]:
    return {b.key for (_node, b, enabled, _tip) in app.active_bindings.values() if enabled}


async def _choose(pilot, game: GameScreen, kind: str, first_arg: str) -> None:
    decisions = game.query_one(DecisionList)
    index = next(
        i
        for i, d in enumerate(decisions.decisions)
        if d.kind == kind and d.args and d.args[0] == first_arg
    )
    decisions.focus()
    decisions.highlighted = index
    await pilot.press("enter")
    await pilot.pause()


async def test_undo_takes_back_a_decision_and_the_screen_is_as_before() -> None:
    app = NfGalaxyApp(bot_delay=0, seed=21)
    async with app.run_test(size=(160, 50)) as pilot:
        game = await _start(app, pilot)
        await _human_turn(pilot, game)
        before = json.dumps(game.state.to_json(), sort_keys=True)
        offered = [d.label for d in game.query_one(DecisionList).decisions]
        log_lines = len(game.query_one("#log").lines)
        await _choose(pilot, game, "select", "develop")  # Develop: the human buys next
        await _human_turn(pilot, game)
        assert "u" in _footer_keys(app)
        await pilot.press("u")
        await pilot.pause()
        await _human_turn(pilot, game)
        assert json.dumps(game.state.to_json(), sort_keys=True) == before
        assert [d.label for d in game.query_one(DecisionList).decisions] == offered
        assert len(game.query_one("#log").lines) == log_lines  # the undone lines are gone


async def test_after_a_draw_undo_is_not_offered_and_u_changes_nothing() -> None:
    app = NfGalaxyApp(bot_delay=0, seed=21)
    async with app.run_test(size=(160, 50)) as pilot:
        game = await _start(app, pilot)
        await _human_turn(pilot, game)
        await _choose(pilot, game, "select", "explore")  # worlds are drawn from the bag
        await _human_turn(pilot, game)
        assert game.state.history[-1].get("reveals")
        assert "u" not in _footer_keys(app)
        before = json.dumps(game.state.to_json(), sort_keys=True)
        await pilot.press("u")
        await pilot.pause()
        assert json.dumps(game.state.to_json(), sort_keys=True) == before


async def test_undo_is_in_the_command_palette_only_when_allowed() -> None:
    app = NfGalaxyApp(bot_delay=0, seed=21)
    async with app.run_test(size=(160, 50)) as pilot:
        game = await _start(app, pilot)
        await _human_turn(pilot, game)
        titles = [c.title for c in app.get_system_commands(game)]
        assert "Undo" not in titles
        await _choose(pilot, game, "select", "develop")
        await _human_turn(pilot, game)
        assert "Undo" in [c.title for c in app.get_system_commands(game)]


async def test_roll_a_die_placement_is_taken_back_but_never_past_the_roll() -> None:
    app = NfGalaxyApp(bot_delay=0, seed=5)
    async with app.run_test(size=(160, 50)) as pilot:
        game = await _start(app, pilot, "roll-for-the-galaxy")
        for _ in range(30):  # to a round where the human may place, select or dictate
            await _human_turn(pilot, game)
            kinds = {d.kind for d in game.query_one(DecisionList).decisions}
            if kinds & {"wild", "select"}:
                break
            game.play(game.query_one(DecisionList).decisions[0])
            await pilot.pause()
        assert "u" not in _footer_keys(app), "the roll is new information: no undo across it"
        before = json.dumps(game.state.to_json(), sort_keys=True)
        choice = next(
            d for d in game.query_one(DecisionList).decisions if d.kind in ("wild", "select")
        )
        game.play(choice)
        await pilot.pause()
        await _human_turn(pilot, game)
        assert "u" in _footer_keys(app)
        await pilot.press("u")
        await pilot.pause()
        assert json.dumps(game.state.to_json(), sort_keys=True) == before


async def test_roll_every_placement_of_an_assignment_is_taken_back_one_by_one() -> None:
    """Issue 17.7: a player takes back their dice placements, one `u` each, back to the roll,
    and not one step further."""
    app = NfGalaxyApp(bot_delay=0, seed=5)
    async with app.run_test(size=(160, 50)) as pilot:
        game = await _start(app, pilot, "roll-for-the-galaxy")
        placements = []
        for _ in range(60):
            await _human_turn(pilot, game)
            kinds = {d.kind for d in game.query_one(DecisionList).decisions}
            if len(placements) == 0 and not kinds & {"wild", "select"}:
                game.play(game.query_one(DecisionList).decisions[0])
                await pilot.pause()
                continue
            if len(placements) == 2 or not kinds & {"wild", "select"}:
                break
            placements.append(json.dumps(game.state.to_json(), sort_keys=True))
            choice = next(
                d for d in game.query_one(DecisionList).decisions if d.kind in ("wild", "select")
            )
            game.play(choice)
            await pilot.pause()
        assert len(placements) == 2, "two placements in one assignment"
        for before in reversed(placements):
            assert "u" in _footer_keys(app)
            await pilot.press("u")
            await pilot.pause()
            assert json.dumps(game.state.to_json(), sort_keys=True) == before
        assert "u" not in _footer_keys(app), "never past the roll"
