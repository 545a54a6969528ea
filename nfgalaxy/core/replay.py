"""A game rebuilt from its seed and decisions: how undo goes back, and how saves are checked.

Every engine is deterministic: the same options, seed and decisions give the same game. So the
state after the first ``n`` decisions is found by replaying them on a new game, which is exact by
construction (no snapshot can drift from the rules).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from nfgalaxy.core.decision import Decision
from nfgalaxy.core.protocol import GameState
from nfgalaxy.core.registry import descriptor


class CannotUndo(Exception):
    """The seat may not take back a decision now (nothing of theirs, or information revealed)."""


def replay(state: GameState, length: int | None = None) -> GameState:
    """A new game with ``state``'s options and seed, with its first ``length`` decisions."""
    history = state.history if length is None else state.history[:length]
    return replay_log(state.game_id, state.options, history)


def replay_log(game: str, options: dict[str, Any], decisions: Iterable[Any]) -> GameState:
    """A new game of ``game`` with ``options`` (players and seed among them), with the
    ``decisions`` (their JSON form) applied one by one: each goes through the rules, so a log
    that is not a legal game raises (``IllegalDecision``, or ``ValueError`` for one that is not
    a decision at all)."""
    options = dict(options)
    fresh = descriptor(game).new_game(int(options["players"]), int(options["seed"]), options)
    for entry in decisions:
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
