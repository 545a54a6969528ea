"""New Frontiers in the Textual app: its table widget, help, end columns and tile text."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from nfgalaxy.games.new_frontiers.tileset import resolve
from nfgalaxy.games.new_frontiers.ui.actions import explain_action
from nfgalaxy.games.new_frontiers.ui.board import NewFrontiersBoard
from nfgalaxy.games.new_frontiers.ui.end import new_frontiers_details
from nfgalaxy.games.new_frontiers.ui.inspector import tile_details
from nfgalaxy.ui.game_ui import GameUi

_HERE = Path(__file__).parent


def _help() -> str:
    return resources.files(__name__).joinpath("help.md").read_text(encoding="utf-8")


GAME_UI = GameUi(
    board=NewFrontiersBoard,
    help_markdown=_help,
    score_columns=(
        ("chips", "VP chips"),
        ("tiles", "Tiles"),
        ("bonus", '"?" bonuses'),
        ("goals", "Goals"),
        ("total", "Total"),
        ("tiebreak", "Goods + $ (tie-break)"),
    ),
    builtin_tiles=lambda: resolve(None)[0],
    describe_tile=tile_details,
    bonus_details=new_frontiers_details,
    css_path=_HERE / "game.tcss",
    explain_decision=explain_action,
)
