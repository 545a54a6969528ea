"""While a bot thinks the screen says so (the indicator under the board), and only the
indicator changes for it: the class that showed it was on the screen and restyled every
widget there twice a bot turn."""

from __future__ import annotations

from textual.widgets import LoadingIndicator

from nfgalaxy.ui.app import NfGalaxyApp
from tests.ui.playtest import SIZE, start, until_human_decides


async def test_the_thinking_indicator_shows_while_a_bot_thinks_and_only_it_changes() -> None:
    app = NfGalaxyApp(bot_delay=0.4, seed=4)
    async with app.run_test(size=SIZE) as pilot:
        game = await start(app, pilot, "new-frontiers", ["human", "greedy"])
        await until_human_decides(app, pilot)
        indicator = game.query_one("#thinking", LoadingIndicator)
        assert indicator.styles.display == "none"
        classes = set(game.classes)
        seen = False
        for _ in range(20):  # the human's decisions until the bot is to move
            await until_human_decides(app, pilot)
            await pilot.press("enter")
            for _ in range(100):
                await pilot.pause(0.02)
                mover = game.state.to_move()
                if mover is None or not game.table.is_bot(mover):
                    break
                seen = seen or indicator.styles.display == "block"
                assert set(game.classes) == classes
            if seen:
                break
        assert seen, "no indicator while the bot thought"
        await until_human_decides(app, pilot)
        assert indicator.styles.display == "none"
