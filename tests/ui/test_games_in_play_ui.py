"""The start screen's Continue list: every game in play (one autosave each), continued or
deleted by key; damaged autosaves shown with the reason in words and left alone; a data folder
that cannot be written told once; everything in sight at 80x24."""

from __future__ import annotations

import json
from pathlib import Path

from nfgalaxy.core import new_game
from nfgalaxy.core.autosaves import Autosaves
from nfgalaxy.core.saves import SaveStore
from nfgalaxy.ui.app import NfGalaxyApp
from nfgalaxy.ui.screens.confirm import ConfirmScreen
from nfgalaxy.ui.screens.game import GameScreen
from nfgalaxy.ui.screens.new_game import NewGameScreen
from nfgalaxy.ui.widgets.continue_list import ContinueList
from tests.ui.playtest import screen_lines
from tests.ui.test_saves_ui import start_and_play

SIZE = (160, 50)


def on_screen(app: NfGalaxyApp) -> str:
    """The terminal's words, lines joined and runs of blanks made one."""
    return " ".join(" ".join(screen_lines(app)).split())


def prompts(app: NfGalaxyApp) -> list[str]:
    listed = app.screen.query_one(ContinueList)
    return [str(option.prompt) for option in listed.options]


def recorded_notices(app: NfGalaxyApp) -> list[tuple[str, str]]:
    """Every notice the app gives from now on, as (title, message): the app's own list keeps
    only those still on screen."""
    told: list[tuple[str, str]] = []
    notify = app.notify

    def record(message: str, **kwargs) -> None:
        told.append((str(kwargs.get("title", "")), message))
        notify(message, **kwargs)

    app.notify = record  # type: ignore[method-assign]
    return told


async def test_two_games_started_one_after_the_other_are_both_offered_and_each_goes_on(
    private_data_dir: Path,
) -> None:
    games = []
    for seed, decisions in ((21, 6), (22, 3)):
        app = NfGalaxyApp(bot_delay=0, seed=seed)
        async with app.run_test(size=SIZE) as pilot:
            games.append((await start_and_play(app, pilot, decisions)).state.to_json())
    first, second = games
    for presses, expected in (([], second), (["down"], first)):  # the last played first
        app = NfGalaxyApp(bot_delay=0)
        async with app.run_test(size=SIZE) as pilot:
            listed = app.screen.query_one(ContinueList)
            assert app.focused is listed and len(listed.entries) == 2
            assert all(p.startswith("New Frontiers · ") for p in prompts(app))
            assert on_screen(app).count(" · round ") == 2
            await pilot.press(*presses, "enter")
            await pilot.pause()
            assert isinstance(app.screen, GameScreen)
            assert app.screen.state.to_json() == expected
    assert len(list((private_data_dir / "saves" / "autosaves").glob("*.json"))) == 2


async def test_a_game_continued_goes_on_in_its_own_file(private_data_dir: Path) -> None:
    app = NfGalaxyApp(bot_delay=0, seed=21)
    async with app.run_test(size=SIZE) as pilot:
        await start_and_play(app, pilot, 2)
    [path] = (private_data_dir / "saves" / "autosaves").glob("*.json")
    app = NfGalaxyApp(bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        for _ in range(3):
            await pilot.press("enter")
            await pilot.pause()
        expected = app.screen.state.to_json()
    assert list(path.parent.glob("*.json")) == [path]
    assert json.loads(path.read_text())["snapshot"] == expected


async def test_an_earlier_versions_single_autosave_is_offered_and_goes_on_in_its_file(
    private_data_dir: Path,
) -> None:
    store = SaveStore(private_data_dir / "saves")
    seats = [{"name": "Ann", "kind": "human"}, {"name": "Bot", "kind": "greedy"}]
    earlier = store.write("autosave", new_game("new-frontiers", players=2, seed=5), seats)
    assert earlier.name == "autosave.json"
    app = NfGalaxyApp(bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        assert "New Frontiers · Ann, Bot · round 1 · played today" in on_screen(app)
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        expected = app.screen.state.to_json()
    assert json.loads(earlier.read_text())["snapshot"] == expected
    assert not list((private_data_dir / "saves" / "autosaves").glob("*.json"))


async def test_a_game_in_play_is_deleted_only_after_yes(private_data_dir: Path) -> None:
    for seed in (21, 22):
        app = NfGalaxyApp(bot_delay=0, seed=seed)
        async with app.run_test(size=SIZE) as pilot:
            await start_and_play(app, pilot, 1)
    folder = private_data_dir / "saves" / "autosaves"
    app = NfGalaxyApp(bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        listed = app.screen.query_one(ContinueList)
        newest = listed.entries[0].path
        await pilot.press("d")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")  # no: nothing happens
        await pilot.pause()
        assert len(list(folder.glob("*.json"))) == 2 and len(listed.entries) == 2
        await pilot.press("delete", "y")
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen) and not newest.exists()
        assert [e.path for e in listed.entries] == list(folder.glob("*.json"))
        await pilot.press("d", "y")
        await pilot.pause()
        assert not list(folder.glob("*.json"))
        assert not app.screen.query_one("#in-play").display
        assert app.focused is app.screen.query_one("#start")


async def test_a_damaged_autosave_is_offered_with_its_reason_in_words_and_left_alone(
    private_data_dir: Path,
) -> None:
    saves = private_data_dir / "saves"
    store = SaveStore(saves)
    seats = [{"name": "Ann", "kind": "human"}, {"name": "Bot", "kind": "greedy"}]
    cut = store.write("autosave", new_game("new-frontiers", players=2, seed=5), seats)
    cut.write_bytes(cut.read_bytes()[:-300])  # a write broken off, as an earlier version's
    autosaves = Autosaves(store)
    changed = autosaves.new_file("new-frontiers")
    autosaves.write(changed, new_game("new-frontiers", players=2, seed=6), seats)
    changed.write_bytes(changed.read_bytes().replace(b'"Ann"', b'"Bob"'))
    before = {path: path.read_bytes() for path in (cut, changed)}
    app = NfGalaxyApp(bot_delay=0, seed=23)
    async with app.run_test(size=SIZE) as pilot:
        told = recorded_notices(app)
        assert sorted(prompts(app)) == sorted(
            [
                "autosave.json: cannot be continued, the file is cut short: it ends part way "
                "through the game",
                f"{changed.name}: cannot be continued, the checksum does not match: the file "
                "was changed outside the game, or damaged",
            ]
        )
        assert "the file is cut short" in on_screen(app)
        assert "the checksum does not match" in on_screen(app)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)  # told why, and still here
        assert told and told[-1][0] == "Cannot continue this game"
        await start_and_play(app, pilot, 2)
    assert {path: path.read_bytes() for path in before} == before
    assert len(list((saves / "autosaves").glob("*.json"))) == 2  # the new game beside them


async def test_a_data_folder_that_cannot_be_written_is_told_once_not_after_every_decision(
    tmp_path: Path, monkeypatch
) -> None:
    # A data folder inside a file: refused to root as well (chmod 0o555 is not: tests run as
    # root, whose writes ignore the permission bits).
    blocker = tmp_path / "blocker"
    blocker.write_text("")
    monkeypatch.setenv("NFGALAXY_DATA_DIR", str(blocker / "data"))
    app = NfGalaxyApp(bot_delay=0, seed=24)
    told = recorded_notices(app)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await start_and_play(app, pilot, 6)
        assert [title for title, _ in told] == ["Games cannot be saved"]
        assert "a part of that path is a file, not a folder" in told[0][1]
        await pilot.press("s", *"lunch", "enter")  # a save asked for is always answered
        await pilot.pause()
        assert [title for title, _ in told] == ["Games cannot be saved", "Save failed"]
        blocker.unlink()
        blocker.mkdir()  # the folder can be written again: saving goes on
        await pilot.press("enter")
        await pilot.pause()
        assert told[-1][0] == "Autosave works again"
        saved = list((blocker / "data" / "saves" / "autosaves").glob("*.json"))
        assert len(saved) == 1 and json.loads(saved[0].read_text())["snapshot"] == (
            app.screen.state.to_json()
        )


async def test_at_80x24_the_games_in_play_start_and_load_are_all_in_sight(
    private_data_dir: Path,
) -> None:
    autosaves = Autosaves(SaveStore(private_data_dir / "saves"))
    names = ["Bartholomew Fitzwill", "Maximiliana Orsolyax", "Konstantinos Papadop", "Wil"]
    for game in range(8):
        seats = [{"name": f"{name} {game}"[:20], "kind": "human"} for name in names]
        state = new_game("new-frontiers", players=4, seed=game)
        autosaves.write(autosaves.new_file("new-frontiers"), state, seats)
    app = NfGalaxyApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        listed = screen.query_one(ContinueList)
        shown = on_screen(app)
        assert listed.entries[0].players[0] in shown  # the newest game
        assert "Start game" in shown and "Load a saved game" in shown
        for widget in (listed, screen.query_one("#start"), screen.query_one("#load")):
            assert widget.region.y >= 1 and widget.region.bottom <= 23, widget  # all of it
        await pilot.press("end")  # the oldest game scrolls into the list's view
        await pilot.pause()
        assert listed.entries[-1].players[0] in on_screen(app)
        await pilot.press("tab", "tab")
        await pilot.pause()
        assert app.focused is screen.query_one("#load")
        assert screen.query_one("#load").region.bottom <= 23
