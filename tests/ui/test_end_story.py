"""The end screen tells the story (issue 17, point 11): besides the score table, a chart of
each player's VP round by round, what each player chose how often, and a key to the full log."""

from __future__ import annotations

import pytest
from textual.widgets import RichLog

from nfgalaxy.bots import make_bot
from nfgalaxy.core.registry import new_game
from nfgalaxy.ui.app import NfGalaxyApp
from nfgalaxy.ui.screens.end import (
    BARS,
    EndScreen,
    LogScreen,
    vp_bars,
    vp_by_round,
    vp_numbers,
)

SUMMARY = {"new-frontiers": "Actions chosen:", "roll": "Phases selected:"}


def _bot_game(game: str, players: int = 3, seed: int = 2):
    state = new_game(game, players=players, seed=seed)
    bots = [make_bot("random", seat) for seat in range(players)]
    while not state.is_over():
        state.apply(bots[state.to_move()].choose(state))
    return state


@pytest.mark.parametrize("game", ["new-frontiers", "roll"])
def test_vp_by_round_has_a_value_per_round_ending_in_the_final_score(game: str) -> None:
    state = _bot_game(game)
    rows = vp_by_round(state)
    assert rows is not None and len(rows) == len(state.players)
    for row, score in zip(rows, state.scores(), strict=True):
        assert len(row) == state.round and row[-1] == score["total"]
    assert any(row[0] < row[-1] for row in rows)  # the game was scored as it went


def test_the_bars_share_one_scale_so_players_compare_at_a_glance() -> None:
    assert vp_bars([0, 5, 10], 10) == "▁▁▅▅██"
    assert vp_bars([0, 1, 2], 10) == "▁▁▂▂▃▃"  # a player far behind has short bars
    assert len(vp_bars(list(range(20)), 19)) == 20  # one character a round when many rounds
    assert vp_numbers([1, 3, 6]) == "1 3 6 VP"
    assert vp_numbers(list(range(20))) == "0 1 … 17 18 19 VP"  # a long game stays one line


@pytest.mark.parametrize("game", ["new-frontiers", "roll"])
async def test_the_end_screen_shows_the_vp_chart_the_choices_and_opens_the_log(game: str) -> None:
    state = _bot_game(game)
    app = NfGalaxyApp(bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        app.push_screen(EndScreen(state))
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, EndScreen)
        rows = vp_by_round(state)
        assert rows is not None
        for seat, player in enumerate(state.players):
            row = screen.query_one(f"#vp-row-{seat}")
            assert player.name in str(row.query_one(".vp-name").render())
            bars = str(row.query_one(".vp-bars").render())
            assert bars == vp_bars(rows[seat], max(map(max, rows))) and set(bars) <= set(BARS)
            assert str(row.query_one(".vp-values").render()) == vp_numbers(rows[seat])
        assert len(screen.query(".vp-row")) == len(state.players)
        details = str(screen.query_one("#details").render())
        assert SUMMARY[game] in details
        assert all(f"{player.name}: " in details for player in state.players)
        assert "×" in details  # how often
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(app.screen, LogScreen)
        log = app.screen.query_one(RichLog)
        shown = "\n".join(strip.text for strip in log.lines)
        assert state.log[0][:30] in shown and state.log[-1][:30] in shown
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen
