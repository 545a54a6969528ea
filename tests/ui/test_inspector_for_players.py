"""The tile inspector is for players: the tile's text and whether it is the printed tile, never
repository paths, source codes or the data file's design notes (issue 17, point 10)."""

from __future__ import annotations

import re

import pytest
from rich.text import Text

from nfgalaxy.core.registry import descriptor
from nfgalaxy.ui.app import NfGalaxyApp
from nfgalaxy.ui.screens.inspector import InspectorScreen

#: What only a developer writes: paths, file names, source codes, notes, rule-section marks.
DEVELOPER_WORDS = (".py", ".md", ".toml", "TODO", "source:", "sources:", "notes:", "§", "RftG")


def _player_words(game: str) -> list[tuple[object, str]]:
    ui = descriptor(game).ui()
    tiles = ui.builtin_tiles()
    return [(tile, Text.from_markup(ui.describe_tile(tile)).plain) for tile in tiles.by_id.values()]


def _outside_printed_text(tile: object, text: str) -> str:
    """The inspector text without what is printed on the tile (a power may say 'Trade/Consume')."""
    for printed in ("text", "bonus_text", "name", "german"):
        value = getattr(tile, printed, "")
        if value:
            text = text.replace(value, "")
    # A card's powers and end-of-game terms carry their printed wording too ("2 / 3 / 4").
    for part in (*getattr(tile, "powers", ()), *getattr(tile, "scoring", ())):
        wording = getattr(part, "text", "")
        if isinstance(wording, str) and wording:
            text = text.replace(wording, "")
    return text


@pytest.mark.parametrize("game", ["new-frontiers", "roll", "race-for-the-galaxy"])
def test_no_tile_shows_paths_or_developer_notes(game: str) -> None:
    for tile, text in _player_words(game):
        rest = _outside_printed_text(tile, text)
        assert "/" not in rest, (tile.id, text)
        for word in DEVELOPER_WORDS:
            assert word.lower() not in rest.lower(), (tile.id, word, text)
        assert not re.search(r"\([A-Z](, [A-Z])*\)$", rest, re.MULTILINE), (tile.id, text)


@pytest.mark.parametrize("game", ["new-frontiers", "roll", "race-for-the-galaxy"])
def test_every_tile_shows_its_text_and_status(game: str) -> None:
    for tile, text in _player_words(game):
        assert re.search(r"^Status: (printed|reconstructed)", text, re.MULTILINE), text
        if getattr(tile, "text", ""):
            assert tile.text in text


def test_a_reconstructed_tile_says_so_in_a_sentence() -> None:
    found = {tile.status.value: text for tile, text in _player_words("new-frontiers")}
    reconstructed = found["reconstructed"]
    assert "Status: reconstructed" in reconstructed
    assert "This is NOT the printed tile" in reconstructed
    assert "Status: printed" in found["known"]
    assert "NOT the printed tile" not in found["known"]
    assert "Status: printed, partly reconstructed" in found["known+filled"]


async def test_the_inspector_screen_shows_a_reconstructed_tile_to_players() -> None:
    app = NfGalaxyApp(bot_delay=0)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.press("i")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, InspectorScreen)
        screen.show("WM01")
        details = str(screen.query_one("#details").render())
        assert "Status: reconstructed" in details
        assert "Notes" not in details and "Source" not in details
