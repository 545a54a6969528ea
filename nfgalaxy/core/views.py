"""What a screen may hold of a game it does not own: one seat's knowledge, or nobody's.

Hot-seat holds the real game and draws only a seat's part of it; an online table's screen
must not even hold the rest, since its terminal is the player's own. These build the state
such a screen is given, from the protocol alone (``GameState.view``), so every game serves:

- ``seat_view``: what the seat may know, the rest re-dealt (``view``), with a history that
  keeps the seat's own decisions and only the seat of everyone else's (another's secret choice
  is in its decision), and without the seed, from which the deck or bag order would follow.
- ``public_view``: what everyone may know. The protocol has no spectator's view, so it is a
  view of a view, once for each seat in turn: every seat's secrets are re-dealt by the next
  seat's view (the last seat's by all the others'), so none of the real ones is left.
"""

from __future__ import annotations

from typing import Any

from nfgalaxy.core.protocol import GameState
from nfgalaxy.core.rng import Rng

#: The option a view leaves out: the game's seed foretells every draw.
SECRET_OPTIONS = ("seed",)


def seat_view(state: GameState, seat: int, rng: Rng) -> GameState:
    """What ``seat`` may know of ``state``, the rest re-dealt with ``rng``."""
    return _stripped(state.view(seat, rng), state.history, seat)


def public_view(state: GameState, rng: Rng) -> GameState:
    """What anyone may know of ``state``: no seat's hand, dice or secret choice is real."""
    seats = len(state.scores())
    view = state
    for seat in range(seats):
        view = view.view(seat, rng)
    return _stripped(view, state.history, None)


def _stripped(view: GameState, history: list[dict[str, Any]], seat: int | None) -> GameState:
    # The screens key their composed choices on the length of the history, so it keeps its
    # length; what another seat decided is only theirs (and the log's, in public words).
    view.history = [
        dict(entry) if seat is not None and entry.get("seat") == seat else _seat_only(entry)
        for entry in history
    ]
    view.options = {k: v for k, v in view.options.items() if k not in SECRET_OPTIONS}
    return view


def _seat_only(entry: dict[str, Any]) -> dict[str, Any]:
    return {"seat": entry["seat"]} if "seat" in entry else {}
