"""Seats in play order as a screen lists them: every game's tableaux begin with one seat (the
viewer's, or the one to move) and go on round the table from it, as the rules pass the turn."""

from __future__ import annotations

from collections.abc import Sequence


def round_from(order: Sequence[int], first: int | None) -> list[int]:
    """``order`` (the seats in play order, each once) begun at ``first`` and going on round
    the table: the seats before it come after the last one. With ``first`` None (nobody at
    the keyboard, nobody to move) or not in ``order``, ``order`` as it is.

    Putting ``first`` in front and the others after it in ``order`` would skip round the
    table: with the order 2, 0, 1 and the viewer 0 it lists 0, 2, 1, though 1 plays after 0.
    """
    seats = list(order)
    if first is None or first not in seats:
        return seats
    at = seats.index(first)
    return seats[at:] + seats[:at]
