"""Roll for the Galaxy (Wei-Hwa Huang, Tom Lehmann): rules engine, tile data and scoring.

``components.py`` defines dice, tiles and the power vocabulary, ``tileset.py`` loads them from
``data/roll.toml`` and ``statistics.py`` checks them against the rulebook's counts. The flow of a
round is in ``rules.py``, the vocabulary is interpreted in ``powers.py``, and ``scoring.py``
holds final scoring and the tie-break.
"""

from __future__ import annotations

from typing import Any

from nfgalaxy.core.protocol import register
from nfgalaxy.games.roll.rules import GAME_ID, RollGame
from nfgalaxy.games.roll.tileset import resolve


def new(players: int, seed: int = 0, options: dict[str, Any] | None = None) -> RollGame:
    """A new game. ``options``: names (list), tiles (path of a corrected tile file)."""
    options = dict(options or {})
    tiles, problem = resolve(options.get("tiles"))
    state = RollGame.new(tiles, players, seed, options)
    if problem:
        state.log.insert(0, problem)
        state.options["tiles"] = None
    return state


def load(data: dict[str, Any]) -> RollGame:
    """Restore a state saved with ``to_json``; raises ``ValueError`` for a damaged save."""
    options = data.get("options") if isinstance(data, dict) else None
    path = options.get("tiles") if isinstance(options, dict) else None
    tiles, problem = resolve(path)
    if problem:
        raise ValueError(f"the save was played with tiles that can no longer be loaded: {problem}")
    return RollGame.from_json(data, tiles)


register(GAME_ID, new, load)

__all__ = ["GAME_ID", "RollGame", "load", "new"]
