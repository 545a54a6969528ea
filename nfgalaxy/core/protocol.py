"""The state protocol every game implements, and the registry that creates and loads games.

The shape follows OpenSpiel: who decides now, what they may decide, apply it, is it over, the
scores. Bots, the UI, saves and the test harness only use this protocol, so they serve every game.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, Protocol

from nfgalaxy.core.decision import Decision


class GameState(Protocol):
    game_id: str

    def to_move(self) -> int | None:
        """The seat that must decide now, or None when the game is over."""

    def legal_decisions(self) -> list[Decision]:
        """Every decision the player to move may make now (never empty while not over)."""

    def apply(self, decision: Decision) -> None:
        """Apply a decision; raises ``IllegalDecision`` and changes nothing if it is not legal."""

    def is_over(self) -> bool: ...

    def scores(self) -> list[dict[str, int]]:
        """Per seat: a breakdown by category plus ``total``."""

    def winners(self) -> list[int]: ...

    def to_json(self) -> dict[str, Any]: ...

    def clone(self) -> GameState: ...

    @property
    def log(self) -> list[str]: ...


_FACTORIES: dict[str, Callable[..., GameState]] = {}
_LOADERS: dict[str, Callable[[dict[str, Any]], GameState]] = {}
ALIASES = {
    "nf": "new-frontiers",
    "new_frontiers": "new-frontiers",
    "roll": "roll-for-the-galaxy",
    "rftg-dice": "roll-for-the-galaxy",
}


def register(
    game_id: str, factory: Callable[..., GameState], loader: Callable[[dict[str, Any]], GameState]
) -> None:
    _FACTORIES[game_id] = factory
    _LOADERS[game_id] = loader


def _ensure_registered() -> None:
    """Import every game package once; each registers itself when it is ready to play."""
    import nfgalaxy.games.new_frontiers
    import nfgalaxy.games.roll  # noqa: F401


def game_ids() -> list[str]:
    _ensure_registered()
    return sorted(_FACTORIES)


def new_game(
    game_id: str, players: int, seed: int = 0, options: dict[str, Any] | None = None
) -> GameState:
    """Start a game: ``new_game("new-frontiers", players=4, seed=1, options={"goals": True})``."""
    _ensure_registered()
    game_id = ALIASES.get(game_id, game_id)
    if game_id not in _FACTORIES:
        raise ValueError(f"unknown game {game_id!r}; known: {', '.join(sorted(_FACTORIES))}")
    return _FACTORIES[game_id](players=players, seed=seed, options=options or {})


def load_game(data: dict[str, Any] | str) -> GameState:
    """Restore a state from ``to_json()`` output (a dict or its JSON text)."""
    _ensure_registered()
    if isinstance(data, str):
        data = json.loads(data)
    game_id = data.get("game") if isinstance(data, dict) else None
    if game_id not in _LOADERS:
        raise ValueError(f"not a saved game of a known kind (game={game_id!r})")
    return _LOADERS[game_id](data)
