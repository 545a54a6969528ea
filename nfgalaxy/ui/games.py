"""What the app needs to know about each game: its table, help, score columns and tile text.

The screens are shared by every game (turns, bots, privacy, saves, the end table); each game
brings the widgets that draw its table and a few facts, registered here by game id. Imports of a
game's widgets happen only when that game is played, so the app starts quickly.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from importlib import import_module
from typing import Any

from textual.widget import Widget


@dataclass(frozen=True)
class GameUi:
    game_id: str
    title: str
    #: "module:Class" of the table widget; it has ``show(state, viewer)``.
    board: str
    help_file: str
    #: (key in ``state.scores()``, column heading) for the end-of-game table.
    score_columns: tuple[tuple[str, str], ...]
    #: "module:function" giving the built-in tile set (for the inspector before a game).
    builtin_tiles: str
    #: "module:function" giving a tile's inspector text (Rich markup).
    describe_tile: str
    #: "module:function" giving, per player, where their bonus VP came from.
    bonus_details: str

    def make_board(self, players: int) -> Widget:
        return _load(self.board)(players, id="board")

    def tiles(self) -> Any:
        tiles = _load(self.builtin_tiles)(None)
        return tiles[0] if isinstance(tiles, tuple) else tiles

    def describe(self, tile: Any) -> str:
        return _load(self.describe_tile)(tile)

    def details(self, state: Any) -> list[str]:
        return _load(self.bonus_details)(state)


def _load(target: str) -> Callable[..., Any]:
    module, name = target.split(":")
    return getattr(import_module(module), name)


GAMES: dict[str, GameUi] = {
    "new-frontiers": GameUi(
        game_id="new-frontiers",
        title="New Frontiers",
        board="nfgalaxy.ui.widgets.nf_board:NewFrontiersBoard",
        help_file="help.md",
        score_columns=(
            ("chips", "VP chips"),
            ("tiles", "Tiles"),
            ("bonus", '"?" bonuses'),
            ("goals", "Goals"),
            ("total", "Total"),
            ("tiebreak", "Goods + $ (tie-break)"),
        ),
        builtin_tiles="nfgalaxy.games.new_frontiers.tileset:resolve",
        describe_tile="nfgalaxy.ui.screens.inspector:tile_details",
        bonus_details="nfgalaxy.ui.screens.end:new_frontiers_details",
    ),
    "roll-for-the-galaxy": GameUi(
        game_id="roll-for-the-galaxy",
        title="Roll for the Galaxy",
        board="nfgalaxy.ui.widgets.roll_board:RollBoard",
        help_file="help_roll.md",
        score_columns=(
            ("chips", "VP chips"),
            ("developments", "Developments"),
            ("worlds", "Worlds"),
            ("bonus", "Cost-6 bonuses"),
            ("total", "Total"),
            ("tiebreak", "Cup dice + $ (tie-break)"),
        ),
        builtin_tiles="nfgalaxy.games.roll.tileset:resolve",
        describe_tile="nfgalaxy.ui.screens.inspector:roll_tile_details",
        bonus_details="nfgalaxy.ui.screens.end:roll_details",
    ),
}

#: The game the app offers first.
DEFAULT_GAME = "new-frontiers"


def game_ui(game_id: str) -> GameUi:
    return GAMES[game_id]
