"""Roll for the Galaxy in the Textual app: dice cup and table, help, end columns, tile text."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from nfgalaxy.games.roll.tileset import resolve
from nfgalaxy.games.roll.ui.board import RollBoard
from nfgalaxy.games.roll.ui.end import roll_details
from nfgalaxy.games.roll.ui.glyphs import faces_table
from nfgalaxy.games.roll.ui.inspector import Inspectable, roll_tile_details
from nfgalaxy.games.roll.ui.phases import explain_phase
from nfgalaxy.ui.game_ui import GameUi

_HERE = Path(__file__).parent


def _help() -> str:
    """The rules summary, then every die colour's faces from the built-in tile data."""
    text = resources.files(__name__).joinpath("help.md").read_text(encoding="utf-8")
    return f"{text.rstrip()}\n\n## Dice\n\n{faces_table(resolve(None)[0].dice)}\n"


GAME_UI = GameUi(
    board=RollBoard,
    help_markdown=_help,
    score_columns=(
        ("chips", "VP chips"),
        ("developments", "Developments"),
        ("worlds", "Worlds"),
        ("bonus", "Cost-6 bonuses"),
        ("total", "Total"),
        ("tiebreak", "Cup dice + $ (tie-break)"),
    ),
    builtin_tiles=lambda: Inspectable(resolve(None)[0]),
    tiles_of=lambda state: Inspectable(state.tiles),
    describe_tile=roll_tile_details,
    bonus_details=roll_details,
    css_path=_HERE / "game.tcss",
    explain_decision=explain_phase,
)
