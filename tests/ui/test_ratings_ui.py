"""Ratings in the app: a rated or bot-ladder table set up in the form, the ladder screen
reached from the lobby, the player's own rating in the lobby."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import DataTable, Select, Static

from nfgalaxy.tables import open_store
from nfgalaxy.ui.screens.ladder import YOU, LadderScreen
from nfgalaxy.ui.screens.lobby import LobbyScreen
from nfgalaxy.ui.screens.table_form import LADDER, RATED, TableFormScreen
from tests.tables.finished_tables import finished_table
from tests.ui.online import ANN, BOB, SIZE, create_table, lobby_app, notices, table_form


async def test_a_rated_table_with_a_bot_is_refused_and_a_bot_ladder_one_is_set_up(
    tmp_path: Path,
) -> None:
    path, app = lobby_app(tmp_path, ANN, (ANN, "Ann"), (BOB, "Bob"))
    async with app.run_test(size=SIZE) as pilot:
        form = await table_form(pilot, app)
        form.query_one("#seat-1", Select).value = "random"
        form.query_one("#rated", Select).value = RATED
        await create_table(pilot)
        assert isinstance(app.screen, TableFormScreen)
        assert any("bot-ladder" in n for n in notices(app))
        form.query_one("#rated", Select).value = LADDER
        await create_table(pilot)
        assert isinstance(app.screen, LobbyScreen)
    with open_store(path) as store:
        spec = store.table(1).spec
    assert spec.rated and spec.ladder


async def test_the_ladder_from_the_lobby_ranks_each_games_raters_and_the_lobby_names_mine(
    tmp_path: Path,
) -> None:
    path, app = lobby_app(tmp_path, ANN, (ANN, "Ann"), (BOB, "Bob"))
    with open_store(path) as store:
        for seed in (1, 2):
            finished_table(store, [ANN, BOB], rated=True, seed=seed)
        finished_table(store, [BOB], ("random",), ladder=True, seed=3)
        game = store.table(1).spec.game
        expected = store.ladder(game)
        mine = next(r for r in expected if r.rater == ANN)
    async with app.run_test(size=(110, 36)) as pilot:
        await pilot.pause()
        me = str(app.screen.query_one("#me", Static).render())
        assert f"{mine.ordinal:.1f} (2 games)" in me
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(app.screen, LadderScreen)
        app.screen.query_one("#ladder-game", Select).value = game
        await pilot.pause()
        table = app.screen.query_one("#ladder", DataTable)
        rows = [table.get_row_at(n) for n in range(table.row_count)]
        assert [row[:4] for row in rows] == [
            [rank, r.name, f"{r.ordinal:.1f}", r.games] for rank, r in enumerate(expected, 1)
        ]
        assert {row[1] for row in rows} == {"Ann", "Bob", "Bot (random)"}
        assert [row[4] for row in rows].count(YOU) == 1
        assert rows[[r.rater for r in expected].index(ANN)][4] == YOU
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, LobbyScreen)


async def test_the_ladder_of_a_game_nobody_is_rated_at_says_so(tmp_path: Path) -> None:
    _, app = lobby_app(tmp_path, ANN, (ANN, "Ann"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "Not rated yet" in str(app.screen.query_one("#me", Static).render())
        await pilot.press("l")
        await pilot.pause()
        assert app.screen.query_one("#ladder", DataTable).row_count == 0
        assert "Nobody is rated" in str(app.screen.query_one("#ladder-hint", Static).render())
