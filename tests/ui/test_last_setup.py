"""The new-game screen opens on the last game started: its game, seats and options, between runs
of the app; a settings file it cannot use falls back to the defaults, part by part."""

from __future__ import annotations

import json
from pathlib import Path

from nfgalaxy.ui.app import NfGalaxyApp
from nfgalaxy.ui.screens.new_game import NewGameScreen

RACE = "race-for-the-galaxy"


def form(app: NfGalaxyApp) -> dict[str, object]:
    """What the new-game form shows: the game, the first three seats and, while Race is
    chosen, two of its options (only the chosen game's option rows are on the form)."""
    screen = app.screen
    assert isinstance(screen, NewGameScreen)
    race = screen.query_one("#game").value == RACE
    return {
        "game": screen.query_one("#game").value,
        "seats": [
            (screen.query_one(f"#kind-{i}").value, screen.query_one(f"#name-{i}").value)
            for i in range(3)
        ],
        "expansion": screen.query_one(f"#opt-{RACE}-expansion").value if race else None,
        "advanced": screen.query_one(f"#opt-{RACE}-advanced").value if race else None,
        "seed": screen.query_one("#seed").value,
    }


async def test_the_next_run_opens_on_the_last_game_started(private_data_dir: Path) -> None:
    app = NfGalaxyApp(bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        before = form(app)
        assert before["game"] == "new-frontiers" and before["expansion"] is None
        assert not app.screen.query(f"#opt-{RACE}-expansion")  # not composed until chosen
        screen = app.screen
        screen.query_one("#game").value = RACE
        await pilot.pause()
        assert form(app)["expansion"] == "auto"
        screen.query_one("#kind-1").value = "human"
        screen.query_one("#name-1").value = "Ann"
        screen.query_one("#kind-2").value = "random"
        screen.query_one("#kind-3").value = "empty"
        screen.query_one(f"#opt-{RACE}-expansion").value = "tgs"
        screen.query_one("#seed").value = "42"
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert not isinstance(app.screen, NewGameScreen)  # two humans: the privacy screen
    app = NfGalaxyApp(bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        assert form(app) == {
            "game": RACE,
            "seats": [("human", "Player"), ("human", "Ann"), ("random", "Bot 2")],
            "expansion": "tgs",
            "advanced": False,
            "seed": "",  # a new deal unless asked for
        }
        assert app.screen.query_one("#kind-3").value == "empty"
        assert app.screen.query_one(f"#opt-{RACE}-expansion").display  # Race's rows shown


async def test_remembering_a_setup_keeps_the_theme_and_the_theme_keeps_the_setup(
    private_data_dir: Path,
) -> None:
    app = NfGalaxyApp(bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        app.theme = "nfgalaxy-okabe-ito"
        await pilot.pause()
        app.screen.query_one("#game").value = RACE
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        app.theme = "nfgalaxy-light"
        await pilot.pause()
    settings = json.loads((private_data_dir / "settings.json").read_text())
    assert settings["theme"] == "nfgalaxy-light" and settings["new_game"]["game"] == RACE


async def test_an_unusable_settings_file_opens_the_defaults(private_data_dir: Path) -> None:
    private_data_dir.mkdir(parents=True)
    path = private_data_dir / "settings.json"
    for text in ("{not json", '["a list"]', '{"new_game": {"game": "chess"}}'):
        path.write_text(text)
        app = NfGalaxyApp(bot_delay=0)
        async with app.run_test(size=(120, 40)):
            assert form(app)["game"] == "new-frontiers", text
            assert form(app)["seats"][0] == ("human", "Player")


async def test_each_part_a_setup_cannot_use_keeps_its_default(private_data_dir: Path) -> None:
    private_data_dir.mkdir(parents=True)
    (private_data_dir / "settings.json").write_text(
        json.dumps(
            {
                "new_game": {
                    "game": RACE,
                    "seats": [["human", "Bea"], ["wizard", "Gandalf"], ["random", "x" * 99]],
                    "options": {RACE: {"expansion": "space-pirates", "advanced": True}},
                }
            }
        )
    )
    app = NfGalaxyApp(bot_delay=0)
    async with app.run_test(size=(120, 40)):
        shown = form(app)
    assert shown["game"] == RACE
    # An unknown kind and a name too long for the form: those rows as on a first run.
    assert shown["seats"] == [("human", "Bea"), ("greedy", "Bot 1"), ("greedy", "Bot 2")]
    assert shown["expansion"] == "auto" and shown["advanced"] is True
