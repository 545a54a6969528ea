"""Helpers shared by the games' bot heuristics."""

from __future__ import annotations


def tapered(amount: int, bands: tuple[tuple[int, float], ...]) -> float:
    """Value of a stock whose first units matter most: (units, value each) bands in order;
    units beyond the last band are worth nothing."""
    total = 0.0
    for units, each in bands:
        used = min(amount, units)
        total += used * each
        amount -= used
        if amount <= 0:
            break
    return total
