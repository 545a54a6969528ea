"""Search bots in the app (issue 15): they think in the worker process while the interface
goes on, and ``h`` gives the human to move a hint from what that seat may see."""

from __future__ import annotations

import re
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
        ranked = [line for line in lines if not line.startswith("Ranked by the search")]
        assert 1 <= len(ranked) <= 3 and len(lines) - len(ranked) <= 1
        for number, line in enumerate(ranked, 1):
            assert line.startswith(f"{number}. ")
            assert re.search(r" — \d+% to win, over \d+ sampled futures?$", line), line
            assert any(label in line for label in offered)


def test_a_hint_says_why_a_higher_figure_stands_lower_in_its_ranking() -> None:
    from nfgalaxy.core.decision import Decision
    from nfgalaxy.ui.screens.game import hint_text

    first, second, third = (Decision("pick", (i,), f"Route {i}") for i in (1, 2, 3))
    ordered = hint_text([(first, 0.41, 96), (second, 0.30, 24), (third, 0.2, 1), (first, 1, 1)])
    assert ordered.splitlines() == [
        "1. Route 1 — 41% to win, over 96 sampled futures",
        "2. Route 2 — 30% to win, over 24 sampled futures",
        "3. Route 3 — 20% to win, over 1 sampled future",
    ]
    inverted = hint_text([(first, 0.29, 96), (second, 0.31, 24)]).splitlines()
    assert inverted[:2] == [
        "1. Route 1 — 29% to win, over 96 sampled futures",
        "2. Route 2 — 31% to win, over 24 sampled futures",
    ]
    assert inverted[2].startswith("Ranked by the search, not by these figures alone")
    lower_down = hint_text([(first, 0.4, 96), (second, 0.2, 24), (third, 0.3, 8)])
    assert lower_down.splitlines()[3].startswith("Ranked by the search")
    assert hint_text([]) == "No decision to weigh."
