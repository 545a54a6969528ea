"""Autosave, Continue, named saves and unreadable files in the app."""

from __future__ import annotations

import json

from nfgalaxy.core.saves import SaveStore
from nfgalaxy.ui.app import NfGalaxyApp
from nfgalaxy.ui.screens.game import GameScreen
from nfgalaxy.ui.screens.load import LoadScreen
from nfgalaxy.ui.screens.new_game import NewGameScreen


async def start_and_play(app: NfGalaxyApp, pilot, presses: int) -> GameScreen:
    """Start a game with Ctrl+S (Enter would continue a game in play, if the start screen lists
    one) and take the first decision offered ``presses`` times."""
    await pilot.press("ctrl+s")
    await pilot.pause()
    for _ in range(presses):
        await pilot.press("enter")
        await pilot.pause()
    assert isinstance(app.screen, GameScreen)
    return app.screen


async def test_autosave_after_every_decision_and_continue_on_start(private_data_dir) -> None:
    app = NfGalaxyApp(bot_delay=0, seed=21)
    async with app.run_test(size=(160, 50)) as pilot:
        game = await start_and_play(app, pilot, 6)
        [path] = (private_data_dir / "saves" / "autosaves").glob("*.json")
        saved = json.loads(path.read_text())
        assert saved["snapshot"] == game.state.to_json()
        expected = game.state.to_json()
    app = NfGalaxyApp(bot_delay=0)
    async with app.run_test(size=(160, 50)) as pilot:
        assert isinstance(app.screen, NewGameScreen)
        assert app.focused is not None and app.focused.id == "continue"
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert app.screen.state.to_json() == expected


async def test_save_as_and_load_it_from_the_list(private_data_dir) -> None:
    app = NfGalaxyApp(bot_delay=0, seed=22)
    async with app.run_test(size=(160, 50)) as pilot:
        game = await start_and_play(app, pilot, 3)
        await pilot.press("s")
        await pilot.pause()
        await pilot.press(*"before lunch")
        await pilot.press("enter")
        await pilot.pause()
        path = private_data_dir / "saves" / "before-lunch.json"
        assert path.exists()
        assert SaveStore(private_data_dir / "saves").load(path)[0].to_json() == (
            game.state.to_json()
        )


async def test_an_unreadable_save_is_listed_with_its_reason_and_left_alone(
    private_data_dir,
) -> None:
    saves = private_data_dir / "saves"
    saves.mkdir(parents=True)
    broken = saves / "broken.json"
    broken.write_text('{"format": "nfgalaxy-save", "version": 1, "name": "x", "sna')
    app = NfGalaxyApp(bot_delay=0)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.click("#load")
        await pilot.pause()
        assert isinstance(app.screen, LoadScreen)
        table = app.screen.query_one("DataTable")
        assert "unreadable" in str(table.get_row_at(0)[5])
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, LoadScreen)  # still here, the app keeps working
    assert broken.read_text().endswith('"sna')


async def test_a_corrupt_autosave_is_kept_and_the_new_game_saves_beside_it(
    private_data_dir,
) -> None:
    saves = private_data_dir / "saves"
    saves.mkdir(parents=True)
    corrupt = saves / "autosave.json"
    corrupt.write_bytes(b"\x00\x01 truncated")
    app = NfGalaxyApp(bot_delay=0, seed=23)
    async with app.run_test(size=(160, 50)) as pilot:
        assert isinstance(app.screen, NewGameScreen)  # listed with why, no crash
        [entry] = app.screen.query_one("#continue").entries
        assert entry.problem == "the file is damaged: its text is not a saved game's"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
    assert corrupt.read_bytes() == b"\x00\x01 truncated"
    assert len(list((saves / "autosaves").glob("*.json"))) == 1
