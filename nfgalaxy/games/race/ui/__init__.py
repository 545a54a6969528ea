"""Race for the Galaxy in the Textual app: hand, tableaux, phase strip, help, end, card text."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from nfgalaxy.games.race.ui.actions import explain_action
from nfgalaxy.games.race.ui.board import RaceBoard
from nfgalaxy.games.race.ui.end import race_details
from nfgalaxy.games.race.ui.inspector import builtin_catalogue, catalogue_of, race_card_details
from nfgalaxy.ui.game_ui import GameUi

_HERE = Path(__file__).parent


def _help() -> str:
    return resources.files(__name__).joinpath("help.md").read_text(encoding="utf-8")


GAME_UI = GameUi(
    board=RaceBoard,
    help_markdown=_help,
    score_columns=(
        ("chips", "VP chips"),
        ("printed", "Card VP"),
        ("bonus", "6-cost bonuses"),
        ("goals", "Goals"),
        ("total", "Total"),
        ("tiebreak", "Hand + goods (tie-break)"),
    ),
    builtin_tiles=builtin_catalogue,
    describe_tile=race_card_details,
    bonus_details=race_details,
    css_path=_HERE / "game.tcss",
    tiles_of=catalogue_of,
    explain_decision=explain_action,
    narrow_preview=False,
)
