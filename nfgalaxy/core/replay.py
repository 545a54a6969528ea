"""A game rebuilt from its seed and decisions: how undo goes back, and how saves are checked.

Every engine is deterministic: the same options, seed and decisions give the same game. So the
state after the first ``n`` decisions is found by replaying them on a new game, which is exact by
construction (no snapshot can drift from the rules).
"""

from __future__ import annotations

from nfgalaxy.core.decision import Decision
from nfgalaxy.core.protocol import GameState
from nfgalaxy.core.registry import descriptor


class CannotUndo(Exception):
    """The seat may not take back a decision now (nothing of theirs, or information revealed)."""


def replay(state: GameState, length: int | None = None) -> GameState:
    """A new game with ``state``'s options and seed, with its first ``length`` decisions."""
    history = state.history if length is None else state.history[:length]
    options = dict(state.options)
    game = descriptor(state.game_id)
    fresh = game.new_game(int(options["players"]), int(options["seed"]), options)
    for entry in history:
        fresh.apply(Decision.from_json(entry))
    return fresh


def undo(state: GameState, seat: int) -> GameState:
    """The game as it was before ``seat``'s last decision; raises ``CannotUndo`` if not allowed."""
    point = state.undo_point(seat)
    if point is None:
        raise CannotUndo(
            "nothing to take back: another player has acted or something new was revealed"
        )
    return replay(state, point)
