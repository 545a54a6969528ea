"""Help, the tile inspector, themes (shipped, remembered, bad files) and the command palette."""

from __future__ import annotations

from pathlib import Path

from nfgalaxy.ui.app import NfGalaxyApp
from nfgalaxy.ui.screens.help import HelpScreen
from nfgalaxy.ui.screens.inspector import InspectorScreen
from nfgalaxy.ui.themes import load_themes, parse_theme

THEMES = Path(__file__).resolve().parents[2] / "themes"


def test_three_shipped_themes_load_including_a_colour_blind_safe_one() -> None:
    names = {theme.name for theme in load_themes().themes}
    assert {"nfgalaxy-dark", "nfgalaxy-light", "nfgalaxy-okabe-ito"} <= names
    assert len(list(THEMES.glob("*.toml"))) >= 3


def test_a_bad_theme_file_is_reported_by_name(private_data_dir: Path) -> None:
    folder = private_data_dir / "themes"
    folder.mkdir(parents=True)
    (folder / "broken.toml").write_text('name = "x"\nprimary = "not a colour"\n')
    loaded = load_themes()
    assert any("broken.toml" in problem for problem in loaded.problems)
    assert "nfgalaxy-dark" in {t.name for t in loaded.themes}


def test_parse_theme_names_the_missing_field(tmp_path: Path) -> None:
    path = tmp_path / "t.toml"
    path.write_text('label = "no name"\n')
    try:
        parse_theme(path)
    except ValueError as error:
        assert "'name'" in str(error)
    else:
        raise AssertionError("a theme without a name was accepted")


async def test_theme_choice_is_remembered_between_runs() -> None:
    app = NfGalaxyApp(bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        assert app.theme == "nfgalaxy-dark"
        app.theme = "nfgalaxy-okabe-ito"
        await pilot.pause()
    app = NfGalaxyApp(bot_delay=0)
    async with app.run_test(size=(120, 40)):
        assert app.theme == "nfgalaxy-okabe-ito"


async def test_help_and_inspector_open_from_the_keyboard_in_a_game() -> None:
    app = NfGalaxyApp(bot_delay=0, seed=8)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")
        await pilot.press("i")
        await pilot.pause()
        assert isinstance(app.screen, InspectorScreen)
        await pilot.press(*"alpha")
        await pilot.pause()
        details = str(app.screen.query_one("#details").render())
        assert "Alpha Centauri" in details and "Status:" in details
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen.__class__.__name__ == "GameScreen"


async def test_the_inspector_says_which_tiles_are_reconstructed() -> None:
    app = NfGalaxyApp(bot_delay=0)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.press("i")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, InspectorScreen)
        screen.show("WM01")
        details = str(screen.query_one("#details").render())
        assert "reconstructed" in details and "NOT the printed tile" in details


async def test_command_palette_offers_new_game_save_load_theme_and_help() -> None:
    app = NfGalaxyApp(bot_delay=0)
    async with app.run_test(size=(160, 50)):
        titles = {command.title for command in app.get_system_commands(app.screen)}
        assert {"New game", "Save game", "Load game", "Help", "Tile inspector"} <= titles
        assert any("theme" in title.lower() for title in titles)


def test_every_games_help_names_every_key_of_the_game_screen() -> None:
    """Each game writes its own help: a key the game screen binds for every game (the hint, the
    board...) must be in each one's table of keys, or a player never learns of it."""
    import re

    from nfgalaxy.ui.game_ui import app_games, game_ui
    from nfgalaxy.ui.screens.game import GameScreen

    keys = {binding.key for binding in GameScreen.BINDINGS}
    assert {"h", "u", "b", "s"} <= keys
    for game in app_games():
        rows = [
            line for line in game_ui(game.id).help_markdown().splitlines() if line.startswith("|")
        ]
        named = {k for row in rows for k in re.findall(r"(?:^\| |/ )([a-z])(?= )", row)}
        assert keys <= named, f"{game.title}'s help lacks {sorted(keys - named)}"
