"""A game whose package brings no screens (played with ``nfgalaxy play``) stays out of the app.

The app offers only games with a ``ui``; a save or an autosave of another game is refused with
the command that plays it, and nothing breaks. The game here is New Frontiers with its ``ui``
taken away, so the test does not depend on which installed games have screens.
"""

from __future__ import annotations

import dataclasses

import pytest

from nfgalaxy.core.protocol import new_game
from nfgalaxy.core.registry import descriptor as real_descriptor
from nfgalaxy.core.registry import games as real_games
from nfgalaxy.core.saves import SaveStore
from nfgalaxy.ui import app as app_module
from nfgalaxy.ui import game_ui as game_ui_module
from nfgalaxy.ui.app import NfGalaxyApp
from nfgalaxy.ui.game_ui import NotInApp, app_games, game_ui
from nfgalaxy.ui.screens.game import GameScreen
from nfgalaxy.ui.screens.new_game import NewGameScreen

HIDDEN = "new-frontiers"
SEATS = [{"name": "A", "kind": "human"}, {"name": "B", "kind": "random"}]


@pytest.fixture
def without_screens(monkeypatch):
    """New Frontiers as a command-line-only game."""

    def strip(game):
        return dataclasses.replace(game, ui=None) if game.id == HIDDEN else game

    monkeypatch.setattr(game_ui_module, "games", lambda: [strip(g) for g in real_games()])
    monkeypatch.setattr(game_ui_module, "descriptor", lambda name: strip(real_descriptor(name)))


def test_the_app_offers_only_games_with_screens(without_screens) -> None:
    offered = [g.id for g in app_games()]
    assert HIDDEN not in offered and offered
    with pytest.raises(NotInApp, match=f"nfgalaxy play --game {HIDDEN}"):
        game_ui(HIDDEN)


async def test_a_save_of_a_game_without_screens_is_refused_with_the_command(
    without_screens, private_data_dir
) -> None:
    store = SaveStore()
    path = store.write("later", new_game(HIDDEN, players=2, seed=3), SEATS)
    before = path.read_bytes()
    app = NfGalaxyApp(bot_delay=0, store=store)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        app.load_save(path)
        await pilot.pause()
        assert not isinstance(app.screen, GameScreen)
        messages = [n.message for n in app._notifications]
        assert any(f"nfgalaxy play --game {HIDDEN}" in m for m in messages), messages
    assert path.read_bytes() == before  # the save is left as it was


async def test_an_autosave_of_a_game_without_screens_is_not_offered_to_continue(
    without_screens, private_data_dir
) -> None:
    store = SaveStore()
    store.write("autosave", new_game(HIDDEN, players=2, seed=3), SEATS)
    app = NfGalaxyApp(bot_delay=0, store=store)
    assert app.games_in_play() == []
    assert app_module.app_games is game_ui_module.app_games
