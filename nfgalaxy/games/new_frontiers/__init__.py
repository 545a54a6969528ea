"""New Frontiers (Tom Lehmann): rules engine, tile data and scoring."""

from __future__ import annotations

from typing import Any

from nfgalaxy.core.protocol import register
from nfgalaxy.games.new_frontiers.rules import GAME_ID, NewFrontiers
from nfgalaxy.games.new_frontiers.tileset import resolve


def new(players: int, seed: int = 0, options: dict[str, Any] | None = None) -> NewFrontiers:
    """A new game. ``options``: goals (bool), first_game (bool), names (list), tiles (path)."""
    options = dict(options or {})
    tiles, problem = resolve(options.get("tiles"))
    state = NewFrontiers.new(tiles, players, seed, options)
    if problem:
        state.log.insert(0, problem)
        state.options["tiles"] = None
    return state


def load(data: dict[str, Any]) -> NewFrontiers:
    """Restore a state saved with ``to_json``; raises ``ValueError`` for a damaged save."""
    options = data.get("options") if isinstance(data, dict) else None
    path = options.get("tiles") if isinstance(options, dict) else None
    tiles, problem = resolve(path)
    if problem:
        raise ValueError(f"the save was played with tiles that can no longer be loaded: {problem}")
    return NewFrontiers.from_json(data, tiles)


register(GAME_ID, new, load)

__all__ = ["GAME_ID", "NewFrontiers", "load", "new"]
