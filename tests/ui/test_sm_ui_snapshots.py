"""Space Merchant's game screen at 120x40, 80x24 and 200x60 during the human's move (the route
preview on the map and beside it), compared as exported SVG (``test_snapshots.compare``); and at
80x24 every panel can be scrolled to, the map scrolls inside itself and its cursor shows the
space the highlighted decision names."""

from __future__ import annotations

import pytest

from nfgalaxy.games.space_merchant.rules.common import JUMP, STEP, Step
from nfgalaxy.games.space_merchant.ui.map import MerchantMap
from nfgalaxy.ui.app import NfGalaxyApp
from nfgalaxy.ui.screens.game import GameScreen
from nfgalaxy.ui.widgets.decisions import DecisionList
from tests.ui.layout import text_in
from tests.ui.playtest import until_human_decides
from tests.ui.test_sm_ui_app import start_merchant
from tests.ui.test_snapshots import compare


async def at_the_humans_move(app: NfGalaxyApp, pilot) -> GameScreen:
    """Start a game and take the first offered decision until the human moves after a roll."""
    game = await start_merchant(app, pilot, {})
    for _ in range(60):
        listed = await until_human_decides(app, pilot)
        if game.state.step_name() == Step.MOVE and game.state.to_move() == 0:
            break
        game.play(listed.decisions[0])
    await until_human_decides(app, pilot)
    await pilot.pause()
    await pilot.pause()
    assert game.state.step_name() == Step.MOVE
    return game


@pytest.mark.parametrize("size", [(120, 40), (80, 24), (200, 60)], ids=lambda s: f"{s[0]}x{s[1]}")
async def test_space_merchant_screen_snapshot_at_size(size: tuple[int, int]) -> None:
    app = NfGalaxyApp(bot_delay=0, seed=5)
    async with app.run_test(size=size) as pilot:
        await at_the_humans_move(app, pilot)
        compare(f"layout_sm_{size[0]}x{size[1]}", app.export_screenshot())


async def test_every_panel_can_be_reached_at_80x24() -> None:
    app = NfGalaxyApp(bot_delay=0, seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        game = await at_the_humans_move(app, pilot)
        state = game.state
        board = game.query_one("#board")
        assert board.max_scroll_x == 0, "the board's lines run past the right edge"
        board_map = game.query_one(MerchantMap)
        assert board_map.region.height == 10 and board_map.virtual_size.width > 80
        expected = {
            "#players": [p.name for p in state.players],
            "#routes": [f"{state.turn.mp} left"],
            "#market": ["Galactic Base"],
        }
        game.query_one(MerchantMap).focus()
        for selector, words in expected.items():  # Tab from the map to each panel in turn
            await pilot.press("tab")
            await pilot.pause()
            await pilot.pause()
            panel = game.query_one(selector)
            assert panel.has_focus, selector
            assert 1 <= panel.region.y < 23, f"{selector} cannot be scrolled onto the screen"
            shown = text_in(app, panel)
            assert all(word in shown for word in words), (selector, shown)
        decisions = game.query_one(DecisionList)
        decisions.focus()
        for index, decision in enumerate(decisions.decisions[:3]):  # steps name their space
            decisions.highlighted = index
            await pilot.pause()
            if decision.kind in (STEP, JUMP):
                assert board_map.cursor == decision.args[0]
        board_map.focus()
        await pilot.press("right", "right", "right")
        await pilot.pause()
        x, y = board_map.chart.at[board_map.cursor]
        sx, sy = board_map.scroll_offset
        inside = board_map.scrollable_content_region
        assert sx <= x < sx + inside.width and sy <= y < sy + inside.height
