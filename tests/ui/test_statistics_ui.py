"""The statistics screen: from the lobby (the server's finished tables, the player's own
first) and from the app (the player's own finished games)."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Select, Static

from nfgalaxy.records import RecordStore
from nfgalaxy.records.statistics import statistics
from nfgalaxy.records.stats_command import describe
from nfgalaxy.tables import open_store
from nfgalaxy.tables.table_records import OnlineRecords
from nfgalaxy.ui.app import NfGalaxyApp
from nfgalaxy.ui.game_ui import game_title
from nfgalaxy.ui.screens.statistics import EVERYONE, StatisticsScreen
from tests.tables.finished_tables import finished_table
from tests.ui.online import ANN, BOB, lobby_app
from tests.unit.recorded_games import recorded


def _text(app) -> str:
    return str(app.screen.query_one("#stats", Static).render())


async def test_t_in_the_lobby_shows_my_statistics_of_the_servers_tables(tmp_path: Path) -> None:
    path, app = lobby_app(tmp_path, ANN, (ANN, "Ann"), (BOB, "Bob"))
    with open_store(path) as store:
        for seed in (1, 2):
            finished_table(store, [ANN, BOB], ("random",), seed=seed)
        records = [e.record for e in OnlineRecords(store).entries()]
    (mine,) = statistics(records, player="Ann")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("t")
        await pilot.pause()
        assert isinstance(app.screen, StatisticsScreen)
        assert _text(app) == "\n".join(describe(mine, game_title(mine.game)))
        app.screen.query_one("#stats-player", Select).value = EVERYONE
        await pilot.pause()
        text = _text(app)
        assert "— Ann: 2 games" in text and "— Bob: 2 games" in text
        assert "— bot random: 2 games" in text
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, StatisticsScreen)


async def test_the_apps_statistics_count_the_finished_games_kept(tmp_path: Path) -> None:
    app = NfGalaxyApp(bot_delay=0)
    app.records = RecordStore(tmp_path / "records")
    record = recorded()
    app.records.add(record)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app.action_statistics()
        await pilot.pause()
        assert isinstance(app.screen, StatisticsScreen)
        # Two random bots: one bot kind, counted once for each seat it took.
        (bots,) = statistics([record])
        assert bots.games == 2 and _text(app) == "\n".join(describe(bots, game_title(bots.game)))
