"""A table that forbids spectators, set up in the form: a player without a seat who tries to
watch it from the lobby is told why."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import OptionList, Switch

from nfgalaxy.tables import open_store
from nfgalaxy.ui.screens.lobby import LobbyScreen
from tests.ui.online import (
    ANN,
    BOB,
    CAT,
    SIZE,
    app_for,
    create_table,
    lobby_app,
    notices,
    table_form,
)


async def test_a_table_that_forbids_spectators_refuses_a_watcher_in_words(tmp_path: Path) -> None:
    path, app = lobby_app(tmp_path, ANN, (ANN, "Ann"), (BOB, "Bob"), (CAT, "Cat"))
    async with app.run_test(size=SIZE) as pilot:
        form = await table_form(pilot, app)
        form.query_one("#spectators", Switch).value = False
        await create_table(pilot)
        assert isinstance(app.screen, LobbyScreen)
    with open_store(path) as store:
        store.join(1, BOB)
        store.start(1)
        assert store.table(1).spec.spectators is False
    cat = app_for(path, CAT)
    async with cat.run_test(size=SIZE) as pilot:
        await pilot.pause()
        playing = cat.screen.query_one("#playing", OptionList)
        (listed,) = [
            str(playing.get_option_at_index(i).prompt) for i in range(playing.option_count)
        ]
        assert "no spectators" in listed
        playing.focus()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(cat.screen, LobbyScreen)
        assert any("allows no spectators" in n for n in notices(cat))
