"""Search bots in the app (issue 15): they think in the worker process while the interface
goes on, and ``h`` gives the human to move a hint from what that seat may see."""

from __future__ import annotations

from typing import Any

from nfgalaxy.ui.app import NfGalaxyApp
from nfgalaxy.ui.widgets.decisions import DecisionList
from tests.ui.playtest import start


async def _until_human(app: NfGalaxyApp, pilot: Any, seconds: float = 60.0) -> DecisionList:
    for _ in range(int(seconds / 0.05)):
        await pilot.pause(0.05)
        decisions = app.screen.query_one(DecisionList)
        if decisions.decisions:
            return decisions
    raise AssertionError("the search bot never answered")


def _notices(app: NfGalaxyApp) -> list[str]:
    return [f"{n.title}: {n.message}" for n in app._notifications]


async def test_a_normal_bot_thinks_in_its_process_and_the_game_goes_on() -> None:
    app = NfGalaxyApp(bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        game = await start(app, pilot, "new-frontiers", ["human", "normal"])
        bot_moves = 0
        for _ in range(4):
            decisions = await _until_human(app, pilot)
            before = len(game.state.history)
            decisions.focus()
            await pilot.press("enter")
            await _until_human(app, pilot)
            bot_moves += sum(1 for entry in game.state.history[before:] if entry.get("seat") == 1)
        assert bot_moves > 0, "the search bot never moved"
        assert game.table.thinker.worker_pids(), "the search did not run in a worker process"
        assert not any("A bot failed" in notice for notice in _notices(app))


async def test_h_shows_the_three_best_decisions_with_their_win_estimates() -> None:
    app = NfGalaxyApp(bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        game = await start(app, pilot, "new-frontiers", ["human", "greedy"])
        await _until_human(app, pilot)
        offered = [str(d) for d in game.state.legal_decisions()]
        await pilot.press("h")
        for _ in range(600):
            await pilot.pause(0.05)
            hints = [n for n in _notices(app) if n.startswith("Hint for")]
            if hints:
                break
        assert hints, "no hint came"
        lines = hints[0].split(": ", 1)[1].splitlines()
        assert 1 <= len(lines) <= 3
        for number, line in enumerate(lines, 1):
            assert line.startswith(f"{number}. ") and line.endswith("to win")
            assert any(label in line for label in offered)
