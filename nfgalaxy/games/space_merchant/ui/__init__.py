"""Space Merchant in the Textual app: the star map, merchants, route preview and market; help,
end-of-game columns and the content in the inspector."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from nfgalaxy.games.space_merchant.ui.board import MerchantBoard
from nfgalaxy.games.space_merchant.ui.end import merchant_details
from nfgalaxy.games.space_merchant.ui.glyphs import LEGEND
from nfgalaxy.games.space_merchant.ui.inspector import builtin_catalogue, catalogue_of, describe
from nfgalaxy.ui.game_ui import GameUi

_HERE = Path(__file__).parent


def _help() -> str:
    """The rules summary and keys, then the map's key (from the glyphs the map draws)."""
    text = resources.files(__name__).joinpath("help.md").read_text(encoding="utf-8")
    return f"{text.rstrip()}\n\n## The map's key\n\n{LEGEND}\n"


GAME_UI = GameUi(
    board=MerchantBoard,
    help_markdown=_help,
    score_columns=(("cash", "Cash"), ("deeds", "Deeds"), ("total", "Net worth")),
    builtin_tiles=builtin_catalogue,
    describe_tile=describe,
    bonus_details=merchant_details,
    css_path=_HERE / "game.tcss",
    tiles_of=catalogue_of,
)
