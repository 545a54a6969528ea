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


async def test_h_marks_the_three_best_decisions_in_the_list_until_the_next_decision() -> None:
    app = NfGalaxyApp(bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        game = await start(app, pilot, "new-frontiers", ["human", "greedy"])
        decisions = await _until_human(app, pilot)
        await pilot.press("h")
        await pilot.pause()
        assert decisions.border_subtitle == "Thinking about a hint…"
        await pilot.press("h")  # asked again while thinking: nothing stacks
        assert not _notices(app)
        for _ in range(600):
            await pilot.pause(0.05)
            if decisions.border_subtitle.startswith("Hint:"):
                break
        # What the judgement rests on comes first where the game's model names its counts.
        hint = decisions.border_subtitle
        assert re.match(r"Hint: (you are (ahead|behind) on [^·]+ · )?◆ the search's best", hint)
        prompts = [
            str(decisions.get_option_at_index(i).prompt) for i in range(len(decisions.decisions))
        ]
        marked = [p for p in prompts if "◆ hint" in p]
        assert 1 <= len(marked) <= 3
        for number in range(1, len(marked) + 1):
            line = next(p for p in marked if f"◆ hint {number}: " in p)
            assert re.search(r"◆ hint \d: \d+% to win, over \d+ sampled futures?$", line), line
        assert not _notices(app), "a hint is no notice that outlives its decision"
        decisions.focus()
        await pilot.press("enter")
        await _until_human(app, pilot)
        prompts = [
            str(decisions.get_option_at_index(i).prompt) for i in range(len(decisions.decisions))
        ]
        assert not any("◆ hint" in p for p in prompts), "the hint stayed into the next decision"
        assert not decisions.border_subtitle
        assert game.state.history


def test_a_hint_says_why_a_higher_figure_stands_lower_in_its_ranking() -> None:
    from nfgalaxy.core.decision import Decision
    from nfgalaxy.ui.hints import hint_marks, hint_note

    first, second, third = (Decision("pick", (i,), f"Route {i}") for i in (1, 2, 3))
    ordered = hint_marks([(first, 0.41, 96), (second, 0.30, 24), (third, 0.2, 1), (first, 1, 1)])
    assert [m.words() for m in ordered] == [
        "◆ hint 1: 41% to win, over 96 sampled futures",
        "◆ hint 2: 30% to win, over 24 sampled futures",
        "◆ hint 3: 20% to win, over 1 sampled future",
    ]
    assert hint_note(ordered) == "Hint: ◆ the search's best 3, from what you may see"
    inverted = hint_marks([(first, 0.29, 96), (second, 0.31, 24)])
    assert hint_note(inverted).endswith("ranked by the search: fewer futures, rougher figures")
    lower_down = hint_marks([(first, 0.4, 96), (second, 0.2, 24), (third, 0.3, 8)])
    assert "ranked by the search" in hint_note(lower_down)
    assert hint_note([]) == "Hint: no decision to weigh"


def test_a_hint_note_says_first_what_the_judgement_rests_on() -> None:
    from nfgalaxy.core.decision import Decision
    from nfgalaxy.ui.hints import hint_marks, hint_note

    marks = hint_marks([(Decision("a"), 0.6, 40), (Decision("b"), 0.5, 40)])
    note = hint_note(marks, "ahead on VP; behind on cards in hand")
    assert note.startswith("Hint: you are ahead on VP; behind on cards in hand · ◆")
    assert hint_note(marks).startswith("Hint: ◆ the search's best 2")


async def test_a_race_hint_says_what_the_judgement_of_the_position_rests_on() -> None:
    # Race's counts have words: once the position has reasons, the hint's line names them.
    app = NfGalaxyApp(bot_delay=0, seed=3)
    async with app.run_test(size=(160, 45)) as pilot:
        game = await start(app, pilot, "race-for-the-galaxy", ["human", "greedy"])
        decisions = await _until_human(app, pilot)
        for _ in range(40):  # into the game, where one seat is ahead on something
            if game.state.round >= 3:
                break
            decisions.focus()
            await pilot.press("1")
            decisions = await _until_human(app, pilot)
        await pilot.press("h")
        for _ in range(600):
            await pilot.pause(0.05)
            if decisions.border_subtitle.startswith("Hint:"):
                break
        note = decisions.border_subtitle
        assert re.match(r"Hint: you are (ahead|behind) on [^·]+ · ◆ the search's best", note), note
