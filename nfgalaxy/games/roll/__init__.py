"""Roll for the Galaxy (Wei-Hwa Huang, Tom Lehmann): rules engine, tile data, scoring and UI.

``components.py`` defines dice, tiles and the power vocabulary, ``tileset.py`` loads them from
``data/roll.toml`` and ``statistics.py`` checks them against the rulebook's counts. The flow of a
round is in ``rules``, the vocabulary is interpreted in ``powers.py``, and ``scoring.py`` holds
final scoring and the tie-break. The package plugs into nfgalaxy through ``DESCRIPTOR``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from nfgalaxy.core.descriptor import (
    GameDescriptor,
    GameOption,
    OptionKind,
    lazy,
)
from nfgalaxy.games.roll.identity import GAME_ID

if TYPE_CHECKING:
    from nfgalaxy.games.roll.rules import RollGame


def new(players: int, seed: int = 0, options: dict[str, Any] | None = None) -> RollGame:
    """A new game. ``options``: names (list), tiles (path of a corrected tile file)."""
    from nfgalaxy.games.roll.rules import RollGame
    from nfgalaxy.games.roll.tileset import SOURCE

    return SOURCE.start_game(RollGame.new, players, seed, options or {})


def load(data: dict[str, Any]) -> RollGame:
    """Restore a state saved with ``to_json``; raises ``ValueError`` for a damaged save."""
    from nfgalaxy.games.roll.rules import RollGame
    from nfgalaxy.games.roll.tileset import SOURCE

    return SOURCE.restore_game(RollGame.from_json, data)


DESCRIPTOR = GameDescriptor(
    id=GAME_ID,
    title="Roll for the Galaxy",
    summary="Roll worker dice, build an empire of developments and worlds: 2–5 players.",
    min_players=2,
    max_players=5,
    new_game=new,
    load=load,
    heuristics=lazy("nfgalaxy.games.roll.heuristics:HEURISTIC"),
    tiles_report=lazy("nfgalaxy.games.roll.report:TILES_REPORT"),
    text=lazy("nfgalaxy.games.roll.text:TEXT"),
    ui=lazy("nfgalaxy.games.roll.ui:GAME_UI"),
    invariants=lazy("nfgalaxy.games.roll.invariants:problems"),
    phase_chosen=lazy("nfgalaxy.games.roll.phase_chosen:phase_chosen"),
    aliases=("roll", "rftg-dice"),
    options=(
        GameOption(
            "tiles",
            "Tile file (blank: built-in set)",
            "a corrected tile file (TOML)",
            kind=OptionKind.PATH,
            default=None,
        ),
    ),
)


def __getattr__(name: str) -> object:
    """``RollGame`` for callers that take it from the package, loaded when first asked for
    (the descriptor alone must not load the engine)."""
    if name == "RollGame":
        from nfgalaxy.games.roll.rules import RollGame

        return RollGame
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["DESCRIPTOR", "GAME_ID", "RollGame", "load", "new"]
