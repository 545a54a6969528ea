"""Ratings in the app: a rated or bot-ladder table set up in the form, the ladder screen
reached from the lobby, the player's own rating in the lobby."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Select

from nfgalaxy.tables import open_store
from nfgalaxy.ui.screens.lobby import LobbyScreen
from nfgalaxy.ui.screens.table_form import LADDER, RATED, TableFormScreen
from tests.ui.online import ANN, BOB, SIZE, lobby_app, notices


async def _form(pilot, app) -> TableFormScreen:
    await pilot.pause()
    await pilot.press("c")
    await pilot.pause()
    assert isinstance(app.screen, TableFormScreen)
    return app.screen


async def test_a_rated_table_with_a_bot_is_refused_and_a_bot_ladder_one_is_set_up(
    tmp_path: Path,
) -> None:
    path, app = lobby_app(tmp_path, ANN, (ANN, "Ann"), (BOB, "Bob"))
    async with app.run_test(size=SIZE) as pilot:
        form = await _form(pilot, app)
        form.query_one("#seat-1", Select).value = "random"
        form.query_one("#rated", Select).value = RATED
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, TableFormScreen)
        assert any("bot-ladder" in n for n in notices(app))
        form.query_one("#rated", Select).value = LADDER
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, LobbyScreen)
    with open_store(path) as store:
        spec = store.table(1).spec
    assert spec.rated and spec.ladder
