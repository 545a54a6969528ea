"""The statistics screen: from the lobby (the server's finished tables, the player's own
first) and from the app (the player's own finished games)."""

from __future__ import annotations

import threading
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
from tests.ui.online import ANN, BOB, lobby_app, until
from tests.unit.recorded_games import recorded


def _text(app) -> str:
    return str(app.screen.query_one("#stats", Static).render())


def _counted(app) -> bool:
    """Whether the statistics screen has read its records and shows the latest count."""
    screen = app.screen
    return isinstance(screen, StatisticsScreen) and screen.answered == screen.asked > 0


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
        await until(pilot, lambda: _counted(app))
        assert _text(app) == "\n".join(describe(mine, game_title(mine.game)))
        app.screen.query_one("#stats-player", Select).value = EVERYONE
        await pilot.pause()
        await until(pilot, lambda: _counted(app) and "Bob" in _text(app))
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
        await until(pilot, lambda: _counted(app))
        # Two random bots: one bot kind, counted once for each seat it took.
        (bots,) = statistics([record])
        assert bots.games == 2 and _text(app) == "\n".join(describe(bots, game_title(bots.game)))


async def test_the_lobbys_statistics_are_read_in_a_worker_and_the_screen_answers_meanwhile(
    tmp_path: Path, monkeypatch
) -> None:
    """A server's many finished tables take a while to read: the screen says how many it is
    reading and still answers its keys (the reading is held up here until the test lets it)."""
    from nfgalaxy.tables import record_keeping

    path, app = lobby_app(tmp_path, ANN, (ANN, "Ann"), (BOB, "Bob"))
    with open_store(path) as store:
        for seed in (1, 2):
            finished_table(store, [ANN, BOB], seed=seed)
    let_go = threading.Event()
    real = record_keeping.source_digest

    def slow(*args):
        assert let_go.wait(10), "the test never let the reading go on"
        return real(*args)

    monkeypatch.setattr(record_keeping, "source_digest", slow)
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            await pilot.press("t")
            await until(pilot, lambda: _text(app) == "Reading 2 games…")
            assert isinstance(app.screen, StatisticsScreen) and app.screen.records is None
            await pilot.press("escape")  # answered while the worker still reads
            await pilot.pause()
            assert not isinstance(app.screen, StatisticsScreen)
            await pilot.press("t")
            await until(pilot, lambda: _text(app) == "Reading 2 games…")
            let_go.set()
            await until(pilot, lambda: _counted(app))
            assert "— Ann: 2 games" in _text(app)
    finally:
        let_go.set()


async def test_records_that_cannot_be_read_are_told_on_the_screen(tmp_path: Path) -> None:
    from nfgalaxy.ui.screens.statistics import RecordsUnreadable

    def gone(progress) -> list:
        raise RecordsUnreadable("the server's database is not answering")

    app = NfGalaxyApp(bot_delay=0)
    app.records = RecordStore(tmp_path / "records")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app.push_screen(StatisticsScreen(gone))
        await pilot.pause()
        await until(pilot, lambda: "cannot be read" in _text(app))
        assert _text(app).endswith("the server's database is not answering")
        assert isinstance(app.screen, StatisticsScreen)  # told, and the app goes on
