"""New Frontiers (Tom Lehmann): rules engine, tile data, scoring, bots' heuristic and its UI.

The package plugs into nfgalaxy through ``DESCRIPTOR`` (entry point ``nfgalaxy.games``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from nfgalaxy.core.descriptor import (
    GameDescriptor,
    GameOption,
    OptionKind,
    lazy,
)
from nfgalaxy.games.new_frontiers.identity import GAME_ID

if TYPE_CHECKING:
    from nfgalaxy.games.new_frontiers.rules import NewFrontiers


def new(players: int, seed: int = 0, options: dict[str, Any] | None = None) -> NewFrontiers:
    """A new game. ``options``: goals (bool), first_game (bool), names (list), tiles (path)."""
    from nfgalaxy.games.new_frontiers.rules import NewFrontiers
    from nfgalaxy.games.new_frontiers.tileset import SOURCE

    return SOURCE.start_game(NewFrontiers.new, players, seed, options or {})


def load(data: dict[str, Any]) -> NewFrontiers:
    """Restore a state saved with ``to_json``; raises ``ValueError`` for a damaged save."""
    from nfgalaxy.games.new_frontiers.rules import NewFrontiers
    from nfgalaxy.games.new_frontiers.tileset import SOURCE

    return SOURCE.restore_game(NewFrontiers.from_json, data)


DESCRIPTOR = GameDescriptor(
    id=GAME_ID,
    title="New Frontiers",
    summary="Explore and settle worlds, develop, produce and trade: 2–5 players.",
    min_players=2,
    max_players=5,
    new_game=new,
    load=load,
    heuristics=lazy("nfgalaxy.games.new_frontiers.heuristics:HEURISTIC"),
    tiles_report=lazy("nfgalaxy.games.new_frontiers.report:TILES_REPORT"),
    text=lazy("nfgalaxy.games.new_frontiers.text:TEXT"),
    ui=lazy("nfgalaxy.games.new_frontiers.ui:GAME_UI"),
    invariants=lazy("nfgalaxy.games.new_frontiers.invariants:problems"),
    phase_chosen=lazy("nfgalaxy.games.new_frontiers.phase_chosen:phase_chosen"),
    aliases=("nf", "new_frontiers"),
    options=(
        GameOption("goals", "Goals variant (Set Galactic Goals, stockpiles)", "play with goals"),
        GameOption(
            "first_game",
            "First-game setup (printed tile sides)",
            "later-game setup: coin-flipped development sides, chosen home sides",
            default=True,
            flag="--random-sides",
        ),
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
    """``NewFrontiers`` for callers that take it from the package, loaded when first asked for
    (the descriptor alone must not load the engine)."""
    if name == "NewFrontiers":
        from nfgalaxy.games.new_frontiers.rules import NewFrontiers

        return NewFrontiers
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["DESCRIPTOR", "GAME_ID", "NewFrontiers", "load", "new"]
