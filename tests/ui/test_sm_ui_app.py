"""Play Space Merchant in the Textual app through key presses against a bot, to the end."""

from __future__ import annotations

import pytest

from nfgalaxy.games.space_merchant.board import SystemKind
from nfgalaxy.games.space_merchant.rules.game import MerchantGame
from nfgalaxy.games.space_merchant.ui.map import MerchantMap
from nfgalaxy.ui.app import NfGalaxyApp
from nfgalaxy.ui.game_ui import game_ui
from nfgalaxy.ui.screens.end import EndScreen
from nfgalaxy.ui.screens.game import GameScreen
from nfgalaxy.ui.screens.help import HelpScreen
from nfgalaxy.ui.screens.inspector import InspectorScreen
from tests.ui.test_race_app import play_to_the_end

SIZE = (120, 40)
MERCHANT = "space-merchant"


async def start_merchant(app: NfGalaxyApp, pilot, options: dict[str, str]) -> GameScreen:
    """Choose Space Merchant, a human and a greedy bot, set some options, press Start."""
    screen = app.screen
    screen.query_one("#game").value = MERCHANT
    await pilot.pause()
    for index in range(5):
        kind = ["human", "greedy"][index] if index < 2 else "empty"
        screen.query_one(f"#kind-{index}").value = kind
    for name, value in options.items():
        screen.query_one(f"#opt-{MERCHANT}-{name}").value = value
    await pilot.pause()
    screen.query_one("#start").press()
    await pilot.pause()
    assert isinstance(app.screen, GameScreen), "the game did not start"
    return app.screen


def check_end_table(app: NfGalaxyApp, state: MerchantGame) -> None:
    table = app.screen.query_one("DataTable")
    for seat, score in enumerate(state.scores()):
        row = table.get_row_at(seat)
        assert row[0] == state.players[seat].name
        assert list(row[1:]) == [score["cash"], score["deeds"], score["total"]]
    details = str(app.screen.query_one("#details").render())
    assert "The game ended:" in details
    assert all(f"{p.name}: ${p.cash} cash" in details for p in state.players)


async def test_a_human_plays_space_merchant_against_a_bot_to_the_end_with_keys() -> None:
    """A short game: the round limit (no rule of the game, an option) ends it after 4 rounds."""
    app = NfGalaxyApp(bot_delay=0, seed=7)
    async with app.run_test(size=SIZE) as pilot:
        game = await start_merchant(app, pilot, {"round-limit": "4"})
        state = game.state
        assert game.query_one(MerchantMap).border_subtitle == state.pack.labels[0]
        assert "Generated board — not the published map (seed 1)" in state.pack.labels[0]
        await play_to_the_end(app, pilot, state, 3000)  # by keys, as the greedy bot advises
        assert isinstance(app.screen, EndScreen)
        assert state.is_over() and state.round == 4 and len(state.history) > 20
        check_end_table(app, state)


@pytest.mark.slow  # a game won on net worth takes a few minutes of greedy trading
async def test_a_human_plays_space_merchant_to_a_victory_with_keys() -> None:
    app = NfGalaxyApp(bot_delay=0, seed=11)
    async with app.run_test(size=SIZE) as pilot:
        game = await start_merchant(app, pilot, {"victory": "400", "round-limit": "0"})
        state = game.state
        await play_to_the_end(app, pilot, state, 60000)
        assert state.is_over() and any(state.net_worth(p) >= 400 for p in state.players)
        assert any("net worth" in reason for reason in state.end_reasons)
        check_end_table(app, state)


async def test_help_and_inspector_show_space_merchant_in_a_game() -> None:
    app = NfGalaxyApp(bot_delay=0, seed=8)
    async with app.run_test(size=SIZE) as pilot:
        game = await start_merchant(app, pilot, {})
        await pilot.pause()
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        source = app.screen.query_one("Markdown").source
        assert "Space Merchant" in source and "The map's key" in source
        await pilot.press("escape", "i")
        await pilot.pause()
        assert isinstance(app.screen, InspectorScreen)
        culture = game.state.content.cultures[0]
        await pilot.press(*culture.name.lower())
        await pilot.pause()
        details = str(app.screen.query_one("#details").render())
        assert culture.name in details and f"IOU ${culture.iou}" in details
        assert "Generated content — not the published cultures and markers" in details
        assert "hidden until a merchant lands" in details
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is game


def test_every_content_entry_is_described_with_where_it_comes_from() -> None:
    """Before a game the inspector shows the generated content of the default board seed;
    every entry is described, labelled as generated, and no culture says where it lives."""
    ui = game_ui(MERCHANT)
    tiles = ui.builtin_tiles()
    content = tiles.pack.content
    assert len(tiles.by_id) >= len(content.cultures) + len(content.goods) + len(content.ships)
    for entry in tiles.by_id.values():
        text = ui.describe_tile(entry)
        assert entry.name in text and "Generated content" in text
    board = tiles.pack.board
    for culture in content.cultures:
        text = ui.describe_tile(tiles.by_id[culture.id])
        assert not any(s.name in text for s in board.systems_of_kind(SystemKind.HABITABLE))
        bought = next(good for good in content.goods if culture.id in good.buyers)
        assert f"{bought.name} ${bought.sell}" in text
