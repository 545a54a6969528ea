"""Race for the Galaxy (Tom Lehmann): the card game of the Galaxy family.

The base game's cards are data (``data/cards.toml``, explained in ``DATA.md``), loaded into the
immutable definitions of ``components.py`` by ``cards.py`` and cross-checked against the sources
by ``statistics.py``. ``state.py`` holds the mutable game state, ``scoring.py`` the end-game VP,
and ``rules/`` the engine: setup, the round of secretly chosen phases, Explore, Develop, Settle,
Consume and Produce, views for hidden information, and the advanced 2-player game. The package
plugs into nfgalaxy through ``DESCRIPTOR``; ``ui/`` draws it in the Textual app, and
``text.py`` plays it line by line (``nfgalaxy play --game race``).
"""

from __future__ import annotations

from typing import Any

from nfgalaxy.core.descriptor import (
    GameDescriptor,
    GameOption,
    OptionKind,
    lazy,
)
from nfgalaxy.games.race.cards import SOURCE
from nfgalaxy.games.race.rules import GAME_ID, RaceGame


def new(players: int, seed: int = 0, options: dict[str, Any] | None = None) -> RaceGame:
    """A new game. ``options``: advanced (bool, 2 players only), names (list), tiles (path of
    a corrected card file). ``ValueError`` for a player count the options do not allow."""
    return SOURCE.start_game(RaceGame.new, players, seed, options or {})


def load(data: dict[str, Any]) -> RaceGame:
    """Restore a state saved with ``to_json``; raises ``ValueError`` for a damaged save."""
    return SOURCE.restore_game(RaceGame.from_json, data)


DESCRIPTOR = GameDescriptor(
    id=GAME_ID,
    title="Race for the Galaxy",
    summary="Choose phases secretly, build a tableau of worlds and developments: 2–4 players.",
    min_players=2,
    max_players=4,
    new_game=new,
    load=load,
    heuristics=lazy("nfgalaxy.games.race.heuristics:HEURISTIC"),
    tiles_report=lazy("nfgalaxy.games.race.report:TILES_REPORT"),
    text=lazy("nfgalaxy.games.race.text:TEXT"),
    ui=lazy("nfgalaxy.games.race.ui:GAME_UI"),
    invariants=lazy("nfgalaxy.games.race.invariants:problems"),
    aliases=("race", "rftg"),
    score_keys=("chips", "printed", "bonus", "goals", "tiebreak"),
    options=(
        GameOption(
            "advanced",
            "Advanced 2-player game (two action cards a round, §18)",
            "the advanced 2-player game: two action cards a round (2 players only, §18)",
        ),
        GameOption(
            "first_game",
            "First-game hands (not available)",
            "the first game's preset hands (§5.3): not available, no source lists them",
        ),
        GameOption(
            "optional_start_worlds",
            "2018 start worlds (not available)",
            "the optional start worlds -1 to -6 (§20): not available, their powers are unknown",
        ),
        GameOption(
            "tiles",
            "Card file (blank: built-in set)",
            "a corrected card file (TOML)",
            kind=OptionKind.PATH,
            default=None,
        ),
    ),
)

__all__ = ["DESCRIPTOR", "GAME_ID", "RaceGame", "load", "new"]
