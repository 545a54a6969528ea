"""The game screen's log: it follows the game while its end is in view, and a player who
scrolled back is told how many lines came since and how to follow again (issue 42, point 4)."""

from __future__ import annotations

from nfgalaxy.ui.app import NfGalaxyApp
from nfgalaxy.ui.widgets.decisions import DecisionList
from nfgalaxy.ui.widgets.game_log import GameLog
from tests.ui.playtest import start


async def _human_decides(app: NfGalaxyApp, pilot, game) -> None:
    for _ in range(400):
        await pilot.pause()
        if game.human_to_move():
            game.play(game.query_one(DecisionList).decisions[0])
            return
    raise AssertionError("the human never got a turn")


async def test_a_log_scrolled_back_says_how_many_lines_came_since_and_end_follows_again() -> None:
    app = NfGalaxyApp(bot_delay=0, seed=8)
    async with app.run_test(size=(80, 24)) as pilot:
        game = await start(app, pilot, "new-frontiers", ["human", "random", "random"])
        log = game.query_one("#log", GameLog)
        for _ in range(30):  # until the log is longer than its room
            await _human_decides(app, pilot, game)
            await pilot.pause()
            if log.max_scroll_y > 3:
                break
        assert log.max_scroll_y > 3
        assert log.scroll_offset.y >= log.max_scroll_y and not log.border_subtitle
        await pilot.press("l", "home")
        await pilot.pause()
        top = log.scroll_offset.y
        assert log.scroll_offset.y < log.max_scroll_y
        before = len(log.entries)
        for _ in range(5):
            await _human_decides(app, pilot, game)
            await pilot.pause()
            if len(log.entries) > before:
                break
        came = len(log.entries) - before
        assert came > 0
        assert log.scroll_offset.y == top, "the log jumped away from what the player reads"
        assert log.border_subtitle.startswith(f"▼ {came} new line")
        assert "End to follow" in log.border_subtitle
        await pilot.press("l", "end")
        await pilot.pause()
        assert log.scroll_offset.y >= log.max_scroll_y and not log.border_subtitle
